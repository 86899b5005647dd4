"""A person that the answers hold only inside a longer name (a work, a case, a body) is no PER answer entity
(rule ``per.inside-answer-name``, tenth session of issue 19: blind read round 24 rejected three such
renamings in the MIX sample); and a demonym before a text's title or version names its language."""

from __future__ import annotations

import pytest

from entity_renaming.entities import inside_answer_name, language_phrase


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
def test_a_person_held_only_inside_a_longer_answer_name_is_no_answer_entity(name, question, answers, inside):
    assert inside_answer_name(name, question, answers) is inside


def test_a_demonym_before_a_texts_title_or_version_names_its_language():
    text = "the book's Italian title Il milione, and the French version of the word"
    italian = text.index("Italian")
    french = text.index("French")
    assert language_phrase(text, italian, italian + len("Italian")) == "Italian title"
    assert language_phrase(text, french, french + len("French")) == "French version"
    army = "the Italian army"
    assert language_phrase(army, 4, 11) is None
