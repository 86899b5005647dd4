"""Release folder reading: card YAML, config selection, renamings metadata and clear errors."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from entity_renaming.evaluation.release import ReleaseError, _entity_types, load_config, open_release
from entity_renaming.io import read_examples
from entity_renaming.io.hf import example_to_row

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def card(root: Path, body: str) -> None:
    (root / "README.md").write_text(f"---\n{body}---\n# card\n", encoding="utf-8")


def parquet(root: Path, name: str, rows: list[dict]) -> str:
    rel = f"{name}/validation-00000-of-00001.parquet"
    (root / name).mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), root / rel)
    return rel


@pytest.fixture(scope="module")
def examples():
    return read_examples(SHARED / "squad_v2" / "official_ids_Normans_Rhine_dev-v2.0.json")[1][:6]


def entry(name: str, rel: str) -> str:
    return f"- config_name: {name}\n  data_files:\n  - split: validation\n    path: {rel}\n"


def test_open_select_and_load(tmp_path, examples):
    rows = []
    for ex in examples:
        row = example_to_row(ex)
        row["original_id"] = ex.id
        # one struct per replaced mention, as the release writer stores them
        row["renamings"] = [
            {"field": "context", "entity_type": "gpe"},
            {"field": "question", "entity_type": "per"},
        ]
        rows.append(row)
    rel = parquet(tmp_path, "squad_v2-original", rows)
    card(
        tmp_path,
        "version: 1.2.0\nconfigs:\n"
        + entry("squad_v2-original", rel)
        + entry("squad_v2-per-randstr-seed4", rel),
    )
    release = open_release(tmp_path, offline=True)
    assert release.version == "1.2.0" and [c.name for c in release.configs] == [
        "squad_v2-original",
        "squad_v2-per-randstr-seed4",
    ]
    assert release.configs[1].spec == {
        "dataset": "squad_v2",
        "entity_type": "per",
        "perturbation": "randstr",
        "seed": 4,
    }
    assert [c.name for c in release.select(["*-seed4"])] == ["squad_v2-per-randstr-seed4"]
    with pytest.raises(ReleaseError, match="no config matches"):
        release.select(["triviaqa-*"])
    data = load_config(release.configs[0])
    assert data.split == "validation" and [e.id for e in data.examples] == [e.id for e in examples]
    assert data.examples[0].context == examples[0].context and data.source_format == "squad"
    assert data.entity_types[examples[0].id] == ["gpe", "per"]
    assert len(data.sha256) == 64
    with pytest.raises(ReleaseError, match="no split 'test'"):
        load_config(release.configs[0], "test")


def test_entity_types_from_renamings_or_edits():
    assert _entity_types(None) == [] and _entity_types("[]") == []
    edits = [{"field": "context", "entity_type": "org"}, {"field": "question", "entity_type": "gpe"}]
    assert _entity_types(json.dumps(edits)) == ["gpe", "org"]
    assert _entity_types({"substitutions": [{"entity_type": "per"}]}) == ["per"]


def test_errors_name_file_and_field(tmp_path, examples):
    with pytest.raises(ReleaseError, match="neither a release folder .README.md with 'configs:'."):
        open_release(tmp_path, offline=True)
    with pytest.raises(ReleaseError, match="--offline"):
        open_release(tmp_path / "nowhere", offline=True)
    (tmp_path / "README.md").write_text("# no front matter\n", encoding="utf-8")
    with pytest.raises(ReleaseError, match="no YAML front matter"):
        open_release(tmp_path, offline=True)
    card(tmp_path, "configs:\n- config_name: squad-bogus\n")
    with pytest.raises(ReleaseError, match=r"configs\[0\].config_name: config name 'squad-bogus'"):
        open_release(tmp_path, offline=True)
    row = example_to_row(examples[0])
    rel = parquet(tmp_path, "squad_v2-original", [row, row])
    card(tmp_path, "configs:\n" + entry("squad_v2-original", rel))
    with pytest.raises(ReleaseError, match=r"validation-00000-of-00001.parquet: row 1: duplicate id"):
        load_config(open_release(tmp_path, offline=True).configs[0])
    (tmp_path / "release-manifest.json").write_text('{"release": "0.9", "configs": {}}', encoding="utf-8")
    assert open_release(tmp_path, offline=True).version == "0.9"
    assert open_release(tmp_path.parent / tmp_path.name, offline=True).root == tmp_path


# ------------------------------------------------------------------ issue 20, item 3: build folders

@pytest.fixture(scope="module")
def built_out(tmp_path_factory, ner_cache_dir) -> Path:
    """A real ``build-benchmark --out`` folder of SQuAD 2.0 configs."""
    from conftest import SQUAD2_NORMANS_RHINE

    from entity_renaming.cli.build_benchmark import main as build_main

    out = tmp_path_factory.mktemp("built") / "out"
    assert build_main(["--input", str(SQUAD2_NORMANS_RHINE), "--out", str(out), "--perturbation", "original",
                       "--perturbation", "randstr", "--entity-types", "per", "--seeds", "0", "--no-progress",
                       "--ner-cache", str(ner_cache_dir)]) == 0
    return out


def _copy(built_out: Path, tmp_path: Path) -> tuple[Path, dict]:
    import shutil

    folder = tmp_path / "a" / "out"
    shutil.copytree(built_out, folder)
    return folder, json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_a_manifest_entry_outside_the_build_folder_is_refused(built_out, tmp_path):
    folder, manifest = _copy(built_out, tmp_path)
    entry = manifest["configs"]["squad2-per-original"]
    (tmp_path / "a" / "outside_config.json").write_bytes((folder / entry["file"]).read_bytes())
    entry["file"] = "../outside_config.json"
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    message = r"configs.squad2-per-original.file: '../outside_config.json' points outside its folder"
    with pytest.raises(ReleaseError, match=message):
        open_release(folder, offline=True)


@pytest.mark.parametrize("which", ["file", "renamings"])
def test_a_changed_data_or_renamings_file_is_refused_before_any_work(built_out, tmp_path, capsys, which):
    from entity_renaming.evaluation import cli

    folder, manifest = _copy(built_out, tmp_path)
    path = folder / manifest["configs"]["squad2-per-randstr-seed0"][which]
    if which == "file":  # still a valid SQuAD file, one question reworded
        data = json.loads(path.read_text(encoding="utf-8"))
        data["data"][0]["paragraphs"][0]["qas"][0]["question"] += " Really?"
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_bytes(gzip.compress(gzip.decompress(path.read_bytes())[:-1]))
    release = open_release(folder, offline=True)
    assert len(release.select(["squad2-per-original"])) == 1  # an intact config still opens
    with pytest.raises(ReleaseError, match=rf"{path}: sha256 differs from {folder / 'manifest.json'}"):
        release.select(["squad2-per-randstr-*"])
    with pytest.raises(ReleaseError, match="sha256 differs"):
        load_config(release.configs[1])
    # the CLI stops before loading any model (none exists here)
    assert cli.main(["--release", str(folder), "--out", str(tmp_path / "results"), "--model",
                     str(tmp_path / "no-model"), "--offline", "--device", "cpu"]) == 2
    assert f"{path}: sha256 differs" in capsys.readouterr().err
    assert not (tmp_path / "results").exists()
