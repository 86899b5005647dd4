"""Demonyms follow their country in the Yan et al. configs (issue 19: handle, don't veto): France → Kenya
makes French → Kenyan; a demonym used as a language, or shared by several referents, keeps the veto."""

from __future__ import annotations

import random
from dataclasses import replace

from entity_renaming.demonyms import demonym_key, demonym_spans, demonym_state, shared_here
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Answer, QAExample, Substitution
from entity_renaming.places import STATE_COUNTRY, is_state_country
from entity_renaming.referents import PerturbableSpan
from entity_renaming.sampling import Sampler
from entity_renaming.substitute import rename_example

TEXT = "France sent troops. The French army crossed the river, and many French soldiers died."


def test_a_demonym_becomes_a_nationality_span_that_follows_its_country():
    lexicon = Lexicon()
    country = PerturbableSpan("France", "country", "gpe")
    french = PerturbableSpan("French", "nationality", "gpe", "France")
    assert demonym_spans(country, [TEXT], lexicon) == [french]
    for language, kept in (("France won. Books were written in French, French troops came.", "in French"),
                           ("France (French: République) won. French troops came.", "French:")):
        assert demonym_spans(country, [language], lexicon) == [replace(french, keep=(kept,))]
    assert demonym_spans(country, ["They left France. The French language spread."], lexicon) == []
    assert demonym_spans(country, ["France won. The French entered Welsh at that time."],
                         lexicon) == [french]  # "the French" heads its phrase: the people
    assert demonym_spans(PerturbableSpan("England", "country", "gpe"), ["England and the British army."],
                         lexicon) == "place.derived-word-left"  # "British" is also Wales' and Britain's


def test_a_demonym_coordinated_in_an_events_name_leaves_the_name_whole():
    """Issue 19 (GPE recall): "the French and Indian War" is an event's fixed name (as EntSwap reads it,
    :func:`.entswap.entities.coordinated_event`): kept whole while France and its free demonym are renamed,
    no longer "the French" read as a people heading its phrase."""
    lexicon = Lexicon()
    country = PerturbableSpan("France", "country", "gpe")
    text = "France lost. By the time of the French and Indian War, French crown policy failed."
    assert demonym_spans(country, [text], lexicon) == [
        PerturbableSpan("French", "nationality", "gpe", "France", keep=("French and Indian War",))]
    assert demonym_spans(country, ["France lost. The French and British allies met."],
                         lexicon) == "place.demonym-as-language"  # no event's name: still read as before


def test_demonyms_coordinated_before_a_period_name_leave_it_whole():
    """Round 36: "Italian and French Renaissance" (the answer) renamed "Russian and French Renaissance": a
    period named by coordinated demonyms is a fixed name, kept whole as an event's."""
    from entity_renaming.demonyms import coordinated_event
    text = "the Soulages collection of Italian and French Renaissance objects"
    start = text.index("Italian")
    assert coordinated_event(text, start, start + len("Italian")) == "Italian and French Renaissance"


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


def _example(context: str, question: str, answers: list[str]) -> QAExample:
    spans = [Answer(a, [(context.index(a), context.index(a) + len(a))]) for a in answers]
    return QAExample(id="q", dataset="t", source_format="mrqa", context=context, question=question,
                     answers=spans, answer_texts=answers)


def test_an_answer_holding_the_countrys_demonym_holds_the_country():
    """Recall set seed 4242 (Kenya): "Kenyan athletes" twice beside "Kenya" — the demonym is renamed with its
    country, so the answers that hold it name the country and change with it."""
    from entity_renaming.demonyms import holds_demonym
    from entity_renaming.entities import example_entities
    from entity_renaming.ner import Mention

    lexicon = Lexicon()
    assert holds_demonym("Kenyan athletes", "Kenya", lexicon)
    assert not holds_demonym("athletes", "Kenya", lexicon)
    assert not holds_demonym("kenyan athletes", "Kenya", lexicon)  # the renamer renames capitalised forms
    context = "Kenya has won many medals. Kenyan athletes dominate distance running in Kenya today."
    ex = _example(context, "Who dominates distance running?", ["Kenyan athletes", "Kenyan athletes", "Kenya"])
    ex.answers[2].char_spans[0] = (context.rindex("Kenya"), context.rindex("Kenya") + 5)
    at = context.rindex("Kenya")
    mentions = [Mention(0, 5, "GPE", "Kenya"), Mention(at, at + 5, "GPE", "Kenya")]
    entities = example_entities(ex, mentions, lexicon)
    assert {(s.surface, s.span_type) for e in entities for s in e.spans} == {("Kenya", "country"),
                                                                              ("Kenyan", "nationality")}


