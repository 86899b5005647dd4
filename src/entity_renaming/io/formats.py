"""The two input formats as objects: everything that differs between MRQA and SQuAD 2.0 lives here.

A :class:`Format` owns reading and writing its files, its Hugging Face rows and ``datasets`` features,
the answer checks every example passes (on reading and after renaming), the gold answers and metric of
its official evaluation script, and whether a question may have no answer. Code outside ``io/`` asks
``format_of(example)`` / ``get_format(name)`` instead of testing ``source_format`` strings.

Answer checks (:meth:`Format.problems`), per example:

* SQuAD 2.0: every answer and plausible answer equals its passage slice exactly (``answer_start`` is
  right); ``is_impossible`` agrees with ``answers``.
* MRQA: every ``char_spans`` entry lies in the passage, is not reversed, and its slice equals the
  answer ``text`` **after SQuAD normalisation** (case, punctuation, articles, spaces). The official MRQA
  SQuAD dev file has 226 of 34,727 spans whose slice drops a leading article or trailing comma of the
  text (``"The Broncos"`` → ``Broncos``) — the official MRQA evaluation compares normalised strings,
  so those are accepted and kept as they are. Every ``context_tokens`` / ``question_tokens`` entry
  sits at its offset; every ``token_spans`` entry lies in the tokens, its first token contains the
  span's first character and its last token the span's last character.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from ..model import Answer, QAExample, SourceFormat, Token, normalize_answer
from ..ner.backend import too_long
from . import hf
from .mrqa import read_mrqa, write_mrqa
from .parsed import Parsed
from .squad import read_squad, write_squad


class Format:
    """One input format. Subclasses fill in the class attributes and the format-specific methods."""

    name: ClassVar[SourceFormat]
    label: ClassVar[str]
    hub_repo: ClassVar[str]
    #: Whether a question may have no answer (the model may answer "").
    allows_null: ClassVar[bool]

    # --- files ------------------------------------------------------------------------------------
    def suffix(self, compressed: bool = False) -> str:
        raise NotImplementedError

    def parse(self, path: str | Path, dataset: str | None = None) -> Parsed:
        raise NotImplementedError

    def write(self, path: str | Path, examples: Iterable[QAExample], meta: dict[str, Any] | None) -> None:
        raise NotImplementedError

    def config_meta(self, meta: dict[str, Any] | None, config: str) -> dict[str, Any] | None:
        """The file-level metadata of config ``config`` built from an input with metadata ``meta``."""
        raise NotImplementedError

    # --- hub rows ---------------------------------------------------------------------------------
    def to_row(self, example: QAExample) -> dict[str, Any]:
        raise NotImplementedError

    def from_row(self, row: Mapping[str, Any], dataset: str) -> QAExample:
        raise NotImplementedError

    def features(self) -> dict[str, Any]:
        """The ``datasets`` features of a row (hub schema; a release adds its own columns)."""
        raise NotImplementedError

    # --- answers ----------------------------------------------------------------------------------
    def answer_matches(self, piece: str, text: str) -> bool:
        """Whether passage slice ``piece`` is an acceptable location of answer ``text``."""
        raise NotImplementedError

    def problems(self, example: QAExample, *, tokens: bool = True) -> list[str]:
        """Why ``example`` is unusable for span-based QA (``field: message``); empty when it is legal.
        ``tokens=False``: answers only, not whether each context/question token stands at its offset."""
        raise NotImplementedError

    def input_problems(self, example: QAExample) -> list[str]:
        """:meth:`problems` plus what makes an input example unbuildable at all: a passage longer than NER
        accepts (:func:`entity_renaming.ner.backend.too_long`; spaCy would stop with E088), an empty
        question."""
        reason = too_long(example.context)
        if reason:
            return [f"context: {reason}"]
        empty = [] if example.question.strip() else ["question: empty question"]
        return empty + self.problems(example)

    def gold_answers(self, example: QAExample) -> list[str]:
        """The gold strings the format's official evaluation script scores against."""
        raise NotImplementedError

    def has_answer(self, example: QAExample) -> bool:
        """Whether the official script counts the question as answerable."""
        raise NotImplementedError

    def pair_f1(self, prediction: str, gold: str) -> float:
        """F1 of one prediction against one gold string, as the official script computes it."""
        raise NotImplementedError

    def score(
        self, predictions: dict[str, str], examples: Iterable[QAExample], **kwargs: Any
    ) -> dict[str, Any]:
        """The official evaluation dict of the format (see :mod:`entity_renaming.evaluation.scoring`)."""
        raise NotImplementedError

    def no_answer_entity_reason(self, example: QAExample) -> str | None:
        """Why ``example`` can have no answer entity whatever its passage says, else ``None``."""
        return None

    # --- shared checks ----------------------------------------------------------------------------
    def _slice_problem(
        self, example: QAExample, field: str, ans: Answer, span: tuple[int, int]
    ) -> str | None:
        start, end = span
        n = len(example.context)
        if start < 0 or end > n:
            return f"{field}: {self._show(span)} is outside the passage (length {n})"
        piece = example.context[start:end]
        if not self.answer_matches(piece, ans.text):
            return f"{field}: text {ans.text!r} != passage slice {piece!r} at {self._show(span)}"
        return None

    def _show(self, span: tuple[int, int]) -> str:
        raise NotImplementedError


