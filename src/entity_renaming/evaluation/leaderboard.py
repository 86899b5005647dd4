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
from .results import read_results, run_limit

CSV_COLUMNS = (
    "model",
    "limit",
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
    "HasAns_n",
    "original_HasAns_f1",
    "HasAns_f1_mean",
    "HasAns_f1_std",
    "delta_HasAns_f1",
    "NoAns_n",
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
    "paired_HasAns_examples",
    "paired_delta_HasAns_f1_mean",
    "paired_delta_HasAns_f1_ci_low",
    "paired_delta_HasAns_f1_ci_high",
    "paired_NoAns_examples",
    "paired_delta_NoAns_f1_mean",
    "paired_delta_NoAns_f1_ci_low",
    "paired_delta_NoAns_f1_ci_high",
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
#: Columns that count examples or flips: written as integers when whole (a mean over seeds may not be).
COUNT_COLUMNS = frozenset(
    {"limit", "n", "HasAns_n", "NoAns_n", "paired_n", "paired_examples", "paired_HasAns_examples",
     "paired_NoAns_examples", "right_to_wrong_mean", "wrong_to_right_mean"}
)
PERTURBATION_ORDER = ("original", "indistname", "dbname", "randstr", "entswap")


def _order(pert: str) -> tuple[int, str]:
    base = pert.split("-")[0]
    return (PERTURBATION_ORDER.index(base) if base in PERTURBATION_ORDER else len(PERTURBATION_ORDER), pert)


def run_label(model: str, limit: int | None) -> str:
    """How a run is named in tables and plots: a ``--limit`` smoke run is never shown as the model."""
    return model if limit is None else f"{model} (smoke run: first {limit} per config)"


def merge_rows(
    results: Sequence[dict[str, Any]], sources: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """All robustness rows with run metadata, sorted by dataset, entity type, perturbation, model.

    A run with ``--limit`` keeps its own rows (``limit``, and ``run`` names it as a smoke run); two results
    holding the same model, limit, dataset, entity type and perturbation are an error naming both
    (``sources``: the files), never merged or silently overwritten.
    """
    sources = list(sources) if sources is not None else [f"results #{i + 1}" for i in range(len(results))]
    rows, seen = [], {}
    for res, source in zip(results, sources, strict=True):
        model = res["model"]
        hw = res.get("hardware") or {}
        limit = run_limit(res)
        for i, row in enumerate(res["robustness"]):
            key = (row["model"], limit, row["dataset"], row["entity_type"], row["perturbation"])
            if key in seen:
                raise ValueError(
                    f"{source}: robustness[{i}]: model {row['model']!r} (limit {limit}), {row['dataset']} "
                    f"{row['entity_type']} {row['perturbation']} is also in {seen[key]}; "
                    "give each run its own leaderboard or model name"
                )
            seen[key] = source
            rows.append(
                {
                    **row,
                    "limit": limit,
                    "run": run_label(row["model"], limit),
                    "revision": model.get("revision") or model.get("commit"),
                    "release_version": (res.get("release") or {}).get("version"),
                    "code_version": (res.get("code") or {}).get("package_version"),
                    "dtype": model.get("dtype"),
                    "hardware": hw.get("gpu") or hw.get("cpu") or hw.get("device"),
                    "date": res.get("date"),
                }
            )
    rows.sort(
        key=lambda r: (r["dataset"], r["entity_type"], _order(r["perturbation"]), r["model"], r["limit"] or 0)
    )
    return rows


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _num(value: Any, digits: int = 1, signed: bool = False) -> str:
    if _missing(value):
        return "–"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _count(value: Any) -> str:
    """A count: an integer when whole, else one decimal (a mean over seeds of different sizes)."""
    if _missing(value):
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _pm(mean: Any, std: Any, n_seeds: int) -> str:
    return _num(mean) if n_seeds < 2 or _missing(mean) else f"{_num(mean)} ± {_num(std)}"


def _ci(row: dict[str, Any], metric: str = "f1") -> str:
    mean, low, high = (row.get(f"paired_delta_{metric}_{k}") for k in ("mean", "ci_low", "ci_high"))
    if _missing(mean):
        return "–"
    return f"{_num(mean, signed=True)} [{_num(low, signed=True)}, {_num(high, signed=True)}]"


def md_cell(text: Any) -> str:
    """Text safe in one Markdown table cell: no line break, ``|`` escaped, no HTML."""
    out = " ".join(str(text).split())
    for char, escaped in (("\\", "\\\\"), ("|", "\\|"), ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"),
                          ("`", "\\`"), ("*", "\\*"), ("_", "\\_")):
        out = out.replace(char, escaped)
    return out


MARKDOWN_NOTE = (
    "EM/F1 in percent (the official SQuAD 2.0 / MRQA scores; both named `exact_match` and `f1` in the "
    "results JSON); `± x` is the standard deviation over seeds. **ΔF1 paired** compares each renamed "
    "example with its own original (same `original_id`): per example the F1 difference averaged over the "
    "seeds it was renamed in, then the mean over the *n paired* examples, with a 95% percentile-bootstrap "
    "interval over those examples (2,000 resamples). *F1 orig* is the original config's F1 on all of its "
    "examples. right→wrong %: paired examples answered exactly before and not after renaming. "
    "SQuAD 2.0 tables report answerable (*HasAns*) and unanswerable (*NoAns*) questions apart: pooled, "
    "their mix (often half unanswerable) would hide the drop on answerable questions.\n"
)
LIMIT_NOTE = (
    "**Smoke runs** (`--limit N`: the first N examples of each config) are rows of their own, named so; "
    "they are not comparable with full runs.\n"
)


def _table(head: list[str], lines: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return out + ["| " + " | ".join(cells) + " |" for cells in lines]


def _common_cells(r: dict[str, Any]) -> list[str]:
    seeds = [s for s in r.get("seeds", []) if s is not None]
    return [md_cell(r["run"]), md_cell(r["entity_type"]), md_cell(r["perturbation"]),
            ",".join(map(str, seeds)) or "–"]


def _mrqa_table(rows: Sequence[dict[str, Any]]) -> list[str]:
    head = ["Model", "Entity", "Perturbation", "Seeds", "n", "EM orig", "EM", "F1 orig", "F1", "n paired",
            "ΔF1 paired [95% CI]", "right→wrong %", "wrong-entity % of flips"]
    lines = []
    for r in rows:
        k = len(r.get("configs", [])) or 1
        lines.append([
            *_common_cells(r), _count(r.get("n")), _num(r.get("original_em")),
            _pm(r.get("em_mean"), r.get("em_std"), k), _num(r.get("original_f1")),
            _pm(r.get("f1_mean"), r.get("f1_std"), k), _count(r.get("paired_examples")), _ci(r),
            _num(r.get("right_to_wrong_pct")), _num(r.get("flip_wrong_entity_pct")),
        ])
    return _table(head, lines)


def _squad2_table(rows: Sequence[dict[str, Any]]) -> list[str]:
    head = ["Model", "Entity", "Perturbation", "Seeds", "n HasAns / NoAns", "HasAns F1 orig", "HasAns F1",
            "HasAns ΔF1 paired [95% CI]", "NoAns F1 orig", "NoAns F1", "NoAns ΔF1 paired [95% CI]",
            "right→wrong %"]
    lines = []
    for r in rows:
        k = len(r.get("configs", [])) or 1
        lines.append([
            *_common_cells(r), f"{_count(r.get('HasAns_n', 0))} / {_count(r.get('NoAns_n', 0))}",
            _num(r.get("original_HasAns_f1")), _pm(r.get("HasAns_f1_mean"), r.get("HasAns_f1_std"), k),
            _ci(r, "HasAns_f1"), _num(r.get("original_NoAns_f1")),
            _pm(r.get("NoAns_f1_mean"), r.get("NoAns_f1_std"), k), _ci(r, "NoAns_f1"),
            _num(r.get("right_to_wrong_pct")),
        ])
    return _table(head, lines)


def splits_answerability(rows: Sequence[dict[str, Any]]) -> bool:
    """Whether the rows are SQuAD 2.0 rows (answerable and unanswerable questions scored apart)."""
    return any("HasAns_n" in r or "NoAns_n" in r for r in rows)


def to_markdown(rows: Sequence[dict[str, Any]]) -> str:
    """One Markdown table per dataset (SQuAD 2.0: HasAns and NoAns apart), then a note on the columns."""
    parts = []
    for dataset in sorted({r["dataset"] for r in rows}):
        subset = [r for r in rows if r["dataset"] == dataset]
        squad2 = splits_answerability(subset)
        kind = "SQuAD 2.0: answerable and unanswerable questions apart" if squad2 else "MRQA"
        table = _squad2_table(subset) if squad2 else _mrqa_table(subset)
        parts.append(f"### {md_cell(dataset)} ({kind})\n\n" + "\n".join(table) + "\n")
    note = MARKDOWN_NOTE + (LIMIT_NOTE if any(r.get("limit") is not None for r in rows) else "")
    return "\n".join(parts) + "\n" + note


def _csv_value(col: str, value: Any) -> Any:
    if col == "seeds":
        return ";".join(str(s) for s in value or [] if s is not None)
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if col in COUNT_COLUMNS:
        return _count(value)
    return f"{value:.4f}" if isinstance(value, float) else value


def to_csv(rows: Sequence[dict[str, Any]]) -> str:
    """All columns of :data:`CSV_COLUMNS`; empty cells for missing values, seeds joined by ``;``, counts
    as integers when whole."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow({col: _csv_value(col, r.get(col)) for col in CSV_COLUMNS})
    return buf.getvalue()


def write_leaderboard(
    results: Sequence[dict[str, Any]], out: Path, *, plots: bool = False, sources: Sequence[str] | None = None
) -> list[Path]:
    """Write ``leaderboard.md`` / ``leaderboard.csv`` (and plots) under ``out``; returns the paths."""
    rows = merge_rows(results, sources)
    out.mkdir(parents=True, exist_ok=True)
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
        sources = [str(p) for p in args.results]
        written = write_leaderboard(results, args.out, plots=args.plots, sources=sources)
    except (OSError, ValueError, MissingExtra) as err:
        print(f"leaderboard: error: {err}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
