"""benchmarks/squad2_test_half.py: the CS224n test half annotated from the MRQA SQuAD dev file."""

from __future__ import annotations

import json

from conftest import MRQA_SQUAD_DEV, SQUAD2_DEV, SQUAD2_TEST_NO_ANSWERS, benchmark_script


def test_the_test_half_gets_the_mrqa_answers_at_their_offsets(tmp_path):
    script = benchmark_script("squad2_test_half")
    out = tmp_path / "test-half.json"
    assert script.main(["--test-half", str(SQUAD2_TEST_NO_ANSWERS), "--mrqa", str(MRQA_SQUAD_DEV),
                        "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))["data"]
    assert len(data) == 19 and "Miscellaneous" not in {a["title"] for a in data}
    qas = [(p["context"], qa) for a in data for p in a["paragraphs"] for qa in p["qas"]]
    answerable = [(c, qa) for c, qa in qas if not qa["is_impossible"]]
    assert len(qas) == 5795 and len(answerable) == 3011  # official total: 3,018 answerable
    for context, qa in answerable:
        assert qa["answers"] and all(context[a["answer_start"]:].startswith(a["text"]) for a in qa["answers"])
    assert all(qa["answers"] == [] for _, qa in qas if qa["is_impossible"])


def test_the_same_matching_reproduces_the_annotated_dev_half():
    """On the half whose answers are known, matching by context and question finds the answerable ones."""
    script = benchmark_script("squad2_test_half")
    dev = json.loads(SQUAD2_DEV.read_text(encoding="utf-8"))
    truth = {qa["id"]: qa["is_impossible"] for a in dev["data"] for p in a["paragraphs"] for qa in p["qas"]}
    data, counts = script.annotate(dev, script.mrqa_answers(MRQA_SQUAD_DEV))
    found = {qa["id"]: qa["is_impossible"] for a in data["data"] for p in a["paragraphs"] for qa in p["qas"]}
    agree = sum(found[i] == truth[i] for i in truth)
    assert agree >= 0.995 * len(truth) and counts["answerable"] <= sum(not v for v in truth.values())
