"""Readers and writers: MRQA jsonl(.gz), SQuAD 2.0 JSON, Hugging Face rows."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..model import QAExample, SourceFormat
from .errors import InputError
from .mrqa import read_mrqa, write_mrqa
from .squad import read_squad, write_squad

__all__ = [
    "InputError",
    "detect_format",
    "read_examples",
    "write_examples",
    "read_mrqa",
    "write_mrqa",
    "read_squad",
    "write_squad",
]


def detect_format(path: str | Path) -> SourceFormat:
    """``mrqa`` for ``*.jsonl`` / ``*.jsonl.gz``, ``squad`` for ``*.json``."""
    name = Path(path).name
    if name.endswith((".jsonl", ".jsonl.gz")):
        return "mrqa"
    if name.endswith(".json"):
        return "squad"
    raise InputError(path, None, "<path>", "cannot tell the format from the name; pass --format mrqa|squad")


def read_examples(
    path: str | Path, fmt: SourceFormat | None = None, dataset: str | None = None
) -> tuple[dict[str, Any], list[QAExample]]:
    """Read any supported file → (format metadata, examples); example ids must be unique."""
    fmt = fmt or detect_format(path)
    meta, examples = read_mrqa(path, dataset) if fmt == "mrqa" else read_squad(path, dataset)
    seen: set[str] = set()
    for ex in examples:
        if ex.id in seen:
            raise InputError(path, None, "qid" if fmt == "mrqa" else "id", f"duplicate example id {ex.id!r}")
        seen.add(ex.id)
    return meta, examples


def write_examples(
    path: str | Path, examples: Iterable[QAExample], fmt: SourceFormat, meta: dict[str, Any] | None = None
) -> None:
    if fmt == "mrqa":
        write_mrqa(path, examples, meta)
    else:
        write_squad(path, examples, meta)


def file_suffix(fmt: SourceFormat, compressed: bool = False) -> str:
    return (".jsonl.gz" if compressed else ".jsonl") if fmt == "mrqa" else ".json"
