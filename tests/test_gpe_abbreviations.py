"""A country named by its abbreviation (``UK``, ``US``, ``USSR``): a GPE mention renamed as the new country's
full name where the abbreviation heads its noun phrase ("the UK refused" → "Iraq refused"), as the new
country's demonym where it modifies a noun ("UK teachers" → "Egyptian teachers"), never before a currency
("US$10"). Real passages of the MRQA SQuAD dev file, real
spaCy NER."""

from __future__ import annotations

import random

import pytest
from conftest import MRQA_SQUAD_DEV, analyse_passages

from entity_renaming.entities import country_abbreviation, example_entities, place_spans
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Substitution
from entity_renaming.places import abbreviation_fits, alias_followers, answer_turns_adjective
from entity_renaming.referents import PerturbableSpan
from entity_renaming.sampling import Sampler
from entity_renaming.spans import perturbable_spans
from entity_renaming.substitute import rename_example

IDS = {
    "background": "c601e9c2f73e45338ccd31d9e99911ee",  # "especially within the US, require"; answers "US"
    "ussr": "bf086af4e98c48479aacd7d53fbb0f01",  # "confrontation with the USSR was"; answers "USSR"
    "teachers": "0ae2a3855eb942099c0857e9cf062dd7",  # "42% of UK teachers"; answers "UK"
    "government": "fb13262a4f114ee59152364ab3384a02",  # "the Stern Review ordered by the UK government"
    "dollars": "542fa156e04f4b6895f2e4c370550a24",  # "a US$10 a week raise"
}


@pytest.fixture(scope="module")
def analysis(spacy_ner):
    examples = read_examples(MRQA_SQUAD_DEV)[1]
    chosen = {ex.context for ex in examples if ex.id in IDS.values()}
    subset, mentions, lexicon, entities = analyse_passages(examples, chosen, spacy_ner)
    return {ex.id: ex for ex in subset}, mentions, lexicon, entities


def test_only_aliases_abbreviations_name_a_country():
    lexicon = Lexicon()
    names = ("UK", "US", "U.S.", "USA", "USSR")
    assert {w: country_abbreviation(w, lexicon) for w in names} == dict.fromkeys(names, "country")
    # the EU is no country; pycountry's codes are words ("IT", "CAN"); a full name is no abbreviation
    assert [country_abbreviation(w, lexicon) for w in ("EU", "IT", "CAN", "Britain", "United Kingdom")] == [
        None] * 5


@pytest.mark.parametrize(("abbreviation", "text", "heads"), [
    ("US", "many educational institutions especially within the US, require that prospective teachers", True),
    ("UK", "The UK refused to sign the Social Charter and was exempt from the legislation", True),
    ("USSR", "another superpower confrontation with the USSR was of more concern to the US than oil.", True),
    ("UK", "A 2000 study found that 42% of UK teachers experienced occupational stress", True),
    ("UK", "the Stern Review ordered by the UK government made a stronger argument", True),
    ("US", "Instead, Edison offered a US$10 a week raise over Tesla's US$18 per week salary", False),
    ("USSR", "the USSR forces withdrew", False),  # no letter code: "Norway forces" could not stand
    ("U.S.", "revealed that the U.S. was so distraught by the rise in oil prices", True),
    ("U.S.", "eight U.S. presidents were", True),
    ("U.S.", "He lived in the U.S. He died there.", False),  # its dot also ends the sentence
    ("U.S.", "Pierce v. Society of Sisters, 268 U.S. 510 (1925);", False),  # a law report citation
    ("U.S.", "several of the company's U.S.-based cable networks", True),  # "Kenya-based": a compound
    ("UK", "a UK-wide ban and US-led forces", True),
    ("US", "a UK-wide ban and US-led forces", True),
])
def test_an_abbreviation_heads_its_phrase_or_takes_the_demonym(abbreviation, text, heads):
    assert abbreviation_fits(abbreviation, text) is heads


def test_a_code_opening_a_hyphenated_compound_takes_the_new_name():
    """Session 24: "U.S.-based", "UK-wide" (places.abbreviation_fits) take the new country's name, not its
    demonym."""
    from entity_renaming.model import Substitution
    from entity_renaming.substitute import Renamer

    subs = [Substitution("U.S.", "Kenya", "gpe", "country"), Substitution("UK", "Peru", "gpe", "country")]
    renamer = Renamer(subs, adjectives={"Kenya": "Kenyan", "Peru": "Peruvian"})
    assert renamer.apply("its U.S.-based networks, a UK-wide ban, the UK government")[0] == (
        "its Kenya-based networks, a Peru-wide ban, the Peruvian government")


