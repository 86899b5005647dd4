"""Source files for name banks: HTTP download into a checksum-verified cache, local-path overrides,
an offline mode, and files shipped inside installed PyPI packages.

A cached download ``<cache>/<source>/<filename>`` has a sidecar ``<filename>.sha256``; a cached file
whose bytes no longer match its sidecar (or a recipe's pinned ``sha256``) is an error, never reused.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import os
import shutil
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from ..checksums import sha256_file

USER_AGENT = ("entity-renamed-mrqa-name-banks/0.1 "
              "(https://github.com/entity-renamed-mrqa; research name banks; python-urllib)")
CHUNK = 1 << 16


class SourceError(RuntimeError):
    """A source file cannot be obtained or fails its checksum."""



def default_cache_dir() -> Path:
    """``$ENTITY_RENAMING_CACHE``, else ``$XDG_CACHE_HOME/entity-renaming/sources`` (``~/.cache`` …)."""
    override = os.environ.get("ENTITY_RENAMING_CACHE")
    if override:
        return Path(override)
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return base / "entity-renaming" / "sources"


@dataclass(frozen=True)
class ResolvedFile:
    """A source file on disk and how it was obtained (``override``, ``cache``, ``download``, ``pypi``)."""

    path: Path
    how: str
    sha256: str
    version: str = ""


class Fetcher:
    """Resolves a source to a local file: override path > verified cache > download (unless offline)."""

    def __init__(self, cache_dir: Path | None = None, *, offline: bool = False,
                 overrides: dict[str, Path] | None = None, timeout: float = 60.0,
                 endpoint: str | None = None) -> None:
        self.cache_dir = Path(cache_dir) if cache_dir else default_cache_dir()
        self.offline = offline
        self.overrides = {k: Path(v) for k, v in (overrides or {}).items()}
        self.timeout = timeout
        self.endpoint = endpoint  # SPARQL endpoint override for Wikidata recipes

    def has_override(self, source: str) -> bool:
        return source in self.overrides

    def cached(self, source: str, filename: str, sha256: str | None = None) -> ResolvedFile | None:
        """The verified cached copy, or None when there is none."""
        path = self.cache_dir / source / filename
        if not path.is_file():
            return None
        actual = sha256_file(path)
        sidecar = path.with_name(path.name + ".sha256")
        recorded = sidecar.read_text().split()[0] if sidecar.is_file() else None
        if recorded is not None and recorded != actual:
            raise SourceError(f"cached {path} is corrupt: sha256 {actual} != recorded {recorded}; delete it")
        if sha256 and actual != sha256:
            raise SourceError(f"cached {path} has sha256 {actual}, the recipe pins {sha256}; delete it")
        return ResolvedFile(path, "cache", actual)

    def fetch(self, source: str, url: str, filename: str, sha256: str | None = None) -> ResolvedFile:
        """The file of ``source``: its override, its cached copy, or a fresh download of ``url``."""
        if source in self.overrides:
            path = self.overrides[source]
            if not path.is_file():
                raise SourceError(f"--source {source}={path}: no such file")
            return ResolvedFile(path, "override", sha256_file(path))
        found = self.cached(source, filename, sha256)
        if found:
            return found
        if self.offline:
            raise SourceError(f"source {source!r}: {self.cache_dir / source / filename} is not in the cache "
                              f"and --offline forbids downloading {url}; run once online or pass "
                              f"--source {source}=PATH")
        return self.download(source, url, filename, sha256)

    def download(self, source: str, url: str, filename: str, sha256: str | None = None) -> ResolvedFile:
        target = self.cache_dir / source / filename
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        digest = hashlib.sha256()
        try:
            with (urllib.request.urlopen(request, timeout=self.timeout) as response,
                  open(partial, "wb") as out):
                expected = response.headers.get("Content-Length")
                size = 0
                for block in iter(lambda: response.read(CHUNK), b""):
                    out.write(block)
                    digest.update(block)
                    size += len(block)
        except (urllib.error.URLError, TimeoutError, OSError) as err:
            partial.unlink(missing_ok=True)
            raise SourceError(f"source {source!r}: download of {url} failed: {err}") from err
        if expected is not None and int(expected) != size:
            partial.unlink(missing_ok=True)
            raise SourceError(f"source {source!r}: {url} truncated ({size} of {expected} bytes)")
        actual = digest.hexdigest()
        if sha256 and actual != sha256:
            partial.unlink(missing_ok=True)
            raise SourceError(f"source {source!r}: {url} has sha256 {actual}, the recipe pins {sha256}")
        shutil.move(partial, target)
        target.with_name(target.name + ".sha256").write_text(f"{actual}  {filename}\n")
        return ResolvedFile(target, "download", actual)


def package_file(package: str, relpath: str, distribution: str | None = None) -> ResolvedFile:
    """A data file shipped inside an installed package (``importlib.resources``), with its version."""
    spec = importlib.util.find_spec(package)  # locate without importing (some load data on import)
    if spec is None or not spec.submodule_search_locations:
        raise SourceError(f"offline source needs the PyPI package {distribution or package!r}: "
                          f"pip install {distribution or package}")
    path = Path(spec.submodule_search_locations[0]) / relpath
    if not path.exists():
        raise SourceError(f"package {package!r} has no file {relpath!r} (installed version changed?)")
    version = importlib.metadata.version(distribution or package)
    digest = sha256_file(path) if path.is_file() else ""
    return ResolvedFile(path, "pypi", digest, version)
