"""AfriSQuAD2 on the real SQuAD 2.0 Normans/Rhine articles (706 questions) with spaCy NER: nothing lost,
answerability kept, one mapping per article everywhere, inflections, ablations, determinism."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import SQUAD2_NORMANS_RHINE
from test_entswap_banks import build_test_banks

from entity_renaming.casing import natural_case
from entity_renaming.configs import parse_config_name
from entity_renaming.demonyms import language_phrase
from entity_renaming.entswap import build_entswap_configs, original_config
from entity_renaming.entswap.audit import restore
from entity_renaming.entswap.build import article_key
from entity_renaming.entswap.entities import demonyms, fixed_name, misspelt, other_sense, place_named_after
from entity_renaming.io import read_examples, write_examples
from entity_renaming.lexicon import IRREGULAR_DEMONYMS, Lexicon, demonym_countries, fold_accents
from entity_renaming.model import illegal_answers
from entity_renaming.namebank import load_bank
from entity_renaming.persons import SURNAME_LINKS
from entity_renaming.substitute import title_words

SEEDS = [0, 1]
WITHOUT = [None, "person", "nationality"]


@pytest.fixture(scope="module")
def banks(tmp_path_factory) -> Path:
    return build_test_banks(tmp_path_factory.mktemp("banks"))


@pytest.fixture(scope="module")
def examples():
    return read_examples(SQUAD2_NORMANS_RHINE)[1]


def _build(examples, banks, ner_cache_dir, spacy_ner, seeds=SEEDS, without=WITHOUT):
    return {r.name: r for r in build_entswap_configs(examples, seeds=seeds, without=without,
                                                     ner_backend=spacy_ner, ner_cache_dir=ner_cache_dir,
                                                     banks_root=banks, progress=False)}


@pytest.fixture(scope="module")
def configs(examples, banks, ner_cache_dir, spacy_ner):
    return _build(examples, banks, ner_cache_dir, spacy_ner)


def test_config_names_follow_the_grammar(configs):
    assert sorted(configs) == sorted(["afrisquad2-seed0", "afrisquad2-seed1", "afrisquad2-wo-person-seed0",
                                      "afrisquad2-wo-person-seed1", "afrisquad2-wo-nationality-seed0",
                                      "afrisquad2-wo-nationality-seed1"])
    for name in configs:
        assert parse_config_name(name)["perturbation"] == "entswap"
    assert parse_config_name(original_config([]).name)["perturbation"] == "original"


def test_no_example_or_answer_lost(configs, examples):
    by_id = {e.id: e for e in examples}
    for result in configs.values():
        assert len(result.examples) + len(result.skipped) == len(examples) == 706
        assert {e.id for e in result.examples} | {s.example_id for s in result.skipped} == set(by_id)
        assert len(result.skipped) <= 7  # at most 1 % dropped, each with a reason
        assert all(s.reason for s in result.skipped)
        for ex in result.examples:
            old = by_id[ex.id]
            assert not illegal_answers(ex)
            assert len(ex.answers) == len(old.answers)
            assert len(ex.plausible_answers or []) == len(old.plausible_answers or [])


def test_unanswerable_stay_unanswerable(configs, examples):
    impossible = {e.id for e in examples if e.is_impossible}
    assert len(impossible) == 320
    for result in configs.values():
        emitted = {e.id for e in result.examples}
        assert {e.id for e in result.examples if e.is_impossible} == impossible & emitted
        assert all(not e.answers for e in result.examples if e.is_impossible)
        assert all(e.answers for e in result.examples if not e.is_impossible)


def test_everything_is_renamed_and_restorable(configs, examples):
    """Edits account for every change: undoing them gives back the original texts exactly."""
    by_id = {e.id: e for e in examples}
    result = configs["afrisquad2-seed0"]
    renamings = {r.example_id: r for r in result.renamings}
    changed = 0
    for ex in result.examples:
        old = by_id[ex.id]
        edits = renamings[ex.id].edits if ex.id in renamings else []
        fields = (("context", ex.context, old.context), ("question", ex.question, old.question),
                  ("title", title_words(ex.title), title_words(old.title)))
        for field, new, original in fields:
            assert restore(new, [e for e in edits if e.field == field]) == original
        changed += ex.context != old.context
    assert changed >= 0.7 * len(result.examples)  # precision first: doubtful entities stay unrenamed


def bare_surname(name: str) -> str:
    """A surname without the particles that open it: ``de Bethencourt`` and ``Bethencourt`` alone are one
    referent (:func:`..entswap.entities.particle_surnames`)."""
    words = name.split()
    while len(words) > 1 and words[0] in SURNAME_LINKS:
        words.pop(0)
    return " ".join(words)


def test_one_mapping_per_article_in_title_question_context(configs, examples):
    by_id = {e.id: e for e in examples}
    lexicon = Lexicon()
    aliases = lexicon.aliases
    countries = demonyms(None) | {d.lower(): c for c, ds in IRREGULAR_DEMONYMS.items() for d in ds}
    for result in configs.values():
        mapping: dict[str, dict[str, str]] = defaultdict(dict)
        passage: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)  # a passage group's renamings
        titles: dict[tuple[str, str], set[str]] = defaultdict(set)
        types: dict[str, str] = {}
        group = {e.id: (article_key(e), e.context) for e in examples}
        for ex in result.examples:
            titles[group[ex.id]].add(ex.title)
        for record in result.renamings:
            article = article_key(by_id[record.example_id])
            for sub in record.substitutions:
                assert mapping[article].setdefault(sub.original, sub.replacement) == sub.replacement
                passage[group[record.example_id]][sub.original] = sub.replacement
                types[sub.original] = sub.entity_type
        # each example carries its title: one title per passage group (another passage may leave it)
        assert all(len(t) == 1 for t in titles.values())
        for table in mapping.values():  # two referents never share a new name (aliases of one do)
            referents: dict[str, set[str]] = defaultdict(set)
            for original, replacement in table.items():
                # a country's demonyms are one referent's forms (Dane and Danish of Denmark)
                country = countries.get(original.lower()) if types[original] == "nationality" else None
                referents[replacement].add(f"demonym of {country.lower()}" if country
                                           else bare_surname(aliases.get(original, original)))
            # one referent's spellings (accents, a misspelling: Guo / Gou) share its new name
            shared = {new: r for new, r in referents.items() if len(r) > 1 and not all(
                fold_accents(a) == fold_accents(b) or misspelt(a, b, lexicon) or misspelt(b, a, lexicon)
                for a in r for b in r if a != b)}
            assert not shared, shared
        for ex in result.examples:  # no original its passage renames survives there, but as a language's name
            table = passage[group[ex.id]]
            for text in (ex.context, ex.question, title_words(ex.title)):
                for original in table:
                    left = [m for m in re.finditer(rf"(?<![\w'’]){re.escape(original)}(?!\w)", text or "")
                            if language_phrase(text, m.start(), m.end()) is None  # "German-speaking"
                            # "Greek orthography": a language word after it, the build's language sense
                            and other_sense(text, m.start(), m.end(), lexicon) != "language-use"
                            and not (types.get(original) == "nationality"  # "French Rhin": a name kept whole
                                     and (fixed_name(text, m.start(), m.end(), lexicon)
                                          or _JOINED_BEFORE.search(text, 0, m.start())))  # "Norman French"
                            and not (types.get(original) == "person"  # "Fort Edward": a place, kept whole
                                     and place_named_after(text, m.start(), m.end()))]
                    assert not left, (original, text)


#: Capitalised words joined before a demonym: a phrase left whole there ("Norman French", "Anglo-French").
_JOINED_BEFORE = re.compile(
    r"(?<![\w'’])(?!(?:The|A|An|In|Of|To|By|For|And|But|On|At|As)\b)[A-Z][\w'’]*(?: |-|–)$")


def test_normans_stay_and_demonyms_follow_their_country(configs, examples, banks):
    """The Normans have no country of the gazetteer, so no African demonym can follow one: they keep their
    name (title included). Every renamed demonym is the demonym of its country's new name (France → X makes
    French → X's demonym), in every example of the article."""
    result = configs["afrisquad2-seed0"]
    subs = [s for r in result.renamings for s in r.substitutions]
    assert not [s for s in subs if s.original in ("Norman", "Normans")]
    assert any(e.title == "Normans" for e in result.examples)
    bank = load_bank("african", banks)
    demonym_of = {natural_case(country): natural_case(demonym)
                  for demonym, country in demonym_countries(bank).items()}
    by_article: dict[str, dict[str, str]] = defaultdict(dict)
    by_id = {e.id: e for e in examples}
    for r in result.renamings:
        for s in r.substitutions:
            by_article[article_key(by_id[r.example_id])][s.original] = s.replacement
    followed = 0
    for mapping in by_article.values():  # (the slice is the Normans and Rhine articles)
        for country, demonym in (("France", "French"), ("Italy", "Italian"), ("Greece", "Greek"),
                                 ("Germany", "German"), ("Denmark", "Danish")):
            if demonym in mapping:
                assert country not in mapping or demonym_of[mapping[country]] == mapping[demonym]
                followed += country in mapping
    nationalities = [s for s in subs if s.entity_type == "nationality"]
    assert followed and nationalities and all(s.replacement in demonym_of.values() for s in nationalities)


