"""The entities of one article for EntSwap: the shared evidence (:mod:`entity_renaming.lexicon`,
:mod:`entity_renaming.entities`) applied to every NER mention of title, passages, questions and answers,
one category per surface form. Precision first: an entity left unrenamed is never a wrong swap, so every
category needs strong evidence and every doubt leaves the entity alone.

* **Types from evidence**: a mention counts only when its label is the dataset's majority label for its
  surface; a surface is renamed only when NER labelled at least a third of its occurrences in the article;
  abbreviations (*EU*, *UK*, *US*, *NATO*, *IP*), Roman numerals and single letters never.

  - *country*: a gazetteer or ``pycountry`` country; *city*: a GPE that is a GeoNames city (one word:
    ≥ ``MIN_CITY_POPULATION`` people); *location*: a gazetteer state or province (*Normandy*, *Bavaria*).
    A name that is a state and also a GeoNames city of ``MIN_CITY_POPULATION`` people (*Palermo*,
    *Canterbury*) is ambiguous and left alone, and so are places the gazetteer does not know (continents,
    rivers, seas, historical regions): no African name of the same kind can be chosen for them.
  - *organization*: an ORG name of two or more capitalised words ending in (or opening ``X of``) an
    organisation word of ``entities.ORGANISATION_HEADS`` (*European Commission*, *University of Paris*),
    with no word of a work, event, document, award or building (``entities.names_organisation``), and
    every labelled mention in the article an ORG; its replacement is an African organisation with the same
    organisation word (a commission for a commission), else it is left alone. Documents, events, ships,
    titles and dynasties have no such word and are left alone.
  - *nationality*: a NORP demonym *of a country* (``lexicon.demonym_countries``); it follows its
    country (see :mod:`.mapping`). Peoples without a country (*Normans*), religions and languages (``in
    French``, ``the French language``) are left alone, and so is a demonym without an ``-s`` plural used as a
    plural noun (``the French were``: no African demonym reads right there).
* **Persons first**: a surface that is a person's name in the article (a longer PERSON name has it as a
  word, the article labels it PERSON, or the dataset mostly labels it PERSON and it is a bank name) is a
  person or nothing (*Newton*, *Hooke*, *Rollo* tagged ORG/LOC are never organisations or places).
  Persons are renamed word by word so that every mention follows one mapping: in ``Robert Guiscard`` the
  first word is a given name and the last a family name (middle words are given names), and the lone
  mentions ``Robert`` and ``Guiscard`` take the same new names. A lone word that some full name of the
  article ends with is a family name (a word that opens another full name too has no one type and is left
  alone); titles and common words are never name parts. A Chinese name in pinyin written family name first
  (``Zhu Yuanzhang``) renames its family name as a surname and its given name as the article's pronouns
  type it (:func:`chinese_given_type`), the full name as a unit in the bank's order (``Philemon
  Mgabadeli``; a family shares one new family name); another name written family name first
  (``Lexicon.family_name_first``), or one whose bearer's sex nothing shows, is not renamed, nor is a
  person named in a term (``Karp reductions``, ``Newton's laws``: ``lexicon.eponym_use``).
* **Never inside a longer name**: a surface one of whose occurrences is part of a longer name that is not
  itself renamed (*Treaty of Paris*, *Asia Minor*, *Anglo-Danes*, *Turing machine* aside, *Máel Coluim mac
  Alaxandair*) is not renamed anywhere in the article; a person's other name words go with it, so no full
  name is half renamed. A full name whose surname a lower-case particle opens (*Guy de Lusignan*:
  :func:`particle_parts`) is a given name and a surname the particle opens, not a longer name (the
  particle renamed with the surname: :func:`particle_surnames`); a
  misspelt name word follows its name (:func:`misspelt`). A longer name of another referent is left whole
  instead and the place renamed at its own mentions: *Treaty of Paris*, *Lake Erie*, a fixed name a
  demonym opens (*German Civil Code*, *Russo-Japanese
  War*; not a country's own organ or revolution: *Iranian Revolution* follows Iran), a thing named
  after a city (*Glasgow Airport Rail Link*); two places joined by a hyphen
  (*Israel-Lebanon conflict*) are two names.
* **Articles**: a place the article writes with "the" that the renamer does not know to take one (*the
  Sudan*, *the Punjab*) is left alone, so no African name gets a wrong article.
* **One referent, one name**: aliases (*United States* / *America*) and spellings that differ only by
  diacritics (*Kraków* / *Krakow*: :func:`person_spellings`) share one replacement; a referent with
  an alias that cannot be renamed (*US*) keeps all its names, and its demonym (*American*) too.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from ..acronyms import abbreviated_name, glued_initials
from ..demonyms import (
    COORDINATED_EVENT,
    LANDFORM_NOUNS,
    coordinated_end,
    coordinated_event,
    demonym_key,
    demonym_ok,
    language_phrase,
    language_use,
    people_stem_left,
    shared_demonyms,
    shared_here,
)
from ..entities import (
    _NEXT_WORD,
    EVENT_NOUNS,
    LINKED_PLACE,
    NATION_NOUNS,
    PEOPLE_ADJECTIVES,
    PEOPLE_NOUNS,
    REGION_OF,
    STREET_NOUNS,
    agreed_type,
    answer_texts,
    asks_for_work,
    country_abbreviation,
    described_as_person,
    family_word,
    first_name_type,
    kin_gender,
    label_holds,
    listed_with_non_places,
    listed_with_persons,
    longer_name,
    lower_case_mention,
    named_person_here,
    passage_says_person,
    place_in_longer_name,
    pronoun_gender,
    role_before,
    title_follows,
)
from ..entities import named_after_person as institution_after_person
from ..lexicon import (
    ARABIC_PARTICLES,
    COMMON_ZIPF,
    DEMONYM_ENDINGS,
    DEMONYM_WORDS,
    FUNCTION_WORDS,
    GEO_MODIFIERS,
    GIVEN_NAME_TITLES,
    PARTICLES,
    PLACE_NOUNS,
    PLACE_WORDS,
    TITLES,
    TRAILING_TITLES,
    Lexicon,
    brackets_after,
    clean_surface,
    demonym_countries,
    eponym_use,
    fold_accents,
    name_form,
    never_renamed,
    occurs_in,
    other_script,
    parse_person,
    whole_word,
    words_of,
)
from ..model import QAExample
from ..namebank import BankError, load_bank
from ..ner import Mention
from ..organisations import names_organisation, organisation_head
from ..persons import (
    NOBLE_TITLES,
    SURNAME_LINKS,
    ArabicName,
    arabic_family_forms,
    arabic_name,
    common_word_name,
    common_word_surname,
    family_first_parts,
    famous_surname,
    gendered_full_name,
    looks_like_person,
    particle_name,
    particle_surname,
    particle_surname_words,
    surname_particle,
)
from ..places import (
    STATE_KINDS,
    abbreviation_fits,
    besieged,
    city_exonym,
    derived_place_word,
    glued,
    listed_items,
    passage_place_kind,
    placed_as_city,
    renamable_states,
    settlement_in_apposition,
    term_of_place,
    written_in_its_region,
)
from ..referents import NEIGHBOURHOOD
from ..rules import Trace, fire
from ..spellings import accent_variants, same_spelling, strip_marks
from ..substitute import (
    COORDINATED,
    LETTER_CODE,
    NO_S_PLURAL,
    coordinated_people,
    heads_phrase,
    takes_article,
    title_words,
)
from ..word_index import WordIndex, line_index, texts_holding
from .categories import (
    CATEGORIES,
    LABEL_TO_CATEGORY,
    is_non_national,
    renamable,
    singular_demonym,
)
from .person_evidence import (
    agent_before,
    famous_mononym,
    kept_eponym_terms,
    lone_name_use,
    lone_surname_evidence,
    person_noun_before,
    work_possessive,
)

MAX_PERSON_PARTS = 4
FULL_VOTE, HALF_VOTE = 2, 1
#: A surface is renamed only when NER labelled at least 1 in ``MIN_LABELLED_SHARE`` of its occurrences.
MIN_LABELLED_SHARE = 3
PLACE_TO_CATEGORY = {"country": "country", "state": "location", "city": "city"}
PLACES = frozenset({"country", "city", "location"})
PLACE_SPAN_TYPE = {"country": "country", "city": "city", "location": "state"}
_WORD = re.compile(r"\w+(?:['’]\w+)*")
_SINGLE_WORD = re.compile(r"^\w+$")
#: Words before "of" that make "X of <place>" the place itself or a title, not a longer name
#: (``Kingdom of France``, ``Duke of Normandy``); other capitalised words make a name (``Treaty of Paris``).
POLITY_WORDS = frozenset(["kingdom", "empire", "republic", "duchy", "county", "principality", "state",
                          "province", "city"])
#: Lower-case words that join a name to more name (``Jean de Rély``, ``Máel Coluim mac Alaxandair``).
NAME_LINKS = PARTICLES | ARABIC_PARTICLES | {"mac", "mc", "ap", "ua", "y", "zu"}

_LINKS = "|".join(sorted(NAME_LINKS))
_NAME = r"([^\W\d_][\w'’.]*)"
_HYPHEN_BEFORE = re.compile(r"([^\W\d_][\w'’]*)-$")
_HYPHEN_AFTER = re.compile(r"-([^\W\d_])")
_HYPHEN_PAIR = re.compile(r"-([^\W\d_][\w'’]*)")
#: A lower-case noun of what lies between two countries, after two demonyms joined by a hyphen: each names
#: its own country ("the Dutch-German border", "Soviet-American relations"), not a people of both
#: ("Japanese-American businesses", "a French-Swiss bacteriologist").
BETWEEN_AFTER = re.compile(r" (?:border|frontier|boundary|relations|relationship|war|treaty|alliance|"
                            r"conflict|rivalry|talks|trade|agreement|dispute|negotiations|summit|pact)s?"
                            r"(?![\w'’-])")
_LINK_AFTER = re.compile(rf" (?:{_LINKS}) ([^\W\d_])")
_LINK_BEFORE = re.compile(rf"([^\W\d_])[\w'’.]* (?:{_LINKS}) $")
_WORD_AFTER = re.compile(rf" {_NAME}")
#: An organisation's name goes on after it: "for"/"of" and a name ("Carnegie Foundation for the Advancement
#: of Teaching"), or "and" and one capitalised word that no
#: capitalised word follows ("Local Government and Regeneration", a committee; not "… and Yale University").
_ORG_CONTINUES = re.compile(r" (?:for|of) (?:the )?[A-Z]| and [A-Z][\w'’-]*(?![\w'’-]| [A-Z])")
_WORD_BEFORE = re.compile(rf"(?<![\w'’.]){_NAME} $")
_OF_BEFORE = re.compile(r"(?<![\w'’])([^\W\d_][\w'’]*) of $")
_FOR_BEFORE = re.compile(r"(?<![\w'’])([^\W\d_][\w'’]*) for (?:an? |the )?$")
#: "New England" is not England, "St. John" (a river) no person.
_DIRECTIONS = GEO_MODIFIERS - {"new", "old"}
#: Titles of nobility, office and military rank the shared list lacks (``Baroness Shirley Williams``, ``Vice
#: Consul``, ``Major George Washington``).
_MORE_TITLES = frozenset(["baroness", "viscount", "viscountess", "earl", "marquess", "marquis", "consul",
                          "emir", "dean", "major"])
_PERSON_TITLES = (TITLES | _MORE_TITLES) - {"st", "saint"}
#: Titles before a given name (``Queen Elizabeth``, ``Duke Robert``); after any other title a lone name is a
#: family name (``Governor Clinton``). The one table both studies use (:data:`lexicon.GIVEN_NAME_TITLES`).
ROYAL_TITLES = frozenset(GIVEN_NAME_TITLES)
_NOBLE_OF = re.compile(r"\b(?:Duke|Duchess|Earl|Count|Countess|Marquis|Marquess|Baron|Viscount|Lord) of ")
#: A text may open with spaces (377 SQuAD 2.0 dev questions do: " What Chinese era name …?").
_SENTENCE_BEFORE = re.compile(r"(?:^|[.!?:;\"“(\[\n])\s*$")


@dataclass(frozen=True, order=True)
class Entity:
    """A surface form to rename, its EntSwap category, the bank span type its replacement comes from
    (``first-male`` / ``first-female`` / ``first-neutral`` / ``last`` for persons, else the category), and
    its referent (aliases share one referent and one replacement). A nationality names its ``country``
    (the referent of its country, whose new name it follows); an organisation its organisation word
    (``head``, lower case, singular), which its replacement must share."""

    surface: str
    category: str
    span_type: str
    referent: str = ""
    country: str = ""
    head: str = ""
    #: A person's full name renamed as a unit (its given name is no entity alone): its name words and their
    #: span types; each word takes its referent's new name, as the lone words do.
    parts: tuple[tuple[str, str], ...] = ()
    #: A place's longer names that are other referents (``Mexico City`` of ``Mexico``, :class:`LongerName`):
    #: substitution leaves them whole and renames the place at its own mentions.
    keep: tuple[str, ...] = field(default=(), compare=False)
    #: A question's possessive written without its apostrophe (``Williams fleet`` of ``William``,
    #: :func:`question_possessives`): its replacement is the person's new name with ``'s``.
    possessive: bool = False
    #: An organisation's lone word or initials standing for it elsewhere (``Harvard``, ``NSF``;
    #: :func:`organisation_short_forms`): the full name (``Harvard University``) whose new name's word or
    #: initials it takes, as a demonym takes its country's (:func:`.mapping.short_form`).
    short_of: str = ""
    #: A full name written family name first (``Shi Tianze``, :func:`..persons.family_first_parts`): its new
    #: name keeps its order, the new family name first (``Okafor Chinedu``, span type ``last first-male``),
    #: while its lone family name and given name take the same new names as its words.
    family_first: bool = False

    def __post_init__(self) -> None:
        if not self.referent:
            object.__setattr__(self, "referent", self.surface)


def person_parts(text: str, lexicon: Lexicon | None = None) -> list[str]:
    """Name words of a PERSON mention (``parse_person``; initials dropped); empty when it is not a usable
    name, has more than ``MAX_PERSON_PARTS`` words, or (with a lexicon) a word that is no name word. In a
    full name a word that no bank lists and English knows well is still a name word when nothing shows it
    to be a common word (``Albert Einstein``, ``Louis Menand``): :func:`strong_name` then asks for a
    common first name or surname beside it. A Chinese name in pinyin (:func:`..persons.family_first_parts`)
    is one whatever English writes its given name as (``Shi Gang``, ``Zhu Xi``)."""
    name = parse_person(text)
    if name is None or len(name.words) > MAX_PERSON_PARTS:
        return []
    if lexicon is not None and not all(
            lexicon.name_word(w) or (len(name.words) > 1 and unlisted_name_word(w, lexicon))
            for w in name.words) and not first_and_bank_surname(name.words, lexicon) and not (
            not name.initials and family_first_parts(name.words, lexicon)):
        return []
    return list(name.words)


def first_and_bank_surname(words: Sequence[str], lexicon: Lexicon) -> bool:
    """A two-word name of a common bank first name and a bank surname that English also knows as a word
    (``Robert Gates``, ``James Watt``): :meth:`Lexicon.first_and_surname` holds for it."""
    return (len(words) == 2 and words[1].lower() in lexicon.surname_counts
            and lexicon.first_counts.get(words[0].lower(), 0) >= MIN_FULL_NAME_COUNT
            and lexicon.first_and_surname(*words))


def unlisted_name_word(word: str, lexicon: Lexicon) -> bool:
    """A name-shaped word that is no title, no word the corpus or the dictionary has in lower case."""
    return (name_form(word) and word.lower() not in TITLES and not lexicon.common_word(word)
            and not lexicon.dictionary_word(word))


#: A one-word city needs a GeoNames city this large: small towns share their names with surnames and firms
#: ("Marin", "Loos"), and an article renames every occurrence.
MIN_CITY_POPULATION = 50_000
#: A country of the gazetteer with fewer people is a territory or a microstate (the Falkland Islands).
MIN_COUNTRY = 100_000
#: A state that is also a GeoNames city of this many people is ambiguous (Palermo, Canterbury, Jericho).
MIN_AMBIGUOUS_CITY = 15_000
#: A person only ever named by one word in an article needs a first name this common in the SSA counts
#: (surnames alone are too often dynasties or places: "Jin").
MIN_LONE_NAME_COUNT = 5_000


def person_word_in(word: str, last: bool, lexicon: Lexicon) -> bool:
    """``word`` can be a word of a PERSON name: a place only as a bank first name, or last as a bank
    surname (``Robert Barro``); a word the dataset mostly labels otherwise only as a bank name (``Louis``
    of ``Louis Menand``; not ``Normandy``, nor ``Christian``, mostly a religion)."""
    lowered = word.lower()
    surname = last and lowered in lexicon.surname_counts
    if lexicon.place_kind(word) and lowered not in lexicon.first_counts and not surname:
        return False
    if lexicon.labels.agrees(word, "PERSON"):
        return True
    return (lowered in lexicon.first_counts or surname) and lexicon.labels.mostly(word) != "NORP"


#: A lone word that no bank lists is a person's given name when NER labels it PERSON this often in the
#: article, no other label as often, and the passages' pronouns show one gender (``Kublai … his``).
MIN_LONE_LABELS = 2


def lone_name_gender(surface: str, counter: Counter[str], texts: list[str],
                     mentions: dict[str, list[Mention]], lexicon: Lexicon) -> str | None:
    """The span type of a lone name that no bank lists, from the article's pronouns (``first_name_type``),
    or ``None`` when the evidence that it is a person's given name is too weak."""
    if (counter["person"] < MIN_LONE_LABELS * HALF_VOTE or sum(counter.values()) > 2 * counter["person"]
            or not lexicon.name_word(surface) or "-" in surface):
        return None  # "Jamaat-e-Islami" (a party)
    return first_name_type(surface, lexicon, pronoun_votes((surface,), texts, mentions))


def labelled_person(word: str, texts: Iterable[str], mentions: dict[str, list[Mention]]) -> bool:
    """The article's NER labels ``word`` PERSON at some mention, alone or as a word of a longer name, even
    where the dataset's majority label is another (``Céloron``: ORG 22 times, PERSON once)."""
    return any(m.label == "PERSON" and word in (words := clean_surface(m.text).split())
               and "the" not in words[:words.index(word)] for t in texts for m in mentions.get(t, ()))


def labelled_name_word(word: str, texts: Iterable[str], mentions: dict[str, list[Mention]], lexicon: Lexicon
                       ) -> bool:
    """The article's NER labels PERSON a full name that holds ``word`` as its given name or surname, its
    other words particles, given names a bank types or name words no dictionary lists (``George
    Washington``, ``Napoleon Bonaparte``, ``Paul Marin de la Malgue``; not ``Darlington Railway``): a name
    of a person of the article, although a gazetteer lists the word as a place."""
    return any(m.label == "PERSON" and len(words := clean_surface(m.text).split()) > 1 and word in words
               and word not in PARTICLES and all(w in PARTICLES or w == word or lexicon.known_gender(w) or (
                   name_form(w) and lexicon.name_word(w) and not lexicon.dictionary_word(w))
                   for w in words) for t in texts for m in mentions.get(t, ()))


#: A place's use: a name written right after one of these is a place, whatever one PERSON label says
#: ("in Khanbaliq", "at Daidu").
_PLACE_USE = re.compile(r"\b(?:in|at|near|In|At|Near)\s+$")


def used_as_place(word: str, texts: Iterable[str]) -> bool:
    """Some text writes ``word`` right after ``in`` / ``at`` / ``near`` (:data:`_PLACE_USE`)."""
    return any(_PLACE_USE.search(t, 0, m.start()) for t in texts for m in whole_word(word).finditer(t))


def attested_person(surface: str, texts: list[str], mentions: dict[str, list[Mention]], lexicon: Lexicon
                    ) -> str | None:
    """The given-name span type of a one-word name that NER labels otherwise in the article although the
    article shows a person (``Céloron`` tagged ORG beside a PERSON ``Céloron … he``; ``Kaidu`` ORG in
    "Ögedei's grandson Kaidu"); ``"person"`` when the evidence shows a person but no sex (a lone word then
    still needs a common given name: ``entswap.weak-lone-name``); ``None`` when the evidence does not
    agree.
    Needed: name shape (a word no nationality or title list holds, never written in lower case nor after
    "in" / "at": :func:`used_as_place`; a gazetteer place only as a name word of a full name the article
    labels PERSON, :func:`labelled_name_word`, that every passage writing it shows a person: ``Washington``
    of George Washington, ``Napoleon`` of Napoleon Bonaparte); NER labelling it PERSON somewhere in the
    article (:func:`labelled_person`), or else a kinship, ruler's or role noun beside it
    (:func:`..entities.kin_gender`, :func:`..entities.role_before`), or a person noun's apposition or a
    relative "who" after it (:func:`..entities.described_as_person`: ``Odo, the Bishop of Bayeux``, a bank
    name too), the noun's evidence only for no bank name; never in brackets
    as another name of the person before them ("Tugh Temur (Emperor Wenzong)"); and at least half
    the passages that write it saying a person (:func:`..entities.passage_says_person`). Its type:
    ``last`` where a passage writes it after a given name (:func:`..entities.family_word`); the sex: a
    kinship noun, else the passages' pronouns when they agree, the bank's only as a fallback."""
    if (" " in surface or "-" in surface or not name_form(surface) or surface.lower() in TITLES
            or surface.lower() in lexicon.nationalities or lexicon.labels.mostly(surface) == "NORP"
            or lexicon.case.lower[surface.lower()] or used_as_place(surface, texts)):
        return None  # "Norman", "Liège", "in Khanbaliq": a people or a place first
    place = lexicon.is_gazetteer_name(surface)
    if place and not labelled_name_word(surface, texts, mentions, lexicon):
        return None  # "Washington" with no "George Washington" the article labels PERSON: the place
    if bracketed_alias(surface, texts):
        return None  # "Tugh Temur (Emperor Wenzong)": another name of the person before the bracket
    passages = [t for t in texts if len(t) > MAX_ANSWER_CHARS and occurs_in(surface, t)]
    kin = {g for t in passages if (g := kin_gender(t, surface))}
    described = any(described_as_person(surface, t) for t in passages)  # "Odo, the Bishop of Bayeux"
    noun = (bool(kin) or any(role_before(t, surface) for t in passages)
            or person_noun_before(surface, passages))  # "the French philosopher Voltaire"
    if not (labelled_person(surface, texts, mentions) or lexicon.name_word(surface) and (
            described or noun and not lexicon.person_word(surface))):
        return None  # "Khanbaliq … he", "Logstown … his": a pronoun after a place is no evidence alone
    said = sum(passage_says_person(surface, t, mentions.get(t, []), lexicon) for t in passages)
    if not said or said * 2 < len(passages) or (place and said < len(passages)):
        return None  # a gazetteer name: every passage that writes it says a person
    if any(family_word(surface, t, lexicon) for t in passages):
        return "last"  # "Louis Pasteur … Pasteur's theory": a surname written alone
    if len(kin) == 1:
        return kin.pop()
    return (agreed_type(*pronoun_votes((surface,), passages, mentions)) or lexicon.known_gender(surface)
            or "person")


def person_typed_other(surface: str, label: str, passages: Sequence[str], mentions: dict[str, list[Mention]],
                       lexicon: Lexicon) -> bool:
    """A full name NER labels ORG / GPE / LOC / FAC that reads as a person's (a bank first name and name
    words, a title and a name, a given name and a surname with a particle:
    :func:`..persons.looks_like_person`, which the Yan et al. configs use for the same labels), ends with
    no place noun (``James River``), names
    no place nor organisation EntSwap could rename it as (:func:`category_of`), and that a passage of the
    article shows a person by (:func:`article_says_person`): ``Laszlo Babai and Eugene Luks``, ``Warner
    Sinback … his``, or, a bank first name and name words, that a text writes after the agent's ``by``
    (:func:`.person_evidence.agent_before`: ``by Giovanni Branca in 1629``); not ``Merrill Lynch and another
    banking firms``."""
    looks = looks_like_person(surface, lexicon)
    return (LABEL_TO_CATEGORY.get(label) in ("organization", "gpe", "location") and " " in surface
            and surface.split()[-1].lower() not in PLACE_NOUNS
            and (looks or epithet_name(surface.split())
                 or titled_name(surface.split()) and lexicon.name_word(surface.split()[-1]))
            and category_of(surface, label, lexicon) is None
            and (article_says_person(surface, passages, mentions, lexicon)
                 or looks and agent_before(surface, passages)))  # "described … by Giovanni Branca in 1629"


def article_says_person(name: str, passages: Iterable[str], mentions: dict[str, list[Mention]],
                        lexicon: Lexicon) -> bool:
    """Some passage shows the full ``name`` to be a person's beyond its shape: NER labels it (or a longer
    name ending with it) PERSON there or a gendered pronoun follows it (:func:`..entities.named_person_here`),
    a kinship, ruler's or role noun stands beside it (:func:`..entities.kin_gender`,
    :func:`..entities.role_before`), or it is listed beside a person's full name
    (:func:`..entities.listed_with_persons`); or the name opens with a title of nobility or office
    (:func:`titled_name`: ``Baron Dieskau`` tagged ORG) or an epithet ends it (:func:`epithet_name`:
    ``Suleiman the Magnificent``) where a passage writes it."""
    passages = [p for p in texts_holding(passages, name) if occurs_in(name, p)]
    return (any(named_person_here(name, p, mentions.get(p, [])) for p in passages)
            or person_context(name, passages, mentions, lexicon))


#: Titles that open a place's name as well as a person's (``St. Lawrence``): no evidence of a person.
SAINTS = frozenset({"saint", "st"})


def person_context(name: str, passages: Iterable[str], mentions: dict[str, list[Mention]], lexicon: Lexicon
                   ) -> bool:
    """Some passage that writes ``name`` shows a person by its words around the name, whatever NER labels
    it: a title of nobility or office opens it (:func:`titled_name`) or an epithet ends it
    (:func:`epithet_name`), a kinship, ruler's, role or person noun stands before it
    (:func:`..entities.kin_gender`, :func:`..entities.role_before`, :func:`.person_noun_before`:
    ``philosopher Henry David Thoreau``, ``general Philaretus Brachamius``), a title of office does
    (:func:`after_title`: ``Major General Raouf Khayrat``), it is listed beside a person's full name
    (:func:`..entities.listed_with_persons`), or pronouns after it agree on one sex (``Jean Ribault …
    his``)."""
    words = name.split()
    passages = [p for p in texts_holding(passages, name) if occurs_in(name, p)]
    return (any(titled_name(words) or epithet_name(words) or kin_gender(p, words[0]) is not None
                or role_before(p, words[-1]) or person_noun_before(name, (p,))
                or after_title(name, p, SAINTS)
                or listed_with_persons(name, p, mentions.get(p, []), lexicon) for p in passages)
            or agreed_type(*pronoun_votes(tuple(words), passages, mentions)) is not None)


def passage_spelling(parts: Sequence[str], passages: Iterable[str]) -> bool:
    """A question's full name is a passage's written without (or with other) accents (``Pedro Menendez de
    Aviles`` for ``Pedro Menéndez de Avilés``, ``Lothar de Maiziere``): the same person, whose name words
    :func:`person_spellings` give one new name each, not a question's own name."""
    folded = fold_accents(" ".join(parts))
    return any(occurs_in(folded, fold_accents(t)) for t in passages)


