"""A person that the answers hold only inside a longer name (a work, a case, a body) is no PER answer entity
(rule ``per.inside-answer-name``, tenth session of issue 19: blind read round 24 rejected three such
renamings in the MIX sample); and a demonym before a text's title or version names its language."""

from __future__ import annotations

import pytest

from entity_renaming.demonyms import language_phrase
from entity_renaming.entities import inside_answer_name
from entity_renaming.lexicon import Lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon()


@pytest.mark.parametrize(("name", "question", "answers", "inside"), [
    ("Luther", "What is the title of Edwards book about Luther?",
     ["Luther's Last Battles: Politics and Polemics 1531–46"], True),
    ("Edith Cresson", "What was the main case?", ["Commission v Edith Cresson"], True),
    ("Milton Friedman", "What institute was planned?", ["the Milton Friedman Institute"], True),
    ("Marconi", "What is another explanation?", ["intercepted Marconi's European experiments"], False),
    ("Robert", "Which duke invaded?", ["King Robert", "Robert"], False),  # a title is no other name
    ("Luther", "Who wrote Luther's Last Battles?", ["Luther's Last Battles"], False),  # asks for a person
    ("Tesla", "Where is the treatise?", ["Nikola Tesla Museum", "Tesla", "Tesla's notes"], False),  # 1 of 3
])
def test_a_person_held_only_inside_a_longer_answer_name_is_no_answer_entity(name, question, answers, inside,
                                                                           lexicon):
    assert inside_answer_name(name, "per", question, answers, lexicon) is inside


@pytest.mark.parametrize(("name", "question", "answers", "inside"), [
    ("ABC", "What was Goldenson's book about ABC titled?", ["The Untold Story Behind the Rise of ABC"], True),
    ("European Union", "Which charter?", ["the Charter of Fundamental Rights of the European Union"], True),
    ("European Union", "Which court?", ["the Court of Justice of the European Union"], False),  # a body
    ("ABC", "Which division?", ["ABC News"], False),  # a unit it opens
    ("European Union", "Under what treaty can the European Commission take action against member states?",
     ["Treaty on the Functioning of the European Union"], True),
    ("BBC", "Which station covers Newcastle?", ["BBC Radio Newcastle"], False),  # a unit of the BBC
    ("ABC", "Which network aired it?", ["Rise of ABC"], False),  # asks for an organisation
    ("ABC", "What aired?", ["ABC", "ABC", "Rise of ABC"], False),  # 1 of 3
])
def test_an_organisation_held_only_inside_a_longer_answer_name_is_no_answer_entity(name, question, answers,
                                                                                   inside, lexicon):
    """One mechanism for the three types (``entities.inside_answer_name``): an organisation that the answers
    hold only inside a title, designation or treaty is no ORG answer entity (``org.inside-answer-name``)."""
    assert inside_answer_name(name, "org", question, answers, lexicon) is inside
    assert inside_answer_name("Denver", "gpe", "Who won?", ["Denver Broncos"], lexicon)  # places alike


def test_a_demonym_before_a_texts_title_or_version_names_its_language():
    text = "the book's Italian title Il milione, and the French version of the word"
    italian = text.index("Italian")
    french = text.index("French")
    assert language_phrase(text, italian, italian + len("Italian")) == "Italian title"
    assert language_phrase(text, french, french + len("French")) == "French version"
    army = "the Italian army"
    assert language_phrase(army, 4, 11) is None
