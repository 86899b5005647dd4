"""``build-benchmark`` release flags: build a versioned release, verify it, push it to the hub.

The lead's ``build-benchmark`` calls :func:`add_release_arguments` on its parser and
:func:`run_release` when ``--release``, ``--verify`` or ``--push`` is given.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..io.errors import InputError
from ..namebank import BankError
from ..ner.backend import NerModelError
from ..pipeline import DEFAULT_SPACY_MODEL
from ..writer import OutputError
from .builder import BuildOptions, build_release
from .definition import default_definition_path, load_definition, select
from .errors import ReleaseError
from .hub import plan_upload, push
from .sources import parse_source_overrides
from .verify import verify_release

RELEASE_EPILOG = """\
release examples:
  build-benchmark --release                                 # newest release/v*.yaml, sources from the hub
  build-benchmark --release release/v1.0.0.yaml --offline \\
      --source squad=mirror/SQuAD.jsonl.gz --source squad2=mirror/dev-v2.0.json ...
  build-benchmark --verify release/1.0.0/entity-renamed-mrqa
  build-benchmark --release --push --repo-id ORG/entity-renamed-mrqa --dry-run
"""


def add_release_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``release`` argument group to ``build-benchmark``'s parser."""
    g = parser.add_argument_group(
        "release", "build every config of a release definition (release/vX.Y.Z.yaml) as a hub-ready folder "
        "of parquet shards with a dataset card and a checksummed manifest; interrupted builds resume")
    g.add_argument("--release", nargs="?", const="", default=None, metavar="FILE",
                   help="build the release FILE defines (default: the newest release/v*.yaml)")
    g.add_argument("--release-out", type=Path, metavar="DIR",
                   help="release folder (default: release/<version>/<name>/)")
    g.add_argument("--source", action="append", metavar="NAME=PATH",
                   help="local copy of source NAME: an MRQA .jsonl(.gz) or SQuAD .json file, a folder "
                        "holding the file the definition names, or a folder laid out like the hub "
                        "repository; repeat")
    g.add_argument("--only", action="append", metavar="GROUP|SOURCE",
                   help="build part of the definition: the named groups (e.g. yan2022) and/or sources "
                        "(e.g. squad); repeat. The card says the build is partial")
    g.add_argument("--offline", action="store_true",
                   help="never download: every source must be given with --source")
    g.add_argument("--verify", type=Path, metavar="DIR",
                   help="re-check a built release (checksums, card YAML, config names, answer spans)")
    g.add_argument("--push", action="store_true", help="upload the release folder to the hub and tag it")
    g.add_argument("--repo-id", metavar="ORG/NAME",
                   help="hub dataset repo (default: repo_id of the definition)")
    g.add_argument("--private", action="store_true", help="create the hub repo as private")
    g.add_argument("--dry-run", action="store_true",
                   help="with --push: print what would be uploaded, send nothing")
    g.add_argument("--revision-tag", metavar="TAG", help="tag of the pushed commit (default: v<version>)")


def wants_release(args: argparse.Namespace) -> bool:
    """True when ``args`` ask for a release action (``--release``, ``--verify`` or ``--push``)."""
    return args.release is not None or args.verify is not None or args.push


def run_release(args: argparse.Namespace) -> int:
    """Run the release action ``args`` ask for; returns the exit status (errors → 2, failed verify → 1)."""
    try:
        if getattr(args, "only", None) and args.release is None:
            raise ReleaseError("--only selects what --release builds; give --release [FILE]")
        if args.verify is not None:
            problems = verify_release(args.verify, progress=not getattr(args, "no_progress", False))
            for problem in problems:
                print(f"verify: {problem}", file=sys.stderr)
            print(f"{args.verify}: " + (f"FAILED, {len(problems)} problems" if problems else "OK"))
            return 1 if problems else 0
        definition = select(load_definition(args.release or default_definition_path()),
                            getattr(args, "only", None))
        model = getattr(args, "spacy_model", definition.ner_model)
        if args.release is not None and model != definition.ner_model and model != DEFAULT_SPACY_MODEL:
            raise ReleaseError(f"--spacy-model {model}: a release's NER model is its definition's ner.model "
                               f"({definition.ner_model} in {definition.path}); edit that instead")
        out = args.release_out or Path("release") / definition.version / definition.name
        repo_id = args.repo_id or definition.repo_id
        if args.release is not None:
            opts = BuildOptions(
                sources=parse_source_overrides(args.source, list(definition.sources)), offline=args.offline,
                ner_cache_dir=getattr(args, "ner_cache", None), banks_root=getattr(args, "banks", None),
                repo_id=repo_id, progress=not getattr(args, "no_progress", False),
                workers=getattr(args, "workers", 1), ner_gpu=getattr(args, "spacy_gpu", False))
            manifest = build_release(definition, out, opts)
            total = sum(c["num_examples"] for c in manifest["configs"].values())
            print(f"{out}: release {definition.version}, {len(manifest['configs'])} configs, "
                  f"{total} examples")
        if args.push:
            if not repo_id:
                raise ReleaseError("--push needs --repo-id ORG/NAME (the definition has no repo_id)")
            plan = plan_upload(out, repo_id, tag=args.revision_tag, private=args.private,
                               progress=not getattr(args, "no_progress", False))
            print(plan.describe())
            if args.dry_run:
                print("dry run: nothing uploaded")
            else:
                print(f"pushed: {push(plan)}")
    except (ReleaseError, InputError, BankError, NerModelError, OutputError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (same flags as ``build-benchmark``'s release group)."""
    parser = argparse.ArgumentParser(prog="build-benchmark", description=__doc__, epilog=RELEASE_EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_release_arguments(parser)
    parser.add_argument("--ner-cache", type=Path, help="NER cache folder")
    parser.add_argument("--banks", type=Path, help="name-bank folder (default: the bundled name_banks/)")
    parser.add_argument("--workers", type=int, default=1, help="processes building configs in parallel")
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")
    args = parser.parse_args(argv)
    if not wants_release(args):
        parser.error("give --release [FILE], --verify DIR or --push")
    return run_release(args)


if __name__ == "__main__":
    sys.exit(main())
