"""README's quality tables from their sources: subset sizes, precision and recall by reading, and what each
rule costs in recall on the labelled sets.

    python benchmarks/quality_table.py --build OUT [--entswap-build AFRI_OUT] [--reviews DIR]
        [--recall LABELS.jsonl] [--recall-entswap LABELS.jsonl] [--entswap-recall-build AFRI_OUT]
        [--estimate LABELS.jsonl ...] [--seed 0]
        [--json]

* ``--build``: a ``build-benchmark`` folder of the MRQA SQuAD dev file with the ``dbname`` configs of
  ``--seed`` for per, org, gpe and mix; ``--entswap-build``: one with ``afrisquad2-seed{seed}``
  (``--entswap-recall-build``: the same build of the file the EntSwap recall labels drew from, where that
  is another input);
* ``--reviews``: filled-in ``audit-renamings`` review files named ``{config}.md`` (precision; Yan et al.
  rows count passages, EntSwap rows count substitutions);
* ``--recall`` / ``--recall-entswap``: readers' labels (``audit-renamings --recall``); recall is the
  tally of ``audit-renamings --tally``, and every labelled example a type's config misses is charged to the
  rule its out-of-scope record names (``no perturbable per answer entity …: per.not-name-words``), so the
  recall price of each rule is counted on examples readers judged renamable;
* ``--estimate``: the labels of several disjoint recall samples: the reader estimate of each type's
  renamable population (share of labelled questions with a renamable name × questions drawn from).

Every number is computed here from those files; nothing is typed in.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from entity_renaming.entswap import recall
from entity_renaming.entswap.audit import precision_counts

#: Yan et al. (2022) Table 3, the perturbable subsets of the MRQA SQuAD dev file.
TABLE_3 = {"PER": 1170, "ORG": 1095, "GPE": 602, "MIX": 2613}
YAN_TYPES = ("PER", "ORG", "GPE", "MIX")
ENTSWAP_CATEGORIES = ("person", "country", "city")


def renamed_count(build: Path, config: str) -> int:
    """Renamed examples of ``config``: one renamings record each."""
    with gzip.open(build / f"{config}.renamings.jsonl.gz", "rt", encoding="utf-8") as f:
        return sum(1 for line in f if line.strip())


def out_of_scope_rules(build: Path) -> dict[str, dict[str, str]]:
    """Entity type (``per`` …) → example id → the rule id of its out-of-scope record."""
    rules: dict[str, dict[str, str]] = defaultdict(dict)
    with gzip.open(build / "out-of-scope.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            reason = record["reason"]
            if not reason.startswith("no perturbable "):
                continue
            etype = reason.split()[2]
            for example_id in record["example_ids"]:
                rules[etype][example_id] = reason.rsplit(": ", 1)[-1]
    return rules


def reader_estimate(label_files: list[Path]) -> dict[str, dict[str, Any]]:
    """Per type, the renamable population of the input file estimated from readers' labels of disjoint random
    samples (``audit-renamings --recall``, later ones drawn with ``--exclude`` of the earlier): the share of
    labelled questions with a ``yes`` / ``adjust`` name of the type (MIX: any type) times the questions the
    first sample was drawn from, with a 95 % normal interval."""
    records: dict[str, dict[str, Any]] = {}
    pool = None
    for path in label_files:
        meta = json.loads((path.parent / "yan-sample.json").read_text(encoding="utf-8"))
        if not meta["excluding"]:
            pool = meta["eligible"]
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                records[record["id"]] = record
    if pool is None:
        raise SystemExit("--estimate needs the labels of a sample drawn without --exclude (its eligible "
                         "count is the population)")
    n = len(records)
    out = {}
    for etype in YAN_TYPES:
        k = sum(1 for r in records.values() if any(
            x["verdict"] in ("yes", "adjust") and etype in ("MIX", x["type"]) for x in r["names"] or ()))
        share = k / n
        half = 1.96 * (share * (1 - share) / n) ** 0.5
        out[etype] = {"renamable": k, "labelled": n, "population": pool, "estimate": round(share * pool),
                      "low": round((share - half) * pool), "high": round((share + half) * pool)}
    return out


def fraction(k: int | None, n: int | None) -> str:
    return "–" if not n or k is None else f"{k}/{n} ({k / n:.0%})"


def yan_rows(args: argparse.Namespace) -> tuple[list[dict[str, Any]], dict[str, Counter]]:
    configs = recall.yan_configs(args.build, "dbname", args.seed)
    recall_rows: dict[str, dict[str, Any]] = {}
    prices: dict[str, Counter] = {t: Counter() for t in YAN_TYPES}
    estimate = reader_estimate(args.estimate) if args.estimate else {}
    if args.recall:
        result = recall.tally(args.recall, args.build, seed=args.seed)
        recall_rows = {r["type"]: r for r in result["rows"]}
        skipped = out_of_scope_rules(args.build)
        for etype in YAN_TYPES:
            for missed in recall_rows.get(etype, {}).get("missed", []):
                prices[etype][skipped[etype.lower()].get(missed["id"], "refused (skipped.jsonl)")] += 1
    rows = []
    for etype in YAN_TYPES:
        config = configs[etype]
        span = swap = cases = None
        review = args.reviews / f"{config}.md" if args.reviews else None
        if review is not None and review.is_file():
            cases, span, swap = precision_counts(review, by_type=False)["all"]  # passages, all rows right
        r = recall_rows.get(etype, {})
        rows.append({"type": etype, "config": config, "renamed": renamed_count(args.build, config),
                     "table_3": TABLE_3[etype], "reader_estimate": estimate.get(etype),
                     "span": [span, cases], "substitution": [swap, cases],
                     "recall": [r.get("renamed"), r.get("renamable")]})
    return rows, prices


def entswap_rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    config = recall.entswap_config(args.entswap_build, args.seed)
    counts: dict[str, tuple[int, int, int]] = {}
    review = args.reviews / f"{config}.md" if args.reviews else None
    if review is not None and review.is_file():
        counts = precision_counts(review, per_substitution=True)
    recall_rows = {}
    if args.recall_entswap:
        build = args.entswap_recall_build or args.entswap_build  # the build of the file the labels drew from
        result = recall.tally(args.recall_entswap, build, seed=args.seed,
                              config=recall.entswap_config(build, args.seed))
        recall_rows = {r["type"]: r for r in result["rows"]}
    questions = renamed_count(args.entswap_build, config)
    rows = []
    for category in ENTSWAP_CATEGORIES:
        n, span, swap = counts.get(category, (None, None, None))
        r = recall_rows.get(category, {})
        rows.append({"type": f"EntSwap {category}", "config": config, "renamed": questions,
                     "span": [span, n], "substitution": [swap, n],
                     "recall": [r.get("renamed"), r.get("renamable")]})
    return rows


def estimate_cell(e: dict[str, Any] | None) -> str:
    return "–" if e is None else f"{e['estimate']:,} ({e['low']:,}–{e['high']:,})"


def render(yan: list[dict[str, Any]], entswap: list[dict[str, Any]], prices: dict[str, Counter]) -> str:
    lines = ["| config | renamed examples | Yan et al. Table 3 | reader estimate | span | substitution "
             "| recall |", "|---|---:|---:|---:|---:|---:|---:|"]
    for r in yan:
        lines.append(f"| {r['type']} (`{r['config']}`) | {r['renamed']:,} | {r['table_3']:,} | "
                     f"{estimate_cell(r['reader_estimate'])} | {fraction(*r['span'])} | "
                     f"{fraction(*r['substitution'])} | {fraction(*r['recall'])} |")
    for r in entswap:
        lines.append(f"| {r['type']} (`{r['config']}`, substitutions) | {r['renamed']:,} questions | – | – | "
                     f"{fraction(*r['span'])} | {fraction(*r['substitution'])} | {fraction(*r['recall'])} |")
    if any(prices.values()):
        rules = sorted({rule for c in prices.values() for rule in c},
                       key=lambda rule: (-sum(c[rule] for c in prices.values()), rule))
        lines += ["", "Labelled renamable examples each rule leaves out (its recall price on the labelled "
                  "set):",
                  "", "| rule | " + " | ".join(YAN_TYPES) + " |", "|---|" + "---:|" * len(YAN_TYPES)]
        lines += [f"| `{rule}` | " + " | ".join(str(prices[t][rule] or "–") for t in YAN_TYPES) + " |"
                  for rule in rules]
    return "\n".join(lines) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", type=Path, required=True,
                   help="build-benchmark folder (MRQA SQuAD dev, dbname)")
    p.add_argument("--entswap-build", type=Path, help="build-benchmark folder with afrisquad2-seed{seed}")
    p.add_argument("--entswap-recall-build", type=Path,
                   help="EntSwap build of the file --recall-entswap was drawn from, where it is another "
                        "input (the CS224n test half: benchmarks/squad2_test_half.py); default "
                        "--entswap-build")
    p.add_argument("--reviews", type=Path, help="folder of filled-in review files named {config}.md")
    p.add_argument("--recall", type=Path, help="readers' labels of questions (yan-labels.jsonl)")
    p.add_argument("--recall-entswap", type=Path, help="readers' labels of passages (entswap-labels.jsonl)")
    p.add_argument("--estimate", type=Path, nargs="+", metavar="LABELS",
                   help="readers' labels of disjoint recall samples (yan-labels.jsonl beside its "
                        "yan-sample.json) to estimate each type's renamable population from")
    p.add_argument("--seed", type=int, default=0, help="the configs' seed (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    args = p.parse_args()
    yan, prices = yan_rows(args)
    entswap = entswap_rows(args) if args.entswap_build else []
    if args.json:
        print(json.dumps({"yan": yan, "entswap": entswap, "recall_price": prices}, indent=1))
    else:
        print(render(yan, entswap, prices), end="")


if __name__ == "__main__":
    main()
