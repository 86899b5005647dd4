"""Report files of an ICL run: markdown tables, PNG plots (matplotlib, Agg backend) and predictions.

* ``report.md``: setup, the original prompts' score, per-name-set summary, best/worst names selected
  on validation with their test scores, and the Maj@k result;
* ``per_name_accuracy.png``: every name's test EM with its bootstrap interval, sorted, the original
  prompts' EM as a line; ``best_worst.png``: validation vs test EM delta of the best/worst names.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from ..evaluation.plots import save_figure  # noqa: E402
from ..evaluation.results import clean  # noqa: E402
from .experiment import Record  # noqa: E402


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return "n/a" if not math.isfinite(value) else f"{value:.1f}"
    return str(value)


def markdown_table(rows: list[dict], columns: list[tuple[str, str]]) -> str:
    """A pipe table of ``rows`` with ``(key, header)`` columns."""
    head = "| " + " | ".join(h for _, h in columns) + " |"
    rule = "|" + "|".join("---" for _ in columns) + "|"
    body = ["| " + " | ".join(_fmt(r.get(k, "")) for k, _ in columns) + " |" for r in rows]
    return "\n".join([head, rule, *body])


NAME_COLUMNS = [
    ("name", "name"),
    ("gender", "gender"),
    ("val_n", "val n"),
    ("val_em", "val EM"),
    ("val_delta_em", "val ΔEM"),
    ("test_n", "test n"),
    ("test_em", "test EM"),
    ("test_em_ci", "test EM 95% CI"),
    ("test_delta_em", "test ΔEM"),
]


def selection_rows(selected: list[dict], test_rows: dict[str, dict]) -> list[dict]:
    """Validation rows of selected names joined with their test rows (for the tables)."""
    out = []
    for r in selected:
        t = test_rows.get(r["name"], {})
        out.append(
            {
                "name": r["name"],
                "gender": r["gender"],
                "val_n": r["n"],
                "val_em": r["em"],
                "val_delta_em": r["delta_em"],
                "test_n": t.get("n", 0),
                "test_em": t.get("em", float("nan")),
                "test_em_ci": f"{_fmt(t.get('em_ci_low', math.nan))}–{_fmt(t.get('em_ci_high', math.nan))}",
                "test_delta_em": t.get("delta_em", float("nan")),
            }
        )
    return out


def write_markdown(path: Path, summary: dict) -> Path:
    """``report.md`` from the results summary written by the CLI."""
    s = summary
    lines = [
        f"# In-context learning with entity replacement: {s['model']['name']}",
        "",
        f"Setting `{s['setting']}`, k = {s['k']} demonstrations, seed {s['seed']}, name bank "
        f"`{s['names']['bank']}` ({s['names']['sets']} sets × {s['names']['per_set']} names, "
        f"{s['names']['unique']} unique), {s['queries']['total']} queries "
        f"({s['queries']['validation']} validation / {s['queries']['test']} test).",
        "",
        f"Original prompts: EM {_fmt(s['original']['em'])}, F1 {_fmt(s['original']['f1'])} (all queries).",
        "",
    ]
    if s.get("name_sets"):
        lines += ["## Name sets (test split)", ""]
        lines.append(
            markdown_table(
                s["name_sets"],
                [
                    ("set", "set"),
                    ("names", "names"),
                    ("em_mean", "mean EM"),
                    ("em_std", "std EM"),
                    ("delta_em_mean", "mean ΔEM"),
                ],
            )
        )
        lines.append("")
    for key, title in (("best", "Best names"), ("worst", "Worst names")):
        if s.get(key):
            lines += [f"## {title} (selected on validation, re-checked on test)", ""]
            lines.append(markdown_table(s[key], NAME_COLUMNS))
            lines.append("")
    if s.get("maj_at_k"):
        m = s["maj_at_k"]
        lines += [
            f"## Maj@{m['k']} (test split)",
            "",
            f"Majority vote over the {m['k']} best validation names on {m['n']} test queries: "
            f"EM {_fmt(m['em'])}, F1 {_fmt(m['f1'])}; original prompts on the same queries: "
            f"EM {_fmt(m['original_em'])}, F1 {_fmt(m['original_f1'])}; "
            f"{m['queries_without_votes']} queries had no applicable name.",
            "",
        ]
    if s.get("skipped"):
        lines += [
            f"{s['skipped']} (name, query) pairs were skipped (gender or renaming constraints); "
            "see `skipped.jsonl`.",
            "",
        ]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def plot_per_name(rows: list[dict], original_em: float, path: Path, title: str) -> Path:
    """Sorted per-name EM with bootstrap intervals; the original prompts' EM as a dashed line."""
    rows = sorted(rows, key=lambda r: (r["em"], r["name"]))
    fig, ax = plt.subplots(figsize=(max(6.0, 0.02 * len(rows) + 5), 4))
    xs = list(range(len(rows)))
    ems = [r["em"] for r in rows]
    low = [max(0.0, r["em"] - r["em_ci_low"]) for r in rows]
    high = [max(0.0, r["em_ci_high"] - r["em"]) for r in rows]
    colors = ["tab:red" if r["gender"] == "female" else "tab:blue" for r in rows]
    ax.errorbar(xs, ems, yerr=[low, high], fmt="none", ecolor="lightgray", elinewidth=0.8)
    ax.scatter(xs, ems, c=colors, s=8)
    ax.axhline(original_em, linestyle="--", color="black", linewidth=1, label="original prompts")
    ax.set_xlabel("names (sorted by EM; red female, blue male)")
    ax.set_ylabel("EM (%)")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return save_figure(fig, path)


def plot_best_worst(rows: list[dict], path: Path, title: str) -> Path:
    """Validation vs test EM delta of the selected best (green) and worst (red) names."""
    fig, ax = plt.subplots(figsize=(max(6.0, 0.5 * len(rows) + 2), 4))
    width = 0.4
    xs = list(range(len(rows)))
    ax.bar([x - width / 2 for x in xs], [r["val_delta_em"] for r in rows], width, label="validation")
    test = [r["test_delta_em"] if math.isfinite(r["test_delta_em"]) else 0.0 for r in rows]
    ax.bar([x + width / 2 for x in xs], test, width, label="test")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(xs)
    ax.set_xticklabels([r["name"] for r in rows], rotation=60, fontsize=7)
    ax.set_ylabel("ΔEM vs original (points)")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return save_figure(fig, path)


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(clean(r), ensure_ascii=False, allow_nan=False) + "\n" for r in rows)
    path.write_text(text, encoding="utf-8")
    return path


def record_rows(records: list[Record], splits: dict[str, str]) -> list[dict]:
    """Prediction lines, sorted by name then query id (deterministic)."""
    rows = [dict(r.__dict__, split=splits.get(r.query_id, "")) for r in records]
    return sorted(rows, key=lambda r: (r["name"], r["query_id"]))