def shown_person(mention: Mention, passages: Sequence[str], mentions: dict[str, list[Mention]],
                 lexicon: Lexicon) -> bool:
    """A PERSON mention whose label ties or outnumbers every other label of its surface in the dataset but
    falls short of a majority (``Jean Ribault``: PERSON 2, ORG / GPE / FAC 1 each; ``Jean-Claude Juncker``:
    PERSON 1, ORG 1), that a passage shows a person by the words around it (:func:`person_context`) and,
    for a lone word, that opens no longer word (:func:`opens_longer_word`): the article's evidence decides
    the tie the dataset's votes leave (rule ``label.minority``)."""
    if mention.label != "PERSON":
        return False
    cleaned = clean_surface(mention.text)
    return (lexicon.labels.among_most(cleaned, "PERSON") and not opens_longer_word(cleaned, passages)
            and person_context(cleaned, passages, mentions, lexicon))


def opens_longer_word(word: str, texts: Iterable[str]) -> bool:
    """A lone name word that a longer word of some text opens (``Warsz`` of ``Warszawa``, "meaning
    'belonging to Warsz'"): a place or a thing named after it, whose old name would stay readable beside
    the new one."""
    if " " in word:
        return False
    longer = re.compile(rf"(?<![\w'’-]){re.escape(word)}\w")
    return any(longer.search(t) for t in texts)


def titled_name(words: Sequence[str]) -> bool:
    """A title of nobility or office (:data:`_PERSON_TITLES`, a closed class) opens the name, before a
    capitalised name word (``Baron Dieskau``, ``General Braddock``): only a person bears one."""
    return (len(words) > 1 and words[0].rstrip(".").lower() in _PERSON_TITLES
            and words[1][:1].isupper() and words[1].lower() not in _PERSON_TITLES)


def epithet_name(words: Sequence[str]) -> bool:
    """A name word and an epithet, ``the`` and a capitalised word (``Suleiman the Magnificent``, ``Cnut the
    Great``): the byname of a ruler or saint, which :func:`..lexicon.parse_person` ends the name at."""
    return (len(words) == 3 and words[1] == "the" and name_form(words[0])
            and words[2][:1].isupper() and words[2].isalpha())


def bracketed_alias(surface: str, texts: Iterable[str]) -> bool:
    """Some text writes ``surface`` alone in brackets, perhaps after a title: another name of the name
    before the bracket ("Tugh Temur (Emperor Wenzong)"), not a person of its own."""
    alias = re.compile(rf"\((?:[A-Z][\w'’-]+\s+)?{re.escape(surface)}\)")
    return any(alias.search(t) for t in texts)


def common_first_name(word: str, lexicon: Lexicon) -> bool:
    return lexicon.first_counts.get(word.lower(), 0) >= MIN_LONE_NAME_COUNT


#: A full name with a word no bank knows needs a first name or a family name this common (``Boris
#: Trakhtenbrot``, ``Hisao Yamada``; not ``Rada Miasta``).
MIN_FULL_NAME_COUNT = 1_000


def strong_name(parts: list[str], lexicon: Lexicon) -> bool:
    """Bank evidence for a full name: every word a bank name, or a common first or family name; a name
    of three or more words ends with a bank family name."""
    if not (lexicon.first_counts or lexicon.surname_counts):
        return True
    if len(parts) > 2 and parts[-1].lower() not in lexicon.surname_counts:
        return False  # "Walter Rau Lebensmittelwerke" (a firm), "Mustafa Kemal Atatürk"
    if any(lexicon.dictionary_word(p) for p in parts) and not first_and_bank_surname(parts, lexicon):
        return False  # "Brenner Autobahn" is a motorway
    if all(lexicon.person_word(p) for p in parts):
        return True
    return (lexicon.first_counts.get(parts[0].lower(), 0) >= MIN_FULL_NAME_COUNT
            or lexicon.surname_counts.get(parts[-1].lower(), 0) >= MIN_FULL_NAME_COUNT)


def attested_full_name(parts: list[str], texts: list[str], mentions: dict[str, list[Mention]],
                       lexicon: Lexicon) -> bool:
    """A full name of name words that :func:`strong_name` misses (``Federica Mogherini``, ``Henry David
    Thoreau``) but the dataset or the article shows a person's: the dataset labels it PERSON with a gendered
    given name (:func:`..persons.gendered_full_name`), or the words around it show a person
    (:func:`person_context`: ``Raouf Khayrat … he``, ``general Philaretus Brachamius``).
    No word a dictionary word, a title or a gazetteer place but as a bank first name before the surname;
    the name data alone never type a name that some text writes alone in brackets, a gloss of the name before
    it (``Warsaw City Council (Rada Miasta)``: :func:`bracketed_alias`)."""
    if any(lexicon.dictionary_word(p) or lexicon.common_word(p) or p.lower() in TITLES
           or lexicon.place_kind(p) and not (i < len(parts) - 1 and p.lower() in lexicon.first_counts)
           for i, p in enumerate(parts)):  # "David" of "Henry David Thoreau": a given name first
        return False
    name = " ".join(parts)
    return (gendered_full_name(parts, lexicon) and not bracketed_alias(name, texts)
            or person_context(name, texts, mentions, lexicon))


def after_title(word: str, text: str, but: frozenset[str] = frozenset()) -> bool:
    """``word`` follows a title (not one of ``but``) somewhere in ``text`` (``Queen Elizabeth``)."""
    return any(m.group(1).lower().rstrip(".") in TITLES - but
               for m in re.finditer(rf"([A-Z][a-z]+\.?) {re.escape(word)}(?!\w)", text))


def lone_surname(surface: str, text: str, lexicon: Lexicon) -> bool:
    """A person word the article only writes alone that is a family name: a surname the dataset knows alone
    (:func:`..persons.famous_surname`: ``Nixon``, ``Einstein``) or a name word after a title of office or
    rank, no ruler's title and no other name word after it (``Colonel Monckton``, ``Lord Milner``; not
    ``Governor William Shirley``), that is no gazetteer place nor a common first name. Renamed as a surname
    (``last``)."""
    if common_first_name(surface, lexicon):
        return False  # "William" ends "Frederick William": a given name first
    if famous_surname(surface, lexicon):
        return True
    titled = [m.group(1).lower().rstrip(".") for m in re.finditer(
        rf"([A-Z][a-z]+\.?) {re.escape(surface)}(?![\w-]| [A-Z])", text)]  # not "Governor William Shirley"
    return (any(t in TITLES for t in titled) and not ROYAL_TITLES & set(titled) and lexicon.name_word(surface)
            and not lexicon.is_gazetteer_name(surface))


def head_key(word: str) -> str:
    """An organisation word, lower case and singular (``Forces`` → ``force``), to compare two names."""
    lowered = word.lower()
    return lowered[:-1] if lowered.endswith("s") and not lowered.endswith("ss") else lowered


#: Organisation words that name different kinds of organisation (an alliance or a football league, a
#: trade union or the European Union, a football association or one of imperial counts, a congress a
#: legislature, a party or a meeting such as the Congress of Vienna, a church a denomination, a national
#: church or one parish): no African organisation with the same word is surely of its kind.
AMBIGUOUS_HEADS = frozenset(["league", "union", "front", "movement", "club", "group", "network", "system",
                             "systems", "force", "forces", "times", "post", "press", "records", "trust",
                             "guard", "service", "services", "office", "board", "brotherhood",
                             "association", "congress", "church"])


_POSSESSIVE = re.compile(r"['’]s?$")
_NAME_WORD = re.compile(r"[^\W\d_][\w'’.&-]*|&")


def organisation_word(surface: str) -> str | None:
    """The organisation word of an ORG name as :func:`head_key` (``European Commission`` → ``commission``,
    ``University of Paris`` → ``university``, ``Court of Justice of the European Union`` → ``court``; see
    ``entities.organisation_head``), or ``None`` when it has none, an ``AMBIGUOUS_HEADS`` word, a lower-case
    content word, a word glued to a dash or an invisible character (``University of Cambridge—but``),
    fewer than two words or a word of a work, event, document, award or building (``names_organisation``)."""
    words = surface.split()
    if (len(words) < 2 or not names_organisation(surface)
            or any(not w[0].isupper() and w.lower() not in FUNCTION_WORDS for w in words)
            or not all(_NAME_WORD.fullmatch(w) for w in words)):
        return None
    head = organisation_head(surface)
    if head is None or head.lower() in AMBIGUOUS_HEADS:
        return None  # "Grand Banks": no "banks"; a "League" may be an alliance or a football league
    return head_key(head)


#: An old or foreign name of a GeoNames city (:func:`..places.city_exonym`) needs this many GPE labels in the
#: dataset: one is no evidence that the name means the city, not the realm named after it ("in the service
#: of Byzantium").
MIN_EXONYM_LABELS = 2
#: Modifiers that open a city named after another place, no part of it (``New Orleans``, ``New Amsterdam``).
NAMED_AFTER = frozenset({"new"})


def labelled_code(surface: str, label: str, lexicon: Lexicon) -> bool:
    """A GPE mention that is a country's abbreviation of the alias tables (``USSR``, ``UK``, ``U.S.``:
    :func:`..entities.country_abbreviation`, as Yan et al. rename it): a country, whose referent is the
    full name, so that it takes the country's one new name with its other names ("the USSR" and "the
    Soviet Union" → "Kenya"), where every mention can take it (:func:`..places.abbreviation_fits`)."""
    return label == "GPE" and country_abbreviation(surface, lexicon) is not None


def category_of(surface: str, label: str, lexicon: Lexicon, article: str | None = None,
                towns: Collection[str] = ()) -> str | None:
    """EntSwap category of a non-person mention from its label and the gazetteer evidence; ``None`` when
    the evidence is too weak for an African name of the same kind to replace it (see the module doc).
    ``article``, the article's text where known, tells a district from a city (:func:`district_of`);
    ``towns``, the names its NER labels GPE, a state-and-city name listed beside them
    (:func:`listed_among_cities`)."""
    category = LABEL_TO_CATEGORY.get(label)
    if category == "nationality":
        return "nationality" if surface.lower() in demonyms(lexicon.root) else None
    place = lexicon.place_kind(surface, MIN_CITY_POPULATION if " " not in surface else 1)
    if category != "gpe" and place == "city":
        place = None  # only a GPE label makes a city: an ORG or a LOC ("central Asia") never
    if place == "state" and lexicon.city_population(surface) >= MIN_AMBIGUOUS_CITY:
        if article is None or not called_city(surface, article, lexicon, towns):
            return None  # a state and a city (Palermo, Canterbury): which one the article means is unknown
        place = "city"  # "the city of Quebec", in an article that writes no "province of Quebec"
    if place is None and category == "gpe" and city_exonym(surface, lexicon, unlisted=True) and (
            lexicon.is_city_primary_name(surface)
            or lexicon.labels.count(surface, "GPE") >= MIN_EXONYM_LABELS):
        place = "city"  # a GeoNames city the gazetteer lacks (Montreal) or under another name (Dyrrachium)
    if (place is None and category == "gpe" and article is not None
            and common_word_city(surface, lexicon, MIN_AMBIGUOUS_CITY)
            and written_in_its_region(surface, article, lexicon)):
        place = "city"  # "Tours, France", "Wheeling, West Virginia": a town whose name is also a common
        # word, written in its state or country
    if place == "city" and district_of(surface, lexicon, article):
        return None  # "East London" in a London passage is a district, not the South African city
    if place == "country" and 1 < country_population(lexicon.root).get(surface.lower(), 0) < MIN_COUNTRY:
        return None  # a territory or microstate (the Falkland Islands, Gibraltar): no country to rename to
    if place == "country" and surface.lower() in states(lexicon.root) and lexicon.major_division(surface):
        return None  # a country and a major state (Georgia): which one the article means is unknown
        # (Taiwan, Luxembourg, Mali: a province or district named after the country is no other referent)
    if place is not None:
        return PLACE_TO_CATEGORY[place]
    if category == "organization" and organisation_word(surface) is not None:
        return "organization"
    return None  # LOC/FAC/GPE the gazetteer does not know; an ORG without an organisation word


#: A surface the dataset labels GPE this many times, and GPE at least ``PLACE_SHARE`` of the time, is a
#: place wherever an article writes it, whatever NER said there.
MIN_PLACE_VOTES, PLACE_SHARE = 3, 0.75


#: A state's use of its name: "the province of Quebec", "Quebec Province", "upstate New York".
_STATE_USE = (r"(?:\b(?:[Ss]tate|[Pp]rovince|[Cc]olony|[Cc]ounty|[Rr]egion|[Gg]overnorate) of |\b[Uu]pstate )"
              r"{name}(?![\w'’-])|(?<![\w'’-]){name} (?:[Ss]tate|[Pp]rovince|[Cc]olony|[Cc]ounty)\b")


def called_city(surface: str, article: str, lexicon: Lexicon, towns: Collection[str] = ()) -> bool:
    """``article`` calls the state-and-city name ``surface`` a settlement ("the city of Quebec", "his capital
    city Kaiping") or lists it among towns and cities only (:func:`listed_among_cities`: "based at Malatya
    and Edessa") and nowhere writes a state, province or colony ("the province of Quebec", "upstate New
    York"): it means the city at every mention."""
    return ((passage_place_kind(surface, article, lexicon) == "city"
             or settlement_in_apposition(surface, article)
             or listed_among_cities(surface, article, lexicon, towns))
            and re.search(_STATE_USE.format(name=re.escape(surface)), article) is None)


#: A place's name of up to three capitalised words, as an item beside another place.
_PLACE_ITEM = r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}"
#: Two places joined by "and" / "or", no list around them ("at Malatya and Edessa"; not "Montreal, Quebec").
_PAIR = (r"(?<![\w'’.-])(?<!, )(?:{name} (?:and|or) ({item})|({item}) (?:and|or) {name})"
         r"(?![\w'’-])(?!,? (?:and |or )?[A-Z])")


def listed_among_cities(surface: str, text: str, lexicon: Lexicon, towns: Collection[str]) -> bool:
    """``text`` lists ``surface`` beside gazetteer towns and cities only: a list of three or more places
    (:func:`..places.listed_items`: "Bakersfield, Ontario, Burbank and Long Beach") or a pair joined by "and"
    / "or" ("at Malatya and Edessa"), every other item a town or city that NER labels GPE in the article
    (``towns``; not "Hamburg, Bremen and Lower Saxony", "New York and New Jersey": a state beside it; not
    "in New York and Harvard", "populations of Delaware and Shawnee": a university's, a people's name
    another label gives) and no people's word. A city's region after a comma ("Montreal, Quebec") is no
    list."""
    def town(item: str) -> bool:
        return (item != surface and item in towns
                and (lexicon.settlement_only(item) or lexicon.place_kind(item) == "city")
                and lexicon.labels.mostly(item) != "NORP")
    for items in listed_items(text):
        names = [name for name, _ in items]
        if surface in names and len(names) > 2 and all(town(n) for n in names if n != surface):
            return True
    pair = _PAIR.format(name=re.escape(surface), item=_PLACE_ITEM)
    return any(town(m.group(1) or m.group(2)) for m in re.finditer(pair, text))


def common_word_city(surface: str, lexicon: Lexicon, min_population: int = MIN_CITY_POPULATION) -> bool:
    """A one-word gazetteer city of ``min_population`` people, no state or country, that
    :meth:`Lexicon.place_kind` leaves out only as a common word (``Tours``, ``Nice``, ``Mobile``; a town of
    ``MIN_AMBIGUOUS_CITY`` people where the article writes its state or country after it: ``Wheeling``)."""
    return (" " not in surface and lexicon.common_word(surface) and lexicon.settlement_only(surface)
            and lexicon.is_city_primary_name(surface) and not lexicon.city_section_of(surface)
            and not lexicon.never_place(surface) and lexicon.city_population(surface) >= min_population)


def district_of(surface: str, lexicon: Lexicon, article: str | None) -> bool:
    """``surface`` is a geographic modifier and a gazetteer place (``East London``) that ``article`` also
    writes alone (``London``; any article where it is unknown): a district of that place, whereas an
    article that never writes the place alone means the city of that name (``East Lansing``)."""
    words = surface.split()
    base = " ".join(words[1:])
    return (len(words) > 1 and words[0].lower() in GEO_MODIFIERS - NAMED_AFTER
            and lexicon.place_kind(base) is not None
            and (article is None or occurs_in(base, article.replace(surface, ""))))


def passage_city(surface: str, passages: Iterable[str], lexicon: Lexicon) -> bool:
    """A name no gazetteer knows as a country or state, that the dataset mostly labels GPE and that some
    passage calls a settlement ("the town of Pickawillany", "the village of Warszowa", in apposition: "his
    capital city Kaiping") or glosses by a modern city ("Khanbaliq (modern Beijing)"): the Yan et al.
    study's evidence (:func:`..places.passage_place_kind`, ``labelled_town``'s apposition). A gazetteer city
    of ``MIN_AMBIGUOUS_CITY`` people, too small for :func:`category_of` alone, is one where a passage also
    lists it beside another city or writes its state or country after it ("Sandwich, Faversham and
    Maidstone", "New Orleans, Biloxi, Mississippi": :func:`..places.placed_as_city` without a preposition);
    so is another name of a GeoNames city of that size (``Louisbourg``: :func:`..places.city_exonym`). A
    name the dataset labels GPE ``MIN_PLACE_VOTES`` times, ``PLACE_SHARE`` of its labels, is placed by a
    locative preposition too ("settled in Dover", "supplies to Louisbourg"): the labels rule out a county
    NER types GPE now and then ("Hugh Lupus in Cheshire")."""
    unknown = not lexicon.is_gazetteer_name(surface)
    town = lexicon.place_kind(surface, MIN_AMBIGUOUS_CITY) == "city" or small_settlement(surface, lexicon)
    locative = town and strongly_gpe(surface, lexicon)
    return ((lexicon.settlement_only(surface) or unknown)
            and lexicon.labels.mostly(surface) == "GPE"
            and any(surface in p and (passage_place_kind(surface, p, lexicon) == "city"
                                      or settlement_in_apposition(surface, p)
                                      or (town and placed_as_city(surface, p, lexicon, locative=locative))
                                      or (unknown and region_after(surface, p, lexicon)))
                    for p in passages))  # "in Xingzhou, Hebei": a town no gazetteer knows, in its province


#: "<name>, <region>" standing alone, no list item before or after it ("in Xingzhou, Hebei."; not "Valona,
#: Kanina, Jericho (Orikumi)", "Annam, Champa, and Java": a list of places of any kind).
_REGION_AFTER = (r"(?<![A-Za-z][,;] )(?<![\w'’-]){name}, ([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){{0,2}})"
                 r"(?![\w'’-])(?!\s*(?:[;(]|,\s*(?:[A-Z]|and\b|or\b)|and\b|or\b))")


def region_after(surface: str, text: str, lexicon: Lexicon) -> bool:
    """``text`` writes ``surface`` before its state or country, outside any list (:data:`_REGION_AFTER`):
    the name of a settlement in that state or country (the Yan et al. study's evidence,
    :func:`..places.labelled_town`)."""
    return any(lexicon.place_kind(m.group(1)) in ("state", "country")
               for m in re.finditer(_REGION_AFTER.format(name=re.escape(surface)), text))


def small_settlement(surface: str, lexicon: Lexicon, labelled: bool = True) -> bool:
    """A settlement too small or too little known for :meth:`Lexicon.place_kind`'s city: a gazetteer town of
    any size (``Portarlington``, ``Youghal``) that is no common word, name word of the banks (``Daniel``,
    ``Forbes``, ``Duquesne``), surname of the dataset's persons, section of a bigger city or seat of an
    institution, or another name of a GeoNames city of ``MIN_AMBIGUOUS_CITY`` people
    (:func:`..places.city_exonym`: ``Louisbourg``, ``Valona``); never a name the dataset labels mostly
    LOC, FAC or NORP (``Africa``, an alternate name of a small city). Evidence only where a passage also
    places it as a settlement."""
    single = " " not in surface
    if lexicon.person_word(surface) or lexicon.labels.mostly(surface) in ("LOC", "FAC", "NORP"):
        return False
    if (lexicon.settlement_only(surface) and not lexicon.never_place(surface)
            and not lexicon.city_section_of(surface)
            and not (single and (lexicon.common_word(surface) or lexicon.labels.surnames[surface]))):
        return True
    return city_exonym(surface, lexicon, unlisted=True, min_population=MIN_AMBIGUOUS_CITY,
                       labelled=labelled) is not None


def strongly_gpe(surface: str, lexicon: Lexicon) -> bool:
    """The dataset labels ``surface`` GPE ``MIN_PLACE_VOTES`` times, ``PLACE_SHARE`` of its labels."""
    counts = lexicon.labels.votes.get(surface)
    return bool(counts) and counts["GPE"] >= MIN_PLACE_VOTES and counts["GPE"] >= PLACE_SHARE * sum(
        counts.values())


def located_cities(texts: list[str], mentions: dict[str, list[Mention]], votes: dict[str, Counter[str]],
                   lexicon: Lexicon) -> list[str]:
    """Names NER labelled but typed no place (ORG, PERSON, a minority label) that are gazetteer cities
    (:func:`category_of` as if labelled GPE: ``MIN_CITY_POPULATION`` people for one word) that a passage
    places (:func:`..places.placed_as_city`: "in Limassol", "Sandwich, Faversham and Maidstone", "from Kraków
    to Warsaw"), calls a settlement ("the port of Copenhagen") or besieges ("besieged Xiangyang"), and that
    the article reads as no person (no PERSON name ending with it, no pronoun after it where a passage
    that does not place it labels it PERSON, no kinship or role noun beside it, no
    people's word of the article: Norman of Normans) and that opens no other name anywhere in the article
    ("Dartmouth College", "the Mainz Basin": that name would keep the old one): the city, whatever the
    small NER model said. A :func:`small_settlement` is one where a passage lists it beside a city or
    writes its region after it ("Dublin, Cork, Portarlington"), another name of a GeoNames city the
    gazetteer lacks after a locative preposition too ("landed in Valona")."""
    passages = [t for t in texts if len(t) > MAX_ANSWER_CHARS]
    holding = WordIndex(passages)  # the passages that may hold each name
    article = "\n".join(texts)
    surfaces = {clean_surface(m.text) for t in texts for m in mentions.get(t, ())}
    peoples = {one for t in texts for m in mentions.get(t, ()) if m.label == "NORP"
               and (one := singular_demonym(c := clean_surface(m.text))) != c}  # "Normans": "Norman" is
    # their word ("subject to Norman interference"), not the city in Oklahoma
    found = []
    for surface in sorted(surfaces):
        counter = votes.get(surface)
        if counter and max(counter, key=lambda c: (counter[c], c)) in PLACES:
            continue  # already a place (a city by its GPE labels, a country)
        placed = {p for p in holding.texts_holding(surface) if occurs_in(surface, p) and (
            placed_as_city(surface, p, lexicon) or passage_place_kind(surface, p, lexicon) == "city"
            or besieged(surface, p))}
        city = not placed or category_of(surface, "GPE", lexicon, article) == "city" or (
            called_settlement(surface, placed, passages, lexicon)) or (  # "the capital from Karakorum"
            small_settlement(surface, lexicon, labelled=False) and any(
                placed_as_city(surface, p, lexicon, locative=False) or placed_as_city(surface, p, lexicon)
                and not lexicon.is_gazetteer_name(surface) for p in placed))  # "Amalfi and Bari", "in Valona"
        if (not surface or surface in peoples or not placed or not city
                or lexicon.looks_like_person(surface) or lexicon.labels.mostly(surface) == "NORP"):
            continue  # "Italo-Norman knights": a people's word
        words = tuple(surface.split())
        if any(m.label == "PERSON" and (p := parse_person(m.text)) is not None and len(p.words) > len(words)
               and p.words[-len(words):] == words for t in texts for m in mentions.get(t, ())):
            continue  # "John Stockton": the name of a person of the article
        if any(kin_gender(p, surface) or role_before(p, surface) or (
                p not in placed  # "arrived in Limassol … He ordered": a pronoun after a placed name
                and any(m.label == "PERSON" and clean_surface(m.text) == surface for m in mentions.get(p, ()))
                and sum(pronoun_gender(p, words, mentions.get(p, ()))))
               for p in passages if occurs_in(surface, p)):
            continue  # labelled PERSON with a pronoun after it ("Bari … he"), "his son Acre"
        if any(re.search(rf"(?<!\w){re.escape(surface)}\s+[A-Z]", t) for t in texts):
            continue  # "Dartmouth College", "the Mainz Basin": it opens another name, which would keep it
        found.append(surface)
    return found


def listed_cities(texts: list[str], mentions: dict[str, list[Mention]], votes: dict[str, Counter[str]],
                  lexicon: Lexicon) -> list[str]:
    """Names NER left unlabelled in a passage's list of three or more places that holds a city of the
    article (its votes: "Aix, Bordeaux, Bourges, Lyons, Meaux, Orleans, Rouen, Toulouse, and Troyes" beside
    the GPE Rouen; :func:`..places.listed_items`), each item a gazetteer name, that are gazetteer cities
    (:func:`category_of` as if labelled GPE: ``MIN_CITY_POPULATION`` people for one word), labelled nowhere
    in the article, no people's word, no name of a person of the article and opening no other name: the
    city, as a listed city NER typed otherwise is (:func:`located_cities`)."""
    article = "\n".join(texts)
    labelled = {clean_surface(m.text) for t in texts for m in mentions.get(t, ())}
    cities = {s for s, c in votes.items() if c and max(c, key=lambda k: (c[k], k)) == "city"}
    found: set[str] = set()
    for text in (t for t in texts if len(t) > MAX_ANSWER_CHARS):
        spans = [(m.start, m.end) for m in mentions.get(text, ())]
        for items in listed_items(text):
            names = [name for name, _ in items]
            if not set(names) & cities or not all(
                    lexicon.is_gazetteer_name(n) or lexicon.city_population(n) for n in names):
                continue  # a list of places beside a city of the article, not of persons or works
            found.update(name for name, start in items if name not in labelled and name not in cities
                         and not any(s < start + len(name) and start < e for s, e in spans)
                         and category_of(name, "GPE", lexicon, article) == "city"
                         and not lexicon.looks_like_person(name) and lexicon.labels.mostly(name) != "NORP")
    return sorted(s for s in found if not any(
        re.search(rf"(?<!\w){re.escape(s)}\s+[A-Z]", t) for t in texts) and not any(
        m.label == "PERSON" and clean_surface(m.text).split()[-1:] == [s] for t in texts
        for m in mentions.get(t, ())))


#: A lower-case noun of a place that is no settlement before a name ("the river Deabolis", "fort Carillon").
_OTHER_PLACE_BEFORE = r"\b(?:{}) ".format("|".join(sorted(PLACE_NOUNS)))


def called_settlement(surface: str, placed: Iterable[str], passages: Iterable[str], lexicon: Lexicon) -> bool:
    """A passage of ``placed`` calls ``surface`` a settlement (:func:`..places.passage_place_kind`: "the
    village of Fraissinet-de-Lozère", "the capital from Karakorum"), the name is capitalised words only
    (not "Limassol on Cyprus") opening with no place noun (not "Fort Le Boeuf (present-day Waterford)": a
    fort) and no passage sets such a noun before it ("the river Deabolis": a river there)."""
    words = surface.split()
    return (all(w[0].isupper() for w in words) and words[0].lower() not in PLACE_NOUNS
            and any(passage_place_kind(surface, p, lexicon) == "city" for p in placed)
            and not any(re.search(_OTHER_PLACE_BEFORE + re.escape(surface), p) for p in passages))


#: Last words of a city's name that are a settlement's generic noun, no part of the name to stand alone.
_GENERIC_LAST = PLACE_NOUNS | frozenset(("city", "town", "village", "port", "springs", "falls", "beach"))


