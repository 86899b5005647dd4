"""Network faults against real local servers (issue 12 items 4, 11, 13, 14): HTML pages answered with
status 200, truncated bodies, poisoned cache entries, 429/503 with ``Retry-After`` and slow trickles.
Nothing bad is ever cached; a bad cache entry is fetched again online and is a clear error offline."""

from __future__ import annotations

import contextlib
import io
import json
import threading
import time
import zipfile
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from entity_renaming.banks.build import build_bank
from entity_renaming.banks.recipes import load_recipe
from entity_renaming.banks.sources import Fetcher, SourceError
from entity_renaming.banks.sparql import SparqlClient, SparqlError, TruncatedResultError
from entity_renaming.checksums import sha256_file

HTML = b"<!DOCTYPE html><html><body>Please sign in to continue</body></html>"
OK_JSON = json.dumps({"head": {"vars": ["x"]},
                      "results": {"bindings": [{"x": {"type": "literal", "value": "ok"}}]}}).encode()


def _zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("yob2000.txt", "Emily,F,25956\nJacob,M,34471\n" * 200)
    return buffer.getvalue()


ZIP = _zip_bytes()


class Reply:
    """One scripted answer: status, headers, body, and an optional pause between bytes (a trickle)."""

    def __init__(self, status: int, body: bytes, headers: dict[str, str] | None = None,
                 trickle: float = 0.0) -> None:
        self.status, self.body, self.headers, self.trickle = status, body, headers or {}, trickle


class Script:
    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.hits = 0


@pytest.fixture()
def server() -> Iterator[tuple[str, Script]]:
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            reply = script.replies[min(script.hits, len(script.replies) - 1)]
            script.hits += 1
            self.send_response(reply.status)
            headers = {"Content-Type": "application/octet-stream", **reply.headers}
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                if not reply.trickle:
                    self.wfile.write(reply.body)
                    return
                for i in range(len(reply.body)):
                    self.wfile.write(reply.body[i:i + 1])
                    self.wfile.flush()
                    time.sleep(reply.trickle)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", script
    httpd.shutdown()
    httpd.server_close()


def _fetcher(cache: Path, **kwargs) -> Fetcher:
    return Fetcher(cache, sleep=lambda s: None, backoff=0.1, **kwargs)


# --------------------------------------------------------------------------- downloads


def test_html_page_with_status_200_is_not_cached(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(200, HTML, {"Content-Type": "text/html; charset=utf-8"})]
    with pytest.raises(SourceError, match="HTML page.*nothing was cached"):
        _fetcher(tmp_path).fetch("ssa", f"{url}/names.zip", "names.zip")
    assert not list((tmp_path / "ssa").iterdir()), "neither the file nor a sidecar may be cached"
    # an HTML page sent as application/octet-stream is caught by its bytes
    script.replies = [Reply(200, HTML)]
    with pytest.raises(SourceError, match="HTML page"):
        _fetcher(tmp_path).fetch("ssa", f"{url}/names.zip", "names.zip")
    script.replies = [Reply(200, ZIP)]
    found = _fetcher(tmp_path).fetch("ssa", f"{url}/names.zip", "names.zip")
    assert found.how == "download" and found.path.read_bytes() == ZIP


