"""The public Python API (entity_renaming.api): its docstring examples, and that it gives what
``build-benchmark`` gives, on real shared data, for lists of examples and ``datasets.Dataset`` batches."""

from __future__ import annotations

import doctest
import pickle
import subprocess
import sys

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE
from datasets import Dataset, Features, List, Value

import entity_renaming
from entity_renaming import api
from entity_renaming.cli.build_benchmark import main as build_main
from entity_renaming.io.hf import example_to_row

#: The hub's own schema of rajpurkar/squad_v2 (dataset_info of the hub repository).
SQUAD_V2_FEATURES = Features(
    {
        "id": Value("string"),
        "title": Value("string"),
        "context": Value("string"),
        "question": Value("string"),
        "answers": {"text": List(Value("string")), "answer_start": List(Value("int32"))},
    }
)


@pytest.fixture
def cache_home(tmp_path, monkeypatch, ner_cache_dir):
    """NER cache and datasets cache inside the test's folders, never the user's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "hf"))
    return ner_cache_dir


@pytest.fixture(scope="module")
def mrqa():
    examples = api.read(MRQA_SQUAD_DEV)
    contexts = list(dict.fromkeys(e.context for e in examples))[:12]
    return [e for e in examples if e.context in set(contexts)]


def test_docstring_examples_run(cache_home):
    result = doctest.testmod(api, optionflags=doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.attempted >= 15 and result.failed == 0


def test_public_names_resolve_and_import_stays_light():
    for name in entity_renaming.__all__:
        assert getattr(entity_renaming, name) is not None
    assert set(api.__all__) <= set(entity_renaming.__all__)
    heavy = "('spacy', 'datasets', 'torch')"
    code = f"import sys, entity_renaming; print(sorted(m for m in {heavy} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_rename_equals_build_benchmark_output(mrqa, tmp_path, ner_cache_dir):
    path = tmp_path / "SQuAD.jsonl"
    api.write(path, mrqa)
    assert [example_to_row(e) for e in api.read(path)] == [example_to_row(e) for e in mrqa]
    out = tmp_path / "out"
    argv = [
        "--input",
        str(path),
        "--entity-types",
        "per",
        "--perturbation",
        "dbname",
        "--seeds",
        "2",
        "--ner-cache",
        str(ner_cache_dir),
        "--no-progress",
        "--out",
        str(out),
    ]
    assert build_main(argv) == 0
    result = api.rename(mrqa, perturbation="dbname", entity_type="per", seed=2, ner_cache=ner_cache_dir)
    assert result.name == "squad-per-dbname-seed2"
    built = api.read(out / "squad-per-dbname-seed2.jsonl", dataset="squad")

    def rows(examples):  # the written file's header names the config, so ``subset`` differs by design
        return [{k: v for k, v in example_to_row(e).items() if k != "subset"} for e in examples]

    assert rows(result.examples) == rows(built)
    assert len(result.examples) + len(result.skipped) == len(mrqa) and result.examples
    assert {r.example_id for r in result.renamings} == {e.id for e in result.examples}
    for ren in result.renamings:
        assert all(edit.original != edit.replacement for edit in ren.edits)


def test_dataset_map_keeps_the_hub_schema_and_the_names(mrqa, cache_home):
    squad2 = api.read(SQUAD2_NORMANS_RHINE)[:80]
    hub_rows = [{k: v for k, v in example_to_row(e).items() if k in SQUAD_V2_FEATURES} for e in squad2]
    for rows, features, etype in (
        (hub_rows, SQUAD_V2_FEATURES, "gpe"),
        ([example_to_row(e) for e in mrqa], None, "per"),  # mrqa-workshop/mrqa columns
    ):
        ds = Dataset.from_list(rows, features=features)
        renamer = api.DatasetRenamer(perturbation="randstr", entity_type=etype, seed=1, ner_cache=cache_home)
        mapped = ds.map(renamer, batched=True, batch_size=7, load_from_cache_file=False)
        assert mapped.features == ds.features and mapped.column_names == ds.column_names
        # each batch of 7 is renamed as rename() renames those 7 (the analysis weighs evidence over the
        # examples it sees, so the whole list may type a name differently: the batch promise, issue 19)
        whole, result = api.rename_dataset(
            ds, perturbation="randstr", entity_type=etype, seed=1, ner_cache=cache_home
        )
        assert whole.features == ds.features and len(whole) > 0
        batches = [api.rename_dataset(ds.select(range(i, min(i + 7, len(ds)))), perturbation="randstr",
                                      entity_type=etype, seed=1, ner_cache=cache_home)
                   for i in range(0, len(ds), 7)]
        assert mapped.to_list() == [row for part, _ in batches for row in part.to_list()]
        by_batch = [r.to_json() for _, b in batches for r in b.renamings]
        assert [r.to_json() for r in renamer.renamings] == by_batch
        agree = {r.example_id for r in renamer.renamings} & {r.example_id for r in result.renamings}
        assert len(agree) >= 0.8 * len(result.renamings)  # most names do not depend on the batch
        assert len(mapped) + len(renamer.skipped) == len(ds)
        renamed = {r.example_id: r for r in result.renamings}
        id_col = "qid" if "qid" in ds.column_names else "id"
        for row in whole:
            assert all(s.replacement in row["context"] for s in renamed[row[id_col]].substitutions)
    state = pickle.dumps(renamer)
    assert len(state) < 2000 and pickle.loads(state).renamings == []  # settings only, no model


def test_bad_choices_are_named():
    with pytest.raises(ValueError, match="choose one of original, indistname, dbname, randstr"):
        api.rename([], perturbation="entswap")
    with pytest.raises(ValueError, match="entity_type 'person'"):
        api.DatasetRenamer(entity_type="person")
    with pytest.raises(ValueError, match="use rename_dataset"):
        api.DatasetRenamer(perturbation="indistname")
