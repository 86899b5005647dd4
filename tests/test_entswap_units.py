"""EntSwap pieces on hand-made mentions: categories, person name parts, inflections, mapping rules,
config names and the offline Stanza backend's errors."""

from __future__ import annotations

import re

import pytest
from conftest import mentions_of, observed_entities, write_banks

from entity_renaming.acronyms import abbreviated_name
from entity_renaming.configs import parse_config_name
from entity_renaming.entswap.build import EntSwap, config_name, rename_swapped
from entity_renaming.entswap.categories import singular_demonym
from entity_renaming.entswap.entities import (
    MIN_INITIALS,
    Entity,
    answer_safe,
    arabic_reading,
    article_candidates,
    article_entities,
    category_of,
    era_of_country,
    fixed_name,
    glossed_persons,
    misspelt,
    opens_longer_word,
    other_full_names,
    passage_city,
    passage_entities,
    passage_spelling,
    person_parts,
    question_possessives,
    settle_article_wide,
    small_settlement,
    titled_particle_parts,
    trailing_title,
    whole_forms,
    written_forms,
)
from entity_renaming.entswap.mapping import ArticleText, Pools, article_mapping, unit_span_type
from entity_renaming.entswap.person_evidence import kept_eponym_terms
from entity_renaming.lexicon import Lexicon, clean_surface
from entity_renaming.model import Answer, QAExample, Substitution
from entity_renaming.ner import Mention, load_backend
from entity_renaming.ner.stanza_backend import StanzaResourcesError
from entity_renaming.places import STATE_COUNTRY
from entity_renaming.rules import Trace
from entity_renaming.substitute import demonym_plural


@pytest.fixture
def banks(tmp_path):
    """Small banks: the gazetteer rows are real Countries-States-Cities names; countries and demonyms carry
    populations, which pair them (``France``/``French``, ``Kenya``/``Kenyan``)."""
    rows = {
        "gazetteer": {"country": [("France", 66_000_000), ("Greece", 10_000_000), ("Nigeria", 200_000_000),
                                  ("Kenya", 41_000_000), ("Gibraltar", 33_000)],
                      "state": ["Bavaria", "Lagos"], "city": ["Rouen", "Paris", "Nairobi", "Lagos"],
                      "nationality": [("French", 66_000_000), ("Kenyan", 41_000_000)]},
        "african": {"first-male": ["Chinedu", "Kwame", "Tunde"], "first-female": ["Amara", "Zainab"],
                    "first-neutral": ["Ayo", "Sade"], "last": ["Okafor", "Mensah", "Adeyemi"],
                    "country": [("Ghana", 30_000_000), ("Kenya", 41_000_000), ("Senegal", 13_000_000)],
                    "city": ["Kumasi", "Mombasa"], "location": ["Sahel", "Rift Valley"],
                    "organization": ["Dangote Group", "Safaricom", "Electoral Commission of Ghana"],
                    "nationality": [("Ghanaian", 30_000_000), ("Kenyan", 41_000_000),
                                    ("Senegalese", 13_000_000), "Beninese", "Malagasy", "Swazis"]},
    }
    return write_banks(tmp_path, rows)


def test_surfaces_are_cleaned_and_demonyms_singular():
    assert clean_surface("the Normans'") == "Normans"
    assert clean_surface("Rollo's") == "Rollo"
    assert clean_surface("The Duchy of Normandy") == "Duchy of Normandy"
    assert clean_surface("U.S.") == "U.S."
    assert [singular_demonym(w) for w in ("Normans", "Anglo-Saxons", "Swiss", "Herodotus", "Chinese")] == [
        "Norman", "Anglo-Saxon", "Swiss", "Herodotus", "Chinese"]


def test_gpe_split_with_the_gazetteer(banks):
    lexicon = Lexicon(banks, strict=False)
    assert [category_of(n, "GPE", lexicon) for n in ("France", "Rouen", "Bavaria", "Francia")] == [
        "country", "city", "location", None]  # a GPE the gazetteer does not know is left alone
    assert category_of("Lagos", "GPE", lexicon) == "city"  # a state and a city of millions: the city wins
    assert category_of("Gibraltar", "GPE", lexicon) is None  # a territory, no country to rename to
    assert category_of("Rouen", "ORG", lexicon) is None  # an ORG label never becomes a city
    assert category_of("Bavaria", "ORG", lexicon) == "location"  # but a state (NER calls Normandy an ORG)
    assert category_of("European Commission", "ORG", lexicon) == "organization"  # an organisation word
    assert category_of("Electoral Commission of Kenya", "ORG", lexicon) == "organization"
    assert category_of("Dangote Group", "ORG", lexicon) is None  # a "Group" may be anything
    assert category_of("Grand Banks", "ORG", lexicon) is None  # "Banks" is no organisation word
    assert category_of("Normans", "NORP", lexicon) is None  # a people without a country
    assert category_of("French", "NORP", lexicon) == "nationality"


def test_person_name_parts():
    assert person_parts("Duke Robert Guiscard's") == ["Robert", "Guiscard"]
    assert person_parts("Richard I of Normandy") == ["Richard"]
    assert person_parts("William the Conqueror") == ["William"]
    assert person_parts("Martin Luther King Jr.") == ["Martin", "Luther", "King"]
    assert person_parts("the 10th century") == []


def test_a_ruler_title_after_a_name_is_kept_and_the_name_is_a_given_name():
    """Issue 19: "Möngke Khan", "Töregene Khatun" were weak lone names; the title types the name."""
    assert trailing_title("Töregene Khatun", ["Töregene"]) == "khatun"
    assert trailing_title("Möngke Khan", person_parts("Möngke Khan")) == "khan"
    assert trailing_title("Great Khan", []) is None  # a title alone: no name word before it
    assert trailing_title("Kublai", ["Kublai"]) is None


def test_an_arabic_name_is_a_given_name_and_a_family_part():
    """Issue 19: "Abu Hamza al-Masri" (not-name-words) is a man by his kunya, renamed by two words."""
    from entity_renaming.lexicon import Lexicon

    lexicon = Lexicon()
    name = arabic_reading("Abu Hamza al-Masri", lexicon)
    assert name is not None and (name.given, name.sex, name.family) == ("Abu Hamza", "first-male", "al-Masri")
    assert arabic_reading("al-Tawhid", lexicon) is None


def test_article_entities_vote_and_keep_full_names_consistent(banks):
    text = ("Robert Guiscard took Rouen. Guiscard and Robert met the Normans in France. "
            "Byzantine Greece fell. Greece is old. A Norman's horse.")
    mentions = {text: mentions_of(text, ("Robert Guiscard", "PERSON"), ("Guiscard", "PERSON"),
                                  ("Rouen", "GPE"), ("Normans", "NORP"), ("France", "GPE"),
                                  ("Byzantine Greece", "PERSON"), ("Greece", "GPE"), ("Norman's", "PERSON"))}
    lexicon = Lexicon(banks, strict=False)
    found = {e.surface: e for e in article_entities([text], mentions, lexicon)}
    assert found["Guiscard"] == Entity("Guiscard", "person", "last")
    assert found["Robert"].span_type == "first-male"
    assert found["Rouen"].category == "city" and found["France"].category == "country"
    assert found["Greece"].category == "country" and "Byzantine" not in found
    assert "Norman" not in found  # a people without a country of the gazetteer is not renamed


def test_a_country_abbreviation_labelled_gpe_is_renamed_with_its_country(banks):
    """An all-capital country abbreviation of the alias tables (``USSR``) labelled GPE is a country whose
    referent is the full name: alone, or beside the full name, one referent takes one new name; a code whose
    new name could not stand at every mention ("USSR forces") is left, its full name with it."""
    lexicon = Lexicon(banks, strict=False)
    alone = "The USSR signed the treaty. Later the USSR fell apart."
    found = entities(alone, ("USSR", "GPE"), ("USSR", "GPE"), lexicon=lexicon)
    assert found["USSR"].category == "country" and found["USSR"].referent == "Soviet Union"
    both = "The Soviet Union signed the treaty. Later the USSR fell apart."
    found = entities(both, ("Soviet Union", "GPE"), ("USSR", "GPE"), lexicon=lexicon)
    assert found["USSR"].referent == found["Soviet Union"].referent == "Soviet Union"
    modifier = "The Soviet Union signed the treaty. USSR forces left."
    found = entities(modifier, ("Soviet Union", "GPE"), ("USSR", "GPE"), lexicon=lexicon)
    assert "USSR" not in found and "Soviet Union" not in found


def test_a_sentence_opening_article_stays_capital_before_the_gambia():
    """"The USSR's invasion" opening a sentence → "The Gambia's invasion", not "the Gambia's"."""
    from entity_renaming.substitute import Renamer

    renamer = Renamer([Substitution("USSR", "The Gambia", "gpe", "country")])
    assert renamer.apply("The USSR's invasion failed. Then the USSR fell.")[0] == (
        "The Gambia's invasion failed. Then the Gambia fell.")


def _example(context, question, answer, title="Normans", impossible=False):
    start = context.index(answer)
    ans = [Answer(answer, [(start, start + len(answer))])]
    return QAExample("q1", "squad_v2", "squad", context, question, [] if impossible else ans,
                     title=title, context_id="0/0", is_impossible=impossible,
                     plausible_answers=ans if impossible else None)


def test_inflections_follow_the_new_name(banks):
    ex = _example("The Normans came. A Norman's sword. NORMANS ruled. The Normans' land.",
                  "Who were the Normans?", "Norman's sword")
    subs = [Substitution("Norman", "Aremu", "nationality", "nationality")]
    renamed, edits = rename_swapped(ex, subs)
    assert renamed.context == "The Aremus came. An Aremu's sword. AREMUS ruled. The Aremus' land."  # a → an
    assert renamed.question == "Who were the Aremus?" and renamed.title == "Aremus"
    assert renamed.answers[0].text == "Aremu's sword"
    assert {e.field for e in edits} == {"context", "question", "title", "answer"}


def test_unanswerable_keeps_no_answer_and_renames_plausible(banks):
    ex = _example("Rollo led the Normans.", "Who led the Franks?", "Rollo", impossible=True)
    renamed, _ = rename_swapped(ex, [Substitution("Rollo", "Kwame", "person", "first-male")])
    assert renamed.is_impossible and renamed.answers == []
    assert renamed.plausible_answers[0].text == "Kwame" and renamed.context.startswith("Kwame")


def test_spent_country_pool_draws_countries_no_demonym_follows(banks):
    """An article that spends the countries with a usable demonym gives a country none of whose demonyms it
    renames one of the other African countries (Senegal: "Senegalese" has no -s plural); a country whose
    demonym it renames, or that it writes as a letter code, keeps its name."""
    pools = Pools("african", banks)
    assert pools.countries_without_demonym() == ("Senegal",)
    text = ArticleText(["France, Greece and the US.", "Kenyan runners."])
    kenyan = Entity("Kenyan", "nationality", "nationality", country="Kenya")
    options = {"article": "a", "article_text": text, "pools": pools}
    for seed in range(10):
        entities = [Entity("France", "country", "country"), Entity("Greece", "country", "country"), kenyan]
        new = {s.original: s.replacement for s in article_mapping(entities, ("country", "nationality"),
                                                                  seed=seed, **options)}
        assert new == {"France": "Ghana", "Greece": "Senegal"}  # Kenya's demonym is in the article
        greek = Entity("Greek", "nationality", "nationality", country="Greece")
        new = {s.original: s.replacement for s in article_mapping(
            [*entities, greek], ("country", "nationality"), seed=seed, **options)}
        assert "Greece" not in new and "Greek" not in new
        us = Entity("US", "country", "country", referent="United States")
        new = {s.original: s.replacement for s in article_mapping(
            [entities[0], us, kenyan], ("country", "nationality"), seed=seed, **options)}
        assert new == {"France": "Ghana"}


def test_a_historical_state_takes_a_country_after_the_named_ones(banks):
    """A state's word (places.renamable_states: "Assyrian" of the Assyrian Empire) is a nationality of a
    country no text names: it takes the demonym of a drawn African country, drawn after the article's
    named countries (its key sorts before "France"), so that a spent pool leaves the state, not a country,
    with its old name."""
    pools = Pools("african", banks)
    text = ArticleText(["France, Greece and the Assyrian Empire.", "The Assyrians came."])
    assyrian = Entity("Assyrian", "nationality", "nationality", "Assyrian", STATE_COUNTRY.format("Assyrian"))
    france, greece = Entity("France", "country", "country"), Entity("Greece", "country", "country")
    options = {"article": "a", "article_text": text, "pools": pools}
    for seed in range(10):
        new = {s.original: s.replacement for s in article_mapping(
            [france, assyrian], ("country", "nationality"), seed=seed, **options)}
        assert {new["France"], new["Assyrian"]} in ({"Ghana", "Kenyan"}, {"Kenya", "Ghanaian"})
        new = {s.original: s.replacement for s in article_mapping(
            [france, greece, assyrian], ("country", "nationality"), seed=seed, **options)}
        assert {new["France"], new["Greece"]} == {"Ghana", "Kenya"} and "Assyrian" not in new


def test_mapping_rules(banks):
    entities = [Entity("French", "nationality", "nationality", country="France"),
                Entity("France", "country", "country"), Entity("Robert", "person", "first-male"),
                Entity("Guiscard", "person", "last"), Entity("Rouen", "city", "city"),
                Entity("Kenyan", "nationality", "nationality", country="Kenya")]
    text = ArticleText(["Robert Guiscard and the French took Rouen in France. Tunde was there.",
                        "Kenyan runners."])
    pools = Pools("african", banks)
    assert pools("nationality") == ("Kenyan", "Ghanaian")  # no irregular plural (Senegalese, Swazis …)
    assert pools.countries() == ("Kenya", "Ghana")  # Senegal's demonym has no -s plural
    for seed in range(20):
        subs = article_mapping(entities, ("person", "country", "city", "nationality"), seed=seed, article="a",
                               article_text=text, pools=pools)
        new = {s.original: s.replacement for s in subs}
        # Kenya's demonym is in the article, so France → Ghana, and Kenya has no name left to draw
        assert new["France"] == "Ghana" and new["French"] == "Ghanaian" and "Kenyan" not in new
        assert new["Robert"] in ("Chinedu", "Kwame")  # Tunde is in the text
        assert new["Rouen"] in ("Kumasi", "Mombasa") and new["Guiscard"] in ("Okafor", "Mensah", "Adeyemi")
    options = {"seed": 3, "article": "a", "article_text": text, "pools": pools}
    without_city = article_mapping(entities, ("person", "country", "nationality"), **options)
    full = article_mapping(entities, ("person", "country", "city", "nationality"), **options)
    assert without_city == [s for s in full if s.entity_type != "city"]
    without_country = article_mapping(entities, ("person", "city", "nationality"), **options)
    assert {s.original: s.replacement for s in without_country}["French"] == pools.demonym(
        {s.original: s.replacement for s in full}["France"])  # the ablation keeps the demonym's name


def test_organisation_takes_an_african_name_with_its_organisation_word(banks):
    entities = [Entity("European Commission", "organization", "organization", head="commission"),
                Entity("Acme Corporation", "organization", "organization", head="corporation")]
    subs = article_mapping(entities, ("organization",), seed=0, article="a",
                           article_text=ArticleText(["The European Commission and Acme Corporation."]),
                           pools=Pools("african", banks))
    assert [(s.original, s.replacement) for s in subs] == [("European Commission",
                                                            "Electoral Commission of Ghana")]


def test_multiword_entity_cut_by_an_answer_is_not_renamed_as_a_unit():
    ex = _example("It joins the Old Rhine near Rhine Falls.", "What joins?", "Rhine near Rhine")
    entities = [Entity("Old Rhine", "location", "location"), Entity("Rhine Falls", "location", "location"),
                Entity("Rhine", "location", "location")]
    assert [e.surface for e in answer_safe(entities, [ex])] == ["Rhine"]


def test_a_place_cut_by_an_answer_takes_its_other_names_and_demonyms_along():
    """One referent keeps one name: when an answer cuts "United States" (so it stays), "US" and "American"
    must stay too, while another country is still renamed."""
    ex = _example("The United States and the US army met France. American troops left.", "Who met France?",
                  "The United")
    entities = [Entity("United States", "country", "country", "United States"),
                Entity("US", "country", "country", "United States"),
                Entity("American", "nationality", "nationality", "American", "United States"),
                Entity("France", "country", "country", "France")]
    assert [e.surface for e in answer_safe(entities, [ex])] == ["France"]


def test_config_names():
    assert config_name("squad_v2", 2) == "afrisquad2-seed2"
    assert config_name("squad_v2", 0, "city") == "afrisquad2-wo-city-seed0"
    assert config_name("TriviaQA-web", 1) == "triviaqa-entswap-seed1"
    assert parse_config_name(config_name("TriviaQA-web", 1))["perturbation"] == "entswap"
    with pytest.raises(ValueError, match="SQuAD 2.0 only"):
        config_name("SQuAD", 0, "city")
    with pytest.raises(ValueError, match="unknown EntSwap category"):
        config_name("squad_v2", 0, "date")


def test_stanza_backend_needs_a_prepared_resources_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("STANZA_RESOURCES_DIR", raising=False)
    with pytest.raises(StanzaResourcesError, match="no resources.json"):
        load_backend("stanza", model=str(tmp_path))
    with pytest.raises(StanzaResourcesError, match="STANZA_RESOURCES_DIR"):
        load_backend("stanza")


# Issue 19: demonyms and qualified names of a country handled instead of vetoing the country.
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
    assert [demonym_plural(d) for d in ("Kenyan", "Somali", "Malagasy", "Sudanese", "Mosotho", "Greek",
                                        "Filipino", "Czech", "French", "Kirghiz")] == [
        "Kenyans", "Somalis", "Malagasy", "Sudanese", "Basotho", "Greeks", "Filipinos", "Czechs", "French",
        "Kirghiz"]


def test_language_phrases_are_left_whole_and_the_country_renamed(banks):
    lexicon = Lexicon(banks, strict=False)
    text = ("France is large. The French were proud; they spoke French at home. In French, the word is old. "
            "French wine is good. The French language spread.")
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert found["France"].category == "country" and found["French"].category == "nationality"
    assert set(found["French"].keep) == {"spoke French", "In French", "French language"}
    ex = _example(text, "What did they speak at home?", "French at home")
    renamed, _ = rename_swapped(ex, SUBS, found["French"].keep)
    assert renamed.context == ("Kenya is large. The Kenyans were proud; they spoke French at home. "
                               "In French, the word is old. Kenyan wine is good. The French language spread.")
    assert renamed.answers[0].text == "French at home"


