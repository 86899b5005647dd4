"""benchmarks/gpu_eval.py --smoke: the GPU benchmark runs end to end on CPU with tiny shapes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from conftest import MRQA_SQUAD_DEV

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "gpu_eval.py"


def test_smoke_run_reports_every_measurement(tmp_path):
    spec = importlib.util.spec_from_file_location("gpu_eval", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "report.json"
    argv = [
        "--smoke",
        "--input",
        str(MRQA_SQUAD_DEV),
        "--examples",
        "16",
        "--loop-examples",
        "8",
        "--queries",
        "4",
        "--out",
        str(out),
    ]
    report = module.main(argv)
    assert out.read_text(encoding="utf-8").strip().startswith("{")
    assert report["device"] == "cpu" and report["dtype"] == "fp32"
    (qa,) = report["qa"]
    assert qa["size"] == "tiny" and qa["examples"] == 16 and qa["windows"] >= 16 and qa["loop_examples"] == 8
    for key in ("evaluator_ex_per_s", "bare_forward_ex_per_s", "loop_ex_per_s"):
        assert qa[key] > 0
    assert qa["identical_predictions_vs_loop"] == 1.0
    gen = report["generation"]
    assert gen["queries"] == 4 and gen["prefix_tokens"] > 50
    assert gen["with_prefix_cache_tokens_per_s"] > 0 and gen["without_prefix_cache_tokens_per_s"] > 0
    assert gen["identical_generations"] is True
