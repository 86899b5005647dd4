"""Build speed on the MRQA SQuAD dev file: NER alone vs the full 60-config build, in one run.

    python benchmarks/build_speed.py [--input ../shared/data/mrqa/SQuAD_dev.jsonl.gz] [--workers 2]

Measures (each with a fresh NER cache):
1. NER alone: spaCy over the unique passages, batched, NER component only (what the pipeline runs);
2. the full build: 4 entity types × {indistname, dbname, randstr} × 5 seeds = 60 configs, NER included,
   files written;
3. the reference approach: the full spaCy pipeline called once per question, unbatched, on a sample of
   questions, extrapolated to the whole file.
Prints a JSON report (contexts/s, tokens/s, ratios).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

from entity_renaming.cli.build_benchmark import specs_for
from entity_renaming.cli.outputs import BenchmarkWriter
from entity_renaming.io import read_examples
from entity_renaming.ner import NerCache, load_backend, recognize
from entity_renaming.pipeline import DEFAULT_SPACY_MODEL, build_configs

DEFAULT_INPUT = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    p.add_argument("--spacy-model", default=DEFAULT_SPACY_MODEL)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for the config builds")
    p.add_argument(
        "--reference-sample", type=int, default=1000, help="questions for the per-question baseline"
    )
    args = p.parse_args()

    _, examples = read_examples(args.input)
    contexts = list(dict.fromkeys(e.context for e in examples))
    tokens = sum(
        len(e.context_tokens or e.context.split()) for e in {e.context: e for e in examples}.values()
    )
    backend = load_backend("spacy", args.spacy_model)
    recognize(["Warm-up sentence about Paris."], backend, progress=False)

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        recognize(contexts, backend, NerCache(Path(tmp) / "ner.sqlite"), progress=False)
        ner_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp:
        specs = specs_for(
            "SQuAD", ["indistname", "dbname", "randstr"], ["per", "org", "gpe", "mix"], [0, 1, 2, 3, 4]
        )
        t0 = time.perf_counter()
        writer = BenchmarkWriter(
            Path(tmp) / "out", source=args.input, fmt="mrqa", meta={}, examples=examples, compressed=True
        )
        for result in build_configs(
            examples,
            specs,
            ner_cache_dir=Path(tmp) / "cache",
            ner_backend=backend,
            progress=False,
            workers=args.workers,
        ):
            writer.write(result)
        writer.finish([s.name for s in specs], settings={})
        build_s = time.perf_counter() - t0

    import spacy

    full = spacy.load(args.spacy_model)
    sample = examples[: args.reference_sample]
    t0 = time.perf_counter()
    for ex in sample:
        full(ex.context)
    per_question_s = (time.perf_counter() - t0) * len(examples) / len(sample)

    print(
        json.dumps(
            {
                "input": args.input.name,
                "questions": len(examples),
                "unique_contexts": len(contexts),
                "context_tokens": tokens,
                "spacy_model": backend.key,
                "cpu_count": os.cpu_count(),
                "machine": platform.processor() or platform.machine(),
                "ner_seconds": round(ner_s, 2),
                "ner_contexts_per_s": round(len(contexts) / ner_s, 1),
                "ner_tokens_per_s": round(tokens / ner_s),
                "configs": len(specs),
                "workers": args.workers,
                "full_build_seconds": round(build_s, 2),
                "full_build_over_ner": round(build_s / ner_s, 3),
                "reference_per_question_seconds_extrapolated": round(per_question_s, 1),
                "reference_sample_questions": len(sample),
                "ner_speedup_over_reference": round(per_question_s / ner_s, 1),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