def last_word_alone(surface: str, texts: Sequence[str], names: Iterable[str] = ()) -> bool:
    """The last word of the city's name of several words stands alone in ``texts``, in neither that name nor
    another of ``names`` (the article's entities: ``La Rochelle`` beside ``New Rochelle``): "born in Wola",
    "Maria Wola" beside "the village of Żelazowa Wola" (not a generic noun: ``Cape Town``). Renamed whole,
    the city would keep that part of its old name there."""
    words = surface.split()
    if len(words) < 2 or not words[-1][:1].isupper() or words[-1].lower() in _GENERIC_LAST:
        return False
    part = whole_word(words[-1])
    covering = [whole_word(n) for n in {surface, *names} if n != words[-1] and occurs_in(words[-1], n)]
    for text in texts_holding(texts, words[-1]):  # a WordIndex gives only the texts holding the word
        spans = [(m.start(), m.end()) for full in covering for m in full.finditer(text)]
        if any(not any(a <= m.start() and m.end() <= b for a, b in spans) for m in part.finditer(text)):
            return True
    return False


def namesake_of(surface: str, text: str) -> bool:
    """``surface`` is a city named after another place (:data:`NAMED_AFTER`, ``New Amsterdam``) that ``text``
    also writes in a foreign form, the place name hyphen-joined (``Nouvelle-Amsterdam``): renamed alone,
    the namesake would keep its other name."""
    words = surface.split()
    glued = rf"[\w'’]-{re.escape(' '.join(words[1:]))}\b"
    return len(words) > 1 and words[0].lower() in NAMED_AFTER and re.search(glued, text) is not None


#: "the <name> district" (not "the London borough of Newham"): the article names a section of a city.
_SECTION = r" (?:district|borough|quarter|neighbou?rhood|suburb)(?! of)\b"


def city_section(surface: str, text: str) -> bool:
    """``text`` calls the city ``surface`` a section of another city ("the Praga district": a district of
    Warsaw, though Praga is also Prague's name): no city in that article."""
    return re.search(rf"\b[Tt]he {re.escape(surface)}{_SECTION}", text) is not None


def dataset_places(texts: list[str], lexicon: Lexicon) -> list[tuple[str, str]]:
    """The countries and cities (:func:`category_of` with a GPE label) that ``texts`` write and the whole
    dataset's NER labels GPE (``MIN_PLACE_VOTES`` times, ``PLACE_SHARE`` of its labels): the small NER model
    types a place inconsistently from one article to another (``London`` unlabelled in one article, a GPE in
    twenty others), and the dataset's vote is the evidence, as it is for every other EntSwap category. Every
    occurrence is then checked as a labelled place's is."""
    places = lexicon.dataset_table(_dataset_places)
    words = set(_WORD.findall("\n".join(texts)))
    return sorted((s, c) for w in words for s, c in places.get(w, ())
                  if any(occurs_in(s, t) for t in texts_holding(texts, s)))


def _dataset_places(lexicon: Lexicon) -> dict[str, list[tuple[str, str]]]:
    """First word → the dataset's GPE surfaces of a country or city starting with it
    (:meth:`Lexicon.dataset_table`)."""
    table: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for surface in lexicon.labels.votes:
        if (not strongly_gpe(surface, lexicon) or not renamable(surface)
                or lexicon.aliases.get(surface, surface) != surface):
            continue  # an alias ("America": the continent in a colonial war) needs its article's own label
        category = category_of(surface, "GPE", lexicon)
        if category in ("country", "city"):
            table[surface.split()[0]].append((surface, category))
    return dict(table)


@lru_cache(maxsize=8)
def country_population(banks_root: Path | None) -> dict[str, int]:
    """Lower-cased country of the gazetteer bank → its population (1 where the bank has none)."""
    return {n.lower(): c for n, c in load_bank("gazetteer", banks_root).counts("country").items()}


@lru_cache(maxsize=8)
def states(banks_root: Path | None) -> frozenset[str]:
    """Lower-cased states and provinces of the gazetteer bank (``georgia``)."""
    return load_bank("gazetteer", banks_root).lookup("state")


@lru_cache(maxsize=8)
def demonyms(banks_root: Path | None) -> dict[str, str]:
    """Lower-cased demonym → country of the gazetteer bank (empty without one)."""
    try:
        return demonym_countries(load_bank("gazetteer", banks_root))
    except BankError:
        return {}


def article_entities(texts: Iterable[str], mentions: dict[str, list[Mention]],
                     lexicon: Lexicon, trace: Trace | None = None) -> list[Entity]:
    """Entities of one article from the NER mentions of its ``texts`` (sorted, deterministic), its whole
    text read as one passage group after the article's read (:func:`settle_article_wide`); ``trace``
    receives the rule (:mod:`..rules`, the table both studies share) that removed each surface. A build
    judges occurrences per passage instead (:func:`passage_entities`)."""
    texts = list(dict.fromkeys(texts))
    candidates = article_candidates(texts, mentions, lexicon, trace)
    settle_article_wide(candidates, lexicon, trace)  # as a build: the article's read, then the passage's
    return passage_entities(candidates, texts, lexicon, trace)


@dataclass
class Candidates:
    """What an article shows about its names, whichever passage they stand in: the entities its NER votes,
    labels and categories type (with the aliases, codes and demonyms it uses), the full person names it
    writes, and (on demand, once each) the pronouns around them. :func:`passage_entities` then checks each
    passage's occurrences."""

    entities: list[Entity]
    person_names: list[list[str]]
    texts: list[str]
    mentions: dict[str, list[Mention]]
    #: The persons and nationalities kept over the whole article (:func:`settle_article_wide`); ``None``
    #: until settled: :func:`passage_entities` then reads every category in its passage.
    article_wide: list[Entity] | None = None
    #: Places the article names in a peerage (:func:`peerage`): left in every passage once settled.
    peerages: frozenset[str] = frozenset()
    #: The countries whose demonym the article's read lets follow them (:func:`settle_article_wide`): those
    #: it renames over the whole article, and those it never names; a demonym in a passage group that does
    #: not name its country follows this decision (:func:`_nationalities_follow`).
    article_countries: frozenset[str] = frozenset()
    #: The Chinese names in pinyin whose given name the article types (:func:`chinese_given_type`) → that
    #: type: each is renamed as a unit in its own order (:attr:`Entity.family_first`).
    family_first: dict[tuple[str, ...], str] = field(default_factory=dict)
    #: Question → the person name words that its own longer name holds (a SQuAD 2.0 twist or a spelling no
    #: passage writes: "Prince Louis de Conde", "Tamara de Maria"), read article-wide by
    #: :func:`settle_article_wide`: left in that question's passage group only (:func:`passage_entities`).
    question_twists: dict[str, set[str]] = field(default_factory=dict)
    _pronouns: dict[tuple[str, ...], tuple[int, int]] = field(default_factory=dict)

    def pronouns(self, parts: tuple[str, ...]) -> tuple[int, int]:
        """(male, female) pronoun votes for the full name ``parts`` over the whole article."""
        if parts not in self._pronouns:
            self._pronouns[parts] = pronoun_votes(parts, self.texts, self.mentions)
        return self._pronouns[parts]


def pronoun_votes(parts: tuple[str, ...], texts: Iterable[str], mentions: dict[str, list[Mention]]
                  ) -> tuple[int, int]:
    """(male, female) pronoun votes for the full name ``parts`` over ``texts``."""
    parts = tuple(p for p in parts if p not in SURNAME_LINKS)  # "de" is no mention of "Guy de Lusignan"
    votes = [pronoun_gender(t, parts, mentions.get(t, ())) for t in texts if parts[-1] in t]
    return sum(v[0] for v in votes), sum(v[1] for v in votes)


def article_candidates(texts: Iterable[str], mentions: dict[str, list[Mention]],
                       lexicon: Lexicon, trace: Trace | None = None,
                       contexts: Collection[str] = ()) -> Candidates:
    """The article-level part of :func:`article_entities`: the evidence about each name (NER votes, labels,
    categories, how rarely NER labels it, person name forms and referents, typing) over all ``texts``.
    ``contexts``: the texts that are passages however short (a build knows them); otherwise a passage is a
    text longer than any answer."""
    texts = list(dict.fromkeys(texts))
    contexts = frozenset(contexts)

    def is_passage(text: str) -> bool:
        return len(text) > MAX_ANSWER_CHARS or text in contexts  # a short passage is one too

    votes: dict[str, Counter[str]] = defaultdict(Counter)
    labelled: Counter[str] = Counter()
    person_names: list[list[str]] = []
    family_first: set[str] = set()
    #: (family name, given name) of a Chinese name in pinyin → its given name's span type (None: unknown)
    pinyin_types: dict[tuple[str, str], str | None] = {}
    surnames = article_surnames(texts, mentions, lexicon)
    #: Surnames some text writes in a term named after the person (``Turing machines``, ``Rankine cycle``)
    index = WordIndex(texts)
    eponyms = {s for s in surnames if any(eponym_use(s, t) for t in index.texts_holding(s))}
    # the rest: questions and answers (not "In 1418, Jean's nephew Maciot de Bethencourt sold …", a passage)
    passages = WordIndex([t for t in texts if is_passage(t)])
    article = "\n".join(texts)
    said: dict[str, bool] = {}  # a GPE no gazetteer knows → some passage calls it a town or city
    gpe = frozenset(clean_surface(m.text) for t in texts for m in mentions.get(t, ()) if m.label == "GPE")
    #: Surnames of :func:`shared_name_parts` ("al-Hudaybi", "Black" of "Uyless Black"): name words although
    #: one opens with its article and English writes the other as a word
    word_surnames: set[str] = set()
    #: Surnames of a name NER labels otherwise after a title of no ruler (:func:`titled_name`, not
    #: :data:`ROYAL_TITLES`): a person's, even where a gazetteer lists the word as a town (``Dieskau``)
    titled: set[str] = set()
    #: Given names a person's epithet follows (:func:`epithet_name`: ``Suleiman the Magnificent``): a
    #: ruler's given name, typed by the bank's sex where the article shows none
    epithets: set[str] = set()
    #: Names read by Arabic conventions (:func:`arabic_reading`) by their family part, and the sex a kunya
    #: gives a given name (``Abu Hamza``: a man's)
    arabic_names: dict[str, ArabicName] = {}
    kunya_types: dict[str, str] = {}
    #: Lone given names a ruler's title follows in a PERSON mention (``Möngke Khan``) → the title's sex
    titled_before: dict[str, str] = {}
    for text in texts:
        for mention in mentions.get(text, ()):
            category = LABEL_TO_CATEGORY.get(mention.label)
            cleaned = clean_surface(mention.text)
            retyped = person_typed_other(cleaned, mention.label, passages, mentions, lexicon)
            mostly_person = lexicon.labels.mostly(cleaned) == "PERSON"
            shown = not mostly_person and shown_person(mention, passages, mentions, lexicon)  # "Jean Ribault"
            named = retyped or shown or (mention.label == "PERSON" and mostly_person
                                         and lexicon.looks_like_person(cleaned))  # "Christian Whiton"
            if retyped:
                category = "person"  # "Laszlo Babai", "Adolf Galland" tagged ORG / GPE: a person's full name
                if titled_name(words := cleaned.split()) and words[0].lower() not in ROYAL_TITLES:
                    titled.add(words[-1])  # "Baron Dieskau" tagged ORG: Dieskau, the surname
            if category == "organization" and cleaned in surnames:
                if cleaned not in eponyms:  # "Braddock's expedition" typed ORG: the article's full name shows
                    labelled[cleaned] += 1  # a person, NER saw a name (no vote for ORG); not "Turing" of the
                continue  # article's "Turing machines", the term's label
            if category is None:
                continue
            if not (label_holds(mention, lexicon) or (category == "person" and cleaned in surnames)
                    or shown):
                fire(trace, "label.minority", cleaned, category)
                continue
            if category == "person":
                arabic = None if person_parts(mention.text, lexicon) else arabic_reading(
                    mention.text, lexicon, texts, mentions)
                if arabic is not None:  # "Abu Hamza al-Masri": the given name and the family part, each whole
                    arabic_names[arabic.family] = arabic
                    if arabic.sex:
                        kunya_types[arabic.given] = arabic.sex
                parts = ([arabic.given, arabic.family] if arabic else person_parts(mention.text, lexicon)
                         or particle_parts(mention.text, lexicon, texts, mentions)
                         or compound_particle_parts(mention.text, lexicon, texts, mentions)
                         or titled_particle_parts(mention.text)
                         or ([cleaned] if cleaned in surnames and unlisted_name_word(cleaned, lexicon)
                             or famous_mononym(cleaned, lexicon) and lone_name_use(cleaned, texts)
                             else []))  # "Bismarck" beside "Otto von Bismarck": the article's surname
                shared = [] if parts else shared_name_parts(mention.text, texts, mentions, lexicon)
                if not (parts or shared):
                    fire(trace, "entswap.not-name-words", cleaned, category)
                    continue  # "al-Gama'a al-Islamiyya": no given name, no name words
                if shared:
                    parts = shared
                    word_surnames.update({parts[-1], common_word_name(parts, texts, mentions, lexicon)
                                          or parts[-1]})  # "Al" of "Al Capone": a name word there too
                if epithet_name(cleaned.split()):
                    epithets.add(parts[0])
                if (title := trailing_title(cleaned, parts)) and GIVEN_NAME_TITLES.get(title):
                    titled_before[parts[0]] = GIVEN_NAME_TITLES[title]  # "Möngke Khan", "Töregene Khatun"
                if arabic is not None:
                    word_surnames.add(arabic.family)  # "al-Masri": a name word although it opens with "al-"
                linked = bool(shared or arabic) or any(p in SURNAME_LINKS for p in parts)  # "Guy de Lusignan"
                pinyin = lexicon.family_name_first(parts) and family_first_parts(tuple(parts), lexicon)
                if pinyin and pinyin not in pinyin_types:
                    pinyin_types[pinyin] = chinese_given_type(pinyin, texts, mentions)
                if lexicon.family_name_first(parts) and not (pinyin and pinyin_types[pinyin]):
                    fire(trace, "per.family-name-first", cleaned, category)
                    if not pinyin:  # "Tsakhiagiin Elbegdorj": no word of it is renamed; a Chinese name of
                        family_first.update(parts)  # no known sex leaves only itself (a longer name there)
                    continue
                if not (pinyin or linked) and len(parts) > 1 and not (
                        strong_name(parts, lexicon) or attested_full_name(parts, texts, mentions, lexicon)):
                    fire(trace, "entswap.not-strong-name", cleaned, category)
                    continue  # "Rada Miasta" (Polish for city council), "Máel Coluim"
                if not (pinyin or linked or named) and any(
                        not person_word_in(p, i == len(parts) - 1, lexicon) for i, p in enumerate(parts)):
                    fire(trace, "entswap.person-typed-other", cleaned, category)
                    continue  # "Byzantine Greece", "Aix", "Normandy" (mostly GPE/ORG alone) are not persons
                if (is_passage(text) or len(parts) == 1 or not passages
                        or any(" ".join(parts) in t for t in passages)
                        or passage_spelling(cleaned.split(), passages)):
                    person_names.append(parts)  # not a full name only questions spell ("Donald Davis")
                else:
                    fire(trace, "entswap.question-only-name", cleaned, category)
                    continue
                for part in (p for p in parts if p not in SURNAME_LINKS):  # a lone capitalised word is
                    votes[part]["person"] += FULL_VOTE if len(parts) > 1 else HALF_VOTE  # weak evidence
                    labelled[part] += 1
            elif ((code := labelled_code(cleaned, mention.label, lexicon)) or renamable(cleaned)) and not (
                    is_non_national(cleaned)):  # a religion is no organisation either
                if (category == "organization" and passages and not is_passage(text)
                        and not any(cleaned in t for t in passages)):
                    fire(trace, "entswap.question-only-name", cleaned, category)
                    continue  # "Music University of Technology": SQuAD 2.0's twist of a passage's name
                surface = singular_demonym(cleaned) if category == "nationality" else cleaned
                found = "country" if code else category_of(surface, mention.label, lexicon, article, gpe)
                if found is None and mention.label == "GPE" and surface not in said:
                    said[surface] = passage_city(surface, passages, lexicon)
                found = found or ("city" if mention.label == "GPE" and said.get(surface) else None)
                votes[surface][found or "none"] += FULL_VOTE  # an unusable label still counts against
                labelled[surface] += 1
    for surface, category in dataset_places(WordIndex(texts), lexicon):
        if not votes[surface]:  # a place NER did not label here (London of "London Exhibition")
            votes[surface][category] += FULL_VOTE
        labelled[surface] = max(labelled[surface], sum(t.count(surface) for t in texts))
    located = located_cities(texts, mentions, votes, lexicon)
    for surface in located:  # "Sandwich, Faversham and Maidstone"
        votes[surface] = Counter(city=FULL_VOTE)  # tagged ORG: the text places the gazetteer city
        labelled[surface] = max(labelled[surface], sum(t.count(surface) for t in texts))
    for surface in listed_cities(texts, mentions, votes, lexicon):  # "Bordeaux, Bourges, Lyons"
        votes[surface] = Counter(city=FULL_VOTE)  # unlabelled, listed among the article's cities
        labelled[surface] = max(labelled[surface], sum(t.count(surface) for t in texts))
    forms = name_forms(person_names, lexicon)  # "Ted Heath" and "Edward Heath": one person, one new name
    joined = "\n".join(texts)
    words = Counter(_WORD.findall(joined))
    given_types = {g: t for (_, g), t in pinyin_types.items() if t}  # given name → span type
    for parts in person_names:  # "Jean de Rély … he": the article's pronouns before the bank's gender
        if any(p in SURNAME_LINKS for p in parts) and (typed := pronoun_type(tuple(parts), texts, mentions)):
            given_types.setdefault(parts[0], typed)
    given_types = full_name_given_types(person_names, texts, mentions, lexicon) | given_types | kunya_types
    for parts in person_names:  # "Jean de Bethencourt": French, a man's name, whatever the US bank says
        if len(parts) > 1 and (typed := lexicon.origin_gender(parts[0], parts)):
            given_types.setdefault(parts[0], typed)
    for parts in person_names:
        if len(parts) > 1 and (typed := hyphenated_given_type(parts[0], lexicon)):
            given_types.setdefault(parts[0], typed)  # "François-Charles": François's
    pinyin_words = {w for name, t in pinyin_types.items() if t for w in name}
    ordered = [parts[::-1] if tuple(parts) in pinyin_types else parts for parts in person_names]
    family = {parts[-1] for parts in ordered if len(parts) > 1}  # (a Chinese name's family name first)
    family |= {w for parts in person_names if any(p in SURNAME_LINKS for p in parts[1:])
               for w in particle_surname_words(" ".join(parts[1:]))}  # "Menéndez de Avilés"
    # the given name of a Chinese name that is the family name of another ("Shi" of Yan Shi and Shi Tianze):
    # its lone mentions are the family name, the given name is renamed inside its full name only
    typed_pinyin = {name: typed for name, typed in pinyin_types.items() if typed}
    pinyin_family = {name[0] for name in typed_pinyin}
    given = {parts[0] for parts in ordered if len(parts) > 1
             and not (tuple(parts[::-1]) in typed_pinyin and parts[0] in pinyin_family)}
    in_full_names = {p for parts in person_names if len(parts) > 1 for p in parts}
    whole_names = full_name_words(person_names, texts, mentions, lexicon)
    named_after = {w for w in whole_names if any(eponym_use(w, t) for t in index.texts_holding(w))}
    banks = bool(lexicon.first_counts or lexicon.surname_counts)
    order = {c: i for i, c in enumerate((*CATEGORIES, "none"))}
    entities = []
    for surface, counter in votes.items():
        lowered = words[surface.lower()]
        if surface in family_first or (surface in pinyin_words and any(  # "Zhu" of another kind of name
                surface in parts and len(parts) > 1 and tuple(parts) not in pinyin_types
                for parts in person_names)):
            fire(trace, "per.shares-words", surface)
            continue  # a word of a family-name-first name ("Shen Kuo")
        code = bool(counter["country"]) and country_abbreviation(surface, lexicon) is not None
        if code and not all(abbreviation_fits(surface, t) for t in texts):
            fire(trace, "place.abbreviation-modifier", surface, "country")
            continue  # "USSR forces", "US$10": the new country's name cannot stand there
        if surface not in word_surnames and not code and (not renamable(surface) or (
                " " not in surface and lowered and lowered >= words[surface])):
            fire(trace, "entswap.common-word", surface)
            continue  # a common word the article uses as often in lower case ("Will" / "will")
        occurrences = words[surface] if _SINGLE_WORD.match(surface) else joined.count(surface)
        whole_name = full_name_word(surface, counter, whole_names, named_after)
        if labelled[surface] * MIN_LABELLED_SHARE < occurrences and not whole_name:
            fire(trace, "entswap.rarely-labelled", surface)
            continue  # NER labelled it rarely: one label is no evidence for the whole article
        category = "person" if whole_name else min(counter, key=lambda c: (-counter[c], order[c]))
        attested = None if category == "person" else attested_person(surface, texts, mentions, lexicon)
        category = "person" if attested else category  # "his grandson Kaidu": a person, whatever NER said
        if category == "none" or (category == "city" and (city_section(surface, joined)
                                                          or namesake_of(surface, joined))):
            fire(trace, "entswap.no-category", surface)
            continue
        if category != "person" and surface not in located and names_person(surface, counter, in_full_names,
                                                                            lexicon):
            fire(trace, "entswap.person-typed-other", surface, category)
            continue  # a person's name typed ORG/LOC/GPE (Newton, Hooke, Braddock, Rollo): person or nothing
        if category in ("organization", "location") and len(counter) > 1:
            fire(trace, "entswap.labels-disagree", surface, category)
            continue  # every labelled mention must agree: strong evidence only
        lone = category == "person" and surface not in in_full_names
        gender = attested if attested != "person" else None
        if lone and banks and not gender and not (common_first_name(surface, lexicon)
                                                  or lexicon.person_word(surface)):
            gender = lone_name_gender(surface, counter, texts, mentions, lexicon)  # "Kublai … his"
        if lone and not gender and surface in titled_before:
            gender = titled_before[surface]  # "Töregene Khatun": a woman's given name, the title kept
        if lone and not gender and surface in epithets:
            gender = lexicon.known_gender(surface)  # "Suleiman the Magnificent": the bank's sex
        surname = lone and (surface in titled or lone_surname(surface, joined, lexicon)  # "Colonel Monckton"
                            or not (gender or common_first_name(surface, lexicon))
                            and lone_surname_evidence(surface, counter, texts, lexicon))  # "Nixon", "Stalin"
        if (lone and banks and not gender and not surname
                and (person_noun_before(surface, passages) or work_possessive(surface, passages)
                     or any(described_as_person(surface, t) for t in passages))
                and lone_name_use(surface, texts)):  # "the French philosopher Voltaire", "his mother Kökejin"
            # "Odo, the Bishop of Bayeux", "Archimedes' analysis of the lever"
            kin = {g for t in passages if (g := kin_gender(t, surface))}
            gender = kin.pop() if len(kin) == 1 else lexicon.known_gender(surface)
            surname = not gender  # a given name where a kinship noun or the bank types it, else a surname
        if lone and banks and not gender and not surname and not (
                common_first_name(surface, lexicon)
                and (counter["person"] >= 2 * HALF_VOTE or after_title(surface, joined))):
            fire(trace, "entswap.weak-lone-name", surface, category)
            continue  # only ever a lone word: a common first name, labelled twice or after a title
            # ("Queen Elizabeth"); not "Normandy", the "Jin" dynasty or the clan names "Douglas and Gordon"
        if category == "person" and surface in family and surface in given:
            fire(trace, "entswap.opens-and-ends", surface, category)
            continue  # opens one full name and ends another ("Richard Trevithick", "Keith Richard")
        if category == "person":
            span_type = ("last" if surface in family or surname or (lone and after_title(surface, joined,
                                                                                     ROYAL_TITLES))
                         else given_types.get(surface) or gender or lexicon.gender(surface))
        else:
            span_type = category
        country = demonyms(lexicon.root)[surface.lower()] if category == "nationality" else ""
        referent = (forms.get(surface, surface) if category == "person"
                    else lexicon.aliases.get(surface, surface))
        entities.append(Entity(surface, category, span_type, referent,
                               lexicon.aliases.get(country, country),
                               organisation_word(surface) or "" if category == "organization" else ""))
    entities = person_spellings(entities, joined, lexicon)
    entities += particle_surnames(entities, person_names)
    entities += arabic_family_entities(entities, arabic_names, joined)
    entities += country_codes(entities, texts, lexicon)
    entities += derived_demonyms(entities, joined, lexicon)
    entities += state_demonyms(entities, texts, passages, lexicon)
    entities = unmodified_organisations(entities)
    entities += organisation_short_forms(entities, texts, mentions, lexicon)
    return Candidates(entities, person_names, texts, mentions,
                      family_first=typed_pinyin)


def full_name_words(person_names: Sequence[Sequence[str]], texts: Sequence[str],
                    mentions: dict[str, list[Mention]], lexicon: Lexicon) -> frozenset[str]:
    """The words of the article's full names NER labels PERSON that the article shows a person's
    (:func:`person_context`: ``the Huguenot leader Gaspard de Coligny``) and some text writes as a person's
    name, not inside a longer name (``Fort William Henry``): the words :func:`full_name_word` may take from
    the full name."""
    joined = "\n".join(texts)
    words: set[str] = set()
    for parts in {tuple(ps) for ps in person_names if len(ps) > 1}:
        if set(parts) <= words or not person_context(" ".join(parts), texts, mentions, lexicon):
            continue
        alone = re.compile(r"(?<![\w'’-])" + _INITIALS.join(map(re.escape, parts)) + r"(?!\w)(?!\s+[A-Z])")
        if any(not (before := re.search(r"([A-Z][\w'’-]*)\.?\s+$", joined[max(0, m.start() - 40):m.start()]))
               or before.group(0).rstrip()[-1:] == "." and before.group(1).lower() not in TITLES
               or before.group(1).lower() in TITLES for m in alone.finditer(joined)):
            words.update(parts)  # after a sentence or a title ("Sir Isaac Newton"), not "Fort William Henry"
    return frozenset(words)


def full_name_word(surface: str, counter: Counter[str], whole_names: Collection[str],
                   eponyms: Collection[str]) -> bool:
    """``surface`` is a word of a full name NER labels PERSON that the article writes as a person's name
    (``Jean-Marc`` and ``Bosman`` of ``Jean-Marc Bosman``: :func:`full_name_words`) and NER labels with no
    other category than an unusable one (a GPE or place no gazetteer knows; not a city, state, country or
    organisation: ``Washington``): a word of that person, renamed with the full name wherever it is
    written capitalised, though its lone mentions are rarely labelled or labelled with no category
    (``entswap.no-category``, ``entswap.rarely-labelled`` read the word's own evidence; the person's is
    the full name's). Otherwise the other words of the full name were dropped too, so that no full name
    is half renamed (``entswap.unclear-occurrence``). Not a title (``Khan`` of ``Buyantu Khan``) nor a
    word some text writes in a term named after the person or derived from it (``eponyms``: ``Turing
    machines``, ``Fermat primes``, ``Newtonian``; the term's use, as for ``entswap.rarely-labelled``)."""
    return (surface in whole_names and surface not in eponyms and counter["person"] > 0
            and set(counter) <= {"person", "none"} and surface.lower() not in TITLES | TRAILING_TITLES)


