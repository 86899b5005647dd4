"""Replacement names for the entities of one article, drawn from the African banks.

Each referent's generator is derived from ``(seed, category, article key, referent)``, so a mapping depends
neither on the order of articles or examples, nor on ``PYTHONHASHSEED``, and an ablation
(``afrisquad2-wo-city``) gives the kept categories the same names as the full config (except where two
entities would draw the same name, which is redrawn). A replacement never equals an original surface of
the article, never occurs as a word in the article, never contains an original surface of the
article as a word (so no original is left visible), is no spelling variant of the name it replaces
(``Mohammed`` → ``Mohamed``: :func:`spelling_variant`), is used once per article, keeps a person name a
single word per name part, is shared by every alias of one referent (*United States* / *America*), and, for
nationalities, takes a regular plural in ``-s`` (``Nigerian`` →
``Nigerians``; ``Beninese`` or ``Malagasy`` are not drawn).

A nationality follows its country: ``French`` becomes the demonym of the African country ``France`` is
renamed to (``Chad`` → ``Chadian``); when the article never names France, France's new name is drawn all
the same (the same draw as if it did) and only its demonym is used. Every country is drawn among African
countries whose demonym the bank pairs with it (``lexicon.demonym_countries``) and that have
``MIN_COUNTRY_POPULATION`` people; once an article has spent them (one naming 35 countries), a country
none of whose demonyms the article renames draws among the other African countries of that population
(``Senegal``, ``Madagascar``: :meth:`Pools.countries_without_demonym`; not a country written as a
letter code, whose code before a noun takes the new demonym).
A place is renamed to a name that takes "the" exactly when it does (``Egypt`` is never renamed
``Comoros``: the renamer cannot add the article everywhere the grammar needs it), and a country the article
also calls by a letter code to one that takes none ("US and allied troops" would read "the Gambia and
allied troops"; "the US" becomes "Kenya"). An organisation is
renamed to an African organisation with the same organisation word (a ``Commission``
for a ``Commission``), or not at all.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from difflib import SequenceMatcher
from functools import cached_property
from pathlib import Path

from wordfreq import zipf_frequency

from ..casing import natural_case
from ..lexicon import COMMON_ZIPF, FUNCTION_WORDS, alias_group, demonym_countries, occurs_as_word, whole_word
from ..model import Substitution
from ..namebank import FIRST_NAME_TYPES, BankError, load_bank
from ..places import is_state_country
from ..sampling import seeded_rng
from ..substitute import adjective_demonym, takes_article
from .categories import CATEGORIES
from .entities import COUNTRY_CODE, Entity, head_key, initials

DEFAULT_BANK = "african"
MAX_DRAWS = 200
MIN_COUNTRY_POPULATION = 50_000
_IRREGULAR_PLURAL = ("s", "x", "z", "sh", "ch", "y")
_WORD = re.compile(r"\w+")
#: A candidate this similar to an original name (``difflib`` ratio) is a spelling variant of it
#: (``Mohammed`` → ``Mohamed``, ``Kenya`` → ``Kenia``), not a new name: it is redrawn.
VARIANT_RATIO = 0.75


def spelling_variant(candidate: str, original: str) -> bool:
    """``candidate`` spells ``original`` another way (case-insensitive ratio ≥ ``VARIANT_RATIO``)."""
    return SequenceMatcher(None, candidate.lower(), original.lower()).ratio() >= VARIANT_RATIO


def distinct_words(one: str, other: str) -> tuple[str, str]:
    """Two organisation names without the words they share: ``Makerere University`` is no spelling
    variant of ``Harvard University`` (the shared organisation word made them look alike)."""
    shared = set(one.lower().split()) & set(other.lower().split())
    return tuple(" ".join(w for w in n.split() if w.lower() not in shared) or n for n in (one, other))


def entity_rng(seed: int, category: str, article: str, referent: str) -> random.Random:
    return seeded_rng("entswap", seed, category, article, referent)


class Pools:
    """Candidate names per bank span type, natural-cased and filtered once."""

    def __init__(self, bank: str = DEFAULT_BANK, banks_root: Path | None = None) -> None:
        self.bank = load_bank(bank, banks_root)
        self._pools: dict[str, tuple[str, ...]] = {}
        self._by_head: dict[tuple[str, bool], tuple[str, ...]] = {}

    def check(self, categories: Iterable[str]) -> None:
        """:class:`BankError` now, before any NER, if a category has no usable names."""
        for category in categories:
            for span_type in (*FIRST_NAME_TYPES, "last") if category == "person" else (category,):
                if span_type == "first-neutral" or self.bank.has(span_type):
                    self(span_type)
                    continue
                name = self.bank.name
                raise BankError(
                    f"name bank {name!r} has no {span_type!r} names, needed for EntSwap's {category!r} "
                    "category (see missing_span_types in the banks' MANIFEST.json). Rebuild it, online from "
                    f"Wikidata: `build-name-banks --bank {name} --out DIR`, or offline (organisations from "
                    f"MasakhaNER 2.0, CC BY-NC 4.0): `build-name-banks --bank {name} --offline --source "
                    f"masakhaner=MASAKHANER_DIR --out DIR`; then pass --banks DIR (it then holds "
                    f"{name}/{span_type}.tsv). On SQuAD 2.0 you may instead leave the category unrenamed "
                    f"with --entswap-without {category}")

    def demonym(self, country: str) -> str | None:
        """The usable demonym (regular ``-s`` plural) the bank pairs with an African ``country``."""
        return self._demonyms.get(country)

    @cached_property
    def _demonyms(self) -> dict[str, str]:
        usable = set(self("nationality")) if self.bank.has("nationality") else set()
        paired = demonym_countries(self.bank)
        return {natural_case(country): natural_case(d) for d, country in paired.items()
                if natural_case(d) in usable}

    def countries(self) -> tuple[str, ...]:
        """African countries to draw: with a usable demonym (so a demonym can follow) and at least
        ``MIN_COUNTRY_POPULATION`` people (no *British Indian Ocean Territory*, *Saint Helena*)."""
        counts = {natural_case(n): c for n, c in self.bank.counts("country").items()}
        found = tuple(c for c in self("country")
                      if c in self._demonyms and counts.get(c, 0) >= MIN_COUNTRY_POPULATION)
        return found or self("country")  # a bank without populations or demonyms: every country

    def countries_without_demonym(self) -> tuple[str, ...]:
        """The other African countries of ``MIN_COUNTRY_POPULATION`` people: no usable demonym of theirs can
        follow them (``Senegalese``, ``Malagasy``), so they are drawn only for a country whose demonym the
        article does not rename, once :meth:`countries` is spent (an article naming 35 countries)."""
        counts = {natural_case(n): c for n, c in self.bank.counts("country").items()}
        drawn = set(self.countries())
        return tuple(c for c in self("country")
                     if c not in drawn and counts.get(c, 0) >= MIN_COUNTRY_POPULATION)

    def organisations(self, head: str, placeless: bool = False) -> tuple[str, ...]:
        """African organisations with the organisation word ``head`` (``head_key`` form); ``placeless``:
        only those whose name holds no country, city or demonym of the bank (``Private Sector Foundation
        Uganda`` after a renamed "U.S." would name two countries)."""
        if (head, placeless) not in self._by_head:
            names = tuple(n for n in self("organization") if any(head_key(w) == head for w in n.split()))
            self._by_head[head, placeless] = tuple(n for n in names
                                                   if not (placeless and self._places.occur_in(n)))
        return self._by_head[head, placeless]

    @cached_property
    def _places(self) -> Originals:
        """The bank's countries, cities and demonyms, to find one inside a name."""
        return Originals(n for kind in ("country", "city", "nationality") if self.bank.has(kind)
                         for n in self.bank.names(kind))

    def __call__(self, span_type: str) -> tuple[str, ...]:
        if span_type not in self._pools:
            self._pools[span_type] = self._load(span_type)
        return self._pools[span_type]

    def _load(self, span_type: str) -> tuple[str, ...]:
        if span_type == "first-neutral" and not self.bank.has(span_type):
            names: Sequence[str] = sorted({*self.bank.names("first-male"), *self.bank.names("first-female")})
        else:
            names = self.bank.names(span_type)
        pool = [natural_case(n) for n in names]
        if span_type in (*FIRST_NAME_TYPES, "last"):  # no common English word ("Junior", "Lucky", "Said")
            pool = [n for n in pool if re.fullmatch(r"[^\W\d_][^\W\d_A-Z]*(?:['’-][^\W\d_]+)*", n)
                    and zipf_frequency(n.lower(), "en") < COMMON_ZIPF]  # nor "SimphiweyiNkosi"
        elif span_type in ("city", "location"):  # no "South", no possessive "Saint Paul's", no country
            countries = {natural_case(c) for c, _ in self.bank.entries.get("country", ())}
            pool = [n for n in pool if not any(ch in n for ch in "'’") and n not in countries
                    and zipf_frequency(n.lower(), "en") < COMMON_ZIPF]  # ("Niger" the Nigerian state)
        elif span_type == "nationality":
            pool = [n for n in pool if " " not in n and not n.lower().endswith(_IRREGULAR_PLURAL)
                    and not n.lower().endswith("ese") and adjective_demonym(n)]
        pool = list(dict.fromkeys(n for n in pool if n[:1].isupper()))
        if not pool:
            raise BankError(f"bank {self.bank.name!r} has no usable {span_type!r} names")
        return tuple(pool)


