"""The person evidence of a question's own gendered noun, and questions about a name's form (issue 19,
seventh session): pure functions, no NER."""

from __future__ import annotations

import pytest

from entity_renaming.entities import question_gender
from entity_renaming.question import asks_about_name


@pytest.mark.parametrize(("question", "gender"), [
    ("Who was Kaidu's grandfather?", "first-male"),
    ("Which male child of Ghengis Khan and Börte was born last?", "first-male"),
    ("What two women were defying the pharaoh in the story?", "first-female"),
    ("What was the name of the wife arranged for Temüjin by his father?", "first-female"),
    ("Who were the first kings of Poland?", "first-male"),
    ("Which husband and wife modern furniture design team are represented?", None),  # two genders
    ("Who was the king's advisor?", None),  # the king is another person
    ("Who killed the king?", None),  # the noun is the object, not the person asked for
    ("Who was Philip I?", None),
    ("What was Temüjin's sister's name?", "first-female"),
    ("What was Tesla's brother's birth name?", "first-male"),  # the asked type's pattern, one for both
])
def test_the_question_noun_for_the_person_asked_for_gives_a_gender(question, gender):
    assert question_gender(question) == gender


def test_one_possessive_name_pattern_types_the_question_and_genders_it():
    from entity_renaming.question import asked_type
    question = "What was Tesla's brother's last name?"
    assert asked_type(question).word == "brother" and question_gender(question) == "first-male"


def test_a_question_for_a_names_form_in_a_style_is_about_the_name():
    assert asks_about_name("What Chinese-style name did Rinchinbal use?")
    assert asks_about_name("What is the Polish name for the Saxon Garden?")
    assert not asks_about_name("Who did Kublai make the ruler of Korea?")