def state_demonyms(entities: list[Entity], texts: Sequence[str], passages: Sequence[str], lexicon: Lexicon
                   ) -> list[Entity]:
    """The historical states the article names by a distinctive word and their kind (``Mongol Empire``,
    ``Song dynasty``; :func:`..places.renamable_states`, shared with Yan et al.) as nationalities of a
    country no text names: the word takes the demonym of a drawn African country, its kind kept
    (``Somali Empire``, :func:`own_state_or_event`), its people the demonym's plural (``the Somalis``).
    A word that is already another entity of the article is left to it."""
    have = {e.surface for e in entities}
    return [Entity(word, "nationality", "nationality", word, country)
            for word, country in renamable_states(texts, lexicon, passages).items() if word not in have]


def unmodified_organisations(entities: list[Entity]) -> list[Entity]:
    """The entities but an organisation NER spans with a place of the article before another organisation of
    it (``U.S. National Science Foundation``): that organisation modified by the place, each renamed on its
    own (the organisation to a name holding no place: :meth:`.mapping.Pools.organisations`), not another
    referent that would take a new name of its own and leave the inner name's initials (``NSF``) old."""
    places = {e.surface for e in entities if e.category in ("country", "city", "nationality")}
    organisations = {e.surface for e in entities if e.category == "organization"}
    return [e for e in entities if e.category != "organization" or not any(
        e.surface.endswith(f" {o}") and e.surface[:-len(o) - 1] in places for o in organisations)]


#: The categories whose occurrences are judged per passage once the article is settled. A person's name
#: words and a demonym keep the article-wide decision: what one occurrence shows about them is evidence
#: about the name in every passage (a given name inside a longer name is typed from the whole article,
#: "Jean Cauvin"; a demonym the article uses as a language, a plural without -s or a people, "What is
#: Polish for …", "Huguenots intermarried with Dutch", "Indian allies", "North American", is a word of
#: several uses). Read per passage, these gave 9 wrong rows in 7 of 22 read passages (issue 19).
PASSAGE_CATEGORIES = frozenset({"country", "city", "location", "organization"})


def settle_article_wide(candidates: Candidates, lexicon: Lexicon, trace: Trace | None = None) -> None:
    """Decide over the whole article the persons and nationalities (not :data:`PASSAGE_CATEGORIES`), as
    :func:`article_entities` does; ``trace`` receives the rules that removed them."""
    fired: Trace = []
    whole = passage_entities(candidates, candidates.texts, lexicon, fired)
    candidates.article_wide = [e for e in whole if e.category not in PASSAGE_CATEGORIES]
    joined = "\n".join(candidates.texts)
    candidates.article_countries = frozenset(
        {e.referent for e in whole if e.category == "country"}
        | {e.country for e in whole if e.category == "nationality"
           and not names_country(e.country, joined, lexicon)})
    candidates.peerages = frozenset(e.surface for e in candidates.entities if e.category in PLACES
                                    and e.category != "country" and peerage(e.surface, candidates.texts))
    if trace is not None:
        trace.extend(f for f in fired if f.entity_type not in PASSAGE_CATEGORIES
                     or f.text in candidates.peerages)


def peerage(surface: str, texts: Iterable[str]) -> bool:
    """Some text names a peerage of the place ("the Duke of Newcastle"): "Newcastle" alone may name the
    duke, in any passage of the article. Not a country's: "Prussia" alone never names the Duke of Prussia,
    so only the passage group writing the peerage leaves the country (:func:`settle_article_wide`)."""
    return any(_NOBLE_OF.search(t) and re.search(rf"{_NOBLE_OF.pattern}{re.escape(surface)}(?!\w)", t)
               for t in texts)


def passage_entities(candidates: Candidates, texts: Iterable[str], lexicon: Lexicon,
                     trace: Trace | None = None) -> list[Entity]:
    """The article's candidates that every occurrence in ``texts`` (one passage group: the passage, its
    title, questions and answers) lets the renamer rename; a problem occurrence in another passage of the
    article vetoes nothing here for :data:`PASSAGE_CATEGORIES` once the article is settled
    (:func:`settle_article_wide`: persons and nationalities keep the article's decision, a place the
    article names in a peerage is left everywhere). Linear: each passage's texts are read, not the
    article's."""
    texts = list(dict.fromkeys(texts))
    joined = "\n".join(texts)
    # a full name this passage does not write leaves no half-renamed name here ("Johnson" alone beside
    # "Fort William Henry", the article's "William Johnson" elsewhere)
    written = {ps for ps in dict.fromkeys(map(tuple, candidates.person_names))
               if len(ps) == 1 or (all(p in joined for p in ps) and re.search(
                   r"(?<![\w'’])" + _INITIALS.join(re.escape(p) for p in ps) + r"(?!\w)", joined))}
    person_names = [ps for ps in candidates.person_names if tuple(ps) in written]
    mentions, entities = candidates.mentions, candidates.entities
    settled = candidates.article_wide
    if settled is not None:
        entities = [e for e in entities if e.category in PASSAGE_CATEGORIES
                    and e.surface not in candidates.peerages] + [
            e for e in settled if not e.parts]  # full names come back from the article's decision below
    unclear = unclear_lone_words(candidates.entities, texts)
    steps = (("entswap.org-word-alone", lambda es: _whole_organisations(es, joined, lexicon, unclear)),
             ("entswap.unclear-occurrence",
              lambda es: _unambiguous(es, texts, person_names, lexicon, mentions, candidates.pronouns,
                                      reordered=candidates.family_first,
                                      article_wide=settled is None,
                                      deferred=candidates.question_twists if settled is None else None)),
             ("entswap.unclear-occurrence",
              lambda es: [e for e in es if e.category not in PLACES or e.surface not in unclear]),
             ("place.derived-word-left",  # "Parisian architecture" beside Paris: no bank gives a city's
              lambda es: [e for e in es if e.category != "city"  # demonym, so the city stays here
                          or derived_place_word(e.surface, texts) is None]),
             ("per.script-gloss", lambda es: _unglossed_persons(es, joined)),
             ("entswap.alias-left", lambda es: _whole_spellings(es, joined)),
             ("entswap.alias-left", lambda es: _whole_referents(es, joined, lexicon)),
             ("place.derived-word-left",
              lambda es: _nationalities_follow(
                  es, joined, lexicon, None if settled is None else candidates.article_countries)))
    places = (steps[0], *steps[-2:])  # org-word-alone, alias-left and derived-word-left again until nothing
    # changes: an organisation whose short form was dropped goes with it, a place name dropped for a
    # derived word ("U.S.") takes its aliases with it, and a dropped country its demonyms
    while steps:
        before = len(entities)
        for rule, step in steps:
            kept = step(entities)
            for gone in set(entities) - set(kept):
                if gone.surface in joined:  # a name this passage never writes loses nothing here
                    fire(trace, rule, gone.surface, gone.category)
            entities = kept
        steps = places if len(entities) < before else ()
    if settled is not None:  # the names this passage group writes (the others have nothing to rename here)
        left = twisted_words(candidates, texts)
        persons = [e for e in settled if e.category == "person" and e.surface in joined]
        for gone in (e for e in persons if leaves(e, left)):
            fire(trace, "entswap.unclear-occurrence", gone.surface, gone.category)
        entities = [e for e in entities if e.category != "person" and e.surface in joined] + [
            e for e in persons if not leaves(e, left)]
    return sorted(entities)


def twisted_words(candidates: Candidates, texts: Iterable[str]) -> set[str]:
    """The person name words a question of this passage group holds in its own longer name
    (:attr:`Candidates.question_twists`), with every word of the article's full names that share a word
    with them (``Thomas de Maizière`` beside a twisted ``Lothar`` of ``Lothar de Maizière``): left here,
    so that no full name is half renamed."""
    words = {w for t in texts for w in candidates.question_twists.get(t, ())}
    words |= {e.referent for e in candidates.article_wide or () if e.surface in words}  # "Jeronimo": Jerónimo
    words |= {w for s in words for w in s.split()}  # a full name renamed as a unit: its words
    names = [set(ps) - SURNAME_LINKS for ps in candidates.person_names if len(ps) > 1]
    while more := {w for ps in names if words & ps for w in ps} - words:
        words |= more
    return words


def leaves(entity: Entity, words: set[str]) -> bool:
    """The person ``entity`` (or the name it is a spelling of: ``de Rely`` of ``Rély``) has a word among
    ``words`` (:func:`twisted_words`)."""
    return bool(words) and bool(words & {entity.surface, entity.referent, *entity.surface.split(),
                                         *entity.referent.split(), *(w for w, _ in entity.parts)})


def particle_parts(text: str, lexicon: Lexicon, texts: Sequence[str] = (),
                   mentions: dict[str, list[Mention]] | None = None) -> list[str]:
    """Words of a PERSON mention whose surname a lower-case particle opens (``Guy de Lusignan``, ``Gadifer
    de la Salle``, ``Emil von Behring``), particles included: a given name with bank gender or that the
    article's pronouns type (``Gadifer``, ``Louis-Joseph``: :func:`pronoun_type`), one or two
    particles (:data:`..lexicon.PARTICLES`), one capitalised surname word that is no common English word;
    titles before it dropped (``Count Ludwig von …``; a title of nobility is no given name). The particles
    are renamed with the surname (:func:`particle_surnames`: ``Kwame Okafor``), whose lone mentions follow.
    Empty for any other shape, and for a surname that is a gazetteer place which the article's ``texts``
    also write outside the full name (``Jacques de Bordeaux`` beside the city ``Bordeaux``: the lone word
    may be the place, :func:`place_use`)."""
    tokens = clean_surface(text).split()
    while tokens and tokens[0].rstrip(".").lower() in _PERSON_TITLES:
        tokens.pop(0)
    if len(tokens) < 3 or tokens[1] not in PARTICLES:
        return []
    given, links, surname = tokens[0], tokens[1:-1], tokens[-1]
    if (len(links) > 2 or not all(w in PARTICLES for w in links) or not name_form(given)
            or not name_form(surname) or lexicon.common_word(surname) or given.lower() in _PERSON_TITLES
            or given.lower() in NOBLE_TITLES):
        return []
    if not (lexicon.known_gender(given) or mentions and pronoun_type(tuple(tokens), list(texts), mentions)
            or len({g for t in texts if (g := kin_gender(t, " ".join(tokens)))}) == 1):
        return []  # "Jean's nephew Maciot de Bethencourt": a man (:func:`full_name_given_types`)
    if lexicon.is_gazetteer_name(surname) and place_use(surname, " ".join(tokens), texts, mentions or {}):
        return []
    return tokens


def titled_particle_parts(text: str) -> list[str]:
    """The particles and surname of a PERSON mention of a title and a surname its particle opens, with no
    given name (``Marquis de Vaudreuil``, ``Marquis de la Jonquière``, ``duc de Choiseul``: the reading of
    :func:`..persons.particle_surname`, which the Yan et al. configs rename), the title dropped:
    the surname is renamed with its particles (:func:`particle_surnames`: ``Marquis Okafor``) and written
    alone follows (``Vaudreuil``). Empty for any other shape or a capitalised particle."""
    tokens = clean_surface(text).split()
    titled = bool(tokens) and tokens[0].rstrip(".").lower() in TITLES | NOBLE_TITLES
    if not titled or particle_surname(text) is None:
        return []  # "de Klerk", "Staatssecretaris van Financiën": a surname or a word of another language
    at = next(i for i, t in enumerate(tokens) if surname_particle(t) and i < len(tokens) - 1)
    return tokens[at:] if all(t in SURNAME_LINKS for t in tokens[at:-1]) else []  # "de", not "De"


def compound_particle_parts(text: str, lexicon: Lexicon, texts: Sequence[str] = (),
                            mentions: dict[str, list[Mention]] | None = None) -> list[str]:
    """Words of a PERSON mention that :func:`..persons.particle_name` (the reading the Yan et al. configs
    rename) reads as a given name and a surname holding particles where :func:`particle_parts` does not:
    more surname words or particles (``Pedro Menéndez de Avilés``, ``Paul Marin de la Malgue``, ``Lothar von
    Arnauld de la Perière``), an Arabic article written apart (``Hassan al Banna``) or a hyphenated given
    name (``François-Charles de Bourlamaque``). As :func:`particle_parts`: the given name's sex shows (a
    bank's, the article's pronouns or a kinship noun), no surname word is a common English word, and no
    gazetteer place the article writes outside the name (:func:`place_use`). A surname of one word joined to
    its article (``Hassan al-Turabi``) is :func:`shared_name_parts`'s."""
    reading = particle_name(text, lexicon)
    if reading is None or " " not in reading[1]:
        return []
    given, rest = reading
    tokens = [given, *rest.split()]
    surnames = particle_surname_words(rest)
    if not surnames or any(lexicon.common_word(w) for w in surnames) or any(
            w not in SURNAME_LINKS and (w[:1].islower() or surname_particle(w)) for w in tokens):
        return []  # a capitalised particle ("Jacob Van Braam") would be renamed as a name word
    if not (lexicon.known_gender(given.split("-")[0]) or mentions and pronoun_type(tuple(tokens), list(texts),
                                                                                   mentions)
            or len({g for t in texts if (g := kin_gender(t, " ".join(tokens)))}) == 1):
        return []
    full = " ".join(tokens)
    if any(lexicon.is_gazetteer_name(w) and place_use(w, full, texts, mentions or {}) for w in surnames):
        return []  # "Jacques de Bordeaux" beside the city Bordeaux
    return tokens


def hyphenated_given_type(given: str, lexicon: Lexicon) -> str | None:
    """The span type of a hyphenated given name that no bank lists whole, its first part's sex where a bank
    knows it (``François-Charles``, ``Marie-Thérèse``: the first name carries the sex); else ``None``."""
    head, _, tail = given.partition("-")
    if not tail or lexicon.known_gender(given):
        return None
    typed = lexicon.known_gender(head)
    return typed if typed in ("first-male", "first-female") else None


def place_use(surname: str, full: str, texts: Iterable[str], mentions: dict[str, list[Mention]]) -> bool:
    """A text writes the gazetteer name ``surname`` outside the ``full`` name and outside every PERSON
    mention (``Bordeaux`` beside ``Jacques de Bordeaux``: the lone word may be the place; not ``Bismarck``
    that NER labels PERSON beside ``Otto von Bismarck``)."""
    name = re.compile(rf"(?<!\w){re.escape(full)}")
    for text in texts:
        inside = [(m.start(), m.end()) for m in name.finditer(text)]
        inside += [(m.start, m.end) for m in mentions.get(text, ()) if m.label == "PERSON"]
        if any(not any(a <= occ.start() and occ.end() <= b for a, b in inside)
               for occ in whole_word(surname).finditer(text)):
            return True
    return False


def shared_name_parts(text: str, texts: Sequence[str], mentions: dict[str, list[Mention]], lexicon: Lexicon
                      ) -> list[str]:
    """Words of a PERSON mention that the Yan et al. side reads as a full name where :func:`person_parts`
    and :func:`particle_parts` do not: a given name before one surname word with its Arabic article, the
    word no common word (``Hasan al-Hudaybi``; not the honorific ``Taqi al-Din``:
    :func:`..persons.particle_name`); a two-word name the dataset labels PERSON
    (:func:`..persons.gendered_full_name`); or one whose Census surname is a common word that every text
    of the article writes capitalised only after the given name or inside a PERSON mention (``Uyless
    Black``: :func:`..persons.common_word_surname`; lower-case words are never mentions), or whose given
    name or surname is such a common word (``Edward Said``, ``Al Capone``:
    :func:`..persons.common_word_name`). Empty otherwise."""
    particle = particle_name(text, lexicon)
    if particle is not None:  # no word after the article ("Taqi al-Din": "the faith", an honorific)
        surname = particle[1]
        return (list(particle) if " " not in surname and "-" in surname
                and not lexicon.common_word(surname.split("-", 1)[1]) else [])
    words = tuple(clean_surface(text).split())
    if gendered_full_name(words, lexicon) or all(
            common_word_surname(words, t, mentions.get(t, ()), lexicon) for t in texts) or common_word_name(
            words, texts, mentions, lexicon):
        return list(words)
    return []


def trailing_title(surface: str, parts: Sequence[str]) -> str | None:
    """The ruler's title written after a one-word name (``Khan`` of ``Möngke Khan``, ``Khatun`` of
    ``Töregene Khatun``, ``Shah`` of ``Dawlat Shah``; :data:`..lexicon.TRAILING_TITLES`), lower-cased:
    the name before it is a given name, renamed with the title kept; ``None`` for any other mention
    (``Great Khan``, ``the Khan``: a title alone, no name word before it)."""
    tokens = surface.split()
    if len(parts) != 1 or len(tokens) != 2 or tokens[0] != parts[0]:
        return None
    return tokens[1].lower() if tokens[1].lower() in TRAILING_TITLES else None


def arabic_reading(text: str, lexicon: Lexicon, texts: Sequence[str] = (),
                   mentions: dict[str, list[Mention]] | None = None) -> ArabicName | None:
    """A PERSON mention read by Arabic naming conventions (:func:`..persons.arabic_name`, the reading the Yan
    et al. configs rename: ``Abu Hamza al-Masri``, ``Muhammad Abd al-Salaam Farag``, ``Hasan al-Hudaybi``)
    whose given name's sex shows (its kunya, a bank, the article's pronouns or a kinship noun) and whose
    family word is no gazetteer place the article writes outside the name (:func:`place_use`)."""
    name = arabic_name(text, lexicon)
    if name is None:
        return None
    full = f"{name.given} {name.family}"
    if not (name.sex or lexicon.known_gender(name.given) or mentions and pronoun_type(
            tuple(full.split()), list(texts), mentions)
            or len({g for t in texts if (g := kin_gender(t, full))}) == 1):
        return None
    if lexicon.is_gazetteer_name(name.word) and place_use(name.word, full, texts, mentions or {}):
        return None
    return name


def arabic_family_entities(entities: list[Entity], names: dict[str, ArabicName], text: str) -> list[Entity]:
    """The forms of each renamed Arabic family part that the article writes alone (``Al-Biruni``, ``Farag``:
    :func:`..persons.arabic_family_forms`), each taking the family part's new name."""
    by_surface = {e.surface: e for e in entities if e.category == "person"}
    out: dict[str, Entity] = {}
    for family, name in names.items():
        if (entity := by_surface.get(family)) is None:
            continue
        for form in arabic_family_forms(name, text):
            if form not in by_surface:
                out.setdefault(form, replace(entity, surface=form, span_type="last"))
    return list(out.values())


def chinese_given_type(name: tuple[str, str], texts: list[str], mentions: dict[str, list[Mention]]
                       ) -> str | None:
    """Span type of the given name of a Chinese name in pinyin (``Zhu Yuanzhang``,
    :func:`..persons.family_first_parts`), as the Yan et al. configs type it: a kinship or ruler's noun
    beside it or beside the full name (``Kong Duanyou's brother Kong Duancao``), else the article's pronouns
    when they agree; no bank's guess. The family name is then renamed as a surname and the given name as a
    given name, the full name as a unit in its own order (:attr:`Entity.family_first`)."""
    for text in texts:
        if name[1] in text and (kin := kin_gender(text, name[1]) or kin_gender(text, " ".join(name))):
            return kin
    return pronoun_type(name, texts, mentions)


def pronoun_type(parts: tuple[str, ...], texts: list[str], mentions: dict[str, list[Mention]]) -> str | None:
    """The given-name span type the article's pronouns show for the full name ``parts``, when they agree."""
    return agreed_type(*pronoun_votes(parts, texts, mentions))


def name_forms(person_names: list[list[str]], lexicon: Lexicon) -> dict[str, str]:
    """Name word → the word whose new name it takes, for persons the article calls by two forms of one name
    (:meth:`Lexicon.split_persons`): the given names of full names sharing a surname that are one given name
    (``Ted Heath`` / ``Edward Heath``, ``Larry Roberts`` / ``Lawrence Roberts``) and two spellings of one
    surname (``Górska`` / ``Gorska``). Both forms share one referent, so every mention of the person takes
    one new name (``Ted Heath`` and ``Edward Heath`` → ``Chinedu Okafor``) instead of the person being left
    out. The form kept as referent is the longer one (the full form, the accented spelling), then the first
    in sort order: deterministic."""
    names = sorted({tuple(n) for n in person_names if len(n) > 1})
    linked: dict[str, set[str]] = {}
    for i, one in enumerate(names):
        for other in names[i + 1:]:
            if one[-1] == other[-1] and lexicon.same_given_name(one[0], other[0]):
                pair = (one[0], other[0])
            elif same_spelling(one[-1], other[-1]):
                pair = (one[-1], other[-1])
            else:
                continue
            group = linked.get(pair[0], {pair[0]}) | linked.get(pair[1], {pair[1]})
            for word in group:
                linked[word] = group
    return {w: min(group, key=_spelling_order) for w, group in linked.items()}


def _spelling_order(form: str) -> tuple[int, bool, str]:
    """Sort key of one name's forms: the form kept as referent comes first (the longer, the accented one)."""
    return -len(form), form == strip_marks(form), form


_LETTERS = re.compile(r"[^\W\d_]+")


def _spellings(text: str) -> dict[str, set[str]]:
    """Accent-folded capitalised word → the spellings of it that ``text`` writes (``Ögedei``, ``Ogedei``)."""
    found: dict[str, set[str]] = defaultdict(set)
    for word in set(_LETTERS.findall(text)):
        if word[0].isupper():
            found[fold_accents(word)].add(word)
    return found


def full_name_given_types(person_names: list[list[str]], texts: list[str],
                          mentions: dict[str, list[Mention]], lexicon: Lexicon) -> dict[str, str]:
    """Given and middle names of the article's full names → the span type the article shows for the
    bearer: a kinship, ruler's or spouse's noun beside the full name (:func:`..entities.kin_gender`: ``wife
    of commander Jan van Riebeeck``, whatever a bank says of Jan), else, for a word whose sex no bank
    knows (``Gaafar Nimeiry``, ``Isaac Bashevis Singer``), the article's pronouns after the full name when
    they agree (:func:`pronoun_type`) before the sex-neutral fallback of :meth:`Lexicon.gender` (round 23
    read ``Abbassi``, ``Bashevis`` typed ``first-neutral`` as wrong: the bearer is a man)."""
    found: dict[str, str] = {}
    holding = WordIndex(texts)  # the texts that may hold each full name
    for parts in (p for p in person_names if len(p) > 1):
        words = [w for w in parts[:-1] if w not in SURNAME_LINKS and not w.endswith(".")]
        kin = {g for t in holding.texts_holding(parts[0], any_case=True)
               if (g := kin_gender(t, " ".join(parts)))}
        if len(kin) == 1:
            typed, named = kin.pop(), words
        else:
            named = [w for w in words if lexicon.known_gender(w) in (None, "first-neutral")]
            typed = pronoun_type(tuple(parts), texts, mentions) if named else None
        for word in named if typed else ():
            found.setdefault(word, typed)
    return found


def particle_surnames(entities: list[Entity], person_names: list[list[str]]) -> list[Entity]:
    """A surname with the particles that open it as one ``last`` span (``von Behring``, ``de la Madrid``)
    for each full name of :func:`particle_parts` whose surname is renamed, and for every other spelling of
    that surname (:func:`person_spellings`: a question's ``de la Quellerie``): the particles go with the old
    surname (``Emil von Behring`` → ``Evance Masese``, not ``Evance von Masese``: a European particle on an
    African surname reads wrong, round 23), and the surname written alone takes the same new name."""
    persons = [e for e in entities if e.category == "person"]
    by_surface = {e.surface: e for e in persons}
    out: dict[str, Entity] = {}
    for parts in person_names:
        at = next((i for i, p in enumerate(parts) if p in SURNAME_LINKS), None)
        surname = by_surface.get(parts[-1])
        if at is None or surname is None:  # at 0: "de Vaudreuil" of "Marquis de Vaudreuil"
            continue
        for form in (e.surface for e in persons if e.referent == surname.referent and " " not in e.surface):
            surface = " ".join((*parts[at:-1], form))
            if surface not in by_surface:
                out.setdefault(surface, replace(surname, surface=surface, span_type="last"))
    return list(out.values())


def person_spellings(entities: list[Entity], text: str, lexicon: Lexicon | None = None) -> list[Entity]:
    """A place written with other diacritics (:func:`_place_spellings`: ``Krakow`` beside ``Kraków``) and a
    person's name word that the article also writes without (or with other) accents (a question's
    ``Ogedei`` for the passage's ``Ögedei``, ``Kucukdeveci`` for ``Kücükdeveci``) or misspelt
    (:func:`misspelt`: ``Gou`` for ``Guo``, a question's ``Quellerie`` for ``Queillerie``): every spelling
    is a name of one referent, the accented one (:func:`name_forms`'s order), and takes its one new name; a
    spelling that NER only labelled in a question (weak alone) becomes an entity with the person's span
    type."""
    capitalised = {w for forms in _spellings(text).values() for w in forms}
    by_surface = {e.surface: e for e in entities}
    out: list[Entity] = []
    added: set[str] = set()
    for entity in entities:
        if entity.category in PLACES:
            out.extend(_place_spellings(entity, text, by_surface, added))
            continue
        if entity.category != "person" or " " in entity.surface:
            out.append(entity)
            continue
        forms = accent_variants(entity.surface, [text]) | {entity.surface}
        referent = min(forms, key=_spelling_order)
        if lexicon is not None:
            forms |= {w for w in capitalised if w not in by_surface and (
                misspelt(w, entity.surface, lexicon) or (
                    misspelt_shape(w, entity.surface) and after_same_name(w, entity.surface, text)))}
        if len(forms) < 2:
            out.append(entity)
            continue
        out.append(replace(entity, referent=referent))
        for form in sorted(forms - {entity.surface}):
            if form not in by_surface and form not in added:
                added.add(form)
                out.append(replace(entity, surface=form, referent=referent))
    return out


def _place_spellings(place: Entity, text: str, by_surface: dict[str, Entity], added: set[str]
                     ) -> list[Entity]:
    """The place and its other spellings that ``text`` writes with other diacritics (a question's ``Krakow``
    beside the passage's ``Kraków``: :func:`..spellings.accent_variants`) as entities of one referent, the
    referent of the accented form's entity (:func:`_spelling_order`), so every form takes one new name."""
    forms = accent_variants(place.surface, [text])
    if not forms:
        return [place]
    owner = next((by_surface[f] for f in sorted(forms | {place.surface}, key=_spelling_order)
                  if f in by_surface and by_surface[f].category in PLACES), place)
    out = [replace(place, referent=owner.referent)]
    for form in sorted(forms - by_surface.keys() - added):
        added.add(form)
        out.append(replace(place, surface=form, referent=owner.referent))
    return out


#: A word this frequent in English is a word of its own, no misspelt name.
MAX_MISSPELT_ZIPF = 3.0
#: A name this long written with one other letter and without its accents is the name misspelt (a
#: question's ``Celeron`` for the passage's ``Céloron``).
MIN_SWAPPED_LETTER = 6


def misspelt(word: str, name: str, lexicon: Lexicon) -> bool:
    """``word`` is ``name`` misspelt: the same first letter, two adjacent letters swapped (``Gou`` /
    ``Guo``) or, in a name of five letters or more, one letter dropped or added (``Quellerie`` /
    ``Queillerie``), or one letter changed in an accented name of six letters or more written without
    its accents (``Celeron`` / ``Céloron``: :data:`MIN_SWAPPED_LETTER`); and no common name or word of its
    own (no common first name, no frequent English word: not ``Jon`` for ``John``, ``Hugo`` for ``Hugh``)."""
    return misspelt_shape(word, name) and not common_first_name(word, lexicon) and (
        lexicon.zipf(word) < MAX_MISSPELT_ZIPF)


