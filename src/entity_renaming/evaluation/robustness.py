"""Per-example scores, per-config summaries and the robustness report over seeds.

A perturbed config (``squad-per-dbname-seed3``) is compared with the ``original`` config of the same
dataset and entity type (``squad-per-original``; the ``mix`` original when there is none); examples
pair by ``original_id``. Errors are split as in Yan et al. (2022, Table 6): a wrong answer sharing no
normalised word with any gold answer is a *wrong-entity* error, one with some overlap a
*wrong-boundary* error; SQuAD 2.0 answerability mistakes are counted apart as *no-answer* errors.

EntSwap ablations (``afrisquad2-wo-person-seed0``) are their own perturbation, ``entswap-wo-person``,
never pooled with the full ``entswap`` configs. The paired ΔF1 averages, per original example, the F1
difference (renamed − original) over the seeds in which it was renamed, then over examples; its 95%
confidence interval is a percentile bootstrap over those examples (:data:`BOOTSTRAP` resamples).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..io.formats import format_of, get_format
from ..model import QAExample
from .release import ConfigData
from .scoring import (
    exact_match,
    f1,
    gold_answers,
    has_answer,
    max_over_golds,
    mrqa_scores,
    squad_v2_scores,
)

if TYPE_CHECKING:  # torch is an optional dependency (the [eval] extra)
    from .predictions import Prediction

ERROR_KINDS = ("wrong_entity", "wrong_boundary", "no_answer")
#: Bootstrap resamples (and the fixed seed) of the paired-delta confidence intervals.
BOOTSTRAP = 2000
BOOTSTRAP_SEED = 0


@dataclass
class ExampleScore:
    """One example's prediction and its official EM/F1 (0–1)."""

    id: str
    original_id: str
    prediction: str
    em: float
    f1: float
    has_answer: bool
    error: str | None
    entity_types: tuple[str, ...] = ()


@dataclass
class ConfigScores:
    """The scored predictions of one config: official metrics and per-example scores."""

    name: str
    spec: dict[str, Any]
    source_format: str
    metrics: dict[str, Any]
    examples: dict[str, ExampleScore]

    def summary(self) -> dict[str, Any]:
        """Headline EM/F1 (percent), size, HasAns/NoAns and error counts."""
        m = self.metrics
        out: dict[str, Any] = {"em": m["exact_match"], "f1": m["f1"], "n": m["total"]}
        for prefix in ("HasAns", "NoAns"):
            if f"{prefix}_f1" in m:
                out[f"{prefix}_em"], out[f"{prefix}_f1"] = m[f"{prefix}_exact_match"], m[f"{prefix}_f1"]
                out[f"{prefix}_n"] = m[f"{prefix}_total"]
        counts = error_counts(self.examples.values())
        out["errors"] = counts
        return out


def error_kind(prediction: str, example: QAExample) -> str | None:
    """``None`` for an exact match, else the Table 6 error kind (or ``no_answer``)."""
    golds = gold_answers(example)
    if max_over_golds(exact_match, prediction, golds):
        return None
    if format_of(example).allows_null and (not has_answer(example) or not prediction):
        return "no_answer"
    return "wrong_entity" if max_over_golds(f1, prediction, golds) == 0.0 else "wrong_boundary"


def error_counts(scores: Any) -> dict[str, int]:
    counts = dict.fromkeys(ERROR_KINDS, 0)
    for s in scores:
        if s.error:
            counts[s.error] += 1
    return counts


def score_config(
    data: ConfigData, predictions: Mapping[str, Prediction], *, null_threshold: float = 0.0
) -> ConfigScores:
    """Official metrics and per-example scores of one config's predictions.

    SQuAD 2.0 metrics use the best non-null spans with the null-score differences as ``na_probs`` and
    ``null_threshold`` as the threshold, so ``exact_match``/``f1`` equal the thresholded predictions and
    ``best_*`` report the best threshold as the official script does.
    """
    examples = data.examples
    final = {ex.id: predictions[ex.id].text for ex in examples}
    fmt = get_format(data.source_format)
    if fmt.allows_null:
        spans = {ex.id: predictions[ex.id].span_text for ex in examples}
        na = {ex.id: predictions[ex.id].null_score_diff for ex in examples}
        metrics = uniform_names(squad_v2_scores(spans, examples, na, na_prob_thresh=null_threshold))
    else:
        metrics = mrqa_scores(final, examples)
    per: dict[str, ExampleScore] = {}
    for ex in examples:
        golds, pred = gold_answers(ex), final[ex.id]
        per[ex.id] = ExampleScore(
            ex.id,
            data.original_ids.get(ex.id, ex.id),
            pred,
            max_over_golds(exact_match, pred, golds),
            max_over_golds(fmt.pair_f1, pred, golds),
            has_answer(ex),
            error_kind(pred, ex),
            tuple(data.entity_types.get(ex.id, ())),
        )
    return ConfigScores(data.config.name, dict(data.config.spec), data.source_format, metrics, per)


