"""Person name shapes handled instead of vetoed (issue 19): role words before a name, surnames with a
particle, Chinese names written family name first, a bracketed alias renamed with the person."""

from __future__ import annotations

import pytest

from entity_renaming.entities import person_spans
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import Mention
from entity_renaming.persons import family_first_parts, particle_name, pinyin_given_name, role_stripped


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


def _types(spans) -> dict[str, str]:
    return {s.surface: s.span_type for s in spans}


def test_role_words_before_a_full_name_are_stripped(lexicon: Lexicon) -> None:
    assert role_stripped("rookie Donn F. Eisele", lexicon) == "Donn F. Eisele"
    assert role_stripped("Lt Col James Abercrombie", lexicon) == "James Abercrombie"
    assert role_stripped("US President Barack Obama", lexicon) == "Barack Obama"
    assert role_stripped("Donn Eisele", lexicon) is None  # nothing to strip
    assert role_stripped("rookie Eisele", lexicon) is None  # a lone word after it: no full name


def test_a_surname_with_a_particle_keeps_it_and_renames_the_given_name(lexicon: Lexicon) -> None:
    assert particle_name("Pedro Menéndez de Avilés", lexicon) == ("Pedro", "Menéndez de Avilés")
    assert particle_name("Wernher von Braun", lexicon) == ("Wernher", "von Braun")
    assert particle_name("Hassan al-Turabi", lexicon) == ("Hassan", "al-Turabi")
    assert particle_name("Count Ludwig von Nassau", lexicon) == ("Ludwig", "von Nassau")  # title dropped
    assert particle_name("Marquis de la Jonquière", lexicon) is None  # a title of nobility, no given name
    assert particle_name("Muhammad Abd al-Salaam Farag", lexicon) is None  # a father's name, no surname
    assert particle_name("Runyon v. McCrary", lexicon) is None  # a court case
    assert particle_name("Pedro de", lexicon) is None
    context = ("The governor sent Pedro Menéndez de Avilés to the coast in the spring. He landed with five "
               "ships and built a fort. The fort stood for decades.")
    spans = person_spans("Pedro Menéndez de Avilés", lexicon, context=context)
    assert _types(spans) == {"Pedro": "first-male"}


def test_pinyin_given_names(lexicon: Lexicon) -> None:
    assert all(map(pinyin_given_name, ("Zedong", "Shoujing", "Shu", "Bingzhong")))
    assert not any(map(pinyin_given_name, ("Esiason", "Setsen", "Hadid", "Forkbeard")))


def test_a_chinese_name_written_family_name_first_is_typed_by_its_parts(lexicon: Lexicon) -> None:
    assert family_first_parts(("Guo", "Shoujing"), lexicon) == ("Guo", "Shoujing")
    assert family_first_parts(("Boomer", "Esiason"), lexicon) is None
    assert family_first_parts(("Lee", "Harvey"), lexicon) is None  # Lee is a frequent US first name
    context = ("The court astronomer Guo Shoujing reformed the calendar. He built new instruments for the "
               "observatory. The calendar was used for centuries.")
    mentions = [Mention(21, 33, "PERSON", "Guo Shoujing")]
    # the family name is a surname; the given name takes the passage's pronoun, not a bank's guess
    assert _types(person_spans("Guo Shoujing", lexicon, context=context, mentions=mentions)) == {
        "Guo": "last", "Shoujing": "first-male"}
    # with no pronoun, only the family name is renamed
    assert _types(person_spans("Guo Shoujing", lexicon, context="Guo Shoujing reformed the calendar.",
                               mentions=mentions)) == {"Guo": "last"}
    # the family name alone, where the passage writes the full name
    assert _types(person_spans("Guo", lexicon, context=context, mentions=mentions)) == {"Guo": "last"}
