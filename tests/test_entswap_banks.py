"""Name banks for the EntSwap tests, built from the real shared data (the bundled ``african`` bank may
not exist yet): African countries, their cities, states (as locations) and demonyms from the Countries
States Cities database; given and family names from two-word PER mentions of MasakhaNER 2.0; gazetteer
of every country, state, city and demonym. A country and its demonym share a count, as the bundled banks'
populations do, so that a demonym follows its country."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

from conftest import SHARED

from entity_renaming.namebank import FIRST_NAME_TYPES, load_bank, write_bank_file

CSC = SHARED / "countries_states_cities" / "countries+states+cities.json.gz"
MASAKHANER = SHARED / "masakhaner2"
_WORD = re.compile(r"^[A-Z][a-z]+$")


def _mentions(lang: str, kind: str) -> Counter[str]:
    """Surfaces of ``kind`` (PER, ORG) in one MasakhaNER training file."""
    found: Counter[str] = Counter()
    current: list[str] = []
    with gzip.open(MASAKHANER / lang / "train.txt.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            parts = line.split()
            tag = parts[-1] if len(parts) >= 2 else "O"
            if tag == f"I-{kind}" and current:
                current.append(parts[0])
                continue
            if current:
                found[" ".join(current)] += 1
            current = [parts[0]] if tag == f"B-{kind}" else []
    return found


def build_test_banks(root: Path) -> Path:
    """Write ``african/`` and ``gazetteer/`` banks under ``root`` and return ``root``."""
    with gzip.open(CSC, "rt", encoding="utf-8") as handle:
        countries = json.load(handle)
    gazetteer = {k: Counter() for k in ("country", "state", "city", "nationality")}
    african = {k: Counter() for k in ("country", "city", "location", "nationality", "organization",
                                      *FIRST_NAME_TYPES, "last")}
    for index, country in enumerate(countries):
        is_african = country.get("region") == "Africa"
        size = 100_000 + index  # a stand-in population: the same for a country and its demonym pairs them
        places = [("country", country["name"], size), ("nationality", country.get("nationality") or "", size)]
        for state in country.get("states", []):
            places.append(("state", state["name"], 1))
            places.extend(("city", city["name"], 1) for city in state.get("cities", []))
        for kind, name, count in places:
            name = name.strip()
            if not name:
                continue
            gazetteer[kind][name] += count
            if is_african:
                african["location" if kind == "state" else kind][name] += count
    import gender_guesser.detector as detector

    guess = detector.Detector(case_sensitive=False)
    genders = {"male": "first-male", "mostly_male": "first-male", "female": "first-female",
               "mostly_female": "first-female"}
    for name, count in (_mentions("yor", "PER") + _mentions("hau", "PER") + _mentions("pcm", "PER")).items():
        words = name.split()
        if len(words) == 2 and all(_WORD.match(w) for w in words):
            african[genders.get(guess.get_gender(words[0]), "first-neutral")][words[0]] += count
            african["last"][words[1]] += count
    for name, count in _mentions("pcm", "ORG").items():
        if len(name) > 3 and all(_WORD.match(w) or w.isupper() for w in name.split()):
            african["organization"][name] += count
    for bank, table in (("gazetteer", gazetteer), ("african", african)):
        for span_type, counts in table.items():
            write_bank_file(root / bank / f"{span_type}.tsv", counts.items())
    return root


def test_test_banks_are_african_and_complete(tmp_path):
    root = build_test_banks(tmp_path)
    african, gazetteer = load_bank("african", root), load_bank("gazetteer", root)
    assert set(african.span_types()) == {"country", "city", "location", "nationality", "organization",
                                         *FIRST_NAME_TYPES, "last"}
    assert all(len(african.names(t)) >= 20 for t in african.span_types())
    assert {"Nigeria", "Kenya", "Ghana"} <= set(african.names("country"))
    assert "France" not in african.names("country") and "France" in gazetteer.names("country")
    assert {"Nigerian", "Kenyan"} <= set(african.names("nationality"))
    assert "Lagos" in african.names("city") and "Paris" not in african.names("city")
