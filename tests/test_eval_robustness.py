"""Aggregation over seeds, pairing by original_id, flips and the error split, on hand-made predictions."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from entity_renaming.configs import parse_config_name
from entity_renaming.evaluation.inference import Prediction
from entity_renaming.evaluation.release import ConfigData, ReleaseConfig
from entity_renaming.evaluation.robustness import error_kind, robustness_rows, score_config
from entity_renaming.model import Answer, QAExample

CONTEXT = "Anna Berg met Carl Dorn in Oslo and then Erik Falk in Rome"


def ex(ex_id: str, gold: str | None) -> QAExample:
    answers = [Answer(gold, [(CONTEXT.index(gold), CONTEXT.index(gold) + len(gold))])] if gold else []
    return QAExample(ex_id, "squad_v2", "squad", CONTEXT, "Who?", answers, is_impossible=gold is None)


def config(name: str, golds: dict[str, str | None], preds: dict[str, str], suffix: str = ""):
    examples = [ex(i + suffix, g) for i, g in golds.items()]
    data = ConfigData(
        ReleaseConfig(name, parse_config_name(name), {}),
        "validation",
        examples,
        {i + suffix: i for i in golds},
    )
    predictions = {
        i + suffix: Prediction(p, None, None, 0.0, -1.0 if p else 1.0, p or "Oslo") for i, p in preds.items()
    }
    return score_config(data, predictions)


GOLDS = {"a": "Anna Berg", "b": "Carl Dorn", "c": "Oslo", "d": "Erik Falk", "n": None}


def test_error_kinds_follow_yan_et_al_table_6():
    assert error_kind("Anna Berg", ex("x", "Anna Berg")) is None
    assert error_kind("Carl Dorn", ex("x", "Anna Berg")) == "wrong_entity"  # no shared word
    assert error_kind("Berg", ex("x", "Anna Berg")) == "wrong_boundary"  # overlap, not exact
    assert error_kind("Anna Berg met", ex("x", "Anna Berg")) == "wrong_boundary"
    assert error_kind("", ex("x", "Anna Berg")) == "no_answer"
    assert error_kind("Oslo", ex("x", None)) == "no_answer"
    assert error_kind("", ex("x", None)) is None


def test_rows_hand_computed():
    original = config(
        "squad_v2-per-original",
        GOLDS,
        {"a": "Anna Berg", "b": "Carl Dorn", "c": "Rome", "d": "Erik Falk", "n": ""},
    )
    # seed 0 (ids suffixed, paired by original_id): a → wrong entity, b → boundary, c → right (wrong→right)
    seed0 = config(
        "squad_v2-per-dbname-seed0",
        GOLDS,
        {"a": "Carl Dorn", "b": "Dorn", "c": "Oslo", "d": "Erik Falk", "n": ""},
        "-0",
    )
    # seed 1 covers 4 examples only (d was not perturbable): a → right, b → no answer
    golds1 = {k: v for k, v in GOLDS.items() if k != "d"}
    seed1 = config(
        "squad_v2-per-dbname-seed1", golds1, {"a": "Anna Berg", "b": "", "c": "Rome", "n": ""}, "-1"
    )
    rows = robustness_rows("m", [original, seed0, seed1])
    orig_row, row = rows[1], rows[0]
    assert (orig_row["perturbation"], row["perturbation"]) == ("original", "dbname")
    assert orig_row["em_mean"] == pytest.approx(80.0) and orig_row["original_f1"] == orig_row["f1_mean"]

    em0, em1 = 100 * 3 / 5, 100 * 2 / 4  # seed0: c, d, n right; seed1: a, n right
    assert row["em_mean"] == pytest.approx((em0 + em1) / 2)
    assert row["em_std"] == pytest.approx(abs(em0 - em1) / math.sqrt(2))
    f1_0 = 100 * (0 + 2 / 3 + 1 + 1 + 1) / 5  # "Dorn" vs "Carl Dorn": P=1, R=1/2
    f1_1 = 100 * (1 + 0 + 0 + 1) / 4
    assert row["f1_mean"] == pytest.approx((f1_0 + f1_1) / 2)
    assert row["original_f1"] == pytest.approx(80.0)
    assert row["delta_f1"] == pytest.approx((f1_0 + f1_1) / 2 - 80.0)
    assert row["paired_n"] == pytest.approx(4.5)
    # paired per original example, averaged over the seeds it occurs in: original F1 a 1, b 1, c 0, d 1,
    # n 1; seed0 a 0, b 2/3, c 1, d 1, n 1; seed1 a 1, b 0, c 0, n 1 → a -1/2, b -2/3, c +1/2, d 0, n 0
    assert row["paired_examples"] == 5
    assert row["paired_delta_f1_mean"] == pytest.approx(100 * (-1 / 2 - 2 / 3 + 1 / 2) / 5)
    assert row["paired_delta_f1_ci_low"] < row["paired_delta_f1_mean"] < row["paired_delta_f1_ci_high"]
    assert row["paired_delta_f1_ci_low"] >= 100 * -2 / 3 and row["paired_delta_f1_ci_high"] <= 100 * 1 / 2
    assert row["right_to_wrong_mean"] == pytest.approx((2 + 1) / 2)  # seed0: a, b; seed1: b
    assert row["wrong_to_right_mean"] == pytest.approx((1 + 0) / 2)  # seed0: c
    assert row["right_to_wrong_pct"] == pytest.approx((100 * 2 / 5 + 100 * 1 / 4) / 2)
    assert row["flip_wrong_entity_pct"] == pytest.approx((50.0 + 0.0) / 2)
    assert row["flip_wrong_boundary_pct"] == pytest.approx((50.0 + 0.0) / 2)
    assert row["flip_no_answer_pct"] == pytest.approx((0.0 + 100.0) / 2)
    # all errors (not only flips): seed0 a entity, b boundary; seed1 b no-answer, c entity
    assert row["wrong_entity_pct_of_errors"] == pytest.approx((50.0 + 50.0) / 2)
    assert row["no_answer_pct_of_errors"] == pytest.approx((0.0 + 50.0) / 2)
    assert "paired_delta_f1_by_entity_type" not in row  # no renamings recorded in these configs
    assert row["NoAns_f1_mean"] == 100.0 and row["original_NoAns_f1"] == 100.0
    assert row["HasAns_f1_mean"] == pytest.approx((100 * (2 / 3 + 2) / 4 + 100 * 1 / 3) / 2)


def test_mix_original_is_the_fallback(tmp_path: Path):
    original = config("squad_v2-original", GOLDS, dict.fromkeys(GOLDS, "Oslo"))
    seed = config("squad_v2-gpe-randstr-seed2", GOLDS, dict.fromkeys(GOLDS, "Oslo"), "-2")
    row = next(r for r in robustness_rows("m", [original, seed]) if r["perturbation"] == "randstr")
    assert row["original_config"] == "squad_v2-original" and row["seeds"] == [2]
    assert row["f1_std"] == 0.0 and row["delta_f1"] == 0.0 and row["right_to_wrong_mean"] == 0.0


def test_afrisquad2_pairs_with_squad2_original():
    """The release's AfriSQuAD2 configs are compared with its ``squad2-original`` config."""
    right = {"a": "Anna Berg", "b": "Carl Dorn", "c": "Oslo", "d": "Erik Falk", "n": ""}
    original = config("squad2-original", GOLDS, right)
    seeds = [config(f"afrisquad2-seed{k}", GOLDS, {**right, "b": "Oslo"}, f"-{k}") for k in (0, 1)]
    row = next(r for r in robustness_rows("m", [original, *seeds]) if r["perturbation"] == "entswap")
    assert row["original_config"] == "squad2-original" and row["seeds"] == [0, 1]
    assert row["delta_f1"] < 0 and row["right_to_wrong_mean"] > 0


