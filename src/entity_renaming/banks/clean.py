"""Cleaning rules shared by every bank: Latin script, no HTML entities, no non-names, no duplicates,
and one gender per first name (the paper's ×2 polarity rule)."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache

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


# --------------------------------------------------------------------------- misspelt first names

#: A first name is a misspelling when a name of the same gender one edit away is this many times as frequent.
MISSPELLING_RATIO = 1000



def _deletions(word: str) -> set[str]:
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


def typo_of(name: str, frequent: str) -> bool:
    """``name`` is ``frequent`` with one letter left out (Eliabeth, Heathr) or two adjacent letters swapped
    (Daivd, Barabra): the slips of typing. Substituted or added letters are left alone: they make most
    spelling variants (Kegan, Vannah, Jessen), which are names."""
    if len(name) == len(frequent) - 1:
        return any(frequent[:i] + frequent[i + 1:] == name for i in range(len(frequent)))
    if len(name) != len(frequent) or name == frequent:
        return False
    diff = [i for i, (x, y) in enumerate(zip(name, frequent, strict=True)) if x != y]
    return (len(diff) == 2 and diff[1] == diff[0] + 1
            and name[diff[0]] == frequent[diff[1]] and name[diff[1]] == frequent[diff[0]])


def misspellings(names: Iterable[str], reference: Mapping[str, int],
                 ratio: float = MISSPELLING_RATIO) -> dict[str, str]:
    """``name → the frequent name it misspells`` for the ``names`` that are a typo (:func:`typo_of`) of a
    name of ``reference`` (same gender, ``name → count``, case-insensitive) counted at least ``ratio``
    times the name's own count there; a name absent from ``reference`` has no measurable frequency and is
    kept. Eliabeth (247 SSA girls) is Elizabeth (1.6 million)."""
    counts: dict[str, int] = {}
    for name, count in reference.items():
        counts[name.lower()] = counts.get(name.lower(), 0) + int(count)
    index: dict[str, list[str]] = {}
    for key in sorted(counts):
        for variant in _deletions(key):
            index.setdefault(variant, []).append(key)
    out = {}
    for name in names:
        key = name.lower()
        own = counts.get(key, 0)
        if not own:
            continue
        near = {other for variant in _deletions(key) for other in index.get(variant, ())
                if counts[other] >= ratio * own and typo_of(key, other)}
        if near:
            out[name] = max(near, key=lambda other: (counts[other], other))
    return out


def is_initials(name: str) -> bool:
    """A first name with no vowel letter is initials or an abbreviation (``Tj``, ``Jw``, ``Wm`` for William),
    not a name to draw (surnames keep such names: ``Ng``)."""
    return not any(ch in "aeiouyAEIOUY" for ch in name)


#: Generational suffixes that SSA's forms fused to a given name ("Martinjr", "Jesusjr").
GENERATIONAL_SUFFIXES = ("jr", "sr")


def fused_suffix(name: str, names: Collection[str]) -> bool:
    """``name`` is another first name of ``names`` (at least 3 letters) with a generational suffix fused
    to it (``Michaeljr``: Michael Jr.), not a name to draw; ``Fajr`` and ``Nasr`` stay."""
    lower = name.lower()
    return any(lower.endswith(suffix) and len(name) - len(suffix) >= 3 and name[: -len(suffix)] in names
               for suffix in GENERATIONAL_SUFFIXES)


def drop_misspellings(table: Mapping[str, int], reference: Mapping[str, int],
                      ratio: float = MISSPELLING_RATIO) -> dict[str, int]:
    """``table`` without its :func:`misspellings` against ``reference``."""
    bad = misspellings(table, reference, ratio)
    return {name: count for name, count in table.items() if name not in bad}


# --------------------------------------------------------------------------- places

#: Words naming administrative units (English, French, and the unit words the Countries States Cities
#: database appends to city names: "Julfa Rayon", "Guangzhou Shi", "Ballerup Kommune", "Ceiba Municipio"):
#: "Bo District", "Province du Sourou", "Shamva District" are no cities.
ADMIN_WORDS = frozenset({
    "district", "districts", "subdistrict", "sub-district", "province", "region", "county", "subcounty",
    "sub-county", "municipality", "municipal", "metropolitan", "governorate", "prefecture", "sub-prefecture",
    "division", "department", "zone", "territory", "state", "area", "council", "constituency", "ward",
    "lga", "wilaya", "arrondissement", "cercle", "commune", "département", "région", "préfecture",
    "circonscription", "rayon", "raion", "township", "kommune", "municipio", "vald", "shi", "borough",
    "parish", "oblast", "voivodeship", "cantonment", "departamento", "provincia",
    # "municipality" in the database's local-language names: "Bashkia Berat", "Obshtina Sofia", "Općina Split"
    "bashkia", "obshtina", "općina", "opština", "opstina", "gmina", "komuna",
    # districts and regencies of Thailand and Indonesia: "Amphoe Si Satchanalai", "Kabupaten Malang"
    "amphoe", "khet", "tambon", "kabupaten", "kecamatan",
})
#: Official forms of a settlement's name: "City of Baltimore" is Baltimore, no name a text uses.
ADMIN_PREFIXES = ("city of ", "town of ", "village of ")

#: Words of military installations: "Joint Base Lewis McChord", "Edwards Air Force Base", "Schofield
#: Barracks", "Naval Academy" are no cities.
MILITARY_WORDS = frozenset({"base", "army", "navy", "naval", "military", "barracks", "airbase", "force"})

#: Bodies of water no settlement is named after alone ("North Sea"); "Bexhill-on-Sea" is a town.
WATER_WORDS = frozenset({"sea", "ocean"})

#: Compass and position words: a name made of them only ("Central", "Western", "Far North", "Upper West")


#: Compass and position words: a name made of them only ("Central", "Western", "Far North", "Upper West")
#: is a description, not a place name.
COMPASS_WORDS = frozenset({
    "north", "south", "east", "west", "northern", "southern", "eastern", "western", "central", "centre",
    "center", "northeast", "northwest", "southeast", "southwest", "north-east", "north-west", "south-east",
    "south-west", "far", "upper", "lower", "middle", "mid", "inner", "outer", "coast", "coastal", "capital",
    "norte", "sur", "sul", "este", "oeste", "nord", "sud", "est", "ouest", "centro", "centrale", "the",
})


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name.lower()) if w]


def is_admin_unit(name: str) -> bool:
    """The place name contains a word naming an administrative unit (:data:`ADMIN_WORDS`) or opens with an
    official form (:data:`ADMIN_PREFIXES`: a blind read rejected "a stylish figure in City of Colonial
    Heights")."""
    return any(word in ADMIN_WORDS for word in _words(name)) or name.lower().startswith(ADMIN_PREFIXES)


def is_military(name: str) -> bool:
    """The place name contains a word of military installations (:data:`MILITARY_WORDS`)."""
    return any(word in MILITARY_WORDS for word in _words(name))


def is_water_body(name: str) -> bool:
    """The name ends in Sea or Ocean as its own word ("North Sea"), not as "-on-Sea"/"by the Sea"."""
    words = name.split()
    return len(words) >= 1 and words[-1].lower() in WATER_WORDS and (
        len(words) == 1 or words[-2].lower() not in ("on", "by", "the", "super"))


def is_compass_only(name: str) -> bool:
    """Every word of the name is a compass or position word (:data:`COMPASS_WORDS`)."""
    words = _words(name)
    return bool(words) and all(word in COMPASS_WORDS for word in words)


def not_a_city(name: str) -> bool:
    """The city rules in one: administrative unit, military installation, body of water, compass words."""
    return is_admin_unit(name) or is_military(name) or is_water_body(name) or is_compass_only(name)


#: Types of the Countries States Cities database's first-level entries that are settlements or city
#: districts, not regions (Moscow, Riga, Birmingham, Monte-Carlo, Guam villages).
SETTLEMENT_STATE_TYPES = frozenset({
    "city", "town", "village", "quarter", "capital city", "autonomous city", "state city",
    "metropolitan city", "city with county rights", "metropolitan district", "london borough",
    "urban municipality",
})


def not_a_state(name: str, kind: str | None) -> bool:
    """A state entry of type ``kind`` that is no first-level region: a settlement type
    (:data:`SETTLEMENT_STATE_TYPES`) or a name of compass words only."""
    return (kind or "").lower() in SETTLEMENT_STATE_TYPES or is_compass_only(name)


# --------------------------------------------------------------------------- proper nouns (ptb nnp)

_PROPER_TAGS = frozenset({"NNP", "NNPS"})


def is_letters(word: str) -> bool:
    """Two letters or more and nothing else: hyphenated fragments and abbreviations are no name words."""
    return len(word) >= 2 and word.isalpha()


def written_as_name(spellings: Iterable[tuple[str, str]], word: str) -> bool:
    """Some ``(spelling, tag)`` of ``word`` is an NNP written capital-then-lower (``Boeing``, ``McGuane``),
    not only in capitals (``BBC``, ``FIGHT`` from headlines)."""
    return any(tag == "NNP" and spelling[:1].isupper() and any(ch.islower() for ch in spelling)
               for spelling, tag in spellings if spelling.lower() == word)


def common_in_source(spellings: Iterable[tuple[str, str]], word: str) -> bool:
    """The source tags ``word`` in lower case as something other than a proper noun (``evening`` NN):
    a common English word that headlines and names capitalise ("Evening", "Reinsurance")."""
    return any(spelling == word and tag not in _PROPER_TAGS for spelling, tag in spellings)


#: Month and weekday names and their abbreviations: calendar words, never an organisation's name word.
CALENDAR_WORDS = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat",
})


