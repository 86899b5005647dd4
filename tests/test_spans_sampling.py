"""Span identification (Appendix B, without the reference's defects) and seeded sampling."""

from __future__ import annotations

import pytest

from entity_renaming.entities import answer_entities, example_entities
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Answer, QAExample
from entity_renaming.namebank import write_bank_file
from entity_renaming.ner import Mention
from entity_renaming.referents import PerturbableSpan
from entity_renaming.sampling import Sampler, acronym_with, continent, example_rng, indist_pool
from entity_renaming.spans import perturbable_spans as spans_of


def perturbable_spans(example: QAExample, mentions: list[Mention], lexicon: Lexicon) -> list[PerturbableSpan]:
    return spans_of(example_entities(example, mentions, lexicon))


@pytest.fixture()
def banks(tmp_path):
    """A small bank folder in the real format (counts as SSA/Census would give them)."""

    def write(bank, span_type, rows):
        write_bank_file(tmp_path / bank / f"{span_type}.tsv", rows)

    write("us", "first-male", [("Barack", 9000), ("John", 500000), ("Kwame", 300), ("Martin", 90000)])
    write("us", "first-female", [("Michelle", 400000), ("Mary", 900000)])
    write("us", "first-neutral", [("Jordan", 300000)])
    write("us", "last", [("Obama", 900), ("Smith", 2400000), ("Jordan", 40000), ("King", 700000)])
    write("gazetteer", "country", [("Bosnia and Herzegovina", 1), ("Ghana", 1), ("Kenya", 1), ("Peru", 1),
                                   ("Trinidad & Tobago", 1), ("Korea, South", 1)])
    write("gazetteer", "state", [("Georgia", 1), ("Lagos", 1)])
    write("gazetteer", "city", [("Accra", 1), ("Kumasi", 1), ("Lagos", 1), ("Nairobi", 1), ("Will", 1)])
    write("ptb", "nnp", [("general", 1), ("motors", 1)])
    write("ptb", "vocab", [("general", 1), ("motors", 1), ("will", 1), ("bank", 1)])
    write("ptb", "rare", [("quokka", 1), ("xenolith", 1)])
    return tmp_path


def qa(context: str, answer: str, answers_at: int | None = None) -> QAExample:
    start = context.index(answer) if answers_at is None else answers_at
    return QAExample("q", "t", "squad", context, "?", [Answer(answer, [(start, start + len(answer))])])


def mention(context: str, text: str, label: str, nth: int = 0) -> Mention:
    start = -1
    for _ in range(nth + 1):
        start = context.index(text, start + 1)
    return Mention(start, start + len(text), label, text)


def test_answer_entities_are_linked_by_character_span():
    context = "Paris Hilton flew to Paris."
    ex = qa(context, "Paris", answers_at=context.rindex("Paris"))
    mentions = [mention(context, "Paris Hilton", "PERSON"), mention(context, "Paris", "GPE", nth=1)]
    assert answer_entities(ex, mentions) == [mentions[1]]  # a string match would also take the person


def test_bare_surname_is_a_last_name_and_gender_uses_the_bank(banks):
    lex = Lexicon(banks)
    context = "Obama met Michelle. Dr. Barack Obama Jr. spoke."
    ex = qa(context, "Dr. Barack Obama Jr.")
    mentions = [
        mention(context, "Obama", "PERSON"),
        mention(context, "Michelle", "PERSON"),
        mention(context, "Dr. Barack Obama Jr.", "PERSON"),
    ]
    assert perturbable_spans(ex, mentions, lex) == [
        PerturbableSpan("Barack", "first-male", "per"),
        PerturbableSpan("Obama", "last", "per"),
    ]
    # a lone word is a surname by Census counts only with the dataset's evidence (a full name ending in it):
    # a dataset of "Obama spoke." alone has none, so it is not renamed (mononyms such as "Drogo" are not last)
    alone = qa("Obama spoke.", "Obama")
    assert perturbable_spans(alone, [mention("Obama spoke.", "Obama", "PERSON")], Lexicon(banks)) == []


def test_gender_guesser_is_the_fallback(banks):
    lex = Lexicon(banks)
    assert lex.gender("Mary") == "first-female"
    assert lex.gender("Jordan") == "first-male"  # neutral in the US bank, male for gender-guesser
    assert lex.gender_is_doubtful("Jordan")  # so the passage's pronouns may still decide
    assert lex.gender("Giuseppe") == "first-male"  # not in the bank: gender-guesser


