"""Annotate the CS224n "test" half of SQuAD 2.0 dev from the MRQA SQuAD dev file, for recall measurement.

The CS224n test split (``cs224n_test-v2.0_no_answers.json``) holds the 19 official dev articles that the
CS224n dev split lacks, with every answer stripped. Each of their paragraphs is a context of the MRQA SQuAD
dev file (SQuAD 1.1 dev, whose questions are SQuAD 2.0 dev's answerable ones), so an answerable question
is found there by its text within the same context. This writes a SQuAD 2.0 file of those articles: matched
questions get MRQA's annotator answers (``is_impossible: false``), the others are marked unanswerable
without ``plausible_answers`` (those cannot be recovered; a few answerable questions whose text differs
between the two files land there too: the count is printed). The non-SQuAD ``Miscellaneous`` article is
left out. Use: a fresh, never-tuned-on input for an EntSwap blind recall sample (``audit-renamings
--recall --entswap --input OUT``) after ``build-benchmark --format squad --perturbation entswap`` on OUT.

    python benchmarks/squad2_test_half.py --out /tmp/test-half-v2.0.json
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TEST_HALF = DATA / "squad_v2" / "cs224n_test-v2.0_no_answers.json"
MRQA_SQUAD = DATA / "mrqa" / "SQuAD_dev.jsonl.gz"
NOT_SQUAD = "Miscellaneous"


def mrqa_answers(path: Path) -> dict[tuple[str, str], list[dict]]:
    """(context, question) → SQuAD answers (one per annotator) of the MRQA file's questions."""
    found: dict[tuple[str, str], list[dict]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        next(handle)  # header
        for line in handle:
            record = json.loads(line)
            context = record["context"]
            for qa in record["qas"]:
                answers = []
                for detected in qa["detected_answers"]:
                    start = detected["char_spans"][0][0]
                    text = detected["text"]
                    if context[start:start + len(text)] != text:  # an MRQA quirk: span and text disagree
                        start = context.find(text)
                    if start >= 0:
                        answers.append({"text": text, "answer_start": start})
                if answers:
                    found[(context, qa["question"].strip())] = answers
    return found


def annotate(test_half: dict, answers: dict[tuple[str, str], list[dict]]) -> tuple[dict, dict[str, int]]:
    """The test half with answers where MRQA has the question, unanswerable otherwise; and counts."""
    counts = {"articles": 0, "paragraphs": 0, "questions": 0, "answerable": 0, "unmatched": 0}
    articles = []
    for article in test_half["data"]:
        if article["title"] == NOT_SQUAD:
            continue
        counts["articles"] += 1
        for paragraph in article["paragraphs"]:
            counts["paragraphs"] += 1
            for qa in paragraph["qas"]:
                counts["questions"] += 1
                gold = answers.get((paragraph["context"], qa["question"].strip()))
                qa["answers"] = gold or []
                qa["is_impossible"] = gold is None
                counts["answerable" if gold else "unmatched"] += 1
        articles.append(article)
    return {"version": test_half.get("version", "v2.0"), "data": articles}, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--test-half", type=Path, default=TEST_HALF,
                        help="CS224n test split (default: %(default)s)")
    parser.add_argument("--mrqa", type=Path, default=MRQA_SQUAD,
                        help="MRQA SQuAD dev file (default: %(default)s)")
    parser.add_argument("--out", type=Path, required=True, help="SQuAD 2.0 JSON file to write")
    args = parser.parse_args(argv)
    test_half = json.loads(args.test_half.read_text(encoding="utf-8"))
    data, counts = annotate(test_half, mrqa_answers(args.mrqa))
    args.out.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    print(f"{args.out}: " + ", ".join(f"{v:,} {k}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