def is_abbreviation(spellings: Iterable[tuple[str, str]], word: str, known_names: Collection[str] = ()
                    ) -> bool:
    """An abbreviation, no name: a word that is no person name (``known_names``: ``Sen``, ``Ed`` and ``Ng``
    stay) and that has at most 4 letters and is also written with a full stop in the source (``Dr.``,
    ``Nov.``; ``Calif`` stays: 5 letters) or has no vowel (``Bldg``, ``Mr``)."""
    dotted = any(spelling.lower() == f"{word}." for spelling, _ in spellings)
    return word not in known_names and ((dotted and len(word) <= 4) or not set(word) & set("aeiouy"))


@lru_cache(maxsize=1)
def _webster() -> frozenset[str]:
    from english_words import get_english_words_set

    return frozenset(get_english_words_set(["web2"], lower=False, alpha=True))


def dictionary_common(word: str) -> bool:
    """Webster's 2nd (``english-words``) lists ``word`` in lower case only (``privy``, ``testicular``): a
    common word, not a proper name (it lists ``Swahili`` and ``Schmalkaldic`` capitalised)."""
    lowered = word.lower()
    return lowered in _webster() and lowered.capitalize() not in _webster()


def proper_noun_words(candidates: Iterable[str], tagged: Iterable[tuple[str, str]],
                      person_names: Collection[str] = frozenset(),
                      known_names: Collection[str] = frozenset()) -> set[str]:
    """The lower-cased ``candidates`` that pass :func:`is_letters`, :func:`written_as_name`, not
    :func:`common_in_source` unless a frequent person name (``person_names``, lower-cased: Fuller, Smith,
    Brown are surnames before they are English words), and not :func:`dictionary_common` unless a person
    name at all (``known_names``: Hearst; a blind read rejected "Sonia" → "Testicular"), nor a month, a
    weekday (:data:`CALENDAR_WORDS`) or an abbreviation (:func:`is_abbreviation`), given the source's
    ``(spelling, tag)`` pairs."""
    by_word: dict[str, list[tuple[str, str]]] = {}
    for spelling, tag in tagged:
        by_word.setdefault(spelling.lower().rstrip("."), []).append((spelling, tag))
    return {word for word in candidates
            if is_letters(word) and written_as_name(by_word.get(word, ()), word)
            and word not in CALENDAR_WORDS and not is_abbreviation(by_word.get(word, ()), word, known_names)
            and (word in person_names or not common_in_source(by_word.get(word, ()), word))
            and (word in known_names or not dictionary_common(word))}
