"""``audit-renamings`` on a real AfriSQuAD2 config written by the benchmark writer."""

from __future__ import annotations

import re

import pytest
from conftest import SQUAD2_NORMANS_RHINE
from test_entswap_banks import build_test_banks

from entity_renaming.entswap import build_entswap_configs
from entity_renaming.entswap.audit import main
from entity_renaming.io import read_examples
from entity_renaming.writer import NativeLayout, Writer


@pytest.fixture(scope="module")
def built(tmp_path_factory, spacy_ner, ner_cache_dir):
    banks = build_test_banks(tmp_path_factory.mktemp("banks"))
    meta, examples = read_examples(SQUAD2_NORMANS_RHINE)
    normans = [e for e in examples if e.title == "Normans"]
    out = tmp_path_factory.mktemp("bench")
    [result] = build_entswap_configs(normans, seeds=[0], ner_backend=spacy_ner, ner_cache_dir=ner_cache_dir,
                                     banks_root=banks, progress=False)
    with Writer(out, NativeLayout("squad", meta, compressed=False), {}) as writer:
        writer.write(result, fmt="squad", built_with={}, fingerprint="", num_input=len(normans))
        writer.finish([result.name])
    return out, normans, result


def audit(out, review, seed=0, config="afrisquad2-seed0", n=5) -> int:
    return main(["--config-dir", str(out), "--config", config, "-n", str(n), "--seed", str(seed),
                 "--out", str(review)])


def test_review_file_side_by_side_with_highlighted_edits(built, tmp_path):
    out, normans, result = built
    review = tmp_path / "review.md"
    assert audit(out, review) == 0
    text = review.read_text(encoding="utf-8")
    sections = re.findall(r"^## \d+\. ", text, flags=re.M)
    assert len(sections) == 5
    originals = {e.context for e in normans}
    shown = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", text)
    passages = [(o, r) for o, r in shown if not o.startswith(("Q: ", "A: "))]
    assert len(passages) == 5
    for original, renamed in passages:
        plain = re.sub(r"<sup>\d+</sup>", "", original).replace("<mark>", "").replace("</mark>", "")
        assert plain.replace("&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&") in originals
        assert original.count("<mark>") == renamed.count("<mark>") >= 1
    rows = re.findall(r"^\| \d+ \| (\w+) \| [\w-]+ \| (.+?) \| (.+?) \| \[ \] \| \[ \] \|$", text, flags=re.M)
    assert rows and all(category in ("person", "country", "city", "location", "organization", "nationality")
                        for category, _, _ in rows)
    again = tmp_path / "again.md"
    audit(out, again)
    assert again.read_bytes() == review.read_bytes()
    other = tmp_path / "other.md"
    audit(out, other, seed=1)
    assert other.read_bytes() != review.read_bytes()


def test_missing_config_is_a_clear_error(built, tmp_path, capsys):
    out, _, _ = built
    assert audit(out, tmp_path / "r.md", config="afrisquad2-seed9") == 2
    assert "afrisquad2-seed9" in capsys.readouterr().err


def test_question_edits_are_highlighted(built, tmp_path):
    out, _, result = built
    review = tmp_path / "review.md"
    assert audit(out, review, n=50) == 0
    questions = re.findall(r"<tr><td>Q: (.*?)</td><td>Q: (.*?)</td></tr>", review.read_text(encoding="utf-8"))
    marked = [(o, r) for o, r in questions if "<mark>" in r]
    renamed_questions = sum(1 for r in result.renamings if any(e.field == "question" for e in r.edits))
    assert renamed_questions and marked
    assert all(o.count("<mark>") == r.count("<mark>") for o, r in questions)


def test_gold_answers_are_shown_before_and_after(built, tmp_path):
    """Readers judge whether the gold answer still answers: each question row is followed by its distinct
    gold answers as they were (restored from the record's answer edits) and as they are."""
    out, normans, result = built
    review = tmp_path / "review.md"
    assert audit(out, review, n=50) == 0
    text = review.read_text(encoding="utf-8")
    shown = re.findall(r"<tr><td>A: (.*?)</td><td>A: (.*?)</td></tr>", text)
    assert len(shown) == len(re.findall(r"<tr><td>Q: ", text))
    originals = {a.text for e in normans for a in (*e.answers, *(e.plausible_answers or ()))}
    renamed = {a.text for e in result.examples for a in (*e.answers, *(e.plausible_answers or ()))}
    unescape = {"&quot;": '"', "&#x27;": "'", "&amp;": "&"}

    def plain(cell: str) -> list[str]:
        for code, ch in unescape.items():
            cell = cell.replace(code, ch)
        return cell.split(" | ")

    assert all(set(plain(o)) <= originals and set(plain(r)) <= renamed for o, r in shown)
    assert any(o != r for o, r in shown)
