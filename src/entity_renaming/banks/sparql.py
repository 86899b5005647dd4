"""A polite SPARQL client over SPARQLWrapper (Wikidata's rules: descriptive User-Agent, honour
``Retry-After`` on 429/503, back off on transient errors, client timeout), with detection of result
bodies cut off by a server-side timeout, and query files from ``sparql/`` with ``${name}`` slots.

Only complete results are cached. A cut-off result is recorded as a marker without its body (an
offline replay then takes the same decision: split the query); an HTML page or a cache record that
does not parse is never trusted: online it is fetched again, offline it is a clear error."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import time
import urllib.error
from collections.abc import Callable
from pathlib import Path
from string import Template

from SPARQLWrapper import JSON, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, SPARQLWrapperException

from .recipes import default_query_dir
from .sources import RETRY_STATUSES, USER_AGENT, SourceError, retry_delay

WIKIDATA_ENDPOINT = "https://query.wikidata.org/sparql"


class SparqlError(SourceError):
    """A query failed for good (after retries) or its result cannot be used."""


class TruncatedResultError(SparqlError):
    """The endpoint answered 200 but the JSON body is cut off (a server-side timeout): split the query."""


def load_query(name: str, query_dir: Path | None = None, **slots: str) -> str:
    """Text of ``sparql/<name>`` with ``${slot}`` placeholders filled."""
    path = (query_dir or default_query_dir()) / name
    if not path.is_file():
        raise SparqlError(f"query file not found: {path}")
    try:
        return Template(path.read_text(encoding="utf-8")).substitute(slots)
    except KeyError as err:
        raise SparqlError(f"{path}: no value for placeholder ${{{err.args[0]}}}") from None


class SparqlClient:
    """SELECT queries returning ``[{var: value}, …]`` (IRIs and literals as plain strings)."""

    def __init__(self, endpoint: str = WIKIDATA_ENDPOINT, *, agent: str = USER_AGENT, timeout: float = 60.0,
                 max_retries: int = 4, backoff: float = 2.0, max_wait: float = 300.0,
                 sleep: Callable[[float], None] = time.sleep, cache_dir: Path | None = None,
                 offline: bool = False) -> None:
        self.endpoint = endpoint
        self.cache_dir = cache_dir
        self.offline = offline
        self.dates: set[str] = set()  # retrieval dates of the results used
        self.agent = agent
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.sleep = sleep
        self.waits: list[float] = []  # every pause taken, for logs and tests

    def _wait(self, seconds: float) -> None:
        seconds = min(seconds, self.max_wait)
        self.waits.append(seconds)
        self.sleep(seconds)

    def _cache_path(self, query: str) -> Path | None:
        if self.cache_dir is None:
            return None
        key = hashlib.sha256(f"{self.endpoint}\n{query}".encode()).hexdigest()
        return self.cache_dir / f"{key}.json"

    def select(self, query: str) -> list[dict[str, str]]:
        """Bindings of a SELECT query: from the result cache when it holds them, else from the endpoint
        (then cached with the retrieval date); offline, a cache miss is a :class:`SourceError`."""
        path = self._cache_path(query)
        record = self._read_cached(path) if path is not None else None
        if record is not None and record.get("truncated") and not self.offline:
            record = None  # a cut-off result is worth asking for again
        if record is not None:
            self.dates.add(record["retrieved"])
            if record.get("truncated"):
                raise TruncatedResultError(f"{path}: the endpoint cut this result off on "
                                           f"{record['retrieved']} (cached marker); split the query")
            return parse_results(record["body"].encode(), str(path))
        if self.offline:
            raise SourceError(f"SPARQL result not in the cache ({path}) and --offline forbids querying "
                              f"{self.endpoint}")
        body, content_type = self._fetch(query)
        today = dt.datetime.now(dt.UTC).date().isoformat()
        self.dates.add(today)
        try:
            rows = parse_results(body, self.endpoint, content_type)
        except TruncatedResultError:
            self._write_cached(path, {"endpoint": self.endpoint, "query": query, "retrieved": today,
                                      "truncated": True})
            raise
        text = body.decode("utf-8", errors="replace")
        self._write_cached(path, {"endpoint": self.endpoint, "query": query, "retrieved": today, "body": text,
                                  "sha256": hashlib.sha256(text.encode()).hexdigest()})
        return rows

    def _read_cached(self, path: Path) -> dict | None:
        """The usable cache record at ``path``, or None (absent, or unusable and online: fetch again)."""
        if not path.is_file():
            return None
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(record.get("retrieved"), str):
                raise ValueError("no retrieval date")
            if not record.get("truncated"):
                if record.get("sha256") != hashlib.sha256(record["body"].encode()).hexdigest():
                    raise ValueError("body does not match its sha256")
                try:
                    parse_results(record["body"].encode(), str(path))
                except TruncatedResultError:  # an older version cached cut-off bodies: same decision
                    record = {"retrieved": record["retrieved"], "truncated": True}
        except (ValueError, KeyError, TypeError, AttributeError, SparqlError) as err:
            if self.offline:
                raise SparqlError(f"cached SPARQL result {path} is unusable ({err}); run once online to "
                                  "fetch it again, or delete it") from None
            path.unlink()
            return None
        return record

    @staticmethod
    def _write_cached(path: Path | None, record: dict) -> None:
        """Write a cache record atomically (a killed build never leaves half a record)."""
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, path)

    def _fetch(self, query: str) -> tuple[bytes, str]:
        for attempt in range(self.max_retries + 1):
            last = attempt == self.max_retries
            wrapper = SPARQLWrapper(self.endpoint, agent=self.agent)
            wrapper.setQuery(query)
            wrapper.setReturnFormat(JSON)
            wrapper.setTimeout(int(max(1, self.timeout)))
            try:
                response = wrapper.query().response
                body = response.read()
                content_type = response.headers.get("Content-Type", "") if response.headers else ""
            except urllib.error.HTTPError as err:
                if err.code not in RETRY_STATUSES or last:
                    raise SparqlError(f"{self.endpoint}: HTTP {err.code} {err.reason}") from err
                self._wait(retry_delay(err.code, err.headers, attempt, self.backoff))
                continue
            except EndPointInternalError as err:
                if last:
                    raise SparqlError(f"{self.endpoint}: HTTP 500 {err}") from err
                self._wait(self.backoff * 2 ** attempt)
                continue
            except SPARQLWrapperException as err:  # 400 bad query, 401, 404, 414: retrying cannot help
                raise SparqlError(f"{self.endpoint}: {err}") from err
            except (TimeoutError, urllib.error.URLError) as err:
                if last:
                    raise SparqlError(f"{self.endpoint}: no answer within {self.timeout}s ({err})") from err
                self._wait(self.backoff * 2 ** attempt)
                continue
            return body, content_type  # parsed (and a cut-off body detected) by select() before caching
        raise AssertionError("unreachable")


def parse_results(body: bytes, label: str, content_type: str = "") -> list[dict[str, str]]:
    """Bindings of a SPARQL JSON result; a cut-off body raises :class:`TruncatedResultError`, an HTML
    page (a proxy, login or error page answered with status 200) a :class:`SparqlError`."""
    text = body.decode("utf-8", errors="replace")
    if "text/html" in content_type.lower() or text.lstrip()[:15].lower().startswith(("<!doctype", "<html")):
        raise SparqlError(f"{label}: the endpoint answered an HTML page, not a SPARQL JSON result")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        hint = " (server-side TimeoutException)" if "TimeoutException" in text else ""
        raise TruncatedResultError(f"{label}: truncated or invalid JSON result{hint} at char {err.pos} of "
                                   f"{len(text)}; split the query") from err
    try:
        bindings = data["results"]["bindings"]
    except (KeyError, TypeError):
        raise SparqlError(f"{label}: JSON result has no results.bindings") from None
    return [{var: cell["value"] for var, cell in row.items()} for row in bindings]


def qid(value: str) -> str:
    """``http://www.wikidata.org/entity/Q42`` → ``Q42``."""
    return value.rsplit("/", 1)[-1]
