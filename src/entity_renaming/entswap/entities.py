"""The entities of one article: every NER mention of title, passages, questions and answers, classified into
EntSwap categories, with one category per surface form (majority vote of its mentions).

Persons are renamed **word by word** so that every mention of a person follows one mapping: in
``Robert Guiscard`` the first word is a given name and the last a family name (middle words are given
names), and the lone mentions ``Robert`` and ``Guiscard`` take the same new names. A lone word that some
full name of the article ends with is a family name; any other lone word is a given name. The name is
the run of capitalised words after honorifics (``Duke``, ``King`` …), stopping at a particle, a numeral
or an epithet (``Richard I of Normandy`` → ``Richard``; ``William the Conqueror`` → ``William``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ..model import QAExample
from ..ner import Mention
from ..spans import SUFFIXES, TITLES, Lexicon
from .categories import (
    CATEGORIES,
    LABEL_TO_CATEGORY,
    Gazetteer,
    clean_surface,
    is_non_national,
    renamable,
    singular_demonym,
)

MAX_PERSON_PARTS = 4
FULL_VOTE, HALF_VOTE = 2, 1
_NAME_WORD = re.compile(r"^[A-Z][^\W\d_]*(?:['’-][^\W\d_]+)*$")
_ROMAN = re.compile(r"^[IVXLC]+$")
_WORD = re.compile(r"\w+(?:['’]\w+)*")
_SINGLE_WORD = re.compile(r"^\w+$")


@dataclass(frozen=True, order=True)
class Entity:
    """A surface form to rename, its EntSwap category and the bank span type its replacement comes from
    (``first-male`` / ``first-female`` / ``first-neutral`` / ``last`` for persons, else the category)."""

    surface: str
    category: str
    span_type: str


def person_parts(text: str) -> list[str]:
    """Name words of a PERSON mention (see the module docstring); empty when it is not a usable name."""
    words = clean_surface(text).split()
    while words and words[0].lower().rstrip(".") in TITLES:
        words.pop(0)
    parts = []
    for word in words:
        word = word.rstrip(",")
        if word.lower() in SUFFIXES or _ROMAN.match(word) or not _NAME_WORD.match(word):
            break
        parts.append(word)
    return parts if len(parts) <= MAX_PERSON_PARTS else []


def _place_or_group(text: str, category: str, gazetteer: Gazetteer) -> tuple[str, str] | None:
    """Surface and category of a non-person mention; a gazetteer place keeps its gazetteer category
    whatever the NER label among GPE/LOC/FAC/ORG (NER often calls *Normandy* an ORG)."""
    surface = clean_surface(text)
    if not renamable(surface):
        return None
    if category == "nationality":
        return None if is_non_national(surface) else (singular_demonym(surface), category)
    place = gazetteer.place_category(surface)
    if place is not None:
        return surface, place
    if category == "gpe":
        category = gazetteer.gpe_category(surface)
    return None if category is None else (surface, category)


def article_entities(texts: Iterable[str], mentions: dict[str, list[Mention]], gazetteer: Gazetteer,
                     lexicon: Lexicon) -> list[Entity]:
    """Entities of one article from the NER mentions of its ``texts`` (sorted, deterministic)."""
    texts = list(dict.fromkeys(texts))
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    person_names: list[list[str]] = []
    for text in texts:
        for mention in mentions.get(text, ()):
            category = LABEL_TO_CATEGORY.get(mention.label)
            if category == "person":
                parts = person_parts(mention.text)
                if any(gazetteer.place_category(p) in ("country", "location") for p in parts):
                    continue  # "Byzantine Greece" tagged PERSON is not a person's name
                person_names.append(parts)
                for part in parts:  # a lone capitalised word is weak evidence of a person
                    votes[part]["person"] += FULL_VOTE if len(parts) > 1 else HALF_VOTE
            elif category is not None:
                found = _place_or_group(mention.text, category, gazetteer)
                if found is not None:
                    votes[found[0]][found[1]] += FULL_VOTE
    words = Counter(w for text in texts for w in _WORD.findall(text))
    family = {parts[-1] for parts in person_names if len(parts) > 1}
    order = {c: i for i, c in enumerate(CATEGORIES)}
    entities = []
    for surface, counter in votes.items():
        lowered = words[surface.lower()]
        if not renamable(surface) or (" " not in surface and lowered and lowered >= words[surface]):
            continue  # a common word the article uses as often in lower case ("Will" / "will")
        category = min(counter, key=lambda c: (-counter[c], order[c]))
        if category == "person" and lexicon.common_word(surface):
            continue  # "Grand", "County", "Bronze" picked out of a mis-tagged PERSON mention
        if category == "person":
            span_type = "last" if surface in family else lexicon.gender(surface)
        else:
            span_type = category
        entities.append(Entity(surface, category, span_type))
    return sorted(entities)


def answer_safe(entities: list[Entity], examples: Iterable[QAExample]) -> list[Entity]:
    """Drop multi-word surfaces that some answer of the article starts or ends inside (an answer
    ``Rhine`` in ``the Old Rhine``): renaming them as a unit would cut the answer. Their words that are
    entities themselves are still renamed, in every paragraph alike."""
    examples = list(examples)
    unsafe = set()
    for entity in entities:
        if _SINGLE_WORD.match(entity.surface):
            continue
        forms = "|".join(re.escape(f) for f in (entity.surface, entity.surface.upper()))
        pattern = re.compile(rf"(?<!\w)(?:{forms})s?(?!\w)")
        for ex in examples:
            bounds = [b for ans in ex.all_answers() for span in ans.char_spans for b in span]
            if bounds and any(m.start() < b < m.end() for m in pattern.finditer(ex.context) for b in bounds):
                unsafe.add(entity.surface)
                break
    return [e for e in entities if e.surface not in unsafe]
