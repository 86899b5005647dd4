"""SQuAD 2.0 JSON: ``{"version", "data": [{"title", "paragraphs": [{"context", "qas": [...]}]}]}``.

Each qa has ``id``, ``question``, ``answers`` ([{text, answer_start}]), and in SQuAD 2.0
``is_impossible`` and (for unanswerable questions) ``plausible_answers``. Unknown keys are kept.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..model import Answer, QAExample
from .errors import InputError, require

_QA_KEYS = ("question", "id", "answers", "is_impossible", "plausible_answers")


class _LineFinder:
    """Line numbers of question ids in the raw file, for error messages."""

    def __init__(self, raw: str) -> None:
        self.raw = raw

    def line_of(self, needle: str | None, default: int | None = None) -> int | None:
        if not needle:
            return default
        pos = self.raw.find(json.dumps(needle))
        return self.raw.count("\n", 0, pos) + 1 if pos >= 0 else default


def read_squad(path: str | Path, dataset: str | None = None) -> tuple[dict[str, Any], list[QAExample]]:
    """Read SQuAD 2.0 JSON → (top-level metadata without ``data``, examples in file order)."""
    path = Path(path)
    raw = path.read_text(encoding="utf-8")
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as err:
        raise InputError(path, err.lineno, "<json>", f"malformed JSON: {err.msg}") from None
    lines = _LineFinder(raw)
    articles = require(doc, "data", list, path, 1)
    # A SQuAD 2.0 file is the ``squad2`` dataset whatever its file name (config names, AfriSQuAD2).
    dataset = dataset or ("squad2" if doc.get("version") == "v2.0" else path.name.split(".")[0])
    examples: list[QAExample] = []
    for ai, article in enumerate(articles):
        a_prefix = f"data[{ai}]."
        title = article.get("title") if isinstance(article, dict) else None
        a_line = lines.line_of(title, 1)
        for pi, para in enumerate(require(article, "paragraphs", list, path, a_line, a_prefix)):
            p_prefix = f"{a_prefix}paragraphs[{pi}]."
            context = require(para, "context", str, path, a_line, p_prefix)
            context_extra = {k: v for k, v in para.items() if k not in ("context", "qas")}
            for qi, qa in enumerate(require(para, "qas", list, path, a_line, p_prefix)):
                prefix = f"{p_prefix}qas[{qi}]."
                line = lines.line_of(qa.get("id") if isinstance(qa, dict) else None, a_line)
                qid = require(qa, "id", str, path, line, prefix)
                plausible = None
                if "plausible_answers" in qa:
                    plausible = _answers(qa, "plausible_answers", context, path, line, prefix)
                examples.append(
                    QAExample(
                        id=qid,
                        dataset=dataset,
                        source_format="squad",
                        context=context,
                        question=require(qa, "question", str, path, line, prefix),
                        answers=_answers(qa, "answers", context, path, line, prefix),
                        title=title,
                        context_id=f"{ai}/{pi}",
                        is_impossible=qa.get("is_impossible"),
                        plausible_answers=plausible,
                        extra={k: v for k, v in qa.items() if k not in _QA_KEYS},
                        context_extra={
                            "__article__": {
                                k: v for k, v in article.items() if k not in ("title", "paragraphs")
                            }
                        }
                        | context_extra,
                    )
                )
    meta = {k: v for k, v in doc.items() if k != "data"}
    return meta, examples


def _answers(qa: dict, key: str, context: str, path: Path, line: int | None, prefix: str) -> list[Answer]:
    out = []
    for i, ans in enumerate(require(qa, key, list, path, line, prefix)):
        a_prefix = f"{prefix}{key}[{i}]."
        text = require(ans, "text", str, path, line, a_prefix)
        start = require(ans, "answer_start", int, path, line, a_prefix)
        if not 0 <= start <= start + len(text) <= len(context):
            raise InputError(
                path,
                line,
                f"{a_prefix}answer_start",
                f"{start} + len({text!r}) outside the context (length {len(context)})",
            )
        extra = {k: v for k, v in ans.items() if k not in ("text", "answer_start")}
        out.append(Answer(text=text, char_spans=[(start, start + len(text))], extra=extra))
    return out


def _answer_json(answers: list[Answer]) -> list[dict[str, Any]]:
    return [{"text": a.text, "answer_start": a.char_spans[0][0], **a.extra} for a in answers]


def squad_document(examples: Iterable[QAExample], meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """Group examples by article title and paragraph (first-appearance order) into a SQuAD document."""
    articles: dict[Any, dict[Any, list[QAExample]]] = {}
    for ex in examples:
        article_key = ex.title
        articles.setdefault(article_key, {}).setdefault((ex.context_id, ex.context), []).append(ex)
    data = []
    for title, paragraphs in articles.items():
        first = next(iter(paragraphs.values()))[0]
        article: dict[str, Any] = {"title": title} if title is not None else {}
        article.update(first.context_extra.get("__article__", {}))
        article["paragraphs"] = []
        for group in paragraphs.values():
            para: dict[str, Any] = {"qas": [_qa_json(ex) for ex in group], "context": group[0].context}
            para.update({k: v for k, v in group[0].context_extra.items() if k != "__article__"})
            article["paragraphs"].append(para)
        data.append(article)
    return {**(meta or {"version": "v2.0"}), "data": data}


def _qa_json(ex: QAExample) -> dict[str, Any]:
    qa: dict[str, Any] = {"question": ex.question, "id": ex.id, "answers": _answer_json(ex.answers)}
    if ex.is_impossible is not None:
        qa["is_impossible"] = ex.is_impossible
    if ex.plausible_answers is not None:
        qa["plausible_answers"] = _answer_json(ex.plausible_answers)
    qa.update(ex.extra)
    return qa


def write_squad(path: str | Path, examples: Iterable[QAExample], meta: dict[str, Any] | None = None) -> None:
    """Write SQuAD 2.0 JSON with deterministic bytes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(squad_document(examples, meta), ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")
