"""Places inside longer names (:mod:`entity_renaming.places`): the word-level checks, without NER."""

from __future__ import annotations

from entity_renaming.places import _name_grams, derived_place_word, glued


def test_a_derived_word_of_a_state_or_city_is_found():
    """No bank gives a state's or city's demonym: "Victorian" beside Victoria would keep the old name."""
    assert derived_place_word("Victoria", ["The Victorian Constitution"]) == "Victorian"
    assert derived_place_word("California", ["Californians voted"]) == "Californians"
    assert derived_place_word("Paris", ["a Parisian cafe"]) == "Parisian"
    assert derived_place_word("Berlin", ["Berliners"]) == "Berliners"
    assert derived_place_word("New York", ["a New Yorker"]) == "Yorker"
    assert derived_place_word("Denver", ["the Denver Broncos"]) is None
    assert derived_place_word("Victoria", ["Lake Victoria"]) is None


def test_a_place_glued_into_another_name_is_found():
    """The renamer renames whole words: "NewcastleGateshead" would keep Newcastle."""
    assert glued("Newcastle", ["EAT! NewcastleGateshead, a festival"])
    assert glued("Victoria", ["MacVictoria"])
    assert not glued("Newcastle", ["Newcastle, UK", "Newcastle's"])
    assert not glued("US", ["the USA"])  # abbreviations: rule place.other-name
    assert not glued("Oman", ["Romans"])


def test_name_grams_start_at_words():
    """A gram starts at a capitalised word, never inside one ("d'Alsace")."""
    grams = [g for _, _, g in _name_grams("Grand Canal d'Alsace")]
    assert "Alsace" not in grams and "Grand Canal" in grams
    assert [g for _, _, g in _name_grams("Warsaw Stock Exchange")][:1] == ["Warsaw Stock Exchange"]
    assert "Warsaw" in [g for _, _, g in _name_grams("Warsaw Stock Exchange")]
