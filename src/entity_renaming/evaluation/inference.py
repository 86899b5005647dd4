"""Extractive QA inference with sliding windows, after ``run_qa.py``'s post-processing (differences below).

One :class:`QAPredictor` holds a model and its fast tokenizer for any number of configs. Examples
are split into windows (``max_length``/``stride`` tokens, context truncated only), windows are run
in length-sorted batches padded per batch, and the logits of all windows of an example are
combined: the best span among the ``n_best`` start and end positions of each window (at most
``max_answer_length`` tokens, inside the context), and for SQuAD 2.0 the empty answer when the
null score (CLS start + end, the minimum over windows) beats it by more than ``null_threshold``.

Where this differs from ``run_qa.py``: the ``n_best`` starts and ends are chosen among the *context*
tokens only (``run_qa.py`` takes the top ``n_best`` over all tokens and then drops those outside the
context, so it can find fewer candidates or none), and a span never crosses an MRQA ``[DOC]``/``[TLE]``/
``[PAR]``/``[SEP]`` marker (markers are blanked to spaces before tokenising).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from ..model import QAExample

#: MRQA 2019 structure markers inside contexts (``[SEP]`` would otherwise become a special token).
MRQA_MARKERS = re.compile(r"\[(?:DOC|TLE|PAR|SEP)\]")
DTYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}


def blank_markers(context: str) -> str:
    """Replace MRQA markers by spaces of the same length, so character offsets stay valid."""
    return MRQA_MARKERS.sub(lambda m: " " * len(m.group()), context)


@dataclass(frozen=True)
class WindowSettings:
    """Sliding-window and answer-selection settings (defaults: those of ``run_qa.py``)."""

    max_length: int = 384
    stride: int = 128
    n_best: int = 20
    max_answer_length: int = 30
    null_threshold: float = 0.0
    max_question_length: int = 64

    @property
    def question_budget(self) -> int:
        """Question tokens kept: ``max_question_length``, less if a window would have no room left."""
        return max(1, min(self.max_question_length, self.max_length - self.stride - 4))

    def __post_init__(self) -> None:
        if self.stride >= self.max_length:
            raise ValueError(f"stride ({self.stride}) must be smaller than max_length ({self.max_length})")
        if self.n_best < 1 or self.max_answer_length < 1:
            raise ValueError("n_best and max_answer_length must be positive")


@dataclass
class Prediction:
    """The answer chosen for one example. ``text`` is "" for a null answer; ``span_text`` is the best
    non-null span even then; ``null_score_diff`` is null score − best span score (the SQuAD 2.0
    ``na_prob``), ``inf`` when no span was valid."""

    text: str
    start: int | None
    end: int | None
    score: float
    null_score_diff: float
    span_text: str = ""

    def to_json(self, example_id: str) -> dict[str, Any]:
        diff = self.null_score_diff if math.isfinite(self.null_score_diff) else None
        score = self.score if math.isfinite(self.score) else None
        return {
            "id": example_id,
            "prediction": self.text,
            "start": self.start,
            "end": self.end,
            "score": score,
            "null_score_diff": diff,
            "best_span": self.span_text,
        }


@dataclass
class Features:
    """Tokenised windows: ids per window, which example each belongs to, context offsets."""

    input_ids: list[list[int]]
    token_type_ids: list[list[int]] | None
    example_index: list[int]
    offsets: list[np.ndarray]  # (n, 2) char offsets of context tokens, -1 elsewhere
    cls_index: list[int]
    segments: list[np.ndarray] | None = None  # MRQA: markers before each token; spans stay in one segment


def device_and_dtype(device: str | None, dtype: str | None) -> tuple[str, str]:
    """The device (default cuda when available) and dtype name (default bf16 on cuda, fp32 on cpu)."""
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    return device, dtype or ("bf16" if device.startswith("cuda") else "fp32")


def resolve_dtype(name: str) -> torch.dtype:
    """``bf16``/``fp16``/``fp32`` → torch dtype (half precision on CPU works but is slow)."""
    if name not in DTYPES:
        raise ValueError(f"unknown dtype {name!r}; choose one of {', '.join(DTYPES)}")
    return DTYPES[name]


def load_model(
    model_id: str,
    *,
    device: str = "cuda",
    dtype: str = "bf16",
    revision: str | None = None,
    attn_implementation: str = "sdpa",
    local_files_only: bool = False,
) -> QAPredictor:
    """Load ``AutoModelForQuestionAnswering`` + its fast tokenizer once, in eval mode on ``device``."""
    from transformers import AutoModelForQuestionAnswering, AutoTokenizer

    dev = torch.device(device)
    tokenizer = AutoTokenizer.from_pretrained(model_id, revision=revision, local_files_only=local_files_only)
    model = AutoModelForQuestionAnswering.from_pretrained(
        model_id,
        revision=revision,
        dtype=resolve_dtype(dtype),
        attn_implementation=attn_implementation,
        local_files_only=local_files_only,
    )
    return QAPredictor(model, tokenizer, device=dev)


class QAPredictor:
    """A model and a fast tokenizer, ready to answer any number of configs."""

    def __init__(
        self,
        model: Any,
        tokenizer: Any,
        *,
        device: torch.device | str = "cpu",
        settings: WindowSettings | None = None,
    ) -> None:
        if not getattr(tokenizer, "is_fast", False):
            raise ValueError("a fast tokenizer is required (offset mapping)")
        self.device = torch.device(device)
        self.model = model.to(self.device).eval()
        self.tokenizer = tokenizer
        self.settings = settings or WindowSettings()
        self.question_first = tokenizer.padding_side == "right"

    # -- features ---------------------------------------------------------------------------------

    def featurize(self, examples: Sequence[QAExample]) -> Features:
        """Tokenise every example into overlapping windows over its context."""
        s = self.settings
        questions = self.truncate_questions([ex.question.lstrip() for ex in examples])
        contexts = [
            blank_markers(ex.context) if ex.source_format == "mrqa" else ex.context for ex in examples
        ]
        first, second = (questions, contexts) if self.question_first else (contexts, questions)
        enc = self.tokenizer(
            first,
            second,
            truncation="only_second" if self.question_first else "only_first",
            max_length=s.max_length,
            stride=s.stride,
            return_overflowing_tokens=True,
            return_offsets_mapping=True,
            padding=False,
        )
        ctx_seq = 1 if self.question_first else 0
        marker_starts = [
            np.array([m.start() for m in MRQA_MARKERS.finditer(ex.context)], dtype=np.int64)
            if ex.source_format == "mrqa"
            else None
            for ex in examples
        ]
        offsets, cls_index, segments = [], [], []
        cls_id = self.tokenizer.cls_token_id
        for i, ids in enumerate(enc["input_ids"]):
            seq_ids = np.array([-1 if sid is None else sid for sid in enc.sequence_ids(i)], dtype=np.int64)
            off = np.asarray(enc["offset_mapping"][i], dtype=np.int64).reshape(-1, 2)
            off[(seq_ids != ctx_seq) | (off[:, 1] <= off[:, 0])] = -1
            offsets.append(off)
            cls_index.append(ids.index(cls_id) if cls_id is not None and cls_id in ids else 0)
            starts = marker_starts[enc["overflow_to_sample_mapping"][i]]
            segments.append(
                np.searchsorted(starts, off[:, 0], side="right")
                if starts is not None
                else np.zeros(len(ids), dtype=np.int64)
            )
        return Features(
            input_ids=enc["input_ids"],
            token_type_ids=enc.get("token_type_ids"),
            example_index=list(enc["overflow_to_sample_mapping"]),
            offsets=offsets,
            cls_index=cls_index,
            segments=segments,
        )

    def truncate_questions(self, questions: list[str]) -> list[str]:
        """Cut questions longer than the question budget at a token boundary (windows need room)."""
        budget = self.settings.question_budget
        enc = self.tokenizer(questions, add_special_tokens=False, return_offsets_mapping=True)
        return [
            q if len(off) <= budget else q[: off[budget - 1][1]]
            for q, off in zip(questions, enc["offset_mapping"], strict=True)
        ]

    # -- forward ----------------------------------------------------------------------------------

    @torch.inference_mode()
    def logits(self, features: Features, *, batch_size: int = 64, progress: Any = None) -> list[np.ndarray]:
        """Start/end logits (2, n) per window, float32 on CPU, in window order.

        Windows run longest first in batches padded to the batch's own length (multiple of 8);
        host tensors are pinned and copied asynchronously, results fetched once at the end.
        """
        order = sorted(range(len(features.input_ids)), key=lambda i: -len(features.input_ids[i]))
        pad_id = self.tokenizer.pad_token_id or 0
        cuda = self.device.type == "cuda"
        use_types = features.token_type_ids is not None and self._accepts_token_types()
        pending: list[tuple[list[int], torch.Tensor]] = []
        for lo in range(0, len(order), batch_size):
            batch = order[lo : lo + batch_size]
            width = len(features.input_ids[batch[0]])
            width = -(-width // 8) * 8
            ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
            mask = torch.zeros((len(batch), width), dtype=torch.long)
            types = torch.zeros((len(batch), width), dtype=torch.long) if use_types else None
            for row, i in enumerate(batch):
                seq = features.input_ids[i]
                ids[row, : len(seq)] = torch.tensor(seq)
                mask[row, : len(seq)] = 1
                if types is not None:
                    types[row, : len(seq)] = torch.tensor(features.token_type_ids[i])
            inputs = {"input_ids": ids, "attention_mask": mask}
            if types is not None:
                inputs["token_type_ids"] = types
            if cuda:
                inputs = {k: v.pin_memory().to(self.device, non_blocking=True) for k, v in inputs.items()}
            else:
                inputs = {k: v.to(self.device) for k, v in inputs.items()}
            out = self.model(**inputs)
            pending.append((batch, torch.stack([out.start_logits, out.end_logits], dim=1)))
            if progress is not None:
                progress.update(len(batch))
        result: list[np.ndarray] = [np.empty(0)] * len(order)
        for batch, stacked in pending:
            host = stacked.float().cpu().numpy()
            for row, i in enumerate(batch):
                result[i] = host[row, :, : len(features.input_ids[i])]
        return result

    def _accepts_token_types(self) -> bool:
        return getattr(self.model.config, "type_vocab_size", 0) > 1

    # -- post-processing ----------------------------------------------------------------------------

    def predict(
        self, examples: Sequence[QAExample], *, allow_null: bool, batch_size: int = 64, progress: Any = None
    ) -> dict[str, Prediction]:
        """Answer every example; ``allow_null`` enables SQuAD 2.0 empty answers."""
        features = self.featurize(examples)
        if progress is not None:
            progress.reset(total=len(features.input_ids))
        logits = self.logits(features, batch_size=batch_size, progress=progress)
        return self.postprocess(examples, features, logits, allow_null=allow_null)

    def postprocess(
        self, examples: Sequence[QAExample], features: Features, logits: list[np.ndarray], *, allow_null: bool
    ) -> dict[str, Prediction]:
        """Combine the windows of each example into one :class:`Prediction`."""
        s = self.settings
        best: list[tuple[float, int, int]] = [(-math.inf, -1, -1)] * len(examples)
        null: list[float] = [math.inf] * len(examples)
        for f, ex_i in enumerate(features.example_index):
            start, end = logits[f][0], logits[f][1]
            cls = features.cls_index[f]
            null[ex_i] = min(null[ex_i], float(start[cls] + end[cls]))
            segments = features.segments[f] if features.segments is not None else None
            span = best_span(start, end, features.offsets[f], s.n_best, s.max_answer_length, segments)
            if span is not None and span[0] > best[ex_i][0]:
                best[ex_i] = span
        out: dict[str, Prediction] = {}
        for ex_i, ex in enumerate(examples):
            score, a, b = best[ex_i]
            diff = null[ex_i] - score if math.isfinite(score) else math.inf
            span_text = ex.context[a:b] if a >= 0 else ""
            if a < 0 or (allow_null and diff > s.null_threshold):
                out[ex.id] = Prediction(
                    "", None, None, null[ex_i] if allow_null else -math.inf, diff, span_text
                )
            else:
                out[ex.id] = Prediction(span_text, a, b, score, diff, span_text)
        return out


def best_span(
    start: np.ndarray,
    end: np.ndarray,
    offsets: np.ndarray,
    n_best: int,
    max_answer_length: int,
    segments: np.ndarray | None = None,
) -> tuple[float, int, int] | None:
    """Best (score, char start, char end) among the top ``n_best`` starts × ends in the context.

    A span ends at or after its start, has at most ``max_answer_length`` tokens and, when
    ``segments`` is given, starts and ends in the same segment (never across an MRQA marker).
    """
    in_ctx = offsets[:, 0] >= 0
    if not in_ctx.any():
        return None
    positions = np.flatnonzero(in_ctx)
    starts = positions[np.argsort(-start[positions], kind="stable")[:n_best]]
    ends = positions[np.argsort(-end[positions], kind="stable")[:n_best]]
    length = ends[None, :] - starts[:, None]
    scores = start[starts][:, None] + end[ends][None, :]
    valid = (length >= 0) & (length < max_answer_length)
    if segments is not None:
        valid &= segments[starts][:, None] == segments[ends][None, :]
    scores = np.where(valid, scores, -np.inf)
    flat = int(np.argmax(scores))
    if not math.isfinite(scores.flat[flat]):
        return None
    si, ei = divmod(flat, scores.shape[1])
    return float(scores.flat[flat]), int(offsets[starts[si], 0]), int(offsets[ends[ei], 1])
