"""Recall by reading (``audit-renamings --recall`` / ``--tally LABELS.jsonl``, audit-protocol.md → Recall).

The sampling and the tally are tested on small real input files and on *synthetic* labels and builds written
in ``tmp_path`` (made up here, never used as reader labels). The regression test at the end tallies the
labels that blind readers wrote for ``tests/data/recall/`` against a fresh build and holds recall per type
to ``MIN_RECALL`` (beside ``MIN_PRECISION`` in ``test_audit_labels.py``).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from conftest import MRQA_SQUAD_DEV, NEWSQA_SAMPLE, SQUAD2_DEV, SQUAD2_NORMANS_RHINE
from test_audit_labels import MIN_RECALL, MIN_RECALL_ENTSWAP

from entity_renaming.entswap import recall
from entity_renaming.entswap.audit import main
from entity_renaming.io import read_input
from entity_renaming.io.errors import InputError
from entity_renaming.model import Edit, Renaming, Substitution

RECALL_DATA = Path(__file__).resolve().parent / "data" / "recall"


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --------------------------------------------------------------------------------------------- drawing


def test_yan_sample_is_blind_reproducible_and_drawn_by_the_stated_rule(tmp_path):
    files = recall.write_sample(NEWSQA_SAMPLE, tmp_path / "a", "yan", 6, 3)
    again = recall.write_sample(NEWSQA_SAMPLE, tmp_path / "b", "yan", 6, 3)
    assert [f.read_bytes() for f in files] == [f.read_bytes() for f in again]
    reader, labels, sample = files[0].read_text(), lines(files[1]), json.loads(files[2].read_text())
    data = read_input(NEWSQA_SAMPLE)
    by_id = {ex.id: ex for ex in data.examples}
    eligible = [ex.id for ex in data.examples
                if any(recall.has_capitalised_word(a) for a in data.format.gold_answers(ex))]
    assert 6 < len(eligible) < len(data.examples) and sample["eligible"] == len(eligible)
    order = [eligible.index(i) for i in sample["ids"]]
    assert len(sample["ids"]) == 6 and order == sorted(order)  # a sample of the eligible, in file order
    assert sample["seed"] == 3 and sample["input_sha256"] and [r["id"] for r in labels] == sample["ids"]
    assert all(r["names"] is None and r["study"] == "yan" for r in labels)
    for n, record in enumerate(labels, start=1):
        ex = by_id[record["id"]]
        section = reader.split(f"## {n}. `{ex.id}`")[1].split("\n---\n")[0]
        assert ex.question in section and all(f"“{a}”" in section for a in record["answers"])
        assert ex.context.split("\n")[0] in section
    body = reader.split("\n---\n", 1)[1].splitlines()  # after the guide: the texts only, no build output
    shown = ("---", "## ", "**Title:** ", "**Passage:**", ">", "**Question:** ", "**Gold answers:** ")
    assert all(line.startswith(shown) for line in body if line)
    other = json.loads(recall.write_sample(NEWSQA_SAMPLE, tmp_path / "c", "yan", 6, 4)[2].read_text())
    assert other["ids"] != sample["ids"]


def test_a_fresh_sample_excludes_an_earlier_one(tmp_path):
    first = recall.write_sample(NEWSQA_SAMPLE, tmp_path / "reg", "yan", 8, 1)[2]
    fresh = recall.write_sample(NEWSQA_SAMPLE, tmp_path / "fin", "yan", 8, 1, [first])[2]
    ids, fresh_meta = json.loads(first.read_text())["ids"], json.loads(fresh.read_text())
    assert not set(ids) & set(fresh_meta["ids"]) and fresh_meta["excluding"] == ["yan-sample.json"]
    assert fresh_meta["eligible"] == json.loads(first.read_text())["eligible"] - len(ids)
    with pytest.raises(InputError, match="not a recall"):
        recall.write_sample(NEWSQA_SAMPLE, tmp_path / "x", "yan", 8, 1, [tmp_path / "fin" / "yan-reader.md"])


def test_entswap_sample_is_one_record_per_passage_with_all_its_questions(tmp_path):
    files = recall.write_sample(SQUAD2_NORMANS_RHINE, tmp_path, "entswap", 5, 0)
    labels, reader = lines(files[1]), files[0].read_text()
    data = read_input(SQUAD2_NORMANS_RHINE)
    contexts = {ex.context for ex in data.examples}
    assert json.loads(files[2].read_text())["eligible"] == len(contexts) and len(labels) == 5
    for record in labels:
        ex = next(e for e in data.examples if e.id == record["question_ids"][0])
        assert record["question_ids"] == [e.id for e in data.examples if e.context == ex.context]
        assert record["passage"] == ex.context_id and record["names"] is None
        assert ex.context in reader and ex.question not in reader  # the passage only


# --------------------------------------------------------------------------------------------- tally

SHA = "0" * 64


def fake_build(root: Path, renamed: dict[str, list[Renaming]]) -> Path:
    """A build-benchmark --out folder: manifest.json and one renamings file per config."""
    configs = {}
    for config, records in renamed.items():
        etype = records[0].entity_type if records else config.split("-")[1]
        configs[config] = {"file": f"{config}.jsonl.gz", "built_with": {"params": {
            "dataset": "SQuAD", "entity_type": etype, "perturbation": "dbname", "seed": 0}}}
        with gzip.open(root / f"{config}.renamings.jsonl.gz", "wt", encoding="utf-8") as f:
            f.writelines(json.dumps(r.to_json()) + "\n" for r in records)
    (root / "manifest.json").write_text(json.dumps({"input": {"sha256": SHA}, "configs": configs}))
    return root


def renaming(config: str, etype: str, ex_id: str, *originals: tuple[str, str]) -> Renaming:
    edits = [Edit("context", i * 10, i * 10 + len(o), i * 10, i * 10 + 4, o, "Xxxx", cat, cat)
             for i, (o, cat) in enumerate(originals)]
    subs = [Substitution(o, "Xxxx", cat, cat) for o, cat in originals]
    return Renaming(f"{ex_id}-r", ex_id, config, "dbname", etype, 0, subs, edits)


def per(name, verdict="yes", in_answer="is"):
    return {"name": name, "type": "PER", "in_answer": in_answer, "verdict": verdict}


def write_labels(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def yan_case(tmp_path):
    """Synthetic labels for six examples e1–e6 and a build that renames some of them."""
    city = {"name": "Exampleton", "type": "GPE", "kind": "city", "in_answer": "contains", "verdict": "yes"}
    country = {"name": "Freedonia", "type": "GPE", "kind": "country", "in_answer": "is", "verdict": "adjust"}
    names = {"e1": [per("Ada Lorne")], "e2": [per("Lorne", "adjust"), city],
             "e3": [{"name": "XBC", "type": "ORG", "in_answer": "is", "verdict": "yes"}],
             "e4": [], "e5": [per("Newton", "no", "contains")], "e6": [country]}
    answers = {"e1": ["Ada Lorne", "the chemist", "Ada Lorne"], "e2": ["Lorne", "a chemist", "the chemist"]}
    labels = write_labels(tmp_path / "yan-labels.jsonl", [
        {"study": "yan", "n": n, "id": i, "answers": answers.get(i, []), "names": v, "note": ""}
        for n, (i, v) in enumerate(names.items(), start=1)])
    p, g, m = "squad-per-dbname-seed0", "squad-gpe-dbname-seed0", "squad-dbname-seed0"
    build = fake_build(tmp_path, {
        p: [renaming(p, "per", i, ("Ada", "per")) for i in ("e1", "e4", "e5")],
        g: [renaming(g, "gpe", i, ("Freedonia", "gpe")) for i in ("e2", "e6")],
        "squad-org-dbname-seed0": [],
        m: [renaming(m, "mix", i, ("Ada", "per")) for i in ("e1", "e2")],
        "squad-per-dbname-seed1": [renaming("squad-per-dbname-seed1", "per", "e2", ("Lorne", "per"))],
    })
    manifest = json.loads((build / "manifest.json").read_text())
    manifest["configs"]["squad-per-dbname-seed1"]["built_with"]["params"]["seed"] = 1
    (build / "manifest.json").write_text(json.dumps(manifest))
    return labels, build


def test_yan_tally_counts_renamed_over_renamable_per_type(yan_case):
    labels, build = yan_case
    result = recall.tally(labels, build)
    rows = {r["type"]: r for r in result["rows"]}
    got = {t: (r["renamed"], r["renamable"]) for t, r in rows.items()}
    assert got == {"PER": (1, 2), "ORG": (0, 1), "GPE": (2, 2), "GPE country": (1, 1), "GPE state": (0, 0),
                   "GPE city": (1, 1), "MIX": (2, 4)}  # seed 1's renaming of e2 is not counted
    assert rows["PER"]["recall"] == 0.5 and rows["GPE state"]["recall"] is None
    assert [m["id"] for m in rows["PER"]["missed"]] == ["e2"]
    assert [m["id"] for m in rows["MIX"]["missed"]] == ["e3", "e6"]
    assert [h["id"] for h in rows["PER"]["precision_hints"]] == ["e4", "e5"]  # none, and a `no` name
    assert rows["PER"]["precision_hints"][1]["reader"] == ["Newton (PER, no)"]
    assert result["labelled"] == 6
    # answers e1: "Ada Lorne" twice and "the chemist"; e2: "Lorne" in one answer of three; e6: none
    assert rows["PER"]["answer_entity"] == {"renamed": 1, "renamable": 1, "recall": 1.0}
    assert rows["GPE"]["answer_entity"]["renamable"] == 0 and rows["MIX"]["answer_entity"]["renamable"] == 1
    assert recall.tally(labels, build, seed=1)["rows"][0]["renamed"] == 1  # PER seed 1 renames e2
    with pytest.raises(InputError, match="no randstr seed-0 config"):
        recall.tally(labels, build, perturbation="randstr")


def test_yan_tally_cli_prints_table_and_json(yan_case, capsys):
    labels, build = yan_case
    assert main(["--tally", str(labels), "--config-dir", str(build)]) == 0
    table = capsys.readouterr().out
    assert "| PER | 1 / 2 | 50.0% | 1 / 1 | 100.0% |" in table and "| MIX | 2 / 4 | 50.0% | 1 / 1 |" in table
    assert "XBC (ORG, yes)" in table and '"renamed": ["Ada"]' in table
    assert main(["--tally", str(labels), "--config-dir", str(build), "--json"]) == 0
    org = json.loads(capsys.readouterr().out)["rows"][1]
    assert org["type"] == "ORG" and org["missed"] == [{"id": "e3", "names": ["XBC (ORG, yes)"]}]


def test_tally_refuses_a_build_of_another_input(yan_case, capsys):
    labels, build = yan_case
    (labels.parent / "yan-sample.json").write_text(json.dumps({"input_sha256": "f" * 64}))
    assert main(["--tally", str(labels), "--config-dir", str(build)]) == 2
    assert "read another file than the sample" in capsys.readouterr().err
    (labels.parent / "yan-sample.json").write_text(json.dumps({"input_sha256": SHA}))
    assert main(["--tally", str(labels), "--config-dir", str(build)]) == 0


def test_entswap_tally_counts_names_per_category(tmp_path):
    config = "afrisquad2-seed0"
    edits = [("Obama", "person"), ("Kenya", "country"), ("Lincoln", "person"), ("Lagos", "city")]
    records = [renaming(config, "entswap", "q1", *edits[:2]), renaming(config, "entswap", "q2", *edits[2:])]
    records[1].edits.append(Edit("context", 90, 94, 90, 90, "the ", "", "country", "country"))  # grammar
    build = fake_build(tmp_path, {config: records})
    names = [{"name": "Barack Obama", "category": "person", "forms": ["Obama"], "verdict": "yes"},
             {"name": "Kenya", "category": "country", "forms": ["Kenyan"], "verdict": "adjust"},
             {"name": "Nairobi", "category": "city", "forms": [], "verdict": "yes"},
             {"name": "Abraham Lincoln", "category": "person", "forms": [], "verdict": "no"}]
    labels = write_labels(tmp_path / "entswap-labels.jsonl", [
        {"study": "entswap", "n": 1, "passage": "0/1", "title": "T", "question_ids": ["q1", "q2"],
         "names": names, "note": ""},
        {"study": "entswap", "n": 2, "passage": "0/2", "title": "T", "question_ids": ["q3"],
         "names": [{"name": "Paris", "category": "city", "forms": [], "verdict": "yes"}], "note": ""}])
    rows = {r["type"]: r for r in recall.tally(labels, build)["rows"]}
    assert {t: (r["renamed"], r["renamable"]) for t, r in rows.items()} == {
        "person": (1, 1), "country": (1, 1), "city": (0, 2)}
    assert [m["name"] for m in rows["city"]["missed"]] == ["Nairobi (city, yes)", "Paris (city, yes)"]
    assert rows["person"]["precision_hints"] == [
        {"passage": "0/1", "renamed": ["Lincoln"], "reader": "Abraham Lincoln (person, no)"}]
    assert rows["city"]["precision_hints"] == [
        {"passage": "0/1", "renamed": ["Lagos"], "reader": "not listed"}]


@pytest.mark.parametrize(("record", "where"), [
    ({"study": "yan", "n": 2, "id": "b", "names": None}, (2, "names")),
    ({"study": "yan", "n": 2, "id": "b", "names": [per("A", verdict="maybe")]}, (2, "names[0].verdict")),
    ({"study": "yan", "n": 2, "id": "b", "names": [{**per("A"), "type": "GPE"}]}, (2, "names[0].kind")),
    ({"study": "yan", "n": 2, "id": "b", "names": [{**per("A"), "in_answer": "about"}]},
     (2, "names[0].in_answer")),
    ({"study": "yan", "n": 2, "id": "a", "names": []}, (2, "id")),
    ({"study": "entswap", "n": 2, "id": "b", "names": []}, (2, "passage")),
    ({"study": "entswap", "n": 2, "passage": "p", "question_ids": ["q"], "names": []}, (None, "study")),
])
def test_bad_labels_name_file_line_and_field(tmp_path, record, where):
    first = {"study": "yan", "n": 1, "id": "a", "names": []}
    path = write_labels(tmp_path / "yan-labels.jsonl", [first, record])
    with pytest.raises(InputError) as err:
        recall.read_labels(path)
    assert (err.value.line, err.value.field) == where and err.value.path == str(path)


def test_recall_flags_need_their_inputs(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--recall", "--out", str(tmp_path)])
    with pytest.raises(SystemExit):
        main(["--tally", str(tmp_path / "labels.jsonl")])
    assert "--config-dir" in capsys.readouterr().err
    assert main(["--recall", "3", "--input", str(NEWSQA_SAMPLE), "--out", str(tmp_path), "--seed", "2"]) == 0
    assert len(lines(tmp_path / "yan-labels.jsonl")) == 3


# --------------------------------------------------------------------------------------------- regression


def build(tmp_path_factory, ner_cache_dir, name: str, *args: str) -> Path:
    from entity_renaming.cli.build_benchmark import main as build_benchmark

    out = tmp_path_factory.mktemp(name)
    assert build_benchmark([*args, "--seeds", "0", "--out", str(out), "--ner-cache", str(ner_cache_dir),
                            "--no-progress"]) == 0
    return out


def reader_labels(name: str) -> Path:
    path = RECALL_DATA / f"{name}-labels.jsonl"
    assert path.is_file(), f"{path} missing: copy the blind readers' labels there (see README.md there)"
    return path


def below(rows: list[dict], floors: dict[str, float]) -> list[str]:
    """The rows under their floor (or with under 10 renamable cases, too few to measure), as text."""
    by_type = {r["type"]: r for r in rows}
    for t in floors:
        print(f"recall {t}: {by_type[t]['renamed']}/{by_type[t]['renamable']}")
    return [f"{t} {by_type[t]['renamed']}/{by_type[t]['renamable']} < {floor:.0%}"
            for t, floor in floors.items() if by_type[t]["renamable"] < 10 or by_type[t]["recall"] < floor]


@pytest.mark.slow
def test_recall_per_type_on_the_reader_labelled_set(tmp_path_factory, ner_cache_dir):
    labels = reader_labels("yan")
    out = build(tmp_path_factory, ner_cache_dir, "recall-yan", "--input", str(MRQA_SQUAD_DEV),
                "--perturbation", "dbname", "--entity-types", "per,org,gpe,mix")
    assert below(recall.tally(labels, out)["rows"], MIN_RECALL) == []


@pytest.mark.slow
def test_entswap_recall_per_category_on_the_reader_labelled_set(tmp_path_factory, ner_cache_dir):
    labels = reader_labels("entswap")
    out = build(tmp_path_factory, ner_cache_dir, "recall-entswap", "--input", str(SQUAD2_DEV),
                "--perturbation", "entswap")
    assert below(recall.tally(labels, out)["rows"], MIN_RECALL_ENTSWAP) == []
