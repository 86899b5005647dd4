"""Disk cache of NER results keyed by (backend key, sha256 of the text).

NER is the expensive step: it runs once per unique passage and is reused by every entity type,
perturbation and seed, and by later builds (SQLite, one row per text).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from tqdm.auto import tqdm

from .backend import Mention, NerBackend


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class NerCache:
    """SQLite store ``(backend, sha256) → mentions``; ``path=None`` keeps it in memory."""

    def __init__(self, path: str | Path | None) -> None:
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(":memory:" if path is None else str(path))
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS ner (backend TEXT, sha TEXT, mentions TEXT, "
            "PRIMARY KEY (backend, sha))"
        )

    def get_many(self, backend: str, shas: list[str]) -> dict[str, list[list]]:
        found: dict[str, list[list]] = {}
        for i in range(0, len(shas), 500):
            chunk = shas[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.execute(
                f"SELECT sha, mentions FROM ner WHERE backend=? AND sha IN ({marks})", [backend, *chunk]
            )
            found.update((sha, json.loads(m)) for sha, m in rows)
        return found

    def put(self, backend: str, sha: str, mentions: list[Mention]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO ner VALUES (?, ?, ?)",
            (backend, sha, json.dumps([m.to_list() for m in mentions])),
        )

    def commit(self) -> None:
        self.db.commit()


def recognize(
    texts: Iterable[str],
    backend: NerBackend,
    cache: NerCache | None = None,
    *,
    progress: bool = True,
    desc: str = "NER",
) -> dict[str, list[Mention]]:
    """Mentions of every **unique** text, from the cache where present, else from ``backend``."""
    cache = cache or NerCache(None)
    unique = list(dict.fromkeys(texts))
    shas = {t: text_key(t) for t in unique}
    stored = cache.get_many(backend.key, list(set(shas.values())))
    todo = [t for t in unique if shas[t] not in stored]
    result: dict[str, list[Mention]] = {
        t: [Mention(s, e, lab, t[s:e]) for s, e, lab in stored[shas[t]]] for t in unique if shas[t] in stored
    }
    bar = tqdm(total=len(todo), desc=desc, unit="passage", disable=not progress or not todo)
    for n, (text, mentions) in enumerate(zip(todo, backend.recognize(todo), strict=True), 1):
        result[text] = mentions
        cache.put(backend.key, shas[text], mentions)
        if n % 256 == 0:
            cache.commit()
        bar.update()
    bar.close()
    cache.commit()
    return result
