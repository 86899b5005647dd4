"""Cleaning rules shared by every bank: Latin script, no HTML entities, no non-names, no duplicates,
and one gender per first name (the paper's ×2 polarity rule)."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Mapping

#: Entries of name sources that are not names: SSA placeholders for unnamed babies, Census and
#: Tzioumis catch-all rows, Wikidata labels of families and dynasties.
NON_NAMES = frozenset({
    "unknown", "unnamed", "none", "null", "baby", "infant", "boy", "girl", "male", "female", "anonymous",
    "all other names", "all other first names", "not stated", "no name",
})
NON_NAME_PATTERNS = (re.compile(r"\b(dynasty|family|clan|tribe|surname|given name)\b", re.I),)
_ALLOWED_PUNCT = set(" -'.")
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-f]+|[a-z]+);", re.I)

#: Human-readable statement of the filters below, copied into the manifest.
BASE_FILTERS = (
    "HTML entities decoded (&#039; → '); names still holding '&…;' dropped",
    "Unicode NFC; whitespace collapsed; typographic apostrophe → '",
    "Latin script only: every letter's Unicode name starts with LATIN; only letters, space, - ' . allowed",
    "at least two letters; no digits",
    "non-names dropped: placeholders (Baby, Unknown, Infant, Male, Female, Boy, Girl, None, "
    "'All Other Names') and labels containing dynasty/family/clan/tribe/surname/given name",
    "duplicates merged case-insensitively (counts summed, the most frequent spelling kept)",
)


def normalize(name: str) -> str:
    """Decode HTML entities, NFC, collapse whitespace, straighten apostrophes."""
    text = html.unescape(html.unescape(name))
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("`", "'")
    return " ".join(text.split())


def is_latin(name: str) -> bool:
    """Letters are all Latin script; other characters are space, hyphen, apostrophe or period."""
    letters = 0
    for ch in name:
        if ch.isalpha():
            if not unicodedata.name(ch, "").startswith("LATIN"):
                return False
            letters += 1
        elif ch not in _ALLOWED_PUNCT:
            return False
    return letters >= 2


def is_non_name(name: str) -> bool:
    lowered = name.lower()
    return lowered in NON_NAMES or any(p.search(lowered) for p in NON_NAME_PATTERNS)


def clean_name(name: str) -> str | None:
    """The cleaned name, or None when it fails a filter."""
    text = normalize(name)
    if not text or _ENTITY.search(text) or not is_latin(text) or is_non_name(text):
        return None
    return text


def clean_counts(rows: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Cleaned ``name → count``; case-insensitive duplicates merged onto the most frequent spelling."""
    by_key: dict[str, dict[str, int]] = {}
    for raw, count in rows:
        name = clean_name(raw)
        if name is None:
            continue
        spellings = by_key.setdefault(name.lower(), {})
        spellings[name] = spellings.get(name, 0) + int(count)
    merged = {}
    for spellings in by_key.values():
        best = min(spellings, key=lambda s: (-spellings[s], s))
        merged[best] = sum(spellings.values())
    return merged


def genderize(male: Mapping[str, int], female: Mapping[str, int],
              ratio: float = 2.0) -> dict[str, dict[str, int]]:
    """Split names by gender: male/female when one gender's count is ≥ ``ratio`` × the other's, else
    neutral (Yan et al. 2022). Counts are the total over both genders. Keys are matched
    case-insensitively; the spelling of the larger side is kept."""
    spell: dict[str, str] = {}
    totals: dict[str, list[int]] = {}
    for index, table in enumerate((male, female)):
        for name, count in table.items():
            key = name.lower()
            pair = totals.setdefault(key, [0, 0])
            if key not in spell or count > pair[index] + pair[1 - index] - count:
                spell.setdefault(key, name)
            pair[index] += int(count)
    out: dict[str, dict[str, int]] = {"first-male": {}, "first-female": {}, "first-neutral": {}}
    for key, (m, f) in totals.items():
        if m >= ratio * f and m > 0:
            kind = "first-male"
        elif f >= ratio * m and f > 0:
            kind = "first-female"
        else:
            kind = "first-neutral"
        out[kind][spell[key]] = m + f
    return out


def exclusive(types: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Drop names that occur in more than one of the given span types (case-insensitive)."""
    seen: dict[str, int] = {}
    for table in types.values():
        for name in table:
            seen[name.lower()] = seen.get(name.lower(), 0) + 1
    return {t: {n: c for n, c in table.items() if seen[n.lower()] == 1} for t, table in types.items()}


#: Closed-class English words (articles, pronouns, prepositions, conjunctions, auxiliaries, modals,
#: frequent adverbs and interjections) and Romance articles: never a name in a person bank, however
#: many babies were registered with them ("In", "So", "My", "The" are in the SSA files).
_FUNCTION_WORDS = """
a about above across after again against all almost also although always am among an and another any
are around as at be because been before behind being below beneath beside besides between beyond both
but by can cannot could did do does doing done down during each either else ever every few for from
further had has have having he hence her here hers herself him himself his how however i if in inside
into is it its itself just least less many may me might mine more most much must my myself neither
never no none nor not now of off often oh ok okay on once one only onto or other others otherwise our
ours ourselves out outside over own per rather same shall she should since so some such than that the
thee their theirs them themselves then there therefore these they thine this those thou though through
thus thy till to too toward towards under unless until up upon us very via was we well were what
whatever when whenever where whereas wherever whether which while who whoever whom whose why will
with within without would ye yes yet you your yours yourself yourselves
de del della des di du el la le les lo los las
"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())

#: Statement of :func:`drop_common_words`, copied into the manifest of person banks.
WORD_FILTER = ("person names: English function words dropped (In, So, My, The, Will, …: explicit list), "
               "and names more frequent as an English word (wordfreq, pinned) than as a name in this "
               "table (count / total count) dropped (May, Star, Love as first names; House, Church as "
               "surnames)")


def drop_common_words(table: dict[str, int]) -> dict[str, int]:
    """``table`` without function words and without names that are commoner as English words (wordfreq
    ``word_frequency``, a share of all English words) than as names (their share of the table)."""
    from wordfreq import word_frequency

    total = sum(table.values()) or 1
    return {name: count for name, count in table.items()
            if name.lower() not in FUNCTION_WORDS and word_frequency(name.lower(), "en") <= count / total}