class MRQAFormat(Format):
    name = "mrqa"
    label = "MRQA 2019"
    hub_repo = "mrqa-workshop/mrqa"
    allows_null = False

    def suffix(self, compressed: bool = False) -> str:
        return ".jsonl.gz" if compressed else ".jsonl"

    def parse(self, path: str | Path, dataset: str | None = None) -> Parsed:
        return read_mrqa(path, dataset)

    def write(self, path: str | Path, examples: Iterable[QAExample], meta: dict[str, Any] | None) -> None:
        write_mrqa(path, examples, meta)

    def config_meta(self, meta: dict[str, Any] | None, config: str) -> dict[str, Any] | None:
        """Always a header naming the config: an empty config is then a header line, not a 0-byte file."""
        header = dict(meta.get("header", {})) if meta else {}
        return {"header": {**header, "config": config}}

    def to_row(self, example: QAExample) -> dict[str, Any]:
        return hf.mrqa_row(example)

    def from_row(self, row: Mapping[str, Any], dataset: str) -> QAExample:
        return hf.mrqa_example(row, dataset)

    def features(self) -> dict[str, Any]:
        return hf.mrqa_features()

    def answer_matches(self, piece: str, text: str) -> bool:
        return piece == text or normalize_answer(piece) == normalize_answer(text)

    def _show(self, span: tuple[int, int]) -> str:
        return f"[{span[0]}, {span[1] - 1}]"

    def problems(self, example: QAExample, *, tokens: bool = True) -> list[str]:
        problems = []
        context_tokens = example.context_tokens
        for i, ans in enumerate(example.answers):
            for j, span in enumerate(ans.char_spans):
                field = f"detected_answers[{i}].char_spans[{j}]"
                if span[1] <= span[0]:
                    problems.append(f"{field}: reversed span {self._show(span)} (end before start)")
                    continue
                problem = self._slice_problem(example, field, ans, span)
                if problem:
                    problems.append(problem)
                elif ans.token_spans is not None and context_tokens is not None:
                    token_problem = _token_span_problem(context_tokens, span, ans.token_spans[j])
                    if token_problem:
                        problems.append(f"detected_answers[{i}].token_spans[{j}]: {token_problem}")
        if tokens:
            problems.extend(self._context_token_problems(example))
            problems.extend(token_problems("question_tokens", example.question, example.question_tokens))
        return problems

    _last_tokens: tuple[object, object, list[str]] | None = None

    def _context_token_problems(self, example: QAExample) -> list[str]:
        """Context tokens are checked once per record: the questions of a record share the objects."""
        last = self._last_tokens
        if last is not None and last[0] is example.context_tokens and last[1] is example.context:
            return last[2]
        problems = token_problems("context_tokens", example.context, example.context_tokens)
        self._last_tokens = (example.context_tokens, example.context, problems)
        return problems

    def gold_answers(self, example: QAExample) -> list[str]:
        """The free-text ``answers`` (falling back to the detected answers' texts)."""
        return list(example.answer_texts) or [a.text for a in example.answers]

    def has_answer(self, example: QAExample) -> bool:
        return True

    def pair_f1(self, prediction: str, gold: str) -> float:
        from ..evaluation.scoring import f1_v1

        return f1_v1(prediction, gold)

    def score(
        self, predictions: dict[str, str], examples: Iterable[QAExample], **kwargs: Any
    ) -> dict[str, Any]:
        from ..evaluation.scoring import mrqa_scores

        return mrqa_scores(predictions, examples)