def test_middle_names_and_initials_are_kept(banks):
    context = "Martin Luther King spoke. John F. Smith listened."
    ex = qa(context, "Martin Luther King")
    assert perturbable_spans(ex, [mention(context, "Martin Luther King", "PERSON")], Lexicon(banks)) == [
        PerturbableSpan("Martin", "first-male", "per"), PerturbableSpan("King", "last", "per")]
    ex = qa(context, "John F. Smith")
    assert perturbable_spans(ex, [mention(context, "John F. Smith", "PERSON")], Lexicon(banks)) == [
        PerturbableSpan("John", "first-male", "per"), PerturbableSpan("Smith", "last", "per")]


def test_gpe_ngrams_win_and_common_words_are_skipped(banks):
    lex = Lexicon(banks)
    context = "Bosnia and Herzegovina joined. Will Lagos grow?"
    ex = qa(context, "Bosnia and Herzegovina")
    spans = perturbable_spans(ex, [mention(context, "Bosnia and Herzegovina", "GPE")], lex)
    assert spans == [PerturbableSpan("Bosnia and Herzegovina", "country", "gpe")]
    ex2 = qa(context, "Will Lagos")
    assert perturbable_spans(ex2, [mention(context, "Will Lagos", "GPE")], lex) == []  # "Will" is no place
    ex3 = qa(context, "Lagos")
    assert perturbable_spans(ex3, [mention(context, "Lagos", "GPE")], lex) == [
        PerturbableSpan("Lagos", "city", "gpe")
    ]  # a city of over a million people outranks the state of its name


def test_org_spans_use_gazetteer_nnp_and_rare_words(banks):
    context = "The Kenya Quokkaworks General Motors Bank opened."
    name = "The Kenya Quokkaworks General Motors Bank"
    spans = perturbable_spans(qa(context, name), [mention(context, name, "ORG")], Lexicon(banks))
    assert spans == [
        PerturbableSpan("Kenya", "country", "org"),
        PerturbableSpan("Quokkaworks", "rare", "org"),
    ]  # "General" (very frequent English), "Bank" (a common PTB word) and "Motors" (the plural of a word
    # Webster's lists in lower case only: a generic word, like "Cardinals") are not renamed


def test_example_rng_depends_only_on_seed_perturbation_type_and_id():
    a = example_rng(3, "dbname", "per", "q17").random()
    assert a == example_rng(3, "dbname", "per", "q17").random()
    assert (
        len(
            {
                a,
                example_rng(4, "dbname", "per", "q17").random(),
                example_rng(3, "randstr", "per", "q17").random(),
                example_rng(3, "dbname", "gpe", "q17").random(),
                example_rng(3, "dbname", "per", "q18").random(),
            }
        )
        == 5
    )


def test_replacements_differ_from_original_and_are_absent_from_the_passage(banks):
    sampler = Sampler("dbname", banks_root=banks)
    spans = [PerturbableSpan("Kenya", "country", "gpe")]
    context = "Kenya borders Peru?"  # Peru already occurs: only Ghana is valid
    for seed in range(20):
        (s,) = sampler.mapping(spans, [context], example_rng(seed, "dbname", "gpe", "x"))
        assert s.replacement == "Ghana"


def test_a_name_holding_a_conjunction_or_list_punctuation_is_never_drawn(banks):
    """Blind read round 20: "New Jersey, Rhode Island and Delaware" became "Windsor and Maidenhead, Gaoual
    and Arizona" (four places read where three were). A bank name holding " and ", " & " or a comma is
    skipped, under every seed; the original may hold one."""
    sampler = Sampler("dbname", banks_root=banks)
    drawn = {sampler.mapping([PerturbableSpan("Bosnia and Herzegovina", "country", "gpe")],
                             ["Bosnia and Herzegovina, Croatia and Serbia"],
                             example_rng(seed, "dbname", "gpe", "x"))[0].replacement for seed in range(100)}
    assert drawn == {"Ghana", "Kenya", "Peru"}


