"""The narrowed reads that keep an article's analysis linear (DEVELOPERS.md: every step linear in input
size) decide what the full reads decide: each check reads only the lines or texts that may hold its words,
on a real article of the CS224n SQuAD 2.0 dev half."""

from __future__ import annotations

import json

import pytest
from conftest import SQUAD2_DEV

import entity_renaming.lexicon as lexicon_module
from entity_renaming.entswap.entities import Entity, _Occurrences, glossed_persons, organisation_alone
from entity_renaming.lexicon import Lexicon
from entity_renaming.word_index import WordIndex


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


@pytest.fixture(scope="module")
def warsaw() -> list[str]:
    """The texts of the Warsaw article: title, passages, questions and answers."""
    data = json.loads(SQUAD2_DEV.read_text(encoding="utf-8"))["data"]
    article = next(a for a in data if a["title"] == "Warsaw")
    texts = [article["title"]]
    for paragraph in article["paragraphs"]:
        texts.append(paragraph["context"])
        for qa in paragraph["qas"]:
            texts.append(qa["question"])
            texts.extend(a["text"] for a in qa["answers"])
    return texts


COUNTRIES = ("Poland", "Germany", "Russia", "France", "Soviet Union", "United States", "Israel", "Kenya")


def test_derived_words_read_only_the_lines_holding_them(lexicon, warsaw, monkeypatch):
    """A country's derived words found in an article's joined text are those a read of every line finds
    (``Polish``, ``German``, ``Soviet`` only outside ``Soviet Union``), and those of its texts apart."""
    joined = "\n".join(warsaw)
    narrowed = {c: lexicon.derived_words(c, [joined]) for c in COUNTRIES}
    assert narrowed == {c: lexicon.derived_words(c, warsaw) for c in COUNTRIES}
    assert "polish" in narrowed["Poland"] and "german" in narrowed["Germany"]
    assert narrowed["Kenya"] == ()
    monkeypatch.setattr(lexicon_module, "_lines_holding", lambda words, texts: list(texts))
    assert narrowed == {c: lexicon.derived_words(c, [joined]) for c in COUNTRIES}  # the full read


def test_a_derived_word_beside_its_country_name_only_is_found_on_its_own_line(lexicon):
    texts = ["The Soviet Union fell.", "Soviet troops left.\nFrenchmen and the French"]
    assert lexicon.derived_words("Soviet Union", texts[:1]) == ()  # "Soviet" of the country's own name
    assert lexicon.derived_words("Soviet Union", texts) == ("soviet",)
    assert lexicon.derived_words("France", texts) == ("french",)


ORGANISATIONS = (
    Entity("University of Warsaw", "organization", "organization", head="university"),
    Entity("Warsaw University of Technology", "organization", "organization", head="university"),
    Entity("Polish Academy of Sciences", "organization", "organization", head="academy"),
    Entity("National Museum", "organization", "organization", head="museum"),
    Entity("Warsaw Stock Exchange", "organization", "organization", head="exchange"),
    Entity("Polish Football Association", "organization", "organization", head="association"),
    Entity("Digital Equipment Corporation", "organization", "organization", head="corporation"),
)


def test_an_organisation_alone_reads_the_same_through_the_line_index(lexicon, warsaw):
    """:func:`organisation_alone` with the index of the text's lines decides as the read of the whole text,
    for organisations whose words stand alone in the article, that it never names, or whose initials stand
    glued to other letters (DECnet)."""
    texts = [*warsaw, "Digital Equipment Corporation sold DECnet."]
    joined = "\n".join(texts)
    index = WordIndex(joined.split("\n"))
    full = [organisation_alone(e, joined, lexicon) for e in ORGANISATIONS]
    assert [organisation_alone(e, joined, lexicon, index=index) for e in ORGANISATIONS] == full
    assert full[-1] is False  # DECnet keeps the old letters
    assert True in full and False in full


def test_an_entity_no_text_holds_is_judged_by_its_absence(lexicon):
    """An article's name that a passage group never writes, in any case, is read through the word index
    without a text to search: a person or a country code stays (nothing to check), a place is one named
    only inside longer names (here none) and is left there."""
    texts = ["Chopin was born near Warsaw.", "Where was Chopin born?"]
    entities = {e.surface: e for e in (Entity("Kraków", "city", "city"), Entity("Gdansk", "city", "city"),
                                       Entity("Marie Curie", "person", "last"),
                                       Entity("US", "country", "country"), Entity("Warsaw", "city", "city"))}
    occurrences = _Occurrences(entities, texts)
    assert occurrences.conflict(entities["Marie Curie"], lexicon) is None
    assert occurrences.conflict(entities["US"], lexicon) is None
    assert occurrences.conflict(entities["Gdansk"], lexicon) == "only-inside-longer-names"
    # a name opening with a letter outside ASCII is read in full (any text may hold it folded): the same
    assert occurrences.conflict(entities["Kraków"], lexicon) == "only-inside-longer-names"
    assert occurrences.conflict(entities["Warsaw"], lexicon) is None  # written: read at its occurrence


def test_glosses_are_read_both_ways_among_many_names():
    """The brackets after each name read once and each name looked up only where it may stand: a person
    glossed by a left-out name, or glossing one, goes with it; the others stay."""
    names = [f"Person{i} Name{i}" for i in range(50)]
    kept = {n: Entity(n, "person", "last", n) for n in [*names, "Jean Cauvin", "Marie Dentière"]}
    texts = [f"{n} met {m}." for n, m in zip(names, names[1:], strict=False)] + [
        "Jean Cauvin (John Calvin) wrote.", "Calvin (born Marie Dentière) wrote."]
    assert glossed_persons({"John Calvin"}, kept, texts) == {"Jean Cauvin"}
    assert glossed_persons({"Calvin"}, kept, texts) == {"Jean Cauvin", "Marie Dentière"}
    assert glossed_persons({"Person3 Name3"}, kept, texts) == set()


def test_an_abbreviated_name_is_found_through_the_index_as_in_every_text(warsaw):
    """:func:`abbreviated_name` given the article's word index reads only the texts holding the initials
    and finds what a read of every text finds."""
    from entity_renaming.acronyms import abbreviated_name

    texts = [*warsaw, "The Scottish National Party (SNP) won.", "SNPs met."]
    index = WordIndex(texts)
    cases = [("Scottish", " National Party won"), ("Polish", " Academy of Sciences"),
             ("Warsaw", " Stock Exchange"), ("Polish", " People's Party"), ("Warsaw", "")]
    assert ([abbreviated_name(w, after, index) for w, after in cases]
            == [abbreviated_name(w, after, texts) for w, after in cases])
    assert abbreviated_name("Scottish", " National Party won", index)