def test_plausible_answers_are_renamed(configs, examples):
    by_id = {e.id: e for e in examples}
    result = configs["afrisquad2-seed0"]
    renamed_plausible = 0
    for ex in result.examples:
        for new, old in zip(ex.plausible_answers or [], by_id[ex.id].plausible_answers or [], strict=True):
            assert ex.context[new.char_spans[0][0]:new.char_spans[0][1]] == new.text
            renamed_plausible += new.text != old.text
    assert renamed_plausible >= 20


def test_ablation_keeps_its_category_and_the_other_names(configs):
    full = configs["afrisquad2-seed0"]
    for category in ("person", "nationality"):
        ablated = configs[f"afrisquad2-wo-{category}-seed0"]
        assert not [e for r in ablated.renamings for e in r.edits if e.entity_type == category]
        assert [e for r in full.renamings for e in r.edits if e.entity_type == category]
        full_map = {(r.example_id, s.original): s.replacement
                    for r in full.renamings for s in r.substitutions}
        kept = [(key, s.replacement) for r in ablated.renamings for s in r.substitutions
                if (key := (r.example_id, s.original)) in full_map]
        same = sum(full_map[key] == replacement for key, replacement in kept)
        assert kept and same >= 0.95 * len(kept)


def test_seeds_draw_different_names(configs):
    def table(name):
        return {s.original: s.replacement for r in configs[name].renamings for s in r.substitutions}
    a, b = table("afrisquad2-seed0"), table("afrisquad2-seed1")
    shared = set(a) & set(b)
    assert shared and sum(a[k] != b[k] for k in shared) >= 0.8 * len(shared)


