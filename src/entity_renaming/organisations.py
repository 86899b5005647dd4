"""Organisation names that the place and name-word rules of :mod:`.entities` leave without a renamable word
(issue 19: handle, don't veto): a firm or body named after a person (``Westinghouse Electric``, ``Nikola
Tesla Museum``), a company named by one common word (``General Electric``, ``Visa Inc.``), a body named by
a demonym (``Scottish Parliament``) and a sports team, whose answers may name it by its nickname alone
(``Chicago Bears``, "the Bears").

* **Named after a person** (rules ``org.named-after-person``, ``org.word-not-renamable``): the person's
  surname is the organisation's name word. It is renamed as a ``last`` span at *every* mention, the person's
  (``George Westinghouse`` → ``George Kowalski``) and the organisation's (``Kowalski Electric``) alike: one
  word, one new name, so the passage stays coherent (the organisation is still named after its founder).
  Left out when the surname also stands in a name of something else (another capitalised word beside it
  that is neither the person's given name nor an organisation word), in an eponym term (``Tesla coil``), or
  names a place (``Washington University``: renaming it would rename the city).
* **A company named by a common word** (rule ``org.no-renamable-word``): its one capitalised content word
  (or two: ``Time Warner Cable``) before a company or trade word (:data:`COMPANY_HEADS`: ``Inc.``,
  ``Electric``, ``Broadcasting``, ``Cable``, ``Entertainment``) is its name, renamed
  as ``nnp`` while the company word stays (``Citadel Broadcasting`` → ``Harlow Broadcasting``), even when
  that word is a common English word or a modifier of many bodies. Bodies that are no companies
  (``Judicial Council``, ``League of Nations``) are :func:`.entities.distinctive_word`'s: their descriptive
  words together renamed as one name word, in place (``Harlow Council``, ``League of Harlow``), except a
  body named by its kind or by a modifier of many bodies (``Air Force``, ``National Assembly``).
  :func:`.entities.common_word_veto` then checks that the words name this organisation only.
* **A demonym with common words** (:func:`demonym_place`): the country, renamed with its demonym.
* **A team** (:func:`team_nickname`, :func:`lone_team`, :func:`sports_team`): its place and its plural
  nickname, a plural ``nnp`` span (``Chicago Bears`` → ``Tulsa Harlows``, "the Bears" → "the Harlows").
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from .acronyms import acronym_attested, initials_of, is_acronym, numbered_channel
from .lexicon import (
    CORPORATE,
    FUNCTION_WORDS,
    GEO_MODIFIERS,
    IRREGULAR_DEMONYMS,
    ROMAN_NUMERAL,
    TITLES,
    Lexicon,
    clean_surface,
    demonym_countries,
    eponym_use,
    is_abbreviation,
    parse_person,
    words_of,
)
from .ner import Mention
from .question import ORGANISATION_NOUNS
from .referents import PerturbableSpan

if TYPE_CHECKING:
    from .model import QAExample

#: Last words that make a name a company's (a corporate form or a trade): a common word before one is the
#: company's name (``General Electric``, ``Citadel Broadcasting``, ``Visa Inc.``; a station, ``Classic FM``).
COMPANY_HEADS = CORPORATE | frozenset(words_of("""
company companies corporation electric broadcasting motors airlines airways records pictures studios
communications telecommunications wireless productions industries enterprises oil petroleum steel health
healthcare rail railways seaways shipping coffee foods brewing brewery chemicals pharmaceuticals insurance
software fm cable television entertainment telecom media
"""))


#: Nouns of a trade that a company's name writes after its name word (``Troika Design Group``, ``Nordic
#: Construction GmbH``): kept, as the company word is, while the name word before it is renamed.
TRADE_WORDS = frozenset(words_of("""
construction design designs engineering consulting consultants architecture architects publishing marketing
research manufacturing trading investment investments management logistics finance technology technologies
"""))


#: Words that make an ORG mention something else: an award, a facility, a work, a document, a religion, an
#: event (``the Edison Medal``, ``Melbourne Cricket Ground``, ``Guanabara Confession of Faith``).
NOT_ORGANISATION = frozenset(words_of("""
medal prize award trophy cup ground stadium arena bridge tower cloth tapestry carpet painting book dictionary
lexicon encyclopedia confession creed doctrine treaty act law edict war battle siege river lake mountain pile
reactor theorem conjecture principle effect equation law faith empire kingdom republic dynasty yard channel
sea canal house airport mausoleum palace castle country territory
"""))


#: Last words of a newspaper's or a magazine's title (``Daily Mail``, ``Science Magazine``, ``Financial
#: Times``): its other words are its title, whatever other bodies they modify
#: (:func:`.entities.distinctive_word`).
PERIODICAL_HEADS = frozenset(words_of("""
times post journal magazine mail herald telegraph gazette tribune chronicle courier
"""))

#: Last words that make a name an organisation's (``… Company``, ``… University``, ``… Party``).
ORGANISATION_HEADS = PERIODICAL_HEADS | frozenset(words_of("""
company companies corporation corp inc ltd llc plc co group holdings university college school academy
institute institution network system systems broadcasting television radio commission council committee party
association society union league federation club foundation bank agency department ministry office board
trust press records studios pictures airlines airways railway railroad
brotherhood front movement army navy force forces guard police court parliament assembly congress senate
government administration authority service services laboratories labs electric motors
communications telecommunications wireless productions entertainment media industries enterprises
manufacturing aviation orchestra exchange organization organisation programme conference museum gallery
galleries bureau guild consortium community tribunal research library seminary church
"""))


def organisation_head(text: str) -> str | None:
    """The organisation word of a name: an ``ORGANISATION_HEADS`` word before its first ``of``/``for``
    (``Warsaw University of Technology``, ``General Teaching Council for Scotland``; ``Court of Justice of the
    European Union`` is a court), else its last word when that is one; ``None`` when it has none."""
    words = text.split()
    cut = next((i for i, w in enumerate(words) if w in ("of", "for")), len(words))
    for head in (words[cut - 1] if cut > 0 else "", words[-1] if words else ""):
        if head.lower() in ORGANISATION_HEADS:
            return head
    return None


#: An ORG surface without such a head needs this many ORG labels in the dataset (``Denver Broncos``).
MIN_ORG_LABELS = 3


#: Words of a state's name (``United Kingdom``, ``Dominican Republic``) that name no organisation alone but
#: may name the place a body is of (:func:`names_organisation`).
_STATE_NAME_WORDS = frozenset(words_of("kingdom republic empire"))


def names_organisation(text: str) -> bool:
    """An ORG mention that may name an organisation: no digit, no ``-ism``, no ``NOT_ORGANISATION`` word; a
    state's word after "<organisation word> of" names the body's place (``Supreme Court of the United
    Kingdom``), no state."""
    words = text.split()
    head = next((i for i, w in enumerate(words[:-1])
                 if w.lower() in ORGANISATION_HEADS and words[i + 1] == "of"), len(words))
    return (bool(words) and not any(ch.isdigit() for ch in text) and not words[-1].lower().endswith("ism")
            and not any(w.lower().strip(".,'’") in NOT_ORGANISATION
                        and not (i > head and w.lower() in _STATE_NAME_WORDS) for i, w in enumerate(words)))


#: Adjectives of religion, creed or origin inside organisation names: never renamed as name words.
CREED_WORDS = frozenset(words_of("""
roman catholic protestant orthodox anglican lutheran methodist baptist presbyterian evangelical christian
islamic muslim jewish hindu buddhist coptic reformed episcopal holy
"""))

#: A city inside an organisation's name with a single GPE/LOC label of its own needs this many people.
ORG_CITY_POPULATION = 100_000
#: A city inside an organisation's name needs this many GPE/LOC labels of its own in the dataset (one for a
#: city of ``ORG_CITY_POPULATION`` people): a brand the dataset never labels a place (``Buena Vista
#: Television``) is no city; neither is a word that names a person there (``Franklin Institute``).
ORG_PLACE_LABELS = 2
#: A gazetteer place name names a person inside an organisation's name (``Rice University``, ``Stanford``)
#: only when at least this many US people bear it as a first name or surname (SSA + Census).
PERSON_EVIDENCE = 1_000


def place_votes(surface: str, lexicon: Lexicon) -> int:
    """GPE and LOC labels of ``surface`` over the dataset."""
    return lexicon.labels.count(surface, "GPE") + lexicon.labels.count(surface, "LOC")


#: Compass words that open a country's or state's name (``North Carolina``, ``South Dakota``).
COMPASS_PREFIXES = ("North", "South", "East", "West", "Northern", "Southern", "Eastern", "Western")


def org_place_kind(gram: str, lexicon: Lexicon) -> str | None:
    """The place type of ``gram`` inside an organisation's name: a country or state as
    :meth:`Lexicon.place_kind` finds it; a city only with the dataset's own place labels
    (``ORG_PLACE_LABELS``, or one for a big city); a state that is also a GeoNames city of
    ``ORG_CITY_POPULATION`` people is neither (``New York Times``); nor is a city named like the end of a
    country's or state's name after a compass word (``Carolina``, ``Dakota``)."""
    kind = lexicon.place_kind(gram)
    big = lexicon.place_kind(gram, ORG_CITY_POPULATION) == "city"
    if kind == "state" and lexicon.is_city_name(gram, ORG_CITY_POPULATION):
        return None  # "New York Times", "University of Aberdeen": the state or the city?
    if kind != "city":
        return kind
    if any(lexicon.place_kind(f"{compass} {gram}") in ("country", "state") for compass in COMPASS_PREFIXES):
        return None  # "Carolina Panthers": the Carolinas (North and South Carolina), not the city Carolina
    votes = place_votes(gram, lexicon)
    return kind if votes >= ORG_PLACE_LABELS or (big and votes >= 1) else None


def head_plural(word: str) -> bool:
    """A plural of an organisation word (``Universities``, ``Schools``): no name."""
    lowered = word.lower()
    return lowered.endswith("s") and (lowered[:-1] in ORGANISATION_HEADS
                                      or lowered.endswith("ies") and lowered[:-3] + "y" in ORGANISATION_HEADS)


_CUT_BEFORE = re.compile(r"(?<![\w&'’.-])([A-Z0-9][\w&'’.-]*)( (?:and|&|of|for))? $")


#: A word that opens a pair of names joined by "and" ("both BSkyB and Virgin Media", "between X and Y").
_PAIRED = re.compile(r"(?<!\w)(?:[Bb]oth|[Bb]etween|[Ee]ither) $")


def cut_from_longer(text: str, start: int, lexicon: Lexicon | None = None) -> bool:
    """A name at ``start`` follows a capitalised word or a number that is no function word, or a word and
    "and" / "&" / "of" / "for": it is cut out of a longer name ("WMO Executive Council", "Super Bowl 50 Host
    Committee"). Not where that word closes the sentence before (:func:`_closes_sentence`: "courtesy of
    QuickBooks. Death Wish Coffee beat out …"): the name opens a sentence; nor where "both", "between" or
    "either" opens the word and "and" (:data:`_PAIRED`: "both BSkyB and Virgin Media"): two names paired."""
    before = _CUT_BEFORE.search(text, max(0, start - 40), start)
    if before and not before.group(2) and _closes_sentence(before.group(1), lexicon):
        return False
    if before and before.group(2) in (" and", " &") and _PAIRED.search(text, max(0, before.start() - 12),
                                                                     before.start()):
        return False  # "both BSkyB and Virgin Media": two names paired, no longer one
    return bool(before and (before.group(2) or before.group(1).lower() not in FUNCTION_WORDS))


def _closes_sentence(word: str, lexicon: Lexicon | None) -> bool:
    """``word`` (the word before a name, with its punctuation) ends a sentence: it ends with a full stop and,
    with it, is no word of the Penn Treebank's vocabulary, whose words with a full stop are abbreviations
    (``U.S.``, ``Bros.``, ``St.``, ``Corp.``: a longer name goes on after them); "QuickBooks.", "Liverpool.",
    "2012." end a sentence. Without a ``lexicon`` no word does."""
    bare = word[:-1]
    return (lexicon is not None and word.endswith(".") and bare.isalnum()
            and (bare.isdigit() or not is_abbreviation(bare)) and word.lower() not in lexicon.vocab)



#: A capitalised word after initials is a person's surname ("E. W. Scripps", "J. P. Morgan").
_AFTER_INITIALS = re.compile(r"(?<![\w.])(?:[A-Z]\. ?)+([A-Z][a-z]+)\b")


def _words(text: str) -> list[str]:
    """The words of ``text`` without possessive endings (``Workers'``, ``People's``) and commas or dots."""
    return [w.removesuffix("'s").removesuffix("’s").strip(",.").rstrip("'’") for w in text.split()]


#: Words of a company's name that say where one unit of a brand trades, between the brand's name words
#: and the company word (``Buena Vista International Television``): kept, as the company word is.
SCOPE_WORDS = frozenset(words_of("international domestic worldwide"))


def company_word(text: str, lexicon: Lexicon) -> str | None:
    """The capitalised content words of a company's name ending with a :data:`COMPANY_HEADS` word
    (``General`` of ``General Electric``, ``Visa`` of ``Visa Inc.``, ``Dignity`` of ``Dignity Health``),
    renamed as one ``nnp`` while the company word stays: one word, or two side by side right before it,
    renamed together (``Capital Cities Communications`` → ``Harlow Communications``: a careful editor
    renames the name and keeps the trade), or the first alone before a :data:`TRADE_WORDS` noun (``Troika``
    of ``Troika Design Group``). ``None`` when the name ends otherwise, has no such word, more
    than two or two apart, two that read as a person's name, or a word that is a place, a demonym (a
    demonym's ending outside the dictionary's words: ``Scottish``; not ``Wish`` of ``Death Wish Coffee``), a
    creed word or no alphabetic word (``Standard & Poor's``, ``American Airlines``: its place adjective). A
    place is one with evidence (:meth:`.Lexicon.place_kind`), one word or two: a name only tiny gazetteer
    places bear (``Time`` of ``Time Warner Cable``, ``Prospect`` of ``Prospect Studios``, ``Buena Vista`` of
    ``Buena Vista Television``) is the company's name. A :data:`SCOPE_WORDS` word after the name words stays
    with the company word (``Buena Vista International Television`` → ``Harlow International Television``)."""

    words = _words(text)
    if len(words) < 2 or words[-1].lower() not in COMPANY_HEADS:
        return None
    scope = len(words) - 1
    while scope > 1 and words[scope - 1].lower() in SCOPE_WORDS:
        scope -= 1  # "International" of "Buena Vista International Television": kept
    words = [*words[:scope], words[-1]]
    paired = {j for i in range(len(words) - 2) if lexicon.is_gazetteer_name(f"{words[i]} {words[i + 1]}")
              for j in (i, i + 1)}  # "Vista" of "Buena Vista": the pair is the name, judged as one
    found = []
    for i, word in enumerate(words[:-1]):
        lowered = word.lower()
        if lowered in FUNCTION_WORDS or lowered in ORGANISATION_HEADS or lowered in CORPORATE:
            continue
        if (not word.isalpha() or not word[0].isupper() or lowered in CREED_WORDS
                or lowered in lexicon.nationalities
                or (lowered.endswith(("an", "ish", "ese")) and not lexicon.dictionary_common(word))
                or (i not in paired and (org_place_kind(word, lexicon) is not None
                                         or lexicon.place_kind(word) is not None))):
            return None  # "American Airlines", "Dutch East India Company", "Boston Consulting …"
        found.append((i, word))
    if len(found) == 1:
        return found[0][1]
    if len(found) != 2 or found[1][0] != found[0][0] + 1 or found[1][0] + 2 != len(words):
        return None  # "Committee of Independent Experts"-like descriptions, or words apart
    run = f"{found[0][1]} {found[1][1]}"
    if (run not in text or (lexicon.looks_like_person(run) and not lexicon.is_gazetteer_name(run))
            or lexicon.place_kind(run) is not None or org_place_kind(run, lexicon) is not None):
        return None  # "Walt Disney Company": a person's name ("Buena Vista" a place's); a place with evidence
    return trade_kept(run)


def trade_kept(run: str) -> str:
    """The name word of two renamed together before an organisation or company word, when the second is a
    trade's noun (:data:`TRADE_WORDS`), which stays: ``Troika`` of ``Troika Design Group``, ``Nordic`` of
    ``Nordic Construction GmbH`` (a blind read, round 35, rejected "Nordic Construction" → "Emery": the
    trade lost); else ``run``."""
    words = run.split()
    return words[0] if len(words) == 2 and words[1].lower() in TRADE_WORDS else run


def _party_words(lexicon: Lexicon) -> frozenset[str]:
    """The words the dataset's ORG names write right before ``Party`` (``Labour`` of ``Labour Party``,
    ``Labor`` of ``Australian Labor Party``, ``Liberal`` of ``Liberal Party of Australia``)."""
    found = set()
    for surface, counts in lexicon.labels.votes.items():
        if counts["ORG"] * 2 > sum(counts.values()):
            words = surface.split()
            found.update(w for w, nxt in zip(words, words[1:], strict=False) if nxt == "Party")
    return frozenset(found)


#: A text that speaks of parties: a lone party word there names the party (``seats from Labour``).
_PARTIES = re.compile(r"(?<!\w)(?:[Pp]arty|[Pp]arties)(?!\w)")


def party_short_name(text: str, texts: Iterable[str], lexicon: Lexicon) -> str | None:
    """The word of a party that ``text`` names alone, its short name (``Labour``, ``Conservative``, ``the
    Liberals``): one capitalised word, or its plural, that the dataset's ORG names write before ``Party``
    (:func:`_party_words`), where the ``texts`` (passage, question, answers) speak of a party or parties and
    the word is no place, demonym, creed or organisation word. The party is renamed by that word at every
    mention, as :func:`.entities.distinctive_word` renames ``Conservative`` of ``Conservative Party``
    ("Labour leader" → "Harlow leader", "the Liberals" → "the Harlows"); ``None`` otherwise (``Justice`` of
    "Wisdom, Compassion, Justice and Integrity": no text speaks of a party)."""
    word = text.removeprefix("the ").removeprefix("The ")
    if " " in word or not word.isalpha() or not word[:1].isupper() or word.isupper():
        return None
    parties = lexicon.dataset_table(_party_words)
    if word not in parties and word.endswith("s"):
        word = word[:-1]  # "the Liberals", "the Nationals"
    lowered = word.lower()
    if (word not in parties or lowered in ORGANISATION_HEADS
            or lowered in CREED_WORDS or lowered in lexicon.nationalities or lexicon.is_demonym(lowered)
            or lexicon.place_kind(word) is not None):
        return None
    return word if any(_PARTIES.search(t) for t in texts) else None


_NEXT = re.compile(r"[ -]([A-Z][\w'’-]*)")
_PREV = re.compile(r"([A-Z][\w'’.-]*)[ -]$")


def founder_span(text: str, mentions: Iterable[Mention], texts: Iterable[str], lexicon: Lexicon,
                 named_person: Callable[[str, Lexicon], bool]) -> str | None:
    """The surname of the person an organisation ``text`` is named after (``Westinghouse`` of ``Westinghouse
    Electric``, ``Tesla`` of ``Nikola Tesla Museum``), to rename as ``last`` at every mention; ``None`` when
    the name holds no such surname, several, or another name word (``Knight Ridder``), or when the surname
    cannot be renamed everywhere (see the module doc). ``named_person`` is
    :func:`.entities.named_person` (a person of the dataset)."""

    heads = ORGANISATION_HEADS | COMPANY_HEADS
    persons = [p.words for m in mentions if m.label == "PERSON"
               and (p := parse_person(clean_surface(m.text))) is not None and len(p.words) >= 2
               and p.words[-1].lower() not in heads and clean_surface(m.text) != text]
    # "Getty Oil", "Amtrak San Joaquins" tagged PERSON: NER's reading of the organisation, no person
    words = _words(text)
    surnames = {p[-1] for p in persons} | set(_AFTER_INITIALS.findall(text))  # "E. W. Scripps Company"
    person = [(w in surnames or named_person(w, lexicon)) and w[:1].isupper() and w.isalpha() for w in words]
    runs = [i for i, p in enumerate(person) if p and (i + 1 == len(words) or not person[i + 1])]
    if len(runs) != 1:
        return None  # none, or two persons' names ("Knight Ridder", "Hewlett-Packard")
    end = runs[0]
    if any(w in ("of", "for") for w in words[:end]):
        return None  # "Society of Jesus", "Church of Jesus Christ": a name *of* a figure, not a founder's
    start = end
    while start > 0 and (person[start - 1] or words[start - 1].lower() in lexicon.first_counts):
        start -= 1  # a given name before the surname ("Nikola Tesla Museum")
    surname = words[end]  # "Nikola Tesla" of "Nikola Tesla Museum": Tesla, his given name kept
    if any(w in surnames for w in words[start:end]):
        return None  # "Knight Ridder": two persons' surnames side by side
    given = set(words[start:end]) | {w for p in persons if p[-1] == surname for w in p[:-1]}
    for word in words:
        lowered = word.lower()
        if word == surname or word in given or lowered in FUNCTION_WORDS | CORPORATE | CREED_WORDS | TITLES:
            continue
        if len(word) == 1 and word.isupper():
            continue  # an initial of the founder's given names
        if lowered in ORGANISATION_HEADS or lowered in COMPANY_HEADS or head_plural(word):
            continue
        if not word.isalpha() or not (lexicon.common_word(word) or lexicon.dictionary_common(word)):
            return None  # another name word: "Knight Ridder", "Booz Allen Hamilton"
    if (lexicon.is_gazetteer_name(surname) or lexicon.place_kind(surname) is not None
            or lexicon.labels.mostly(surname) == "GPE"):
        return None  # "Washington University": the city would be renamed too
    texts = [t for t in texts if t]
    if any(eponym_use(surname, t) for t in texts):
        return None  # "Tesla coil", "the Nobel Prize": a term named after the person
    return surname if all(_founder_mentions(surname, given, t, lexicon) for t in texts) else None


def person_types(text: str, spans: list[PerturbableSpan], lexicon: Lexicon) -> list[PerturbableSpan]:
    """The organisation's name words (``nnp``/``rare`` spans of ``text``) that read as a person's full name,
    retyped with Yan et al.'s person span types: a capitalised word after initials is a surname (``Scripps``
    of ``E. W. Scripps Company`` → ``last``; the initials stay, :data:`_AFTER_INITIALS`, as for
    :func:`founder_span`), and a bank given name whose gender the name data show
    (:func:`.entities.first_name_type`, no pronoun: the passage's pronouns are not the founder's; never
    ``first-neutral``) followed by a surname or a rare word, with no other name word around the two, is a
    given name and a surname (``Sonia Shankman Orthogenic School`` → ``first-female`` + ``last``)."""
    from dataclasses import replace

    from .entities import first_name_type

    words = _words(text)
    named = {s.surface: s for s in spans if s.span_type in ("nnp", "rare") and not s.follows}
    types: dict[str, str] = {w: "last" for w in _AFTER_INITIALS.findall(text) if w in named}
    for i, (first, last) in enumerate(zip(words, words[1:], strict=False)):
        if first not in named or last not in named or first in types or last in types:
            continue
        if (i and words[i - 1] in named) or words[i + 2:i + 3] and words[i + 2] in named:
            continue  # three name words: no given name and surname alone
        if first.lower() not in lexicon.first_counts or not (
                lexicon.is_surname(last) or named[last].span_type == "rare"):
            continue
        if (kind := first_name_type(first, lexicon, (0, 0))) in ("first-male", "first-female"):
            types[first], types[last] = kind, "last"
    return [replace(s, span_type=types[s.surface]) if s.surface in named and s.surface in types else s
            for s in spans]


def _founder_mentions(surname: str, given: set[str], text: str, lexicon: Lexicon) -> bool:
    """Every occurrence of ``surname`` in ``text`` is the person's or an organisation's named after them:
    glued to no other word, and the capitalised word before it (if any) one of the person's ``given`` names
    or a title (or a word the corpus mostly writes in lower case: "When"), the one after it (if any) an
    organisation or company word."""
    for m in re.finditer(rf"(?<![\w'’-]){re.escape(surname)}(?=['’]s\b|\b)", text):
        start, end = m.span()
        if text[start - 1:start].isalpha() or text[end:end + 1].isalpha() or text[end:end + 1] == "-":
            return False
        before = _PREV.search(text, max(0, start - 40), start)
        after = _NEXT.match(text, end + (2 if text[end:end + 2] in ("'s", "’s") else 0))
        if before and before.group(1) not in given and before.group(1).lower().rstrip(".") not in (
                TITLES | FUNCTION_WORDS) and not re.fullmatch(r"[A-Z]\.", before.group(1)) and not (
                lexicon.mostly_lower(before.group(1))):
            return False  # "Edison Westinghouse": another name
        if after:
            nxt = after.group(1).lower().rstrip(".,")
            if nxt not in ORGANISATION_HEADS | COMPANY_HEADS | FUNCTION_WORDS:
                return False  # "Tesla Roadster", "Westinghouse Air Brake": another thing named after them
    return True


def team_nickname(team: str, texts: Iterable[str], lexicon: Lexicon) -> list[PerturbableSpan]:
    """The plural nickname of a sports team (``Bears`` of ``Chicago Bears``, :func:`.entities.names_team`)
    as a plural ``nnp`` span renamed with its city (``Tulsa Harlows``), so that the answers that name the
    team by its nickname alone ("the Bears") change with it; ``[]`` (the city alone is renamed) when the
    nickname cannot be renamed at every mention: a demonym, a place noun or an organisation word (``Texans``,
    ``Mountains``, ``Los Angeles Times``), its
    singular written capitalised (``a Bear linebacker``), or a mention after another name word (``Baylor
    Bears``: another team)."""
    from .entities import PLACE_NOUNS

    *place, nickname = team.split()
    city = place[-1] if place else ""
    singular = nickname[:-1]
    lowered = singular.lower()
    if (not nickname.isalpha() or not city or lowered in lexicon.nationalities or lowered in PLACE_NOUNS
            or nickname.lower() in lexicon.nationalities or nickname.lower() in ORGANISATION_HEADS):
        return []  # "Texans"; "Los Angeles Times": a newspaper, no team
    for text in texts:
        if re.search(rf"(?<![\w'’-]){re.escape(singular)}(?![\w'’-])", text):
            return []  # "a Bear linebacker": the singular would keep the old name
        for m in re.finditer(rf"(?<![\w'’-]){re.escape(nickname)}(?![\w-])", text):
            before = _PREV.search(text, max(0, m.start() - 40), m.start())
            word = before.group(1) if before else ""
            if (word and word != city and word.lower() not in FUNCTION_WORDS
                    and not lexicon.mostly_lower(word)):
                return []  # "Baylor Bears": another team of that nickname
    return [PerturbableSpan(nickname, "nnp", "org", plural=True)]


_TEAM_BEFORE = re.compile(r"([A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*)?) $")


def lone_team(nickname: str, context: str, lexicon: Lexicon, question: str = "") -> str | None:
    """The team a lone plural nickname names (``Broncos`` → ``Denver Broncos``): the passage writes
    ``<place> <nickname>`` with one place only, a team by :func:`.entities.names_team` (the place a
    confirmed one), or, where it writes no such name, the dataset writes it with one place that the passage
    names (alone or in the possessive: "Denver's general manager"), or with one place only, where the
    passage names none of its places and the question asks for a team ("What team did Kubiak play for?" "the
    Broncos": its nickname renamed alone); ``None`` otherwise (a nickname of two teams, ``Vosges
    Mountains``)."""
    from .entities import names_team

    if " " in nickname or not nickname[:1].isupper() or not nickname.endswith("s") or not nickname.isalpha():
        return None
    teams = set()
    for m in re.finditer(rf"(?<![\w'’-]){re.escape(nickname)}(?![\w-])", context):
        before = _TEAM_BEFORE.search(context, max(0, m.start() - 40), m.start())
        words = before.group(1).split() if before else []
        team = next((f"{' '.join(words[k:])} {nickname}" for k in range(len(words))  # "San Diego Chargers"
                     if names_team(f"{' '.join(words[k:])} {nickname}", lexicon)
                     or region_team(f"{' '.join(words[k:])} {nickname}", (context,), lexicon)), None)
        if team:
            teams.add(team)
        elif words and words[-1].lower() not in FUNCTION_WORDS and not lexicon.mostly_lower(words[-1]):
            return None  # "Boise Broncos": the nickname of another team, or of something else
    if not teams:  # "the Broncos" beside "Denver": the dataset's team of that nickname, if its place is here
        known = {f"{place} {nickname}" for place, tails in lexicon.case.plural_tails.items()
                 if nickname in tails and names_team(f"{place} {nickname}", lexicon)}
        teams = {t for t in known  # "Denver's Executive Vice President": the place in the possessive too
                 if re.search(rf"(?<![\w'’-]){re.escape(t.rsplit(' ', 1)[0])}(?:['’]s)?(?![\w'’-])", context)}
        if not teams and _asks_for_team(question):
            teams = known  # "What team did Kubiak play for?" "the Broncos": no place of it here
    return teams.pop() if len(teams) == 1 else None


def _asks_for_team(question: str) -> bool:
    """The question's kind noun asks for a team ("What team did Kubiak play for?")."""
    from .question import asked_type

    asked = asked_type(question)
    return asked is not None and asked.word in ("team", "teams")


