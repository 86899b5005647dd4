"""``evaluate-benchmark``: run extractive QA models over released configs and report robustness.

For each model (loaded once), every selected config is answered and scored; the run writes under
``OUT/<model>/``: ``predictions/<config>.jsonl``, ``results.json`` (model, revision, release
version, code version, dtype, hardware, date, official metrics per config, robustness rows with std
over seeds), and under ``OUT/``: ``leaderboard.md``, ``leaderboard.csv`` and ``plots/*.png`` over
all models of the run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm.auto import tqdm

from ..cli import add_version
from ..extras import MissingExtra, require
from ..io.formats import get_format
from .leaderboard import write_leaderboard
from .release import ConfigData, Release, ReleaseError, load_config, open_release
from .results import RESULTS_SCHEMA, code_version, hardware, model_slug, write_json, write_predictions
from .robustness import ConfigScores, robustness_rows, score_config

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
        "entity-renamed release: official SQuAD 2.0 / MRQA scores per config, and per dataset x "
        "entity type x perturbation the original score, mean ± std over seeds, the drop, "
        "right→wrong flips and the wrong-entity / wrong-boundary error split.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--model",
        action="append",
        required=True,
        help="model id on the hub or local folder; repeat for several models",
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
        "larger batches); default 256 on cuda (the fastest measured for bert-base on an H100), 8 on cpu",
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
            continue
        with tqdm(total=0, desc=config.name, unit="win", disable=not progress) as bar:
            allow_null = get_format(data.source_format).allows_null
            preds = predictor.predict(data.examples, allow_null=allow_null, batch_size=batch_size,
                                      progress=bar)
        scores = score_config(data, preds, null_threshold=predictor.settings.null_threshold)
        scores.metrics["split"], scores.metrics["sha256"] = data.split, data.sha256
        write_predictions(out / "predictions" / f"{config.name}.jsonl", scores, preds)
        scored.append(scores)
    return scored


def run(args: argparse.Namespace) -> list[Path]:
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
        result = {
            "schema": RESULTS_SCHEMA,
            "model": {
                "name": name,
                "source": model_id,
                "revision": args.revision,
                "commit": getattr(predictor.model.config, "_commit_hash", None),
                "dtype": dtype,
                "attn_implementation": args.attn_implementation,
            },
            "release": {
                "location": str(args.release),
                "revision": args.release_revision,
                "version": release.version,
            },
            "code": code_version(),
            "hardware": hardware(device),
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "settings": {**asdict(settings), "batch_size": args.batch_size, "limit": args.limit},
            "configs": {
                s.name: {"spec": s.spec, "metrics": s.metrics, "summary": s.summary()} for s in scored
            },
            "robustness": robustness_rows(name, scored),
        }
        write_json(model_out / "results.json", result)
        written.append(model_out / "results.json")
        results.append(result)
        del predictor
    written += write_leaderboard(results, args.out, plots=not args.no_plots)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        for path in run(args):
            print(path)
    except (ReleaseError, MissingExtra, OSError) as err:
        print(f"evaluate-benchmark: error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
