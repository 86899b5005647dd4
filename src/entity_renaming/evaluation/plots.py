"""PNG figures of the robustness rows (matplotlib, Agg backend), modelled on Figure 3 of Yan et al. (2022).

* ``f1_<dataset>.png``: one panel per run (model; a ``--limit`` smoke run is a panel of its own, so named),
  shared 0–100 y-axis; in each, one group of bars per renamed entity type: the original config's F1 first,
  then each perturbation's mean F1 over seeds with error bars of ± 1 standard deviation over seeds.
* ``delta_f1_<dataset>.png``: the signed paired ΔF1 (renamed − original on the same examples, negative =
  worse after renaming), same panels and groups, with 95% bootstrap confidence intervals over examples.
* SQuAD 2.0 datasets: the same two figures for answerable questions (``HasAns``), and ``*_noans.png`` for
  unanswerable ones, never pooled.

A group holds only the perturbations that exist for its entity type (national-origin perturbations are
PER-only), each tick says its examples (``n``), and the footnote sits below the legend. Figures are sized
to print: 3.3 in wide (one column) for one small panel, else 6.8 in (two columns).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from .leaderboard import _order  # noqa: E402

ETYPE_ORDER = ("per", "org", "gpe", "mix", "entswap")
ETYPE_TITLES = {
    "per": "PER",
    "org": "ORG",
    "gpe": "GPE",
    "mix": "all types (mix)",
    "entswap": "EntSwap (6 categories)",
}
ORIGINAL_COLOUR = "#7f7f7f"
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", "#17becf")


SINGLE_COLUMN, DOUBLE_COLUMN = 3.3, 6.8  # inches, the printed widths of a paper's figure
GAP = 0.6  # space between two groups, in bar widths


def _panels(rows: Sequence[dict[str, Any]]) -> list[str]:
    perturbed = {r["entity_type"] for r in rows if r["perturbation"] != "original"}
    found = perturbed or {r["entity_type"] for r in rows}
    return sorted(found, key=lambda e: (ETYPE_ORDER.index(e) if e in ETYPE_ORDER else 99, e))


def _value(v: Any) -> float:
    return math.nan if v is None else float(v)


def save_figure(fig: Any, path: Path) -> Path:
    """Save ``fig`` as PNG (no software stamp, so reruns give the same bytes) and close it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=200, metadata={"Software": None}, bbox_inches="tight", pad_inches=0.03)
    plt.close(fig)
    return path


def _panel_rows(rows: Sequence[dict[str, Any]], etype: str, run: str) -> dict[str, dict[str, Any]]:
    """Perturbation → row of one run in one group; ``original`` is the config the others compare with."""
    mine = [r for r in rows if r["run"] == run]
    out = {
        r["perturbation"]: r for r in mine if r["entity_type"] == etype and r["perturbation"] != "original"
    }
    wanted = {r.get("original_config") for r in out.values()} - {None}
    for r in mine:
        if r["perturbation"] == "original" and (
            (r.get("configs") and r["configs"][0] in wanted) or (not wanted and r["entity_type"] == etype)
        ):
            out["original"] = r
    return out


def _n_label(values: Sequence[Any]) -> str:
    found = sorted({int(round(v)) for v in values if v is not None and not math.isnan(v)})
    if not found:
        return "n = –"
    return f"n = {found[0]}" if len(found) == 1 else f"n = {found[0]}–{found[-1]}"


