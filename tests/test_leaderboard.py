"""``leaderboard``: results files are validated (errors name file and field), table cells are escaped,
``--limit`` smoke runs are labelled and never merged with full runs, counts print as integers, SQuAD 2.0
reports answerable and unanswerable questions apart, and the plots hold what they say (looked at, and
checked here: no empty slots, n on the ticks, the footnote below the legend)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from entity_renaming.configs import parse_config_name
from entity_renaming.evaluation import leaderboard
from entity_renaming.evaluation.plots import GAP, drops_figure, f1_figure
from entity_renaming.evaluation.predictions import Prediction
from entity_renaming.evaluation.release import ConfigData, ReleaseConfig
from entity_renaming.evaluation.results import RESULTS_SCHEMA, write_json
from entity_renaming.evaluation.robustness import robustness_rows, score_config
from entity_renaming.model import Answer, QAExample

CONTEXT = "Anna Berg met Carl Dorn in Oslo and then Erik Falk in Rome"
GOLDS = {"a": "Anna Berg", "b": "Carl Dorn", "c": "Oslo", "d": "Erik Falk", "n": None}


def example(ex_id: str, gold: str | None, fmt: str) -> QAExample:
    answers = [Answer(gold, [(CONTEXT.index(gold), CONTEXT.index(gold) + len(gold))])] if gold else []
    if fmt == "mrqa":
        return QAExample(ex_id, "squad", "mrqa", CONTEXT, "Who?", answers)
    return QAExample(ex_id, "squad_v2", "squad", CONTEXT, "Who?", answers, is_impossible=gold is None)


def scored(name: str, preds: dict[str, str], fmt: str):
    golds = {k: v for k, v in GOLDS.items() if v or fmt == "squad"}
    suffix = "" if name.endswith("original") else "-" + name.rsplit("-", 1)[-1]
    examples = [example(i + suffix, g, fmt) for i, g in golds.items()]
    data = ConfigData(ReleaseConfig(name, parse_config_name(name), {}), "validation", examples,
                      {i + suffix: i for i in golds})
    predictions = {i + suffix: Prediction(preds.get(i, ""), None, None, 0.0, -1.0, preds.get(i, "") or "Oslo")
                   for i in golds}
    return score_config(data, predictions)


def results(model: str, dataset: str = "squad", fmt: str = "mrqa", limit: int | None = None,
            perts: tuple[str, ...] = ("dbname",), etypes: tuple[str, ...] = ("per",)) -> dict:
    right = {k: v or "" for k, v in GOLDS.items()}
    configs = []
    for etype in etypes:
        configs.append(scored(f"{dataset}-{etype}-original", right, fmt))
        for pert in perts:
            for seed in (0, 1):
                configs.append(scored(f"{dataset}-{etype}-{pert}-seed{seed}", {**right, "a": "Oslo"}, fmt))
    return {"schema": RESULTS_SCHEMA, "model": {"name": model}, "settings": {"limit": limit},
            "robustness": robustness_rows(model, configs)}


def write(path: Path, data: dict) -> str:
    write_json(path, data)
    return str(path)


def md_rows(out: Path) -> list[str]:
    return [line for line in (out / "leaderboard.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith("| Model")]


def csv_rows(out: Path) -> list[dict[str, str]]:
    return list(csv.DictReader((out / "leaderboard.csv").open(encoding="utf-8")))


def broken(case: str) -> tuple[dict, str]:
    """A results object broken in one field, and the field the error must name."""
    data = results("m")
    if case == "row_not_object":
        data["robustness"] = [1]
        return data, "robustness[0]"
    if case == "model_string":
        data["model"] = "m"
        return data, "'model'"
    row = data["robustness"][1]
    if case == "no_dataset":
        del row["dataset"]
        return data, "robustness[1].dataset"
    if case == "no_model":
        del row["model"]
        return data, "robustness[1].model"
    if case == "f1_text":
        row["f1_mean"] = "high"
        return data, "robustness[1].f1_mean"
    if case == "seeds_text":
        row["seeds"] = "0,1"
        return data, "robustness[1].seeds"
    if case == "limit_text":
        data["settings"]["limit"] = "5"
        return data, "settings.limit"
    raise AssertionError(case)


@pytest.mark.parametrize(
    "case",
    ["row_not_object", "model_string", "no_dataset", "no_model", "f1_text", "seeds_text", "limit_text"],
)
def test_malformed_results_are_errors_naming_file_and_field(tmp_path, capsys, case):
    data, field = broken(case)
    path = write(tmp_path / "results.json", data)
    assert leaderboard.main([path, "--out", str(tmp_path / "lb")]) == 2
    err = capsys.readouterr().err
    assert path in err and field in err and "Traceback" not in err
    assert not (tmp_path / "lb").exists()


def test_deeply_nested_results_are_an_error(tmp_path, capsys):
    path = tmp_path / "results.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert leaderboard.main([str(path), "--out", str(tmp_path / "lb")]) == 2
    assert "nested too deeply" in capsys.readouterr().err


def test_cells_are_escaped(tmp_path):
    """A model name holding ``|``, a newline and HTML stays one cell of one row."""
    name = "evil | model\n| injected | row |\n<script>x</script>"
    out = tmp_path / "lb"
    assert leaderboard.main([write(tmp_path / "r.json", results(name)), "--out", str(out)]) == 0
    rows = md_rows(out)
    assert len(rows) == 2  # original and dbname
    for row in rows:
        cells = row.replace("\\|", "").split(" | ")
        assert len(cells) == 13 and "<script>" not in row
        assert cells[0] == "| evil  model  injected  row  &lt;script&gt;x&lt;/script&gt;"
    assert {r["model"] for r in csv_rows(out)} == {name}  # the CSV keeps the name itself (csv quoting)


def test_limited_runs_are_labelled_and_never_merged(tmp_path, capsys):
    full = write(tmp_path / "full.json", results("m"))
    smoke = write(tmp_path / "smoke.json", results("m", limit=2))
    out = tmp_path / "lb"
    assert leaderboard.main([full, smoke, "--out", str(out)]) == 0
    rows = md_rows(out)
    assert len(rows) == 4
    assert sum("m (smoke run: first 2 per config)" in r for r in rows) == 2
    assert "Smoke runs" in (out / "leaderboard.md").read_text(encoding="utf-8")
    assert sorted(r["limit"] for r in csv_rows(out)) == ["", "", "2", "2"]
    fig = f1_figure(leaderboard.merge_rows([results("m"), results("m", limit=2)]), "t")
    titles = [ax.get_title() for ax in fig.axes if ax.get_visible()]
    assert len(titles) == 2 and any("smoke run" in t for t in titles)
    # two full runs of one model: an error naming both files, never one silently overwriting the other
    again = write(tmp_path / "again.json", results("m"))
    assert leaderboard.main([full, again, "--out", str(tmp_path / "lb2")]) == 2
    err = capsys.readouterr().err
    assert "again.json" in err and "full.json" in err


def test_counts_are_integers_and_squad2_splits_answerability(tmp_path):
    out = tmp_path / "lb"
    squad2 = results("m", dataset="squad2", fmt="squad")
    assert leaderboard.main([write(tmp_path / "r.json", squad2), write(tmp_path / "q.json", results("m")),
                             "--out", str(out)]) == 0
    table = csv_rows(out)
    assert {r["n"] for r in table} == {"4", "5"}  # counts as integers, never 5.0000
    assert {r["paired_examples"] for r in table if r["perturbation"] == "dbname"} == {"4", "5"}
    md = (out / "leaderboard.md").read_text(encoding="utf-8")
    assert "### squad (MRQA)" in md and "### squad2 (SQuAD 2.0" in md
    assert "HasAns ΔF1 paired [95% CI]" in md and "NoAns ΔF1 paired [95% CI]" in md
    (squad2_row,) = [r for r in table if r["dataset"] == "squad2" and r["perturbation"] == "dbname"]
    assert (squad2_row["HasAns_n"], squad2_row["NoAns_n"]) == ("4", "1")
    assert float(squad2_row["paired_delta_HasAns_f1_mean"]) == pytest.approx(-25.0)  # a wrong in 1 of 4
    assert float(squad2_row["paired_delta_NoAns_f1_mean"]) == pytest.approx(0.0)
    assert leaderboard._count(4.5) == "4.5" and leaderboard._count(4.0) == "4"


def test_plot_groups_hold_only_their_perturbations_and_the_footnote_is_below_the_legend():
    origins = ("dbname", *(f"dbname-{o}" for o in ("french", "indian", "arabic", "chinese", "african")))
    per = results("m", perts=origins)
    org = results("m", perts=("dbname",), etypes=("org",))
    rows = leaderboard.merge_rows([{**per, "robustness": per["robustness"] + org["robustness"]}])
    for fig in (f1_figure(rows, "t"), drops_figure(rows, "t")):
        (ax,) = [a for a in fig.axes if a.get_visible()]
        xs = sorted(p.get_x() + p.get_width() / 2 for p in ax.patches)
        with_original = len(xs) == 1 + len(origins) + 1 + 1
        assert len(xs) == (1 + len(origins) + 1 + 1 if with_original else len(origins) + 1)
        gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
        # bars side by side, one gap (between PER and ORG): no empty slot for the PER-only perturbations
        assert sorted({round(g, 6) for g in gaps}) == [1.0, 1.0 + GAP] and sum(g > 1.01 for g in gaps) == 1
        labels = [t.get_text() for t in ax.get_xticklabels()]
        assert labels == ["PER\nn = 4", "ORG\nn = 4"]  # MRQA: the four answerable questions
        renderer = fig.canvas.get_renderer()
        legend = fig.legends[0].get_window_extent(renderer)
        (note,) = [t for t in fig.texts if t.get_text().startswith("Bars:")]
        assert note.get_window_extent(renderer).y1 <= legend.y0  # below the legend, not under it
        assert fig.get_size_inches()[0] in (3.3, 6.8)