def test_a_demonym_answer_of_a_country_question_renames_the_country():
    """Which country's cars …? "Japanese": the demonym of one country the passage names is that country,
    its demonym following (Japan → Kenya: Kenyan); an answer cut from "Japanese imports" is judged in the
    passage, where it is no plural noun; with no country named, the lone demonym answer is still its
    country's (s11: "Turkish forces"), but a demonym with another common sense is not ("Indian imports":
    the peoples of the Americas, "Indian Health Service" in the US)."""
    from entity_renaming.entities import example_entities
    from entity_renaming.ner import Mention

    lexicon = Lexicon()
    context = "Japan makes small cars. Japanese imports became the mass market leaders."
    ex = _example(context, "Which country's imports became the market leaders?", ["Japanese"] * 3)
    at = context.index("Japanese")
    entities = example_entities(ex, [Mention(0, 5, "GPE", "Japan"), Mention(at, at + 8, "NORP", "Japanese")],
                                lexicon)
    assert {(s.surface, s.span_type) for e in entities for s in e.spans} == {("Japan", "country"),
                                                                              ("Japanese", "nationality")}
    alone = _example(context[24:], ex.question, ["Japanese"] * 3)
    entities = example_entities(alone, [Mention(0, 8, "NORP", "Japanese")], lexicon)
    assert {(s.surface, s.span_type) for e in entities for s in e.spans} == {("Japan", "country"),
                                                                              ("Japanese", "nationality")}
    indian = _example("Indian imports became the mass market leaders.", ex.question, ["Indian"] * 3)
    assert example_entities(indian, [Mention(0, 6, "NORP", "Indian")], lexicon) == []


def test_coordinated_demonyms_modify_the_noun_after_them():
    """Recall sets seed 8686 / 9797: "English, Scottish, Welsh and Northern Irish Westminster MPs", "a
    Thai/Japanese alliance": the demonym is an adjective of the noun after the list, no plural noun; a
    list that ends the phrase keeps the veto ("languages are English and French.")."""
    lexicon = Lexicon()
    england = PerturbableSpan("England", "country", "gpe")
    text = "Laws affect England. English, Scottish, Welsh and Northern Irish Westminster MPs voted."
    assert demonym_spans(england, [text], lexicon) == [PerturbableSpan("English", "nationality", "gpe",
                                                                       "England")]
    thai = demonym_spans(PerturbableSpan("Thailand", "country", "gpe"),
                         ["Japan invaded Thailand, forcing a Thai/Japanese alliance."], lexicon)
    assert [s.surface for s in thai] == ["Thai"]
    assert demonym_spans(england, ["England is big. Its languages are English and French."],
                         lexicon) == "place.demonym-as-language"


def test_a_language_is_left_whole_and_the_people_renamed_as_a_plural():
    """Issue 19 (Yan et al. GPE misses, place.demonym-as-language): as in EntSwap, a language phrase ("the
    German word") is another referent left whole while its country is renamed, and a demonym without an -s
    plural used as the people ("dislodge the French", "Southern Chinese were") is renamed with the new
    demonym's plural; a gold answer that holds the language names the language, not the country."""
    lexicon = Lexicon()
    germany = PerturbableSpan("Germany", "country", "gpe")
    text = "A red letter A in Germany and Austria (from Apotheke, the German word for pharmacy)."
    assert demonym_spans(germany, [text], lexicon) == []
    france = PerturbableSpan("France", "country", "gpe")
    text = "France sent an army to dislodge the French. The Northern French were ranked higher."
    french = PerturbableSpan("French", "nationality", "gpe", "France")
    assert demonym_spans(france, [text], lexicon) == [french]
    from entity_renaming.model import Substitution

    ex = QAExample(id="q", dataset="t", source_format="mrqa", context=text, question="Who sent an army?",
                   answers=[Answer("France", [(0, 6)])], answer_texts=["France"])
    renamed, _ = rename_example(ex, [Substitution("France", "Kenya", "gpe", "country"),
                                     Substitution("French", "Kenyan", "gpe", "nationality")])
    assert renamed.context == ("Kenya sent an army to dislodge the Kenyans. The Northern Kenyans were ranked "
                               "higher.")
    china = PerturbableSpan("China", "country", "gpe")
    text = "China used it. It wrote Mongolian, Tibetan, and Chinese languages."
    answer = text.index("Mongolian"), text.index(" languages")
    assert demonym_spans(china, [text], lexicon, answered=[answer]) == "place.demonym-as-language"
    assert demonym_spans(china, [text], lexicon) == []


