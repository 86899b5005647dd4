"""Sliding windows, offsets, null answers and batching on a tiny random BERT (CPU, no downloads)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import torch

from entity_renaming.evaluation.inference import (
    Features,
    QAPredictor,
    WindowSettings,
    best_span,
    blank_markers,
)
from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer
from entity_renaming.io import read_examples
from entity_renaming.model import Answer, QAExample

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def squad_examples() -> list[QAExample]:
    return read_examples(SHARED / "squad_v2" / "official_ids_Normans_Rhine_dev-v2.0.json")[1][:60]


@pytest.fixture(scope="module")
def tokenizer(squad_examples):
    return train_tokenizer([e.context for e in squad_examples] + [e.question for e in squad_examples], 1500)


@pytest.fixture(scope="module")
def predictor(tokenizer) -> QAPredictor:
    model = random_qa_model(len(tokenizer), "tiny", seed=0)
    return QAPredictor(model, tokenizer, settings=WindowSettings(max_length=64, stride=16))


def test_windows_cover_the_context_with_the_stride_overlap(predictor, squad_examples):
    ex = max(squad_examples, key=lambda e: len(e.context))
    feats = predictor.featurize([ex])
    assert len(feats.input_ids) > 3 and set(feats.example_index) == {0}
    assert feats.input_ids.shape[1] <= 64 and feats.lengths.max() <= 64
    windows = [off[off[:, 0] >= 0] for off in feats.offsets]
    for prev, nxt in zip(windows, windows[1:], strict=False):
        shared = {tuple(p) for p in prev} & {tuple(n) for n in nxt}
        assert len(shared) == 16  # stride tokens overlap
    covered = sorted({tuple(p) for w in windows for p in w})
    whole = predictor.tokenizer(ex.context, return_offsets_mapping=True, add_special_tokens=False)
    assert covered == [tuple(o) for o in whole["offset_mapping"]]
    for a, b in covered:  # offsets point at the context text of the tokens
        assert ex.context[a:b].strip() == ex.context[a:b] and b > a


def test_question_tokens_are_never_offsets(predictor, squad_examples):
    ex = squad_examples[0]
    feats = predictor.featurize([ex])
    q_len = len(predictor.tokenizer(ex.question.lstrip(), add_special_tokens=False)["input_ids"])
    off, n = feats.offsets[0], feats.lengths[0]
    assert (off[: q_len + 2] == -1).all()  # [CLS] question [SEP]
    assert (off[q_len + 2 : n - 1, 0] >= 0).all() and (off[n - 1 :, 0] == -1).all()  # [SEP], padding


def _features(offsets: list[list[tuple[int, int]]], example_index: list[int]) -> Features:
    offs = [np.array([(-1, -1), *o, (-1, -1)], dtype=np.int64) for o in offsets]
    return Features.from_windows([[0] * len(o) for o in offs], offs, example_index)


def test_best_span_respects_max_length_and_order():
    offsets = np.array([(-1, -1), (0, 3), (4, 7), (8, 11), (12, 15)])
    start = np.array([9.0, 0.0, 5.0, 0.0, 1.0])
    end = np.array([9.0, 4.0, 0.0, 0.0, 6.0])
    # best pair: start token 2 (5.0), end token 4 (6.0) = 11; CLS (token 0) is not in the context
    assert best_span(start, end, offsets, 20, 30) == (11.0, 4, 15)
    # at most 2 tokens: token 2 → 4 is too long; best is token 4 alone (1 + 6)
    assert best_span(start, end, offsets, 20, 2) == (7.0, 12, 15)
    # an end before its start is never chosen (token 4 → token 1 would score 18)
    assert best_span(np.array([0.0, 1, 0, 0, 9]), np.array([0.0, 9, 0, 0, 0.5]), offsets, 20, 30) == (
        10.0,
        0,
        3,
    )
    # n_best = 1 keeps only the top start (token 4) and top end (token 1): no valid pair
    assert best_span(np.array([0.0, 1, 0, 0, 9]), np.array([0.0, 9, 0, 0, 0.5]), offsets, 1, 30) is None


def test_postprocess_null_answers_and_windows(predictor):
    context = "Alpha beta gamma delta"
    ex = QAExample("e1", "squad_v2", "squad", context, "q?", [Answer("beta", [(6, 10)])])
    feats = _features([[(0, 5), (6, 10)], [(6, 10), (11, 16)]], [0, 0])
    strong_null = [
        np.array([[9.0, 0.0, 2.0, -1.0], [9.0, 0.0, 2.0, -1.0]]),  # null 18, span beta 4
        np.array([[3.0, 1.0, 0.0, -1.0], [3.0, 0.0, 3.0, -1.0]]),
    ]  # null 6 (min), "beta gamma" 4
    p = predictor.postprocess([ex], feats, strong_null, allow_null=True)["e1"]
    assert p.text == "" and p.span_text == "beta" and p.null_score_diff == pytest.approx(6.0 - 4.0)
    p = predictor.postprocess([ex], feats, strong_null, allow_null=False)["e1"]
    assert p.text == "beta" and (p.start, p.end) == (6, 10)
    weak_null = [strong_null[0], np.array([[-5.0, 1.0, 0.0, -1.0], [-5.0, 0.0, 9.0, -1.0]])]
    p = predictor.postprocess([ex], feats, weak_null, allow_null=True)["e1"]
    assert p.text == "beta gamma" and p.score == pytest.approx(10.0)
    assert p.null_score_diff == pytest.approx(-10.0 - 10.0)


def test_null_threshold_moves_the_decision(tokenizer):
    model = random_qa_model(len(tokenizer), "tiny", seed=0)
    context = "Alpha beta gamma delta"
    ex = QAExample("e1", "squad_v2", "squad", context, "q?", [])
    feats = _features([[(0, 5), (6, 10)]], [0])
    logits = [np.array([[3.0, 0.0, 2.0, -1.0], [3.0, 0.0, 2.0, -1.0]])]  # null 6, best span 4 → diff 2
    for threshold, expected in ((0.0, ""), (1.9, ""), (2.0, "beta"), (5.0, "beta")):
        pred = QAPredictor(model, tokenizer, settings=WindowSettings(null_threshold=threshold))
        assert pred.postprocess([ex], feats, logits, allow_null=True)["e1"].text == expected


def test_predictions_are_context_spans_and_batching_does_not_change_logits(predictor, squad_examples):
    examples = squad_examples[:25]
    feats = predictor.featurize(examples)
    one = predictor.logits(feats, batch_size=1)
    many = predictor.logits(feats, batch_size=16)
    assert len(one) == len(feats.input_ids)
    for a, b, n in zip(one, many, feats.lengths, strict=True):
        assert a.shape == (2, n)
        np.testing.assert_allclose(a, b, atol=1e-4)
    preds = predictor.predict(examples, allow_null=True, batch_size=8)
    assert set(preds) == {e.id for e in examples}
    by_id = {e.id: e for e in examples}
    for ex_id, p in preds.items():
        if p.text:
            assert by_id[ex_id].context[p.start : p.end] == p.text
        assert p.span_text and math.isfinite(p.null_score_diff)


def test_mrqa_markers_are_blanked_not_special_tokens(predictor):
    context = "[DOC] [TLE] Rhine river [PAR] The Rhine flows [SEP] into the North Sea."
    assert blank_markers(context) == context.replace("[DOC]", "     ").replace("[TLE]", "     ").replace(
        "[PAR]", "     "
    ).replace("[SEP]", "     ")
    ex = QAExample(
        "m1",
        "TriviaQA-web",
        "mrqa",
        context,
        "Where does the Rhine flow?",
        [Answer("North Sea", [(61, 70)])],
        answer_texts=["North Sea"],
    )
    feats = predictor.featurize([ex])
    sep = predictor.tokenizer.sep_token_id
    for ids in feats.input_ids:
        assert (ids == sep).sum() == 2
    for off in feats.offsets:
        for a, b in off[off[:, 0] >= 0]:
            assert "[" not in context[a:b] and "]" not in context[a:b]
    pred = predictor.predict([ex], allow_null=False)["m1"]
    assert pred.text and "[" not in pred.text and context[pred.start : pred.end] == pred.text


def test_spans_never_cross_mrqa_markers():
    offsets = np.array([(-1, -1), (0, 3), (4, 7), (14, 17), (18, 21)])  # a marker at 8..13
    start = np.array([0.0, 9.0, 0.0, 0.0, 0.0])
    end = np.array([0.0, 0.0, 1.0, 0.0, 9.0])
    assert best_span(start, end, offsets, 20, 30) == (18.0, 0, 21)
    segments = np.searchsorted(np.array([8]), offsets[:, 0], side="right")
    assert best_span(start, end, offsets, 20, 30, segments) == (10.0, 0, 7)


def test_forward_runs_in_inference_mode_in_eval(predictor, squad_examples):
    seen = []
    hook = predictor.model.register_forward_hook(
        lambda mod, args, out: seen.append((torch.is_inference_mode_enabled(), mod.training))
    )
    try:
        out = predictor.logits(predictor.featurize(squad_examples[:2]), batch_size=2)
    finally:
        hook.remove()
    assert seen and all(s == (True, False) for s in seen)
    assert all(isinstance(o, np.ndarray) and o.dtype == np.float32 for o in out)


def test_bad_settings_are_rejected():
    with pytest.raises(ValueError, match="stride"):
        WindowSettings(max_length=64, stride=64)


def test_long_questions_are_cut_to_the_budget(predictor, squad_examples):
    ex = squad_examples[0]
    long_q = " ".join([ex.question] * 20)
    long = QAExample("long", ex.dataset, "squad", ex.context, long_q, ex.answers)
    assert predictor.settings.question_budget == 64 - 16 - 4
    feats = predictor.featurize([long])
    assert feats.input_ids.shape[1] <= 64 and feats.lengths.max() <= 64
    q_tokens = predictor.tokenizer(predictor.truncate_questions([long_q])[0], add_special_tokens=False)
    assert len(q_tokens["input_ids"]) == 44 and long_q.startswith(predictor.truncate_questions([long_q])[0])
    assert predictor.truncate_questions([ex.question]) == [ex.question]
    assert predictor.predict([long], allow_null=True)["long"].span_text


def test_batches_are_length_sorted_and_padded_to_multiples_of_8(predictor, squad_examples):
    widths = []
    hook = predictor.model.register_forward_hook(
        lambda mod, args, kwargs, out: widths.append(
            (kwargs["input_ids"].shape, int(kwargs["attention_mask"].sum(1).max()))
        ),
        with_kwargs=True,
    )
    try:
        feats = predictor.featurize(squad_examples[:30])
        predictor.logits(feats, batch_size=8)
    finally:
        hook.remove()
    assert sum(shape[0] for shape, _ in widths) == len(feats.input_ids)
    longest = [n for _, n in widths]
    assert longest == sorted(longest, reverse=True)
    assert all(shape[1] % 8 == 0 and shape[1] - 8 < n <= shape[1] for shape, n in widths)


def test_load_model_from_disk_in_bf16_with_sdpa(tokenizer, squad_examples, tmp_path):
    from entity_renaming.evaluation.inference import load_model

    random_qa_model(len(tokenizer), "tiny", seed=3).save_pretrained(tmp_path)
    tokenizer.save_pretrained(tmp_path)
    loaded = load_model(str(tmp_path), device="cpu", dtype="bf16", local_files_only=True)
    assert next(loaded.model.parameters()).dtype == torch.bfloat16
    assert loaded.model.config._attn_implementation == "sdpa"
    preds = loaded.predict(squad_examples[:5], allow_null=True, batch_size=4)
    assert len(preds) == 5 and all(math.isfinite(p.null_score_diff) for p in preds.values())
    with pytest.raises(ValueError, match="unknown dtype"):
        load_model(str(tmp_path), device="cpu", dtype="int8", local_files_only=True)
