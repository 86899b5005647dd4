"""Which of an article's texts hold a word: one index per article, built once (DEVELOPERS.md: every step
linear in input size). Checking each of an article's names against each of its texts grows with names ×
texts, quadratically in the article's length; reading only the texts that hold the name's first word makes
it grow with the name's occurrences. The index narrows, never decides: every check still runs its own
pattern on the texts the index gives, so its answers are the same."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import lru_cache

_WORD = re.compile(r"\w+")
#: The characters that a case-insensitive pattern matches with an ASCII letter although their lower case is
#: no ASCII letter (every other such character is the letter's capital); found by trying every code point
#: against ``(?i)[a-z]``.
_ASCII_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def fold(word: str) -> str:
    """``word`` as the case-insensitive index keys it: equal for an ASCII word and every word that a
    case-insensitive pattern of it matches."""
    return word.translate(_ASCII_FOLD).lower()


def _first_word(name: str) -> str | None:
    """The word a whole-word occurrence of ``name`` opens with: its first run of word characters, ``None``
    when the name opens with no word character (no word of the text then says where it stands)."""
    m = _WORD.match(name)
    return m.group(0) if m else None


class WordIndex(Sequence[str]):
    """An article's texts with the texts each of their words stands in, case-sensitively and folded.

    ``holding(name)``: the positions of the texts where ``name`` may stand as a whole word (no word character
    before it; its first word ends where the name's does), in order; a superset of those a pattern finds."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)
        exact: defaultdict[str, list[int]] = defaultdict(list)
        folded: defaultdict[str, list[int]] = defaultdict(list)
        for index, text in enumerate(self.texts):
            words = set(_WORD.findall(text))
            for word in words:
                exact[word].append(index)
            for word in {fold(w) for w in words}:
                folded[word].append(index)
        self._exact = dict(exact)
        self._folded = dict(folded)

    def __getitem__(self, index):  # type: ignore[override]
        return self.texts[index]

    def __len__(self) -> int:
        return len(self.texts)

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def holding(self, name: str, plural: bool = False, any_case: bool = False) -> list[int]:
        """Positions of the texts that may hold ``name`` as a whole word; ``plural``: also written with an
        ``s`` glued to it (``Normans``); ``any_case``: for a case-insensitive pattern."""
        first = _first_word(name)
        if first is None or (any_case and not first.isascii()):
            return list(range(len(self.texts)))  # no word to look up: every text
        table, key = (self._folded, fold(first)) if any_case else (self._exact, first)
        found = table.get(key, [])
        if plural:
            more = table.get(fold(first + "s") if any_case else first + "s", [])
            found = sorted(set(found) | set(more)) if more else found
        return found

    def texts_holding(self, name: str, plural: bool = False, any_case: bool = False) -> list[str]:
        """The texts of :meth:`holding`, in order."""
        return [self.texts[i] for i in self.holding(name, plural, any_case)]


def texts_holding(texts: Sequence[str], name: str, any_case: bool = False, plural: bool = False
                  ) -> Sequence[str]:
    """The texts of ``texts`` that may hold ``name`` as a whole word: those its index gives when ``texts`` is
    a :class:`WordIndex`, else all of them."""
    return texts.texts_holding(name, plural, any_case) if isinstance(texts, WordIndex) else texts


@lru_cache(maxsize=16)
def line_index(text: str) -> WordIndex:
    """The :class:`WordIndex` of ``text``'s lines, once per text (an article's joined text is read for each of
    its names): no word or name spans a line break, so a whole-word check reads the same on the lines the
    index gives as on the text."""
    return WordIndex(text.split("\n"))
