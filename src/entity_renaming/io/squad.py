"""SQuAD 2.0 JSON: ``{"version", "data": [{"title", "paragraphs": [{"context", "qas": [...]}]}]}``.

Each qa has ``id``, ``question``, ``answers`` ([{text, answer_start}]), and in SQuAD 2.0
``is_impossible`` and (for unanswerable questions) ``plausible_answers``. Unknown keys are kept.

Reading is linear in the file size: the JSON is parsed once and line numbers are looked up only when a
message needs one. Each article keeps its own identity (``context_id`` is ``"{article}/{paragraph}"``),
so two articles that share a title are written back as two articles.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..model import Answer, QAExample
from .errors import InputError, parse_json, require
from .parsed import Parsed

_QA_KEYS = ("question", "id", "answers", "is_impossible", "plausible_answers")
_ANSWER_KEYS = ("text", "answer_start")
ARTICLE = "__article__"


#: A JSON escape of a surrogate code point: only a file holding one can hold a lone surrogate.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_ID_VALUE = re.compile(r'"id"\s*:\s*("(?:[^"\\]|\\.)*")')


class _Lines:
    """Line numbers in the raw text, found on demand (only for messages)."""

    def __init__(self, raw: str) -> None:
        self.raw = raw

    def id_lines(self, ids: list[str]) -> Callable[[int], int | None]:
        """``line_of(i)`` for examples with ids ``ids``: the ``k``-th example with an id is at the ``k``-th
        ``"id": value`` of that value. The file is indexed once, on the first call, so that a file with
        many rejected examples is read in linear time."""
        index: list[int | None] = []

        def line_of(i: int) -> int | None:
            if not index:
                index.extend(self._id_index(ids))
            return index[i]

        return line_of

    def _id_index(self, ids: list[str]) -> list[int | None]:
        lines: dict[str, list[int]] = {}
        line, pos = 1, 0
        for match in _ID_VALUE.finditer(self.raw):
            line += self.raw.count("\n", pos, match.start())
            pos = match.start()
            lines.setdefault(json.loads(match.group(1)), []).append(line)
        seen: Counter[str] = Counter()
        out: list[int | None] = []
        for qid in ids:
            found, k = lines.get(qid, ()), seen[qid]
            seen[qid] += 1
            out.append(found[k] if k < len(found) else None)
        return out

    def _line(self, pos: int) -> int:
        return self.raw.count("\n", 0, pos) + 1

    def of_value(self, key: str, value: str, occurrence: int = 0) -> int | None:
        """Line of the ``occurrence``-th ``"key": value`` in the file, else ``None``."""
        pattern = re.compile(rf'"{key}"\s*:\s*' + re.escape(json.dumps(value, ensure_ascii=False)))
        for i, match in enumerate(pattern.finditer(self.raw)):
            if i == occurrence:
                return self._line(match.start())
        if value.isascii():
            return None
        ascii_pattern = re.compile(rf'"{key}"\s*:\s*' + re.escape(json.dumps(value)))
        for i, match in enumerate(ascii_pattern.finditer(self.raw)):
            if i == occurrence:
                return self._line(match.start())
        return None


def decode(path: Path, data: bytes) -> str:
    """UTF-8 text of ``data``; an error names the line of the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise InputError(
            path, line, "<encoding>", f"not UTF-8: byte {data[err.start]:#04x} at column {column}"
        ) from None


def read_squad(path: str | Path, dataset: str | None = None) -> Parsed:
    """Parse SQuAD 2.0 JSON → examples in file order (structure checked; ``meta`` is the top level
    without ``data``)."""
    path = Path(path)
    raw = decode(path, path.read_bytes())
    doc = parse_json(raw, path)
    lines = _Lines(raw)
    articles = require(doc, "data", list, path, 1)  # ``[]``: an empty config (an input must not be empty)
    # A SQuAD 2.0 file is the ``squad2`` dataset whatever its file name (config names, AfriSQuAD2).
    dataset = dataset or ("squad2" if doc.get("version") == "v2.0" else path.name.split(".")[0])
    reader = _Reader(path, lines, dataset)
    for ai, article in enumerate(articles):
        reader.article(ai, article)
    meta = {k: v for k, v in doc.items() if k != "data"}
    line_of = lines.id_lines([ex.id for ex in reader.examples])
    return Parsed(path, meta, reader.examples, line_of, surrogates=bool(SURROGATE_ESCAPE.search(raw)))


