"""``build-name-banks``: build name banks from their recipes (``builders/*.toml``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..cli import add_version
from ..extras import MissingExtra, require
from .recipes import RecipeError, default_recipe_dir, load_recipes
from .sources import Fetcher, SourceError, default_cache_dir


def parse_source(text: str) -> tuple[str, Path]:
    name, sep, path = text.partition("=")
    if not sep or not name or not path:
        raise argparse.ArgumentTypeError(f"--source expects NAME=PATH, got {text!r}")
    return name, Path(path)


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="build-name-banks",
        description="Build typed name banks (name_banks/<bank>/<span_type>.tsv + MANIFEST.json) from the "
                    "recipes in builders/. Online, official sources are downloaded (SSA, Census, Countries "
                    "States Cities, NLTK treebank) or queried (Wikidata SPARQL) into a checksum-verified "
                    "cache. With --offline nothing is downloaded: cached or --source files are used, and "
                    "sources not at hand fall back to the PyPI packages named in each recipe (labelled "
                    "'offline-pypi' in the manifest); with an empty cache and --source "
                    "masakhaner=DIR (MasakhaNER 2.0, for African organisations; CC BY-NC 4.0) this "
                    "reproduces the committed name_banks/ byte for byte.")
    parser.add_argument("--bank", action="append", metavar="NAME",
                        help="build only this bank (repeatable; default: every recipe)")
    parser.add_argument("--offline", action="store_true",
                        help="never use the network: use --source files, then cached downloads and cached "
                             "Wikidata results, then the recipe's PyPI fallback; fail clearly when a "
                             "source has none of these")
    parser.add_argument("--cache", type=Path, default=None, metavar="DIR",
                        help=f"download cache (default: $ENTITY_RENAMING_CACHE or {default_cache_dir()})")
    parser.add_argument("--source", action="append", type=parse_source, default=[], metavar="NAME=PATH",
                        help="use a local file for source NAME (e.g. ssa=names.zip, census=names.zip, "
                             "csc=countries+states+cities.json.gz, treebank=treebank.zip, "
                             "tzioumis=firstnames.xlsx, masakhaner=DIR holding <lang>/<split>.txt[.gz])")
    parser.add_argument("--recipes", type=Path, default=None, metavar="DIR",
                        help=f"recipe folder (default: {default_recipe_dir()})")
    parser.add_argument("--endpoint", default=None,
                        help="SPARQL endpoint for Wikidata recipes (default: each recipe's endpoint)")
    parser.add_argument("--timeout", type=float, default=60.0, help="network timeout in seconds (default 60)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="output folder, e.g. name_banks/")
    parser.add_argument("--cards", type=Path, default=None, metavar="DIR",
                        help="also write a markdown data card per bank here (e.g. cards/name_banks)")
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")
    add_version(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    try:
        require("banks", "build-name-banks")  # before importing the builders (SPARQLWrapper)
    except MissingExtra as err:
        print(f"build-name-banks: error: {err}", file=sys.stderr)
        return 2
    from .build import build_banks
    from .cards import write_cards

    try:
        recipes = load_recipes(args.recipes)
        if args.bank:
            unknown = sorted(set(args.bank) - set(recipes))
            if unknown:
                raise RecipeError(f"unknown bank(s) {unknown}; recipes exist for {sorted(recipes)}")
            recipes = {name: recipes[name] for name in args.bank}
        fetcher = Fetcher(args.cache, offline=args.offline, overrides=dict(args.source), timeout=args.timeout,
                          endpoint=args.endpoint)
        manifest = build_banks(recipes.values(), fetcher, args.out, progress=not args.no_progress)
        if args.cards:
            write_cards(recipes, json.loads(manifest.read_text(encoding="utf-8")), args.cards)
    except (RecipeError, SourceError) as err:
        print(f"build-name-banks: error: {err}", file=sys.stderr)
        return 2
    print(f"wrote {len(recipes)} bank(s) to {args.out} ({manifest.name})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