def _legend_columns(entries: int, most: int) -> int:
    """Columns that fill the legend's rows evenly (8 entries in 2 rows of 4, not 6 + 2)."""
    rows = -(-entries // most) if entries else 1
    return max(1, -(-entries // rows))


def _grouped_bars(
    rows: Sequence[dict[str, Any]],
    *,
    title: str,
    ylabel: str,
    footnote: str,
    with_original: bool,
    value: Any,
    error: Any,
    count: Any,
    ylim: tuple[float, float] | None,
) -> Any:
    """One panel per run (shared y-axis); groups = entity types, each with only its own perturbations."""
    runs = sorted({r["run"] for r in rows})
    etypes = _panels(rows)
    cells = {(e, m): _panel_rows(rows, e, m) for e in etypes for m in runs}
    every = sorted({p for cell in cells.values() for p in cell}, key=_order)
    # one colour per perturbation, the same in every figure of a dataset
    colours = {
        p: ORIGINAL_COLOUR if p == "original" else COLOURS[i % len(COLOURS)] for i, p in enumerate(every)
    }
    perts = every if with_original else [p for p in every if p != "original"]
    # per entity type, the perturbations any run has for it: no empty slot for a PER-only perturbation
    def has_value(etype: str, pert: str) -> bool:
        return any(pert in cells[(etype, m)] and not math.isnan(value(cells[(etype, m)][pert])) for m in runs)

    members = {e: [p for p in perts if has_value(e, p)] for e in etypes}
    etypes = [e for e in etypes if members[e]] or etypes  # a group with nothing to show is left out
    starts, x = {}, 0.0
    for e in etypes:
        starts[e] = x
        x += max(len(members[e]), 1) + GAP
    bars = sum(max(len(members[e]), 1) for e in etypes)
    ncols = 1 if len(runs) == 1 else 2
    nrows = -(-len(runs) // ncols)
    width = SINGLE_COLUMN if ncols == 1 and bars <= 10 else DOUBLE_COLUMN
    fig, axes = plt.subplots(nrows, ncols, figsize=(width, 2.0 * nrows + 0.5), sharey=True, squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= len(runs):
            ax.set_visible(False)
            continue
        run = runs[k]
        for pert in perts:
            xs, heights, low, high = [], [], [], []
            for etype in etypes:
                row = cells[(etype, run)].get(pert)
                if row is None or pert not in members[etype]:
                    continue
                xs.append(starts[etype] + members[etype].index(pert) + 0.5)
                heights.append(value(row))
                lo, hi = error(row)
                low.append(lo)
                high.append(hi)
            if xs:
                ax.bar(xs, heights, 0.9, yerr=[low, high], capsize=1.5, color=colours[pert], label=pert,
                       error_kw={"elinewidth": 0.6, "ecolor": "black", "capthick": 0.6})
        ax.set_title(textwrap.fill(run, 48 if width == DOUBLE_COLUMN and ncols == 1 else 30,
                                   break_long_words=False), fontsize=8)
        ticks = [starts[e] + max(len(members[e]), 1) / 2 for e in etypes]
        labels = []
        for e in etypes:
            group = [cells[(e, run)].get(p) for p in members[e]]
            labels.append(f"{ETYPE_TITLES.get(e, e)}\n{_n_label([count(r) for r in group if r is not None])}")
        ax.set_xticks(ticks)
        ax.set_xticklabels(labels, fontsize=7)
        ax.tick_params(axis="y", labelsize=7)
        ax.set_xlim(-GAP / 2, x - GAP / 2)
        ax.grid(axis="y", linewidth=0.4, alpha=0.6)
        ax.set_axisbelow(True)
        if not with_original:
            ax.axhline(0.0, color="black", linewidth=0.6)
        if k % ncols == 0:
            ax.set_ylabel(ylabel, fontsize=7.5)
    if ylim is not None:
        axes.flat[0].set_ylim(*ylim)
    handles: dict[str, Any] = {}
    for ax in axes.flat:
        handles.update({lab: h for h, lab in zip(*ax.get_legend_handles_labels(), strict=True)})
    fig.suptitle(textwrap.fill(title, 55 if width == SINGLE_COLUMN else 110), fontsize=9)
    fig.tight_layout()
    shown = [p for p in perts if p in handles]
    legend = fig.legend(
        [handles[p] for p in shown],
        shown,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=_legend_columns(len(shown), 3 if width == SINGLE_COLUMN else 5),
        fontsize=7,
        frameon=False,
        handlelength=1.2,
        columnspacing=1.0,
    )
    fig.canvas.draw()  # the legend's size is known only once drawn: the footnote goes below it
    bottom = legend.get_window_extent().transformed(fig.transFigure.inverted()).y0
    note = textwrap.fill(footnote, 68 if width == SINGLE_COLUMN else 140)
    fig.text(0.5, bottom - 0.02, note, ha="center", va="top", fontsize=6.5)
    return fig


def _seed_std(metric: str) -> Any:
    def error(row: dict[str, Any]) -> tuple[float, float]:
        std = _value(row.get(f"{metric}_std")) if len(row.get("configs", [])) > 1 else math.nan
        return std, std  # NaN: no error bar (a single config has no spread over seeds)

    return error


def _ci(metric: str) -> Any:
    def error(row: dict[str, Any]) -> tuple[float, float]:
        mean = _value(row.get(f"paired_delta_{metric}_mean"))
        low = _value(row.get(f"paired_delta_{metric}_ci_low"))
        high = _value(row.get(f"paired_delta_{metric}_ci_high"))
        if math.isnan(low) or math.isnan(high):
            return 0.0, 0.0
        return max(mean - low, 0.0), max(high - mean, 0.0)

    return error


#: What a figure shows: (file suffix, metric key, subset, row key of its n, of its paired n).
SUBSETS = {
    "all": ("", "f1", "", "n", "paired_examples"),
    "HasAns": ("", "HasAns_f1", " (answerable questions)", "HasAns_n", "paired_HasAns_examples"),
    "NoAns": ("_noans", "NoAns_f1", " (unanswerable questions)", "NoAns_n", "paired_NoAns_examples"),
}


def f1_figure(rows: Sequence[dict[str, Any]], title: str, subset: str = "all") -> Any:
    """F1 of the original and every perturbation, per run (panels) and entity type (groups)."""
    _, metric, what, n_key, _ = SUBSETS[subset]
    seeds = sorted({len(r.get("configs", [])) for r in rows if r["perturbation"] != "original"})
    return _grouped_bars(
        rows,
        title=title,
        ylabel=f"F1 (%){what}",
        with_original=True,
        ylim=(0.0, 100.0),
        value=lambda r: _value(r.get(f"{metric}_mean")),
        error=_seed_std(metric),
        count=lambda r: _value(r.get(n_key)),
        footnote=f"Bars: mean F1{what} over seeds. Error bars: ± 1 standard deviation over "
        f"{'/'.join(map(str, seeds)) or 'the'} seeds (none for the original, which has no seed). "
        "Original: the unrenamed config each perturbation is compared with. "
        "n: questions per config (a range where configs differ).",
    )


def drops_figure(rows: Sequence[dict[str, Any]], title: str, subset: str = "all") -> Any:
    """Signed paired ΔF1 (renamed − original) per run (panels) and entity type (groups)."""
    _, metric, what, _, paired_key = SUBSETS[subset]
    rows = [
        r for r in rows if r["perturbation"] == "original" or r.get(f"paired_delta_{metric}_mean") is not None
    ]
    lows = [_value(r.get(f"paired_delta_{metric}_ci_low")) for r in rows]
    highs = [_value(r.get(f"paired_delta_{metric}_ci_high")) for r in rows]
    finite = [v for v in lows + highs if not math.isnan(v)] or [0.0]
    pad = 0.1 * (max(finite) - min(finite) or 1.0)
    return _grouped_bars(
        rows,
        title=title,
        ylabel="ΔF1 (renamed − original)",
        with_original=False,
        ylim=(min(min(finite), 0.0) - pad, max(max(finite), 0.0) + pad),
        value=lambda r: _value(r.get(f"paired_delta_{metric}_mean")),
        error=_ci(metric),
        count=lambda r: _value(r.get(paired_key)),
        footnote=f"Bars: F1{what} on renamed questions minus F1 on the same questions before renaming "
        "(paired by original_id), averaged over seeds per question, then over questions; below 0 = worse "
        "after renaming. Error bars: 95% percentile-bootstrap confidence interval over questions. "
        "n: paired questions (a range where perturbations differ).",
    )


def plot_all(rows: Sequence[dict[str, Any]], out: Path) -> list[Path]:
    """Both figures for every dataset in ``rows`` (SQuAD 2.0: answerable and unanswerable apart)."""
    from .leaderboard import splits_answerability

    written = []
    for dataset in sorted({r["dataset"] for r in rows}):
        subset = [r for r in rows if r["dataset"] == dataset]
        for part in ("HasAns", "NoAns") if splits_answerability(subset) else ("all",):
            suffix, metric, what, _, _ = SUBSETS[part]
            fig = f1_figure(subset, f"{dataset}: F1 before and after renaming{what}", part)
            written.append(save_figure(fig, out / f"f1_{dataset}{suffix}.png"))
            if any(r.get(f"paired_delta_{metric}_mean") is not None for r in subset):
                fig = drops_figure(subset, f"{dataset}: paired ΔF1 after renaming{what}", part)
                written.append(save_figure(fig, out / f"delta_f1_{dataset}{suffix}.png"))
    return written
