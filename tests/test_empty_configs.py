"""Whatever the package writes, it reads back (issue 20, item 12): a config with no example is written so
that every reader of the package's outputs loads it as zero examples and says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import SQUAD2_NORMANS_RHINE

from entity_renaming import read
from entity_renaming.cli.build_benchmark import main as build_main
from entity_renaming.entswap.audit import main as audit_main
from entity_renaming.evaluation.release import load_config, open_release
from entity_renaming.io import InputError, read_examples, read_input, write_examples

EMPTY = re.compile(r"no examples \(an empty config\)")


@pytest.fixture(scope="module")
def numeric_answers() -> list:
    """Answerable Normans/Rhine questions whose every answer is a number: no PER answer entity."""
    examples = read_examples(SQUAD2_NORMANS_RHINE)[1]
    chosen = [e for e in examples if e.answers and all(re.fullmatch(r"[\d ,.]+", a.text) for a in e.answers)]
    return chosen[:6]


@pytest.fixture(scope="module", params=["squad", "mrqa"])
def empty_build(request, numeric_answers, tmp_path_factory, ner_cache_dir) -> Path:
    """A real build whose every PER config is empty (MRQA input written without a header line)."""
    root = tmp_path_factory.mktemp(f"empty-{request.param}")
    source = root / ("input.json" if request.param == "squad" else "input.jsonl")
    meta = {"version": "v2.0"} if request.param == "squad" else None
    write_examples(source, numeric_answers, request.param, meta)
    out = root / "out"
    assert build_main(["--input", str(source), "--out", str(out), "--entity-types", "per", "--perturbation",
                       "original", "--perturbation", "randstr", "--seeds", "0", "--no-progress",
                       "--ner-cache", str(ner_cache_dir)]) == 0
    return out


def _configs(out: Path) -> dict[str, dict]:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["configs"]


def test_an_empty_config_is_written_naming_itself_and_read_back_as_zero_examples(empty_build):
    configs = _configs(empty_build)
    assert len(configs) == 2 and all(e["num_examples"] == 0 and e["num_input"] == 6 for e in configs.values())
    for name, entry in configs.items():
        path = empty_build / entry["file"]
        text = path.read_text(encoding="utf-8")  # never 0 bytes: the file names its config
        head = json.loads(text) if path.suffix == ".json" else json.loads(text.splitlines()[0])["header"]
        assert head["config"] == name
        with pytest.warns(UserWarning, match=EMPTY):
            assert read(path) == []


def test_evaluate_and_audit_read_an_empty_config(empty_build, tmp_path, capsys):
    release = open_release(empty_build, offline=True)
    for config in release.select(None):
        with pytest.warns(UserWarning, match=EMPTY):
            assert load_config(config).examples == []
    name = next(n for n in _configs(empty_build) if not n.endswith("-original"))  # a renamed config
    with pytest.warns(UserWarning, match=EMPTY):
        assert audit_main(["--config-dir", str(empty_build), "--config", name, "--out",
                           str(tmp_path / "review.md")]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert "The config is empty" in (tmp_path / "review.md").read_text(encoding="utf-8")


def test_the_reported_empty_squad_config_reads_back_but_an_empty_input_is_still_refused(tmp_path):
    path = tmp_path / "squad2-org-original.json"
    path.write_text('{"version": "v2.0", "config": "squad2-org-original", "data": []}', encoding="utf-8")
    with pytest.warns(UserWarning, match=EMPTY):
        assert read(path) == []
    with pytest.raises(InputError, match="no examples"):
        read_input(path)  # what a build reads: an empty input builds nothing


@pytest.fixture(scope="module")
def tiny_model(numeric_answers, tmp_path_factory) -> Path:
    from entity_renaming.evaluation.random_model import random_qa_model, train_tokenizer

    path = tmp_path_factory.mktemp("model") / "tiny"
    tok = train_tokenizer([e.context for e in numeric_answers] + [e.question for e in numeric_answers], 300)
    random_qa_model(len(tok), "tiny", seed=0).save_pretrained(path)
    tok.save_pretrained(path)
    return path


def test_evaluate_benchmark_runs_on_empty_configs_and_says_so(empty_build, tiny_model, tmp_path, capsys):
    from entity_renaming.evaluation import cli

    with pytest.warns(UserWarning, match=EMPTY):
        assert cli.main(["--release", str(empty_build), "--out", str(tmp_path), "--model", str(tiny_model),
                         "--offline", "--device", "cpu", "--no-plots"]) == 0
    err = capsys.readouterr().err
    for name in _configs(empty_build):
        assert f"{name}: no examples (an empty config); nothing to evaluate" in err
    assert json.loads((tmp_path / "tiny" / "results.json").read_text(encoding="utf-8"))["configs"] == {}