def test_a_demonym_listed_before_languages_or_naming_a_word_is_the_language():
    """Blind read round 19 (AfriSQuAD2): "spelling Mongolian, Tibetan, and Chinese languages" and "the
    Japanese name for the Yuan dynasty" name languages; "Namibian" or "Chadian" there is no language."""
    from entity_renaming.demonyms import language_phrase

    def phrase(text: str, word: str) -> str | None:
        at = text.index(word)
        return language_phrase(text, at, at + len(word))

    listed = "a script for spelling Mongolian, Tibetan, and Chinese languages"
    assert phrase(listed, "Mongolian") == "Mongolian, Tibetan, and Chinese languages"
    assert phrase(listed, "Tibetan") == "Tibetan, and Chinese languages"
    assert phrase("the Japanese name for the Yuan dynasty", "Japanese") == "Japanese name for"
    assert phrase("the Mongolian army and Chinese troops", "Mongolian") is None
    assert phrase("French and British forces met", "French") is None  # a list of peoples, no language
    # blind read of the eighth session's changes: a bracketed gloss and a mother tongue name the language
    assert phrase("the Wianki (Polish for Wreaths) festival", "Polish") == "Polish for"
    assert phrase("833,500 were of Polish mother tongue", "Polish") == "Polish mother tongue"
    assert phrase("the French fought for the fort", "French") is None


def test_a_language_before_such_as_is_the_language():
    """Blind read r5 (AfriSQuAD2): "could still speak Chinese such as" became "speak Mozambican": "such"
    ends the demonym's phrase as a function word does, so after "speak" it names the language."""
    from entity_renaming.demonyms import language_phrase

    text = "those who could still speak Chinese such as the prince"
    at = text.index("Chinese")
    assert language_phrase(text, at, at + len("Chinese")) == "speak Chinese"


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


@pytest.mark.slow  # the GeoNames cities (about 30 s to load) decide that an era word is no place
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


def test_a_fixed_name_holding_a_demonym_is_left_whole_and_the_country_renamed(banks):
    """Issue 19: "Anglo-French Treaty" is a name of another referent; its demonym is left as written (in
    every casing of the name), while the country and the free-standing demonym are renamed. Words that
    describe (one plural, an office, after "a") still take the new demonym, and so does a country's own
    revolution (blind read, eleventh session: "the 1979 Iranian Revolution" kept beside Iran → Algeria)."""
    lexicon = Lexicon(banks, strict=False)
    text = ("France is large. The French Revolution began in 1789; the French revolution spread. French "
            "Marxists met the French President. A French Court ruled. The Anglo-French Treaty held.")
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert found["France"].category == "country" and found["French"].category == "nationality"
    assert set(found["French"].keep) == {"Anglo-French Treaty"}
    ex = _example(text, "When did the French Revolution begin?", "1789")
    renamed, _ = rename_swapped(ex, SUBS, found["French"].keep)
    assert renamed.context == (
        "Kenya is large. The Kenyan Revolution began in 1789; the Kenyan revolution spread. Kenyan "
        "Marxists met the Kenyan President. A Kenyan Court ruled. The Anglo-French Treaty held.")
    assert renamed.question == "When did the Kenyan Revolution begin?" and renamed.answers[0].text == "1789"
    assert fixed_name(text, text.index("French Rev"), text.index("French Rev") + 6, lexicon) is None
    assert fixed_name(text, text.index("French Mar"), text.index("French Mar") + 6, lexicon) is None


def test_two_places_joined_by_a_hyphen_are_both_renamed(banks):
    """Issue 19: "the France-Greece war" joins two renamed places (each renamed); a hyphen to a word that is
    no renamed place ("Austria-France") or a pair opening a longer name ("France-Greece Commission") is
    one longer name and still vetoes."""
    lexicon = Lexicon(banks, strict=False)
    text = "France is large. Greece is old. The France-Greece war ended. Greece won."
    found = entities(text, ("France", "GPE"), ("Greece", "GPE"), lexicon=lexicon)
    assert {"France", "Greece"} <= set(found)
    subs = [SUBS[0], Substitution("Greece", "Ghana", "country", "country")]
    renamed, _ = rename_swapped(_example(text, "Who won?", "Greece"), subs)
    assert renamed.context == "Kenya is large. Ghana is old. The Kenya-Ghana war ended. Ghana won."
    for longer in ("Austria-France war", "France-Greece Commission"):
        text = f"France is large. Greece is old. The {longer} ended."
        found = entities(text, ("France", "GPE"), ("Greece", "GPE"), lexicon=lexicon)
        assert "France" not in found, longer


def _passage_and_question(passage: str, question: str, *found: tuple[str, str], lexicon: Lexicon) -> dict:
    """The article's entities for one passage (long enough to be one) and one question."""
    passage = passage + " The rest of the passage speaks of other things." * 8
    texts = [passage, question]
    found_in = {t: mentions_of(t, *found) for t in texts}
    return {e.surface: e for e in article_entities(texts, found_in, lexicon)}


def test_a_question_that_twists_the_place_name_vetoes_nothing(banks):
    """Issue 19: SQuAD 2.0's unanswerable questions twist the passage's wording ("Who was Old France's
    governor?", "the France's first railway"): the twist is the question's own and the place is renamed in
    it; the same wording in the passage, or a longer name the passage also writes, still vetoes."""
    lexicon = Lexicon(banks, strict=False)
    passage = "France is large. France was at war with Greece in 1790."
    for question in ("Who was Old France's governor?", "Where did the France's first railway end?"):
        found = _passage_and_question(passage, question, ("France", "GPE"), lexicon=lexicon)
        assert "France" in found, question
        renamed, _ = rename_swapped(_example(passage, question, "1790"), SUBS[:1], found["France"].keep)
        assert renamed.question == question.replace("France", "Kenya")
    for twisted in ("Old France", "the France's first railway"):
        found = _passage_and_question(f"{passage} They saw {twisted}.", "Who was at war?",
                                      ("France", "GPE"), lexicon=lexicon)
        assert "France" not in found, twisted
    found = _passage_and_question(f"{passage} They sailed to Old France.", "Who ruled Old France?",
                                  ("France", "GPE"), lexicon=lexicon)
    assert "France" not in found


def test_a_building_named_after_the_place_only_a_question_writes_is_renamed_inside(banks):
    """Blind read round 31: "When did Warsaw Palace start to rebuild?" (SQuAD 2.0's twist of the passage's
    "Warsaw's") kept "Warsaw Palace" beside the renamed city; a longer name only a question writes is the
    question's own wording, renamed inside, though it reads as another referent's (a palace)."""
    lexicon = Lexicon(banks, strict=False)
    passage = "Paris's styles reflect its history. Paris was razed in 1944."
    question = "When did Paris Palace start to rebuild?"
    found = _passage_and_question(passage, question, ("Paris", "GPE"), lexicon=lexicon)
    assert found["Paris"].category == "city" and "Paris Palace" not in found["Paris"].keep
    subs = [Substitution("Paris", "Nairobi", "city", "city")]
    renamed, _ = rename_swapped(_example(passage, question, "1944"), subs, found["Paris"].keep)
    assert renamed.question == "When did Nairobi Palace start to rebuild?"


def test_two_letter_initials_show_no_abbreviated_name():
    """A country code opening an office ("US Secretary of State") makes the two initials "US", the code
    itself: no evidence of an abbreviated name; three initials ("SNP") are."""
    texts = ["the US and the Scottish National Party (SNP)"]
    assert abbreviated_name("US", " Secretary of State", texts)  # the shared default: two letters count
    assert not abbreviated_name("US", " Secretary of State", texts, MIN_INITIALS)
    assert abbreviated_name("Scottish", " National Party", texts, MIN_INITIALS)



class PlaceNer:
    """A real NerBackend (the protocol) that labels every capitalised ``France`` GPE."""

    key = "test-place-ner"

    def fingerprint(self) -> dict[str, str]:
        return {"backend": "test", "cache_key": self.key}

    def recognize(self, texts):
        for text in texts:
            yield [Mention(m.start(), m.end(), "GPE", "France") for m in re.finditer(r"\bFrance\b", text)]


def test_a_problem_occurrence_leaves_the_place_in_its_own_passage_only(banks):
    """Occurrences are judged per passage, evidence per article: the lower-case "france" of one passage
    leaves France there (title, passage, question and answer of its examples alike), and the other passage
    of the same article is renamed, title included, with the article's one new name."""
    from entity_renaming.configs import ConfigSpec
    from entity_renaming.entswap.build import EntSwap

    padding = " The rest of the passage speaks of other things." * 8
    clear = "France is large. France was at war in 1790." + padding
    unclear = "France is old. Many people in france farm." + padding
    examples = []
    for n, context in enumerate((clear, unclear, clear)):
        examples.append(QAExample(f"q{n}", "squad2", "squad", context, "What is large?",
                                  [Answer("France", [(0, 6)])], title="France", context_id=f"0/{n % 2}",
                                  is_impossible=False))
    swap = EntSwap(examples, PlaceNer(), banks_root=banks, pools=Pools("african", banks), progress=False)
    assert [e.surface for e in swap.entities["title:France"]] == ["France"]  # renamed somewhere
    assert swap.passage_of == ["title:France#1", "title:France#2", "title:France#1"]
    assert [f.rule for f in swap.vetoes["title:France#2"]] == ["entswap.unclear-occurrence"]
    result = swap.build("afrisquad2-seed0", ConfigSpec("squad2", "mix", "entswap", 0), 0)
    by_id = {ex.id: ex for ex in result.examples}
    new = by_id["q0"].answers[0].text
    assert new != "France" and by_id["q2"].answers[0].text == new  # one new name in the article
    for qid in ("q0", "q2"):
        ex = by_id[qid]
        assert ex.title == new and ex.context.startswith(f"{new} is large. {new} was") and "France" not in (
            ex.context + ex.title)
    kept = by_id["q1"]
    assert kept.title == "France" and kept.context == unclear and kept.answers[0].text == "France"
    assert {r.example_id for r in result.renamings} == {"q0", "q2"}


def test_a_demonym_before_an_organ_of_its_state_follows_the_country():
    """Blind read, round 19 (AfriSQuAD2): "the German Constitutional Court" was kept while German became
    Mauritanian elsewhere ("cannot override Mauritanian law"). A state's own organ (court, parliament,
    government ...) is no fixed name of another referent: its demonym is renamed with the country. Other
    fixed names a demonym opens stay whole."""
    text = "The view of the German Constitutional Court drew on the German Civil Code."
    court, code = text.index("German"), text.rindex("German")
    assert fixed_name(text, court, court + 6, Lexicon()) is None
    assert fixed_name(text, code, code + 6, Lexicon()) == "German Civil Code"


def test_a_demonym_describing_a_capitalised_phrase_follows_the_country():
    """Blind read, round 23 (AfriSQuAD2): a demonym was renamed in "a Dutch court" but kept in "the Dutch
    Customs Authorities", "the Mongolian Borjigin clan", "the Russian Policy", "the German Invasion of
    Poland". Words that describe the country's own thing (a name after the adjective, a plural head, "of"
    a country, a policy or regime) are no fixed name: the demonym there is renamed. Names stay whole."""
    def name(text: str, demonym: str) -> str | None:
        at = text.index(demonym)
        return fixed_name(text, at, at + len(demonym), Lexicon())

    for text, demonym in [("It taxed the Dutch Customs Authorities.", "Dutch"),
                          ("He led the Mongolian Borjigin clan.", "Mongolian"),
                          ("When was the Russian Policy defunded?", "Russian"),
                          ("After the German Invasion of Poland began the war.", "German"),
                          ("They considered the Soviet Regime a renewal.", "Soviet")]:
        assert name(text, demonym) is None, text
    assert name("He fought in the Egyptian Islamic Jihad.", "Egyptian") == "Egyptian Islamic Jihad"
    assert name("It joined the Polish United Workers Party.", "Polish") == "Polish United Workers Party"
    assert name("The British East India Company traded.", "British") == "British East India Company"


def test_a_chinese_name_renames_its_family_name_as_a_surname_when_its_sex_shows(banks):
    lexicon = Lexicon(banks, strict=False)
    text = ("Zhu Yuanzhang founded the Ming. He was born poor. Later Zhu took Nanjing. "
            "Qin Shaoyou wrote many books about Nanjing.")
    found = entities(text, ("Zhu Yuanzhang", "PERSON"), ("Zhu", "PERSON"), ("Qin Shaoyou", "PERSON"),
                     lexicon=lexicon)
    # family name first: the family name is a surname (its lone mention follows), the given name typed by
    # the article's pronouns; a Chinese name whose bearer's sex nothing shows is left whole
    assert found["Zhu"].span_type == "last" and found["Yuanzhang"].span_type == "first-male"
    assert not {"Qin", "Shaoyou"} & set(found)


def test_a_chinese_family_is_renamed_as_units_in_the_banks_order(tmp_path):
    banks = write_banks(tmp_path, {
        "african": {"first-male": ["Chinedu", "Kwame", "Tunde", "Kofi", "Emeka", "Sipho"],
                    "first-female": ["Amara"], "last": ["Okafor", "Mensah", "Adeyemi", "Banda", "Phiri"]},
        "chinese": {"last": ["Shi", "Yan", "Kong", "Zhu", "Wang"], "first-male": ["Wei"]},
        "gazetteer": {"country": [("Kenya", 41_000_000)], "state": ["Lagos"], "city": ["Nairobi"],
                      "nationality": [("Kenyan", 41_000_000)]}})
    lexicon = Lexicon(banks, strict=False)
    text = ("Shi Tianze served the Jin. He later defected. His son Shi Gang married a Kerait woman. "
            "Shi was the family name of his wife too. Zhu Xi taught. He wrote commentaries. "
            "Zhu Yuanzhang founded the Ming; he was born poor. Duke Yansheng Kong Zhu returned to Qufu. "
            "Kong Zhu was a descendant of Confucius; he lived in Quzhou. Yan Shi fought; he won.")
    found = entities(text, ("Shi Tianze", "PERSON"), ("Shi Gang", "PERSON"), ("Shi", "PERSON"),
                     ("Zhu Xi", "PERSON"), ("Zhu Yuanzhang", "PERSON"), ("Kong Zhu", "PERSON"),
                     ("Yan Shi", "PERSON"), lexicon=lexicon)
    # "Shi Gang" is a name although English writes "gang": the family's members are units, family name
    # first, whose lone family name is a surname shared by all of them
    assert found["Shi"].span_type == "last" and found["Zhu"].span_type == "last"
    for name in ("Shi Tianze", "Shi Gang", "Zhu Xi", "Zhu Yuanzhang", "Yan Shi"):
        assert found[name].family_first and found[name].parts[0][1] == "last", name
    # "Shi" is Yan Shi's given name, typed as one inside that unit; "Zhu" of Kong Zhu is another's given name,
    # whose name is left whole where the Zhu family is renamed
    assert found["Yan Shi"].parts == (("Yan", "last"), ("Shi", "first-male"))
    assert "Kong Zhu" in found["Zhu"].keep
    subs = {s.original: s.replacement for s in article_mapping(
        list(found.values()), ("person",), seed=0, article="a", article_text=ArticleText([text]),
        pools=Pools("african", banks))}
    family = subs["Shi"]
    surname, given = subs["Shi Tianze"].split()
    # one new family name, written first as the original's is (span type "last first-male")
    assert surname == family and subs["Shi Gang"].split()[0] == family
    assert subs["Zhu Xi"].split()[0] == subs["Zhu Yuanzhang"].split()[0] == subs["Zhu"] != family
    assert unit_span_type(found["Shi Tianze"]) == "last first-male"
    assert family not in subs["Yan Shi"].split()  # the given name "Shi" is another name than the family's
    ex = _example(text, "Who was Shi Tianze's son?", "Shi Gang")
    renamed, _ = rename_swapped(ex, [Substitution(o, n, "person", "last") for o, n in subs.items()],
                                keep=found["Zhu"].keep)
    assert renamed.context.startswith(f"{family} {given} served the Jin.")
    assert f"{family} was the family name" in renamed.context and "Kong Zhu returned" in renamed.context
    assert renamed.question == f"Who was {family} {given}'s son?"


def test_a_particle_is_renamed_with_its_surname():
    lexicon = Lexicon(None, strict=False)
    text = ("Bernard de Neufmarché was a baron. Later Neufmarché sold the castle. "
            "Jean de Bethencourt sailed to the Canaries; he was bold. "
            "Jacques de Bordeaux left Grenoble. Bordeaux is a port.")
    found = entities(text, ("Bernard de Neufmarché", "PERSON"), ("Neufmarché", "PERSON"),
                     ("Jean de Bethencourt", "PERSON"), ("Jacques de Bordeaux", "PERSON"), lexicon=lexicon)
    # the words around the particle are the given name and surname; the lone surname follows the full name
    assert found["Bernard"].span_type == "first-male" and found["Neufmarché"].span_type == "last"
    assert found["Jean"].span_type == "first-male"  # the article's "he", not the US bank's female Jean
    assert "de" not in found and found["Bethencourt"].span_type == "last"
    # a surname that is a place the article also names alone may be the place: no particle name
    assert "Bordeaux" not in found or found["Bordeaux"].category != "person"
    # the particle goes with the surname it opens: one new surname, as the lone surname's (round 23: not
    # "Evance von Masese")
    assert found["de Neufmarché"].span_type == "last"
    assert found["de Neufmarché"].referent == found["Neufmarché"].referent
    ex = _example(text, "Who was Bernard de Neufmarché?", "a baron")
    subs = [Substitution("de Neufmarché", "Okafor", "person", "last"),
            Substitution("Neufmarché", "Okafor", "person", "last"),
            Substitution("Bernard", "Kwame", "person", "first-male")]
    renamed, _ = rename_swapped(ex, subs)
    assert renamed.context.startswith("Kwame Okafor was a baron. Later Okafor sold")
    assert renamed.question == "Who was Kwame Okafor?"


def test_a_french_particle_name_types_its_given_name_by_the_french_bank():
    """"the Norman noble Jean de Bethencourt" and a lone "Jean's nephew", no pronoun: the French particle
    shows the name's origin, where Jean is a man's name (the US bank's female Jean was rejected)."""
    lexicon = Lexicon(None, strict=False)
    text = ("Between 1402 and 1405, the expedition led by the Norman noble Jean de Bethencourt conquered "
            "Lanzarote. In 1418, Jean's nephew Maciot de Bethencourt sold the rights to the islands.")
    found = entities(text, ("Jean de Bethencourt", "PERSON"), ("Jean", "PERSON"),
                     ("Maciot de Bethencourt", "PERSON"), lexicon=lexicon)
    assert found["Jean"].span_type == "first-male"


def test_a_misspelt_name_word_follows_its_name():
    lexicon = Lexicon(None, strict=False)
    text = "Guo Shoujing made calendars. He was a mathematician. Gou derived a formula. John met Jon."
    found = entities(text, ("Guo Shoujing", "PERSON"), ("John", "PERSON"), ("Jon", "PERSON"), lexicon=lexicon)
    assert found["Gou"].referent == found["Guo"].referent and found["Gou"].span_type == "last"
    assert "Jon" not in found or found["Jon"].referent == "Jon"  # a common name of its own is no misspelling


