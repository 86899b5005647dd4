"""Download path against a real local HTTP server: SSA national files zipped into ``names.zip``, a
Census-format ``names.zip``, the Tzioumis CSV and the Countries States Cities export; the checksum
cache, ``--offline``, ``--source`` overrides and truncated downloads."""

from __future__ import annotations

import gzip
import json
import shutil
import threading
import zipfile
from collections import Counter
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from entity_renaming.banks.build import build_bank
from entity_renaming.banks.cli import main
from entity_renaming.banks.recipes import load_recipe
from entity_renaming.banks.sources import Fetcher, SourceError
from entity_renaming.checksums import sha256_file
from entity_renaming.namebank import NameBank

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
FIXTURES = ROOT / "tests" / "fixtures" / "banks"
SSA_YEARS = range(1990, 2000)  # ten real national files keep the test fast


class Handler(SimpleHTTPRequestHandler):
    hits: Counter[str] = Counter()

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        Handler.hits[self.path] += 1
        if self.path == "/short.zip":  # announces more bytes than it sends
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"PK" + b"\0" * 10)
            return
        super().do_GET()


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """A web root with names.zip (SSA), names_2010census.zip, firstnames.csv, the CSC export."""
    root = tmp_path_factory.mktemp("www")
    with zipfile.ZipFile(root / "names.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for year in SSA_YEARS:
            data = gzip.decompress((SHARED / "ssa_babynames_national" / f"yob{year}.txt.gz").read_bytes())
            archive.writestr(zipfile.ZipInfo(f"yob{year}.txt", (2024, 3, 3, 0, 0, 0)), data)
    with zipfile.ZipFile(root / "names_2010census.zip", "w") as archive:
        archive.writestr(zipfile.ZipInfo("Names_2010Census.csv", (2016, 12, 1, 0, 0, 0)),
                         (FIXTURES / "Names_2010Census_sample.csv").read_bytes())
    shutil.copy(SHARED / "tzioumis_first_names" / "firstnames.csv", root / "firstnames.csv")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", root
    server.shutdown()
    server.server_close()


def _recipes(tmp: Path, base: str) -> Path:
    """Copies of the project's recipes whose official URLs point at the local server."""
    folder = tmp / "builders"
    folder.mkdir(exist_ok=True)
    ssa = {"https://www.ssa.gov/oact/babynames/names.zip": f"{base}/names.zip"}
    census = {"https://www2.census.gov/topics/genealogy/2010surnames/names.zip":
              f"{base}/names_2010census.zip"}
    for name, urls in {"us": {**ssa, **census}, "tzioumis": ssa}.items():
        text = (ROOT / "builders" / f"{name}.toml").read_text()
        for old, new in urls.items():
            assert old in text
            text = text.replace(old, new)
        if name == "tzioumis":
            text = text.replace('filename = "firstnames.xlsx"', f'url = "{base}/firstnames.csv"\n'
                                'filename = "firstnames.csv"')
        (folder / f"{name}.toml").write_text(text)
    return folder


def _ssa_totals() -> tuple[Counter, Counter]:
    male, female = Counter(), Counter()
    for year in SSA_YEARS:
        for line in gzip.decompress((SHARED / "ssa_babynames_national" / f"yob{year}.txt.gz").read_bytes()
                                    ).decode().splitlines():
            name, sex, count = line.split(",")
            (male if sex == "M" else female)[name] += int(count)
    return male, female


def test_us_bank_through_download_cache_and_offline(site, tmp_path: Path) -> None:
    base, _ = site
    recipe = load_recipe(_recipes(tmp_path, base) / "us.toml")
    cache = tmp_path / "cache"
    entry = build_bank(recipe, Fetcher(cache), tmp_path / "out1")
    bank = NameBank.from_folder(tmp_path / "out1" / "us")

    male, female = _ssa_totals()
    for name in ("James", "Mary", "Jessie", "Riley", "Taylor", "Jordan"):
        m, f = male[name], female[name]
        expected = "first-male" if m >= 2 * f else "first-female" if f >= 2 * m else "first-neutral"
        assert bank.counts(expected)[name] == m + f, name
        others = {"first-male", "first-female", "first-neutral"} - {expected}
        assert all(name not in bank.counts(t) for t in others), name
    assert "Baby" not in bank.lookup("first-male") | bank.lookup("first-female")
    assert bank.names("last")[:3] == ("Smith", "Johnson", "Garcia")
    assert bank.counts("last")["McDonald"] == 180497 and "Okafor" in bank.counts("last")  # (S) row kept
    assert "all other names" not in bank.lookup("last")

    ssa = entry["sources"][0]
    assert ssa["kind"] == "official" and ssa["how"] == "download" and ssa["years"] == "1990-1999"
    assert ssa["retrieved"] == "2024-03-03" and ssa["sha256"] == sha256_file(cache / "ssa" / "names.zip")
    assert (cache / "ssa" / "names.zip.sha256").read_text().split()[0] == ssa["sha256"]

    hits = sum(Handler.hits.values())
    again = build_bank(recipe, Fetcher(cache, offline=True), tmp_path / "out2")
    assert sum(Handler.hits.values()) == hits, "offline rebuild must not touch the network"
    assert again["sources"][0]["how"] == "cache"
    for span in entry["span_types"]:
        assert (tmp_path / "out1" / "us" / f"{span}.tsv").read_bytes() == \
            (tmp_path / "out2" / "us" / f"{span}.tsv").read_bytes()
    without_sources = [{k: v for k, v in e.items() if k != "sources"} for e in (entry, again)]
    assert without_sources[0] == without_sources[1]

    with open(cache / "ssa" / "names.zip", "ab") as handle:
        handle.write(b"tampered")
    with pytest.raises(SourceError, match="corrupt"):
        build_bank(recipe, Fetcher(cache, offline=True), tmp_path / "out3")


def test_offline_without_cache_fails_clearly(tmp_path: Path) -> None:
    fetcher = Fetcher(tmp_path / "empty", offline=True)
    with pytest.raises(SourceError, match=r"not in the cache.*--offline.*--source census=PATH"):
        fetcher.fetch("census", "http://127.0.0.1:9/names.zip", "names.zip")


def test_truncated_download_is_rejected(site, tmp_path: Path) -> None:
    base, _ = site
    with pytest.raises(SourceError, match="failed|truncated"):
        Fetcher(tmp_path / "cache", timeout=5).fetch("x", f"{base}/short.zip", "short.zip")
    assert not (tmp_path / "cache" / "x" / "short.zip").exists()


def test_pinned_checksum_mismatch_is_rejected(site, tmp_path: Path) -> None:
    base, _ = site
    with pytest.raises(SourceError, match="pins"):
        Fetcher(tmp_path / "cache").fetch("census", f"{base}/names_2010census.zip", "n.zip", sha256="0" * 64)


def test_tzioumis_bank_from_served_csv(site, tmp_path: Path) -> None:
    base, _ = site
    recipe = load_recipe(_recipes(tmp_path, base) / "tzioumis.toml")
    entry = build_bank(recipe, Fetcher(tmp_path / "cache"), tmp_path / "out")
    bank = NameBank.from_folder(tmp_path / "out" / "tzioumis")
    obs = {}
    for line in (SHARED / "tzioumis_first_names" / "firstnames.csv").read_text().splitlines()[1:]:
        fields = line.split(",")
        obs[fields[0]] = int(fields[1])
    assert bank.counts("first-male")["Aaron"] == obs["AARON"]
    male, female = _ssa_totals()
    in_ssa = {n.lower() for n in (*male, *female)}
    expected = {n.lower() for n in obs if n != "ALL OTHER FIRST NAMES" and n.lower() in in_ssa}
    built = {n.lower() for t in bank.span_types() for n in bank.names(t)}
    assert built <= expected
    # only English words were dropped (function words, or names commoner as words: "may", "king")
    from wordfreq import zipf_frequency

    assert all(zipf_frequency(n, "en") >= 3.0 for n in expected - built), sorted(expected - built)[:20]
    assert len(expected - built) < 0.1 * len(expected)
    names = [n.lower() for t in bank.span_types() for n in bank.names(t)]
    assert len(names) == len(set(names)), "a name is in two genders"
    assert entry["sources"][0]["kind"] == "official" and entry["sources"][0]["how"] == "download"


def test_cli_source_override_builds_gazetteer_from_official_export(tmp_path: Path) -> None:
    export = SHARED / "countries_states_cities" / "countries+states+cities.json.gz"
    out = tmp_path / "banks"
    assert main(["--bank", "gazetteer", "--offline", "--cache", str(tmp_path / "c"), "--no-progress",
                 "--source", f"csc={export}", "--out", str(out)]) == 0
    bank = NameBank.from_folder(out / "gazetteer")
    assert bank.names("country")[:2] == ("India", "China") or bank.names("country")[:2] == ("China", "India")
    assert "Nigerian" in bank.counts("nationality") and "Lagos" in bank.counts("city")
    assert bank.counts("nationality")["Nigerian"] == bank.counts("country")["Nigeria"]  # population
    manifest = json.loads((out / "MANIFEST.json").read_text())
    source = manifest["banks"]["gazetteer"]["sources"][0]
    assert source["how"] == "override" and source["sha256"] == sha256_file(export)
    assert str(tmp_path) not in (out / "MANIFEST.json").read_text(), "no local paths in the manifest"


def test_cli_reports_missing_source_file(tmp_path: Path, capsys) -> None:
    code = main(["--bank", "us", "--offline", "--source", f"ssa={tmp_path / 'nope.zip'}", "--no-progress",
                 "--out", str(tmp_path / "o")])
    assert code == 2 and "nope.zip" in capsys.readouterr().err


def _write_xlsx(path: Path, sheets: dict[str, list[list[object]]]) -> None:
    """A minimal SpreadsheetML workbook (shared strings for text, numbers inline), as Excel writes it."""
    strings: list[str] = []
    main_ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    rel_ns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    with zipfile.ZipFile(path, "w") as archive:
        entries, rels = [], []
        for index, (name, rows) in enumerate(sheets.items(), start=1):
            xml_rows = []
            for r, row in enumerate(rows, start=1):
                cells = []
                for c, value in enumerate(row):
                    ref = f"{chr(65 + c)}{r}"
                    if isinstance(value, str):
                        strings.append(value)
                        cells.append(f'<c r="{ref}" t="s"><v>{len(strings) - 1}</v></c>')
                    else:
                        cells.append(f'<c r="{ref}"><v>{value}</v></c>')
                xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
            archive.writestr(f"xl/worksheets/sheet{index}.xml",
                             f'<worksheet {main_ns}><sheetData>{"".join(xml_rows)}</sheetData></worksheet>')
            entries.append(f'<sheet name="{name}" sheetId="{index}" r:id="rId{index}"/>')
            rels.append(f'<Relationship Id="rId{index}" Target="worksheets/sheet{index}.xml" Type="x"/>')
        sheets_xml = "".join(entries)
        workbook = f"<workbook {main_ns} {rel_ns}><sheets>{sheets_xml}</sheets></workbook>"
        archive.writestr("xl/workbook.xml", workbook)
        archive.writestr("xl/_rels/workbook.xml.rels",
                         '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                         f'{"".join(rels)}</Relationships>')
        shared = "".join(f"<si><t>{s}</t></si>" for s in strings)
        archive.writestr("xl/sharedStrings.xml", f"<sst {main_ns}>{shared}</sst>")


def test_tzioumis_xlsx_reader(tmp_path: Path) -> None:
    from entity_renaming.banks.tzioumis import read_tzioumis

    header = ["firstname", "obs", "pcthispanic", "pctwhite", "pctblack", "pctapi", "pctaian", "pct2prace"]
    path = tmp_path / "firstnames.xlsx"
    _write_xlsx(path, {"Data Dictionary": [["field", "description"]],
                       "Data": [header, ["AARON", 3646, 2.88, 91.607, 3.264, 2.057, 0.055, 0.137],
                                ["ZOE", 12, 0, 100, 0, 0, 0, 0],
                                ["ALL OTHER FIRST NAMES", 214124, 8.2, 51.4, 11.5, 28.1, 0.4, 0.3]]})
    assert read_tzioumis(path) == {"AARON": 3646, "ZOE": 12}  # catch-all row dropped
    _write_xlsx(path, {"Data": [["name", "count"], ["AARON", 1]]})
    with pytest.raises(SourceError, match=r"firstnames.xlsx:1: missing column\(s\) \['firstname', 'obs'\]"):
        read_tzioumis(path)