def uniform_names(metrics: dict[str, Any]) -> dict[str, Any]:
    """The official SQuAD 2.0 dict with MRQA's metric name: ``exact`` → ``exact_match`` (also in
    ``HasAns_exact``, ``best_exact`` …), so that every config reports ``exact_match`` and ``f1``."""
    return {k.replace("exact", "exact_match"): v for k, v in metrics.items()}


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0.0 for a single seed)."""
    mean = statistics.fmean(values)
    return mean, (statistics.stdev(values) if len(values) > 1 else 0.0)


def find_original(config: ConfigScores, by_name: Mapping[str, ConfigScores]) -> ConfigScores | None:
    """The ``original`` config a perturbed config is compared with."""
    for cand in by_name.values():
        spec = cand.spec
        if (
            spec["perturbation"] == "original"
            and spec["dataset"] == config.spec["dataset"]
            and spec["entity_type"] == config.spec["entity_type"]
        ):
            return cand
    for cand in by_name.values():
        spec = cand.spec
        if (
            spec["perturbation"] == "original"
            and spec["dataset"] == config.spec["dataset"]
            and spec["entity_type"] == "mix"
        ):
            return cand
    return None


def paired(original: ConfigScores, perturbed: ConfigScores) -> dict[str, Any]:
    """Per-example comparison by ``original_id``: flips and scores on the shared examples."""
    orig_by_id = {s.original_id: s for s in original.examples.values()}
    pairs = [
        (orig_by_id[s.original_id], s) for s in perturbed.examples.values() if s.original_id in orig_by_id
    ]
    n = len(pairs)
    right_wrong = sum(1 for o, p in pairs if o.em == 1.0 and p.em == 0.0)
    wrong_right = sum(1 for o, p in pairs if o.em == 0.0 and p.em == 1.0)
    flip_errors = dict.fromkeys(ERROR_KINDS, 0)
    for o, p in pairs:
        if o.em == 1.0 and p.error:
            flip_errors[p.error] += 1
    by_answer: dict[str, dict[str, float]] = {}
    if get_format(original.source_format).allows_null:  # SQuAD 2.0: answerable and unanswerable apart
        for prefix, wanted in (("HasAns", True), ("NoAns", False)):
            by_answer[prefix] = {o.original_id: p.f1 - o.f1 for o, p in pairs if o.has_answer is wanted}
    by_type: dict[str, list[tuple[ExampleScore, ExampleScore]]] = defaultdict(list)
    for o, p in pairs:
        for etype in p.entity_types:
            by_type[etype].append((o, p))
    return {
        "n": n,
        "f1_deltas": {o.original_id: p.f1 - o.f1 for o, p in pairs},
        "f1_deltas_by_answerability": by_answer,
        "delta_f1_by_entity_type": {
            etype: 100.0 * sum(p.f1 - o.f1 for o, p in prs) / len(prs)
            for etype, prs in sorted(by_type.items())
        },
        "n_by_entity_type": {etype: len(prs) for etype, prs in sorted(by_type.items())},
        "original_f1": 100.0 * sum(o.f1 for o, _ in pairs) / n if n else math.nan,
        "perturbed_f1": 100.0 * sum(p.f1 for _, p in pairs) / n if n else math.nan,
        "right_to_wrong": right_wrong,
        "wrong_to_right": wrong_right,
        "right_to_wrong_errors": flip_errors,
    }


def perturbation_label(spec: dict[str, Any]) -> str:
    """The perturbation a config reports under: EntSwap ablations are ``entswap-wo-{category}``."""
    pert = str(spec["perturbation"])
    return f"{pert}-wo-{spec['without']}" if spec.get("without") else pert


def paired_delta_ci(deltas_per_seed: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Mean paired ΔF1 (percent) over original examples and its 95% percentile-bootstrap interval.

    Each example's delta is first averaged over the seeds in which it occurs, so the interval reflects
    the variation between examples, the unit that was sampled.
    """
    per_id: dict[str, list[float]] = defaultdict(list)
    for deltas in deltas_per_seed:
        for oid, d in deltas.items():
            per_id[oid].append(d)
    if not per_id:
        return {"mean": math.nan, "ci_low": math.nan, "ci_high": math.nan, "n": 0}
    values = 100.0 * np.array([statistics.fmean(per_id[k]) for k in sorted(per_id)])
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    means = values[rng.integers(0, len(values), size=(BOOTSTRAP, len(values)))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return {"mean": float(values.mean()), "ci_low": float(low), "ci_high": float(high), "n": len(values)}


def _pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else math.nan


def robustness_rows(model: str, configs: Sequence[ConfigScores]) -> list[dict[str, Any]]:
    """One row per dataset × entity type × perturbation with metrics over seeds."""
    by_name = {c.name: c for c in configs}
    groups: dict[tuple[str, str, str], list[ConfigScores]] = defaultdict(list)
    for c in configs:
        key = (str(c.spec["dataset"]), str(c.spec["entity_type"]), perturbation_label(c.spec))
        groups[key].append(c)
    rows = []
    for (dataset, etype, pert), members in sorted(groups.items()):
        members.sort(key=lambda c: (c.spec.get("seed") is None, c.spec.get("seed") or 0, c.name))
        sums = [c.summary() for c in members]
        row: dict[str, Any] = {
            "model": model,
            "dataset": dataset,
            "entity_type": etype,
            "perturbation": pert,
            "configs": [c.name for c in members],
            "seeds": [c.spec.get("seed") for c in members],
            "n": statistics.fmean(s["n"] for s in sums),
        }
        for key in ("HasAns_n", "NoAns_n"):
            if all(key in s for s in sums):
                row[key] = statistics.fmean(s[key] for s in sums)
        for key in ("em", "f1", "HasAns_em", "HasAns_f1", "NoAns_em", "NoAns_f1"):
            if all(key in s for s in sums):
                row[f"{key}_mean"], row[f"{key}_std"] = mean_std([s[key] for s in sums])
        errors = [s["errors"] for s in sums]
        wrong = [sum(e.values()) for e in errors]
        for kind in ERROR_KINDS:
            row[f"{kind}_pct_of_errors"] = statistics.fmean(
                _pct(e[kind], w) for e, w in zip(errors, wrong, strict=True)
            )
        if pert == "original":
            row["original_em"], row["original_f1"] = row["em_mean"], row["f1_mean"]
            for key in ("HasAns_f1", "NoAns_f1"):
                if f"{key}_mean" in row:
                    row[f"original_{key}"] = row[f"{key}_mean"]
        original = find_original(members[0], by_name) if pert != "original" else None
        if original is not None:
            o = original.summary()
            row["original_config"] = original.name
            row["original_em"], row["original_f1"] = o["em"], o["f1"]
            row["delta_em"], row["delta_f1"] = row["em_mean"] - o["em"], row["f1_mean"] - o["f1"]
            for key in ("HasAns_f1", "NoAns_f1"):
                if key in o and f"{key}_mean" in row:
                    row[f"original_{key}"] = o[key]
                    row[f"delta_{key}"] = row[f"{key}_mean"] - o[key]
            pairs = [paired(original, c) for c in members]
            row["paired_n"] = statistics.fmean(p["n"] for p in pairs)
            _, row["paired_delta_f1_std"] = mean_std([p["perturbed_f1"] - p["original_f1"] for p in pairs])
            ci = paired_delta_ci([p["f1_deltas"] for p in pairs])
            row["paired_delta_f1_mean"] = ci["mean"]
            row["paired_delta_f1_ci_low"], row["paired_delta_f1_ci_high"] = ci["ci_low"], ci["ci_high"]
            row["paired_examples"] = ci["n"]
            for prefix in pairs[0]["f1_deltas_by_answerability"]:
                ci = paired_delta_ci([p["f1_deltas_by_answerability"][prefix] for p in pairs])
                for k in ("mean", "ci_low", "ci_high"):
                    row[f"paired_delta_{prefix}_f1_{k}"] = ci[k]
                row[f"paired_{prefix}_examples"] = ci["n"]
            row["right_to_wrong_mean"], row["right_to_wrong_std"] = mean_std(
                [p["right_to_wrong"] for p in pairs]
            )
            row["wrong_to_right_mean"], _ = mean_std([p["wrong_to_right"] for p in pairs])
            row["right_to_wrong_pct"] = statistics.fmean(_pct(p["right_to_wrong"], p["n"]) for p in pairs)
            etypes = sorted({e for p in pairs for e in p["delta_f1_by_entity_type"]})
            if etypes:  # renamed entity types of each example, from the release's renamings
                row["paired_delta_f1_by_entity_type"] = {
                    e: {
                        "mean": statistics.fmean(
                            p["delta_f1_by_entity_type"].get(e, math.nan) for p in pairs
                        ),
                        "n": statistics.fmean(p["n_by_entity_type"].get(e, 0) for p in pairs),
                    }
                    for e in etypes
                }
            flips = [p["right_to_wrong_errors"] for p in pairs]
            for kind in ERROR_KINDS:
                row[f"flip_{kind}_pct"] = statistics.fmean(
                    _pct(f[kind], p["right_to_wrong"]) for f, p in zip(flips, pairs, strict=True)
                )
        rows.append(row)
    return rows
