"""Issue 20, item 6: a damaged NER cache (garbage, truncated, bit-flipped file; unreadable rows; rows whose
mentions do not fit their text) never stops a build nor empties it: the file is moved aside like a
damaged manifest, bad rows are misses, and every warning names the cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from entity_renaming.ner import Mention, NerCache, recognize
from entity_renaming.ner.cache import text_key

TEXTS = [f"Bohemond ruled Sicily in year {i}." for i in range(300)]


class BohemondNer:
    """A real NerBackend (the protocol) that labels "Bohemond", counting the texts it is asked for."""

    key = "test-bohemond"

    def __init__(self) -> None:
        self.calls = 0

    def fingerprint(self) -> dict[str, str]:
        return {"backend": "test", "cache_key": self.key}

    def recognize(self, texts):
        for _ in texts:
            self.calls += 1
            yield [Mention(0, 8, "PERSON", "Bohemond")]


def expected() -> dict[str, list[Mention]]:
    return {t: [Mention(0, 8, "PERSON", "Bohemond")] for t in TEXTS}


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    path = tmp_path / "ner.sqlite"
    cache = NerCache(path)
    recognize(TEXTS, BohemondNer(), cache, progress=False)
    cache.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    cache.db.close()
    return path


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    for extra in path.parent.glob("ner.sqlite-*"):
        extra.unlink()
    if how == "garbage":
        path.write_bytes(b"this is no database\n" * 200)
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    else:  # zeroed pages in the middle: the b-tree is malformed
        path.write_bytes(data[:4096] + bytes(8192) + data[4096 + 8192:])


@pytest.mark.parametrize("how", ["garbage", "truncated", "bit-flipped"])
def test_damaged_cache_file_is_moved_aside_and_recomputed(filled: Path, how: str, capsys) -> None:
    damage(filled, how)
    backend = BohemondNer()
    assert recognize(TEXTS, backend, NerCache(filled), progress=False) == expected()
    assert backend.calls == len(TEXTS)  # recomputed, not lost
    err = capsys.readouterr().err
    assert f"{filled}: damaged NER cache" in err and "moved to ner.sqlite.corrupt" in err
    assert (filled.parent / "ner.sqlite.corrupt").exists()
    again = BohemondNer()  # the new cache holds every result
    assert recognize(TEXTS, again, NerCache(filled), progress=False) == expected() and again.calls == 0


@pytest.mark.parametrize("stored", ["not json", "[[-5, 99999999, \"PERSON\"]]", "[[0, 8]]", "{\"a\": 1}",
                                    "[[true, 8, \"PERSON\"]]"])
def test_damaged_rows_are_misses_recomputed_and_overwritten(filled: Path, stored: str, capsys) -> None:
    db = sqlite3.connect(filled)
    with db:
        db.execute("UPDATE ner SET mentions=? WHERE sha=?", (stored, text_key(TEXTS[7])))
    db.close()
    backend = BohemondNer()
    assert recognize(TEXTS, backend, NerCache(filled), progress=False) == expected()
    assert backend.calls == 1
    assert f"NER cache {filled}: 1 damaged row(s)" in capsys.readouterr().err
    again = BohemondNer()
    recognize(TEXTS, again, NerCache(filled), progress=False)
    assert again.calls == 0  # the row was rewritten