def test_broken_zip_and_gzip_json_are_not_cached(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(200, ZIP[: len(ZIP) // 2])]  # complete per Content-Length, but not a zip
    with pytest.raises(SourceError, match="not a zip|corrupt"):
        _fetcher(tmp_path).fetch("census", f"{url}/names.zip", "names.zip")
    script.replies = [Reply(200, b"\x1f\x8b\x08\x00garbage")]
    with pytest.raises(SourceError, match="incomplete or corrupt"):
        _fetcher(tmp_path).fetch("csc", f"{url}/c.json.gz", "c.json.gz")
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_poisoned_cache_entry_is_refetched_online_and_reported_offline(server, tmp_path: Path) -> None:
    """What older versions left behind: an HTML page cached as names.zip with a matching sidecar."""
    url, script = server
    poisoned = tmp_path / "ssa" / "names.zip"
    poisoned.parent.mkdir(parents=True)
    poisoned.write_bytes(HTML)
    (tmp_path / "ssa" / "names.zip.sha256").write_text(f"{sha256_file(poisoned)}  names.zip\n")
    with pytest.raises(SourceError, match=r"names.zip is unusable .*HTML page.*run once online"):
        _fetcher(tmp_path, offline=True).fetch("ssa", f"{url}/names.zip", "names.zip")
    assert script.hits == 0
    script.replies = [Reply(200, ZIP)]
    found = _fetcher(tmp_path).fetch("ssa", f"{url}/names.zip", "names.zip")
    assert script.hits == 1 and found.how == "download" and poisoned.read_bytes() == ZIP
    assert _fetcher(tmp_path, offline=True).fetch("ssa", f"{url}/names.zip", "names.zip").how == "cache"


def test_429_then_200_honours_retry_after(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(429, b"slow down", {"Retry-After": "3"}),
                      Reply(503, b"busy", {"Retry-After": "1"}),
                      Reply(200, ZIP)]
    fetcher = _fetcher(tmp_path)
    found = fetcher.fetch("ssa", f"{url}/names.zip", "names.zip")
    assert found.path.read_bytes() == ZIP and script.hits == 3
    assert fetcher.waits == [3.0, 1.0]


def test_503_gives_up_after_bounded_retries(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(503, b"busy")]
    fetcher = _fetcher(tmp_path, max_retries=2)
    with pytest.raises(SourceError, match="HTTP 503 .* after 3 attempts"):
        fetcher.fetch("ssa", f"{url}/names.zip", "names.zip")
    assert script.hits == 3 and fetcher.waits == [0.1, 0.2]
    script.hits = 0
    script.replies = [Reply(404, b"gone")]
    with pytest.raises(SourceError, match="HTTP 404"):
        fetcher.fetch("ssa", f"{url}/names.zip", "names.zip")
    assert script.hits == 1, "a 404 is not retried"


def test_retry_after_beyond_the_deadline_fails_at_once(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(429, b"", {"Retry-After": "3600"})]
    fetcher = _fetcher(tmp_path, deadline=60, max_wait=7200)
    with pytest.raises(SourceError, match="deadline"):
        fetcher.fetch("ssa", f"{url}/names.zip", "names.zip")
    assert fetcher.waits == []


def test_slow_trickle_hits_the_total_deadline(server, tmp_path: Path) -> None:
    """Every byte arrives well within the per-read timeout, so only a total deadline can stop it."""
    url, script = server
    script.replies = [Reply(200, ZIP, trickle=0.05)]  # ~40 s for the whole body
    started = time.monotonic()
    with pytest.raises(SourceError, match="deadline"):
        _fetcher(tmp_path, timeout=5, deadline=1.5).fetch("ssa", f"{url}/names.zip", "names.zip")
    assert time.monotonic() - started < 5
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


# --------------------------------------------------------------------------- SPARQL


def _client(url: str, cache: Path, **kwargs) -> SparqlClient:
    return SparqlClient(url, sleep=lambda s: None, backoff=0.1, cache_dir=cache, **kwargs)


def test_sparql_html_page_is_an_error_and_not_cached(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(200, HTML, {"Content-Type": "text/html"}), Reply(200, OK_JSON)]
    with pytest.raises(SparqlError, match="HTML page"):
        _client(url, tmp_path).select("SELECT ?x WHERE {}")
    assert not list(tmp_path.glob("*.json"))
    assert _client(url, tmp_path).select("SELECT ?x WHERE {}") == [{"x": "ok"}]
    assert script.hits == 2


def test_sparql_cut_off_result_caches_a_marker_not_the_body(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(200, OK_JSON[:40] + b"\njava.util.concurrent.TimeoutException")]
    with pytest.raises(TruncatedResultError):
        _client(url, tmp_path).select("SELECT ?x WHERE {}")
    (record,) = [json.loads(p.read_text()) for p in tmp_path.glob("*.json")]
    assert record["truncated"] is True and "body" not in record
    with pytest.raises(TruncatedResultError, match="cached marker"):  # offline replay: same decision
        _client(url, tmp_path, offline=True).select("SELECT ?x WHERE {}")
    script.replies = [Reply(200, OK_JSON)]  # online, the query is tried again
    assert _client(url, tmp_path).select("SELECT ?x WHERE {}") == [{"x": "ok"}]


def test_truncated_sparql_cache_record_is_refetched_or_reported(server, tmp_path: Path) -> None:
    url, script = server
    script.replies = [Reply(200, OK_JSON)]
    assert _client(url, tmp_path).select("SELECT ?x WHERE {}") == [{"x": "ok"}]
    (path,) = tmp_path.glob("*.json")
    path.write_bytes(path.read_bytes()[:30])  # a build killed mid-write by an older version
    with pytest.raises(SparqlError, match=rf"{path.name} is unusable.*run once online"):
        _client(url, tmp_path, offline=True).select("SELECT ?x WHERE {}")
    assert script.hits == 1
    assert _client(url, tmp_path).select("SELECT ?x WHERE {}") == [{"x": "ok"}]
    assert script.hits == 2 and json.loads(path.read_text())["body"] == OK_JSON.decode()


def test_bank_from_cut_off_results_says_so(server, tmp_path: Path) -> None:
    """Results cut off even when split by gender: the error names them, not just 'came out empty'."""
    url, script = server
    script.replies = [Reply(200, OK_JSON[:40] + b"\njava.util.concurrent.TimeoutException")]
    recipe_path = tmp_path / "cut.toml"
    recipe_path.write_text('bank = "cut"\nbuilder = "origin"\ntitle = "t"\nspan_types = ["last"]\n'
                           '[params]\ncountries = ["wd:Q142"]\n[sources.wikidata]\nendpoint = "x"\n')
    with pytest.raises(TruncatedResultError, match=r"\['last'\] came out empty because .*cut off.*"
                                                   r"family_names.rq:Q142"):
        build_bank(load_recipe(recipe_path), Fetcher(tmp_path / "c", endpoint=url), tmp_path / "out")


def test_two_concurrent_downloads_of_one_source_both_succeed(tmp_path: Path) -> None:
    """Issue 20 item 9: two builds download the same source at once (a real server on 127.0.0.1: the first
    answer waits until the second request has arrived, the second arrives in two halves, so that the two
    downloads overlap). Each writes its own temporary file; both succeed and the cache holds the whole
    file (before, they shared ``names.zip.part`` and the second died with ``FileNotFoundError``)."""
    second = threading.Event()
    hits: list[int] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            hits.append(len(hits))
            first = len(hits) == 1
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(len(ZIP)))
            self.end_headers()
            if first:
                second.wait(10)
                self.wfile.write(ZIP)
                return
            second.set()
            self.wfile.write(ZIP[: len(ZIP) // 2])
            self.wfile.flush()
            time.sleep(0.5)
            self.wfile.write(ZIP[len(ZIP) // 2:])

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/names.zip"
    cache = tmp_path / "cache"
    outcomes: list[object] = []

    def download() -> None:
        try:
            outcomes.append(Fetcher(cache, timeout=10).download("ssa", url, "names.zip"))
        except Exception as err:  # noqa: BLE001 - the test reports what each download raised
            outcomes.append(err)

    threads = [threading.Thread(target=download) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    httpd.shutdown()
    httpd.server_close()
    assert len(hits) == 2
    assert [type(o).__name__ for o in outcomes] == ["ResolvedFile", "ResolvedFile"], outcomes
    target = cache / "ssa" / "names.zip"
    assert target.read_bytes() == ZIP
    assert (cache / "ssa" / "names.zip.sha256").read_text().split()[0] == sha256_file(target)
    assert sorted(p.name for p in (cache / "ssa").iterdir()) == ["names.zip", "names.zip.sha256"]
