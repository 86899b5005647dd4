"""Per-name accuracy with bootstrap error bars, best/worst names, and Maj@k voting.

* Per name and split: EM/F1 (percent) over the queries the name was evaluated on, the original
  prompts' EM/F1 on **the same queries** and the paired delta. Names are ranked on validation by
  EM delta (then F1 delta, then name), which is fair across names evaluated on different queries
  (gender-constrained subjects).
* Error bars: percentile bootstrap over queries (``n_boot`` resamples, RNG seeded from the seed and the
  name, so a name's interval does not depend on which other names were run).
* Maj@k: for each test query, the restored answers of the k best validation names vote after SQuAD
  normalisation; ties go to the answer of the best-ranked name among the tied ones. A query none of
  the k names was evaluated on keeps the original prompt's answer.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterable

import numpy as np

from ..model import QAExample, normalize_answer
from .experiment import ORIGINAL, Record, score


def bootstrap_interval(
    values: list[float], n_boot: int, key: str, level: float = 0.95
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values`` (percent), seeded by ``key``."""
    if not values:
        return float("nan"), float("nan")
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little")
    rng = np.random.default_rng(seed)
    data = np.asarray(values, dtype=float)
    means = data[rng.integers(0, len(data), size=(n_boot, len(data)))].mean(axis=1)
    tail = (1 - level) / 2 * 100
    lo, hi = np.percentile(means, [tail, 100 - tail])
    return 100.0 * float(lo), 100.0 * float(hi)


def name_rows(
    records: Iterable[Record], ids: set[str], *, n_boot: int = 1000, seed: int = 0, split: str = ""
) -> list[dict]:
    """One row per name over the queries in ``ids``: n, em, f1, baseline em/f1, deltas, EM interval."""
    base = {r.query_id: r for r in records if r.name == ORIGINAL}
    by_name: dict[tuple[str, str], list[Record]] = defaultdict(list)
    for r in records:
        if r.name != ORIGINAL and r.query_id in ids:
            by_name[(r.name, r.gender)].append(r)
    rows = []
    for (name, gender), recs in sorted(by_name.items()):
        ems = [r.em for r in recs]
        n = len(recs)
        em, f = 100 * sum(ems) / n, 100 * sum(r.f1 for r in recs) / n
        b_em = 100 * sum(base[r.query_id].em for r in recs) / n
        b_f1 = 100 * sum(base[r.query_id].f1 for r in recs) / n
        lo, hi = bootstrap_interval(ems, n_boot, f"{seed}:{split}:{name}")
        rows.append(
            {
                "name": name,
                "gender": gender,
                "n": n,
                "em": em,
                "f1": f,
                "em_ci_low": lo,
                "em_ci_high": hi,
                "original_em": b_em,
                "original_f1": b_f1,
                "delta_em": em - b_em,
                "delta_f1": f - b_f1,
            }
        )
    return rows


def rank(rows: list[dict]) -> list[dict]:
    """Best first: by EM delta, then F1 delta, then name (deterministic)."""
    return sorted(rows, key=lambda r: (-r["delta_em"], -r["delta_f1"], r["name"]))


def majority_vote(answers: list[str]) -> str:
    """The most frequent answer after normalisation; ties go to the earliest voter (best-ranked name)."""
    if not answers:
        raise ValueError("majority_vote needs at least one answer")
    counts = Counter(normalize_answer(a) for a in answers)
    top = max(counts.values())
    return next(a for a in answers if counts[normalize_answer(a)] == top)


def maj_at_k(
    records: Iterable[Record], ranked_names: list[str], examples: dict[str, QAExample], ids: set[str]
) -> dict:
    """Maj@k over the names of ``ranked_names`` (best first) on the queries ``ids``, scored against the
    original gold answers; also the original prompts' scores on the same queries."""
    records = list(records)
    order = {n: i for i, n in enumerate(ranked_names)}
    votes: dict[str, list[tuple[int, str]]] = defaultdict(list)
    base: dict[str, str] = {}
    for r in records:
        if r.query_id not in ids:
            continue
        if r.name == ORIGINAL:
            base[r.query_id] = r.prediction
        elif r.name in order:
            votes[r.query_id].append((order[r.name], r.restored))
    em = f = b_em = b_f = 0.0
    answers = {}
    fallback = 0
    for qid in sorted(ids):
        ranked = [a for _, a in sorted(votes.get(qid, []))]
        if not ranked:
            fallback += 1
        answers[qid] = majority_vote(ranked) if ranked else base[qid]
        e, s = score(examples[qid], answers[qid])
        be, bs = score(examples[qid], base[qid])
        em, f, b_em, b_f = em + e, f + s, b_em + be, b_f + bs
    n = max(len(ids), 1)
    return {
        "k": len(ranked_names),
        "names": list(ranked_names),
        "n": len(ids),
        "em": 100 * em / n,
        "f1": 100 * f / n,
        "original_em": 100 * b_em / n,
        "original_f1": 100 * b_f / n,
        "queries_without_votes": fallback,
        "answers": answers,
    }
