"""``evaluate-benchmark``: run extractive QA models over released configs and report robustness.

For each model (loaded once), every selected config is answered and scored; with ``--predictions``,
answers produced elsewhere are read from files (:mod:`.predictions`) and scored the same way. The run
writes under ``OUT/<model>/``: ``predictions/<config>.jsonl``, ``results.json`` (model, revision, release
version, code version, dtype, hardware, date, official metrics per config, robustness rows with std
over seeds), and under ``OUT/``: ``leaderboard.md``, ``leaderboard.csv`` and ``plots/*.png`` over
all models of the run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm.auto import tqdm

from ..cli import add_version, print_written
from ..extras import MissingExtra, require
from ..io.formats import get_format
from .leaderboard import write_leaderboard
from .predictions import Prediction, config_predictions, read_predictions
from .release import ConfigData, Release, ReleaseError, load_config, open_release
from .results import hardware, model_slug, results_document, write_json, write_predictions
from .robustness import ConfigScores, score_config

if TYPE_CHECKING:
    from .inference import QAPredictor

DTYPE_NAMES = ("bf16", "fp16", "fp32")


EPILOG = """\
examples:
  evaluate-benchmark --model deepset/roberta-base-squad2 --release release/1.0.0 --configs 'squad-*' \\
      --out results/                     # every squad config of a local release; GPU when available
  evaluate-benchmark --model distilbert-base-cased-distilled-squad --release demo_out --limit 50 \\
      --out smoke/                       # a build-benchmark --out folder; a smoke run, not for reporting
  evaluate-benchmark --model m1 --model m2 --release ORG/entity-renamed-mrqa --release-revision v1.0.0 \\
      --out results/                     # the hub copy, two models
  leaderboard results/results.json --out leaderboard/ --plots

Writes OUT/results.json (per config: EM/F1, n; per dataset x entity type x perturbation: original score,
mean ± std over seeds, paired deltas), OUT/predictions/<config>.jsonl and, unless --no-plots, PNG plots.
"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="evaluate-benchmark",
        description="Evaluate extractive QA models (AutoModelForQuestionAnswering) on the configs of an "
        "entity-renamed release, or score existing predictions of any system (--predictions): official "
        "SQuAD 2.0 / MRQA scores per config, and per dataset x "
        "entity type x perturbation the original score, mean ± std over seeds, the drop, "
        "right→wrong flips and the wrong-entity / wrong-boundary error split.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--model",
        action="append",
        help="model id on the hub or local folder; repeat for several models",
    )
    what.add_argument(
        "--predictions",
        type=Path,
        metavar="FILE_OR_DIR",
        help="score existing predictions instead of running a model (no torch needed): a folder of "
        "<config>.json files, each {id: answer} as the official SQuAD 2.0 / MRQA scripts take (\"\" = no "
        "answer; optional <config>.na_prob.json beside it), or one JSON file {config: {id: answer}}",
    )
    p.add_argument("--revision", help="model revision (branch, tag or commit) for hub models")
    p.add_argument(
        "--release",
        required=True,
        help="what to evaluate: a release folder (build-benchmark --release: release/1.0.0 or "
        "release/1.0.0/entity-renamed-mrqa), a build-benchmark --out folder, or a hub dataset repo id",
    )
    p.add_argument("--release-revision", help="revision of a hub release")
    p.add_argument(
        "--configs",
        action="append",
        metavar="PATTERN",
        help="glob over config names (e.g. 'squad-per-*'); repeatable; default all",
    )
    p.add_argument("--split", help="split to evaluate (default: validation, else the config's first split)")
    p.add_argument(
        "--limit",
        type=int,
        metavar="N",
        help="evaluate only the first N examples of each config (a smoke run; not for reporting)",
    )
    p.add_argument(
        "--batch-size",
        type=int,
        default=None,
        help="tokens per forward pass, in full windows (--max-length tokens each; shorter windows make "
        "larger batches); default 256 on cuda (fastest for bert-base on an H200), 8 on cpu",
    )
    p.add_argument(
        "--dtype",
        choices=DTYPE_NAMES,
        default=None,
        help="weights/activations dtype (default bf16 on cuda, fp32 on cpu)",
    )
    p.add_argument("--device", default=None, help="cuda, cuda:N or cpu (default cuda when available)")
    p.add_argument("--max-length", type=int, default=384, help="window length in tokens (default 384)")
    p.add_argument("--stride", type=int, default=128, help="overlap between windows in tokens (default 128)")
    p.add_argument("--n-best", type=int, default=20, help="start/end candidates per window (default 20)")
    p.add_argument("--max-answer-length", type=int, default=30, help="longest answer in tokens (default 30)")
    p.add_argument(
        "--null-threshold",
        type=float,
        default=0.0,
        help="SQuAD 2.0: answer '' when null score − best span score exceeds this (default 0)",
    )
    p.add_argument("--attn-implementation", default="sdpa", help="attention kernel (default sdpa)")
    p.add_argument(
        "--name",
        help="with --predictions, the model name in results and leaderboard (default: the file or folder "
        "name)",
    )
    p.add_argument(
        "--na-probs",
        type=Path,
        metavar="FILE",
        help="with --predictions FILE, SQuAD 2.0 no-answer probabilities {config: {id: p}} "
        "(evaluate-v2.0.py's --na-prob-file, keyed by config)",
    )
    p.add_argument(
        "--na-prob-thresh",
        type=float,
        default=1.0,
        help="--predictions: an answer whose na_prob exceeds this counts as no answer (default 1.0, as "
        "evaluate-v2.0.py)",
    )
    p.add_argument("--offline", action="store_true", help="never download (models and release must be local)")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    p.add_argument("--out", type=Path, required=True, help="results folder")
    add_version(p)
    return p


