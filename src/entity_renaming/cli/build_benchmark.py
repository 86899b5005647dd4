"""``build-benchmark``: build entity-renamed configs of an extractive-QA dataset."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path

from ..checksums import build_inputs, examples_digest, fingerprint, sha256_file, tree_sha256
from ..configs import (
    ENTITY_TYPES,
    ENTSWAP_CATEGORIES,
    NAME_ORIGINS,
    PERTURBATIONS,
    ConfigResult,
    dataset_name,
    expand_specs,
)
from ..io import FORMATS, InputData, load_hub_input, read_input
from ..io.errors import InputError
from ..model import QAExample
from ..namebank import BankError, default_bank_root
from ..ner import NerBackend, load_backend
from ..pipeline import DEFAULT_SPACY_MODEL, build_configs
from ..release.cli import RELEASE_EPILOG, add_release_arguments, run_release, wants_release
from ..release.writer import BuildLayout, build_folder_card
from ..writer import ConfigEntry, Writer
from . import add_ner_cache, add_version, plain

#: CPUs this process may use, at most 4: configs are built (and written) in that many forked workers.
DEFAULT_WORKERS = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)

EPILOG = """\
examples:
  build-benchmark --demo --out demo_out
  build-benchmark --input SQuAD_dev.jsonl.gz --format mrqa --perturbation dbname --perturbation randstr \\
      --entity-types per,mix --seeds 0,1,2,3,4 --out out/
  build-benchmark --input dev-v2.0.json --format squad --dataset squad2 --out out/
  build-benchmark --input dev-v2.0.json --dataset squad2 --perturbation entswap --entswap-ablations \\
      --seeds 0,1,2 --out afrisquad2/            # AfriSQuAD2: afrisquad2-seed{k}, -wo-{category}-seed{k}

Output (DIR): one file per config in the input's format, named {dataset}-{etype}-{perturbation}-seed{k}
({dataset}-{perturbation}-seed{k} for mix, {dataset}[-{etype}]-original for the unperturbed subset),
{config}.renamings.jsonl.gz with every edit, {config}/validation-00000-of-00001.parquet (the release
columns, listed by README.md: load_dataset(DIR, CONFIG) reads them), skipped.jsonl (config, example id,
reason of each failed renaming), out-of-scope.jsonl.gz (examples with no perturbable entity, one list
per entity type; EntSwap: per passage group, the candidate names left out with category and rule ids)
and manifest.json (per config: files with sha256, counts, skip reasons, what it was
built with). Every input example of every config is emitted (renamed, answers re-checked against the
passage), failed or out of scope. Interrupted builds resume (Ctrl-C included); configs built with other
inputs, banks, NER model, package version or package code are rebuilt.