def test_no_valid_candidate_is_an_error_not_a_silent_keep(banks):
    from entity_renaming.substitute import RenameError

    sampler = Sampler("dbname", banks_root=banks)
    with pytest.raises(RenameError, match="no valid dbname replacement"):
        sampler.mapping(
            [PerturbableSpan("Kenya", "country", "gpe")],
            ["Kenya, Peru, Ghana"],
            example_rng(0, "dbname", "gpe", "x"),
        )


def test_indistname_pool_is_deduplicated_and_never_returns_the_original():
    spans = [
        PerturbableSpan("Smith", "last", "per"),
        PerturbableSpan("SMITH", "last", "per"),
        PerturbableSpan("Okafor", "last", "per"),
        PerturbableSpan("Kenya", "country", "gpe"),
    ]
    pool = indist_pool(spans)
    assert pool == {"country": ("Kenya",), "last": ("Okafor", "Smith")}
    sampler = Sampler("indistname", indist=pool)
    for seed in range(10):
        (s,) = sampler.mapping(
            [PerturbableSpan("Smith", "last", "per")],
            ["Smith won."],
            example_rng(seed, "indistname", "per", "x"),
        )
        assert s.replacement == "Okafor"


def test_one_replacement_per_example_is_never_reused(banks):
    sampler = Sampler("dbname", banks_root=banks)
    spans = [PerturbableSpan("Nairobi", "city", "gpe"), PerturbableSpan("Lagos", "city", "gpe")]
    for seed in range(10):
        subs = sampler.mapping(spans, ["Nairobi and Lagos"], example_rng(seed, "dbname", "gpe", "x"))
        assert len({s.replacement for s in subs}) == 2
        assert not {s.replacement for s in subs} & {"Nairobi", "Lagos"}


def test_randstr_keeps_length_first_character_and_casing():
    sampler = Sampler("randstr")
    span = PerturbableSpan("McDonald", "last", "per")
    (s,) = sampler.mapping([span], ["McDonald farms"], example_rng(0, "randstr", "per", "x"))
    assert len(s.replacement) == 8 and s.replacement[0] == "M" and s.replacement != "McDonald"
    assert [c.isupper() for c in s.replacement] == [c.isupper() for c in "McDonald"]


def test_a_place_replacement_neither_adds_an_article_nor_has_an_alias_in_the_passage():
    """Blind read, seed 6061: "Iran" → "United States" gave "At the time, United States was …" beside "a
    close US ally". A place without "the" gets no replacement that takes it; no alias of a replacement
    (US for United States) may occur in the texts."""
    from conftest import MRQA_SQUAD_DEV

    from entity_renaming.io import read_examples
    from entity_renaming.sampling import fits
    from entity_renaming.substitute import takes_article

    examples = read_examples(MRQA_SQUAD_DEV)[1]
    example = next(e for e in examples if "close US ally" in e.context and "Iran" in e.context)
    span = PerturbableSpan("Iran", "country", "gpe")
    texts = (example.context, example.question)
    assert not fits("United States", span, texts) and not fits("Philippines", span, texts)
    assert fits("Kenya", span, texts)
    assert not fits("The Bahamas", span, texts)  # blind read round 20: "northern the Bahamas"
    assert fits("The Hague", PerturbableSpan("The Bronx", "city", "gpe"), texts)
    sampler = Sampler("dbname")
    drawn = {sampler.mapping([span], texts, example_rng(seed, "dbname", "gpe", example.id))[0].replacement
             for seed in range(300)}
    assert len(drawn) > 100 and not any(takes_article(name, "country") or name.startswith("The ")
                                        for name in drawn)


