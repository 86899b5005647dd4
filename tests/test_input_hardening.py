"""Issue 20, items 4, 5 and 9: the Python API validates as the file readers do; lone surrogates, deep
JSON, huge numbers, bad hub rows, empty ids and questions are refused naming file (or row), line and
field — real files in tmp_path, no tracebacks from deep inside."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from datasets import Dataset

from entity_renaming import api
from entity_renaming.io import InputError, read_input
from entity_renaming.io.hf import example_to_row
from entity_renaming.model import Answer, QAExample
from entity_renaming.ner import Mention

CONTEXT = "John Smith was the king of Sicily. He ruled it well."
NAME = "John Smith"


class KingNer:
    """A real NerBackend (the protocol) that labels the one person of these passages."""

    key = "test-king-ner"

    def fingerprint(self) -> dict[str, str]:
        return {"backend": "test", "cache_key": self.key}

    def recognize(self, texts):
        for text in texts:
            start = text.find(NAME)
            yield [Mention(start, start + len(NAME), "PERSON", NAME)] if start >= 0 else []


def squad_example(qid: str, start: int = 0, **changes) -> QAExample:
    answer = Answer(NAME, [(start, start + len(NAME))])
    ex = QAExample(qid, "squad2", "squad", CONTEXT, "Who was the king?", [answer], title="Normans",
                   context_id="0/0", is_impossible=False)
    return replace(ex, **changes)


def squad_file(path: Path, qas: list[dict], title: str = "Normans", context: str = CONTEXT) -> Path:
    doc = {"version": "v2.0", "data": [{"title": title, "paragraphs": [{"context": context, "qas": qas}]}]}
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return path


def qa(qid: str, question: str = "Who was the king?", start: int = 0) -> dict:
    return {"id": qid, "question": question, "answers": [{"text": NAME, "answer_start": start}],
            "is_impossible": False}


# --- item 4: the Python API --------------------------------------------------------------------------


def rename(examples, tmp_path):
    return api.rename(examples, perturbation="randstr", entity_type="per", seed=0, ner_backend=KingNer(),
                      ner_cache=tmp_path / "ner")


def test_api_off_by_one_offset_is_skipped_with_the_readers_reason(tmp_path):
    good, shifted = squad_example("good"), squad_example("shifted", start=1)
    result = rename([good, shifted], tmp_path)
    assert [ex.id for ex in result.examples] == ["good"]
    for ex in result.examples:
        assert all(ex.context[s:e] == a.text for a in ex.answers for s, e in a.char_spans)
    (skip,) = [s for s in result.skipped if s.example_id == "shifted"]
    # the file reader's reason for the same example, word for word
    path = squad_file(tmp_path / "in.json", [qa("shifted", start=1)])
    (rejected,) = read_input(path).rejected
    assert skip.reason.startswith(f"invalid input: {rejected.reason} (at examples: row 1)")
    assert len(result.examples) + len(result.skipped) == 2
    from_file = rename(read_input(path), tmp_path)  # a file read with its rejections, not read again
    reasons = [s.reason for s in from_file.skipped]
    assert reasons == [f"invalid input: {rejected.reason} (at {rejected.where})"]


def test_api_is_impossible_contradiction_and_empty_question_are_skipped(tmp_path):
    result = rename([squad_example("good"), squad_example("contradiction", is_impossible=True),
                     squad_example("blank", question="  ")], tmp_path)
    reasons = {s.example_id: s.reason for s in result.skipped}
    assert "is_impossible: true, but the question has answers" in reasons["contradiction"]
    assert "question: empty question" in reasons["blank"]
    assert [ex.id for ex in result.examples] == ["good"]


@pytest.mark.parametrize(
    ("examples", "message"),
    [
        ([squad_example("a"), squad_example("a")], "examples: row 1: id: duplicate example id 'a'"),
        ([squad_example("")], "examples: row 0: id: empty id"),
        ([squad_example("a", context=None)], "examples: row 0: context: expected str, got NoneType"),
        ([squad_example("a", question=7)], "examples: row 0: question: expected str, got int"),
        ([squad_example("a", answers=[{"text": NAME, "answer_start": 0}])],
         "examples: row 0: answers[0]: expected Answer, got dict"),
        ([squad_example("a", answers=[Answer(NAME, [(True, 10)])])],
         "examples: row 0: answers[0].char_spans[0]: expected (start, end) integers"),
        ([{"id": "a", "context": CONTEXT}], "examples: row 0: <example>: expected QAExample, got dict"),
        ([squad_example("a", question="Who \ud800?")], "examples: row 0: question: lone surrogate \\ud800"),
    ],
)
def test_api_refuses_what_the_readers_refuse(examples, message, tmp_path):
    with pytest.raises(InputError) as err:
        rename(examples, tmp_path)
    assert str(err.value).startswith(message)


def test_dataset_renamer_and_rename_dataset_validate_rows(tmp_path):
    rows = [example_to_row(squad_example("good")), example_to_row(squad_example("shifted", start=1))]
    hub = Dataset.from_list(rows)
    renamed, result = api.rename_dataset(hub, perturbation="randstr", ner_backend=KingNer(),
                                         ner_cache=tmp_path / "ner")
    assert renamed["id"] == ["good"]
    assert any(s.example_id == "shifted" and "!= passage slice" in s.reason for s in result.skipped)
    with pytest.raises(InputError, match=r"^dataset: row 1: id: duplicate example id 'good'"):
        api.rename_dataset(Dataset.from_list([rows[0], rows[0]]), ner_backend=KingNer())
    bad = Dataset.from_list([rows[0], {**rows[0], "id": "bad", "context": None}])
    with pytest.raises(InputError, match=r"^dataset: row 1: context: expected str, got NoneType"):
        api.DatasetRenamer(bad, perturbation="randstr", ner_cache=tmp_path / "ner")  # checked when made


# --- item 9: hub rows ------------------------------------------------------------------------------


def test_hub_rows_null_context_and_mismatched_answers_name_the_row():
    from entity_renaming.io import validate
    from entity_renaming.io.hf import rows_to_parsed

    row = example_to_row(squad_example("a"))
    with pytest.raises(InputError, match=r"^hub\[validation\]: row 1: answers: lists of different lengths "
                                         r"\(2 text, 1 answer_start\)"):
        rows_to_parsed([row, {**row, "answers": {"text": ["x", "y"], "answer_start": [0]}}], "squad",
                       "squad2", "hub[validation]")
    with pytest.raises(InputError, match=r"^hub\[validation\]: row 0: context: expected str, got NoneType"):
        validate(rows_to_parsed([{**row, "context": None}], "squad", "squad2", "hub[validation]"))
    with pytest.raises(InputError, match=r"^hub: row 0: answers: missing field"):
        rows_to_parsed([{"context": CONTEXT, "detected_answers": {"text": [], "char_spans": [],
                                                                 "token_spans": []}}], "mrqa", "x", "hub")


def test_hub_mirror_with_a_null_context_is_refused_by_build_benchmark(tmp_path):
    """``--hub`` on a local mirror (parquet laid out like the hub repository) with a null context."""
    rows = [example_to_row(squad_example("a")), {**example_to_row(squad_example("b")), "context": None}]
    mirror = tmp_path / "squad_v2" / "squad_v2"
    mirror.mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows), mirror / "validation-00000-of-00001.parquet")
    out = tmp_path / "out"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_CACHE": str(tmp_path / "hf-cache")}
    done = subprocess.run(
        [sys.executable, "-m", "entity_renaming.cli.build_benchmark", "--hub", str(mirror.parent), "--out",
         str(out), "--perturbation", "original", "--entity-types", "per", "--no-progress"],
        capture_output=True, text=True, env=env,
    )
    assert done.returncode != 0
    assert "row 1: context: expected str, got NoneType" in done.stderr
    assert "Traceback" not in done.stderr


# --- items 5 and 9: files ------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["question", "title", "context", "id"])
def test_lone_surrogate_in_a_squad_file_names_file_line_and_field(tmp_path, where):
    qas = [qa("a"), qa("b")]
    title, context = "Normans", CONTEXT
    if where == "question":
        qas[1]["question"] = "Who \ud800 was it?"
    elif where == "id":
        qas[1]["id"] = "b\udc00"
    elif where == "title":
        title = "Nor\ud800mans"
    else:
        context = CONTEXT + " \udfff"
    path = squad_file(tmp_path / "in.json", qas, title=title, context=context)
    assert "\\ud" in path.read_text() or "\\udc00" in path.read_text()  # valid JSON escapes
    with pytest.raises(InputError) as err:
        read_input(path)
    assert err.value.path == str(path) and err.value.line is not None
    assert err.value.field == where and "lone surrogate" in err.value.message
    str(err.value).encode("utf-8")  # the message itself can be printed


def test_lone_surrogate_in_an_mrqa_file_and_a_paired_one_is_fine(tmp_path):
    record = {"id": "c1", "context": CONTEXT + " 😀", "qas": [{"qid": "q1", "question": "Who \ud83d\ude00?",
              "answers": [NAME], "detected_answers": [{"text": NAME, "char_spans": [[0, 9]]}]}]}
    header = json.dumps({"header": {"dataset": "x"}})
    good = tmp_path / "good.jsonl"
    good.write_text(header + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    assert read_input(good).examples[0].question == "Who 😀?"  # a surrogate pair is one character
    record["qas"][0]["answers"] = ["Smith\udbff"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(header + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:2: answer_texts\[0\]: lone surrogate \\udbff"):
        read_input(bad)


def test_build_benchmark_refuses_a_lone_surrogate_before_loading_a_model(tmp_path):
    qas = [qa("a"), qa("b", question="Who \ud800?")]
    path = squad_file(tmp_path / "in.json", qas)
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "entity_renaming.cli.build_benchmark", "--input", str(path),
                           "--out", str(out), "--perturbation", "original", "--no-progress"],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"{path}:" in done.stderr and "question: lone surrogate \\ud800" in done.stderr
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


@pytest.mark.parametrize("fmt", ["squad", "mrqa"])
def test_deep_json_and_a_5000_digit_offset_name_the_file(tmp_path, fmt):
    deep = tmp_path / ("deep.json" if fmt == "squad" else "deep.jsonl")
    deep.write_text("[" * 200_000 + "]" * 200_000 + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=rf"^{deep}(:1)?: <json>: nested too deeply"):
        read_input(deep)
    if fmt == "squad":
        text = json.dumps({"version": "v2.0", "data": [{"title": "T", "paragraphs": [
            {"context": CONTEXT, "qas": [qa("a")]}]}]}, indent=1)
        text = text.replace('"answer_start": 0', '"answer_start": ' + "9" * 5000)
        line = next(i for i, x in enumerate(text.splitlines(), 1) if "9999" in x)
        big = tmp_path / "big.json"
    else:
        text = json.dumps({"header": {}}) + "\n" + json.dumps({"context": CONTEXT, "qas": []}) + "\n"
        text += '{"context": "x", "qas": [{"qid": "q", "n": ' + "9" * 5000 + "}]}\n"
        line, big = 3, tmp_path / "big.jsonl"
    big.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=rf"^{big}:{line}: <json>: unreadable number"):
        read_input(big)


def test_empty_id_raises_and_empty_question_is_rejected_with_file_line_field(tmp_path):
    path = squad_file(tmp_path / "in.json", [qa("a"), qa("b", question=""), qa("c")])
    data = read_input(path)
    (rejected,) = data.rejected
    assert rejected.example_id == "b" and rejected.reason == "question: empty question"
    assert rejected.path == str(path) and rejected.line is not None
    path = squad_file(tmp_path / "in.json", [qa("a"), qa("")])
    with pytest.raises(InputError, match=rf"^{path}:\d+: id: empty id"):
        read_input(path)


def test_leaderboard_on_a_200000_deep_results_file_names_it(tmp_path, capsys):
    from entity_renaming.evaluation.leaderboard import main as leaderboard

    deep = tmp_path / "results.json"
    deep.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert leaderboard([str(deep), "--out", str(tmp_path / "board")]) == 2
    assert f"leaderboard: error: {deep}: <json>: nested too deeply" in capsys.readouterr().err
