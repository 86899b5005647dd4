"""``audit-renamings``: a side-by-side review file of N renamed passages, for a person to score.

Reads a ``build-benchmark`` output folder (``manifest.json``, the config's data file and its
``{config}.renamings.jsonl.gz``), rebuilds each original passage from the renamed one and its edits, samples
N passages with a fixed seed and writes Markdown: original and renamed passage side by side with every
edit highlighted, the questions, and a checklist per edit to mark span identification and swapping as
correct or not (Siro & Ajayi 2023, Table 2). See ``cards/entswap_audit.md`` for the procedure.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from ..io import read_examples
from ..io.errors import InputError
from ..io.mrqa import open_text
from ..model import Edit, QAExample, Renaming

EPILOG = """\
example:
  build-benchmark --input dev-v2.0.json --format squad --perturbation entswap --seeds 0 \
      --banks my_banks/ --out out/
  audit-renamings --config-dir out --config afrisquad2-seed0 -n 50 --seed 0 --out review.md
"""


@dataclass
class Passage:
    """One renamed passage with its questions, and the passage edits that produced it."""

    title: str | None
    original: str
    renamed: str
    edits: list[Edit]
    questions: list[tuple[str, str]]  # (original, renamed)


def restore(renamed: str, edits: list[Edit]) -> str:
    """The original text of ``renamed`` from its edits (positions ``new_start``/``new_end``)."""
    out, last = [], 0
    for e in sorted(edits, key=lambda e: e.new_start):
        out.append(renamed[last:e.new_start])
        out.append(e.original)
        last = e.new_end
    out.append(renamed[last:])
    return "".join(out)


def read_renamings(path: Path) -> dict[str, Renaming]:
    found = {}
    with open_text(path) as handle:
        for line_no, line in enumerate(handle, start=1):
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
            passage = by_context[ex.context] = Passage(ex.title, original, ex.context, edits, [])
        if passage is not None:
            passage.questions.append((restore(ex.question, q_edits), ex.question))
    return list(by_context.values())


def highlight(text: str, edits: list[Edit], *, renamed: bool) -> str:
    """HTML of ``text`` with each edit in ``<mark>`` and numbered like the checklist."""
    out, last = [], 0
    for i, e in enumerate(sorted(edits, key=lambda e: e.start), start=1):
        start, end = (e.new_start, e.new_end) if renamed else (e.start, e.end)
        out.append(html.escape(text[last:start]))
        out.append(f"<mark>{html.escape(text[start:end])}</mark><sup>{i}</sup>")
        last = end
    out.append(html.escape(text[last:]))
    return "".join(out)


def review(config: str, chosen: list[Passage], *, total: int, seed: int) -> str:
    lines = [f"# Renaming audit: `{config}`", "",
             f"{len(chosen)} of {total} renamed passages, sampled with seed {seed}. For every numbered edit "
             "mark **span** (the original is a whole entity of the category shown, correctly delimited) and "
             "**swap** (the replacement fits the category, and the passage reads consistently). Under "
             "*missed*, list entities of the six categories left unrenamed. Procedure: "
             "`cards/entswap_audit.md`.", ""]
    for n, p in enumerate(chosen, start=1):
        lines += [f"## {n}. {html.escape(p.title or '(no title)')}", "",
                  "<table><tr><th>original</th><th>renamed</th></tr>",
                  f"<tr><td>{highlight(p.original, p.edits, renamed=False)}</td>"
                  f"<td>{highlight(p.renamed, p.edits, renamed=True)}</td></tr>"]
        for old, new in p.questions:
            lines.append(f"<tr><td>Q: {html.escape(old)}</td><td>Q: {html.escape(new)}</td></tr>")
        lines += ["</table>", "", "| # | category | span type | original | replacement | span ok | swap ok |",
                  "|---|---|---|---|---|---|---|"]
        for i, e in enumerate(sorted(p.edits, key=lambda e: e.start), start=1):
            cells = (str(i), e.entity_type, e.span_type, e.original, e.replacement, "[ ]", "[ ]")
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        lines += ["", "missed: ", ""]
    return "\n".join(lines)


def data_file(config_dir: Path, config: str) -> Path:
    manifest = config_dir / "manifest.json"
    if manifest.exists():
        entry = json.loads(manifest.read_text(encoding="utf-8")).get("configs", {}).get(config)
        if entry:
            return config_dir / entry["file"]
    for suffix in (".json", ".jsonl.gz", ".jsonl"):
        if (config_dir / f"{config}{suffix}").exists():
            return config_dir / f"{config}{suffix}"
    raise InputError(config_dir, None, "config", f"no data file for config {config!r} in manifest.json "
                     f"or as {config}.json / .jsonl(.gz)")


def audit(config_dir: Path, config: str, n: int, seed: int) -> str:
    _, examples = read_examples(data_file(config_dir, config))
    renamings_path = config_dir / f"{config}.renamings.jsonl.gz"
    if not renamings_path.exists():
        raise InputError(renamings_path, None, "renamings", "not found (build the config first)")
    found = passages(examples, read_renamings(renamings_path))
    chosen = sorted(random.Random(seed).sample(range(len(found)), min(n, len(found))))
    return review(config, [found[i] for i in chosen], total=len(found), seed=seed)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="audit-renamings", description=__doc__, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config-dir", type=Path, required=True, help="build-benchmark output folder")
    p.add_argument("--config", required=True, help="config name, e.g. afrisquad2-seed0")
    p.add_argument("-n", type=int, default=50, help="passages to sample (default 50, as in the paper)")
    p.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    p.add_argument("--out", type=Path, required=True, help="review file to write (Markdown)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        text = audit(args.config_dir, args.config, args.n, args.seed)
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