def region_team(text: str, texts: Iterable[str], lexicon: Lexicon) -> bool:
    """A team named by a region and a plural nickname (``New England Patriots``, ``Carolina Panthers``): a
    place that no city rename can stand for (not a gazetteer city, or one that a compass word makes a state:
    ``North Carolina``), 1-2 capitalised words that the gazetteer or the dataset's labels (mostly GPE / LOC)
    make a place, and one capitalised plural that is no place noun, organisation word or demonym, in a text
    about teams or games. Its nickname is renamed (:func:`team_nickname`), the region kept like an
    organisation word (``New England Harlows``): renaming the region would rename the region itself."""
    from .entities import _TEAM_WORDS, PLACE_NOUNS, names_team, sports_team

    *place, nickname = text.split()
    where = " ".join(place)
    lowered = nickname.lower()
    texts = list(texts)
    if not (1 <= len(place) <= 2 and all(w[:1].isupper() and w.isalpha() for w in place)
            and nickname[:1].isupper() and nickname.isalpha() and lowered.endswith("s")
            and not lowered.endswith("ss") and lowered[:-1] not in PLACE_NOUNS
            and lowered not in ORGANISATION_HEADS and lowered not in lexicon.nationalities
            and lowered[:-1] not in lexicon.nationalities and not lexicon.looks_like_person(text)):
        return False
    if names_team(text, lexicon, answer=True) or sports_team(text, texts, lexicon):
        return False  # a city's team: its city renamed too
    compass_state = any(lexicon.place_kind(f"{c} {where}") in ("country", "state") for c in COMPASS_PREFIXES)
    place_like = (compass_state or (lexicon.is_gazetteer_name(where) and lexicon.place_kind(where) != "city")
                  or lexicon.labels.mostly(where) in ("GPE", "LOC"))
    return place_like and any(_TEAM_WORDS.search(t) for t in texts)


