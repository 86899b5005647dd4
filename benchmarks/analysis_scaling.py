"""Entity analysis on real input at ×1, ×2 and ×4: every step must be linear in input size.

CPU seconds (a ratio near 2.0 per doubling is linear, near 4.0 quadratic) on disjoint slices of each
size, after a warm-up slice of the ×1 size, so that no cache one size fills serves the next; NER
mentions come from the builds' cache (``--ner-cache``, the default cache folder: build once first), so
only the analysis is timed.

* **Yan et al.**: :func:`entity_renaming.entities.analyse_examples` on ``N``, ``2N`` and ``4N`` examples of
  the MRQA SQuAD dev set (``--examples N``);
* **EntSwap, one long article**: ``P``, ``2P`` and ``4P`` passages of the CS224n half of SQuAD 2.0 dev,
  with their questions, read as one article as a build reads one (the article's candidates, its
  article-wide decision, then each passage group: ``--passages P``). An article's checks of each name
  against the whole article's text would grow with entities × text, quadratically in the article's length;
  :class:`entity_renaming.word_index.WordIndex` keeps each check to the texts that hold the name.

Each table also gives the CPU milliseconds per 1,000 examples or characters: flat when linear. The slices
are different passages, so their names differ too: the growth mixes size and content. The lexicon's tables
(every cached table, loaded once per build whatever the input size) are loaded and timed apart.

::

    python benchmarks/analysis_scaling.py [--examples 1000] [--passages 40]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any

from entity_renaming.entities import analyse_examples
from entity_renaming.entswap.build import cased, example_texts, group_passages
from entity_renaming.entswap.entities import article_candidates, passage_entities, settle_article_wide
from entity_renaming.io import read_input
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import QAExample
from entity_renaming.ner import NerCache, load_backend, recognize
from entity_renaming.pipeline import DEFAULT_SPACY_MODEL, default_ner_cache_dir

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MRQA = DATA / "mrqa" / "SQuAD_dev.jsonl.gz"
SQUAD2 = DATA / "squad_v2" / "cs224n_dev-v2.0.json"
SIZES = (1, 2, 4)


def cpu_time(action: Callable[[], Any]) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def slices(items: list, unit: int) -> list[list]:
    """A warm-up slice of ``unit`` items (the lexicon's lazy tables load there), then disjoint
    consecutive slices of ``unit`` × each of :data:`SIZES` items."""
    out, at = [items[:unit]], unit
    for k in SIZES:
        out.append(items[at:at + k * unit])
        at += k * unit
    if len(out[-1]) < SIZES[-1] * unit:
        raise SystemExit(f"the input has fewer than {(1 + sum(SIZES)) * unit} items: use a smaller size")
    return out


def load_tables(lexicon: Lexicon) -> None:
    """Every table of ``lexicon`` (its cached properties), loaded once per build whatever the input size:
    loaded before timing, so that no slice pays for a table it happens to need first."""
    for name, value in vars(Lexicon).items():
        if isinstance(value, cached_property):
            getattr(lexicon, name)


def report(title: str, unit: str, rows: list[tuple[int, float]]) -> None:
    """A table of CPU seconds per size, with the growth per doubling and the seconds per 1,000 ``unit``
    (flat when the step is linear in the input's size, growing with it when quadratic)."""
    print(f"\n{title}\n\n| size | {unit} | CPU s | growth | ms per 1,000 {unit} |\n|---|---:|---:|---:|---:|")
    for k, (size, seconds) in enumerate(rows):
        growth = f"×{seconds / rows[k - 1][1]:.2f}" if k else ""
        print(f"| ×{SIZES[k]} | {size:,} | {seconds:.2f} | {growth} | {1e6 * seconds / size:.1f} |")


def yan(examples: list[QAExample], cache: NerCache, backend: Any, lexicon: Lexicon, unit: int) -> None:
    rows = []
    for part in slices(examples, unit):
        mentions = recognize((ex.context for ex in part), backend, cache, progress=False)
        rows.append((len(part), cpu_time(lambda part=part, m=mentions: analyse_examples(part, m, lexicon))))
    rows = rows[1:]  # not the warm-up
    report("Yan et al.: analyse_examples on MRQA SQuAD dev examples, CPU s", "examples", rows)


def entswap_article(members: list[QAExample], mentions: dict, lexicon: Lexicon) -> None:
    """One article's analysis as :class:`entity_renaming.entswap.build.EntSwap` makes it."""
    candidates = article_candidates([t for ex in members for t in example_texts(ex)], mentions, lexicon)
    settle_article_wide(candidates, lexicon)
    for group in group_passages("article", members).values():
        passage_entities(candidates, [t for ex in group for t in example_texts(ex)], lexicon)


def entswap(examples: list[QAExample], cache: NerCache, backend: Any, unit: int) -> None:
    texts = [t for ex in examples for t in example_texts(ex)]
    mentions = recognize(texts, backend, cache, progress=False)
    lexicon = Lexicon(strict=False)
    lexicon.observe([t for t in texts if cased(t)], (m for t in dict.fromkeys(texts) for m in mentions[t]))
    load_tables(lexicon)
    passages = list(dict.fromkeys(ex.context for ex in examples))
    rows = []
    for part in slices(passages, unit):
        chosen = set(part)
        members = [ex for ex in examples if ex.context in chosen]
        size = sum(len(t) for t in dict.fromkeys(t for ex in members for t in example_texts(ex)))
        rows.append((size, cpu_time(lambda members=members: entswap_article(members, mentions, lexicon))))
    rows = rows[1:]  # not the warm-up
    report("EntSwap: one article of P, 2P, 4P CS224n passages with their questions, CPU s",
           "characters", rows)
    split(examples, slices(passages, unit)[-1], mentions, lexicon)


def split(examples: list[QAExample], passages: list[str], mentions: dict, lexicon: Lexicon) -> None:
    """The same passages (the ×4 slice) read as 4, 2 and 1 articles, the shortest first: the same text in
    longer articles. Linear in an article's length, the total stays flat; quadratic, it doubles with each
    halving of the number of articles (later reads may find caches the earlier filled: a flat total is
    the stronger for it)."""
    print("\nEntSwap: the ×4 slice's passages read as k articles, CPU s\n\n"
          "| articles | passages each | CPU s | total |\n|---:|---:|---|---:|")
    for k in (4, 2, 1):
        n = len(passages) // k
        seconds = []
        for i in range(k):
            chosen = set(passages[i * n:(i + 1) * n])
            members = [ex for ex in examples if ex.context in chosen]
            seconds.append(cpu_time(lambda members=members: entswap_article(members, mentions, lexicon)))
        print(f"| {k} | {n} | {' + '.join(f'{s:.2f}' for s in seconds)} | {sum(seconds):.2f} |")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--examples", type=int, default=1000, help="Yan et al. examples at ×1")
    p.add_argument("--passages", type=int, default=40, help="EntSwap article passages at ×1")
    p.add_argument("--ner-cache", type=Path, default=default_ner_cache_dir(), help="the builds' NER cache")
    p.add_argument("--only", choices=("yan", "entswap"), help="run one of the two studies")
    args = p.parse_args()
    backend = load_backend("spacy", DEFAULT_SPACY_MODEL)
    cache = NerCache(args.ner_cache / "ner.sqlite")
    lexicon = Lexicon()
    seconds = cpu_time(lambda: load_tables(lexicon))
    print(f"lexicon tables (once per build): {seconds:.2f} CPU s")
    if args.only != "entswap":
        yan(read_input(MRQA).examples, cache, backend, lexicon, args.examples)
    if args.only != "yan":
        entswap(read_input(SQUAD2).examples, cache, backend, args.passages)


if __name__ == "__main__":
    main()
