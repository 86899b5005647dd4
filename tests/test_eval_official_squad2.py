"""Scoring reproduces the documented behaviour of the official SQuAD 2.0 script (``evaluate-v2.0.py``):
normalisation, gold answers (``[""]`` when none is left), ``HasAns`` = ``bool(answers)``, the no-answer
threshold and ``best_f1`` / ``best_exact``. Expected values are worked out by hand from that algorithm."""

from __future__ import annotations

import pytest
from conftest import SQUAD2_NORMANS_RHINE

from entity_renaming.evaluation.scoring import (
    exact_match,
    f1,
    f1_v1,
    gold_answers,
    has_answer,
    squad_v2_scores,
)
from entity_renaming.io import read_examples
from entity_renaming.io.formats import MRQA, SQUAD2
from entity_renaming.model import Answer, QAExample

CONTEXT = "The cat sat on the mat in Paris, France."


def squad(qid: str, texts: list[str]) -> QAExample:
    answers = [Answer(t, [(CONTEXT.find(t), CONTEXT.find(t) + len(t))]) for t in texts]
    return QAExample(qid, "squad2", "squad", CONTEXT, "Q?", answers, is_impossible=not texts)


@pytest.mark.parametrize(
    ("prediction", "gold", "em", "f"),
    [
        ("the Cat!", "cat", 1.0, 1.0),  # lower case, punctuation and articles dropped
        ("a  cat  an", "The cat", 1.0, 1.0),  # articles anywhere, whitespace squashed
        ("don't", "dont", 1.0, 1.0),  # punctuation inside words too
        ("cat sat", "the cat", 0.0, 2 / 3),  # precision 1/2, recall 1/1
        ("the", "", 1.0, 1.0),  # both normalise to no tokens: a match
        ("cat", "", 0.0, 0.0),
        ("", "cat", 0.0, 0.0),
    ],
)
def test_normalisation_and_pair_scores(prediction, gold, em, f):
    assert exact_match(prediction, gold) == em
    assert f1(prediction, gold) == pytest.approx(f)
    assert SQUAD2.pair_f1(prediction, gold) == pytest.approx(f)


def test_mrqa_f1_scores_empty_against_empty_as_zero():
    assert f1_v1("the", "") == 0.0 and MRQA.pair_f1("", "") == 0.0 and f1("", "") == 1.0


def test_gold_answers_drop_answers_that_normalise_to_empty():
    assert gold_answers(squad("a", [])) == [""]
    assert gold_answers(squad("b", ["The", "Paris"])) == ["Paris"]
    assert gold_answers(squad("c", ["The"])) == [""]


def test_has_ans_is_bool_of_answers_even_when_they_normalise_to_empty():
    """The official script: ``qid_to_has_ans = {qa['id']: bool(qa['answers'])}``."""
    only_article = squad("the", ["The"])
    assert has_answer(only_article) is True
    out = squad_v2_scores({"the": ""}, [only_article])
    assert (out["HasAns_total"], out["HasAns_exact"], out["exact"]) == (1, 100.0, 100.0)
    assert "NoAns_total" not in out


def test_threshold_scores_predicted_no_answer_as_not_has_ans():
    examples = [squad("A", ["Paris"]), squad("B", [])]
    preds = {"A": "Paris", "B": "mat"}
    na = {"A": 0.7, "B": 0.7}
    out = squad_v2_scores(preds, examples, na, na_prob_thresh=0.5)  # both predicted unanswerable
    assert (out["exact"], out["HasAns_exact"], out["NoAns_exact"]) == (50.0, 0.0, 100.0)
    out = squad_v2_scores(preds, examples, na, na_prob_thresh=0.7)  # not strictly greater: raw scores
    assert (out["exact"], out["HasAns_exact"], out["NoAns_exact"]) == (50.0, 100.0, 0.0)


def test_best_threshold_follows_the_official_sweep():
    """num_no_ans = 2 starts the sweep; by rising na prob: A +1 (3, best, thresh 0.1), C +0 (tie: kept),
    D +0.5 (3.5, best, thresh 0.6), B −1 (a non-empty answer to an unanswerable question)."""
    examples = [squad("A", ["Paris"]), squad("B", []), squad("C", []), squad("D", ["the mat"])]
    preds = {"A": "Paris", "B": "cat", "C": "", "D": "mat in Paris"}
    na = {"A": 0.1, "B": 0.9, "C": 0.5, "D": 0.6}
    out = squad_v2_scores(preds, examples, na)
    assert out["best_f1"] == pytest.approx(100 * 3.5 / 4) and out["best_f1_thresh"] == 0.6
    assert out["best_exact"] == pytest.approx(100 * 3 / 4) and out["best_exact_thresh"] == 0.1
    # D's F1: "mat in paris" vs "mat": precision 1/3, recall 1 → 0.5
    assert out["f1"] == pytest.approx(100 * (1 + 0 + 1 + 0.5) / 4)


def test_real_file_oracle_and_null_predictions():
    """On the official Normans/Rhine records: the first gold answer (or "") scores 100; all-empty
    predictions score exactly the unanswerable share, split by ``bool(answers)``."""
    _, examples = read_examples(SQUAD2_NORMANS_RHINE)
    oracle = {ex.id: ex.answers[0].text if ex.answers else "" for ex in examples}
    out = squad_v2_scores(oracle, examples)
    assert (out["exact"], out["f1"], out["HasAns_total"], out["NoAns_total"]) == (100.0, 100.0, 386, 320)
    out = squad_v2_scores({ex.id: "" for ex in examples}, examples)
    assert out["exact"] == pytest.approx(100 * 320 / 706)
    assert (out["HasAns_exact"], out["NoAns_exact"]) == (0.0, 100.0)
