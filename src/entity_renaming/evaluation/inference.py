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
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from itertools import chain
from typing import Any

import numpy as np
import torch

from ..model import QAExample
from .predictions import Prediction

#: MRQA 2019 structure markers inside contexts (``[SEP]`` would otherwise become a special token).
MRQA_MARKERS = re.compile(r"\[(?:DOC|TLE|PAR|SEP)\]")
#: Examples per pipelined chunk on CUDA (:meth:`QAPredictor.predict`).
PIPELINE_CHUNK = 512
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
class Features:
    """Tokenised windows as padded arrays (``W`` windows × ``L`` positions).

    ``offsets`` holds the character offsets of context tokens and -1 everywhere else (question,
    special tokens, padding); ``segments`` (MRQA) counts the markers before each token, so that a span
    never crosses one.
    """

    input_ids: np.ndarray  # (W, L) padded with the pad id
    lengths: np.ndarray  # (W,) tokens of each window
    token_type_ids: np.ndarray | None  # (W, L)
    example_index: np.ndarray  # (W,) the example each window belongs to
    offsets: np.ndarray  # (W, L, 2)
    cls_index: np.ndarray  # (W,)
    segments: np.ndarray | None = None  # (W, L)

    @classmethod
    def from_windows(
        cls,
        input_ids: Sequence[Sequence[int]],
        offsets: Sequence[np.ndarray],
        example_index: Sequence[int],
        *,
        pad_id: int = 0,
        token_type_ids: Sequence[Sequence[int]] | None = None,
        cls_index: Sequence[int] | None = None,
    ) -> Features:
        """Pad per-window lists (for tests and callers that build windows themselves)."""
        lengths = np.array([len(ids) for ids in input_ids], dtype=np.int64)
        width = int(lengths.max()) if len(lengths) else 0
        ids = np.full((len(lengths), width), pad_id, dtype=np.int64)
        offs = np.full((len(lengths), width, 2), -1, dtype=np.int64)
        types = np.zeros_like(ids) if token_type_ids is not None else None
        for w, n in enumerate(lengths):
            ids[w, :n] = input_ids[w]
            offs[w, :n] = offsets[w]
            if types is not None:
                types[w, :n] = token_type_ids[w]
        cls_at = np.asarray(cls_index if cls_index is not None else np.zeros(len(lengths)), dtype=np.int64)
        return cls(ids, lengths, types, np.asarray(example_index, dtype=np.int64), offs, cls_at)


def device_and_dtype(device: str | None, dtype: str | None) -> tuple[str, str]:
    """The device (default cuda when available) and dtype name (default bf16 on cuda, fp32 on cpu)."""
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    return device, dtype or ("bf16" if device.startswith("cuda") else "fp32")


def resolve_dtype(name: str) -> torch.dtype:
    """``bf16``/``fp16``/``fp32`` → torch dtype (half precision on CPU works but is slow)."""
    if name not in DTYPES:
        raise ValueError(f"unknown dtype {name!r}; choose one of {', '.join(DTYPES)}")
    return DTYPES[name]


