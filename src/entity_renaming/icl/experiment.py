"""Running one in-context-learning experiment: every name of the name sets under one replacement setting.

Settings: ``none`` (original prompts only), ``demos`` (the subject of every demonstration renamed),
``query`` (the query's subject renamed) and ``both``. The original prompts are always answered too:
they are the baseline that per-name deltas and Maj@k are compared with, on the same queries.

A name is evaluated on a query only where it fits (gender, not already in the passage) and the renamed
example stays legal; otherwise that (name, query) pair is recorded as skipped. Predictions on renamed
queries are scored against the renamed gold answers, and *restored* to the original namespace (the
new name mapped back) for majority voting across names.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..evaluation.scoring import exact_match, gold_answers, max_over_golds
from ..io.formats import format_of
from ..model import QAExample, Substitution, normalize_answer
from ..substitute import RenameError, Renamer
from .names import Name
from .prompts import PromptTemplate, extract_answer
from .replacement import Subject, name_fits, rename_subject

if TYPE_CHECKING:  # torch is an optional dependency (the [icl] extra)
    from .generation import Generator

SETTINGS = ("none", "demos", "query", "both")
ORIGINAL = "(original)"


@dataclass(frozen=True)
class Record:
    """One answered (name, query) pair; ``name`` is :data:`ORIGINAL` for the baseline prompts."""

    name: str
    gender: str
    query_id: str
    generation: str
    prediction: str
    restored: str
    em: float
    f1: float


def score(example: QAExample, prediction: str) -> tuple[float, float]:
    """EM and F1 (0–1) against the gold answers, as the official script of the example's format."""
    golds = gold_answers(example)
    pair_f1 = format_of(example).pair_f1
    return max_over_golds(exact_match, prediction, golds), max_over_golds(pair_f1, prediction, golds)


def restore(prediction: str, renamed: QAExample, original: QAExample, subject: Subject, new_name: str) -> str:
    """``prediction`` on ``renamed`` expressed for ``original``: a renamed gold answer becomes the
    original gold answer; otherwise mentions of ``new_name`` become the subject's full name."""
    if normalize_answer(prediction):
        for new_gold, old_gold in zip(gold_answers(renamed), gold_answers(original), strict=False):
            if normalize_answer(new_gold) == normalize_answer(prediction):
                return old_gold
    text, _ = Renamer([Substitution(new_name, subject.name, "per", "restore")]).apply(prediction)
    return text


@dataclass
class Experiment:
    """The fixed parts of a run: prompts, demonstrations, queries and their subjects."""

    template: PromptTemplate
    demonstrations: list[QAExample]
    queries: list[QAExample]
    subjects: dict[str, Subject]
    setting: str

    def __post_init__(self) -> None:
        if self.setting not in SETTINGS:
            raise ValueError(f"unknown setting {self.setting!r}; choose one of {', '.join(SETTINGS)}")
        missing = [q.id for q in self.queries if q.id not in self.subjects]
        if missing:
            raise ValueError(f"queries without a subject PER entity: {missing[:5]}")
        if self.renames_demos:
            missing = [d.id for d in self.demonstrations if d.id not in self.subjects]
            if missing:
                raise ValueError(f"setting {self.setting!r} needs demonstrations with a subject: {missing}")

    @property
    def renames_demos(self) -> bool:
        return self.setting in ("demos", "both")

    @property
    def renames_query(self) -> bool:
        return self.setting in ("query", "both")

    def demo_prefix(self, name: Name | None) -> str:
        """The shared prefix; with ``name`` and a demos setting, every demonstration's subject renamed."""
        if name is None or not self.renames_demos:
            return self.template.prefix(self.demonstrations)
        demos = []
        for demo in self.demonstrations:
            subject = self.subjects[demo.id]
            if not name_fits(name.text, name.gender, subject, demo):
                raise RenameError(f"name {name.text!r} does not fit demonstration {demo.id}")
            demos.append(rename_subject(demo, subject, name.text))
        return self.template.prefix(demos)

    def query_variant(self, name: Name | None, query: QAExample) -> QAExample:
        """The query as the model sees it for ``name`` (renamed in query settings)."""
        if name is None or not self.renames_query:
            return query
        subject = self.subjects[query.id]
        if not name_fits(name.text, name.gender, subject, query):
            raise RenameError(f"name {name.text!r} does not fit the subject {subject.name!r}")
        return rename_subject(query, subject, name.text)


def run_experiment(
    experiment: Experiment,
    generator: Generator,
    names: list[Name],
    *,
    batch_size: int = 8,
    max_new_tokens: int = 16,
    progress: bool = True,
) -> tuple[list[Record], list[dict[str, str]]]:
    """Answer every (name, query) pair (and the original prompts); returns records and skips."""
    jobs: dict[str, list[tuple[Name | None, QAExample, QAExample]]] = defaultdict(list)
    skipped: list[dict[str, str]] = []
    for name in [None, *names] if experiment.setting != "none" else [None]:
        try:
            prefix = experiment.demo_prefix(name)
        except RenameError as err:
            skipped.append({"name": name.text if name else ORIGINAL, "query_id": "*", "reason": str(err)})
            continue
        for query in experiment.queries:
            try:
                variant = experiment.query_variant(name, query)
            except RenameError as err:
                skipped.append(
                    {"name": name.text if name else ORIGINAL, "query_id": query.id, "reason": str(err)}
                )
                continue
            jobs[prefix].append((name, query, variant))
    records: list[Record] = []
    for i, (prefix, items) in enumerate(jobs.items()):
        texts = [experiment.template.query_text(variant) for _, _, variant in items]
        unique = list(dict.fromkeys(texts))
        answers = generator.generate(
            prefix,
            unique,
            batch_size=batch_size,
            max_new_tokens=max_new_tokens,
            progress=progress,
            desc=f"prompts {i + 1}/{len(jobs)}",
        )
        by_text = dict(zip(unique, answers, strict=True))
        for (name, query, variant), text in zip(items, texts, strict=True):
            generation = by_text[text]
            prediction = extract_answer(generation, experiment.template)
            em, f1_score = score(variant, prediction)
            restored = prediction
            if name is not None and variant is not query:
                restored = restore(prediction, variant, query, experiment.subjects[query.id], name.text)
            records.append(
                Record(
                    name.text if name else ORIGINAL,
                    name.gender if name else "",
                    query.id,
                    generation,
                    prediction,
                    restored,
                    em,
                    f1_score,
                )
            )
    return records, skipped