EntSwap (--perturbation entswap, Siro & Ajayi 2023) renames every person, country, city, location,
organisation and nationality of each article (title, question, passage, answers) with African names;
on SQuAD 2.0 (--dataset squad2) it writes afrisquad2-seed{k} and the paired squad2-original.
"""


def _csv(kind: str, allowed: Iterable[str] | None = None):
    def parse(value: str) -> list:
        items = [v.strip() for v in value.split(",") if v.strip()]
        if allowed is not None:
            bad = [v for v in items if v not in allowed]
            if bad:
                raise argparse.ArgumentTypeError(f"unknown {kind} {bad}; choose from {sorted(allowed)}")
        return items

    return parse


def _seeds(value: str) -> list[int]:
    try:
        return [int(v) for v in _csv("seed")(value)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seeds takes comma-separated integers, got {value!r}") from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="build-benchmark",
        description=plain(__doc__),
        epilog=EPILOG + "\n" + RELEASE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    src = p.add_argument_group("input")
    src.add_argument("--input", type=Path, help="MRQA .jsonl/.jsonl.gz or SQuAD 2.0 .json file")
    src.add_argument("--hub", metavar="REPO_ID",
                     help="load from the Hugging Face hub with `datasets` instead (rajpurkar/squad_v2, "
                     "mrqa-workshop/mrqa, or a local mirror folder of either)")
    src.add_argument("--hub-subset", help="MRQA source dataset to keep, e.g. SQuAD, TriviaQA-web")
    src.add_argument("--split", default="validation", help="hub split (default validation)")
    src.add_argument("--format", choices=sorted(FORMATS), help="input format (default: from the file name)")
    src.add_argument("--dataset", type=dataset_name,
                     help="dataset name used in config names (default: MRQA header / file stem)")
    src.add_argument("--demo", action="store_true", help="use the embedded demo sample (MRQA format)")
    what = p.add_argument_group("what to build")
    perturbations = (*PERTURBATIONS, *(f"dbname-{o}" for o in NAME_ORIGINS), ENTSWAP)
    what.add_argument(
        "--perturbation",
        action="append",
        choices=perturbations,
        metavar="P",
        help="original, indistname, dbname (US names), dbname-{french,indian,arabic,chinese,"
        "african} (PER names of that origin), randstr; entswap (all entities of six categories, "
        "African names); repeat the flag (default: the four of Yan et al.)",
    )
    what.add_argument(
        "--entswap-ablations",
        action="store_true",
        help="with entswap on SQuAD 2.0, also build the six leave-one-category-out configs "
        "afrisquad2-wo-{category}-seed{k}",
    )
    what.add_argument(
        "--entswap-without",
        action="append",
        choices=ENTSWAP_CATEGORIES,
        metavar="CATEGORY",
        help="with entswap on SQuAD 2.0, build only afrisquad2-wo-CATEGORY-seed{k} (repeatable), e.g. "
        "organization when the name bank has no organisation names",
    )
    what.add_argument(
        "--entity-types",
        type=_csv("entity type", ENTITY_TYPES),
        default=list(ENTITY_TYPES),
        help="comma-separated per,org,gpe,mix (mix renames all answer entities jointly; default all four)",
    )
    what.add_argument(
        "--seeds", type=_seeds, default=[0, 1, 2, 3, 4], help="comma-separated (default 0,1,2,3,4)"
    )
    how = p.add_argument_group("resources")
    how.add_argument(
        "--ner-backend",
        choices=("spacy", "stanza"),
        default="spacy",
        help="NER library (default spacy; stanza is EntSwap's choice and needs --stanza-resources)",
    )
    how.add_argument(
        "--stanza-resources",
        type=Path,
        help="prepared Stanza resources folder (default $STANZA_RESOURCES_DIR); never downloaded",
    )
    how.add_argument(
        "--spacy-model",
        default=DEFAULT_SPACY_MODEL,
        help=f"spaCy pipeline for NER: an installed package or a pipeline folder (default "
        f"{DEFAULT_SPACY_MODEL}, the official en_core_web_sm 3.8.0 from PyPI; e.g. en_core_web_trf after "
        "`python -m spacy download en_core_web_trf`: slower, more accurate). The model is part of the NER "
        "cache key and of every config's fingerprint: another model rebuilds",
    )
    how.add_argument(
        "--spacy-gpu",
        action="store_true",
        help="run spaCy NER on the GPU (needs CUDA and CuPy: pip install 'spacy[cuda12x]'); an error when "
        "spaCy cannot use one, never a silent CPU fallback. The device is part of the NER cache key and the "
        "fingerprint: GPU and CPU results are cached and built apart",
    )
    add_ner_cache(how, "NER cache folder (default $XDG_CACHE_HOME/entity-renamed-mrqa, else "
                       "~/.cache/entity-renamed-mrqa)")
    how.add_argument(
        "--workers",
        type=int,
        default=DEFAULT_WORKERS,
        help=f"processes building configs in parallel, each writing its own configs (default: the number of "
        f"CPUs up to 4, here {DEFAULT_WORKERS}); outputs do not depend on it",
    )
    how.add_argument("--banks", type=Path, help="name-bank folder (default: the bundled name_banks/)")
    p.add_argument("--out", type=Path, help="output folder")
    p.add_argument("--no-progress", action="store_true", help="hide progress bars")
    add_release_arguments(p)
    add_version(p)
    return p


ENTSWAP = "entswap"


def ner_backend(args: argparse.Namespace) -> NerBackend:
    """The NER backend the flags ask for (spaCy model or Stanza resources folder)."""
    if args.ner_backend == "stanza":
        return load_backend("stanza", str(args.stanza_resources) if args.stanza_resources else None)
    return load_backend("spacy", args.spacy_model, gpu=args.spacy_gpu)


def entswap_configs(
    examples: list[QAExample], dataset: str, args: argparse.Namespace, backend: NerBackend, taken: list[str]
) -> Iterable[ConfigResult]:
    """EntSwap configs for every seed (and ablation), plus ``squad2-original`` on SQuAD 2.0."""
    from ..entswap import CATEGORIES, ORIGINAL_CONFIG, build_entswap_configs, original_config
    from ..entswap.build import SQUAD2_NAMES

    if dataset.lower() in SQUAD2_NAMES:
        if ORIGINAL_CONFIG in taken:
            raise ValueError(f"{ORIGINAL_CONFIG} would be written twice (entswap's paired original and the "
                             "mix original of Yan et al.); build them into separate --out folders")
        yield original_config(examples)
    without: tuple[str | None, ...] = tuple(args.entswap_without or (None,))
    if args.entswap_ablations:
        without = tuple(dict.fromkeys((*without, *CATEGORIES)))
    yield from build_entswap_configs(
        examples, seeds=args.seeds, without=without, dataset_name=dataset, ner_backend=backend,
        ner_cache_dir=args.ner_cache, banks_root=args.banks, progress=not args.no_progress,
    )


def build(
    args: argparse.Namespace, data: InputData, source: str, source_sha: str, writer_out: Path,
    backend: NerBackend,
) -> Writer:
    """Build every config ``args`` ask for into ``writer_out`` through the one writer, with NER from
    ``backend``. Input examples rejected on reading are listed among the skips of every config."""
    meta, examples, fmt = data.meta, data.examples, data.format.name
    dataset = args.dataset or (examples[0].dataset if examples else Path(args.input or args.hub).stem)
    perturbations = args.perturbation or list(PERTURBATIONS)
    specs = expand_specs(dataset, args.entity_types, [p for p in perturbations if p != ENTSWAP], args.seeds)
    ner_print = backend.fingerprint()
    banks_sha = tree_sha256(args.banks or default_bank_root())
    compressed = str(args.input).endswith(".gz")
    header = {"input": {"file": source, "sha256": source_sha, "examples": data.total},
              "settings": {"perturbations": perturbations, "entity_types": args.entity_types,
                           "seeds": args.seeds, "ner": ner_print,
                           "entswap_ablations": args.entswap_ablations,
                           "entswap_without": args.entswap_without}}
    with Writer(writer_out, BuildLayout(fmt, meta, compressed), header) as writer:

        def inputs(builder: str, params: dict) -> dict:
            return {**build_inputs(input_sha256=source_sha, ner=ner_print, banks_sha256=banks_sha,
                                   builder=builder, params=params), "files": BuildLayout.files}

        def write(result: ConfigResult, built_with: dict) -> ConfigEntry:
            result.skipped[:0] = data.skips(result.name)
            return writer.write_files(result, fmt=fmt, built_with=built_with,
                                      fingerprint=fingerprint(built_with), num_input=data.total,
                                      originals=examples)

        def sink(result: ConfigResult) -> ConfigEntry:  # runs in the worker that built the config
            assert result.spec is not None
            return write(result, inputs("pipeline", result.spec.params()))

        names = [s.name for s in specs]
        todo = [s for s in specs if not writer.is_done(s.name, fingerprint(inputs("pipeline", s.params())))]
        if todo:
            for entry in build_configs(examples, todo, ner_cache_dir=args.ner_cache, ner_backend=backend,
                                       banks_root=args.banks, progress=not args.no_progress,
                                       workers=args.workers, sink=sink):
                writer.record(entry)
        if ENTSWAP in perturbations:
            for result in entswap_configs(examples, dataset, args, backend, names):
                names.append(result.name)
                built_with = inputs(ENTSWAP, {"config": result.name})
                if not writer.is_done(result.name, fingerprint(built_with)):
                    writer.record(write(result, built_with))
        card = build_folder_card([e for e in map(writer.entry, names) if e is not None], source)
        writer.finish(names, {"README.md": card})
    return writer


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if wants_release(args):
        return run_release(args)
    if args.out is None:
        parser().error("--out DIR is required")
    if args.demo:
        from ..demo import DEMO_PATH

        args.input, args.format = DEMO_PATH, "mrqa"
    if args.input is None and args.hub is None:
        parser().error("give --input FILE, --hub REPO_ID or --demo")
    if args.spacy_gpu and args.ner_backend != "spacy":
        parser().error("--spacy-gpu runs the spaCy backend on the GPU; it does not apply to --ner-backend "
                       f"{args.ner_backend}")
    try:
        backend = ner_backend(args)  # a missing model or GPU stops here, before any input is read
        if args.hub:
            data = load_hub_input(args.hub, args.split, subset=args.hub_subset)
            source = f"{args.hub}:{args.hub_subset or ''}:{args.split}"
            source_sha = examples_digest(data.examples)
        else:
            data = read_input(args.input, args.format, args.dataset)
            source, source_sha = Path(args.input).name, sha256_file(args.input)
        writer = build(args, data, source, source_sha, args.out, backend)
    except KeyboardInterrupt:
        print(f"\ninterrupted: finished configs are kept in {args.out}; run the same command again to resume",
              file=sys.stderr)
        return 130
    except (InputError, BankError, ValueError, FileNotFoundError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(writer.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
