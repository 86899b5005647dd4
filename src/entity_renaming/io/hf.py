"""Hugging Face rows ↔ :class:`QAExample`, using the hub's own schemas.

* ``mrqa-workshop/mrqa``: ``subset, context, context_tokens{tokens, offsets}, qid, question,
  question_tokens{tokens, offsets}, detected_answers{text, char_spans[{start, end}],
  token_spans[{start, end}]}, answers`` (char span ends inclusive);
* ``rajpurkar/squad_v2``: ``id, title, context, question, answers{text, answer_start}``.

The release adds ``plausible_answers`` / ``is_impossible`` (SQuAD 2.0), ``original_id`` and
``renamings``; the same functions read hub data and released configs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..model import Answer, QAExample, SourceFormat
from .errors import HubUnreachable, InputError
from .parsed import Parsed

HUB_SOURCES = {"squad_v2": "rajpurkar/squad_v2", "mrqa": "mrqa-workshop/mrqa"}
MRQA_SUBSETS = ("SQuAD", "NewsQA", "TriviaQA-web", "SearchQA", "HotpotQA", "NaturalQuestionsShort")


class RowError(ValueError):
    """A hub row that cannot be read as an example: which field, and why (the caller names the row)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


def _column(row: Mapping[str, Any], key: str) -> Any:
    if key not in row:
        raise RowError(key, "missing field")
    return row[key]


def _parallel(value: Any, field: str, keys: tuple[str, ...]) -> list[list]:
    """The lists ``value[key]`` of a struct column, checked to be lists of one length."""
    if not isinstance(value, Mapping):
        raise RowError(field, f"expected a struct of {', '.join(keys)}, got {type(value).__name__}")
    columns = []
    for key in keys:
        column = value.get(key)
        if not isinstance(column, (list, tuple)):
            raise RowError(f"{field}.{key}", f"expected a list, got {type(column).__name__}")
        columns.append(list(column))
    if len({len(c) for c in columns}) > 1:
        sizes = ", ".join(f"{len(c)} {key}" for key, c in zip(keys, columns, strict=True))
        raise RowError(field, f"lists of different lengths ({sizes})")
    return columns


def _tokens_in(value: dict[str, list] | None, field: str) -> list[tuple[str, int]] | None:
    if value is None:
        return None
    return list(zip(*_parallel(value, field, ("tokens", "offsets")), strict=True))


def _tokens_out(tokens: list[tuple[str, int]] | None) -> dict[str, list]:
    tokens = tokens or []
    return {"tokens": [t for t, _ in tokens], "offsets": [o for _, o in tokens]}


def _squad_answers_in(value: dict[str, list] | None, field: str) -> list[Answer]:
    if not value:
        return []
    texts, starts = _parallel(value, field, ("text", "answer_start"))
    return [
        Answer(t, [(s, s + len(t) if isinstance(t, str) and type(s) is int else s)])
        for t, s in zip(texts, starts, strict=True)
    ]


def _squad_answers_out(answers: list[Answer] | None) -> dict[str, list]:
    answers = answers or []
    return {"text": [a.text for a in answers], "answer_start": [a.char_spans[0][0] for a in answers]}


