"""The shared entity analysis on real data: the MRQA SQuAD dev file and SQuAD 2.0 articles, real spaCy NER.

Each test pins one error pattern of issue 11 to real examples where the old analysis was wrong."""

from __future__ import annotations

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_DEV, analyse_passages

from entity_renaming.entities import answer_texts, holds_entity, names_entity
from entity_renaming.entswap.build import example_texts, group_articles
from entity_renaming.entswap.entities import article_entities
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon, clean_surface, never_renamed, parse_person
from entity_renaming.ner import NerCache, recognize
from entity_renaming.spans import names_referent, perturbable_spans

#: Passages of the MRQA SQuAD dev file (by position) holding the examples below.
CONTEXTS = (40, 636, 640, 697, 750, 778, 910, 955, 1451, 1528, 1775, 1779, 1859, 1892)


@pytest.fixture(scope="module")
def mrqa():
    """Examples of the chosen passages, their entities; the lexicon observes the whole file's text."""
    examples = read_examples(MRQA_SQUAD_DEV)[1]
    contexts = list(dict.fromkeys(ex.context for ex in examples))
    chosen = {contexts[i] for i in CONTEXTS}
    return examples, chosen


@pytest.fixture(scope="module")
def analysis(mrqa, spacy_ner):
    """NER of the chosen passages only; case statistics from every text of the file."""
    examples, chosen = mrqa
    subset, _, _, entities = analyse_passages(examples, chosen, spacy_ner)
    return {ex.id: ex for ex in subset}, entities


def spans(analysis, qid, entity_type="mix"):
    examples, entities = analysis
    selected = perturbable_spans(entities[qid], entity_type, answer_texts(examples[qid]))
    return {(s.surface, s.span_type) for s in selected}


def test_pattern1_ner_labels_need_evidence(analysis):
    """A chemical element, a river and a song title tagged PERSON are not persons."""
    assert spans(analysis, "106d9836f59b48fcbe279a68ed1d0101") == set()  # "Oxygen"
    assert spans(analysis, "6ab999df20b345e0a9424f36489ab1b3") == set()  # "Danube"
    assert spans(analysis, "46d0b211ed0e45498894b8010f639fec") == set()  # "Summer Breeze"


def test_pattern2_common_words_are_no_places(analysis):
    """"Council", "Court" are cities in the 132k-name list; in an ORG name they stay."""
    gateshead = spans(analysis, "9e324fc5a007476a9bacf3ff757c562d", "org")  # Gateshead Council
    assert "Council" not in {s for s, _ in gateshead}
    # the Court of Justice: "Court" is no city, and "Justice" says what the court is for, no name to rename
    # (blind read round 22 rejected "the Court of Interfinance"; round 19 had accepted "the Court of Horst")
    assert spans(analysis, "1072443f946f48f0991443242049a9c9", "org") == set()


def test_pattern3_generic_words_inside_names_stay(analysis):
    """"United" and "Church" in "the United Methodist Church" are English words, not name words."""
    found = {s for s, _ in spans(analysis, "674fa7d1907a4915bc0c754f8ae26991", "org")}
    assert not found & {"United", "Church"}


def test_pattern4_answer_entities_lie_inside_the_answer(analysis):
    """Yan et al.'s definition (issue 19): an entity lying inside the gold answer of a majority of
    annotators is an answer entity, and every gold answer changes with it ("the assassination of John F.
    Kennedy"); a surname-only annotator still names the person; an answer that cuts a name holds none."""
    jfk = spans(analysis, "b2341fe175f1453d8fa8d7a8a07c81b5")
    assert jfk == {("John", "first-male"), ("Kennedy", "last")}
    assert holds_entity("the assassination of John F. Kennedy", "John F. Kennedy")
    assert not holds_entity("Broncos defense", "Denver Broncos")
    assert names_entity("Manning", "Peyton Manning") and names_entity("President Obama", "Obama")
    assert not names_entity("Cologne, Germany", "Germany")  # a list names no single entity
    assert not names_entity("anti-democratic Islamist movements inspired by Sayyid Qutb", "Sayyid Qutb")
    examples, entities = analysis
    for qid, found in entities.items():  # every emitted example changes a strict majority of the gold
        answers = answer_texts(examples[qid])  # answers, and the others name none of the renamed referents
        selected = perturbable_spans(found, "mix", answers)
        kept = [a for a in answers if not any(s.surface in a for s in selected)]
        if selected:
            assert len(kept) * 2 < len(answers), qid
            assert not any(names_referent(a, found) for a in kept), (qid, kept)


