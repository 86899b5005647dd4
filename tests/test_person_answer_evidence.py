"""Person evidence for answers the small NER model labels otherwise (issue: PER recall at precision): a
relative "who" or a person noun's apposition after the name, a Census surname that ends the dataset's PERSON
full names, a listing answer beside a labelled person, a minority answer listing a second person. Real
questions and passages of the MRQA SQuAD dev file, real spaCy NER."""

from __future__ import annotations

import pytest
from conftest import entities_by_prefix

from entity_renaming.entities import (
    dataset_surname,
    described_as_person,
    kin_gender,
    lists_name,
    opened_full_name,
    other_spelling,
    person_spans,
    question_gender,
    role_before,
    titled_mention,
    titled_surname,
)
from entity_renaming.lexicon import KINSHIP, Lexicon
from entity_renaming.ner import Mention
from entity_renaming.persons import kin_possessor
from entity_renaming.question import asked_type


def test_a_relative_who_or_a_person_apposition_describes_a_person():
    assert described_as_person("Galileo", "first described by Galileo who noticed that")
    assert described_as_person("Ward", "was recovered by Ward, who returned it five yards")
    assert described_as_person("Inalchuq", "However, Inalchuq, the governor of the Khwarezmian city")
    assert described_as_person("Temülen", "three brothers named Hasar, Hachiun, and one sister named Temülen")
    assert described_as_person("Oursel", "A Norman named Oursel led a force of \"Franks\"")  # a people noun
    assert not described_as_person("Lama", "are called a Lama. A Lama who has through phowa")  # a noun
    assert not described_as_person("Denver", "Denver, the defending champions, who")  # no person noun
    assert described_as_person("Odo", "commissioned by Odo, the Bishop of Bayeux and first Earl of Kent")
    # the person noun of an "of" phrase describes another: a gate, a court
    assert not described_as_person("Huguon", "held that Huguon, the gate of King Hugo, was haunted")
    assert not described_as_person("Branntwein", "v Bundesmonopol für Branntwein, the Court of Justice found")


def test_a_person_noun_as_predicate_or_before_a_name_shows_a_person():
    """Issue 19, twenty-first session: a lower-case person noun as the name's predicate ("Rivera having been
    a linebacker") shows a person; a noun that also describes a team or a company (champion, owner) does
    not, nor a capitalised title after the verb. Any person noun before a lone name ("a messenger, Ming-Tan")
    made mononyms surnames, rejected blind (round 34): only a role noun does."""
    assert described_as_person("Rivera", "With Rivera having been a linebacker with the Chicago Bears")
    assert described_as_person("Tesla", "Tesla was a Serbian-American inventor")
    assert not described_as_person("Denver", "Denver was the defending champion")  # a team's noun
    assert not described_as_person("Apple", "Apple became the largest company")  # no person noun
    assert not role_before("the Jin commander sent a messenger, Ming-Tan, to the Mongol side", "Ming-Tan")
    assert role_before("their famed leader Rollo", "Rollo")
    assert not role_before("the ruling party Fidesz", "Fidesz")  # no person noun


def test_a_census_surname_ending_the_datasets_full_names_is_a_surname():
    lexicon = Lexicon()
    text = "Isaac Newton met Cam Newton and Wayne Newton. King Newton"
    lexicon.observe([text], [Mention(0, 12, "PERSON", "Isaac Newton"),
                             Mention(17, 27, "PERSON", "Cam Newton"),
                             Mention(32, 44, "PERSON", "Wayne Newton")])
    assert dataset_surname("Newton", lexicon)
    assert not dataset_surname("Isaac Newton", lexicon)  # a lone word only
    assert not dataset_surname("Smith", lexicon)  # no full name of the dataset ends with it


def test_listing_answers_and_other_spellings():
    assert lists_name("Temüjin and his brother Khasar", "Temüjin", strong=False)
    assert lists_name("Subutai and Jebe", "Jebe")
    assert not lists_name("Mongols and Semuren", "Semuren", strong=False)  # "Who …?" answered by peoples
    assert not lists_name("Jebe", "Jebe")
    assert other_spelling("Temüjin", ["Temujin's mother Hoelun"])
    assert not other_spelling("Temüjin", ["Temüjin's mother Hoelun"])


def test_a_plural_person_noun_or_a_persons_name_asks_for_persons():
    asked = asked_type("Which performers joined the headliner during the Super Bowl 50 halftime show?")
    assert asked is not None and (asked.entity_type, asked.strong) == ("per", True)
    asked = asked_type("What was Temüjin' sister's name?")
    assert asked is not None and (asked.entity_type, asked.strong) == ("per", True)
    assert asked_type("What is the only district in the CBD to not have downtown in it's name?") is None
    assert question_gender("What was Temüjin' sister's name?") == "first-female"
    assert question_gender("What was Tesla's father's name?") == "first-male"


