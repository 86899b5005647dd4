"""``audit-renamings`` on a Yan et al. config and ``--tally`` on a filled-in review file."""

from __future__ import annotations

import random
import re

import pytest
from conftest import MRQA_SQUAD_DEV

from entity_renaming.configs import ConfigResult, ConfigSpec
from entity_renaming.entswap.audit import main, precision_counts
from entity_renaming.io import read_examples
from entity_renaming.model import Renaming, Substitution
from entity_renaming.substitute import rename_example
from entity_renaming.writer import NativeLayout, Writer

CONFIG = "squad-per-dbname-seed0"


@pytest.fixture(scope="module")
def yan_config(tmp_path_factory):
    """A PER config of real MRQA SQuAD examples that name Peyton Manning, written by the benchmark writer."""
    meta, examples = read_examples(MRQA_SQUAD_DEV)
    chosen = [e for e in examples if "Peyton Manning" in e.context and "Manning" in e.answers[0].text][:12]
    subs = [Substitution("Peyton", "Omar", "per", "first-male"),
            Substitution("Manning", "Okafor", "per", "last")]
    result = ConfigResult(ConfigSpec("SQuAD", "per", "dbname", 0), CONFIG)
    for ex in chosen:
        new, edits = rename_example(ex, subs)
        result.examples.append(new)
        result.renamings.append(Renaming(ex.id, ex.id, CONFIG, "dbname", "per", 0, subs, edits))
    out = tmp_path_factory.mktemp("yan")
    with Writer(out, NativeLayout("mrqa", meta, compressed=False), {}) as writer:
        writer.write(result, fmt="mrqa", built_with={}, fingerprint="", num_input=len(chosen),
                     originals=chosen)
        writer.finish([CONFIG])
    return out, result


def test_yan_config_review_with_question_edits(yan_config, tmp_path):
    out, result = yan_config
    review = tmp_path / "review.md"
    assert main(["--config-dir", str(out), "--config", CONFIG, "-n", "50", "--out", str(review)]) == 0
    text = review.read_text(encoding="utf-8")
    assert "Omar" in text and "Peyton" in text
    row = r"^\| \d+ \| (\w+) \| ([\w-]+) \| (.+?) \| (.+?) \| \[ \] \| \[ \] \|$"
    rows = re.findall(row, text, flags=re.M)
    assert {(t, s, o, r) for t, s, o, r in rows} == {("per", "first-male", "Peyton", "Omar"),
                                                       ("per", "last", "Manning", "Okafor")}
    if any(e.field == "question" for r in result.renamings for e in r.edits):
        assert re.search(r"<td>Q: [^<]*<mark>Okafor|<td>Q: .*<mark>Okafor", text)
    ids = {i for line in re.findall(r"^ids: (.+)$", text, flags=re.M) for i in line.split(", ")}
    assert ids == {ex.id for ex in result.examples}


def test_tally_turns_a_filled_in_review_into_the_precision_table(yan_config, tmp_path, capsys):
    out, _ = yan_config
    review = tmp_path / "review.md"
    main(["--config-dir", str(out), "--config", CONFIG, "-n", "50", "--out", str(review)])
    assert main(["--tally", str(review)]) == 2  # nothing marked yet
    assert "fill in the review" in capsys.readouterr().err
    lines = review.read_text(encoding="utf-8").splitlines()
    rows = [i for i, line in enumerate(lines) if line.endswith("| [ ] | [ ] |")]
    passages = sum(1 for line in lines if line.startswith("## "))
    wrong_span = set(random.Random(0).sample(rows, 2))  # a reader rejects two spans, accepts the rest
    for i in rows:
        marks = "| [ ] | [x] |" if i in wrong_span else "| [x] | [x] |"
        lines[i] = lines[i][: -len(marks)] + marks
    review.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--tally", str(review)]) == 0
    table = capsys.readouterr().out
    bad_passages = len({sum(1 for line in lines[:i] if line.startswith("## ")) for i in wrong_span})
    right = passages - bad_passages
    expected = f"| per | {passages} | {right} ({right / passages:.1%}) | {passages} (100.0%) |"
    assert expected in table
    # per substitution (EntSwap's unit): every checklist row is a case
    assert precision_counts(review, per_substitution=True) == {"per": (len(rows), len(rows) - 2, len(rows))}
    assert precision_counts(review, by_type=False) == {"all": (passages, right, passages)}


def test_a_manifest_path_outside_the_folder_is_refused_before_reading(yan_config, tmp_path, capsys):
    """audit-renamings reads only files inside the build folder: a manifest entry pointing out is an error
    naming the manifest and the field, and the outside file is never read."""
    import json
    import shutil

    out, _ = yan_config
    folder = tmp_path / "build"
    shutil.copytree(out, folder)
    outside = tmp_path / "outside.jsonl"
    outside.write_text("not read\n", encoding="utf-8")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["configs"][CONFIG]["file"] = "../outside.jsonl"
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert main(["--config-dir", str(folder), "--config", CONFIG, "--out", str(tmp_path / "r.md")]) == 2
    err = capsys.readouterr().err
    assert "manifest.json" in err and f"configs.{CONFIG}.file" in err and "outside" in err
    assert not (tmp_path / "r.md").exists()
