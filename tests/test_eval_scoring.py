"""Scorer checks against hand-computed cases and the official scripts' documented behaviour."""

from __future__ import annotations

import pytest

from entity_renaming.evaluation.scoring import (
    exact_match,
    f1,
    f1_v1,
    gold_answers,
    max_over_golds,
    mrqa_scores,
    squad_v2_scores,
)
from entity_renaming.model import Answer, QAExample


def squad(ex_id: str, golds: list[str], context: str = "Paris and Rome and the red cat sat") -> QAExample:
    answers = [Answer(g, [(context.find(g), context.find(g) + len(g))]) for g in golds]
    return QAExample(ex_id, "squad_v2", "squad", context, "q?", answers, is_impossible=not golds)


def mrqa(ex_id: str, texts: list[str], detected: list[str]) -> QAExample:
    return QAExample(
        ex_id,
        "SQuAD",
        "mrqa",
        "ctx",
        "q?",
        [Answer(t, [(0, 1)], [(0, 0)]) for t in detected],
        answer_texts=texts,
    )


def test_exact_match_uses_squad_normalisation():
    assert exact_match("The Cat!", "cat") == 1.0
    assert exact_match("an  apple, ", "Apple") == 1.0
    assert exact_match("cats", "cat") == 0.0


def test_f1_hand_computed():
    # pred {big, red, cat}, gold {red, cat, sat}: 2 shared → P = R = 2/3
    assert f1("big red cat", "the red cat sat") == pytest.approx(2 / 3)
    # repeated tokens count with multiplicity: pred {a.., red, red}, gold {red}: P=1/2, R=1
    assert f1("red red", "red") == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert f1("dog", "cat") == 0.0


def test_empty_answers_v2_vs_v1():
    assert f1("", "") == 1.0  # SQuAD 2.0: both empty → 1
    assert f1("", "cat") == 0.0 and f1("cat", "") == 0.0
    assert f1("the", "") == 1.0  # normalises to empty
    assert f1_v1("", "") == 0.0  # SQuAD 1.1 / MRQA: no shared token → 0
    assert f1_v1("red cat", "cat") == pytest.approx(2 / 3)


def test_max_over_golds_and_empty_golds():
    assert max_over_golds(f1, "cat sat", ["red cat", "cat"]) == pytest.approx(2 / 3)
    assert max_over_golds(exact_match, "", []) == 1.0
    assert max_over_golds(exact_match, "x", []) == 0.0


def test_gold_answers_per_format():
    assert gold_answers(squad("a", [])) == [""]
    assert gold_answers(squad("b", ["Rome", "Rome"])) == ["Rome", "Rome"]
    # MRQA scores against free-text answers, not the detected spans
    assert gold_answers(mrqa("c", ["Denver Broncos"], ["Broncos"])) == ["Denver Broncos"]
    assert gold_answers(mrqa("d", [], ["Broncos"])) == ["Broncos"]


def test_squad_v2_scores_hand_computed():
    examples = [squad("A", ["Paris"]), squad("B", ["red cat", "cat"]), squad("C", [])]
    preds = {"A": "Paris", "B": "the cat sat", "C": ""}
    out = squad_v2_scores(preds, examples)
    # exact: A 1, B 0, C 1; f1: A 1, B max(1/2, 2/3), C 1
    assert out["exact"] == pytest.approx(200 / 3)
    assert out["f1"] == pytest.approx(100 * (2 + 2 / 3) / 3)
    assert out["total"] == 3
    assert (out["HasAns_total"], out["NoAns_total"]) == (2, 1)
    assert out["HasAns_exact"] == pytest.approx(50.0)
    assert out["HasAns_f1"] == pytest.approx(100 * (1 + 2 / 3) / 2)
    assert (out["NoAns_exact"], out["NoAns_f1"]) == (100.0, 100.0)


def test_no_answer_threshold_and_best_threshold():
    examples = [squad("A", ["Paris"]), squad("C", []), squad("D", ["Rome"])]
    preds = {"A": "Paris", "C": "London", "D": "cat"}
    na = {"A": 0.1, "D": 0.5, "C": 0.9}
    plain = squad_v2_scores(preds, examples, na)  # threshold 1.0: na never applies
    assert plain["exact"] == pytest.approx(100 / 3)
    # official find_best_thresh: start at #no-answer = 1; A(+1) → 2 at 0.1; D(+0); C(-1)
    assert plain["best_exact"] == pytest.approx(200 / 3)
    assert plain["best_exact_thresh"] == 0.1
    assert plain["best_f1_thresh"] == 0.1
    strict = squad_v2_scores(preds, examples, na, na_prob_thresh=0.5)
    # C (0.9 > 0.5) counts as answered "no answer" → correct; D (0.5, not > 0.5) keeps its raw 0
    assert strict["exact"] == pytest.approx(200 / 3)
    assert strict["NoAns_exact"] == 100.0


def test_only_answerable_has_no_noans_keys():
    out = squad_v2_scores({"A": "Paris"}, [squad("A", ["Paris"])])
    assert "NoAns_total" not in out and out["HasAns_total"] == 1


def test_missing_prediction_is_an_error():
    with pytest.raises(ValueError, match="no prediction: B"):
        squad_v2_scores({"A": "x"}, [squad("A", ["Paris"]), squad("B", [])])
    with pytest.raises(ValueError, match="no prediction"):
        mrqa_scores({}, [mrqa("c", ["x"], ["x"])])


def test_mrqa_scores_hand_computed():
    examples = [
        mrqa("1", ["Denver Broncos", "Broncos"], ["Broncos"]),
        mrqa("2", ["Santa Clara"], ["Santa Clara"]),
    ]
    out = mrqa_scores({"1": "the Broncos", "2": "Clara, California"}, examples)
    assert out["exact_match"] == pytest.approx(50.0)
    # 2: pred {clara, california} vs {santa, clara}: P = R = 1/2
    assert out["f1"] == pytest.approx(100 * (1 + 0.5) / 2)
    assert out["total"] == 2
