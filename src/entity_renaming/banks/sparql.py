"""A polite SPARQL client over SPARQLWrapper (Wikidata's rules: descriptive User-Agent, honour
``Retry-After`` on 429/503, back off on transient errors, client timeout), with detection of result
bodies cut off by a server-side timeout, and query files from ``sparql/`` with ``${name}`` slots."""

from __future__ import annotations

import datetime as dt
import email.utils
import hashlib
import json
import time
import urllib.error
from collections.abc import Callable
from pathlib import Path
from string import Template

from SPARQLWrapper import JSON, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, SPARQLWrapperException

from .recipes import default_query_dir
from .sources import USER_AGENT, SourceError

WIKIDATA_ENDPOINT = "https://query.wikidata.org/sparql"
RETRY_STATUSES = (429, 502, 503, 504)


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
        if path is not None and path.is_file():
            cached = json.loads(path.read_text(encoding="utf-8"))
            if cached.get("sha256") != hashlib.sha256(cached["body"].encode()).hexdigest():
                raise SparqlError(f"cached SPARQL result {path} is corrupt; delete it")
            self.dates.add(cached["retrieved"])
            return parse_results(cached["body"].encode(), str(path))
        if self.offline:
            raise SourceError(f"SPARQL result not in the cache ({path}) and --offline forbids querying "
                              f"{self.endpoint}")
        body = self._fetch(query)
        today = dt.datetime.now(dt.UTC).date().isoformat()
        self.dates.add(today)
        if path is not None:  # cut-off bodies too, so that an offline replay takes the same decisions
            path.parent.mkdir(parents=True, exist_ok=True)
            text = body.decode("utf-8", errors="replace")
            record = {"endpoint": self.endpoint, "query": query, "retrieved": today, "body": text,
                      "sha256": hashlib.sha256(text.encode()).hexdigest()}
            path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        return parse_results(body, self.endpoint)

    def _fetch(self, query: str) -> bytes:
        for attempt in range(self.max_retries + 1):
            last = attempt == self.max_retries
            wrapper = SPARQLWrapper(self.endpoint, agent=self.agent)
            wrapper.setQuery(query)
            wrapper.setReturnFormat(JSON)
            wrapper.setTimeout(int(max(1, self.timeout)))
            try:
                response = wrapper.query().response
                body = response.read()
            except urllib.error.HTTPError as err:
                if err.code not in RETRY_STATUSES or last:
                    raise SparqlError(f"{self.endpoint}: HTTP {err.code} {err.reason}") from err
                delay = self.backoff * 2 ** attempt
                if err.code in (429, 503):
                    delay = retry_after_seconds(err.headers.get("Retry-After"), delay)
                self._wait(delay)
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
            return body  # parsed (and a cut-off body detected) by select() before caching
        raise AssertionError("unreachable")


def parse_results(body: bytes, label: str) -> list[dict[str, str]]:
    """Bindings of a SPARQL JSON result; a cut-off body raises :class:`TruncatedResultError`."""
    text = body.decode("utf-8", errors="replace")
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