class Squad2Format(Format):
    name = "squad"
    label = "SQuAD 2.0"
    hub_repo = "rajpurkar/squad_v2"
    allows_null = True

    def suffix(self, compressed: bool = False) -> str:
        return ".json"

    def parse(self, path: str | Path, dataset: str | None = None) -> Parsed:
        return read_squad(path, dataset)

    def write(self, path: str | Path, examples: Iterable[QAExample], meta: dict[str, Any] | None) -> None:
        write_squad(path, examples, meta)

    def config_meta(self, meta: dict[str, Any] | None, config: str) -> dict[str, Any] | None:
        return {**(meta or {}), "config": config}

    def to_row(self, example: QAExample) -> dict[str, Any]:
        return hf.squad_row(example)

    def from_row(self, row: Mapping[str, Any], dataset: str) -> QAExample:
        return hf.squad_example(row, dataset)

    def features(self) -> dict[str, Any]:
        return hf.squad_features()

    def answer_matches(self, piece: str, text: str) -> bool:
        return piece == text

    def _show(self, span: tuple[int, int]) -> str:
        return f"answer_start {span[0]}"

    def problems(self, example: QAExample, *, tokens: bool = True) -> list[str]:
        problems = []
        groups = (("answers", example.answers), ("plausible_answers", example.plausible_answers or []))
        for key, answers in groups:
            for i, ans in enumerate(answers):
                field = f"{key}[{i}].answer_start"
                if not ans.text:
                    problems.append(f"{key}[{i}].text: empty answer")
                    continue
                problem = self._slice_problem(example, field, ans, ans.char_spans[0])
                if problem:
                    problems.append(problem)
        if example.is_impossible is True and example.answers:
            problems.append("is_impossible: true, but the question has answers")
        if example.is_impossible is False and not example.answers:
            problems.append("is_impossible: false, but the question has no answers")
        return problems

    def gold_answers(self, example: QAExample) -> list[str]:
        """``evaluate-v2.0.py``: answer texts that do not normalise to empty, else ``[""]``."""
        golds = [a.text for a in example.answers if normalize_answer(a.text)]
        return golds or [""]

    def has_answer(self, example: QAExample) -> bool:
        """``evaluate-v2.0.py``: ``bool(qa['answers'])``, even when every answer normalises to empty."""
        return bool(example.answers)

    def pair_f1(self, prediction: str, gold: str) -> float:
        from ..evaluation.scoring import f1

        return f1(prediction, gold)

    def score(
        self, predictions: dict[str, str], examples: Iterable[QAExample], **kwargs: Any
    ) -> dict[str, Any]:
        from ..evaluation.scoring import squad_v2_scores

        return squad_v2_scores(predictions, examples, **kwargs)

    def no_answer_entity_reason(self, example: QAExample) -> str | None:
        if not example.answers and example.plausible_answers is None:
            return (
                "no perturbable answer entity: unanswerable, and the source gives no plausible answers "
                "(rows of rajpurkar/squad_v2 carry none)"
            )
        return None


def token_problems(field: str, text: str, tokens: list[Token] | None) -> list[str]:
    """The first token of ``tokens`` that does not stand at its offset in ``text`` (``field[j]: …``)."""
    if not tokens:
        return []
    words, offsets = zip(*tokens, strict=True)
    if min(offsets) >= 0 and all(map(text.startswith, words, offsets)):  # C-speed on the common path
        return []
    for j, (tok, off) in enumerate(tokens):
        if off < 0 or not text.startswith(tok, off):
            return [f"{field}[{j}]: token {tok!r} is not at offset {off}"]
    return []


def _token_span_problem(
    tokens: list[Token], span: tuple[int, int], token_span: tuple[int, int]
) -> str | None:
    first, last = token_span
    if last < first:
        return f"reversed token span [{first}, {last}]"
    if first < 0 or last >= len(tokens):
        return f"token span [{first}, {last}] is outside the {len(tokens)} context tokens"
    (first_tok, first_off), (last_tok, last_off) = tokens[first], tokens[last]
    start, end = span
    if not (
        first_off <= start < first_off + max(len(first_tok), 1) and last_off < end <= last_off + len(last_tok)
    ):
        return (
            f"token span [{first}, {last}] covers characters {first_off}-{last_off + len(last_tok) - 1}, "
            f"not the answer's [{start}, {end - 1}]"
        )
    return None


MRQA = MRQAFormat()
SQUAD2 = Squad2Format()
FORMATS: dict[str, Format] = {f.name: f for f in (MRQA, SQUAD2)}


def get_format(name: str) -> Format:
    """The format called ``name`` (``mrqa`` or ``squad``); ``ValueError`` otherwise."""
    try:
        return FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown format {name!r}; choose from {sorted(FORMATS)}") from None


def format_of(example: QAExample) -> Format:
    return FORMATS[example.source_format]


def format_for_columns(columns: Iterable[str]) -> Format:
    """The format of a hub or release table, from its columns (MRQA rows have ``detected_answers``)."""
    return MRQA if "detected_answers" in set(columns) else SQUAD2
