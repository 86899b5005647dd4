"""Source files for name banks: HTTP download into a checksum-verified cache, local-path overrides,
an offline mode, and files shipped inside installed PyPI packages.

A cached download ``<cache>/<source>/<filename>`` has a sidecar ``<filename>.sha256``; a cached file
whose bytes no longer match its sidecar (or a recipe's pinned ``sha256``) is an error, never reused.
A download is cached only once it is complete and is what its name says (a ``.zip`` is a zip, a
``.json.gz`` is gzip'd JSON, nothing is an HTML page): a bad file already in the cache is discarded and
fetched again (offline: a clear error). 429/503 answers are retried, honouring ``Retry-After``; every
download has a total deadline, so a server that trickles bytes cannot hold a build forever.
"""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import http.client
import importlib.metadata
import importlib.util
import json
import os
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..cachedir import sources_cache
from ..checksums import sha256_file

USER_AGENT = ("entity-renamed-mrqa-name-banks/0.1 "
              "(https://github.com/entity-renamed-mrqa; research name banks; python-urllib)")
CHUNK = 1 << 16
#: HTTP statuses worth retrying (rate limit, overload, gateway trouble); others fail at once.
RETRY_STATUSES = (429, 502, 503, 504)


class SourceError(RuntimeError):
    """A source file cannot be obtained or fails its checksum."""


def default_cache_dir() -> Path:
    """``$ENTITY_RENAMING_CACHE``, else ``~/.cache/entity-renamed-mrqa/sources`` (see :mod:`..cachedir`)."""
    override = os.environ.get("ENTITY_RENAMING_CACHE")
    return Path(override) if override else sources_cache()


