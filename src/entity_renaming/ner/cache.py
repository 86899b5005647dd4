"""Disk cache of NER results keyed by (backend key, sha256 of the text).

NER is the expensive step: it runs once per unique passage and is reused by every entity type,
perturbation and seed, and by later builds (SQLite, one row per text). Several builds may share one
cache (by default ``~/.cache/entity-renamed-mrqa/ner.sqlite``): the database is in WAL mode (readers
never block the writer), results are written in short transactions (never held open while NER runs),
and a busy database is waited for and retried.

A damaged cache loses no work and stops no build: a file that is not an SQLite database (garbage,
truncated, bit-flipped) is moved aside to ``ner.sqlite.corrupt`` with a warning naming it, and a fresh
cache is started; a row that cannot be read (bad JSON) or whose mentions do not fit their text is a miss,
recomputed and overwritten.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from tqdm.auto import tqdm

from ..damaged import move_aside
from .backend import Mention, NerBackend, too_long

T = TypeVar("T")
#: Seconds SQLite waits for a lock before reporting the database busy (then we retry ``RETRIES`` times).
BUSY_TIMEOUT = 30.0
RETRIES = 8
#: Results written per transaction.
FLUSH_EVERY = 256


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _locked(err: sqlite3.OperationalError) -> bool:
    return "locked" in str(err) or "busy" in str(err)


class NerCache:
    """SQLite store ``(backend, sha256) → mentions``; ``path=None`` keeps it in memory."""

    def __init__(self, path: str | Path | None) -> None:
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.pending: list[tuple[str, str, str]] = []
        #: Rows read that were damaged (bad JSON, mentions outside their text): recomputed as misses.
        self.unreadable = 0
        self.db = self._connect()
        self._retry(self._setup)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(":memory:" if self.path is None else str(self.path), timeout=BUSY_TIMEOUT)

    def _start_afresh(self, err: sqlite3.DatabaseError) -> None:
        """Move a damaged cache file aside (with its WAL files) and open a new, empty one."""
        self.db.close()
        if self.path is None or not Path(self.path).exists():
            raise sqlite3.DatabaseError(f"NER cache {self.path}: {err}") from err
        move_aside(Path(self.path), f"damaged NER cache ({err})",
                   "NER is recomputed for the passages it held", companions=("-wal", "-shm"))
        self.db = self._connect()
        self._setup()

    def _setup(self) -> None:
        if self.path is not None:
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS ner (backend TEXT, sha TEXT, mentions TEXT, "
            "PRIMARY KEY (backend, sha))"
        )
        self.db.commit()

    def _retry(self, action: Callable[[], T]) -> T:
        """``action()``, retried with jittered backoff while another process holds the database."""
        moved = False
        for attempt in range(RETRIES + 1):
            try:
                return action()
            except sqlite3.OperationalError as err:
                self.db.rollback()
                if not _locked(err) or attempt == RETRIES:
                    raise sqlite3.OperationalError(f"NER cache {self.path}: {err} (after {attempt + 1} "
                                                   "attempts; is another build writing to it?)") from err
                time.sleep(min(5.0, 0.05 * 2 ** attempt) * (1 + random.random()))
            except sqlite3.DatabaseError as err:  # "file is not a database", "disk image is malformed"
                if moved:
                    raise sqlite3.DatabaseError(f"NER cache {self.path}: {err}") from err
                self._start_afresh(err)
                moved = True
        raise AssertionError("unreachable")

    def get_many(self, backend: str, shas: list[str]) -> dict[str, list[list]]:
        """The stored rows of ``shas`` (a row whose JSON cannot be read is left out: a miss)."""
        def read() -> dict[str, list[list]]:
            found: dict[str, list[list]] = {}
            for i in range(0, len(shas), 500):
                chunk = shas[i : i + 500]
                marks = ",".join("?" * len(chunk))
                rows = self.db.execute(
                    f"SELECT sha, mentions FROM ner WHERE backend=? AND sha IN ({marks})", [backend, *chunk]
                )
                for sha, stored in rows:
                    try:
                        found[sha] = json.loads(stored)
                    except (TypeError, ValueError, RecursionError):
                        self.unreadable += 1
            return found

        return self._retry(read)

    def put(self, backend: str, sha: str, mentions: list[Mention]) -> None:
        """Queue a result; it is written by the next :meth:`commit`."""
        self.pending.append((backend, sha, json.dumps([m.to_list() for m in mentions])))

    def commit(self) -> None:
        """Write the queued results in one short transaction."""
        if not self.pending:
            return

        def write() -> None:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO ner VALUES (?, ?, ?)", self.pending)

        self._retry(write)
        self.pending.clear()


def _mentions(text: str, rows: object) -> list[Mention] | None:
    """The mentions of a cache row for ``text``; ``None`` unless every row is ``[start, end, label]`` with
    ``0 <= start < end <= len(text)``."""
    if not isinstance(rows, list):
        return None
    mentions = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[2], str)
                and type(row[0]) is int and type(row[1]) is int and 0 <= row[0] < row[1] <= len(text)):
            return None
        mentions.append(Mention(row[0], row[1], row[2], text[row[0]:row[1]]))
    return mentions


def recognize(
    texts: Iterable[str],
    backend: NerBackend,
    cache: NerCache | None = None,
    *,
    progress: bool = True,
    desc: str = "NER",
) -> dict[str, list[Mention]]:
    """Mentions of every **unique** text, from the cache where present, else from ``backend``.

    A text longer than :data:`~entity_renaming.ner.backend.MAX_CHARS` is not sent to the backend and
    gets no mentions (nothing in it is renamed); callers skip its examples with the reason
    :func:`~entity_renaming.ner.backend.too_long` gives."""
    cache = cache or NerCache(None)
    unique = list(dict.fromkeys(texts))
    shas = {t: text_key(t) for t in unique}
    stored = cache.get_many(backend.key, list(set(shas.values())))
    result: dict[str, list[Mention]] = {}
    for t in unique:
        mentions = _mentions(t, stored[shas[t]]) if shas[t] in stored else None
        if mentions is not None:
            result[t] = mentions
        elif shas[t] in stored:
            cache.unreadable += 1
    if cache.unreadable:
        print(f"warning: NER cache {cache.path}: {cache.unreadable} damaged row(s) (unreadable, or mentions "
              "outside their text); NER is recomputed for them", file=sys.stderr)
        cache.unreadable = 0
    todo = [t for t in unique if t not in result]
    result.update((t, []) for t in todo if too_long(t))
    todo = [t for t in todo if not too_long(t)]
    bar = tqdm(total=len(todo), desc=desc, unit="passage", disable=not progress or not todo)
    for n, (text, mentions) in enumerate(zip(todo, backend.recognize(todo), strict=True), 1):
        result[text] = mentions
        cache.put(backend.key, shas[text], mentions)
        if n % FLUSH_EVERY == 0:
            cache.commit()
        bar.update()
    bar.close()
    cache.commit()
    return result
