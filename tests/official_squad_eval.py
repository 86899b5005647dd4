"""Scoring functions of the official evaluation scripts, kept here as an independent oracle for tests.

``normalize_answer``, ``get_tokens``, ``compute_exact`` and ``compute_f1`` are those of the official
SQuAD 2.0 script (``evaluate-v2.0.py``, https://rajpurkar.github.io/SQuAD-explorer/); ``f1_v1`` is the
SQuAD 1.1 / MRQA 2019 ``f1_score`` (``mrqa_official_eval.py``), which has no special case for empty
answers. The package's own scorers must agree with these; they are never imported from the package.
"""

from __future__ import annotations

import collections
import re
import string


def normalize_answer(s: str) -> str:
    """Lower text and remove punctuation, articles and extra whitespace."""

    def remove_articles(text):
        regex = re.compile(r"\b(a|an|the)\b", re.UNICODE)
        return re.sub(regex, " ", text)

    def white_space_fix(text):
        return " ".join(text.split())

    def remove_punc(text):
        exclude = set(string.punctuation)
        return "".join(ch for ch in text if ch not in exclude)

    def lower(text):
        return text.lower()

    return white_space_fix(remove_articles(remove_punc(lower(s))))


def get_tokens(s: str) -> list[str]:
    if not s:
        return []
    return normalize_answer(s).split()


def compute_exact(a_gold: str, a_pred: str) -> int:
    return int(normalize_answer(a_gold) == normalize_answer(a_pred))


def compute_f1(a_gold: str, a_pred: str) -> float:
    gold_toks = get_tokens(a_gold)
    pred_toks = get_tokens(a_pred)
    common = collections.Counter(gold_toks) & collections.Counter(pred_toks)
    num_same = sum(common.values())
    if len(gold_toks) == 0 or len(pred_toks) == 0:
        # If either is no-answer, then F1 is 1 if they agree, 0 otherwise
        return int(gold_toks == pred_toks)
    if num_same == 0:
        return 0
    precision = 1.0 * num_same / len(pred_toks)
    recall = 1.0 * num_same / len(gold_toks)
    f1 = (2 * precision * recall) / (precision + recall)
    return f1


def f1_v1(prediction: str, ground_truth: str) -> float:
    prediction_tokens = normalize_answer(prediction).split()
    ground_truth_tokens = normalize_answer(ground_truth).split()
    common = collections.Counter(prediction_tokens) & collections.Counter(ground_truth_tokens)
    num_same = sum(common.values())
    if num_same == 0:
        return 0
    precision = 1.0 * num_same / len(prediction_tokens)
    recall = 1.0 * num_same / len(ground_truth_tokens)
    return (2 * precision * recall) / (precision + recall)


def squad_v2_example(gold_texts: list[str], prediction: str) -> tuple[float, float]:
    """(exact, f1) of one SQuAD 2.0 example as ``get_raw_scores`` computes them."""
    golds = [a for a in gold_texts if normalize_answer(a)] or [""]
    return max(compute_exact(a, prediction) for a in golds), max(compute_f1(a, prediction) for a in golds)


def mrqa_example(gold_texts: list[str], prediction: str) -> tuple[float, float]:
    """(exact match, f1) of one MRQA example: max over the answers, SQuAD 1.1 metrics."""
    em = max(float(normalize_answer(prediction) == normalize_answer(g)) for g in gold_texts)
    return em, max(f1_v1(prediction, g) for g in gold_texts)
