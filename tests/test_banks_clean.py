"""Cleaning rules shared by every bank, and the committed banks obeying them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from entity_renaming.banks.cards import render_card
from entity_renaming.banks.clean import clean_counts, clean_name, genderize, is_latin
from entity_renaming.banks.recipes import load_recipes
from entity_renaming.namebank import FIRST_NAME_TYPES, NameBank

ROOT = Path(__file__).resolve().parents[1]
BANKS = ROOT / "name_banks"
PERSON_BANKS = ("us", "french", "indian", "arabic", "chinese", "african", "tzioumis")


def test_clean_name_rules() -> None:
    assert clean_name("D&#039;Arras") == "D'Arras"
    assert clean_name("O’Neil") == "O'Neil"
    assert clean_name("  Jean   Luc ") == "Jean Luc"
    assert clean_name("محمد") is None and clean_name("王伟") is None and clean_name("Иван") is None
    assert clean_name("Jalili dynasty") is None and clean_name("Baby") is None
    assert clean_name("All Other Names") is None and clean_name("R2D2") is None and clean_name("X") is None
    assert is_latin("Adhémar") and is_latin("Nguyễn")


def test_duplicates_merge_case_insensitively() -> None:
    assert clean_counts([("Mcdonald", 5), ("McDonald", 7), ("MCDONALD", 1)]) == {"McDonald": 13}


@pytest.mark.parametrize(("male", "female", "kind"), [
    (200, 100, "first-male"), (199, 100, "first-neutral"), (100, 200, "first-female"),
    (5, 0, "first-male"), (0, 5, "first-female"), (1, 1, "first-neutral"),
])
def test_gender_ratio_rule(male: int, female: int, kind: str) -> None:
    tables = genderize({"Sam": male} if male else {}, {"Sam": female} if female else {})
    assert tables[kind] == {"Sam": male + female}
    assert sum(len(t) for t in tables.values()) == 1


@pytest.mark.parametrize("bank_name", PERSON_BANKS)
def test_committed_person_banks_are_clean(bank_name: str) -> None:
    bank = NameBank.from_folder(BANKS / bank_name)
    firsts = [n.lower() for t in FIRST_NAME_TYPES if bank.has(t) for n in bank.names(t)]
    assert len(firsts) == len(set(firsts)), "a first name is in two genders"
    for span_type in bank.span_types():
        names = bank.names(span_type)
        assert len({n.lower() for n in names}) == len(names), f"{span_type}: case-insensitive duplicates"
        assert all(clean_name(n) == n for n in names if span_type in (*FIRST_NAME_TYPES, "last")), span_type
        assert not any("&#" in n or "&amp;" in n for n in names)


def test_manifest_describes_every_committed_bank() -> None:
    manifest = json.loads((BANKS / "MANIFEST.json").read_text())
    folders = sorted(p.name for p in BANKS.iterdir() if p.is_dir())
    assert sorted(manifest["banks"]) == folders
    for name, entry in manifest["banks"].items():
        assert entry["sources"] and entry["filters"]
        assert entry["provenance"] in ("official", "offline-pypi", "mixed")
        for source in entry["sources"]:
            assert source["retrieved"] and source["license"] is not None, (name, source["source"])
            if source["kind"] == "offline-pypi":
                assert "==" in source["package"]
        on_disk = sorted(p.stem for p in (BANKS / name).glob("*.tsv"))
        assert sorted(entry["span_types"]) == on_disk
        for span_type, info in entry["span_types"].items():
            assert info["names"] == len(NameBank.from_folder(BANKS / name).names(span_type))


def test_data_cards_match_the_manifest() -> None:
    """Committed cards are the rendering of the committed manifest (rebuild with --cards if not)."""
    manifest = json.loads((BANKS / "MANIFEST.json").read_text())
    recipes = load_recipes()
    for name, entry in manifest["banks"].items():
        card = (ROOT / "cards" / "name_banks" / f"{name}.md").read_text()
        assert card == render_card(recipes[name], entry), name
        for span_type, info in entry["span_types"].items():
            assert f"| `{span_type}` | {info['names']:,} |" in card, (name, span_type)


def test_country_bank_holds_only_sovereign_states():
    """A DBName country replacement must be a country ("What country's schools …" → not "Antarctica",
    "Which country was the last to receive the disease?" → not "American Samoa")."""
    from entity_renaming.banks.gazetteer import NOT_COUNTRIES, tables_from_export
    from entity_renaming.namebank import load_bank

    countries = set(load_bank("gazetteer").names("country"))
    assert not {"Antarctica", "American Samoa", "Christmas Island", "Guam", "Norfolk Island",
                "Saint Pierre and Miquelon", "Greenland", "Puerto Rico"} & countries
    assert {"Japan", "Samoa", "Kosovo", "Taiwan", "Palestine", "Fiji", "Vatican City"} <= countries
    assert "Palestinian Territory Occupied" not in countries  # the database's garbled name
    rows = [{"name": "Antarctica", "iso2": "AQ", "states": []}, {"name": "Guam", "iso2": "GU", "states": []},
            {"name": "Japan", "iso2": "JP", "population": 5, "states": []}]
    assert set(tables_from_export(rows)["country"]) == {"Japan"}
    assert len(countries) >= 190 and len(NOT_COUNTRIES) == 53
    african = set(load_bank("african").names("country"))
    assert {"Nigeria", "Kenya"} <= african and not {"Reunion", "Western Sahara", "Saint Helena"} & african
