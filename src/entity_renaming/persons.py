"""Name shapes of persons outside the plain *given name (middle) surname* of :func:`.lexicon.parse_person`.

Each function reads one mention's words and says which of them are the given name and which the family
name, so that :func:`.entities.person_spans` can rename them with the usual span types instead of leaving
the person out (issue 19: handle, don't veto):

* :func:`role_stripped`: a role or description written before a full name (``Linebacker Brandon
  Marshall``, ``rookie Donn F. Eisele``, ``US President Barack Obama``): the name after it;
* :func:`particle_name`: a given name and a surname holding a particle (``Wernher von Braun``, ``Pedro
  Menéndez de Avilés``, ``Hassan al-Turabi``): the given name, renamed while the surname stays;
* :func:`family_first_parts`: a Chinese name written family name first in pinyin (``Mao Zedong``,
  ``Guo Shoujing``): the family name (a ``last`` span) and the given name (typed by the passage);
"""

from __future__ import annotations

import re

from .lexicon import (
    ARABIC_PARTICLES,
    PARTICLES,
    TITLES,
    Lexicon,
    clean_surface,
    name_form,
    parse_person,
    words_of,
)

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


def _particle(token: str) -> bool:
    """A surname particle written apart: ``von``, ``de``, ``De``, ``La``, ``al``."""
    lowered = token.lower()
    return lowered in PARTICLES or lowered in ARABIC_PARTICLES - {"ben", "bin", "abu", "abd", "bint"}


def _prefixed(token: str) -> bool:
    """A surname with its Arabic article joined: ``al-Turabi``, ``El-Baradei``."""
    return token[:3].lower() in ("al-", "el-") and name_form(token[3:])


def _name_part(token: str) -> bool:
    return _prefixed(token) or all(name_form(p) for p in token.split("-"))


def particle_name(text: str, lexicon: Lexicon) -> tuple[str, str] | None:
    """(given name, the rest) of a name whose surname holds a particle: a given name (a
    :meth:`Lexicon.name_word`), up to two more name words (``Menéndez``, ``Coulon``), a particle and one
    or two capitalised words after it (``Avilés``, ``la Malgue``, ``Braun``), or an Arabic surname with its
    article (``al-Turabi``). Titles before the given name are dropped (``Count Ludwig von
    Nassau-Saarbrücken``); a title of nobility is no given name (``Marquis de Vaudreuil``). The surname is
    kept as written, one new given name stands before it; ``None`` for any other shape."""
    tokens = clean_surface(text).split()
    while tokens and tokens[0].rstrip(".").lower() in TITLES:
        tokens.pop(0)
    if not 2 <= len(tokens) <= 5:
        return None
    first = tokens[0]
    if (not name_form(first) or _particle(first) or first.lower() in NOBLE_TITLES
            or not lexicon.name_word(first)):
        return None
    at = next((i for i, t in enumerate(tokens[1:], 1) if _particle(t) or _prefixed(t)), None)
    middle = tokens[1:at or 1]
    if at is None or at > 3 or not all(name_form(t) and t.lower() not in ARABIC_PARTICLES for t in middle):
        # "Muhammad Abd al-Salaam Farag": a father's or theophoric name, no surname with a particle
        return None
    names = [t for t in tokens[at:] if not _particle(t)]
    if not 1 <= len(names) <= 2 or _particle(tokens[-1]) or not all(_name_part(t) for t in names):
        return None
    return first, " ".join(tokens[1:])


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
    (``Wang Zhen`` yes; ``Boomer Esiason``, ``Zaha Hadid``, ``Yuan T. Lee`` no)."""
    if len(words) != 2:
        return None
    family, given = words
    if not lexicon.east_asian_family_name(family) or not pinyin_given_name(given):
        return None
    if lexicon.is_gazetteer_name(given) and given.lower() not in lexicon.first_counts \
            and not lexicon.east_asian_family_name(given) and len(given) > 4:
        return None  # a place after a family name: "Dai Ulus"-like state names
    return family, given
