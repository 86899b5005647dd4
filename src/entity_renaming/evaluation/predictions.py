"""Predictions: the answer chosen for each example, from a model run or read from predictions files.

``evaluate-benchmark --predictions PATH`` scores answers produced elsewhere (another toolkit, an API, an
LLM) with the same scoring, robustness rows and results JSON as a model run. The files are those the
official scripts take (``evaluate-v2.0.py``, ``mrqa_official_eval.py``): a JSON object ``{id: answer}``
("" = no answer), optionally with a SQuAD 2.0 ``na_prob`` file ``{id: probability}``. Renamed configs keep
the ids of their original examples, so predictions are given per config, either as

* a folder with one ``<config>.json`` per config (and optionally ``<config>.na_prob.json``); or
* one JSON file keyed by config, then id: ``{"squad-per-original": {id: answer}, ...}`` (a ``na_prob``
  file of the same shape goes with ``--na-probs``); a file ``{id: answer}`` is accepted when exactly one
  config is selected.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..release.errors import ReleaseError
from .release import ReleaseConfig
from .results import load_json

PREDICTIONS_SUFFIX = ".json"
NA_PROB_SUFFIX = ".na_prob.json"


@dataclass
class Prediction:
    """The answer chosen for one example. ``text`` is "" for a null answer; ``span_text`` is the best
    non-null span even then; ``null_score_diff`` is null score − best span score (the SQuAD 2.0
    ``na_prob``), ``inf`` when no span was valid."""

    text: str
    start: int | None
    end: int | None
    score: float
    null_score_diff: float
    span_text: str = ""

    def to_json(self, example_id: str) -> dict[str, Any]:
        diff = self.null_score_diff if math.isfinite(self.null_score_diff) else None
        score = self.score if math.isfinite(self.score) else None
        return {
            "id": example_id,
            "prediction": self.text,
            "start": self.start,
            "end": self.end,
            "score": score,
            "null_score_diff": diff,
            "best_span": self.span_text,
        }


def from_answer(answer: str, na_prob: float = 0.0, na_prob_thresh: float = 1.0) -> Prediction:
    """A prediction read from a file, as ``evaluate-v2.0.py`` scores it: an answer whose ``na_prob``
    exceeds ``na_prob_thresh`` counts as "no answer" (without a ``na_prob`` file none does)."""
    text = "" if na_prob > na_prob_thresh else answer
    return Prediction(text, None, None, math.nan, na_prob, answer)


def _read_json(path: Path) -> Any:
    return load_json(path, ReleaseError)


def _mapping(data: Any, where: str, kind: type) -> dict[str, Any]:
    """``{id: value}`` with every value of ``kind`` (numbers for ``float``), else an error naming the id."""
    if not isinstance(data, dict):
        raise ReleaseError(f"{where}: expected a JSON object {{id: value}}, got {type(data).__name__}")
    for key, value in data.items():
        ok = isinstance(value, str) if kind is str else (
            isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value))
        if not ok:
            raise ReleaseError(f"{where}: id {key!r}: expected {'a string' if kind is str else 'a number'}, "
                               f"got {value!r}")
    return data


def _by_config(path: Path, names: list[str], kind: type, what: str) -> dict[str, dict[str, Any]]:
    """A single file: keyed by config then id, or ``{id: value}`` for the one selected config."""
    data = _read_json(path)
    if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise ReleaseError(f"{path}: {what} for configs that are not selected or not in the release: "
                               f"{', '.join(unknown[:5])}")
        return {name: _mapping(v, f"{path}: {name}", kind) for name, v in data.items()}
    if len(names) != 1:
        raise ReleaseError(
            f"{path}: a flat {{id: {what}}} file, but {len(names)} configs are selected and renamed configs "
            "reuse their originals' ids: key the file by config ({config: {id: answer}}), use a folder of "
            "<config>.json files, or select one config with --configs"
        )
    return {names[0]: _mapping(data, str(path), kind)}


def read_predictions(
    path: Path, configs: list[ReleaseConfig], na_probs: Path | None = None
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, float]]]:
    """Answers (config → id → answer) and ``na_prob`` values (config → id → probability, where given)
    for the ``configs`` that ``path`` has predictions for; an error when it has none, or has predictions
    for a config that is not selected."""
    names = [c.name for c in configs]
    if path.is_dir():
        if na_probs is not None:
            raise ReleaseError(f"--na-probs: with a predictions folder, put <config>{NA_PROB_SUFFIX} "
                               f"files in {path}")
        answers, probs = {}, {}
        for name in names:
            file = path / f"{name}{PREDICTIONS_SUFFIX}"
            if file.is_file():
                answers[name] = _mapping(_read_json(file), str(file), str)
            na_file = path / f"{name}{NA_PROB_SUFFIX}"
            if na_file.is_file():
                probs[name] = _mapping(_read_json(na_file), str(na_file), float)
        known = {f"{n}{s}" for n in names for s in (PREDICTIONS_SUFFIX, NA_PROB_SUFFIX)}
        stray = sorted(p.name for p in path.glob(f"*{PREDICTIONS_SUFFIX}") if p.name not in known)
        if stray:
            raise ReleaseError(f"{path}: {', '.join(stray[:5])}: no selected config of that name")
    elif path.is_file():
        answers = _by_config(path, names, str, "answer")
        probs = _by_config(na_probs, names, float, "na_prob") if na_probs is not None else {}
    else:
        raise ReleaseError(f"{path}: no such predictions file or folder")
    if not answers:
        raise ReleaseError(f"{path}: no predictions for any selected config (expected <config>"
                           f"{PREDICTIONS_SUFFIX} files named after configs such as {names[0]})")
    orphans = sorted(set(probs) - set(answers))
    if orphans:
        raise ReleaseError(f"{path}: na_prob values without predictions for {', '.join(orphans)}")
    return answers, probs


def config_predictions(
    answers: dict[str, str], na_probs: dict[str, float] | None, ids: list[str], where: str,
    na_prob_thresh: float = 1.0,
) -> dict[str, Prediction]:
    """One config's :class:`Prediction` per example id; every id needs an answer (and a ``na_prob`` when
    a ``na_prob`` file is given), and ids the config lacks are an error (a file for another config)."""
    for values, what in ((answers, "prediction"), (na_probs, "na_prob")):
        if values is None:
            continue
        missing = [i for i in ids if i not in values]
        if missing:
            raise ReleaseError(f"{where}: {len(missing)} of {len(ids)} examples have no {what} "
                               f"(e.g. {', '.join(missing[:3])}); --limit N scores the first N of each "
                               "config")
    extra = sorted(set(answers) - set(ids))
    if extra and len(extra) == len(answers):
        raise ReleaseError(f"{where}: none of its ids is an example of this config (e.g. {extra[0]})")
    probs = na_probs or {}
    return {i: from_answer(answers[i], float(probs.get(i, 0.0)), na_prob_thresh) for i in ids}
