"""The batch promise of ``rename`` (issue 19): an example's renaming depends on its own passage, the fixed
resources and the dataset statistics of the list it is renamed with (the :class:`Lexicon`), not on the
order of that list nor on the other examples otherwise."""

from __future__ import annotations

import random

from entity_renaming import DEMO_PATH, read, rename
from entity_renaming.entities import analyse_examples, example_entities
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import NerCache, load_backend, recognize


def _names(result):
    return {r.example_id: [(s.original, s.replacement) for s in r.substitutions] for r in result.renamings}


def test_the_same_examples_in_any_order_get_the_same_names_and_reasons():
    examples = read(DEMO_PATH)
    shuffled = examples[:]
    random.Random(7).shuffle(shuffled)
    for entity_type in ("per", "mix"):
        a = rename(examples, perturbation="dbname", entity_type=entity_type, seed=3)
        b = rename(shuffled, perturbation="dbname", entity_type=entity_type, seed=3)
        assert _names(a) and _names(a) == _names(b)
        assert {s.example_id: s.reason for s in a.skipped} == {s.example_id: s.reason for s in b.skipped}


def test_an_example_depends_on_its_passage_and_the_lists_statistics_only():
    """Given the lexicon that observed the whole list, each example's analysis alone equals the list's."""
    examples = read(DEMO_PATH)
    backend = load_backend("spacy")
    mentions = recognize((ex.context for ex in examples), backend, NerCache(None), progress=False)
    lexicon = Lexicon()
    analysis = analyse_examples(examples, mentions, lexicon)
    assert any(analysis.values())
    for ex in reversed(examples):
        assert example_entities(ex, mentions[ex.context], lexicon) == analysis[ex.id]
