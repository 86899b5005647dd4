"""Spellings of one name that differ only by diacritics (:mod:`entity_renaming.spellings`)."""

from __future__ import annotations

from entity_renaming.spellings import accent_variants, same_spelling, strip_marks


def test_strip_marks_drops_combining_marks_only():
    assert strip_marks("Kraków") == "Krakow" and strip_marks("Liège") == "Liege"
    assert strip_marks("Łódź") == "Łodz"  # a letter with no decomposition stays as written


def test_accent_variants_finds_whole_words_either_way_round():
    texts = ["Who moved his court from Warsaw to Krakow in 1596?", "Krakowski Street", "kraków"]
    assert accent_variants("Kraków", texts) == {"Krakow"}  # not inside a longer word, case-sensitive
    assert accent_variants("Krakow", ["from Kraków to", "Krako\u0301w (decomposed)"]) == {
        "Kraków", "Krako\u0301w"}
    assert accent_variants("Łódź", ["Lodz"]) == set()  # "Ł" is no "L" with a mark
    assert accent_variants("Warsaw", ["Warszawa", "Warsaw"]) == set()  # another name, not a spelling
    assert accent_variants("São Paulo", ["in Sao Paulo state"]) == {"Sao Paulo"}


def test_same_spelling():
    assert same_spelling("Liège", "Liege") and not same_spelling("Liège", "Liège")
    assert not same_spelling("Lisbon", "Lisboa")


def test_yan_other_spelling_either_way_round():
    """The Yan et al. veto per.alias-left reads the same spellings as EntSwap: a renamed ``Temujin`` beside
    ``Temüjin`` would leave the accented form old too (main read only the form without accents)."""
    from entity_renaming.entities import other_spelling

    assert other_spelling("Temüjin", ["Who was Temujin's mother?"])
    assert other_spelling("Temujin", ["Temüjin was born"])
    assert not other_spelling("Temujin", ["Temujin was born"])


def test_whole_words_index_finds_what_a_scan_finds():
    """The per-text index of word runs (built once per text, looked up per name: linear in the text, not in
    names × text) finds the matches ``re.finditer`` of ``(?<!\\w)target(?!\\w)`` finds, left to right and
    not overlapping."""
    import re

    from entity_renaming.spellings import _stripped, _whole_words

    texts = ["a a a a", "Sao Paulo, São Paulo and SaoPaulo", "x-Lodz Lodz2 Lodz", "(b) (b)(b)", "",
             "ab ab_ abc"]
    targets = ["a a", "a", "Sao Paulo", "Lodz", "(b)", "b)", "ab", "Paulo, Sao", "zz"]
    for text in texts:
        index = _stripped(text)
        for target in targets:
            scan = [m.span() for m in re.finditer(rf"(?<!\w){re.escape(target)}(?!\w)", index.text)]
            assert list(_whole_words(target, index)) == scan, (text, target)
