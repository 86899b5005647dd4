"""Input validation happens once, on reading: malformed files raise errors naming file, line and field;
unusable examples are rejected with their location and reason. Bad files are written by the tests from
real records of the shared MRQA and SQuAD 2.0 files."""

from __future__ import annotations

import copy
import gzip
import json

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_NORMANS_RHINE

from entity_renaming.io import read_examples, read_input, write_examples
from entity_renaming.io.errors import InputError

ROLLO = "56ddde6b9a695914005b962b"  # Normans: "Who was the Norse leader?" → Rollo


@pytest.fixture(scope="module")
def mrqa_lines() -> list[str]:
    """The header and the first three context records of the official MRQA SQuAD dev file."""
    with gzip.open(MRQA_SQUAD_DEV, "rt", encoding="utf-8") as handle:
        return [next(handle) for _ in range(4)]


@pytest.fixture(scope="module")
def normans() -> dict:
    """The official SQuAD 2.0 dev records of the Normans article (original ids)."""
    doc = json.loads(SQUAD2_NORMANS_RHINE.read_text(encoding="utf-8"))
    return {"version": doc["version"], "data": doc["data"][:1]}


def _write_mrqa(tmp_path, lines, edit=None, line=2, name="bad.jsonl"):
    """Write ``lines`` with record ``line`` (1-based) changed by ``edit(record)``."""
    out = list(lines)
    if edit is not None:
        record = json.loads(out[line - 1])
        edit(record)
        out[line - 1] = json.dumps(record) + "\n"
    path = tmp_path / name
    path.write_text("".join(out), encoding="utf-8")
    return path