def mrqa_example(row: Mapping[str, Any], dataset: str) -> QAExample:
    """One ``mrqa-workshop/mrqa`` row (or released MRQA row) → a :class:`QAExample` (:class:`RowError`
    for a missing column or struct lists of different lengths; field types are checked on validation)."""
    texts, chars, toks = _parallel(
        _column(row, "detected_answers"), "detected_answers", ("text", "char_spans", "token_spans")
    )
    answers = []
    for i, (text, char, tok) in enumerate(zip(texts, chars, toks, strict=True)):
        starts, ends = _parallel(char, f"detected_answers.char_spans[{i}]", ("start", "end"))
        first, last = _parallel(tok, f"detected_answers.token_spans[{i}]", ("start", "end"))
        answers.append(
            Answer(
                text,
                [(s, e + 1 if type(e) is int else e) for s, e in zip(starts, ends, strict=True)],
                list(zip(first, last, strict=True)),
            )
        )
    answer_texts = _column(row, "answers")
    return QAExample(
        id=_column(row, "qid"),
        dataset=row.get("subset") or dataset,
        source_format="mrqa",
        context=_column(row, "context"),
        question=_column(row, "question"),
        answers=answers,
        context_id=row.get("context_id"),
        answer_texts=list(answer_texts) if isinstance(answer_texts, (list, tuple)) else answer_texts,
        context_tokens=_tokens_in(row.get("context_tokens"), "context_tokens"),
        question_tokens=_tokens_in(row.get("question_tokens"), "question_tokens"),
    )


def squad_example(row: Mapping[str, Any], dataset: str) -> QAExample:
    """One ``rajpurkar/squad_v2`` row (or released SQuAD 2.0 row) → a :class:`QAExample`
    (:class:`RowError` as :func:`mrqa_example`).

    Hub rows have no ``is_impossible`` (derived from ``answers``) and no ``plausible_answers`` (``None``:
    unknown, unlike ``[]``)."""
    plausible = row.get("plausible_answers")
    plausible_answers = _squad_answers_in(plausible, "plausible_answers") if plausible is not None else None
    answers = _squad_answers_in(_column(row, "answers"), "answers")
    impossible = row.get("is_impossible")
    return QAExample(
        id=_column(row, "id"),
        dataset=dataset,
        source_format="squad",
        context=_column(row, "context"),
        question=_column(row, "question"),
        answers=answers,
        title=row.get("title"),
        is_impossible=(not answers) if impossible is None else impossible,
        plausible_answers=plausible_answers,
    )


def rows_to_parsed(rows: Iterable[Mapping[str, Any]], source_format: SourceFormat, dataset: str,
                   source: str) -> Parsed:
    """Hub rows → unvalidated examples of ``source`` (validate with :func:`entity_renaming.io.validate`,
    which checks their field types); a row that cannot be read raises :class:`InputError` naming the row
    and field."""
    from .formats import get_format

    fmt = get_format(source_format)
    examples = []
    for i, row in enumerate(rows):
        try:
            examples.append(fmt.from_row(row, dataset))
        except RowError as err:
            raise InputError(f"{source}: row {i}", None, err.field, err.message) from None
        except (TypeError, ValueError, AttributeError, KeyError) as err:
            raise InputError(f"{source}: row {i}", None, "<row>", f"{type(err).__name__}: {err}") from None
    return Parsed(source, {}, examples, lambda i: None, typed=False)


def mrqa_row(ex: QAExample) -> dict[str, Any]:
    """A :class:`QAExample` → a row in the ``mrqa-workshop/mrqa`` schema."""
    return {
        "subset": ex.dataset,
        "context": ex.context,
        "context_tokens": _tokens_out(ex.context_tokens),
        "qid": ex.id,
        "question": ex.question,
        "question_tokens": _tokens_out(ex.question_tokens),
        "detected_answers": {
            "text": [a.text for a in ex.answers],
            "char_spans": [
                {"start": [s for s, _ in a.char_spans], "end": [e - 1 for _, e in a.char_spans]}
                for a in ex.answers
            ],
            "token_spans": [
                {"start": [s for s, _ in a.token_spans or []], "end": [e for _, e in a.token_spans or []]}
                for a in ex.answers
            ],
        },
        "answers": list(ex.answer_texts),
    }


def squad_row(ex: QAExample) -> dict[str, Any]:
    """A :class:`QAExample` → a row in the ``rajpurkar/squad_v2`` schema plus ``is_impossible`` and
    ``plausible_answers``."""
    return {
        "id": ex.id,
        "title": ex.title or "",
        "context": ex.context,
        "question": ex.question,
        "answers": _squad_answers_out(ex.answers),
        "is_impossible": bool(ex.is_impossible) if ex.is_impossible is not None else not ex.answers,
        "plausible_answers": _squad_answers_out(ex.plausible_answers),
    }


