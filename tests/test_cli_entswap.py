"""`build-benchmark --perturbation entswap` end to end on a real SQuAD 2.0 slice (the Normans article)."""

from __future__ import annotations

import gzip
import json

import pytest
from conftest import SQUAD2_NORMANS_RHINE
from test_cli import run_cli
from test_entswap_banks import build_test_banks

from entity_renaming.io import read_examples, write_examples
from entity_renaming.model import illegal_answers
from entity_renaming.writer import not_emitted


@pytest.fixture(scope="module")
def normans(tmp_path_factory):
    """The first 60 questions of the real Normans article, as a SQuAD 2.0 file."""
    examples = read_examples(SQUAD2_NORMANS_RHINE)[1][:60]
    path = tmp_path_factory.mktemp("input") / "normans.json"
    write_examples(path, examples, "squad", {"version": "v2.0"})
    return path, examples


def test_afrisquad2_configs_from_the_cli(tmp_path, normans, ner_cache_dir):
    source, examples = normans
    banks = build_test_banks(tmp_path / "banks")
    out = tmp_path / "out"
    # no --dataset: a SQuAD 2.0 file (version v2.0) is the squad2 dataset, so its configs are AfriSQuAD2's
    args = ["--input", str(source), "--perturbation", "entswap", "--entswap-without",
            "city", "--seeds", "0,1", "--banks", str(banks), "--ner-cache", str(ner_cache_dir),
            "--out", str(out), "--no-progress"]
    done = run_cli(args)
    assert done.returncode == 0, done.stderr[-3000:]
    manifest = json.loads((out / "manifest.json").read_text())
    assert list(manifest["configs"]) == ["squad2-original", "afrisquad2-wo-city-seed0",
                                         "afrisquad2-wo-city-seed1"]
    impossible = sum(e.is_impossible for e in examples)
    for name, entry in manifest["configs"].items():
        renamed = read_examples(out / entry["file"], "squad", allow_empty=True)[1]
        skipped = not_emitted(out, name)
        assert len(renamed) + len(skipped) == len(examples)
        assert all(not illegal_answers(e) for e in renamed)
        assert sum(e.is_impossible for e in renamed) == impossible - sum(
            e.is_impossible for e in examples if e.id in skipped)
    seed0 = read_examples(out / "afrisquad2-wo-city-seed0.json", "squad")[1]
    assert sum(a.context != b.context for a, b in zip(seed0, examples, strict=False)) > 30
    # the Normans have no country a demonym could follow: they keep their name everywhere
    assert any("Normans" in e.context for e in seed0) and any(e.title == "Normans" for e in seed0)
    with gzip.open(out / "afrisquad2-wo-city-seed0.renamings.jsonl.gz", "rt") as handle:
        renamings = [json.loads(line) for line in handle]
    assert renamings and all(s["entity_type"] != "city" for r in renamings for s in r["substitutions"])


def test_missing_bank_category_fails_early_with_the_fix(tmp_path, normans):
    banks = build_test_banks(tmp_path / "banks")
    (banks / "african" / "organization.tsv").unlink()
    done = run_cli(["--input", str(normans[0]), "--dataset", "squad2", "--perturbation", "entswap",
                    "--banks", str(banks), "--out", str(tmp_path / "out"), "--no-progress"])
    assert done.returncode == 2
    assert "'organization'" in done.stderr and "--entswap-without organization" in done.stderr


def test_ablations_are_defined_for_squad2_only(tmp_path, normans):
    done = run_cli(["--input", str(normans[0]), "--dataset", "squad", "--perturbation", "entswap",
                    "--entswap-ablations", "--out", str(tmp_path / "out"), "--no-progress"])
    assert done.returncode == 2 and "SQuAD 2.0 only" in done.stderr
