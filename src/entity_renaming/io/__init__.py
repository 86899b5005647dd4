"""Readers and writers: MRQA jsonl(.gz), SQuAD 2.0 JSON, Hugging Face rows.

Every input example is checked **once, on reading**, whatever is built from it:

* what makes the *file* unreadable or ambiguous raises :class:`InputError` naming file, line and field,
  before anything is written: corrupt / truncated gzip, bytes that are not UTF-8, malformed JSON (or
  nested too deeply, or a number too long to read), a missing field or a value of the wrong type
  (``true`` is not an offset), malformed ``token_spans`` (not ``[int, int]`` pairs, or not one per char
  span), a non-string title, a duplicate id (both lines named) or an empty one, a lone surrogate
  (``"\\ud800"`` is valid JSON but no UTF-8 text), an empty file or ``data: []``;
* what makes one *example* unusable (an answer that is not its passage slice, a reversed or
  out-of-range span, token spans or offsets that do not match, an empty question, a passage over
  1,000,000 characters) puts it in :attr:`InputData.rejected` with its location and reason: builds list
  it as skipped in every config, ``*-original`` included, so every config stays a subset of the same
  valid examples.
  :func:`read_examples` (for tools that need every example) raises on the first one instead.

The checks themselves belong to the formats (:mod:`entity_renaming.io.formats`) and, for whole
examples, to :mod:`entity_renaming.io.fields`. Examples that no file reader built (the Python API, hub
rows) pass the same :func:`validate`, which first checks their field types with the readers' messages.
"""

from __future__ import annotations

import gc
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model import QAExample, Skip, SourceFormat
from .errors import InputError
from .fields import type_problem, unencodable, unencodable_value
from .formats import FORMATS, MRQA, SQUAD2, Format, format_of, get_format
from .hf import hub_rows
from .parsed import Parsed

__all__ = [
    "FORMATS",
    "Format",
    "InputData",
    "InputError",
    "Rejected",
    "detect_format",
    "format_of",
    "get_format",
    "load_hub_input",
    "read_examples",
    "read_input",
    "validate",
    "write_examples",
]


@dataclass(frozen=True)
class Rejected:
    """An input example that no config can use: where it is and why."""

    example_id: str
    path: str
    line: int | None
    reason: str  #: ``field: message``; several problems are joined with ``; ``

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path