def test_a_historical_state_takes_the_demonym_of_a_country_no_text_names():
    """A state's word follows a drawn country that no text names ("Mongol Empire" → "Kenyan Empire", "the
    Mongols" → "the Kenyans"): that country gets no substitution of its own."""
    key = STATE_COUNTRY.format("Mongol")
    mongol = PerturbableSpan("Mongol", "nationality", "gpe", follows=key)
    text = "The Mongol Empire grew, and the Mongols rode west."
    sampler = Sampler("dbname")
    for seed in range(5):
        (sub,) = sampler.mapping([mongol], [text], random.Random(seed))
        assert sub.original == "Mongol" and sub.replacement != "Mongol"
        assert sub.replacement.lower() in {d.lower() for d in [sampler.demonym(c) or "" for c in
                                                                 sampler.pool("country")]}
    assert is_state_country(key)


def test_a_historical_state_name_takes_the_demonym_its_kind_kept():
    """"Song dynasty" (a country span, :func:`.places.state_name_spans`) → "<demonym> dynasty" and the lone
    word "Song" → the same demonym: both follow one drawn country that no text names."""
    key = STATE_COUNTRY.format("Song")
    spans = [PerturbableSpan("Song dynasty", "country", "gpe", follows=key, tail=" dynasty"),
             PerturbableSpan("Song", "country", "gpe", follows=key)]
    text = "The Song dynasty fell; Song troops fled."
    sampler = Sampler("dbname")
    for seed in range(5):
        subs = {s.original: s for s in sampler.mapping(spans, [text], random.Random(seed))}
        assert set(subs) == {"Song dynasty", "Song"}
        demonym = subs["Song"].replacement
        assert subs["Song dynasty"].replacement == f"{demonym} dynasty" and demonym != "Song"
        assert demonym.lower() in {(sampler.demonym(c) or "").lower() for c in sampler.pool("country")}
        assert subs["Song dynasty"].span_type == subs["Song"].span_type == "country"


def test_a_state_named_by_a_demonym_follows_a_drawn_country_where_no_text_names_its_own():
    """"Dutch Republic" where no text names the Netherlands: its demonym and the people follow a drawn
    country ("Kenyan Republic", "intermarried with Kenyans"); a text naming the country leaves the case to
    organisations.demonym_place."""
    lexicon = Lexicon()
    texts = ["The Dutch Republic took in refugees, who intermarried with Dutch from the outset."]
    spans = demonym_state("Dutch Republic", texts, ["the Dutch Republic"], lexicon)
    assert [(s.surface, s.span_type) for s in spans] == [("Dutch", "nationality")]
    assert is_state_country(spans[0].follows)
    assert demonym_state("Dutch Republic", ["The Dutch Republic, now the Netherlands."], [], lexicon) == []
    assert demonym_state("British Empire", ["The British Empire grew."], [], lexicon) == []  # of several
    assert demonym_state("Dutch Reformed Church", texts, [], lexicon) == []  # no state kind


