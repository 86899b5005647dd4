"""Choosing the spaCy NER model and device (issue 11, "Better NER where users have it").

A missing model, a missing plugin or an unusable GPU stops ``build-benchmark`` before any work with one
error saying how to fix it. The model and the device are part of the NER cache key and of every config's
fingerprint; shown with real second pipelines: an entity ruler saved to a folder, and a tiny randomly
initialised curated-transformer pipeline (the architecture of ``en_core_web_trf`` 3.7+), both loaded by
path through ``--spacy-model``.
"""

from __future__ import annotations

import gzip
import json
import sqlite3
import string
from pathlib import Path

import pytest
import spacy

from entity_renaming.cli.build_benchmark import main
from entity_renaming.ner import Mention, NerModelError, load_backend

SQUAD = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"
#: The demo's persons the ruler knows: the only ones its builds may rename.
RULER_PERSONS = ("Marie Curie", "Charles Babbage")
ONE_CONFIG = ["--demo", "--perturbation", "dbname", "--entity-types", "per", "--seeds", "0", "--no-progress"]
CONFIG = "demo-per-dbname-seed0"


def ruler_pipeline(folder: Path, persons: tuple[str, ...]) -> Path:
    """A blank English pipeline whose NER is an entity ruler (named ``ner``) tagging ``persons``; its
    meta is spaCy's default (``pipeline`` 0.0.0), as for most pipelines saved with ``nlp.to_disk``."""
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler", name="ner")
    ruler.add_patterns([{"label": "PERSON", "pattern": p} for p in persons])
    nlp.to_disk(folder)
    return folder


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


def renamed_originals(out: Path) -> set[str]:
    with gzip.open(out / f"{CONFIG}.renamings.jsonl.gz", "rt", encoding="utf-8") as handle:
        return {s["original"] for line in handle for s in json.loads(line)["substitutions"]}


# ------------------------------------------------------------------------------- errors before any work