def retry_after_seconds(value: str | None, default: float) -> float:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP date)."""
    if not value:
        return default
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return default
    return max(0.0, when.timestamp() - time.time())


def retry_delay(status: int, headers, attempt: int, backoff: float) -> float:
    """Pause before retry ``attempt`` (0-based): ``Retry-After`` on 429/503, else exponential backoff."""
    delay = backoff * 2 ** attempt
    if status in (429, 503) and headers is not None:
        delay = retry_after_seconds(headers.get("Retry-After"), delay)
    return delay


def check_download(path: Path, filename: str, content_type: str = "") -> None:
    """Raise :class:`SourceError` unless ``path`` is a complete file of the kind ``filename`` names."""
    with open(path, "rb") as handle:
        head = handle.read(512)
    lowered = head.lstrip().lower()
    if not filename.endswith((".html", ".htm")) and (
            "text/html" in content_type.lower() or lowered.startswith((b"<!doctype html", b"<html"))):
        raise SourceError(f"{filename}: the server sent an HTML page, not the file (a login, error or "
                          "rate-limit page?)")
    try:
        if filename.endswith((".zip", ".xlsx")):
            if not zipfile.is_zipfile(path):
                raise SourceError(f"{filename}: not a zip archive")
            with zipfile.ZipFile(path) as archive:
                bad = archive.testzip()
            if bad is not None:
                raise SourceError(f"{filename}: member {bad!r} fails its CRC")
        elif filename.endswith(".gz"):
            data = gzip.decompress(path.read_bytes())
            if filename.endswith(".json.gz"):
                json.loads(data)
        elif filename.endswith(".json"):
            json.loads(path.read_bytes())
    except SourceError:
        raise
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error, ValueError) as err:
        raise SourceError(f"{filename}: incomplete or corrupt ({type(err).__name__}: {err})") from None


@dataclass(frozen=True)
class ResolvedFile:
    """A source file on disk and how it was obtained (``override``, ``cache``, ``download``, ``pypi``)."""

    path: Path
    how: str
    sha256: str
    version: str = ""


class Fetcher:
    """Resolves a source to a local file: override path > verified cache > download (unless offline).

    ``timeout`` bounds each network read, ``deadline`` a whole download (retries included);
    ``max_retries`` 429/502/503/504 answers are retried after ``Retry-After`` or exponential backoff."""

    def __init__(self, cache_dir: Path | None = None, *, offline: bool = False,
                 overrides: dict[str, Path] | None = None, timeout: float = 60.0,
                 endpoint: str | None = None, deadline: float = 1800.0, max_retries: int = 4,
                 backoff: float = 2.0, max_wait: float = 300.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.cache_dir = Path(cache_dir) if cache_dir else default_cache_dir()
        self.offline = offline
        self.overrides = {k: Path(v) for k, v in (overrides or {}).items()}
        self.timeout = timeout
        self.endpoint = endpoint  # SPARQL endpoint override for Wikidata recipes
        self.deadline = deadline
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.sleep = sleep
        self.waits: list[float] = []  # every pause taken before a retry, for logs and tests

    def has_override(self, source: str) -> bool:
        return source in self.overrides

    def cached(self, source: str, filename: str, sha256: str | None = None) -> ResolvedFile | None:
        """The verified cached copy, or None when there is none.

        A cached file that is not what its name says (an HTML page saved as ``names.zip`` by an older
        version) is discarded online, so that it is fetched again; offline it is an error."""
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
        try:
            check_download(path, filename)
        except SourceError as err:
            if self.offline:
                raise SourceError(f"cached {path} is unusable ({err}); run once online to fetch it again, "
                                  f"or pass --source {source}=PATH") from None
            path.unlink()
            sidecar.unlink(missing_ok=True)
            return None
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
        """Download ``url`` into the cache; only a complete, valid file (and its sidecar) is kept."""
        target = self.cache_dir / source / filename
        target.parent.mkdir(parents=True, exist_ok=True)
        # a name of this download's own: two builds fetching one source never write into each other's file
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        os.close(handle)
        partial = Path(name)
        try:
            actual, content_type = self._download_with_retries(source, url, partial)
            try:
                check_download(partial, filename, content_type)
            except SourceError as err:
                raise SourceError(f"source {source!r}: {url}: {err}; nothing was cached") from None
            if sha256 and actual != sha256:
                raise SourceError(f"source {source!r}: {url} has sha256 {actual}, the recipe pins {sha256}")
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        sidecar = partial.with_name(partial.name + ".sha256")
        sidecar.write_text(f"{actual}  {filename}\n")
        os.replace(sidecar, target.with_name(target.name + ".sha256"))
        os.replace(partial, target)  # atomic: a reader sees the old file or the whole new one
        return ResolvedFile(target, "download", actual)

    def _download_with_retries(self, source: str, url: str, partial: Path) -> tuple[str, str]:
        """sha256 and Content-Type of ``url`` written to ``partial``, retrying transient HTTP errors."""
        stop = time.monotonic() + self.deadline
        for attempt in range(self.max_retries + 1):
            try:
                return self._download_once(source, url, partial, stop)
            except urllib.error.HTTPError as err:
                if err.code not in RETRY_STATUSES or attempt == self.max_retries:
                    raise SourceError(f"source {source!r}: download of {url} failed: HTTP {err.code} "
                                      f"{err.reason}" + (f" after {attempt + 1} attempts" if attempt else "")
                                      ) from None
                delay = min(retry_delay(err.code, err.headers, attempt, self.backoff), self.max_wait)
                if time.monotonic() + delay > stop:
                    raise SourceError(f"source {source!r}: {url} answered HTTP {err.code}; waiting "
                                      f"{delay:.0f}s more would pass the {self.deadline:.0f}s deadline"
                                      ) from None
                self.waits.append(delay)
                self.sleep(delay)
        raise AssertionError("unreachable")

    def _download_once(self, source: str, url: str, partial: Path, stop: float) -> tuple[str, str]:
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        digest = hashlib.sha256()
        size = 0
        try:
            with (urllib.request.urlopen(request, timeout=self.timeout) as response,
                  open(partial, "wb") as out):
                expected = response.headers.get("Content-Length")
                content_type = response.headers.get("Content-Type", "")
                while block := response.read1(CHUNK):
                    out.write(block)
                    digest.update(block)
                    size += len(block)
                    if time.monotonic() > stop:
                        raise SourceError(f"source {source!r}: download of {url} passed its "
                                          f"{self.deadline:.0f}s deadline after {size} bytes")
        except urllib.error.HTTPError:
            raise
        except (urllib.error.URLError, TimeoutError, OSError, http.client.HTTPException) as err:
            raise SourceError(f"source {source!r}: download of {url} failed: {err!r}") from err
        if expected is not None and int(expected) != size:
            raise SourceError(f"source {source!r}: {url} truncated ({size} of {expected} bytes)")
        return digest.hexdigest(), content_type


def package_file(package: str, relpath: str, distribution: str | None = None) -> ResolvedFile:
    """A data file shipped inside an installed package (``importlib.resources``), with its version."""
    spec = importlib.util.find_spec(package)  # locate without importing (some load data on import)
    if spec is None or not spec.submodule_search_locations:
        raise SourceError(f"offline source needs the PyPI package {distribution or package!r}: "
                          "pip install 'entity-renamed-mrqa[banks]' (the pinned versions)")
    path = Path(spec.submodule_search_locations[0]) / relpath
    if not path.exists():
        raise SourceError(f"package {package!r} has no file {relpath!r} (installed version changed?)")
    version = importlib.metadata.version(distribution or package)
    digest = sha256_file(path) if path.is_file() else ""
    return ResolvedFile(path, "pypi", digest, version)
