"""EntSwap configs: rename every entity of the selected categories in every article, consistently.

Steps: NER once over every unique title, passage, question and answer text (cached, shared by all seeds
and ablations) → the evidence about each article's names (:func:`.entities.article_candidates`: votes,
labels, categories, typing) → per passage group (a passage, its title, questions and answers), the
candidates whose every occurrence there the renamer can follow (:func:`.entities.passage_entities`): a
problem occurrence in one passage leaves the name in that passage only → per config, one mapping per
article (:mod:`.mapping`: a name renamed in two passages gets one new name) of which each example takes the
substitutions its passage group keeps, applied by :func:`entity_renaming.substitute.rename_example` to its
title, question, passage, answers and plausible answers (so these agree inside one example), offsets
recomputed and re-checked.

An article is a SQuAD title (MRQA files have none: each passage is its own article). Every input
example is emitted — renamed, or unchanged when it mentions no entity — or skipped with a reason.
Unanswerable questions stay unanswerable: answers are only renamed, never added or dropped.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from ..configs import ConfigResult, ConfigSpec, dataset_slug
from ..lexicon import Lexicon, occurs_in
from ..model import Edit, QAExample, Renaming, Skip, Substitution
from ..ner import NerBackend, NerCache, load_backend, recognize
from ..places import observe_split
from ..rules import RULES, Trace, fire
from ..substitute import RenameError, adjective_demonym, is_mention, rename_example, title_words
from .categories import CATEGORIES
from .entities import (
    Entity,
    answer_safe,
    article_candidates,
    passage_entities,
    question_possessives,
    settle_article_wide,
)
from .mapping import DEFAULT_BANK, ArticleText, Pools, entity_mapping

PERTURBATION = "entswap"
SQUAD2_NAMES = frozenset({"squad_v2", "squad2", "squad-v2", "squadv2", "afrisquad2", "dev-v2"})
ORIGINAL_CONFIG = "squad2-original"
#: The rule of a name a passage group keeps but its article's mapping gives no new name (a spent pool).
NO_NEW_NAME = "entswap.no-new-name"


def config_name(dataset: str, seed: int, without: str | None = None) -> str:
    """``afrisquad2-seed{k}`` / ``afrisquad2-wo-{category}-seed{k}`` for SQuAD 2.0, else
    ``{dataset}-entswap-seed{k}``."""
    if without is not None and without not in CATEGORIES:
        raise ValueError(f"unknown EntSwap category {without!r}; choose from {CATEGORIES}")
    if dataset.lower() in SQUAD2_NAMES:
        return f"afrisquad2-wo-{without}-seed{seed}" if without else f"afrisquad2-seed{seed}"
    if without is not None:
        raise ValueError(f"category ablations (without={without!r}) are defined for SQuAD 2.0 only")
    return ConfigSpec(dataset, "mix", PERTURBATION, seed).name


def article_key(example: QAExample) -> str:
    """The article an example belongs to: its title, else its passage."""
    if example.title is not None:
        return f"title:{example.title}"
    return f"context:{example.context_id or example.context}"


def example_texts(example: QAExample) -> list[str]:
    texts = [example.context, example.question]
    if example.title:
        texts.append(title_words(example.title))
    texts.extend(a.text for a in example.all_answers())
    texts.extend(example.answer_texts)
    return texts


def group_articles(examples: list[QAExample]) -> dict[str, list[QAExample]]:
    articles: dict[str, list[QAExample]] = defaultdict(list)
    for ex in examples:
        articles[article_key(ex)].append(ex)
    return dict(articles)


def group_passages(key: str, members: list[QAExample]) -> dict[str, list[QAExample]]:
    """An article's passage groups (the examples that share a passage), keyed ``{article}#{n}``: the n-th
    passage of the article, in input order."""
    numbers: dict[str, int] = {}
    groups: dict[str, list[QAExample]] = defaultdict(list)
    for ex in members:
        n = numbers.setdefault(ex.context, len(numbers) + 1)
        groups[f"{key}#{n}"].append(ex)
    return dict(groups)


def cased(text: str) -> bool:
    """Whether ``text`` shows how its words are cased: it capitalises some word that opens no sentence. A
    question typed in lower case after its first word ("On what lake did troops defend fort william
    henry?") is no evidence that ``William`` or ``Henry`` are common words, so it does not count in the
    dataset's case statistics."""
    return _MID_SENTENCE_CAPITAL.search(text) is not None


_MID_SENTENCE_CAPITAL = re.compile(r"[^\s.?!:;\"“]\s+[A-Z]|[a-z][A-Z]")


class EntSwap:
    """NER and entities of a dataset, computed once; :meth:`build` makes one config from them."""

    def __init__(self, examples: list[QAExample], backend: NerBackend, *, cache: NerCache | None = None,
                 banks_root: Path | None = None, pools: Pools | None = None, progress: bool = True) -> None:
        self.examples = examples
        self.articles = group_articles(examples)
        texts = [t for ex in examples for t in example_texts(ex)]
        mentions = recognize(texts, backend, cache, progress=progress, desc="NER (unique texts)")
        lexicon = Lexicon(banks_root, strict=False)
        mentions = observe_split(lexicon, [t for t in texts if cased(t)], mentions, passages=False)
        #: Article → the entities renamed in some passage of it (one mapping per article covers them).
        self.entities: dict[str, list[Entity]] = {}
        #: Article → the entities its mapping draws new names for (:meth:`entity_mappings`).
        self.drawn: dict[str, list[Entity]] = {}
        #: Passage group (``{article}#{n}``, :func:`group_passages`) → the entities renamed in it.
        self.passage_entities: dict[str, list[Entity]] = {}
        #: Article → the rules (:mod:`..rules`) that removed its candidate surfaces on evidence about the
        #: name; passage group → those that removed them in that passage for how an occurrence reads.
        self.vetoes: dict[str, Trace] = {}
        #: Per passage group, in input order, the candidate surfaces it leaves out and the rules that did
        #: (:func:`left_out_record`): every config writes them with its out-of-scope records.
        self.left_out: list[dict[str, Any]] = []
        self.article_text: dict[str, ArticleText] = {}
        #: Example (its position in ``examples``) → its passage group.
        self.passage_of: list[str] = []
        passage_of: dict[int, str] = {}
        bar = tqdm(self.articles.items(), desc="entities", unit="article", disable=not progress)
        for key, members in bar:
            member_texts = [t for ex in members for t in example_texts(ex)]
            trace = self.vetoes[key] = []
            candidates = article_candidates(member_texts, mentions, lexicon, trace,
                                            contexts={ex.context for ex in members})
            settle_article_wide(candidates, lexicon, trace)
            renamed: dict[Entity, None] = {}
            for group, group_members in group_passages(key, members).items():
                trace = self.vetoes[group] = []
                texts = [t for ex in group_members for t in example_texts(ex)]
                entities = passage_entities(candidates, texts, lexicon, trace)
                kept = answer_safe(entities, group_members)
                for gone in sorted(set(entities) - set(kept)):
                    fire(trace, "entswap.answer-cut", gone.surface, gone.category)
                possessives = question_possessives(kept, members)
                apart = {e.surface for e in possessives}  # "Roberts campaign": Robert's, no surname Roberts
                kept = [e for e in kept if e.surface not in apart] + possessives
                self.passage_entities[group] = kept
                self.left_out.append(left_out_record(group, group_members, self.vetoes[key], trace, texts,
                                                     kept))
                renamed.update(dict.fromkeys(kept))
                passage_of.update((id(ex), group) for ex in group_members)
            self.entities[key] = sorted(renamed)
            # every candidate of the article: a new name does not depend on which passages keep which
            # names (and never holds a candidate's surface as a word)
            self.drawn[key] = sorted(dict.fromkeys([*renamed, *candidates.entities]))
            self.article_text[key] = ArticleText(member_texts)
        self.passage_of = [passage_of[id(ex)] for ex in examples]
        self.pools = pools or Pools(DEFAULT_BANK, banks_root)

    def entity_mappings(self, seed: int, categories: tuple[str, ...]
                        ) -> dict[str, dict[Entity, Substitution]]:
        """Article → its one mapping, keyed by entity (:func:`.mapping.entity_mapping`)."""
        return {key: entity_mapping(self.drawn[key], categories, seed=seed, article=key,
                                    article_text=self.article_text[key], pools=self.pools)
                for key in self.articles}

    def mappings(self, seed: int, categories: tuple[str, ...]) -> dict[str, list[Substitution]]:
        """Article → the substitutions of the entities renamed in some passage of it (each passage uses those
        of the entities it keeps)."""
        return {key: [s for e, s in table.items() if e in renamed]
                for key, table in self.entity_mappings(seed, categories).items()
                for renamed in [set(self.entities[key])]}

    def build(self, name: str, spec: ConfigSpec, seed: int, without: str | None = None) -> ConfigResult:
        categories = tuple(c for c in CATEGORIES if c != without)
        mappings = self.entity_mappings(seed, categories)
        subs_of: dict[str, list[Substitution]] = {}
        #: Longer names of other referents that the renamed places stand in ("Mexico City"): left whole.
        keeps: dict[str, tuple[str, ...]] = {}
        for group, entities in self.passage_entities.items():
            table = mappings[group.rpartition("#")[0]]
            subs_of[group] = [table[e] for e in entities if e in table]
            keeps[group] = tuple(dict.fromkeys(n for e in entities if e.category in categories
                                               for n in e.keep))
        adjectives = self.adjectives(mappings)
        result = ConfigResult(spec, name, left_out=self.no_new_name(mappings, categories))
        for ex, group in zip(self.examples, self.passage_of, strict=True):
            subs = subs_of[group]
            try:
                renamed, edits = rename_swapped(ex, subs, keeps[group], adjectives)
            except RenameError as err:
                result.skipped.append(Skip(name, ex.id, str(err)))
                continue
            result.examples.append(renamed)
            if edits:
                result.renamings.append(Renaming(ex.id, ex.id, name, PERTURBATION, "entswap", seed,
                                                 used_substitutions(subs, edits), edits))
        return result

    def no_new_name(self, mappings: dict[str, dict[Entity, Substitution]], categories: tuple[str, ...]
                    ) -> list[dict[str, Any]]:
        """The left-out records (:attr:`left_out`) with, per passage group, the names of the selected
        ``categories`` it keeps that the config's mapping gives no new name (rule ``entswap.no-new-name``:
        the article spent the pool)."""
        records = []
        for record in self.left_out:
            group = record["passage"]
            table = mappings[group.rpartition("#")[0]]
            spent = {(e.surface, e.category) for e in self.passage_entities[group]
                     if e.category in categories and e not in table}
            if not spent:
                records.append(record)
                continue
            rules = {(x["surface"], x["category"]): x["rules"] for x in record["left_out"]}
            for key in spent:
                rules[key] = [*rules.get(key, []), RULES[NO_NEW_NAME].id]
            records.append({**record, "left_out": [{"surface": s, "category": c, "rules": r}
                                                   for (s, c), r in sorted(rules.items())]})
        return records

    def adjectives(self, mappings: dict[str, dict[Entity, Substitution]]) -> dict[str, str]:
        """Each new country → its demonym, which a country code before a noun takes ("a US ally" → "a
        Malian ally")."""
        countries = {s.replacement for table in mappings.values() for s in table.values()
                     if s.span_type == "country"}
        return {c: d for c in countries if (d := self.pools.demonym(c)) and adjective_demonym(d)}


def left_out_record(group: str, members: list[QAExample], article: Trace, passage: Trace, texts: list[str],
                    kept: Iterable[Entity]) -> dict[str, Any]:
    """What passage group ``group`` leaves out: each candidate surface a rule removed (the article's
    vetoes of a surface its texts hold, then its own), not renamed there, with its category and the rule
    ids in firing order; surfaces sorted."""
    renamed = {e.surface for e in kept}
    rules: dict[tuple[str, str], list[str]] = {}
    held = [f for f in article if f.text and any(occurs_in(f.text, t) for t in texts)]
    for f in [*held, *passage]:
        if f.text and f.text not in renamed:
            fired = rules.setdefault((f.text, f.entity_type), [])
            if f.rule not in fired:
                fired.append(f.rule)
    return {"passage": group, "example_ids": [ex.id for ex in members],
            "left_out": [{"surface": s, "category": c, "rules": r} for (s, c), r in sorted(rules.items())]}


def used_substitutions(subs: list[Substitution], edits: list[Edit]) -> list[Substitution]:
    """The substitutions an example's edits come from (any form :func:`is_mention` accepts)."""
    forms = {(e.original, e.field == "title") for e in edits}
    return [s for s in subs if any(is_mention(form, s.original, title=title) for form, title in forms)]


def rename_swapped(example: QAExample, subs: list[Substitution], keep: Iterable[str] = (),
                   adjectives: Mapping[str, str] | None = None) -> tuple[QAExample, list[Edit]]:
    """Rename one example with its article's mapping, leaving the ``keep`` names (other referents' longer
    names) whole and giving a country code before a noun its new ``adjectives``; :class:`RenameError` if
    the result is not sound."""
    renamed, edits = rename_example(example, subs, require_context_edit=False, keep=keep,
                                    adjectives=adjectives)
    if renamed.is_impossible != example.is_impossible or len(renamed.answers) != len(example.answers):
        raise RenameError("renaming changed the answerability of the question")
    return renamed, edits


def build_entswap_configs(examples: list[QAExample], *, seeds: Sequence[int],
                          without: Sequence[str | None] = (None,),
                          dataset_name: str = "squad_v2", ner_backend: NerBackend | None = None,
                          ner_cache_dir: Path | None = None, banks_root: Path | None = None,
                          bank: str = DEFAULT_BANK, progress: bool = True) -> Iterator[ConfigResult]:
    """EntSwap configs for every ``without`` (``None``: all six categories) and seed, in that order.

    SQuAD 2.0 gives ``afrisquad2-seed{k}`` / ``afrisquad2-wo-{category}-seed{k}``; other datasets
    ``{dataset}-entswap-seed{k}``. NER runs once (cached under ``ner_cache_dir``) for all of them.
    """
    names = [(config_name(dataset_name, s, w), s, w) for w in without for s in seeds]  # validate first
    pools = Pools(bank, banks_root)
    pools.check({c for w in without for c in CATEGORIES if c != w})
    backend = ner_backend or load_backend("spacy")
    if ner_cache_dir is None:
        from ..pipeline import default_ner_cache_dir

        ner_cache_dir = default_ner_cache_dir()
    cache = NerCache(Path(ner_cache_dir) / "ner.sqlite")
    swap = EntSwap(examples, backend, cache=cache, banks_root=banks_root, pools=pools, progress=progress)
    slug = "squad2" if dataset_name.lower() in SQUAD2_NAMES else dataset_slug(dataset_name)
    for name, seed, wo in tqdm(names, desc="EntSwap configs", unit="config", disable=not progress):
        yield swap.build(name, ConfigSpec(slug, "mix", PERTURBATION, seed), seed, wo)


def original_config(examples: list[QAExample], name: str = ORIGINAL_CONFIG) -> ConfigResult:
    """The paired unperturbed config (``squad2-original``): every example, unchanged."""
    return ConfigResult(ConfigSpec("squad2", "mix", "original"), name, examples=list(examples))