def test_missing_model_stops_before_the_input_is_read(tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    status = main(["--input", str(tmp_path / "absent.jsonl"), "--spacy-model", "en_core_web_trf",
                   "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and err.startswith("error: ")
    assert "'en_core_web_trf' is not installed" in err and "python -m spacy download en_core_web_trf" in err
    assert "spacy-curated-transformers" in err and "not spaCy's" in err  # the plugin; not the PyPI squat
    assert "absent.jsonl" not in err and not out.exists(), "the model is checked first"


def test_missing_plugin_names_the_package_to_install(tmp_path: Path) -> None:
    """A transformer pipeline whose plugin is not installed (spacy-transformers is not a dependency)."""
    from thinc.api import Config

    folder = ruler_pipeline(tmp_path / "needs_plugin", RULER_PERSONS)
    config = Config().from_disk(folder / "config.cfg")
    config["nlp"]["pipeline"] = ["transformer", "ner"]
    config["components"]["transformer"] = {"factory": "transformer"}
    config.to_disk(folder / "config.cfg")
    with pytest.raises(NerModelError, match=r"needs the component 'transformer'.*pip install "
                                            r"'spacy-transformers'"):
        load_backend("spacy", str(folder))


def test_spacy_gpu_never_falls_back_to_the_cpu(tmp_path: Path, capsys) -> None:
    from thinc.util import has_gpu

    out = tmp_path / "out"
    status = main([*ONE_CONFIG, "--spacy-gpu", "--ner-cache", str(tmp_path / "cache"), "--out", str(out)])
    err = capsys.readouterr().err
    if has_gpu:  # a machine spaCy can run on the GPU: the build says so
        ner = manifest(out)["settings"]["ner"]
        assert status == 0 and ner["device"] == "gpu" and ner["cache_key"].endswith("+gpu")
    else:
        assert status == 2 and err.startswith("error: --spacy-gpu: ") and "CuPy" in err
        assert "pip install 'spacy[cuda12x]'" in err and not out.exists()


def test_spacy_gpu_is_refused_for_stanza(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*ONE_CONFIG, "--spacy-gpu", "--ner-backend", "stanza", "--out", "unused"])
    assert stop.value.code == 2 and "does not apply to --ner-backend stanza" in capsys.readouterr().err


# ------------------------------------------------------------- the model keys the cache and the fingerprint


def test_another_model_is_another_cache_key_fingerprint_and_build(tmp_path: Path, capsys) -> None:
    out, cache = tmp_path / "out", tmp_path / "cache"
    ruler = ruler_pipeline(tmp_path / "ruler", RULER_PERSONS)
    assert main([*ONE_CONFIG, "--ner-cache", str(cache), "--out", str(out)]) == 0
    small = manifest(out)
    default_renamed = renamed_originals(out)
    capsys.readouterr()

    assert main([*ONE_CONFIG, "--ner-cache", str(cache), "--spacy-model", str(ruler), "--out", str(out)]) == 0
    assert "built 1 configs, reused 0" in capsys.readouterr().out, "a new model rebuilds"
    ruled = manifest(out)
    ner = ruled["settings"]["ner"]
    assert ner["model"] == str(ruler) and ner["name"] == "en_pipeline" and ner["model_files_sha256"]
    assert ner["cache_key"] != small["settings"]["ner"]["cache_key"]
    assert ruled["configs"][CONFIG]["built_with"]["ner"] == ner
    assert ruled["configs"][CONFIG]["fingerprint"] != small["configs"][CONFIG]["fingerprint"]
    renamed = renamed_originals(out)
    words = {w for p in RULER_PERSONS for w in p.split()}
    # the ruler's persons are renamed; other names only where the question types the answer (issue 19's
    # question evidence does not depend on the NER model), so the model changes what is renamed
    assert renamed & words, "the ruler's persons are renamed"
    assert renamed != default_renamed, "another model renames other names"
    assert default_renamed - words, "the default model found persons the ruler does not know"

    assert main([*ONE_CONFIG, "--ner-cache", str(cache), "--spacy-model", str(ruler), "--out", str(out)]) == 0
    assert "nothing to rebuild" in capsys.readouterr().out, "the same model reuses"
    keys = {k for (k,) in sqlite3.connect(cache / "ner.sqlite").execute("SELECT DISTINCT backend FROM ner")}
    assert keys == {small["settings"]["ner"]["cache_key"], ner["cache_key"]}


def test_folders_with_the_same_meta_get_their_own_cache_keys(tmp_path: Path) -> None:
    """Saved pipelines all default to ``pipeline`` 0.0.0: their files, not their meta, tell them apart."""
    one = load_backend("spacy", str(ruler_pipeline(tmp_path / "one", RULER_PERSONS)))
    two = load_backend("spacy", str(ruler_pipeline(tmp_path / "two", ("Pierre Curie",))))
    same = load_backend("spacy", str(ruler_pipeline(tmp_path / "same", RULER_PERSONS)))
    assert one.nlp.meta["name"] == two.nlp.meta["name"] == "pipeline"
    assert one.key != two.key and one.key == same.key and one.key.startswith("spacy:en_pipeline-0.0.0@")
    assert "@" not in load_backend("spacy").key, "an installed package is keyed by name and version"


# ---------------------------------------------------------------- a transformer pipeline, the trf path


def _wordpieces(path: Path) -> Path:
    """A WordPiece vocabulary of single characters (word-initial and ``##`` continuations)."""
    chars = string.ascii_letters + string.digits + string.punctuation
    pieces = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *chars, *(f"##{c}" for c in chars)]
    path.write_text("\n".join(pieces) + "\n", encoding="utf-8")
    return path


TRF_CONFIG = """
[nlp]
lang = "en"
pipeline = ["transformer","ner"]

[components]

[components.ner]
factory = "ner"

[components.ner.model]
@architectures = "spacy.TransitionBasedParser.v2"
state_type = "ner"
extra_state_tokens = false
hidden_width = 16
maxout_pieces = 2
use_upper = false

[components.ner.model.tok2vec]
@architectures = "spacy-curated-transformers.LastTransformerLayerListener.v1"
width = ${components.transformer.model.hidden_width}
pooling = {"@layers":"reduce_mean.v1"}

[components.transformer]
factory = "curated_transformer"

[components.transformer.model]
@architectures = "spacy-curated-transformers.BertTransformer.v1"
vocab_size = 200
num_hidden_layers = 1
hidden_width = 32
intermediate_width = 64
num_attention_heads = 2
piece_encoder = {"@architectures":"spacy-curated-transformers.BertWordpieceEncoder.v1"}
with_spans = {"@architectures":"spacy-curated-transformers.WithStridedSpans.v1"}

[initialize]

[initialize.components]

[initialize.components.transformer]

[initialize.components.transformer.piecer_loader]
@model_loaders = "spacy-curated-transformers.WordpieceLoader.v1"
path = "WORDPIECES"
"""


@pytest.fixture(scope="module")
def tiny_trf(tmp_path_factory) -> Path:
    """A curated-transformer NER pipeline (BERT, one layer, random weights), built offline."""
    from spacy.training import Example
    from thinc.api import Config

    folder = tmp_path_factory.mktemp("trf")
    vocab = _wordpieces(folder / "wordpieces.txt")
    config = Config().from_str(TRF_CONFIG.replace("WORDPIECES", str(vocab)))
    nlp = spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
    text = "Marie Curie was born in Warsaw."
    example = Example.from_dict(nlp.make_doc(text), {"entities": [(0, 11, "PERSON"), (24, 30, "GPE")]})
    nlp.initialize(lambda: [example])
    nlp.meta.update(name="tiny_trf", version="0.0.1")
    nlp.to_disk(folder / "pipeline")
    return folder / "pipeline"


def test_transformer_pipeline_keeps_its_encoder_and_runs_in_one_process(tiny_trf: Path) -> None:
    backend = load_backend("spacy", str(tiny_trf))
    assert backend.nlp.pipe_names == ["transformer", "ner"], "the encoder NER listens to is kept"
    assert backend.processes(10_000) == 1, "transformer pipelines are not forked"
    assert backend.key.startswith("spacy:en_tiny_trf-0.0.1@")
    with gzip.open(SQUAD, "rt", encoding="utf-8") as handle:
        next(handle)
        texts = [json.loads(next(handle))["context"] for _ in range(3)]
    for text, mentions in zip(texts, backend.recognize(texts), strict=True):
        assert all(isinstance(m, Mention) and text[m.start:m.end] == m.text for m in mentions)


def test_transformer_pipeline_builds_end_to_end(tiny_trf: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    assert main([*ONE_CONFIG, "--ner-cache", str(tmp_path / "cache"), "--spacy-model", str(tiny_trf),
                 "--out", str(out)]) == 0
    assert "built 1 configs" in capsys.readouterr().out
    built = manifest(out)
    ner = built["settings"]["ner"]
    assert ner["model"] == str(tiny_trf) and ner["name"] == "en_tiny_trf" and ner["device"] == "cpu"
    entry = built["configs"][CONFIG]
    assert entry["num_input"] == built["input"]["examples"] and entry["built_with"]["ner"] == ner


# ------------------------------------------------------------------------------------- release builds


@pytest.fixture
def trf_definition(tmp_path: Path) -> Path:
    """The committed release definition with ``ner.model: en_core_web_trf``."""
    import yaml

    root = Path(__file__).resolve().parents[1]
    raw = yaml.safe_load((root / "release" / "v1.0.0.yaml").read_text(encoding="utf-8"))
    raw.pop("audit_report", None)
    raw["ner"]["model"] = "en_core_web_trf"
    path = tmp_path / "v9.9.9.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("flag, message", [([], "'en_core_web_trf' is not installed"),
                                           (["--spacy-gpu"], "--spacy-gpu: ")])
def test_release_checks_model_and_device_before_its_sources(trf_definition, tmp_path, capsys, flag, message):
    from thinc.util import has_gpu

    if flag and has_gpu:
        message = "'en_core_web_trf' is not installed"  # the GPU is usable: the model is what is missing
    out = tmp_path / "release"
    assert main(["--release", str(trf_definition), "--offline", "--release-out", str(out), *flag]) == 2
    err = capsys.readouterr().err
    assert message in err and "--offline is set" not in err and not out.exists()


def test_release_model_comes_from_its_definition(trf_definition, capsys) -> None:
    assert main(["--release", str(trf_definition), "--spacy-model", "en_core_web_lg"]) == 2
    assert "ner.model (en_core_web_trf in" in capsys.readouterr().err