def test_a_question_possessive_without_apostrophe_takes_the_new_name_with_s(banks):
    context = "In 1191 Richard left Messina with a fleet. A storm dispersed the fleet."
    richard = Entity("Richard", "person", "first-male")
    ask = _example(context, "What year did Richards fleet avoid a storm?", "1191", impossible=True)
    [possessive] = question_possessives([richard], [ask])
    assert possessive.surface == "Richards" and possessive.referent == "Richard" and possessive.possessive
    subs = article_mapping([richard, possessive], ("person",), seed=0, article="a",
                           article_text=ArticleText([context, ask.question]), pools=Pools("african", banks))
    new = {s.original: s.replacement for s in subs}
    assert new["Richards"] == new["Richard"] + "'s"
    renamed, _ = rename_swapped(ask, subs)
    assert renamed.question == f"What year did {new['Richard']}'s fleet avoid a storm?"
    # a passage (or title) that writes the word, or a use before no lower-case word: no possessive
    other = _example(context + " Richards was a sailor.", ask.question, "1191", impossible=True)
    bare = _example(context, "Who was Richards?", "1191", impossible=True)
    titled = _example(context, ask.question, "1191", title="Richards", impossible=True)
    assert question_possessives([richard], [other]) == question_possessives([richard], [bare]) == []
    assert question_possessives([richard], [ask, bare]) == question_possessives([richard], [titled]) == []
    # NER's person "Richards" found only in the questions is the possessive too (round 23: "Roberts
    # campaign" renamed as a surname of its own), and replaces it
    surname = Entity("Richards", "person", "last")
    assert question_possessives([richard, surname], [ask]) == [possessive]


def test_a_given_name_takes_the_sex_the_article_shows_for_its_bearer():
    lexicon = Lexicon(None, strict=False)
    text = ("Gaafar Nimeiry seized power in 1969. He ruled Sudan until 1985. "
            "Maria Bakker, wife of commander Jan Smit, sailed to the Cape. The couple left in 1662.")
    found = entities(text, ("Gaafar Nimeiry", "PERSON"), ("Maria Bakker", "PERSON"), ("Jan Smit", "PERSON"),
                     lexicon=lexicon)
    # no bank knows the sex: the article's pronoun after the full name, not first-neutral (round 23)
    assert found["Gaafar"].span_type == "first-male"
    # a spouse's noun before the full name types it, before any bank (Jan is mostly female in the US)
    assert found["Jan"].span_type == "first-male"


@pytest.mark.slow
def test_issue19_gpe_cities_the_gazetteer_lacks():
    """A GPE the gazetteer's city list lacks is a city as a GeoNames city's name the dataset labels GPE
    (Montreal, a primary name; Dyrrachium, an old name labelled twice; not Byzantium, labelled once) or
    where a passage calls it a settlement (his capital city Kaiping); "New Orleans" is no district of
    Orleans; "the Praga district" is no city, nor "Warszowa" given as a spelling of Warsaw's name; a
    question's "Krakow" beside the passage's "Kraków" is the same city, one referent (s13-esalias)."""
    passage = ("Kublai adopted as his capital city Kaiping in Inner Mongolia. Céloron returned to Montreal "
               "and the Normans besieged Dyrrachium. Acadians went to New Orleans. Warsaw's name is "
               "Warszawa (also formerly spelled Warszewa and Warszowa). Some buildings in the Praga "
               "district were restored. In Praga the park opened. The court moved to Kraków in 1596.")
    question = "Who moved his court from Warsaw to Krakow?"
    gpe = ("Kaiping", "Montreal", "Dyrrachium", "New Orleans", "Warszowa", "Praga", "Warsaw", "Kraków")
    mentions = {passage: mentions_of(passage, *((g, "GPE") for g in gpe)),
                question: mentions_of(question, ("Warsaw", "GPE"), ("Krakow", "GPE"))}
    lexicon = Lexicon(strict=False)
    other = [Mention(0, 10, "GPE", "Dyrrachium"), Mention(0, 9, "GPE", "Byzantium")]  # other articles
    lexicon.observe([passage, question], [*mentions[passage], *mentions[question], *other])
    assert category_of("Montreal", "GPE", lexicon) == "city"
    assert category_of("Dyrrachium", "GPE", lexicon) == "city"
    assert category_of("Byzantium", "GPE", lexicon) is None  # one label: the city or the realm named after it
    assert category_of("New Orleans", "GPE", lexicon) == "city"
    assert category_of("East London", "GPE", lexicon) is None  # a district of London
    found = {e.surface: e.category for e in article_entities([passage, question], mentions, lexicon)}
    assert {n: found.get(n) for n in ("Kaiping", "Montreal", "Dyrrachium", "New Orleans")} == dict.fromkeys(
        ("Kaiping", "Montreal", "Dyrrachium", "New Orleans"), "city")
    assert "Praga" not in found and "Warszowa" not in found
    assert found.get("Krakow") == found.get("Kraków") == "city"


def test_a_strongly_labelled_settlement_is_placed_by_a_locative_preposition():
    """A name the dataset labels GPE three times (and 3/4 of its labels) that is a gazetteer city of
    15,000 people (Dover) or another name of a GeoNames city of that size the gazetteer lacks (Louisbourg)
    is the city where a passage writes it after "in" / "to"; labelled GPE twice, "in Cheshire" (a county
    NER sometimes types GPE) places nothing, nor does a name NER mostly types otherwise."""
    dover = "Twenty-five widows settled in Dover, and there is no record of them."
    louis = "To cut vital supplies to Louisbourg, the governor ordered the deportation."
    cheshire = "Hugh Lupus in Cheshire held the land."
    lexicon = Lexicon(strict=False)
    labels = [Mention(0, 5, "GPE", "Dover")] * 3 + [Mention(0, 10, "GPE", "Louisbourg")] * 3
    lexicon.observe([dover, louis, cheshire], [*labels, *[Mention(0, 8, "GPE", "Cheshire")] * 2])
    assert passage_city("Dover", [dover], lexicon)
    assert passage_city("Louisbourg", [louis], lexicon)
    assert not passage_city("Cheshire", [cheshire], lexicon)
    assert not passage_city("Dover", ["The Dover widows settled there."], lexicon)  # not placed
    weak = Lexicon(strict=False)
    weak.observe([louis], [Mention(0, 10, "GPE", "Louisbourg"), *[Mention(0, 10, "ORG", "Louisbourg")] * 2])
    assert not passage_city("Louisbourg", [louis], weak)  # mostly ORG: no GPE evidence


def test_a_small_settlement_ner_typed_otherwise_is_a_city_where_a_passage_lists_it():
    """A gazetteer town too small for GeoNames (Portarlington, Youghal) typed PERSON / ORG is the city where
    a passage lists it beside gazetteer cities; another name of a GeoNames city (Valona, Vlorë's) where a
    passage writes it after "in". A bank name word (Daniel, Forbes) or a name mostly labelled LOC (Africa,
    an alternate name of a small city) is no small settlement, whatever the list."""
    lexicon = Lexicon(strict=False)
    filler = " The refugees brought their trades, their churches and their schools with them." * 4
    irish = ("Significant Huguenot settlements were in Dublin, Cork, Portarlington, Lisburn, Waterford and "
             "Youghal, and the town prospered." + filler)
    albania = "In 1107 the Normans landed in Valona and besieged the port for a year." + filler
    mentions = {irish: mentions_of(irish, ("Dublin", "GPE"), ("Portarlington", "ORG"), ("Youghal", "PERSON"),
                                   ("Waterford", "GPE")),
                albania: mentions_of(albania, ("Valona", "ORG"))}
    lexicon.observe([irish, albania], [m for ms in mentions.values() for m in ms]
                    + [Mention(0, 6, "LOC", "Africa")] * 3)
    assert small_settlement("Portarlington", lexicon) and small_settlement("Valona", lexicon, labelled=False)
    assert not small_settlement("Valona", lexicon)  # mostly ORG: no label evidence of its own
    assert not small_settlement("Daniel", lexicon) and not small_settlement("Forbes", lexicon)
    assert not small_settlement("Africa", lexicon, labelled=False)
    found = {e.surface: e.category for e in article_entities([irish], {irish: mentions[irish]}, lexicon)}
    assert found.get("Portarlington") == found.get("Youghal") == "city"
    found = {e.surface: e.category
             for e in article_entities([albania], {albania: mentions[albania]}, lexicon)}
    assert found.get("Valona") == "city"


def test_issue19_a_modified_city_is_a_district_only_where_the_article_writes_its_base():
    """"East Lansing" is a GeoNames city whose words are a modifier and a place: the city in an article
    that never writes "Lansing" alone, a district in one that does ("East London" beside London)."""
    lexicon = Lexicon(strict=False)
    lansing = "connections to the mainframe at Michigan State University in East Lansing completed the triad."
    assert category_of("East Lansing", "GPE", lexicon, lansing) == "city"
    assert category_of("East Lansing", "GPE", lexicon, lansing + " Lansing is the capital.") is None
    assert category_of("East London", "GPE", lexicon, "Huguenots settled in East London and London.") is None
    assert category_of("East Lansing", "GPE", lexicon) is None  # no article: the district reading stays
    passage = ("In October 1972 connections to the CDC mainframe at Michigan State University in "
               "East Lansing completed the triad.")
    mentions = {passage: mentions_of(passage, ("East Lansing", "GPE"))}
    lexicon.observe([passage], mentions[passage])
    found = {e.surface: e.category for e in article_entities([passage], mentions, lexicon)}
    assert found.get("East Lansing") == "city"


def test_issue19_a_name_ner_labels_otherwise_is_a_person_the_article_attests():
    """A one-word name NER labels ORG or GPE is a person where the article's evidence agrees: NER labels it
    PERSON somewhere (Céloron) or a kinship noun stands beside it (his nephew Kaidu), and its passages say a
    person (pronouns); its sex from those, no US bank needed. A place written "in Khanbaliq" stays no
    person, whatever one PERSON label and a pronoun after it say."""
    passage = ("In 1749 Céloron led an expedition down the Ohio River. Céloron buried lead plates "
               "along the river, and he told British traders to leave. In 1750 Céloron returned to Canada, "
               "where he wrote a long report. Kublai fought his nephew Kaidu for years, and Kaidu never "
               "submitted; he died in 1301. Kublai lived in Khanbaliq. Khanbaliq grew, and he built palaces.")
    found = (("Céloron", "ORG"), ("Kaidu", "ORG"), ("Kublai", "PERSON"), ("Khanbaliq", "GPE"))
    mentions = mentions_of(passage, *found)
    mentions[0] = Mention(mentions[0].start, mentions[0].end, "PERSON", "Céloron")  # one PERSON label
    khanbaliq = next(m for m in mentions if m.text == "Khanbaliq")
    mentions[mentions.index(khanbaliq)] = Mention(khanbaliq.start, khanbaliq.end, "PERSON", "Khanbaliq")
    lexicon = Lexicon(strict=False)
    lexicon.observe([passage], mentions)
    ents = {e.surface: e for e in article_entities([passage], {passage: mentions}, lexicon)}
    assert ents["Céloron"].category == "person" and ents["Céloron"].span_type == "first-male"
    assert ents["Kaidu"].category == "person" and ents["Kaidu"].span_type == "first-male"
    assert "Khanbaliq" not in ents or ents["Khanbaliq"].category != "person"


def test_a_bracketed_other_name_of_a_person_is_no_person_of_its_own():
    """Blind read round 22: "Tugh Temur (Emperor Wenzong)" gives the emperor another name; attested as a
    person of its own (NER labels it ORG, once PERSON), Wenzong took a new name while Tugh Temur kept his."""
    from entity_renaming.entswap.entities import bracketed_alias

    assert bracketed_alias("Wenzong", ["Tugh Temur (Emperor Wenzong) ruled twice."])
    assert bracketed_alias("Wenzong", ["Tugh Temur (Wenzong) ruled twice."])
    assert not bracketed_alias("Wenzong", ["Emperor Wenzong (1304–1332) ruled twice."])
    assert not bracketed_alias("Wenzong", ["the Yuan (under Wenzong) grew."])


def test_a_demonym_before_a_plural_noun_after_an_auxiliary_is_an_adjective():
    """Blind read round 22: "What did the Polish citizens understand …?" became "the Ugandans citizens";
    after "<auxiliary> the <name>" a bare verb follows ("did the US provide"), a word in -s is a noun."""
    from entity_renaming.substitute import heads_phrase

    question = "What did the Polish citizens understand?"
    assert not heads_phrase(question, question.index(" citizens"), question.index("Polish"))
    question = "What did the US provide?"
    assert heads_phrase(question, question.index(" provide"), question.index("US"))


def test_issue19_an_accented_name_misspelt_without_its_accents():
    """A question's ``Celeron`` for the passage's ``Céloron`` is the name misspelt (one letter changed,
    accents dropped, a name of six letters or more); two unaccented names one letter apart are not."""
    lexicon = Lexicon(None, strict=False)
    assert misspelt("Celeron", "Céloron", lexicon)
    assert not misspelt("Celeron", "Celoron", lexicon)  # no accent dropped: two names ("Marlon", "Marion")
    assert not misspelt("Cel", "Cél", lexicon)


def test_a_demonym_before_the_country_s_catholics_is_renamed(banks):
    """Issue 19 (country recall): "French Catholics", "his Italian Catholic mother" are the country's
    adherents, renamed with it; a rite named by its people ("Greek orthodox") still vetoes."""
    lexicon = Lexicon(banks, strict=False)
    text = "France is large. The French Catholics opposed the French king."
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert {"France", "French"} <= set(found)
    renamed, _ = rename_swapped(_example(text, "Who opposed the king?", "The French Catholics"), SUBS)
    assert renamed.context == "Kenya is large. The Kenyan Catholics opposed the Kenyan king."
    text = "Greece is old. The Greek orthodox Christians prayed and the Greek king ruled."
    assert "Greek" not in entities(text, ("Greece", "GPE"), ("Greek", "NORP"), lexicon=lexicon)


def test_a_demonym_coordinated_in_an_event_name_is_left_whole(banks):
    """Issue 19: "the French and Indian War" is an event's fixed name, left whole like "French Revolution",
    even though it holds another demonym of the article; the free-standing demonym is renamed (an event
    the demonym only names is no national name: :func:`national_name`)."""
    lexicon = Lexicon(banks, strict=False)
    text = "The French and Indian War began in 1754. French troops fought in the French and Indian war."
    start = text.index("French")
    assert fixed_name(text, start, start + 6, lexicon) == "French and Indian War"
    found = entities(text, ("French", "NORP"), ("Indian", "NORP"), lexicon=lexicon)
    assert set(found["French"].keep) == {"French and Indian War", "French and Indian war"}


def test_a_question_opening_with_a_space_opens_a_sentence(banks):
    """Issue 19: 377 SQuAD 2.0 dev questions open with a space (" What Chinese era name …?"); the
    capitalised question word there opens the sentence, no longer name holding the demonym."""
    lexicon = Lexicon(banks, strict=False)
    passage = "China is large. The Chinese emperor ruled China in 1290."
    found = _passage_and_question(passage, " What Chinese era name did he adopt?", ("China", "GPE"),
                                  ("Chinese", "NORP"), lexicon=lexicon)
    assert {"China", "Chinese"} <= set(found)


def test_a_demonym_joined_to_a_name_word_by_a_dash_is_left_whole(banks):
    """Issue 19: "Polish–Lithuanian Commonwealth" (dash or hyphen) is a fixed name, left whole in every
    spelling, and the country and free-standing demonym are renamed (a state the demonym only names is no
    national name: :func:`national_name`)."""
    lexicon = Lexicon(banks, strict=False)
    passage = ("Poland is large. Warsaw was the capital of the Polish–Lithuanian Commonwealth. Polish kings "
               "ruled.")
    found = _passage_and_question(passage, "What was the Polish-Lithuanian Commonwealth?", ("Poland", "GPE"),
                                  ("Polish", "NORP"), lexicon=lexicon)
    assert {"Poland", "Polish"} <= set(found)
    assert set(found["Polish"].keep) == {"Polish–Lithuanian Commonwealth", "Polish-Lithuanian Commonwealth"}
    text = "Poland is large. The Polish-Bolshevik war ended. Polish kings ruled."
    start = text.index("Polish")
    assert fixed_name(text, start, start + 6, lexicon) == "Polish-Bolshevik war"


def test_an_alias_of_the_form_x_of_country_is_renamed_with_it(banks):
    """Issue 19 (Warsaw): "Republic of Poland" names Poland by a longer alias that holds the name; the alias
    takes the new name there ("Republic of Kenya"), so it no longer leaves Poland (and its demonym, article
    wide) out."""
    lexicon = Lexicon(banks, strict=False)
    text = ("Poland is large. Warsaw became the capital of the independent Republic of Poland. Polish kings "
            "ruled.")
    found = entities(text, ("Poland", "GPE"), ("Polish", "NORP"), lexicon=lexicon)
    assert {"Poland", "Polish"} <= set(found)
    subs = [Substitution("Poland", "Kenya", "country", "country"),
            Substitution("Polish", "Kenyan", "nationality", "nationality")]
    renamed, _ = rename_swapped(_example(text, "Who ruled?", "Polish kings"), subs)
    assert renamed.context == ("Kenya is large. Warsaw became the capital of the independent Republic of "
                               "Kenya. Kenyan kings ruled.")


def _person_entities(passage: str, found: tuple[tuple[str, str], ...], trace: Trace | None = None
                     ) -> dict[str, str]:
    """Span types of the article entities of ``passage``, its NER mentions the whole words ``found``
    (a mention inside a longer one dropped)."""
    mentions = [Mention(m.start(), m.end(), label, s) for s, label in found
                for m in re.finditer(rf"(?<!\w){re.escape(s)}(?!\w)", passage)]
    mentions = [m for m in mentions if not any(o.start <= m.start and m.end <= o.end and o != m
                                               for o in mentions)]
    lexicon = Lexicon(strict=False)
    lexicon.observe([passage], mentions)
    return {e.surface: e.span_type for e in article_entities([passage], {passage: mentions}, lexicon, trace)}


def test_issue19_shared_name_readings_arabic_article_and_common_word_surname():
    """A PERSON name that ``person_parts`` rejects is read as the Yan et al. side reads it: a given name
    before a surname with its Arabic article (``Hasan al-Hudaybi``, :func:`persons.particle_name`), and a
    full name whose Census surname is a common word (``Uyless Black``, :func:`persons.common_word_surname`),
    renamed where the article capitalises the surname only as the name, never where it stands as a word
    (``The Black Death``). A mention no reading makes a name records its rule instead of vanishing."""
    arabic = ("Hasan al-Hudaybi led the Brotherhood after 1951; al-Hudaybi said he opposed violence. "
              "Osama bin Laden founded another group.")
    trace = Trace()
    found = _person_entities(arabic, (("Hasan al-Hudaybi", "PERSON"), ("al-Hudaybi", "PERSON"),
                                      ("Osama bin Laden", "PERSON")), trace)
    assert found == {"Hasan": "first-male", "al-Hudaybi": "last"}
    assert ("entswap.not-name-words", "Osama bin Laden") in {(f.rule, f.text) for f in trace}
    black = ("Uyless Black wrote a book on packet networks in 1987. Black argued that the black box of the "
             "network hid its layers, and he taught the model for years.")
    assert _person_entities(black, (("Uyless Black", "PERSON"), ("Black", "PERSON"))) == {
        "Black": "last", "Uyless": "first-male"}
    death = ("The Black Death struck Europe in 1347. Uyless Black wrote a book on packet networks in 1987, "
             "and he taught the model for years.")
    assert _person_entities(death, (("Uyless Black", "PERSON"),)) == {}


