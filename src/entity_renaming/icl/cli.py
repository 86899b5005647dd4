"""``icl-evaluate``: few-shot QA with entity replacement (Goodarzi et al. 2023) on any config."""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from ..cli import add_ner_cache, add_version, print_written
from ..evaluation.release import ReleaseError, load_config, open_release
from ..evaluation.results import code_version, hardware, write_json
from ..extras import MissingExtra, require
from ..io import InputError, read_examples
from ..lexicon import Lexicon
from ..model import QAExample
from ..namebank import BankError
from ..ner import NerCache, load_backend
from ..pipeline import DEFAULT_SPACY_MODEL, default_ner_cache_dir
from .analysis import maj_at_k, name_rows, rank
from .experiment import ORIGINAL, SETTINGS, Experiment, run_experiment
from .names import bootstrap_name_sets, name_pool, unique_names
from .prompts import PromptTemplate, select_demonstrations, split_ids
from .replacement import detect_subjects

DESCRIPTION = """\
In-context learning with entity replacement (Goodarzi et al. 2023). A causal LM or seq2seq model
(transformers) answers each query after k demonstrations; the subject PER entity (the full person
name in the gold answer) is replaced by names from a name bank in the demonstrations, the query or
both, with the span-based renaming engine and gender-preserving names when pronouns may refer to it.
Per name: EM/F1 with bootstrap intervals; best/worst names chosen on a validation split and
re-checked on the test split; Maj@k voting over the k best names. Writes results.json, report.md,
predictions.jsonl, skipped.jsonl and PNG plots to --out.
"""

