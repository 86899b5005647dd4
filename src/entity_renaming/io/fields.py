"""Field checks of an example as a whole, for every source (files, hub rows, Python objects).

* :func:`type_problem`: the field types a file reader guarantees, for examples it did not build (the
  Python API, hub rows), with the readers' messages (``expected str, got NoneType``);
* :func:`unencodable`: text that UTF-8 cannot encode (a lone surrogate such as ``"\\ud800"`` is valid
  JSON): nothing with one could be written, so the input is refused on reading.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from ..model import Answer, QAExample
from .errors import is_int, is_pair

_SURROGATE = re.compile("[\ud800-\udfff]")
_OPTIONAL = {"title", "context_id", "source_id", "plausible_answers", "context_tokens", "question_tokens",
             "is_impossible"}
_KINDS: dict[str, type | tuple[type, ...]] = {
    "id": str, "dataset": str, "source_format": str, "context": str, "question": str, "answers": list,
    "title": str, "context_id": str, "source_id": str, "is_impossible": bool, "plausible_answers": list,
    "answer_texts": list, "context_tokens": list, "question_tokens": list, "extra": dict,
    "context_extra": dict,
}


def _expected(name: str, kind: type | tuple[type, ...], value: Any) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return f"{name}: expected {'/'.join(k.__name__ for k in kinds)}, got {type(value).__name__}"


def type_problem(example: Any) -> str | None:
    """Why ``example`` is not a well-typed :class:`QAExample` (``field: message``), else ``None``."""
    if not isinstance(example, QAExample):
        return f"<example>: expected QAExample, got {type(example).__name__}"
    for f in fields(QAExample):
        value, kind = getattr(example, f.name), _KINDS[f.name]
        if value is None and f.name in _OPTIONAL:
            continue
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            return _expected(f.name, kind, value)
    if example.source_format not in ("mrqa", "squad"):
        return f"source_format: expected 'mrqa' or 'squad', got {example.source_format!r}"
    for key in ("answers", "plausible_answers"):
        for i, ans in enumerate(getattr(example, key) or ()):
            problem = _answer_problem(ans, f"{key}[{i}]", example.source_format)
            if problem:
                return problem
    for i, text in enumerate(example.answer_texts):
        if not isinstance(text, str):
            return _expected(f"answer_texts[{i}]", str, text)
    for key in ("context_tokens", "question_tokens"):
        for i, token in enumerate(getattr(example, key) or ()):
            if not (isinstance(token, (tuple, list)) and len(token) == 2 and isinstance(token[0], str)
                    and is_int(token[1])):
                return f"{key}[{i}]: expected [token, offset], got {token!r}"
    return None


def _answer_problem(ans: Any, name: str, source_format: str) -> str | None:
    if not isinstance(ans, Answer):
        return _expected(name, Answer, ans)
    if not isinstance(ans.text, str):
        return _expected(f"{name}.text", str, ans.text)
    if not isinstance(ans.char_spans, list) or not ans.char_spans:
        return f"{name}.char_spans: expected a non-empty list of (start, end) offsets, got {ans.char_spans!r}"
    if source_format == "squad" and len(ans.char_spans) != 1:
        return f"{name}.char_spans: a SQuAD answer has one span, got {len(ans.char_spans)}"
    for j, span in enumerate(ans.char_spans):
        if not is_pair(list(span) if isinstance(span, tuple) else span):
            return f"{name}.char_spans[{j}]: expected (start, end) integers, got {span!r}"
    if ans.token_spans is not None:
        if not isinstance(ans.token_spans, list) or len(ans.token_spans) != len(ans.char_spans):
            return f"{name}.token_spans: expected one (first, last) per char span, got {ans.token_spans!r}"
        for j, span in enumerate(ans.token_spans):
            if not is_pair(list(span) if isinstance(span, tuple) else span):
                return f"{name}.token_spans[{j}]: expected (first, last) integers, got {span!r}"
    if not isinstance(ans.extra, dict):
        return _expected(f"{name}.extra", dict, ans.extra)
    return None


def unencodable(example: QAExample, *, context: bool = True) -> str | None:
    """The first text field of ``example`` holding a lone surrogate (``field: message``), else ``None``.
    ``context=False`` leaves out the passage and its extra fields (already checked for an earlier
    question of the same passage)."""
    named: list[tuple[str, Any]] = [
        ("id", example.id), ("question", example.question), ("title", example.title),
        ("answers", [a.text for a in example.answers]), ("answer_texts", example.answer_texts),
        ("plausible_answers", [a.text for a in example.plausible_answers or ()]), ("extra", example.extra),
        ("answers.extra", [a.extra for a in example.all_answers()]),
    ]
    if context:
        named += [("context", example.context), ("context_extra", example.context_extra)]
    for name, value in named:
        found = unencodable_value(value, name)
        if found:
            return found
    return None


def unencodable_value(value: Any, name: str) -> str | None:
    """The first lone surrogate in ``value`` (a string, or lists and objects of them): ``field: message``."""
    if isinstance(value, str):
        match = _SURROGATE.search(value)
        if match is None:
            return None
        return (f"{name}: lone surrogate {match.group().encode('unicode_escape').decode()} at character "
                f"{match.start()}: not text UTF-8 can encode (a \\uD800-\\uDFFF escape without its pair)")
    if isinstance(value, dict):
        items = [(f"{name}.<key>", k) for k in value] + [(f"{name}.{k}", v) for k, v in value.items()]
    elif isinstance(value, (list, tuple)):
        items = [(f"{name}[{i}]", v) for i, v in enumerate(value)]
    else:
        return None
    for sub_name, sub in items:
        found = unencodable_value(sub, sub_name if isinstance(sub_name, str) else name)
        if found:
            return found
    return None
