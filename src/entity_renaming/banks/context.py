"""What a builder gets: its recipe and a way to resolve sources, recording provenance as it goes."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .recipes import Recipe
from .sources import Fetcher, ResolvedFile, SourceError, package_file


@dataclass
class BuildContext:
    """Per-bank build state: the recipe, the fetcher, and one provenance record per source used."""

    recipe: Recipe
    fetcher: Fetcher
    provenance: list[dict[str, Any]] = field(default_factory=list)
    #: Facts about this build for the manifest's ``notes`` (e.g. why a span type is missing).
    notes: list[str] = field(default_factory=list)

    @property
    def offline(self) -> bool:
        return self.fetcher.offline

    def resolve(self, name: str) -> tuple[ResolvedFile, bool]:
        """The file of source ``name`` and whether it is the official one.

        Official file (override, cache, or download when online) first; with ``--offline`` and no
        official file at hand, the recipe's PyPI fallback. Provenance is recorded either way.
        """
        spec = self.recipe.source(name)
        fallback = spec.get("offline")
        overridden = self.fetcher.has_override(name)
        at_hand = overridden or ("url" in spec and (
            not self.offline or self.fetcher.cached(name, spec.get("filename", ""), spec.get("sha256"))))
        if at_hand or not fallback:
            if "url" not in spec and not self.fetcher.has_override(name):
                raise SourceError(f"source {name!r} of bank {self.recipe.bank!r} has no URL: "
                                  f"pass --source {name}=PATH ({spec.get('description', '')})")
            found = self.fetcher.fetch(name, spec.get("url", ""), spec.get("filename", name),
                                       spec.get("sha256"))
            self.record(name, official=True, file=found, spec=spec)
            return found, True
        found = package_file(fallback["package"], fallback["file"], fallback.get("distribution"))
        self.record(name, official=False, file=found, spec=spec)
        return found, False

    def resolve_package(self, name: str) -> ResolvedFile:
        """A source that only exists as a PyPI package file (``[sources.NAME.offline]``)."""
        spec = self.recipe.source(name)
        found = package_file(spec["offline"]["package"], spec["offline"]["file"],
                             spec["offline"].get("distribution"))
        self.record(name, official=False, file=found, spec=spec)
        return found

    def record(self, name: str, *, official: bool, file: ResolvedFile | None, spec: dict[str, Any],
               **extra: Any) -> None:
        entry: dict[str, Any] = {"source": name, "kind": "official" if official else "offline-pypi"}
        if official:
            entry["description"] = spec.get("description", "")
            entry["url"] = spec.get("url", "")
            entry["file"] = spec.get("filename", "")
            entry["how"] = file.how if file else "query"
            entry["version"] = spec.get("version", "")
            entry["retrieved"] = (zip_date(file.path) if file else "") or spec.get("date", "")
        else:
            fb = spec["offline"]
            entry["description"] = fb.get("description", "")
            entry["package"] = f"{fb.get('distribution', fb['package'])}=={file.version if file else ''}"
            entry["file"] = fb["file"]
            entry["version"] = fb.get("data_version", "")
            entry["retrieved"] = fb.get("date", "") if file and file.version == fb.get("version") \
                else f"unknown (recipe documents {fb.get('version')} of {fb.get('date')})"
            entry["official_source"] = spec.get("url", "")
        entry["license"] = (spec.get("license") if official else spec["offline"].get("license")) or ""
        if file and file.sha256:
            entry["sha256"] = file.sha256
        entry.update(extra)
        self.provenance.append(entry)


def zip_date(path: Path) -> str:
    """The newest member date of a zip (the source's own version date), else ''."""
    if not zipfile.is_zipfile(path):
        return ""
    with zipfile.ZipFile(path) as archive:
        stamps = [info.date_time for info in archive.infolist()]
    if not stamps:
        return ""
    y, m, d = max(stamps)[:3]
    return f"{y:04d}-{m:02d}-{d:02d}"
