"""The data model, defined once: a QA example (SQuAD 2.0 or MRQA) and the record of its renaming.

Conventions used everywhere in the package:

* character spans are ``(start, end)`` with an **exclusive** end (Python slicing); the MRQA
  readers/writers convert to and from MRQA's inclusive ``char_spans``;
* token spans are ``(first, last)`` token indices, **inclusive**, as in MRQA;
* tokens are ``(text, char_offset)`` pairs, as in MRQA ``context_tokens`` / ``question_tokens``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

SourceFormat = Literal["mrqa", "squad"]
Field = Literal["context", "question", "title", "answer", "plausible_answer", "answer_text"]
CharSpan = tuple[int, int]
TokenSpan = tuple[int, int]
Token = tuple[str, int]


@dataclass
class Answer:
    """One gold answer: a SQuAD ``answers[i]`` or an MRQA ``detected_answers[i]``.

    ``char_spans`` hold every occurrence the source annotates (SQuAD: exactly one); ``token_spans``
    is MRQA-only and parallel to ``char_spans``.
    """

    text: str
    char_spans: list[CharSpan]
    token_spans: list[TokenSpan] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class QAExample:
    """One question over one passage, in either source format.

    ``id`` is unique within a dataset (MRQA ``qid``; SQuAD ``id``). Fields the package does not
    interpret are kept in ``extra`` / ``context_extra`` so that read → write is lossless.
    """

    id: str
    dataset: str
    source_format: SourceFormat
    context: str
    question: str
    answers: list[Answer] = field(default_factory=list)
    title: str | None = None
    context_id: str | None = None
    source_id: str | None = None
    is_impossible: bool | None = None
    plausible_answers: list[Answer] | None = None
    answer_texts: list[str] = field(default_factory=list)
    context_tokens: list[Token] | None = None
    question_tokens: list[Token] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    context_extra: dict[str, Any] = field(default_factory=dict)

    def all_answers(self) -> list[Answer]:
        """Gold and plausible answers: every span that must stay aligned with the context."""
        return [*self.answers, *(self.plausible_answers or [])]

    def answer_matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Every match of ``pattern`` inside a context span of an answer (:meth:`all_answers`), answer by
        answer (a span two answers share is searched twice)."""
        for answer in self.all_answers():
            for start, end in answer.char_spans:
                yield from pattern.finditer(self.context, start, end)


@dataclass(frozen=True)
class Edit:
    """One replaced mention. ``start``/``end`` index the original text, ``new_start``/``new_end`` the
    renamed one; ``index`` selects the answer for answer fields (position in ``answers`` /
    ``plausible_answers`` / ``answer_texts``)."""

    field: Field
    start: int
    end: int
    new_start: int
    new_end: int
    original: str
    replacement: str
    entity_type: str
    span_type: str
    index: int | None = None


@dataclass(frozen=True)
class Substitution:
    """One entry of an example's name mapping: ``original`` → ``replacement``."""

    original: str
    replacement: str
    entity_type: str
    span_type: str


@dataclass
class Renaming:
    """What was done to one example for one config: the mapping and every edit it produced."""

    example_id: str
    original_id: str
    config: str
    perturbation: str
    entity_type: str
    seed: int | None
    substitutions: list[Substitution]
    edits: list[Edit]

    def to_json(self) -> dict[str, Any]:
        return {
            "example_id": self.example_id,
            "original_id": self.original_id,
            "config": self.config,
            "perturbation": self.perturbation,
            "entity_type": self.entity_type,
            "seed": self.seed,
            "substitutions": [dict(s.__dict__) for s in self.substitutions],
            "edits": [dict(e.__dict__) for e in self.edits],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Renaming:
        return cls(
            example_id=data["example_id"],
            original_id=data["original_id"],
            config=data["config"],
            perturbation=data["perturbation"],
            entity_type=data["entity_type"],
            seed=data["seed"],
            substitutions=[Substitution(**s) for s in data["substitutions"]],
            edits=[Edit(**e) for e in data["edits"]],
        )


@dataclass(frozen=True)
class Skip:
    """An input example not emitted for a config, and why."""

    config: str
    example_id: str
    reason: str


# --- legality -----------------------------------------------------------------------------------

_PUNCT = set(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def normalize_answer(text: str) -> str:
    """Official SQuAD/MRQA normalisation: lower case, drop punctuation and articles, squash spaces."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


def illegal_answers(example: QAExample, *, tokens: bool = True) -> list[str]:
    """Problems that make ``example`` unusable for span-based QA (``field: message``); empty when legal.

    The checks belong to the example's format (:meth:`entity_renaming.io.formats.Format.problems`): the
    same ones run on every input example when it is read and on every renamed example (``tokens=False``
    leaves out whether each token stands at its offset, for tokens rebuilt from the text itself).
    """
    from .io.formats import format_of

    return format_of(example).problems(example, tokens=tokens)


def is_legal(example: QAExample) -> bool:
    """True when every answer (and token) still matches the passage."""
    return not illegal_answers(example)
