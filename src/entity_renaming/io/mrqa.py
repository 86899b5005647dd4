"""MRQA 2019 jsonl / jsonl.gz: one header line, then one record per context.

Record: ``id``, ``context``, ``context_tokens`` ([token, offset] pairs) and ``qas``; each qa has
``qid``, ``question``, ``question_tokens``, ``answers`` (free-text gold) and ``detected_answers``
with **inclusive** ``char_spans`` and ``token_spans``. Unknown keys are kept (``extra``).
"""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..model import Answer, QAExample
from .errors import InputError, require

_RECORD_KEYS = ("id", "context", "context_tokens", "qas")
_QA_KEYS = ("answers", "question", "id", "qid", "question_tokens", "detected_answers")


def open_text(path: Path, mode: str = "rt"):
    """Open plain or gzip text (by suffix)."""
    if str(path).endswith(".gz"):
        return gzip.open(path, mode, encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def read_mrqa(path: str | Path, dataset: str | None = None) -> tuple[dict[str, Any], list[QAExample]]:
    """Read an MRQA file → (header, examples in file order). Errors name file, line and field."""
    path = Path(path)
    header: dict[str, Any] = {}
    examples: list[QAExample] = []
    with open_text(path) as handle:
        for line_no, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(
                    path, line_no, "<json>", f"malformed JSON: {err.msg} at column {err.colno}"
                ) from None
            if isinstance(record, dict) and "header" in record and line_no == 1:
                header = record
                continue
            examples.extend(parse_record(record, path, line_no, dataset or _dataset(header, path)))
    return header, examples


def _dataset(header: dict[str, Any], path: Path) -> str:
    return str(header.get("header", {}).get("dataset") or path.name.split(".")[0])


def _tokens(value: Any, path: Path, line: int, field: str) -> list[tuple[str, int]]:
    if not isinstance(value, list):
        raise InputError(path, line, field, "expected a list of [token, offset] pairs")
    out = []
    for i, pair in enumerate(value):
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and isinstance(pair[1], int)
        ):
            raise InputError(path, line, f"{field}[{i}]", f"expected [token, offset], got {pair!r}")
        out.append((pair[0], pair[1]))
    return out


def parse_record(record: Any, path: Path, line: int, dataset: str) -> Iterator[QAExample]:
    """One MRQA context record → its QA examples (validated)."""
    context = require(record, "context", str, path, line)
    qas = require(record, "qas", list, path, line)
    ctx_tokens = (
        _tokens(record["context_tokens"], path, line, "context_tokens")
        if "context_tokens" in record
        else None
    )
    context_extra = {k: v for k, v in record.items() if k not in _RECORD_KEYS}
    for qi, qa in enumerate(qas):
        prefix = f"qas[{qi}]."
        qid = require(qa, "qid", str, path, line, prefix)
        question = require(qa, "question", str, path, line, prefix)
        answers = []
        for ai, det in enumerate(require(qa, "detected_answers", list, path, line, prefix)):
            answers.append(_detected(det, path, line, f"{prefix}detected_answers[{ai}].", len(context)))
        yield QAExample(
            id=qid,
            dataset=dataset,
            source_format="mrqa",
            context=context,
            question=question,
            answers=answers,
            context_id=record.get("id"),
            source_id=qa.get("id"),
            answer_texts=list(require(qa, "answers", list, path, line, prefix)),
            context_tokens=ctx_tokens,
            question_tokens=_tokens(qa["question_tokens"], path, line, f"{prefix}question_tokens")
            if "question_tokens" in qa
            else None,
            extra={k: v for k, v in qa.items() if k not in _QA_KEYS},
            context_extra=context_extra,
        )


def _detected(det: Any, path: Path, line: int, prefix: str, n: int) -> Answer:
    text = require(det, "text", str, path, line, prefix)
    spans = []
    for si, span in enumerate(require(det, "char_spans", list, path, line, prefix)):
        if not (isinstance(span, list) and len(span) == 2 and all(isinstance(x, int) for x in span)):
            raise InputError(path, line, f"{prefix}char_spans[{si}]", f"expected [start, end], got {span!r}")
        start, end = span
        if not 0 <= start <= end < n:
            raise InputError(
                path,
                line,
                f"{prefix}char_spans[{si}]",
                f"span [{start}, {end}] outside the context (length {n})",
            )
        spans.append((start, end + 1))
    token_spans = None
    if "token_spans" in det:
        token_spans = [tuple(s) for s in require(det, "token_spans", list, path, line, prefix)]
    extra = {k: v for k, v in det.items() if k not in ("text", "char_spans", "token_spans")}
    return Answer(text=text, char_spans=spans, token_spans=token_spans, extra=extra)


# --- writing ------------------------------------------------------------------------------------


def example_records(examples: Iterable[QAExample]) -> Iterator[dict[str, Any]]:
    """Group examples by ``context_id`` (first-appearance order) into MRQA records."""
    groups: dict[Any, list[QAExample]] = {}
    for ex in examples:
        groups.setdefault((ex.context_id, ex.context), []).append(ex)
    for group in groups.values():
        first = group[0]
        record: dict[str, Any] = {}
        if first.context_id is not None:
            record["id"] = first.context_id
        record["context"] = first.context
        if first.context_tokens is not None:
            record["context_tokens"] = first.context_tokens  # (token, offset) tuples serialise as arrays
        record.update(first.context_extra)
        record["qas"] = [_qa_record(ex) for ex in group]
        yield record


def _qa_record(ex: QAExample) -> dict[str, Any]:
    qa: dict[str, Any] = {"answers": list(ex.answer_texts), "question": ex.question}
    if ex.source_id is not None:
        qa["id"] = ex.source_id
    qa["qid"] = ex.id
    if ex.question_tokens is not None:
        qa["question_tokens"] = ex.question_tokens
    detected = []
    for ans in ex.answers:
        det: dict[str, Any] = {"text": ans.text, "char_spans": [[s, e - 1] for s, e in ans.char_spans]}
        if ans.token_spans is not None:
            det["token_spans"] = [list(s) for s in ans.token_spans]
        det.update(ans.extra)
        detected.append(det)
    qa["detected_answers"] = detected
    qa.update(ex.extra)
    return qa


def write_mrqa(path: str | Path, examples: Iterable[QAExample], header: dict[str, Any] | None = None) -> None:
    """Write an MRQA file (gzip when the name ends in .gz, with a fixed mtime: byte-deterministic)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.StringIO()
    if header:
        buffer.write(json.dumps(header, ensure_ascii=False) + "\n")
    for record in example_records(examples):
        buffer.write(json.dumps(record, ensure_ascii=False) + "\n")
    data = buffer.getvalue().encode("utf-8")
    if path.suffix == ".gz":
        with (
            open(path, "wb") as raw,
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=3) as gz,
        ):
            gz.write(data)
    else:
        path.write_bytes(data)
