"""EntSwap organisations: their lone word and initials follow the new name (as a demonym follows its
country) instead of vetoing it; words of the name that stand alone for something else veto nothing."""

from __future__ import annotations

import re

import pytest
from conftest import write_banks

from entity_renaming.acronyms import acronym_veto, glued_initials
from entity_renaming.entswap.entities import (
    Entity,
    article_candidates,
    article_entities,
    kind_of_body,
    passage_entities,
)
from entity_renaming.entswap.mapping import ArticleText, Pools, article_mapping, short_form
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import Mention
from entity_renaming.rules import Trace


@pytest.fixture
def banks(tmp_path):
    rows = {
        "gazetteer": {"country": [("France", 66_000_000), ("Kenya", 41_000_000)],
                      "state": ["Bavaria"], "city": ["Paris", "Nairobi"],
                      "nationality": [("French", 66_000_000)]},
        "african": {"first-male": ["Chinedu"], "first-female": ["Amara"], "last": ["Okafor"],
                    "country": [("Ghana", 30_000_000)], "city": ["Kumasi"], "location": ["Sahel"],
                    "nationality": [("Ghanaian", 30_000_000)],
                    "organization": ["Makerere University", "University of Ghana", "Ghana Science Foundation",
                                     "Rwanda Socialist Party", "Kenya Wildlife Service",
                                     "Electoral Commission of Ghana"]},
    }
    return write_banks(tmp_path, rows)


def mentions_of(text: str, *found: tuple[str, str]) -> list[Mention]:
    return [Mention(m.start(), m.end(), label, surface) for surface, label in found
            for m in re.finditer(rf"(?<!\w){re.escape(surface)}(?!\w)", text)]


def test_short_form_takes_the_word_or_initials_of_the_new_name():
    assert short_form("Harvard University", "Harvard", "Makerere University") == "Makerere"
    assert short_form("Harvard University", "Harvard", "University of Ghana") is None  # another shape
    assert short_form("National Science Foundation", "NSF", "Ghana Science Foundation") == "GSF"
    assert short_form("University of Paris", "Paris", "University of Ghana") == "Ghana"
    # "an SNP" would read "a RSP": initials opening with a letter whose name opens with a vowel are not drawn
    assert short_form("Scottish National Party", "SNP", "Rwanda Socialist Party") is None


def test_a_lone_word_and_the_initials_follow_the_new_name(banks):
    entities = [Entity("Harvard University", "organization", "organization", head="university"),
                Entity("Harvard", "organization", "organization", "Harvard University", head="university",
                       short_of="Harvard University"),
                Entity("National Science Foundation", "organization", "organization", head="foundation"),
                Entity("NSF", "organization", "organization", "National Science Foundation",
                       head="foundation", short_of="National Science Foundation")]
    text = ArticleText(["Harvard University got a grant from the National Science Foundation (NSF). Harvard "
                        "spent it."])
    for seed in range(10):
        subs = article_mapping(entities, ("organization",), seed=seed, article="a", article_text=text,
                               pools=Pools("african", banks))
        new = {s.original: s.replacement for s in subs}
        assert new == {"Harvard University": "Makerere University", "Harvard": "Makerere",
                       "National Science Foundation": "Ghana Science Foundation", "NSF": "GSF"}


def _entities(text: str, *found: tuple[str, str], lexicon: Lexicon) -> tuple[set[str], Trace]:
    trace: Trace = []
    kept = article_entities([text], {text: mentions_of(text, *found)}, lexicon, trace)
    return {e.surface for e in kept}, trace


def test_the_organisation_word_a_place_word_and_the_short_forms_veto_nothing(banks):
    lexicon = Lexicon(banks, strict=False)
    # (a sentence ending in a name before "Harvard" opens no longer name: "… in Kenya. Harvard grew")
    text = ("Harvard University was founded in Kenya. Harvard grew, and the University's endowment is "
            "large. The Kenya Science Foundation (KSF) funds it; Kenya is far.")
    kept, trace = _entities(text, ("Harvard University", "ORG"), ("Harvard", "ORG"), ("Kenya", "GPE"),
                            ("Kenya Science Foundation", "ORG"), ("KSF", "ORG"), lexicon=lexicon)
    assert {"Harvard University", "Harvard", "Kenya Science Foundation", "KSF"} <= kept
    assert not [f for f in trace if f.rule == "entswap.org-word-alone"]


def test_a_lone_word_that_is_no_short_form_still_vetoes(banks):
    lexicon = Lexicon(banks, strict=False)
    # "Harvard" is labelled ORG but also opens "Harvard College": a short form of two organisations
    text = "Harvard University and Harvard College met. Harvard grew."
    kept, trace = _entities(text, ("Harvard University", "ORG"), ("Harvard College", "ORG"),
                            ("Harvard", "ORG"), lexicon=lexicon)
    assert "Harvard University" not in kept and "Harvard" not in kept
    assert ("entswap.org-word-alone", "Harvard University") in {(f.rule, f.text) for f in trace}


