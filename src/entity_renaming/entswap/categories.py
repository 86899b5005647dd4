"""EntSwap's six categories from OntoNotes NER labels, and the surface forms that get renamed.

OntoNotes → EntSwap (Siro & Ajayi 2023):

* ``PERSON`` → ``person`` (renamed word by word: given names and family names, see :mod:`.entities`);
* ``ORG`` → ``organization``; ``NORP`` → ``nationality``; ``LOC`` and ``FAC`` → ``location``;
* ``GPE`` is split with the shared gazetteer evidence (``entity_renaming.lexicon.Lexicon.place_kind``):
  a country → ``country``, a city → ``city``; **states/provinces and GPEs the gazetteer does not know**
  (historical realms such as *Normandy* or *Francia*) → ``location``; abbreviations without a lower-case
  letter (*U.S.*, *UK*, *EU*, *NATO*) are never renamed, since no replacement keeps their form.

NORP mentions that name a religion or a political group (*Catholic*, *Protestants*, *Republican* …) are
not nationalities and are left alone (``NON_NATIONAL``). A nationality is a demonym *of a country*
(``lexicon.demonym_countries``): it follows its country's new name (*France* → *Chad* makes *French* →
*Chadian*), and a people without a country of the gazetteer (*Normans*, *Gallicans*) is not renamed.
The pairing is ``entity_renaming.lexicon.demonym_countries``, shared with the Yan et al. study.
"""

from __future__ import annotations

from ..lexicon import is_abbreviation

#: EntSwap categories, in the order replacements are drawn (also the tie-break of label votes).
CATEGORIES = ("person", "country", "city", "location", "organization", "nationality")
LABEL_TO_CATEGORY = {"PERSON": "person", "ORG": "organization", "NORP": "nationality", "LOC": "location",
                     "FAC": "location", "GPE": "gpe"}


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


def renamable(surface: str) -> bool:
    """A surface worth renaming: starts with a capital letter, is a name (not a date, a number or an
    abbreviation: *EU*, *UK*, *US*, *NATO*, *IP* are never renamed)."""
    return (len(surface) >= 2 and surface[0].isupper() and "\n" not in surface
            and not is_abbreviation(surface) and not any(ch.isdigit() for ch in surface)
            and surface.lower() not in CALENDAR)


def singular_demonym(surface: str) -> str:
    """``Normans`` → ``Norman``; ``Anglo-Saxons`` → ``Anglo-Saxon``; ``Swiss`` and ``Chinese`` unchanged.

    The renamer turns the singular mapping back into every plural (``Normans`` → ``Aremus``)."""
    if len(surface) > 3 and surface.endswith("s") and not surface.endswith(_NOT_PLURAL):
        return surface[:-1]
    return surface


def is_non_national(surface: str) -> bool:
    last = singular_demonym(surface.split()[-1]).lower()
    return last in NON_NATIONAL or surface.lower() in NON_NATIONAL
