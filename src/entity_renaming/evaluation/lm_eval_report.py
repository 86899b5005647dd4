"""``lm-eval-report``: the package's robustness analysis of an lm-evaluation-harness run.

lm-eval scores each task alone; the paired tasks report the mean paired drop and its standard error.
This command reads the run's ``--log_samples`` files (``samples_entity_renamed_*.jsonl``: every
document with its generations, one per config for paired tasks), takes each generation's answer as the
tasks do, scores every config with the release's examples exactly as ``evaluate-benchmark`` does and
writes the same ``results.json`` (mean ± std over seeds, paired ΔF1 with its 95% bootstrap interval,
right→wrong flips, error split) plus ``leaderboard.md`` / ``.csv`` and, with ``--plots``, the plots.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..cli import add_version, print_written
from ..extras import MissingExtra, require
from ..icl.prompts import PromptTemplate, extract_answer
from .cli import display_name
from .leaderboard import write_leaderboard
from .release import ReleaseError, load_config, open_release
from .results import model_slug, results_document, write_json
from .robustness import ConfigScores, score_config

SAMPLES = "samples_entity_renamed_*.jsonl"


def read_samples(folder: Path) -> dict[str, dict[str, str]]:
    """config → example id → answer, from every samples file under ``folder`` (later files win)."""
    files = sorted(folder.rglob(SAMPLES), key=lambda p: (p.name.rsplit("_", 1)[-1], p.name))
    if not files:
        raise ReleaseError(f"{folder}: no {SAMPLES} files (run lm_eval with --output_path and --log_samples)")
    answers: dict[str, dict[str, str]] = {}
    template = PromptTemplate()
    for path in files:
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            try:
                sample = json.loads(line)
                doc, responses = sample["doc"], sample["filtered_resps"]
                docs = [doc, *doc.get("renamed", [])]
                if len(responses) != len(docs):
                    raise ValueError(f"{len(responses)} generations for {len(docs)} documents")
                for d, generation in zip(docs, responses, strict=True):
                    text = generation[0] if isinstance(generation, list) else generation
                    answers.setdefault(d["config"], {})[d["id"]] = extract_answer(text, template)
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as err:
                raise ReleaseError(f"{path}:{line_no}: not an entity_renamed lm-eval sample: {err}") from None
    return answers


def run_info(folder: Path) -> dict[str, Any]:
    """The latest ``results_*.json`` of the run: model, lm-eval version and settings."""
    files = sorted(folder.rglob("results_*.json"), key=lambda p: p.name)
    return json.loads(files[-1].read_text(encoding="utf-8")) if files else {}


def score_answers(release: Any, answers: dict[str, dict[str, str]]) -> list[ConfigScores]:
    """Score each config's answered examples (those lm-eval ran, e.g. under ``--limit``)."""
    from .inference import Prediction

    configs = {c.name: c for c in release.configs}
    missing = sorted(set(answers) - set(configs))
    if missing:
        raise ReleaseError(f"{release.root}: has no config {missing[0]} (of the lm-eval run)")
    scored = []
    for name in [c for c in configs if c in answers]:
        data = load_config(configs[name])
        data.examples = [ex for ex in data.examples if ex.id in answers[name]]
        preds = {i: Prediction(a, None, None, math.nan, 0.0, a) for i, a in answers[name].items()}
        scored.append(score_config(data, preds, null_threshold=0.0))
    return scored


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="lm-eval-report",
        description="Turn an lm-evaluation-harness run of a release's entity_renamed tasks (lm_eval "
        "--output_path DIR --log_samples) into this package's robustness results: official EM/F1 per "
        "config, mean ± std over seeds, paired ΔF1 with a 95%% bootstrap interval, right→wrong flips, "
        "results.json and leaderboard.md/.csv.",
        epilog="example: lm_eval --model hf --model_args pretrained=gpt2 --include_path "
        "release/1.0.0/entity-renamed-mrqa/lm_eval_tasks --tasks entity_renamed_squad_per --output_path "
        "lm_out --log_samples && lm-eval-report lm_out --release release/1.0.0 --out results/",
    )
    p.add_argument("samples", type=Path, help="lm_eval --output_path folder (or its model subfolder)")
    p.add_argument("--release", required=True, help="the release the tasks read (folder or hub repo id)")
    p.add_argument("--model", help="model name in the results (default: lm-eval's model_name)")
    p.add_argument("--offline", action="store_true", help="never download the release")
    p.add_argument("--plots", action="store_true", help="also draw the PNG plots under OUT/plots")
    p.add_argument("--out", type=Path, required=True, help="results folder")
    add_version(p)
    return p


def run(args: argparse.Namespace) -> list[Path]:
    require("eval", "lm-eval-report")
    answers = read_samples(args.samples)
    info = run_info(args.samples)
    release = open_release(args.release, offline=args.offline)
    scored = score_answers(release, answers)
    settings = info.get("config", {})
    name = args.model or display_name(info.get("model_name") or str(args.samples.resolve()))
    result = results_document(
        {"name": name, "source": f"lm-evaluation-harness {info.get('lm_eval_version', '')}".strip(),
         "revision": None, "commit": None, "dtype": None},
        {"location": str(args.release), "revision": None, "version": release.version},
        {"device": settings.get("device")},
        {"limit": settings.get("limit"), "lm_eval": settings, "n-shot": info.get("n-shot")},
        scored,
    )
    path = args.out / model_slug(name) / "results.json"
    write_json(path, result)
    return [path, *write_leaderboard([result], args.out, plots=args.plots)]


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return print_written("lm-eval-report", lambda: run(args), (ReleaseError, MissingExtra, OSError))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
