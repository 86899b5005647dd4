"""Name shapes of persons outside the plain *given name (middle) surname* of :func:`.lexicon.parse_person`.

Each function reads one mention's words and says which of them are the given name and which the family
name, so that :func:`.entities.person_spans` can rename them with the usual span types instead of leaving
the person out (issue 19: handle, don't veto):

* :func:`role_stripped`: a role or description written before a full name (``Linebacker Brandon
  Marshall``, ``rookie Donn F. Eisele``, ``US President Barack Obama``): the name after it;
* :func:`particle_name`: a given name and a surname holding a particle (``Wernher von Braun``, ``Pedro
  Menéndez de Avilés``, ``Hassan al-Turabi``): the given name, renamed while the surname stays;
* :func:`looks_like_person`: such a name under another NER label (``Lothar de Maizière`` tagged ORG);
* :func:`persons_inside_names`: a person of the passage inside a longer name over the answer (``the Nikola
  Tesla Museum``);
* :func:`famous_surname`: a surname alone that the dataset knows as a person's (``Einstein``, ``Obama``):
  a ``last`` span although no bank lists it;
* :func:`listed_aliases`: other names of a person listed in brackets after it (``Liu Heima (劉黑馬, Liu
  Ni)``), which the renaming cannot follow;
* :func:`initials_left`: a person's dotted initials (``N.T.`` beside ``Nikola Tesla``), which would keep
  the old name;
* :func:`gendered_full_name`: a given name and a surname that the US banks lack (``Galileo Ferraris``,
  ``Duarte Barbosa``, ``Barack Obama``), the whole name labelled PERSON by the dataset;
* :func:`family_first_parts`: a Chinese name written family name first in pinyin (``Mao Zedong``,
  ``Guo Shoujing``): the family name (a ``last`` span) and the given name (typed by the passage);
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .lexicon import (
    ARABIC_PARTICLES,
    KINSHIP,
    MIN_PERSON_LABELS,
    PARTICLES,
    PLACE_WORDS,
    RARE_ZIPF,
    ROMAN_NUMERAL,
    TITLES,
    Lexicon,
    brackets_after,
    clean_surface,
    name_form,
    parse_person,
    whole_word,
    words_of,
)
from .ner import Mention
from .referents import PerturbableSpan

#: Titles of nobility before a particle, not given names ("Marquis de Vaudreuil", "Comte de Grasse").
NOBLE_TITLES = frozenset(words_of("marquis marquess marquise comte comtesse vicomte chevalier seigneur "
                                  "sieur"))

#: A country written as initials before a role (``US President``, ``UK Prime Minister``).
_COUNTRY_INITIALS = frozenset({"US", "U.S.", "UK", "U.K.", "EU", "UN"})


def role_stripped(text: str, lexicon: Lexicon) -> str | None:
    """The full name after the role words that open ``text`` (``Linebacker Brandon Marshall`` → ``Brandon
    Marshall``): each stripped word is lower case (``rookie``), a title (``Major``, ``General``), country
    initials (``US``) or a word the corpus mostly writes in lower case (``Archeologist``); what remains
    parses as a name of at least two words (a given name and a surname), else ``None``."""
    tokens = clean_surface(text).split()
    stripped = 0
    while len(tokens) - stripped > 2:
        token = tokens[stripped]
        bare = token.rstrip(".").lower()
        if not (token[:1].islower() or bare in TITLES or token in _COUNTRY_INITIALS
                or lexicon.mostly_lower(token)):
            break
        stripped += 1
    if not stripped:
        return None
    rest = " ".join(tokens[stripped:])
    name = parse_person(rest)
    return rest if name is not None and len(name.words) >= 2 and not name.titles else None


#: Lower-case particles a full name's surname holds, written apart: ``de``, ``von``, the Arabic article ``al``
#: (``Hassan al Banna``), the Kalenjin ``arap`` ("son of": ``Daniel arap Moi``); never a person's name word,
#: renamed with the surname they open. Not ``ibn``, ``bin``: a patronymic, no surname.
SURNAME_LINKS = PARTICLES | {"al", "el", "arap"}


def surname_particle(token: str) -> bool:
    """A surname particle written apart, in any case: ``von``, ``de``, ``De``, ``La``, ``al``."""
    return token.lower() in SURNAME_LINKS


def _prefixed(token: str) -> bool:
    """A surname with its Arabic article joined: ``al-Turabi``, ``El-Baradei``."""
    return token[:3].lower() in ("al-", "el-") and name_form(token[3:])


def _name_part(token: str) -> bool:
    return _prefixed(token) or all(name_form(p) for p in token.split("-"))


def _given_name(token: str, lexicon: Lexicon) -> bool:
    """A given name opening a name: a :meth:`Lexicon.name_word` or a bank first name of known sex that is
    also an English word (``Guy``, ``Paul``), each part of a hyphenated one so (``François-Charles``); no
    title of nobility, no particle, no Arabic kunya or patronymic (``Abu Hamza``, ``Ibn Battuta``)."""
    if token.lower() in NOBLE_TITLES or token.lower() in ARABIC_PARTICLES or surname_particle(token):
        return False
    return all(name_form(p) and (lexicon.name_word(p) or lexicon.known_gender(p) is not None)
               for p in token.split("-"))


def particle_name(text: str, lexicon: Lexicon) -> tuple[str, str] | None:
    """(given name, the rest) of a name whose surname holds a particle, the one reading of such a name that
    both studies use: a given name (:func:`_given_name`: ``Pedro``, ``Guy``, ``François-Charles``), up to
    two more name words (``Menéndez``, ``Coulon``), particles and one or two capitalised words among and
    after them (``Avilés``, ``la Malgue``, ``von Arnauld de la Perière``), or an Arabic surname with its
    article (``al-Turabi``, ``al Banna``). Titles before the given name are dropped (``Count Ludwig von
    Nassau-Saarbrücken``); a title of nobility is no given name (``Marquis de Vaudreuil``). The surname is
    kept as written, one new given name stands before it; ``None`` for any other shape."""
    tokens = clean_surface(text).split()
    while tokens and tokens[0].rstrip(".").lower() in TITLES:
        tokens.pop(0)
    if not 2 <= len(tokens) <= 6:  # "Lothar von Arnauld de la Perière"
        return None
    first = tokens[0]
    if not _given_name(first, lexicon):
        return None
    at = next((i for i, t in enumerate(tokens[1:], 1) if surname_particle(t) or _prefixed(t)), None)
    middle = tokens[1:at or 1]
    if at is None or at > 3 or not all(name_form(t) and t.lower() not in ARABIC_PARTICLES for t in middle):
        return None
    if any(t.lower() in ARABIC_PARTICLES - {"al", "el"} for t in tokens[at:]):
        # "Muhammad Abd al-Salaam Farag", "Muhammad ibn Zakarīya Rāzi": a patronymic or theophoric name
        return None
    names = [t for t in tokens[at:] if not surname_particle(t)]
    if not 1 <= len(names) <= 2 or surname_particle(tokens[-1]) or not all(_name_part(t) for t in names):
        return None
    return first, " ".join(tokens[1:])


def particle_surname_words(rest: str) -> list[str]:
    """The surname words of the part of a name after its given name (``von Staupitz``, ``Menéndez de
    Avilés``, ``al-Turabi``): every name word but the particles, an Arabic article joined to its word
    dropped (``Turabi``), a double surname whole (``Nassau-Saarbrücken``), so that a renamed
    person keeps no word of his surname; empty when a word is of no name form."""
    words = [t[3:] if _prefixed(t) else t for t in clean_surface(rest).split() if not surname_particle(t)]
    return words if all(_name_part(w) for w in words) else []


#: Arabic kunya words ("father of", "mother of") that open a compound given name, with its sex.
KUNYA = {"abu": "first-male", "abul": "first-male", "umm": "first-female"}
#: Arabic words that join the name after them into one part of a name: a kunya, a theophoric ``Abd``
#: ("servant of": ``Abd al-Salaam``) or a patronymic ``ibn`` / ``bin`` / ``bint`` ("son / daughter of").
ARABIC_JOINERS = frozenset(KUNYA) | frozenset(words_of("abd abdul abdel abdur abdus ibn bin bint"))


@dataclass(frozen=True)
class ArabicName:
    """A full name read by Arabic naming conventions (:func:`arabic_name`): the given name (``Abu
    al-Rayhan``, ``Muhammad``), the sex its kunya shows (``None``: the passage or the banks type it),
    the family part after it (``al-Biruni``, ``Abd al-Salaam Farag``, ``bin Laden``) and that part's last
    word without its article (``Biruni``)."""

    given: str
    sex: str | None
    family: str
    word: str


def _arabic_word(token: str, lexicon: Lexicon, inner: bool = False) -> bool:
    """A name word of an Arabic name, its article joined or not (``al-Rayhan``, ``Farag``): name-shaped, no
    common English word (not ``al-Din``, "the faith": an honorific) unless joined to its article inside the
    name (``Abd al-Salaam``: ``inner``)."""
    bare = token[3:] if _prefixed(token) else token
    return (bare.lower() not in ARABIC_JOINERS and not surname_particle(bare)
            and all(name_form(p) for p in bare.split("-"))
            and (inner and _prefixed(token) or not lexicon.common_word(bare)))


def _arabic_marked(token: str) -> bool:
    """An Arabic particle of a name: the article joined (``al-Biruni``) or apart, or a joiner word."""
    return _prefixed(token) or token.lower() in ("al", "el") or token.lower() in ARABIC_JOINERS


def arabic_name(text: str, lexicon: Lexicon) -> ArabicName | None:
    """The reading of a person's name by Arabic naming conventions, the one both studies share: a given
    name, either a kunya or theophoric compound (``Abu al-Rayhan``, ``Abu Hamza``, ``Umm Kulthum``,
    ``Abd al-Rahman``) or a given name (:func:`_given_name`: ``Muhammad``, ``Hassan``), then a family part
    of one to four words holding an Arabic particle (``al-Biruni``, ``al Banna``, ``Abd al-Salaam Farag``,
    ``bin Laden``; the article ``al-`` / ``el-`` joined or apart) and ending in a name word. Every name
    word is name-shaped and no common English word (not ``Taqi al-Din``). Titles before it are dropped
    (``Sheikh``). ``None`` for any other shape (``al-Gama'a al-Islamiyya``: no given name)."""
    tokens = clean_surface(text).split()
    while tokens and tokens[0].rstrip(".").lower() in TITLES:
        tokens.pop(0)
    if len(tokens) < 2:
        return None
    opener = tokens[0].lower()
    if opener in ARABIC_JOINERS - {"ibn", "bin", "bint"}:
        if not tokens[0][:1].isupper() or not _arabic_word(tokens[1], lexicon):
            return None
        given, sex, rest = " ".join(tokens[:2]), KUNYA.get(opener, "first-male"), tokens[2:]
    elif _given_name(tokens[0], lexicon) and not _prefixed(tokens[0]):
        given, sex, rest = tokens[0], None, tokens[1:]
    else:
        return None
    if not 1 <= len(rest) <= 4 or not any(_arabic_marked(t) for t in (*tokens[:1], *rest)):
        return None
    if not _arabic_word(rest[-1], lexicon) or not all(
            _arabic_word(t, lexicon, inner=True) or (_arabic_marked(t) and not _prefixed(t))
            for t in rest[:-1]):
        return None
    last = rest[-1]
    return ArabicName(given, sex, " ".join(rest), last[3:] if _prefixed(last) else last)


def arabic_family_forms(name: ArabicName, context: str) -> list[str]:
    """Other forms of the family part that ``context`` writes outside the full name and that follow its new
    name: its last word with or without the article, joined or apart (``Biruni``, ``Al-Biruni`` beside ``Abu
    al-Rayhan al-Biruni``, ``Al Banna`` beside ``Hassan al Banna``), each a whole word."""
    rest = context.replace(f"{name.given} {name.family}", " ").replace(name.family, " ")
    forms = (name.word, *(f"{article}{link}{name.word}" for article in ("al", "Al", "el", "El")
                          for link in "- "))
    return [f for f in dict.fromkeys(forms) if f != name.family
            and re.search(rf"(?<![\w'’-]){re.escape(f)}(?![\w'’-])", rest)]


#: Dotted initials of given names (``E.I.``, ``J.``) before a surname.
_INITIALS = re.compile(r"(?:[A-Z]\.)+")


def particle_surname(text: str) -> str | None:
    """The surname of a name of a surname and its particle with no given name (``von Staupitz``, ``Marquis
    de Vaudreuil``, ``Marquis de la Jonquière``, ``E.I. du Pont``): titles or initials first, then one or
    two particles, the first written in lower case unless a title stands before it (not ``Van Gend``, a
    company), then one capitalised name word; ``None`` for any other shape. The surname is renamed,
    title, initials and particles kept."""
    tokens = clean_surface(text).split()
    titled = False
    while tokens and (tokens[0].rstrip(".").lower() in TITLES or tokens[0].lower() in NOBLE_TITLES):
        tokens.pop(0)
        titled = True
    while tokens and _INITIALS.fullmatch(tokens[0]):  # "E.I. du Pont": initials are kept as a title is
        tokens.pop(0)
    if not 2 <= len(tokens) <= 3 or not all(surname_particle(t) for t in tokens[:-1]):
        return None
    if not titled and not tokens[0].islower():
        return None
    last = tokens[-1]
    return last if not surname_particle(last) and all(name_form(p) for p in last.split("-")) else None


def initialled_surname(text: str) -> str | None:
    """The surname of a name of initials and a surname opening with a capitalised particle (``W. E. B. Du
    Bois``, ``C. S. Van Dyke``): the particle is part of that surname, renamed with it as one surname
    ("Du Bois" → "Sonti"; a reader rejects "Du Sonti"), the initials kept; ``None`` for any other shape."""
    tokens = clean_surface(text).split()
    while tokens and tokens[0].rstrip(".").lower() in TITLES:
        tokens.pop(0)
    initials = 0
    while initials < len(tokens) and _INITIALS.fullmatch(tokens[initials]):
        initials += 1
    rest = tokens[initials:]
    if (not initials or len(rest) != 2 or not surname_particle(rest[0]) or rest[0].islower()
            or surname_particle(rest[1]) or not all(name_form(p) for p in rest[1].split("-"))):
        return None
    return " ".join(rest)


#: A pinyin syllable: an initial, then a final (``zhe``+``dong``, ``shou``+``jing``).
_PINYIN = re.compile(
    r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ueng|ang|eng|ing|ong|ian|iao|uai|uan|van|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|"
    r"ue|ve|er|a|o|e|i|u|v)")
_PINYIN_WORD = re.compile(rf"^(?:{_PINYIN.pattern}){{1,3}}$")


def pinyin_given_name(word: str) -> bool:
    """A given name written as one to three pinyin syllables (``Zedong``, ``Shoujing``, ``Shu``), no
    Western name shape (``Setsen``, ``Esiason`` are no pinyin)."""
    return name_form(word) and bool(_PINYIN_WORD.match(word.lower()))


def family_first_parts(words: tuple[str, ...], lexicon: Lexicon) -> tuple[str, str] | None:
    """(family name, given name) of a two-word Chinese name written family name first: an East Asian family
    name that is no frequent US first name (:meth:`Lexicon.east_asian_family_name`: ``Mao``, ``Guo``; not
    ``Lee``) and a pinyin given name (:func:`pinyin_given_name`) that is no common Western surname
    (``Wang Zhen`` yes; ``Boomer Esiason``, ``Zaha Hadid``, ``Yuan T. Lee`` no); a given name that spells a
    gazetteer place is one where the dataset labels the whole name mostly PERSON (``Zhu Shijie``, ``Hu
    Sihui``; not a state name such as ``Dai Ulus``)."""
    if len(words) != 2:
        return None
    family, given = words
    if not lexicon.east_asian_family_name(family) or not pinyin_given_name(given):
        return None
    if lexicon.is_gazetteer_name(given) and given.lower() not in lexicon.first_counts \
            and not lexicon.east_asian_family_name(given) and len(given) > 4 \
            and lexicon.labels.mostly(" ".join(words)) != "PERSON":
        return None  # a place after a family name: "Dai Ulus"-like state names
    return family, given


def gendered_full_name(words: Sequence[str], lexicon: Lexicon) -> bool:
    """Two words that make a person's full name although the US banks lack one of them or the corpus
    labels a word alone otherwise (``Galileo Ferraris``: "Galileo" mostly PRODUCT; ``Duarte Barbosa``:
    "Duarte" a Californian city; ``Barack Obama``, ``Cengiz Han``): the dataset labels the whole name
    PERSON and mostly; the name data (the US and other-origin banks, ``gender-guesser``) give the first
    word one gender and it is no English common word (not ``Bent Rhine``); the last is a Census surname or
    a name word of the dataset's persons, no title, country or place word (``Tate Britain``, ``Cosgrove
    Hall``); the corpus never writes either word in lower case. Or given names of one undoubted sex before
    a surname no bank lists (:func:`unlisted_surname_name`: ``Franciszek Szanior``, ``Mustafa Kemal
    Atatürk``)."""
    if len(words) in (2, 3) and unlisted_surname_name(words, lexicon):
        return True
    if len(words) != 2 or not all(name_form(w) for w in words):
        return False
    first, last = words
    gendered = lexicon.known_gender(first) in ("first-male", "first-female")
    surname = last.lower() in lexicon.surname_counts or lexicon.labels.name_words[last] >= MIN_PERSON_LABELS
    return (lexicon.labels.mostly(" ".join(words)) == "PERSON" and gendered and surname
            and not lexicon.common_word(first)
            and all(lexicon.case.lower[w.lower()] == 0 and w.lower() not in TITLES for w in words)
            and last.lower() not in PLACE_WORDS and lexicon.place_kind(last) != "country")


def unlisted_surname_name(words: Sequence[str], lexicon: Lexicon) -> bool:
    """A full name of given names whose sex the name data do not doubt and a surname no bank lists
    (``Franciszek Szanior``, ``Federica Mogherini``, ``Mustafa Kemal Atatürk``): the dataset labels the whole
    name PERSON and mostly; each given name has one sex, the same for all (:meth:`Lexicon.known_gender`,
    not :meth:`Lexicon.gender_is_doubtful` nor mixed: not ``Jan``), is no common word or title; the surname
    is a rare word (``wordfreq`` under ``RARE_ZIPF``) that no dictionary lists, no title, place word or
    gazetteer place; the corpus never writes a word of it in lower case. Name shape only: a caller reads
    the text around it (EntSwap: never a name written alone in brackets, ``City Council (Rada Miasta)``)."""
    *given, last = words
    sexes = {lexicon.known_gender(w) for w in given}
    return (all(name_form(w) and lexicon.case.lower[w.lower()] == 0 and w.lower() not in TITLES
                for w in words)
            and lexicon.labels.mostly(" ".join(words)) == "PERSON"
            and len(sexes) == 1 and sexes <= {"first-male", "first-female"}
            and not any(lexicon.gender_is_doubtful(w) or lexicon.gender_is_mixed(w) or lexicon.common_word(w)
                        for w in given)
            and lexicon.zipf(last) < RARE_ZIPF and not lexicon.dictionary_word(last)
            and not lexicon.common_word(last) and last.lower() not in PLACE_WORDS
            and not lexicon.is_gazetteer_name(last))


def common_word_surname(words: Sequence[str], context: str, mentions: Iterable[Mention], lexicon: Lexicon
                        ) -> bool:
    """A full name whose Census surname is also a common word (``Kawann Short``: "short"; asked for by the
    question: not ``Jurchen Jin``), renamed only at its capitalised mentions (lower-case words are never
    mentions: :func:`.casing.casing_variants`): the dataset labels the whole name mostly PERSON; the given
    name is a name word the corpus never writes in lower case, no common word, title or gazetteer place; and
    the passage writes the surname capitalised only after that given name or inside a PERSON mention, so
    that no capitalised common word ("Short passes …") would be renamed with it."""
    if len(words) != 2 or not all(name_form(w) for w in words):
        return False
    first, last = words
    if (lexicon.labels.mostly(" ".join(words)) != "PERSON" or lexicon.case.lower[first.lower()] > 0
            or lexicon.common_word(first) or first.lower() in TITLES or lexicon.is_gazetteer_name(first)
            or not lexicon.name_word(first) or last.lower() not in lexicon.surname_counts
            or last.lower() in TITLES | PLACE_WORDS):
        return False
    persons = [(m.start, m.end) for m in mentions if m.label == "PERSON"]
    for occ in whole_word(last, True).finditer(context):
        after_first = context[max(0, occ.start() - len(first) - 1):occ.start()] == f"{first} "
        if not after_first and not any(a <= occ.start() and occ.end() <= b for a, b in persons):
            return False
    return True


def common_word_name(words: Sequence[str], texts: Iterable[str], mentions: dict[str, list[Mention]],
                     lexicon: Lexicon) -> str | None:
    """The common word of a full name of two or three words that English also writes as a word (``Edward
    Said``, ``Michael Faraday``, ``Al Capone``, ``Whit Stillman``, ``Henry Louis Gates``, ``James Clerk
    Maxwell``), ``None`` for any other name: the dataset labels the whole name mostly PERSON; every other
    word is a name word (:meth:`Lexicon.name_word`); the first word has a known gender that the US bank
    does not list as mixed (a bank first name, or a common given name: ``Al``; not ``Leslie``, which the
    bank would type female for Leslie Valiant); no word is a title or place word, and the common word no
    gazetteer name (``Hill``, ``Duke``); and every text of the article writes the common word, and each
    word a gazetteer lists as a place (``Michael``, ``Gore``), capitalised only inside the full name or
    a PERSON mention (``Said`` of a sentence's start is no mention; a place word also before another
    capitalised word: another person's name, ``Henry Ware``), so that it is renamed at no other word
    (lower-case words never are); never after "the" (``the Stanley Steamer``: a thing)."""
    if len(words) not in (2, 3) or not all(name_form(w) for w in words):
        return None
    if lexicon.labels.mostly(" ".join(words)) != "PERSON" or any(
            w.lower() in TITLES | PLACE_WORDS | NOBLE_TITLES for w in words):
        return None
    common = [w for w in words if not lexicon.name_word(w)]
    if (len(common) != 1 or lexicon.is_gazetteer_name(common[0])
            or lexicon.known_gender(words[0]) not in ("first-male", "first-female")
            or lexicon.gender_is_mixed(words[0])):
        return None
    checked = dict.fromkeys([common[0], *(w for w in words if lexicon.is_gazetteer_name(w))])
    name = whole_word(" ".join(words), True)
    thing = re.compile(rf"(?<![\w'’])[Tt]he {re.escape(' '.join(words))}(?!\w)")
    for text in texts:
        if thing.search(text):
            return None  # "the Stanley Steamer": a thing named after a person, no person
        if not any(w in text for w in checked):
            continue
        inside = [(m.start, m.end) for m in mentions.get(text, ()) if m.label == "PERSON"]
        inside += [(m.start(), m.end()) for m in name.finditer(text)]
        for word in checked:
            for occ in whole_word(word, True).finditer(text):
                if not (any(a <= occ.start() and occ.end() <= b for a, b in inside)
                        or word != common[0] and _NAME_AFTER.match(text, occ.end())):
                    return None
    return common[0]


#: A capitalised word right after a given name: it opens some full name there (``Henry Ware``).
_NAME_AFTER = re.compile(r" [A-Z][a-z]")


def famous_surname(word: str, lexicon: Lexicon) -> bool:
    """A surname written alone that names a person without their given name (``Einstein``, ``Obama``,
    ``Hitler``), although no bank lists it and ``wordfreq`` ranks it too frequent for a rare name: the
    corpus never writes it in lower case, the dataset labels it PERSON at least ``MIN_PERSON_LABELS`` times
    and mostly, and one of its PERSON names is a bank first name of known gender and this word (``Albert
    Einstein``; not ``Dubbed Skylab``)."""
    lowered = word.lower()
    return (name_form(word) and lowered not in TITLES and lexicon.case.lower[lowered] == 0
            and lexicon.labels.mostly(word) == "PERSON"
            and lexicon.labels.count(word, "PERSON") >= MIN_PERSON_LABELS
            and word in lexicon.dataset_table(_given_name_surnames))


def _given_name_surnames(lexicon: Lexicon) -> frozenset[str]:
    """Last words of the dataset's two-word PERSON names that open with a bank first name of known gender
    (:meth:`Lexicon.dataset_table`)."""
    gendered = ("first-male", "first-female")
    return frozenset(words[1] for surface, votes in lexicon.labels.votes.items() if votes["PERSON"]
                     and len(words := surface.split()) == 2 and lexicon.known_gender(words[0]) in gendered)


#: A name in Latin letters among the forms a bracket after a name lists (``(劉黑馬, Liu Ni)``): capitalised
#: words (``Liu Ni``).
_LATIN_NAME = re.compile(r"^[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*$")


def listed_aliases(name: str, text: str) -> list[str]:
    """Names in Latin letters that ``text`` lists, with the name in another script or other forms, in a
    bracket right after ``name`` (``Liu Heima (劉黑馬, Liu Ni)`` → ``Liu Ni``): another name of the same
    person. Another person's name in the passage for the renamer, it would keep the old family name."""
    found: list[str] = []
    for bracket in brackets_after(name, text):
        if "," in bracket or ";" in bracket:
            found += [item for part in re.split(r"[,;]", bracket) if _LATIN_NAME.match(item := part.strip())]
    return found


def initials_left(surname: str, texts: Iterable[str]) -> bool:
    """A person's dotted initials stand in ``texts`` (``N.T.`` or ``N. T.`` beside ``Nikola Tesla``): another
    name of the person that the renaming cannot follow."""
    for text in texts:
        for m in re.finditer(rf"\b([A-Z])[a-z]+ (?:[A-Z]\. )?{re.escape(surname)}\b", text):
            initials = rf"(?<![\w.]){m.group(1)}\. ?(?:[A-Z]\. ?)?{re.escape(surname[0])}\.(?!\w)"
            if any(re.search(initials, t) for t in texts):
                return True
    return False


#: A code of capitals with digits glued after them (``MBH99``).
_INITIALS_CODE = re.compile(r"(?<![\w.-])([A-Z]{2,5})(\d+)(?![\w-])")


def joint_initials_left(surname: str, texts: Iterable[str], surnames: Iterable[str]) -> bool:
    """``texts`` write a code of the initials of several persons' surnames, ``surname``'s among them
    (``MBH99`` beside Mann, Bradley and Hughes): each letter the initial of one of ``surnames`` (the other
    persons' of the passage), digits glued after them (a year, a number: not "ABC" beside Burke, Adams
    and Cole). That code would keep the old initials beside the new names (blind read round 37; rule
    ``per.alias-left``)."""
    others = {w[0] for w in surnames if w != surname and w[:1].isupper()}
    for text in texts:
        for m in _INITIALS_CODE.finditer(text):
            code = m.group(1)
            if (surname[:1] in code
                    and all(c == surname[0] or c in others for c in code) and len(set(code)) == len(code)
                    and any(c in others for c in code)):
                return True
    return False


#: Ranks of the peerage that banks also list as first names: "<rank> of <place>" is a title, not a person's
#: given name and byname (``Earl of Essex``).
_PEERAGE_RANKS = frozenset(words_of("earl marquess marquis viscount baronet knight"))


def byname_person(text: str, lexicon: Lexicon) -> bool:
    """A lone bank first name with a byname (:func:`.lexicon.parse_person`) and no title: a regnal numeral
    (``Frederick II the Great``, ``Louis XIV``; a first name that is also a town's will do) or an epithet or
    "of <place>" after a first name that is no place (``Conrad of Montferrat``, ``Alfred the Great``). The
    first name is no title nor rank and no common word (not ``Earl of Essex``, ``Mercy of God``)."""
    name = parse_person(text)
    if name is None or not name.byname or name.titles or len(name.words) != 1:
        return False
    first, words = name.words[0], clean_surface(text).split()
    if (first.lower() not in lexicon.first_counts or first.lower() in TITLES | _PEERAGE_RANKS
            or lexicon.common_word(first)):
        return False
    numeral = len(words) > 1 and words[0] == first and ROMAN_NUMERAL.fullmatch(words[1]) is not None
    return numeral or lexicon.place_kind(first) is None


def looks_like_person(text: str, lexicon: Lexicon) -> bool:
    """A person's name under another label (:meth:`Lexicon.looks_like_person`), a given name with a byname
    (:func:`byname_person`: ``Frederick II the Great`` tagged FAC), or a bank first name that is no place
    before a surname holding a particle (``Lothar de Maizière`` tagged ORG)."""
    if lexicon.looks_like_person(text) or byname_person(text, lexicon):
        return True
    parts = particle_name(text, lexicon)
    return (parts is not None and parts[0].lower() in lexicon.first_counts
            and lexicon.place_kind(parts[0]) is None)


#: Labels of names that may be named after a person (an institution, a work, a prize, a law); not places
#: (``Fort William Henry``, ``Washington``: a place's name keeps the words of its own).
_NAMED_AFTER_LABELS = frozenset({"ORG", "WORK_OF_ART", "PRODUCT", "EVENT", "LAW"})


def persons_inside_names(spans: Iterable[tuple[int, int]], mentions: Sequence[Mention], lexicon: Lexicon
                         ) -> list[Mention]:
    """Persons inside a longer name that a gold answer span holds (``the Nikola Tesla Museum``, NER labelling
    the whole name ORG): a full name (two or more words) that the passage labels PERSON elsewhere, or the
    opening words of the name when they read as a person's full name (:meth:`Lexicon.looks_like_person`:
    a bank first name and a name word), standing as whole words inside another mention over the answer.
    Renaming the person renames the institution named after them with them."""
    names = {t for m in mentions if m.label == "PERSON" and len((t := clean_surface(m.text)).split()) >= 2}
    spans = list(spans)
    found: dict[tuple[int, int], Mention] = {}
    for m in mentions:
        if m.label not in _NAMED_AFTER_LABELS or not any(m.start < e and s < m.end for s, e in spans):
            continue
        words = clean_surface(m.text).split()
        full = (len(words) > 2 and not {"&", "and"} & set(words) and "," not in m.text  # two persons' firm
                and _bank_full_name(words[0], words[1], lexicon))
        opening = " ".join(words[:2]) if full else ""
        for name in [*names, opening] if opening else names:
            for hit in re.finditer(rf"(?<![\w'’-]){re.escape(name)}(?![\w-])", m.text):
                start, end = m.start + hit.start(), m.start + hit.end()
                if (start, end) != (m.start, m.end) and any(s <= start and end <= e for s, e in spans):
                    found.setdefault((start, end), Mention(start, end, "PERSON", name))
    return sorted(found.values(), key=lambda m: m.start)


def _bank_full_name(first: str, last: str, lexicon: Lexicon) -> bool:
    """A bank first name of known gender and a surname, Census or labelled in the dataset's PERSON names
    (``Milton Friedman``, ``Walt Disney``; not ``Alpha Repertory``): a person's full name opening a longer
    name."""
    return (lexicon.known_gender(first) in ("first-male", "first-female")
            and (last.lower() in lexicon.surname_counts
                 or lexicon.labels.name_words[last] >= MIN_PERSON_LABELS)
            and lexicon.looks_like_person(f"{first} {last}"))


def inside_longer_name(mention: Mention, mentions: Iterable[Mention]) -> bool:
    """A mention of an institution, work, prize or law strictly holds ``mention`` (a person inside its
    name: :func:`persons_inside_names`)."""
    return any(m.label in _NAMED_AFTER_LABELS and m.start <= mention.start and mention.end <= m.end
               and (m.start, m.end) != (mention.start, mention.end) for m in mentions)


def lone_given(given: str, last: str, text: str) -> bool:
    """``given`` occurs in ``text`` without ``last`` among the three words after it nor right before it, the
    family name of a name written family name first (``Ali`` the caliph in a passage on ``Ali Shariati``;
    ``John F. Kennedy``, ``John Fitzgerald Kennedy`` and ``Kong Duancao`` are not lone)."""
    for match in whole_word(given).finditer(text):
        after = [re.split("[—–]", w)[0].removesuffix("'s").removesuffix("’s").strip(".,;:()") for w in
                 text[match.end(): match.end() + 60].split()[:3]]  # "Martin Luther—may": a dash ends a word
        before = text[max(0, match.start() - 60):match.start()].split()[-1:]
        if last not in after and last not in before:
            return True
    return False


def closed_full_name(word: str, context: str, mentions: Iterable[Mention], lexicon: Lexicon
                     ) -> tuple[str, ...] | None:
    """The name words of the one full name of the passage that ``word`` ends as its surname (``George
    Washington`` for a lone ``Washington``, ``Edward Braddock`` for ``Braddock``): PERSON mentions of two or
    more words that make a person's name (:meth:`Lexicon.person_name`), written given name first, all spell
    one name. ``None`` when none does, two persons share the surname (``Venus Williams`` and ``Serena
    Williams``; ``Charles and Ray Eames``; ``El Temür`` whatever NER labels it: :func:`other_bearer`), or
    the given name also stands apart from the surname (a lone ``George`` may be another George:
    :func:`lone_given`). One referent, one mapping: the lone surname's
    new name renames the given name of its full name too (a reader rejects ``George Swiney``, a
    half-renamed person)."""
    names = {p.words for m in mentions if m.label == "PERSON" and (p := parse_person(m.text)) is not None
             and len(p.words) >= 2 and p.words[-1] == word and lexicon.person_name(p.words)
             and not lexicon.family_name_first(p.words)}
    if len(names) != 1:
        return None
    full = next(iter(names))
    name = re.escape(" ".join(full))
    shared = re.search(rf"(?<![\w'’-])[A-Z][\w'’-]+ (?:and|&) {name}(?![\w'’-])", context)
    if shared or other_bearer(word, full, context, lexicon) or lone_given(full[0], word, context):
        return None
    return full


def other_bearer(word: str, full: Sequence[str], context: str, lexicon: Lexicon) -> bool:
    """The passage writes ``word`` after a particle or a capitalised word that is no word of ``full``, no
    title and no word the corpus mostly writes in lower case (``El Temür`` beside ``Tugh Temür``; not
    ``General Braddock``, ``Then Braddock``): another name ends with it."""
    for m in re.finditer(rf"(?<![\w'’-])([\w'’-]+) {re.escape(word)}(?![\w'’-])", context):
        before = m.group(1)
        lowered = before.lower()
        if before not in full and (lowered in PARTICLES or (
                before[:1].isupper() and lowered not in TITLES and not lexicon.mostly_lower(before))):
            return True
    return False


#: Pronoun votes over the dataset that give a full name a sex where its passage and the name data do not
#: (as :func:`.entities.dataset_pronoun_gender` for mononyms): at least this many, the other sex's at most
#: a ``_FULL_NAME_AGREEMENT``-th of them.
MIN_FULL_NAME_PRONOUNS = 2
_FULL_NAME_AGREEMENT = 4


#: Per full name, over the dataset's passages: (male, female) pronoun votes, then the passages whose own
#: evidence makes its bearer a man, a woman (:func:`_full_name_evidence`).
FullNameEvidence = tuple[int, int, int, int]


def _passage_full_names(mentions: Sequence[Mention]) -> set[tuple[str, ...]]:
    """Name words of the passage's full names (two or more name words): its PERSON mentions', and those of
    its other mentions whose surname the passage labels PERSON alone (``Peyton Manning's`` tagged ORG beside
    ``Manning … his``)."""
    lone = {clean_surface(m.text) for m in mentions if m.label == "PERSON"}
    names = set()
    for m in mentions:
        p = parse_person(m.text)
        if p is not None and len(p.words) >= 2 and (m.label == "PERSON" or p.words[-1] in lone):
            names.add(p.words)
    return names


def _full_name_evidence(lexicon: Lexicon) -> dict[tuple[str, ...], FullNameEvidence]:
    """Name words of the dataset's full names (:func:`_passage_full_names`) → their :data:`FullNameEvidence`,
    summed over every passage that writes them (:meth:`Lexicon.dataset_table`). A passage's own sex for the
    name is a gendered noun beside it (:func:`.entities.noun_gender`: ``defensive end … chairman``), else its
    pronouns after the full name or its words alone when they agree (``Kony Ealy tipped a pass to himself``),
    as the passage's analysis types it."""
    from .entities import agreed_type, noun_gender, pronoun_gender  # entities imports this module

    evidence: dict[tuple[str, ...], FullNameEvidence] = {}
    for context, mentions in lexicon.passages.items():
        for words in _passage_full_names(mentions):
            male, female = pronoun_gender(context, words, mentions)
            sex = noun_gender(context, words) or agreed_type(male, female)
            before = evidence.get(words, (0, 0, 0, 0))
            evidence[words] = (before[0] + male, before[1] + female, before[2] + (sex == "first-male"),
                               before[3] + (sex == "first-female"))
    return evidence


def dataset_full_name_sex(words: tuple[str, ...], lexicon: Lexicon) -> str | None:
    """The sex the dataset's passages give a full name (one person, one sex, as :func:`one_sex` within a
    passage): its pronoun votes summed over them (``MIN_FULL_NAME_PRONOUNS``, the other sex's at most a
    ``_FULL_NAME_AGREEMENT``-th: ``Cam Newton … his``), else the sex that every passage deciding one gives
    (``Kony Ealy``: ``himself`` in one passage, nothing in two); ``None`` when none does or they disagree."""
    male, female, men, women = lexicon.dataset_table(_full_name_evidence).get(tuple(words), (0, 0, 0, 0))
    if male >= MIN_FULL_NAME_PRONOUNS and female * _FULL_NAME_AGREEMENT <= male:
        return "first-male"
    if female >= MIN_FULL_NAME_PRONOUNS and male * _FULL_NAME_AGREEMENT <= female:
        return "first-female"
    return "first-male" if men and not women else "first-female" if women and not men else None


#: An Arabic patronymic or kunya particle before a name (``ibn Zakarīya Rāzi``): the name is a father's.
_PATRONYMIC_BEFORE = re.compile(r"(?i:\b(?:ibn|bin|ben|bint|abu|abul)\s+)$")


def unsexed_given_type(words: tuple[str, ...], lexicon: Lexicon, context: str = "") -> str | None:
    """Span type of the given name of a full name whose passage and name data show no sex (``Peyton
    Manning``, ``Andrea Palladio``, ``Cam Newton``): the sex the dataset's other passages about that full
    name give it (:func:`dataset_full_name_sex`: one person across an article, ``Cam Newton … his``), else
    a unisex given name (``first-neutral``: Riley, Casey), which claims no sex. The whole name is renamed:
    a reader rejects a half-renamed person (``Peyton Lambard``) whose old given name still points at the
    original. The first word must be a given name: one the name data know (:meth:`Lexicon.known_gender`)
    or that of a full name the dataset labels mostly PERSON, ``MIN_PERSON_LABELS`` times, never written in
    lower case and no place (not ``Kromme Rijn``, ``Amtrak San Joaquins``); ``None`` otherwise (the
    surname alone is renamed, as before), and when the passage writes the name after a patronymic particle
    (``Muhammad ibn Zakarīya Rāzi``: "Zakarīya" is his father's name, no given name of his)."""
    first = words[0]
    full = " ".join(words)
    if any(_PATRONYMIC_BEFORE.search(context[:m.start()]) for m in whole_word(full, True).finditer(context)):
        return None
    labelled = (lexicon.labels.mostly(full) == "PERSON"
                and lexicon.labels.count(full, "PERSON") >= MIN_PERSON_LABELS
                and lexicon.case.lower[first.lower()] == 0 and not lexicon.is_gazetteer_name(first))
    if lexicon.known_gender(first) is None and not labelled:
        return None
    return dataset_full_name_sex(words, lexicon) or rare_boys_name(first, lexicon) or "first-neutral"


#: A name with the title of Mongol and Turkic rulers after it (``Möngke Khan``, ``Great Khan``, ``Khagan``).
_KHAN_NAME = re.compile(r"(?<![\w'’])[A-Z][\w'’-]* (?:Khan|Khagan|Khaghan|Qaghan)(?!\w)")


def undivided_name(words: Sequence[str], lexicon: Lexicon, context: str) -> bool:
    """Two words that no name data divide into a given name and a surname, in a passage that writes Mongol
    or Turkic rulers' names (:data:`_KHAN_NAME`: ``Möngke Khan``, ``Great Khan``): one personal name of two
    words, as such names are (``Ariq Böke``, ``Tugh Temür``, like ``Kublai`` alone), whose last word is no
    surname: the Census lists neither word as a surname, and the first word is no given name that
    ``gender-guesser`` or the other-origin banks know, at most a rare US bank name (``RARE_BANK_NAME``: few
    US boys are named Ariq). Renaming the last word as a surname would leave half the name. Elsewhere such
    names are family names the banks lack (``Jakaya Kikwete``, ``Jerricho Cotchery``) and stay renamed."""
    from .entities import RARE_BANK_NAME  # entities imports this module

    if len(words) != 2 or not _KHAN_NAME.search(context):
        return False
    first, last = (w.lower() for w in words)
    return (last not in lexicon.surname_counts and first not in lexicon.surname_counts
            and lexicon.first_counts.get(first, 0) < RARE_BANK_NAME
            and not lexicon.world_first_names.get(first)
            and lexicon.guessed_gender(words[0]) is None)


def rare_boys_name(first: str, lexicon: Lexicon) -> str | None:
    """``first-male`` for a given name that the US bank gives boys only and that fewer than
    ``RARE_BANK_NAME`` US people bear, which ``gender-guesser`` does not know (``Absalom``, ``Demaryius``,
    ``Jerricho``, ``Aston``): of a full name whose sex nothing else shows, it keeps the bank's sex. Every
    person of the SQuAD dev passages with such a given name is a man (19 of 19: Jomo Kenyatta, Amartya
    Sen); a rare girls' name is no such evidence (``Jakaya`` Kikwete, ``Alexius`` Komnenos: foreign men's
    names that a few US girls bear; 1 of 3 a woman), nor is a common one given to both sexes (``Chris``)."""
    from .entities import RARE_BANK_NAME  # entities imports this module

    lowered = first.lower()
    rare = 0 < lexicon.first_counts.get(lowered, 0) < RARE_BANK_NAME
    return ("first-male" if rare and lexicon.first_names.get(lowered) == "first-male"
            and lexicon.guessed_gender(first) is None and not lexicon.gender_is_mixed(first) else None)


def regnal_given_names(words: tuple[str, ...], span_type: str | None, lexicon: Lexicon) -> bool:
    """Two given names before a regnal numeral or epithet (``John Paul II``, ``Frederick William IV``): the
    name data give the second the first's sex (``span_type``), so both are renamed as given names of that
    sex, the numeral kept (``Gary Dennis II``); the second is more often a given name (SSA) than a surname
    (Census): no family name before the numeral (``Henry Ford II``)."""
    second = words[-1].lower()
    return (len(words) == 2 and span_type in ("first-male", "first-female")
            and lexicon.known_gender(words[1]) == span_type
            and lexicon.first_counts.get(second, 0) > lexicon.surname_counts.get(second, 0))


#: Arabic words that open a compound given name with the word after them: a kunya (``Abu``, ``Abul`` "father
#: of") or a theophoric ``Abd`` "servant of" (``Abdul``, ``Abdel``, ``Abdur``, ``Abdus``).
ARABIC_NAME_OPENERS = frozenset(words_of("abu abul abd abdul abdel abdur abdus"))


def compound_given_words(words: Sequence[str]) -> tuple[str, ...]:
    """The words of a name that its given name spans: the first, and the second too when the first is an
    Arabic opener (:data:`ARABIC_NAME_OPENERS`) and a surname follows (``Abul Ala Maududi``: "Abul Ala";
    not the kept middle name of ``Gamal Abdul Nasser``), so that no half of the given name stays."""
    if len(words) >= 3 and words[0].lower() in ARABIC_NAME_OPENERS:
        return tuple(words[:2])
    return tuple(words[:1])


def written_after_initial(word: str, context: str) -> bool:
    """The passage writes ``word`` after a given name's dotted initial (``D. Brainerd Holmes``, ``J.
    Smith``): a surname, whatever lone uses of it the pronouns follow."""
    return bool(re.search(rf"(?<![\w.])[A-Z]\. (?:[A-Z][a-z]+ )?{re.escape(word)}(?![\w'’-])", context))


def one_sex(spans: Sequence[PerturbableSpan]) -> list[PerturbableSpan]:
    """The spans of one person's names (a name and its bracketed alias: ``Jean Cauvin (John Calvin)``) with
    their unisex given names (``first-neutral``) typed as the sex that their other given names show, when
    all show one: one person, one sex."""
    sexes = {s.span_type for s in spans} & {"first-male", "first-female"}
    if len(sexes) != 1:
        return list(spans)
    sex = next(iter(sexes))
    return [replace(s, span_type=sex) if s.span_type == "first-neutral" else s for s in spans]


#: Kinship nouns that only a person has (:data:`.lexicon.KINSHIP` but "sister": "Paris's sister city"; no
#: ruler's title: "England's king" is a country's), with the irregular plural "wives".
_KIN_OWNED = "|".join(sorted(set(KINSHIP) - {"sister"}) + ["wives"])


def kin_possessor(name: str, context: str) -> bool:
    """The passage gives ``name`` a relative in the possessive (``two of Tesla's uncles``, ``Temüjin's
    mother``): whoever has an uncle or a mother is a person, whatever NER labels the name."""
    pattern = (rf"(?<![\w'’-]){re.escape(name)}['’]s (?:(?:eldest|elder|younger|youngest|only|first|second"
               rf"|third|late|step)[- ]?)?(?:{_KIN_OWNED})s?\b(?! of\b)")
    return re.search(pattern, context) is not None
