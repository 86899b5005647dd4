"""Typed name banks: the interface the renaming pipeline samples from.

A bank is a folder ``name_banks/<bank>/`` with one ``<span_type>.tsv`` per span type. Each file has
the header ``name<TAB>count`` and rows sorted by descending count, then name; ``count`` is the
source frequency (births, people, population …) or 1 where the source has none. Banks are built by
``build-name-banks`` (see ``builders/``) and described in ``name_banks/MANIFEST.json``.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .bundled import project_dir

#: Yan et al. (2022) span types.
YAN_SPAN_TYPES = (
    "first-male",
    "first-female",
    "first-neutral",
    "last",
    "nnp",
    "rare",
    "country",
    "state",
    "city",
)
#: Extra span types of EntSwap (Siro & Ajayi 2023).
ENTSWAP_SPAN_TYPES = ("person", "location", "organization", "nationality")
FIRST_NAME_TYPES = ("first-male", "first-female", "first-neutral")
#: National origins of person-name banks; ``us`` is the paper's ``dbname``.
ORIGINS = ("us", "french", "indian", "arabic", "chinese", "african")


class BankError(LookupError):
    """A bank or a span type of a bank is missing or malformed."""


@dataclass(frozen=True)
class NameBank:
    """An immutable, typed name bank: ``span_type → [(name, count), …]``."""

    name: str
    entries: dict[str, tuple[tuple[str, int], ...]]
    _lowered: dict[str, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)

    def span_types(self) -> tuple[str, ...]:
        return tuple(sorted(self.entries))

    def has(self, span_type: str) -> bool:
        return bool(self.entries.get(span_type))

    def names(self, span_type: str) -> tuple[str, ...]:
        """Names of ``span_type`` in bank order (most frequent first)."""
        if span_type not in self.entries:
            raise BankError(f"bank {self.name!r} has no span type {span_type!r} (has {self.span_types()})")
        return tuple(n for n, _ in self.entries[span_type])

    def counts(self, span_type: str) -> dict[str, int]:
        return dict(self.entries.get(span_type, ()))

    def lookup(self, span_type: str) -> frozenset[str]:
        """Lower-cased names of ``span_type``, for membership tests."""
        if span_type not in self._lowered:
            self._lowered[span_type] = frozenset(n.lower() for n, _ in self.entries.get(span_type, ()))
        return self._lowered[span_type]

    @classmethod
    def from_folder(cls, folder: Path) -> NameBank:
        folder = Path(folder)
        if not folder.is_dir():
            raise BankError(f"name bank folder not found: {folder}")
        entries = {p.stem: tuple(read_bank_file(p)) for p in sorted(folder.glob("*.tsv"))}
        if not entries:
            raise BankError(f"name bank folder {folder} holds no <span_type>.tsv file")
        return cls(folder.name, entries)

    @classmethod
    def from_names(cls, name: str, entries: dict[str, Iterable[str | tuple[str, int]]]) -> NameBank:
        """A bank from in-memory lists (plain names get count 1)."""
        built = {}
        for span_type, names in entries.items():
            rows = [(n, 1) if isinstance(n, str) else (n[0], int(n[1])) for n in names]
            built[span_type] = tuple(sorted(rows, key=lambda r: (-r[1], r[0])))
        return cls(name, built)


def read_bank_file(path: Path) -> list[tuple[str, int]]:
    """Rows of one ``<span_type>.tsv``; errors name the file, line and field."""
    rows: list[tuple[str, int]] = []
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header != ["name", "count"]:
            raise BankError(f"{path}:1: header must be 'name<TAB>count', got {header!r}")
        for line_no, row in enumerate(reader, start=2):
            if len(row) != 2 or not row[0]:
                raise BankError(f"{path}:{line_no}: expected 2 fields 'name<TAB>count', got {row!r}")
            try:
                rows.append((row[0], int(row[1])))
            except ValueError:
                raise BankError(f"{path}:{line_no}: field 'count' is not an integer: {row[1]!r}") from None
    return rows


def write_bank_file(path: Path, rows: Iterable[tuple[str, int]]) -> None:
    """Write rows sorted by (−count, name), deterministic bytes (LF, UTF-8)."""
    ordered = sorted(rows, key=lambda r: (-r[1], r[0]))
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write("name\tcount\n")
        for name, count in ordered:
            if "\t" in name or "\n" in name:
                raise BankError(f"{path}: name {name!r} contains a tab or newline")
            handle.write(f"{name}\t{count}\n")


def default_bank_root() -> Path:
    """``$ENTITY_RENAMING_BANKS``, else ``name_banks/`` of the source checkout, else the copy bundled
    in an installed wheel."""
    override = os.environ.get("ENTITY_RENAMING_BANKS")
    if override:
        return Path(override)
    return project_dir("name_banks")


@cache
def load_bank(name: str, root: Path | None = None) -> NameBank:
    """Load bank ``name`` (e.g. ``us``, ``gazetteer``, ``ptb``) from ``root`` (default: bundled)."""
    return NameBank.from_folder((root or default_bank_root()) / name)
