"""Columns of released configs: the hub schema of the source plus ``original_id`` and ``renamings``.

* MRQA sources: the ``mrqa-workshop/mrqa`` columns (``detected_answers`` char spans inclusive, token
  spans inclusive, both recomputed after renaming);
* SQuAD 2.0: the ``rajpurkar/squad_v2`` columns plus ``is_impossible`` and ``plausible_answers``.

``renamings`` is a list of structs, one per replaced mention (an :class:`~entity_renaming.model.Edit`):
``field`` (context, question, title, answer, plausible_answer, answer_text), ``index`` (which answer,
null for context/question/title), ``start``/``end`` in the original text and ``new_start``/``new_end``
in the renamed text (end-exclusive), ``original``, ``replacement``, ``entity_type`` and ``span_type``.
It is empty for ``*-original`` configs.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa
from datasets import Features, List, Value

from ..io.formats import get_format
from ..io.hf import example_to_row
from ..model import Edit, QAExample, Renaming, SourceFormat

EDIT_FIELDS = ("field", "index", "start", "end", "new_start", "new_end", "original", "replacement",
               "entity_type", "span_type")


RENAMINGS = List({
    "field": Value("string"), "index": Value("int32"), "start": Value("int32"), "end": Value("int32"),
    "new_start": Value("int32"), "new_end": Value("int32"), "original": Value("string"),
    "replacement": Value("string"), "entity_type": Value("string"), "span_type": Value("string"),
})


def release_features(fmt: SourceFormat) -> Features:
    """The ``datasets`` features of a released config of source format ``fmt``."""
    columns = get_format(fmt).features()
    return Features({**columns, "original_id": Value("string"), "renamings": RENAMINGS})


def edit_row(edit: Edit) -> dict[str, Any]:
    return {name: getattr(edit, name) for name in EDIT_FIELDS}


def release_row(example: QAExample, renaming: Renaming | None) -> dict[str, Any]:
    """One released row: the source-schema row, the original example's id and the edit list."""
    row = example_to_row(example)
    row["original_id"] = renaming.original_id if renaming else example.id
    row["renamings"] = [edit_row(e) for e in renaming.edits] if renaming else []
    return row


def release_table(examples: list[QAExample], renamings: list[Renaming], fmt: SourceFormat) -> pa.Table:
    """Rows of one config as an Arrow table with the release schema (HF features in its metadata)."""
    by_id = {r.example_id: r for r in renamings}
    unknown = set(by_id) - {e.id for e in examples}
    if unknown:
        raise ValueError(f"renamings for examples not in the config: {sorted(unknown)[:3]}")
    features = release_features(fmt)
    rows = [release_row(ex, by_id.get(ex.id)) for ex in examples]
    return pa.Table.from_pylist(rows, schema=features.arrow_schema)
