"""Issue 14: the grid build's fast paths give the same answers as the plain definitions they replace."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from conftest import MRQA_SQUAD_DEV

from entity_renaming.io import read_examples
from entity_renaming.lexicon import occurs_as_word
from entity_renaming.model import Substitution, illegal_answers
from entity_renaming.substitute import RenameError, rename_example


@pytest.fixture(scope="module")
def squad_dev():
    return read_examples(MRQA_SQUAD_DEV)[1]


def _regex_occurs_as_word(name: str, texts: list[str], plural: bool) -> bool:
    """The definition ``occurs_as_word`` replaced (a compiled regex per name)."""
    pattern = re.compile(rf"(?<!\w){re.escape(name.lower())}{'s?' if plural else ''}(?!\w)")
    return any(pattern.search(text.lower()) for text in texts)


def test_occurs_as_word_matches_its_regex_definition_on_real_passages(squad_dev):
    """Names drawn from the passages themselves (words, pieces of words, word pairs, changed case, with
    and without a plural s, apostrophes and hyphens around), so both answers occur often."""
    rng = random.Random(14)
    checked = {True: 0, False: 0}
    for ex in rng.sample(squad_dev, 300):
        texts = [ex.context, ex.question, ex.title or ""]
        words = re.findall(r"\S+", ex.context)
        for _ in range(20):
            i = rng.randrange(len(words))
            name = " ".join(words[i : i + rng.choice((1, 1, 2))])
            cut = rng.random()
            if cut < 0.2:
                name = name[: max(1, len(name) - 2)]  # a prefix: found inside a longer word only
            elif cut < 0.3:
                name = name[1:] or name
            elif cut < 0.4:
                name = name.rstrip("s") or name  # the plural form of it occurs
            name = name.upper() if rng.random() < 0.2 else name
            for plural in (False, True):
                expected = _regex_occurs_as_word(name, texts, plural)
                assert occurs_as_word(name, texts, plural=plural) == expected, (ex.id, name, plural)
                checked[expected] += 1
    assert min(checked.values()) > 1000, checked  # both outcomes well exercised


def test_a_renamed_example_with_misplaced_input_tokens_is_refused(squad_dev):
    """Renamed tokens are rebuilt from the renamed text, so the input's tokens are what is checked: one
    token off its offset refuses the renaming with a reason instead of emitting shifted bad tokens."""
    ex = next(e for e in squad_dev if e.id == "b0626b3af0764c80b1e6f22c114982c1")  # answer: Denver Broncos
    subs = [Substitution("Denver", "Aremus", "org", "nnp")]
    renamed, _ = rename_example(ex, subs)
    assert illegal_answers(renamed) == []  # the full check, tokens included
    word, offset = ex.context_tokens[5]
    bad = replace(ex, context_tokens=[*ex.context_tokens[:5], (word, offset + 1), *ex.context_tokens[6:]])
    with pytest.raises(RenameError, match=r"illegal input: context_tokens\[5\]"):
        rename_example(bad, subs)