def test_a_lone_given_name_opening_the_passages_one_full_name_is_that_persons():
    lexicon = Lexicon()
    text = "French leaders, such as Louis XIV and Napoleon Bonaparte, tried. It was established by Napoleon."
    napoleon = Mention(text.index("Napoleon"), text.index("Napoleon") + 18, "PERSON", "Napoleon Bonaparte")
    assert opened_full_name("Napoleon", text, [napoleon], lexicon) == ("Napoleon", "Bonaparte")
    assert opened_full_name("Bonaparte", text, [napoleon], lexicon) is None  # it opens no full name
    two = "John Smith met John Doe. John left."
    mentions = [Mention(0, 10, "PERSON", "John Smith"), Mention(15, 23, "PERSON", "John Doe")]
    assert opened_full_name("John", two, mentions, lexicon) is None  # which John?
    eames = "designed by Charles Voysey. The modernists include Charles and Ray Eames."
    voysey = [Mention(12, 26, "PERSON", "Charles Voysey")]
    assert opened_full_name("Charles", eames, voysey, lexicon) is None  # Charles Eames, not Voysey


def test_a_lone_given_name_is_renamed_with_the_rest_of_its_full_name():
    """"Napoleon" beside "Napoleon Bonaparte": renaming the given name alone leaves "Dkhari Bonaparte", which
    a reader rejects; the surname of that full name is renamed with it."""
    from entity_renaming.entities import person_spans
    lexicon = Lexicon()
    text = ("French leaders, such as Louis XIV and Napoleon Bonaparte, tried. It was established by "
            "Napoleon. He ruled France.")
    napoleon = Mention(text.index("Napoleon"), text.index("Napoleon") + 18, "PERSON", "Napoleon Bonaparte")
    spans = person_spans("Napoleon", lexicon, context=text, mentions=[napoleon])
    assert {s.surface: s.span_type for s in spans} == {"Napoleon": "first-male", "Bonaparte": "last"}


def test_a_lone_surname_is_renamed_with_the_given_name_of_its_full_name():
    """"Wilson" beside "Woodrow Wilson": one referent, one mapping; renaming the surname alone leaves the
    half-renamed "Woodrow Haislet". The given name stays where another name ends with the surname or where
    it also stands alone."""
    from entity_renaming.persons import closed_full_name
    lexicon = Lexicon()
    text = ("He was appointed to President Woodrow Wilson's inquiry. The inquiry was the idea of President "
            "Wilson. Bowman was known as Wilson's geographer.")
    wilson = [Mention(text.index("Woodrow"), text.index("Woodrow") + 14, "PERSON", "Woodrow Wilson")]
    assert closed_full_name("Wilson", text, wilson, lexicon) == ("Woodrow", "Wilson")
    spans = person_spans("President Wilson", lexicon, context=text, mentions=wilson)
    assert {s.surface: s.span_type for s in spans} == {"Woodrow": "first-male", "Wilson": "last"}
    assert closed_full_name("Wilson", text + " Woodrow Guthrie sang.", wilson, lexicon) is None  # lone
    temur = "When Yesün Temür died, Tugh Temür was recalled by El Temür. Temür ruled."
    tugh = [Mention(temur.index("Tugh"), temur.index("Tugh") + 10, "PERSON", "Tugh Temür")]
    assert closed_full_name("Temür", temur, tugh, lexicon) is None  # which Temür?
    eames = "The modernists include Charles and Ray Eames. Eames chairs followed."
    ray = [Mention(eames.index("Ray"), eames.index("Ray") + 9, "PERSON", "Ray Eames")]
    assert closed_full_name("Eames", eames, ray, lexicon) is None  # a couple's shared surname


def test_a_word_after_a_surname_title_is_a_surname_even_where_a_place_bears_it():
    lexicon = Lexicon()
    text = "Governor Vaudreuil negotiated a capitulation with General Amherst. Amherst granted it."
    assert titled_surname("Amherst", text, lexicon)
    assert [(s.surface, s.span_type) for s in person_spans("Amherst", lexicon, context=text)] == [
        ("Amherst", "last")]
    assert person_spans("Lord Loudoun", lexicon) == []  # a peer's title: its territory, no surname
    assert not titled_surname("Sejm", "the seat of the General Sejm, permanent from 1569", lexicon)
    assert not titled_surname("Motors", "a deal with General Motors", lexicon)  # a common word
    assert not titled_surname("Edward", "King Edward died", lexicon)  # a ruler's title: a given name
    # an academic or courtesy title goes with fictional characters too, a peer's with his territory
    allusion = "he cast the Master as a Professor Moriarty to the Doctor's Sherlock Holmes"
    assert not titled_surname("Moriarty", allusion, lexicon)
    assert not titled_surname("Loudoun", "Lord Loudoun, the British commander, arrived", lexicon)


