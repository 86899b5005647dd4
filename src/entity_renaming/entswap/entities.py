"""The entities of one article for EntSwap: the shared analysis (:mod:`entity_renaming.entities`) applied to
every NER mention of title, passages, questions and answers, one category per surface form.

* **Types from evidence**: a mention counts only when its label is the dataset's majority label for its
  surface; a place needs a gazetteer name (cities a GeoNames city, see ``Lexicon.place_kind``); an ORG or
  LOC mention becomes a place only for a country or a state (*Normandy*): only a GPE label makes a city;
  a surface is renamed only
  when NER labelled at least a third of its occurrences in the article (one wrong label is not spread over
  the article); abbreviations (*EU*, *UK*, *US*, *NATO*, *IP*), Roman numerals and single letters never.
* **Persons** are renamed word by word so that every mention follows one mapping: in ``Robert Guiscard`` the
  first word is a given name and the last a family name (middle words are given names), and the lone
  mentions ``Robert`` and ``Guiscard`` take the same new names. A lone word that some full name of the
  article ends with is a family name; titles and common words are never name parts.
* **One referent, one name**: aliases (*United States* / *America*) share one replacement; a referent with
  an alias that cannot be renamed (*US*) keeps all its names.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ..entities import Lexicon, clean_surface, occurs_in, parse_person
from ..model import QAExample
from ..ner import Mention
from .categories import CATEGORIES, LABEL_TO_CATEGORY, is_non_national, renamable, singular_demonym

MAX_PERSON_PARTS = 4
FULL_VOTE, HALF_VOTE = 2, 1
#: A surface is renamed only when NER labelled at least 1 in ``MIN_LABELLED_SHARE`` of its occurrences.
MIN_LABELLED_SHARE = 3
PLACE_TO_CATEGORY = {"country": "country", "state": "location", "city": "city"}
_WORD = re.compile(r"\w+(?:['’]\w+)*")
_SINGLE_WORD = re.compile(r"^\w+$")


@dataclass(frozen=True, order=True)
class Entity:
    """A surface form to rename, its EntSwap category, the bank span type its replacement comes from
    (``first-male`` / ``first-female`` / ``first-neutral`` / ``last`` for persons, else the category), and
    its referent (aliases share one referent and one replacement)."""

    surface: str
    category: str
    span_type: str
    referent: str = ""

    def __post_init__(self) -> None:
        if not self.referent:
            object.__setattr__(self, "referent", self.surface)


def person_parts(text: str, lexicon: Lexicon | None = None) -> list[str]:
    """Name words of a PERSON mention (``parse_person``; initials dropped); empty when it is not a usable
    name, has more than ``MAX_PERSON_PARTS`` words, or (with a lexicon) a word that is no name word."""
    name = parse_person(text)
    if name is None or len(name.words) > MAX_PERSON_PARTS:
        return []
    if lexicon is not None and not all(lexicon.name_word(w) for w in name.words):
        return []
    return list(name.words)


#: A one-word city needs a GeoNames city this large: small towns share their names with surnames and firms
#: ("Marin", "Loos"), and an article renames every occurrence.
MIN_CITY_POPULATION = 50_000
#: A person only ever named by one word in an article needs a first name this common in the SSA counts
#: (surnames alone are too often dynasties or places: "Jin").
MIN_LONE_NAME_COUNT = 5_000


def common_first_name(word: str, lexicon: Lexicon) -> bool:
    return lexicon.first_counts.get(word.lower(), 0) >= MIN_LONE_NAME_COUNT


def category_of(surface: str, label: str, lexicon: Lexicon) -> str | None:
    """EntSwap category of a non-person mention from its label and the gazetteer evidence."""
    category = LABEL_TO_CATEGORY.get(label)
    if category == "nationality":
        return "nationality"
    place = lexicon.place_kind(surface, MIN_CITY_POPULATION if " " not in surface else 1)
    if category != "gpe" and place == "city":
        place = None  # only a GPE label makes a city: an ORG or a LOC ("central Asia") never
    if place is not None:
        return PLACE_TO_CATEGORY[place]
    return category if category != "gpe" else "location"


def article_entities(texts: Iterable[str], mentions: dict[str, list[Mention]],
                     lexicon: Lexicon) -> list[Entity]:
    """Entities of one article from the NER mentions of its ``texts`` (sorted, deterministic)."""
    texts = list(dict.fromkeys(texts))
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    labelled: Counter[str] = Counter()
    person_names: list[list[str]] = []
    for text in texts:
        for mention in mentions.get(text, ()):
            category = LABEL_TO_CATEGORY.get(mention.label)
            cleaned = clean_surface(mention.text)
            if category is None or not lexicon.labels.agrees(cleaned, mention.label):
                continue
            if category == "person":
                parts = person_parts(mention.text, lexicon)
                if any((lexicon.place_kind(p) and p.lower() not in lexicon.first_counts)
                       or not lexicon.labels.agrees(p, "PERSON") for p in parts):
                    continue  # "Byzantine Greece", "Aix", "Normandy" (mostly GPE/ORG alone) are not persons
                person_names.append(parts)
                for part in parts:  # a lone capitalised word is weak evidence of a person
                    votes[part]["person"] += FULL_VOTE if len(parts) > 1 else HALF_VOTE
                    labelled[part] += 1
            elif renamable(cleaned) and not is_non_national(cleaned):  # a religion is no organisation either
                surface = singular_demonym(cleaned) if category == "nationality" else cleaned
                found = category_of(surface, mention.label, lexicon)
                if found is not None:
                    votes[surface][found] += FULL_VOTE
                    labelled[surface] += 1
    joined = "\n".join(texts)
    words = Counter(_WORD.findall(joined))
    family = {parts[-1] for parts in person_names if len(parts) > 1}
    in_full_names = {p for parts in person_names if len(parts) > 1 for p in parts}
    banks = bool(lexicon.first_counts or lexicon.surname_counts)
    order = {c: i for i, c in enumerate(CATEGORIES)}
    entities = []
    for surface, counter in votes.items():
        lowered = words[surface.lower()]
        if not renamable(surface) or (" " not in surface and lowered and lowered >= words[surface]):
            continue  # a common word the article uses as often in lower case ("Will" / "will")
        occurrences = words[surface] if _SINGLE_WORD.match(surface) else joined.count(surface)
        if labelled[surface] * MIN_LABELLED_SHARE < occurrences:
            continue  # NER labelled it rarely: one label is no evidence for the whole article
        category = min(counter, key=lambda c: (-counter[c], order[c]))
        lone = category == "person" and surface not in in_full_names
        if lone and banks and not common_first_name(surface, lexicon):
            continue  # only ever a lone word, no common first name ("Normandy", "Jin" dynasty)
        if category == "person":
            span_type = "last" if surface in family else lexicon.gender(surface)
        else:
            span_type = category
        entities.append(Entity(surface, category, span_type, lexicon.aliases.get(surface, surface)))
    return sorted(_whole_referents(entities, joined, lexicon))


def _whole_referents(entities: list[Entity], text: str, lexicon: Lexicon) -> list[Entity]:
    """Drop every name of a referent that the article also calls by an alias that is not renamed (an
    abbreviation such as *US*, or a name NER missed): one referent must not end with two names."""
    surfaces = {e.surface for e in entities}
    by_referent: dict[str, list[str]] = defaultdict(list)
    for alias, referent in lexicon.aliases.items():
        by_referent[referent].append(alias)
    kept = []
    for entity in entities:
        aliases = by_referent.get(entity.referent, ())
        if any(a not in surfaces and occurs_in(a, text) for a in aliases):
            continue
        kept.append(entity)
    return kept


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

