"""Readers/writers are lossless on the real shared files, and bad input names file, line and field."""

from __future__ import annotations

import gzip
import json

import pytest
from conftest import MRQA_SQUAD_DEV, NEWSQA_SAMPLE, SQUAD2_DEV, SQUAD2_NORMANS_RHINE, SQUAD2_TEST_NO_ANSWERS

from entity_renaming.io import read_examples, write_examples
from entity_renaming.io.errors import InputError
from entity_renaming.io.hf import example_to_row, row_to_example
from entity_renaming.model import illegal_answers


def _json_lines(path):
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@pytest.mark.parametrize("path", [MRQA_SQUAD_DEV, NEWSQA_SAMPLE], ids=["squad-dev", "newsqa"])
def test_mrqa_round_trip_is_lossless(path, tmp_path):
    meta, examples = read_examples(path, "mrqa")
    out = tmp_path / ("out.jsonl.gz" if path.suffix == ".gz" else "out.jsonl")
    write_examples(out, examples, "mrqa", meta)
    assert _json_lines(out) == _json_lines(path)
    if path == MRQA_SQUAD_DEV:
        assert len(examples) == 10_507


@pytest.mark.parametrize(
    "path",
    [SQUAD2_DEV, SQUAD2_NORMANS_RHINE, SQUAD2_TEST_NO_ANSWERS],
    ids=["cs224n-dev", "normans-rhine", "test-no-answers"],
)
def test_squad_round_trip_is_lossless(path, tmp_path):
    meta, examples = read_examples(path, "squad")
    write_examples(tmp_path / "out.json", examples, "squad", meta)
    assert json.loads((tmp_path / "out.json").read_text()) == json.loads(path.read_text())


@pytest.mark.parametrize("path", [MRQA_SQUAD_DEV, SQUAD2_DEV, SQUAD2_NORMANS_RHINE])
def test_every_real_answer_is_legal(path):
    _, examples = read_examples(path)
    assert [e.id for e in examples if illegal_answers(e)] == []


def test_unanswerable_counts_of_the_annotated_squad2_files():
    _, examples = read_examples(SQUAD2_DEV)
    assert (len(examples), sum(e.is_impossible for e in examples)) == (6078, 3168)
    _, examples = read_examples(SQUAD2_NORMANS_RHINE)
    assert (len(examples), sum(e.is_impossible for e in examples)) == (706, 320)


@pytest.mark.parametrize("path", [MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE])
def test_hub_rows_round_trip(path):
    _, examples = read_examples(path)
    for ex in examples[:300]:
        back = row_to_example(example_to_row(ex), ex.source_format, ex.dataset)
        assert (back.id, back.context, back.question) == (ex.id, ex.context, ex.question)
        assert [(a.text, a.char_spans, a.token_spans) for a in back.answers] == [
            (a.text, a.char_spans, a.token_spans) for a in ex.answers
        ]
        assert back.is_impossible == ex.is_impossible


def _mrqa_line(**overrides):
    qa = {
        "qid": "q1",
        "question": "Who?",
        "answers": ["Ann"],
        "detected_answers": [{"text": "Ann", "char_spans": [[0, 2]], "token_spans": [[0, 0]]}],
    }
    qa.update(overrides.pop("qa", {}))
    record = {"context": "Ann left.", "qas": [qa], **overrides}
    return json.dumps(record)


def test_malformed_json_line_names_file_and_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(_mrqa_line() + "\n{not json\n")
    with pytest.raises(InputError) as err:
        read_examples(path, "mrqa")
    assert f"{path}:2" in str(err.value)


def test_missing_field_names_the_field(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"qas": []}) + "\n")
    with pytest.raises(InputError, match=r"bad\.jsonl:1.*context"):
        read_examples(path, "mrqa")


def test_offsets_outside_the_passage_are_rejected(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        _mrqa_line(
            qa={"detected_answers": [{"text": "Ann", "char_spans": [[40, 42]], "token_spans": [[0, 0]]}]}
        )
        + "\n"
    )
    with pytest.raises(InputError, match=r"bad\.jsonl:1.*char_spans"):
        read_examples(path, "mrqa")


def test_squad_bad_answer_start_names_the_line(tmp_path):
    doc = {
        "version": "v2.0",
        "data": [
            {
                "title": "T",
                "paragraphs": [
                    {
                        "context": "Ann left.",
                        "qas": [
                            {
                                "id": "x1",
                                "question": "Who?",
                                "is_impossible": False,
                                "answers": [{"text": "Ann", "answer_start": "zero"}],
                            }
                        ],
                    }
                ],
            }
        ],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=1))
    with pytest.raises(InputError, match=r"bad\.json:\d+.*answer_start"):
        read_examples(path, "squad")


def test_duplicate_ids_are_an_input_error(tmp_path):
    path = tmp_path / "dup.jsonl"
    path.write_text(_mrqa_line() + "\n" + _mrqa_line() + "\n")
    with pytest.raises(InputError, match="duplicate example id 'q1'"):
        read_examples(path, "mrqa")
