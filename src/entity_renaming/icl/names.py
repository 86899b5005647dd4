"""Replacement names: a gendered first-name pool from any PER bank and seeded bootstrap name sets.

The default bank is ``tzioumis`` (Tzioumis 2018 first names, gender from SSA frequencies); any bank
with ``first-female`` / ``first-male`` span types (e.g. ``us``) works. Names are single capitalised
words, so a replacement never introduces a new tokenisation boundary problem for the renaming engine.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from ..namebank import BankError, load_bank

_NAME = re.compile(r"^[A-Z][a-z]+(?:['-][A-Z]?[a-z]+)*$")
SPAN_GENDER = {"first-female": "female", "first-male": "male", "first-neutral": "neutral"}


@dataclass(frozen=True)
class Name:
    """One replacement first name and its gender (``female``, ``male`` or ``neutral``)."""

    text: str
    gender: str


def name_pool(bank: str = "tzioumis", root: Path | None = None) -> dict[str, list[Name]]:
    """Gender → names of ``bank`` (bank order: most frequent first), single words only.

    A name listed under two genders keeps the first in the order female, male, neutral.
    """
    loaded = load_bank(bank, root)
    pool: dict[str, list[Name]] = {"female": [], "male": [], "neutral": []}
    seen: set[str] = set()
    for span_type, gender in SPAN_GENDER.items():
        if not loaded.has(span_type):
            continue
        for text in loaded.names(span_type):
            if _NAME.match(text) and text not in seen:
                seen.add(text)
                pool[gender].append(Name(text, gender))
    if not pool["female"] or not pool["male"]:
        raise BankError(f"bank {bank!r} needs first-female and first-male names for gendered name sets")
    return pool


def bootstrap_name_sets(
    pool: dict[str, list[Name]], n_sets: int, per_set: int, seed: int
) -> list[list[Name]]:
    """``n_sets`` sets of ``per_set`` names, half female and half male (an odd extra name is female),
    each drawn without replacement from the pool with ``random.Random(f"{seed}:{set index}")``."""
    if per_set < 2 or n_sets < 1:
        raise ValueError("need at least one name set of at least 2 names")
    n_female = per_set - per_set // 2
    n_male = per_set // 2
    if n_female > len(pool["female"]) or n_male > len(pool["male"]):
        raise ValueError(
            f"the bank has {len(pool['female'])} female and {len(pool['male'])} male names; "
            f"{n_female} + {n_male} per set requested"
        )
    sets = []
    for i in range(n_sets):
        rng = random.Random(f"{seed}:{i}")
        chosen = rng.sample(pool["female"], n_female) + rng.sample(pool["male"], n_male)
        sets.append(sorted(chosen, key=lambda n: (n.gender, n.text)))
    return sets


def unique_names(sets: list[list[Name]]) -> list[Name]:
    """Every name of the sets once, sorted by text (names shared by sets are evaluated once)."""
    return sorted({n for s in sets for n in s}, key=lambda n: (n.text, n.gender))
