"""MRQA 2019 jsonl / jsonl.gz: one header line, then one record per context.

Record: ``id``, ``context``, ``context_tokens`` ([token, offset] pairs) and ``qas``; each qa has
``qid``, ``question``, ``question_tokens``, ``answers`` (free-text gold) and ``detected_answers``
with **inclusive** ``char_spans`` and ``token_spans``. Unknown keys are kept (``extra``).

The reader checks structure (JSON, types, bools are not offsets, token pairs, one token span per char
span) and raises :class:`InputError` naming file, line and field; whether spans and tokens match the
passage is checked by :meth:`entity_renaming.io.formats.Format.problems`, per example.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..model import Answer, QAExample
from .errors import InputError, is_int, is_pair, parse_json, require
from .parsed import Parsed
from .squad import SURROGATE_ESCAPE

_RECORD_KEYS = ("id", "context", "context_tokens", "qas")
_QA_KEYS = ("answers", "question", "id", "qid", "question_tokens", "detected_answers")
GZIP_MAGIC = b"\x1f\x8b"


def open_text(path: str | Path, mode: str = "rt"):
    """Open plain or gzip UTF-8 text by suffix, for files this package wrote (inputs: :func:`read_lines`)."""
    if str(path).endswith(".gz"):
        return gzip.open(path, mode, encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def _raw_lines(path: Path) -> Iterator[bytes]:
    """The file's lines as bytes, gunzipped when the file starts with the gzip magic or ends in ``.gz``."""
    with open(path, "rb") as raw:
        compressed = raw.read(2) == GZIP_MAGIC
    if str(path).endswith(".gz") and not compressed:
        raise InputError(path, None, "<gzip>", "not a gzip file (the name ends in .gz)")
    if not compressed:
        with open(path, "rb") as handle:
            yield from handle
        return
    line_no = 0
    try:
        with gzip.open(path, "rb") as handle:
            for line in handle:
                line_no += 1
                yield line
    except (OSError, EOFError, zlib.error) as err:  # BadGzipFile (bad header, CRC, length) is an OSError
        raise InputError(path, line_no + 1, "<gzip>", f"corrupt or truncated gzip data: {err}") from None


def read_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """``(line number, decoded line)`` of a UTF-8 text file, plain or gzip; errors name the line."""
    path = Path(path)
    for line_no, raw in enumerate(_raw_lines(path), start=1):
        try:
            yield line_no, raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise InputError(
                path,
                line_no,
                "<encoding>",
                f"not UTF-8: byte {raw[err.start]:#04x} at column {err.start + 1}",
            ) from None


def read_mrqa(path: str | Path, dataset: str | None = None) -> Parsed:
    """Parse an MRQA file → examples in file order with their line numbers (structure checked)."""
    path = Path(path)
    header: dict[str, Any] = {}
    examples: list[QAExample] = []
    lines: list[int] = []
    surrogates = False
    for line_no, line in read_lines(path):
        if not line.strip():
            continue
        record = parse_json(line, path, line_no)
        surrogates = surrogates or ("\\u" in line and SURROGATE_ESCAPE.search(line) is not None)
        if isinstance(record, dict) and "header" in record and not examples and not header:
            header = record
            continue
        for example in parse_record(record, path, line_no, dataset or _dataset(header, path)):
            examples.append(example)
            lines.append(line_no)
    return Parsed(path, header, examples, lines.__getitem__, surrogates=surrogates)


def _dataset(header: dict[str, Any], path: Path) -> str:
    info = header.get("header")
    name = info.get("dataset") if isinstance(info, dict) else None
    return str(name or path.name.split(".")[0])


def _tokens(value: Any, path: Path, line: int, field: str) -> list[tuple[str, int]]:
    if not isinstance(value, list):
        raise InputError(
            path, line, field, f"expected a list of [token, offset] pairs, got {type(value).__name__}"
        )
    out = []
    for i, pair in enumerate(value):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and is_int(pair[1])):
            raise InputError(path, line, f"{field}[{i}]", f"expected [token, offset], got {pair!r}")
        out.append((pair[0], pair[1]))
    return out


def _strings(value: list, path: Path, line: int, field: str) -> list[str]:
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise InputError(path, line, f"{field}[{i}]", f"expected a string, got {type(item).__name__}")
    return list(value)


def parse_record(record: Any, path: Path, line: int, dataset: str) -> Iterator[QAExample]:
    """One MRQA context record → its QA examples (structure checked)."""
    context = require(record, "context", str, path, line)
    qas = require(record, "qas", list, path, line)
    ctx_tokens = (
        _tokens(record["context_tokens"], path, line, "context_tokens")
        if "context_tokens" in record
        else None
    )
    context_id = record.get("id")
    if context_id is not None and not isinstance(context_id, str):
        raise InputError(path, line, "id", f"expected a string, got {type(context_id).__name__}")
    context_extra = {k: v for k, v in record.items() if k not in _RECORD_KEYS}
    for qi, qa in enumerate(qas):
        prefix = f"qas[{qi}]."
        qid = require(qa, "qid", str, path, line, prefix)
        question = require(qa, "question", str, path, line, prefix)
        texts = _strings(require(qa, "answers", list, path, line, prefix), path, line, f"{prefix}answers")
        answers = [
            _detected(det, path, line, f"{prefix}detected_answers[{ai}].")
            for ai, det in enumerate(require(qa, "detected_answers", list, path, line, prefix))
        ]
        yield QAExample(
            id=qid,
            dataset=dataset,
            source_format="mrqa",
            context=context,
            question=question,
            answers=answers,
            context_id=context_id,
            source_id=qa.get("id"),
            answer_texts=texts,
            context_tokens=ctx_tokens,
            question_tokens=_tokens(qa["question_tokens"], path, line, f"{prefix}question_tokens")
            if "question_tokens" in qa
            else None,
            extra={k: v for k, v in qa.items() if k not in _QA_KEYS},
            context_extra=context_extra,
        )


def _pairs(det: dict, key: str, path: Path, line: int, prefix: str) -> list[tuple[int, int]]:
    out = []
    for si, span in enumerate(require(det, key, list, path, line, prefix)):
        if not is_pair(span):
            raise InputError(
                path, line, f"{prefix}{key}[{si}]", f"expected [start, end] integers, got {span!r}"
            )
        out.append((span[0], span[1]))
    return out


def _detected(det: Any, path: Path, line: int, prefix: str) -> Answer:
    text = require(det, "text", str, path, line, prefix)
    spans = [(start, end + 1) for start, end in _pairs(det, "char_spans", path, line, prefix)]
    token_spans = None
    if "token_spans" in det:
        token_spans = _pairs(det, "token_spans", path, line, prefix)
        if len(token_spans) != len(spans):
            raise InputError(
                path,
                line,
                f"{prefix}token_spans",
                f"{len(token_spans)} token span(s) for {len(spans)} char span(s)",
            )
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
