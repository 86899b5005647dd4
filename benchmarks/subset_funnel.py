"""Where the perturbable subsets come from: per entity type, the examples with an answer-overlapping NER
mention of that label, and the step at which each is kept or left out (issue 11's subset floors).

    python benchmarks/subset_funnel.py [--input ../shared/data/mrqa/SQuAD_dev.jsonl.gz] [--examples 5]

For every example with a PERSON / ORG / GPE mention overlapping a gold answer, in this order:

1. ``label not the dataset's majority``: no such mention keeps its label (:func:`entities.label_holds`);
2. ``answer is not the entity``: no such mention is the answer of a strict majority of annotators (the
   answer holds it, or lists it among persons or places only: :func:`entities.holds_entity`,
   :func:`entities.listed_persons`, :func:`entities.place_list`);
3. ``precision rules``: the mention is the answer but the analysis does not rename it (a common word, no
   gender evidence, a longer name, a derived word left, a clash …);
4. ``in the subset``: renamed (:func:`spans.perturbable_spans` selects it).

Steps 1–2 are the definition of an answer entity the issue asks for (its pattern 4), so
``candidates - step 1 - step 2`` bounds the subset size that any precision rule can reach.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from pathlib import Path

from entity_renaming.entities import (
    LABEL_TO_TYPE,
    answer_entities,
    answer_texts,
    example_entities,
    holds_entity,
    label_holds,
    listed_persons,
    place_list,
)
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon, clean_surface
from entity_renaming.ner import NerCache, load_backend, recognize
from entity_renaming.pipeline import DEFAULT_SPACY_MODEL, default_ner_cache_dir
from entity_renaming.spans import perturbable_spans

DEFAULT_INPUT = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"
STEPS = ("label not the dataset's majority", "answer is not the entity", "precision rules", "in the subset")


def is_answer(mention_text: str, label: str, answers: list[str], peers: list[str]) -> bool:
    """A strict majority of ``answers`` hold the mention (Yan et al.: it lies inside the answer), or list it
    with persons / places only."""
    agree = sum(holds_entity(a, mention_text)
                or (label == "PERSON" and mention_text in listed_persons(a, peers))
                or (label == "GPE" and mention_text in place_list(a, peers)) for a in answers)
    return agree * 2 > len(answers)


def funnel(examples, mentions, lexicon) -> dict[str, dict[str, list[tuple[str, str]]]]:
    """Entity label → step → [(example id, surface)]."""
    found: dict[str, dict[str, list[tuple[str, str]]]] = {lab: defaultdict(list) for lab in LABEL_TO_TYPE}
    for ex in examples:
        ms = mentions[ex.context]
        overlapping = answer_entities(ex, ms)
        if not overlapping:
            continue
        answers = answer_texts(ex)
        entities = example_entities(ex, ms, lexicon)
        for label, etype in LABEL_TO_TYPE.items():
            candidates = [m for m in overlapping if m.label == label]
            if not candidates:
                continue
            held = [m for m in candidates if label_holds(m, lexicon)]
            peers = [clean_surface(m.text) for m in held]
            named = [m for m in held if is_answer(clean_surface(m.text), label, answers, peers)]
            if not held:
                step, surface = STEPS[0], candidates[0].text
            elif not named:
                step, surface = STEPS[1], held[0].text
            elif perturbable_spans(entities, etype, answers):
                step, surface = STEPS[3], named[0].text
            else:
                step, surface = STEPS[2], named[0].text
            found[label][step].append((ex.id, surface))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("--examples", type=int, default=5, help="random examples shown per step (seed 0)")
    args = parser.parse_args()
    examples = read_examples(args.input)[1]
    backend = load_backend("spacy", DEFAULT_SPACY_MODEL)
    cache = NerCache(default_ner_cache_dir() / "ner.sqlite")
    mentions = recognize((ex.context for ex in examples), backend, cache, progress=True)
    lexicon = Lexicon()
    lexicon.observe([t for ex in examples for t in (ex.context, ex.question)],
                    (m for ctx in dict.fromkeys(ex.context for ex in examples) for m in mentions[ctx]))
    result = funnel(examples, mentions, lexicon)
    print(f"{args.input.name}: {len(examples):,} questions\n")
    print("| label | candidates | " + " | ".join(STEPS) + " | bound (candidates - steps 1-2) |")
    print("|---|---:|" + "---:|" * (len(STEPS) + 1))
    for label, steps in result.items():
        counts = Counter({step: len(steps[step]) for step in STEPS})
        total = sum(counts.values())
        print(f"| {label} | {total:,} | " + " | ".join(f"{counts[s]:,}" for s in STEPS)
              + f" | {total - counts[STEPS[0]] - counts[STEPS[1]]:,} |")
    rng = random.Random(0)
    for label, steps in result.items():
        for step in STEPS[:3]:
            shown = rng.sample(steps[step], min(args.examples, len(steps[step])))
            print(f"\n{label}, {step}: " + "; ".join(f"{surface!r} ({qid[:8]})" for qid, surface in shown))


if __name__ == "__main__":
    main()
