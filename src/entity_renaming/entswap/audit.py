"""``audit-renamings``: a side-by-side review file of N renamed passages, for a person to score, and
``audit-renamings --tally FILE``: the precision table of a filled-in review file.

Reads a ``build-benchmark`` output folder (``manifest.json``, the config's data file and its
``{config}.renamings.jsonl.gz``) of an EntSwap or a Yan et al. config, rebuilds each original passage and
question from the renamed one and its edits, samples N passages with a fixed seed and writes Markdown:
original and renamed passage and questions side by side with every edit highlighted and numbered, the
example ids, and a checklist per substitution to mark span identification and substitution as right
(``[x]``) or wrong (``[ ]``) (Yan et al. Appendix C; Siro & Ajayi 2023, Table 2). The procedure, for
precision and recall: the package's audit guide (``audit-renamings --guide`` prints it).
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..bundled import project_dir
from ..cli import add_version, plain
from ..io import read_examples
from ..io.errors import InputError
from ..io.mrqa import read_lines
from ..model import Edit, QAExample, Renaming
from ..release.errors import ReleaseError
from ..release.paths import confined
from ..substitute import is_grammar_edit
from . import recall

EPILOG = """\
examples:
  build-benchmark --input dev-v2.0.json --format squad --perturbation entswap --seeds 0 \\
      --banks my_banks/ --out out/
  audit-renamings --config-dir out --config afrisquad2-seed0 -n 50 --seed 0 --out review.md
  audit-renamings --config-dir mrqa_out --config squad-per-dbname-seed0 -n 30 --out per.md
  # mark [x] where right, leave [ ] where wrong, then:
  audit-renamings --tally review.md
  audit-renamings --guide          # how to audit precision and recall (cards/audit_guide.md)
"""
GUIDE = "audit_guide.md"


def guide_path() -> Path:
    """The package's audit guide (``cards/audit_guide.md``, bundled in the wheel)."""
    return project_dir("cards") / GUIDE

Key = tuple[str, str, str, str]  # entity type, span type, original, replacement


@dataclass
class Passage:
    """One renamed passage with its questions, and the edits that produced them."""

    title: str | None
    original: str
    renamed: str
    edits: list[Edit]
    questions: list[tuple[str, str, list[Edit]]] = field(default_factory=list)  # original, renamed, edits
    ids: list[str] = field(default_factory=list)
    answers: list[tuple[list[str], list[str]]] = field(default_factory=list)  # per question: before, after

    def keys(self) -> list[Key]:
        """The substitutions shown in the checklist, numbered in order of first appearance."""
        seen: dict[Key, None] = {}
        for e in [*sorted(self.edits, key=lambda e: e.start), *(x for q in self.questions for x in q[2])]:
            if not is_grammar_edit(e.original, e.replacement):
                seen.setdefault(edit_key(e), None)
        return list(seen)


def edit_key(e: Edit) -> Key:
    return e.entity_type, e.span_type, e.original, e.replacement


def restore(renamed: str, edits: list[Edit]) -> str:
    """The original text of ``renamed`` from its edits (positions ``new_start``/``new_end``)."""
    out, last = [], 0
    for e in sorted(edits, key=lambda e: (e.new_start, e.start)):
        out.append(renamed[last:e.new_start])
        out.append(e.original)
        last = e.new_end
    out.append(renamed[last:])
    return "".join(out)


