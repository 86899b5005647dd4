"""Spellings of one name that differ only by diacritics (``Kraków`` / ``Krakow``, ``Ögedei`` / ``Ogedei``).

Such forms are one name of one referent: a study renames every form with the one new name instead of
leaving the referent out (one referent, one mapping). The test is precise: after NFKD decomposition the
combining marks are dropped and nothing else changes; case and every letter without a decomposition
(``Ł``, ``ø``, ``ß``) must match as written, so ``Lodz`` is no spelling of ``Łódź``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple


def strip_marks(text: str) -> str:
    """``text`` without its diacritics: NFKD, combining marks dropped (``Liège`` → ``Liege``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


#: A run of word characters: the unit of :class:`_Stripped`'s index.
_WORD_RUN = re.compile(r"\w+")
_WORD_CHAR = re.compile(r"\w")


class _Stripped(NamedTuple):
    """A text without its diacritics (:func:`strip_marks`), the index in the text each of its characters
    comes from (a combining mark written apart goes with the letter before it), and where each of its word
    runs (``\\w+``) starts: an index built once per text, so looking a name up costs its occurrences, not
    the text's length."""

    text: str
    origin: tuple[int, ...]
    starts: dict[str, list[int]]


@lru_cache(maxsize=4096)
def _stripped(text: str) -> _Stripped:
    """``text`` read once into its :class:`_Stripped` index."""
    chars: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKD", ch):
            if not unicodedata.combining(c):
                chars.append(c)
                origin.append(i)
    stripped = "".join(chars)
    starts: dict[str, list[int]] = {}
    for m in _WORD_RUN.finditer(stripped):
        starts.setdefault(m.group(), []).append(m.start())
    return _Stripped(stripped, tuple(origin), starts)


def _whole_words(target: str, index: _Stripped) -> Iterator[tuple[int, int]]:
    """(start, end) of each match of ``target`` as a whole word (``(?<!\\w)target(?!\\w)``) in the index's
    stripped text, left to right and not overlapping, as :func:`re.finditer` finds them. A target that opens
    with a word character can only start a word run equal to its first run: the index gives those."""
    first = _WORD_RUN.match(target)
    if first is None:  # opens with no word character: scan the text
        for m in re.finditer(rf"(?<!\w){re.escape(target)}(?!\w)", index.text):
            yield m.start(), m.end()
        return
    stripped, last = index.text, 0
    for start in index.starts.get(first.group(), ()):
        end = start + len(target)
        if start >= last and stripped.startswith(target, start) and not _WORD_CHAR.match(stripped, end):
            yield start, end
            last = end


def accent_variants(name: str, texts: Iterable[str]) -> set[str]:
    """The other spellings of ``name`` that ``texts`` write as whole words and that differ from it only by
    diacritics (``Krakow`` in a question beside the passage's ``Kraków``; either way round)."""
    target = strip_marks(name)
    if not target:
        return set()
    found: set[str] = set()
    for text in texts:
        index = _stripped(text)
        for m_start, m_end in _whole_words(target, index):
            start, end = index.origin[m_start], index.origin[m_end - 1] + 1
            while end < len(text) and unicodedata.combining(text[end]):
                end += 1
            if (form := text[start:end]) != name:
                found.add(form)
    return found


def same_spelling(one: str, other: str) -> bool:
    """Two different forms of one name that differ only by diacritics (``Liège`` / ``Liege``)."""
    return one != other and strip_marks(one) == strip_marks(other)
