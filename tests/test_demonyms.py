"""Demonyms follow their country in the Yan et al. configs (issue 19: handle, don't veto): France → Kenya
makes French → Kenyan; a demonym used as a language, or shared by several referents, keeps the veto."""

from __future__ import annotations

import random

from entity_renaming.entities import PerturbableSpan, demonym_spans
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Answer, QAExample
from entity_renaming.sampling import Sampler
from entity_renaming.substitute import rename_example

TEXT = "France sent troops. The French army crossed the river, and many French soldiers died."


def test_a_demonym_becomes_a_nationality_span_that_follows_its_country():
    lexicon = Lexicon()
    country = PerturbableSpan("France", "country", "gpe")
    french = PerturbableSpan("French", "nationality", "gpe", "France")
    assert demonym_spans(country, [TEXT], lexicon) == [french]
    for language in ("France won. Books were written in French.", "France (French: République) won."):
        assert demonym_spans(country, [language], lexicon) == "place.demonym-as-language"
    assert demonym_spans(PerturbableSpan("England", "country", "gpe"), ["England and the British army."],
                         lexicon) == "place.derived-word-left"  # "British" is also Wales' and Britain's


def test_the_sampler_gives_the_demonym_of_the_new_country():
    spans = [PerturbableSpan("France", "country", "gpe"),
             PerturbableSpan("French", "nationality", "gpe", "France")]
    sampler = Sampler("dbname")
    for seed in range(5):
        subs = {s.original: s.replacement for s in sampler.mapping(spans, [TEXT], random.Random(seed))}
        assert subs["French"] and subs["French"] == sampler.demonym(subs["France"])
    # blind read round 15: "Italian lawyers" → "Mosotho lawyers"; a demonym whose plural is another word
    # (Mosotho, Basotho) cannot follow an adjective, so Lesotho and Botswana are never drawn for France
    drawn = {sampler.mapping(spans, [TEXT], random.Random(seed))[1].replacement for seed in range(400)}
    assert drawn and not drawn & {"Mosotho", "Motswana"} and sampler.demonym("Lesotho") == "Mosotho"
    assert not any(d.endswith("er") for d in drawn)  # a person noun (Surinamer) is no adjective
    ex = QAExample(id="q", dataset="t", source_format="mrqa", context=TEXT, question="Who sent troops?",
                   answers=[Answer("France", [(0, 6)])], answer_texts=["France"])
    renamed, _ = rename_example(ex, sampler.mapping(spans, [TEXT, ex.question], random.Random(0)))
    assert "France" not in renamed.context and "French" not in renamed.context


def test_a_plural_demonym_takes_the_new_demonyms_own_plural():
    """Blind read seed 2727 (MIX): "Australians" → "Japaneses"; a demonym in -ese, -ch, -sh or -ss has no
    -s plural ("the Japanese", "the French", "the Swiss")."""
    from entity_renaming.model import Substitution

    text = "Australia is far. Many Australians and one Australian came."
    ex = QAExample(id="q", dataset="t", source_format="mrqa", context=text, question="Who came?",
                   answers=[Answer("Australians", [(23, 34)])], answer_texts=["Australians"])
    for new, demonym, plural in (("Japan", "Japanese", "Japanese"), ("Kenya", "Kenyan", "Kenyans"),
                                 ("Switzerland", "Swiss", "Swiss"), ("France", "French", "French")):
        subs = [Substitution("Australia", new, "gpe", "country"),
                Substitution("Australian", demonym, "gpe", "nationality")]
        renamed, _ = rename_example(ex, subs)
        assert renamed.context == f"{new} is far. Many {plural} and one {demonym} came.", new


def test_a_demonym_opening_a_name_the_passage_abbreviates_keeps_its_country():
    """Blind read seed 3030 (GPE): Scotland → Liberia made "Liberian National Party" beside "the SNP"."""
    lexicon = Lexicon()
    scotland = PerturbableSpan("Scotland", "country", "gpe")
    text = "Scotland voted. The Scottish National Party won, and the SNP formed a government."
    assert demonym_spans(scotland, [text], lexicon) == "place.derived-word-left"
    assert demonym_spans(scotland, [text.replace(", and the SNP formed a government", "")], lexicon) == [
        PerturbableSpan("Scottish", "nationality", "gpe", "Scotland")]