def test_a_kind_of_body_is_no_named_organisation():
    text = "Kilbrandon recommended a directly elected Scottish Assembly; the grant came from the NSF."
    assert kind_of_body(text, text.index("Scottish"))
    assert not kind_of_body(text, text.index("NSF"))


# ---- blind read round 21: what a short form or a lone word cannot follow

PAD = " The college grew slowly over the following decades, adding new buildings, teachers and students." * 3


@pytest.fixture
def city_banks(tmp_path):
    rows = {
        "gazetteer": {"country": [("United States", 300_000_000), ("Kenya", 41_000_000)],
                      "state": ["Bavaria"], "city": [("Paris", 2_000_000)],
                      "nationality": [("American", 300_000_000)]},
        "african": {"first-male": ["Chinedu"], "first-female": ["Amara"], "last": ["Okafor"],
                    "country": [("Ghana", 30_000_000)], "city": [("Kumasi", 2_000_000)],
                    "location": ["Sahel"], "nationality": [("Ghanaian", 30_000_000)],
                    "organization": ["Ghana Science Foundation", "Kumasi Research Foundation",
                                     "Tropical Research Foundation"]},
    }
    return write_banks(tmp_path, rows)


def test_initials_glued_into_a_longer_word_veto_the_organisation(banks):
    assert glued_initials("DEC", ["DECnet is a suite"]) and glued_initials("ABC", ["on ABC1"])
    assert not glued_initials("NSF", ["two NSFs and the NSF's grant"])
    assert acronym_veto("DEC", ("DECnet stands for what?",)) is None  # Yan et al.'s rename it with DEC
    lexicon = Lexicon(banks, strict=False)
    found = (("Digital Equipment Corporation", "ORG"), ("DEC", "ORG"))
    plain = "The protocols were made by Digital Equipment Corporation. DEC grew fast."
    kept, _ = _entities(plain, *found, lexicon=lexicon)
    assert {"Digital Equipment Corporation", "DEC"} <= kept  # the initials follow the new name
    kept, trace = _entities("DECnet is a suite of protocols. " + plain, *found, lexicon=lexicon)
    assert not {"Digital Equipment Corporation", "DEC"} & kept  # "DECnet" would keep the old letters
    assert ("entswap.org-word-alone", "Digital Equipment Corporation") in {(f.rule, f.text) for f in trace}


def test_a_city_that_questions_write_alone_beside_a_university_named_after_it_follows_neither(city_banks):
    lexicon = Lexicon(city_banks, strict=False)
    city = "Paris is a large city on the Seine, and the college sent teachers to Paris." + PAD
    school = "Many leaders of the colony had attended the University of Paris before they came." + PAD
    asked, other = "What group was trained at Paris?", "Where had the leaders studied?"
    texts = [city, school, asked, other]
    mentions = {t: mentions_of(t, ("Paris", "GPE"), ("University of Paris", "ORG")) for t in texts}
    candidates = article_candidates(texts, mentions, lexicon)
    assert {"Paris", "University of Paris"} <= {e.surface for e in candidates.entities}
    trace: Trace = []
    kept = {e.surface for e in passage_entities(candidates, [school, asked], lexicon, trace)}
    assert not {"Paris", "University of Paris"} & kept  # "trained at Paris" may be the university
    assert {("entswap.org-word-alone", "University of Paris"),
            ("entswap.unclear-occurrence", "Paris")} <= {(f.rule, f.text) for f in trace}
    # a passage that writes the city alone uses it for the city; a question that does not leaves both
    assert "Paris" in {e.surface for e in passage_entities(candidates, [city, asked], lexicon)}
    assert "University of Paris" in {e.surface for e in passage_entities(candidates, [school, other],
                                                                          lexicon)}


def test_an_organisation_a_place_modifies_draws_no_place_name(city_banks):
    pools = Pools("african", city_banks)
    entities = [Entity("U.S.", "country", "country", "United States"),
                Entity("National Science Foundation", "organization", "organization", head="foundation")]
    drawn = {False: set(), True: set()}
    for placed, text in ((True, "funded by the U.S. National Science Foundation."),
                         (False, "funded by the National Science Foundation in the U.S.")):
        for seed in range(20):
            subs = article_mapping(entities, ("country", "organization"), seed=seed, article="a",
                                   article_text=ArticleText([text]), pools=pools)
            drawn[placed] |= {s.replacement for s in subs if s.entity_type == "organization"}
    assert drawn[True] == {"Tropical Research Foundation"}  # not "Ghana Science Foundation" after Ghana
    assert len(drawn[False]) > 1
