"""Spellings of one name that differ only by diacritics (``Kraków`` / ``Krakow``, ``Ögedei`` / ``Ogedei``).

Such forms are one name of one referent: a study renames every form with the one new name instead of
leaving the referent out (one referent, one mapping). The test is precise: after NFKD decomposition the
combining marks are dropped and nothing else changes; case and every letter without a decomposition
(``Ł``, ``ø``, ``ß``) must match as written, so ``Lodz`` is no spelling of ``Łódź``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache


def strip_marks(text: str) -> str:
    """``text`` without its diacritics: NFKD, combining marks dropped (``Liège`` → ``Liege``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@lru_cache(maxsize=4096)
def _stripped(text: str) -> tuple[str, tuple[int, ...]]:
    """:func:`strip_marks` of ``text`` and, for each of its characters, the index in ``text`` it comes
    from (a combining mark written apart goes with the letter before it)."""
    chars: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKD", ch):
            if not unicodedata.combining(c):
                chars.append(c)
                origin.append(i)
    return "".join(chars), tuple(origin)


def accent_variants(name: str, texts: Iterable[str]) -> set[str]:
    """The other spellings of ``name`` that ``texts`` write as whole words and that differ from it only by
    diacritics (``Krakow`` in a question beside the passage's ``Kraków``; either way round)."""
    target = strip_marks(name)
    if not target:
        return set()
    pattern = re.compile(rf"(?<!\w){re.escape(target)}(?!\w)")
    found: set[str] = set()
    for text in texts:
        stripped, origin = _stripped(text)
        for m in pattern.finditer(stripped):
            start, end = origin[m.start()], origin[m.end() - 1] + 1
            while end < len(text) and unicodedata.combining(text[end]):
                end += 1
            if (form := text[start:end]) != name:
                found.add(form)
    return found


def same_spelling(one: str, other: str) -> bool:
    """Two different forms of one name that differ only by diacritics (``Liège`` / ``Liege``)."""
    return one != other and strip_marks(one) == strip_marks(other)
