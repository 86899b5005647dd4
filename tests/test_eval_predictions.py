"""``evaluate-benchmark --predictions``: answers produced elsewhere, in the official scripts' ``{id: answer}``
files, are scored by the same code as a model run and give the same results JSON. Real builds of the shared
MRQA SQuAD dev and SQuAD 2.0 files; scores are checked against the official scripts' functions."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE
from official_squad_eval import mrqa_example, squad_v2_example

from entity_renaming.cli.build_benchmark import main as build_main
from entity_renaming.evaluation import cli
from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer
from entity_renaming.evaluation.scoring import gold_answers
from entity_renaming.io import read_examples, write_examples

SMALL = ["--device", "cpu", "--offline", "--max-length", "96", "--stride", "32", "--batch-size", "8"]


def build(root: Path, source: Path, fmt: str, name: str, contexts: int, ner_cache: Path) -> Path:
    meta, examples = read_examples(source)
    keep = set(list(dict.fromkeys(e.context for e in examples))[:contexts])
    write_examples(root / name, [e for e in examples if e.context in keep], fmt, meta)
    out = root / f"out-{fmt}"
    argv = ["--input", str(root / name), "--entity-types", "per", "--seeds", "0,1", "--perturbation",
            "original", "--perturbation", "randstr", "--ner-cache", str(ner_cache), "--no-progress",
            "--out", str(out)]
    assert build_main(argv) == 0
    return out


@pytest.fixture(scope="module")
def builds(tmp_path_factory, ner_cache_dir) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("pred-builds")
    return {"mrqa": build(root, MRQA_SQUAD_DEV, "mrqa", "SQuAD.jsonl.gz", 8, ner_cache_dir),
            "squad": build(root, SQUAD2_NORMANS_RHINE, "squad", "dev-v2.0.json", 12, ner_cache_dir)}


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pred-model") / "tiny"
    texts = [e.context for e in read_examples(MRQA_SQUAD_DEV)[1][:100]]
    tok = train_tokenizer(texts, 1000)
    random_qa_model(len(tok), "tiny", seed=0).save_pretrained(path)
    tok.save_pretrained(path)
    return path


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def comparable(result: dict) -> dict:
    """What a model run and a predictions run must share: per-config metrics and the robustness rows."""
    rows = [{k: v for k, v in r.items() if k != "model"} for r in result["robustness"]]
    return {"configs": result["configs"], "robustness": rows}


@pytest.mark.parametrize("fmt", ["mrqa", "squad"])
def test_prediction_files_give_the_results_of_the_model_run(builds, model, tmp_path, fmt):
    """The model run's answers, written as official-script files, score to the same results JSON."""
    run = tmp_path / "run"
    assert cli.main(["--release", str(builds[fmt]), "--model", str(model), "--out", str(run), "--no-plots",
                     *SMALL]) == 0
    folder = tmp_path / "preds"
    folder.mkdir()
    for path in sorted((run / "tiny" / "predictions").iterdir()):
        rows = read_jsonl(path)
        config = path.name.removesuffix(".jsonl")
        # evaluate-v2.0.py's inputs: the best span as the answer, null − span score as na_prob
        (folder / f"{config}.json").write_text(json.dumps({r["id"]: r["best_span"] for r in rows}))
        if fmt == "squad":
            (folder / f"{config}.na_prob.json").write_text(
                json.dumps({r["id"]: r["null_score_diff"] for r in rows}))
    scored = tmp_path / "scored"
    argv = ["--release", str(builds[fmt]), "--predictions", str(folder), "--name", "tiny", "--out",
            str(scored), "--no-plots"] + (["--na-prob-thresh", "0"] if fmt == "squad" else [])
    assert cli.main(argv) == 0
    model_run = json.loads((run / "tiny" / "results.json").read_text(encoding="utf-8"))
    from_files = json.loads((scored / "tiny" / "results.json").read_text(encoding="utf-8"))
    assert comparable(from_files) == comparable(model_run)
    assert from_files["model"]["predictions"] == str(folder) and from_files["hardware"] is None
    assert (scored / "leaderboard.md").read_text() == (run / "leaderboard.md").read_text()
    for path in sorted((run / "tiny" / "predictions").iterdir()):
        mine = [(r["id"], r["prediction"], r["em"], r["f1"]) for r in read_jsonl(path)]
        assert mine == [(r["id"], r["prediction"], r["em"], r["f1"])
                        for r in read_jsonl(scored / "tiny" / "predictions" / path.name)]


