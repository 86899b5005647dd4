"""Steps 1–2: answer entities and their perturbable spans (Yan et al. 2022, §3 and Appendix B).

* An **answer entity** is an NER mention (PERSON / ORG / GPE) whose character span overlaps a gold
  answer span (plausible answers for unanswerable SQuAD 2.0 questions). Linking is by offsets, never
  by string matching.
* **PER** names of 1–2 words (titles and suffixes stripped) give ``first-{male,female,neutral}`` and
  ``last`` spans. A lone word is a surname when the passage uses it as the last word of a two-word
  name, or when it is more frequent as a Census surname than as an SSA first name (the reference
  treated every lone word as a first name). Gender comes from the ``us`` bank, built with the
  paper's ×2 polarity rule, with ``gender-guesser`` as fallback.
* **GPE** n-grams (n ≥ 2, longest first) then single words are looked up in the country > state >
  city gazetteers; single words that are common PTB words but not PTB proper nouns are skipped.
* **ORG** mentions take the same gazetteer lookups plus single words: PTB NNP → ``nnp``; not in the
  PTB vocabulary → ``rare``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .model import QAExample
from .namebank import FIRST_NAME_TYPES, BankError, NameBank, load_bank
from .ner import Mention

#: spaCy/OntoNotes label → this package's entity type.
LABEL_TO_TYPE = {"PERSON": "per", "ORG": "org", "GPE": "gpe"}
GAZETTEER_TYPES = ("country", "state", "city")  # lookup priority
TITLES = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "miss",
        "dr",
        "prof",
        "sir",
        "dame",
        "lord",
        "lady",
        "king",
        "queen",
        "prince",
        "princess",
        "president",
        "pope",
        "saint",
        "st",
        "sister",
        "brother",
        "father",
        "mother",
        "rev",
        "reverend",
        "gen",
        "general",
        "col",
        "colonel",
        "capt",
        "captain",
        "lt",
        "sgt",
        "judge",
        "justice",
        "senator",
        "sen",
        "rep",
        "gov",
        "governor",
        "emperor",
        "empress",
        "duke",
        "duchess",
        "count",
        "countess",
        "baron",
        "bishop",
        "archbishop",
        "cardinal",
        "rabbi",
        "imam",
        "sheikh",
    ]
)
SUFFIXES = frozenset(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "v", "phd", "md", "esq"])
FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "or",
        "for",
        "in",
        "on",
        "at",
        "to",
        "by",
        "with",
        "from",
        "de",
        "la",
        "le",
        "du",
        "del",
        "der",
        "von",
        "van",
        "da",
        "al",
        "el",
        "'s",
    ]
)
_NAME_WORD = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")
_PLACE_TOKEN = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*")


@dataclass(frozen=True)
class PerturbableSpan:
    """A surface form to rename, its span type (``first-male``, ``last``, ``city``, ``nnp`` …) and the
    entity type of the answer entity it came from."""

    surface: str
    span_type: str
    entity_type: str


class Lexicon:
    """The word lists span identification consults, read once from the name banks.

    ``strict=False`` (EntSwap, whose bank folder may hold only the African banks and the gazetteer):
    a missing ``us`` or ``ptb`` bank leaves first names to ``gender-guesser`` and no word common.
    """

    def __init__(self, banks_root: Path | None = None, *, strict: bool = True) -> None:
        self.root = banks_root
        self.strict = strict

    def _optional_bank(self, name: str) -> NameBank | None:
        try:
            return load_bank(name, self.root)
        except BankError:
            if self.strict:
                raise
            return None

    @cached_property
    def first_names(self) -> dict[str, str]:
        """Lower-cased first name → ``first-male`` / ``first-female`` / ``first-neutral``."""
        bank = self._optional_bank("us")
        if bank is None:
            return {}
        return {n.lower(): t for t in FIRST_NAME_TYPES if self.strict or bank.has(t) for n in bank.names(t)}

    @cached_property
    def first_counts(self) -> dict[str, int]:
        bank = load_bank("us", self.root)
        counts: dict[str, int] = {}
        for t in FIRST_NAME_TYPES:
            for n, c in bank.entries[t]:
                counts[n.lower()] = counts.get(n.lower(), 0) + c
        return counts

    @cached_property
    def surname_counts(self) -> dict[str, int]:
        return {n.lower(): c for n, c in load_bank("us", self.root).entries["last"]}

    @cached_property
    def gazetteer(self) -> dict[str, str]:
        """Lower-cased place name → ``country`` / ``state`` / ``city`` (the first type wins)."""
        bank = load_bank("gazetteer", self.root)
        table: dict[str, str] = {}
        for t in GAZETTEER_TYPES:
            for name in bank.names(t):
                table.setdefault(name.lower(), t)
        return table

    @cached_property
    def nnp(self) -> frozenset[str]:
        bank = self._optional_bank("ptb")
        return bank.lookup("nnp") if bank else frozenset()

    @cached_property
    def vocab(self) -> frozenset[str]:
        bank = self._optional_bank("ptb")
        return bank.lookup("vocab") if bank else frozenset()

    @cached_property
    def _guesser(self):
        import gender_guesser.detector as gender

        return gender.Detector(case_sensitive=False)

    def gender(self, first: str) -> str:
        """First-name span type of ``first``: the bank's ×2 rule, else ``gender-guesser``."""
        found = self.first_names.get(first.lower())
        if found:
            return found
        guess = self._guesser.get_gender(first)
        return {
            "male": "first-male",
            "mostly_male": "first-male",
            "female": "first-female",
            "mostly_female": "first-female",
        }.get(guess, "first-neutral")

    def is_surname(self, word: str) -> bool:
        lowered = word.lower()
        return self.surname_counts.get(lowered, 0) > self.first_counts.get(lowered, 0)

    def common_word(self, word: str) -> bool:
        """A PTB word that is not a PTB proper noun (``will``, ``bush`` …)."""
        lowered = word.lower()
        return lowered in self.vocab and lowered not in self.nnp