def _write_squad(tmp_path, doc, name="bad.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return path


def _qa(doc, qid):
    for article in doc["data"]:
        for para in article["paragraphs"]:
            for qa in para["qas"]:
                if qa["id"] == qid:
                    return qa
    raise KeyError(qid)


def _line_of(path, needle):
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return no
    raise AssertionError(needle)


# --- item 2: content checks, one rejection per unusable example ----------------------------------


def test_squad_answer_start_off_by_three_is_rejected_with_its_line(tmp_path, normans):
    doc = copy.deepcopy(normans)
    _qa(doc, ROLLO)["answers"][1]["answer_start"] += 3
    path = _write_squad(tmp_path, doc)
    data = read_input(path)
    assert [r.example_id for r in data.rejected] == [ROLLO]
    assert ROLLO not in {e.id for e in data.examples}
    assert data.total == sum(len(p["qas"]) for p in doc["data"][0]["paragraphs"])
    rejected = data.rejected[0]
    assert rejected.line == _line_of(path, ROLLO)
    assert "answers[1].answer_start" in rejected.reason and "'Rollo' != passage slice" in rejected.reason
    with pytest.raises(InputError) as err:  # tools that need every example get an error instead
        read_examples(path)
    assert str(err.value).startswith(f"{path}:{_line_of(path, ROLLO)}: answers[1].answer_start:")


def test_mrqa_char_span_in_range_with_wrong_text_is_rejected(tmp_path, mrqa_lines):
    def shift(record):
        det = record["qas"][0]["detected_answers"][0]
        det["char_spans"][0] = [det["char_spans"][0][0] + 20, det["char_spans"][0][1] + 20]

    path = _write_mrqa(tmp_path, mrqa_lines, shift, line=3)
    data = read_input(path)
    qid = json.loads(mrqa_lines[2])["qas"][0]["qid"]
    assert [(r.example_id, r.line) for r in data.rejected] == [(qid, 3)]
    assert "detected_answers[0].char_spans[0]: text" in data.rejected[0].reason


def test_mrqa_wrong_token_span_and_token_offset_are_rejected(tmp_path, mrqa_lines):
    def bad_tokens(record):
        record["qas"][0]["detected_answers"][0]["token_spans"][0][0] += 1  # one token too late
        record["qas"][1]["question_tokens"][0][1] += 2  # offset of the first question token

    path = _write_mrqa(tmp_path, mrqa_lines, bad_tokens)
    data = read_input(path)
    record = json.loads(mrqa_lines[1])
    assert [r.example_id for r in data.rejected] == [record["qas"][0]["qid"], record["qas"][1]["qid"]]
    assert "detected_answers[0].token_spans[0]: token span" in data.rejected[0].reason
    assert "question_tokens[0]: token" in data.rejected[1].reason

    def bad_context_token(record):
        record["context_tokens"][3][1] += 1

    data = read_input(_write_mrqa(tmp_path, mrqa_lines, bad_context_token))
    assert len(data.rejected) == len(record["qas"])  # the whole record's questions share the tokens
    assert all("context_tokens[3]" in r.reason for r in data.rejected)


def test_bool_offsets_are_an_input_error(tmp_path, mrqa_lines):
    def bool_span(record):
        record["qas"][0]["detected_answers"][0]["char_spans"][0] = [True, 5]

    path = _write_mrqa(tmp_path, mrqa_lines, bool_span)
    field = r"qas\[0\]\.detected_answers\[0\]\.char_spans\[0\]"
    with pytest.raises(InputError, match=rf"bad\.jsonl:2: {field}: .*True"):
        read_input(path)


def test_squad_bool_answer_start_is_an_input_error(tmp_path, normans):
    doc = copy.deepcopy(normans)
    _qa(doc, ROLLO)["answers"][0]["answer_start"] = True
    path = _write_squad(tmp_path, doc)
    with pytest.raises(InputError, match=r"answers\[0\]\.answer_start: expected int, got bool") as err:
        read_input(path)
    assert err.value.line == _line_of(path, ROLLO)


def test_mrqa_quirk_of_the_official_file_is_accepted():
    """226 spans of the official file differ from their text beyond case ("The Broncos" vs "Broncos");
    they agree once normalised, as the MRQA evaluation compares them, and all are kept."""
    data = read_input(MRQA_SQUAD_DEV)
    assert (len(data.examples), data.rejected) == (10_507, [])
    differing = [
        (ans.text, ex.context[s:e])
        for ex in data.examples
        for ans in ex.answers
        for s, e in ans.char_spans
        if ex.context[s:e].lower() != ans.text.lower()
    ]
    assert len(differing) == 226
    assert ("The Broncos", "Broncos") in differing


def test_passage_over_a_million_characters_is_rejected_not_fatal(tmp_path, mrqa_lines):
    def huge(record):
        record["context"] += " filler" * 150_000

    data = read_input(_write_mrqa(tmp_path, mrqa_lines, huge))
    n = len(json.loads(mrqa_lines[1])["qas"])
    assert len(data.rejected) == n
    assert data.rejected[0].reason.startswith("context: passage of 1,05")
    assert "longer than the NER limit of 1,000,000" in data.rejected[0].reason
    assert len(data.examples) == sum(len(json.loads(line)["qas"]) for line in mrqa_lines[2:])


# --- item 11: tracebacks become errors naming file, line and field --------------------------------


def test_truncated_gzip_names_the_file(tmp_path):
    raw = MRQA_SQUAD_DEV.read_bytes()
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(InputError, match=r"cut\.jsonl\.gz:\d+: <gzip>: corrupt or truncated"):
        read_input(path)


def test_bad_crc_gzip_names_the_file(tmp_path, mrqa_lines):
    data = bytearray(gzip.compress("".join(mrqa_lines).encode()))
    data[-8] ^= 0xFF  # CRC32 of the member
    path = tmp_path / "crc.jsonl.gz"
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match=r"crc\.jsonl\.gz:\d+: <gzip>: .*CRC"):
        read_input(path)


def test_gz_name_without_gzip_content(tmp_path, mrqa_lines):
    path = _write_mrqa(tmp_path, mrqa_lines, name="plain.jsonl.gz")
    with pytest.raises(InputError, match=r"plain\.jsonl\.gz: <gzip>: not a gzip file"):
        read_input(path)


def test_non_utf8_bytes_name_the_line(tmp_path, mrqa_lines, normans):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes("".join(mrqa_lines[:2]).encode() + mrqa_lines[2].encode().replace(b"the", b"th\xe9", 1))
    with pytest.raises(InputError, match=r"latin1\.jsonl:3: <encoding>: not UTF-8: byte 0xe9"):
        read_input(path)
    squad = _write_squad(tmp_path, normans)
    raw = squad.read_bytes()
    at = raw.index(b"Rollo")
    squad.write_bytes(raw[:at] + b"\xff" + raw[at + 1 :])
    line = raw[:at].count(b"\n") + 1
    with pytest.raises(InputError, match=rf"bad\.json:{line}: <encoding>"):
        read_input(squad)


@pytest.mark.parametrize("spans", [[[0]], "x", [[0, 1, 2]], [["0", 1]], [[0, 0], [1, 1]]])
def test_malformed_token_spans_are_input_errors(tmp_path, mrqa_lines, spans):
    def bad(record):
        record["qas"][1]["detected_answers"][0]["token_spans"] = spans

    with pytest.raises(InputError, match=r"bad\.jsonl:2: qas\[1\]\.detected_answers\[0\]\.token_spans"):
        read_input(_write_mrqa(tmp_path, mrqa_lines, bad))


