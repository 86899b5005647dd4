"""Issue 20, items 10 and 11: analysis and reading stay linear in input size. Operation counts where the
work can be counted, otherwise a bound that a quadratic path misses by a wide margin on a large input
(timings to report come from ``benchmarks/scaling.py``)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from entity_renaming import entities
from entity_renaming.entswap.entities import article_entities
from entity_renaming.io import InputError, read_input
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import Mention

SENTENCES = "Bohemond was the king. He ruled Sicily. "


class CountingPattern:
    """A compiled pattern that counts the matches its ``finditer`` hands out."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.matches = pattern, 0

    def finditer(self, *args):
        for match in self.pattern.finditer(*args):
            self.matches += 1
            yield match

    def __getattr__(self, name):
        return getattr(self.pattern, name)


def mentions_of(text: str) -> list[Mention]:
    found = [Mention(m.start(), m.end(), "PERSON", m.group()) for m in re.finditer("Bohemond", text)]
    found += [Mention(m.start(), m.end(), "GPE", m.group()) for m in re.finditer("Sicily", text)]
    return sorted(found, key=lambda m: m.start)


def test_pronoun_votes_read_each_sentence_end_once(monkeypatch):
    """Before: every mention listed every sentence end up to the end of the passage (n²/2 matches)."""
    n = 2_000
    context = SENTENCES * n
    counting = CountingPattern(entities._SENTENCE_END)
    monkeypatch.setattr(entities, "_SENTENCE_END", counting)
    getattr(entities, "sentence_ends", None) and entities.sentence_ends.cache_clear()
    votes = entities.pronoun_gender(context, ("Bohemond",), mentions_of(context))
    assert votes == (n, 0)  # "He" in the next sentence, the passage's last sentence included
    assert counting.matches <= 2 * n + 2  # 2 sentence ends per repetition, each found once


def test_pronoun_votes_stop_at_the_next_other_person():
    context = "Bohemond met Alice. She ruled Sicily. " * 3
    others = [Mention(m.start(), m.end(), "PERSON", "Alice") for m in re.finditer("Alice", context)]
    assert entities.pronoun_gender(context, ("Bohemond",), others) == (0, 0)
    assert entities.pronoun_gender(context, ("Bohemond",), []) == (0, 3)  # the last sentence counts too


def test_entswap_article_analysis_is_linear_on_a_long_passage():
    """EntSwap's neighbour tests read a fixed window around each occurrence: a 120,000-character passage
    with 6,000 mentions is analysed in well under 10 CPU s (before: each occurrence copied and searched
    the whole passage before it, ~60 s)."""
    lexicon = Lexicon(strict=False)
    small = SENTENCES * 10
    context = SENTENCES * 3_000
    mentions = {small: mentions_of(small), context: mentions_of(context)}
    lexicon.observe([small, context], [m for ms in mentions.values() for m in ms])
    reference = {e.surface: e.category for e in article_entities([small], mentions, lexicon)}
    start = time.process_time()
    found = article_entities([context], mentions, lexicon)
    assert time.process_time() - start < 10
    assert {e.surface: e.category for e in found} == reference and reference


def test_reading_many_rejected_examples_is_linear_and_lines_are_right(tmp_path: Path):
    """16,000 rejected examples (every answer one character off) are located in well under 5 CPU s (before:
    one scan of the raw text per rejected example, ~30 s), each at the line of its own id."""
    n = 16_000
    context = "Bohemond was the king of Sicily."
    qas = [{"id": f"q{i}", "question": "Who?", "answers": [{"text": "Bohemond", "answer_start": 1}],
            "is_impossible": False} for i in range(n)]
    doc = {"version": "v2.0", "data": [{"title": "T", "paragraphs": [{"context": context, "qas": qas[10:]}]}]}
    path = tmp_path / "rejected.json"
    text = json.dumps(doc, indent=1)
    path.write_text(text, encoding="utf-8")
    start = time.process_time()
    data = read_input(path)
    assert time.process_time() - start < 5
    assert not data.examples and len(data.rejected) == n - 10
    lines = text.splitlines()
    for rejected in data.rejected:
        assert f'"id": "{rejected.example_id}"' in lines[rejected.line - 1]


def test_a_duplicate_id_is_reported_at_its_second_line(tmp_path: Path):
    qas = [{"id": i, "question": "Who?", "answers": [], "is_impossible": True} for i in ("a", "b", "a")]
    doc = {"version": "v2.0", "data": [{"title": "T", "paragraphs": [{"context": "Text.", "qas": qas}]}]}
    path = tmp_path / "dup.json"
    text = json.dumps(doc, indent=1)
    path.write_text(text, encoding="utf-8")
    lines = [i for i, line in enumerate(text.splitlines(), 1) if '"id": "a"' in line]
    message = rf":{lines[1]}: id: duplicate example id 'a' \(first at .*:{lines[0]}\)"
    with pytest.raises(InputError, match=message):
        read_input(path)
