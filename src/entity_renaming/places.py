"""Place checks of the Yan et al. study beside :mod:`.entities`: a place that the answers hold only inside
another name (``Warsaw Stock Exchange``, ``Denver Broncos``) is no GPE answer entity (the ORG configs rename
it as the organisation's place word; blind read round 16 rejected it as a GPE), a place inside a work's
title, a word derived from a state or city left in the passage ("Victorian" beside Victoria), and a place
glued into another word ("NewcastleGateshead").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from .acronyms import bracket_cut
from .lexicon import (
    BIG_CITY,
    PLACE_NOUNS,
    Lexicon,
    clean_surface,
    derived_word_pattern,
    occurs_in,
    whole_word,
    words_of,
)
from .model import QAExample
from .ner import Mention
from .question import asked_type
from .referents import PerturbableSpan
from .substitute import code_in_name, code_mentions, code_takes_adjective, heads_phrase, renamed_in


def in_work_title(place: str, example: QAExample, mentions: Iterable[Mention]) -> bool:
    """A gold answer span holds ``place`` inside a work's title: a longer WORK_OF_ART mention covers it
    (``Good Morning America``, ``America's Funniest Home Videos``). A title is no reference to the place,
    and renaming it invents a work (rule ``place.work-title``; a question asking for a work is rule
    ``question.asks-for-work``)."""
    pattern = whole_word(place, True)
    works = [m for m in mentions if m.label == "WORK_OF_ART" and clean_surface(m.text) != place]
    for hit in example.answer_matches(pattern):
        if any(m.start <= hit.start() and hit.end() <= m.end for m in works):
            return True
    return False


def inside_other_name(place: str, answers: Iterable[str], lexicon: Lexicon) -> bool:
    """Some answer holds ``place`` only inside longer names (:func:`.entities.named_alone` fails: ``Warsaw
    Stock Exchange``, ``Denver Broncos``, ``Washington Monument``), or where the renamer would not rename it
    (glued: ``d'Alsace``): the answer is about that other name, not the place (rule
    ``place.inside-answer-name``; blind read round 16 rejected places renamed as GPE answer entities
    inside teams, universities, an airport, a company, a station and a colony)."""
    from .entities import named_alone
    from .substitute import renamed_in

    pattern = whole_word(place, True)
    for answer in answers:
        if occurs_in(place, answer) and not renamed_in(place, answer):
            return True  # glued to a word the renamer does not split ("Grand Canal d'Alsace")
        if pattern.search(answer) and not named_alone(place, [answer], lexicon):
            return True
    return False


#: Nouns of an institution's units or members after a possessive place name ("Chicago's physics
#: department", "Oxford's faculty"): the institution named after the place, not the place.
_INSTITUTION_UNIT = (r"(?:departments?|faculty|faculties|schools?|colleges?|institutes?|laborator(?:y|ies)|"
                     r"labs?|researchers|scientists|professors|scholars|students|alumni)")


def institution_metonym(place: str, answers: Iterable[str], context: str) -> bool:
    """Some answer holds ``place`` as a possessive before a unit or member noun of an institution, at most
    two lower-case words between (``Chicago's physics department``), and the passage names an institution
    after the place (``University of Chicago``, ``Chicago State University``): the place stands for that
    institution (rule ``place.institution-metonym``; blind read round 20 rejected "Chicago's physics
    department" renamed as a city). "superintendent of New York City schools" (no possessive) stays."""
    name = re.escape(place)
    unit = re.compile(rf"(?<![\w-]){name}['’]s(?: [a-z]+){{0,2}} {_INSTITUTION_UNIT}\b")
    if not any(unit.search(a) for a in answers):
        return False
    institution = (rf"\b(?:University|College|Institute) of {name}(?![\w-])"
                   rf"|(?<![\w-]){name}(?: [A-Z][a-z]+)? (?:University|College|Institute)\b")
    return re.search(institution, context) is not None


def abbreviation_fits(abbreviation: str, text: str) -> bool:
    """Every mention of a country's abbreviation in ``text`` can take the new country: it heads its noun
    phrase ("the UK refused" → "Iraq refused") or stands inside an organisation's name ("Sky UK Limited" →
    "Sky Iraq Limited": :func:`.substitute.code_in_name`) or, a letter code, modifies a noun and takes the new
    demonym ("the UK government" → "the Kenyan government", :func:`.substitute.code_mentions`); never a
    currency ("US$10"), a code after a number ("268 U.S. 510"), or "USSR forces", whose full new name
    could not stand there, nor a dotted code that may end its sentence ("in the U.S. He"), whose dot the
    new name would lose (rule ``place.abbreviation-modifier``). A code opening a hyphenated compound takes
    the new name ("U.S.-based" → "Kenya-based", "UK-wide" → "Peru-wide")."""
    for mention, adjective in code_mentions(abbreviation, text):
        if _COMPOUND_AFTER.match(text, mention.end):
            continue  # "U.S.-based networks" → "Kenya-based networks": the name opens the compound
        if text[mention.end:mention.end + 1] == "$" or not (
                adjective or heads_phrase(text, mention.end) or code_in_name(text, mention.start)):
            return False
        if _AFTER_NUMBER.search(text, 0, mention.start):
            return False  # "268 U.S. 510": a law report's volume and page, no reference to the country
        if mention.form.endswith(".") and _SENTENCE_GOES_ON.match(text, mention.end) is None:
            return False  # "in the U.S. He …": its dot also ends the sentence, which the new name would lose
    return True


def answer_turns_adjective(abbreviation: str, texts: Sequence[str], answers: Sequence[str]) -> bool:
    """A gold answer is the country code alone while a text writes the code before a noun it modifies: the
    answer span would become the new demonym ("Where was the study conducted?" "UK" of "UK teachers" →
    "Egyptian"), which no longer answers (rule ``place.abbreviation-modifier``)."""
    return (any(clean_surface(a) == abbreviation for a in answers)
            and code_takes_adjective(abbreviation, texts))


def alias_followers(country: PerturbableSpan, texts: Sequence[str], lexicon: Lexicon
                    ) -> list[PerturbableSpan] | None:
    """The other names of ``country`` in ``texts`` (:meth:`.Lexicon.other_names_in`) as spans that take its
    new name: each a letter code or dotted code (``US`` beside ``U.S.``) or the referent's canonical name
    (``United States`` beside ``US``), which name nothing else, as ``country`` itself is. ``None`` when
    another name cannot follow: an alias that also names a continent, an island or a region (``America``,
    ``Great Britain``), beside the country or as the country, or a
    code its new name cannot stand for (``US$10``; rule ``place.other-name``)."""
    from .entities import country_abbreviation

    def unique(name: str) -> bool:
        return country_abbreviation(name, lexicon) is not None or lexicon.aliases.get(name) == name

    followers = []
    found = lexicon.other_names_in(country.surface, "country", texts)
    for name in found:
        longer = [n for n in found if n != name and name in n]
        if longer and not any(renamed_in(name, t, keep=longer) for t in texts):
            continue  # "U.S" only inside "U.S.", which the renamer renames whole
        code = country_abbreviation(name, lexicon) is not None
        if not unique(name) or not unique(country.surface):
            return None  # "America" beside "United States": either may name the continent
        if code and not all(abbreviation_fits(name, t) for t in texts):
            return None
        followers.append(PerturbableSpan(name, "country", country.entity_type, follows=country.surface))
    return followers


#: A hyphen or dash and a lower-case word right after a code: a compound it opens ("U.S.-based", "UK-wide").
_COMPOUND_AFTER = re.compile(r"[-–][a-z]")
#: A number right before a code: a law report citation ("268 U.S. 510"), a unit ("10 US gallons").
_AFTER_NUMBER = re.compile(r"\d\s$")
#: After a dotted code ("U.S."), the sentence goes on: a lower-case word, a digit or punctuation follows, not
#: the end of the text or a capitalised word (which may open the next sentence).
_SENTENCE_GOES_ON = re.compile(r"[,;:)'’]|\s+[a-z0-9(]")


#: Endings of words derived from a state's or city's name ("Victorian", "Californian", "Parisian",
#: "Londoner", "Texan"), after its stem (the name, or the name less a final vowel or "s").
_DERIVED_ENDINGS = r"(?:ian|ean|an|n|ese|er|ite)s?"


#: Lower-case letters after a place's whole name that make a word of it other than its plural
#: (``Londonistan``, ``Parisien``, ``Milano``: a word coined from the name or the name in another language).
_GLUED_ENDING = r"(?!(?:e?s)(?![\w'’]))[a-z]+"


def derived_place_word(place: str, texts: Iterable[str]) -> str | None:
    """A capitalised word of ``texts`` derived from the state or city ``place`` (``Victorian`` beside
    ``Victoria``; a land's people, ``the Normans`` beside ``Normandy``: blind read round 32) or opening with
    its whole name and going on in lower case (``Londonistan``, the Italian ``Milano`` of a case name: round
    34): no bank gives a state's or city's demonym, and the renamer renames whole words, so it would keep
    the old name (rule ``place.derived-word-left``)."""
    last = place.split()[-1]
    stems = {last, last[:-1]} if last[-1:] in "aeiouys" else {last}
    people = [f"{last[:-2]}s"] if len(last) >= 7 and last.endswith("dy") else []  # Normans
    pattern = derived_word_pattern(stems, _DERIVED_ENDINGS, people, hyphen_joined=True)
    glued_word = derived_word_pattern({last}, _GLUED_ENDING, hyphen_joined=True)
    prefix = " ".join(place.split()[:-1])
    for text in texts:
        for m in (*pattern.finditer(text), *glued_word.finditer(text)):
            if not prefix or text[max(0, m.start() - len(prefix) - 1):m.start()].strip() == prefix:
                return m.group()
    return None


#: Combining forms of countries' names that open a hyphenated compound (``Russo-Japanese War``,
#: ``Franco-Prussian``, ``Sino-Soviet``): no bank gives a new country's.
COMBINING_FORMS = {"russia": "Russo", "france": "Franco", "china": "Sino", "austria": "Austro",
                   "italy": "Italo", "greece": "Greco", "spain": "Hispano"}


def combining_form(country: str, texts: Iterable[str]) -> str | None:
    """The combining form of ``country`` that ``texts`` write before a hyphen and a capitalised word
    (``Russo-Japanese War`` beside Russia): the compound, an event named after the country, would keep the
    old name beside the renamed country (rule ``place.derived-word-left``)."""
    form = COMBINING_FORMS.get(country.lower())
    pattern = form and re.compile(rf"(?<![\w'’-]){form}[-–][A-Z]")
    return next((form for text in texts if pattern and pattern.search(text)), None)


def glued(place: str, texts: Iterable[str]) -> bool:
    """``place`` stands glued to another name in ``texts`` (``NewcastleGateshead``, ``McAlabama``), or a name
    of several words is also written as one (``Manakintown`` beside ``Manakin Town``): the renamer renames
    whole words, so that mention would keep the old name (rule ``place.in-longer-name``)."""
    if place.isupper():
        return False  # an abbreviation ("US" of "USA"): its other names are rule place.other-name's
    pattern = re.compile(rf"(?<=[A-Za-z]){re.escape(place)}|{re.escape(place)}(?=[A-Z])")
    one_word = re.compile(rf"(?<![\w'’-]){re.escape(place.replace(' ', ''))}(?![\w'’-])", re.IGNORECASE)
    return any(pattern.search(t) or (" " in place and one_word.search(t)) for t in texts)


#: The end of a place's name in the passage: no word character, apostrophe or hyphen and no capitalised word
#: follows ("the town of Otrar", not the "Santa" of "the town of Santa Clara").
_NAME_ENDS = r"(?![\w'’-])(?!\s+[A-Z])"
#: Nouns of a settlement before "of <name>" or naming it ("the town of Otrar", "the port of Marseille", "the
#: village known as Manakin Town"): lower-case only ("the Port of Spain", "the City of London Corporation"
#: are names).
_SETTLEMENT_OF = (r"\b(?:city|town|village|port|seaport|municipality|commune|settlement)"
                  r" (?:of|known as|called|named) ")
#: A historical name glossed by its modern one ("Khanbaliq (modern Beijing)", "Zhongdu, now modern Beijing",
#: "Northern Rhodesia (today Zambia)").
_MODERN = (r"\s*(?:\(|,\s+)(?:now\s+|today\s+)?(?:modern|modern-day|present-day|today|now|today's)\s+"
           r"(?P<modern>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2})")


#: A capital named in apposition after its noun ("the Mongol Empire capital Karakorum", "the former Jurchen
#: capital Zhongdu"; lower case only, not "capital of", which names its country) or that a capital moves from
#: or to ("the move of the Mongol capital from Karakorum in Mongolia to Khanbaliq").
_CAPITAL_BEFORE = (r"\bcapital,? (?:(?:from|to) |from [A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*"
                   r"(?: in [A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*)? to )?")
#: A birthplace written by "born" before a name, a date between ("Temüjin was probably born in 1162 in Delüün
#: Boldog", "born in Warsaw"; not "born to …").
_BORN_IN = r"\bborn (?:(?:on|in) [\w ,]*?\d{3,4},? )?(?:in|at) (?:the )?"
#: A birthplace noun in apposition after a name ("at Eisleben, his place of birth").
_BIRTHPLACE_AFTER = (r",\s+(?:his|her|their)\s+(?:place of birth|birthplace|birth town|birthtown|hometown|"
                     r"home town|native town|native city)\b")


#: A ruler's or realm's title below a king's before "of <name>" ("Duke Richard II of Normandy", "the Count of
#: Mansfeld", "Landgrave of Hesse"): the name is a duchy, county or landgraviate there, a state. Not "King"
#: (a kingdom may be a country), not "County" ("the County of Los Angeles").
_RULER_OF = (r"\b(?:Duke|Duchess|Duchy|Count|Countess|Earl|Margrave|Margraviate|Landgrave|Landgraviate|"
             r"Elector|Electorate)(?: [A-Z][\w.'’-]*)* of ")


@lru_cache(maxsize=4096)
def _place_kind_patterns(name: str) -> tuple[re.Pattern[str], ...]:
    """The patterns of :func:`passage_place_kind` for ``name``, compiled once per name."""
    here = re.escape(name)
    return tuple(re.compile(p) for p in (
        _SETTLEMENT_OF + here + _NAME_ENDS, _CAPITAL_BEFORE + here + _NAME_ENDS,
        rf"(?<![\w'’-]){here}{_BIRTHPLACE_AFTER}", _BORN_IN + here + _NAME_ENDS,
        rf"(?<![\w'’-]){here}{_MODERN}"))


def called_capital(name: str, texts: Sequence[str]) -> bool:
    """``texts`` call ``name`` a capital in apposition (:data:`_CAPITAL_BEFORE`: "an attack on New France's
    capital, Quebec", "the capital Karakorum"): a city there, whatever kind the gazetteer gives the name
    (Quebec a province; blind read round 37)."""
    pattern = _place_kind_patterns(name)[1]
    return any(pattern.search(t) for t in texts)


def passage_place_kind(name: str, context: str, lexicon: Lexicon) -> str | None:
    """The place kind the passage itself gives ``name``, a name no gazetteer confirms (a town of a few
    thousand people, a historical city or state): ``city`` where it calls it a settlement ("the town of
    Otrar", "the village of Warszowa", "a village known as Manakin Town", "the Mongol Empire capital
    Karakorum", "the capital from Karakorum"; the name ends there, no capitalised word follows) or a person's
    birthplace ("at Eisleben, his place of birth", "born in 1162 in Delüün Boldog"), else the kind of the
    gazetteer place that glosses it as its modern name ("Khanbaliq (modern Beijing)" → city, "Northern
    Rhodesia (today Zambia)" → country), else ``state`` for a realm under a duke's, count's or elector's
    title ("Duke Richard II of Normandy"). The passage's words are the evidence (rule ``gpe.not-gazetteer``
    keeps names without it out)."""
    if name not in context:
        return None  # (every pattern writes the name as it is)
    *settlement_kinds, modern_gloss = _place_kind_patterns(name)
    if any(p.search(context) for p in settlement_kinds):
        return "city"
    for m in modern_gloss.finditer(context):
        modern = clean_surface(m.group("modern"))
        if re.search(r"[A-Z][\w'’-]* $", context[max(0, m.start() - 30):m.start()]):
            continue  # the end of a longer name ("Northern Rhodesia (today Zambia)" glosses no "Rhodesia")
        if modern and modern != name and (kind := lexicon.place_kind(modern)) is not None:
            return kind
    if re.search(_RULER_OF + re.escape(name) + _NAME_ENDS, context):
        return "state"  # "Duke Richard II of Normandy … fled to Normandy": the duchy, a state
    return None


#: Structures a settlement holds, before "at <name>" ("a lower canal at Fußach", "a Latin monastery at
#: Sant'Eufemia"): the name is where it stands (a bare "at Oxford" may mean the university, "at Wembley" the
#: stadium).
_BUILT_AT = frozenset(words_of("canal bridge monastery abbey priory convent cathedral church castle fortress "
                               "citadel palace mill dam port harbour harbor"))
#: A locative preposition right before a place's name ("in Rouen", "from Kraków to Warsaw", "near Amalfi");
#: "at" only after a structure (:data:`_BUILT_AT`), as it also places a person at an institution ("Kemeny's
#: work at Dartmouth").
_LOCATIVE = rf"\b(?:[Ii]n|[Ff]rom|[Tt]o|[Nn]ear|(?:{'|'.join(sorted(_BUILT_AT))}) at)\s+$"
#: A capitalised name of up to three words, as a list item beside a place ("Sandwich, Faversham and …").
_ITEM = r"[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,2}"
_BEFORE_ITEM = re.compile(rf"(?<![\w'’-])({_ITEM})(?:,| and| or|, and|, or) $")
_AFTER_ITEM = re.compile(rf"^(?:,| and| or|, and|, or) ({_ITEM})(?![\w'’-])")
#: Capitalised words that open a sentence before a listed place ("In Paris and Lyon").
OPENERS = frozenset(("in", "at", "from", "to", "near", "the", "between", "both", "and"))
#: A city's state or country after a comma ("Waterford, Pennsylvania"), its words no abbreviations: a full
#: stop after it ends the sentence ("in Wheeling, West Virginia. Aken grew up …").
_IN_PLACE = re.compile(rf"^, ([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){{0,2}}){_NAME_ENDS}")


#: An item of a list of places, which ends at a full stop: a dot only after a saint's or mount's
#: abbreviation ("St. Augustine").
_LIST_ITEM = r"(?:(?:St|Ste|Mt|Ft)\. )?[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}"
#: A list of three or more capitalised items ("Aix, Bordeaux, Bourges, Lyons, Meaux, Orleans, Rouen"): an
#: item, then at least two more, each after a comma (the last perhaps after ", and" / " and"); its items are
#: split as a list NER read as one mention is (:data:`_LIST_SEPARATOR`).
_ITEM_LIST = re.compile(rf"(?<![\w'’.-]){_LIST_ITEM}(?:(?:, and |, | and ){_LIST_ITEM}){{2,}}(?![\w'’-])")


def listed_items(context: str) -> list[list[tuple[str, int]]]:
    """The lists of three or more capitalised items ``context`` writes (:data:`_ITEM_LIST`), each item with
    its offset, a sentence's opening word dropped from the first ("In Paris, Lyon and Rouen")."""
    lists = []
    for m in _ITEM_LIST.finditer(context):
        items, start = [], m.start()
        for part in _LIST_SEPARATOR.split(m.group()):
            offset = context.index(part, start)
            words = part.split()
            if not items and len(words) > 1 and words[0].lower() in OPENERS:
                offset += len(words[0]) + 1
                part = " ".join(words[1:])
            items.append((part, offset))
            start = offset + len(part)
        lists.append(items)
    return lists


def in_its_region(after: str, lexicon: Lexicon, kinds: tuple[str, ...] = ("state", "country")) -> bool:
    """The text ``after`` a place's name opens with its state or country (``kinds``) after a comma
    (", Pennsylvania", ", France"): the name is a settlement of that state or country."""
    state = _IN_PLACE.match(after)
    return state is not None and lexicon.place_kind(clean_surface(state.group(1))) in kinds


def written_in_its_region(name: str, context: str, lexicon: Lexicon) -> bool:
    """``context`` writes ``name`` before its state or country ("Tours, France")."""
    return any(in_its_region(context[m.end():m.end() + 60], lexicon)
               for m in whole_word(name).finditer(context))


def placed_as_city(name: str, context: str, lexicon: Lexicon, locative: bool = True) -> bool:
    """``context`` uses ``name`` as a settlement: listed beside a gazetteer town or city (a whole item, no
    people's word: not "Cadillac DeVille and Fleetwood", "between Saxon and Norman"; "Sandwich, Faversham
    and Maidstone", "between Bari and Tarsus", "Dublin, Cork, Youghal and Waterford"), before its state or
    country ("Waterford, Pennsylvania") or, for a name the gazetteer files as no state or country too (not
    "in Kent") or does not file at all (a GeoNames other name: "supplies to Louisbourg"), right after a
    locative preposition ("in Limassol", "from Kraków to Warsaw"); the name ends
    there (no capitalised word, apostrophe or hyphen after it: not "in Dartmouth College"). Evidence that a
    gazetteer city NER typed ORG or PERSON is the city. Without ``locative``, a list or a region only: a
    preposition also places a county the gazetteer lacks ("Hugh Lupus in Cheshire")."""
    locative = locative and (lexicon.settlement_only(name) or not lexicon.is_gazetteer_name(name))
    for m in whole_word(name).finditer(context):
        if re.match(_NAME_ENDS, context[m.end():]) is None:
            continue
        before, after = context[max(0, m.start() - 60):m.start()], context[m.end():m.end() + 60]
        if locative and re.search(_LOCATIVE, before):
            return True
        if in_its_region(after, lexicon):
            return True  # "Waterford, Pennsylvania"
        items = [x.group(1).split() for x in (_BEFORE_ITEM.search(before), _AFTER_ITEM.match(after)) if x]
        items = [w[1:] if w[0].lower() in OPENERS else w for w in items]  # "In Paris and Lyon"
        if any(i != name and (lexicon.settlement_only(i) or lexicon.place_kind(i) == "city")
               and lexicon.labels.mostly(i) != "NORP" for i in (" ".join(w) for w in items if w)):
            return True  # not "Cadillac DeVille and Fleetwood" (a car and a town's name, not the town)
    return False


#: Question nouns asking for a settlement ("What town …?", "Which city …?").
_SETTLEMENT_NOUNS = frozenset(("city", "cities", "town", "towns", "village", "villages", "port"))


#: A realm's title before "of <name>" ("Duke Richard II of Normandy", "the Count of Mansfeld"): the name is a
#: duchy or county there, not a town to rename as a city.
_REALM_OF = (r"\b(?:Duke|Duchess|Duchy|Count|Countess|County|Earl|Prince|Principality|Margrave|Elector|King|"
             r"Queen|Kingdom)(?: [A-Z][\w.'’-]*)* of ")


#: A ruler's or prelate's title and "of" before a place's name ("Landgrave of Hesse", "The Prince of Płock",
#: "Archbishop of Trier"): the name is the title's realm or see. Not "County of" (the County of Los
#: Angeles is another referent than the city).
_TITLE_OF = re.compile(rf"(?:{_RULER_OF}|\b(?:Prince|Princess|King|Queen|Archbishop|Bishop)"
                       r"(?: [A-Z][\w.'’-]*)* of )$")


def after_title(text: str, start: int) -> bool:
    """``text`` writes a ruler's or prelate's title and "of" right before ``start`` (:data:`_TITLE_OF`:
    "Landgrave of Hesse", "The Prince of Płock", "Archbishop of Trier"): the name there is the title's realm
    or see, a place, not part of another name."""
    return _TITLE_OF.search(text[:start]) is not None


def titled_place(name: str, answer: str) -> bool:
    """``answer`` writes ``name`` as a title's realm or see (:func:`after_title`): an answer naming a title
    names a place, whatever person the question asks about ("Who was Philip I?" Landgrave of Hesse)."""
    return any(after_title(answer, m.start())
               for m in re.finditer(rf"(?<![\w'’-]){re.escape(name)}{_NAME_ENDS}", answer))


def asked_settlement(name: str, question: str, lexicon: Lexicon, context: str = "") -> str | None:
    """``city`` for a gazetteer place of any size (a town too small for GeoNames' cities: ``Fußach``), no
    section of a bigger city nor a seat standing for its institution (``Westminster``), that the question
    asks for: by a settlement noun ("What Irish town …?", strong evidence), or by a bare "where" when the
    gazetteer knows it as a town or city only, the passage puts a locative preposition before it ("a lower
    canal at Fußach") and names no realm after it ("Duke Richard II of Normandy"); else ``None`` (rule
    ``gpe.not-gazetteer``)."""
    asked = asked_type(question)
    if (asked is None or lexicon.never_place(name) or not lexicon.is_gazetteer_name(name)
            or lexicon.city_section_of(name)):
        return None
    if asked.strong and asked.word in _SETTLEMENT_NOUNS:
        return "city"
    if (asked.word == "where" and lexicon.settlement_only(name)
            and re.search(rf"\b(?:[Ii]n|[Aa]t|[Nn]ear|[Tt]o|[Ff]rom) {re.escape(name)}{_NAME_ENDS}", context)
            and not re.search(_REALM_OF + re.escape(name) + r"(?![\w'’-])", context)):
        return "city"
    return None


#: Nouns of a section of a city: a borough, a neighbourhood, a suburb ("In what borough …?", "the borough
#: of Manhattan", "What London neighborhood …?").
_SECTION_NOUN = r"(?:borough|neighbou?rhood|suburb)s?"
#: A question asking for a section of a city by its noun, up to three words between ("What London
#: neighborhood …?", "what modern New York borough?").
_ASKS_SECTION = re.compile(rf"\b(?:[Ww]hat|[Ww]hich)\b(?:\s+[\w'’.-]+){{0,3}}?\s+{_SECTION_NOUN}\b")


def _section_name(name: str, lexicon: Lexicon) -> bool:
    """``name`` may be a section of a city: a gazetteer town or city only (``Manhattan``, ``Staten Island``)
    or, unknown to the gazetteer, a name of capitalised words the dataset labels GPE in a strict majority
    of its mentions that no person bears (``Shoreditch``); never a seat standing for its institution
    (``Westminster``, ``Hollywood``: :meth:`.Lexicon.never_place`)."""
    if lexicon.never_place(name):
        return False
    if lexicon.is_gazetteer_name(name):
        return lexicon.settlement_only(name)
    return lexicon.labels.mostly(name) == "GPE" and not any(
        lexicon.is_gazetteer_name(w) or not w[:1].isupper() or w.lower() in lexicon.first_counts
        or lexicon.labels.surnames[w] for w in name.split())


def section_city(name: str, question: str, context: str, lexicon: Lexicon) -> str | None:
    """``city`` for a section of a bigger city (a borough, a neighbourhood: ``Manhattan``, ``Brooklyn``,
    ``Staten Island``, ``Shoreditch``), which the gazetteer gives no city kind (:meth:`.Lexicon.place_kind`,
    :meth:`.Lexicon.city_section_of`), where the texts call it a place: the question asks for a borough, a
    neighbourhood or a suburb ("In what borough of New York City …?", "What London neighborhood …?") or a
    settlement ("What town …?"), a bare "where" is answered by a gazetteer town after a locative
    preposition ("at 89 Liberty Street in Manhattan"; not a name the gazetteer lacks: "remained in
    Khorasan", a region, "to Nederrijn", a river), the passage calls it a section ("the borough of
    Manhattan") or writes it before a gazetteer city of a million people ("Shoreditch, London"). Renamed
    as a city at every mention, like the boroughs the gazetteer already files as cities (``Queens``,
    ``Harlem``); the name ends where the evidence is (no capitalised word after it). Else ``None`` (rule
    ``gpe.not-gazetteer``)."""
    if not _section_name(name, lexicon):
        return None
    here = re.escape(name)
    asked = asked_type(question)
    if _ASKS_SECTION.search(question) or (asked is not None and asked.strong
                                          and asked.word in _SETTLEMENT_NOUNS):
        return "city" if re.search(rf"(?<![\w'’-]){here}{_NAME_ENDS}", context) else None
    if (asked is not None and asked.word == "where" and lexicon.is_gazetteer_name(name)
            and re.search(rf"\b(?:[Ii]n|[Aa]t|[Nn]ear|[Tt]o|[Ff]rom) {here}{_NAME_ENDS}", context)
            and not re.search(_REALM_OF + here + r"(?![\w'’-])", context)):
        return "city"
    if re.search(rf"\b{_SECTION_NOUN} of (?:the )?{here}{_NAME_ENDS}", context):
        return "city"
    for m in re.finditer(rf"(?<![\w'’-]){here}, ({_ITEM}){_NAME_ENDS}", context):
        whole = clean_surface(m.group(1))
        if lexicon.place_kind(whole) == "city" and lexicon.city_population(whole) >= BIG_CITY:
            return "city"  # "Shoreditch, London"
    return None


#: Nouns by which a question asks for a country ("Which country …?").
_COUNTRY_NOUNS = frozenset(("country", "countries", "nation", "nations"))


def asked_country(name: str, question: str, lexicon: Lexicon) -> str | None:
    """``country`` for a dependent territory (``Greenland``) that the question asks for as a country
    ("Which country in 1985 signed a treaty …?"): the question calls it one, so a country's new name reads
    right there; else ``None`` (rule ``gpe.not-gazetteer``: a territory is no place by itself)."""
    asked = asked_type(question)
    if asked is not None and asked.strong and asked.word in _COUNTRY_NOUNS and lexicon.is_territory(name):
        return "country"
    return None


#: The dataset's majority labels of a name that may be a settlement NER missed (``None``: no label).
_PLACE_LIKE = frozenset((None, "GPE", "LOC", "FAC", "PERSON"))


def place_like_label(name: str, lexicon: Lexicon) -> bool:
    """The dataset's majority label of ``name`` may be a settlement's: none, a place's or a person's, or a
    stray NORP (:func:`stray_norp`: "Near Sargans"; not "in German")."""
    label = lexicon.labels.mostly(name)
    return label in _PLACE_LIKE or (label == "NORP" and stray_norp(name, lexicon))


#: The dataset labels a name NORP fewer times than this for its NORP label to be a stray (:func:`stray_norp`).
STRAY_NORP_LABELS = 2


def stray_norp(name: str, lexicon: Lexicon) -> bool:
    """NER's NORP label on ``name`` is a stray one: the dataset labels it NORP once at most and it is no
    demonym, singular or plural (a town: "Near Sargans"; not ``German``, ``Germans``)."""
    singular = name[:-1] if name.endswith("s") else name
    return (lexicon.labels.count(name, "NORP") < STRAY_NORP_LABELS
            and not lexicon.is_demonym(name) and not lexicon.is_demonym(singular))


def colony_country(name: str, lexicon: Lexicon) -> str | None:
    """The country of a colony named "New <country>" that no gazetteer knows as a place (``New France``,
    ``New Spain``; not ``New Mexico``); else ``None`` (rule ``gpe.not-gazetteer``). The colony is another
    referent than its country: renamed as one state ("New France" → "Yumbe"), its country and the country's
    demonym kept (blind read round 37 rejected "New Afghanistan", the country edited inside the colony's
    name, and a country left inside it is no mention of the country: rule ``place.in-longer-name``)."""
    words = name.split()
    if (len(words) != 2 or words[0] != "New" or lexicon.is_gazetteer_name(name)
            or lexicon.place_kind(name) is not None or lexicon.place_kind(words[1]) != "country"):
        return None
    return words[1]


def placed_settlement(name: str, start: int, context: str, lexicon: Lexicon) -> str | None:
    """``city`` for a gazetteer city or town that the passage uses as a settlement
    (:func:`placed_as_city`: "the districts in Kraków", "between Bari and Tarsus", "Waterford,
    Pennsylvania"), where it stands alone at ``start`` (no capitalised word of a longer name before or after
    it: not "Seattle Seahawks", "Lake Geneva"; no noun it modifies after it: not "South Kensington tube
    station"), is no common word, has no majority label in the dataset but a place's or a person's (not a
    month, a language or a product: "in March", "in German", "Gemini and Apollo"; a stray NORP will do:
    "Near Sargans"), is no section of a bigger
    city nor a seat standing for its institution, and the passage names no realm of it ("Duke Richard II of
    Normandy"). Evidence for a place NER typed otherwise where the question asks for no type (rule
    ``ner.no-answer-mention``)."""
    before = context[max(0, start - 40):start]
    opener = re.search(r"([A-Z][\w'’.-]*)\s+$", before)
    if (lexicon.never_place(name) or lexicon.city_section_of(name)
            or (" " not in name and lexicon.common_word(name))
            or not place_like_label(name, lexicon)  # "in March", "in German", "Gemini and Apollo"
            or re.match(_NAME_ENDS, context[start + len(name):]) is None
            or not (heads_phrase(context, start + len(name))  # "to South Kensington tube station"
                    or re.match(r"\s+(?:a|an|the)\b", context[start + len(name):]))  # "Near Sargans a dam"
            or (opener and opener.group(1).lower() not in OPENERS)
            or re.search(_REALM_OF + re.escape(name) + r"(?![\w'’-])", context)):
        return None
    city = lexicon.place_kind(name) == "city" or lexicon.settlement_only(name)
    return "city" if city and placed_as_city(name, context, lexicon) else None


#: A settlement noun set before a name in apposition ("his birthtown, Smiljan", "the village Otrar").
_SETTLEMENT_BEFORE = r"\b(?:birthtown|hometown|birthplace|village|town|city|port|seaport),? "


def settlement_in_apposition(name: str, context: str) -> bool:
    """The passage sets a settlement noun before ``name`` in apposition ("his birthtown, Smiljan", "his
    capital city Kaiping"), the name ending there."""
    return re.search(_SETTLEMENT_BEFORE + re.escape(name) + _NAME_ENDS, context) is not None


#: Lower-case particles inside a place's name ("Millingen aan de Rijn", "Frankfurt am Main", "Stratford upon
#: Avon", "Wijk bij Duurstede", "Hoek van Holland").
_PLACE_PARTICLE = r"(?:aan|am|an|bei|bij|de|den|der|im|la|le|ob|on|op|sur|upon|van)"
#: A name that lower-case particles continue into a longer one.
_PARTICLE_AFTER = rf"\s+{_PLACE_PARTICLE}\b"
#: A capitalised name that lower-case particles join ("Rüdesheim am Rhein"), as a candidate place name.
PARTICLE_NAME = re.compile(rf"[A-Z][\w'’-]*(?: {_PLACE_PARTICLE}){{1,2}} [A-Z][\w'’-]*")


def particle_place(name: str, lexicon: Lexicon) -> bool:
    """``name`` is a settlement whose name holds lower-case particles ("Wijk bij Duurstede", "Rüdesheim am
    Rhein", "Hoek van Holland"): the gazetteer lists the whole name as a town or city only. Such a name is
    renamed whole, its particles with it; its lower-case words are no veto (rule ``name.lower-case-word``)."""
    return (PARTICLE_NAME.fullmatch(name) is not None and not lexicon.never_place(name)
            and lexicon.settlement_only(name))


def labelled_town(name: str, question: str, context: str, lexicon: Lexicon) -> str | None:
    """``city`` for a town no gazetteer lists (a village, a historical town: "running away to Tomingaj,
    near Gračac", "his birthtown, Smiljan", "in Ismailiyah, Egypt") on independent evidence: the dataset
    labels the name GPE in a strict majority of its mentions; the question asks for a place (a bare "where"
    or a settlement noun: "What town …?"); the passage never sets it after "the" ("the Nederrijn", "the
    Wartburg"), continues it into a longer name ("Wartburg Castle", "Millingen aan de Rijn") or names a
    realm of it ("Count of Mansfeld"); and, for a bare "where" (a region answers it too: "remained in
    Khorasan"), the passage places it as a settlement: "X, <gazetteer state or country>", "X, near Y" or a
    settlement noun in apposition before it. Names the gazetteer knows (a section of a bigger city:
    ``Brooklyn``), names of persons and, without "X, <state or country>", of common words are left to
    the other rules (``gpe.not-gazetteer``)."""
    asked = asked_type(question)
    words = name.split()
    if (asked is None or asked.entity_type != "gpe" or lexicon.never_place(name)
            or lexicon.is_gazetteer_name(name) or lexicon.labels.mostly(name) != "GPE"
            or any(lexicon.is_gazetteer_name(w) or not w[0].isupper() or w.lower() in lexicon.first_counts
                   or lexicon.labels.surnames[w] for w in words)):
        return None
    settlement = asked.strong and asked.word in _SETTLEMENT_NOUNS
    if not (settlement or asked.word == "where"):
        return None
    here = re.escape(name)
    bare = rf"(?<![\w'’-]){here}(?![\w'’-])"
    if (not re.search(bare, context) or re.search(rf"\b[Tt]he {here}(?![\w'’-])", context)
            or re.search(rf"{bare}(?:\s+[A-Z]|{_PARTICLE_AFTER})", context)
            or re.search(_REALM_OF + here + r"(?![\w'’-])", context)):
        return None
    after = r", ((?:[A-Z][\w'’-]*)(?: [A-Z][\w'’-]*){0,2})(?![\w'’-])"  # "Sunspot, New Mexico"
    region = any(lexicon.place_kind(m.group(1)) in ("state", "country")
                 for m in re.finditer(bare + after, context))
    if any(lexicon.common_word(w) for w in words) and not region:
        return None
    if (settlement or region or re.search(rf"{bare}, near [A-Z]", context)
            or settlement_in_apposition(name, context)):
        return "city"
    return None


#: A city's other name (an exonym, a historical name) is a city from this many people (:func:`city_exonym`).
EXONYM_CITY = 100_000


#: Romanised generic words closing a first-level division's ISO name ("Henan Sheng", "Moskovskaya Oblast").
_DIVISION_WORDS = frozenset(("sheng", "shi", "zizhiqu", "oblast", "oblast'", "kray", "ostan", "province"))


@lru_cache(maxsize=1)
def _division_names() -> frozenset[str]:
    """Lower-cased names of every first-level ``pycountry`` subdivision, also without a closing generic word
    (``Henan Sheng`` → ``henan``)."""
    import pycountry

    names = set()
    for division in pycountry.subdivisions:
        if division.parent_code is None:
            name = division.name.split(",")[0].lower()
            names.add(name)
            if " " in name and name.rsplit(" ", 1)[1] in _DIVISION_WORDS:
                names.add(name.rsplit(" ", 1)[0])
    return frozenset(names)


def city_exonym(name: str, lexicon: Lexicon, unlisted: bool = False, min_population: int = EXONYM_CITY,
                labelled: bool = True) -> str | None:
    """``city`` for another name of a GeoNames city of :data:`EXONYM_CITY` people (an exonym or a historical
    name that :meth:`Lexicon.place_kind` leaves out, taking primary names only: ``Dyrrachium`` of Durrës,
    ``Urgench`` of Urganch, ``Nishapur`` of Neyshabur) that the dataset labels GPE in a strict majority of
    its mentions: the label and the size tell the city from a smaller place or a region of the name
    (``Iberia``, an alternate name of New Iberia). Not a section of a bigger city, a first-level division
    of a country (``Henan``), a name ending in a place noun, a common word or a surname of the dataset's
    persons or of more US people than live there (rule ``gpe.not-gazetteer``). The Yan et al. answers
    only, and EntSwap's (``unlisted``: also a GeoNames primary name the gazetteer's city list lacks,
    ``Montreal``, ``Kaiping``, for which :meth:`Lexicon.place_kind` has no city). A foreign name of a big
    city that also names a smaller place (``Praga``: Prague, and a district of Warsaw) still passes: the
    label cannot tell them (EntSwap leaves "the Praga district" alone, rule ``place.region-of``). A smaller
    ``min_population`` serves where a passage also places the name as a settlement, which stands for the
    GPE majority where ``labelled`` is false (``Valona``, NER's ORG twice: "landed in Valona")."""
    population = lexicon.city_population(name)
    single = " " not in name
    if (population < min_population or (labelled and lexicon.labels.mostly(name) != "GPE")
            or lexicon.never_place(name)
            or (lexicon.is_city_primary_name(name) and not (unlisted and not lexicon.is_gazetteer_name(name)))
            or lexicon.city_section_of(name)
            or name.lower() in _division_names() or name.split()[-1].lower() in PLACE_NOUNS
            or (single and (lexicon.labels.surnames[name] or lexicon.common_word(name)))
            or lexicon.surname_counts.get(name.lower(), 0) > population):
        return None
    return "city"


#: Nouns that name the kind of a state (a closed class): a historical state named by a distinctive word and
#: its kind ("Song dynasty", "Holy Roman Empire") is renamed by its distinctive word, its kind kept.
STATE_KINDS = ("dynasty", "empire", "khanate", "caliphate", "sultanate", "shogunate", "emirate")
_KIND = "|".join(f"{k}|{k.title()}" for k in STATE_KINDS)
_STATE_NAME = re.compile(rf"(?<![\w-])((?:[A-Z][a-z]+ ){{1,2}})(?:{_KIND})(?![\w-])")
#: A lone capitalised word after "the" that ends its phrase ("the Jin", "the Jin."; not "the Jin dynasty",
#: "the Mongol and Turkic tribes": a people's word).
_THE_WORD = re.compile(r"(?<=\bthe )[A-Z][a-z]+(?=$|[.,;:)])")
#: Modifiers that tell a state's period or rank, not its name (``Second Empire``, ``Later Jin``).
_STATE_MODIFIERS = frozenset(("the", "of", "and", "new", "great", "old", "first", "second", "third", "later",
                              "former", "early", "late"))


def state_word(name: str, lexicon: Lexicon) -> str | None:
    """The distinctive words of a historical state named "<words> <kind>" (:data:`STATE_KINDS`: ``Song`` of
    ``Song dynasty``, ``Holy Roman`` of ``Holy Roman Empire``), renamed as one drawn country's demonym while
    the kind word stays (``Kenyan dynasty``: :func:`state_spans`). ``None`` where a word is a place's or a
    nationality's (``British Empire``: the modern country's rules decide, as for a modern country's
    demonym, ``Persian Empire``) or a period's or rank's (:data:`_STATE_MODIFIERS`)."""
    match = _STATE_NAME.fullmatch(re.sub(r"^[Tt]he ", "", name))
    if match is None:
        return None
    from .organisations import demonym_table

    words = match.group(1).split()
    table = demonym_table(lexicon.root)
    if any(lexicon.place_kind(w) is not None or w.lower() in lexicon.nationalities or w.lower() in table
           or w.lower() in _STATE_MODIFIERS for w in words):
        return None
    return " ".join(words)


#: A capitalised word written before a state kind ("Jin" of "the Jin dynasty").
_BEFORE_KIND = re.compile(rf"(?<![\w-])([A-Z][a-z]+) (?:{_KIND})(?![\w-])")


def _dataset_kind_words(lexicon: Lexicon) -> frozenset[str]:
    """The words that the observed dataset's passages write before a state kind ("Jin" of "the Jin
    dynasty", "Ottoman" of "the Ottoman Empire"), computed once per dataset."""
    return frozenset(m.group(1) for passage in lexicon.passages for m in _BEFORE_KIND.finditer(passage))


def _kind_follows(word: str, context: str, lexicon: Lexicon | None = None) -> bool:
    """Whether ``word`` names a state by its kind: ``context`` writes it before a state kind ("Jin
    dynasty"), it ends with one glued to its name (``Ilkhanate``), or, given the ``lexicon``, ``context``
    writes it after "the" ending its phrase (:data:`_THE_WORD`: "fight against the Jin"; a person's name
    takes no article) while another passage of the dataset writes it before a state kind ("the Jin
    dynasty") and it is no common word (not "the World" beside "the Mongol World Empire")."""
    lowered = word.lower()
    return (re.search(rf"(?<![\w-]){re.escape(word)} (?:{_KIND})\b", context) is not None
            or (lowered.endswith(STATE_KINDS) and lowered not in STATE_KINDS)
            or (lexicon is not None and word in lexicon.dataset_table(_dataset_kind_words)
                and not lexicon.common_word(word)
                and any(m.group() == word for m in _THE_WORD.finditer(context))))


#: A capitalised word after a state's word that keeps it the state's ("Mongol Empire", "Ottoman Emperor").
_STATE_HEADS = frozenset((*STATE_KINDS, "emperor", "emperors", "republic", "kingdom"))
#: The key of the country a historical state's word follows (:func:`state_spans`): no text writes it, so
#: sampling draws a country for the word's demonym and renames no mention of the key itself.
STATE_COUNTRY = "{} (historical state)"


def is_state_country(key: str) -> bool:
    """``key`` is the country key of a historical state's word (:data:`STATE_COUNTRY`): the named countries
    of a text are drawn first, so that no such state takes the new name a real country needs."""
    return key.endswith(STATE_COUNTRY.format(""))


def state_key_word(key: str) -> str:
    """The state's distinctive word whose country key is ``key`` (:data:`STATE_COUNTRY`)."""
    return key.removesuffix(STATE_COUNTRY.format(""))


def state_word_derived(word: str, texts: Iterable[str], slices: Iterable[str] = ()) -> bool:
    """Whether ``texts`` use a state's distinctive word where the new demonym it is renamed by
    (:func:`state_spans`) cannot stand: another word of its stem, a land or a language (``Mongolian``,
    ``Mongolia`` beside ``Mongol Empire``; ``Khwarezmia`` beside ``Khwarezmid Empire``), the word heading
    its phrase (``the Song.``, ``under the Jin``: a dynasty, not a people), before a capitalised word that
    is no state kind (``Song Jiang``, ``Ottoman Turkish``), in a language phrase (``in Mongol``), or the last
    word of a longer word without the words before it (``Roman`` beside ``Holy Roman``). ``Mongols`` (the
    people) and ``Mongol army`` take the demonym (rule ``gpe.state-word-derived``). Texts in ``slices``
    (gold answers, cut from another text that judges their use: an answer ``Song`` of "the Song dynasty")
    are checked for other words of the stem only. A capitalised word before the state's word makes it part
    of another name (``Western Liao`` beside ``Liao dynasty``); an opening quotation mark before it, a name
    cited as a name (the names "Manchu dynasty" … for the Qing dynasty: the state itself is another's)."""
    from .demonyms import language_phrase

    last = word.split()[-1]
    lead = word[:len(word) - len(last)]
    stem = re.sub(r"(?:id|ian|an|ic|ish|ese|i)$", "", last)
    stem = stem if len(stem) >= 4 else last
    pattern = re.compile(rf"(?<![\w-]){re.escape(stem)}[\w'’-]*")
    slices, texts = list(slices), list(texts)
    if " " in word and any(_outside(w, word, text) for w in word.split()[:-1] for text in [*texts, *slices]):
        return True  # "World" of "Mongol World Empire", "Holy" of "Holy See" beside "Holy Roman Empire"
    for text in [*texts, *slices]:
        for m in pattern.finditer(text):
            if m.group() not in (last, f"{last}s") or not text[:m.start()].endswith(lead):
                return True
            if text in slices:
                continue
            start = m.start() - len(lead)
            before = _NAME_WORD_BEFORE.search(text, 0, start)
            after = _NAME_WORD_AFTER.match(text, m.end())
            if text[max(0, start - 1):start] in _QUOTES:
                return True  # "the names "Manchu dynasty" … for the Qing dynasty": a name cited, not used
            if (before and before.group(1) not in ("The", "A", "An")) or (m.group() == last and (
                    heads_phrase(text, m.end()) or language_phrase(text, start, m.end())
                    or (after and after.group(1).lower() not in _STATE_HEADS))):
                return True
    return False


def _outside(part: str, name: str, text: str) -> bool:
    """``text`` writes the word ``part`` of ``name`` outside an occurrence of ``name``."""
    spans = [m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(name)}", text)]
    return any(not any(a <= m.start() < b for a, b in spans)
               for m in re.finditer(rf"(?<![\w-]){re.escape(part)}(?![\w-])", text))


#: Opening quotation marks: a name after one is cited as a name ("the names "Manchu dynasty" …").
_QUOTES = ('"', "“", "‘")
#: A capitalised word right after a name ("Song Jiang"), right before one ("Western Liao").
_NAME_WORD_AFTER = re.compile(r" ([A-Z][\w'’-]*)")
_NAME_WORD_BEFORE = re.compile(r"(?<![\w'’-])([A-Z][\w'’]*) $")  # not "Mongol-established"


def state_spans(name: str, context: str, lexicon: Lexicon, question: str = "", answers: Sequence[str] = ()
                ) -> list[PerturbableSpan]:
    """The spans a historical state is renamed by (:func:`state_word`): its distinctive word takes the
    demonym of a drawn country, its kind kept ("Mongol Empire" → "Kenyan Empire", "Song dynasty" → "Kenyan
    dynasty"; blind reads rejected an ``nnp`` word, "Huffman Empire"), as :func:`state_name_spans` types
    them in the ``context``, ``question`` and gold ``answers``. Also a lone word the passage writes before a
    state kind ("Jin" beside "Jin dynasty")."""
    word = state_word(name, lexicon)
    if word is None and " " not in name and _kind_follows(name, context, lexicon):
        word = state_word(f"{name} dynasty", lexicon)
    return state_name_spans(word, [context, question], answers) if word else []


#: The kind written after a state's word ("Song dynasty", "Holy Roman Empire"), capitalised or not.
_KIND_AFTER = re.compile(rf" ({_KIND})(?![\w-])")


def state_name_spans(word: str, texts: Sequence[str], slices: Sequence[str] = ()) -> list[PerturbableSpan]:
    """The spans of the state whose distinctive word is ``word`` in ``texts`` and the answer ``slices``,
    each following the country drawn for it (:data:`STATE_COUNTRY`), whose demonym replaces the word: each
    name "<word> <kind>" written, a ``country`` span whole, its kind kept (``Song dynasty`` → ``Kenyan
    dynasty``: a state; blind reads rejected ``Song``, ``Holy Roman`` typed a nationality); the word written
    alone (``Jin troops``, ``the Mongols``) a span of its own, a ``nationality`` where the texts write its
    plural (a people's word: ``the Mongols`` → ``the Kenyans``), else a ``country`` (the state's short
    name: ``the Jin commander``). An answer slice holding the word alone (``Song`` cut from "the Song
    dynasty") ends inside a whole name: the word is then the only span (``Song`` → ``Kenyan``)."""
    key = STATE_COUNTRY.format(word)
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    kinds: dict[str, None] = {}
    alone = cut = False
    for text in [*texts, *slices]:
        for m in pattern.finditer(text):
            kind = _KIND_AFTER.match(text, m.end())
            if kind:
                kinds[kind.group(1)] = None
            alone = alone or kind is None
            cut = cut or (kind is None and text in slices)
    people = any(re.search(rf"(?<![\w-]){re.escape(word)}s(?![\w-])", t) for t in [*texts, *slices])
    spans = [] if cut else [PerturbableSpan(f"{word} {kind}", "country", "gpe", follows=key, tail=f" {kind}")
                            for kind in kinds]
    if alone or people:
        spans.append(PerturbableSpan(word, "nationality" if people else "country", "gpe", follows=key))
    return spans


def dynasty_state(word: str, texts: Sequence[str]) -> bool:
    """The historical state of ``word`` is a dynasty, a ruling house: ``texts`` write the word before
    "dynasty" ("the Song dynasty") or before no state kind at all (a lone "the Jin" that another passage
    writes before one), and no kind is glued to it (``Ilkhanate``). Blind reads rejected every name a dynasty
    was given (round 30: "Harlow dynasty"; rounds 31 and 32: "Kenyan dynasty", a ruling house is no country
    and takes no nationality), while accepting empires ("Maltese Empire")."""
    after = re.compile(rf"(?<![\w-]){re.escape(word)} ({_KIND})(?![\w-])")
    kinds = {m.group(1).lower() for text in texts for m in after.finditer(text)}
    return "dynasty" in kinds or (not kinds and not word.lower().endswith(STATE_KINDS))


def renamable_states(texts: Sequence[str], lexicon: Lexicon, passages: Sequence[str] = ()
                     ) -> dict[str, str]:
    """The distinctive words of the historical states ``texts`` name "<words> <kind>" (:func:`state_word`:
    ``Mongol`` of "the Mongol Empire") that can be renamed as a drawn country's demonym at every use
    (not :func:`state_word_derived`) → the key of the country they follow (:data:`STATE_COUNTRY`).
    EntSwap renames them as nationalities, as Yan et al. rename a state answer (:func:`state_spans`).
    Only names the ``passages`` write count (a question's own name is SQuAD 2.0's twist: "the Jip
    dynasty"); all of ``passages`` when none are given."""
    found: dict[str, str] = {}
    for text in passages or texts:
        for m in _STATE_NAME.finditer(text):
            word = state_word(m.group(), lexicon)
            if (word and word not in found and not state_word_derived(word, texts)
                    and not dynasty_state(word, texts)):
                found[word] = STATE_COUNTRY.format(word)
    return found


def state_answers(example: QAExample, mentions: Iterable[Mention], lexicon: Lexicon) -> list[Mention]:
    """Historical states inside a gold answer span, as GPE mentions (NER tags them ORG, LOC or not at all):
    a name "<words> <kind>" with a distinctive word (:func:`state_word`: "the Song dynasty"), or a lone
    capitalised word after "the" that the passage also writes before a state kind ("the Jin" beside "the
    Jin dynasty"). The place rules then decide (``gpe.state-word-derived``)."""
    taken = [m for m in mentions if m.label == "GPE"]
    found: dict[tuple[int, int], Mention] = {}
    context = example.context
    for pattern in (_STATE_NAME, _THE_WORD):
        for run in example.answer_matches(pattern):
            name = run.group()
            if pattern is _THE_WORD and not _kind_follows(name, context, lexicon):
                continue
            if state_word(name if pattern is _STATE_NAME else f"{name} dynasty", lexicon) is None or any(
                    m.start < run.end() and run.start() < m.end for m in taken):
                continue
            found.setdefault((run.start(), run.end()), Mention(run.start(), run.end(), "GPE", name))
    return list(found.values())


#: The lower-case word right after a name ("Lille ground").
_WORD_AFTER = re.compile(r" ([a-z]+)\b")


def term_of_place(name: str, texts: Iterable[str]) -> str | None:
    """The term that ``texts`` make of the place ``name`` ("Lille ground" of "Mechlin patterns on Lille
    ground … Lille ground did not appear": a lace ground named after the city, a craft's term like "Dijon
    mustard" or "Brussels lace"): every occurrence followed by a word (two or more; an answer that ends
    on the name tells nothing) modifies one and the same lower-case singular noun, no place noun
    (not "Warsaw city", "Boston area") and no plural (not "Warsaw residents": the city's people). The name
    then names a kind of thing, not the place, and no occurrence stands for the place to rename."""
    nouns = []
    for text in texts:
        for m in whole_word(name).finditer(text):
            if not text[m.end():].strip():
                continue  # an answer ending on the name
            noun = _WORD_AFTER.match(text, m.end())
            if noun is None or heads_phrase(text, m.end()):
                return None  # "in Paris in 1487", "Paris, France", "Lille's"
            nouns.append(noun.group(1))
    word = nouns[0] if nouns else ""
    if (len(nouns) < 2 or any(n != word for n in nouns) or word in PLACE_NOUNS | _SETTLEMENT_NOUNS
            or (word.endswith("s") and not word.endswith("ss"))):
        return None
    return f"{name} {word}"


#: A siege's verb or noun before a name ("Kublai besieged Xiangyang", "the siege of Amalfi").
_SIEGE_BEFORE = r"\b(?:[Bb]esieg(?:ed|ing|es?)|[Ss]ieges? of) "


def besieged(name: str, context: str) -> bool:
    """The passage besieges ``name`` ("Kublai besieged Xiangyang between 1268 and 1273", "the siege of
    Amalfi"): only a walled town or a fortress is besieged, so a gazetteer city of that name is the city
    (no person or region is)."""
    return re.search(_SIEGE_BEFORE + re.escape(name) + _NAME_ENDS, context) is not None


#: What separates the places of a list NER read as one mention ("Rouen, Toulouse", "Malindi, Mombasa,",
#: "New York and New Jersey").
_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
#: Labels of a mention that may list places → the label of its places: GPE and LOC keep theirs; an ORG
#: made of places only is no organisation but the places mislabelled ("Schenectady, Phoenix").
_LIST_LABELS = {"GPE": "GPE", "LOC": "LOC", "ORG": "GPE"}


def listed_places(mention: Mention, lexicon: Lexicon) -> list[Mention]:
    """A GPE / LOC mention of two or more places separated by commas or "and" ("the Czech Republic,
    Cyprus"; an ORG one by commas: "Rouen, Toulouse", since "Stockton and Darlington" may name a firm),
    each a place with evidence (:meth:`Lexicon.place_kind`), as one mention per place (an ORG's as GPE);
    else ``[mention]``: a part that is no such place ("Eisleben, Saxony", "North and West Africa") or a
    whole that is itself a gazetteer name ("Trinidad and Tobago") keeps the mention whole."""
    label = _LIST_LABELS.get(mention.label)
    text = mention.text
    if label is None or not _LIST_SEPARATOR.search(text) or (mention.label == "ORG" and "," not in text):
        return [mention]
    whole = clean_surface(text)
    if lexicon.is_gazetteer_name(whole) or lexicon.place_kind(whole):
        return [mention]
    bounds, at = [], 0
    for sep in [*_LIST_SEPARATOR.finditer(text), None]:
        end = sep.start() if sep else len(text)
        part = text[at:end].strip()
        if part:
            start = at + text[at:end].index(part)
            bounds.append((start, start + len(part)))
        at = sep.end() if sep else end
    if len(bounds) < 2 or any(not lexicon.place_kind(clean_surface(text[s:e]) or "-") for s, e in bounds):
        return [mention]
    return [Mention(mention.start + s, mention.start + e, label, text[s:e]) for s, e in bounds]


def split_place_lists(mentions: Mapping[str, Sequence[Mention]], lexicon: Lexicon
                      ) -> dict[str, list[Mention]]:
    """Text → its mentions, each ended before an unclosed bracket opening on its acronym
    (:func:`.acronyms.bracket_cut`) and each list of places NER read as one mention split into its places
    (:func:`listed_places`); both studies read their mentions through it once the lexicon has observed the
    dataset (a place's evidence needs the dataset's case and surname statistics)."""
    return {text: [m for mention in found for m in listed_places(bracket_cut(mention), lexicon)]
            for text, found in mentions.items()}


def observe_split(lexicon: Lexicon, texts: Iterable[str], mentions: Mapping[str, Sequence[Mention]], *,
                  passages: bool) -> dict[str, list[Mention]]:
    """The lexicon observes a dataset, ``texts`` (its case statistics) and ``mentions`` (text → its NER
    mentions; its passages where ``passages``), and takes the label votes again from the mentions read with
    lists of places split (:func:`split_place_lists`), which it returns: the one way both studies read it."""
    lexicon.observe(texts, (m for found in mentions.values() for m in found), mentions if passages else None)
    split = split_place_lists(mentions, lexicon)  # "Rouen, Toulouse": two places
    if split != mentions:
        lexicon.relabel((m for found in split.values() for m in found), split if passages else None)
    return split
