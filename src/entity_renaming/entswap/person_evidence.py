"""Evidence that a name NER types weakly is a person's, read in the passages that write it: a person noun
before it (``fighter ace Adolf Galland``, ``the French philosopher Voltaire``, ``The last Prime Minister of
the (East) German Democratic Republic, Lothar de Maizière``) and a Census surname the article labels PERSON
alone (``Nixon requested Congress``), and the agent's ``by`` before a full name (``by Giovanni Branca``).
Used by :mod:`.entities` for full names NER labels ORG / GPE / LOC
(:func:`.entities.article_says_person`) and for lone person words (``entswap.weak-lone-name``); and the
terms named after a person that stay whole while the person is renamed (:func:`kept_eponym_terms`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ..entities import term_reads_as_mention
from ..lexicon import (
    MIN_PERSON_LABELS,
    RARE_ZIPF,
    TITLES,
    Lexicon,
    eponym_terms,
    eponym_use,
    name_form,
    words_of,
)
from ..question import PERSON_NOUNS

#: Nouns that say a person stands after them: the question module's person nouns (a closed class shared
#: with the typing of "Who / which king …" questions), the titles of office and rank (``captain``,
#: ``colonel``) and a fighter ``ace``.
NOUNS = frozenset(PERSON_NOUNS | TITLES | {"ace"})
_NOUN = "|".join(sorted(NOUNS, key=len, reverse=True))
#: A lower-case person noun right before the name, perhaps after a comma (``philosopher Voltaire``,
#: ``U-boat captain Lothar``); never a capitalised title, which :func:`.entities.after_title` reads.
_RIGHT_BEFORE = rf"(?<![\w'’-])(?:{_NOUN})s?,? "
#: A person noun and its ``of`` phrase, then a comma: an apposition (``Prime Minister of the (East) German
#: Democratic Republic, Lothar de Maizière``, ``the king of France, Louis``), in any casing.
_APPOSITION = rf"(?<![\w'’-])(?i:{_NOUN}) of [^,.;:\n]{{1,60}}, "


#: A regnal numeral after a ruler's name (``prince Bohemund I``, ``king Louis XIV``): part of the name's
#: mention, no other name word.
_REGNAL = r"(?: [IVX]{1,4}(?![\w'’-]))"


def person_noun_before(name: str, texts: Iterable[str]) -> bool:
    """Some text writes a person noun right before ``name`` (:data:`_RIGHT_BEFORE`, in lower case) or a
    person noun's ``of`` phrase and a comma before it (:data:`_APPOSITION`), the name not continuing into
    another capitalised word (a regnal numeral may follow it, :data:`_REGNAL`: ``the Italo-Norman prince
    Bohemund I``): the text calls the name a person. Only the texts that hold the name are
    searched, and the pattern (its nouns: costly to compile) is compiled only when one does."""
    holding = [t for t in texts if name in t]
    if not holding:
        return False
    after = rf"{re.escape(name)}{_REGNAL}?(?![\w'’-]| [A-Z])"
    pattern = re.compile(rf"(?:{_RIGHT_BEFORE}|{_APPOSITION}){after}")
    return any(pattern.search(t) for t in holding)


def agent_before(name: str, texts: Iterable[str]) -> bool:
    """Some text writes the full ``name`` right after the agent's ``by`` of a passive or a work, the name
    not continuing into another capitalised word (``described by Taqi al-Din in 1551 and by Giovanni Branca
    in 1629``, ``implemented in Africa by Cecil Rhodes``, ``The best-known legend, by Artur Oppman``): an
    author or actor, a person where the name reads as one's (a bank first name and name words, which
    :func:`.entities.person_typed_other` asks first; a firm named after its founder is no full name written
    after ``by`` in the dataset)."""
    pattern = re.compile(rf"(?<![\w'’-])by {re.escape(name)}(?![\w'’-]| [A-Z])")
    return any(pattern.search(t) for t in texts if name in t)


#: Nouns of a thinker's or an author's work that a person's possessive opens (``Archimedes' analysis of the
#: lever``, ``Aristotle's view``): a person's, not a dynasty's or a place's.
WORK_NOUNS = frozenset(words_of(
    "analysis theory theories view views idea ideas notion notions writings treatise teachings philosophy "
    "proof argument arguments account reasoning poem poems novel novels"))
_WORK = "|".join(sorted(WORK_NOUNS, key=len, reverse=True))


def work_possessive(name: str, texts: Iterable[str]) -> bool:
    """Some text writes ``name`` in the possessive right before a lower-case noun of a person's work
    (:data:`WORK_NOUNS`: ``Archimedes' analysis of the lever``, ``Aristotle's view``): the name is an
    author's or a thinker's, a person."""
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(name)}(?:['’]s?) (?:{_WORK})\b")
    return any(pattern.search(t) for t in texts if name in t)


#: Endings of a word derived from a person's name (``Aristotelian``, ``Confucian``, ``Stalinist``).
_DERIVED = r"(?:ian|ean|an|ic|ist|ists|ism|ine)"


def lone_name_use(surface: str, texts: Iterable[str]) -> bool:
    """Every text writes the lone word ``surface`` as a name: it is no person noun or title itself (``the
    Shah of Iran``), never follows ``the`` (``the Moon``), never stands alone in brackets after another
    name (``François Villion (Viljoen)``: a spelling of that name, :func:`.entities.bracketed_alias`),
    and no text writes a word derived from it (``Aristotelian cosmology`` beside ``Aristotle``: the new
    name would leave the old one readable)."""
    if surface.lower() in NOUNS:
        return False
    word = re.escape(surface)
    use = re.compile(rf"(?<![\w'’-])(?:[Tt]he {word}|{word}\))(?![\w'’-])|\({word}(?![\w'’-])"
                     rf"|(?<![\w'’-]){re.escape(surface[:max(4, len(surface) - 2)])}\w*{_DERIVED}\b")
    return not any(m.group() != surface for t in texts for m in use.finditer(t))


def labelled_census_surname(surface: str, person_labels: int, texts: Iterable[str], lexicon: Lexicon
                            ) -> bool:
    """A lone word the Census lists as a surname more often than SSA as a given name, that the article's
    NER labels PERSON at least twice (``person_labels``: ``Nixon requested …``, ``Nixon named …``), the
    dataset mostly PERSON, no gazetteer place nor common word, and written as a name
    (:func:`lone_name_use`): a person's surname written alone, as a common first name labelled twice is a
    given name."""
    return (person_labels >= 2 and lexicon.surname_counts.get(surface.lower(), 0) > 0
            and lexicon.is_surname(surface) and lexicon.labels.mostly(surface) == "PERSON"
            and not lexicon.is_gazetteer_name(surface) and not lexicon.common_word(surface)
            and lone_name_use(surface, texts))


def famous_mononym(word: str, lexicon: Lexicon) -> bool:
    """A lone word that English knows too well to be a rare name (``wordfreq`` at least ``RARE_ZIPF``) but
    that names one famous person (``Stalin``, ``Aristotle``, ``Confucius``; not ``Telepad``, a service NER
    labels PERSON): the dataset's NER labels it PERSON at least
    ``MIN_PERSON_LABELS`` times and mostly, the corpus never writes it in lower case, and it is no title,
    person noun, gazetteer place (``Normandy``, ``Niagara``) nor people (``Mongols``). Renamed as a
    surname (:func:`lone_name_use` still asks each article to write it as a name)."""
    lowered = word.lower()
    return (" " not in word and name_form(word) and lowered not in NOUNS and lexicon.zipf(word) >= RARE_ZIPF
            and lexicon.case.lower[lowered] == 0 and lexicon.labels.mostly(word) == "PERSON"
            and lexicon.labels.count(word, "PERSON") >= MIN_PERSON_LABELS
            and not lexicon.is_gazetteer_name(word)
            and not {lowered, lowered.removesuffix("s")} & lexicon.nationalities
            and lexicon.labels.mostly(word.removesuffix("s")) != "NORP")  # "Jurchens": a people


def lone_surname_evidence(surface: str, counter: Counter[str], texts: Iterable[str], lexicon: Lexicon
                          ) -> bool:
    """A lone person word that no bank or kinship noun types is a surname written alone where the article
    labels it PERSON twice as a Census surname (:func:`labelled_census_surname`: ``Nixon``) or it is a
    famous mononym written as a name (:func:`famous_mononym`, :func:`lone_name_use`: ``Stalin``)."""
    texts = list(texts)
    return (labelled_census_surname(surface, counter["person"], texts, lexicon)
            or famous_mononym(surface, lexicon) and lone_name_use(surface, texts))


def kept_eponym_terms(surname: str, passages: Iterable[str]) -> tuple[str, ...] | None:
    """The names named after a person's surname that the article's passages write and that open an
    institution's name (``Edison Machine Works``: :func:`..lexicon.eponym_terms`), kept whole while the
    person is renamed at every other mention, as the Yan et al. configs keep them
    (:func:`..entities.eponym_terms_kept`); a term only a question writes (``a Newcomen engine`` beside the
    passage's ``Newcomen designs``) is a mention, renamed with the person. ``None`` where a passage's eponym
    use is no such name (a dynasty, a listing: ``the Stephenson, Joy and Walschaerts motions``) or a term a
    reader takes for the person's mention (``the Watt engine``, ``Newton's First Law``:
    :func:`..entities.term_reads_as_mention`): the veto stays."""
    passages = [t for t in passages if t]
    terms = tuple(dict.fromkeys(term for t in passages for term in eponym_terms(surname, t)))
    if not terms:
        return None if any(eponym_use(surname, t) for t in passages) else ()
    if term_reads_as_mention(surname, passages):
        return None
    blank = re.compile("|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)))
    if any(eponym_use(surname, blank.sub(" ", t)) for t in passages):
        return None
    return terms
