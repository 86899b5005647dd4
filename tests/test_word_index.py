"""The article word index: it narrows the texts a name's checks read and never drops one that holds it."""

import re

from entity_renaming.lexicon import Lexicon, eponym_use, occurs_in
from entity_renaming.word_index import WordIndex, texts_holding

TEXTS = ["Newton's laws of motion.", "The Normans came.", "A Norman knight, Karp reductions.",
         "NEWTON wrote it.", "Tahır and ſome Kelvin \u212aarp.", "New York is big.",
         "Warsaw (Polish: Warszawa)"]


def test_holding_is_exact_case_sensitively():
    words = WordIndex(TEXTS)
    assert words.holding("Newton") == [0]
    assert words.holding("Norman") == [2]
    assert words.holding("Norman", plural=True) == [1, 2]
    assert words.holding("New York City") == [5]
    assert words.holding("Paris") == []


def test_holding_any_case_keeps_every_text_a_case_insensitive_pattern_matches():
    words = WordIndex(TEXTS)
    assert words.holding("newton", any_case=True) == [0, 3]
    assert words.holding("Karp", any_case=True) == [2, 4]  # KELVIN SIGN K matches k case-insensitively
    assert re.search("karp", TEXTS[4], re.IGNORECASE)
    assert 4 in words.holding("Tahir", any_case=True)  # dotless ı matches i
    assert 4 in words.holding("some", any_case=True)  # long ſ matches s


def test_holding_without_a_word_to_look_up_reads_every_text():
    words = WordIndex(TEXTS)
    assert words.holding("’Abd") == list(range(len(TEXTS)))
    assert words.holding("Zürich", any_case=True) == list(range(len(TEXTS)))


def test_checks_answer_the_same_through_the_index():
    words = WordIndex(TEXTS)
    for name in ("Newton", "Karp", "Norman", "Warszawa", "York"):
        assert (any(occurs_in(name, t) for t in texts_holding(words, name))
                == any(occurs_in(name, t) for t in TEXTS))
        assert (any(eponym_use(name, t) for t in words.texts_holding(name, any_case=True))
                == any(eponym_use(name, t) for t in TEXTS))
    assert texts_holding(TEXTS, "Paris") is TEXTS  # no index: every text


def test_other_names_in_reads_an_index_as_texts():
    lexicon = Lexicon(strict=False)
    assert lexicon.other_names_in("Warsaw", "city", WordIndex(TEXTS)) == lexicon.other_names_in(
        "Warsaw", "city", TEXTS)
