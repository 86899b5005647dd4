"""Replacement names for the entities of one article, drawn from the African banks.

Each referent's generator is derived from ``(seed, category, article key, referent)``, so a mapping depends
neither on the order of articles or examples, nor on ``PYTHONHASHSEED``, and an ablation
(``afrisquad2-wo-city``) gives the kept categories the same names as the full config (except where two
entities would draw the same name, which is redrawn). A replacement never equals an original surface of
the article, never occurs as a word in the article, never contains an original surface of the
article as a word (so no original is left visible), is used once per article, keeps a person name a
single word per name part, is shared by every alias of one referent (*United States* / *America*), and, for
nationalities, takes a regular plural in ``-s`` (``Nigerian`` →
``Nigerians``; ``Beninese`` or ``Malagasy`` are not drawn).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..casing import natural_case
from ..entities import occurs_as_word
from ..model import Substitution
from ..namebank import FIRST_NAME_TYPES, BankError, load_bank
from ..sampling import seeded_rng
from .categories import CATEGORIES
from .entities import Entity

DEFAULT_BANK = "african"
MAX_DRAWS = 200
_IRREGULAR_PLURAL = ("s", "x", "z", "sh", "ch", "y")
_WORD = re.compile(r"\w+")


def entity_rng(seed: int, category: str, article: str, referent: str) -> random.Random:
    return seeded_rng("entswap", seed, category, article, referent)


class Pools:
    """Candidate names per bank span type, natural-cased and filtered once."""

    def __init__(self, bank: str = DEFAULT_BANK, banks_root: Path | None = None) -> None:
        self.bank = load_bank(bank, banks_root)
        self._pools: dict[str, tuple[str, ...]] = {}

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
        if span_type in (*FIRST_NAME_TYPES, "last"):
            pool = [n for n in pool if re.fullmatch(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", n)]
        elif span_type == "nationality":
            pool = [n for n in pool if " " not in n and not n.lower().endswith(_IRREGULAR_PLURAL)
                    and not n.lower().endswith("ese")]
        pool = list(dict.fromkeys(n for n in pool if n[:1].isupper()))
        if not pool:
            raise BankError(f"bank {self.bank.name!r} has no usable {span_type!r} names")
        return tuple(pool)


class ArticleText:
    """Whole-word, case-insensitive occurrence test over every text of one article."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.text = "\n".join(dict.fromkeys(texts)).lower()

    def __contains__(self, name: str) -> bool:
        return occurs_as_word(name, [self.text], plural=True)


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


def article_mapping(entities: list[Entity], categories: Iterable[str], *, seed: int, article: str,
                    article_text: ArticleText, pools: Pools) -> list[Substitution]:
    """One substitution per entity of the selected ``categories`` (drawn in ``CATEGORIES`` order); the
    aliases of one referent share its replacement."""
    selected = set(categories)
    taken = {e.surface.lower() for e in entities}
    originals = Originals(e.surface for e in entities)
    subs = []
    for category in CATEGORIES:
        if category not in selected:
            continue
        referents: dict[str, list[Entity]] = {}
        for entity in (e for e in entities if e.category == category):
            referents.setdefault(entity.referent, []).append(entity)
        for referent, group in referents.items():
            entity = group[0]
            rng = entity_rng(seed, category, article, referent)
            pool = pools(entity.span_type)
            for _ in range(MAX_DRAWS):
                candidate = pool[rng.randrange(len(pool))]
                if (candidate.lower() not in taken and candidate not in article_text
                        and not originals.occur_in(candidate)):
                    break
            else:
                continue  # a tiny pool exhausted by this article: the entity keeps its name
            taken.add(candidate.lower())
            subs.extend(Substitution(e.surface, candidate, category, e.span_type) for e in group)
    return subs
