"""The one rule table (:mod:`entity_renaming.rules`): every veto the analysis applies is a named rule, and
out-of-scope records carry the id of the rule that removed the example's candidate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from entity_renaming.model import Answer, QAExample
from entity_renaming.ner import Mention
from entity_renaming.rules import RULES, Why, fire, veto_reason

SRC = Path(__file__).resolve().parents[1] / "src" / "entity_renaming"
_USE = re.compile(r"""(?:\bno\(why|_none\(why|\bfire\(trace|_drop\(found|why\.no\()\s*,?\s*"""
                  r"""["']([\w.-]+)["']""")


def test_every_rule_id_in_the_source_is_in_the_table():
    used = {m.group(1) for path in SRC.rglob("*.py") for m in _USE.finditer(path.read_text(encoding="utf-8"))}
    assert len(used) >= 30  # the analysis' vetoes are named, not anonymous early exits
    assert used <= set(RULES), used - set(RULES)


def test_rules_are_named_and_typed():
    for rid, rule in RULES.items():
        assert rule.id == rid and re.fullmatch(r"[a-z]+\.[a-z-]+", rid)
        assert rule.kind in ("veto", "evidence") and rule.checks and rule.studies


def test_unknown_rule_ids_fail_loudly():
    with pytest.raises(KeyError):
        fire([], "no.such-rule")
    with pytest.raises(KeyError):
        Why().no("no.such-rule")


def test_out_of_scope_reason_names_the_first_rule_of_the_type():
    trace = []
    fire(trace, "org.lone-word", "NBC", "org", 3)
    fire(trace, "per.no-gender", "Kim Wilkie", "per", 10)
    assert veto_reason("per", trace) == "no perturbable per answer entity: per.no-gender"
    assert veto_reason("mix", trace) == "no perturbable mix answer entity: org.lone-word"
    assert veto_reason("gpe", trace) == "no perturbable gpe answer entity: ner.no-answer-mention"


def test_the_analysis_traces_which_rule_removed_a_candidate():
    """An ORG name in the answer with no organisation word, two ORG labels and a question naming no kind
    of organisation is removed by ``org.no-head``; the example's out-of-scope reason for ORG carries that
    id. (An acronym such as NBC is no longer: the acronym rules decide it, acronyms.labelled_acronym.)"""
    from entity_renaming.entities import analyse_examples
    from entity_renaming.lexicon import Lexicon
    from entity_renaming.pipeline import selection

    context = "Robert Smith joined Knight Ridder in 1990. He left Knight Ridder in 2001."
    first, last = context.index("Knight Ridder"), context.rindex("Knight Ridder")
    ex = QAExample(id="q1", dataset="t", source_format="mrqa", context=context,
                   question="Where did Robert Smith go in 1990?",
                   answers=[Answer("Knight Ridder", [(first, first + 13)])], answer_texts=["Knight Ridder"])
    mentions = {context: [Mention(0, 12, "PERSON", "Robert Smith"),
                          Mention(first, first + 13, "ORG", "Knight Ridder"),
                          Mention(last, last + 13, "ORG", "Knight Ridder")]}
    analysis = analyse_examples([ex], mentions, Lexicon())
    assert analysis["q1"] == []
    fired = [(f.rule, f.text, f.entity_type) for f in analysis.vetoes["q1"]]
    assert fired == [("org.no-head", "Knight Ridder", "org")], fired
    [(_, reason)] = selection([ex], analysis, "org")
    assert reason == "no perturbable org answer entity: org.no-head"


def _split_example(answers: list[str], context: str) -> tuple[QAExample, dict[str, list[Mention]]]:
    """A question whose annotators name different persons of the passage (PERSON mentions of every
    ``Robert Zimmer`` and ``Daniel Diermeier``)."""
    spans = [Answer(a, [(context.index(a), context.index(a) + len(a))]) for a in answers if a in context]
    mentions = [Mention(m.start(), m.end(), "PERSON", m.group())
                for m in re.finditer(r"Robert Zimmer|Daniel Diermeier", context)]
    ex = QAExample(id="q1", dataset="t", source_format="mrqa", context=context,
                   question="Who took Isaacs' place as Provost in 2016?", answers=spans, answer_texts=answers)
    return ex, {context: mentions}


def test_answers_that_disagree_on_the_referent_rename_every_referent():
    """No strict majority names one person (Robert Zimmer once, Daniel Diermeier twice), yet every answer
    is a person of the passage: both are answer entities, each renamed, so that every gold answer changes
    (``entities.split_answers``). An answer holding no candidate ("in 2016") leaves the example out, and a
    referent that fails a precision rule alone leaves it out by that rule, unless a strict majority names
    the other one (``spans.answers_change``)."""
    from entity_renaming.entities import analyse_examples
    from entity_renaming.lexicon import Lexicon
    from entity_renaming.pipeline import selection

    context = ("The president of the university is Robert Zimmer. Isaacs was replaced as Provost in 2016 by "
               "Daniel Diermeier. He had taught at Northwestern.")
    ex, mentions = _split_example(["Robert Zimmer", "Daniel Diermeier", "Daniel Diermeier"], context)
    analysis = analyse_examples([ex], mentions, Lexicon())
    assert [e.text for e in analysis["q1"]] == ["Robert Zimmer", "Daniel Diermeier"]
    [(_, spans)] = selection([ex], analysis, "per")
    assert {s.surface for s in spans} == {"Robert", "Zimmer", "Daniel", "Diermeier"}

    ex, mentions = _split_example(["Robert Zimmer", "Daniel Diermeier", "in 2016"], context)
    assert analyse_examples([ex], mentions, Lexicon())["q1"] == []

    context = context.replace("is Robert Zimmer.", "gives the Robert Zimmer Prize.")  # a prize, not him
    ex, mentions = _split_example(["Robert Zimmer", "Daniel Diermeier"], context)
    analysis = analyse_examples([ex], mentions, Lexicon())
    [(_, reason)] = selection([ex], analysis, "per")
    assert reason.endswith(": per.after-the"), reason
    # a strict majority names Diermeier: he is the answer entity, the other annotator's answer stays
    ex, mentions = _split_example(["Robert Zimmer", "Daniel Diermeier", "Daniel Diermeier"], context)
    [(_, spans)] = selection([ex], analyse_examples([ex], mentions, Lexicon()), "per")
    assert {s.surface for s in spans} == {"Daniel", "Diermeier"}


def test_a_person_mention_opening_with_a_place_noun_is_a_place():
    """"Mount Wilson" tagged PERSON is the mountain named after a person, not the person: rule
    ``per.after-the``, as after the noun ("the Fort William Henry")."""
    from entity_renaming.entities import analyse_examples
    from entity_renaming.lexicon import Lexicon

    context = "ABC built the transmitter of its station on Mount Wilson in 1948. Wilson was pleased."
    at = context.index("Mount Wilson")
    ex = QAExample(id="q1", dataset="t", source_format="mrqa", context=context,
                   question="Where did ABC build its transmitter?",
                   answers=[Answer("Mount Wilson", [(at, at + 12)])], answer_texts=["Mount Wilson"] * 2)
    analysis = analyse_examples([ex], {context: [Mention(at, at + 12, "PERSON", "Mount Wilson")]}, Lexicon())
    assert [e for e in analysis["q1"] if e.entity_type == "per"] == []


def test_a_country_name_before_a_state_is_a_town_of_that_state():
    """"the Lebanon, New Hampshire city councilors": the country's name written before a state names a
    town of that state, renamed as a city ("Lebanon" is no country there: ``places.in_its_region``). (The
    dataset's example answers "sending an email" twice, the core of the others: no answer entity.)"""
    from entity_renaming.entities import analyse_examples
    from entity_renaming.lexicon import Lexicon

    context = "In 1978 the Lebanon, New Hampshire city councilors voted to close the old mill."
    at = context.index("Lebanon")
    state = context.index("New Hampshire")
    ex = QAExample(id="q1", dataset="t", source_format="mrqa", context=context,
                   question="Which city's councilors voted to close the mill?",
                   answers=[Answer("Lebanon", [(at, at + 7)])], answer_texts=["Lebanon"] * 2)
    mentions = {context: [Mention(at, at + 7, "GPE", "Lebanon"),
                          Mention(state, state + 13, "GPE", "New Hampshire")]}
    [entity] = analyse_examples([ex], mentions, Lexicon())["q1"]
    assert [(s.surface, s.span_type) for s in entity.spans] == [("Lebanon", "city")]