def after_same_name(word: str, name: str, text: str) -> bool:
    """``text`` writes ``word`` right after a name word that also stands right before ``name`` there (a
    question's ``Donald Davis`` beside the passage's ``Donald Davies``): one person's name misspelt, even
    where the misspelling is a common name of its own."""
    edge, end = r"(?<![\w'’-])", r"(?![\w'’-])"
    before = {m.group(1) for m in re.finditer(rf"{edge}([A-Z][\w'’-]+) {re.escape(name)}{end}", text)}
    return any(re.search(rf"{edge}{re.escape(b)} {re.escape(word)}{end}", text) for b in before)


def misspelt_shape(word: str, name: str) -> bool:
    """``word`` has the shape of ``name`` misspelt (:func:`misspelt`), whatever its frequency."""
    if word[0] != name[0] or word == name or abs(len(word) - len(name)) > 1:
        return False
    if len(word) == len(name):
        folded, other = fold_accents(word), fold_accents(name)
        if len(folded) != len(other):
            folded, other = word, name  # a letter folded into two ("ß")
        diff = [i for i, (a, b) in enumerate(zip(folded, other, strict=True)) if a != b]
        swapped = (len(diff) == 2 and diff[1] == diff[0] + 1
                   and folded[diff[0]] == other[diff[1]] and folded[diff[1]] == other[diff[0]])
        shape = swapped or (len(diff) == 1 and len(word) >= MIN_SWAPPED_LETTER
                            and word == folded and name != other)
    else:
        short, long = sorted((word, name), key=len)
        shape = len(short) >= 5 and any(long[:i] + long[i + 1:] == short for i in range(len(long)))
    return shape


def _unglossed_persons(entities: list[Entity], text: str) -> list[Entity]:
    """Drop a person whose name (or the full name holding the name word) ``text`` glosses in another script in
    the bracket right after it (``Xiao Zhala (蕭札剌)``: :func:`..lexicon.script_glossed`), and the other
    forms of the person that such a bracket lists (``Liu Ni`` of ``Liu Heima (劉黑馬, Liu Ni)``): renamed
    alone, they would part from the kept name."""
    if "(" not in text:
        return entities
    glosses = [g for g in re.findall(r"\(([^()]*)\)", text) if other_script(g)]
    if not glosses:
        return entities
    return [e for e in entities if e.category != "person" or not (
        any(occurs_in(e.surface, g) for g in glosses) or any(
            other_script(m.group(1)) for m in re.finditer(
                rf"(?<![\w'’]){re.escape(e.surface)}(?: [A-Z][\w'’-]*)*\s*\(([^()]*)\)", text)))]


def _whole_spellings(entities: list[Entity], text: str) -> list[Entity]:
    """Drop a person's name word or a place one of whose spellings in the article is not renamed (``Ögedei``
    renamed, ``Ogedei`` left; ``Krakow`` of a question beside the passage's ``Kraków``): one referent must
    not end with two names."""
    surfaces = {e.surface for e in entities}
    return [e for e in entities if e.category not in PLACES | {"person"}
            or (e.category == "person" and " " in e.surface)
            or accent_variants(e.surface, [text]) <= surfaces]


def article_surnames(texts: list[str], mentions: dict[str, list[Mention]], lexicon: Lexicon) -> set[str]:
    """The surnames of the full names that NER labels PERSON in the article and that read as a person's
    (a bank first name and name words, :meth:`Lexicon.looks_like_person`: ``Edward Braddock``): the
    article's own evidence outweighs the dataset's votes for the lone word, so a PERSON mention of the
    surname alone (``Braddock``, also a town) keeps its label, and an ORG label of it is no vote; so do the
    surnames of full names a particle opens (``Bismarck`` of ``Otto von Bismarck``: :func:`particle_parts`),
    and a PERSON mention of such a surname alone is a name word although English knows it well."""
    found = set()
    for text in texts:
        for mention in mentions.get(text, ()):
            cleaned = clean_surface(mention.text)
            if mention.label == "PERSON" and " " in cleaned and label_holds(mention, lexicon):
                found.update(person_parts(cleaned, lexicon)[-1:] if lexicon.looks_like_person(cleaned)
                             else particle_parts(cleaned, lexicon, texts, mentions)[-1:])
    return found


#: A country's letter code (``US``, ``UK``, ``U.S.``).
COUNTRY_CODE = LETTER_CODE


def country_codes(entities: list[Entity], texts: list[str], lexicon: Lexicon) -> list[Entity]:
    """The letter codes (``US``, ``UK``, ``USA``, ``U.S.``) and the longer official names (``United States
    of America`` beside ``United States``) that ``texts`` use for a country they name: aliases of the
    country, renamed with it ("the US" → "Kenya", "a US court" → "a Kenya court") rather than left to keep
    the country's old name. A dotted code only where no occurrence may end a sentence, since its full
    stop would go with it (:func:`may_end_sentence`)."""
    names = {e.surface for e in entities}
    text = "\n".join(texts)
    found: dict[str, Entity] = {}
    for e in entities:
        if e.category != "country":
            continue
        for alias in sorted(lexicon.referent_names(e.referent)):
            longer = " " in e.surface and alias != e.surface and occurs_in(e.surface, alias)
            if (alias in names or alias in found or not (COUNTRY_CODE.fullmatch(alias) or longer)
                    or not occurs_in(alias, text)):
                continue
            if alias.endswith(".") and may_end_sentence(alias, texts, lexicon):
                continue
            found[alias] = Entity(alias, "country", "country", e.referent)
    return list(found.values())


#: A capitalised word this frequent in English after a dotted code opens a sentence ("the U.S. The …");
#: a rarer one continues a name ("U.S. Ambassador", "U.S. National Science Foundation").
MIN_OPENER_ZIPF = 5.6


def may_end_sentence(code: str, texts: list[str], lexicon: Lexicon) -> bool:
    """Some occurrence of the dotted ``code`` in a passage or question may end a sentence: it ends the
    text, or a capitalised function word or very common word follows it (an answer copied out of a
    passage may end with it: the passage decides)."""
    passages = "\n".join(t for t in texts if len(t) > MAX_ANSWER_CHARS)
    pattern = re.compile(rf"(?<!\w){re.escape(code)}(?:\s+[\"“]?([^\W\d_][\w'’]*)|\s*$)")
    for text in texts:
        own = len(text) > MAX_ANSWER_CHARS or text not in passages
        for m in pattern.finditer(text):
            word = m.group(1)
            if word is None and own:
                return True
            if word and word[0].isupper() and (word.lower() in FUNCTION_WORDS
                                               or lexicon.zipf(word) >= MIN_OPENER_ZIPF):
                return True
    return False


#: Words derived from a country that name something other than its people (``Germanic`` languages and
#: tribes, ``Arabic`` the language, ``Slavic``): only the gazetteer's own demonyms with these endings follow.
_NOT_NATIONALITY_ENDINGS = ("ic",)


def derived_demonyms(entities: list[Entity], text: str, lexicon: Lexicon) -> list[Entity]:
    """The demonyms of the article's countries that NER did not label as one (``Korean`` beside ``Korea``,
    ``Mongolian`` beside ``Mongolia``), found with the mechanism the Yan et al. configs use
    (:meth:`Lexicon.derived_words`): nationalities that follow their country's new name, so that the
    country is renamed with them instead of left for them (``place.derived-word-left``). Each occurrence
    is then checked like any nationality's (language use, a plural without ``-s``, inside a longer name);
    a demonym of several referents (``British``), of another country of the gazetteer, or ending in ``s``
    (``Scots`` law and the ``Scots``: adjective or plural) is never added."""
    have = {e.surface.lower() for e in entities}
    table = demonyms(lexicon.root)
    shared = shared_demonyms(lexicon)
    found = []
    for country in (e for e in entities if e.category == "country" and not COUNTRY_CODE.fullmatch(e.surface)):
        for word in lexicon.derived_words(country.surface, [text]):
            owner = table.get(word)
            if (word in have or word in shared or " " in word or word.endswith("s")
                    or (owner is not None and lexicon.aliases.get(owner, owner) != country.referent)
                    or (owner is None and word.endswith(_NOT_NATIONALITY_ENDINGS))):
                continue
            forms = (m.group(0) for m in re.finditer(rf"(?<!\w){re.escape(word)}(?=s?(?!\w))", text,
                                                     re.IGNORECASE))
            surface = next((f for f in forms if f[:1].isupper()), None)
            if surface is None:
                continue  # "french fries": the renamer renames names
            have.add(word)
            found.append(Entity(surface, "nationality", "nationality", lexicon.aliases.get(surface, surface),
                                country.referent))
    return found


def initials(name: str) -> str:
    """The initials of a name's words other than function words (``National Science Foundation``: ``NSF``)."""
    return "".join(w[0] for w in name.split() if w.lower() not in FUNCTION_WORDS)


def organisation_alone(entity: Entity, text: str, lexicon: Lexicon, followed: Iterable[str] = (),
                       shared: Collection[str] = (), index: WordIndex | None = None) -> bool:
    """No word of the organisation's name and not its initials occurs in ``text`` outside its full name:
    ``Harvard`` or ``NSF`` left alone would be the same referent under its old name. A word that stands
    alone for something else is no such word: the organisation word of a name holding a word that is no
    common word, which the new name shares (``the Commission`` of ``Santer Commission`` stays right; but
    ``the Bureau`` of ``Parliamentary Bureau``, a name of common words only, may be the body the name only
    describes), and a place, people or common word (not of a party, whose word alone names its members:
    ``Conservative MPs`` beside ``Conservative Party``)
    (:func:`names_other`: the ``Scottish`` of ``Scottish MPs`` beside ``Scottish Parliament``), unless it
    is a ``shared`` lone word (:func:`unclear_lone_words`: ``Cambridge`` of ``University of Cambridge``
    beside the city, which a question's "Oxford and Cambridge" may name); nor are the ``followed`` short
    forms, renamed with it (:func:`organisation_short_forms`). Initials glued into a longer word (``DECnet``:
    :func:`..entities.glued_initials`) would keep the old letters: never alone. ``index``: the
    :class:`WordIndex` of ``text``'s lines, where one serves many organisations (no word spans a line)."""
    surface = entity.surface
    content = [w for w in surface.split() if w.lower() not in FUNCTION_WORDS]
    proper = any(head_key(w) != entity.head and not lexicon.common_word(_POSSESSIVE.sub("", w))
                 for w in content)
    words = [w for w in content if (not proper if head_key(w) == entity.head
                                    else entity.head in MEMBER_HEADS or w in shared
                                    or not names_other(w, lexicon))]
    skip = set(followed)
    letters = initials(surface)
    checked = [w for w in (*words, letters) if len(w) >= 2 and w not in skip]
    glued = len(letters) >= 2 and letters in text
    if index is not None:  # only the lines that may hold one of its words or its initials are read
        rows = {i for w in checked for i in index.holding(w)}
        if glued:
            rows.update(i for i, line in enumerate(index) if letters in line)
        text = "\n".join(index[i] for i in sorted(rows))
    rest = re.sub(rf"(?<!\w){re.escape(surface)}(?!\w)", " ", text)
    return not (any(occurs_in(w, rest) for w in checked) or (glued and glued_initials(letters, [rest])))


def lone_word(organisation: Entity) -> str | None:
    """The one word of an organisation's two-word name besides its organisation word and function words
    (``Harvard`` of ``Harvard University``, ``Cambridge`` of ``University of Cambridge``)."""
    content = [w for w in organisation.surface.split() if w.lower() not in FUNCTION_WORDS]
    others = [w for w in content if head_key(w) != organisation.head]
    return others[0] if len(others) == 1 and len(content) == 2 else None


def shared_lone_words(entities: Iterable[Entity]) -> set[str]:
    """The organisations' lone words (:func:`lone_word`) that are also another entity of the article, a
    city or a person (``Cambridge`` of ``University of Cambridge`` beside the city ``Cambridge``): standing
    alone, the word may name either ("Oxford and Cambridge"). Not a country: its name alone names the
    country (``England`` beside ``Bank of England``)."""
    others = {e.surface for e in entities if e.category in ("city", "person")}
    return {w for e in entities if e.category == "organization" and (w := lone_word(e)) in others}


def unclear_lone_words(article: Iterable[Entity], texts: Sequence[str]) -> set[str]:
    """The article's shared lone words (:func:`shared_lone_words`) of an organisation that the passage group's
    passage writes, that another text (a question) writes alone while the passage writes them only inside
    names (``Cambridge`` beside the passage's ``University of Cambridge``, in "trained at Cambridge", "Oxford
    and Cambridge"): a question's lone word then names what the passage names, the organisation as much as
    the article's city, and can follow neither. A passage that writes the word alone uses it for the city
    (``Warsaw`` beside ``University of Warsaw``)."""
    article = list(article)
    shared = shared_lone_words(article)
    found = set()
    passages = [t for t in texts if len(t) > MAX_ANSWER_CHARS]
    for org in (e for e in article if e.category == "organization" and lone_word(e) in shared):
        word = lone_word(org) or ""
        alone = [(len(t) > MAX_ANSWER_CHARS, occurs_in(word, re.sub(
            rf"(?<!\w){re.escape(org.surface)}(?!\w)", " ", t))) for t in texts]
        if (any(occurs_in(org.surface, t) for t in passages) and any(a for _, a in alone)
                and not any(passage and a for passage, a in alone)):
            found.add(word)
    return found


#: Organisation words of a body whose name's other words alone name its members (``Conservative MPs``).
MEMBER_HEADS = frozenset(["party"])


def names_other(word: str, lexicon: Lexicon) -> bool:
    """A word of an organisation's name that, standing alone, names a place, a people or nothing: the
    dataset's NER labels it mostly GPE, NORP or LOC, or, labelled neither mostly ORG nor PERSON, it is a
    gazetteer place, a demonym or a common word (``French`` of ``French Navy``, ``Warsaw`` of ``University
    of Warsaw``, ``Central`` of ``European Central Bank``); not ``Harvard`` or ``RAND``, mostly ORG."""
    word = _POSSESSIVE.sub("", word)
    label = lexicon.labels.mostly(word)
    if label in ("ORG", "PERSON"):
        return False
    return (label in ("GPE", "NORP", "LOC") or lexicon.is_gazetteer_name(word)
            or word.lower() in lexicon.nationalities or lexicon.common_word(word))


def _whole_organisations(entities: list[Entity], text: str, lexicon: Lexicon,
                         shared: Collection[str] = ()) -> list[Entity]:
    """The organisations :func:`organisation_alone` keeps in ``text`` (with the short forms kept beside
    them; ``shared``: the passage group's :func:`unclear_lone_words`), and the short forms whose
    organisation is kept."""
    followed: dict[str, set[str]] = defaultdict(set)
    for e in entities:
        if e.short_of:
            followed[e.short_of].add(e.surface)
    index = line_index(text)
    kept = [e for e in entities if e.category != "organization" or e.short_of
            or organisation_alone(e, text, lexicon, followed[e.surface], shared, index)]
    organisations = {e.surface for e in kept if e.category == "organization"}
    return [e for e in kept if not e.short_of or e.short_of in organisations]


def organisation_short_forms(entities: list[Entity], texts: list[str], mentions: dict[str, list[Mention]],
                             lexicon: Lexicon) -> list[Entity]:
    """The lone word and the initials that stand for the article's organisations outside their full names
    (``Harvard`` of ``Harvard University``, ``NSF`` of ``National Science Foundation``): organisation
    entities that follow their full name's new name (its word in the same place, its initials:
    :func:`.mapping.short_form`), as a demonym follows its country, so the organisation is renamed with
    them instead of left for them (``entswap.org-word-alone``). The lone word is the one word of the name
    besides its organisation word and function words; it follows when NER labels it ORG on its own more
    often than anything else in the article, and it is no common word, gazetteer place, demonym or other
    entity of the article; the initials (two letters or more) when NER labels them ORG more often than
    anything else. A short form of two organisations (``Harvard`` of ``Harvard
    University`` and ``Harvard College``) follows neither; each occurrence is then checked like any
    entity's (:func:`_unambiguous`: not inside a longer name such as ``John Harvard``)."""
    joined = "\n".join(texts)
    taken = {e.surface for e in entities}
    labels: dict[str, Counter[str]] = defaultdict(Counter)
    for text in texts:
        for m in mentions.get(text, ()):
            labels[clean_surface(m.text)][m.label] += 1
    found: dict[str, list[Entity]] = defaultdict(list)
    for org in (e for e in entities if e.category == "organization"):
        rest = re.sub(rf"(?<!\w){re.escape(org.surface)}(?!\w)", " ", joined)
        forms = [initials(org.surface)]
        word = lone_word(org)
        if (word and _SINGLE_WORD.match(word) and not lexicon.common_word(word)
                and not lexicon.is_gazetteer_name(word) and word.lower() not in lexicon.nationalities):
            forms.append(word)
        for form in forms:
            votes = labels[form]
            if (len(form) >= 2 and form not in taken and occurs_in(form, rest)
                    and votes["ORG"] * 2 > sum(votes.values())):
                found[form].append(Entity(form, "organization", "organization", org.referent, head=org.head,
                                          short_of=org.surface))
    return [group[0] for group in found.values() if len(group) == 1]


def names_person(surface: str, counter: Counter[str], in_full_names: set[str], lexicon: Lexicon) -> bool:
    """Whether ``surface`` is a person's name in the article or the dataset: a word of a longer PERSON name
    of the article, labelled PERSON in the article, a name reading as a person's (``Sheldon Ungar``), or a
    bank name that the dataset labels PERSON at least as often as anything else."""
    if surface in in_full_names or counter["person"] or lexicon.looks_like_person(surface):
        return True
    if " " in surface or not lexicon.person_word(surface):
        return False
    votes = lexicon.labels.votes.get(surface)
    return bool(votes) and votes["PERSON"] > 0 and votes["PERSON"] * 2 >= sum(votes.values())


def _unambiguous(entities: list[Entity], texts: list[str], person_names: list[list[str]],
                 lexicon: Lexicon, mentions: dict[str, list[Mention]] | None = None,
                 pronouns: Callable[[tuple[str, ...]], tuple[int, int]] | None = None,
                 article_wide: bool = False, reordered: dict[tuple[str, ...], str] | None = None,
                 deferred: dict[str, set[str]] | None = None) -> list[Entity]:
    """Drop entities that some occurrence shows inside a longer name, a place with an article the renamer
    cannot follow, a demonym used as a language or as a plural without ``-s``; then every word of a person
    name one of whose words is not renamed (no half-renamed full name; but another person's full name
    whose surname is not renamed is left whole at its mentions and a given name it shares with a renamed
    full name kept: :func:`other_full_name`). Repeated until nothing changes:
    dropping a longer name exposes the names inside it. ``article_wide``: the texts are the whole
    article's (:func:`settle_article_wide`), where a demonym the renamer cannot inflect at one occurrence is
    left out of that occurrence's passage group only (:meth:`_Occurrences.conflict`). ``reordered``: the
    names written family name first that are renamed as units → their given name's type
    (:func:`full_names`). ``deferred`` (with ``article_wide``): receives, per question, the person words
    that only its own longer name would drop (:attr:`Candidates.question_twists`), which vetoes nothing
    article-wide."""
    kept = {e.surface: e for e in entities}
    inner: dict[str, Entity] = {}  # given names renamed only inside their full names
    name_starts = person_name_starts(texts, mentions or {}, lexicon)
    institutions = institution_spans(texts, mentions or {})
    while True:
        full = {e.surface: e for e in full_names(person_names, kept, inner, texts, mentions, lexicon,
                                                 pronouns, reordered)}
        others = other_full_names(person_names, kept, inner, reordered)
        whole = whole_forms(others, texts)
        occurrences = _Occurrences({**inner, **kept, **full}, texts, (" ".join(ps) for ps in person_names),
                                   name_starts, inner=set(inner) - set(kept), article_wide=article_wide,
                                   whole=whole, deferred=deferred, institutions=institutions)
        dropped = {w for e in full.values() if occurrences.conflict(e, lexicon) for w, t in e.parts
                   if w in kept and not (e.family_first and kept[w].span_type != t)}
        # "Chevrolet Monte Carlo": the full name itself stands in a longer name (not "Zhu" of Zhu Xi with
        # "Kong Zhu": a family name elsewhere, renamed at its own mentions)
        for surface, entity in kept.items():
            why = surface not in dropped and occurrences.conflict(entity, lexicon)
            if why:
                dropped.add(surface)
                if (why == "inside-longer-name" and entity.category == "person" and entity.span_type != "last"
                        and never_alone(surface, occurrences.words)):
                    inner[surface] = entity  # "Louis" of "Louis Menand" and "Henry Louis Gates"
        persons = {s for s, e in kept.items() if e.category == "person"} - dropped
        units = {tuple(w for w, _ in e.parts)  # the full names this round's words make ("John Paul II": none)
                 for e in full_names(person_names, {s: kept[s] for s in persons}, inner, texts, mentions,
                                     lexicon, pronouns, reordered)}
        given: dict[str, Entity] = {}  # "John" of "John Smeaton" and "William John Macquorn Rankine": a
        # given name that never stands alone is renamed inside its full names as a unit, not dropped
        # with this round's persons: "John Harvard" once "Harvard" is dropped inside "Harvard University"
        others = {**other_full_names(person_names, {s: kept[s] for s in persons}, inner, reordered), **others}
        for parts in person_names:
            if (tuple(parts) in (reordered or {}) and parts[0] not in persons and parts[-1] in persons
                    and kept[parts[-1]].span_type == "last"):
                continue  # "Kong Zhu" beside the Zhu family: another's name, left whole (chinese_given_of)
            if tuple(parts) in others:  # "John Harvard" beside "John Adams": left whole, "John" renamed at
                dropped |= {p for p in parts if p in persons} - others[tuple(parts)]  # the others' mentions
                continue
            if len(parts) > 1 and (not all(p in persons or p in inner or p in SURNAME_LINKS for p in parts)
                                   or (any(p in inner for p in parts) and tuple(parts) not in units)):
                half = {p for p in parts if p in persons}
                dropped |= half
                given.update((p, kept[p]) for p in half if p != parts[-1] and kept[p].span_type != "last"
                             and never_alone(p, occurrences.words))
        inner.update(given)  # after the loop: "John" of "William John Macquorn Rankine" keeps "John Smeaton"
        dropped |= glossed_persons(dropped, kept, texts)  # "Jean Cauvin (John Calvin)" beside Calvin left
        if not dropped:
            keeps = occurrences.keep
            return [replace(e, keep=(*keeps.get(s, ()), *(f for f in whole if e.category == "person"
                                                          and occurs_in(s, f))))
                    for s, e in kept.items()] + list(full.values())
        for surface in dropped:
            del kept[surface]


def other_full_names(person_names: list[list[str]], kept: dict[str, Entity], inner: dict[str, Entity],
                     reordered: dict[tuple[str, ...], str] | None) -> dict[tuple[str, ...], frozenset[str]]:
    """The full names of persons left whole at their own mentions (:func:`other_full_name`) → their given
    names that stay renamed at the other persons' mentions."""
    persons = {s for s, e in kept.items() if e.category == "person"}
    renamable = {tuple(ps) for ps in person_names if len(ps) > 1
                 and all(p in persons or p in inner or p in SURNAME_LINKS for p in ps)}
    return {parts: shared for parts in dict.fromkeys(map(tuple, person_names))
            if (shared := other_full_name(parts, persons, inner, kept, renamable, reordered))}


def other_full_name(parts: Sequence[str], persons: set[str], inner: dict[str, Entity],
                    kept: dict[str, Entity], renamable: set[tuple[str, ...]],
                    reordered: dict[tuple[str, ...], str] | None) -> frozenset[str]:
    """The given names of ``parts`` that stay renamed while the person ``parts`` names is left whole at its
    own mentions: ``parts`` is a full name whose surname is not renamed, whose renamed words are given names
    and some of them given names of other full names renamed whole (``John`` of ``John Harvard`` beside
    ``John Adams``), which keep their new name instead of leaving every person of the article with that
    given name out; its other renamed words (``Alden`` of ``John Alden Carpenter``) are left as before.
    None for a name written family name first (its last word is a given name) or one whose surname is
    renamed (``Kennedy`` alone would be the person left whole)."""
    if len(parts) < 2 or tuple(parts) in (reordered or {}) or parts[-1] in persons or parts[-1] in inner:
        return frozenset()
    half = [p for p in parts if p in persons]
    if not all(kept[p].span_type != "last" for p in half):
        return frozenset()
    return frozenset(p for p in half if any(p in other[:-1] and other != tuple(parts) for other in renamable))


def whole_forms(others: dict[tuple[str, ...], frozenset[str]], texts: list[str]) -> list[str]:
    """The mentions left whole for :func:`other_full_names`: how ``texts`` write those full names
    (:func:`written_forms`) and their kept given names followed by "of" and a capitalised word (``John of
    London``, a ship; ``John of Gaunt``): a byname, no mention of the persons renamed."""
    forms = dict.fromkeys(f for parts in others for f in written_forms(parts, texts) or [" ".join(parts)])
    for word in {w for shared in others.values() for w in shared}:
        byname = re.compile(rf"(?<![\w'’]){re.escape(word)} of [A-Z][\w'’-]*")
        forms.update((m.group(0), None) for t in texts if word in t for m in byname.finditer(t))
    return list(forms)


def written_forms(parts: Sequence[str], texts: Iterable[str]) -> list[str]:
    """How ``texts`` write the full name ``parts``: its first word and, after capitalised words, initials
    or particles, its last word in any accents (``John W. Weeks`` of ``John Weeks``; ``William Rankine``
    and ``William John Macquorn Rankine``; ``Thomas de Maiziere`` and ``Thomas de Maizière``)."""
    run = re.compile(rf"(?<![\w'’]){re.escape(parts[0])}((?:\s+(?:[A-Z][\w'’.-]*|"
                     rf"{'|'.join(map(re.escape, sorted(SURNAME_LINKS)))}))+)")
    last = strip_marks(parts[-1])
    exact = re.compile(r"(?<![\w'’])" + _INITIALS.join(re.escape(p) for p in parts) + r"(?!\w)")
    forms: dict[str, None] = {}
    for text in texts:
        forms.update((m.group(0), None) for m in (exact.finditer(text) if parts[0] in text else ()))
        for m in run.finditer(text) if parts[0] in text else ():
            ends = [m.start(1) + w.end(1) for w in re.finditer(r"(\w[\w-]*)(?:['’]\w*)?", m.group(1))
                    if strip_marks(w.group(1)) == last]
            if ends:
                forms[text[m.start():ends[-1]]] = None
    return list(forms)


def glossed_persons(dropped: set[str], kept: dict[str, Entity], texts: Sequence[str]) -> set[str]:
    """The persons of ``kept`` glossed by a ``dropped`` person's name in parentheses, or glossing it, in
    ``texts`` ("Jean Cauvin (John Calvin)": one person, two names): left out with it, else one of the two
    names would give the renamed one away ("Jean Wanja (John Calvin)", blind read of issue 19's eighteenth
    session)."""
    persons = {surface for surface, entity in kept.items() if entity.category == "person"} - dropped
    if not persons or not dropped:
        return set()
    bracketed = [t for t in texts if "(" in t]  # most texts (the questions) hold no bracket
    names = persons | dropped
    pairs = [(name, b) for name in names for t in bracketed for b in brackets_after(name, t)]
    index = WordIndex([b for _, b in pairs])  # each name looked up only in the brackets that may hold it
    glosses = {(pairs[i][0], other) for other in names for i in index.holding(other)
               if occurs_in(other, pairs[i][1])}
    return ({name for name, other in glosses if name in persons and other in dropped}
            | {other for name, other in glosses if other in persons and name in dropped})