def attention_kernels(device: torch.device) -> AbstractContextManager:
    """On CUDA, scaled-dot-product attention without its cuDNN backend, which builds a graph for every new
    input shape: measured on an H200 (torch 2.11, bf16), a cold 4,000-question bert-base pass took 3.80 s
    with it and 1.27 s without, the first prefix-cached generation pass 7.6 s and 1.1 s; once every shape
    has been seen both run within 10%. Varying batch widths and growing caches keep meeting new shapes."""
    if device.type != "cuda":
        return nullcontext()
    from torch.nn.attention import SDPBackend, sdpa_kernel

    return sdpa_kernel([SDPBackend.FLASH_ATTENTION, SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH])


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
        """Tokenise every example into overlapping windows over its context, as padded arrays.

        The tokenizer returns ids, offsets and special-token masks for all windows at once; the
        context part of each window is found with array operations (the second run of non-special
        tokens, question first), falling back to the tokenizer's ``sequence_ids`` for the rare window
        without exactly two runs (an empty question, a special token inside the question).
        """
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
            return_special_tokens_mask=True,
            padding=False,
        )
        lengths = np.fromiter(map(len, enc["input_ids"]), dtype=np.int64, count=len(enc["input_ids"]))
        mask = np.arange(int(lengths.max()) if len(lengths) else 0) < lengths[:, None]
        pad_id = self.tokenizer.pad_token_id or 0
        ids = _padded(enc["input_ids"], mask, pad_id)
        text = mask & ~_padded(enc["special_tokens_mask"], mask, 1).astype(bool)
        starts = text & ~np.pad(text, ((0, 0), (1, 0)))[:, :-1]
        runs = np.cumsum(starts, axis=1) * text
        n_runs = starts.sum(axis=1)
        context = runs == (2 if self.question_first else 1)
        for w in np.flatnonzero(n_runs != 2):
            seq = np.array([-1 if i is None else i for i in enc.sequence_ids(int(w))], dtype=np.int64)
            context[w] = False
            context[w, : len(seq)] = seq == (1 if self.question_first else 0)
        offsets = np.full((*mask.shape, 2), -1, dtype=np.int64)
        pairs = chain.from_iterable(chain.from_iterable(enc["offset_mapping"]))
        offsets[mask] = np.fromiter(pairs, dtype=np.int64, count=2 * int(lengths.sum())).reshape(-1, 2)
        offsets[~context | (offsets[:, :, 1] <= offsets[:, :, 0])] = -1
        cls_id = self.tokenizer.cls_token_id
        is_cls = ids == cls_id if cls_id is not None else np.zeros_like(mask)
        example_index = np.asarray(enc["overflow_to_sample_mapping"], dtype=np.int64)
        segments = np.zeros(ids.shape, dtype=np.int64)
        for i, ex in enumerate(examples):
            if ex.source_format != "mrqa":
                continue
            marks = np.array([m.start() for m in MRQA_MARKERS.finditer(ex.context)], dtype=np.int64)
            if len(marks):
                windows = np.flatnonzero(example_index == i)
                segments[windows] = np.searchsorted(marks, offsets[windows, :, 0], side="right")
        types = enc.get("token_type_ids")
        return Features(
            input_ids=ids,
            lengths=lengths,
            token_type_ids=_padded(types, mask, 0) if types is not None else None,
            example_index=example_index,
            offsets=offsets,
            cls_index=np.where(is_cls.any(axis=1), is_cls.argmax(axis=1), 0),
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

    def batches(self, features: Features, batch_size: int) -> list[np.ndarray]:
        """Window indices per forward pass: longest first, at most ``batch_size`` × ``max_length``
        tokens each (so shorter windows make larger batches), widths padded to multiples of 8."""
        order = np.argsort(-features.lengths, kind="stable")
        budget = batch_size * self.settings.max_length
        out, lo = [], 0
        while lo < len(order):
            width = -(-int(features.lengths[order[lo]]) // 8) * 8
            rows = max(1, budget // max(width, 1))
            out.append(order[lo : lo + rows])
            lo += rows
        return out

    def _tensors(self, features: Features, batch: np.ndarray, use_types: bool) -> dict[str, torch.Tensor]:
        """One batch, padded at once by slicing the padded arrays; pinned for an async copy on CUDA."""
        width = min(-(-int(features.lengths[batch].max()) // 8) * 8, features.input_ids.shape[1])
        ids = torch.from_numpy(features.input_ids[batch, :width])
        inputs = {
            "input_ids": ids,
            "attention_mask": torch.from_numpy(features.lengths[batch, None] > np.arange(width)).long(),
        }
        if use_types:
            inputs["token_type_ids"] = torch.from_numpy(features.token_type_ids[batch, :width])
        return {k: self._to_device(v) for k, v in inputs.items()}

    def _to_device(self, tensor: torch.Tensor) -> torch.Tensor:
        """On CUDA through pinned memory, so the copy never waits for the GPU's queue."""
        if self.device.type == "cuda":
            return tensor.pin_memory().to(self.device, non_blocking=True)
        return tensor.to(self.device)

    @torch.inference_mode()
    def logits_array(self, features: Features, *, batch_size: int = 64, progress: Any = None) -> np.ndarray:
        """Start/end logits of every window, ``(W, 2, L)`` float32 on the host, in window order.

        Batches come from :meth:`batches`; on CUDA a background thread pads and pins the next batches
        while the GPU runs the current one, outputs stay on the device and are copied back once.
        """
        host, done = self._launch(features, batch_size, progress)
        if done is not None:
            done.synchronize()
        return host.numpy()

    def _launch(self, features: Features, batch_size: int, progress: Any) -> tuple[torch.Tensor, Any]:
        """Queue every forward pass and the copy of all logits to the host; on CUDA returns at once with a
        pinned host tensor and the event that marks it filled (``None`` elsewhere: already filled)."""
        n, width = features.input_ids.shape
        use_types = features.token_type_ids is not None and self._accepts_token_types()
        cuda = self.device.type == "cuda"
        out = torch.zeros((n, 2, width), dtype=torch.float32, device=self.device)
        batches = self.batches(features, batch_size)

        def prepare(batch: np.ndarray) -> tuple[dict[str, torch.Tensor], torch.Tensor]:
            return self._tensors(features, batch, use_types), self._to_device(torch.from_numpy(batch))

        prepared = _prefetch(prepare, batches, cuda)
        with attention_kernels(self.device):
            for batch, (inputs, index) in zip(batches, prepared, strict=True):
                result = self.model(**inputs)
                cols = inputs["input_ids"].shape[1]
                out[index, :, :cols] = torch.stack([result.start_logits, result.end_logits], dim=1).float()
                if progress is not None:
                    progress.update(len(batch))
        if not cuda:
            return out.cpu(), None
        host = torch.empty(out.shape, dtype=torch.float32, pin_memory=True)
        host.copy_(out, non_blocking=True)
        done = torch.cuda.Event()
        done.record()
        return host, done

    def logits(self, features: Features, *, batch_size: int = 64, progress: Any = None) -> list[np.ndarray]:
        """Start/end logits ``(2, n)`` per window (views of :meth:`logits_array`), in window order."""
        array = self.logits_array(features, batch_size=batch_size, progress=progress)
        return [array[w, :, :n] for w, n in enumerate(features.lengths)]

    def _accepts_token_types(self) -> bool:
        return getattr(self.model.config, "type_vocab_size", 0) > 1

    # -- post-processing ----------------------------------------------------------------------------

    @torch.inference_mode()
    def predict(
        self,
        examples: Sequence[QAExample],
        *,
        allow_null: bool,
        batch_size: int = 64,
        progress: Any = None,
        chunk_examples: int | None = None,
    ) -> dict[str, Prediction]:
        """Answer every example; ``allow_null`` enables SQuAD 2.0 empty answers.

        On CUDA the examples go, shortest first, in chunks of ``chunk_examples`` (default
        :data:`PIPELINE_CHUNK`; 0: one chunk) through three overlapping stages: a thread tokenises the
        next chunks, the calling thread runs the forward passes, another thread searches the spans of
        finished chunks. Each example's windows and scores do not depend on the chunking; sorting by
        length keeps each chunk's batches about as evenly padded as one length-sorted pass.
        """
        if chunk_examples is None:
            chunk_examples = PIPELINE_CHUNK if self.device.type == "cuda" else 0
        if not chunk_examples or len(examples) <= chunk_examples:
            chunks = [list(examples)]
        else:
            order = sorted(examples, key=lambda ex: len(ex.context) + len(ex.question))
            chunks = [order[lo : lo + chunk_examples] for lo in range(0, len(order), chunk_examples)]
        threaded = len(chunks) > 1
        if progress is not None:
            progress.reset(total=0)
        answers: dict[str, Prediction] = {}
        with ThreadPoolExecutor(max_workers=1) as span_search:
            finished = []
            for chunk, features in zip(chunks, _prefetch(self.featurize, chunks, threaded), strict=True):
                if progress is not None:
                    progress.total += len(features.input_ids)
                    progress.refresh()
                host, done = self._launch(features, batch_size, progress)
                if threaded:
                    finished.append(
                        span_search.submit(self._finish, chunk, features, host, done, allow_null=allow_null)
                    )
                else:
                    answers.update(self._finish(chunk, features, host, done, allow_null=allow_null))
            for future in finished:
                answers.update(future.result())
        return {ex.id: answers[ex.id] for ex in examples}

    def _finish(
        self,
        examples: Sequence[QAExample],
        features: Features,
        host: torch.Tensor,
        done: Any,
        *,
        allow_null: bool,
    ) -> dict[str, Prediction]:
        """Wait for one chunk's logits on the host, then choose its answers."""
        if done is not None:
            done.synchronize()
        return self.postprocess(examples, features, host.numpy(), allow_null=allow_null)

    def postprocess(
        self,
        examples: Sequence[QAExample],
        features: Features,
        logits: np.ndarray | Sequence[np.ndarray],
        *,
        allow_null: bool,
    ) -> dict[str, Prediction]:
        """Combine the windows of each example into one :class:`Prediction`."""
        s = self.settings
        if not isinstance(logits, np.ndarray):
            logits = _pad_logits(logits, features.input_ids.shape[1])
        rows = np.arange(len(logits))
        nulls = logits[rows, 0, features.cls_index] + logits[rows, 1, features.cls_index]
        scores, char_start, char_end = best_spans(
            logits[:, 0], logits[:, 1], features.offsets, s.n_best, s.max_answer_length, features.segments
        )
        best: list[tuple[float, int, int]] = [(-math.inf, -1, -1)] * len(examples)
        null: list[float] = [math.inf] * len(examples)
        for f, ex_i in enumerate(features.example_index.tolist()):
            null[ex_i] = min(null[ex_i], float(nulls[f]))
            if scores[f] > best[ex_i][0]:
                best[ex_i] = (float(scores[f]), int(char_start[f]), int(char_end[f]))
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


def _padded(rows: Sequence[Sequence[int]], mask: np.ndarray, fill: int) -> np.ndarray:
    """Ragged integer rows → one ``mask``-shaped array (``fill`` after each row's end), without a loop."""
    out = np.full(mask.shape, fill, dtype=np.int64)
    out[mask] = np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=int(mask.sum()))
    return out


def _pad_logits(logits: Sequence[np.ndarray], width: int) -> np.ndarray:
    out = np.zeros((len(logits), 2, width), dtype=np.float32)
    for w, window in enumerate(logits):
        out[w, :, : window.shape[1]] = window
    return out


def _prefetch(prepare: Any, items: Sequence[Any], threaded: bool) -> Iterator[Any]:
    """``prepare(item)`` for each item in order; with ``threaded``, up to two items ahead in a thread."""
    if not threaded:
        yield from (prepare(item) for item in items)
        return
    with ThreadPoolExecutor(max_workers=1) as pool:
        pending: deque = deque()
        for item in items:
            pending.append(pool.submit(prepare, item))
            if len(pending) > 2:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def best_spans(
    start: np.ndarray,
    end: np.ndarray,
    offsets: np.ndarray,
    n_best: int,
    max_answer_length: int,
    segments: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per window ``(W, L)``: the best span's score and character start/end (-inf, -1, -1 if none).

    Among the top ``n_best`` context start and end positions (stable order: the earlier position
    wins a tie), a span ends at or after its start, has at most ``max_answer_length`` tokens and,
    when ``segments`` is given, starts and ends in the same segment (never across an MRQA marker).
    Ties between spans go to the first in start-major order.
    """
    in_ctx = offsets[:, :, 0] >= 0
    k = min(n_best, start.shape[1])
    neg = np.float32(-np.inf)
    starts = np.argsort(-np.where(in_ctx, start, neg), axis=1, kind="stable")[:, :k]
    ends = np.argsort(-np.where(in_ctx, end, neg), axis=1, kind="stable")[:, :k]
    rows = np.arange(len(start))[:, None]
    length = ends[:, None, :] - starts[:, :, None]
    valid = (length >= 0) & (length < max_answer_length)
    valid &= in_ctx[rows, starts][:, :, None] & in_ctx[rows, ends][:, None, :]
    if segments is not None:
        valid &= segments[rows, starts][:, :, None] == segments[rows, ends][:, None, :]
    scores = np.where(valid, start[rows, starts][:, :, None] + end[rows, ends][:, None, :], -np.inf)
    flat = scores.reshape(len(start), -1).argmax(axis=1)
    si, ei = np.divmod(flat, k)
    best = scores.reshape(len(start), -1)[np.arange(len(start)), flat]
    found = np.isfinite(best)
    s_pos, e_pos = starts[np.arange(len(start)), si], ends[np.arange(len(start)), ei]
    char_start = np.where(found, offsets[np.arange(len(start)), s_pos, 0], -1)
    char_end = np.where(found, offsets[np.arange(len(start)), e_pos, 1], -1)
    return np.where(found, best, -np.inf), char_start, char_end


def best_span(
    start: np.ndarray,
    end: np.ndarray,
    offsets: np.ndarray,
    n_best: int,
    max_answer_length: int,
    segments: np.ndarray | None = None,
) -> tuple[float, int, int] | None:
    """One window's best (score, char start, char end), or ``None``: :func:`best_spans` for one row."""
    seg = segments[None] if segments is not None else None
    score, a, b = best_spans(start[None], end[None], offsets[None], n_best, max_answer_length, seg)
    return None if not math.isfinite(score[0]) else (float(score[0]), int(a[0]), int(b[0]))