#: A North American broadcast call sign (``KGPE``, ``WPVI-TV``, ``WBT-FM``, ``CFTO-TV``): K or W and two or
#: three capitals (the United States), or CF, CH, CI, CJ or CK and one or two (Canada's broadcasting
#: prefixes of the ITU allocation), with a service suffix or none (the FCC's: -TV, -FM, -AM, -LP, -CD, -DT;
#: -LD and -CA, a low-power digital or class A station: ``WBMA-LD``).
_CALL_SIGN = re.compile(r"([KW][A-Z]{2,3}|C[FHIJK][A-Z]{1,2})(?:-(?:TV|FM|AM|LP|LD|CD|CA|DT\d?))?")
#: Words that show a call sign names a station (within :data:`_CALL_SIGN_WINDOW` characters of it).
_BROADCAST = re.compile(r"\b(?:affiliates?|stations?|radio|television|TV|AM|FM|O&O|channels?|broadcast\w*)\b")
_CALL_SIGN_WINDOW = 80


def call_sign(text: str, context: str) -> str | None:
    """The letters of a broadcast station's call sign (``KGPE``, ``WPVI`` of ``WPVI-TV``): the name of the
    station, renamed by another call sign (:data:`CALL_SIGN_TYPE`, its suffix kept), when
    ``text`` has the call sign's shape and the passage writes it with a service suffix or beside a word of
    broadcasting ("CBS affiliate KGPE", "KOA (850 AM)"); ``None`` otherwise (``WMO``, ``KIR``: no station)."""
    m = _CALL_SIGN.fullmatch(text)
    if m is None:
        return None
    letters = m.group(1)
    for hit in re.finditer(rf"(?<![\w-]){re.escape(letters)}(-[A-Z]{{2}}\d?)?(?!\w)", context):
        if hit.group(1) or _broadcast_beside(hit.start(), hit.end(), context):
            return letters
    return None