def gold_predictions(build: Path, wrong_every: int) -> dict[str, dict[str, str]]:
    """Per config: the first gold answer, except every ``wrong_every``-th example gets a wrong one."""
    manifest = json.loads((build / "manifest.json").read_text(encoding="utf-8"))
    out = {}
    for name, entry in manifest["configs"].items():
        examples = read_examples(build / entry["file"], allow_empty=True)[1]
        out[name] = {ex.id: "the wrong words" if (i + 1) % wrong_every == 0 else gold_answers(ex)[0]
                     for i, ex in enumerate(examples)}
    return out


def test_one_file_keyed_by_config_scores_as_the_official_scripts(builds, tmp_path):
    build = builds["squad"]
    preds = gold_predictions(build, 3)
    path = tmp_path / "preds.json"
    path.write_text(json.dumps(preds), encoding="utf-8")
    assert cli.main(["--release", str(build), "--predictions", str(path), "--out", str(tmp_path / "o"),
                     "--no-plots"]) == 0
    res = json.loads((tmp_path / "o" / "preds" / "results.json").read_text(encoding="utf-8"))
    assert res["model"]["name"] == "preds" and set(res["configs"]) == set(preds)
    manifest = json.loads((build / "manifest.json").read_text(encoding="utf-8"))
    for name, answers in preds.items():
        examples = read_examples(build / manifest["configs"][name]["file"])[1]
        golds = [[a.text for a in ex.answers] if not ex.is_impossible else [""] for ex in examples]
        official = [squad_v2_example(g, answers[ex.id]) for g, ex in zip(golds, examples, strict=True)]
        metrics = res["configs"][name]["metrics"]
        # one metric name for SQuAD 2.0 and MRQA: exact_match (the official SQuAD 2.0 script's "exact")
        assert "exact" not in metrics
        assert {"exact_match", "HasAns_exact_match", "best_exact_match"} <= set(metrics)
        assert metrics["exact_match"] == pytest.approx(100 * statistics.fmean(e for e, _ in official))
        assert metrics["f1"] == pytest.approx(100 * statistics.fmean(f for _, f in official))
    row = next(r for r in res["robustness"] if r["perturbation"] == "randstr")
    assert {"paired_delta_HasAns_f1_mean", "paired_delta_NoAns_f1_mean", "HasAns_n", "NoAns_n"} <= set(row)


def test_na_prob_file_follows_evaluate_v2(builds, tmp_path):
    """An answer whose na_prob exceeds the threshold (default 1.0) is scored as no answer."""
    build = builds["squad"]
    preds = gold_predictions(build, 10**9)  # every answer right
    na = {c: dict.fromkeys(ids, 2.0) for c, ids in preds.items()}  # ... and every one withdrawn
    (tmp_path / "p.json").write_text(json.dumps(preds))
    (tmp_path / "na.json").write_text(json.dumps(na))
    argv = ["--release", str(build), "--predictions", str(tmp_path / "p.json"), "--na-probs",
            str(tmp_path / "na.json"), "--out", str(tmp_path / "o"), "--no-plots"]
    assert cli.main(argv) == 0
    res = json.loads((tmp_path / "o" / "p" / "results.json").read_text(encoding="utf-8"))
    for c in res["configs"].values():
        m = c["metrics"]
        assert m["HasAns_f1"] == 0.0 and m.get("NoAns_f1", 100.0) == 100.0
        assert m["best_f1"] == 100.0  # the best threshold keeps every answer