def read_renamings(path: Path) -> dict[str, Renaming]:
    found = {}
    for line_no, line in read_lines(path):
        try:
            record = Renaming.from_json(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            raise InputError(path, line_no, "renaming", f"not a renaming record: {err!r}") from None
        found[record.example_id] = record
    return found


def passages(examples: list[QAExample], renamings: dict[str, Renaming]) -> list[Passage]:
    """Renamed passages (with at least one passage edit), in file order."""
    by_context: dict[str, Passage] = {}
    for ex in examples:
        record = renamings.get(ex.id)
        if record is None:
            continue
        edits = [e for e in record.edits if e.field == "context"]
        q_edits = [e for e in record.edits if e.field == "question"]
        passage = by_context.get(ex.context)
        if passage is None and edits:
            original = restore(ex.context, edits)
            passage = by_context[ex.context] = Passage(ex.title, original, ex.context, edits)
        if passage is not None:
            passage.questions.append((restore(ex.question, q_edits), ex.question, q_edits))
            passage.ids.append(ex.id)
            passage.answers.append(gold_answers(ex, record))
    return list(by_context.values())


def gold_answers(example: QAExample, record: Renaming) -> tuple[list[str], list[str]]:
    """The distinct gold answers of a renamed example (plausible ones for an unanswerable SQuAD 2.0
    question), as they were and as they are."""
    field_name = "answer" if example.answers else "plausible_answer"
    answers = example.answers or example.plausible_answers or []
    old, new = [], []
    for i, answer in enumerate(answers):
        edits = [e for e in record.edits if e.field == field_name and e.index == i]
        old.append(restore(answer.text, edits))
        new.append(answer.text)
    return list(dict.fromkeys(old)), list(dict.fromkeys(new))


def highlight(text: str, edits: list[Edit], *, renamed: bool, numbers: dict[Key, int] | None = None) -> str:
    """HTML of ``text`` with each edit in ``<mark>``, numbered like the checklist."""
    out, last = [], 0
    numbers = numbers or {}
    for i, e in enumerate(sorted(edits, key=lambda e: (e.start, e.new_start)), start=1):
        start, end = (e.new_start, e.new_end) if renamed else (e.start, e.end)
        out.append(html.escape(text[last:start]))
        label = numbers.get(edit_key(e), i) if not is_grammar_edit(e.original, e.replacement) else "a"
        out.append(f"<mark>{html.escape(text[start:end])}</mark><sup>{label}</sup>")
        last = end
    out.append(html.escape(text[last:]))
    return "".join(out)


def review(config: str, chosen: list[Passage], *, total: int, seed: int) -> str:
    lines = [f"# Renaming audit: `{config}`", "",
             f"{len(chosen)} of {total} renamed passages, sampled with seed {seed}. For every numbered "
             "substitution mark **span** `[x]` when the original is a whole entity of the type and span type "
             "shown, correctly delimited, and the one the question is about (step 2), and **swap** `[x]` "
             "when "
             "every mention in passage, questions and answers was replaced consistently and nothing else "
             "changed: inflections and articles right (step 4; edits marked <sup>a</sup> fix an article or a "
             "possessive). Leave `[ ]` where wrong; under *missed*, list entities left unrenamed. Then run "
             "`audit-renamings --tally` on this file. Procedure: `audit-renamings --guide`.", ""]
    for n, p in enumerate(chosen, start=1):
        keys = p.keys()
        numbers = {k: i for i, k in enumerate(keys, start=1)}
        lines += [f"## {n}. {html.escape(p.title or '(no title)')}", "",
                  f"ids: {', '.join(p.ids)}", "",
                  "<table><tr><th>original</th><th>renamed</th></tr>",
                  f"<tr><td>{highlight(p.original, p.edits, renamed=False, numbers=numbers)}</td>"
                  f"<td>{highlight(p.renamed, p.edits, renamed=True, numbers=numbers)}</td></tr>"]
        for (old, new, q_edits), (old_answers, new_answers) in zip(p.questions, p.answers, strict=True):
            lines.append(f"<tr><td>Q: {highlight(old, q_edits, renamed=False, numbers=numbers)}</td>"
                         f"<td>Q: {highlight(new, q_edits, renamed=True, numbers=numbers)}</td></tr>")
            lines.append(f"<tr><td>A: {html.escape(' | '.join(old_answers)) or '(none)'}</td>"
                         f"<td>A: {html.escape(' | '.join(new_answers)) or '(none)'}</td></tr>")
        lines += ["</table>", "", "| # | category | span type | original | replacement | span ok | swap ok |",
                  "|---|---|---|---|---|---|---|"]
        for i, (etype, span_type, original, replacement) in enumerate(keys, start=1):
            cells = (str(i), etype, span_type, original, replacement, "[ ]", "[ ]")
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        lines += ["", "missed: ", ""]
    return "\n".join(lines)


_SECTION = re.compile(r"^## \d+\. ")
_ROW = re.compile(r"^\| (\d+) \| ([^|]+?) \| .*\| \[([ xX])\] \| \[([ xX])\] \|\s*$")


def precision_counts(path: Path, *, per_substitution: bool = False,
                     by_type: bool = True) -> dict[str, tuple[int, int, int]]:
    """Per entity type of a filled-in review file: (cases, span identification right, substitution right).
    A case is a passage, right for a type when every substitution of that type in it is right (Yan et al.),
    or with ``per_substitution`` one checklist row (EntSwap, Siro & Ajayi). Without ``by_type`` every row
    counts under ``"all"`` (a MIX passage is right when all its substitutions are)."""
    cases: dict[str, list[tuple[bool, bool]]] = defaultdict(list)  # type → (span ok, swap ok) per passage
    section: dict[str, list[tuple[bool, bool]]] | None = None
    marked = 0

    def close() -> None:
        for etype, rows in (section or {}).items():
            if per_substitution:
                cases[etype].extend(rows)
            else:
                cases[etype].append((all(r[0] for r in rows), all(r[1] for r in rows)))

    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if _SECTION.match(line):
            close()
            section = defaultdict(list)
            continue
        row = _ROW.match(line)
        if row is None:
            continue
        if section is None:
            raise InputError(path, line_no, "checklist", "a checklist row before the first passage heading")
        span_ok, swap_ok = row.group(3) != " ", row.group(4) != " "
        marked += span_ok + swap_ok
        section[row.group(2).strip() if by_type else "all"].append((span_ok, swap_ok))
    close()
    if not cases:
        raise InputError(path, None, "checklist", "no checklist rows (is this an audit-renamings file?)")
    if not marked:
        raise InputError(path, None, "checklist", "nothing is marked [x]: fill in the review first")
    return {etype: (len(rows), sum(r[0] for r in rows), sum(r[1] for r in rows))
            for etype, rows in sorted(cases.items())}


def tally(path: Path) -> str:
    """The precision table of a filled-in review file (:func:`precision_counts`), with counts."""
    lines = [f"Precision by reading, from `{path.name}` (a passage counts for a type when every substitution "
             "of that type in it is right):", "",
             "| entity type | passages | span identification | substitution |", "|---|---:|---:|---:|"]
    for etype, (n, span, swap) in precision_counts(path).items():
        lines.append(f"| {etype} | {n} | {span} ({span / n:.1%}) | {swap} ({swap / n:.1%}) |")
    return "\n".join(lines) + "\n"


def data_file(config_dir: Path, config: str) -> Path:
    manifest = config_dir / "manifest.json"
    if manifest.exists():
        entry = json.loads(manifest.read_text(encoding="utf-8")).get("configs", {}).get(config)
        if entry:
            try:  # a manifest names files inside its folder only
                return confined(config_dir, entry.get("file"), f"configs.{config}.file")
            except ReleaseError as err:
                raise InputError(manifest, None, f"configs.{config}.file", str(err)) from None
    for suffix in (".json", ".jsonl.gz", ".jsonl"):
        if (config_dir / f"{config}{suffix}").exists():
            return config_dir / f"{config}{suffix}"
    raise InputError(config_dir, None, "config", f"no data file for config {config!r} in manifest.json "
                     f"or as {config}.json / .jsonl(.gz)")


def audit(config_dir: Path, config: str, n: int, seed: int) -> str:
    _, examples = read_examples(data_file(config_dir, config), allow_empty=True)
    renamings_path = config_dir / f"{config}.renamings.jsonl.gz"
    if not renamings_path.exists():
        raise InputError(renamings_path, None, "renamings", "not found (build the config first)")
    found = passages(examples, read_renamings(renamings_path))
    if not found and not examples and not config.endswith("-original"):
        return (f"# Renaming audit: `{config}`\n\nThe config is empty (no example had a perturbable answer "
                "entity of its type), so there is no renamed passage to audit.\n")
    if not found:
        raise InputError(renamings_path, None, "renamings",
                         f"config {config!r} renamed no passage, so there is nothing to audit"
                         + (" (an -original config is the unrenamed subset)" if config.endswith("-original")
                            else "") + _renamed_configs(config_dir))
    chosen = sorted(random.Random(seed).sample(range(len(found)), min(n, len(found))))
    return review(config, [found[i] for i in chosen], total=len(found), seed=seed)


def _renamed_configs(config_dir: Path) -> str:
    """``; renamed configs here: …`` from the folder's manifest (configs with edits), or nothing."""
    try:
        configs = json.loads((config_dir / "manifest.json").read_text(encoding="utf-8")).get("configs", {})
        names = [n for n, e in configs.items() if isinstance(e, dict) and e.get("num_edits")]
    except (OSError, ValueError, AttributeError):
        return ""
    return f"; renamed configs here: {', '.join(names[:4])}{', …' if len(names) > 4 else ''}" if names else ""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="audit-renamings", description=plain(__doc__), epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config-dir", type=Path, help="build-benchmark output folder")
    p.add_argument("--config", help="config name, e.g. afrisquad2-seed0 or squad-per-dbname-seed0")
    p.add_argument("-n", type=int, default=50, help="passages to sample (default 50, as in the paper)")
    p.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    p.add_argument("--out", type=Path, help="review file to write (Markdown)")
    p.add_argument("--tally", type=Path, metavar="FILE",
                   help="print the precision table of a filled-in review FILE instead of writing one")
    recall.add_arguments(p)
    p.add_argument("--guide", action="store_true",
                   help="print the audit guide (precision and recall by reading) and where it is")
    add_version(p)
    return p


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    if args.guide:
        print(f"{guide_path()}\n\n{guide_path().read_text(encoding='utf-8')}", end="")
        return 0
    if recall.is_recall(args):
        try:
            return recall.run(args, p)
        except InputError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    if args.tally is None and (args.config_dir is None or args.config is None or args.out is None):
        p.error("give --config-dir, --config and --out to write a review file, or --tally FILE")
    try:
        if args.tally is not None:
            print(tally(args.tally), end="")
            return 0
        text = audit(args.config_dir, args.config, args.n, args.seed)
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
