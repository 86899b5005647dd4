"""benchmarks/quality_table.py: the reader estimate of the renamable population from labelled samples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import benchmark_script


@pytest.fixture(scope="module")
def quality_table():
    return benchmark_script("quality_table")


def write_set(folder: Path, eligible: int, excluding: list[str], names: list[list[dict]]) -> Path:
    folder.mkdir()
    (folder / "yan-sample.json").write_text(json.dumps({"eligible": eligible, "excluding": excluding}))
    lines = [json.dumps({"n": i, "id": f"{folder.name}-{i}", "names": n}) for i, n in enumerate(names)]
    (folder / "yan-labels.jsonl").write_text("\n".join(lines) + "\n")
    return folder / "yan-labels.jsonl"


def test_estimate_counts_renamable_questions_over_disjoint_sets(tmp_path, quality_table):
    per = {"name": "Ada Lorne", "type": "PER", "in_answer": "is", "verdict": "yes"}
    org_no = {"name": "Foo", "type": "ORG", "in_answer": "is", "verdict": "no"}
    gpe = {"name": "Exampleton", "type": "GPE", "kind": "city", "in_answer": "contains", "verdict": "adjust"}
    first = write_set(tmp_path / "a", 1000, [], [[per], [org_no], [], [per, gpe]])
    second = write_set(tmp_path / "b", 996, ["yan-sample.json"], [[gpe], [], [], []])
    est = quality_table.reader_estimate([first, second])
    # 8 labelled questions drawn from the first sample's 1,000: PER 2, ORG 0 (a "no" is not renamable), GPE 2,
    # MIX 3 (one question holds two types)
    assert {t: (e["renamable"], e["labelled"], e["estimate"]) for t, e in est.items()} == {
        "PER": (2, 8, 250), "ORG": (0, 8, 0), "GPE": (2, 8, 250), "MIX": (3, 8, 375)}
    assert est["PER"]["low"] < 250 < est["PER"]["high"]
    with pytest.raises(SystemExit, match="without --exclude"):
        quality_table.reader_estimate([second])
