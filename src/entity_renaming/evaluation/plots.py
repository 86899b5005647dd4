"""PNG figures of the robustness rows (matplotlib, Agg backend), modelled on Figure 3 of Yan et al. (2022).

* ``f1_<dataset>.png``: one panel per entity type (shared 0–100 y-axis); in each, one group of bars per
  model: the original config's F1 first, then each perturbation's mean F1 over seeds with error bars of
  ± 1 standard deviation over seeds. An EntSwap panel shows the SQuAD 2.0 original it is compared with.
* ``delta_f1_<dataset>.png``: the signed paired ΔF1 (renamed − original on the same examples, negative =
  worse after renaming), same panels and groups, with 95% bootstrap confidence intervals over examples.

Every figure states in a footnote what its error bars are; legends sit below the panels, never on bars.
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


def _panels(rows: Sequence[dict[str, Any]]) -> list[str]:
    perturbed = {r["entity_type"] for r in rows if r["perturbation"] != "original"}
    found = perturbed or {r["entity_type"] for r in rows}
    return sorted(found, key=lambda e: (ETYPE_ORDER.index(e) if e in ETYPE_ORDER else 99, e))


def _value(v: Any) -> float:
    return math.nan if v is None else float(v)


def save_figure(fig: Any, path: Path) -> Path:
    """Save ``fig`` as PNG (no software stamp, so reruns give the same bytes) and close it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=150, metadata={"Software": None}, bbox_inches="tight")
    plt.close(fig)
    return path


def _panel_rows(rows: Sequence[dict[str, Any]], etype: str, model: str) -> dict[str, dict[str, Any]]:
    """Perturbation → row of one model in one panel; ``original`` is the config the others compare with."""
    mine = [r for r in rows if r["model"] == model]
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


