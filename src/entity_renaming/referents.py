"""The data model of the entity analysis (:mod:`.entities`): an answer entity (:class:`Entity`) and the spans
that rename it (:class:`PerturbableSpan`), shared by the type modules that build them, and the window of
text (:data:`NEIGHBOURHOOD`) that their neighbour tests read."""

from __future__ import annotations

from dataclasses import dataclass

#: Characters before and after an occurrence that the neighbour tests read (their matches are a few words
#: long): each test costs the same wherever the occurrence stands, so a passage is analysed in linear time.
NEIGHBOURHOOD = 200


@dataclass(frozen=True)
class PerturbableSpan:
    """A surface form to rename, its span type (``first-male``, ``last``, ``city``, ``nnp`` …) and the
    entity type of the answer entity it came from."""

    surface: str
    span_type: str
    entity_type: str
    #: A ``nationality`` span (``Spanish``) follows this country span (``Spain``): it becomes the demonym
    #: of the country's new name (``Kenya`` → ``Kenyan``). An organisation's acronym (``KANU``) follows the
    #: renamed word of its full name (``Kenya`` of ``Kenya African National Union``): the letter at
    #: ``letter`` becomes the new name's initial (``Nigeria`` → ``NANU``); ``width`` letters when the renamed
    #: span is a run of that many words (``World Meteorological`` → ``Harlow``: ``WMO`` → ``HO``).
    follows: str = ""
    letter: int = -1
    width: int = 1
    #: Longer names of *other* referents that hold this surface (``Mexico City`` for the country ``Mexico``,
    #: ``Fresno County`` for the city): the analysis's choice of which occurrences are this referent's
    #: mentions. Substitution leaves them whole (:class:`~entity_renaming.substitute.Renamer` ``keep``).
    keep: tuple[str, ...] = ()
    #: The surface is a plural name (a team's nickname, ``Bears``): the new name takes a plural ``s``.
    plural: bool = False
    #: The words that end the surface and stay after the drawn name: an organisation renamed as a whole by
    #: its place adjective (``European Union`` → ``Harlow Union``, :func:`.organisations.adjective_name`).
    tail: str = ""
    #: A full name written family name first (``Guo Shoujing``) follows its family name's span (``follows``)
    #: and this given name's: its new name keeps the original's order, the new family name, then the new
    #: given name (span type ``last first-…``), while a lone family name takes the new family name
    #: (:func:`.persons.family_first_parts`).
    given: str = ""
    #: The letters or number glued after an acronym in this form (``1`` of ``ABC1``, ``net`` of ``DECnet``):
    #: the form follows as its acronym does (``follows``, ``letter``), these kept after its new letters.
    glued: str = ""


@dataclass(frozen=True)
class Entity:
    """A typed answer entity of one example: its mention, the spans to rename and the evidence."""

    text: str
    entity_type: str
    start: int
    end: int
    spans: tuple[PerturbableSpan, ...]
    evidence: tuple[str, ...]
    #: A renamed word of this person also stands in another name of the passage (:func:`shares_person_words`):
    #: renaming every mention would change that name too, so Yan et al. skip the example.
    clashes: bool = False
