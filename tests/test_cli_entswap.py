"""`build-benchmark --perturbation entswap` end to end on a real SQuAD 2.0 slice (the Normans article)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from conftest import SQUAD2_NORMANS_RHINE
from test_cli import run_cli
from test_entswap_banks import build_test_banks

from entity_renaming.entswap import recall
from entity_renaming.io import read_examples, write_examples
from entity_renaming.model import illegal_answers
from entity_renaming.rules import RULES
from entity_renaming.writer import LEFT_OUT_REASON, left_out, not_emitted


@pytest.fixture(scope="module")
def normans(tmp_path_factory):
    """The first 60 questions of the real Normans article, as a SQuAD 2.0 file."""
    examples = read_examples(SQUAD2_NORMANS_RHINE)[1][:60]
    path = tmp_path_factory.mktemp("input") / "normans.json"
    write_examples(path, examples, "squad", {"version": "v2.0"})
    return path, examples


@pytest.fixture(scope="module")
def built(tmp_path_factory, normans, ner_cache_dir) -> Path:
    """``build-benchmark --perturbation entswap --entswap-without city --seeds 0,1`` of the Normans slice."""
    root = tmp_path_factory.mktemp("afrisquad2")
    banks = build_test_banks(root / "banks")
    out = root / "out"
    # no --dataset: a SQuAD 2.0 file (version v2.0) is the squad2 dataset, so its configs are AfriSQuAD2's
    args = ["--input", str(normans[0]), "--perturbation", "entswap", "--entswap-without",
            "city", "--seeds", "0,1", "--banks", str(banks), "--ner-cache", str(ner_cache_dir),
            "--out", str(out), "--no-progress"]
    done = run_cli(args)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def test_afrisquad2_configs_from_the_cli(built, normans):
    out, examples = built, normans[1]
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


def test_left_out_names_are_recorded_per_passage_with_their_rule(built, normans):
    """Each passage group's line in out-of-scope.jsonl.gz lists the candidate surfaces it leaves out, with
    category and rule ids (the article's vetoes of a name the passage holds too), surfaces sorted; both
    seeds share one list."""
    manifest = json.loads((out_json := built / "manifest.json").read_text())
    digests = {n: e["left_out"] for n, e in manifest["configs"].items()}
    assert digests["squad2-original"] == "" and digests["afrisquad2-wo-city-seed0"]
    assert digests["afrisquad2-wo-city-seed0"] == digests["afrisquad2-wo-city-seed1"]
    groups = left_out(built, "afrisquad2-wo-city-seed0")
    assert groups is not None and out_json.is_file()
    assert sorted(i for g in groups.values() for i in g["example_ids"]) == sorted(e.id for e in normans[1])
    for g in groups.values():
        assert g["reason"] == LEFT_OUT_REASON and g["count"] == len(g["example_ids"])
        assert [(e["surface"], e["category"]) for e in g["left_out"]] == sorted(
            (e["surface"], e["category"]) for e in g["left_out"])
        assert all(e["rules"] and set(e["rules"]) <= set(RULES) for e in g["left_out"])
    fifth = {(e["surface"], e["category"]): e["rules"] for e in groups["title:Normans#5"]["left_out"]}
    assert fifth[("France", "country")] == ["entswap.unclear-occurrence"]  # a passage veto
    assert fifth[("Seine", "organization")] == ["label.minority"]  # an article veto, the passage holds it
    second = {(e["surface"], e["category"]): e["rules"] for e in groups["title:Normans#2"]["left_out"]}
    assert second[("Antioch", "person")] == ["label.minority"]  # article veto
    assert second[("Antioch", "city")] == ["entswap.unclear-occurrence"]  # passage veto
    assert "Antioch" not in {e["surface"] for e in groups["title:Normans#1"]["left_out"]}


def test_recall_tally_names_the_rule_of_each_miss(built, normans, tmp_path):
    fifth = [e.id for e in normans[1] if "Cotentin" in e.context]
    names = [{"name": "France", "category": "country", "forms": [], "verdict": "yes"},
             {"name": "Zanzibar", "category": "city", "forms": [], "verdict": "yes"}]
    labels = tmp_path / "entswap-labels.jsonl"
    labels.write_text(json.dumps({"study": "entswap", "n": 1, "passage": "0/5", "title": "Normans",
                                  "question_ids": fifth, "names": names}) + "\n")
    result = recall.tally(labels, built, config="afrisquad2-wo-city-seed0")
    rows = {r["type"]: r for r in result["rows"]}
    assert rows["country"]["missed"] == [{"passage": "0/5", "name": "France (country, yes)",
                                          "rules": ["entswap.unclear-occurrence"], "surface": "France",
                                          "category": "country"}]
    assert rows["city"]["missed"] == [{"passage": "0/5", "name": "Zanzibar (city, yes)",
                                       "rules": [recall.NOT_A_CANDIDATE]}]
    assert rows["country"]["missed_by_rule"] == {"entswap.unclear-occurrence": 1}
    assert rows["city"]["missed_by_rule"] == {recall.NOT_A_CANDIDATE: 1}
    assert "- entswap.unclear-occurrence: 1" in recall.render(result)


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
