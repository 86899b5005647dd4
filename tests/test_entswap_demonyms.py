"""EntSwap handles a country's demonym and qualified names instead of vetoing the country (issue 19):
language phrases are left whole, a demonym used for the people becomes a plural, a country after an era or
regime word is renamed inside it, a colony named "New <country>" is another referent."""

from __future__ import annotations

from test_entswap_units import _example, banks, mentions_of  # noqa: F401 (fixture)

from entity_renaming.entswap.build import rename_swapped
from entity_renaming.entswap.entities import article_entities, era_of_country
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Substitution
from entity_renaming.substitute import demonym_plural

SUBS = [Substitution("France", "Kenya", "country", "country"),
        Substitution("French", "Kenyan", "nationality", "nationality")]


def entities(text: str, *found: tuple[str, str], lexicon: Lexicon) -> dict:
    return {e.surface: e for e in article_entities([text], {text: mentions_of(text, *found)}, lexicon)}


def test_a_demonym_for_the_people_becomes_a_plural_noun():
    ex = _example("The French were beaten, and the French fled. French troops and the French and British "
                  "forces met.", "Who were beaten?", "The French")
    renamed, _ = rename_swapped(ex, SUBS)
    assert renamed.context == ("The Kenyans were beaten, and the Kenyans fled. Kenyan troops and the Kenyan "
                               "and British forces met.")  # a coordinated adjective stays singular
    assert renamed.answers[0].text == "The Kenyans"
    assert [demonym_plural(d) for d in ("Kenyan", "Somali", "Malagasy", "Sudanese", "Mosotho")] == [
        "Kenyans", "Somalis", "Malagasy", "Sudanese", "Basotho"]


def test_language_phrases_are_left_whole_and_the_country_renamed(banks):
    lexicon = Lexicon(banks, strict=False)
    text = ("France is large. The French were proud; they spoke French at home. In French, the word is old. "
            "French wine is good. The French language spread.")
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert found["France"].category == "country" and found["French"].category == "nationality"
    assert set(found["French"].keep) == {"spoke French", "In French", "French language"}
    ex = _example(text, "What did they speak at home?", "French at home")
    renamed, _ = rename_swapped(ex, SUBS, found["French"].keep)
    assert renamed.context == ("Kenya is large. The Kenyans were proud; they spoke French at home. In French, "
                               "the word is old. Kenyan wine is good. The French language spread.")
    assert renamed.answers[0].text == "French at home"


def test_a_language_phrase_that_is_elsewhere_an_adjective_is_kept_with_its_next_word(banks):
    lexicon = Lexicon(banks, strict=False)
    text = "France is large. They wrote in French. Laws in French territory changed."
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert found["French"].keep == ("in French. Laws",)  # "in French" alone would keep "French territory"
    renamed, _ = rename_swapped(_example(text, "Which laws?", "France"), SUBS, found["French"].keep)
    assert renamed.context == "Kenya is large. They wrote in French. Laws in Kenyan territory changed."


def test_a_demonym_after_to_may_be_the_people_and_still_vetoes(banks):
    lexicon = Lexicon(banks, strict=False)
    text = "France is large. The tax applied equally to French, and to Greece."
    found = entities(text, ("France", "GPE"), ("French", "NORP"), ("Greece", "GPE"), lexicon=lexicon)
    assert "French" not in found and "France" not in found and "Greece" in found


def test_a_country_after_an_era_word_is_renamed_inside_it(banks):
    lexicon = Lexicon(banks, strict=False)
    text = "Napoleonic France fought Greece. France lost. In the France of Louis, people prayed."
    found = entities(text, ("France", "GPE"), ("Greece", "GPE"), lexicon=lexicon)
    assert "France" in found and not found["France"].keep  # renamed inside "Napoleonic France"
    assert era_of_country("Napoleonic", "France", lexicon)
    assert not era_of_country("Paris", "France", lexicon)  # a place before a country: another place
    assert not era_of_country("Northern", "France", lexicon)
    renamed, _ = rename_swapped(_example(text, "Who lost?", "France"), SUBS[:1])
    assert renamed.context.startswith("Napoleonic Kenya fought Greece. Kenya lost. In the Kenya of Louis")


def test_a_colony_named_after_a_country_is_left_whole(banks):
    lexicon = Lexicon(banks, strict=False)
    text = "Settlers left France for New France. France was at war."
    found = entities(text, ("France", "GPE"), lexicon=lexicon)
    assert found["France"].keep == ("New France",)
    renamed, _ = rename_swapped(_example(text, "Where did settlers go?", "New France"), SUBS[:1],
                                found["France"].keep)
    assert renamed.context == "Settlers left Kenya for New France. Kenya was at war."
    assert renamed.answers[0].text == "New France"
