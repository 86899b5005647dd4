"""Official SQuAD 2.0 and MRQA 2019 scoring, reimplemented (``evaluate.load`` needs the hub).

Semantics follow ``evaluate-v2.0.py`` (SQuAD 2.0) and ``mrqa_official_eval.py`` (MRQA, which uses
the SQuAD 1.1 functions): answers are normalised with :func:`entity_renaming.model.normalize_answer`,
F1 is the bag-of-tokens overlap, each prediction scores the max over its gold answers, and all
reported values are percentages. Which gold strings and which F1 apply is the format's
(:mod:`entity_renaming.io.formats`). Where this module differs from the official SQuAD 2.0 script:

* a missing prediction raises ``ValueError`` (the script prints "Missing prediction" and drops the
  question from every total);
* ``best_exact`` / ``best_f1`` and their thresholds are always reported (the script adds them only
  with ``--na-prob-file``; without one every no-answer probability is 0.0, as here).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..io.formats import format_of
from ..model import QAExample, normalize_answer

Metric = Callable[[str, str], float]


def _tokens(text: str) -> list[str]:
    return normalize_answer(text).split() if text else []


def exact_match(prediction: str, gold: str) -> float:
    """1.0 when the normalised strings are equal, else 0.0."""
    return float(normalize_answer(prediction) == normalize_answer(gold))


def _overlap_f1(pred_toks: list[str], gold_toks: list[str]) -> float:
    num_same = sum((Counter(pred_toks) & Counter(gold_toks)).values())
    if num_same == 0:
        return 0.0
    precision = num_same / len(pred_toks)
    recall = num_same / len(gold_toks)
    return 2 * precision * recall / (precision + recall)


def f1(prediction: str, gold: str) -> float:
    """Token-overlap F1 (SQuAD 2.0 semantics: two empty answers score 1.0, one empty scores 0.0)."""
    pred_toks, gold_toks = _tokens(prediction), _tokens(gold)
    if not pred_toks or not gold_toks:
        return float(pred_toks == gold_toks)
    return _overlap_f1(pred_toks, gold_toks)


def f1_v1(prediction: str, gold: str) -> float:
    """SQuAD 1.1 / MRQA F1: like :func:`f1` except that empty vs empty scores 0.0."""
    pred_toks, gold_toks = _tokens(prediction), _tokens(gold)
    if not pred_toks or not gold_toks:
        return 0.0
    return _overlap_f1(pred_toks, gold_toks)


def max_over_golds(metric: Metric, prediction: str, golds: list[str]) -> float:
    """Best ``metric`` over the gold answers; no golds means the empty answer (SQuAD 2.0)."""
    return max(metric(prediction, gold) for gold in (golds or [""]))


def gold_answers(example: QAExample) -> list[str]:
    """The gold strings the official script of ``example``'s format scores against.

    SQuAD 2.0: answer texts that do not normalise to empty, or ``[""]`` when none is left (unanswerable
    questions); MRQA: the free-text ``answers`` (falling back to the detected answers' texts).
    """
    return format_of(example).gold_answers(example)


def has_answer(example: QAExample) -> bool:
    """Whether the official SQuAD 2.0 script counts the question as answerable: ``bool(answers)``, even
    when every answer normalises to empty (its gold is then ``[""]``). MRQA questions always are."""
    return format_of(example).has_answer(example)


def _check_predictions(predictions: Mapping[str, str], examples: list[QAExample]) -> None:
    missing = [ex.id for ex in examples if ex.id not in predictions]
    if missing:
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise ValueError(f"{len(missing)} example(s) have no prediction: {shown}")


def _percent(scores: Mapping[str, float], ids: list[str]) -> float:
    return 100.0 * sum(scores[i] for i in ids) / len(ids)


def _best_threshold(
    predictions: Mapping[str, str],
    scores: Mapping[str, float],
    na_probs: Mapping[str, float],
    has_ans: Mapping[str, bool],
) -> tuple[float, float]:
    """``find_best_thresh`` of the official script: the null threshold maximising the total score."""
    cur = best = float(sum(1 for v in has_ans.values() if not v))
    best_thresh = 0.0
    for qid in sorted(na_probs, key=lambda k: na_probs[k]):
        if qid not in scores:
            continue
        if has_ans[qid]:
            cur += scores[qid]
        else:
            cur += -1.0 if predictions[qid] else 0.0
        if cur > best:
            best, best_thresh = cur, na_probs[qid]
    return 100.0 * best / len(scores), best_thresh


def squad_v2_scores(
    predictions: dict[str, str],
    examples: Iterable[QAExample],
    na_probs: dict[str, float] | None = None,
    *,
    na_prob_thresh: float = 1.0,
) -> dict[str, Any]:
    """The official SQuAD 2.0 evaluation dict (``exact``, ``f1``, ``total``, ``HasAns_*``, ``NoAns_*``,
    ``best_exact``, ``best_exact_thresh``, ``best_f1``, ``best_f1_thresh``).

    ``predictions`` maps every example id to its answer ("" for no answer); ``na_probs`` maps ids to
    the no-answer score (default 0.0 for all, as the official script without ``--na-prob-file``).
    A question whose no-answer score exceeds ``na_prob_thresh`` is scored as predicted unanswerable.
    """
    examples = list(examples)
    if not examples:
        raise ValueError("squad_v2_scores needs at least one example")
    _check_predictions(predictions, examples)
    na = {ex.id: 0.0 for ex in examples} if na_probs is None else dict(na_probs)
    has_ans = {ex.id: has_answer(ex) for ex in examples}
    exact_raw: dict[str, float] = {}
    f1_raw: dict[str, float] = {}
    for ex in examples:
        golds = gold_answers(ex)
        exact_raw[ex.id] = max_over_golds(exact_match, predictions[ex.id], golds)
        f1_raw[ex.id] = max_over_golds(f1, predictions[ex.id], golds)

    def thresholded(raw: dict[str, float]) -> dict[str, float]:
        return {
            qid: float(not has_ans[qid]) if na.get(qid, 0.0) > na_prob_thresh else s for qid, s in raw.items()
        }

    exact_t, f1_t = thresholded(exact_raw), thresholded(f1_raw)
    ids = list(exact_raw)
    out: dict[str, Any] = {"exact": _percent(exact_t, ids), "f1": _percent(f1_t, ids), "total": len(ids)}
    for prefix, wanted in (("HasAns", True), ("NoAns", False)):
        subset = [qid for qid in ids if has_ans[qid] is wanted]
        if subset:
            out[f"{prefix}_exact"] = _percent(exact_t, subset)
            out[f"{prefix}_f1"] = _percent(f1_t, subset)
            out[f"{prefix}_total"] = len(subset)
    out["best_exact"], out["best_exact_thresh"] = _best_threshold(predictions, exact_raw, na, has_ans)
    out["best_f1"], out["best_f1_thresh"] = _best_threshold(predictions, f1_raw, na, has_ans)
    return out


def mrqa_scores(predictions: dict[str, str], examples: Iterable[QAExample]) -> dict[str, Any]:
    """The official MRQA 2019 evaluation: ``exact_match`` and ``f1`` (percent, max over gold answers)."""
    examples = list(examples)
    if not examples:
        raise ValueError("mrqa_scores needs at least one example")
    _check_predictions(predictions, examples)
    em = sum(max_over_golds(exact_match, predictions[ex.id], gold_answers(ex)) for ex in examples)
    f = sum(max_over_golds(f1_v1, predictions[ex.id], gold_answers(ex)) for ex in examples)
    n = len(examples)
    return {"exact_match": 100.0 * em / n, "f1": 100.0 * f / n, "total": n}
