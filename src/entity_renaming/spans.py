"""Yan et al. (2022) steps 1–2 as a view of the shared entity analysis (:mod:`.entities`).

* An **answer entity** is a PERSON / ORG / GPE mention that overlaps a gold answer span and *is* the gold
  answer of a strict majority of annotators; its type must be the majority NER label of its surface form in
  the dataset and be backed by the name banks, the gazetteer and English word frequencies; a strict majority
  of the gold answers must change with it, the others naming something else (:func:`answers_change`).
* **PER** names of 1–2 name words (titles, suffixes, epithets stripped; initials kept) give
  ``first-{male,female,neutral}`` and ``last`` spans.
* **GPE** names are whole gazetteer names (country > state > city; cities confirmed by GeoNames) plus
  directions; **ORG** names add their distinctive words: PTB NNP → ``nnp``; not in the PTB vocabulary →
  ``rare``; common English words are never spans.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from .lexicon import alias_group, occurs_in
from .referents import Entity, PerturbableSpan
from .substitute import renamed_in


def perturbable_spans(entities: Iterable[Entity], entity_type: str = "mix",
                      answers: Sequence[str] = ()) -> list[PerturbableSpan]:
    """The spans renamed for ``entity_type`` (``mix``: every answer entity jointly), one per surface
    (first wins, but an organisation's span wins over a place's; the kept longer names of every entity with
    that surface are merged); none when ``answers`` do not change (:func:`answers_change`: half or more
    contain none of the spans outside the kept names, or such an answer holds a form of a renamed referent)
    or a selected person's word also stands in another name of the passage
    (:attr:`Entity.clashes`)."""
    found: dict[str, PerturbableSpan] = {}
    chosen = []
    for entity in entities:
        if entity_type in ("mix", entity.entity_type):
            chosen.append(entity)
            if entity.clashes:
                if entity_type == "mix":
                    continue  # MIX renames the example's other entities (it holds every type's subset)
                return []  # a renamed person word also stands in another name of the passage
            for span in entity.spans:
                first = found.setdefault(span.surface, span)
                if first.entity_type == "gpe" and span.entity_type == "org":
                    # a place inside an organisation's name is typed with the organisation ("San Jose" of
                    # "San Jose State"), as the ORG config types it
                    first = found[span.surface] = replace(span, keep=first.keep)
                if span.keep and not set(span.keep) <= set(first.keep):
                    found[span.surface] = replace(first, keep=tuple(dict.fromkeys(first.keep + span.keep)))
    keep = kept_names(found.values())
    if any(other != span.surface and other != name and occurs_in(other, name)
           for span in found.values() for name in span.keep for other in found):
        return []  # a kept name holds another renamed word ("Paris Hilton" kept, "Hilton" renamed)
    if not answers_change(answers, chosen, lambda a: any(span_renamed(s, a, keep) for s in found.values())):
        return []
    return list(found.values())


def span_renamed(span: PerturbableSpan, text: str, keep: Iterable[str] = ()) -> bool:
    """Renaming ``span`` (keeping ``keep``) edits ``text``: its surface stands there as a word outside the
    kept names, or a ``nationality`` stands in its plural (``Kenyans`` of an answer "gives Kenyans a bill
    of rights" changes with ``Kenyan``), or an organisation's word stands in a form the renamer edits with
    it (``the Conservatives`` of a party's ``Conservative``)."""
    group = span.span_type == "nationality"
    if not keep and not group:
        return occurs_in(span.surface, text) or (span.entity_type == "org"
                                                 and renamed_in(span.surface, text, (), span.span_type))
    return renamed_in(span.surface, text, keep, span.span_type if group else "")


#: Capitalised words that open names without naming their referent ("The Hague", "A Tribe Called Quest").
_ARTICLES = frozenset(("The", "A", "An"))
_CAPITALISED = re.compile(r"[A-Z][\w'’-]*")


def referent_forms(entity: Entity) -> set[str]:
    """Words that would give ``entity`` away in a text left unrenamed: the capitalised words of its name,
    its spans and their aliases (a surname, the "Paltz" of a span cut from "New Paltz", "Britain" of "Great
    Britain", "Holland" beside "Netherlands") and the initials of a name of several words ("UK", "JFK")."""
    names = {entity.text, *(s.surface for s in entity.spans)}
    names |= {alias for name in list(names) for alias in alias_group(name)}
    words = {w for name in names for w in _CAPITALISED.findall(name)} - _ARTICLES
    initials = {"".join(w[0] for w in _CAPITALISED.findall(name) if w not in _ARTICLES) for name in names}
    return words | {i for i in initials if len(i) >= 2}


#: Letters of a word cut from a name that still give the name away ("Gan" of "Gandhi").
_CUT_LETTERS = 3


def names_referent(answer: str, entities: Iterable[Entity], also: Iterable[str] = ()) -> bool:
    """Whether ``answer`` holds a form of one of ``entities``: a word of :func:`referent_forms` or ``also``
    (dots of a dotted code ignored: "U.S." is "US"), inflected or derived ("Bainbridges", "Bostonian") or
    cut short ("Gan" of "Gandhi")."""
    words = set(_CAPITALISED.findall(answer.replace(".", "")))
    forms = {f for e in entities for f in referent_forms(e)} | set(also)
    return any(w.startswith(f) or (len(w) >= _CUT_LETTERS and f.startswith(w)) for w in words for f in forms)


def answers_change(answers: Sequence[str], entities: Sequence[Entity], holds: Callable[[str], bool],
                   also: Iterable[str] = ()) -> bool:
    """Whether renaming ``entities`` changes the gold answers as Yan et al.'s answer entity requires: every
    answer ``holds`` a renamed span, or a strict majority of them do and each other one holds no form of the
    renamed referents (:func:`names_referent`) and stands inside none of the renamed answers. Such a minority
    answer ("May 21, 2013" beside "Boston" and "in Boston") is another annotator's answer naming something
    else, which stays true unchanged; an answer with the old name's surname, initials or alias, or a span
    cut from its mention, would keep the old referent (rule ``answer.unchanged``); so would one with a word
    of ``also``, other words the passage names the referent by (its kind: "the Electorate" of the Electorate
    of Saxony). A minority answer inside the others ("location" beside "location of Warsaw", "Fort Presque
    Isle" beside "Fort Presque Isle (near present-day Erie"), is their core: the name only qualifies it, no
    answer entity (the hand-labelled audit, tests/test_audit_labels.py)."""
    unchanged = [a for a in answers if not holds(a)]
    changed = [a for a in answers if a not in unchanged]
    also = tuple(also)
    return not unchanged or (len(unchanged) * 2 < len(answers) and not any(
        names_referent(a, entities, also) or any(occurs_in(a, c) for c in changed) for a in unchanged))


def kept_names(spans: Iterable[PerturbableSpan]) -> tuple[str, ...]:
    """The longer names of other referents that substitution of ``spans`` leaves whole (the ``keep`` of
    :func:`entity_renaming.substitute.rename_example`)."""
    return tuple(dict.fromkeys(name for span in spans for name in span.keep))