def institution_spans(texts: list[str], mentions: dict[str, list[Mention]]
                      ) -> dict[str, list[tuple[int, int]]]:
    """Text → where NER labels an organisation or a facility (``Hutchinson Commons``, ``the Ryerson Physical
    Laboratory``, ``McKinsey & Company``): the evidence that a surname's longer name is an institution
    named after the person (:meth:`_Occurrences.institution_after`), not a term (``the Hamming Code``)."""
    return {t: [(m.start, m.end) for m in mentions.get(t, ()) if m.label in ("ORG", "FAC")] for t in texts}


def person_name_starts(texts: list[str], mentions: dict[str, list[Mention]], lexicon: Lexicon
                       ) -> dict[str, set[int]]:
    """Text → where NER's PERSON mentions of a full name open: a mention that reads as a person's name
    (:meth:`Lexicon.looks_like_person`) or whose words are all name words (``David Tappan``); where a mention
    swallows the word before a full name that the article's texts label PERSON on its own (``Harvard
    Joseph Willard`` beside ``Joseph Willard``), the name opens after that word."""
    alone = {clean_surface(m.text) for t in texts for m in mentions.get(t, ()) if m.label == "PERSON"}
    starts: dict[str, set[int]] = {}
    for text in texts:
        found = starts[text] = set()
        for m in mentions.get(text, ()):
            cleaned = clean_surface(m.text)
            if m.label != "PERSON" or " " not in cleaned:
                continue
            if lexicon.looks_like_person(cleaned) or len(person_parts(cleaned, lexicon)) > 1:
                head, _, tail = cleaned.partition(" ")
                if " " in tail and tail in alone and text.startswith(tail, m.start + len(head) + 1):
                    found.add(m.start + len(head) + 1)  # "Harvard Joseph Willard": the name opens at Joseph
                else:
                    found.add(m.start)
    return starts


_INITIALS = r"(?:\s+[A-Z]\.)*\s+"


def never_alone(word: str, texts: Sequence[str]) -> bool:
    """Every occurrence of the name word ``word`` has a capitalised word right after it (an initial may come
    between) or a capitalised word right before it that opens no sentence: it always stands in some longer
    name, never alone, so leaving it unrenamed outside the full names renamed as a unit leaves no mention
    of their person behind. An answer copied out of a passage is read there, in its sentence ("Lake George"
    opens an answer, not a sentence)."""
    pattern = re.compile(rf"(?<![\w'’]){re.escape(word)}(?!\w)")
    passages = "\n".join(t for t in texts if len(t) > MAX_ANSWER_CHARS)
    for text in texts_holding(texts, word):  # with a :class:`WordIndex`, the texts that hold the word
        if len(text) <= MAX_ANSWER_CHARS and text in passages:
            continue
        for m in pattern.finditer(text):
            after = re.match(rf"{_INITIALS}[^\W\d_]", text[m.end():m.end() + NEIGHBOURHOOD])
            if (after and after.group(0)[-1].isupper()) or _capital(_LINK_AFTER.match(text, m.end())):
                continue  # "Louis Menand", "George M. Whitesides", "George de Roerich"
            if not name_word_before(text, m.start()):
                return False
    return True


def name_word_before(text: str, start: int) -> bool:
    """A capitalised word that is no function word and opens no sentence stands right before ``start``:
    what starts there continues a name ("Henry Louis", "Latin America"; not "In America")."""
    before = text[max(0, start - NEIGHBOURHOOD):start]
    prev = _WORD_BEFORE.search(before)
    return (_capital(prev) and prev.group(1).lower() not in FUNCTION_WORDS
            and not _SENTENCE_BEFORE.search(before[:prev.start()]))


def full_names(person_names: list[list[str]], kept: dict[str, Entity], inner: dict[str, Entity],
               texts: list[str], mentions: dict[str, list[Mention]] | None = None,
               lexicon: Lexicon | None = None,
               pronouns: Callable[[tuple[str, ...]], tuple[int, int]] | None = None,
               reordered: dict[tuple[str, ...], str] | None = None) -> list[Entity]:
    """The full names renamed as a unit: those with a given name of ``inner`` (a word that only ever stands
    inside longer names, one of which is no renamed person: ``Louis`` of ``Henry Louis Gates``) and every
    other word renamed alone. Each form the texts use (``George M. Whitesides``) is an entity whose words
    take their referents' new names, so the full name and its lone surname follow one mapping and the
    other name keeps its word. A given name of ``inner`` is typed as the Yan configs type one
    (:func:`first_name_type`: the passages' pronouns, else name data that do not conflict); when nothing
    shows its bearer's sex it is kept and the rest renamed (``Jean Cauvin``: the US bank's female ``Jean`` is
    a guess): its span type is then empty. A name of ``reordered``, written family name first (``Shi
    Tianze``), is a unit too, whose new name puts the new family name first (:attr:`Entity.family_first`)."""
    found: dict[str, Entity] = {}
    mentions = mentions or {}
    for parts in dict.fromkeys(map(tuple, person_names)):  # one pass per name, not per mention
        unit = parts in (reordered or {})
        if (len(parts) < 2 or not (unit or any(p in inner for p in parts))
                or not all(p in inner or (p in kept and kept[p].category == "person") for p in parts)):
            continue
        # the whole article's pronouns where given: typing is evidence about the name
        male_female = (pronouns(tuple(parts)) if pronouns is not None
                       else pronoun_votes(tuple(parts), texts, mentions or {}))
        words = tuple((p, kept[p].span_type if p in kept
                       else (first_name_type(p, lexicon, male_female, name=parts if p == parts[0] else ())
                             or "") if lexicon is not None
                       else inner[p].span_type) for p in parts)
        if unit:  # "Yan Shi": the given name keeps its type where its lone mentions are a family name
            words = ((parts[0], "last"), (parts[1], (reordered or {})[parts]))
        pattern = re.compile(r"(?<![\w'’])" + _INITIALS.join(re.escape(p) for p in parts) + r"(?!\w)")
        forms = {m.group(0): _BYNAME.match(text, m.end()) for text in texts for m in pattern.finditer(text)}
        if not any(forms.values()):  # "John Paul II" is a regnal name, no given name and family name
            found.update((f, Entity(f, "person", "last", parts=words, family_first=unit)) for f in forms
                         if f not in found)
    return list(found.values())


_BYNAME = re.compile(r"\s+[IVXLC]+(?!\w)")


#: A text this short may be an answer copied out of a passage.
MAX_ANSWER_CHARS = 300


#: Nouns of an agreement or a meeting named after the city where it was signed or held (``Treaty of Paris``,
#: ``Congress of Vienna``): another referent than the city, which the bare name does not mean, so the
#: name is left whole and the city renamed at its own mentions (unlike ``Siege of Paris``, the city itself).
VENUE_NOUNS = frozenset(words_of("""
treaty treaties peace convention congress conference summit protocol declaration accord accords agreement
"""))


#: Nouns of an event, agreement or law named after the city where it was held or signed or which it
#: governs (``Paris Peace Conference``, ``Lisbon Treaty``, ``Quebec Act``): a fixed term that keeps its old
#: name, unlike a building or a work named after the city (``Dublin Castle``), renamed with it, and the
#: city's own upheaval (``Warsaw Uprising``, as a demonym's :data:`OWN_EVENTS`), which follows the city.
FIXED_AFTER_CITY = (EVENT_NOUNS | VENUE_NOUNS | frozenset(words_of("act acts law laws edict charter statute"))
                    ) - frozenset(["revolution", "rebellion", "uprising"])


#: The capitalised words (and linking "of", "the", "for") right before a name.
_CAPITALISED_RUN = re.compile(r"(?:(?:[A-Z][\w'’.-]*|of|the|for)\s+)+$")


def office_before(before: str) -> bool:
    """The capitalised words right before a name hold a title of office (:data:`OFFICE_WORDS`: ``Secretary
    of Defense``, ``Harvard President``, ``Professor of Divinity``, ``Environment Commissioner``, ``Mexican
    Presidents``, ``Indian Member of Parliament``) that ends right there or with "of <Name>": they name the
    office, not part of the name (unlike ``Chevrolet Monte Carlo``, ``Minister of Finance Abul Maal``)."""
    run = _CAPITALISED_RUN.search(before)
    words = run.group(0).split() if run else []
    if words[:1] == ["of"]:  # "the president of Harvard": a lower-case office of a named body
        prev = re.search(r"(\w+)\s+$", before[:run.start()])
        words = [prev.group(1), *words] if prev else words
    last = max((i for i, w in enumerate(words) if w.lower().rstrip(".") in OFFICE_WORDS), default=None)
    tail = words[last + 1:] if last is not None else ["?"]  # after the office at most "of <Name>"
    return not tail or (len(tail) == 2 and tail[0] == "of" and tail[1][0].isupper())


def title_after(word: str, rest: str, lexicon: Lexicon) -> bool:
    """A common English word and a ruler's title right after a person's name (``proclaimed Ariq Böke Great
    Khan``, ``Grand Duke``): the title the person is given, no longer name; it stays around the new name."""
    title = _WORD_AFTER.match(rest)
    return (lexicon.common_word(word) and _capital(title)
            and title.group(1).rstrip(".").lower() in TITLES | TRAILING_TITLES)


#: A word and "&" right before a name, or "&" and a word right after it (``Boulton & Watt``).
_AMPERSAND_BEFORE = re.compile(r"(\w+) &\s?$")
_AMPERSAND_AFTER = re.compile(r"\s?& ?(\w+)")


#: The items of a list before a name ("Baden, " of "the German territories of Baden, Franconia").
_ITEMS_BEFORE = re.compile(r"(?:[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*(?:, (?:and |or )?| and | or ))+$")


def region_of(text: str, start: int) -> bool:
    """A region noun sets the name at ``start`` as a territory, alone or as a later item of its list ("the
    German territories of Baden, Franconia"): a territory, not the city of that name."""
    items = _ITEMS_BEFORE.search(text, max(0, start - 80), start)
    head = items.start() if items else start
    return REGION_OF.search(text, max(0, head - 40), head) is not None


#: A name given as a spelling of another ("also formerly spelled Warszewa and Warszowa").
_SPELLED = re.compile(r"\b(?:spelled|spelt|written)\s+(?:[A-Z][\w'’-]*(?:,\s*|\s+and\s+|\s+or\s+))*$")


#: Nouns of a faith's adherents after a demonym: the country's own (``French Catholics``, ``his Italian
#: Catholic mother``), renamed with it; unlike a rite or a church named by its people (``Greek orthodox``).
ADHERENT_NOUNS = frozenset(["catholic", "catholics"])
#: Plural number nouns that open a sentence before "of" and a name: a count, no longer name (``Hundreds of
#: French soldiers``).
COUNT_NOUNS = frozenset(["dozens", "scores", "hundreds", "thousands", "millions", "billions"])
#: Words after a demonym (a space or hyphen between) that make it its people's language, beyond those
#: :func:`language_phrase` reads (``the French language``, ``Scots dialects``, ``a French Bible``,
#: ``non-French linguistic origins``): the phrase is the language's, left whole there while the demonym
#: and its country are renamed elsewhere, as ``in French`` is (:meth:`_Occurrences.language_use`); never
#: renamed as the people's (a blind read, round 26, rejected "non-Guinean linguistic origins").
LANGUAGE_NOUNS = frozenset(["language", "languages", "dialect", "dialects", "bible", "bibles", "linguistic",
                            "linguistically", "grammar", "grammars", "pronunciation", "orthography",
                            "vocabulary", "idiom", "idioms", "loanword", "loanwords"])
#: Words of a sentence that speak of a language: a bare demonym after one there, heading no noun
#: (``Norman words … first entered Welsh at that time``), is that language, not the people.
_LANGUAGE_CLAUSE = re.compile(r"\b(?:languages?|dialects?|words?|loanwords?|vocabulary|borrowed|spoken"
                              r"|speaks?|spelling|spelled|spelt|pronounced|translated|linguistic)\b",
                              re.IGNORECASE)
#: A lower-case church after a demonym is its people's or country's congregation (``the French church in
#: New Amsterdam``, ``independence for the French church``), renamed with it; not a capitalised church's
#: name (``Greek Orthodox Church``) nor a rite (``Greek orthodox``).
PEOPLE_CHURCH = "church"


#: A question word opening a short text: a question without its question mark ("What did Donald Davies
#: Develop"), not a title.
_QUESTION_OPENING = re.compile(r"\s*(?i:what|who|whom|whose|which|when|where|why|how)\b")

#: The longest title: an article's title is a short text with no sentence in it.
_HEADING_CHARS = 80


#: The categories whose name a question may twist ("Old France", "the Free English", "What French City"):
#: SQuAD 2.0's unanswerable questions; the longer name no passage writes is renamed inside it.
_TWISTED = PLACES | {"nationality"}


@lru_cache(maxsize=1 << 14)
def _occurrence_pattern(surface: str) -> re.Pattern[str]:
    """An occurrence of ``surface`` as a word, plural or possessive (``Normans``, ``Newton's``), compiled
    once per name (:class:`_Occurrences` is made again for every passage group and round)."""
    return re.compile(rf"(?<!\w){re.escape(surface)}(?:s|['’]s|['’])?(?!\w)")


