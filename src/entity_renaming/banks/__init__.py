"""Name-bank builders: declarative recipes (``builders/*.toml``) run against real sources (SSA, Census,
Wikidata SPARQL, Countries States Cities, Penn Treebank, Tzioumis) or labelled offline PyPI fallbacks,
written as :mod:`entity_renaming.namebank` files with a provenance manifest.

Names are imported on first use: the analysis reads :mod:`.gazetteer` and :mod:`.clean` in a core install,
while the builders need the ``[banks]`` extra (SPARQLWrapper and the offline sources)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

_FROM = {"build_bank": "build", "build_banks": "build", "Recipe": "recipes", "load_recipe": "recipes",
         "load_recipes": "recipes", "Fetcher": "sources", "SourceError": "sources"}
__all__ = sorted(_FROM)


def __getattr__(name: str) -> Any:
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_FROM[name]}", __name__), name)