EPILOG = """\
settings: none = original prompts only; demos = rename every demonstration's subject; query = rename
the query's subject; both = both. The original prompts are always run as the baseline.
examples:
  icl-evaluate --input dev.jsonl.gz --model gpt2 --k 4 --setting query --names-per-set 20 --out icl/
  icl-evaluate --release release/1.0.0 --config squad-per-original --model Qwen/Qwen2.5-0.5B --out icl/
"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="icl-evaluate",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--input", type=Path, help="MRQA (.jsonl/.jsonl.gz) or SQuAD 2.0 (.json) file")
    src.add_argument("--release", help="release folder (or hub dataset repo) holding --config")
    p.add_argument("--config", help="config name of --release (e.g. squad-per-original)")
    p.add_argument("--split", help="split of the release config (default validation, else the first)")
    p.add_argument("--model", required=True, help="hub id or local folder of a causal LM or seq2seq model")
    p.add_argument("--k", type=int, default=4, help="demonstrations per prompt (default 4)")
    p.add_argument(
        "--setting", choices=SETTINGS, default="query", help="where names are replaced (default query)"
    )
    p.add_argument(
        "--name-bank", default="tzioumis", help="PER name bank with gendered first names (default tzioumis)"
    )
    p.add_argument("--name-sets", type=int, default=3, help="bootstrap name sets (default 3)")
    p.add_argument(
        "--names-per-set", type=int, default=200, help="names per set, half female/half male (default 200)"
    )
    p.add_argument("--seed", type=int, default=0,
                   help="seed of demonstrations, name sets, splits, bootstrap (default 0)")
    p.add_argument("--max-queries", type=int, help="evaluate only the first N queries (input order)")
    p.add_argument("--validation-fraction", type=float, default=0.5,
                   help="share of queries for selecting best/worst names (default 0.5)")
    p.add_argument("--top", type=int, default=10, help="best and worst names reported (default 10)")
    p.add_argument("--maj-k", type=int, default=10, help="best names voting in Maj@k (default 10)")
    p.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples per name (default 1000)")
    p.add_argument(
        "--template",
        type=Path,
        help="TOML prompt template (keys: instruction, demonstration, "
        "query, no_answer; placeholders {title} {context} {question} {answer})",
    )
    p.add_argument("--device", help="cuda, cuda:N or cpu (default cuda when available)")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"), help="default bf16 on cuda, fp32 on cpu")
    p.add_argument("--batch-size", type=int, default=8, help="prompts per generate call (default 8)")
    p.add_argument("--max-new-tokens", type=int, default=16, help="generated tokens per answer (default 16)")
    p.add_argument("--no-prefix-cache", action="store_true", help="do not reuse the demonstrations' KV cache")
    add_ner_cache(p, "NER cache folder (default $XDG_CACHE_HOME/entity-renamed-mrqa, else "
                     "~/.cache/entity-renamed-mrqa: build-benchmark's)")
    p.add_argument("--spacy-model", default=DEFAULT_SPACY_MODEL,
                   help=f"spaCy model for NER (default {DEFAULT_SPACY_MODEL})")
    p.add_argument("--offline", action="store_true", help="never download models or releases")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.add_argument("--out", type=Path, required=True, help="output folder")
    add_version(p)
    return p


def load_examples(args: argparse.Namespace) -> tuple[str, list[QAExample]]:
    """The examples to prompt with, and a description of where they came from."""
    if args.input is not None:
        return str(args.input), read_examples(args.input)[1]
    if not args.config:
        raise ReleaseError("--release needs --config")
    release = open_release(args.release, offline=args.offline)
    matches = [c for c in release.configs if c.name == args.config]
    if not matches:
        raise ReleaseError(f"{args.release}: no config named {args.config!r}")
    data = load_config(matches[0], args.split)
    return f"{args.release}:{args.config}:{data.split}", data.examples


def _set_rows(sets: list, test_rows: dict[str, dict]) -> list[dict]:
    out = []
    for i, names in enumerate(sets):
        rows = [test_rows[n.text] for n in names if n.text in test_rows]
        ems = [r["em"] for r in rows]
        out.append(
            {
                "set": i,
                "names": len(rows),
                "em_mean": statistics.fmean(ems) if ems else float("nan"),
                "em_std": statistics.stdev(ems) if len(ems) > 1 else float("nan"),
                "delta_em_mean": statistics.fmean(r["delta_em"] for r in rows) if rows else float("nan"),
            }
        )
    return out


def run(args: argparse.Namespace) -> list[Path]:
    require("icl", "icl-evaluate")
    from ..evaluation.inference import device_and_dtype
    from .generation import Generator
    from .report import (
        plot_best_worst,
        plot_per_name,
        record_rows,
        selection_rows,
        write_jsonl,
        write_markdown,
    )

    source, examples = load_examples(args)
    template = PromptTemplate.from_file(args.template) if args.template else PromptTemplate()
    progress = not args.quiet
    cache_dir = args.ner_cache or default_ner_cache_dir()
    subjects = detect_subjects(
        examples,
        load_backend("spacy", args.spacy_model),
        cache=NerCache(Path(cache_dir) / "ner.sqlite"),
        lexicon=Lexicon(),
        progress=progress,
    )
    # Demonstrations come from subjects without pronoun constraints, in every setting, so that the
    # same seed gives the same demonstrations whichever setting is run and every name fits them.
    pool = [ex for ex in examples if ex.id in subjects and subjects[ex.id].gender is None]
    demos = select_demonstrations(pool, args.k, args.seed)
    demo_ids = {d.id for d in demos}
    queries = [ex for ex in examples if ex.id in subjects and ex.id not in demo_ids]
    if args.max_queries:
        queries = queries[: args.max_queries]
    if not queries:
        raise ValueError(f"{source}: no query with a subject PER entity besides the demonstrations")
    sets = bootstrap_name_sets(name_pool(args.name_bank), args.name_sets, args.names_per_set, args.seed)
    names = unique_names(sets)
    device, dtype = device_and_dtype(args.device, args.dtype)
    generator = Generator.load(
        args.model,
        device=device,
        dtype=dtype,
        local_files_only=args.offline,
        prefix_cache=not args.no_prefix_cache,
    )
    experiment = Experiment(template, demos, queries, subjects, args.setting)
    records, skipped = run_experiment(
        experiment,
        generator,
        names,
        batch_size=args.batch_size,
        max_new_tokens=args.max_new_tokens,
        progress=progress,
    )
    val_ids, test_ids = split_ids([q.id for q in queries], args.seed, args.validation_fraction)
    splits = {**dict.fromkeys(val_ids, "validation"), **dict.fromkeys(test_ids, "test")}
    all_rows = name_rows(records, set(splits), n_boot=args.bootstrap, seed=args.seed, split="all")
    val_rows = rank(
        name_rows(records, set(val_ids), n_boot=args.bootstrap, seed=args.seed, split="validation")
    )
    test_rows = {
        r["name"]: r
        for r in name_rows(records, set(test_ids), n_boot=args.bootstrap, seed=args.seed, split="test")
    }
    base = [r for r in records if r.name == ORIGINAL]
    n_top = min(args.top, len(val_rows) // 2) if len(val_rows) > 1 else len(val_rows)
    best = selection_rows(val_rows[:n_top], test_rows)
    worst = selection_rows(list(reversed(val_rows[len(val_rows) - n_top :])), test_rows) if n_top else []
    by_id = {q.id: q for q in queries}
    maj = None
    if val_rows and test_ids:
        maj = maj_at_k(records, [r["name"] for r in val_rows[: args.maj_k]], by_id, set(test_ids))
    out: Path = args.out
    summary = {
        "schema": "entity-renamed-mrqa/icl/v1",
        "model": {
            "name": Path(args.model).name if Path(args.model).is_dir() else args.model,
            "source": args.model,
            "dtype": dtype,
            "seq2seq": generator.is_seq2seq,
            "prefix_cache": generator.prefix_cache,
        },
        "input": source,
        "setting": args.setting,
        "k": args.k,
        "seed": args.seed,
        "template": template.__dict__,
        "demonstrations": sorted(demo_ids),
        "queries": {"total": len(queries), "validation": len(val_ids), "test": len(test_ids)},
        "names": {
            "bank": args.name_bank,
            "sets": args.name_sets,
            "per_set": args.names_per_set,
            "unique": len(names),
            "members": [[n.text for n in s] for s in sets],
        },
        "original": {
            "em": 100 * sum(r.em for r in base) / len(base),
            "f1": 100 * sum(r.f1 for r in base) / len(base),
            "n": len(base),
        },
        "name_sets": _set_rows(sets, test_rows),
        "best": best,
        "worst": worst,
        "maj_at_k": maj,
        "per_name": {"all": all_rows, "validation": val_rows, "test": list(test_rows.values())},
        "skipped": len(skipped),
        "generation": {"batch_size": args.batch_size, "max_new_tokens": args.max_new_tokens, "greedy": True},
        "code": code_version(),
        "hardware": hardware(device),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    written = [out / "results.json", out / "report.md", out / "predictions.jsonl", out / "skipped.jsonl"]
    write_json(written[0], summary)
    write_markdown(written[1], summary)
    write_jsonl(written[2], record_rows(records, splits))
    write_jsonl(written[3], sorted(skipped, key=lambda s: (s["name"], s["query_id"])))
    if not args.no_plots and all_rows:
        title = f"{summary['model']['name']} · {args.setting} · k={args.k}"
        written.append(
            plot_per_name(
                list(test_rows.values()) or all_rows,
                summary["original"]["em"],
                out / "per_name_accuracy.png",
                title,
            )
        )
        if best:
            written.append(plot_best_worst(best + worst, out / "best_worst.png", title))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return print_written("icl-evaluate", lambda: run(args),
                         (ReleaseError, InputError, BankError, MissingExtra, ValueError, OSError))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