def test_a_question_that_twists_a_name_holding_a_demonym_vetoes_nothing(banks):
    """A question's own longer name around a demonym ("What French City …?", "the Free French" where the
    passage writes no such name) is SQuAD 2.0's twist, as a place's is: the demonym is renamed inside it and
    its country with it; the same name in the passage still leaves the demonym out."""
    lexicon = Lexicon(banks, strict=False)
    passage = "France is large. The French fleet was at war with Greece in 1790."
    question = "What French City was at war in 1790?"
    found = _passage_and_question(passage, question, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert {"France", "French"} <= set(found)
    renamed, _ = rename_swapped(_example(passage, question, "1790"), SUBS, found["French"].keep)
    assert renamed.question == "What Kenyan City was at war in 1790?"
    found = _passage_and_question(f"{passage} French City grew.", "Who was at war?", ("France", "GPE"),
                                  ("French", "NORP"), lexicon=lexicon)
    assert "French" not in found and "France" not in found


def test_a_plural_demonym_after_to_names_the_people(banks):
    """"The charge applied equally to Kenyans": a plural demonym after "to" / "than" is the people, never a
    language (which has no plural), and follows its country's new name ("to Ghanaians")."""
    lexicon = Lexicon(banks, strict=False)
    text = "Kenya is old. The charge applied equally to Kenyans. Kenyan law is old."
    found = entities(text, ("Kenya", "GPE"), ("Kenyans", "NORP"), ("Kenyan", "NORP"), lexicon=lexicon)
    assert found["Kenyan"].category == "nationality" and found["Kenya"].category == "country"
    subs = [Substitution("Kenya", "Ghana", "country", "country"),
            Substitution("Kenyan", "Ghanaian", "nationality", "nationality")]
    renamed, _ = rename_swapped(_example(text, "Who was charged?", "Kenyans"), subs)
    assert renamed.context == "Ghana is old. The charge applied equally to Ghanaians. Ghanaian law is old."
    text = "Kenya is old. They switched to Kenyan in 1790. Kenyan law is old."
    found = entities(text, ("Kenya", "GPE"), ("Kenyan", "NORP"), lexicon=lexicon)
    assert "Kenyan" not in found  # "to Kenyan": the language or the people, which the renamer cannot tell


def test_a_full_name_typed_org_is_a_person_where_the_passage_shows_one():
    text = ("Its alumni include the actors Matt Damon, Rashida Jones and Ashley Judd. A firm sold futures "
            "with Merrill Lynch and other banking firms. The school opened its new library, one of the "
            "largest in the region, in the spring of that year, and its students and teachers have used it "
            "ever since for their studies and research.")
    found = observed_entities(text, ("Matt Damon", "PERSON"), ("Rashida Jones", "ORG"),
                               ("Ashley Judd", "PERSON"), ("Merrill Lynch", "ORG"))
    # listed beside a person's full name: a person whatever NER said; a firm's name of bank words stays
    assert found["Jones"].span_type == "last" and found["Rashida"].span_type == "first-female"
    assert not {"Merrill", "Lynch", "Merrill Lynch"} & set(found)


def test_a_full_name_of_unlisted_words_is_a_person_where_its_pronouns_agree():
    text = ("Raouf Khayrat was arrested in 1948. He later wrote about the movement and its leaders, whose "
            "views had spread across the country. The City Council (Rada Miasta) met in the hall of the old "
            "town that year, and its members debated the new laws of the town for many long weeks.")
    found = observed_entities(text, ("Raouf Khayrat", "PERSON"), ("Rada Miasta", "PERSON"))
    assert found["Khayrat"].span_type == "last" and found["Raouf"].span_type == "first-male"
    assert not {"Rada", "Miasta"} & set(found)  # a gloss in brackets: name shape alone is no person here
    bare = text.replace("The City Council (Rada Miasta)", "Rada Miasta")
    found = observed_entities(bare, ("Raouf Khayrat", "PERSON"), ("Rada Miasta", "PERSON"))
    assert found["Rada"].span_type == "first-female"  # name shape alone, the rule's price: read as a person


def test_a_lone_family_name_after_a_title_of_office_is_renamed_as_a_surname():
    text = ("Colonel Monckton, in the sole British success that year, captured Fort Beausejour in June. "
            "Monckton's forces then deported the population of the area. Governor William Shirley and "
            "Governor William met later in the year to plan the next campaign, which the colonies paid for, "
            "and the new ministers in London approved it soon after.")
    found = observed_entities(text, ("Monckton", "PERSON"), ("William", "PERSON"))
    assert found["Monckton"].span_type == "last"  # a title of rank before it, no other name word after
    assert "William" not in found or found["William"].span_type != "last"  # a common given name


def test_a_name_after_a_title_of_rank_typed_org_is_a_person_renamed_as_a_surname():
    text = ("King Louis dispatched six regiments to New France under the command of Baron Dieskau in 1755. "
            "When Johnson was seen as the larger threat, the governor sent Baron Dieskau to the fort, and "
            "Dieskau's allies were reluctant to attack. King Sigimund's Column stands in the old town "
            "square, where the market has been held for centuries by the merchants of the city.")
    found = observed_entities(text, ("Baron Dieskau", "ORG"), ("King Sigimund", "ORG"))
    # a title of rank opens the name NER tagged ORG: a person, whose surname a gazetteer town's name may be
    assert found["Dieskau"].category == "person" and found["Dieskau"].span_type == "last"
    assert "Sigimund" not in found  # after a ruler's title a given name, not a surname: no bank name


def test_a_given_name_with_an_epithet_typed_org_is_a_person():
    text = ("At the height of its power under the reign of Suleiman the Magnificent, the Ottoman Empire "
            "was a powerful state that controlled much of the southeast of Europe, and the court of Suleiman "
            "the Magnificent drew scholars and poets from many lands to its capital for many long decades, "
            "where they wrote the histories and poems that are still read today.")
    found = observed_entities(text, ("Suleiman the Magnificent", "ORG"))
    # "X the Magnificent": a ruler's byname, whatever NER said; the given name typed by the bank's sex
    assert found["Suleiman"].category == "person" and found["Suleiman"].span_type == "first-male"


@pytest.mark.slow
def test_a_full_name_labelled_person_keeps_a_word_mostly_labelled_otherwise():
    text = ("Christian Whiton, an official in the administration, called for a new agency with a specific "
            "mission of undermining the movement, which the government had announced in the spring and "
            "debated in the assembly for many long weeks after, and which its critics opposed in the press.")
    other = "Christian groups and Christian schools and Christian charities opposed it."
    mentions = {text: mentions_of(text, ("Christian Whiton", "PERSON")),
                other: mentions_of(other, ("Christian", "NORP"))}
    lexicon = Lexicon(strict=False)
    lexicon.observe([text, other], [m for ms in mentions.values() for m in ms])
    found = {e.surface: e for e in article_entities([text], mentions, lexicon)}
    # the dataset labels the whole name PERSON and it reads as a person's, though "Christian" alone is
    # mostly a religion elsewhere: its given name here
    assert found["Whiton"].span_type == "last" and found["Christian"].span_type == "first-male"


def test_a_gazetteer_city_ner_types_org_or_person_is_a_city_where_the_text_places_it():
    """The small NER model tags Maidstone ORG and Bari PERSON in every article; a gazetteer city listed
    beside other towns or cities ("Sandwich, Faversham and Maidstone", "between Bari and Tarsus") or written
    "in X" is the city where the article reads it as no person (a PERSON label with a pronoun after it) nor
    organisation (Dartmouth College). "in Kent" (a county too) and "at Dartmouth" (an institution) are no
    such evidence, nor a car beside its maker's other model (Cadillac DeVille and Fleetwood)."""
    from entity_renaming.places import placed_as_city

    passage = ("Refugees settled in Kent, particularly Sandwich, Faversham and Maidstone. The known trade "
               "between Amalfi and Antioch and between Bari and Tarsus grew. Merchants sailed from Bari. "
               "Later they studied at Dartmouth. The Cadillac DeVille and Fleetwood sold well. The refugees "
               "kept their churches, their schools and their trades for many generations afterwards.")
    found = (("Maidstone", "ORG"), ("Bari", "PERSON"), ("Tarsus", "PERSON"), ("Kent", "PERSON"),
             ("Dartmouth", "ORG"), ("Fleetwood", "ORG"), ("Antioch", "GPE"))
    mentions = mentions_of(passage, *found)
    lexicon = Lexicon(strict=False)
    lexicon.observe([passage], mentions)
    assert placed_as_city("Maidstone", passage, lexicon) and placed_as_city("Bari", passage, lexicon)
    assert not placed_as_city("Dartmouth", passage, lexicon) and not placed_as_city("Kent", passage, lexicon)
    assert not placed_as_city("Fleetwood", passage, lexicon)
    assert placed_as_city("Waterford", "a fort at present-day Waterford, Pennsylvania, guarded it", lexicon)
    ents = {e.surface: e.category for e in article_entities([passage], {passage: mentions}, lexicon)}
    assert {n: ents.get(n) for n in ("Maidstone", "Bari", "Tarsus")} == dict.fromkeys(
        ("Maidstone", "Bari", "Tarsus"), "city")
    assert not {"Kent", "Dartmouth", "Fleetwood"} & set(ents)
    poet = ("Bari was a poet of the court; he wrote many songs about the sea, the ships and the merchants, "
            "and his songs were sung for centuries afterwards by sailors, traders and their families in the "
            "ports of the whole coast. Dartmouth College kept a copy of his many songs in its library for "
            "many long and quiet years.")
    texts = [passage, poet]  # another passage of the article shows a person, and the college
    ents = {e.surface: e.category for e in article_entities(texts, {t: mentions_of(t, *found) for t in texts},
                                                            lexicon)}
    assert "Dartmouth" not in ents and ents.get("Bari") != "city"  # an organisation's and a person's name
    norman = ("The Normans held Antioch. Wales was at some point subject to Norman interference, and the "
              "king brought Norman counsellors to Kraków and Vilnius. The Normans arrived in Limassol; he "
              "ordered Isaac to leave. Many Normans later settled there with their families and kin, and "
              "their churches stood for centuries.")
    found = (("Normans", "NORP"), ("Norman", "PERSON"), ("Vilnius", "PERSON"), ("Limassol", "PERSON"))
    ents = {e.surface: e.category for e in article_entities([norman], {norman: mentions_of(norman, *found)},
                                                            lexicon)}
    assert ents.get("Vilnius") == ents.get("Limassol") == "city"  # a pronoun after a placed name: no person
    assert "Norman" not in ents  # the word of the article's Normans, not the city in Oklahoma


def test_a_state_and_city_name_is_the_city_where_the_article_calls_it_a_city_and_never_a_state():
    """Quebec and New York are states and cities of many people: which one the article means is unknown,
    unless it calls the name a settlement ("the city of Quebec") and writes no state use of it ("the
    province of Quebec", "upstate New York"); then the city at every mention."""
    lexicon = Lexicon(strict=False)
    quebec = "They marched down the Chaudière River to attack the city of Quebec. Wolfe won at Quebec."
    assert category_of("Quebec", "GPE", lexicon, quebec) == "city"
    assert category_of("Quebec", "GPE", lexicon, quebec + " The province of Quebec grew.") is None
    assert category_of("Quebec", "GPE", lexicon) is None  # no article: unknown
    york = "One congregation met in the city of New York, another in a town of upstate New York."
    assert category_of("New York", "GPE", lexicon, york) is None
    assert category_of("New York", "GPE", lexicon, "Huguenots settled in New York.") is None


def test_a_state_and_city_name_listed_among_towns_and_cities_only_is_the_city():
    """Malatya and New York are states and cities of many people; an article that lists the name beside
    towns and cities NER labels GPE only ("at Malatya and Edessa", "Boston, Chicago and New York") and writes
    no state use means the city; a state beside it ("New York and New Jersey"), a city before it as its
    region ("Montreal, Quebec") or a town's name NER labels otherwise ("in New York and Harvard": the
    university) is no such list."""
    lexicon = Lexicon(strict=False)
    towns = {"Edessa", "Boston", "Chicago", "New Jersey", "Montreal", "Hamburg", "Lower Saxony"}
    malatya = "They were based at Malatya and Edessa, under him."
    assert category_of("Malatya", "GPE", lexicon, malatya, towns) == "city"
    assert category_of("Malatya", "GPE", lexicon, malatya) is None  # Edessa no GPE there
    lectures = "He lectured in Boston, Chicago and New York."
    assert category_of("New York", "GPE", lexicon, lectures, towns) == "city"
    assert category_of("New York", "GPE", lexicon, "They lived in New York and New Jersey.", towns) is None
    assert category_of("New York", "GPE", lexicon, "He lectured in New York and Harvard.", towns) is None
    assert category_of("Quebec", "GPE", lexicon, "He lived in Montreal, Quebec.", towns) is None
    fled = "Many fled to Hamburg, Bremen and Lower Saxony."
    assert category_of("Bremen", "GPE", lexicon, fled, towns) is None
    upstate = "He lectured in Boston and New York. Upstate New York was rural."
    assert category_of("New York", "GPE", lexicon, upstate, towns) is None  # a state use elsewhere


def test_a_city_named_by_a_common_word_is_the_city_written_before_its_country():
    """Tours, Mobile and Nice are gazetteer cities that place_kind leaves out as common words; a GPE the
    article writes before its country or state ("from Tours, France", "Mobile, Alabama") is the city; the
    label alone ("his tours") or a state-and-city name is no such evidence."""
    lexicon = Lexicon(strict=False)
    assert category_of("Tours", "GPE", lexicon, "Huguenot refugees from Tours, France left.") == "city"
    wheeling = "The show was recorded in Wheeling, West Virginia. Aken grew up there."  # 38,000 people
    assert category_of("Wheeling", "GPE", lexicon, wheeling) == "city"
    assert category_of("Wheeling", "GPE", lexicon, "The Wheeling show was popular.") is None
    mobile = "Fewer lived in Biloxi, Mississippi, Mobile, Alabama."
    assert category_of("Mobile", "GPE", lexicon, mobile) == "city"
    assert category_of("Tours", "GPE", lexicon, "It was in this place in Tours that they met.") is None
    assert category_of("Tours", "GPE", lexicon) is None
    assert category_of("Tours", "ORG", lexicon, "Huguenot refugees from Tours, France left.") is None


def test_a_city_written_with_its_accents_is_the_gazetteer_city():
    """GeoNames writes Kraków, Köln and Liège with their accents (Latin alternate names); a city the text
    spells so is that city (its population), not an unknown name, and NER's PERSON label on it gives way
    where the text places it ("from Kraków to Warsaw"); a name in another script is no such spelling."""
    lexicon = Lexicon(strict=False)
    assert lexicon.city_population("Kraków") == lexicon.city_population("Krakow") > 500_000
    assert {lexicon.place_kind(n, 50_000) for n in ("Kraków", "Köln", "Poznań")} == {"city"}
    assert lexicon.city_population("Краков") == 0
    passage = ("King Sigismund III Vasa moved his court from Kraków to Warsaw in 1596. The districts in "
               "Kraków do not have entitlements of powiat, and the city kept its own registration numbers "
               "for many decades afterwards, as the other cities of the region did, and the registration "
               "offices of the whole province kept the same rules until the reform of the year 1999.")
    mentions = mentions_of(passage, ("Kraków", "PERSON"), ("Warsaw", "GPE"), ("Sigismund III Vasa", "PERSON"))
    lexicon.observe([passage], mentions)
    ents = {e.surface: e.category for e in article_entities([passage], {passage: mentions}, lexicon)}
    assert ents.get("Kraków") == ents.get("Warsaw") == "city"


def test_a_demonym_inside_a_capitalised_phrase_is_left_there_only(banks):
    """Issue 19 (Normans, Imperialism): "Norman French", "Old English", "Anglo-French"
    hold the demonym inside another name; that occurrence is left whole (span-level) while the demonym and
    its country are renamed at their other mentions, instead of leaving both out of the whole article. A
    demonym before a name of the article describes it and is renamed ("the French Fort Duquesne"); one after
    "<Name> of" is still left out ("the Society of French Artists"); a count opening the sentence is no name
    ("Hundreds of French soldiers": renamed, s12)."""
    lexicon = Lexicon(banks, strict=False)
    text = ("France is large. Their dialect became Norman French. A century of "
            "Anglo-French conflict followed. French troops left.")
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert {"France", "French"} <= set(found)
    assert {"Norman French", "Anglo-French"} <= set(found["French"].keep)
    renamed, _ = rename_swapped(_example(text, "What did France speak?", "Norman French"), SUBS,
                                found["French"].keep)
    assert renamed.context == ("Kenya is large. Their dialect became Norman French. A century of "
                               "Anglo-French conflict followed. Kenyan troops left.")
    fort = "France is large. They took the French Fort Duquesne. Fort Duquesne fell."
    found = entities(fort, ("France", "GPE"), ("French", "NORP"), ("Fort Duquesne", "FAC"), lexicon=lexicon)
    assert "French" in found and not any("Fort" in k for k in found["French"].keep)
    hundreds = "France is large. Hundreds of French soldiers were stranded."
    assert "French" in entities(hundreds, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    society = "France is large. The Society of French Artists met."
    assert "French" not in entities(society, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)


def test_two_coordinated_peoples_are_both_plural_nouns():
    """Issue 19 (French and Indian War): "the French and British" coordinates two peoples, each a plural
    noun ("the Kenyans and British"); before a noun they stay adjectives ("the Kenyan and British forces")."""
    ex = _example("The conflict between the French and British grew. Both the French and the British. The "
                  "French and British forces met.", "Who met?", "the French and British")
    renamed, _ = rename_swapped(ex, SUBS)
    assert renamed.context == ("The conflict between the Kenyans and British grew. Both the Kenyans and the "
                               "British. The Kenyan and British forces met.")
    assert renamed.answers[0].text == "the Kenyans and British"


def test_a_demonym_for_the_people_without_its_own_article_is_left_out(banks):
    """Issue 19 (Huguenot, French and Indian War): "the outnumbered French depended" names the people
    without a "the" right before the demonym, where the renamer cannot make the plural noun; the demonym
    and its country are left out of that passage group. "intermarried with Dutch" is renamed as the plural
    ("with Kenyans", blind read r5)."""
    from entity_renaming.entswap.entities import bare_people

    def bare(text: str) -> bool:
        at = text.index("French")
        return bare_people("French", text, at, at + 6)

    assert not bare("Huguenots intermarried with French from the outset.")  # the renamer's plural:
    renamed, _ = rename_swapped(_example("Huguenots intermarried with French from the outset.", "Who?",
                                         "Huguenots"), SUBS)
    assert renamed.context == "Huguenots intermarried with Kenyans from the outset."
    assert bare("The outnumbered French particularly depended on the Indians.")
    assert not bare("The French were outnumbered.") and not bare("the early French settlers came")
    assert not bare("the revolt against French (Catholic) rule")
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one, two = "France is large. The outnumbered French particularly depended on allies.", "French left."
    mentions = {t: mentions_of(t, ("France", "GPE"), ("French", "NORP")) for t in (one, two)}
    candidates = article_candidates([one, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)  # the grammar of one occurrence leaves the word in the others
    assert "French" not in {e.surface for e in passage_entities(candidates, [one], lexicon)}
    assert "French" in {e.surface for e in passage_entities(candidates, [two], lexicon)}


def test_a_place_named_after_a_person_is_left_whole_and_the_person_renamed(banks):
    """Issue 19: a person's given name inside the name of a place or building named after someone (``Fort
    Edward``, ``St. Johns River``) is another referent: that name is left whole and the person renamed at
    their own mentions, instead of vetoing the given name and with it every full name holding it. A question
    that twists a person's name (``Who did Emma Marry?``) renames the person inside it; a longer name the
    passage writes that is no place (``Chinedu Mensah Adeyemi``) still vetoes."""
    lexicon = Lexicon(banks, strict=False)
    passage = ("General Chinedu Adeyemi led the army. Adeyemi camped at Fort Chinedu and he"
               " died there.")
    found = _passage_and_question(passage, "Who did Chinedu Adeyemi Marry?", ("Chinedu Adeyemi", "PERSON"),
                                  ("Adeyemi", "PERSON"), lexicon=lexicon)
    assert {"Chinedu", "Adeyemi"} <= set(found)
    assert set(found["Chinedu"].keep) == {"Fort Chinedu"}
    subs = [Substitution("Chinedu", "Kwame", "person", "first-male"),
            Substitution("Adeyemi", "Okafor", "person", "last")]
    renamed, _ = rename_swapped(_example(passage, "Who did Chinedu Adeyemi Marry?", "army"), subs,
                                found["Chinedu"].keep)
    assert renamed.context.startswith("General Kwame Okafor led the army. Okafor camped at Fort Chinedu and")
    assert renamed.question == "Who did Kwame Okafor Marry?"
    found = _passage_and_question(f"{passage} Chinedu Mensah Adeyemi came later.", "Who led the army?",
                                  ("Chinedu Adeyemi", "PERSON"), ("Adeyemi", "PERSON"), lexicon=lexicon)
    assert "Chinedu" not in found


def test_a_full_name_with_a_common_word_at_either_end_is_renamed_at_its_name_mentions():
    """Round 11: a two-word PERSON name whose surname or given name English also writes as a word (``Edward
    Said``, ``Al Capone``: :func:`persons.common_word_name`) is renamed word by word where every capitalised
    occurrence of that word in the article stands beside the other word or inside a PERSON mention; a
    sentence that opens with the word (``Said to be …``) leaves the name out."""
    said = ("Orientalism, as theorized by Edward Said, refers to how the West imagined the East. In a "
            "lecture Edward Said made a bold statement, and he was quoted widely.")
    found = _person_entities(said, (("Edward Said", "PERSON"),))
    assert found == {"Edward": "first-male", "Said": "last"}
    capone = "He said he might have given Al Capone a few hints, and he was a general for years."
    assert _person_entities(capone, (("Al Capone", "PERSON"),)) == {"Al": "first-male", "Capone": "last"}
    opening = f"{said} Said to be the first critic, the book sold well."
    assert _person_entities(opening, (("Edward Said", "PERSON"),)) == {}


def test_a_particle_surname_that_is_a_town_is_the_persons_where_ner_labels_it_person_alone():
    """Round 11: ``Bismarck`` (also a city in the gazetteer) written alone beside ``Otto von Bismarck`` is
    the person's surname where NER labels the lone word PERSON (:func:`place_use`): the full name and the
    lone surname are renamed together; a lone word NER does not label PERSON may be the place."""
    text = ("Its Chancellor, Otto von Bismarck (1862–90), opposed colonies. Bismarck was aware that public "
            "opinion had started to demand colonies, and he gave way.")
    found = _person_entities(text, (("Otto von Bismarck", "PERSON"), ("Bismarck", "PERSON")))
    assert found == {"Otto": "first-male", "Bismarck": "last", "von Bismarck": "last"}
    assert _person_entities(text, (("Otto von Bismarck", "PERSON"),)) == {}


def test_a_question_s_demonym_use_leaves_the_demonym_out_of_its_passage_group_only(banks):
    """Round s11 (Yuan dynasty, French and Indian War): a question's own use of a demonym that the renamer
    cannot follow ("compared to French": the people, no plural) leaves the demonym and its country out of
    that question's passage group only, not out of the whole article (where it cost every passage its
    country)."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    passage = "France is large and French troops left the country for the colonies in the west. " * 4
    other = "France fought on. The French troops returned to the colonies after the long war there. " * 4
    question = "Where were Persians more successful compared to French?"
    texts = [passage, other, question]
    mentions = {t: mentions_of(t, ("France", "GPE"), ("French", "NORP")) for t in texts}
    candidates = article_candidates(texts, mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert {"France", "French"} <= {e.surface for e in passage_entities(candidates, [passage], lexicon)}
    assert "French" not in {e.surface for e in passage_entities(candidates, [other, question], lexicon)}


def test_a_people_s_word_before_a_demonym_makes_an_ethnonym_left_whole(banks):
    """Round s11 (Yuan dynasty): "Han Chinese" is a people's name, left whole like "Norman French" while the
    demonym and its country are renamed at their other mentions (not "Han Kenyan"); a faith's word before a
    demonym describes it and is renamed with it ("a Catholic Kenyan")."""
    lexicon = Lexicon(banks, strict=False)
    text = ("France is large. Shi was a Han French, not a Catholic French. Han rule and Catholic rites "
            "spread. French troops left.")
    mentions = mentions_of(text, ("France", "GPE"), ("French", "NORP"), ("Han", "NORP"),
                           ("Catholic", "NORP"))
    lexicon.observe([text], mentions)
    found = {e.surface: e for e in article_entities([text], {text: mentions}, lexicon)}
    assert {"France", "French"} <= set(found) and found["French"].keep == ("Han French",)
    renamed, _ = rename_swapped(_example(text, "Who left?", "French troops"), SUBS, found["French"].keep)
    assert "a Han French, not a Catholic Kenyan" in renamed.context


def test_a_demonym_after_the_and_a_capitalised_adjective_is_a_bare_people_use():
    """Round s11 (Yuan dynasty): "The Northern Chinese were ranked higher" names the people with an adjective
    between "the" and the demonym, where the renamer cannot make the plural noun ("The Northern Kenyan
    were")."""
    from entity_renaming.entswap.entities import bare_people

    text = "The Northern French were ranked higher."
    at = text.index("French")
    assert bare_people("French", text, at, at + 6)


def test_a_city_beside_a_word_derived_from_it_is_left_in_that_passage(banks):
    """Blind read, eleventh session (AfriSQuAD2): "Parisian architecture" stayed beside Paris → Bindura. No
    bank gives a city's demonym, so a city whose derived word its passage group writes is left there (rule
    place.derived-word-left, places.derived_place_word as for Yan et al.); elsewhere it is renamed."""
    lexicon = Lexicon(banks, strict=False)
    plain = "Paris is large. Many people live in Paris."
    derived = "Paris is large. Parisian architecture is old in Paris."
    trace: Trace = []
    found = {e.surface for e in article_entities([derived], {derived: mentions_of(derived, ("Paris", "GPE"))},
                                                 lexicon, trace)}
    assert "Paris" not in found and ("place.derived-word-left", "Paris") in {(f.rule, f.text) for f in trace}
    assert entities(plain, ("Paris", "GPE"), lexicon=lexicon)["Paris"].category == "city"


def test_a_city_named_only_inside_what_is_named_after_it_is_renamed_there(banks):
    """Issue 19: a passage that names the city only inside the name of a thing named after it ("Dublin
    Castle", "London Exhibition", "Edinburgh Tram Network") renames it there with the city; an event,
    agreement or law named after the city ("Paris Peace Conference", "Lisbon Treaty") is a fixed term
    and leaves the city out."""
    lexicon = Lexicon(banks, strict=False)
    text = "The engine drove the Paris Water Network in 1862."
    found = entities(text, ("Paris", "GPE"), lexicon=lexicon)
    assert "Paris" in found and not found["Paris"].keep
    subs = [Substitution("Paris", "Nairobi", "city", "city")]
    renamed, _ = rename_swapped(_example(text, "What did the engine drive?", "Paris Water Network"), subs)
    assert renamed.context == "The engine drove the Nairobi Water Network in 1862."
    assert renamed.answers[0].text == "Nairobi Water Network"
    fixed = "The delegation left the Paris Peace Conference in 1919."
    assert "Paris" not in entities(fixed, ("Paris", "GPE"), lexicon=lexicon)


def test_a_city_renamed_alone_is_renamed_inside_what_is_named_after_it_too(banks):
    """Blind read round 34 (AfriSQuAD2): "Enugu's Jewish population … herded into the Warsaw Ghetto" kept
    the thing named after the city whole beside its new name. Where the city is renamed at its own mentions
    too, a thing named after it of common words takes the new name there as well."""
    lexicon = Lexicon(banks, strict=False)
    text = ("Paris is large. A ghetto is a walled quarter, and the ghetto was crowded. The Jews were herded "
            "into the Paris Ghetto.")
    lexicon.observe([text], mentions_of(text, ("Paris", "GPE")))  # "ghetto" written in lower case: common
    found = entities(text, ("Paris", "GPE"), lexicon=lexicon)
    assert "Paris" in found and not found["Paris"].keep  # was ("Paris Ghetto",), kept whole
    subs = [Substitution("Paris", "Nairobi", "city", "city")]
    renamed, _ = rename_swapped(_example(text, "Where were the Jews herded?", "the Paris Ghetto"), subs)
    assert "Paris" not in renamed.context and renamed.context.endswith("into the Nairobi Ghetto.")
    assert renamed.answers[0].text == "the Nairobi Ghetto"


def test_a_country_whose_people_its_stem_names_is_left_with_its_demonym(tmp_path):
    """Blind read round 34 (AfriSQuAD2): "the Mongolian Borjigin clan" became "Namibian" while "the Mongols"
    stayed. A passage group that names the people of a country in -ia by the name's stem (rule
    place.derived-word-left, demonyms.people_stem_left as for Yan et al.) leaves the country and its
    demonym there; without the stem both are renamed."""
    banks = write_banks(tmp_path, {"gazetteer": {"country": [("Mongolia", 3_000_000), ("France", 66_000_000)],
                                                 "city": ["Paris"], "state": ["Saxony"],
                                                 "nationality": [("Mongolian", 3_000_000),
                                                                 ("French", 66_000_000)]}})
    lexicon = Lexicon(banks, strict=False)
    found = ("Mongolia", "GPE"), ("Mongolian", "NORP")
    stem = "Mongolia lies north. The Mongolian clan ruled, and the Mongols had many horses."
    plain = "Mongolia lies north. The Mongolian clan ruled, and the herders had many horses."
    assert not {"Mongolia", "Mongolian"} & entities(stem, *found, lexicon=lexicon).keys()
    assert {"Mongolia", "Mongolian"} <= entities(plain, *found, lexicon=lexicon).keys()


def test_issue19_a_gazetteer_surname_of_the_articles_full_name_is_the_person(tmp_path):
    """"Washington" (a gazetteer city) NER labels GPE alone beside the PERSON "George Washington": the
    person's surname where every passage writing it says a person; without the full name, the place."""
    from entity_renaming.entswap.entities import attested_person

    banks = write_banks(tmp_path, {"gazetteer": {"country": [("France", 66_000_000)], "state": ["Virginia"],
                                                 "city": ["Washington", "Paris"],
                                                 "nationality": [("French", 66_000_000)]}})
    lexicon = Lexicon(banks, strict=False)
    passage = ("In 1753 the governor sent George Washington to the Ohio country with a letter. Washington "
               "left with a small party, and he reached the French fort in December. The French commander "
               "invited Washington to dine with him, and Washington presented the letter to him there. The "
               "commander told Washington that the French claim to the region was superior to the British.")
    mentions = mentions_of(passage, ("George Washington", "PERSON"))
    mentions += [Mention(m.start(), m.end(), "GPE", "Washington")
                 for m in re.finditer(r"(?<!George )Washington", passage)]
    lexicon.observe([passage], mentions)
    assert attested_person("Washington", [passage], {passage: mentions}, lexicon) == "last"
    alone = [m for m in mentions if m.text == "Washington"]
    assert attested_person("Washington", [passage], {passage: alone}, lexicon) is None


def test_issue19_a_gazetteer_given_name_of_the_articles_full_name_is_the_person(tmp_path):
    """"Napoleon" (a gazetteer town) NER labels ORG alone beside the PERSON "Napoleon Bonaparte": the
    person's given name where every passage writing it says a person, as a surname is (s14-esperson)."""
    from entity_renaming.entswap.entities import attested_person

    banks = write_banks(tmp_path, {"gazetteer": {"country": [("France", 66_000_000)], "state": ["Saxony"],
                                                 "city": ["Napoleon", "Paris"],
                                                 "nationality": [("French", 66_000_000)]}})
    lexicon = Lexicon(banks, strict=False)
    passage = ("The duchy was a puppet state established by Napoleon Bonaparte in 1807. Napoleon named "
               "the king of Saxony its duke, and he kept a French army there. After the retreat from "
               "Moscow, Napoleon lost the duchy, and he never saw it again. The Congress of Vienna later "
               "divided its lands between the kingdoms of its neighbours, and the city became a capital "
               "of a new kingdom under the rule of the Russian tsar for a century after the war.")
    mentions = mentions_of(passage, ("Napoleon Bonaparte", "PERSON"))
    mentions += [Mention(m.start(), m.end(), "ORG", "Napoleon")
                 for m in re.finditer(r"Napoleon(?! Bonaparte)", passage)]
    lexicon.observe([passage], mentions)
    assert attested_person("Napoleon", [passage], {passage: mentions}, lexicon) == "first-male"
    alone = [m for m in mentions if m.text == "Napoleon"]
    assert attested_person("Napoleon", [passage], {passage: alone}, lexicon) is None


def test_issue19_an_answer_copied_from_a_passage_shows_no_lone_given_name():
    """"Lake George" as a whole answer opens its text, not a sentence: the passage writes it mid-sentence,
    so "George" of "George Washington" still never stands alone and is renamed inside the full name."""
    from entity_renaming.entswap.entities import never_alone

    passage = ("The British built Fort William Henry at the southern end of Lake George in 1755, and the "
               "colonial militia under George Washington marched north to the Ohio country that year. "
               "The French answered with Fort Carillon on the lake, which Major George Washington never "
               "saw, since the Virginia Regiment stayed on the frontier of the colony for the whole war.")
    assert never_alone("George", [passage, "Lake George"])
    assert not never_alone("George", [passage, "Who was George?"])


def test_issue19_a_kinship_noun_types_the_given_name_of_a_particle_name():
    """"Jean's nephew Maciot de Bethencourt": no name data knows "Maciot", the kinship noun shows a man."""
    from entity_renaming.entswap.entities import particle_parts, titled_name

    text = "In 1418, Jean's nephew Maciot de Bethencourt sold the rights to the islands."
    mentions = mentions_of(text, ("Maciot de Bethencourt", "PERSON"))
    lexicon = Lexicon(strict=False)
    lexicon.observe([text], mentions)
    assert particle_parts("Maciot de Bethencourt", lexicon, [text], {text: mentions}) == [
        "Maciot", "de", "Bethencourt"]
    assert titled_name(["Major", "Braddock"])  # a military rank is a title: "Major George Washington"


def test_a_demonym_before_its_crown_follows_the_country():
    """The Crown, throne or monarchy of a state is its own organ: "suppressed by the French Crown" kept
    beside a renamed France read wrong (s12 read of AfriSQuAD2)."""
    for text, word in (("The rebellions were suppressed by the French Crown.", "French"),
                       ("He took the Polish throne in 1587.", "Polish")):
        at = text.index(word)
        assert fixed_name(text, at, at + len(word), Lexicon()) is None


def test_a_formed_demonym_whose_plural_is_a_given_name_is_no_derived_word():
    """"Franci" is formed from France by an ending, and "Francis" is a given name, no plural of it: France
    is renamed beside Francis I. A listed demonym's plural that is also a given name stays its people."""
    lexicon = Lexicon()
    assert lexicon.derived_words("France", ["Long after the sect was suppressed by Francis I."]) == ()
    assert lexicon.derived_words("Thailand", ["The Thais welcomed them."]) == ("thai",)


def test_a_demonym_follows_its_country_per_passage_not_the_articles_decision(banks):
    """A country is decided in each passage group: France left in one passage (France Antarctique) does not
    leave its demonym, decided article-wide, out of the others, where France is renamed with it. A count
    opening a sentence ("Hundreds of French soldiers") is no longer name, and "the French language" is the
    language's name, left whole there while French is renamed elsewhere."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one = "Huguenots founded France Antarctique in Brazil."
    two = ("France is large. Hundreds of French soldiers were stranded. They preserved the French language. "
           "The French fled France.")
    mentions = {one: mentions_of(one, ("France Antarctique", "LOC")),
                two: mentions_of(two, ("France", "GPE"), ("French", "NORP"))}
    candidates = article_candidates([one, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert "France" not in {e.surface for e in passage_entities(candidates, [one], lexicon)}
    kept = {e.surface: e for e in passage_entities(candidates, [two], lexicon)}
    assert "France" in kept and "French" in kept
    assert "French language" in kept["French"].keep


def test_a_countrys_peerage_leaves_it_in_that_passage_only(banks):
    """A peerage of a country ("Duke of Prussia") leaves the country in the passage group that writes it:
    "Prussia" alone never names the duke, so the other passages rename it (s14: a list of countries with
    only Prussia left)."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one = "Frederick William, Elector of Brandenburg and Duke of Prussia, invited them."
    two = "They fled to England, Denmark and Prussia."
    mentions = {one: mentions_of(one, ("Frederick William", "PERSON"), ("Prussia", "GPE")),
                two: mentions_of(two, ("England", "GPE"), ("Denmark", "GPE"), ("Prussia", "GPE"))}
    candidates = article_candidates([one, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert "Prussia" not in {e.surface for e in passage_entities(candidates, [one], lexicon)}
    renamed = {e.surface for e in passage_entities(candidates, [two], lexicon)}
    assert {"England", "Denmark", "Prussia"} <= renamed


def test_a_lone_demonym_follows_the_articles_decision_on_its_country(banks):
    """A demonym in a passage group that does not name its country is no decision of its own: it follows
    the article's read of the country. France left in one passage (France Antarctique) is not renamed over
    the article, so a lone "French" elsewhere stays (s13 read: "other American colonies" renamed where the
    article leaves the United States); where the article renames France everywhere, the lone demonym
    follows it."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one = "Huguenots founded France Antarctique in Brazil."
    two = "France is large. The French fled France."
    lone = "Many French soldiers were stranded there for years."
    for texts, renamed in (((one, two, lone), False), ((two, lone), True)):
        mentions = {one: mentions_of(one, ("France Antarctique", "LOC")),
                    two: mentions_of(two, ("France", "GPE"), ("French", "NORP")),
                    lone: mentions_of(lone, ("French", "NORP"))}
        candidates = article_candidates(list(texts), mentions, lexicon)
        settle_article_wide(candidates, lexicon)
        assert ("French" in {e.surface for e in passage_entities(candidates, [lone], lexicon)}) is renamed
        assert {"France", "French"} <= {e.surface for e in passage_entities(candidates, [two], lexicon)}


def test_a_demonym_in_a_language_sense_is_no_people():
    """A language word after the demonym ("a French Bible", "non-French linguistic origins") makes the phrase
    its language's, left whole; a bare demonym after a language word of its sentence is the language ("Norman
    words … first entered Welsh"): not renamed as the people (blind read, round 26)."""
    from entity_renaming.entswap.entities import other_sense

    lexicon = Lexicon(strict=False)
    for text, word in (("Olivetan published a French Bible for them.", "French"),
                       ("Some disagree with such non-French linguistic origins.", "French"),
                       ("Norman words, such as baron (barwn), first entered Welsh at that time.", "Welsh")):
        at = text.index(word)
        assert other_sense(text, at, at + len(word), lexicon) in ("language-use", "language-use-bare")
    text = "The French fled France."
    assert other_sense(text, 4, 10, lexicon) is None


def test_a_demonym_before_a_people_or_faith_group_is_an_ethnonym(banks):
    """"French Huguenots": a plural group NER labels NORP after the demonym is a people of its own, no
    demonym ("French Australians") and no generic adherents ("French Catholics")."""
    from entity_renaming.entswap.entities import other_sense

    lexicon = Lexicon(banks, strict=False)
    text = "French Huguenots fled. French Catholics stayed. Huguenots prospered."
    lexicon.observe([text], mentions_of(text, ("Huguenots", "NORP"), ("Catholics", "NORP")))
    assert other_sense(text, 0, 6, lexicon) == "ethnonym"
    at = text.index("French Catholics")
    assert other_sense(text, at, at + 6, lexicon) is None


def test_a_national_fixed_name_takes_the_new_demonym_with_its_country(banks):
    """A fixed name the demonym opens for the country's own body, law or people is renamed inside with
    the country: left whole it would keep the old demonym beside the new name (blind read, round 26: "The
    French Protestant Church of London" beside Guinea), and leaving the demonym and its country out of the
    passage lost them (place.derived-word-left, s24): "The Kenyan Protestant Church of London". Where the
    texts also write the name by its initials ("Scottish National Party" and "SNP") or the demonym closes it
    ("the Free French"), both are still left in that passage and renamed in the others. A place's or a
    language's name is no national name, and an event or a state the demonym only names ("French and Indian
    War") is handled as main does: kept whole, the country and the demonym renamed at their other
    mentions."""
    from entity_renaming.entswap.entities import (
        article_candidates,
        national_name,
        passage_entities,
        settle_article_wide,
    )

    lexicon = Lexicon(banks, strict=False)
    assert national_name("French Protestant Church of London", "French", lexicon)
    assert not national_name("English Channel", "English", lexicon)
    assert not national_name("Norman French", "French", lexicon)
    for name, demonym in (("French and Indian War", "French"), ("Russian Empire", "Russian"),
                          ("Polish–Lithuanian Commonwealth", "Polish")):
        assert not national_name(name, demonym, lexicon)
    one = ("The French Protestant Church of London was founded in 1550 by a royal charter of the king. Many "
           "of the French who fled France in the following decades joined its congregation in the city.")
    two = ("France is a large country of western Europe. The French army marched north in the spring of that "
           "year, and the French forces met the enemy near the border with a much larger army.")
    mentions = {one: mentions_of(one, ("France", "GPE"), ("French", "NORP")),
                two: mentions_of(two, ("France", "GPE"), ("French", "NORP"))}
    candidates = article_candidates([one, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    found = passage_entities(candidates, [one], lexicon)
    assert {"France", "French"} <= {e.surface for e in found}
    assert not any("French Protestant Church of London" in e.keep for e in found)
    assert {"France", "French"} <= {e.surface for e in passage_entities(candidates, [two], lexicon)}
    renamed, _ = rename_swapped(_example(one, "Who joined?", "Many of the French"), SUBS)
    assert renamed.context.startswith("The Kenyan Protestant Church of London was founded")
    assert "Many of the Kenyans who fled Kenya" in renamed.context
    three = ("The Scottish National Party (SNP) won the vote in that year, and it governed after it. Many of "
             "the Scottish people who left Scotland in those decades kept voting for the party abroad.")
    mentions = {three: mentions_of(three, ("Scotland", "GPE"), ("Scottish", "NORP"))}
    candidates = article_candidates([three], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert not {"Scotland", "Scottish"} & {e.surface for e in passage_entities(candidates, [three], lexicon)}
    war = ("The French and Indian War began in the Ohio valley in 1754 and spread along the frontier. Many "
           "of the French who fled France in those years settled near the forts of the great lakes.")
    mentions = {war: mentions_of(war, ("France", "GPE"), ("French", "NORP"))}
    candidates = article_candidates([war], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    kept = {e.surface: e for e in passage_entities(candidates, [war], lexicon)}
    assert {"France", "French"} <= kept.keys() and "French and Indian War" in kept["French"].keep


def test_a_state_event_or_body_of_one_country_is_renamed_inside_with_it(banks):
    """s16: a fixed name the demonym opens for a state, event or body of its one country ("the second German
    Empire", "Scottish Constitutional Convention") is renamed inside with the country (kept whole it left
    "German Empire" beside Somalia); those of two countries, and names the demonym closes, stay whole."""
    from entity_renaming.entswap.entities import own_state_or_event

    lexicon = Lexicon(banks, strict=False)
    for name, demonym in (("German Empire", "German"), ("Scottish Constitutional Convention", "Scottish"),
                          ("Polish Republic", "Polish")):
        assert own_state_or_event(name, demonym, lexicon), name
    for name, demonym in (("French and Indian War", "French"), ("Polish–Lithuanian Commonwealth", "Polish"),
                          ("Polish-Bolshevik War", "Polish"), ("English Channel", "English"),
                          ("Norman French", "French"), ("Free French", "French"), ("Old English", "English"),
                          ("French Protestant Church", "French")):
        assert not own_state_or_event(name, demonym, lexicon), name
    text = ("France was a large power. The coup unified the French provinces into the second French Empire "
            "in 1852, and French troops marched.")
    found = entities(text, ("France", "GPE"), ("French", "NORP"), lexicon=lexicon)
    assert {"France", "French"} <= found.keys() and not found["French"].keep
    renamed, _ = rename_swapped(_example(text, "What did the coup found?", "the second French Empire"), SUBS)
    assert renamed.context == ("Kenya was a large power. The coup unified the Kenyan provinces into the "
                               "second Kenyan Empire in 1852, and Kenyan troops marched.")
    assert renamed.answers[0].text == "the second Kenyan Empire"


def test_a_demonym_is_kept_where_its_countrys_other_word_stands_in_another_passage(banks):
    """s16 (Scottish Parliament): "Scots law" in one passage (a derived word that is never a nationality)
    left "Scottish" out of the whole article, and with it Scotland in every passage writing "Scottish". The
    article's read keeps the demonym; each passage group judges its own words: Scotland and Scottish are
    renamed where no other derived word stands, and left where "Scots" does."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one = ("Speakers are drawn from across Scotland and are chosen to represent the balance of beliefs "
           "according to the Scottish census held by the government every ten years.")
    two = ("The Parliament of Scotland may legislate on health, home affairs and Scots law, while the "
           "Scottish courts and the police are run by the government in Edinburgh.")
    mentions = {one: mentions_of(one, ("Scotland", "GPE"), ("Scottish", "NORP")),
                two: mentions_of(two, ("Scotland", "GPE"), ("Scottish", "NORP"), ("Scots", "NORP"))}
    candidates = article_candidates([one, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert {"Scotland", "Scottish"} <= {e.surface for e in passage_entities(candidates, [one], lexicon)}
    assert not {"Scotland", "Scottish"} & {e.surface for e in passage_entities(candidates, [two], lexicon)}


def test_a_countrys_civil_war_follows_the_country():
    """"the Syrian Civil War" is the country's own upheaval, renamed with it like "Iranian Revolution"."""
    text = "It joined the fight in the Syrian Civil War in 2011."
    at = text.index("Syrian")
    assert fixed_name(text, at, at + 6, Lexicon()) is None


def test_a_demonym_after_a_compass_word_names_a_region():
    """"North American provinces" are the continent's: the demonym is no people of the United States there;
    a state organ in lower case after the name run still follows the country ("Italian Constitutional
    court")."""
    from entity_renaming.entswap.entities import other_sense

    text = "The British resettled many Acadians throughout its North American provinces."
    at = text.index("American")
    assert other_sense(text, at, at + 8, Lexicon(strict=False)) == "region"
    text = "What reason did the Italian Constitutional court give?"
    at = text.index("Italian")
    assert fixed_name(text, at, at + 7, Lexicon()) is None


#: A sentence that makes a test text a passage (longer than ``MAX_ANSWER_CHARS``).
_FILLER = (" The story was told for many years by the people who lived along the coast and in the hills, and "
           "it was written down much later by travellers who heard it in the markets and in the churches.")


def test_a_city_that_only_names_a_term_is_left(banks):
    """Issue 19: a city every occurrence of which modifies one and the same lower-case noun ("Mechlin
    patterns on Lille ground … Lille ground": a lace ground named after the city) names a kind of thing,
    not the city: left (``term``); a city that also stands alone is renamed."""
    lexicon = Lexicon(banks, strict=False)
    term = ("The lace is a combination of Mechlin patterns on Paris ground, a style of the weavers. "
            "Lace with Mechlin patterns and Paris ground did not appear until the end of the century.")
    assert "Paris" not in entities(term, ("Paris", "GPE"), lexicon=lexicon)
    plain = ("The lace is a combination of Mechlin patterns on Paris ground, a style of the weavers. "
             "The weavers of Paris made it until the end of the century, and Paris traded it.")
    assert entities(plain, ("Paris", "GPE"), lexicon=lexicon)["Paris"].category == "city"


def test_a_city_listed_after_a_region_noun_is_a_territory(banks):
    """Issue 19: a region noun heads the whole list after it ("the German territories of Baden,
    Franconia"): every item is a territory, not the city of that name (``region-of``)."""
    lexicon = Lexicon(banks, strict=False)
    text = ("Another four thousand refugees settled in the German territories of Bavaria, Rouen and the "
            "valley, where they founded many new churches and schools for their children.")
    assert "Rouen" not in entities(text, ("Rouen", "GPE"), lexicon=lexicon)
    alone = ("Another four thousand refugees settled in the old town of Rouen and the valley, where they "
             "founded many new churches and schools for their children.")
    assert entities(alone, ("Rouen", "GPE"), lexicon=lexicon)["Rouen"].category == "city"


def test_a_gazetteer_city_ner_typed_org_that_the_passage_calls_a_port_is_the_city(banks):
    """Issue 19: "the port of Copenhagen" typed ORG: a settlement noun of the passage places the gazetteer
    city as :func:`located_cities`' other evidence does ("in Limassol")."""
    lexicon = Lexicon(banks, strict=False)
    text = ("The first statue stayed on the coast and can be seen sitting at the entrance to the port of "
            "Rouen. The second one reached the mouth of the river and swam upstream." + _FILLER)
    assert entities(text, ("Rouen", "ORG"), lexicon=lexicon)["Rouen"].category == "city"


def test_a_small_gazetteer_city_listed_beside_another_city_is_a_city(tmp_path):
    """Issue 19: a GPE of fewer than ``MIN_CITY_POPULATION`` people that the gazetteer files as a town or
    city only is a city where the passage lists it beside another city ("Sandwich, Faversham and
    Maidstone"); a locative preposition alone does not do ("Hugh Lupus in Cheshire": a county)."""
    banks = write_banks(tmp_path, {"gazetteer": {"country": [("France", 66_000_000)], "state": ["Kent"],
                                                 "city": ["Faversham", "Maidstone", "Cheshire"]}})
    lexicon = Lexicon(banks, strict=False)
    listed = ("They also settled elsewhere in Kent, particularly Faversham and Maidstone, towns in which "
              "there used to be many weavers and their churches." + _FILLER)
    county = ("Roger of Montgomery ruled in Shropshire and Hugh Lupus ruled in Cheshire for many years, "
              "and these lords began a long period of settlement." + _FILLER)
    labels = (("Faversham", "GPE"), ("Maidstone", "GPE"))
    lexicon.observe([listed, county],
                    [*mentions_of(listed, *labels), *mentions_of(county, ("Cheshire", "GPE"))])
    assert entities(listed, *labels, lexicon=lexicon)["Faversham"].category == "city"
    assert "Cheshire" not in entities(county, ("Cheshire", "GPE"), lexicon=lexicon)


def test_a_gazetteer_city_ner_typed_person_that_the_passage_besieges_is_the_city(banks):
    """Issue 19: "Kublai besieged Xiangyang" typed PERSON: only a town or a fortress is besieged, so the
    gazetteer city is the city (:func:`located_cities`)."""
    lexicon = Lexicon(banks, strict=False)
    text = ("The king renewed a massive drive against the south. His army besieged Rouen between 1268 and "
            "1273, the last obstacle in its way to the rich basin of the river." + _FILLER)
    assert entities(text, ("Rouen", "PERSON"), lexicon=lexicon)["Rouen"].category == "city"


def test_a_term_named_after_a_surname_leaves_the_person_out(banks):
    """Blind read round 38 (as in the Yan et al. configs: entities.term_reads_as_mention): "the Savery
    engine" kept whole beside a renamed Thomas Savery reads as his mention left behind, and renaming inside
    the term was rejected before: the person is left out; a name with no such term is renamed everywhere."""
    lexicon = Lexicon(banks, strict=False)
    labels = (("Thomas Savery", "PERSON"), ("Savery", "PERSON"))
    text = ("In 1698 Thomas Savery patented a steam pump. Savery sold his pump to mines, and he grew rich. "
            "An attractive feature of the Savery engine was its low cost." + _FILLER)
    assert "Savery" not in entities(text, *labels, lexicon=lexicon)
    plain = text.replace("the Savery engine", "his engine")
    assert entities(plain, *labels, lexicon=lexicon)["Savery"].span_type == "last"
    assert kept_eponym_terms("Savery", ["Savery's pump was cheap."]) == ()  # no term: renamed everywhere
    assert kept_eponym_terms("Savery", ["the Savery engine was cheap."]) is None
    assert kept_eponym_terms("Newton", ["Newton's Universal Gravitation Constant and Newton's laws"]) is None
    assert kept_eponym_terms("Newton", ["Newton's first law of motion holds. Newton proposed it."]) is None
    assert kept_eponym_terms("Edison", ["He joined the Edison Machine Works. Edison paid him."]) == (
        "Edison Machine",)  # an institution named after the person stays whole


def test_a_country_after_an_era_word_is_a_use_of_it_alone(banks):
    """A passage group writing a country only after an era or regime adjective ("Napoleonic France") writes
    the country itself: renamed there, not left as a name it only stands inside; after a noun ("Bell
    Greece", a firm) it is left."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one = "Following the defeat of Napoleonic France in 1815, the empire grew."
    bell = "DATAPAC was developed by a joint venture of Bell Greece and Northern Telecom."
    two = "France is large. Greece is small."
    mentions = {one: mentions_of(one, ("France", "GPE")), bell: mentions_of(bell, ("Greece", "GPE")),
                two: mentions_of(two, ("France", "GPE"), ("Greece", "GPE"))}
    candidates = article_candidates([one, bell, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert "France" in {e.surface for e in passage_entities(candidates, [one], lexicon)}
    assert "Greece" not in {e.surface for e in passage_entities(candidates, [bell], lexicon)}
    assert "Greece" in {e.surface for e in passage_entities(candidates, [two], lexicon)}


def test_a_country_before_an_office_is_a_use_of_it_alone(banks):
    """A passage group writing a country only before an office ("former Greece Prime Minister") writes the
    country itself: renamed there, as where the passage also writes it alone."""
    from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide

    lexicon = Lexicon(banks, strict=False)
    one = "Its President (currently former Greece Prime Minister Donald Tusk) sets the agenda."
    two = "France is large. Greece is small."
    mentions = {one: mentions_of(one, ("Greece", "GPE"), ("Donald Tusk", "PERSON")),
                two: mentions_of(two, ("France", "GPE"), ("Greece", "GPE"))}
    candidates = article_candidates([one, two], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    assert "Greece" in {e.surface for e in passage_entities(candidates, [one], lexicon)}


def test_a_particle_name_with_more_surname_words_is_read_whole():
    """The shared reading (:func:`..persons.particle_name`) where :func:`particle_parts` reads one surname
    word: "Carlos Salinas de Gortari" is renamed whole, particle kept, both surname words renamed. A
    capitalised particle is turned down ("Jacob Van Braam": "Van" would be renamed as a name word)."""
    from entity_renaming.entswap.entities import compound_particle_parts, particle_parts

    lexicon = Lexicon()
    text = "In 1988, Carlos Salinas de Gortari was elected president; he served until 1994."
    mentions = {text: mentions_of(text, ("Carlos Salinas de Gortari", "PERSON"))}
    assert particle_parts("Carlos Salinas de Gortari", lexicon, [text], mentions) == []
    assert compound_particle_parts("Carlos Salinas de Gortari", lexicon, [text], mentions) == [
        "Carlos", "Salinas", "de", "Gortari"]
    text = "Captain Jacob Van Braam, a Dutchman, translated the terms. He later regretted it."
    mentions = {text: mentions_of(text, ("Jacob Van Braam", "PERSON"))}
    assert compound_particle_parts("Jacob Van Braam", lexicon, [text], mentions) == []


def test_a_hyphenated_given_name_is_typed_by_its_first_part():
    """"François-Charles de Bourlamaque": no bank lists "François-Charles", its first part carries the sex."""
    from entity_renaming.entswap.entities import compound_particle_parts, hyphenated_given_type

    lexicon = Lexicon()
    assert hyphenated_given_type("François-Charles", lexicon) == "first-male"
    assert hyphenated_given_type("Marie-Thérèse", lexicon) == "first-female"
    assert hyphenated_given_type("Jean", lexicon) is None  # no hyphen
    text = "François-Charles de Bourlamaque held Carillon. He withdrew north in 1759."
    mentions = {text: mentions_of(text, ("François-Charles de Bourlamaque", "PERSON"))}
    assert compound_particle_parts("François-Charles de Bourlamaque", lexicon, [text], mentions) == [
        "François-Charles", "de", "Bourlamaque"]


#: Sentences that make a text a passage (longer than ``MAX_ANSWER_CHARS``), naming no one.
_PADDING = (" The university grew quickly in the following decades, adding schools of law, medicine and "
            "divinity, and its library became one of the largest in the world by the end of the century. "
            "Its endowment, built over many years of gifts, paid for new buildings along the river.")


def _article_person_entities(found: dict[str, tuple[tuple[str, str], ...]], trace: Trace | None = None
                             ) -> dict[str, str]:
    """Span types of the person entities of an article of several texts, each with its NER mentions (the
    whole words ``found`` for that text): the dataset's label votes are those of all the texts."""
    mentions = {t: [Mention(m.start(), m.end(), label, s) for s, label in spans
                    for m in re.finditer(rf"(?<!\w){re.escape(s)}(?!\w)", t)] for t, spans in found.items()}
    lexicon = Lexicon(strict=False)
    lexicon.observe(list(found), [m for ms in mentions.values() for m in ms])
    return {e.surface: e.span_type for e in article_entities(list(found), mentions, lexicon, trace)
            if e.category == "person"}


def test_a_tied_person_label_holds_where_the_article_shows_a_person():
    """A PERSON mention whose label only ties the dataset's other labels of the name (``Shing-Tung Yau``:
    PERSON once, ORG once) is kept where the article's words show a person (a person noun before it), its
    name words renamed; the same tie with no such words leaves it out (rule ``label.minority``), and so
    does a lone word that opens a longer word of the article (``Warsz`` of ``Warszawa``: the place named
    after it)."""
    question = "Where does Shing-Tung Yau teach?"
    shown = "Harvard's faculty includes the Fields Medalist mathematician Shing-Tung Yau." + _PADDING
    found = _article_person_entities({shown: (("Shing-Tung Yau", "PERSON"),),
                                      question: (("Shing-Tung Yau", "ORG"),)})
    assert found.get("Yau") == "last" and "Shing-Tung" in found
    trace = Trace()
    plain = "Harvard's faculty includes Shing-Tung Yau." + _PADDING
    assert _article_person_entities({plain: (("Shing-Tung Yau", "PERSON"),),
                                     question: (("Shing-Tung Yau", "ORG"),)}, trace) == {}
    assert ("label.minority", "Shing-Tung Yau") in {(f.rule, f.text) for f in trace}
    warsz = ("Warszawa means belonging to Warsz. Warsz was a nobleman, and he owned a village on the site "
             "of the city of Warszawa." + _PADDING)
    tied = {"Who was Warsz?": (("Warsz", "ORG"),), "What did Warsz own?": (("Warsz", "ORG"),)}
    assert "Warsz" not in _article_person_entities({warsz: (("Warsz", "PERSON"),), **tied})
    named = warsz.replace("Warszawa", "the city")
    assert "Warsz" in _article_person_entities({named: (("Warsz", "PERSON"),), **tied})
    assert opens_longer_word("Warsz", [warsz]) and not opens_longer_word("Yau", [shown])


def test_a_full_name_of_weak_name_words_after_a_person_noun_or_title_is_a_person():
    """A full name of name words no bank backs (``Philaretus Brachamius``, ``Raouf Khayrat``) is a person's
    where a person noun or a title stands before it (:func:`attested_full_name`, :func:`person_context`),
    and a bank first name before the surname is no place there (``David`` of ``Henry David Thoreau``); the
    same name with nothing around it stays out (rule ``entswap.not-strong-name``)."""
    general = "In 1073, 8,000 troops of the Armenian general Philaretus Brachamius were Normans." + _PADDING
    found = _person_entities(general, (("Philaretus Brachamius", "PERSON"),))
    assert set(found) == {"Philaretus", "Brachamius"}
    titled = "The victims included the head of the police (Major General Raouf Khayrat)." + _PADDING
    assert set(_person_entities(titled, (("Raouf Khayrat", "PERSON"),))) == {"Raouf", "Khayrat"}
    trace = Trace()
    bare = "In 1073, 8,000 troops of Philaretus Brachamius were Normans." + _PADDING
    assert _person_entities(bare, (("Philaretus Brachamius", "PERSON"),), trace) == {}
    assert ("entswap.not-strong-name", "Philaretus Brachamius") in {(f.rule, f.text) for f in trace}


def test_a_title_and_a_particle_surname_rename_the_surname_with_its_particles():
    """``Marquis de Vaudreuil`` (a title, a particle, a surname; no given name) is a person's name: the
    surname is renamed with its particles (``de Vaudreuil``, so ``the Marquis Okafor``) and written alone
    follows (``Vaudreuil``); a particle surname with no title before it (``de Klerk``) is no such reading."""
    assert titled_particle_parts("Marquis de Vaudreuil") == ["de", "Vaudreuil"]
    assert titled_particle_parts("the Marquis de la Jonquière") == ["de", "la", "Jonquière"]
    assert titled_particle_parts("de Klerk") == [] and titled_particle_parts("Marquis De Vaudreuil") == []
    passage = ("The expedition was noticed by New France's governor, the Marquis de Vaudreuil. In 1756 "
               "Vaudreuil sent his troops to the forts on the Ohio." + _PADDING)
    found = _person_entities(passage, (("Marquis de Vaudreuil", "PERSON"), ("Vaudreuil", "PERSON")))
    assert found.get("Vaudreuil") == "last" and found.get("de Vaudreuil") == "last"


def test_a_national_name_of_another_people_or_no_english_word_leaves_the_demonym(banks):
    """s24: a national name is renamed inside with its country only when it reads as the country's own body;
    a name holding another people's word (``French Norman name``) or a word of no English (``Pole
    Mokotowskie``, a park) still leaves the demonym and its country in that passage."""
    from entity_renaming.entswap.entities import (
        article_candidates,
        passage_entities,
        people_word,
        settle_article_wide,
    )

    lexicon = Lexicon(banks, strict=False)
    assert people_word("Norman", lexicon) and not people_word("Huguenot", lexicon)
    assert not people_word("Protestant", lexicon)
    for text, found in (
            ("Poland is a large country in Europe. Within the city borders there is also Pole Mokotowskie, a "
             "big park in the north, and many Pole families walk there in the summer.",
             (("Poland", "GPE"), ("Pole", "NORP"))),
            ("France is a large country in Europe. The name Morell was derived from the French Norman name "
             "Morel, and the French settlers kept it in their new homes.",
             (("France", "GPE"), ("French", "NORP")))):
        candidates = article_candidates([text], {text: mentions_of(text, *found)}, lexicon)
        settle_article_wide(candidates, lexicon)
        kept = {e.surface for e in passage_entities(candidates, [text], lexicon)}
        assert not {name for name, _ in found} & kept, text


def test_a_group_the_demonym_closes_is_the_countrys_own_name(banks):
    """s16: "the Free French" closes with the demonym after a modifier of the country's people: left whole
    beside the renamed France it would keep the old demonym (read in the Imperialism de Gaulle passage),
    so it is a national name and the country stays in that passage; a language's stage or a variety named
    after another people (Old English, Norman French) is not."""
    from entity_renaming.entswap.entities import closed_by_demonym, national_name

    lexicon = Lexicon(banks, strict=False)
    assert closed_by_demonym(["Free", "French"], "French", lexicon)
    assert national_name("Free French", "French", lexicon)
    for words, demonym in ((["Old", "English"], "English"), (["Middle", "French"], "French"),
                           (["Norman", "French"], "French"), (["Free", "State"], "French"),
                           (["the", "Free", "French"], "French")):
        assert not closed_by_demonym(words, demonym, lexicon), words


def test_a_question_writing_a_passage_name_without_accents_names_that_person():
    """``entswap.question-only-name``: a question's ``Pedro Menendez de Aviles`` is the passage's ``Pedro
    Menéndez de Avilés`` (the same person, renamed with it), while ``Donald Davis`` is no spelling of
    ``Donald Davies``."""
    passages = ["In 1565 the Spanish sent Pedro Menéndez de Avilés, who established St. Augustine.",
                "the independent work of Donald Davies at the National Physical Laboratory"]
    assert passage_spelling(["Pedro", "Menendez", "de", "Aviles"], passages)
    assert not passage_spelling(["Donald", "Davis"], passages)
    assert not passage_spelling(["Pedro", "Menendez"], ["Pedro Menéndezo de Avilés sailed."])


def test_a_given_name_typed_otherwise_alone_takes_its_own_sex_in_a_full_name(tmp_path):
    """A full name's given name typed male takes a man's name even where the article's lone mention of the
    same word is typed female (``Jean`` alone, a woman by the bank, beside ``Jean Ribault``, a man): the
    lone word's new name is shared only where the types agree (as family-first names already did)."""
    banks = write_banks(tmp_path, {
        "african": {"first-male": ["Chinedu", "Kwame", "Tunde", "Kofi"], "first-female": ["Amara", "Chiamaka",
                                                                                         "Ngozi", "Zawadi"],
                    "last": ["Okafor", "Mensah", "Adeyemi", "Banda"]},
        "gazetteer": {"country": [("Kenya", 41_000_000)], "state": ["Lagos"], "city": ["Nairobi"],
                      "nationality": [("Kenyan", 41_000_000)]}})
    text = "Jean wrote. Jean Ribault sailed to Florida; he built a fort."
    lone = Entity("Jean", "person", "first-female", "Jean")
    full = Entity("Jean Ribault", "person", "last", "Jean Ribault", parts=(("Jean", "first-male"),
                                                                            ("Ribault", "last")))
    for entities in ([lone, full], [full, lone]):
        subs = {s.original: s.replacement for s in article_mapping(
            entities, ("person",), seed=0, article="a", article_text=ArticleText([text]),
            pools=Pools("african", banks))}
        assert subs["Jean"] in ("Amara", "Chiamaka", "Ngozi", "Zawadi")
        assert subs["Jean Ribault"].split()[0] in ("Chinedu", "Kwame", "Tunde", "Kofi")


def test_a_person_glossed_by_a_left_out_name_is_left_out_with_it():
    """"Jean Cauvin (John Calvin)" is one person with two names: where Calvin is left out (a derived word,
    Calvinist), Jean Cauvin renamed would read "Jean Wanja (John Calvin)"; the gloss works both ways and
    a person written apart from the left-out one stays."""
    person = Entity("Jean Cauvin", "person", "last", "Jean Cauvin")
    other = Entity("Jacques Lefevre", "person", "last", "Jacques Lefevre")
    kept = {"Jean Cauvin": person, "Jacques Lefevre": other}
    texts = ["Jean Cauvin (John Calvin) studied with Jacques Lefevre."]
    assert glossed_persons({"Calvin"}, kept, texts) == {"Jean Cauvin"}
    assert glossed_persons({"Calvin"}, kept, ["Calvin (born Jean Cauvin) wrote."]) == {"Jean Cauvin"}
    assert glossed_persons(set(), kept, texts) == set()
    assert glossed_persons({"Lefevre"}, kept, texts) == set()  # no gloss: another person



def test_another_persons_full_name_is_left_whole_and_the_shared_given_name_renamed():
    """Harvard (session 22): "John Harvard", whose Harvard is no renamed person, used to take "John" out of
    the whole article and with it John Adams, John Hancock and John F. Kennedy. The full name is left
    whole at its own mentions (any accents, middle names or initials between) and "John" renamed at the
    others'; a given name of no other renamed full name ("Alden") and a renamed surname ("Kennedy" of
    "John Kennedy": a lone "Kennedy" would be the person left whole) are left as before."""
    kept = {w: Entity(w, "person", t) for w, t in (("John", "first-male"), ("Alden", "first-male"),
                                                    ("Adams", "last"), ("Kennedy", "last"))}
    names = [["John", "Harvard"], ["John", "Adams"], ["John", "Alden", "Carpenter"], ["John", "Kennedy"]]
    others = other_full_names(names, kept, {}, None)
    assert others == {("John", "Harvard"): {"John"}, ("John", "Alden", "Carpenter"): {"John"}}
    assert other_full_names([["John", "Harvard"]], kept, {}, None) == {}  # no other John: no one kept
    texts = ["named for John Harvard, on the ship John of London", "the John W. Harvard Bridge",
             "composer John Alden Carpenter's songs", "John Adams"]
    assert set(whole_forms(others, texts)) == {"John Harvard", "John W. Harvard", "John Alden Carpenter",
                                               "John of London"}
    assert written_forms(["Thomas", "de", "Maizière"], ["Thomas de Maizière.", "Is Thomas de Maiziere?"]) == [
        "Thomas de Maizière", "Thomas de Maiziere"]
    assert written_forms(["William", "Rankine"], ["What is William Rankine's nationality?",
                                                  "William John Macquorn Rankine"]) == [
        "William Rankine", "William John Macquorn Rankine"]
    assert written_forms(["John", "O'Neill"], ["John O'Neill said"]) == ["John O'Neill"]
    assert written_forms(["John", "Harvard"], ["John Adams"]) == []


def test_a_surname_ner_labels_org_alone_follows_the_full_name_unless_a_term_is_named_after_it():
    """Session 21 (Packet switching): ``Davies`` written alone beside ``Donald Davies`` and labelled ORG there
    is the person's surname seen by NER, no unlabelled occurrence (``entswap.rarely-labelled`` no longer
    leaves the person out); ``Turing`` labelled ORG inside ``Turing machines`` is the term's label, and the
    person stays out as before."""
    davies = ("Donald Davies built a network at the laboratory. Davies wrote reports on it. Davies gave "
              "talks in 1966. Davies retired later. Davies was praised.")
    assert _person_entities(davies, (("Donald Davies", "PERSON"),)) == {}  # mostly unlabelled: rarely
    assert _person_entities(davies, (("Donald Davies", "PERSON"), ("Davies", "ORG"))) == {
        "Donald": "first-male", "Davies": "last"}
    turing = ("Alan Turing defined Turing machines. Turing machines model computers. Turing machines are "
              "simple. Turing machines halt or not. Turing was praised.")
    assert _person_entities(turing, (("Alan Turing", "PERSON"), ("Turing", "ORG"))) == {}


def test_a_firm_named_after_two_renamed_persons_is_renamed_with_them():
    """Session 21 (Steam engine): ``Boulton & Watt`` beside the persons Boulton and Watt is their firm,
    renamed with them ("Mwongeli & Wanda") instead of vetoing both; beside a word that is no renamed person
    (``Smith & Watt``) it is still a longer name that leaves Watt out."""
    text = ("James Watt improved the engine with Matthew Boulton. Boulton & Watt built engines at Soho. "
            "Watt patented a governor, and Boulton sold it. Watt retired in 1800.")
    found = _person_entities(text, (("James Watt", "PERSON"), ("Matthew Boulton", "PERSON"),
                                    ("Boulton", "PERSON"), ("Watt", "PERSON")))
    assert {"Watt": "last", "Boulton": "last", "James": "first-male"}.items() <= found.items()
    other = text.replace("Boulton & Watt", "Smith & Watt")
    assert "Watt" not in _person_entities(other, (("James Watt", "PERSON"), ("Watt", "PERSON")))


def test_a_question_without_its_question_mark_twists_a_name_as_a_question_does(banks):
    """Session 21 (Packet switching: "What did Donald Davies Develop"): a short text of the group's own that
    opens with a question word is a question although it lacks its question mark, so its own wording around
    a name is the question's twist (renamed inside), not a longer name that vetoes the name."""
    lexicon = Lexicon(banks, strict=False)
    passage = "France is large. France was at war with Greece in 1790."
    found = _passage_and_question(passage, "Who governed Old France", ("France", "GPE"), lexicon=lexicon)
    assert "France" in found
    renamed, _ = rename_swapped(_example(passage, "Who governed Old France", "1790"), SUBS[:1],
                                found["France"].keep)
    assert renamed.question == "Who governed Old Kenya"


def test_a_title_given_after_a_persons_name_is_no_longer_name():
    """Session 21 (Yuan dynasty): "proclaimed Ariq Böke Great Khan" gives the person a title (a common word
    and a ruler's title after the name): the name is renamed and the title kept around it, instead of the
    title making "Ariq Böke Great Khan" a longer name that leaves the person out; a capitalised word that
    is no title after the common word still makes a longer name."""
    text = ("Kublai learned that his brother, Ariq Böke, was challenging his claim. A rival kurultai "
            "proclaimed Ariq Böke Great Khan, beginning a civil war. Ariq Böke surrendered in 1264, and he "
            "died later.")
    found = _person_entities(text, (("Ariq Böke", "PERSON"),))
    assert {"Ariq", "Böke"} <= set(found)
    other = text.replace("Great Khan", "Great Wall")
    assert not {"Ariq", "Böke"} & set(_person_entities(other, (("Ariq Böke", "PERSON"),)))


def test_a_town_no_gazetteer_knows_before_its_province_is_a_city(tmp_path):
    """Issue 19: a GPE no gazetteer lists is a city where a passage writes its state after it outside any
    list ("a position in Xingzhou, Hebei."); a list of places of any kind is no such evidence ("capturing
    Valona, Kanina, Jericho (Orikumi), and …", "Annam, Champa, and Java")."""
    from entity_renaming.entswap.entities import region_after

    banks = write_banks(tmp_path, {"gazetteer": {"country": [("France", 66_000_000)],
                                                 "state": ["Hebei", "Jericho", "Champa"], "city": ["Rouen"]}})
    lexicon = Lexicon(banks, strict=False)
    placed = "Ogedei offered his nephew a position in Xingzhou, Hebei. He was unable to read."
    listed = "They landed, capturing Valona, Kanina, Jericho (Orikumi), and reaching Butrint."
    lexicon.observe([placed, listed], [*mentions_of(placed, ("Xingzhou", "GPE")),
                                       *mentions_of(listed, ("Kanina", "GPE"))] * 2)
    assert region_after("Xingzhou", placed, lexicon) and passage_city("Xingzhou", [placed], lexicon)
    assert not region_after("Kanina", listed, lexicon) and not passage_city("Kanina", [listed], lexicon)
    assert not region_after("Annam", "his campaigns against Annam, Champa, and Java", lexicon)
    assert region_after("Foo", "born in Foo, France, in 1900", lexicon)  # a lower-case word goes on


def test_a_name_the_gazetteer_lacks_that_a_passage_calls_a_village_is_a_city(banks):
    """Issue 19: a name no gazetteer lists, NER typed ORG, is the city where a passage calls it a settlement
    ("the village of Fraissinet-de-Lozère", "the capital from Karakorum"); not a fort glossed by a modern
    city ("Fort Le Boeuf (present-day Rouen)") nor a name a passage also sets after "the river"."""
    lexicon = Lexicon(banks, strict=False)
    village = ("Many came from the region of the Cevennes, for instance, the village of "
               "Fraissinet-de-Lozere. This was a huge influx." + _FILLER)
    assert entities(village, ("Fraissinet-de-Lozere", "ORG"),
                    lexicon=lexicon)["Fraissinet-de-Lozere"].category == "city"
    fort = "Marin built a second fort at Fort Le Boeuf (present-day Rouen), designed to guard." + _FILLER
    assert "Fort Le Boeuf" not in entities(fort, ("Fort Le Boeuf", "ORG"), lexicon=lexicon)
    river = ("They occupied the banks of the river Deabolis. Later they signed a treaty in the city of "
             "Deabolis." + _FILLER)
    assert "Deabolis" not in entities(river, ("Deabolis", "ORG"), lexicon=lexicon)


def test_list_mates_the_article_types_as_places_count_as_places(banks):
    """Issue 19: "primary defenses at Carillon, Quebec, and Louisbourg": Louisbourg, a city by the
    article's evidence though no gazetteer place, makes the list one of places; without it the list is
    mostly of non-places (peoples: "the Huron, Mississauga, Ojibwa")."""
    from entity_renaming.entities import listed_with_non_places

    lexicon = Lexicon(banks, strict=False)
    text = "with primary defenses at Carillon, Paris, and Louisbourg, while"
    start = text.index("Paris")
    assert listed_with_non_places(text, start, start + 5, lexicon)
    assert not listed_with_non_places(text, start, start + 5, lexicon, known={"Louisbourg"})


def test_a_place_a_passage_writes_glued_is_left(banks):
    """Issue 19: "Manakintown" beside "Manakin Town" (places.glued, as in the Yan et al. configs) would keep
    the old name: the town is left in that passage group."""
    lexicon = Lexicon(banks, strict=False)
    text = ("They settled at the abandoned village known as Manakin Town. The settlers still resident at "
            "Manakintown were naturalised." + _FILLER)
    assert "Manakin Town" in entities(text.replace("Manakintown", "the village"), ("Manakin Town", "GPE"),
                                      lexicon=lexicon)
    assert "Manakin Town" not in entities(text, ("Manakin Town", "GPE"), lexicon=lexicon)


def test_a_city_whose_last_word_stands_alone_is_left():
    """Issue 19: "Who was one of the most famous people born in Wola?" beside "the village of Żelazowa Wola"
    would keep part of the old name; "Rochelle" inside "New Rochelle" or "Town" of "Cape Town" would not."""
    from entity_renaming.entswap.entities import last_word_alone

    texts = ["Chopin was born in the village of Żelazowa Wola.", "Who was born in Wola?"]
    assert last_word_alone("Żelazowa Wola", texts)
    assert not last_word_alone("Żelazowa Wola", texts[:1])
    assert not last_word_alone("La Rochelle", ["from La Rochelle to New Rochelle"], ["New Rochelle"])
    assert last_word_alone("La Rochelle", ["from La Rochelle to New Rochelle"])
    assert not last_word_alone("Cape Town", ["Cape Town is a town."])
    from entity_renaming.word_index import WordIndex  # narrowed by a word index: the same answers

    assert last_word_alone("Żelazowa Wola", WordIndex(texts))
    assert not last_word_alone("Żelazowa Wola", WordIndex(texts[:1]))


def test_a_city_before_a_people_it_holds_is_renamed_inside(banks):
    """Issue 19: "The Paris Huguenots preserved the French language" names the Huguenots of the city (a
    plural the dataset labels NORP): the city is renamed there too, not left as a longer name."""
    from entity_renaming.entswap.entities import modifying_place

    lexicon = Lexicon(banks, strict=False)
    text = "In Paris, the Huguenots built churches. The Paris Huguenots preserved the French language."
    lexicon.observe([text], mentions_of(text, ("Huguenots", "NORP")) * 3)
    city = Entity("Paris", "city", "city", "Paris")
    assert modifying_place(city, "Huguenots", lexicon)
    assert not modifying_place(city, "Huguenot", lexicon)  # no plural: a name ("Paris Huguenot Church")
    assert not modifying_place(city, "Frenchs", lexicon)


def test_a_misspelt_surname_after_the_persons_given_name_is_the_person():
    """Blind read round 34: a question's "Donald Davis" beside the passage's "Donald Davies" kept "Davis"
    (a common surname of its own, so no misspelling by frequency) while Donald was renamed. A word of the
    misspelling's shape written after the name word that stands before the person's name is that person."""
    from entity_renaming.entswap.entities import after_same_name, misspelt_shape

    text = "Donald Davies developed packet switching.\nWhat did Donald Davis develop?"
    assert misspelt_shape("Davis", "Davies") and after_same_name("Davis", "Davies", text)
    assert not after_same_name("Davis", "Davies", "Donald Davies wrote.\nWhat did Angela Davis write?")
    assert not misspelt_shape("Wat", "Watt")  # three letters: too short to tell


def test_an_unlabelled_gazetteer_city_listed_among_the_articles_cities_is_a_city():
    """Issue 19 (s22): NER left Bourges and Meaux unlabelled in a list of places beside the GPE cities
    Rouen and Toulouse: gazetteer cities listed among the article's cities are cities
    (:func:`listed_cities`); without a labelled city in the list, or in a list of no places, they stay."""
    from conftest import observed_entities

    text = ("Similar massacres took place in other towns in the weeks following. The main provincial towns "
            "and cities experiencing the Massacre were Bourges, Meaux, Rouen, Toulouse, and Troyes. Nearly "
            "3,000 Protestants were slaughtered in Toulouse alone. The exact number of fatalities "
            "throughout the country is not known, and the killings continued until October.")
    labels = (("Rouen", "GPE"), ("Toulouse", "GPE"))
    found = observed_entities(text, *labels)
    assert found["Bourges"].category == "city" and found["Meaux"].category == "city"
    assert "Bourges" not in observed_entities(text)  # no city of the article in the list
    members = text.replace("Bourges, Meaux, Rouen", "Bourges, Meaux, Protestant Reformers, Rouen")
    assert "Bourges" not in observed_entities(members, *labels)  # an item that is no place


def test_a_question_that_twists_a_person_name_leaves_the_person_in_its_passage_group_only(banks):
    """Session 23: a question whose own longer name holds a person's name word while a passage writes its
    other words (``In what year was Prince Louis de Conde born?`` beside the article's ``Louis XIV``) is
    SQuAD 2.0's twist or a spelling no passage writes: it leaves the person (and every full name holding
    the word) in that question's passage group only, not in every passage of the article. A given name never
    written alone is renamed inside its full names there instead, as before."""
    lexicon = Lexicon(banks, strict=False)
    filler = " The rest of the passage speaks of other things." * 8
    first = "General Chinedu Adeyemi led the army and he won the war in 1790. Chinedu ruled later." + filler
    second = ("Kofi Mensah wrote of Chinedu Adeyemi at Ward Hall in 1801 and he was praised for it. Amara"
              " Adeyemi, his sister, said she was proud." + filler)
    question = "Who did Chinedu Ward marry?"
    texts = [first, second, question]
    found = (("Chinedu Adeyemi", "PERSON"), ("Kofi Mensah", "PERSON"), ("Amara Adeyemi", "PERSON"))
    mentions = {t: mentions_of(t, *found) for t in texts}
    trace: Trace = []
    candidates = article_candidates(texts, mentions, lexicon, trace)
    settle_article_wide(candidates, lexicon, trace)
    assert candidates.question_twists == {question: {"Chinedu"}}
    kept = {e.surface for e in passage_entities(candidates, [first], lexicon)}
    assert {"Chinedu", "Adeyemi"} <= kept
    group: Trace = []
    kept = {e.surface for e in passage_entities(candidates, [second, question], lexicon, group)}
    assert {"Kofi", "Mensah"} <= kept and not kept & {"Chinedu", "Adeyemi", "Amara"}  # no half-renamed name
    assert {f.text for f in group if f.rule == "entswap.unclear-occurrence"} >= {"Chinedu", "Adeyemi"}
    alone = first.replace(" Chinedu ruled later.", "")  # "Chinedu" never alone: renamed inside its full names
    candidates = article_candidates([alone, second, question], mentions | {alone: mentions_of(alone, *found)},
                                    lexicon, [])
    settle_article_wide(candidates, lexicon, [])
    assert candidates.question_twists == {}


def test_a_short_passage_is_no_question(banks):
    """Session 23: a build tells :func:`article_candidates` which texts are passages: a passage of 300
    characters or fewer ("In 1418, Jean's nephew Maciot de Bethencourt sold the rights …") writes its full
    names as a passage does, not as a question's own twist (``entswap.question-only-name``)."""
    lexicon = Lexicon(banks, strict=False)
    long = "The islands were conquered in 1402 and he ruled them." + " The rest speaks of other things." * 10
    short = "In 1418, the king's nephew Chinedu Adeyemi sold the rights to the islands."
    texts = [long, short]
    mentions = {t: mentions_of(t, ("Chinedu Adeyemi", "PERSON")) for t in texts}
    trace: Trace = []
    assert ["Chinedu", "Adeyemi"] not in article_candidates(texts, mentions, lexicon, trace).person_names
    assert "entswap.question-only-name" in {f.rule for f in trace}
    trace = []
    candidates = article_candidates(texts, mentions, lexicon, trace, contexts=texts)
    assert ["Chinedu", "Adeyemi"] in candidates.person_names
    assert "entswap.question-only-name" not in {f.rule for f in trace}


def test_a_person_glossed_in_another_script_is_left_with_its_listed_forms():
    """``Xiao Zhala (蕭札剌)``: the gloss keeps the original name (a blind read, round 37);
    ``Liu Heima (劉黑馬, Liu Ni)``: the person and the form the gloss lists go together; ``Shi Tianze``
    stays."""
    from entity_renaming.entswap.entities import Entity, _unglossed_persons

    text = ("Two Han Chinese leaders, Shi Tianze, Liu Heima (劉黑馬, Liu Ni), and the Khitan "
            "Xiao Zhala (蕭札剌) defected. Liu Heima served Ogödei Khan.")
    named = (("Xiao", "last"), ("Liu Heima", "last"), ("Liu Ni", "last"), ("Shi Tianze", "last"),
             ("Ogödei", "first-male"))
    entities = [Entity(s, "person", t) for s, t in named]
    assert [e.surface for e in _unglossed_persons(entities, text)] == ["Shi Tianze", "Ogödei"]


def test_country_written_with_its_article_is_no_second_name():
    """"The Netherlands" opening a sentence is the Netherlands written with its article (a gazetteer
    alias): it leaves no second name of the country, which is renamed at every mention."""
    text = ("Sweden rationed gasoline and heating oil. The Netherlands imposed prison sentences for those "
            "who used more electricity, and the Netherlands banned driving on Sundays.")
    found = observed_entities(text, ("Netherlands", "GPE"), ("Sweden", "GPE"))
    assert found["Netherlands"].category == "country"


def test_a_demonym_of_several_referents_as_the_people_follows_its_country():
    """"The British" used as the people is renamed with its country to the new people's plural ("the
    Kenyans"), as its adjective uses are ("British troops"): no veto for the people's use of a demonym of
    several referents."""
    text = "Britain raised taxes in 1765. The British sent troops, and the colonists fought the British."
    found = observed_entities(text, ("Britain", "GPE"), ("British", "NORP"))
    assert found["British"].category == "nationality" and found["Britain"].category == "country"


def test_coordinated_demonyms_before_a_noun_are_renamed_as_adjectives():
    """"The French and British forces", "the French, British and Dutch troops": adjectives before their
    noun, which the renamer renders as the new demonym ("the Kenyan and British forces"), so the demonym and
    its country are renamed; a list of demonyms heading its phrase ("the French, British and Dutch fought")
    names peoples the renamer would read as adjectives, and stays vetoed (``demonym-use``); a language use
    ("switched to French from German") too."""
    found = observed_entities("France declared war in 1756. The French and British forces met at the river.",
                              ("France", "GPE"), ("French", "NORP"), ("British", "NORP"))
    assert "French" in found and "France" in found
    listed = [("France", "GPE"), ("French", "NORP"), ("British", "NORP"), ("Dutch", "NORP")]
    found = observed_entities("France declared war in 1756. The French, British and Dutch troops met there.",
                              *listed)
    assert "French" in found and "France" in found
    found = observed_entities("France declared war in 1756. The French, British and Dutch fought there.",
                              *listed)
    assert "French" not in found and "France" not in found
    found = observed_entities("France declared war in 1756. The Huguenots switched to French from German in "
                              "their services.", ("France", "GPE"), ("French", "NORP"), ("German", "NORP"))
    assert "French" not in found and "France" not in found
    renamed, _ = rename_swapped(_example("The French, British and Dutch troops met.", "Who met?", "Dutch"),
                                SUBS)
    assert renamed.context == "The Kenyan, British and Dutch troops met."


def test_a_word_of_a_full_name_without_a_category_of_its_own_is_renamed_with_the_person():
    """Session 25 (Force, Steam engine): a word of a full name NER labels PERSON (``Newton`` of ``Isaac
    Newton``) whose lone mentions NER labels an unknown place or rarely labels is the person's word: renamed
    with the full name (:func:`full_name_word`), not left out for its own evidence with the whole name after
    it (the cascade of ``entswap.unclear-occurrence``). Not where the article shows no person (no noun,
    title or pronoun: :func:`person_context`), nor with a word derived from the person (``Newtonian``)."""
    text = ("The physicist Isaac Newton wrote the Principia in Latin. Newton's book on optics appeared in "
            "1704. Newton's friends praised the book's figures, printed in London with the plates of the "
            "edition, which scholars read today with great care and compare with the letters of the period.")
    found = (("Isaac Newton", "PERSON"), ("Newton", "LOC"))
    assert _person_entities(text, found) == {"Isaac": "first-male", "Newton": "last"}
    assert _person_entities(text.replace("The physicist Isaac", "Isaac"), found) == {}
    assert _person_entities(text.replace("appeared in", "became Newtonian in"), found) == {}


def test_a_demonym_joined_to_another_people_or_beside_its_part_is_left():
    """Blind read round 38: "Another common Norman-Irish name" kept whole beside "the Irish" renamed reads
    as the old people left behind, and "the British" renamed beside a question's "the English" no longer
    matches it: a demonym hyphen-joined to another people's word, or a demonym of several referents beside
    the demonym of one of its parts (demonyms.shared_here), is left out; a combining form still joins a
    phrase kept whole ("Anglo-French")."""
    text = ("Ireland was settled by Normans. The Irish adopted Norman customs. Another common Norman-Irish "
            "name was Morell.")
    found = observed_entities(text, ("Ireland", "GPE"), ("Irish", "NORP"))
    assert "Irish" not in found and "Ireland" not in found
    plain = text.replace("Norman-Irish", "Irish")
    assert "Irish" in observed_entities(plain, ("Ireland", "GPE"), ("Irish", "NORP"))
    britain = "Britain took Florida in 1763. The British built a road, and later the British sold cattle."
    assert "British" in observed_entities(britain, ("Britain", "GPE"), ("British", "NORP"))
    english = britain + " The English settlers prospered."
    assert "British" not in observed_entities(english, ("Britain", "GPE"), ("British", "NORP"),
                                              ("English", "NORP"))


def test_a_spent_pool_leaves_the_least_mentioned_countries(banks):
    """Where an article spends the country pool, the countries it mentions most draw first (ties by
    name), not those first in the alphabet: Italy, named three times, and Greece, twice, take
    the two names left (Kenya is the article's own word), France, named once, keeps its name."""
    pools = Pools("african", banks)
    text = ArticleText(["Italy and Greece. Italy, Greece and Italy. France.", "Kenyan runners."])
    entities = [Entity(n, "country", "country") for n in ("France", "Greece", "Italy")]
    for seed in range(10):
        new = {s.original: s.replacement for s in article_mapping(
            entities, ("country",), seed=seed, article="a", article_text=text, pools=pools)}
        assert set(new) == {"Italy", "Greece"} and set(new.values()) == {"Ghana", "Senegal"}
    assert text.mentions(["Italy"]) == 3 and text.mentions(["Great Britain", "Britain"]) == 0
    assert ArticleText(["Great Britain, or Britain."]).mentions(["Great Britain", "Britain"]) == 2


def test_a_name_the_mapping_gives_no_new_name_is_recorded_left_out():
    """A name a passage group keeps but its article's mapping gives no new name (a spent pool) is listed
    with the group's left-out names, rule entswap.no-new-name; a category the config leaves out is not."""
    swap = object.__new__(EntSwap)
    france, paris = Entity("France", "country", "country"), Entity("Paris", "city", "city")
    swap.left_out = [{"passage": "title:a#1", "example_ids": ["q"],
                      "left_out": [{"surface": "Zeta", "category": "", "rules": ["entswap.no-category"]}]}]
    swap.passage_entities = {"title:a#1": [france, paris]}
    records = swap.no_new_name({"title:a": {}}, ("country",))
    assert records[0]["left_out"] == [
        {"surface": "France", "category": "country", "rules": ["entswap.no-new-name"]},
        {"surface": "Zeta", "category": "", "rules": ["entswap.no-category"]}]
    assert swap.left_out[0]["left_out"][0]["surface"] == "Zeta"  # the config's own copy


def test_two_demonyms_before_a_border_are_two_countries():
    """Two countries' demonyms joined by a hyphen before a noun of what lies between them name each its own
    country: the renamed one takes its new demonym there even where the other is no entity of the article
    ("the Kenyan-Austrian border"); a people's word (Norman-Irish), a continent's (African-Americans) or a
    people of both (Japanese-American businesses) still leaves the demonym out."""
    from entity_renaming.entswap.entities import _Occurrences
    from entity_renaming.lexicon import Lexicon

    lexicon = Lexicon(None, strict=False)
    for text, surface, clear in [("following the Swiss-Austrian border.", "Swiss", True),
                                 ("near the Dutch-German border with", "German", True),
                                 ("Soviet-American relations grew tense.", "American", True),
                                 ("Another common Norman-Irish name was Morell.", "Irish", False),
                                 ("peoples and African-Americans.", "American", False),
                                 ("Japanese-American businesses grew.", "American", False)]:
        entity = Entity(surface, "nationality", "nationality", country="X")
        assert (_Occurrences({surface: entity}, [text]).conflict(entity, lexicon) is None) == clear, text


def test_a_country_after_a_people_adjective_is_another_land():
    """"Latin America" is another land than the United States' "America" (as in Yan et al.'s
    PEOPLE_ADJECTIVES): America there is inside a longer name, never "Latin Zambia"."""
    from entity_renaming.entswap.entities import _Occurrences
    from entity_renaming.lexicon import Lexicon

    america = Entity("America", "country", "country", referent="United States")
    text = "America grew. Throughout Latin America whiteness is prized."
    at = text.index("Latin America") + len("Latin ")
    assert _Occurrences({"America": america}, [text]).in_longer_name(america, text, at, at + 7,
                                                                      Lexicon(None, strict=False))


def test_an_institution_named_after_a_person_is_left_whole_and_the_person_renamed():
    """An institution named after a person's surname that NER labels an organisation (``Hutchinson
    Commons``: the Yan et al. configs' :func:`entity_renaming.entities.named_after_person`) is another
    referent: its name, with the person's own name words written before the surname, is left whole and
    the person renamed at their own mentions, instead of vetoing the surname and with it the full name.
    A name NER does not label so (``the Hutchinson Code``: a term) or one some text also writes in lower
    case (``the Hutchinson commons``) still vetoes."""
    lexicon = Lexicon(strict=False)
    passage = ("Businessman Charles Hutchinson gave the money. Hutchinson was a trustee and paid for "
               "Hutchinson Commons, the Charles Hutchinson Hall and a park.")
    question = "Who was Charles Hutchinson?"
    found = _passage_and_question(passage, question, ("Charles Hutchinson", "PERSON"),
                                  ("Hutchinson Commons", "ORG"), ("Hutchinson", "PERSON"), lexicon=lexicon)
    assert {"Charles", "Hutchinson"} <= set(found)
    assert set(found["Hutchinson"].keep) == {"Hutchinson Commons", "Charles Hutchinson Hall"}
    subs = [Substitution("Charles", "Kwame", "person", "first-male"),
            Substitution("Hutchinson", "Okafor", "person", "last")]
    renamed, _ = rename_swapped(_example(passage, question, "money"), subs, found["Hutchinson"].keep)
    assert renamed.context.startswith("Businessman Kwame Okafor gave the money. Okafor was a trustee and "
                                      "paid for Hutchinson Commons, the Charles Hutchinson Hall and")
    assert renamed.question == "Who was Kwame Okafor?"
    found = _passage_and_question(passage, question, ("Charles Hutchinson", "PERSON"),
                                  ("Hutchinson", "PERSON"), lexicon=lexicon)
    assert "Hutchinson" not in found  # no organisation label: no evidence of an institution
    found = _passage_and_question(f"{passage} The Hutchinson commons burned.", question,
                                  ("Charles Hutchinson", "PERSON"), ("Hutchinson Commons", "ORG"),
                                  ("Hutchinson", "PERSON"), lexicon=lexicon)
    assert "Hutchinson" not in found
