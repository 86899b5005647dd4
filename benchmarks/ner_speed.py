"""NER throughput with one vs two processes (issue 14): the MRQA SQuAD dev file's unique passages
through :class:`entity_renaming.ner.backend.SpacyNer`, each setting timed in the same run, twice.

    python benchmarks/ner_speed.py ../shared/data/mrqa/SQuAD_dev.jsonl.gz --rounds 2

Prints passages, tokens, seconds and tokens/s per setting, the ratio, the load average before each
round, and whether both settings gave identical mentions. No cache is used.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import time

from entity_renaming.ner import load_backend


def passages(path: str) -> list[str]:
    opener = gzip.open if path.endswith(".gz") else open
    seen: dict[str, None] = {}
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if "context" in record:
                seen.setdefault(record["context"], None)
    return list(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="MRQA .jsonl(.gz) file")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--processes", default="1,2", help="comma-separated n_process values")
    args = parser.parse_args()
    texts = passages(args.input)
    settings = [int(n) for n in args.processes.split(",")]
    backends = {n: load_backend("spacy", n_process=n) for n in settings}
    tokens = sum(len(d) for d in backends[settings[0]].nlp.tokenizer.pipe(texts))
    print(f"{len(texts)} passages, {tokens} tokens, cores available: {len(os.sched_getaffinity(0))}")
    for round_no in range(1, args.rounds + 1):
        load = os.getloadavg()
        results, speed = {}, {}
        for n in settings:
            start = time.perf_counter()
            results[n] = list(backends[n].recognize(texts))
            seconds = time.perf_counter() - start
            speed[n] = tokens / seconds
            print(f"round {round_no}: n_process={n}: {seconds:.1f} s, {speed[n]:,.0f} tokens/s")
        same = all(results[n] == results[settings[0]] for n in settings)
        ratio = speed[settings[-1]] / speed[settings[0]]
        print(f"round {round_no}: load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
              f"ratio n_process={settings[-1]} / {settings[0]}: {ratio:.2f}x; identical mentions: {same}")


if __name__ == "__main__":
    main()
