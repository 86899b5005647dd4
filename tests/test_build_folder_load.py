"""Everything build-benchmark writes, datasets can load: a ``--out`` folder's README.md lists its configs
(the release card's front matter) and each config's rows as a parquet shard in the release columns."""

from __future__ import annotations

import json

import pytest
from datasets import load_dataset

from entity_renaming.cli.build_benchmark import main
from entity_renaming.io import read_examples
from entity_renaming.release.frontmatter import front_matter
from entity_renaming.writer import read_jsonl_gz


@pytest.fixture(scope="module")
def demo_build(tmp_path_factory, ner_cache_dir):
    out = tmp_path_factory.mktemp("demo-build")
    code = main(["--demo", "--out", str(out), "--perturbation", "original", "--perturbation", "dbname",
                 "--entity-types", "per,gpe", "--seeds", "0", "--no-progress",
                 "--ner-cache", str(ner_cache_dir)])
    assert code == 0
    return out


def test_readme_lists_every_config_of_the_manifest(demo_build):
    manifest = json.loads((demo_build / "manifest.json").read_text(encoding="utf-8"))
    meta = front_matter(demo_build / "README.md")
    names = [c["config_name"] for c in meta["configs"]]
    assert names == list(manifest["configs"]) and len(names) == 4
    for config in meta["configs"]:
        [data_file] = config["data_files"]
        assert (demo_build / data_file["path"]).is_file()
        assert data_file["path"] in manifest["configs"][config["config_name"]]["files"]
    assert "README.md" in manifest["files"]


def test_load_dataset_reads_a_build_folder_config(demo_build, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    manifest = json.loads((demo_build / "manifest.json").read_text(encoding="utf-8"))
    for name in ("demo-per-dbname-seed0", "demo-gpe-original"):
        entry = manifest["configs"][name]
        ds = load_dataset(str(demo_build), name, split="validation", cache_dir=str(tmp_path / "hf"))
        _, native = read_examples(demo_build / entry["file"])
        assert ds.num_rows == entry["num_examples"] == len(native) > 0
        assert ds["qid"] == [e.id for e in native]
        assert ds["question"] == [e.question for e in native]
        edits = sum(len(r) for r in ds["renamings"])
        assert edits == entry["num_edits"] == sum(len(r["edits"]) for r in
                                                 read_jsonl_gz(demo_build / entry["renamings"]))
        assert (edits > 0) == name.endswith("seed0")


def test_audit_of_an_original_config_is_an_error_naming_renamed_configs(demo_build, tmp_path, capsys):
    from entity_renaming.entswap.audit import main as audit_main

    review = tmp_path / "review.md"
    assert audit_main(["--config-dir", str(demo_build), "--config", "demo-per-original",
                       "--out", str(review)]) == 2
    err = capsys.readouterr().err
    assert "renamed no passage" in err and "-original config" in err
    assert "demo-per-dbname-seed0" in err and not review.exists()
    assert audit_main(["--config-dir", str(demo_build), "--config", "demo-per-dbname-seed0", "-n", "3",
                       "--out", str(review)]) == 0
    assert "3 of " in review.read_text(encoding="utf-8") and "audit-renamings --guide" in review.read_text(
        encoding="utf-8")