def test_an_acronym_follows_the_renamed_word_of_its_full_name():
    """Issue 19: "Australian Labor Party (ALP)" (the Victoria passage of the MRQA SQuAD dev file) is one
    referent: "Labor" → X makes "ALP" → "AXP", and the new acronym is no word of the passage."""
    context = ("The centre-left Australian Labor Party (ALP), the centre-right Liberal Party of Australia "
               "(LPA), the rural-based National Party of Australia, and the environmentalist Australian "
               "Greens are Victoria's main political parties.")
    spans = [PerturbableSpan("Labor", "nnp", "org"), PerturbableSpan("ALP", "rare", "org", "Labor", 1)]
    sampler = Sampler("dbname")
    for seed in range(10):
        word, acronym = sampler.mapping(spans, [context], example_rng(seed, "dbname", "org", "x"))
        assert (word.original, acronym.original) == ("Labor", "ALP")
        assert acronym.replacement == f"A{word.replacement[0].upper()}P" != "ALP"
        assert acronym.replacement not in context.split() and acronym.replacement != "LPA"
    assert acronym_with("KANU", 0, "Nigeria") == "NANU" and acronym_with("ALP", 1, "'Ali") == ""
    assert acronym_with("WMO", 0, "Harlow", 2) == "HO" and acronym_with("ARTS", 0, "Manville", 2) == "MTS"
    assert acronym_with("TW", 0, "Harlow", 2) == ""  # one letter would be left: no acronym
    run = [PerturbableSpan("World Meteorological", "nnp", "org"),
           PerturbableSpan("WMO", "rare", "org", "World Meteorological", 0, width=2)]
    text = "The World Meteorological Organization (WMO) funds it; the WMO pays."
    for seed in range(10):
        word, acronym = sampler.mapping(run, [text], example_rng(seed, "dbname", "org", "y"))
        assert acronym.replacement == f"{word.replacement[0].upper()}O"
    assert not sampler._follower_fits(run[1], "Selwyn", set(), [text])  # "SO": an English word, drawn again
    assert sampler._follower_fits(run[1], "Harlow", set(), [text])  # "HO"
    (_, own) = Sampler("randstr").mapping(spans, [context], example_rng(0, "randstr", "org", "x"))
    assert own.original == "ALP" and len(own.replacement) == 3  # randstr: a random string of its own


def test_a_country_keeps_the_continent_the_texts_name_and_a_city_gets_no_state_or_country_name(banks):
    """Blind reads, round 19: "which European country" answered by Spain became Eritrea; "settled in Dover"
    became "settled in Arizona" (a city the gazetteer also files as a US state). A country whose continent
    the passage or question names draws a country of that continent; a city never takes a name the
    gazetteer also lists as a country or a first-level division."""
    spain = PerturbableSpan("Spain", "country", "gpe")
    european = ("Objects come from Spain and North Africa.", "Which European country?")
    sampler = Sampler("dbname")
    drawn = {sampler.mapping([spain], european, example_rng(seed, "dbname", "gpe", "x"))[0].replacement
             for seed in range(200)}
    assert len(drawn) > 20 and {continent(name) for name in drawn} == {"EU"}
    unnamed = ("Objects come from Spain.", "Which country?")
    drawn = {sampler.mapping([spain], unnamed, example_rng(seed, "dbname", "gpe", "x"))[0].replacement
             for seed in range(200)}
    assert len({continent(name) for name in drawn}) >= 4
    dover = PerturbableSpan("Dover", "city", "gpe")
    small = Sampler("dbname", banks_root=banks)  # Lagos: a state too
    drawn = {small.mapping([dover], ("They settled in Dover.",), example_rng(seed, "dbname", "gpe", "x"))[0]
             .replacement for seed in range(100)}
    assert "Lagos" not in drawn and {"Accra", "Kumasi", "Nairobi"} <= drawn


def test_an_organisation_word_never_draws_a_country_or_state_name():
    """Blind read, round 23: the answer "Stanford" (Where did the Broncos practice?) drawn "Somalia" read as
    the country. The PTB proper nouns hold place names; an ``nnp`` / ``rare`` span takes none the gazetteer
    files as a country or first-level division."""
    sampler = Sampler("dbname")
    places = sampler.wider_places("nnp")
    assert "somalia" in places and "brunei" in places
    for surface, span_type in (("Stanford", "nnp"), ("Verizon", "rare")):
        span = PerturbableSpan(surface, span_type, "org")
        texts = (f"They met at {surface}.",)
        drawn = {sampler.mapping([span], texts, example_rng(seed, "dbname", "org", "x"))[0].replacement
                 for seed in range(300)}
        assert len(drawn) > 200 and not {d.lower() for d in drawn} & places