class ArticleText:
    """Whole-word, case-insensitive occurrence test over every text of one article."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.raw = "\n".join(dict.fromkeys(texts))
        self.text = self.raw.lower()

    def __contains__(self, name: str) -> bool:
        return occurs_as_word(name, [self.text], plural=True)

    def mentions(self, names: Iterable[str]) -> int:
        """How often the article writes one of ``names`` (whole words, as cased; a longer name holding a
        shorter one counts once: *Great Britain* beside *Britain*), whatever the order of its texts."""
        spans = sorted((m.start(), -len(m.group())) for n in set(names) if n
                       for m in re.finditer(rf"(?<!\w){re.escape(n)}(?!\w)", self.raw))
        count, end = 0, -1
        for start, negative in spans:
            if start >= end:
                count, end = count + 1, start - negative
        return count


class Originals:
    """Tests whether a candidate name contains one of the article's original surfaces as a word."""

    def __init__(self, surfaces: Iterable[str]) -> None:
        lowered = {s.lower() for s in surfaces}
        self.words = {s for s in lowered if _WORD.fullmatch(s)}
        self.phrases = sorted(lowered - self.words)

    def occur_in(self, name: str) -> bool:
        lowered = name.lower()
        if any(w in self.words for w in _WORD.findall(lowered)):
            return True
        padded = f" {' '.join(_WORD.findall(lowered))} "
        return any(f" {' '.join(_WORD.findall(p))} " in padded for p in self.phrases)