@dataclass
class InputData:
    """A validated input: usable examples in input order, and every rejected one with its reason."""

    format: Format
    meta: dict[str, Any]
    examples: list[QAExample]
    rejected: list[Rejected] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Number of input examples (usable + rejected)."""
        return len(self.examples) + len(self.rejected)

    def skips(self, config: str) -> list[Skip]:
        """The rejected examples as skip records of config ``config``."""
        return [
            Skip(config, r.example_id, f"invalid input: {r.reason} (at {r.where})") for r in self.rejected
        ]

    def strict(self) -> InputData:
        """``self`` if nothing was rejected, else an :class:`InputError` for the first rejection."""
        if self.rejected:
            first = self.rejected[0]
            more = f" (and {len(self.rejected) - 1} more)" if len(self.rejected) > 1 else ""
            field_name, _, message = first.reason.partition(": ")
            raise InputError(
                first.path, first.line, field_name, f"{message} (example {first.example_id!r}){more}"
            )
        return self


def validate(parsed: Parsed, *, allow_empty: bool = False, reader: Format | None = None) -> InputData:
    """Check ``parsed`` once: duplicate ids and emptiness raise, unusable examples are rejected.

    ``allow_empty`` is for reading a built config back (a config may hold no example, e.g. no ORG answer
    entity in a small sample); an input to a build must never be empty. ``reader`` is the reader's format,
    for an empty file (otherwise the examples' own)."""
    if not parsed.examples:
        if not allow_empty:
            raise InputError(parsed.path, None, "<file>", "no examples")
        warnings.warn(f"{parsed.path}: no examples (an empty config)", stacklevel=2)
    if not parsed.typed:
        for i, ex in enumerate(parsed.examples):
            problem = type_problem(ex)
            if problem:
                raise _error(parsed, i, problem)
    if parsed.surrogates:
        _refuse_surrogates(parsed)
    first_seen: dict[str, int] = {}
    for i, ex in enumerate(parsed.examples):
        j = first_seen.setdefault(ex.id, i)
        if j != i or not ex.id:
            fmt = format_of(ex)
            message = f"duplicate example id {ex.id!r} (first at {parsed.where(j)})" if ex.id else "empty id"
            raise _error(parsed, i, f"{'qid' if fmt is MRQA else 'id'}: {message}")
    examples, rejected = [], []
    for i, ex in enumerate(parsed.examples):
        problems = format_of(ex).input_problems(ex)
        if problems:
            rejected.append(Rejected(ex.id, *parsed.located(i), "; ".join(problems)))
        else:
            examples.append(ex)
    fmt = format_of(parsed.examples[0]) if parsed.examples else reader
    return InputData(fmt, parsed.meta, examples, rejected)


def _error(parsed: Parsed, i: int, problem: str) -> InputError:
    """An :class:`InputError` at ``parsed.examples[i]`` for ``problem`` (``field: message``)."""
    field_name, _, message = problem.partition(": ")
    return InputError(*parsed.located(i), field_name, message)


def _refuse_surrogates(parsed: Parsed) -> None:
    """Raise for the first lone surrogate (valid JSON, not UTF-8 text): no config could hold it."""
    for key, value in parsed.meta.items():
        problem = unencodable_value(value, str(key)) or unencodable_value(key, "<key>")
        if problem:
            raise InputError(parsed.path, 1, *problem.split(": ", 1))
    last_context = None
    for i, ex in enumerate(parsed.examples):
        problem = unencodable(ex, context=ex.context is not last_context)
        last_context = ex.context
        if problem:
            raise _error(parsed, i, problem)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Reading allocates only long-lived objects: cyclic GC passes over them would make it superlinear."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def detect_format(path: str | Path) -> SourceFormat:
    """``mrqa`` for ``*.jsonl`` / ``*.jsonl.gz``, ``squad`` for ``*.json``."""
    name = Path(path).name
    if name.endswith((".jsonl", ".jsonl.gz")):
        return "mrqa"
    if name.endswith(".json"):
        return "squad"
    raise InputError(path, None, "<path>", "cannot tell the format from the name; pass --format mrqa|squad")


def read_input(
    path: str | Path,
    fmt: SourceFormat | None = None,
    dataset: str | None = None,
    *,
    allow_empty: bool = False,
) -> InputData:
    """Read and validate any supported file (see the module docstring for what raises)."""
    if not Path(path).is_file():
        raise InputError(path, None, "<path>", "no such file")
    fmt_obj = get_format(fmt or detect_format(path))
    with _gc_paused():
        return validate(fmt_obj.parse(path, dataset), allow_empty=allow_empty, reader=fmt_obj)


def read_examples(
    path: str | Path,
    fmt: SourceFormat | None = None,
    dataset: str | None = None,
    *,
    allow_empty: bool = False,
) -> tuple[dict[str, Any], list[QAExample]]:
    """Read a file whose every example must be usable → (format metadata, examples in file order).

    ``allow_empty=True`` reads a built config back, which may hold no example."""
    data = read_input(path, fmt, dataset, allow_empty=allow_empty).strict()
    return data.meta, data.examples


def load_hub_input(
    repo_id: str, split: str, *, subset: str | None = None, cache_dir: str | None = None
) -> InputData:
    """Load and validate a hub split (or a local mirror of one) with ``datasets``.

    ``rajpurkar/squad_v2`` rows carry no ``plausible_answers``: its unanswerable questions have no
    answer entity, so the renamed configs of Yan et al. list them as skipped with that reason (EntSwap
    and ``*-original`` keep them). A warning says how many.
    """
    data = validate(hub_rows(repo_id, split, subset=subset, cache_dir=cache_dir))
    if data.format is SQUAD2:
        blind = sum(1 for ex in data.examples if SQUAD2.no_answer_entity_reason(ex))
        if blind:
            warnings.warn(
                f"{repo_id}: {blind} unanswerable question(s) have no plausible_answers; renamed "
                "configs list them in skipped.jsonl (no answer entity to rename)",
                stacklevel=2,
            )
    return data


def write_examples(
    path: str | Path, examples: Iterable[QAExample], fmt: SourceFormat, meta: dict[str, Any] | None = None
) -> None:
    get_format(fmt).write(path, examples, meta)


def file_suffix(fmt: SourceFormat, compressed: bool = False) -> str:
    return get_format(fmt).suffix(compressed)