def _broadcast_beside(start: int, end: int, context: str, words: re.Pattern[str] = _BROADCAST) -> bool:
    """``context`` writes a word of broadcasting (:data:`_BROADCAST`) within :data:`_CALL_SIGN_WINDOW`
    characters of its span ``start``–``end``."""
    return words.search(context[max(0, start - _CALL_SIGN_WINDOW): end + _CALL_SIGN_WINDOW]) is not None


#: :data:`_BROADCAST` less "station", which a railway's or a bus's station is too ("Manors station").
_MEDIA = re.compile(r"\b(?:affiliates?|radio|television|TV|AM|FM|O&O|channels?|broadcast\w*)\b")


def broadcast_name(name: str, context: str) -> bool:
    """``context`` writes ``name`` beside a word of broadcasting other than "station" (:data:`_MEDIA`) at one
    of its mentions ("subscription television channels BBC UKTV, SF and later on SyFy"; not "Manors
    station"): with a question asking for a station (:func:`.question.asks_for_station`), the evidence that it
    names a broadcaster."""
    return any(_broadcast_beside(m.start(), m.end(), context, _MEDIA)
               for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", context))


#: The span type of a station's call sign (:func:`call_sign`): renamed by another call sign
#: (:func:`new_call_sign`), not by a word that breaks the format its sibling stations keep.
CALL_SIGN_TYPE = "call-sign"


def new_call_sign(sign: str, rng: random.Random) -> str:
    """Another call sign of ``sign``'s format: its country's prefix kept (K or W; CF, CH … in Canada), the
    other letters redrawn, the length kept (``WLQP`` → ``WBXT``; a blind read rejected ``SEYDOUX-LP``
    among ``WBMA-LD`` and ``WBND-LD``, round 35). A draw equal to the station's own sign is redrawn by
    :meth:`.sampling.Sampler.mapping`, as any replacement equal to an original is."""
    keep = 2 if sign.startswith("C") else 1
    return sign[:keep] + "".join(rng.choice(string.ascii_uppercase) for _ in sign[keep:])


def call_signs_in(answer: str, context: str) -> set[str]:
    """The letters of the stations' call signs (:func:`call_sign`) that ``answer`` writes ("KOA (850 AM) and
    KRFX (103.5 FM)" → ``{"KOA", "KRFX"}``): a listing answer renames all of them or none."""
    return {sign for word in re.findall(r"[A-Z][A-Z0-9-]+", answer) if (sign := call_sign(word, context))}


_CAPITALS = re.compile(r"(?<![\w-])[A-Z][A-Z0-9-]+(?![\w-])")


def call_sign_answers(example: QAExample, mentions: Iterable[Mention]) -> list[Mention]:
    """Stations' call signs inside a gold answer span that no ORG mention covers (``WTSP`` tagged PERSON,
    ``WBT-FM (99.3 FM)`` untagged), as ORG mentions of their letters: the call sign's shape and the
    passage's broadcasting words (:func:`call_sign`) are the evidence that it names an organisation (rule
    ``ner.no-answer-mention`` keeps the rest out); the organisation rules then rename it."""
    orgs = [m for m in mentions if m.label == "ORG"]
    found: dict[tuple[int, int], Mention] = {}
    for word in example.answer_matches(_CAPITALS):
        sign = call_sign(word.group(), example.context)
        at = word.start()
        if sign and not any(m.start <= at and at + len(sign) <= m.end for m in orgs):
            found.setdefault((at, at + len(sign)), Mention(at, at + len(sign), "ORG", sign))
    return list(found.values())


def party_answers(example: QAExample, mentions: Iterable[Mention], lexicon: Lexicon) -> list[Mention]:
    """Mentions inside a gold answer span of a party's word alone that NER labelled otherwise (``the
    Conservatives`` tagged NORP), where no ORG mention covers them: the party's short name
    (:func:`party_short_name`: a word the dataset's ORG names write before ``Party``, texts speaking of a
    party) is the evidence, as ORG mentions (rule ``ner.no-answer-mention`` keeps the rest out); the
    organisation rules then rename the party by that word at every mention."""
    mentions = list(mentions)
    orgs = [m for m in mentions if m.label == "ORG"]
    spans = [s for answer in example.all_answers() for s in answer.char_spans]
    texts = (example.context, example.question, *(a.text for a in example.all_answers()))
    found: dict[tuple[int, int], Mention] = {}
    for m in mentions:
        name = clean_surface(m.text)
        at = example.context.find(name, m.start, m.end) if name else -1
        if (m.label == "ORG" or at < 0 or not any(m.start < e and s < m.end for s, e in spans)
                or any(o.start <= at and at + len(name) <= o.end for o in orgs)
                or party_short_name(name, texts, lexicon) is None):
            continue
        found.setdefault((at, at + len(name)), Mention(at, at + len(name), "ORG", name))
    return list(found.values())


#: NER labels of a name that its organisation word contradicts: a person (``Virgin Media``), a building or
#: a place (``Florida East Coast Railway``), a product. Not a country (``Soviet Union``), an event (``Paris
#: Peace Conference``) or a work (``Three's Company``), which an organisation word may also end; and a run
#: NER did not read as a name at all may be a description (``Charge Conference``: each church has one).
_MISREAD = frozenset({"PERSON", "FAC", "LOC", "PRODUCT"})
_NAME_RUN = re.compile(r"[A-Z][\w'’.&-]*(?: (?:(?:of|for|on)(?: the)? )?[A-Z][\w'’.&-]*)*")


def _opening_demonym(mention: Mention, at: int, name: str) -> bool:
    """A NORP ``mention`` of the first word of the run ``name`` at ``at``, capitalised words after it in the
    run (``European`` of ``European Anti-fraud Office``, ``British`` of ``British Sky Broadcasting``): NER
    read the name's demonym alone and left the rest untagged; the run is read as if untagged."""
    return (mention.label == "NORP" and mention.start == at and " " not in mention.text.strip()
            and mention.end < at + len(name))


def _misread_trade_name(mention: Mention, name: str) -> bool:
    """A WORK_OF_ART ``mention`` over an organisation ``name`` that a company word closes
    (``Worldvision Enterprises``): a trade name, not a title; not another organisation word, which a quoted
    gloss or title also ends with ("Kunskapsskolan (“The Knowledge School”)")."""
    return mention.label == "WORK_OF_ART" and name.split()[-1].lower() in COMPANY_HEADS


def _misread_place(mention: Mention, at: int, name: str, lexicon: Lexicon) -> bool:
    """A GPE ``mention`` covering the whole organisation ``name`` at ``at`` that no gazetteer lists as a
    place (``the City of Edinburgh Council`` tagged GPE; not ``Soviet Union``, a country)."""
    return (mention.label == "GPE" and mention.start <= at and at + len(name) <= mention.end
            and lexicon.place_kind(name) is None and not lexicon.is_gazetteer_name(name))


def headed_answers(example: QAExample, mentions: Iterable[Mention], lexicon: Lexicon) -> list[Mention]:
    """Organisation names inside a gold answer span that NER read as another kind of name (``Virgin Media``
    tagged PERSON, ``Florida East Coast Railway`` tagged LOC, ``Classic FM`` tagged PRODUCT,
    ``Worldvision Enterprises`` tagged WORK_OF_ART: :func:`_misread_trade_name`, ``City of
    Edinburgh Council`` tagged GPE where no gazetteer lists it: :func:`_misread_place`) or did not tag
    at all (``Widener Library``, ``Chicago Theological Seminary``, ``DFDS Seaways``), as ORG mentions: a run
    of two or more capitalised words (``of`` / ``for`` between them) whose organisation or company word
    (:func:`organisation_head`, :data:`COMPANY_HEADS`) closing it is the evidence, that one
    mention covers and every mention over it reads as a name an organisation word contradicts
    (:data:`_MISREAD`), or that no mention touches and that holds a proper name word before its organisation
    word, not after "a" / "an" (:func:`_untagged_name`; not ``Charge Conference``, ``an Executive
    Committee``: descriptions), a NORP mention of its opening demonym alone counting as none
    (:func:`_opening_demonym`) unless the name without it is found too (``Danish DFDS Seaways``); rule
    ``ner.no-answer-mention`` keeps the rest out, and the organisation
    rules then decide."""
    found: dict[tuple[int, int], Mention] = {}
    opened: list[tuple[int, int]] = []
    for run in example.answer_matches(_NAME_RUN):
        name = clean_surface(run.group())
        at = example.context.find(name, run.start(), run.end()) if name else -1
        over = [m for m in mentions if m.start < at + len(name) and at < m.end]
        if over and all(_opening_demonym(m, at, name) for m in over):
            over = []  # NER cut the demonym off the name ("European" of "European Anti-fraud Office")
            opened.append((at, at + len(name)))
        if (at < 0 or len(name.split()) < 2
                or (organisation_head(name) is None and name.split()[-1].lower() not in COMPANY_HEADS)
                or not names_organisation(name)
                or any(m.label not in _MISREAD and not _misread_place(m, at, name, lexicon)
                       and not _misread_trade_name(m, name) for m in over)):
            continue
        if (not any(m.start <= at and at + len(name) <= m.end for m in over)
                and (over or not _untagged_name(name, example.context[:at], lexicon))):
            continue
        found.setdefault((at, at + len(name)), Mention(at, at + len(name), "ORG", name))
    for a, b in opened:  # "Danish DFDS Seaways": the name found without the demonym is the name
        if any(a < x and y == b for x, y in found):
            found.pop((a, b), None)
    for run in example.answer_matches(_JOINED_RUN):
        name = clean_surface(run.group())
        at = example.context.find(name, run.start(), run.end()) if name else -1
        if at >= 0 and split_name(name, at, example.context, mentions):
            found.setdefault((at, at + len(name)), Mention(at, at + len(name), "ORG", name))
    return list(found.values())


#: A run of capitalised words that may join ``of`` / ``for`` (``the``), ``and`` or a comma between them
#: (``Truth, Justice and Reconciliation Commission``): a name NER may cut into pieces.
_JOINED_RUN = re.compile(r"[A-Z][\w'’.&-]*(?:(?: (?:of|for|on|and)(?: the)?|,)? [A-Z][\w'’.&-]*)*")


#: An article before a name, which NER may include in the mention of its first piece ("a Supreme Court"; also
#: entities.inside_headed).
LEADING_ARTICLE = re.compile(r"(?:the|an?) ", re.IGNORECASE)


def split_name(name: str, at: int, context: str, mentions: Iterable[Mention]) -> bool:
    """``name`` (at ``at`` in ``context``) is one organisation's name that NER cut into two or more pieces,
    one of them ORG (``the Canadian Radio-television`` + ``Telecommunications Commission``; ``the
    International Crops Research Institute`` + ``the Semi-Arid Tropics``; ``the Supreme Court`` + ``the
    United Kingdom``): an organisation word closes it (:func:`organisation_head`), every mention touching it
    lies inside it (its article aside), and no word before an ``and`` or a comma is an organisation or
    company word (``Canadian Radio-television and``, not ``the Methodist Church and the Evangelical Church``:
    two bodies)."""
    end = at + len(name)
    touching = [m for m in mentions if m.start < end and at < m.end]
    joined = max((j.start() for j in re.finditer(r",| and ", name)), default=0)
    return (len(touching) >= 2 and any(m.label == "ORG" for m in touching)
            and organisation_head(name) is not None and names_organisation(name)
            and all(m.end <= end and (m.start >= at or LEADING_ARTICLE.fullmatch(context[m.start:at]))
                    for m in touching)
            and not any(w.lower() in ORGANISATION_HEADS | COMPANY_HEADS for w in _words(name[:joined])))


def _untagged_name(name: str, before: str, lexicon: Lexicon) -> bool:
    """A run of capitalised words that NER did not tag reads as an organisation's name, not a description:
    a word before its organisation word is a proper name (capitalised, the corpus writing it in lower case
    less often than capitalised mid-sentence, and a dictionary word only where it does write it so:
    ``Widener``, ``Chicago``, ``DFDS``; not ``Charge`` of ``Charge Conference``), and no indefinite article
    or "each" / "every" opens it (``an Executive Committee``: one body among many)."""
    head = organisation_head(name) or name.split()[-1]
    words = _words(name)
    words = words[:words.index(head)] if head in words else words[:-1]
    return not re.search(r"(?<![\w'’-])(?:[Aa]n?|[Ee]ach|[Ee]very)\s+$", before) and any(
        w[:1].isupper() and w.replace("-", "").isalnum() and not lexicon.mostly_lower(w)
        and w.lower() not in FUNCTION_WORDS
        and (not lexicon.dictionary_common(w) or lexicon.case.capital[w.lower()] > 0) for w in words)


#: Lower-case nouns naming a kind of organisation, that a name written in apposition with shows to be an
#: organisation's ("rock group Coldplay", "animation studio Cosgrove Hall", "the Maling company", "AvtoZAZ, a
#: Ukrainian car manufacturer"): the question's organisation nouns (:data:`.question.ORGANISATION_NOUNS`)
#: and a studio, less those that also name a product, a medium or a ship (a brand, a network, a channel, an
#: aircraft carrier), and a troupe.
KIND_NOUNS = (ORGANISATION_NOUNS - frozenset(words_of("brand brands network networks channel carrier"))
              ) | frozenset(words_of("studio studios troupe troupes"))
#: A channel, network or station that a medium before it shows to be a broadcaster ("the Canadian cable
#: channel Space", "European sports channel Eurosport"): a kind of organisation, where the noun alone may
#: name a waterway, a system or a place ("the English Channel", "a network of roads", "tube station").
_BROADCASTER = (r"(?:cable|television|TV|radio|satellite|subscription|broadcast|news|sports|music) "
                r"(?:channel|network|station)s?")
_KIND = "|".join([_BROADCASTER, *sorted(KIND_NOUNS, key=len, reverse=True)])
#: Words before a kind noun that make it no organisation ("ethnic group Hmong", "the working group II").
_NOT_BODY_KIND = frozenset(words_of("ethnic language linguistic tribal racial blood age working"))


#: A name in a list after a kind noun ("extremist groups such as Al-Qaeda and the Taliban").
_LISTED = r"(?:the )?[A-Z][\w&.'’-]*(?: [A-Z][\w&.'’-]*)*"
#: What opens a list of names after a kind noun: "such as", "like", "including", or a bracket, a word
#: singling the names out inside it or not ("pharmacy management companies (primarily Omnicare, …)").
_LIST_OPEN = (r"(?:(?:such as|like|including) "
              r"|\((?:(?:primarily|mainly|chiefly|notably|including|such as|e\.g\.,?) )?)")
#: A kind noun's apposition that ends there: punctuation, or a relative clause or participle after it.
_KIND_END = r"(?=\s*[,.;:)]|\s+(?:that|which|who|based|owned|headquartered)\b)"


@lru_cache(maxsize=4096)
def _apposition_patterns(name: str) -> tuple[re.Pattern[str], ...]:
    """The patterns of :func:`kind_apposition` for ``name``, compiled once per name (each holds the long
    alternation of kind nouns: compiling it cost more than the search)."""
    n = re.escape(name)
    return tuple(re.compile(p) for p in (
        rf"(?<![\w'’-])(?P<before>[\w'’-]+ )?(?P<kind>{_KIND}) {n}(?![\w'’-])",
        rf"(?<![\w'’-])(?P<before>[\w'’-]+ )?(?P<kind>{_KIND})(?<!s) (?:known as|called|named) "
        rf"(?:the )?{n}(?![\w'’-])",
        rf"(?<![\w-])[Tt]he {n} (?P<kind>{_KIND})(?![\w'’-])(?! [a-z])",
        rf"(?<![\w-])[Tt]he {n}(?:'s|’s) (?:[a-z-]+ )?(?P<kind>{_KIND})(?![\w'’-])",
        rf"(?<![\w-]){n}, (?:a|an|the) (?:[\w-]+ ){{0,3}}?(?P<kind>{_KIND}){_KIND_END}",
        rf"(?<![\w'’-])(?P<before>[\w'’-]+ )?(?P<kind>{_KIND}) {_LIST_OPEN}"
        rf"(?:{_LISTED}(?:,? (?:and|or) |, ))*?(?:the )?{n}(?![\w'’-])"))


def kind_apposition(name: str, context: str) -> str | None:
    """The kind noun (:data:`KIND_NOUNS`) that ``context`` writes in apposition with ``name``, the evidence
    that it names an organisation: right before it ("the British rock group Coldplay", "animation studio
    Cosgrove Hall"; or a singular kind named so: "a regional group known as the Camisards", not "organizations
    known as Recognized Student Organizations"; never after a possessive, "Edison's company Tesla partnered",
    nor a word that makes the kind no body, "ethnic group"), between "the" and the name's end ("the Maling
    company", not a compound, "the Spring bank holiday"; or the name's possessive and at most one word before
    the kind: "the Standard & Poor's rating agency"), after "<name>, a / an / the" and up to three words
    ("AvtoZAZ, a Ukrainian car manufacturer", the phrase ending there: not "Christopher Gist, a company
    surveyor") or in a list of names after the kind noun and "such as" / "like" / "including" or a bracket
    ("extremist groups such as Al-Qaeda and the Taliban", "pharmacy management companies (primarily
    Omnicare, Kindred Healthcare and PharMerica)"; not "ethnic groups such as the Hmong"). A channel, network
    or station is a kind after a medium only (:data:`_BROADCASTER`: "cable channel Space"). ``None``
    otherwise, also for a name of one letter or a Roman numeral (the "working group II")."""
    if len(name) < 2 or ROMAN_NUMERAL.fullmatch(name) or name not in context:
        return None  # (every pattern writes the name as it is)
    for pattern in _apposition_patterns(name):
        for m in pattern.finditer(context):
            before = (m.groupdict().get("before") or "").strip()
            if before.endswith(("'s", "’s", "s'")) or before.lower() in _NOT_BODY_KIND:
                continue
            return m.group("kind")
    return None


def _labelled_other(name: str, lexicon: Lexicon) -> bool:
    """The dataset labels ``name`` mostly PERSON, GPE or NORP, twice or more: one such label (``Cosgrove
    Hall`` tagged PERSON once, in the passage that calls it an animation studio) is outweighed by the kind
    noun beside it."""
    label = lexicon.labels.mostly(name)
    return label in ("PERSON", "GPE", "NORP") and lexicon.labels.count(name, label) >= 2


def kind_named(name: str, context: str, lexicon: Lexicon) -> bool:
    """``context`` writes ``name`` in apposition with a kind of organisation (:func:`kind_apposition`:
    "animation studio Cosgrove Hall") and ``name`` is no person's or place's name (a person's full name, a
    name the dataset labels mostly PERSON, GPE or NORP more than once, :func:`_labelled_other`, a gazetteer
    place or a nationality: "manufacturer Charles Porter", "the English university")."""
    return not (lexicon.looks_like_person(name) or _labelled_other(name, lexicon)
                or lexicon.is_gazetteer_name(name) or lexicon.place_kind(name) is not None
                or name.lower() in lexicon.nationalities) and kind_apposition(name, context) is not None


def kind_named_answers(example: QAExample, mentions: Iterable[Mention], lexicon: Lexicon) -> list[Mention]:
    """Names inside a gold answer span that no ORG mention covers and that the passage writes in
    apposition with a kind of organisation, no person's or place's name (:func:`kind_named`: "the British
    rock group Coldplay", tagged FAC; "animation studio Cosgrove Hall", tagged PERSON; "the Maling company",
    untagged), as ORG mentions of up to four words: the kind noun is the evidence (rule
    ``ner.no-answer-mention`` keeps the rest out); the organisation rules then decide."""
    orgs = [m for m in mentions if m.label == "ORG"]
    found: dict[tuple[int, int], Mention] = {}
    for run in example.answer_matches(_NAME_RUN):
        name = clean_surface(run.group())
        at = example.context.find(name, run.start(), run.end()) if name else -1
        if (at < 0 or len(name.split()) > 4 or any(m.start < at + len(name) and at < m.end for m in orgs)
                or not kind_named(name, example.context, lexicon)):
            continue
        found.setdefault((at, at + len(name)), Mention(at, at + len(name), "ORG", name))
    return list(found.values())


@lru_cache(maxsize=4)
def demonym_table(root: object) -> dict[str, str]:
    """Lower-cased demonym → its country: the irregular ones of one country (``Scottish``; not ``British``,
    a demonym of several) and the gazetteer bank's pairs (:func:`.lexicon.demonym_countries`)."""
    from .namebank import load_bank

    table = dict(demonym_countries(load_bank("gazetteer", root)))  # type: ignore[arg-type]
    owners: dict[str, set[str]] = {}
    for country, words in IRREGULAR_DEMONYMS.items():
        for word in words:
            owners.setdefault(word.lower(), set()).add(country.title())
    table.update({w: next(iter(c)) for w, c in owners.items() if len(c) == 1})
    return table


def hyphenated_name(word: str, lexicon: Lexicon) -> bool:
    """A hyphenated compound of proper nouns, one name word of an organisation (``Miller-Boyett`` of
    ``Miller-Boyett Productions``, ``Charles-Ferdinand University``, ``Anheuser-Busch``), renamed whole as
    ``nnp``: the compound is the organisation's own name, while each part alone (a person, a place) is
    another referent and stays. Each part is capitalised, alphabetic, a PTB proper noun or outside the PTB
    vocabulary, no nationality or demonym, and no common word unless ``PERSON_EVIDENCE`` people bear it
    (``Miller``, as :func:`.entities.generic_org_word` allows); a first part in -o is a combining form
    (``Anglo-``, ``Austro-``, ``Nilo-Saharan``), no name."""

    parts = word.split("-")
    if len(parts) < 2 or parts[0].endswith("o"):
        return False
    return all(len(p) > 1 and p.isalpha() and p[0].isupper() and not p[1:].isupper()
               and (p.lower() in lexicon.nnp or p.lower() not in lexicon.vocab)
               and (lexicon.person_count(p) >= PERSON_EVIDENCE  # "Miller" of "Miller-Boyett"
                    or not (lexicon.common_word(p) or lexicon.dictionary_common(p)))
               and not lexicon.is_demonym(p)
               for p in parts)


def compound_alone(word: str, texts: Iterable[str]) -> bool:
    """Every occurrence of each part of a hyphenated name word (:func:`hyphenated_name`) in ``texts`` is
    inside the whole word: a part elsewhere (``Miller-Milkis-Boyett Productions``, the same company's
    earlier name, beside ``Miller-Boyett Productions``; a lone ``Busch``) would keep the old name. True for a
    word without a hyphen."""
    parts = word.split("-")
    if len(parts) < 2:
        return True
    for text in texts:
        whole = [m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]
        for part in parts:
            for m in re.finditer(rf"(?<!\w){re.escape(part)}(?!\w)", text):
                if not any(a <= m.start() and m.end() <= b for a, b in whole):
                    return False
    return True


def state_or_city(gram: str, lexicon: Lexicon) -> str | None:
    """``state`` for a name inside an organisation's name that is both a state and a city of
    ``ORG_CITY_POPULATION`` people (``New York`` of ``New York Times``, ``Virginia`` of ``Virginia General
    Assembly``), which :func:`org_place_kind` leaves undecided: either way the words are a place's
    name, renamed as a place (issue 19), as the gazetteer's kind, a state (``Ohio Times``, ``Ohio General
    Assembly``), where the passage does not name the place on its own (there its GPE label decides)."""

    if lexicon.place_kind(gram) == "state" and lexicon.is_city_name(gram, ORG_CITY_POPULATION):
        return "state"
    return None


def article_follows(country: str, texts: Iterable[str]) -> bool:
    """The article of a country written with "the" (``the United States``) can follow its new name: every
    "the <country>" of ``texts`` heads its phrase (:func:`.substitute.heads_phrase`: "from the Netherlands
    to", "the United States' oldest"), so the renamer drops "the" before a name without one; before a
    word it cannot tell from a noun the name modifies ("in the United States claim", "of the United States
    explanatory") the article would stay ("in the Jamaica claim"). True for a country without "the"."""
    from .substitute import heads_phrase, takes_article

    if not takes_article(country, "country"):
        return True
    pattern = re.compile(rf"(?<!\w)[Tt]he {re.escape(country)}(?!\w)")
    return all(heads_phrase(t, m.end(), m.start() + 4) for t in texts for m in pattern.finditer(t))


def _where_it_works(word: str, lexicon: Lexicon) -> bool:
    """A capitalised name word of an organisation named by a demonym that names another region, kept when
    the country is renamed (``India`` of ``Dutch East India Company``, ``Amazonian`` of ``Brazilian National
    Institute of Amazonian Research``): a gazetteer place or a place adjective outside the dictionary's
    words, no demonym of a country and, unless a country or a state, no word many people bear
    (``Lincoln``)."""
    lowered = word.lower()
    if lexicon.place_kind(word) in ("country", "state"):
        return True  # "India", whatever the first names say
    return (word.isalpha() and word[:1].isupper() and lexicon.person_count(word) < PERSON_EVIDENCE
            and not lexicon.is_demonym(lowered)
            and (lexicon.place_kind(word) is not None or lexicon.is_gazetteer_name(word)
                 or (lowered.endswith(("an", "ish", "ese")) and not lexicon.dictionary_common(word))))


def demonym_place(text: str, texts: Iterable[str], lexicon: Lexicon) -> list[PerturbableSpan]:
    """The country of an organisation named by its demonym and common words (``Scottish Parliament``,
    ``Polish Academy of Sciences``, ``Australian Labor Party``) as a ``country`` span: a place inside the
    organisation's name renamed as a place (issue 19); its demonym follows it
    (:func:`.demonyms.demonym_spans`: ``Scotland`` → ``Kenya`` makes ``Kenyan Parliament``), and where the
    demonym cannot follow, the name is left. Another region the name holds is kept
    (:func:`_where_it_works`: ``Dutch East India Company`` → ``Kenyan East India Company``). A country's
    code opening the name names its country like a demonym (``US Supreme Court`` → ``Kenyan Supreme Court``,
    the code renamed as the country: :func:`.places.abbreviation_fits`). A country
    written with "the" is renamed where its article can follow (:func:`article_follows`: "from the
    Netherlands to" → "from Kenya to"), its codes and canonical name following it (``US`` → ``Kenya``,
    :func:`.places.alias_followers`), as in a GPE renaming.

    ``[]`` when the name holds no demonym of one country, another name word, a demonym opening a place's
    name (``Scottish Borders Council``), a country the texts do not name (``Indian Health Service`` of a
    passage on the US: which country?), a direction before the demonym (``North American``), or the texts
    call the country by another name that cannot follow it (``America`` beside ``American …``)."""
    from .entities import country_abbreviation
    from .places import abbreviation_fits, alias_followers

    table = demonym_table(lexicon.root)
    countries = []
    words = _words(text)
    code = text.split()[0] if country_abbreviation(text.split()[0], lexicon) else ""
    for i, word in enumerate(words):
        lowered = word.lower()
        if i == 0 and code:
            countries.append(lexicon.aliases[code])  # "US Supreme Court": the code names the country
            continue
        if lowered in table and i and words[i - 1].lower() in GEO_MODIFIERS:
            return []  # "North American Aviation": North America's, not the United States'
        if (lowered in FUNCTION_WORDS or lowered in ORGANISATION_HEADS or lowered in CORPORATE
                or lowered in CREED_WORDS or head_plural(word)):
            continue
        if lowered in table and word[:1].isupper():
            countries.append(table[lowered])
        elif _where_it_works(word, lexicon):
            continue  # "East India", "Amazonian": a region the body works in, kept
        elif not word.isalpha() or not (lexicon.common_word(word) or lexicon.dictionary_common(word)):
            return []  # another name word: "European Union" (no country), "Scottish Borders Council"
    if any(lexicon.is_gazetteer_name(f"{a} {b}") for a, b in zip(words, words[1:], strict=False)):
        return []  # "Scottish Borders Council": the demonym opens a place's name
    if len(countries) != 1 or lexicon.place_kind(countries[0]) != "country":
        return []
    texts = list(texts)
    if not code and not any(re.search(rf"(?<![\w-]){re.escape(countries[0])}(?![\w-])", t) for t in texts):
        return []  # nothing says which country the demonym means ("Indian Health Service" in the US)
    if not article_follows(countries[0], texts):
        return []  # "students in the United States claim": "the" would stay before the new name
    if code and not all(abbreviation_fits(code, t) for t in texts):
        return []  # "US$10": the new name cannot stand there
    country = PerturbableSpan(code or countries[0], "country", "org")
    followers = alias_followers(country, texts, lexicon)
    if followers is None:
        return []  # "America" beside "American …": the other name would stay
    return [country, *followers]


def adjective_name(text: str, texts: Iterable[str], lexicon: Lexicon) -> PerturbableSpan | None:
    """An organisation named by a place adjective and common words only (``European Union``, ``European
    Court of Justice``, ``American Institute of Electrical Engineers``, ``North American Aviation``), renamed
    as a whole: the adjective and any direction before it give way to a drawn ``nnp`` name and the rest of
    the name stays (``Harlow Union``, ``Harlow Court of Justice``), at every mention of the whole name and
    only there (the adjective elsewhere, "European law", is no mention of the organisation; an acronym
    follows its one renamed word, EU → HU). The fallback where no single word can be renamed
    (:func:`.entities.distinctive_word` keeps the adjective, :func:`demonym_place` finds no country to
    rename). ``None`` when the adjective is a place's name (``Lothian``), when ``texts`` outside the name
    name its place (``Scotland``, ``Victoria`` beside ``Victorian Government``) or use a country's demonym
    (``Scottish MPs``): the body is that place's, which would stay; when its kept words open a longer name
    (``Court of Justice of the European Union`` beside ``European Court of Justice``: another full name of
    the body, which would keep the old one); when the name has no organisation
    word, does not open with the adjective, holds
    another adjective, a proper noun, a place or an acronym (``Brazilian National Institute of Amazonian
    Research``, ``Dutch East India Company``), or the adjective opens a place's name (``Scottish
    Borders``)."""

    words = text.split()
    if organisation_head(text) is None and words[-1].lower() not in COMPANY_HEADS:
        return None
    lead = 0
    while lead < len(words) - 1 and words[lead].lower() in GEO_MODIFIERS:
        lead += 1  # "North" of "North American Aviation"
    adjective = words[lead].lower() if lead < len(words) - 1 else ""
    if not (words[lead].isalpha() and words[lead][:1].isupper()
            and (lexicon.is_demonym(adjective)
                 or (adjective.endswith(("an", "ish", "ese")) and adjective in lexicon.vocab
                     and not lexicon.dictionary_common(adjective)))):
        return None  # "Lothian" (outside the PTB vocabulary): a place's name, not an adjective
    if org_place_kind(words[lead], lexicon) is not None or lexicon.is_gazetteer_name(words[lead]):
        return None
    country = demonym_table(lexicon.root).get(adjective, "")
    places = {country, words[lead][:-1]} - {""}
    texts = [re.sub(rf"(?<![\w-]){re.escape(text)}(?![\w-])", "", t) for t in texts]  # outside the name
    if any(re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", t) for p in places for t in texts) or (
            country and any(re.search(rf"(?<![\w-]){re.escape(words[lead])}(?![\w-])", t) for t in texts)):
        return None  # "Scottish Parliament" beside "Scotland", "Scottish MPs": the place's body
    for word in _words(" ".join(words[lead + 1:])):
        lowered = word.lower()
        if lowered in FUNCTION_WORDS | ORGANISATION_HEADS | CORPORATE or head_plural(word):
            continue
        if (not word.isalpha() or not word[:1].isupper() or lowered in CREED_WORDS
                or lowered in lexicon.nationalities or lowered.endswith(("an", "ish", "ese")) and not (
                    lexicon.dictionary_common(word))
                or not (lexicon.common_word(word) or lexicon.dictionary_common(word))
                or org_place_kind(word, lexicon) is not None
                or lexicon.labels.mostly(word) in ("GPE", "LOC")):
            return None  # a proper noun, a place, another adjective: "East India", "Amazonian"
    if any(lexicon.is_gazetteer_name(f"{a} {b}") for a, b in zip(words, words[1:], strict=False)):
        return None  # "Scottish Borders Council": the adjective opens a place's name
    tail = text[len(" ".join(words[:lead + 1])):]
    longer = re.compile(rf"(?<![\w-]){re.escape(tail.strip())},? (?:of|for) (?:the )?[A-Z]")
    if " " in tail.strip() and any(longer.search(t) for t in texts):
        return None  # "Court of Justice of the European Union": another full name of it, which would stay
    if country and lead == 0 and not _names_place(texts, lexicon):
        return _country_demonym(words[0], country, lexicon) or PerturbableSpan(text, "nnp", "org", tail=tail)
    return PerturbableSpan(text, "nnp", "org", tail=tail)


def _names_place(texts: Iterable[str], lexicon: Lexicon) -> bool:
    """``texts`` write a capitalised word the dataset labels mostly GPE or LOC (``Warsaw``, ``Vistula``): a
    place that may be the demonym's country's, beside which another country's demonym would read wrong
    ("the Nepalese Academy of Sciences" of Warsaw; a blind read, round 32, rejected Harvard as "Andorra's
    oldest institution" beside Massachusetts)."""
    return any(lexicon.labels.mostly(word) in ("GPE", "LOC")
               for t in texts for word in re.findall(r"\b[A-Z][a-z]+\b", t))


def _country_demonym(demonym: str, country: str, lexicon: Lexicon) -> PerturbableSpan | None:
    """The demonym opening an organisation's name of common words, the texts naming neither it elsewhere nor
    its country nor any place (:func:`adjective_name`, :func:`_names_place`): a ``nationality`` span of a
    drawn country no text names, as a historical state's demonym is (:func:`.demonyms.demonym_state`):
    ``American Institute of Electrical Engineers`` → ``Kenyan Institute of Electrical Engineers`` (a blind
    read, round 34, rejected "American" renamed by a name word: a nationality adjective). ``None`` for a
    demonym of several referents (``British``)."""
    from .demonyms import shared_demonyms
    from .places import STATE_COUNTRY

    if demonym.lower() in shared_demonyms(lexicon):
        return None
    return PerturbableSpan(demonym, "nationality", "org", follows=STATE_COUNTRY.format(country))


def sports_team(text: str, texts: Iterable[str], lexicon: Lexicon) -> bool:
    """A team whose nickname no dictionary lists (``Indianapolis Colts``, ``Seattle Seahawks``): a city of
    ``ORG_CITY_POPULATION`` people (no part of a compass state: ``Carolina``) and one capitalised plural
    that is no place noun, organisation word or demonym, in a passage or question about teams or games; not
    a person's name (``Brandon McManus``: a city and a surname in -s), nor words many US people bear."""
    from .entities import _TEAM_WORDS, PLACE_NOUNS

    *place, nickname = text.split()
    where = " ".join(place)
    lowered = nickname.lower()
    return (1 <= len(place) <= 2 and nickname[:1].isupper() and nickname.isalpha() and lowered.endswith("s")
            and not lowered.endswith("ss") and lowered[:-1] not in PLACE_NOUNS
            and lowered not in ORGANISATION_HEADS and lowered not in lexicon.nationalities
            and lexicon.place_kind(where, ORG_CITY_POPULATION) == "city"
            and not lexicon.looks_like_person(text) and lexicon.person_count(where) < PERSON_EVIDENCE
            and lexicon.person_count(nickname) < PERSON_EVIDENCE
            and not any(lexicon.place_kind(f"{c} {where}") in ("country", "state") for c in COMPASS_PREFIXES)
            and any(_TEAM_WORDS.search(t) for t in texts))


def state_university(text: str, lexicon: Lexicon) -> str | None:
    """The city of a university named ``<city> State`` (``San Jose State``, ``Fresno State``): a city is no
    state, so the name is the short form of its state university's (NER tags it GPE), renamed by its city as
    the organisation's place word at every mention (``Tulsa State``; ``San Jose Marriott`` follows). ``None``
    unless the words before ``State`` are a city of ``ORG_CITY_POPULATION`` people that no state or country
    shares a name with (``New York State``, ``Washington State``: the state itself)."""

    *place, last = text.split()
    city = " ".join(place)
    if last != "State" or not city or not all(w[:1].isupper() and w.isalpha() for w in place):
        return None
    if (lexicon.place_kind(city, ORG_CITY_POPULATION) != "city" or lexicon.is_state_name(city)
            or lexicon.place_kind(text) is not None):
        return None
    return city


def _org_initials(lexicon: Lexicon) -> frozenset[str]:
    """The initials (:func:`initials_of`) of the dataset's organisation names of three words or more: names
    that NER labels mostly ORG and that may name an organisation (:func:`names_organisation`: no treaty,
    no award)."""
    found = set()
    for surface, counts in lexicon.labels.votes.items():
        if (counts["ORG"] * 2 > sum(counts.values()) and len(surface.split()) >= 3
                and names_organisation(surface) and (initials := initials_of(surface))):
            found.add(initials)
    return frozenset(found)


def acronym_of_organisation(word: str, lexicon: Lexicon) -> bool:
    """An acronym that the Penn Treebank never uses but that the initials of an organisation's name of the
    dataset spell (``IPCC`` of ``Intergovernmental Panel on Climate Change``): the organisation's short
    name, renamed as a ``rare`` word like any acronym; a term's letters (``MHC``: major histocompatibility
    complex) and a treaty's (``TEU``) have none."""
    return word in lexicon.dataset_table(_org_initials) and not lexicon.dictionary_common(word)


def owner_acronym(text: str, lexicon: Lexicon) -> str | None:
    """The acronym that opens a name of capitalised words (``ESPN`` of ``ESPN Deportes``, ``ABC`` of ``ABC
    Television Center``) when it names an organisation of its own: the Penn Treebank uses it
    (:func:`acronym_attested`), an organisation's initials of the dataset spell it
    (:func:`acronym_of_organisation`) or the dataset labels it alone mostly ORG, ``MIN_ORG_LABELS`` times,
    and the words after it describe (Penn Treebank words: ``Mobile``, ``Cable News``) or number a channel
    (``BBC 1``: :func:`numbered_channel`); the name is then a unit, service or product of that
    organisation, whose acronym is renamed. A word outside the
    vocabulary is a name word of its own (``Deportes`` of ``ESPN Deportes``): renaming the acronym alone
    would keep it."""
    first, *rest = text.split()
    described = all(w[:1].isupper() and w.isalpha() and w.lower() in lexicon.vocab for w in rest)
    if not rest or not is_acronym(first) or not (described or numbered_channel(text)):
        return None
    if (acronym_attested(first, lexicon) or acronym_of_organisation(first, lexicon)
            or (lexicon.labels.mostly(first) == "ORG"
                and lexicon.labels.count(first, "ORG") >= MIN_ORG_LABELS)):
        return first
    return None


def coined_name(word: str, lexicon: Lexicon) -> bool:
    """A coined one-word name (``Qwest``, ``Ofcom``, ``ONdigital``): outside the Penn Treebank vocabulary
    and the dictionary, no person's name in the banks or the dataset's PERSON labels, no place, no plural
    (``Zygons``, ``Kuznets``): renamed as a ``rare`` word like the name words of organisations."""
    lowered = word.lower()
    return (word.isalpha() and word[:1].isupper() and " " not in word and not lowered.endswith("s")
            and lowered not in lexicon.vocab and not lexicon.dictionary_common(word)
            and lexicon.person_count(word) == 0 and lexicon.labels.count(word, "PERSON") == 0
            and lexicon.place_kind(word) is None and not lexicon.is_gazetteer_name(word))


def creed_name(text: str, texts: Iterable[str], lexicon: Lexicon) -> PerturbableSpan | None:
    """A church or other body named by one word and its creed before its organisation word (``United
    Methodist Church``, ``World Methodist Council``, ``Independent Presbyterian Church``): the word tells
    this body from the others of its creed, whatever other bodies it modifies, so the word and the creed
    are its name, renamed as a whole with the creed kept (``Harlow Methodist Church``) at every mention of
    the two together ("United Methodist bishops", "the UMC" follows: ``HMC``), the creed alone ("Methodist
    hymns") and the word alone ("the United States") left as they are. ``None`` when the name holds no such
    word, more than one, a word that is a place, a nationality, a place adjective (``African Methodist
    Episcopal Church``, as :func:`adjective_name` reads one) or a person's name, or when a text writes the
    two words glued to another word or after a capitalised word (``United Methodists``, ``Evangelical
    United Methodist …``): those mentions would keep the old name."""

    words = text.split()
    if len(words) < 3 or organisation_head(text) != words[-1]:
        return None
    word, creeds = words[0], words[1:-1]
    lowered = word.lower()
    if not (all(c.lower() in CREED_WORDS and c[:1].isupper() and c.isalpha() for c in creeds)
            and word.isalpha() and word[:1].isupper() and not word[1:].isupper()
            and lowered not in CREED_WORDS | FUNCTION_WORDS | TITLES | ORGANISATION_HEADS
            and not lexicon.is_demonym(word)
            and not (lowered.endswith(("an", "ish", "ese")) and not lexicon.dictionary_common(word))
            and (lexicon.common_word(word) or lexicon.dictionary_common(word))
            and org_place_kind(word, lexicon) is None and not lexicon.is_gazetteer_name(word)
            and lexicon.labels.mostly(word) not in ("GPE", "LOC", "NORP", "PERSON")):
        return None
    run = " ".join(words[:-1])
    for t in texts:
        for m in re.finditer(rf"(?<![\w'’-]){re.escape(run)}", t):
            if re.match(r"[\w'’-]", t[m.end():m.end() + 1]):
                return None  # "United Methodists": this mention would keep the old name
            if cut_from_longer(t, m.start(), lexicon):
                return None  # "Evangelical United Methodist …": a longer name
    return PerturbableSpan(run, "nnp", "org", tail=run[len(word):])
