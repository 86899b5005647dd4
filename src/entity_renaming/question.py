"""What a question asks for: the entity type its answer names, as typing evidence for the answer.

"Who …?", "Which king …?", "Whose …?" ask for a person; "Which country / city …?", "Where …?" for a place;
"Which company / team / party …?" for an organisation. Where the answer is a capitalised name, that is
stronger evidence of its type than the small NER model's label of it (``Thoreau`` tagged ORG, ``Chagatai``
GPE, ``Euclid`` nothing): :func:`entity_renaming.entities.question_typed_answers` makes the answer a
candidate of the asked type, which the type's own rules (name banks, pronouns, gazetteer, organisation
words) must still accept. A bare "who" or "where" is *weak* evidence (teams, companies and buildings
answer them too); a noun naming the kind (``king``, ``country``, ``company``) is *strong*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

words_of = str.split

#: Nouns of a what/which phrase that ask for a person.
PERSON_NOUNS = frozenset(words_of("""
person man woman men women boy girl child individual king queen emperor empress monarch ruler leader
chief general commander admiral officer soldier warrior prince princess duke duchess lord lady knight
pope bishop archbishop cardinal priest monk abbot abbess saint preacher missionary theologian reformer
prophet apostle caliph sultan khan shah pharaoh tsar czar president chancellor premier minister senator
governor mayor
politician statesman diplomat ambassador official judge justice lawyer chairman founder cofounder
co-founder owner ceo executive director producer actor actress singer musician composer conductor
performer artist painter sculptor architect designer photographer writer author novelist poet playwright
dramatist screenwriter journalist editor historian scholar philosopher scientist physicist chemist
biologist mathematician astronomer economist engineer inventor explorer navigator physician doctor surgeon
professor teacher student pupil disciple athlete player quarterback kicker receiver linebacker coach
pitcher boxer wrestler champion astronaut pilot emperors kings queens generals son daughter father mother
wife husband brother sister uncle aunt nephew niece cousin grandson granddaughter heir successor
predecessor rival opponent ally advisor adviser tutor mentor patron spouse widow alumnus alumna alumni
linebacker cornerback
"""))
#: Nouns of a what/which phrase that ask for a country, state or city, or a polity or division of one (an
#: empire, a colony, a territory, a borough: "Which empire …?" Western Xia, "In what borough …?" Brooklyn).
PLACE_NOUNS = frozenset(words_of("""
country countries nation nations city cities town towns village villages state states province provinces
capital capitals county counties kingdom kingdoms republic region regions port ports empire empires
colony colonies territory territories borough boroughs
"""))
#: Nouns of a what/which phrase that ask for a company or a title (``What petroleum company …?``, ``Which
#: journal …?``): such bodies are often named by one common word (``Chevron``, ``Mutual``, ``Science``).
TRADE_NOUNS = frozenset(words_of("""
company companies corporation firm business network networks broadcaster channel newspaper magazine
publisher label brand brands retailer automaker carmaker insurer conglomerate subsidiary publication
publications journal journals store carrier provider studio airline manufacturer
"""))
#: Nouns of a what/which phrase that ask for an organisation (a store, a carrier, a provider, a museum, a
#: fraternity: "what store?"
#: Tesco, "What cellular carrier …?" Verizon; not "service": a blind read, round 32, rejected WatchESPN and
#: Telepad, services that are products).
ORGANISATION_NOUNS = TRADE_NOUNS | frozenset(words_of("""
team teams club clubs party parties university universities college school organization organisation
organizations organisations agency institution bank league union affiliate affiliates charity charities
group groups band museum museums gallery galleries fraternity fraternities sorority sororities association
"""))
_NOUN_TYPE = {**{w: "per" for w in PERSON_NOUNS}, **{w: "gpe" for w in PLACE_NOUNS},
              **{w: "org" for w in ORGANISATION_NOUNS}}
#: Words that end a what/which phrase before its noun ("What did …", "Which of …").
_PHRASE_END = frozenset(words_of("""
is was are were be been do does did has have had can could would will should may might must of in on at
for to from by with as that who whom whose which what when where why how and or not
"""))
_WH = re.compile(r"(?<![\w'’])(?:(?P<who>[Ww]hom?|[Ww]hose)|(?P<where>[Ww]here)|(?P<which>[Ww]hat|[Ww]hich)"
                 r"|(?P<other>[Ww]hen|[Ww]hy|[Hh]ow))(?![\w'’])")
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
#: A question naming its answer's kind after "the name of" and a determiner or a possessive name ("What was
#: the name of the king who …", "What was the name of Bohemond's nephew?").
_NAME_OF = re.compile(r"\bname of (?:(?i:the|this|that|a|an|his|her|their)|[A-Z][\w'’-]*['’]s) ")
#: A question asking for a person's name by a possessive noun ("What was Tesla's brother's name?", "what was
#: the coach's name"): the one pattern for the asked type here and the asked gender (``question_gender``).
NOUNS_NAME = re.compile(r"\b([a-z]+)(?:'s|’s|s')\s+(?:(?:first|last|full|given|birth)\s+)?name\b")
#: A question naming its answer's kind as one of a group ("What was the most important of these cities or
#: towns?", "Which is the largest of the states", "Which of his future generals …?").
_ONE_OF = re.compile(r"\b(?:one|first|last|(?:most|least) [a-z]+"
                     r"|(?:larg|bigg|small|old|great|earli|high|long)est) of (?:the|these|those) "
                     r"|(?<=\bwhich )of (?:the|these|those|his|her|their|its) ", re.IGNORECASE)
#: A question about a name itself: where it comes from ("named after"), or its form in a language ("the
#: Polish name for the Saxon Garden": the answer is a word of that language, not a renamable name).
_ABOUT_NAME = re.compile(r"\b(?:re)?named\s+(?:after|for)\b", re.IGNORECASE)  # not "another name for"
#: "the Polish name for …", "What Chinese-style name did Rinchinbal use?", "the Huguenot name", "Temur Khan's
#: Chinese-style name", "William Johnson's Iroquois name": a name's form.
_NAME_IN_LANGUAGE = re.compile(r"(?:\b(?:the|[Ww]hat|[Ww]hich)|(?<=\w)[’']s) [A-Z][a-z]+(?:-style)? "
                               r"(?:name|word|term|spelling)\b")
#: "What is the Saxon Garden in Polish?": a what-question ending with "in <language>".
_WHAT_IN = re.compile(r"^\s*What\b.* in ([A-Z][a-z]+)\s*\?*\s*$")
#: A copular what/which question naming its answer's kind after the verb ("What is the lone MLS team that …",
#: "Which is the largest city in …"): the kind noun must end its phrase before a clause or a preposition
#: (:data:`_COPULAR_END`), not before a possessive or a noun of its own ("What was the team's nickname"),
#: nor before "of", where the noun names a part or a relation of what follows ("the most notable publication
#: of Tugh's academy" is a book, "the foundation of the Reformation" no body).
_COPULAR = re.compile(r"\s+(?:is|was|are|were)\s+(?:the|a|an)\s+")
_COPULAR_END = re.compile(r"\s*(?:[?,]|$|(?:that|which|who|whom|whose|where|in|on|at|for|to|from|with|by)\b)")
#: Words a what/which phrase may hold before its noun ("What halftime performer", "Which Mongol leader").
MAX_MODIFIERS = 3
#: Determiners a what/which phrase may hold besides its modifiers ("which other developed southern
#: Californian city"): they add no word of the kind's description, so they count toward no limit.
_DETERMINERS = frozenset(words_of("other another"))


@dataclass(frozen=True)
class Asked:
    """The entity type a question asks for (``per`` / ``org`` / ``gpe``), the word that says so and whether
    that is strong evidence (a noun naming the kind) or weak (a bare "who" / "where")."""

    entity_type: str
    word: str
    strong: bool


def _phrase_noun(question: str, start: int) -> str | None:
    """The kind noun of the what/which phrase starting at ``start``: the first of the next
    ``MAX_MODIFIERS + 1`` words with a type (determiners, "other", not counted), before any word that ends
    the phrase; a capitalised noun is part of a name (``What Doctor Who episode``), not the kind; one in
    capitals is (``What Goldman Sachs CEO``)."""
    n = 0
    for word in _WORD.finditer(question, start):
        lowered = word.group().lower().removesuffix("'s").removesuffix("’s")
        if lowered in _DETERMINERS:
            continue
        n += 1
        if n > MAX_MODIFIERS + 1 or lowered in _PHRASE_END:
            return None
        if lowered in _NOUN_TYPE and (word.group()[0].islower() or word.group().isupper()):
            return lowered  # "What Goldman Sachs CEO …": a kind noun written as an acronym
        if lowered[:-1] in PERSON_NOUNS and lowered.endswith("s") and word.group()[0].islower():
            return lowered[:-1]  # "Which performers …?": a plural person noun
    return None


@lru_cache(maxsize=1)
def _languages() -> frozenset[str]:
    """The names of the ISO 639-1 languages (pycountry): Polish, Latin, Greek, Swahili …"""
    import pycountry

    return frozenset(lang.name.split(" (")[0].split()[-1] for lang in pycountry.languages
                     if hasattr(lang, "alpha_2"))


#: A what/which question asking for a station by the wh-word alone or a medium before it ("Which station
#: started showing Doctor Who?", "What Newcastle radio station …?"; not "What mainline station", "which tube
#: station", "What space station").
_STATION = re.compile(r"\b(?:[Ww]hat|[Ww]hich)(?: [A-Z][\w'’-]*)*(?: local)?"
                      r"(?: (?:radio|TV|television|cable|satellite|broadcast|broadcasting))? stations?\b")


def asks_for_station(question: str) -> bool:
    """The question asks for a station and no other kind of one (:data:`_STATION`): a broadcaster where the
    passage writes its name beside a word of broadcasting (:func:`.organisations.broadcast_name`)."""
    return _STATION.search(question) is not None


def asks_about_name(question: str) -> bool:
    """The question asks where a name comes from ("What historical figure was Jacksonville named after?":
    the other name keeps the old one) or for its form in a language ("What is the Polish name for the Saxon
    Garden?", "What is the Saxon Garden in Polish?": the answer is a word of that language): renaming its
    answer would break what it asks."""
    if _ABOUT_NAME.search(question) or _NAME_IN_LANGUAGE.search(question):
        return True
    asked = _WHAT_IN.match(question)
    return asked is not None and asked.group(1) in _languages()


def _copular_noun(question: str, start: int) -> str | None:
    """The kind noun of a copular what/which question (:data:`_COPULAR`: "What is the lone MLS team that
    …?"), where that noun ends its phrase (:data:`_COPULAR_END`)."""
    verb = _COPULAR.match(question, start)
    noun = _phrase_noun(question, verb.end()) if verb else None
    if noun is None:
        return None
    for word in _WORD.finditer(question, verb.end()):
        lowered = word.group().lower()
        if lowered in (noun, noun + "s"):
            return noun if _COPULAR_END.match(question, word.end()) else None
    return None


def asked_type(question: str) -> Asked | None:
    """The entity type ``question`` asks for, from its first wh-word: "who" / "whom" / "whose" (a
    capitalised ``Who`` only opening the question: not "Doctor Who") → a person, weak; "where" → a place,
    weak; "what" / "which" → the type of the noun its phrase names (``Which Mongol leader``, ``What
    country``), or after "the name of the" (``What was the name of the king``) or a group's part ("the most
    important of these cities") or a possessive person noun before "name" ("What was Tesla's brother's
    name?"), strong; else ``None``, also
    for a question about a name's origin ("named after")."""
    if asks_about_name(question):
        return None  # "Who was Temüjin named after?": the answer's name itself is the point
    for wh in _WH.finditer(question):
        word = wh.group()
        opens = not question[:wh.start()].strip() or question[wh.start() - 2: wh.start()] == ", "
        if word[0].isupper() and not opens:
            continue  # a title ("Doctor Who"), not the question's wh-word
        if wh.group("who"):
            return Asked("per", word.lower(), False)
        if wh.group("where"):
            return Asked("gpe", "where", False)
        if wh.group("other"):
            return None
        noun = _phrase_noun(question, wh.end()) or _copular_noun(question, wh.end())
        for evidence in (_NAME_OF, _ONE_OF):
            of = evidence.search(question, wh.end()) if noun is None else None
            noun = _phrase_noun(question, of.end()) if of else noun
        named = NOUNS_NAME.search(question, wh.end()) if noun is None else None
        if named and named.group(1) in PERSON_NOUNS:
            noun = named.group(1)  # "What was Temüjin's sister's name?"
        return Asked(_NOUN_TYPE[noun], noun, True) if noun else None
    return None