def display_name(model_id: str) -> str:
    """Hub ids as given; a local model folder by its folder name."""
    path = Path(model_id)
    return path.resolve().name if path.is_dir() else model_id


def evaluate_model(
    predictor: QAPredictor,
    release: Release,
    configs: Sequence[Any],
    *,
    split: str | None,
    batch_size: int,
    out: Path,
    limit: int | None = None,
    progress: bool = True,
) -> list[ConfigScores]:
    """Answer and score every config with one loaded model; writes ``predictions/<config>.jsonl``."""
    scored = []
    for config in configs:
        data: ConfigData = load_config(config, split, limit)
        if not data.examples:
            print(f"{config.name}: no examples (an empty config); nothing to evaluate", file=sys.stderr)
            continue
        with tqdm(total=0, desc=config.name, unit="win", disable=not progress) as bar:
            allow_null = get_format(data.source_format).allows_null
            preds = predictor.predict(data.examples, allow_null=allow_null, batch_size=batch_size,
                                      progress=bar)
        scored.append(_score(data, preds, predictor.settings.null_threshold, out))
    return scored


def _score(data: ConfigData, preds: dict[str, Prediction], null_threshold: float, out: Path) -> ConfigScores:
    """Score one config's predictions (model or file alike) and write ``predictions/<config>.jsonl``."""
    scores = score_config(data, preds, null_threshold=null_threshold)
    scores.metrics["split"], scores.metrics["sha256"] = data.split, data.sha256
    write_predictions(out / "predictions" / f"{data.config.name}.jsonl", scores, preds)
    return scores


def score_prediction_files(args: argparse.Namespace, release: Release, configs: Sequence[Any],
                           out: Path) -> list[ConfigScores]:
    """Score the predictions read from ``--predictions`` (and ``--na-probs``) for every selected config."""
    answers, probs = read_predictions(args.predictions, list(configs), args.na_probs)
    missing = [c.name for c in configs if c.name not in answers]
    if missing and args.configs:
        raise ReleaseError(f"{args.predictions}: no predictions for {len(missing)} selected config(s): "
                           f"{', '.join(missing[:5])}")
    if missing:
        print(f"evaluate-benchmark: note: {args.predictions} has no predictions for {len(missing)} of "
              f"{len(configs)} configs (e.g. {missing[0]}); they are not scored", file=sys.stderr)
    scored = []
    for config in configs:
        if config.name not in answers:
            continue
        data = load_config(config, args.split, args.limit)
        if not data.examples:
            continue
        where = f"{args.predictions}: {config.name}"
        preds = config_predictions(answers[config.name], probs.get(config.name),
                                   [ex.id for ex in data.examples], where, args.na_prob_thresh)
        scored.append(_score(data, preds, args.na_prob_thresh, out))
    return scored