def _tokens_features() -> dict[str, Any]:
    from datasets import List, Value

    return {"tokens": List(Value("string")), "offsets": List(Value("int32"))}


def mrqa_features() -> dict[str, Any]:
    """``datasets`` features of an MRQA row."""
    from datasets import List, Value

    spans = {"start": List(Value("int32")), "end": List(Value("int32"))}
    return {
        "subset": Value("string"),
        "context": Value("string"),
        "context_tokens": _tokens_features(),
        "qid": Value("string"),
        "question": Value("string"),
        "question_tokens": _tokens_features(),
        "detected_answers": {
            "text": List(Value("string")),
            "char_spans": List(spans),
            "token_spans": List(spans),
        },
        "answers": List(Value("string")),
    }


def squad_features() -> dict[str, Any]:
    """``datasets`` features of a SQuAD 2.0 row."""
    from datasets import List, Value

    answers = {"text": List(Value("string")), "answer_start": List(Value("int32"))}
    return {
        "id": Value("string"),
        "title": Value("string"),
        "context": Value("string"),
        "question": Value("string"),
        "answers": answers,
        "is_impossible": Value("bool"),
        "plausible_answers": answers,
    }


def row_to_example(row: Mapping[str, Any], source_format: SourceFormat, dataset: str) -> QAExample:
    """One HF row (hub or release) of format ``source_format`` → a :class:`QAExample`."""
    from .formats import get_format

    return get_format(source_format).from_row(row, dataset)


def example_to_row(ex: QAExample) -> dict[str, Any]:
    """A :class:`QAExample` → a row in the hub schema of its source format."""
    from .formats import format_of

    return format_of(ex).to_row(ex)


def hub_rows(
    repo_id: str,
    split: str,
    *,
    subset: str | None = None,
    cache_dir: str | None = None,
    revision: str | None = None,
) -> Parsed:
    """Rows of ``rajpurkar/squad_v2`` (split ``validation``) or ``mrqa-workshop/mrqa`` via ``datasets``,
    as unvalidated examples (validate with :func:`entity_renaming.io.validate`).

    For MRQA, ``subset`` keeps one source dataset (e.g. ``TriviaQA-web``). ``repo_id`` may also be
    a local folder or a mirror laid out like the hub repository.
    """
    import datasets

    from .formats import MRQA, format_for_columns

    try:
        rows = datasets.load_dataset(repo_id, split=split, cache_dir=cache_dir, revision=revision)
    except (ConnectionError, FileNotFoundError) as err:  # hub unreachable or offline, repo or split unknown
        raise HubUnreachable(
            repo_id, None, split,
            f"cannot load this split with `datasets` ({err}); offline, pass a local copy "
            "(--input FILE, or --hub FOLDER laid out like the hub repository)",
        ) from None
    fmt = format_for_columns(rows.column_names)
    if fmt is MRQA and subset is not None:
        rows = rows.filter(lambda r: r["subset"] == subset)
    dataset = subset or repo_id.rstrip("/").split("/")[-1]
    return rows_to_parsed(rows, fmt.name, dataset, f"{repo_id}[{split}]")


def load_hub_examples(
    repo_id: str,
    split: str,
    *,
    subset: str | None = None,
    cache_dir: str | None = None,
    revision: str | None = None,
) -> list[QAExample]:
    """Validated examples of a hub split; an invalid row is an :class:`~entity_renaming.io.InputError`
    (:func:`entity_renaming.io.load_hub_input` lists them instead)."""
    from . import validate

    parsed = hub_rows(repo_id, split, subset=subset, cache_dir=cache_dir, revision=revision)
    return validate(parsed).strict().examples