def test_a_dotted_abbreviation_is_one_country_span():
    lexicon = Lexicon()
    assert [(s.surface, s.span_type) for s in place_spans("U.S.", "gpe", lexicon)] == [("U.S.", "country")]


def test_a_heading_abbreviation_is_renamed_as_the_new_full_name(analysis):
    examples, _, _, entities = analysis
    for key, name in (("background", "US"), ("ussr", "USSR")):
        selected = perturbable_spans(entities[IDS[key]], "gpe", [a.text for a in examples[IDS[key]].answers])
        assert {(s.surface, s.span_type) for s in selected} == {(name, "country")}
    renamed, _ = rename_example(examples[IDS["ussr"]], [Substitution("USSR", "Norway", "gpe", "country")])
    assert "superpower confrontation with Norway was" in renamed.context  # the article goes with "the USSR"
    renamed, _ = rename_example(examples[IDS["background"]], [Substitution("US", "Oman", "gpe", "country")])
    assert "especially within Oman, require" in renamed.context


def test_an_abbreviation_before_a_currency_is_not_renamed(analysis):
    examples, mentions, lexicon, entities = analysis
    example = examples[IDS["dollars"]]
    assert not any(e.entity_type == "gpe" for e in entities[example.id])
    trace = []
    example_entities(example, mentions[example.context], lexicon, trace)
    assert "place.abbreviation-modifier" in {f.rule for f in trace}


def test_an_abbreviation_modifying_a_noun_takes_the_new_demonym(analysis):
    examples, _, _, entities = analysis
    example = examples[IDS["government"]]
    selected = perturbable_spans(entities[example.id], "gpe", [a.text for a in example.answers])
    assert {(s.surface, s.span_type) for s in selected} == {("UK", "country")}
    renamed, _ = rename_example(example, [Substitution("UK", "Egypt", "gpe", "country")],
                                adjectives={"Egypt": "Egyptian"})
    assert "ordered by the Egyptian government" in renamed.context
    assert [a.text for a in renamed.answers] == ["the Egyptian government"] * len(example.answers)


def test_an_answer_that_is_a_code_before_its_noun_is_left_out(analysis):
    """Blind read round 29: "Where was the 2000 study conducted?" answered "UK" of "UK teachers" would read
    "Egyptian", no answer to "where" (places.answer_turns_adjective)."""
    examples, _, _, entities = analysis
    example = examples[IDS["teachers"]]
    assert not perturbable_spans(entities[example.id], "gpe", [a.text for a in example.answers])
    text = "In 2000, 42% of UK teachers said so."
    assert answer_turns_adjective("UK", [text], ["UK", "the UK"])
    assert not answer_turns_adjective("UK", [text], ["42%"])
    assert not answer_turns_adjective("UK", ["The UK refused."], ["UK"])


def test_a_code_modifying_a_noun_draws_a_country_with_a_demonym():
    sampler = Sampler("dbname")
    span = PerturbableSpan("UK", "country", "gpe")
    texts = ["A 2000 study found that 42% of UK teachers experienced occupational stress"]
    assert sampler.takes_adjective(span, texts)
    assert not sampler.takes_adjective(span, ["The UK refused to sign the Social Charter"])
    for seed in range(20):
        (sub,) = sampler.mapping([span], texts, random.Random(seed))
        assert sub.replacement in sampler.adjectives([sub])


def test_other_names_of_a_country_take_its_new_name():
    lexicon = Lexicon()
    country = PerturbableSpan("United States", "country", "gpe")
    texts = ["it remains lawful in the United States following a US Supreme Court decision in 1977"]
    assert alias_followers(country, texts, lexicon) == [
        PerturbableSpan("US", "country", "gpe", follows="United States")]
    (sub, follower) = Sampler("dbname").mapping([country, *alias_followers(country, texts, lexicon)], texts,
                                                random.Random(0))
    assert follower.original == "US" and follower.replacement == sub.replacement
    # "America" also names the continent, a citation's "U.S." no country: the place is not renamed
    assert alias_followers(country, ["the United States and America"], lexicon) is None
    assert alias_followers(PerturbableSpan("America", "country", "gpe"), texts, lexicon) is None
    assert alias_followers(country, ["the United States; 268 U.S. 510 (1925)"], lexicon) is None