def _grouped_bars(
    rows: Sequence[dict[str, Any]],
    path: Path,
    *,
    title: str,
    ylabel: str,
    footnote: str,
    with_original: bool,
    value: Any,
    error: Any,
    ylim: tuple[float, float] | None,
) -> Path:
    """One panel per model (shared y-axis); groups = entity types; bars = perturbations."""
    models = sorted({r["model"] for r in rows})
    etypes = _panels(rows)
    cells = {(e, m): _panel_rows(rows, e, m) for e in etypes for m in models}
    every = sorted({p for cell in cells.values() for p in cell}, key=_order)
    # one colour per perturbation, the same in every figure of a dataset
    colours = {
        p: ORIGINAL_COLOUR if p == "original" else COLOURS[i % len(COLOURS)] for i, p in enumerate(every)
    }
    perts = every if with_original else [p for p in every if p != "original"]
    width = 0.8 / max(len(perts), 1)
    ncols = min(len(models), 3)
    nrows = -(-len(models) // ncols)
    panel_width = max(2.8, 1.0 + len(etypes) * (0.35 + 0.22 * len(perts)))
    fig, axes = plt.subplots(
        nrows, ncols, figsize=(panel_width * ncols + 0.8, 2.9 * nrows + 0.9), sharey=True, squeeze=False
    )
    for k, ax in enumerate(axes.flat):
        if k >= len(models):
            ax.set_visible(False)
            continue
        model = models[k]
        for j, pert in enumerate(perts):
            xs, heights, low, high = [], [], [], []
            for i, etype in enumerate(etypes):
                row = cells[(etype, model)].get(pert)
                if row is None:
                    continue
                xs.append(i + (j - (len(perts) - 1) / 2) * width)
                heights.append(value(row))
                lo, hi = error(row)
                low.append(lo)
                high.append(hi)
            if xs:
                ax.bar(
                    xs,
                    heights,
                    width,
                    yerr=[low, high],
                    capsize=2,
                    color=colours[pert],
                    label=pert,
                    error_kw={"elinewidth": 0.8, "ecolor": "black"},
                )
        ax.set_title(textwrap.fill(model, int(panel_width * 10), break_long_words=False), fontsize=9)
        ax.set_xticks(range(len(etypes)))
        ax.set_xticklabels([ETYPE_TITLES.get(e, e) for e in etypes], fontsize=9)
        ax.set_xlim(-0.6, len(etypes) - 0.4)
        ax.grid(axis="y", linewidth=0.4, alpha=0.6)
        ax.set_axisbelow(True)
        if not with_original:
            ax.axhline(0.0, color="black", linewidth=0.8)
        if k % ncols == 0:
            ax.set_ylabel(ylabel, fontsize=9)
        ax.set_xlabel("renamed entity type", fontsize=8)
    if ylim is not None:
        axes.flat[0].set_ylim(*ylim)
    handles: dict[str, Any] = {}
    for ax in axes.flat:
        handles.update({lab: h for h, lab in zip(*ax.get_legend_handles_labels(), strict=True)})
    fig.suptitle(title, fontsize=11)
    shown = [p for p in perts if p in handles]
    fig.legend(
        [handles[p] for p in shown],
        shown,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=min(len(shown), 6),
        fontsize=8,
        frameon=False,
    )
    fig.tight_layout()
    fig.text(0.5, -0.07, footnote, ha="center", va="top", fontsize=7.5, wrap=True)
    return save_figure(fig, path)


def _seed_std(row: dict[str, Any]) -> tuple[float, float]:
    std = _value(row.get("f1_std")) if len(row.get("configs", [])) > 1 else math.nan
    return std, std  # NaN: no error bar (a single config has no spread over seeds)


def _ci(row: dict[str, Any]) -> tuple[float, float]:
    mean = _value(row.get("paired_delta_f1_mean"))
    low, high = _value(row.get("paired_delta_f1_ci_low")), _value(row.get("paired_delta_f1_ci_high"))
    if math.isnan(low) or math.isnan(high):
        return 0.0, 0.0
    return max(mean - low, 0.0), max(high - mean, 0.0)


def plot_f1_bars(rows: Sequence[dict[str, Any]], path: Path, title: str) -> Path:
    """F1 of the original and every perturbation, per entity type (panels) and model (groups)."""
    seeds = sorted({len(r.get("configs", [])) for r in rows if r["perturbation"] != "original"})
    return _grouped_bars(
        rows,
        path,
        title=title,
        ylabel="F1 (%)",
        with_original=True,
        ylim=(0.0, 100.0),
        value=lambda r: _value(r.get("f1_mean")),
        error=_seed_std,
        footnote="Bars: mean F1 over seeds. Error bars: ± 1 standard deviation over "
        f"{'/'.join(map(str, seeds)) or 'the'} seeds (none for the original, which has no seed). "
        "Original: the unrenamed config each perturbation is compared with.",
    )


def plot_drops(rows: Sequence[dict[str, Any]], path: Path, title: str) -> Path:
    """Signed paired ΔF1 (renamed − original) per entity type (panels) and model (groups)."""
    rows = [r for r in rows if r["perturbation"] == "original" or r.get("paired_delta_f1_mean") is not None]
    lows = [_value(r.get("paired_delta_f1_ci_low")) for r in rows]
    highs = [_value(r.get("paired_delta_f1_ci_high")) for r in rows]
    finite = [v for v in lows + highs if not math.isnan(v)] or [0.0]
    pad = 0.1 * (max(finite) - min(finite) or 1.0)
    return _grouped_bars(
        rows,
        path,
        title=title,
        ylabel="ΔF1 (F1 points, renamed − original)",
        with_original=False,
        ylim=(min(min(finite), 0.0) - pad, max(max(finite), 0.0) + pad),
        value=lambda r: _value(r.get("paired_delta_f1_mean")),
        error=_ci,
        footnote="Bars: F1 on renamed examples minus F1 on the same examples before renaming (paired by "
        "original_id), averaged over seeds per example, then over examples; below 0 = worse after renaming. "
        "Error bars: 95% percentile-bootstrap confidence interval over examples.",
    )


def plot_all(rows: Sequence[dict[str, Any]], out: Path) -> list[Path]:
    """Both figures for every dataset in ``rows``; returns the PNG paths."""
    written = []
    for dataset in sorted({r["dataset"] for r in rows}):
        subset = [r for r in rows if r["dataset"] == dataset]
        written.append(
            plot_f1_bars(subset, out / f"f1_{dataset}.png", f"{dataset}: F1 before and after renaming")
        )
        if any(r.get("paired_delta_f1_mean") is not None for r in subset):
            written.append(
                plot_drops(subset, out / f"delta_f1_{dataset}.png", f"{dataset}: ΔF1 after renaming (paired)")
            )
    return written