def test_a_shared_demonym_follows_its_own_country_where_no_other_referent_is_named():
    """s24: ``British`` (of England, Scotland, Wales and the United Kingdom) follows the United Kingdom where
    the texts name none of the others nor write their own demonyms; beside England or ``English`` it stays
    ambiguous, and it never follows England; ``Irish`` likewise beside ``Northern Ireland``."""
    lexicon = Lexicon()
    assert not shared_here("british", "United Kingdom", ["British troops crushed it."], lexicon)
    assert not shared_here("british", "Britain", ["British troops left Britain."], lexicon)
    assert shared_here("british", "United Kingdom", ["British and English troops."], lexicon)
    assert shared_here("british", "United Kingdom", ["British troops left Scotland."], lexicon)
    assert shared_here("british", "England", ["British troops."], lexicon)
    assert not shared_here("irish", "Ireland", ["Irish culture in Ireland."], lexicon)
    assert shared_here("irish", "Ireland", ["Irish culture in Northern Ireland."], lexicon)
    assert not shared_here("french", "France", ["French and English troops."], lexicon)
    uk = PerturbableSpan("United Kingdom", "country", "gpe")
    assert demonym_spans(uk, ["British troops crushed the revolt."], lexicon) == [
        PerturbableSpan("British", "nationality", "gpe", "United Kingdom")]
    assert demonym_spans(uk, ["British and English troops crushed the revolt."], lexicon) == \
        "place.derived-word-left"


def test_a_peoples_plural_writes_its_demonym():
    """s24: ``Kenyans`` and ``Americans`` are the plurals of the demonyms ``Kenyan`` and ``American``;
    ``Swiss`` is a demonym itself, ``Texans`` none of a country."""
    lexicon = Lexicon()
    assert demonym_key("Kenyans", lexicon) == "kenyan"
    assert demonym_key("Americans", lexicon) == "american"
    assert demonym_key("Swiss", lexicon) == "swiss"
    assert demonym_key("Kenyan", lexicon) == "kenyan"
    assert demonym_key("Texans", lexicon) is None


def test_a_bare_peoples_plural_never_takes_a_demonym_without_an_s_plural():
    """s24 read: "a creation of Americans" became "a creation of Swedish": where the texts write the people's
    plural without "the", no country whose demonym ends in -sh or -ch is drawn (after "the" it may be:
    "the Swedish")."""
    spans = [PerturbableSpan("United States", "country", "gpe"),
             PerturbableSpan("American", "nationality", "gpe", "United States")]
    sampler = Sampler("dbname")
    bare, after_the = ["It is a creation of Americans."], ["It is a creation of the Americans."]
    drawn = {sampler.mapping(spans, bare, random.Random(seed))[1].replacement for seed in range(300)}
    assert drawn and not any(d.endswith(("sh", "ch")) for d in drawn)
    drawn = {sampler.mapping(spans, after_the, random.Random(seed))[1].replacement for seed in range(300)}
    assert any(d.endswith(("sh", "ch")) for d in drawn)


def test_a_dotted_code_in_any_variant_follows_the_demonyms_country():
    """Blind read round 37 (MIX): "American" renamed, "U.S authorship" (a dotted code missing its last dot)
    left: each dotted variant of a country's code (``U.S``, ``U. S.``: :func:`.lexicon.dotted_variants`)
    is one of its names, renamed with it, its demonym before a noun ("U.S authorship" → "Kenyan
    authorship"); "U.S" inside "U.S." is no mention of its own."""
    from entity_renaming.entities import example_entities
    from entity_renaming.lexicon import dotted_variants
    from entity_renaming.ner import Mention
    from entity_renaming.substitute import Renamer

    assert dotted_variants("U.S.") == ("U.S", "U. S.") and dotted_variants("US") == ()
    lexicon = Lexicon()
    for form in ("U.S.", "U.S", "U. S."):
        context = f"The idea was the American delegation's. It would allow for {form} authorship of a world."
        ex = _example(context, "Whose idea was it?", ["American delegation"] * 3)
        at = context.index("American")
        entities = example_entities(ex, [Mention(at, at + 8, "NORP", "American")], lexicon)
        assert {(s.surface, s.span_type) for e in entities for s in e.spans} == {
            ("United States", "country"), ("American", "nationality"), (form, "country")}, form
        renamer = Renamer([Substitution(form, "Kenya", "gpe", "country")], adjectives={"Kenya": "Kenyan"})
        assert renamer.apply(f"for {form} authorship. It lay in the {form} for years.")[0] == (
            "for Kenyan authorship. It lay in Kenya for years."), form
