"""Release definition files, source loading (file, mirror folder, offline refusal) and CLI errors."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from conftest import MRQA_SQUAD_DEV, NEWSQA_SAMPLE

from entity_renaming.configs import parse_config_name
from entity_renaming.io import read_examples
from entity_renaming.io.hf import example_to_row
from entity_renaming.release.cli import main as release_main
from entity_renaming.release.definition import ReleaseError, default_definition_path, load_definition
from entity_renaming.release.hub import plan_upload
from entity_renaming.release.sources import load_source, parse_source_overrides

RELEASE_DIR = Path(__file__).resolve().parents[1] / "release"


def test_the_shipped_release_definition_builds_the_paper_grid():
    d = load_definition(RELEASE_DIR / "v1.0.0.yaml")
    assert default_definition_path() == RELEASE_DIR / "v1.0.0.yaml"
    names = d.config_names()
    parsed = [parse_config_name(n) for n in names]
    mrqa = {"squad", "naturalquestions", "hotpotqa", "searchqa", "triviaqa"}
    yan = [p for p in parsed if p["dataset"] in mrqa and not str(p["perturbation"]).startswith("dbname-")]
    assert len(yan) == 5 * 4 * (1 + 3 * 5)
    assert {(p["entity_type"], p["perturbation"]) for p in yan} == {
        (e, q) for e in ("per", "org", "gpe", "mix") for q in ("original", "indistname", "dbname", "randstr")}
    origin = [p for p in parsed if str(p["perturbation"]).startswith("dbname-")]
    assert len(origin) == 5 * 5 * 5 and {p["entity_type"] for p in origin} == {"per"}
    assert "afrisquad2-seed0" in names and "afrisquad2-wo-city-seed4" in names and "squad2-original" in names
    assert len(names) == len(set(names)) == 320 + 125 + 1 + 5 + 30
    assert d.default_config in names and d.tag == "v1.0.0"
    assert {s.format for s in d.sources.values()} == {"mrqa", "squad"}


def _write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "v9.9.9.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture()
def base() -> dict:
    return yaml.safe_load((RELEASE_DIR / "v1.0.0.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(version="1.0"), "release.version: expected MAJOR.MINOR.PATCH"),
    (lambda d: d["groups"][0]["perturbations"].append("shuffle"),
     "groups[0].perturbations[4]: unknown value"),
    (lambda d: d["groups"][1]["sources"].append("newsqa"), "groups[1].sources[5]: unknown value 'newsqa'"),
    (lambda d: d["groups"][2].update(builder="not a builder"), "groups[2].builder: unknown builder"),
    (lambda d: d["groups"][2].update(configs=["afrisquad2-xx-seed{seed}"]), "groups[2]: config name"),
    (lambda d: d["groups"].append(copy.deepcopy(d["groups"][0])), "configs listed twice"),
    (lambda d: d.update(default_config="squad-per-dbname-seed9"), "release.default_config"),
    (lambda d: d["sources"]["squad"].pop("licence"), "sources.squad: missing field 'licence'"),
    (lambda d: d["sources"]["squad"].update(format="csv"), "sources.squad.format"),
    (lambda d: d["groups"][0].update(seeds=[0, -1]), "groups[0].seeds[1]: expected non-negative integers"),
    (lambda d: d["ner"].update(backend="stanza"), "ner.backend: only 'spacy' is supported"),
])
def test_bad_definitions_name_the_file_and_field(tmp_path, base, edit, message):
    edit(base)
    path = _write(tmp_path, base)
    with pytest.raises(ReleaseError) as err:
        load_definition(path)
    assert str(path) in str(err.value) and message in str(err.value)


def test_source_overrides_are_checked(tmp_path):
    assert parse_source_overrides([f"squad={MRQA_SQUAD_DEV}"], ["squad"]) == {"squad": MRQA_SQUAD_DEV}
    with pytest.raises(ReleaseError, match="expected NAME=PATH"):
        parse_source_overrides(["squad"], ["squad"])
    with pytest.raises(ReleaseError, match="unknown source 'newsqa'"):
        parse_source_overrides([f"newsqa={NEWSQA_SAMPLE}"], ["squad"])
    with pytest.raises(ReleaseError, match="does not exist"):
        parse_source_overrides([f"squad={tmp_path / 'nope.jsonl'}"], ["squad"])


def test_offline_without_a_local_source_refuses_to_download(tmp_path, base, capsys):
    base["groups"] = base["groups"][:2]  # the pipeline groups
    out = tmp_path / "out"
    code = release_main(["--release", str(_write(tmp_path, base)), "--offline", "--no-progress",
                         "--release-out", str(out), "--source", f"squad={MRQA_SQUAD_DEV}"])
    assert code == 2
    err = capsys.readouterr().err
    assert "--offline is set and no local copy was given; pass --source naturalquestions=PATH" in err
    assert not out.exists()  # refused before anything is written


def test_a_file_of_the_wrong_mrqa_subset_is_rejected():
    d = load_definition(RELEASE_DIR / "v1.0.0.yaml")
    with pytest.raises(ReleaseError, match="expects MRQA subset 'TriviaQA-web'"):
        load_source(d.sources["triviaqa"], MRQA_SQUAD_DEV, offline=True)[0]


def test_hub_layout_mirror_folder_is_loaded_offline_and_filtered_by_subset(tmp_path):
    import datasets

    _, squad = read_examples(MRQA_SQUAD_DEV)
    _, news = read_examples(NEWSQA_SAMPLE, dataset="NewsQA")
    rows = [example_to_row(e) for e in [*squad[:40], *news]]
    mirror = tmp_path / "mrqa-mirror"
    datasets.Dataset.from_list(rows).to_parquet(str(mirror / "data" / "validation-00000-of-00001.parquet"))
    d = load_definition(RELEASE_DIR / "v1.0.0.yaml")
    loaded, use = load_source(d.sources["squad"], mirror, offline=True, cache_dir=tmp_path / "hf-cache")
    assert [example_to_row(e) for e in loaded] == rows[:40]
    assert (use.kind, use.location, use.num_examples) == ("hub mirror", "mrqa-mirror", 40)


def test_push_plan_refuses_bad_repo_ids_and_unbuilt_folders(tmp_path):
    with pytest.raises(ReleaseError, match="expected ORG/NAME"):
        plan_upload(tmp_path, "just-a-name")
    with pytest.raises(ReleaseError, match="fails verification"):
        plan_upload(tmp_path, "org/name")


def test_a_builder_outside_the_package_registry_is_refused_before_anything_runs(tmp_path, base, capsys):
    victim = tmp_path / "victim"
    victim.mkdir()
    base["groups"][2]["builder"] = "shutil:rmtree"  # was imported and called with (examples, names, …)
    out = tmp_path / "out"
    code = release_main(["--release", str(_write(tmp_path, base)), "--offline", "--release-out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "groups[2].builder: unknown builder 'shutil:rmtree'" in err
    assert "['entswap', 'pipeline']" in err
    assert victim.is_dir() and not out.exists()


# ------------------------------------------------------------------ paths stay inside their folders

@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(name="../../x"), "release.name: expected one folder name"),
    (lambda d: d.update(name="a/b"), "release.name: expected one folder name"),
    (lambda d: d.update(audit_report="/etc/passwd"), "release.audit_report: '/etc/passwd' points outside"),
    (lambda d: d.update(audit_report="../audit.md"), "release.audit_report: '../audit.md' points outside"),
    (lambda d: d["sources"]["squad"].update(file="../../etc/passwd"), "sources.squad.file: '../../etc/"),
    (lambda d: d["ner"].update(model="/tmp/pipeline"), "ner.model: expected an installed spaCy package"),
    (lambda d: d["name_banks"].update(banks=["../us"]), "name_banks.banks[0]: expected a bank folder name"),
])
def test_definition_paths_cannot_leave_their_folder(tmp_path, base, edit, message):
    edit(base)
    path = _write(tmp_path, base)
    with pytest.raises(ReleaseError) as err:
        load_definition(path)
    assert str(path) in str(err.value) and message in str(err.value)


def test_an_audit_report_linked_out_of_the_definition_folder_is_refused(tmp_path, base):
    (tmp_path / "audit.md").symlink_to("/etc/passwd")
    base["audit_report"] = "audit.md"
    with pytest.raises(ReleaseError, match="audit_report: 'audit.md' resolves to /etc/passwd, outside"):
        load_definition(_write(tmp_path, base))
    (tmp_path / "audit.md").unlink()
    (tmp_path / "audit.md").write_text("50 contexts read by hand\n", encoding="utf-8")
    assert load_definition(_write(tmp_path, base)).audit_report == "audit.md"


# ------------------------------------------------------------------ clear errors

def test_a_definition_that_is_not_utf8_names_the_file_and_byte(tmp_path):
    path = tmp_path / "v9.9.9.yaml"
    path.write_bytes((RELEASE_DIR / "v1.0.0.yaml").read_bytes().replace(b"Entity-Renamed", b"Entit\xe9", 1))
    with pytest.raises(ReleaseError, match=rf"{path}: byte \d+: not UTF-8 text"):
        load_definition(path)


def test_the_hub_unreachable_offline_is_a_clear_error_naming_the_source(tmp_path, monkeypatch):
    import datasets

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(datasets.config, "HF_HUB_OFFLINE", True)
    d = load_definition(RELEASE_DIR / "v1.0.0.yaml")
    with pytest.raises(ReleaseError) as err:
        load_source(d.sources["squad"], None, offline=False, cache_dir=tmp_path / "empty-cache")
    message = str(err.value)
    assert message.startswith("source squad: cannot load mrqa-workshop/mrqa (split 'validation', "
                              "subset 'SQuAD')")
    assert "pass --source squad=PATH" in message


# ------------------------------------------------------------------ one error type, one card parser

def test_release_readers_and_writers_share_one_error_and_one_front_matter_parser(tmp_path):
    from entity_renaming.evaluation import release as evaluation_release
    from entity_renaming.release import ReleaseError as BuildError
    from entity_renaming.release.verify import verify_release

    assert evaluation_release.ReleaseError is BuildError is ReleaseError
    (tmp_path / "release-manifest.json").write_text('{"files": {}, "configs": {}}', encoding="utf-8")
    (tmp_path / "README.md").write_text("---\npretty_name: x\nconfigs: [\n---\n# card\n", encoding="utf-8")
    with pytest.raises(ReleaseError, match=rf"{tmp_path / 'README.md'}:3: invalid YAML front matter"):
        evaluation_release.open_release(tmp_path)
    assert verify_release(tmp_path, progress=False)[0].startswith(f"{tmp_path / 'README.md'}:3: invalid YAML")


def test_an_ner_model_that_is_not_installed_is_a_clear_error(tmp_path, base, capsys):
    from entity_renaming.io import write_examples

    meta, examples = read_examples(MRQA_SQUAD_DEV)
    write_examples(tmp_path / "SQuAD.jsonl.gz", examples[:5], "mrqa", meta)
    base["groups"] = [dict(base["groups"][0], sources=["squad"], entity_types=["per"],
                           perturbations=["original", "randstr"], seeds=[0])]
    base["ner"]["model"] = "xx_no_such_model"
    base["default_config"] = "squad-per-randstr-seed0"
    out = tmp_path / "out"
    code = release_main(["--release", str(_write(tmp_path, base)), "--offline", "--no-progress",
                         "--release-out", str(out), "--source", f"squad={tmp_path / 'SQuAD.jsonl.gz'}",
                         "--ner-cache", str(tmp_path / "ner")])
    err = capsys.readouterr().err
    assert code == 2 and "xx_no_such_model" in err and "Traceback" not in err


# ------------------------------------------------------------------ issue 20, item 7: hostile YAML, types


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def _nested_aliases(levels: int) -> str:
    """``[&a0 [lol × 9], &a1 [*a0 × 9], …]``: each level multiplies the rendered size by 9."""
    parts = ["&a0 [" + ", ".join(["lol"] * 9) + "]"]
    parts += [f"&a{k} [" + ", ".join([f"*a{k - 1}"] * 9) + "]" for k in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


@pytest.mark.parametrize("field", ["description: Yan et al.", "repo_id: "])
def test_yaml_aliases_are_refused_on_load_naming_file_and_line(tmp_path, base, field):
    path = _write(tmp_path, base)
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if line.strip().startswith(field))
    lines[i] = lines[i].split(":")[0] + ": " + _nested_aliases(4)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReleaseError) as err:
        load_definition(path)
    assert str(err.value).startswith(f"{path}:{i + 1}: YAML alias *a0: aliases are not allowed")


def test_deep_nesting_is_a_clear_error_not_a_recursion_error(tmp_path, base):
    path = _write(tmp_path, base)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("pretty_name: ", "pretty_name: " + "[" * 100_000 + "]" * 100_000 + " #", 1),
                    encoding="utf-8")
    with pytest.raises(ReleaseError) as err:
        load_definition(path)
    assert str(err.value).startswith(f"{path}:{_line_of(path, 'pretty_name')}: nested more than")


@pytest.mark.parametrize(("edit", "field", "message"), [
    (lambda d: d["sources"]["squad"].update(citation=["a", "b"]), "citation",
     "sources.squad.citation: expected a string, got a list"),
    (lambda d: d.update(repo_id=["me", "tiny"]), "repo_id", "release.repo_id: expected a string, got a list"),
    (lambda d: d.update(repo_id="me tiny"), "repo_id", "release.repo_id: expected a hub dataset id ORG/NAME"),
    (lambda d: d.update(pretty_name={"a": 1}), "pretty_name", "release.pretty_name: expected a string"),
    (lambda d: d["groups"][0].update(description=3), "description",
     "groups[0].description: expected a string"),
    (lambda d: d["groups"][2].update(builder=["entswap"]), "builder", "groups[2].builder: expected a string"),
    (lambda d: d["sources"]["squad"]["hub"].update(subset=None), "subset",
     "sources.squad.hub.subset: expected a string, got None"),
    (lambda d: d["sources"]["squad"].update(licnce="MIT"), "licnce", "sources.squad.licnce: unknown field"),
    (lambda d: d.update(ner=["spacy"]), "ner", "ner: expected a mapping, got a list"),
    (lambda d: d.update(default_config=7), "default_config", "release.default_config: expected a string"),
    (lambda d: d["sources"].update({7: d["sources"].pop("squad")}), "7", "sources.7: source names are"),
])
def test_every_field_is_type_checked_on_load_naming_file_line_and_field(tmp_path, base, edit, field, message):
    edit(base)
    path = _write(tmp_path, base)
    with pytest.raises(ReleaseError) as err:
        load_definition(path)
    assert str(err.value).startswith(f"{path}:{_line_of(path, field + ':')}: {message}")


def test_a_bad_citation_stops_the_release_before_any_work(tmp_path, base, capsys):
    base["sources"]["squad"]["citation"] = ["a", "b"]
    out = tmp_path / "out"
    code = release_main(["--release", str(_write(tmp_path, base)), "--offline", "--no-progress",
                         "--release-out", str(out), "--ner-cache", str(tmp_path / "ner")])
    err = capsys.readouterr().err
    assert code == 2 and "sources.squad.citation: expected a string, got a list" in err
    assert "Traceback" not in err and not out.exists() and not (tmp_path / "ner").exists()
