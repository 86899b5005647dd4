"""Name-bank builders: declarative recipes (``builders/*.toml``) run against real sources (SSA, Census,
Wikidata SPARQL, Countries States Cities, Penn Treebank, Tzioumis) or labelled offline PyPI fallbacks,
written as :mod:`entity_renaming.namebank` files with a provenance manifest."""

from .build import build_bank, build_banks
from .recipes import Recipe, load_recipe, load_recipes
from .sources import Fetcher, SourceError

__all__ = ["Fetcher", "Recipe", "SourceError", "build_bank", "build_banks", "load_recipe", "load_recipes"]