def candidates(rng: random.Random, pool: Sequence[str]) -> Iterator[str]:
    """The names to try for one referent: ``MAX_DRAWS`` random draws, then (an article that has spent
    nearly all the pool) every name in a random order, so that a referent keeps its name only when no name
    of the pool is left for it."""
    for _ in range(MAX_DRAWS if pool else 0):
        yield pool[rng.randrange(len(pool))]
    rest = list(pool)
    rng.shuffle(rest)
    yield from rest


def takes_the(name: str, category: str) -> bool:
    """The place is written with "the" (``the Comoros``, ``The Gambia``)."""
    return name.startswith(("The ", "the ")) or takes_article(name, category)


def article_mapping(entities: list[Entity], categories: Iterable[str], *, seed: int, article: str,
                    article_text: ArticleText, pools: Pools) -> list[Substitution]:
    """One substitution per entity of the selected ``categories`` (drawn in ``CATEGORIES`` order); the
    aliases of one referent share its replacement; a nationality takes the demonym of its country's new
    name (drawn whether or not the article names the country, or the country category is selected)."""
    return list(entity_mapping(entities, categories, seed=seed, article=article, article_text=article_text,
                               pools=pools).values())


def entity_mapping(entities: list[Entity], categories: Iterable[str], *, seed: int, article: str,
                   article_text: ArticleText, pools: Pools) -> dict[Entity, Substitution]:
    """:func:`article_mapping` keyed by entity: each passage takes the substitutions of the entities it
    keeps from the one mapping of its article."""
    selected = set(categories)
    taken = {e.surface.lower() for e in entities}
    originals = Originals(e.surface for e in entities)
    followed = {e.country for e in entities if e.category == "nationality"}
    article_of: dict[str, bool] = {}  # a referent takes "the" only when every name of it does
    for e in entities:  # a letter code is a modifier too ("US and allied troops"): no "The Gambia" there
        if e.category in ("country", "city", "location"):
            article_of[e.referent] = (article_of.get(e.referent, True) and takes_the(e.surface, e.category)
                                      and not COUNTRY_CODE.fullmatch(e.surface))
    for e in entities:  # a country only named through its demonym takes no article
        if e.category == "nationality":
            article_of.setdefault(e.country, False)

    names_of: dict[str, set[str]] = {}
    for e in entities:
        names_of.setdefault(e.referent, {e.referent}).add(e.surface)
    demonyms_of: dict[str, set[str]] = {}  # a country's new demonym is no variant of its old ones either
    for e in entities:
        if e.category == "nationality":
            demonyms_of.setdefault(e.country, set()).add(e.surface)

    def draw(category: str, referent: str, pool: Sequence[str],
             forms: Callable[[str], list[str]] = lambda _: []) -> str | None:
        """A new name for the referent; ``forms`` gives the other names it implies (an organisation's word
        or initials), fresh like it."""
        rng = entity_rng(seed, category, article, referent)
        the = article_of.get(referent)
        olds = names_of.get(referent, {referent})
        for candidate in candidates(rng, pool):
            if the is not None and takes_the(candidate, category) != the:
                continue  # "Egypt and Syria" → never "Comoros and …": the article goes with the name
            demonym = pools.demonym(candidate) if category == "country" else None  # "Ethiopian Empire" stays
            fresh = demonym is None or (demonym not in article_text and not originals.occur_in(demonym))
            if any(spelling_variant(*distinct_words(candidate, old) if category == "organization"
                                    else (candidate, old)) for old in olds) or (demonym is not None and any(
                    spelling_variant(demonym, old) for old in demonyms_of.get(referent, ()))):
                continue  # "Mohammed" → "Mohamed", "American" → "Algerian" is no renaming
            fresh = fresh and not any(f in article_text or originals.occur_in(f) for f in forms(candidate))
            if (candidate.lower() not in taken and not any(n in article_text for n in alias_group(candidate))
                    and not originals.occur_in(candidate) and fresh):
                taken.add(candidate.lower())
                return candidate
        return None  # a pool spent by this article: the entity keeps its name (entswap.no-new-name)

    def by_mentions(referents: Iterable[str]) -> list[str]:
        """``referents``, the most mentioned first (their names and demonyms; ties by name, so that the
        order of the article's examples changes nothing): where an article spends the country pool (one
        naming 40 countries), the countries it mentions least keep their names, not those late in the
        alphabet (the United States). The other categories draw in the entities' order: their pools are not
        spent on the whole input but for organisations, whose :func:`candidates` try every name before one
        keeps its old name."""
        def key(referent: str) -> tuple[int, str]:
            names = {*names_of.get(referent, ()), *demonyms_of.get(referent, ())}
            return -article_text.mentions(names), referent
        return sorted(referents, key=key)

    persons: dict[str, str | None] = {}
    lone_types = {e.referent: e.span_type for e in entities if e.category == "person" and not e.parts}

    def person(referent: str, span_type: str) -> str | None:
        """A person word's new name, drawn once for its lone mentions and the full names it stands in."""
        if referent not in persons:
            persons[referent] = draw("person", referent, pools(span_type))
        return persons[referent]

    def part(word: str, span_type: str) -> str | None:
        """A name word's new name in a full name: the lone word's where the article types it alike, its
        own where the lone word is typed otherwise ("Shi" of Yan Shi beside the Shi family's name; "Jean"
        of Jean Ribault, a man, beside a lone "Jean" typed female: no woman's name for him)."""
        alike = lone_types.get(word, span_type) == span_type
        return person(word if alike else f"{word} ({span_type})", span_type)

    def full_name(entity: Entity) -> str | None:
        """A full name renamed as a unit: each name word takes its own new name (initials are kept); a name
        written family name first keeps its order, the new family name first (``Shi Tianze`` → ``Okafor
        Chinedu``), as its span type reads (``last first-male``, :func:`unit_span_type`)."""
        if entity.family_first:
            names = [part(word, span_type) for word, span_type in entity.parts]
            return None if None in names else " ".join(n for n in names if n)
        new = entity.surface
        for word, span_type in entity.parts:
            if not span_type:
                continue  # a given name whose bearer's sex nothing shows is kept ("Jean Cauvin")
            name = part(word, span_type)
            if name is None:
                return None
            new = whole_word(word).sub(name, new)
        return new

    places = [e.surface.lower() for e in entities if e.category in ("country", "city", "nationality")]

    def placed(group: list[Entity]) -> bool:
        """A place of the article modifies some mention of the organisation ("the U.S. National Science
        Foundation"): renamed on its own, it stands before the new name, which must name no place."""
        return any(f"{p} {e.surface.lower()}" in article_text.text for p in places for e in group)

    countries: dict[str, str | None] = {}
    subs: dict[Entity, Substitution] = {}
    for category in CATEGORIES:
        referents: dict[str, list[Entity]] = {}
        for entity in (e for e in entities if e.category == category):
            referents.setdefault(entity.referent, []).append(entity)
        if category == "country":  # the countries of the article's demonyms too, named or not
            for referent in sorted(by_mentions(referents.keys() | followed), key=is_state_country):
                countries[referent] = draw("country", referent, pools.countries())
            coded = {e.referent for e in entities if COUNTRY_CODE.fullmatch(e.surface)}  # "a US ally" → "a
            # Malian ally" needs the demonym; a country no demonym follows may take any country
            for referent in by_mentions(referents.keys() - followed - coded):
                countries[referent] = countries[referent] or draw("country", referent,
                                                                  pools.countries_without_demonym())
        if category not in selected:
            continue
        for referent, group in referents.items():
            entity = group[0]
            if category == "country":
                new = countries.get(referent)
            elif category == "nationality":
                country = countries.get(entity.country)
                new = pools.demonym(country) if country else None
            elif category == "organization":
                full = next((e for e in group if not e.short_of), entity)
                shorts = [e.surface for e in group if e.short_of]

                def forms(name: str, full: str = full.surface, shorts: list[str] = shorts) -> list[str]:
                    return [short_form(full, s, name) or "" for s in shorts]

                pool = pools.organisations(entity.head, placeless=placed(group))
                new = draw(category, referent, [n for n in pool if all(forms(n))], forms)
            elif category == "person":
                new = full_name(entity) if entity.parts else person(referent, entity.span_type)
            else:
                new = draw(category, referent, pools(entity.span_type))
            if new is not None:
                subs.update((e, Substitution(e.surface, possessive(new) if e.possessive else new, category,
                                             unit_span_type(e))) for e in group if not e.short_of)
                subs.update((e, Substitution(e.surface, short_form(e.short_of, e.surface, new) or new,
                                             category, e.span_type)) for e in group if e.short_of)
    return subs