class _Occurrences:
    """Every occurrence (plural and possessive included) of the entities' surfaces in an article's texts,
    and the tests on their neighbours."""

    def __init__(self, entities: dict[str, Entity], texts: list[str], persons: Iterable[str] = (),
                 name_starts: dict[str, set[int]] | None = None, inner: Iterable[str] = (),
                 article_wide: bool = False, whole: Iterable[str] = (),
                 deferred: dict[str, set[str]] | None = None,
                 institutions: dict[str, list[tuple[int, int]]] | None = None) -> None:
        self.entities = entities
        #: Text → where NER labels an organisation or a facility (:func:`institution_spans`).
        self.institutions = institutions or {}
        #: Question → person words inside its own longer name, read in its passage group only
        #: (:attr:`Candidates.question_twists`); ``None``: such an occurrence is a conflict.
        self.deferred = deferred if article_wide else None
        #: The places among them: a list of these is one of places (``listed_with_non_places``).
        self.places = frozenset(s for s, e in entities.items() if e.category in PLACES)
        #: The texts are the whole article's: a demonym the renamer cannot inflect at one occurrence
        #: (:func:`bare_people`) is left out of that occurrence's passage group only, where the same check
        #: reads it again; what it says of the word's use (a language, a people) still holds article-wide.
        self.article_wide = article_wide
        #: The surfaces renamed on their own: not a given name renamed only inside its full names, so
        #: "Henry" before the "David" of "Henry David Thoreau" is inside a longer name that nothing renames.
        self.alone = [s for s in entities if s not in set(inner)]
        self.texts = texts
        #: The texts each word stands in: a name's checks read only the texts that hold it.
        self.words = WordIndex(texts)
        #: Text → where NER's PERSON mentions of a full name open (``Secretary of Defense James
        #: Schlesinger``): the capitalised words before such a start are no part of the name.
        self.name_starts = name_starts or {}
        #: Full names of the article's persons: a place inside one is no place ("Paris Hilton").
        self.persons = [p for p in persons if " " in p]
        self.person_words = WordIndex(self.persons)
        #: Full names with a particle ("Guy de Lusignan"): the particle joins no longer name there.
        self.particle_names = [re.compile(rf"(?<![\w'’]){re.escape(p)}(?!\w)") for p in self.persons
                               if any(w in SURNAME_LINKS for w in p.split())]
        names = sorted(entities, key=len, reverse=True)
        self.pattern = {s: _occurrence_pattern(s) for s in names}
        passages = "\n".join(t for t in texts if len(t) > MAX_ANSWER_CHARS)
        #: Texts that are not copied out of a passage: an answer shows no new use of a name.
        self.own = [len(t) > MAX_ANSWER_CHARS or t not in passages for t in texts]
        #: Questions: own short texts ending with a question mark. SQuAD 2.0's unanswerable questions twist
        #: the passage's wording ("the England's", "Old France", "Germany Pitsudski war"); such a twist is
        #: the question's own, kept around the new name, and vetoes nothing (:meth:`conflict`).
        self.question = [own and len(t) <= MAX_ANSWER_CHARS and (t.rstrip().endswith("?")
                                                                 or _QUESTION_OPENING.match(t) is not None)
                         for own, t in zip(self.own, texts, strict=True)]
        #: Place → the longer names of other referents that its occurrences stand in (:meth:`conflict`).
        self.keep: dict[str, tuple[str, ...]] = {}
        self.covers: list[list[tuple[int, int, str]]] = [[] for _ in texts]
        for s in (s for s in names if " " in s):
            for index in self.words.holding(s, plural=True):
                self.covers[index].extend((m.start(), m.end(), s)
                                          for m in self.pattern[s].finditer(texts[index]))
        #: Text → where another person's full name left whole stands (:func:`other_full_name`): a given
        #: name inside it is no occurrence of the renamed persons'.
        self.whole: list[list[tuple[int, int]]] = [[] for _ in texts]
        for s in whole:
            pattern = re.compile(rf"(?<![\w'’]){re.escape(s)}(?!\w)")
            for index in self.words.holding(s):
                self.whole[index].extend((m.start(), m.end()) for m in pattern.finditer(texts[index]))

    def conflict(self, entity: Entity, lexicon: Lexicon) -> str | None:
        """The check that some occurrence of the entity fails, or ``None`` when every one is clear."""
        holding = self.words.texts_holding(entity.surface)  # the texts that may hold it (case-sensitively)
        if entity.category in PLACES and peerage(entity.surface, holding):
            return "peerage"  # a peerage ("the Duke of Newcastle"): "Newcastle" alone names the duke
        terms: tuple[str, ...] = ()
        if entity.category == "person" and any(eponym_use(entity.surface, t) for t in
                                               self.words.texts_holding(entity.surface, any_case=True)):
            passages = [t for t in self.texts if len(t) > MAX_ANSWER_CHARS]
            terms = kept_eponym_terms(entity.surface, passages) if entity.span_type == "last" else None
            if terms is None:
                return "eponym"  # "Karp reductions", "the Watt engine": a term read as his mention
            # "Edison Machine Works": the institution's name stays whole, the surname is renamed elsewhere
        if (entity.category in PLACES and not COUNTRY_CODE.fullmatch(entity.surface)  # "us" is no "US"
                and lower_case_mention(entity.surface, self.words.texts_holding(entity.surface.lower()))):
            return "lower-case-mention"  # "the occupation of the philippines" would keep the old name
        if entity.category == "city" and any(not same_spelling(n, entity.surface) for n in
                                             lexicon.other_names_in(entity.surface, "city", self.words)):
            return "other-name-in-article"  # "New York City" also called "New York", "Warsaw" also "Warszawa"
        if entity.category == "city" and last_word_alone(entity.surface, self.words, self.entities):
            return "part-alone"  # "born in Wola" beside "the village of Żelazowa Wola": the old name's part
        if entity.category in PLACES and glued(entity.surface, (t for t, q in zip(self.texts, self.question,
                                                                              strict=True) if not q)):
            return "glued"  # "Manakintown" beside "Manakin Town" would keep the old name (a question's own
            # twist, "the Red ArmyWarsaw Uprising", vetoes nothing)
        if entity.category == "city" and term_of_place(entity.surface, holding):
            return "term"  # "Mechlin patterns on Lille ground": a lace ground named after the city
        # a code counts as alone even in "US Air Force"
        alone = entity.category not in PLACES or bool(COUNTRY_CODE.fullmatch(entity.surface))
        keep: dict[str, None] = dict.fromkeys(terms)
        #: The names of things named after the city that its occurrences stand in (``Dublin Castle``), while
        #: every occurrence not alone stands in one: the city is then renamed inside them (below).
        after_city: dict[str, None] = {}
        only_after_city = entity.category == "city"
        self.keep.pop(entity.surface, None)
        for index in self.words.holding(entity.surface, plural=True):  # texts with none add nothing
            text = self.texts[index]
            if self.article_wide and self.question[index] and entity.category == "nationality":
                continue  # a question's own wording (SQuAD 2.0's twists): read in its passage group only
            kept_at = [(k.start(), k.end()) for term in terms for k in re.finditer(re.escape(term), text)]
            for m in self.pattern[entity.surface].finditer(text):
                if any(a <= m.start() and m.end() <= b for a, b in kept_at):
                    continue  # inside a term named after the person, kept whole
                if entity.category == "person" and any(a <= m.start() and m.end() <= b
                                                       for a, b in self.whole[index]):
                    continue  # "John" of "John Harvard" beside "John Adams": left whole with that name
                if any(a <= m.start() and m.end() <= b and len(s) > len(entity.surface)
                       for a, b, s in self.covers[index]):
                    only_after_city = False
                    continue  # inside a longer name that is renamed as a whole
                if self.in_longer_name(entity, text, m.start(), m.end(), lexicon):
                    other = self.other_referent(entity, text, m.start(), lexicon)
                    if ((other is None or entity.category in PLACES) and self.question[index]
                            and self.twisted(entity, text, m.start(), m.end())):
                        continue  # a name only the question writes ("Old France", "Warsaw Palace" for the
                        # passage's "Warsaw's": blind read round 31): renamed inside it
                    if other is None and entity.category == "nationality":
                        phrase = self.demonym_phrase(entity, text, m.start(), m.end(), lexicon)
                        if phrase == entity.surface:
                            continue  # "the French Fort Duquesne": describes a name of its own, renamed
                        other = phrase  # "Norman French", "English Channel": left whole there only
                    if (other is None and entity.category == "person" and self.deferred is not None
                            and self.question[index] and entity.span_type.startswith("first")
                            and not entity.parts and not never_alone(entity.surface, self.words)):
                        self.deferred.setdefault(text, set()).add(entity.surface)
                        continue  # "Prince Louis de Conde" beside "Louis XIV": a given name many persons
                        # share, left in that passage group (one never alone is renamed inside its full names:
                        # :func:`_unambiguous`; a surname, "Hero of Ayanz", still vetoes article-wide)
                    if other is None:
                        return "inside-longer-name"
                    if entity.category == "nationality" and own_state_or_event(
                            other, text[m.start():m.end()], lexicon):
                        continue  # "the second German Empire": renamed inside with the country
                    if (entity.category == "nationality" and not self.article_wide and not self.heading(index)
                            and national_name(other, text[m.start():m.end()], lexicon)):
                        if (not self.country_named(entity)
                                or self.national_name_left(other, text, m.start(), m.end(), lexicon)):
                            return "national-name"  # "the Free French", "Scottish National Party" beside
                            # "SNP": left whole it would keep the demonym beside the country's new name; a
                            # passage not naming the country may mean another people ("Indian Health
                            # Service": American Indians), so the name is renamed only beside its country
                        continue  # "the French Protestant Church of London": renamed inside with its
                        # country ("the Chadian Protestant Church"), as a body of its one country (an event or
                        # a state of two, "French and Indian War", is kept whole, the country renamed)
                    keep[other] = None  # "Mexico City" left whole, Mexico renamed at its own mentions
                    if entity.category == "city" and other == self.renamed_with_city(entity, text, m.start(),
                                                                                        lexicon):
                        after_city[other] = None  # "Warsaw Ghetto": the city's own thing, renamed with it
                    else:
                        only_after_city = False
                    if entity.category == "nationality":  # "the Russo-Japanese war" is the same event
                        keep.update(dict.fromkeys(
                            f.group(0) for t in self.words.texts_holding(other, any_case=True)
                            for f in re.finditer(rf"(?<!\w){re.escape(other)}(?!\w)", t, re.IGNORECASE)))
                    continue
                if not alone and self.own[index]:
                    alone = not self.in_longer_name(entity, text, m.start(), m.end(), lexicon,
                                                    inner_place=False)
                    named = None if alone or not only_after_city else self.renamed_with_city(
                        entity, text, m.start(), lexicon)  # "London Exhibition": renamed inside it
                    if named:
                        after_city[named] = None
                    only_after_city = only_after_city and (alone or bool(named))
                if (entity.category in PLACES and not self.question[index]
                        and not self.article_ok(entity, text, m.start(), m.end())):
                    return "article"  # a question's "the England's" keeps its "the" around the new name
                if entity.category in PLACES and listed_with_non_places(text, m.start(), m.end(), lexicon,
                                                                            self.places):
                    return "listed-with-peoples"  # "the Huron, Mississauga, Ojibwa …": peoples, not the city
                if entity.category == "city" and region_of(text, m.start()):
                    return "region-of"  # "the German territories of Baden": a territory, not the city
                if entity.category in PLACES and _SPELLED.search(text, max(0, m.start() - 60), m.start()):
                    return "spelling"  # "Warszawa (also formerly spelled Warszewa and Warszowa)": a spelling
                nxt = re.match(r"\s+(\w+)", text[m.end():m.end() + NEIGHBOURHOOD])
                noun = nxt.group(1).lower() if nxt else ""
                if entity.category == "nationality" and not demonym_ok(entity.surface, text, m.start(),
                                                                       m.end()):
                    phrase = self.language_use(text, m.start(), m.end())
                    if phrase:
                        keep[phrase] = None  # "in French", "the Chinese language": the language, left whole
                        continue
                    plural = text[m.start():m.end()] == f"{entity.surface}s"  # "to Austrians": the people
                    if ((not plural and language_phrase(text, m.start(), m.end()) is not None)
                            or (COORDINATED.match(text, m.end()) and not coordinated_people(text, m.end())
                                and not coordinated_adjectives(text, m.end(), lexicon))
                            or shared_here(entity.surface.lower(), entity.country, self.texts,
                                           lexicon)):  # "the British" beside "the English": which people?
                        return "demonym-use"  # "switch to German in protest"; "the French, British and Dutch"
                    # else "the French were", "the British" (also a demonym of several referents, which
                    # follows its country at its people's uses as at its adjective uses): the people, renamed
                    # as a plural ("the Kenyans were"); "the French and British forces": adjectives before
                    # their noun, renamed as one ("the Kenyan and British forces")
                if entity.category == "nationality" and bare_people(entity.surface, text, m.start(), m.end()):
                    if self.article_wide:
                        continue  # the renamer's grammar at this occurrence: left out in its passage only
                    return "demonym-use"  # "intermarried with Dutch": no plural without "the" before it
                if entity.category == "nationality":
                    sense = other_sense(text, m.start(), m.end(), lexicon)
                    if sense == "language-use":  # "the French language", "non-French linguistic origins"
                        word = re.match(r"[ -]\w+", text[m.end():]).group(0)
                        keep[text[m.start():m.end()] + word] = None
                        continue
                    if sense and (self.article_wide or self.heading(index)):
                        continue  # a sense of this occurrence: the demonym is left in its passage only
                    if sense:
                        return sense  # "French Huguenots", "first entered Welsh": not the country's people
                if entity.category == "organization" and kind_of_body(text, m.start()):
                    return "indefinite"  # "a directly elected Scottish Assembly": a kind, no named body
                if (entity.category != "person" and noun in PEOPLE_NOUNS
                        and not (noun in NATION_NOUNS and self.country_named(entity))
                        and not (entity.category == "nationality" and (
                            noun in ADHERENT_NOUNS or nxt.group(1) == PEOPLE_CHURCH))):
                    return "people-noun"  # "the Miami people"; but "Chinese people" beside China
                if entity.category == "person" and noun in STREET_NOUNS:
                    return "eponym"  # "John Lennon street": a street named after the person
                if entity.category in ("nationality", "country") and abbreviated_name(
                        text[m.start():m.end()], text[m.end():m.end() + NEIGHBOURHOOD], self.words,
                        MIN_INITIALS):
                    return "abbreviated-name"  # "Scottish National Party" beside "SNP" would keep its S
        keep = {k: None for k in keep if k not in after_city}  # "the Warsaw Ghetto", "Dublin Castle": the
        # city's own thing, renamed with it ("Nairobi Castle") wherever the city is renamed; kept whole beside
        # the new name it would contradict it ("Enugu's Jews … herded into the Warsaw Ghetto": round 34)
        if not alone and not (only_after_city and after_city):
            return "only-inside-longer-names"  # "Edmund Bohun of Suffolk England": a place only by its type
        if keep:
            self.keep[entity.surface] = tuple(keep)
        return None

    def national_name_left(self, phrase: str, text: str, start: int, end: int, lexicon: Lexicon) -> bool:
        """The national name ``phrase`` (:func:`national_name`) around the demonym at ``text[start:end]``
        cannot take the country's new demonym: the demonym closes it as a people (``the Free French``: no
        plural the renamer writes there), the texts also write the name by its initials (``Scottish
        National Party`` and ``SNP``: the initials would keep the old name), or a word of the name before any
        "of" is another people's (``French Norman name``: a variety, not the country's body) or no word of
        English (``Pole Mokotowskie``: a foreign name that only opens like a demonym)."""
        demonym = text[start:end]
        words = phrase.partition(" of ")[0].split()
        words = words[words.index(demonym) + 1:] if demonym in words else []
        return (closed_by_demonym(phrase.split(), demonym, lexicon)
                or abbreviated_name(demonym, text[end:end + NEIGHBOURHOOD], self.words, MIN_INITIALS)
                or any(people_word(w, lexicon) or lexicon.zipf(w) < FOREIGN_ZIPF for w in words))

    def heading(self, index: int) -> bool:
        """The text at ``index`` is a short text of the group's own with no sentence in it: the article's
        title (``French and Indian War``), which names the article, not the passage's country."""
        text = self.texts[index]
        return (self.own[index] and not self.question[index] and len(text) <= _HEADING_CHARS
                and not re.search(r"[.!?]", text))

    def demonym_phrase(self, entity: Entity, text: str, start: int, end: int, lexicon: Lexicon
                       ) -> str | None:
        """How a demonym's occurrence inside a longer name (:meth:`in_longer_name`) is handled, one
        occurrence at a time, instead of leaving the demonym out of the whole article: the run of
        capitalised words joined to it by spaces or hyphens before it (``Norman French``, ``Old English``,
        ``Anglo-French``, ``Free French``) or making a place's name after it (``English Channel``), a fixed
        phrase of its own left whole there while the demonym and its country are renamed at their other
        mentions; the demonym itself where the words after it are an entity of the article or a name of two
        words or more that the article writes without it (``the French Fort Duquesne`` beside ``Fort
        Duquesne``: it describes that place and is renamed there); ``None`` (left out) where no such run
        holds it (``Hundreds of French``: a name "of" it), the run holds another entity of the article (kept
        whole, it would keep that one's old name) or capitalised words after it make no place's name (``the
        French North American colonies``: they may describe as well as name)."""
        left = _PHRASE_BEFORE.search(text, max(0, start - NEIGHBOURHOOD), start)
        right = _PHRASE_AFTER.match(text, end)
        words = (left.group(0) if left else "").split()
        while words and words[0].rstrip("-–").lower() in FUNCTION_WORDS:
            words.pop(0)  # "The English Channel" at a sentence's start
        before = " ".join(words)
        after = right.group(0) if right else ""
        rest = re.sub(r"['’]s?$", "", after.lstrip(" -–"))
        if not before and (rest in self.entities or " " in rest and any(re.search(
                rf"(?<!{re.escape(entity.surface)} ){re.escape(rest)}(?!\w)", t) for t in self.texts)):
            return entity.surface
        joint = "" if not before or before.endswith(("-", "–")) else " "
        if before and not joint and not before.rstrip("-–").endswith("o"):
            return None  # "Norman-Irish name": two peoples joined, the demonym kept whole reads as the old
            # people left behind (blind read round 38); a combining form joins a phrase ("Anglo-French")
        phrase = before + joint + text[start:end] + after
        if phrase == text[start:end] or any(s != entity.surface and occurs_in(s, phrase)
                                            for s in self.entities):
            return None
        if after and lexicon.place_kind(phrase) is None and not lexicon.is_gazetteer_name(phrase):
            return None  # "the French North American colonies", "French Norman": words it describes
        return phrase

    def twisted(self, entity: Entity, text: str, start: int, end: int) -> bool:
        """The longer name around the occurrence at ``text[start:end]`` is the question's own twist, which no
        passage writes (``Old France``); for a person's name word, no passage writes its other words either
        (``Who did Emma Marry?``, ``Lor Loudoun``; not ``Isaac Komnenos`` beside a passage's ``Komnenos``):
        the question's words stay around the new name."""
        if entity.category not in _TWISTED | {"person"}:
            return False
        run = _name_around(text, start, end)
        others = [] if entity.category != "person" else [  # the words of the name, linked ones included
            w for w in re.findall(r"[\w'’.-]+", _name_around(text, start, end, NAME_LINKS | {"of"}).replace(
                text[start:end], " ")) if w[:1].isupper()  # "Jeronimo de Ayanz y Beaumont"
            and w.lower() not in PLACE_NOUNS | PLACE_WORDS  # "the Marek Library": a name no passage writes
            and w not in self.entities]  # "Who did Emma Watt Marry?": Watt is renamed too
        return not any(occurs_in(n, t) for t, own in zip(self.texts, self.question, strict=True)
                       if not own for n in (run, *others))

    def country_named(self, nationality: Entity) -> bool:
        """The nationality's country is an entity of the article: its people are that country's."""
        return any(e.category == "country" and e.referent == nationality.country
                   for e in self.entities.values())

    def language_use(self, text: str, start: int, end: int) -> str | None:
        """The phrase to leave whole where the demonym at ``text[start:end]`` names a language in the
        article's texts (:func:`..demonyms.language_use`, shared with Yan et al.)."""
        return language_use(self.texts, text, start, end)

    def other_referent(self, entity: Entity, text: str, start: int, lexicon: Lexicon) -> str | None:
        """The longer name that the place's occurrence at ``start`` stands in when it is another referent's
        (the decision both studies share, :class:`LongerName` ``other``: ``Mexico City``, ``Fresno County``,
        ``Lake Victoria``) and holds no other entity of the article (kept whole, it would keep that one's old
        name); ``None`` when the place must not be renamed (an event or a street named after it, a hyphenated
        name, ``North America``) or is no place."""
        end = start + len(entity.surface)
        if entity.category == "person":
            return (self.named_after_person(text, start, end)
                    or self.institution_after(entity, text, start, end, lexicon)
                    or self.chinese_given_of(entity, text, start, lexicon))
        if entity.category == "nationality":
            return self.fixed_name(entity, text, start, end, lexicon)
        if entity.category == "city":
            named = self.named_after_city(entity, text, start, end, lexicon)
            if named:
                return named
        if entity.category not in PLACES:
            return None
        longer = longer_name(text, start, end, PLACE_SPAN_TYPE[entity.category], lexicon)
        if longer is None:
            return None
        name = longer.name.strip()
        venue = entity.category == "city" and re.fullmatch(
            rf"([A-Z]\w+) of {re.escape(entity.surface)}", name)
        venue = venue and venue.group(1).lower() in VENUE_NOUNS
        colony = entity.category == "country" and _COLONY.fullmatch(longer.name.strip())
        if not longer.other and not venue and not colony:
            return None
        place_name = (lexicon.is_gazetteer_name(name) or lexicon.place_kind(name) is not None
                      or any(w in PLACE_NOUNS for w in words_of(name.lower())))
        if not (venue or colony or place_name or name in self.persons):
            return None  # a name word beside the place ("Norman Italy"): a person's only when NER says so
        if any(s != entity.surface and occurs_in(s, name) for s in self.entities):
            return None
        return name

    def renamed_with_city(self, entity: Entity, text: str, start: int, lexicon: Lexicon) -> str | None:
        """The name of a thing named after the city that its occurrence at ``start`` opens
        (:meth:`named_after_city`: ``Dublin Castle``, ``London Exhibition``, ``Edinburgh Tram Network``) and
        that may take the city's new name: no event, agreement or law named after the city where it was held,
        signed or which it governs (:data:`FIXED_AFTER_CITY`: ``Lisbon Treaty``, ``Albany Congress``,
        ``Quebec Act``), a fixed term that keeps the old name; every word after the city a common word
        (not ``Strasbourg European Council``: a body's own name, the city only its session). A passage that
        names the city takes its new name inside them, wherever the city is renamed (:meth:`conflict`)."""
        name = self.named_after_city(entity, text, start, start + len(entity.surface), lexicon)
        after = name.split()[len(entity.surface.split()):] if name else []
        if not after or any(w.lower() in FIXED_AFTER_CITY or not lexicon.common_word(w) for w in after):
            return None
        return name

    def named_after_person(self, text: str, start: int, end: int) -> str | None:
        """The name of a place or building that a person's name word at ``text[start:end]`` stands in
        (:func:`place_named_after`): another referent, left whole while the person is renamed at their own
        mentions; ``None`` for any other longer name, one only a question writes (its twist:
        :meth:`twisted`) or one holding a place or organisation of the article (kept whole, it would keep
        that one's old name)."""
        run = place_named_after(text, start, end)
        if run is None or any(e.category != "person" and occurs_in(s, run) for s, e in self.entities.items()):
            return None
        if not any(occurs_in(run, t) for t, q in zip(self.texts, self.question, strict=True) if not q):
            return None  # a name only a question writes ("the Marek Library"): its twist
        return run

    def institution_after(self, entity: Entity, text: str, start: int, end: int, lexicon: Lexicon
                          ) -> str | None:
        """The name of an institution or a thing named after the person that the surname at
        ``text[start:end]`` opens (``Hutchinson Commons``, ``Ryerson Physical Laboratory``, ``McKinsey &
        Company``, ``Frédéric Chopin Piano Competition``: the Yan et al. configs' test,
        :func:`..entities.named_after_person`) inside a name NER labels an organisation or a facility: the
        surname, the person's own name words written right before it and the word after it, left whole
        while the person is renamed at their own mentions, as the Yan et al. configs keep it. ``None`` for
        a given name (its veto stays), a trailing title (``Great Khan``), the name's own next word, a name
        NER does not label so (``the Hamming Code``), a surname some text writes before the same word in
        another casing (``the Kuznets curve`` beside ``Environmental Kuznets Curve``), a name only a
        question writes or holding another entity of the article; a term a reader takes for the person's
        mention (``Newton's First Law``, ``the Savery engine``) left the person out before
        (:meth:`conflict`'s eponym check)."""
        after = re.match(_NEXT_WORD, text[end:end + NEIGHBOURHOOD])
        if (entity.span_type != "last" or after is None or text[start:end] != entity.surface
                or title_follows(text, end)):
            return None
        names = [tuple(p.split()) for p in self.persons]
        words = [ps for ps in names if ps[-1] == entity.surface]
        if (any(after.group(1) in ps for ps in words)
                or not institution_after_person(entity.surface, after.group(1), names, lexicon)):
            return None
        own = {w for ps in words for w in ps[:-1]}
        head = start
        while (before := re.search(r"(?<![\w'’-])([A-Z][\w'’.-]*) $", text[max(0, head - 40):head])
               ) and before.group(1) in own:  # "Frédéric" of "Frédéric Chopin Piano Competition"
            head -= len(before.group(0))
        run = text[head:end + after.end()]
        if not any(a <= start and end + after.end() <= b for a, b in self.institutions.get(text, ())):
            return None  # NER reads no organisation or facility there ("the Hamming Code": a LAW, a term)
        bigram = re.compile(rf"(?<![\w'’]){re.escape(entity.surface)} {re.escape(after.group(1))}(?!\w)",
                            re.IGNORECASE)
        if any(m.group(0) != text[start:end + after.end()] for t in self.words.texts_holding(entity.surface)
               for m in bigram.finditer(t)):
            return None  # "the Kuznets curve" beside "Environmental Kuznets Curve", "the Obama presidential
            # library" beside "Barack Obama Presidential Center": a term or the thing itself, no name apart
        if any(e.category != "person" and occurs_in(s, run) for s, e in self.entities.items()):
            return None
        if not any(occurs_in(run, t) for t, q in zip(self.texts, self.question, strict=True) if not q):
            return None  # a name only a question writes: its twist
        return run

    def chinese_given_of(self, entity: Entity, text: str, start: int, lexicon: Lexicon) -> str | None:
        """Another person's Chinese name in pinyin whose given name the family name ``entity`` spells at
        ``start`` (``Kong Zhu`` beside the family name ``Zhu`` of Zhu Xi and Zhu Yuanzhang,
        :func:`..persons.family_first_parts`): another referent, left whole while the family is renamed at its
        own mentions; ``None`` for any other longer name."""
        before = re.search(r"(?<![\w'’-])([A-Z][a-z]+) $", text[max(0, start - NEIGHBOURHOOD):start])
        if entity.span_type != "last" or before is None or not text.startswith(entity.surface, start):
            return None
        name = (before.group(1), entity.surface)
        parts = family_first_parts(name, lexicon)
        run = " ".join(name)
        return run if parts and run not in self.entities and re.match(
            r"(?![\w'’-])", text[start + len(entity.surface):]) else None

    def fixed_name(self, entity: Entity, text: str, start: int, end: int, lexicon: Lexicon) -> str | None:
        """The fixed name (:func:`fixed_name`) the nationality's occurrence opens, when it holds no other
        entity of the article (kept whole, it would keep that one's old name)."""
        if end - start != len(entity.surface):
            return None  # "Germans Hans …", "Germany's Civil Code": a plural or a possessive opens no name
        name = fixed_name(text, start, end, lexicon)
        if name is None or (not text.startswith(" and ", end)  # "French and Indian War": all fixed
                            and any(s != entity.surface and occurs_in(s, name) for s in self.entities)):
            return None
        return name

    def named_after_city(self, entity: Entity, text: str, start: int, end: int,
                         lexicon: Lexicon) -> str | None:
        """The name of a thing named after the city that its occurrence opens (``Edinburgh Tram Network``,
        ``Warsaw Stock Exchange``, ``Paris Philharmony``): the city and the capitalised words after it,
        the last a common English word in the singular. Another referent, left whole (like ``Treaty of
        Paris``), while the city is renamed at its own mentions. ``None`` after a name word or a hyphen
        (``Lombard Salerno``, ``Nouvelle-Amsterdam``), for a plural (``the Berlin Huguenots``: the city's
        people, a mention of the city), a place (``Mexico City``: :meth:`other_referent`'s case), a
        person's name or a name holding another entity."""
        run = _NAME_RUN.match(text, end)
        if (run is None or end - start != len(entity.surface) or name_word_before(text, start)
                or text[start - 1:start] in ("-", "–")):
            return None
        words = [re.sub(r"['’]s?$", "", w) for w in run.group(0).split()]
        last = words[-1].lower()
        if ((last.endswith("s") and not last.endswith("ss")) or not lexicon.common_word(words[-1])
                or last in _PLACE_ENDS or any(w.lower() in OFFICE_WORDS for w in words)):
            return None
        name = f"{entity.surface} {' '.join(words)}"
        if (lexicon.place_kind(name) is not None or any(occurs_in(name, p) or occurs_in(p, name)
                                                         for p in self.persons)
                or any(s != entity.surface and occurs_in(s, name) for s in self.entities)):
            return None
        return name

    def paired_places(self, entity: Entity, before: str, after: str, lexicon: Lexicon | None = None) -> bool:
        """A hyphen joins the place or demonym to another renamed place or demonym, and no capitalised word
        follows the pair (``the Israel-Lebanon conflict``, ``Soviet-American relations``,
        ``Palestinian-Israeli peace process``): two names, each renamed or not on its own (``Kenya-Chad
        conflict``), not one longer name (``Austria-Hungary``, ``Anglo-Danes``, ``Polish-Lithuanian
        Commonwealth``). A demonym is paired so with any country's demonym (``demonyms.demonym_key``; not a
        people's word, ``Norman-Irish``, nor a continent's, ``African-Americans``) before a noun of what lies
        between two countries (:data:`BETWEEN_AFTER`: ``the Swiss-Austrian border`` →
        ``the Kenyan-Austrian border`` where the article leaves Austria)."""
        kinds = PLACES | {"nationality"}
        if entity.category not in kinds:
            return False
        left, right = _HYPHEN_BEFORE.search(before), _HYPHEN_PAIR.match(after)
        if left and right:
            return False  # "Franco-German-Polish": more than a pair
        word = left.group(1) if left else right.group(1) if right else ""
        rest = after[right.end():] if right else after
        other = self.entities.get(re.sub(r"s$", "", word)) or self.entities.get(word)
        if _capital(_WORD_AFTER.match(rest)) or rest.startswith("-") or (
                left and _HYPHEN_BEFORE.search(before[:left.start()])):
            return False
        if other is not None:
            return other.category in kinds and other.surface != entity.surface
        return (entity.category == "nationality" and lexicon is not None and word != entity.surface
                and demonym_key(word, lexicon) is not None and BETWEEN_AFTER.match(rest) is not None)

    def starts_entity(self, text: str) -> bool:
        return any(text.startswith(s) and not text[len(s): len(s) + 1].isalnum() for s in self.alone)

    def ends_entity(self, text: str) -> bool:
        return any(text.endswith(s) and not text[-len(s) - 1: -len(s)].isalnum() for s in self.alone)

    def in_longer_name(self, entity: Entity, text: str, start: int, end: int, lexicon: Lexicon,
                       inner_place: bool = True) -> bool:
        """Part of a longer name: a capitalised word right before or after it that is no entity, title,
        direction or sentence start (``Asia Minor``, ``Lombard Salerno``), a capitalised word joined by a
        hyphen (``Anglo-Danes``, ``Austria-Hungary``), ``<Name> of`` before it (``Treaty of Paris``; not a
        title or polity word: ``Duke of Normandy``, ``Kingdom of France``), a particle and a name after it
        (``Jean de Rély``), a linking word and a name after a place (``Newcastle upon Tyne``), or "for"/"of"
        and a name after an organisation (``Carnegie Foundation for the Advancement of Teaching``).

        A possessive ends a name (``France's Huguenot population``, ``Kublai's China``), and a country or
        city that names what a longer name is of or modifies (``Invasion of Poland``, ``United Kingdom
        Parliament``; not ``Mexico City``, ``Panama Canal``) is the place itself, renamed inside it unless
        ``inner_place`` is false."""
        before, after = text[max(0, start - NEIGHBOURHOOD):start], text[end:end + NEIGHBOURHOOD]
        person = entity.category == "person"
        possessive = text[start:end].endswith(("'s", "’s", "'", "’"))
        if possessive:
            after = ""  # "China's Shandong Province": the next word starts another name
        if _POSSESSIVE_BEFORE.search(before):
            before = ""  # "Louis XIV's France"
        if ((_capital(_HYPHEN_BEFORE.search(before)) or _capital(_HYPHEN_AFTER.match(after)))
                and not self.paired_places(entity, before, after, lexicon)):
            return True
        linked = person and any(m.start() <= start and end <= m.end() for p in self.particle_names
                                for m in p.finditer(text, max(0, start - NEIGHBOURHOOD), end + NEIGHBOURHOOD))
        if not linked and (_capital(_LINK_AFTER.match(after)) or _capital(_LINK_BEFORE.search(before))):
            return True  # "Jean de Rély", "Jerónimo de Ayanz y Beaumont"
        partner = _AMPERSAND_BEFORE.search(before) or _AMPERSAND_AFTER.match(after)
        if partner and not (person and self.renamed_person(partner.group(1))):
            return True  # "Boulton & Watt" of a Watt alone; beside the renamed person Boulton, a firm
            # named after the two, renamed with them ("Kamau & Otieno")
        if entity.category in PLACES:
            if any(occurs_in(entity.surface, name)
                   for name in self.person_words.texts_holding(entity.surface)):
                return True  # "Paris Hilton"
            if not inner_place and place_in_longer_name(text, start, start + len(entity.surface),
                                                        PLACE_SPAN_TYPE[entity.category], lexicon):
                return True  # the one check of both studies: a use of the place *alone* is none of these
        if entity.category in PLACES and LINKED_PLACE.match(after):
            return True  # "Newcastle upon Tyne", "Frankfurt am Main"
        if entity.category == "organization" and _ORG_CONTINUES.match(after):
            return True  # "Carnegie Foundation for the Advancement of Teaching"
        if (entity.category == "nationality"
                and (COORDINATED_EVENT.match(after) or _JOINED_AFTER.match(after))
                and self.fixed_name(entity, text, start, end, lexicon)):
            return True  # "the French and Indian War", "Polish–Lithuanian Commonwealth": a name, left whole
        nxt = _WORD_AFTER.match(after)
        if _capital(nxt) and not self.starts_entity(after[1:]):
            word = re.sub(r"['’]s?$", "", nxt.group(1).rstrip("."))  # "Kublai Khan's"
            if entity.category == "nationality" and self.fixed_name(entity, text, start, end, lexicon):
                return True  # "German Civil Code": a name holding the demonym, left whole
            office = entity.category == "country" and word.lower() in OFFICE_WORDS
            if (inner_place or office) and modifying_place(entity, word, lexicon):
                pass  # "United Kingdom Parliament", "Russian Marxists": the place is renamed there; before an
                # office ("the ex-Luxembourg Prime Minister") a use of the country alone too
            elif not (person and (never_renamed(word) or word.lower() in TITLES | TRAILING_TITLES
                                  or title_after(word, after[nxt.end():], lexicon))):
                return True  # "Norman Conquest", "Turing Award" (a Roman numeral after a person is no name)
            then = _WORD_AFTER.match(after, nxt.end())
            if (person and re.fullmatch(r"[IVXLC]+", word) and _capital(then)
                    and not self.starts_entity(after[then.start() + 1:])):
                return True  # but "George IV Bridge" is a bridge
        if person and start in self.name_starts.get(text, ()) and office_before(before):
            before = ""  # NER's PERSON mention of the full name opens after an office: "Secretary of Defense"
        if entity.category == "organization" and _capital(_FOR_BEFORE.search(before)):
            return True  # "Campaign for a Scottish Assembly": a longer name that holds it
        prev = _WORD_BEFORE.search(before)
        if (entity.category == "organization" and _capital(prev)
                and not _SENTENCE_BEFORE.search(before[: prev.start()])
                and not re.fullmatch(r"[^.]{3,}\.", prev.group(1))):  # "… near Paris. Harvard grew"
            return True  # "Polish United Workers' Party": a demonym opens the name, entity or not
        if _capital(prev) and not self.ends_entity(before[:-1]):
            word = prev.group(1).rstrip(".")
            lowered = word.lower()
            at_start = (bool(_SENTENCE_BEFORE.search(before[: prev.start()]))
                        or (prev.group(1).endswith(".") and lowered not in TITLES))  # "Rouen. Guiscard"
            descriptor = person and (lowered in _PERSON_TITLES or (  # "Fort Edward", "Lake George": a place
                lowered not in PLACE_NOUNS and lexicon.labels.mostly(word) in ("GPE", "NORP")))
            if (entity.category == "country" and (inner_place or ERA_ADJECTIVE.fullmatch(word))
                    and era_of_country(word, entity.surface, lexicon)):
                descriptor = True  # "Yuan China", "Congress Poland", "Imperial Russia": the country itself;
                # after an adjective a use of it alone too ("the defeat of Napoleonic France"), not after a
                # noun that may make a name of its own ("Congress Poland", "Bell Canada", "de Moura Portugal")
            if entity.category == "country" and lowered in PEOPLE_ADJECTIVES:
                return True  # "Latin America", as in Yan et al.: another land, not the United States
            if not (at_start or lowered in FUNCTION_WORDS or descriptor  # "Marxist Vladimir Lenin"
                    or (not person and (lowered in _DIRECTIONS or describing_people(word, entity, lexicon)))):
                return True  # "Lombard Salerno", "St Petersburg", "Han Chinese" (but "King Harold", "Norman
                # Italy", "Roman Catholic Canadians")
        of = _OF_BEFORE.search(before)
        if _capital(of) and not self.ends_entity(before[:-4]):
            word = of.group(1).lower()
            at_start = bool(_SENTENCE_BEFORE.search(before[: of.start()]))
            if entity.category == "city" and word in VENUE_NOUNS:
                return True  # "Treaty of Paris", "Congress of Vienna": named after the city, left whole
            if not (word in TITLES or word in POLITY_WORDS or word in FUNCTION_WORDS
                    or (at_start and (lexicon.zipf(word) >= 5 or word in COUNT_NOUNS))
                    or (inner_place and entity.category in ("country", "city"))):
                return True  # "Treaty of Paris", "Battle of Hastings", "Bank of England" (not "Most of")
        return False

    def renamed_person(self, word: str) -> bool:
        """``word`` is a person's name word renamed on its own here."""
        entity = self.entities.get(word)
        return entity is not None and entity.category == "person" and word in self.alone

    @staticmethod
    def article_ok(entity: Entity, text: str, start: int, end: int) -> bool:
        """A "the" right before a place heading its phrase is only allowed when the renamer knows the name
        takes one (``the Netherlands``), so that it can drop or keep it; ``the Sudan`` is left alone. Before
        "of" the article belongs to the qualified name (``the China of the Yuan``) and stays."""
        if not re.search(r"(?:^|\W)[Tt]he $", text[max(0, start - 5):start]) or not heads_phrase(text, end):
            return True
        if re.match(r"\s+of\s", text[end:end + 5]):
            return True  # "the China of the Yuan", "the France of Louis XIV": "the" goes with "of …"
        return takes_article(entity.surface, entity.category)


#: The capitalised words joined to a demonym before and after it (``Norman French``, ``Anglo-French``).
_PHRASE_BEFORE = re.compile(r"(?:(?<![\w'’])[A-Z][\w'’]*(?: |-|–))+$")
_PHRASE_AFTER = re.compile(r"(?:(?: |-|–)[A-Z][\w'’]*(?![\w'’]))+")

#: Initials this long at least show a name abbreviated (``SNP``); two letters are no evidence (``US
#: Secretary of State`` beside ``US``, ``U.S. News`` beside ``UN``).
MIN_INITIALS = 3


def place_named_after(text: str, start: int, end: int) -> str | None:
    """The name of a place or building that the name word at ``text[start:end]`` stands in (``Fort Edward``,
    ``Lake George``, ``Charles River``, ``St. John's Cathedral``, ``Elizabeth Schlesinger Library``): the
    run of capitalised words around it, after a capitalised place noun or ending in a place noun or a
    building word (:data:`PLACE_NOUNS`, :data:`PLACE_WORDS`); ``None`` for any other name."""
    end += re.match(r"(?:['’]s|s(?!\w)|['’])?", text[end:]).end()  # "St. John's", "St. Johns River"
    run = _name_around(text, start, end)
    words = [re.sub(r"['’]s?$", "", w).rstrip(".,;:").lower() for w in run.split()]
    if words[:1] == ["the"]:
        run, words = run[4:], words[1:]
    if len(words) < 2 or not (words[-1] in PLACE_NOUNS | PLACE_WORDS
                              or (words[0] in PLACE_NOUNS and not run.startswith(text[start:end]))):
        return None
    return run