def results_json(name: str, model: dict[str, Any], args: argparse.Namespace, release: Release,
                 scored: list[ConfigScores], *, hardware_info: dict[str, Any] | None,
                 settings: dict[str, Any]) -> dict[str, Any]:
    """The results document of one model run or one predictions set (the leaderboard reads both)."""
    return results_document(
        {"name": name, **model},
        {"location": str(args.release), "revision": args.release_revision, "version": release.version},
        hardware_info, {**settings, "limit": args.limit}, scored,
    )


def run_predictions(args: argparse.Namespace) -> list[Path]:
    """``--predictions``: score files instead of running a model; the same outputs as a model run."""
    release = open_release(args.release, revision=args.release_revision, offline=args.offline)
    configs = release.select(args.configs)
    name = args.name or args.predictions.resolve().name.removesuffix(".json")
    model_out = args.out / model_slug(name)
    scored = score_prediction_files(args, release, configs, model_out)
    model = {"source": None, "predictions": str(args.predictions),
             "na_probs": str(args.na_probs) if args.na_probs else None}
    result = results_json(name, model, args, release, scored, hardware_info=None,
                          settings={"na_prob_thresh": args.na_prob_thresh})
    write_json(model_out / "results.json", result)
    return [model_out / "results.json", *write_leaderboard([result], args.out, plots=not args.no_plots)]


def run(args: argparse.Namespace) -> list[Path]:
    if args.predictions is not None:
        return run_predictions(args)
    if args.name or args.na_probs:
        raise ReleaseError("--name and --na-probs go with --predictions")
    require("eval", "evaluate-benchmark")
    from .inference import WindowSettings, device_and_dtype, load_model

    release = open_release(args.release, revision=args.release_revision, offline=args.offline)
    configs = release.select(args.configs)
    device, dtype = device_and_dtype(args.device, args.dtype)
    if args.batch_size is None:
        args.batch_size = 256 if device.startswith("cuda") else 8
    settings = WindowSettings(
        args.max_length, args.stride, args.n_best, args.max_answer_length, args.null_threshold
    )
    names = [display_name(m) for m in args.model]
    if len(set(names)) != len(names):
        raise ReleaseError(f"--model: two models share a display name ({', '.join(names)}); rename a folder")
    results, written = [], []
    for model_id in args.model:
        predictor = load_model(
            model_id,
            device=device,
            dtype=dtype,
            revision=args.revision,
            attn_implementation=args.attn_implementation,
            local_files_only=args.offline,
        )
        predictor.settings = settings
        name = display_name(model_id)
        model_out = args.out / model_slug(name)
        scored = evaluate_model(
            predictor,
            release,
            configs,
            split=args.split,
            batch_size=args.batch_size,
            out=model_out,
            limit=args.limit,
        )
        model = {
            "source": model_id,
            "revision": args.revision,
            "commit": getattr(predictor.model.config, "_commit_hash", None),
            "dtype": dtype,
            "attn_implementation": args.attn_implementation,
        }
        result = results_json(name, model, args, release, scored, hardware_info=hardware(device),
                              settings={**asdict(settings), "batch_size": args.batch_size})
        write_json(model_out / "results.json", result)
        written.append(model_out / "results.json")
        results.append(result)
        del predictor
    written += write_leaderboard(results, args.out, plots=not args.no_plots)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return print_written("evaluate-benchmark", lambda: run(args), (ReleaseError, MissingExtra, OSError))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
