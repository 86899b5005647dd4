"""Yan et al. (2022) steps 1–2 as a view of the shared entity analysis (:mod:`.entities`).

* An **answer entity** is a PERSON / ORG / GPE mention that overlaps a gold answer span and *is* the gold
  answer of a strict majority of annotators; its type must be the majority NER label of its surface form in
  the dataset and be backed by the name banks, the gazetteer and English word frequencies.
* **PER** names of 1–2 name words (titles, suffixes, epithets stripped; initials kept) give
  ``first-{male,female,neutral}`` and ``last`` spans.
* **GPE** names are whole gazetteer names (country > state > city; cities confirmed by GeoNames) plus
  directions; **ORG** names add their distinctive words: PTB NNP → ``nnp``; not in the PTB vocabulary →
  ``rare``; common English words are never spans.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .lexicon import occurs_in
from .referents import Entity, PerturbableSpan
from .substitute import renamed_in


def perturbable_spans(entities: Iterable[Entity], entity_type: str = "mix",
                      answers: Sequence[str] = ()) -> list[PerturbableSpan]:
    """The spans renamed for ``entity_type`` (``mix``: every answer entity jointly), one per surface
    (first wins, but an organisation's span wins over a place's; the kept longer names of every entity with
    that surface are merged); none when one of ``answers`` would keep its text (it contains none of the
    spans outside the kept names) or a selected person's word also stands in another name of the passage
    (:attr:`Entity.clashes`)."""
    found: dict[str, PerturbableSpan] = {}
    for entity in entities:
        if entity_type in ("mix", entity.entity_type):
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
    if not all(any(span_renamed(s, a, keep) for s in found.values()) for a in answers):
        return []
    return list(found.values())


def span_renamed(span: PerturbableSpan, text: str, keep: Iterable[str] = ()) -> bool:
    """Renaming ``span`` (keeping ``keep``) edits ``text``: its surface stands there as a word outside the
    kept names, or a ``nationality`` stands in its plural (``Kenyans`` of an answer "gives Kenyans a bill
    of rights" changes with ``Kenyan``)."""
    group = span.span_type == "nationality"
    if not keep and not group:
        return occurs_in(span.surface, text)
    return renamed_in(span.surface, text, keep, span.span_type if group else "")


def kept_names(spans: Iterable[PerturbableSpan]) -> tuple[str, ...]:
    """The longer names of other referents that substitution of ``spans`` leaves whole (the ``keep`` of
    :func:`entity_renaming.substitute.rename_example`)."""
    return tuple(dict.fromkeys(name for span in spans for name in span.keep))
