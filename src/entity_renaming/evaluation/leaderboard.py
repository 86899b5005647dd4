"""Leaderboard tables (Markdown + CSV) from one or more results JSON files.

``leaderboard RESULTS.json [RESULTS.json ...] --out DIR`` merges the robustness rows of several
runs/models into ``leaderboard.md`` (to paste into the dataset card) and ``leaderboard.csv``, and
with ``--plots`` draws the figures of :mod:`entity_renaming.evaluation.plots`.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..cli import add_version
from ..extras import MissingExtra, require
from .results import read_results

CSV_COLUMNS = (
    "model",
    "revision",
    "dataset",
    "entity_type",
    "perturbation",
    "seeds",
    "n",
    "original_em",
    "em_mean",
    "em_std",
    "delta_em",
    "original_f1",
    "f1_mean",
    "f1_std",
    "delta_f1",
    "original_HasAns_f1",
    "HasAns_f1_mean",
    "HasAns_f1_std",
    "delta_HasAns_f1",
    "original_NoAns_f1",
    "NoAns_f1_mean",
    "NoAns_f1_std",
    "delta_NoAns_f1",
    "paired_n",
    "paired_examples",
    "paired_delta_f1_mean",
    "paired_delta_f1_ci_low",
    "paired_delta_f1_ci_high",
    "paired_delta_f1_std",
    "right_to_wrong_mean",
    "right_to_wrong_std",
    "right_to_wrong_pct",
    "wrong_to_right_mean",
    "flip_wrong_entity_pct",
    "flip_wrong_boundary_pct",
    "flip_no_answer_pct",
    "wrong_entity_pct_of_errors",
    "wrong_boundary_pct_of_errors",
    "no_answer_pct_of_errors",
    "release_version",
    "code_version",
    "dtype",
    "hardware",
    "date",
)
PERTURBATION_ORDER = ("original", "indistname", "dbname", "randstr", "entswap")


def _order(pert: str) -> tuple[int, str]:
    base = pert.split("-")[0]
    return (PERTURBATION_ORDER.index(base) if base in PERTURBATION_ORDER else len(PERTURBATION_ORDER), pert)


def merge_rows(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """All robustness rows with run metadata, sorted by dataset, entity type, perturbation, model."""
    rows = []
    for res in results:
        model = res["model"]
        hw = res.get("hardware", {})
        for row in res["robustness"]:
            rows.append(
                {
                    **row,
                    "revision": model.get("revision") or model.get("commit"),
                    "release_version": res.get("release", {}).get("version"),
                    "code_version": res.get("code", {}).get("package_version"),
                    "dtype": model.get("dtype"),
                    "hardware": hw.get("gpu") or hw.get("cpu") or hw.get("device"),
                    "date": res.get("date"),
                }
            )
    rows.sort(key=lambda r: (r["dataset"], r["entity_type"], _order(r["perturbation"]), r["model"]))
    return rows


def _num(value: Any, digits: int = 1, signed: bool = False) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _pm(mean: Any, std: Any, n_seeds: int) -> str:
    return _num(mean) if n_seeds < 2 else f"{_num(mean)} ± {_num(std)}"


def _ci(row: dict[str, Any]) -> str:
    mean, low, high = (row.get(f"paired_delta_f1_{k}") for k in ("mean", "ci_low", "ci_high"))
    if mean is None or (isinstance(mean, float) and math.isnan(mean)):
        return "–"
    return f"{_num(mean, signed=True)} [{_num(low, signed=True)}, {_num(high, signed=True)}]"


MARKDOWN_NOTE = (
    "EM/F1 in percent; `± x` is the standard deviation over seeds. **ΔF1 paired** compares each renamed "
    "example with its own original (same `original_id`): per example the F1 difference averaged over the "
    "seeds it was renamed in, then the mean over the *n paired* examples, with a 95% percentile-bootstrap "
    "interval over those examples (2,000 resamples). *F1 orig* is the original config's F1 on all of its "
    "examples. right→wrong %: paired examples answered exactly before and not after renaming.\n"
)


def to_markdown(rows: Sequence[dict[str, Any]]) -> str:
    """A Markdown table: one line per model × dataset × entity type × perturbation, then a note."""
    head = (
        "| Model | Dataset | Entity | Perturbation | Seeds | n | EM orig | EM | F1 orig | F1 "
        "| n paired | ΔF1 paired [95% CI] | right→wrong % | wrong-entity % of flips |"
    )
    lines = [head, "|" + "---|" * (head.count(" | ") + 1)]
    for r in rows:
        seeds = [s for s in r.get("seeds", []) if s is not None]
        k = len(r.get("configs", [])) or 1
        lines.append(
            "| "
            + " | ".join(
                [
                    f"`{r['model']}`",
                    r["dataset"],
                    r["entity_type"],
                    r["perturbation"],
                    ",".join(map(str, seeds)) or "–",
                    _num(r.get("n"), 0),
                    _num(r.get("original_em")),
                    _pm(r.get("em_mean"), r.get("em_std"), k),
                    _num(r.get("original_f1")),
                    _pm(r.get("f1_mean"), r.get("f1_std"), k),
                    _num(r.get("paired_examples"), 0),
                    _ci(r),
                    _num(r.get("right_to_wrong_pct")),
                    _num(r.get("flip_wrong_entity_pct")),
                ]
            )
            + " |"
        )
    return "\n".join(lines) + "\n\n" + MARKDOWN_NOTE


def to_csv(rows: Sequence[dict[str, Any]]) -> str:
    """All columns of :data:`CSV_COLUMNS`; empty cells for missing values, seeds joined by ``;``."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for r in rows:
        out = {}
        for col in CSV_COLUMNS:
            value = r.get(col)
            if col == "seeds":
                value = ";".join(str(s) for s in value or [] if s is not None)
            elif isinstance(value, float):
                value = "" if math.isnan(value) else f"{value:.4f}"
            out[col] = "" if value is None else value
        writer.writerow(out)
    return buf.getvalue()


def write_leaderboard(results: Sequence[dict[str, Any]], out: Path, *, plots: bool = False) -> list[Path]:
    """Write ``leaderboard.md`` / ``leaderboard.csv`` (and plots) under ``out``; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    rows = merge_rows(results)
    md, csv_path = out / "leaderboard.md", out / "leaderboard.csv"
    md.write_text(to_markdown(rows), encoding="utf-8")
    csv_path.write_text(to_csv(rows), encoding="utf-8")
    written = [md, csv_path]
    if plots:
        require("plots", "leaderboard --plots")
        from .plots import plot_all

        written += plot_all(rows, out / "plots")
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="leaderboard",
        description="Merge results JSON files written by evaluate-benchmark (several runs or models) into "
        "one leaderboard: leaderboard.md (for the dataset card) and leaderboard.csv.",
    )
    parser.add_argument("results", nargs="+", type=Path, help="results JSON files (results.json of each run)")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--plots", action="store_true", help="also draw PNG plots under OUT/plots")
    add_version(parser)
    args = parser.parse_args(argv)
    try:
        results = [read_results(p) for p in args.results]
    except (OSError, ValueError) as err:
        print(f"leaderboard: error: {err}", file=sys.stderr)
        return 2
    try:
        written = write_leaderboard(results, args.out, plots=args.plots)
    except MissingExtra as err:
        print(f"leaderboard: error: {err}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
