"""What each rule of the rule table (:mod:`entity_renaming.rules`) removes on a dataset, and a blind sample.

    python benchmarks/rule_report.py [--input ../shared/data/mrqa/SQuAD_dev.jsonl.gz] [--per-rule 10]
        [--seed 0] [--out rule-report/] [--entswap ../shared/data/squad_v2/cs224n_dev-v2.0.json]

Runs NER (cached) and the entity analysis once with its trace, then writes to ``--out``:

* ``rules.md``: per rule its kind, what it checks, how many answer-overlapping candidates it removed and
  how many examples each entity type's configs leave out of scope because of it (the rule id their
  out-of-scope records carry);
* ``rule-sample.md``: a random sample (``--seed``) of up to ``--per-rule`` removed candidates per rule,
  shuffled and numbered, with no rule named: passage excerpt (the candidate in ``[[ ]]``), question, gold
  answers, the candidate and its would-be type, for a blind reader to mark *would renaming it be right?*;
* ``rule-sample-key.jsonl``: case number → rule id, example id (for tallying the reader's marks per rule).

With ``--entswap``, ``rules.md`` adds per rule the surfaces EntSwap's article analysis of that file removed
(the same table; EntSwap decides per article or passage, not per answer), and the sample adds up to
``--per-rule`` of them per rule (key ``entswap:{rule}``, a passage excerpt, the would-be category).

The price of a rule (``../shared/docs/audit-protocol.md`` → "A rule's price") is then its removed count
times the share of its sampled cases the reader marks right. A reader writes ``yes``, ``adjust`` or ``no``
after each ``**Right to rename?**``; then

    python benchmarks/rule_report.py --tally rule-report/

prints per rule the cases read, how many the reader would rename (yes / adjust) and the estimated price:
candidates removed (``rule-counts.json``) times that share.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter, defaultdict
from pathlib import Path

from entity_renaming.entities import analyse_examples
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import NerCache, load_backend, recognize
from entity_renaming.pipeline import DEFAULT_SPACY_MODEL, default_ner_cache_dir, selection
from entity_renaming.rules import RULES

DEFAULT_INPUT = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"
TYPES = ("per", "org", "gpe", "mix")
EXCERPT = 300


def excerpt(context: str, start: int, text: str) -> str:
    """The passage around the candidate, the candidate marked ``[[ ]]``."""
    if start < 0 or context[start:start + len(text)] != text:
        start = context.find(text)
    if start < 0:
        return context[: 2 * EXCERPT]
    end = start + len(text)
    left, right = max(0, start - EXCERPT), min(len(context), end + EXCERPT)
    return (("…" if left else "") + context[left:start] + "[[" + text + "]]" + context[end:right]
            + ("…" if right < len(context) else ""))


EntSwapCase = tuple[str, str, str, object]  # rule, trace key, passage, the Fired record


def entswap_report(path: Path, backend, cache: NerCache, per_rule: int,
                   rng: random.Random) -> tuple[list[str], dict[str, int], list[EntSwapCase]]:
    """EntSwap's removals on ``path``: Markdown lines (per rule, the surfaces its analysis removed: once per
    article for evidence about the name, once per passage group for an occurrence check of a place or
    organisation, its trace key ``{article}#{n}``), the counts keyed ``entswap:{rule}``, and a random sample
    of up to ``per_rule`` removals per rule."""
    from entity_renaming.entswap.build import EntSwap, group_passages

    swap = EntSwap(read_examples(path)[1], backend, cache=cache, progress=True)
    removed: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for key, trace in swap.vetoes.items():
        for f in trace:
            removed[f.rule].append((key, f))
    kept = sum(len(es) for es in swap.passage_entities.values())
    lines = [f"## EntSwap: {path.name}, {len(swap.articles)} articles, {len(swap.passage_entities):,} "
             f"passages, {kept:,} (passage, surface) pairs renamed", "",
             "| rule | kind | removals (article or passage, surface) |", "|---|---|---:|"]
    for rid, found in sorted(removed.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"| `{rid}` | {RULES[rid].kind} | {len(found):,} |")
    contexts: dict[str, list[str]] = {}  # passages first, then the questions ("Question: …") of the key
    for article, members in swap.articles.items():
        contexts[article] = [*dict.fromkeys(ex.context for ex in members),
                             *(f"Question: {ex.question}" for ex in members)]
        for group, group_members in group_passages(article, members).items():
            questions = (f"Question: {ex.question}" for ex in group_members)
            contexts[group] = [group_members[0].context, *questions]
    cases = []
    for rid in sorted(removed):
        for key, f in rng.sample(removed[rid], min(per_rule, len(removed[rid]))):
            word = re.compile(rf"(?<!\w){re.escape(f.text)}(?!\w)")
            passage = next((c for c in contexts[key] if word.search(c)), contexts[key][0])
            cases.append((rid, key, passage, f))
    return lines, {f"entswap:{r}": len(v) for r, v in removed.items()}, cases


_VERDICT = re.compile(r"^\*\*Right to rename\?\*\*\s*(yes|adjust|no)\b", re.I)


def tally(folder: Path) -> str:
    """Per rule: cases read, the share a reader would rename, and the estimated recall price."""
    key = {r["case"]: r for r in map(json.loads, (folder / "rule-sample-key.jsonl").open(encoding="utf-8"))}
    counts = json.loads((folder / "rule-counts.json").read_text(encoding="utf-8"))
    verdicts: dict[int, str] = {}
    case = None
    for line_no, line in enumerate((folder / "rule-sample.md").read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## Case "):
            case = int(line.split()[-1])
        elif line.startswith("**Right to rename?**"):
            m = _VERDICT.match(line)
            if m is None:
                raise SystemExit(f"{folder / 'rule-sample.md'}:{line_no}: case {case}: "
                                 "write yes, adjust or no")
            verdicts[case] = m.group(1).lower()
    per_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for case, verdict in verdicts.items():
        per_rule[key[case]["rule"]][verdict] += 1
    lines = ["| rule | kind | removed | read | would rename (yes / adjust) | estimated price (candidates) |",
             "|---|---|---:|---:|---:|---:|"]
    for rid in sorted(per_rule, key=lambda r: -counts.get(r, 0)):
        c = per_rule[rid]
        read, right = sum(c.values()), c["yes"] + c["adjust"]
        removed = counts.get(rid, 0)
        kind = RULES[rid.removeprefix("entswap:")].kind
        lines.append(f"| `{rid}` | {kind} | {removed:,} | {read} | {right} ({right / read:.0%}) "
                     f"| {round(removed * right / read):,} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("--per-rule", type=int, default=10, help="sampled removed candidates per rule")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("rule-report"))
    parser.add_argument("--entswap", type=Path, help="also count EntSwap's removals on this SQuAD 2.0 file")
    parser.add_argument("--tally", type=Path, metavar="FOLDER",
                        help="print each rule's price from a report folder whose rule-sample.md a reader "
                        "marked")
    args = parser.parse_args()
    if args.tally:
        print(tally(args.tally), end="")
        return
    examples = read_examples(args.input)[1]
    backend = load_backend("spacy", DEFAULT_SPACY_MODEL)
    cache = NerCache(default_ner_cache_dir() / "ner.sqlite")
    mentions = recognize((ex.context for ex in examples), backend, cache, progress=True)
    analysis = analyse_examples(examples, mentions, Lexicon(), progress=True)
    removed: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for qid, fired in analysis.vetoes.items():
        for f in fired:
            removed[f.rule].append((qid, f))
    scope: dict[str, Counter[str]] = {t: Counter() for t in TYPES}
    subset = Counter()
    for etype in TYPES:
        for _, spans in selection(examples, analysis, etype):
            if isinstance(spans, str):
                scope[etype][spans.rsplit(": ", 1)[-1]] += 1
            else:
                subset[etype] += 1
    args.out.mkdir(parents=True, exist_ok=True)
    lines = [f"# Rule report: {args.input.name}, {len(examples):,} questions", "",
             "Subset (examples renamed): " + ", ".join(f"{t.upper()} {subset[t]:,}" for t in TYPES), "",
             "| rule | kind | checks | candidates removed | out of scope: " + " | ".join(TYPES) + " |",
             "|---|---|---|---:|" + "---:|" * len(TYPES)]
    order = sorted(RULES, key=lambda r: (-len(removed[r]), r))
    for rid in order:
        rule = RULES[rid]
        if "yan" not in rule.studies and not removed[rid]:
            continue
        lines.append(f"| `{rid}` | {rule.kind} | {rule.checks} | {len(removed[rid]):,} | "
                     + " | ".join(f"{scope[t][rid]:,}" for t in TYPES) + " |")
    rng = random.Random(args.seed)
    counts = {r: len(v) for r, v in removed.items()}
    entswap_cases = []
    if args.entswap:
        entswap_lines, entswap_removed, entswap_cases = entswap_report(args.entswap, backend, cache,
                                                                       args.per_rule, rng)
        lines += ["", *entswap_lines]
        counts.update(entswap_removed)
    (args.out / "rules.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (args.out / "rule-counts.json").write_text(json.dumps(counts, indent=1), encoding="utf-8")
    cases = []
    for rid in sorted(removed):
        for qid, f in rng.sample(removed[rid], min(args.per_rule, len(removed[rid]))):
            cases.append((rid, qid, f))
    rng.shuffle(cases)
    by_id = {ex.id: ex for ex in examples}
    sample = ["# Would renaming this candidate be right?", "",
              "For each case: is the marked candidate a name of the given type (person / organisation / "
              "geopolitical entity), an answer entity, that a careful editor could rename at every mention "
              "(yes / adjust / no)?", ""]
    with (args.out / "rule-sample-key.jsonl").open("w", encoding="utf-8") as key:
        for n, (rid, qid, f) in enumerate(cases, 1):
            ex = by_id[qid]
            answers = " | ".join(dict.fromkeys(ex.answer_texts or [a.text for a in ex.answers or []]))
            sample += [f"## Case {n}", "", f"**Passage**: {excerpt(ex.context, f.start, f.text)}", "",
                       f"**Question**: {ex.question}", "", f"**Answers**: {answers}", "",
                       f"**Candidate**: {f.text} — would-be type: {f.entity_type}", "",
                       "**Right to rename?** ____", ""]
            key.write(json.dumps({"case": n, "rule": rid, "example_id": qid, "candidate": f.text,
                                  "entity_type": f.entity_type}) + "\n")
        if entswap_cases:
            sample += ["# EntSwap: would renaming this name in the passage be right?", "",
                       "For each case: is the marked name a person, country or city of the passage (the "
                       "category given) that a careful editor could give one new name at every mention in "
                       "the passage, its title, questions and answers (yes / adjust / no)?", ""]
        for n, (rid, trace_key, passage, f) in enumerate(entswap_cases, len(cases) + 1):
            sample += [f"## Case {n}", "", f"**Passage** ({trace_key.split('#')[0]}): "
                       f"{excerpt(passage, f.start, f.text)}", "",
                       f"**Candidate**: {f.text} — would-be category: {f.entity_type}", "",
                       "**Right to rename?** ____", ""]
            key.write(json.dumps({"case": n, "rule": f"entswap:{rid}", "passage": trace_key,
                                  "candidate": f.text, "entity_type": f.entity_type}) + "\n")
    (args.out / "rule-sample.md").write_text("\n".join(sample), encoding="utf-8")
    print("\n".join(lines))
    print(f"\n{len(cases) + len(entswap_cases)} sampled cases in {args.out / 'rule-sample.md'}")


if __name__ == "__main__":
    main()
