"""Few-shot prompts: template, deterministic demonstration selection and answer extraction.

A prompt is ``prefix + query``: the prefix (instruction and the k demonstrations) is shared by every
query of a run, so causal LMs can reuse its KV cache. Templates are TOML files with the keys of
:class:`PromptTemplate`; placeholders are ``{title}``, ``{context}``, ``{question}`` and ``{answer}``.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

from ..evaluation.scoring import gold_answers
from ..model import QAExample


@dataclass(frozen=True)
class PromptTemplate:
    """How demonstrations and the query are written; ``no_answer`` is the answer of unanswerable ones."""

    instruction: str = (
        "Answer each question with a short span copied from its passage. "
        'If the passage does not answer it, answer "unanswerable".\n\n'
    )
    demonstration: str = "Passage: {context}\nQuestion: {question}\nAnswer: {answer}\n\n"
    query: str = "Passage: {context}\nQuestion: {question}\nAnswer:"
    no_answer: str = "unanswerable"

    @classmethod
    def from_file(cls, path: str | Path) -> PromptTemplate:
        """Read a TOML template; unknown keys are an error naming the file, missing keys keep defaults."""
        path = Path(path)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise ValueError(f"{path}: invalid TOML: {err}") from None
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"{path}: unknown template key(s) {', '.join(unknown)} (known: {sorted(known)})")
        bad = [k for k, v in data.items() if not isinstance(v, str)]
        if bad:
            raise ValueError(f"{path}: template key(s) {', '.join(bad)} must be strings")
        template = cls(**data)
        if "{question}" not in template.query:
            raise ValueError(f"{path}: field 'query' must contain {{question}}")
        return template

    def _fill(self, pattern: str, example: QAExample, answer: str = "") -> str:
        return pattern.format(
            title=example.title or "", context=example.context, question=example.question, answer=answer
        )

    def demo_answer(self, example: QAExample) -> str:
        """The answer shown in a demonstration: the first gold answer, or ``no_answer``."""
        gold = gold_answers(example)[0]
        return gold if gold else self.no_answer

    def prefix(self, demonstrations: list[QAExample]) -> str:
        return self.instruction + "".join(
            self._fill(self.demonstration, d, self.demo_answer(d)) for d in demonstrations
        )

    def query_text(self, example: QAExample) -> str:
        return self._fill(self.query, example)


def _rank(seed: int, example_id: str) -> str:
    return hashlib.sha256(f"{seed}:{example_id}".encode()).hexdigest()


def select_demonstrations(
    pool: list[QAExample], k: int, seed: int, exclude: set[str] | frozenset[str] = frozenset()
) -> list[QAExample]:
    """``k`` demonstrations from ``pool`` (ids in ``exclude`` never chosen), ordered by a seeded hash
    of their ids: the choice depends only on the seed and the ids, not on the pool's order."""
    candidates = sorted((ex for ex in pool if ex.id not in exclude), key=lambda ex: _rank(seed, ex.id))
    if len(candidates) < k:
        raise ValueError(f"{k} demonstrations requested but only {len(candidates)} candidates")
    return candidates[:k]


def split_ids(ids: list[str], seed: int, validation_fraction: float = 0.5) -> tuple[list[str], list[str]]:
    """Seeded validation/test split of query ids (by hash, so independent of input order)."""
    if not 0 < validation_fraction < 1:
        raise ValueError("validation_fraction must be in (0, 1)")
    ordered = sorted(ids, key=lambda i: _rank(seed + 1, i))
    cut = round(len(ordered) * validation_fraction)
    return sorted(ordered[:cut]), sorted(ordered[cut:])


def extract_answer(generated: str, template: PromptTemplate) -> str:
    """The answer in a generation: its first non-empty line, stripped of quotes and a final full stop;
    the template's ``no_answer`` string (any case) becomes ``""`` (SQuAD 2.0's empty answer)."""
    line = next((ln.strip() for ln in generated.splitlines() if ln.strip()), "")
    line = line.strip().strip("\"'“”").strip()
    if line.endswith(".") and not line.endswith(".."):
        line = line[:-1].rstrip()
    if line.lower() == template.no_answer.strip().lower():
        return ""
    return line