#: Consonant letters whose spoken name opens with a vowel ("an RSP"): initials opening with one are not
#: drawn, since the renamer writes "a" before a consonant letter ("an SNP" would read "a RSP").
_AN_CONSONANTS = frozenset("FHLMNRSX")


def short_form(full: str, short: str, new: str) -> str | None:
    """What the organisation's new name ``new`` gives for ``short``, the lone word or initials that stand
    for its old name ``full`` (:func:`.entities.organisation_short_forms`): the initials of ``new`` (two
    capital letters or more, not opening with a letter of ``_AN_CONSONANTS``), or its word in the place
    ``short`` has in ``full`` when ``new`` has the shape of ``full`` (the same organisation word and
    function words in the same places: ``Harvard University`` → ``Makerere University`` makes ``Harvard``
    → ``Makerere``); ``None`` otherwise."""
    if short == initials(full):
        letters = initials(new)
        return (letters if len(letters) >= 2 and letters.isalpha() and letters.isupper()
                and letters[0] not in _AN_CONSONANTS else None)
    old, words = full.split(), new.split()
    if len(old) != len(words) or short not in old:
        return None
    at = old.index(short)
    for i, (a, b) in enumerate(zip(old, words, strict=True)):
        function = a.lower() in FUNCTION_WORDS or b.lower() in FUNCTION_WORDS
        if i != at and (a.lower() != b.lower() if function else head_key(a) != head_key(b)):
            return None
    word = words[at]
    return word if word[:1].isupper() and word.lower() not in FUNCTION_WORDS and word.isalpha() else None


def possessive(name: str) -> str:
    """``name``'s possessive: ``Kofi's``, ``Moses'``."""
    return name + ("'" if name.endswith("s") else "'s")


def unit_span_type(entity: Entity) -> str:
    """The span type a substitution records: a full name renamed as a unit names the types of the words it
    renames (``first-male last``; a kept given name is left out), every other entity its own type."""
    return " ".join(t for _, t in entity.parts if t) or entity.span_type  # the original's order
