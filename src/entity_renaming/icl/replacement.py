"""The subject PER entity of a question, its pronoun gender, and its span-based replacement.

* **Subject**: the first PER answer entity (passage order) of the shared entity analysis
  (:func:`entity_renaming.entities.example_entities`: it is the gold answer, typed from evidence) whose name
  is 1–2 words without initials, in an example whose answers agree on the referent. NER fragments such
  as ``Ch`` inside ``Chopin`` cannot be chosen: mentions are NER spans and the renaming engine matches
  whole words only.
* **Mapping**: the full name and, for two-word names, each word on its own (later mentions such as
  ``Smith`` or ``Smith's``) are mapped to the one new name; a word that also belongs to another person
  in the passage (``Anna Smith``) is not mapped alone. One mapping for context, question and answers.
* **Gender** (documented heuristic): gendered pronouns (he/him/his/himself, she/her/hers/herself) in the
  passage or question may refer to the subject. None present → any name fits. Pronouns of one gender
  only → that gender (a name of the pronouns' gender can never contradict them, whoever they refer
  to). Both genders present → the first name's gender in the ``us`` bank, or ``unknown`` (only
  gender-neutral names fit) for surname-only or gender-neutral subjects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..entities import DISAGREEMENT, analyse_examples, example_entities
from ..lexicon import Lexicon, occurs_as_word, parse_person
from ..model import QAExample, Substitution
from ..ner import Mention, NerBackend, NerCache, recognize
from ..referents import Entity
from ..substitute import rename_example

MALE_PRONOUNS = frozenset(["he", "him", "his", "himself"])
FEMALE_PRONOUNS = frozenset(["she", "her", "hers", "herself"])
_WORD = re.compile(r"[A-Za-z]+")
#: Gender constraints: ``None`` (any name), ``female``, ``male`` or ``unknown`` (neutral names only).
GENDERS = ("female", "male", "unknown")


@dataclass(frozen=True)
class Subject:
    """The entity renamed in one example: its words (first, last) and the gender names must have."""

    words: tuple[str, ...]
    first_gender: str | None
    gender: str | None
    shared_words: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return " ".join(self.words)


def pronoun_genders(text: str) -> set[str]:
    """Genders of the gendered pronouns occurring in ``text`` as whole words."""
    words = {w.lower() for w in _WORD.findall(text)}
    found = set()
    if words & MALE_PRONOUNS:
        found.add("male")
    if words & FEMALE_PRONOUNS:
        found.add("female")
    return found


def _other_people(mentions: list[Mention], words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Stripped word tuples of PERSON mentions that are not (part of) the subject's name."""
    mine = set(words)
    others = []
    for m in mentions:
        if m.label != "PERSON":
            continue
        name = parse_person(m.text)
        other = name.words if name else ()
        if other and not set(other) <= mine:
            others.append(other)
    return others


def subject_gender(first_gender: str | None, pronouns: set[str]) -> str | None:
    """The gender constraint of the module docstring's heuristic."""
    if not pronouns:
        return None
    if len(pronouns) == 1:
        return next(iter(pronouns))
    if first_gender in ("female", "male"):
        return first_gender
    return "unknown"


def find_subject(example: QAExample, mentions: list[Mention], lexicon: Lexicon) -> Subject | None:
    """The subject of ``example`` (see module docstring), or ``None`` when no answer is a full PER name."""
    return _subject(example, mentions, example_entities(example, mentions, lexicon, keep_given=False))


def _subject(example: QAExample, mentions: list[Mention], entities: list[Entity]) -> Subject | None:
    if any(DISAGREEMENT in entity.evidence for entity in entities):
        return None  # the answers name several referents: renaming one subject leaves an answer unchanged
    for entity in entities:
        words = tuple(s.surface for s in entity.spans)
        if entity.entity_type != "per" or len(words) > 2 or " ".join(words) not in example.context:
            continue
        spans = entity.spans
        first = spans[0].span_type
        first_gender = {"first-female": "female", "first-male": "male"}.get(first)
        others = _other_people(mentions, words)
        shared = frozenset(w for w in words for other in others if w in other)
        pronouns = pronoun_genders(example.context + " " + example.question)
        return Subject(words, first_gender, subject_gender(first_gender, pronouns), shared)
    return None


def substitutions(subject: Subject, new_name: str) -> list[Substitution]:
    """One mapping: the full name, then each word of a two-word name not shared with another person."""
    subs = [Substitution(subject.name, new_name, "per", "full")]
    if len(subject.words) == 2:
        for word, span_type in zip(subject.words, ("first", "last"), strict=True):
            if word not in subject.shared_words:
                subs.append(Substitution(word, new_name, "per", span_type))
    return subs


def name_fits(name: str, name_gender: str, subject: Subject, example: QAExample) -> bool:
    """Whether ``name`` may replace the subject: gender-compatible and not already in the texts."""
    if subject.gender is not None and name_gender != "neutral" and name_gender != subject.gender:
        return False
    if name in subject.words:
        return False
    return not occurs_as_word(name, (example.context, example.question))


def rename_subject(example: QAExample, subject: Subject, new_name: str) -> QAExample:
    """``example`` with its subject renamed everywhere; :class:`RenameError` when not legal afterwards."""
    return rename_example(example, substitutions(subject, new_name))[0]


def detect_subjects(
    examples: list[QAExample],
    backend: NerBackend,
    *,
    cache: NerCache | None = None,
    lexicon: Lexicon | None = None,
    progress: bool = True,
) -> dict[str, Subject]:
    """Example id → subject, for the examples that have one (NER once per unique passage, cached)."""
    lexicon = lexicon or Lexicon()
    mentions = recognize(
        (ex.context for ex in examples), backend, cache, progress=progress, desc="NER (unique passages)"
    )
    analysis = analyse_examples(examples, mentions, lexicon, keep_given=False)
    found = {}
    for ex in examples:
        subject = _subject(ex, mentions[ex.context], analysis[ex.id])
        if subject is not None:
            found[ex.id] = subject
    return found