def test_non_string_title_is_an_input_error(tmp_path, normans):
    doc = copy.deepcopy(normans)
    doc["data"][0]["title"] = ["Normans"]
    with pytest.raises(InputError, match=r"data\[0\]\.title: expected a string, got list"):
        read_input(_write_squad(tmp_path, doc))


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("empty.jsonl", "", "no examples"),
        ("header.jsonl", '{"header": {"dataset": "SQuAD"}}\n', "no examples"),
        ("empty.json", '{"version": "v2.0", "data": []}', "no examples"),
        ("noqas.json", '{"version": "v2.0", "data": [{"title": "T", "paragraphs": []}]}', "no examples"),
    ],
)
def test_empty_inputs_are_errors(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_input(path)


# --- item 14: messages -----------------------------------------------------------------------------


def test_reversed_span_is_called_reversed(tmp_path, mrqa_lines):
    def reverse(record):
        det = record["qas"][0]["detected_answers"][0]
        det["char_spans"][0] = det["char_spans"][0][::-1]

    data = read_input(_write_mrqa(tmp_path, mrqa_lines, reverse))
    (rejected,) = data.rejected
    assert "reversed span" in rejected.reason and "outside" not in rejected.reason


def test_duplicate_id_names_both_lines(tmp_path, mrqa_lines, normans):
    path = _write_mrqa(tmp_path, [*mrqa_lines, mrqa_lines[2]])
    qid = json.loads(mrqa_lines[2])["qas"][0]["qid"]
    message = rf"bad\.jsonl:5: qid: duplicate example id '{qid}' \(first at .*bad\.jsonl:3\)"
    with pytest.raises(InputError, match=message):
        read_input(path)
    doc = copy.deepcopy(normans)
    paragraphs = doc["data"][0]["paragraphs"]
    paragraphs[5]["qas"].append(copy.deepcopy(_qa(doc, ROLLO)))
    squad = _write_squad(tmp_path, doc)
    first = _line_of(squad, ROLLO)
    lines = squad.read_text().splitlines()
    second = next(no for no, line in enumerate(lines, 1) if ROLLO in line and no > first)
    message = rf"bad\.json:{second}: id: duplicate .* \(first at .*bad\.json:{first}\)"
    with pytest.raises(InputError, match=message):
        read_input(squad)


# --- item 7: articles that share a title stay apart ------------------------------------------------


def test_articles_sharing_a_title_are_written_back_apart(tmp_path):
    doc = json.loads(SQUAD2_NORMANS_RHINE.read_text(encoding="utf-8"))
    normans, rhine = doc["data"]
    normans["source"], rhine["source"] = "part one", "part two"  # article-level fields of each
    rhine["title"] = normans["title"]
    path = _write_squad(tmp_path, doc, "twins.json")
    meta, examples = read_examples(path)
    write_examples(tmp_path / "out.json", examples, "squad", meta)
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8")) == doc


# --- item 15: line numbers are looked up only for messages, and are right --------------------------


def test_squad_error_lines_are_exact_deep_in_a_pretty_printed_file(tmp_path):
    doc = json.loads(SQUAD2_NORMANS_RHINE.read_text(encoding="utf-8"))
    last_article = doc["data"][-1]["paragraphs"]
    qa = last_article[-1]["qas"][-1]
    qa["answers"] = [{"text": "no such answer", "answer_start": 0}]
    qa["is_impossible"] = False
    missing = last_article[-2]["qas"][0]
    del missing["question"]
    path = _write_squad(tmp_path, doc)
    with pytest.raises(InputError) as err:
        read_input(path)
    field = f"data[1].paragraphs[{len(last_article) - 2}].qas[0].question"
    assert (err.value.line, err.value.field) == (_line_of(path, missing["id"]), field)
    missing["question"] = "Back?"
    path = _write_squad(tmp_path, doc)
    data = read_input(path)
    assert [(r.example_id, r.line) for r in data.rejected] == [(qa["id"], _line_of(path, qa["id"]))]


def test_hub_unreachable_is_one_clear_error_naming_the_repo(tmp_path):
    """`build-benchmark --hub` offline: exit 2 naming repo, split and the offline way out; no traceback."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_CACHE": str(tmp_path / "cache")}
    run = subprocess.run(
        [sys.executable, "-m", "entity_renaming.cli.build_benchmark", "--hub", "rajpurkar/squad_v2",
         "--out", str(tmp_path / "out"), "--no-progress"],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert "rajpurkar/squad_v2: validation:" in run.stderr and "--input FILE" in run.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()
