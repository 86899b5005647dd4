"""End to end: a release folder built from the real shared files, a tiny random model saved to disk,
``evaluate-benchmark`` and ``leaderboard`` on CPU; checks outputs against recomputation."""

from __future__ import annotations

import csv
import json
import statistics
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from entity_renaming.evaluation import cli, leaderboard
from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer
from entity_renaming.evaluation.scoring import exact_match, f1, f1_v1, gold_answers, max_over_golds
from entity_renaming.io import read_examples
from entity_renaming.io.hf import example_to_row
from entity_renaming.model import QAExample, Renaming, Substitution
from entity_renaming.substitute import RenameError, rename_example

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
NAMES = {0: {"Broncos": "Falcons", "Normandy": "Vellmark"}, 1: {"Broncos": "Rangers", "Normandy": "Ostria"}}


def write_config(root: Path, name: str, examples: list[QAExample], renamings: dict[str, Renaming]) -> dict:
    rows = []
    for ex in examples:
        ren = renamings.get(ex.id)
        row = example_to_row(ex)
        row["original_id"] = ren.original_id if ren else ex.id
        row["renamings"] = json.dumps([ren.to_json()] if ren else [])
        rows.append(row)
    rel = f"{name}/validation-00000-of-00001.parquet"
    (root / name).mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows), root / rel)
    return {"config_name": name, "data_files": [{"split": "validation", "path": rel}]}