def test_another_form_of_a_surname_takes_its_new_name():
    """Issue 19: "Al-Biruni" beside "Abu al-Rayhan al-Biruni" follows the family part's new surname."""
    spans = [PerturbableSpan("Abu al-Rayhan", "first-male", "per"),
             PerturbableSpan("al-Biruni", "last", "per"),
             PerturbableSpan("Al-Biruni", "last", "per", follows="al-Biruni")]
    texts = ("Abu al-Rayhan al-Biruni was a geologist. Al-Biruni wrote on India.",)
    rng = example_rng(0, "dbname", "per", "x")
    subs = {s.original: s.replacement for s in Sampler("dbname").mapping(spans, texts, rng)}
    assert subs["Al-Biruni"] == subs["al-Biruni"] != subs["Abu al-Rayhan"]


def test_a_minority_answer_naming_a_place_by_its_form_of_state_keeps_it():
    """Round 36: "Saxony" renamed beside a minority gold answer "Electorate" (of "the Electorate of
    Saxony"): the form of state the passage writes before the place names that state too."""
    from entity_renaming.entities import _answers_change, state_form_words
    from entity_renaming.referents import Entity

    context = "He concentrated on the church in the Electorate of Saxony, acting only as an adviser."
    start = context.index("Saxony")
    saxony = Entity("Saxony", "gpe", start, start + 6, (PerturbableSpan("Saxony", "state", "gpe"),), ())
    assert state_form_words([saxony], context) == {"Electorate"}
    answers = ["Electorate of Saxony", "Electorate of Saxony", "Electorate"]
    assert not _answers_change(answers, [saxony], context)
    assert _answers_change(answers[:2] + ["the church"], [saxony], context)


def test_a_minority_answer_naming_something_else_stays_unchanged():
    """Yan et al.'s answer entity is the majority's: a strict majority of answers renamed, another
    annotator's answer that names something else stays true unchanged; one that holds a form of the
    renamed referent (a word, initials or an alias of its name, a span cut from its mention) does not."""
    from entity_renaming.lexicon import occurs_in
    from entity_renaming.referents import Entity
    from entity_renaming.spans import answers_change

    def change(answers, name, span_type="city", etype="gpe", text=""):
        spans = (PerturbableSpan(name, span_type, etype),)
        entity = Entity(text or name, etype, 0, len(text or name), spans, ())
        changes = answers_change(answers, [entity], lambda a: occurs_in(name, a))
        assert spans_of([entity], etype, answers) == (list(spans) if changes else [])
        return changes

    assert change(["Boston", "in Boston", "May 21, 2013"], "Boston")
    # a minority answer inside the others is their core, the name only qualifying it: no answer entity
    assert not change(["political unity of China", "The political unity of China", "political unity"],
                      "China", "country")
    assert not change(["location of Warsaw", "location of Warsaw", "location"], "Warsaw")
    assert not change(["Boston", "May 21, 2013"], "Boston")  # no strict majority
    assert not change(["New Paltz", "in New Paltz", "Paltz"], "New Paltz")  # cut from the mention
    assert not change(["United Kingdom", "the United Kingdom", "the UK"], "United Kingdom", "country")
    assert not change(["Netherlands", "the Netherlands", "Holland"], "Netherlands", "country")  # an alias
    # a person whose given name alone is renamed: the surname answer would keep him
    assert not change(["Peyton Manning", "Peyton Manning", "Manning"], "Peyton", "first-male", "per",
                      "Peyton Manning")
    assert change(["Peyton Manning", "Peyton Manning", "the Broncos"], "Manning", "last", "per",
                  "Peyton Manning")
    assert not change(["Mohandas Gandhi", "Mohandas Gandhi", "Gan"], "Gandhi", "last", "per",
                      "Mohandas Gandhi")  # an answer cut short
    assert not change(["Bainbridge's", "Bainbridge's", "Bainbridges"], "Bainbridge", "last", "per")
    assert change(["Ward", "Ward", "wards"], "Ward", "last", "per")  # the end of "backwards"


def test_no_organisation_word_is_renamed_to_a_slur():
    """Blind read round 37: the acronym ABC was renamed INJUN, a word of the Penn Treebank's lists."""
    from entity_renaming.namebank import load_bank
    from entity_renaming.sampling import SLURS, Sampler

    for span_type in ("nnp", "rare"):
        bank = {n.lower() for n in load_bank("ptb").names(span_type)}
        assert "injun" in bank  # the bank holds it ...
        assert not {n.lower() for n in Sampler("dbname").pool(span_type)} & SLURS  # ... no draw takes it
