"""PNG plots of the robustness rows (matplotlib, Agg backend).

* ``f1_<dataset>.png``: grouped bars like Figure 3 of Yan et al. (2022): one group per model ×
  entity type, one bar per perturbation (original first), mean F1 with the std over seeds;
* ``drops_<dataset>.png``: ΔF1 (perturbed − original) per entity type, one bar per perturbation,
  one panel per model.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from .leaderboard import _order  # noqa: E402

ETYPE_ORDER = ("per", "org", "gpe", "mix", "entswap")


def _etypes(rows: Sequence[dict[str, Any]]) -> list[str]:
    found = {r["entity_type"] for r in rows}
    return sorted(found, key=lambda e: (ETYPE_ORDER.index(e) if e in ETYPE_ORDER else 99, e))


def _perts(rows: Sequence[dict[str, Any]]) -> list[str]:
    return sorted({r["perturbation"] for r in rows}, key=_order)


def _value(v: Any) -> float:
    return float("nan") if v is None else float(v)


def save_figure(fig: Any, path: Path) -> Path:
    """Save ``fig`` as PNG (no software stamp, so reruns give the same bytes) and close it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=120, metadata={"Software": None})
    plt.close(fig)
    return path


def plot_f1_bars(rows: Sequence[dict[str, Any]], path: Path, title: str) -> Path:
    """Grouped bars: x = model × entity type, bars = perturbations, height = F1 (± std)."""
    models = sorted({r["model"] for r in rows})
    etypes, perts = _etypes(rows), _perts(rows)
    groups = [(m, e) for m in models for e in etypes]
    width = 0.8 / max(len(perts), 1)
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(groups) + 2), 4))
    for j, pert in enumerate(perts):
        heights, errs = [], []
        for m, e in groups:
            row = next(
                (r for r in rows if (r["model"], r["entity_type"], r["perturbation"]) == (m, e, pert)), None
            )
            heights.append(_value(row.get("f1_mean")) if row else math.nan)
            errs.append(_value(row.get("f1_std")) if row else 0.0)
        xs = [i + (j - (len(perts) - 1) / 2) * width for i in range(len(groups))]
        ax.bar(xs, heights, width, yerr=errs, capsize=2, label=pert)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{e}\n{m}" if len(models) > 1 else e for m, e in groups], fontsize=8)
    ax.set_ylabel("F1")
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=min(len(perts), 5))
    return save_figure(fig, path)


def plot_drops(rows: Sequence[dict[str, Any]], path: Path, title: str) -> Path:
    """ΔF1 per entity type (bars = perturbations), one panel per model."""
    rows = [r for r in rows if r.get("delta_f1") is not None and r["perturbation"] != "original"]
    models = sorted({r["model"] for r in rows}) or ["(none)"]
    etypes, perts = _etypes(rows), _perts(rows)
    width = 0.8 / max(len(perts), 1)
    fig, axes = plt.subplots(
        1, len(models), figsize=(max(5.0, 1.0 * len(etypes) + 2) * len(models), 4), squeeze=False
    )
    for ax, model in zip(axes[0], models, strict=True):
        for j, pert in enumerate(perts):
            heights, errs = [], []
            for e in etypes:
                row = next(
                    (
                        r
                        for r in rows
                        if (r["model"], r["entity_type"], r["perturbation"]) == (model, e, pert)
                    ),
                    None,
                )
                heights.append(_value(row.get("delta_f1")) if row else math.nan)
                errs.append(_value(row.get("f1_std")) if row else 0.0)
            xs = [i + (j - (len(perts) - 1) / 2) * width for i in range(len(etypes))]
            ax.bar(xs, heights, width, yerr=errs, capsize=2, label=pert)
        ax.axhline(0.0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(etypes)))
        ax.set_xticklabels(etypes)
        ax.set_ylabel("ΔF1 (perturbed − original)")
        ax.set_title(model, fontsize=9)
        if perts:
            ax.legend(fontsize=8)
    fig.suptitle(title)
    return save_figure(fig, path)


def plot_all(rows: Sequence[dict[str, Any]], out: Path) -> list[Path]:
    """Both plots for every dataset in ``rows``; returns the PNG paths."""
    written = []
    for dataset in sorted({r["dataset"] for r in rows}):
        subset = [r for r in rows if r["dataset"] == dataset]
        written.append(plot_f1_bars(subset, out / f"f1_{dataset}.png", f"{dataset}: F1 by perturbation"))
        written.append(plot_drops(subset, out / f"drops_{dataset}.png", f"{dataset}: F1 drop by entity type"))
    return written
