"""Growth per doubling of input size: every step (reading, NER, entity analysis, renaming) must be linear.

Three inputs, each at ×1, ×2 and ×4 (CPU seconds, best of ``--repeat``; a ratio near 2.0 per doubling is
linear, near 4.0 quadratic):

* **valid**: the CS224n half of the SQuAD 2.0 dev set, articles repeated (ids made unique), read with
  :func:`entity_renaming.io.read_input`;
* **all rejected**: the same file with every answer offset moved by one, so that every example is
  rejected and located (file and line) on reading;
* **long passage**: one passage ``"Bohemond was the king. He ruled Sicily. " * n`` (``--chars`` at ×1)
  with two questions: spaCy NER, the entity analysis of Yan et al.'s configs
  (:func:`entity_renaming.entities.analyse_examples`), one ``dbname-per`` config (renaming every mention)
  and EntSwap's article analysis (:func:`entity_renaming.entswap.entities.article_entities`).

::

    python benchmarks/scaling.py [--repeat 2] [--chars 100000]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from read_speed import SOURCE, scaled

from entity_renaming.configs import ConfigSpec
from entity_renaming.entities import analyse_examples
from entity_renaming.entswap.entities import article_entities
from entity_renaming.io import read_input
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Answer, QAExample
from entity_renaming.ner import NerCache, load_backend, recognize
from entity_renaming.pipeline import DEFAULT_SPACY_MODEL, build_config
from entity_renaming.sampling import Sampler

SIZES = (1, 2, 4)
SENTENCES = "Bohemond was the king. He ruled Sicily. "


def cpu_time(action: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Best CPU seconds of ``repeat`` runs of ``action`` and its last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = action()
        best = min(best, time.process_time() - start)
    return best, result


def shifted(doc: dict) -> dict:
    """``doc`` with every answer (and plausible answer) one character to the right: all rejected."""
    for article in doc["data"]:
        for para in article["paragraphs"]:
            for qa in para["qas"]:
                for key in ("answers", "plausible_answers"):
                    for ans in qa.get(key, []):
                        ans["answer_start"] += 1
    return doc


def long_examples(chars: int) -> list[QAExample]:
    context = SENTENCES * max(1, chars // len(SENTENCES))
    king, sicily = context.index("Bohemond"), context.index("Sicily")
    return [
        QAExample("king", "long", "squad", context, "Who was the king?",
                  [Answer("Bohemond", [(king, king + 8)])], is_impossible=False),
        QAExample("land", "long", "squad", context, "What did Bohemond rule?",
                  [Answer("Sicily", [(sicily, sicily + 6)])], is_impossible=False),
    ]


def report(title: str, unit: str, columns: dict[str, list[tuple[int, float]]]) -> None:
    """One markdown table: a row per size, a column per step (CPU s and growth over the row above)."""
    print(f"\n{title}\n")
    print(f"| size | {unit} | " + " | ".join(columns) + " |")
    print("|---|---:|" + "---:|" * len(columns))
    for k, copies in enumerate(SIZES):
        cells = []
        for rows in columns.values():
            seconds = rows[k][1]
            growth = f" (×{seconds / rows[k - 1][1]:.2f})" if k else ""
            cells.append(f"{seconds:.3f} s{growth}")
        size = next(iter(columns.values()))[k][0]
        print(f"| ×{copies} | {size:,} | " + " | ".join(cells) + " |")


def reading(repeat: int) -> None:
    doc = json.loads(SOURCE.read_text(encoding="utf-8"))
    valid, rejected = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for copies in SIZES:
            doc_k = scaled(doc, copies)
            for rows, content in ((valid, doc_k), (rejected, shifted(doc_k))):
                path = Path(tmp) / f"x{copies}.json"
                path.write_text(json.dumps(content, indent=1), encoding="utf-8")
                seconds, data = cpu_time(lambda path=path: read_input(path), repeat)
                rows.append((data.total, seconds))
            assert not data.examples and data.rejected  # the shifted file: every example rejected
    report("Reading SQuAD 2.0 files (read_input), CPU s (growth per doubling)", "questions",
           {"valid": valid, "every example rejected": rejected})


def long_passage_steps(examples: list[QAExample], backend: Any, lexicon: Lexicon, sampler: Sampler,
                       repeat: int) -> dict[str, float]:
    """CPU seconds of each step on the examples of one long passage."""
    texts = [examples[0].context, *(ex.question for ex in examples)]
    seconds: dict[str, float] = {}
    seconds["NER"], mentions = cpu_time(lambda: recognize(texts, backend, NerCache(None), progress=False), 1)
    seconds["analysis"], analysis = cpu_time(lambda: analyse_examples(examples, mentions, lexicon), repeat)
    spec = ConfigSpec("long", "per", "dbname", 0)
    seconds["config"], result = cpu_time(lambda: build_config(spec, examples, analysis, sampler), repeat)
    assert result.examples, "the long passage must be renamed"
    seconds["entswap"], _ = cpu_time(lambda: article_entities(texts, mentions, lexicon), repeat)
    return seconds


def long_passages(repeat: int, chars: int) -> None:
    backend = load_backend("spacy", DEFAULT_SPACY_MODEL)
    lexicon = Lexicon()
    sampler = Sampler("dbname")
    long_passage_steps(long_examples(len(SENTENCES) * 20), backend, lexicon, sampler, 1)  # load data once
    steps: dict[str, list[tuple[int, float]]] = {"NER": [], "analysis": [], "config": [], "entswap": []}
    for copies in SIZES:
        examples = long_examples(chars * copies)
        for step, seconds in long_passage_steps(examples, backend, lexicon, sampler, repeat).items():
            steps[step].append((len(examples[0].context), seconds))
    names = {"NER": "spaCy NER", "analysis": "entity analysis", "config": "one dbname-per config",
             "entswap": "EntSwap analysis"}
    report("One long passage with 2 questions, CPU s (growth per doubling)", "characters",
           {names[step]: rows for step, rows in steps.items()})


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=2, help="runs per size; the best is reported")
    p.add_argument("--chars", type=int, default=100_000, help="long passage length at ×1")
    p.add_argument("--only", choices=("reading", "long"), help="run one of the two parts")
    args = p.parse_args()
    if args.only != "long":
        reading(args.repeat)
    if args.only != "reading":
        long_passages(args.repeat, args.chars)


if __name__ == "__main__":
    main()