def test_pattern7_roman_numerals_and_letters_are_never_names(analysis):
    assert spans(analysis, "963a4be65be74d0989c2fd211151aa2b", "per") == {("Charles", "first-male")}
    assert parse_person("King George III").words == ("George",)
    assert all(never_renamed(w) for w in ("I", "III", "F.", "UK", "U.S.", "NATO", "IgG"))
    assert clean_surface("the Normans'") == "Normans" and clean_surface("U.S.") == "U.S."


def test_pattern8_middle_initials_and_persons_under_other_labels(analysis):
    assert spans(analysis, "c3f06f23e4734a8a92be13503c1bd84a", "per") == {
        ("John", "first-male"), ("Kennedy", "last")}  # "John F. Kennedy": the initial is kept
    # "Peyton Manning's" tagged ORG: no city "Manning" inside an organisation
    assert spans(analysis, "19c6f4d6a3d240518c6fff7de7bbccb1", "org") == set()
    assert parse_person("Ludwig van Beethoven") is None and parse_person("Ibn Sina") is None
    assert parse_person("Von Miller").words == ("Von", "Miller")


@pytest.fixture(scope="module")
def oil_crisis(spacy_ner):
    """EntSwap entities of the real 1973_oil_crisis and Huguenot articles of SQuAD 2.0 (cs224n dev half)."""
    examples = read_examples(SQUAD2_DEV)[1]
    articles = {k: v for k, v in group_articles(examples).items()
                if k in ("title:1973_oil_crisis", "title:Huguenot")}
    texts = [t for members in articles.values() for ex in members for t in example_texts(ex)]
    mentions = recognize(texts, spacy_ner, NerCache(None), progress=False)
    lexicon = Lexicon(strict=False)
    lexicon.observe(texts, (m for t in dict.fromkeys(texts) for m in mentions[t]))
    return {key: article_entities([t for ex in members for t in example_texts(ex)], mentions, lexicon)
            for key, members in articles.items()}


def test_pattern9_entswap_abbreviations_aliases_and_countries(oil_crisis):
    for entities in oil_crisis.values():
        surfaces = {e.surface: e for e in entities}
        assert not {"NATO", "EU"} & set(surfaces)  # organisations' abbreviations are never renamed
        for name in ("England", "Holland", "Britain"):
            assert surfaces.get(name) is None or surfaces[name].category == "country", name
        # one referent, one new name: the article's "US", "U.S.", "United States" and "America" are renamed
        # all together (letter codes follow the country, issue 19) or not at all
        us = [surfaces[n] for n in ("US", "U.S.", "United States", "America") if n in surfaces]
        assert len({e.referent for e in us}) <= 1
        assert not us or {"US", "United States"} <= set(surfaces)
        for e in entities:  # titles and common words are not person names
            assert not (e.category == "person" and e.surface.lower() in ("king", "president", "emperor"))


def test_pattern9_a_religious_group_is_no_place_and_no_organisation(oil_crisis):
    """"Huguenot(s)" (118 occurrences in its article, NER calls it ORG, NORP or GPE) is not renamed."""
    assert [e for e in oil_crisis["title:Huguenot"] if e.surface in ("Huguenot", "Huguenots")] == []
    assert any(e.category == "country" for e in oil_crisis["title:Huguenot"])  # real places still are


def test_mix_types_a_place_inside_an_organisations_name_with_the_organisation():
    """Blind read round 15 (MIX): "San Jose" of "San Jose State" typed gpe/city where the ORG config types
    it org/city; in MIX the organisation's span wins whatever the order of the entities."""
    from entity_renaming.referents import Entity, PerturbableSpan

    place = Entity("Pittsburgh", "gpe", 4, 14, (PerturbableSpan("Pittsburgh", "city", "gpe"),), ())
    team = Entity("Pittsburgh Steelers", "org", 4, 23, (PerturbableSpan("Pittsburgh", "city", "org"),
                                                        PerturbableSpan("Steelers", "nnp", "org")), ())
    for entities in ([place, team], [team, place]):
        spans = perturbable_spans(entities, "mix", ["the Pittsburgh Steelers"])
        assert {(s.surface, s.entity_type) for s in spans} == {("Pittsburgh", "org"), ("Steelers", "org")}
    assert [s.entity_type for s in perturbable_spans([place, team], "gpe", ["Pittsburgh"])] == ["gpe"]