def test_a_rank_office_or_mr_dr_before_a_person_mention_outvotes_its_other_labels():
    """Rule label.minority: a PERSON mention right after a title of a real person's surname is a candidate
    whatever NER labels the surface elsewhere; not after "the" and the title, nor after a peer's, an
    academic's, a ruler's or a saint's title, nor a mention NER labels otherwise here."""
    text = ("Kurt H. Debus, a member of Dr. Wernher von Braun's team, met Governor Vaudreuil. The seat of "
            "the General Sejm. He met Lord Loudoun, Professor Moriarty, King Edward and St. Thomas.")

    def mention(name: str, label: str = "PERSON") -> Mention:
        at = text.index(name)
        return Mention(at, at + len(name), label, name)

    assert titled_mention(mention("Wernher von Braun's"), text)
    assert titled_mention(mention("Vaudreuil"), text)
    assert titled_mention(mention("Governor Vaudreuil"), text)  # the title inside the mention
    assert not titled_mention(mention("Vaudreuil", "ORG"), text)
    for name in ("Sejm", "Loudoun", "Moriarty", "Edward", "Thomas", "Debus"):
        assert not titled_mention(mention(name), text), name


def test_whoever_has_a_relative_is_a_person():
    assert kin_possessor("Tesla", "In January 1880, two of Tesla's uncles put together enough money")
    assert kin_possessor("Temüjin", "Temüjin's younger brother Khasar")
    assert not kin_possessor("Paris", "Paris's sister city is Rome")  # no sister: cities have sister cities
    assert not kin_possessor("England", "England's king and the Mother of Parliaments")  # a ruler's title
    assert not kin_possessor("Tesla", "the Tesla's father of invention")  # no relative: a noun's "father of"


def test_one_kinship_table_types_a_relative_and_makes_an_owner_a_person():
    for word, sex in KINSHIP.items():
        assert kin_possessor("Tesla", f"Tesla's {word} was there") == (word != "sister"), word
        assert kin_gender(f"and his {word} Alba came", "Alba") == sex, word
    assert kin_possessor("Hera", "one of Hera's wives")  # the irregular plural


RENAMED = {
    "7ed023dd": {"Galileo"},  # PRODUCT: "first described by Galileo who noticed"
    "1cd4bb68": {"Inalchuq"},  # NORP: "Inalchuq, the governor of the Khwarezmian city of Otrar"
    "bd4ac80e": {"Beyoncé", "Bruno", "Mars"},  # ORG beside PERSON: "Beyoncé and Bruno Mars"
    "bae92c74": {"Subutai", "Jebe"},  # GPE beside PERSON, "Which two generals …?"
    "0a7ff871": {"Shiphrah", "Puah"},  # "What two women …?"
    "9dbfda34": {"Sam", "Chisholm", "Rupert", "Murdoch"},  # "Sam Chisholm and Rupert Murdoch" once
    "329cb76b": {"Temülen"},  # GPE: "What was Temüjin' sister's name?", "one sister named Temülen"
    "63f0a098": {"Napoleon"},  # ORG: "established by Napoleon" beside "Louis XIV and Napoleon Bonaparte"
    "d551966d": {"Isaac", "Komnenos"},  # "despot Isaac Komnenos … He ordered Isaac": answers name both
    "a2728176": {"James", "Gamble", "Reuben", "Townroe"},  # one ORG: "Who designed …?" two full names
    "7db98b12": {"Oursel"},  # a gazetteer commune: "A Norman named Oursel led a force", "Who was the leader"
    "076ac557": {"Amherst"},  # a gazetteer town: "a capitulation with General Amherst. Amherst granted"
    "39eba441": {"Tesla"},  # ORG here and mostly in the dataset: "two of Tesla's uncles" have a nephew
}
NOT_RENAMED = {
    "c3b4e2ea": "Mongols",  # "Who were exempt …?" "Mongols and Semuren": peoples, labelled PERSON
    "47bf1412": "Temüjin",  # "Temujin's mother" stands beside: that spelling would keep the name
    "b8874e97": "Lama",  # "a Lama who has …": a common noun
    "31744f9f": "Charles",  # "Charles and Ray Eames" beside "Charles Voysey": no lone given name of Voysey
    # a saint's name inside the answer's longer name (per.dedication): the church or the work is the answer
    "2f58ccf3": "Andrew",  # "Which parish church …?" The Parish Church of St Andrew
    "dc7f9f1f": "George",  # "What is the oldest Methodist church …?" St. George's United Methodist Church
    "8bdacf83": "John",  # "Which sculpture by Rodin …?" St John the Baptist
}
SAINT_RENAMED = {"a156294d": "Nicolas"}  # "Who is the patron saint …?" Saint Nicolas: the saint himself


@pytest.fixture(scope="module")
def analysis(spacy_ner):
    return entities_by_prefix(RENAMED.keys() | NOT_RENAMED.keys() | SAINT_RENAMED.keys(), spacy_ner)


def test_person_evidence_renames_the_persons(analysis):
    for qid, surfaces in RENAMED.items():
        spans = {s.surface for e in analysis[qid] if e.entity_type == "per" and not e.clashes
                 for s in e.spans}
        assert surfaces <= spans, (qid, spans)


def test_peoples_common_nouns_and_other_spellings_are_not_renamed(analysis):
    for qid, surface in NOT_RENAMED.items():
        spans = {s.surface for e in analysis[qid] if not e.clashes for s in e.spans}
        assert surface not in spans, (qid, spans)


def test_a_saint_asked_for_is_renamed(analysis):
    for qid, surface in SAINT_RENAMED.items():
        assert surface in {s.surface for e in analysis[qid] for s in e.spans}, qid