def perturbed(examples: list[QAExample], name: str, etype: str, seed: int) -> tuple[list, dict]:
    out, renamings = [], {}
    for ex in examples:
        subs = [Substitution(o, r, etype, "name") for o, r in NAMES[seed].items()]
        try:
            new, edits = rename_example(ex, subs)
        except RenameError:
            continue  # not perturbable: not emitted, as in a release
        new.id = f"{ex.id}-s{seed}"
        out.append(new)
        renamings[new.id] = Renaming(new.id, ex.id, name, "dbname", etype, seed, subs, edits)
    return out, renamings


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("release")
    mrqa = read_examples(SHARED / "mrqa" / "SQuAD_dev.jsonl.gz")[1]
    mrqa = mrqa[:8] + mrqa[600:606]  # Super Bowl passages mention "Broncos", the later ones do not
    v2 = read_examples(SHARED / "squad_v2" / "official_ids_Normans_Rhine_dev-v2.0.json")[1]
    v2 = v2[:10] + v2[400:406]  # Normans passages mention "Normandy", Rhine ones do not
    entries = [
        write_config(root, "squad-org-original", mrqa, {}),
        write_config(root, "squad_v2-gpe-original", v2, {}),
    ]
    for seed in (0, 1):
        name = f"squad-org-dbname-seed{seed}"
        entries.append(write_config(root, name, *perturbed(mrqa, name, "org", seed)))
        name = f"squad_v2-gpe-randstr-seed{seed}"
        entries.append(write_config(root, name, *perturbed(v2, name, "gpe", seed)))
    card = yaml.safe_dump({"version": "0.1.0-test", "configs": entries}, sort_keys=False)
    (root / "README.md").write_text(f"---\n{card}---\n# test release\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> list[Path]:
    root = tmp_path_factory.mktemp("models")
    mrqa = read_examples(SHARED / "mrqa" / "SQuAD_dev.jsonl.gz")[1][:200]
    tok = train_tokenizer([e.context for e in mrqa] + [e.question for e in mrqa], 1500)
    paths = []
    for seed in (0, 1):
        path = root / f"tiny-{seed}"
        random_qa_model(len(tok), "tiny", seed=seed).save_pretrained(path)
        tok.save_pretrained(path)
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def run_out(release, models, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("results")
    argv = [
        "--release",
        str(release),
        "--out",
        str(out),
        "--device",
        "cpu",
        "--offline",
        "--max-length",
        "96",
        "--stride",
        "32",
        "--batch-size",
        "8",
    ]
    for m in models:
        argv += ["--model", str(m)]
    assert cli.main(argv) == 0
    return out


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_predictions_cover_every_example_with_consistent_scores(run_out, release):
    for cfg in sorted(p.name for p in release.iterdir() if p.is_dir()):
        rows = pq.read_table(release / cfg / "validation-00000-of-00001.parquet").to_pylist()
        preds = read_jsonl(run_out / "tiny-0" / "predictions" / f"{cfg}.jsonl")
        fmt = "mrqa" if "qid" in rows[0] else "squad"
        assert [p["id"] for p in preds] == [r["qid" if fmt == "mrqa" else "id"] for r in rows]
        from entity_renaming.io.hf import row_to_example

        for row, p in zip(rows, preds, strict=True):
            ex = row_to_example(row, fmt, "x")
            assert p["original_id"] == row["original_id"]
            if p["prediction"]:
                assert ex.context[p["start"] : p["end"]] == p["prediction"]
            golds = gold_answers(ex)
            assert p["em"] == max_over_golds(exact_match, p["prediction"], golds)
            assert p["f1"] == pytest.approx(
                max_over_golds(f1 if fmt == "squad" else f1_v1, p["prediction"], golds)
            )


def test_results_json_metadata_and_seed_aggregation(run_out, models):
    res = json.loads((run_out / "tiny-0" / "results.json").read_text(encoding="utf-8"))
    assert res["schema"] == "entity-renamed-mrqa/results/v1"
    assert (
        res["model"]["name"] == "tiny-0"
        and res["model"]["source"] == str(models[0])
        and res["model"]["dtype"] == "fp32"
    )
    assert res["release"]["version"] == "0.1.0-test"
    assert res["hardware"]["device"] == "cpu" and res["code"]["package_version"]
    assert res["settings"]["max_length"] == 96 and res["settings"]["n_best"] == 20
    configs = res["configs"]
    assert set(configs["squad_v2-gpe-original"]["metrics"]) >= {
        "exact",
        "f1",
        "total",
        "HasAns_exact",
        "NoAns_f1",
        "best_f1",
        "best_f1_thresh",
    }
    assert set(configs["squad-org-original"]["metrics"]) >= {"exact_match", "f1", "total"}
    rows = {(r["dataset"], r["perturbation"]): r for r in res["robustness"]}
    assert set(rows) == {
        ("squad", "original"),
        ("squad", "dbname"),
        ("squad_v2", "original"),
        ("squad_v2", "randstr"),
    }
    for (dataset, pert), orig_name in (
        (("squad", "dbname"), "squad-org-original"),
        (("squad_v2", "randstr"), "squad_v2-gpe-original"),
    ):
        row = rows[(dataset, pert)]
        assert row["seeds"] == [0, 1] and row["original_config"] == orig_name
        f1s = [configs[c]["summary"]["f1"] for c in row["configs"]]
        assert row["f1_mean"] == pytest.approx(statistics.fmean(f1s))
        assert row["f1_std"] == pytest.approx(statistics.stdev(f1s))
        assert row["delta_f1"] == pytest.approx(row["f1_mean"] - configs[orig_name]["summary"]["f1"])
        # paired flips recomputed from the prediction files
        orig = {p["id"]: p for p in read_jsonl(run_out / "tiny-0" / "predictions" / f"{orig_name}.jsonl")}
        flips, sizes = [], []
        for c in row["configs"]:
            preds = read_jsonl(run_out / "tiny-0" / "predictions" / f"{c}.jsonl")
            sizes.append(len(preds))
            flips.append(sum(1 for p in preds if orig[p["original_id"]]["em"] == 1 and p["em"] == 0))
        assert row["paired_n"] == pytest.approx(statistics.fmean(sizes)) and 0 < row["paired_n"] < len(orig)
        assert row["right_to_wrong_mean"] == pytest.approx(statistics.fmean(flips))
        # every renamed example carries its entity type in `renamings`: one type, all pairs
        ((etype, by_type),) = row["paired_delta_f1_by_entity_type"].items()
        assert etype == row["entity_type"] and by_type["n"] == pytest.approx(row["paired_n"])
        assert by_type["mean"] == pytest.approx(row["paired_delta_f1_mean"])
    assert (
        "HasAns_f1_mean" in rows[("squad_v2", "randstr")] and "NoAns_f1_mean" in rows[("squad_v2", "randstr")]
    )


def test_leaderboard_tables_and_plots(run_out):
    md = (run_out / "leaderboard.md").read_text(encoding="utf-8").splitlines()
    table = list(csv.DictReader((run_out / "leaderboard.csv").open(encoding="utf-8")))
    assert len(table) == 8 and len(md) == 2 + 8  # 2 models × 4 rows
    assert {r["model"] for r in table} == {"tiny-0", "tiny-1"}
    originals = [r for r in table if r["perturbation"] == "original"]
    assert all(r["original_f1"] == r["f1_mean"] and r["delta_f1"] == "" for r in originals)
    for png in ("f1_squad.png", "drops_squad.png", "f1_squad_v2.png", "drops_squad_v2.png"):
        assert (run_out / "plots" / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_leaderboard_command_merges_result_files(run_out, tmp_path):
    files = [str(run_out / m / "results.json") for m in ("tiny-0", "tiny-1")]
    assert leaderboard.main([*files, "--out", str(tmp_path)]) == 0
    assert (tmp_path / "leaderboard.csv").read_text() == (run_out / "leaderboard.csv").read_text()
    assert (tmp_path / "leaderboard.md").read_text() == (run_out / "leaderboard.md").read_text()


def test_rerun_is_byte_identical(run_out, release, models, tmp_path):
    argv = [
        "--release",
        str(release),
        "--out",
        str(tmp_path),
        "--device",
        "cpu",
        "--offline",
        "--no-plots",
        "--max-length",
        "96",
        "--stride",
        "32",
        "--batch-size",
        "8",
        "--model",
        str(models[0]),
        "--configs",
        "squad_v2-*",
    ]
    assert cli.main(argv) == 0
    for path in sorted((tmp_path / "tiny-0" / "predictions").iterdir()):
        assert path.read_bytes() == (run_out / "tiny-0" / "predictions" / path.name).read_bytes()
    assert len(list((tmp_path / "tiny-0" / "predictions").iterdir())) == 3


def test_bad_release_errors_name_the_file(tmp_path, capsys, models):
    (tmp_path / "README.md").write_text("---\npretty_name: x\n---\n", encoding="utf-8")
    argv = ["--release", str(tmp_path), "--out", str(tmp_path / "o"), "--model", str(models[0]), "--offline"]
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
