"""EntSwap's six categories from OntoNotes NER labels, and the surface forms that get renamed.

OntoNotes → EntSwap (Siro & Ajayi 2023):

* ``PERSON`` → ``person`` (renamed word by word: given names and family names, see :mod:`.entities`);
* ``ORG`` → ``organization``; ``NORP`` → ``nationality``; ``LOC`` and ``FAC`` → ``location``;
* ``GPE`` is split with the gazetteer (priority country > city > state, see ``GAZETTEER_PRIORITY``):
  a country → ``country``, a city → ``city``; **states/provinces and GPEs the gazetteer does not know**
  (historical realms such as *Normandy* or *Francia*) → ``location``; GPE abbreviations without a lower-case
  letter (*U.S.*, *UK*) are not renamed, since no replacement keeps their form.

NORP mentions that name a religion or a political group (*Catholic*, *Protestants*, *Republican* …) are
not nationalities and are left alone (``NON_NATIONAL``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..namebank import BankError, load_bank

#: EntSwap categories, in the order replacements are drawn (also the tie-break of label votes).
CATEGORIES = ("person", "country", "city", "location", "organization", "nationality")
LABEL_TO_CATEGORY = {"PERSON": "person", "ORG": "organization", "NORP": "nationality", "LOC": "location",
                     "FAC": "location", "GPE": "gpe"}
#: A name that is both a city and a state/province (Paris, Lagos, New York) is far more often the city in
#: Wikipedia prose, and EntSwap has a city category of its own: so city before state here (Yan et al.'s
#: span types in :mod:`entity_renaming.spans` keep their country > state > city order).
GAZETTEER_PRIORITY = ("country", "city", "state")
GAZETTEER_TO_CATEGORY = {"country": "country", "state": "location", "city": "city"}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: NORP words (singular, lower case) naming religions or political groups rather than nationalities.
NON_NATIONAL = _words("""
christian catholic protestant orthodox anglican lutheran calvinist methodist baptist presbyterian evangelical
huguenot puritan mormon jesuit quaker pentecostal muslim islamic sunni shia shiite sufi jewish jew judaic
hindu buddhist sikh jain pagan atheist democrat democratic republican communist socialist conservative
liberal labour tory whig nazi fascist marxist leninist bolshevik maoist libertarian green christianity
catholicism protestantism islam judaism hinduism buddhism sikhism orthodoxy
""")
#: Capitalised words that are not entities even when NER says so (calendar words).
CALENDAR = _words("""
january february march april may june july august september october november december monday tuesday
wednesday thursday friday saturday sunday
""")
#: Endings of NORP words that end in ``s`` without being plurals (Swiss, Herodotus, Pyrenees, Tatars'…).
_NOT_PLURAL = ("ss", "us", "is", "ees", "'s", "’s")
_POSSESSIVE = re.compile(r"(?:['’]s|s['’])$")
_EDGE_PUNCT = " \t\n\"'“”‘’()[]{},;:!?"


def clean_surface(text: str) -> str:
    """Mention text → the form to rename: leading article, possessive and edge punctuation removed
    (``the Normans'`` → ``Normans``; ``Rollo's`` → ``Rollo``)."""
    text = text.strip(_EDGE_PUNCT)
    if text[:4] in ("the ", "The "):
        text = text[4:]
    if _POSSESSIVE.search(text):
        text = text[:-1] if text[-1] in "'’" else text[:-2]
    return text.rstrip(".").strip(_EDGE_PUNCT) if not _is_abbreviation(text) else text.strip(_EDGE_PUNCT)


def _is_abbreviation(text: str) -> bool:
    return not any(ch.islower() for ch in text)


def renamable(surface: str) -> bool:
    """A surface worth renaming: starts with a capital letter, is a name (not a date or a number)."""
    return (len(surface) >= 2 and surface[0].isupper() and "\n" not in surface
            and not any(ch.isdigit() for ch in surface) and surface.lower() not in CALENDAR)


def singular_demonym(surface: str) -> str:
    """``Normans`` → ``Norman``; ``Anglo-Saxons`` → ``Anglo-Saxon``; ``Swiss`` and ``Chinese`` unchanged.

    The renamer turns the singular mapping back into every plural (``Normans`` → ``Aremus``)."""
    if len(surface) > 3 and surface.endswith("s") and not surface.endswith(_NOT_PLURAL):
        return surface[:-1]
    return surface


def is_non_national(surface: str) -> bool:
    last = singular_demonym(surface.split()[-1]).lower()
    return last in NON_NATIONAL or surface.lower() in NON_NATIONAL


@dataclass
class Gazetteer:
    """Place-name lookups from the ``gazetteer`` bank (country, state, city, nationality)."""

    root: Path | None = None

    @cached_property
    def places(self) -> dict[str, str]:
        """Lower-cased place name → ``country`` / ``state`` / ``city`` (first type of the priority wins)."""
        bank = load_bank("gazetteer", self.root)
        table: dict[str, str] = {}
        for kind in GAZETTEER_PRIORITY:
            if not bank.has(kind):
                raise BankError(f"gazetteer bank has no span type {kind!r} (has {bank.span_types()})")
            for name in bank.names(kind):
                table.setdefault(name.lower(), kind)
        return table

    def place_category(self, surface: str) -> str | None:
        """``country``, ``location`` (a state) or ``city`` for a gazetteer place, else ``None``."""
        kind = self.places.get(surface.lower())
        return None if kind is None else GAZETTEER_TO_CATEGORY[kind]

    def gpe_category(self, surface: str) -> str | None:
        """``country``, ``city`` or ``location`` for a GPE surface; ``None`` for an abbreviation."""
        place = self.place_category(surface)
        if place is not None:
            return place
        return None if _is_abbreviation(surface) else "location"
