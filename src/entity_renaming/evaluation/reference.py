"""The straightforward per-example evaluation loop, kept as the reference the fast evaluator must match.

One example at a time: tokenise it, pad its windows to ``max_length``, one forward pass under
``torch.no_grad``, then the n-best spans chosen with Python loops (what a ``pipeline("question-answering")``
style loop does). :class:`~entity_renaming.evaluation.inference.QAPredictor` must give the same answers
(tests) and is measured against it (``benchmarks/eval_throughput.py``, ``benchmarks/gpu_eval.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import torch

from ..model import QAExample
from .inference import WindowSettings, blank_markers


def per_example_predict(
    model: Any, tokenizer: Any, examples: Sequence[QAExample], settings: WindowSettings, device: torch.device
) -> dict[str, str]:
    """Best non-null span text per example id (question first, contexts truncated, markers blanked)."""
    out = {}
    for ex in examples:
        context = blank_markers(ex.context) if ex.source_format == "mrqa" else ex.context
        enc = tokenizer(
            ex.question.lstrip(),
            context,
            truncation="only_second",
            max_length=settings.max_length,
            stride=settings.stride,
            return_overflowing_tokens=True,
            return_offsets_mapping=True,
            padding="max_length",
            return_tensors="pt",
        )
        offsets = enc.pop("offset_mapping").tolist()
        enc.pop("overflow_to_sample_mapping")
        with torch.no_grad():
            result = model(**{k: v.to(device) for k, v in enc.items()})
        starts, ends = result.start_logits.float().cpu().numpy(), result.end_logits.float().cpu().numpy()
        best, answer = -np.inf, ""
        for w in range(len(offsets)):
            seq_ids = enc.sequence_ids(w)
            ctx = [t for t, s in enumerate(seq_ids) if s == 1 and offsets[w][t][1] > offsets[w][t][0]]
            top_s = sorted(ctx, key=lambda t: -starts[w][t])[: settings.n_best]
            top_e = sorted(ctx, key=lambda t: -ends[w][t])[: settings.n_best]
            for s in top_s:
                for e in top_e:
                    if e < s or e - s + 1 > settings.max_answer_length:
                        continue
                    score = starts[w][s] + ends[w][e]
                    if score > best:
                        best, answer = score, ex.context[offsets[w][s][0] : offsets[w][e][1]]
        out[ex.id] = answer
    return out
