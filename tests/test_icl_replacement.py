"""Subject choice, gender heuristic and span-based replacement on real SQuAD 2.0 dev questions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from entity_renaming.icl.names import bootstrap_name_sets, name_pool, unique_names
from entity_renaming.icl.replacement import (
    Subject,
    detect_subjects,
    find_subject,
    name_fits,
    pronoun_genders,
    rename_subject,
    subject_gender,
    substitutions,
)
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Answer, QAExample, illegal_answers
from entity_renaming.ner import Mention, NerCache
from entity_renaming.substitute import RenameError, rename_example

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SQUAD2_DEV = SHARED / "squad_v2" / "cs224n_dev-v2.0.json"


@pytest.fixture(scope="module")
def subjects_and_examples(spacy_ner, ner_cache_dir):
    from entity_renaming.io import read_examples

    examples = read_examples(SQUAD2_DEV)[1][:1000]
    cache = NerCache(ner_cache_dir / "ner.sqlite")
    subjects = detect_subjects(examples, spacy_ner, cache=cache, progress=False)
    chosen = [ex for ex in examples if ex.id in subjects][:40]
    assert len(chosen) == 40
    return {ex.id: subjects[ex.id] for ex in chosen}, chosen


def _field_text(example: QAExample, field: str, index: int | None) -> str:
    if field in ("context", "question", "title"):
        return getattr(example, field) or ""
    answers = example.answers if field == "answer" else example.plausible_answers or []
    return answers[index].text if field != "answer_text" else example.answer_texts[index]


def test_renaming_is_whole_word_legal_and_consistent(subjects_and_examples):
    subjects, examples = subjects_and_examples
    names = unique_names(bootstrap_name_sets(name_pool("tzioumis"), 1, 10, seed=3))
    renamed_count = 0
    for ex in examples:
        subject = subjects[ex.id]
        for name in names:
            if not name_fits(name.text, name.gender, subject, ex):
                continue
            try:
                renamed = rename_subject(ex, subject, name.text)
            except RenameError:
                continue
            renamed_count += 1
            assert illegal_answers(renamed) == []
            _, edits = rename_example(ex, substitutions(subject, name.text))
            for e in edits:  # never inside a word: the characters around every replaced mention
                text = _field_text(ex, e.field, e.index)
                assert e.start == 0 or not text[e.start - 1].isalnum(), (text, e)
                assert e.end == len(text) or not text[e.end].isalnum(), (text, e)
                assert e.original.rstrip("s") in subject.words or e.original.startswith(subject.name)
                assert e.replacement.startswith(name.text)  # one mapping for every field
            full = re.compile(rf"(?<!\w){re.escape(subject.name)}(?!\w)")
            assert not full.search(renamed.context) and not full.search(renamed.question)
            for old, new in zip(ex.all_answers(), renamed.all_answers(), strict=True):
                if full.search(old.text):
                    assert name.text in new.text and not full.search(new.text)
    assert renamed_count >= 100


def test_gender_is_preserved_when_pronouns_refer_to_the_subject(subjects_and_examples):
    subjects, examples = subjects_and_examples
    constrained = [(ex, subjects[ex.id]) for ex in examples if subjects[ex.id].gender in ("female", "male")]
    assert constrained, "the slice should contain pronoun-constrained subjects"
    pool = name_pool("tzioumis")
    for ex, subject in constrained:
        found = pronoun_genders(ex.context + " " + ex.question)
        assert subject.gender in found and (len(found) == 1 or subject.first_gender == subject.gender)
        wrong = "male" if subject.gender == "female" else "female"
        assert not any(name_fits(n.text, wrong, subject, ex) for n in pool[wrong][:50])
        assert any(name_fits(n.text, subject.gender, subject, ex) for n in pool[subject.gender][:50])
    for ex in [ex for ex in examples if subjects[ex.id].gender is None]:
        assert not pronoun_genders(ex.context + " " + ex.question)


def test_pronoun_heuristic():
    assert pronoun_genders("Then she left; his car stayed. Shell, heroes, hisself") == {"female", "male"}
    assert pronoun_genders("The Normans were there.") == set()
    assert subject_gender("male", set()) is None
    assert subject_gender(None, {"female"}) == "female"
    assert subject_gender("male", {"female"}) == "female"  # the only pronouns decide
    assert subject_gender("male", {"female", "male"}) == "male"
    assert subject_gender(None, {"female", "male"}) == "unknown"
    unknown = Subject(("Smith",), None, "unknown")
    ex = QAExample("q", "d", "squad", "Smith met her and him.", "Who?", [Answer("Smith", [(0, 5)])])
    assert not name_fits("Mary", "female", unknown, ex) and name_fits("Jessie", "neutral", unknown, ex)


def _example(context: str, answer: str, question: str = "Who came?") -> QAExample:
    start = context.index(answer)
    return QAExample("q1", "t", "squad", context, question, [Answer(answer, [(start, start + len(answer))])])


def test_subject_is_a_full_name_and_shared_surnames_stay():
    context = "Chopin met John Smith in Paris. Later Smith wrote to Anna Smith and John."
    ex = _example(context, "John Smith", "Whom did Chopin meet?")
    mentions = [
        Mention(0, 2, "PERSON", "Ch"),  # an NER fragment not overlapping the answer
        Mention(11, 21, "PERSON", "John Smith"),
        Mention(53, 63, "PERSON", "Anna Smith"),
    ]
    subject = find_subject(ex, mentions, Lexicon())
    assert subject is not None and subject.words == ("John", "Smith")
    assert subject.shared_words == {"Smith"}
    renamed = rename_subject(ex, subject, "Maria")
    assert renamed.context == "Chopin met Maria in Paris. Later Smith wrote to Anna Smith and Maria."
    assert renamed.answers[0].text == "Maria" and illegal_answers(renamed) == []


def test_answers_naming_two_persons_give_no_subject():
    """The answers disagree on the referent (entities.split_answers renames both in the Yan et al. configs):
    the query renames one subject, which would leave the other person's answer unchanged, so none."""
    context = "The president is Robert Zimmer. The provost since 2016 is Daniel Diermeier."
    answers = ["Robert Zimmer", "Daniel Diermeier", "Daniel Diermeier"]
    ex = QAExample("q1", "t", "mrqa", context, "Who leads the university?",
                   [Answer(a, [(context.index(a), context.index(a) + len(a))]) for a in answers],
                   answer_texts=answers)
    mentions = [Mention(context.index(n), context.index(n) + len(n), "PERSON", n)
                for n in ("Robert Zimmer", "Daniel Diermeier")]
    assert find_subject(ex, mentions, Lexicon()) is None
    one = _example(context, "Daniel Diermeier", "Who is the provost?")
    assert find_subject(one, mentions, Lexicon()).words == ("Daniel", "Diermeier")