def _bytes(result, tmp_path, name):
    path = tmp_path / f"{name}.json"
    write_examples(path, result.examples, "squad")
    rows = "".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in result.renamings)
    return path.read_bytes() + rows.encode()


def test_deterministic_and_order_independent(configs, examples, banks, ner_cache_dir, spacy_ner, tmp_path):
    again = _build(examples, banks, ner_cache_dir, spacy_ner, seeds=[0], without=[None])["afrisquad2-seed0"]
    assert _bytes(again, tmp_path, "a") == _bytes(configs["afrisquad2-seed0"], tmp_path, "b")
    reverse = _build(examples[::-1], banks, ner_cache_dir, spacy_ner, seeds=[0], without=[None])
    by_id = {e.id: e for e in configs["afrisquad2-seed0"].examples}
    assert all(e == by_id[e.id] for e in reverse["afrisquad2-seed0"].examples)


SCRIPT = """
import json, sys
from pathlib import Path
from entity_renaming.entswap import build_entswap_configs
from entity_renaming.io import read_examples, write_examples
examples = read_examples(sys.argv[1])[1]
[result] = build_entswap_configs(examples, seeds=[0], ner_cache_dir=Path(sys.argv[2]),
                                 banks_root=Path(sys.argv[3]), progress=False)
write_examples(Path(sys.argv[4]), result.examples, "squad")
"""


def test_same_bytes_across_hash_seeds(configs, banks, ner_cache_dir, tmp_path):
    outputs = []
    for hash_seed in ("1", "4242"):
        out = tmp_path / f"out{hash_seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        args = [SQUAD2_NORMANS_RHINE, ner_cache_dir, banks, out]
        subprocess.run([sys.executable, "-c", SCRIPT, *map(str, args)], env=env, check=True)
        outputs.append(out.read_bytes())
    here = tmp_path / "here.json"
    write_examples(here, configs["afrisquad2-seed0"].examples, "squad")
    assert outputs[0] == outputs[1] == here.read_bytes()


def test_mrqa_dataset_gets_entswap_configs_with_tokens_recomputed(banks, ner_cache_dir, spacy_ner):
    from conftest import NEWSQA_SAMPLE

    examples = read_examples(NEWSQA_SAMPLE, "mrqa", "NewsQA")[1]
    [result] = build_entswap_configs(examples, seeds=[3], dataset_name="NewsQA", ner_backend=spacy_ner,
                                     ner_cache_dir=ner_cache_dir, banks_root=banks, progress=False)
    assert result.name == "newsqa-entswap-seed3"
    assert len(result.examples) + len(result.skipped) == len(examples) == 17
    assert len(result.examples) >= 15 and result.renamings
    for ex in result.examples:
        assert not illegal_answers(ex)  # includes MRQA token offsets and token spans
        assert ex.question_tokens and all(ex.question.startswith(tok, off) for tok, off in ex.question_tokens)
    contexts = defaultdict(set)
    for ex, old in zip(result.examples, [e for e in examples if e.id in {x.id for x in result.examples}],
                       strict=True):
        contexts[old.context].add(ex.context)
    assert all(len(new) == 1 for new in contexts.values())  # one mapping per passage
