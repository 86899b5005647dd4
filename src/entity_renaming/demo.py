"""The embedded default data: a small MRQA-format sample written for this package.

``data/demo_source.json`` holds hand-written passages with questions and answer texts; ``data/demo.jsonl``
is its MRQA rendering (tokens, inclusive ``char_spans``, ``token_spans``), regenerated with
``python -m entity_renaming.demo``.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from .io.mrqa import write_mrqa
from .model import Answer, QAExample
from .substitute import tokenize

DATA = Path(str(resources.files("entity_renaming") / "data"))
DEMO_SOURCE = DATA / "demo_source.json"
DEMO_PATH = DATA / "demo.jsonl"


def demo_examples(source: Path = DEMO_SOURCE) -> tuple[dict, list[QAExample]]:
    """Build the MRQA examples of the demo from its source file (answers located by first occurrence)."""
    raw = json.loads(source.read_text(encoding="utf-8"))
    examples = []
    for c, item in enumerate(raw["contexts"]):
        context = item["context"]
        tokens = tokenize(context)
        starts = {off: i for i, (_, off) in enumerate(tokens)}
        ends = {off + len(t): i for i, (t, off) in enumerate(tokens)}
        for q, (question, answers) in enumerate(item["qas"]):
            detected = []
            for text in answers:
                start = context.find(text)
                if start < 0 or start not in starts or start + len(text) not in ends:
                    raise ValueError(f"{source}: contexts[{c}].qas[{q}]: answer {text!r} is not a token span")
                end = start + len(text)
                detected.append(Answer(text, [(start, end)], [(starts[start], ends[end])]))
            examples.append(
                QAExample(
                    id=f"demo-{c:02d}-{q}",
                    dataset="Demo",
                    source_format="mrqa",
                    context=context,
                    question=question,
                    answers=detected,
                    context_id=f"demo-{c:02d}",
                    source_id=f"demo-{c:02d}-{q}",
                    answer_texts=list(answers),
                    context_tokens=tokens,
                    question_tokens=tokenize(question),
                )
            )
    return raw["header"], examples


def main() -> None:
    header, examples = demo_examples()
    write_mrqa(DEMO_PATH, examples, {"header": header})
    print(f"wrote {len(examples)} questions to {DEMO_PATH}")


if __name__ == "__main__":
    main()