def answer_entities(example: QAExample, mentions: list[Mention]) -> list[Mention]:
    """Mentions of PERSON/ORG/GPE overlapping a gold (or plausible) answer span, in passage order."""
    spans = [s for ans in example.all_answers() for s in ans.char_spans]
    return [
        m for m in mentions if m.label in LABEL_TO_TYPE and any(m.start < e and s < m.end for s, e in spans)
    ]


def perturbable_spans(example: QAExample, mentions: list[Mention], lexicon: Lexicon) -> list[PerturbableSpan]:
    """Every perturbable span of every answer entity, deduplicated by surface (first wins)."""
    person_lasts = two_word_lasts(mentions)
    found: dict[str, PerturbableSpan] = {}
    for mention in answer_entities(example, mentions):
        etype = LABEL_TO_TYPE[mention.label]
        if etype == "per":
            spans = person_spans(mention.text, lexicon, person_lasts)
        else:
            spans = place_spans(mention.text, etype, lexicon)
        for span in spans:
            found.setdefault(span.surface, span)
    return list(found.values())


def two_word_lasts(mentions: Iterable[Mention]) -> frozenset[str]:
    lasts = set()
    for m in mentions:
        if m.label == "PERSON":
            words = strip_person(m.text.split())
            if len(words) == 2:
                lasts.add(words[1])
    return frozenset(lasts)


def strip_person(words: list[str]) -> list[str]:
    words = list(words)
    if words and words[-1].endswith(("'s", "’s")):
        words[-1] = words[-1][:-2]
    while words and words[0].lower().rstrip(".") in TITLES:
        words.pop(0)
    while words and words[-1].lower().rstrip(",") in SUFFIXES:
        words.pop()
    if words and words[-1].endswith(","):
        words[-1] = words[-1].rstrip(",")
    return words


def person_spans(
    text: str, lexicon: Lexicon, person_lasts: frozenset[str] = frozenset()
) -> list[PerturbableSpan]:
    """Spans of a PERSON mention: names of 1–2 capitalised words only (the paper's rule)."""
    words = strip_person(text.split())
    if not 1 <= len(words) <= 2 or not all(_NAME_WORD.match(w) and w[0].isupper() for w in words):
        return []
    if len(words) == 2:
        return [
            PerturbableSpan(words[0], lexicon.gender(words[0]), "per"),
            PerturbableSpan(words[1], "last", "per"),
        ]
    word = words[0]
    if word in person_lasts or lexicon.is_surname(word):
        return [PerturbableSpan(word, "last", "per")]
    return [PerturbableSpan(word, lexicon.gender(word), "per")]


def place_spans(text: str, etype: str, lexicon: Lexicon) -> list[PerturbableSpan]:
    """Gazetteer n-grams (longest first, non-overlapping), then single words; ORG adds ``nnp``/``rare``.

    N-grams are exact slices of the mention (``St. Louis`` keeps its dot), possessives stripped.
    """
    bounds = []
    for m in _PLACE_TOKEN.finditer(text):
        end = m.end() - 2 if m.group().endswith(("'s", "’s")) else m.end()
        bounds.append((m.start(), end))
    if bounds and text[bounds[0][0] : bounds[0][1]].lower() == "the":
        bounds = bounds[1:]
    words = [text[s:e] for s, e in bounds]
    taken = [False] * len(words)
    spans: list[PerturbableSpan] = []
    for n in range(len(words), 0, -1):
        for i in range(len(words) - n + 1):
            if any(taken[i : i + n]):
                continue
            gram = text[bounds[i][0] : bounds[i + n - 1][1]]
            kind = lexicon.gazetteer.get(gram.lower())
            if kind is None or not gram[:1].isupper():
                continue
            if n == 1 and (lexicon.common_word(gram) or gram.lower() in FUNCTION_WORDS | TITLES):
                continue
            spans.append(PerturbableSpan(gram, kind, etype))
            taken[i : i + n] = [True] * n
    if etype == "org":
        for i, word in enumerate(words):
            if taken[i] or not word[:1].isupper() or not word.isalpha() or word.lower() in FUNCTION_WORDS:
                continue
            lowered = word.lower()
            if lowered in lexicon.nnp:
                spans.append(PerturbableSpan(word, "nnp", "org"))
            elif lowered not in lexicon.vocab:
                spans.append(PerturbableSpan(word, "rare", "org"))
    return spans