def test_mrqa_predictions_with_limit(builds, tmp_path):
    build = builds["mrqa"]
    preds = gold_predictions(build, 2)
    folder = tmp_path / "preds"
    folder.mkdir()
    for name, answers in preds.items():
        (folder / f"{name}.json").write_text(json.dumps(dict(list(answers.items())[:4])))
    argv = ["--release", str(build), "--predictions", str(folder), "--limit", "4",
            "--out", str(tmp_path / "o"), "--no-plots"]
    assert cli.main(argv) == 0
    res = json.loads((tmp_path / "o" / "preds" / "results.json").read_text(encoding="utf-8"))
    assert res["settings"]["limit"] == 4
    manifest = json.loads((build / "manifest.json").read_text(encoding="utf-8"))
    for name, c in res["configs"].items():
        examples = read_examples(build / manifest["configs"][name]["file"])[1][:4]
        official = [mrqa_example([a.text for a in ex.answers], preds[name][ex.id]) for ex in examples]
        assert c["metrics"]["total"] == 4
        assert c["metrics"]["f1"] == pytest.approx(100 * statistics.fmean(f for _, f in official))


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ("flat", "renamed configs reuse their originals' ids"),
        ("missing_id", "examples have no prediction"),
        ("stray_file", "squad-per-dbanme-seed0.json: no selected config"),
        ("bad_value", "expected a string"),
        ("empty_folder", "no predictions for any selected config"),
        ("unknown_config", "not selected or not in the release"),
    ],
)
def test_bad_predictions_name_the_file(builds, tmp_path, capsys, layout, message):
    build = builds["mrqa"]
    preds = gold_predictions(build, 2)
    target = tmp_path / "preds"
    if layout in ("flat", "bad_value", "unknown_config"):
        data = {
            "flat": {i: a for answers in preds.values() for i, a in answers.items()},
            "bad_value": {c: {i: 1 for i in a} for c, a in preds.items()},
            "unknown_config": {**preds, "squad-org-original": {}},
        }[layout]
        target = tmp_path / "preds.json"
        target.write_text(json.dumps(data))
    else:
        target.mkdir()
        for name, answers in preds.items():
            if layout == "missing_id":
                answers = dict(list(answers.items())[1:])
            if layout != "empty_folder":
                (target / f"{name}.json").write_text(json.dumps(answers))
        if layout == "stray_file":
            (target / "squad-per-dbanme-seed0.json").write_text("{}")
    argv = ["--release", str(build), "--predictions", str(target), "--out", str(tmp_path / "o"), "--no-plots"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and str(target) in err and "Traceback" not in err


def test_predictions_and_model_exclude_each_other(builds, tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli.main(["--release", str(builds["mrqa"]), "--predictions", str(tmp_path), "--model", "x", "--out",
                  str(tmp_path)])
    assert "not allowed with argument" in capsys.readouterr().err


def test_scoring_predictions_needs_no_torch(builds, tmp_path):
    """--predictions works in an install without the deep-learning stack (torch, transformers)."""
    import subprocess
    import sys

    folder = tmp_path / "preds"
    folder.mkdir()
    for name, answers in gold_predictions(builds["mrqa"], 2).items():
        (folder / f"{name}.json").write_text(json.dumps(answers))
    code = (
        "import sys\n"
        "for m in ('torch', 'transformers', 'tokenizers'): sys.modules[m] = None\n"
        "from entity_renaming.evaluation import cli\n"
        f"sys.exit(cli.main(['--release', {str(builds['mrqa'])!r}, '--predictions', {str(folder)!r}, "
        f"'--out', {str(tmp_path / 'o')!r}, '--no-plots']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "o" / "preds" / "results.json").is_file()
