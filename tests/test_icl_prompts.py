"""Prompts, demonstration selection, name sets, scoring agreement, Maj@k and bootstrap intervals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from official_squad_eval import mrqa_example, squad_v2_example

from entity_renaming.icl.analysis import bootstrap_interval, maj_at_k, majority_vote, name_rows, rank
from entity_renaming.icl.experiment import ORIGINAL, Record, restore, score
from entity_renaming.icl.names import bootstrap_name_sets, name_pool
from entity_renaming.icl.prompts import PromptTemplate, extract_answer, select_demonstrations, split_ids
from entity_renaming.icl.replacement import Subject, rename_subject
from entity_renaming.io import read_examples
from entity_renaming.model import Answer, QAExample

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def squad():
    return read_examples(SHARED / "squad_v2" / "official_ids_Normans_Rhine_dev-v2.0.json")[1][:120]


@pytest.fixture(scope="module")
def mrqa():
    return read_examples(SHARED / "mrqa" / "NewsQA_sample_mrqa_repo.jsonl")[1]


def test_demonstrations_are_seeded_order_independent_and_exclude_the_query(squad):
    first = select_demonstrations(squad, 4, seed=1)
    shuffled = list(squad)
    random.Random(0).shuffle(shuffled)
    assert [d.id for d in select_demonstrations(shuffled, 4, seed=1)] == [d.id for d in first]
    assert [d.id for d in select_demonstrations(squad, 4, seed=2)] != [d.id for d in first]
    query = first[0]
    again = select_demonstrations(squad, 4, seed=1, exclude={query.id})
    assert query.id not in {d.id for d in again} and len(again) == 4
    with pytest.raises(ValueError):
        select_demonstrations(squad[:3], 4, seed=1)


def test_prompt_layout_and_unanswerable_demonstrations(squad):
    template = PromptTemplate()
    unanswerable = next(ex for ex in squad if not any(a.text for a in ex.answers))
    answerable = next(ex for ex in squad if ex.answers)
    prefix = template.prefix([answerable, unanswerable])
    assert prefix.startswith(template.instruction)
    assert f"Answer: {answerable.answers[0].text}\n\n" in prefix
    assert "Answer: unanswerable\n\n" in prefix
    assert template.query_text(answerable).endswith(f"Question: {answerable.question}\nAnswer:")


def test_template_file(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('query = "Q: {question}\\nC: {context}\\nA:"\nno_answer = "none"\n', encoding="utf-8")
    template = PromptTemplate.from_file(path)
    assert template.no_answer == "none" and template.instruction == PromptTemplate().instruction
    path.write_text('querry = "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="querry"):
        PromptTemplate.from_file(path)


def test_answer_extraction():
    t = PromptTemplate()
    assert extract_answer(" Rollo.\nPassage: more", t) == "Rollo"
    assert extract_answer('\n\n"William the Conqueror"', t) == "William the Conqueror"
    assert extract_answer(" Unanswerable", t) == ""
    assert extract_answer("", t) == ""


def test_split_is_seeded_disjoint_and_complete():
    ids = [f"q{i}" for i in range(51)]
    val, test = split_ids(ids, seed=0)
    assert set(val) | set(test) == set(ids) and not set(val) & set(test) and len(val) == 26
    assert split_ids(list(reversed(ids)), seed=0) == (val, test)
    assert split_ids(ids, seed=1) != (val, test)


def test_bootstrap_name_sets_half_female_half_male_and_seeded():
    pool = name_pool("tzioumis")
    assert len(pool["female"]) > 1500 and len(pool["male"]) > 1500
    sets = bootstrap_name_sets(pool, 3, 200, seed=0)
    assert len(sets) == 3
    for names in sets:
        assert len({n.text for n in names}) == 200
        assert sum(n.gender == "female" for n in names) == 100 == sum(n.gender == "male" for n in names)
    assert bootstrap_name_sets(pool, 3, 200, seed=0) == sets
    assert bootstrap_name_sets(pool, 3, 200, seed=1) != sets
    assert sets[0] != sets[1]
    with pytest.raises(ValueError):
        bootstrap_name_sets(pool, 1, 10**6, seed=0)


def test_per_example_scores_agree_with_the_official_scripts(squad, mrqa):
    """``score`` against the official scripts' functions (a copy kept in tests/, not the package's)."""
    rng = random.Random(0)
    checked = 0
    for examples, official in ((squad, squad_v2_example), (mrqa, mrqa_example)):
        for ex in examples:
            golds = [a.text for a in ex.answers] or [""]
            pred = rng.choice([golds[0], "", ex.context[:15], golds[0] + " extra", "The " + golds[0] + "."])
            em, f1 = score(ex, pred)
            ref_em, ref_f1 = official(golds if ex.answers else [""], pred)
            assert (em, f1) == (pytest.approx(ref_em), pytest.approx(ref_f1)), (ex.id, pred, golds)
            checked += 1
    assert checked == len(squad) + len(mrqa)


def test_majority_vote():
    assert majority_vote(["Rollo", "the Rollo", "Bob", "bob", "Bob."]) == "Bob"
    assert majority_vote(["Ann", "Bob"]) == "Ann"  # tie → best-ranked voter
    assert majority_vote(["Bob", "Ann", "Ann", "Bob"]) == "Bob"
    with pytest.raises(ValueError):
        majority_vote([])


def _ex(qid: str, answer: str) -> QAExample:
    context = f"{answer} came home."
    return QAExample(qid, "t", "squad", context, "Who came?", [Answer(answer, [(0, len(answer))])])


def test_maj_at_k_on_constructed_predictions():
    examples = {"a": _ex("a", "John Smith"), "b": _ex("b", "Mary"), "c": _ex("c", "Paul")}
    recs = [Record(ORIGINAL, "", q, "", p, p, 0.0, 0.0) for q, p in (("a", "x"), ("b", "Mary"), ("c", "y"))]

    def rec(name: str, qid: str, restored: str) -> Record:
        return Record(name, "female", qid, "", restored, restored, 0.0, 0.0)

    recs += [rec("N1", "a", "John Smith"), rec("N2", "a", "wrong"), rec("N3", "a", "john smith.")]
    recs += [rec("N1", "b", "nope"), rec("N2", "b", "Mary"), rec("N3", "b", "other")]  # tie of 3 → N1
    recs += [rec("N4", "a", "wrong"), rec("N4", "b", "wrong"), rec("N4", "c", "wrong")]  # not in top k
    result = maj_at_k(recs, ["N1", "N2", "N3"], examples, {"a", "b", "c"})
    assert result["answers"] == {"a": "John Smith", "b": "nope", "c": "y"}
    assert result["em"] == pytest.approx(100 / 3) and result["queries_without_votes"] == 1
    assert result["original_em"] == pytest.approx(100 / 3)


def test_restore_maps_the_new_name_back():
    original = _ex("a", "John Smith")
    subject = Subject(("John", "Smith"), "male", None)
    renamed = rename_subject(original, subject, "Paul")
    assert renamed.answers[0].text == "Paul"
    assert restore("Paul", renamed, original, subject, "Paul") == "John Smith"
    assert restore("Paul's dog", renamed, original, subject, "Paul") == "John Smith's dog"
    assert restore("", renamed, original, subject, "Paul") == ""


def test_name_rows_bootstrap_and_ranking():
    recs = [Record(ORIGINAL, "", f"q{i}", "", "", "", float(i % 2), float(i % 2)) for i in range(10)]
    recs += [Record("Ann", "female", f"q{i}", "", "", "", 1.0, 1.0) for i in range(10)]
    recs += [Record("Bob", "male", f"q{i}", "", "", "", 0.0, 0.0) for i in range(0, 10, 2)]
    rows = {r["name"]: r for r in name_rows(recs, {f"q{i}" for i in range(10)}, n_boot=200, seed=0)}
    assert rows["Ann"]["em"] == 100 and rows["Ann"]["original_em"] == 50 and rows["Ann"]["delta_em"] == 50
    assert rows["Bob"]["n"] == 5 and rows["Bob"]["original_em"] == 0 and rows["Bob"]["delta_em"] == 0
    assert [r["name"] for r in rank(list(rows.values()))] == ["Ann", "Bob"]
    lo, hi = bootstrap_interval([0, 1] * 20, 500, "k")
    assert 25 < lo < 50 < hi < 75 and bootstrap_interval([0, 1] * 20, 500, "k") == (lo, hi)