class _Reader:
    """Walks the document; on a structural error looks up the nearest line it can name."""

    def __init__(self, path: Path, lines: _Lines, dataset: str) -> None:
        self.path, self.lines, self.dataset = path, lines, dataset
        self.examples: list[QAExample] = []

    def _require(self, record: Any, key: str, kind: type, prefix: str, anchor: tuple[str, str] | None) -> Any:
        """``record[key]`` of type ``kind``: a fast check (JSON values have exact types, so ``True`` is not
        an ``int`` here), the full one with a line number only when it fails."""
        value = record.get(key) if type(record) is dict else None
        if type(value) is kind:
            return value
        try:
            return require(record, key, kind, self.path, None, prefix)
        except InputError as err:
            line = self.lines.of_value(*anchor) if anchor else None
            raise InputError(self.path, line, err.field, err.message) from None

    def article(self, ai: int, article: Any) -> None:
        prefix = f"data[{ai}]."
        if not isinstance(article, dict):
            raise InputError(
                self.path, None, f"data[{ai}]", f"expected an object, got {type(article).__name__}"
            )
        title = article.get("title")
        if title is not None and not isinstance(title, str):
            raise InputError(
                self.path, None, f"{prefix}title", f"expected a string, got {type(title).__name__}"
            )
        anchor = ("title", title) if title else None
        extra = {ARTICLE: {k: v for k, v in article.items() if k not in ("title", "paragraphs")}}
        for pi, para in enumerate(self._require(article, "paragraphs", list, prefix, anchor)):
            p_prefix = f"{prefix}paragraphs[{pi}]."
            context = self._require(para, "context", str, p_prefix, anchor)
            context_extra = extra | {k: v for k, v in para.items() if k not in ("context", "qas")}
            for qi, qa in enumerate(self._require(para, "qas", list, p_prefix, anchor)):
                q_prefix = f"{p_prefix}qas[{qi}]."
                qid = self._require(qa, "id", str, q_prefix, anchor)
                self.examples.append(
                    self._example(qa, qid, q_prefix, title, f"{ai}/{pi}", context, context_extra)
                )

    def _example(
        self,
        qa: dict,
        qid: str,
        prefix: str,
        title: str | None,
        context_id: str,
        context: str,
        context_extra: dict[str, Any],
    ) -> QAExample:
        anchor = ("id", qid)
        impossible = qa.get("is_impossible")
        if impossible is not None and not isinstance(impossible, bool):
            self._require(qa, "is_impossible", bool, prefix, anchor)
        plausible = (
            self._answers(qa, "plausible_answers", prefix, anchor) if "plausible_answers" in qa else None
        )
        return QAExample(
            id=qid,
            dataset=self.dataset,
            source_format="squad",
            context=context,
            question=self._require(qa, "question", str, prefix, anchor),
            answers=self._answers(qa, "answers", prefix, anchor),
            title=title,
            context_id=context_id,
            is_impossible=impossible,
            plausible_answers=plausible,
            extra={k: v for k, v in qa.items() if k not in _QA_KEYS},
            context_extra=context_extra,
        )

    def _answers(self, qa: dict, key: str, prefix: str, anchor: tuple[str, str]) -> list[Answer]:
        out = []
        for i, ans in enumerate(self._require(qa, key, list, prefix, anchor)):
            text, start = (ans.get("text"), ans.get("answer_start")) if type(ans) is dict else (None, None)
            if type(text) is not str or type(start) is not int:
                a_prefix = f"{prefix}{key}[{i}]."
                text = self._require(ans, "text", str, a_prefix, anchor)
                start = self._require(ans, "answer_start", int, a_prefix, anchor)
            extra = {k: v for k, v in ans.items() if k not in _ANSWER_KEYS} if len(ans) > 2 else {}
            out.append(Answer(text=text, char_spans=[(start, start + len(text))], extra=extra))
        return out


# --- writing ------------------------------------------------------------------------------------


def _answer_json(answers: list[Answer]) -> list[dict[str, Any]]:
    return [{"text": a.text, "answer_start": a.char_spans[0][0], **a.extra} for a in answers]


def article_key(example: QAExample) -> tuple[str | None, str | None]:
    """Which article ``example`` belongs to: its article index when read from a file (two articles with
    one title stay apart), else its title (hub rows carry no article boundaries)."""
    article = (
        example.context_id.partition("/")[0] if example.context_id and "/" in example.context_id else None
    )
    return article, example.title


def squad_document(examples: Iterable[QAExample], meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """Group examples by article and paragraph (first-appearance order) into a SQuAD document."""
    articles: dict[Any, dict[Any, list[QAExample]]] = {}
    for ex in examples:
        articles.setdefault(article_key(ex), {}).setdefault((ex.context_id, ex.context), []).append(ex)
    data = []
    for (_, title), paragraphs in articles.items():
        first = next(iter(paragraphs.values()))[0]
        article: dict[str, Any] = {"title": title} if title is not None else {}
        article.update(first.context_extra.get(ARTICLE, {}))
        article["paragraphs"] = []
        for group in paragraphs.values():
            para: dict[str, Any] = {"qas": [_qa_json(ex) for ex in group], "context": group[0].context}
            para.update({k: v for k, v in group[0].context_extra.items() if k != ARTICLE})
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
