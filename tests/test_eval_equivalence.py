"""The vectorised evaluator answers exactly as the per-example reference loop does (CPU, real data)."""

from __future__ import annotations

import pytest
import torch
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE

from entity_renaming.evaluation.inference import QAPredictor, WindowSettings, best_span, best_spans
from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer
from entity_renaming.evaluation.reference import per_example_predict
from entity_renaming.io import read_examples


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    """Tiny models: one intra-op thread is faster, and not at the mercy of a loaded machine."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def data():
    mrqa = read_examples(MRQA_SQUAD_DEV)[1]
    squad2 = read_examples(SQUAD2_NORMANS_RHINE)[1]
    tok = train_tokenizer([e.context for e in mrqa[:400]] + [e.question for e in mrqa[:400]], 2000)
    return mrqa[::97][:50], squad2[::7][:30], tok


@pytest.mark.parametrize("seed", [0, 1])
def test_predictions_equal_the_per_example_loop(data, seed):
    mrqa, squad2, tok = data
    settings = WindowSettings(max_length=96, stride=32, n_best=5, max_answer_length=8)
    model = random_qa_model(len(tok), "tiny", seed=seed)
    predictor = QAPredictor(model, tok, settings=settings)
    for examples in (mrqa, squad2):
        assert sum(len(predictor.featurize([e]).input_ids) > 1 for e in examples) > 10  # several windows
        reference = per_example_predict(model, tok, examples, settings, torch.device("cpu"))
        for batch_size, chunk in ((1, 0), (64, 0), (64, 7)):  # chunk 7: the pipelined path CUDA takes
            fast = predictor.predict(examples, allow_null=False, batch_size=batch_size, chunk_examples=chunk)
            assert list(fast) == [e.id for e in examples]
            assert {k: p.text for k, p in fast.items()} == reference


def test_batched_span_search_equals_the_single_window_search(data):
    rng = torch.Generator().manual_seed(0)
    _, squad2, tok = data
    predictor = QAPredictor(random_qa_model(len(tok), "tiny"), tok, settings=WindowSettings(96, 32))
    feats = predictor.featurize(squad2)
    start = torch.randn(feats.input_ids.shape, generator=rng).numpy()
    end = torch.randn(feats.input_ids.shape, generator=rng).numpy()
    start[:, ::5] = end[:, ::3] = 1.0  # ties, which the earlier position must win
    scores, a, b = best_spans(start, end, feats.offsets, 20, 30, feats.segments)
    for w in range(len(start)):
        one = best_span(start[w], end[w], feats.offsets[w], 20, 30, feats.segments[w])
        positions = [t for t in range(feats.lengths[w]) if feats.offsets[w, t, 0] >= 0]
        top_s = sorted(positions, key=lambda t: -start[w, t])[:20]
        top_e = sorted(positions, key=lambda t: -end[w, t])[:20]
        spans = [(start[w, s] + end[w, e], s, e) for s in top_s for e in top_e if 0 <= e - s < 30]
        want = max(spans, key=lambda x: x[0]) if spans else None  # max keeps the first of equal scores
        assert one == (float(scores[w]), int(a[w]), int(b[w]))
        assert (one[1], one[2]) == (int(feats.offsets[w, want[1], 0]), int(feats.offsets[w, want[2], 1]))
