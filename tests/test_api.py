"""The public Python API (entity_renaming.api): its docstring examples, and that it gives what
``build-benchmark`` gives, on real shared data, for lists of examples and ``datasets.Dataset`` batches."""

from __future__ import annotations

import doctest
import pickle
import subprocess
import sys

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE
from datasets import Dataset, Features, List, Value, load_from_disk

import entity_renaming
from entity_renaming import api
from entity_renaming.cli.build_benchmark import main as build_main
from entity_renaming.io.hf import example_to_row
from entity_renaming.release import schema

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


def _records(mapped):
    """The mapped rows split into the renamed dataset (hub columns) and the records columns."""
    renamed = mapped.filter(lambda row: row["skip_reason"] is None).remove_columns(list(api.RECORD_COLUMNS))
    reasons = zip(mapped[_id(mapped)], mapped["skip_reason"], strict=True)
    skipped = {i: r for i, r in reasons if r is not None}
    return renamed, skipped, [r for r in mapped["renamings"] if r]


def _id(ds):
    return "qid" if "qid" in ds.column_names else "id"


def test_dataset_map_keeps_the_hub_schema_and_the_names(mrqa, cache_home):
    squad2 = api.read(SQUAD2_NORMANS_RHINE)[:80]
    hub_rows = [{k: v for k, v in example_to_row(e).items() if k in SQUAD_V2_FEATURES} for e in squad2]
    for rows, features, etype in (
        (hub_rows, SQUAD_V2_FEATURES, "gpe"),
        ([example_to_row(e) for e in mrqa], None, "per"),  # mrqa-workshop/mrqa columns
    ):
        ds = Dataset.from_list(rows, features=features)
        renamer = api.DatasetRenamer(ds, perturbation="randstr", entity_type=etype, seed=1,
                                     ner_cache=cache_home)
        mapped = ds.map(renamer, batched=True, batch_size=7, features=renamer.features,
                        load_from_cache_file=False)
        assert len(mapped) == len(ds) and mapped.column_names == [*ds.column_names, *api.RECORD_COLUMNS]
        renamed, skipped, edits = _records(mapped)
        whole, result = api.rename_dataset(
            ds, perturbation="randstr", entity_type=etype, seed=1, ner_cache=cache_home
        )
        assert whole.features == ds.features == renamed.features and len(whole) > 0
        assert renamed.to_list() == whole.to_list()
        assert skipped == {s.example_id: s.reason for s in result.skipped}
        assert edits == [[schema.edit_row(e) for e in r.edits] for r in result.renamings]
        renamings = {r.example_id: r for r in result.renamings}
        for row in whole:  # every substitution is written in the passage: its name or, for a country the
            renaming = renamings[row[_id(ds)]]  # passage names by its demonym only ("Turkish forces"), that
            demonym = any(e.span_type == "nationality" and e.field == "context" for e in renaming.edits)
            assert all(s.replacement in row["context"] or (s.span_type == "country" and demonym)
                       for s in renaming.substitutions)
    state = pickle.loads(pickle.dumps(renamer))
    assert state._sampler is None and state.analysis == renamer.analysis  # no model, no banks


@pytest.mark.slow
def test_dataset_map_is_independent_of_batching_and_cache_safe(cache_home, tmp_path):
    """A batch used to be analysed on its own (per dbname: 32 rows with batches of 10, 31 in one batch,
    on these 300 examples), and the records lived in the renamer, so a cached re-run reported none."""
    rows = [example_to_row(e) for e in api.read(MRQA_SQUAD_DEV)[:300]]
    Dataset.from_list(rows).save_to_disk(str(tmp_path / "ds"))
    ds = load_from_disk(str(tmp_path / "ds"))  # on disk: map results are cached
    options = {"perturbation": "dbname", "entity_type": "per", "seed": 0, "ner_cache": cache_home}
    outputs = {}
    for batch_size in (10, 1000):
        renamer = api.DatasetRenamer(ds, **options)
        outputs[batch_size] = ds.map(renamer, batched=True, batch_size=batch_size, features=renamer.features)
    assert outputs[10].to_list() == outputs[1000].to_list()
    whole, result = api.rename_dataset(ds, **options)
    renamed, skipped, edits = _records(outputs[10])
    assert renamed.to_list() == whole.to_list() and len(whole) == len(result.examples) > 0
    assert len(skipped) == len(result.skipped) and len(edits) == len(result.renamings)
    again = ds.map(api.DatasetRenamer(ds, **options), batched=True, batch_size=10,
                   features=outputs[10].features)
    assert again.cache_files == outputs[10].cache_files  # read from the map cache, records included
    assert _records(again)[1:] == (skipped, edits)
    with pytest.raises(ValueError, match="not in the dataset this DatasetRenamer analysed"):
        Dataset.from_list(rows[:5]).map(api.DatasetRenamer(Dataset.from_list(rows[5:40]), **options),
                                        batched=True)


def test_bad_choices_are_named():
    with pytest.raises(ValueError, match="choose one of original, indistname, dbname, randstr"):
        api.rename([], perturbation="entswap")
    with pytest.raises(ValueError, match="entity_type 'person'"):
        api.DatasetRenamer(Dataset.from_list([]), entity_type="person")
    with pytest.raises(ValueError, match="use rename_dataset"):
        api.DatasetRenamer(Dataset.from_list([]), perturbation="indistname")