def _name_around(text: str, start: int, end: int, links: Collection[str] = ()) -> str:
    """The run of capitalised words around ``text[start:end]`` (``Old France``, ``Germany Pitsudski``), with
    the lower-case ``links`` between them."""
    word = "|".join([r"[A-Z][\w'’.-]*", *(rf"(?<!\w){re.escape(w)}(?!\w)" for w in sorted(links))])
    left = re.search(rf"(?:(?:{word})\s+)*$", text[:start])
    right = re.match(rf"(?:\s+(?:{word}))*", text[end:])
    return text[left.start():end + right.end()].strip()


_POSSESSIVE_BEFORE = re.compile(r"\w['’]s? $")
#: A country or city before a capitalised word this frequent in English, other than a place noun, modifies
#: it (``United Kingdom Parliament``); before a place noun it names another place (``Mexico City``).
MIN_MODIFIED_ZIPF = 4.0


def modifying_place(entity: Entity, word: str, lexicon: Lexicon) -> bool:
    """``word``, capitalised after a country or city, is a common word the place modifies (after a city,
    a plural the dataset labels NORP that is no demonym too: "the Berlin Huguenots"); after a
    demonym, any word but a place noun or one making a place name (``Mongolian Emperors``, ``Russian
    Marxists``; not ``Indian Ocean``, ``English Channel``, ``British Columbia``)."""
    lowered = word.lower()
    if lowered in PLACE_NOUNS or lowered in PLACE_WORDS or lowered in ("city", "channel"):
        return False
    if entity.category == "nationality":
        return lexicon.place_kind(f"{entity.surface} {word}") is None
    if (entity.category == "city" and word.endswith("s") and lexicon.labels.mostly(word) == "NORP"
            and not lexicon.is_demonym(word[:-1])):
        return True  # "the Berlin Huguenots": the city's share of a people or faith group, no name
    return (entity.category in ("country", "city") and not lexicon.name_word(word)
            and lexicon.zipf(lowered) >= MIN_MODIFIED_ZIPF)


#: Capitalised words after a demonym that describe a person by office, not a name (``Chilean President
#: Sebastián Piñera``, ``Maltese Commissioner``): the demonym is renamed there.
OFFICE_WORDS = _PERSON_TITLES | frozenset(["commissioner", "member", "members", "presidents", "ministers",
                                           "kings", "emperors", "officials", "leaders"])
_PLACE_ENDS = PLACE_NOUNS | {"city", "channel"}
#: Organs of a state: a demonym before one names that country's own organ (``German Constitutional Court``,
#: ``Polish Parliament``), which follows the renamed country (a blind read, round 19, rejected "the German
#: Constitutional Court" kept beside "Mauritanian law").
STATE_ORGANS = frozenset(["court", "parliament", "government", "army", "navy", "constitution", "senate",
                          "cabinet", "ministry", "police", "regime", "policy", "crown", "throne", "monarchy"])
#: A country's own upheavals: a demonym before one names that country's event (``Iranian Revolution``),
#: which follows the renamed country (a blind read, eleventh session, rejected "the 1979 Iranian
#: Revolution" kept beside "the Shah … control of Algeria").
OWN_EVENTS = frozenset(["revolution", "rebellion", "uprising"])
_INDEFINITE_BEFORE = re.compile(r"(?:^|\W)[Aa]n? $")
_INDEFINITE_RUN = re.compile(r"(?:^|(?<=\W))[Aa]n? ((?:[a-z][\w-]* ){0,3})$")


#: Before a demonym for the people with no "the" of its own: "the" and a modifier.
_BARE_PEOPLE_BEFORE = re.compile(r"(?<![\w'’])[Tt]he [A-Za-z]+ $")


#: Words that make a name opening with a demonym an event's or a state's, another referent than the
#: country's own body (``French and Indian War``, ``Russian Empire``, ``Polish–Lithuanian
#: Commonwealth``): the event nouns, :data:`POLITY_WORDS` and "commonwealth" (which is no word of
#: :data:`POLITY_WORDS`, the words that make "X of <place>" the place itself) and the state kinds of
#: :data:`..places.STATE_KINDS` (``Ottoman Caliphate``, ``Chagatai Khanate``).
EVENT_OR_STATE_WORDS = EVENT_NOUNS | POLITY_WORDS | {"commonwealth"} | set(STATE_KINDS)


#: A word of a national name below this Zipf frequency is no English word (``Mokotowskie``).
FOREIGN_ZIPF = 1.0


def people_word(word: str, lexicon: Lexicon) -> bool:
    """``word`` names a people, no faith or political group (:func:`.categories.is_non_national`:
    ``Huguenot``, ``Islamic``): a demonym, a word the dataset labels mostly NORP, or a proper word with a
    demonym's ending that is no common word (``Norman``, which NER may label a person; a name such as
    ``Japan`` is left too, as before)."""
    if is_non_national(word):
        return False
    return (word.lower() in lexicon.nationalities or word.lower() in DEMONYM_WORDS
            or lexicon.labels.mostly(word) == "NORP"
            or (word.endswith(DEMONYM_ENDINGS) and word[:1].isupper() and not lexicon.common_word(word)))


def national_name(phrase: str, demonym: str, lexicon: Lexicon) -> bool:
    """The fixed name ``phrase``, left whole, opens with the demonym in its national sense and names the
    country's own body, law or people (``French Protestant Church of London``, ``British Nationality Act``,
    ``French Huguenot ancestry``), or the demonym closes it as a group of the country's people (``the Free
    French``: :func:`closed_by_demonym`): kept beside the country's new name it would keep the old demonym
    in a name about that country (a read of s13 rejected "French Protestant Church" and "British Nationality
    Act" beside the renamed country), so the demonym is renamed inside it with its country where it can
    take the new demonym beside its country (:meth:`_Occurrences.national_name_left`). Not a place's name
    (``English Channel``, ``French Guiana``), a language's (``Norman French``, ``the French language``),
    nor another referent the demonym only names, an event or a state: those of two countries (``French and
    Indian War``, ``Polish–Lithuanian Commonwealth``) are kept whole while the country is renamed (main's
    design, as ``Mexico City``), those of its one country (``Russian Empire``: :func:`own_state_or_event`)
    renamed inside with it."""
    words = phrase.split()
    if closed_by_demonym(words, demonym, lexicon):
        return True  # "the Free French": the country's own people, closed by its demonym
    return (phrase.startswith(demonym) and words[-1].lower() not in LANGUAGE_NOUNS
            and lexicon.place_kind(phrase) is None and not lexicon.is_gazetteer_name(phrase)
            and not any(w.lower() in LANDFORM_NOUNS for w in words[1:])
            and not {w.lower() for w in words[1:]} & EVENT_OR_STATE_WORDS)


#: Words before a demonym that make the phrase a stage or variety of its language (``Old English``,
#: ``Middle French``), not the country's people.
LANGUAGE_STAGES = frozenset(["old", "middle", "modern", "early", "late", "classical", "ancient", "vulgar",
                             "medieval", "standard", "common", "high", "low", "new"])


def closed_by_demonym(words: list[str], demonym: str, lexicon: Lexicon) -> bool:
    """Two capitalised words that the demonym closes after a common word modifying its people (``the Free
    French``):
    a group of the country's own, which left whole would keep the old demonym beside the country's new
    name. Not a language's stage or variety (:data:`LANGUAGE_STAGES`: ``Old English``) nor one named after
    another people or place (``Norman French``, ``Anglo-Norman``)."""
    if len(words) != 2 or words[1] != demonym:
        return False
    first = words[0]
    return (first.isalpha() and lexicon.common_word(first) and first.lower() not in lexicon.first_counts
            and first.lower() not in LANGUAGE_STAGES | lexicon.nationalities
            and lexicon.labels.mostly(first) != "NORP"
            and lexicon.place_kind(first) is None and not lexicon.is_gazetteer_name(first))


def own_state_or_event(phrase: str, demonym: str, lexicon: Lexicon) -> bool:
    """The fixed name ``phrase`` names a state, event or body of the demonym's one country (``German
    Empire``, ``Second Polish Republic``, ``Scottish Constitutional Convention``): the demonym is renamed
    inside it with its country (``Somali Empire``), as a historical state keeps its kind around its new
    word; kept whole, it would keep the old demonym in a name of the renamed country. Not an
    event or state of two countries (``French and Indian War``, ``Polish–Lithuanian Commonwealth``), a
    name the demonym closes (``the Free French``, ``Old English``), a place's name (``French Guiana``) nor a
    landform's."""
    words = phrase.split()
    return (phrase.startswith(demonym) and words[-1].lower() not in LANGUAGE_NOUNS
            and bool({w.lower() for w in words[1:]} & EVENT_OR_STATE_WORDS)
            and re.match(r"[^\s\-–]+(?: and\b|[-–])", phrase) is None
            and lexicon.place_kind(phrase) is None and not lexicon.is_gazetteer_name(phrase)
            and not any(w.lower() in LANDFORM_NOUNS for w in words[1:]))


def other_sense(text: str, start: int, end: int, lexicon: Lexicon) -> str | None:
    """The demonym at ``text[start:end]`` in a sense other than its country's people: a language word after
    it (:data:`LANGUAGE_NOUNS`: ``the French language``, ``a French Bible``; ``"language-use"``, the phrase
    left whole), a bare demonym after a language word of its sentence (``Norman words … entered Welsh``;
    ``"language-use-bare"``), or a capitalised people or faith group after it, a plural that NER mostly
    labels a nationality, religious or political group, no demonym and no generic adherents
    (``French Huguenots``, ``French Waldensians``, ``Russian Marxists``; not ``French Australians``,
    ``French Catholics``; ``"ethnonym"``: the group is its own, "Guinean Huguenots" reads wrong, and left
    whole it would keep the old country beside the renamed one), or a capitalised compass word before it
    (``North American provinces``; ``"region"``: a continent's or region's people, not the country's).
    ``None``: the country's people or thing."""
    before = re.search(r"(?<![\w'’])([A-Z][a-z]+)[ -]$", text[max(0, start - NEIGHBOURHOOD):start])
    if before and before.group(1).lower() in _DIRECTIONS | {"latin"}:
        return "region"  # "North American provinces": the continent's, not the United States'
    after = re.match(r"([ -])([\w'’]+)", text[end:end + NEIGHBOURHOOD])
    word = after.group(2) if after else ""
    if word.lower() in LANGUAGE_NOUNS:
        return "language-use"
    sentence = re.split(r"[.!?;]\s", text[max(0, start - 200):start])[-1]
    if _LANGUAGE_CLAUSE.search(sentence) and heads_phrase(text, end) and not text[end:end + 1].isalnum():
        return "language-use-bare"
    group = re.sub(r"['’]s?$", "", word)
    if (after and after.group(1) == " " and word[:1].isupper() and group.endswith("s")
            and group.lower() not in ADHERENT_NOUNS and lexicon.labels.mostly(group) == "NORP"
            and singular_demonym(group).lower() not in lexicon.nationalities):
        return "ethnonym"
    return None


def coordinated_adjectives(text: str, end: int, lexicon: Lexicon) -> bool:
    """The demonym ending at ``end`` opens a coordination of demonyms (:func:`..demonyms.coordinated_end`)
    that a noun follows: adjectives before their noun ("the French and British forces", "the French,
    British and Dutch troops"), which the renamer renders as the new demonym ("the Kenyan and British
    forces"); not a coordination heading its phrase ("the French, British and Dutch."): peoples it would read
    as adjectives."""
    last = coordinated_end(text, end, lexicon)
    return last > end and not heads_phrase(text, last)


def bare_people(surface: str, text: str, start: int, end: int) -> bool:
    """The demonym without an ``-s`` plural at ``text[start:end]`` names the people after "the" and a
    modifier ("The outnumbered French depended", "The Northern Chinese were"): the renamer makes the plural
    noun right after "the" or without one (:func:`..substitute.people_use`: "intermarried with Kenyans"),
    not there."""
    return (surface.lower().endswith(NO_S_PLURAL) and text[start:end] == surface and heads_phrase(text, end)
            and not re.match(r"\s*\(", text[end:end + 3])  # "against Spanish (Catholic) rule"
            and _BARE_PEOPLE_BEFORE.search(text, max(0, start - NEIGHBOURHOOD), start) is not None)


def kind_of_body(text: str, start: int) -> bool:
    """The organisation's name at ``start`` follows "a"/"an" and at most three lower-case words that are no
    function words ("for a Scottish Assembly", "a directly elected Scottish Assembly"): a kind of body the
    text describes, not one named organisation (but "a grant from the NSF")."""
    run = _INDEFINITE_RUN.search(text, max(0, start - NEIGHBOURHOOD), start)
    return run is not None and not any(w in FUNCTION_WORDS for w in run.group(1).split())
_JOINED_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][\w'’]*-$")
#: The capitalised words of a name after a demonym (``German Civil Code``, ``Egyptian Islamic Jihad``).
_NAME_RUN = re.compile(r"(?: [A-Z][\w'’-]*)+")


#: A demonym joined by a hyphen or dash to another name word that opens a name with it
#: (``Polish–Lithuanian Commonwealth``).
_JOINED_AFTER = re.compile(r"[-–][A-Z][\w'’]*(?= [A-Z])")


def fixed_name(text: str, start: int, end: int, lexicon: Lexicon) -> str | None:
    """The fixed name that the demonym at ``text[start:end]`` opens (``German Civil Code``, ``Russo-Japanese
    War``, ``Belgian Football Association``): the demonym and the capitalised words after it. The
    demonym there is a word of another referent's name, left as written (like ``Treaty of Paris``), while
    its country and its free-standing uses are renamed. ``None`` where the words describe rather than name
    (the demonym is then renamed there, :func:`modifying_place`): one plural (``Russian Marxists``), an
    office (``Chilean President``), one word or a plural people the dataset labels NORP (``Mongolian
    Buddhist``, ``Brazilian Native Americans``; not ``Egyptian Islamic Jihad``); an organ of the state
    (``German Constitutional Court``: ``STATE_ORGANS``) or its own upheaval (``Iranian Revolution``:
    ``OWN_EVENTS``; its civil war: ``Syrian Civil War``); or where they make a place (``Indian Ocean``,
    ``British Columbia``: another rule's case), or after an indefinite article (``a Spanish Court``: one of
    its kind). A capitalised word joined by a hyphen before
    the demonym opens the name (``Russo-Japanese War``); one joined after it continues it (``Polish–Lithuanian
    Commonwealth``), and a name coordinated with it names an event (:func:`coordinated_event`)."""
    if event := coordinated_event(text, start, end):
        return event
    compound = _JOINED_AFTER.match(text, end)
    end = compound.end() if compound else end  # "Polish–Lithuanian Commonwealth"
    run = _NAME_RUN.match(text, end)
    if run is None or _INDEFINITE_BEFORE.search(text, max(0, start - 4), start):
        return None
    joined = _JOINED_BEFORE.search(text, max(0, start - NEIGHBOURHOOD), start)
    start = joined.start() if joined else start
    words = [re.sub(r"['’]s?$", "", w) for w in run.group(0).split()]
    first, last = words[0].lower(), words[-1].lower()
    plural = last.endswith("s") and not last.endswith("ss")
    people = any(lexicon.labels.mostly(w) == "NORP" for w in words)
    if first in OFFICE_WORDS or (len(words) == 1 and (plural or people)) or (people and plural):
        return None  # "Russian Marxists", "Mongolian Buddhist", "Brazilian Native Americans"
    organ = re.match(r" ([a-z]+)", text[run.end():])  # "the Italian Constitutional court" of a question
    if (last in STATE_ORGANS or last in OWN_EVENTS or [w.lower() for w in words[-2:]] == ["civil", "war"]
            or (organ and organ.group(1) in STATE_ORGANS)):
        return None  # "German Constitutional Court", "Iranian Revolution": the country's own, renamed with it
    if describes(text[start:end], words, text, run.end(), lexicon):
        return None  # "the Dutch Customs Authorities", "the Mongolian Borjigin clan": renamed with it
    name = text[start:end] + " " + " ".join(words)
    if lexicon.place_kind(name) is not None or any(w.lower() in _PLACE_ENDS for w in words):
        return None
    return name


#: "of" and the capitalised words of what a phrase after a demonym is of (``German Invasion of Poland``).
_OF_RUN = re.compile(r" of(?: [A-Z][\w'’-]*)+")


def describes(demonym: str, words: list[str], text: str, end: int, lexicon: Lexicon) -> bool:
    """The capitalised words after the demonym (``words``, ending at ``text[end]``) describe the country's
    own thing rather than name another referent, so the demonym there is renamed with its country; no
    place's name (``Spanish Florida``, ``Dutch East Indies``). They hold no common word after an adjective of
    the gazetteer (``Mongolian Borjigin clan``, ``German Gestapo``, ``Belgian Cour du travail``: it
    modifies a name; not ``Pole Mokotowskie``), end in a plural common noun (``Dutch Customs Authorities``:
    a kind of body, not one named) or go on with "of" and a country (``German Invasion of Poland``: the
    country's act on another, whose renaming a name left whole would hide)."""
    if any(lexicon.is_gazetteer_name(w) or w.lower() in GEO_MODIFIERS for w in [" ".join(words), *words]):
        return False
    if demonym.lower() in lexicon.nationalities and not any(
            lexicon.common_word(w) or lexicon.zipf(w) >= COMMON_ZIPF for w in words):
        return True
    last = words[-1].lower()
    if last.endswith("s") and not last.endswith("ss") and lexicon.common_word(words[-1]):
        return True
    of = _OF_RUN.match(text, end)
    return of is not None and lexicon.place_kind(of.group(0)[4:]) == "country"


#: An adjective of an era or regime by its ending (``Napoleonic``, ``Imperial``, ``Tsarist``, ``Victorian``):
#: before a country it names the country in that period, never a name of its own (:meth:`_Occurrences.
#: in_longer_name`), unlike a noun (``Congress Poland``, ``Bell Canada``).
ERA_ADJECTIVE = re.compile(r"[A-Z][a-z]+(?:ic|al|ist|ian|ean|ine)")


def era_of_country(word: str, country: str, lexicon: Lexicon) -> bool:
    """``word`` before ``country`` names the country in one period, under one regime or dynasty, or a firm
    named after it (``Yuan China``, ``Congress Poland``, ``Imperial Russia``, ``Telecom Australia``): no
    place (``Suffolk England``), no compass, place or title word, no word the dataset mostly labels PERSON
    nor a common given name, and the two words make no place the gazetteer knows (``Great Britain``).
    The country is then renamed inside it (``Yuan Kenya``), as after a demonym (``Norman England``)."""
    lowered = word.lower()
    return (word[:1].isupper() and lowered not in GEO_MODIFIERS | PLACE_NOUNS | PLACE_WORDS | TITLES
            and lowered not in FUNCTION_WORDS and lexicon.place_kind(word) is None
            and lexicon.labels.mostly(word) != "PERSON"
            and lexicon.first_counts.get(lowered, 0) < MIN_FULL_NAME_COUNT
            and not lexicon.is_gazetteer_name(f"{word} {country}")
            and lexicon.place_kind(f"{word} {country}") is None)


#: "New France", "New Spain": a colony named after a country, another referent (left whole).
_COLONY = re.compile(r"New [A-Z]\w+")


def _capital(match: re.Match[str] | None) -> bool:
    """The match's first group starts with an upper-case letter of any script (``Đại``, ``Ö``)."""
    return match is not None and match.group(1)[:1].isupper()


def describing_people(word: str, entity: Entity, lexicon: Lexicon) -> bool:
    """The capitalised ``word`` right before the entity describes it rather than joining its name: a word
    the dataset labels mostly NORP before a place (``Norman Italy``), and before a demonym only a faith's or
    political group's word (:func:`.categories.is_non_national`: ``Roman Catholic Canadians``, ``Communist
    Chinese``); another people's word before a demonym makes an ethnonym (``Han Chinese``), a name left
    whole like ``Norman French`` while the demonym is renamed at its other mentions."""
    if lexicon.labels.mostly(word) != "NORP":
        return False
    return entity.category != "nationality" or is_non_national(word)


def names_country(country: str, text: str, lexicon: Lexicon) -> bool:
    """``text`` writes one of the country's names (:meth:`Lexicon.referent_names`)."""
    return any(occurs_in(n, text) for n in lexicon.referent_names(country))


def _nationalities_follow(entities: list[Entity], text: str, lexicon: Lexicon,
                          article_countries: frozenset[str] | None) -> list[Entity]:
    """A country and its demonym go together. A nationality is kept only when its country is renamed in
    the article, or the article never names that country: it then follows the country's new name
    (``France`` → ``Chad``, ``French`` → ``Chadian``). A country, and in a passage group a nationality, is
    kept only when every word derived from the country that the text uses is renamed
    (:meth:`Lexicon.derived_words`: ``Ireland`` with ``the Irish`` left, ``Mexico`` with ``Mexican`` left,
    ``Turkish`` with ``the Turks`` left are not renamed; the article's read keeps ``Scottish`` beside
    ``Scots law`` in another passage, which each passage group then judges), and neither is a country one
    of whose derived words follows another country (``Scotland`` beside ``British``, the demonym of the
    United Kingdom).
    A passage group that names the people of a country in -ia by the name's stem (``the Mongols`` beside
    Mongolia or ``Mongolian``: :func:`..demonyms.people_stem_left`) keeps the country and its demonym.
    Repeated until nothing changes: a dropped nationality exposes the countries it derives from.
    A country is decided in each passage group, and its demonym with it there: in the article's read
    (:func:`settle_article_wide`, ``article_countries`` ``None``) a nationality does not follow its country
    (``French`` is kept while ``France Antarctique`` in one passage leaves ``France`` there only); in a
    passage group that does not name the country, a lone demonym follows the article's decision on it
    (``article_countries``: "other American colonies" is not renamed where the article leaves the United
    States), never a decision of its own."""
    of_country = {country: set(lexicon.derived_words(country, [text])) for country in dict.fromkeys(
        e.surface if e.category == "country" else e.country for e in entities
        if e.category in ("country", "nationality"))}  # once per country, not per name of it
    derived = {e.surface: of_country[e.surface if e.category == "country" else e.country]
               for e in entities if e.category in ("country", "nationality")}
    while True:
        nationalities = {e.surface.lower(): e.country for e in entities if e.category == "nationality"}
        kept = []
        for e in entities:
            if e.category in ("country", "nationality") and people_stem_left(
                    e.surface if e.category == "country" else e.country, [text]):
                continue  # "the Mongols" beside Mongolia or Mongolian: the people's own noun would stay
            if e.category == "country" and any(nationalities.get(w) != e.referent
                                               for w in derived[e.surface]):
                continue  # a word derived from it stays ("the Irish", "Mexican") or follows another country
                # ("British" beside Scotland follows the United Kingdom): so does the country
            if (e.category == "nationality" and article_countries is not None
                    and derived[e.surface] - nationalities.keys()):
                continue  # another word of its country stays here: "Turkish" renamed with "the Turks" left
            kept.append(e)
        renamed = {e.referent for e in kept if e.category == "country"}
        kept = [e for e in kept if e.category != "nationality" or article_countries is None
                or e.country in renamed or (e.country in article_countries
                                            and not names_country(e.country, text, lexicon))]
        if len(kept) == len(entities):
            return kept
        entities = kept


def _whole_referents(entities: list[Entity], text: str, lexicon: Lexicon) -> list[Entity]:
    """Drop every name of a referent that the article also calls by an alias that is not renamed (an
    abbreviation such as *US*, or a name NER missed): one referent must not end with two names. An alias
    that ends in "of <name>" (``Republic of Poland``, ``Kingdom of France``) takes the new name there
    (``Republic of Kenya``): renamed with it, no second name; so does the name written with its article
    (``The Netherlands`` opening a sentence), whose article the renamer follows with the name."""
    surfaces = {e.surface for e in entities}
    kept = []
    for entity in entities:
        if any(a not in surfaces and not a.endswith(f" of {entity.surface}")
               and a.lower() != f"the {entity.surface.lower()}"
               and alias_stands(a, entity, text, lexicon)
               for a in lexicon.referent_names(entity.referent)):
            continue
        kept.append(entity)
    return kept


def alias_stands(alias: str, entity: Entity, text: str, lexicon: Lexicon) -> bool:
    """``alias`` stands in ``text`` for the entity's referent: some occurrence is not inside another
    place's name (``America`` of ``North America`` or ``Latin America`` is not the United States)."""
    span_type = PLACE_SPAN_TYPE.get(entity.category)
    for m in re.finditer(rf"(?<!\w){re.escape(alias)}(?!\w)", text):
        if span_type is None:
            return True
        if (not name_word_before(text, m.start())  # "Latin America"
                and not place_in_longer_name(text, m.start(), m.end(), span_type, lexicon)):
            return True
    return False


def answer_safe(entities: list[Entity], examples: Iterable[QAExample]) -> list[Entity]:
    """Drop multi-word surfaces that some answer of the article starts or ends inside (an answer
    ``Rhine`` in ``the Old Rhine``): renaming them as a unit would cut the answer. Their words that are
    entities themselves are still renamed, in every paragraph alike. Drop too the surfaces that answer a
    question asking for a work (``asks_for_work``: "Which American show …?" is answered by the series
    "Dallas", not the city)."""
    examples = list(examples)
    unsafe = {clean_surface(a) for ex in examples if asks_for_work(ex.question) for a in answer_texts(ex)}
    for entity in entities:
        if _SINGLE_WORD.match(entity.surface):
            continue
        forms = "|".join(re.escape(f) for f in (entity.surface, entity.surface.upper()))
        pattern = re.compile(rf"(?<!\w)(?:{forms})s?(?!\w)")
        for ex in examples:
            bounds = [b for ans in ex.all_answers() for span in ans.char_spans for b in span]
            if bounds and any(m.start() < b < m.end() for m in pattern.finditer(ex.context) for b in bounds):
                unsafe.add(entity.surface)
                break
    # one referent, one name: a place's other names ("US" beside a cut "U.S.") and its demonyms go with it,
    # an organisation's short forms too
    gone = {e.referent or e.surface for e in entities if e.surface in unsafe and e.category in PLACES}
    return [e for e in entities if e.surface not in unsafe and e.short_of not in unsafe
            and not (e.category in PLACES and (e.referent or e.surface) in gone)
            and not (e.category == "nationality" and e.country in gone)]



_LOWER_WORD_NEXT = re.compile(r" [a-z]")


def question_possessives(entities: list[Entity], examples: Iterable[QAExample]) -> list[Entity]:
    """A renamed person's one-word name plus ``s`` that the article's questions write directly before a
    lower-case word ("What came under Williams dominace", "Richards fleet") and that no passage or title
    of the article writes (so no surname ``Williams`` of another person): the person's possessive without
    its apostrophe, renamed with the person's new name and ``'s`` (:attr:`Entity.possessive`). It replaces
    a person NER found in those questions under that surface ("Roberts campaign" beside the passage's
    Robert is Robert's, no surname ``Roberts``: round 23), which the caller drops."""
    examples = list(examples)
    names = {t for ex in examples for t in (ex.context, title_words(ex.title or ""))}
    questions = {ex.question for ex in examples}
    surfaces = {e.surface: e.category for e in entities}
    out = []
    for entity in entities:
        form = entity.surface + "s"
        if (entity.category != "person" or not _SINGLE_WORD.match(entity.surface)
                or surfaces.get(form, "person") != "person"):
            continue
        word = re.compile(rf"(?<![\w'\u2019-]){re.escape(form)}(?![\w'\u2019-])")
        uses = [(q, m.end()) for q in questions for m in word.finditer(q)]
        if uses and all(_LOWER_WORD_NEXT.match(q, end) for q, end in uses) and not any(
                word.search(t) for t in names):
            out.append(replace(entity, surface=form, parts=(), possessive=True))
    return out