def test_fragments_never_corrupt_words():
    ex = _example("Chopin played. Ko wrote.", "Chopin")
    with pytest.raises(RenameError):
        rename_subject(ex, Subject(("Ch",), None, None), "Maria")
    assert find_subject(ex, [Mention(0, 2, "PERSON", "Ch")], Lexicon()) is None  # a fragment: not the answer
    assert find_subject(ex, [Mention(15, 17, "PERSON", "Ko")], Lexicon()) is None  # … nor overlaps it
    # a lone surname is typed `last` only with a full name ending in it in the data (not "Chopin" alone)
    assert find_subject(ex, [Mention(0, 6, "PERSON", "Chopin")], Lexicon()) is None
    whole = _example("Frederic Chopin played. Chopin wrote.", "Frederic Chopin")
    mentions = [Mention(0, 15, "PERSON", "Frederic Chopin"), Mention(24, 30, "PERSON", "Chopin")]
    assert find_subject(whole, mentions, Lexicon()).words == ("Frederic", "Chopin")


def test_name_already_in_passage_does_not_fit():
    ex = _example("Mary Jones met Anna.", "Mary Jones")
    subject = Subject(("Mary", "Jones"), "female", None)
    assert not name_fits("Anna", "female", subject, ex)
    assert not name_fits("Mary", "female", subject, ex)
    assert name_fits("Paul", "male", subject, ex)