def test_entswap_ablations_are_rows_of_their_own():
    full = {"a": "Anna Berg", "b": "Carl Dorn", "c": "Rome", "d": "Erik Falk", "n": ""}
    wrong = {"a": "Oslo", "b": "Oslo", "c": "Oslo", "d": "Oslo", "n": ""}
    configs = [config("squad2-original", GOLDS, full)]
    for seed in (0, 1):
        configs.append(config(f"afrisquad2-seed{seed}", GOLDS, full, f"-{seed}"))
        configs.append(config(f"afrisquad2-wo-person-seed{seed}", GOLDS, wrong, f"-w{seed}"))
    rows = {r["perturbation"]: r for r in robustness_rows("m", configs)}
    assert set(rows) == {"original", "entswap", "entswap-wo-person"}
    assert rows["entswap"]["seeds"] == [0, 1] and rows["entswap-wo-person"]["seeds"] == [0, 1]
    assert rows["entswap"]["configs"] == ["afrisquad2-seed0", "afrisquad2-seed1"]
    assert {rows[k]["original_config"] for k in ("entswap", "entswap-wo-person")} == {"squad2-original"}
    assert rows["entswap"]["f1_mean"] == pytest.approx(80.0)
    assert rows["entswap-wo-person"]["f1_mean"] == pytest.approx(40.0)  # c (Oslo) and n (no answer) right
    assert rows["entswap-wo-person"]["paired_delta_f1_mean"] == pytest.approx(100 * (-1 - 1 + 1 - 1 + 0) / 5)
