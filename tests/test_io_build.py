"""What reading decides reaches every config alike: rejected input examples are skipped (with their reason)
by every config, ``*-original`` included; hub rows without plausible answers are accounted for; dataset
names that make no config name are refused before anything is written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest
from conftest import SQUAD2_NORMANS_RHINE

from entity_renaming.cli.build_benchmark import main
from entity_renaming.io import read_examples
from entity_renaming.sampling import indist_pool
from entity_renaming.writer import not_emitted


def _line_of(path, needle):
    return next(no for no, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def _ids(path):
    return [e.id for e in read_examples(path)[1]]


def _build(args, ner_cache_dir):
    return main([*args, "--ner-cache", str(ner_cache_dir), "--no-progress"])


def test_invalid_example_is_skipped_by_every_config_original_included(tmp_path, ner_cache_dir):
    doc = json.loads(SQUAD2_NORMANS_RHINE.read_text(encoding="utf-8"))
    doc["data"] = doc["data"][:1]  # Normans
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(doc), encoding="utf-8")
    flags = ["--perturbation", "original", "--perturbation", "randstr", "--entity-types", "per",
             "--seeds", "0"]
    assert _build(["--input", str(clean), "--out", str(tmp_path / "clean"), *flags], ner_cache_dir) == 0
    clean_original = _ids(tmp_path / "clean" / "squad2-per-original.json")
    qas = {qa["id"]: qa for para in doc["data"][0]["paragraphs"] for qa in para["qas"]}
    # the first perturbable answerable question (the test breaks its answer offset)
    target = next(i for i in clean_original if qas[i]["answers"])
    qas[target]["answers"][0]["answer_start"] += 3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc, indent=1), encoding="utf-8")

    out = tmp_path / "out"
    assert _build(["--input", str(bad), "--out", str(out), *flags], ner_cache_dir) == 0
    total = len(qas)
    original = _ids(out / "squad2-per-original.json")
    renamed = _ids(out / "squad2-per-randstr-seed0.json")
    for config, emitted in (("squad2-per-original", original), ("squad2-per-randstr-seed0", renamed)):
        skips = not_emitted(out, config)
        assert target not in emitted
        assert skips[target].startswith("invalid input: answers[0].answer_start: ")
        assert skips[target].endswith(f"(at {bad}:{_line_of(bad, target)})")
        assert len(emitted) + len(skips) == total
    failures = [json.loads(line) for line in (out / "skipped.jsonl").read_text().splitlines()]
    assert {r["config"] for r in failures if r["example_id"] == target} == {
        "squad2-per-original", "squad2-per-randstr-seed0"}  # listed as a failure, not as out of scope
    assert set(renamed) <= set(original)  # the renamed config pairs with its original
    assert set(original) == set(clean_original) - {target}


def test_hub_squad_v2_rows_keep_unanswerable_questions_accounted(tmp_path, ner_cache_dir):
    """rajpurkar/squad_v2 rows have no plausible_answers: the 320 unanswerable questions of the
    Normans/Rhine records have no answer entity. They are listed as skipped with that reason (not the
    bare "no perturbable mix answer entity"), and a warning says how many."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    _, examples = read_examples(SQUAD2_NORMANS_RHINE)
    rows = [
        {"id": e.id, "title": e.title, "context": e.context, "question": e.question,
         "answers": {"text": [a.text for a in e.answers],
                     "answer_start": [a.char_spans[0][0] for a in e.answers]}}
        for e in examples
    ]
    mirror = tmp_path / "squad_v2" / "squad_v2"
    mirror.mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows), mirror / "validation-00000-of-00001.parquet")
    out = tmp_path / "out"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_CACHE": str(tmp_path / "hf-cache")}
    args = ["--hub", str(mirror.parent), "--perturbation", "original", "--entity-types", "mix",
            "--out", str(out), "--ner-cache", str(ner_cache_dir), "--no-progress"]
    run = subprocess.run([sys.executable, "-m", "entity_renaming.cli.build_benchmark", *args],
                         capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "320 unanswerable question(s) have no plausible_answers" in run.stderr
    skips = not_emitted(out, "squad2-original")
    unanswerable = {e.id for e in examples if not e.answers}
    assert len(unanswerable) == 320
    assert {i for i, r in skips.items() if "no plausible answers" in r} == unanswerable
    emitted = _ids(out / "squad2-original.json")
    assert len(emitted) + len(skips) == 706 and not set(emitted) & unanswerable


@pytest.mark.parametrize("name", ["..", "_-_", "", "!!"])
def test_dataset_name_without_letters_is_refused_before_writing(tmp_path, name, capsys):
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as err:
        main(["--input", str(SQUAD2_NORMANS_RHINE), f"--dataset={name}", "--out", str(out)])
    assert err.value.code == 2 and not out.exists()
    assert "no letter or digit" in capsys.readouterr().err


def test_indist_pool_casing_does_not_depend_on_input_order():
    spans = [SimpleNamespace(span_type="last", surface=s) for s in ("MCDONALD", "McDonald", "Smith", "SMITH")]
    pools = {str(indist_pool(order)) for order in (spans, spans[::-1], spans[1:] + spans[:1])}
    assert pools == {str({"last": ("McDonald", "Smith")})}
