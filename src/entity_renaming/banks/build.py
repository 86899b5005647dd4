"""Run recipes, write ``name_banks/<bank>/<span_type>.tsv`` and ``name_banks/MANIFEST.json``.

Outputs depend only on the source bytes and the recipes: no build time, host or absolute path is
written, so the same sources give byte-identical banks and manifest.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..checksums import sha256_file
from ..namebank import write_bank_file
from .clean import BASE_FILTERS, WORD_FILTER, drop_common_words
from .context import BuildContext
from .recipes import Recipe, RecipeError
from .sources import Fetcher
from .sparql import TruncatedResultError

MANIFEST = "MANIFEST.json"
MANIFEST_FORMAT = "entity-renaming-name-banks/1"
#: Span types holding person names: the common-word filter applies to them.
PERSON_SPAN_TYPES = ("first-male", "first-female", "first-neutral", "last")
Builder = Callable[[BuildContext], dict[str, dict[str, int]]]


#: Builder name (a recipe's ``builder`` field) → ``module:function`` in this package.
BUILDERS = {
    "us": "us:build_us",
    "gazetteer": "gazetteer:build_gazetteer",
    "ptb": "ptb:build_ptb",
    "tzioumis": "tzioumis:build_tzioumis",
    "origin": "origins:build_origin",
}


def get_builder(name: str) -> Builder:
    module, _, func = BUILDERS[name].partition(":")
    return getattr(importlib.import_module(f"{__package__}.{module}"), func)


def build_bank(recipe: Recipe, fetcher: Fetcher, out: Path) -> dict[str, Any]:
    """Build one bank into ``out/<bank>/`` and return its manifest entry."""
    if recipe.builder not in BUILDERS:
        raise RecipeError(f"{recipe.path}: unknown builder {recipe.builder!r} (known: {sorted(BUILDERS)})")
    ctx = BuildContext(recipe, fetcher)
    tables = get_builder(recipe.builder)(ctx)
    persons = [t for t in tables if t in PERSON_SPAN_TYPES]
    if persons and recipe.params.get("word_filter", True):
        tables.update({t: drop_common_words(tables[t]) for t in persons})
    kinds = {p["kind"] for p in ctx.provenance}
    optional = set(recipe.params.get("offline_missing", ())) if kinds == {"offline-pypi"} else set()
    missing = [t for t in recipe.span_types if not tables.get(t) and t not in optional]
    if missing:
        cut = [q for p in ctx.provenance for q in p.get("failed_queries", ())]
        if cut:
            raise TruncatedResultError(
                f"bank {recipe.bank!r}: span types {missing} came out empty because the endpoint cut off "
                f"these SPARQL results even when split by gender: {', '.join(cut)}; retry later, or split "
                "the query files in sparql/ further")
        raise RecipeError(f"bank {recipe.bank!r}: span types {missing} came out empty")
    span_types = [t for t in recipe.span_types if tables.get(t)]
    folder = out / recipe.bank
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.tsv"):
        if stale.stem not in span_types:
            stale.unlink()
    files = {}
    for span_type in span_types:
        path = folder / f"{span_type}.tsv"
        rows = tables[span_type]
        write_bank_file(path, rows.items())
        files[span_type] = {"file": f"{recipe.bank}/{span_type}.tsv", "names": len(rows),
                            "total_count": sum(rows.values()), "sha256": sha256_file(path)}
    return {
        "title": recipe.title,
        "recipe": f"builders/{recipe.path.name}",
        "builder": recipe.builder,
        "provenance": kinds.pop() if len(kinds) == 1 else "mixed",
        "sources": ctx.provenance,
        "filters": filters(recipe, persons),
        "params": recipe.params,
        "license": recipe.license,
        "notes": [*recipe.notes, *ctx.notes],
        "span_types": files,
        "missing_span_types": sorted(set(recipe.span_types) - set(span_types)),
    }


def filters(recipe: Recipe, persons: list[str]) -> list[str]:
    """The filter statements of a bank's manifest entry: shared ones, then the recipe's."""
    shared = list(BASE_FILTERS) if recipe.params.get("base_filters", True) else []
    if persons and recipe.params.get("word_filter", True):
        shared.append(f"{WORD_FILTER} (wordfreq {importlib.metadata.version('wordfreq')})")
    return [*shared, *recipe.filters]


def build_banks(recipes: Iterable[Recipe], fetcher: Fetcher, out: Path, *, progress: bool = True) -> Path:
    """Build ``recipes`` into ``out`` and merge their entries into ``out/MANIFEST.json``."""
    from tqdm import tqdm

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / MANIFEST
    banks: dict[str, Any] = {}
    if manifest_path.is_file():
        banks = json.loads(manifest_path.read_text(encoding="utf-8")).get("banks", {})
    recipes = list(recipes)
    for recipe in tqdm(recipes, desc="name banks", unit="bank", disable=not progress):
        banks[recipe.bank] = build_bank(recipe, fetcher, out)
        write_manifest(manifest_path, banks)
    return manifest_path


def write_manifest(path: Path, banks: dict[str, Any]) -> None:
    body = {"format": MANIFEST_FORMAT, "banks": dict(sorted(banks.items()))}
    text = json.dumps(body, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    path.write_text(text, encoding="utf-8", newline="\n")
