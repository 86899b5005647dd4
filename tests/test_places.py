"""Places inside longer names (:mod:`entity_renaming.places`): the word-level checks, without NER."""

from __future__ import annotations

from entity_renaming.entities import asks_for_work
from entity_renaming.model import Answer, QAExample
from entity_renaming.ner import Mention
from entity_renaming.places import _name_grams, derived_place_word, glued, in_work_title


def test_a_derived_word_of_a_state_or_city_is_found():
    """No bank gives a state's or city's demonym: "Victorian" beside Victoria would keep the old name."""
    assert derived_place_word("Victoria", ["The Victorian Constitution"]) == "Victorian"
    assert derived_place_word("California", ["Californians voted"]) == "Californians"
    assert derived_place_word("Paris", ["a Parisian cafe"]) == "Parisian"
    assert derived_place_word("Berlin", ["Berliners"]) == "Berliners"
    assert derived_place_word("New York", ["a New Yorker"]) == "Yorker"
    assert derived_place_word("Denver", ["the Denver Broncos"]) is None
    assert derived_place_word("Victoria", ["Lake Victoria"]) is None


def test_a_place_glued_into_another_name_is_found():
    """The renamer renames whole words: "NewcastleGateshead" would keep Newcastle."""
    assert glued("Newcastle", ["EAT! NewcastleGateshead, a festival"])
    assert glued("Victoria", ["MacVictoria"])
    assert not glued("Newcastle", ["Newcastle, UK", "Newcastle's"])
    assert not glued("US", ["the USA"])  # abbreviations: rule place.other-name
    assert not glued("Oman", ["Romans"])


def test_name_grams_start_at_words():
    """A gram starts at a capitalised word, never inside one ("d'Alsace")."""
    grams = [g for _, _, g in _name_grams("Grand Canal d'Alsace")]
    assert "Alsace" not in grams and "Grand Canal" in grams
    assert [g for _, _, g in _name_grams("Warsaw Stock Exchange")][:1] == ["Warsaw Stock Exchange"]
    assert "Warsaw" in [g for _, _, g in _name_grams("Warsaw Stock Exchange")]


def _example(context: str, answer: str, question: str = "What airs at seven?") -> QAExample:
    start = context.index(answer)
    return QAExample("q", "test", "mrqa", context, question, [Answer(answer, [(start, start + len(answer))])])


def test_a_place_inside_a_works_title_is_found():
    """A title (a longer WORK_OF_ART mention) is no reference to the place in it (rule place.work-title)."""
    context = "ABC airs Good Morning America from Times Square, in America."
    title = Mention(9, 29, "WORK_OF_ART", "Good Morning America")
    example = _example(context, "Good Morning America")
    assert in_work_title("America", example, [title])
    assert not in_work_title("America", example, [Mention(22, 29, "GPE", "America")])
    assert not in_work_title("America", _example(context, "America."), [title])  # the place itself


def test_a_question_asking_for_a_work_is_found_where_it_stands():
    """A work noun after what/which, plural or after "was the" and modifiers, not first in the question."""
    assert asks_for_work("In 1990, what was the longest running primetime entertainment program?")
    assert asks_for_work("What programs are broadcast from the Times Square Studios?")
    assert asks_for_work("On what show did he make his television debut?")
    assert asks_for_work("What television show did he host?")
    assert not asks_for_work("What actress plays the female Master?")  # "plays": a verb
    assert not asks_for_work("What did the film director say?")
    assert not asks_for_work("Which country's invasion show the insecurity of the Middle East?")
    assert not asks_for_work("Which team won Super Bowl 50?")
