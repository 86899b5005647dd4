"""Shared fixtures: the real reference data beside the checkout and one spaCy model per session."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
MRQA_SQUAD_DEV = SHARED / "mrqa" / "SQuAD_dev.jsonl.gz"
NEWSQA_SAMPLE = SHARED / "mrqa" / "NewsQA_sample_mrqa_repo.jsonl"
SQUAD2_DEV = SHARED / "squad_v2" / "cs224n_dev-v2.0.json"
SQUAD2_NORMANS_RHINE = SHARED / "squad_v2" / "official_ids_Normans_Rhine_dev-v2.0.json"
SQUAD2_TEST_NO_ANSWERS = SHARED / "squad_v2" / "cs224n_test-v2.0_no_answers.json"


@pytest.fixture(scope="session")
def spacy_ner():
    from entity_renaming.ner import load_backend

    return load_backend("spacy")


@pytest.fixture(scope="session")
def ner_cache_dir(tmp_path_factory) -> Path:
    """One NER cache for the whole session, as a user's cache is shared by all builds."""
    return tmp_path_factory.mktemp("ner-cache")


def entities_by_prefix(prefixes, spacy_ner):
    """The answer entities of the MRQA SQuAD dev examples whose ids open with one of ``prefixes`` (id prefix
    → entities), analysed with their passages as a build analyses them (:func:`analyse_passages`)."""
    from entity_renaming.io import read_examples

    examples = read_examples(MRQA_SQUAD_DEV)[1]
    wanted = {ex.id for ex in examples if ex.id[:8] in prefixes}
    chosen = {ex.context for ex in examples if ex.id in wanted}
    subset, _, _, entities = analyse_passages(examples, chosen, spacy_ner)
    return {ex.id[:8]: entities[ex.id] for ex in subset if ex.id in wanted}


def analyse_passages(examples, chosen, spacy_ner):
    """The entity analysis of the examples of the ``chosen`` passages, as a build makes it: NER of those
    passages only, case statistics from every text of ``examples``. Returns (subset, mentions, lexicon,
    entities by example id)."""
    from entity_renaming.entities import example_entities
    from entity_renaming.lexicon import Lexicon
    from entity_renaming.ner import NerCache, recognize

    subset = [ex for ex in examples if ex.context in chosen]
    mentions = recognize([ex.context for ex in subset], spacy_ner, NerCache(None), progress=False)
    lexicon = Lexicon()
    lexicon.observe([t for ex in examples for t in (ex.context, ex.question)],
                    (m for ctx in chosen for m in mentions[ctx]))
    entities = {ex.id: example_entities(ex, mentions[ex.context], lexicon) for ex in subset}
    return subset, mentions, lexicon, entities


def benchmark_script(name: str) -> ModuleType:
    """``benchmarks/{name}.py`` loaded as a module (the scripts are no package)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_banks(root: Path, rows: dict[str, dict[str, list]]) -> Path:
    """Small bank folders under ``root``: bank → span type → names, or (name, count) pairs."""
    from entity_renaming.namebank import write_bank_file

    for bank, table in rows.items():
        for span_type, names in table.items():
            write_bank_file(root / bank / f"{span_type}.tsv",
                            [n if isinstance(n, tuple) else (n, 1) for n in names])
    return root


def mentions_of(text: str, *found: tuple[str, str]) -> list:
    """NER mentions at every occurrence of each (surface, label) pair."""
    from entity_renaming.ner import Mention
    return [Mention(m.start(), m.end(), label, surface) for surface, label in found
            for m in re.finditer(re.escape(surface), text)]


def observed_entities(text: str, *found: tuple[str, str]) -> dict:
    """EntSwap entities of a one-passage article (real banks; the passage's labels as the dataset's votes)."""
    from entity_renaming.entswap.entities import article_entities
    from entity_renaming.lexicon import Lexicon
    mentions = mentions_of(text, *found)
    lexicon = Lexicon(strict=False)
    lexicon.observe([text], mentions)
    return {e.surface: e for e in article_entities([text], {text: mentions}, lexicon)}

