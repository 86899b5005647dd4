"""Organisations named after a person and companies named by a common word
(:mod:`entity_renaming.organisations`, issue 19): handled instead of vetoed, on small made-up passages."""

from __future__ import annotations

from dataclasses import replace

import pytest

from entity_renaming.acronyms import acronym_veto
from entity_renaming.entities import asked_body, common_word_veto, example_entities, named_person, place_spans
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import Answer, QAExample, Substitution
from entity_renaming.ner import Mention
from entity_renaming.organisations import (
    coined_name,
    company_word,
    cut_from_longer,
    founder_span,
    lone_team,
    organisation_head,
    party_short_name,
    person_types,
    team_nickname,
)
from entity_renaming.referents import PerturbableSpan
from entity_renaming.substitute import rename_example

FOUNDER = ("In 1886 George Westinghouse founded Westinghouse Electric in Pittsburgh. Engineers of "
           "Westinghouse Electric built the generators, and Westinghouse's demonstration won the contract.")
QUESTION = "What company built the generators?"


def _mentions(text: str, labelled: dict[str, str]) -> list[Mention]:
    found = []
    for name, label in labelled.items():
        start = text.find(name)
        while start >= 0:
            found.append(Mention(start, start + len(name), label, name))
            start = text.find(name, start + len(name))
    return sorted(found, key=lambda m: m.start)


TEAMS = ("The Denver Broncos beat the Chicago Bears. The Broncos' defense held the Bears to 200 yards, and "
         "Denver won its third title.")


@pytest.fixture(scope="module")
def lexicon():
    """One lexicon for the module (loading its banks takes most of the time)."""
    lexicon = Lexicon()
    lexicon.observe([FOUNDER, QUESTION, TEAMS], [
        *_mentions(FOUNDER, {"George Westinghouse": "PERSON", "Westinghouse Electric": "ORG"}),
        *_mentions(TEAMS, {"Denver": "GPE", "Chicago": "GPE", "Denver Broncos": "ORG",
                           "Chicago Bears": "ORG"})])
    return lexicon


def test_a_founder_surname_is_the_organisation_name_word(lexicon):
    persons = _mentions(FOUNDER, {"George Westinghouse": "PERSON"})
    texts = (FOUNDER, QUESTION, "Westinghouse Electric")
    assert founder_span("Westinghouse Electric", persons, texts, lexicon, named_person) == "Westinghouse"
    # the given name before the surname stays: "Nikola Tesla Museum" renames Tesla
    tesla = "Nikola Tesla worked in New York. His papers are in the Nikola Tesla Museum."
    persons = _mentions(tesla, {"Nikola Tesla": "PERSON"})
    assert founder_span("Nikola Tesla Museum", persons, (tesla,), lexicon, named_person) == "Tesla"
    # initials before a capitalised word make it a person's surname (blind read round 15: "E. W. Scripps
    # Company" typed nnp)
    scripps = "The E. W. Scripps Company owns 15 stations."
    assert founder_span("E. W. Scripps Company", [], (scripps,), lexicon, named_person) == "Scripps"


@pytest.mark.parametrize("text, types", [
    # initials before a capitalised word: a person's surname (blind read round 21: Scripps typed nnp)
    ("E. W. Scripps Company", {"Scripps": "last"}),
    # a bank given name of known gender before a rare word: a woman's full name (Sonia typed nnp)
    ("Sonia Shankman Orthogenic School", {"Sonia": "first-female", "Shankman": "last"}),
    # a lone surname with nothing showing a person stays a name word of the organisation
    ("Stanford University", {"Stanford": "nnp"}),
    # a given name whose bearer's sex the name data do not show: no first-neutral by guess
    ("Kim Shankman School", {"Kim": "nnp", "Shankman": "rare"}),
])
def test_a_person_name_inside_an_organisation_name_takes_person_span_types(lexicon, text, types):
    spans = person_types(text, place_spans(text, "org", lexicon), lexicon)
    assert {s.surface: s.span_type for s in spans} == types


@pytest.mark.parametrize("text, name, persons", [
    # the surname also stands in a name of another thing named after him: it would be renamed too
    ("George Westinghouse founded Westinghouse Electric and Westinghouse Air Brake.", "Westinghouse Electric",
     {"George Westinghouse": "PERSON"}),
    # an eponym term named after the person
    ("Nikola Tesla founded Tesla Electric Light. The Tesla coil is his.", "Tesla Electric Light",
     {"Nikola Tesla": "PERSON"}),
    # a name *of* a figure, not a founder's firm
    ("Thomas Edison inspired the Friends of Edison Society.", "Friends of Edison Society",
     {"Thomas Edison": "PERSON"}),
    # NER read the organisation itself as a person: no person attests the surname
    ("ABC bought shares of Getty Oil in 1984.", "Getty Oil", {"Getty Oil": "PERSON"}),
    # two persons' names: which one would be renamed?
    ("George Westinghouse and David Packard founded Westinghouse Packard Company.",
     "Westinghouse Packard Company", {"George Westinghouse": "PERSON", "David Packard": "PERSON"}),
    # a surname that names a place: the city would be renamed too
    ("George Washington gave his name to Washington University in Washington.", "Washington University",
     {"George Washington": "PERSON"}),
])
def test_a_founder_surname_that_cannot_be_renamed_everywhere_is_left(lexicon, text, name, persons):
    assert founder_span(name, _mentions(text, persons), (text,), lexicon, named_person) is None


def test_the_company_word_of_a_company_named_by_common_words(lexicon):
    assert company_word("General Electric", lexicon) == "General"
    assert company_word("Visa Inc.", lexicon) == "Visa"
    assert company_word("Citadel Broadcasting", lexicon) == "Citadel"
    assert company_word("American Airlines", lexicon) is None  # a demonym: no name word
    assert company_word("Judicial Council", lexicon) is None  # a public body, not a company
    assert company_word("Standard Oil Trust", lexicon) is None  # no company word last
    # two name words side by side before the company word: renamed together, the trade word kept (a
    # gazetteer name that the lexicon gives no place kind, Paramount, is no place here)
    assert company_word("United Paramount Pictures", lexicon) == "United Paramount"
    assert company_word("Capital Cities Communications", lexicon) == "Capital Cities"
    # the name word alone before a trade's noun, which stays (round 35 rejected "Nordic Construction" →
    # "Emery")
    assert company_word("Nordic Construction GmbH", lexicon) == "Nordic"
    assert company_word("Dignity Health", lexicon) == "Dignity"
    assert company_word("Walt Disney Company", lexicon) is None  # a person's name: founder_span's case
    assert company_word("Big Red Rocket Pictures", lexicon) is None  # three words: a description?
    assert company_word("Capital of Cities Communications", lexicon) is None  # two words apart


BUENA_VISTA = ("Disney–ABC Domestic Television (formerly known as Buena Vista Television) handles domestic "
               "distribution, while Disney–ABC International Television (formerly known as Buena Vista "
               "International Television) handles international distribution.")


def test_a_company_named_by_a_gazetteer_pair_without_place_evidence(lexicon):
    """Two name words that only gazetteer places bear, one of them a city alone (``Vista``), are the company's
    name, judged as a pair; a scope word after them stays with the company word."""
    assert company_word("Buena Vista Television", lexicon) == "Buena Vista"
    assert company_word("Buena Vista International Television", lexicon) == "Buena Vista"
    assert company_word("Buena Vista International", lexicon) is None  # no company word last
    # the brand's other unit (its name words before scope words and a company word) is renamed with it
    name = "Buena Vista Television"
    assert common_word_veto("Buena Vista", name, (BUENA_VISTA,), [name] * 3, [], short_form=True) is None
    assert common_word_veto("Buena Vista", name, (BUENA_VISTA + " Buena Vista Street is nearby.",),
                            [name] * 3, [], short_form=True) == "org.word-elsewhere"


@pytest.mark.parametrize("text, name, cut", [
    ("Both BSkyB and Virgin Media agreed to end the dispute.", "Virgin Media", False),  # two names paired
    ("The dispute between BSkyB and Virgin Media ended.", "Virgin Media", False),
    ("BSkyB and Virgin Media agreed to end the dispute.", "Virgin Media", True),  # may be one longer name
    ("It bought the Manhattan Storage and Warehouse Company.", "Warehouse Company", True),
])
def test_a_name_after_a_paired_word_and_and_is_no_cut(text, name, cut):
    assert cut_from_longer(text, text.index(name)) is cut


CAPCITIES = ("In 1984 the network's parent merged with Capital Cities Communications, owner of several "
             "newspapers. In 1996 most of Capital Cities/ABC's assets were sold.")


def test_a_company_short_name_is_renamed_with_it_and_a_lone_word_is_not(lexicon):
    """The words of a company's name standing alone as its short name ("Capital Cities/ABC") follow the
    renamed name; one of them alone, or the words opening a sentence or inside another name, do not."""
    name, run = "Capital Cities Communications", "Capital Cities"
    assert common_word_veto(run, name, (CAPCITIES,), [name], [], short_form=True) is None
    assert common_word_veto(run, name, (CAPCITIES,), [name], []) == "org.word-elsewhere"  # a public body
    for other in (" Capital Cities Radio was sold.",  # inside another name
                  " Capital Cities grew.",  # a sentence start: capitalised anyway
                  " Its Capital bought a paper."):  # one word alone
        assert common_word_veto(run, name, (CAPCITIES + other,), [name], [], short_form=True) == \
            "org.word-elsewhere", other
    assert common_word_veto("Dignity", "Dignity Health", ("Sponsors included Dignity Health.",),
                            ["Dignity Health", "Dignity Health", "Dignity"], [], short_form=True) is None


def test_a_company_of_two_common_words_is_renamed_at_every_mention(lexicon):
    start = CAPCITIES.index("Capital Cities Communications")
    ex = QAExample(id="q3", dataset="t", source_format="mrqa", context=CAPCITIES,
                   question="What company did the network's parent merge with?",
                   answers=[Answer("Capital Cities Communications", [(start, start + 29)])],
                   answer_texts=["Capital Cities Communications"] * 3)
    mentions = _mentions(CAPCITIES, {"Capital Cities Communications": "ORG", "Capital Cities/ABC": "ORG"})
    entities = example_entities(ex, mentions, lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Capital Cities", "nnp")]
    new, _ = rename_example(ex, [Substitution("Capital Cities", "Harlow", "org", "nnp")])
    assert "merged with Harlow Communications" in new.context and "Harlow/ABC's" in new.context
    assert new.answer_texts == ["Harlow Communications"] * 3


def test_the_person_and_the_company_named_after_him_get_one_new_surname(lexicon):
    start = FOUNDER.index("Westinghouse Electric")
    ex = QAExample(id="q1", dataset="t", source_format="mrqa", context=FOUNDER, question=QUESTION,
                   answers=[Answer("Westinghouse Electric", [(start, start + 21)])],
                   answer_texts=["Westinghouse Electric"] * 3)
    mentions = _mentions(FOUNDER, {"George Westinghouse": "PERSON", "Westinghouse Electric": "ORG"})
    trace: list = []
    entities = example_entities(ex, mentions, lexicon, trace)
    org = [e for e in entities if e.entity_type == "org"]
    assert [(s.surface, s.span_type) for e in org for s in e.spans] == [("Westinghouse", "last")], trace
    new, _ = rename_example(ex, [Substitution("Westinghouse", "Kowalski", "org", "last")])
    assert "Westinghouse" not in new.context
    assert "George Kowalski founded Kowalski Electric" in new.context
    assert "Kowalski's demonstration" in new.context
    assert new.answer_texts == ["Kowalski Electric"] * 3


def test_a_team_nickname_is_a_plural_name_renamed_with_its_place(lexicon):
    spans = team_nickname("Chicago Bears", (TEAMS,), lexicon)
    assert [(s.surface, s.span_type, s.plural) for s in spans] == [("Bears", "nnp", True)]
    # the singular written capitalised would keep the old name; another team of that nickname too
    assert team_nickname("Chicago Bears", (TEAMS + " A Bear linebacker retired.",), lexicon) == []
    assert team_nickname("Chicago Bears", (TEAMS + " The Baylor Bears lost.",), lexicon) == []
    assert team_nickname("Los Angeles Times", ("The Los Angeles Times wrote.",), lexicon) == []


def test_a_lone_nickname_names_the_team_of_its_place(lexicon):
    assert lone_team("Broncos", TEAMS, lexicon) == "Denver Broncos"
    assert lone_team("Bears", TEAMS, lexicon) == "Chicago Bears"
    assert lone_team("Broncos", TEAMS + " The Boise Broncos lost.", lexicon) is None  # two teams
    assert lone_team("Yards", TEAMS, lexicon) is None


def test_a_team_answer_by_nickname_alone_changes_with_the_team(lexicon):
    """Answers "Chicago Bears", "the Bears": the city and the nickname are renamed, the nickname with a
    plural of its new name at every mention (possessive too)."""
    start = TEAMS.index("Chicago Bears")
    ex = QAExample(id="q2", dataset="t", source_format="mrqa", context=TEAMS, question="Who lost to Denver?",
                   answers=[Answer("Chicago Bears", [(start, start + 13)])],
                   answer_texts=["Chicago Bears", "the Chicago Bears", "Bears"])
    mentions = _mentions(TEAMS, {"Denver": "GPE", "Chicago Bears": "ORG"})
    entities = example_entities(ex, mentions, lexicon)
    assert {(s.surface, s.span_type) for e in entities for s in e.spans} == {("Chicago", "city"),
                                                                            ("Bears", "nnp")}
    subs = [Substitution("Chicago", "Tulsa", "org", "city"), Substitution("Bears", "Harlows", "org", "nnp")]
    new, _ = rename_example(ex, subs)
    assert "the Tulsa Harlows" in new.context and "held the Harlows" in new.context
    assert new.answer_texts == ["Tulsa Harlows", "the Tulsa Harlows", "Harlows"]


def test_a_plural_span_draws_a_one_word_plural_name():
    from entity_renaming.referents import PerturbableSpan
    from entity_renaming.sampling import fits

    span = PerturbableSpan("Bears", "nnp", "org", plural=True)
    assert fits("Harlows", span, ("text",)) and not fits("Joness", span, ("text",))
    assert not fits("New Yorks", span, ("text",))


def test_an_organisation_named_by_a_demonym_renames_its_country(lexicon):
    """Issue 19: a place inside an organisation's name renamed as a place; the demonym follows the
    country (``Scotland`` → ``Kenya`` makes ``Kenyan Parliament``)."""
    from entity_renaming.organisations import demonym_place

    text = "The Scottish Parliament sits in Edinburgh, Scotland."
    spans = demonym_place("Scottish Parliament", (text,), lexicon)
    assert [(s.surface, s.span_type) for s in spans] == [("Scotland", "country")]
    assert demonym_place("Polish Academy of Sciences", ("The Polish Academy of Sciences in Poland.",),
                         lexicon)[0].surface == "Poland"
    # the passage does not name the country: which one is meant ("American Indian")?
    us = ("The U.S. runs the Indian Health Service.",)
    assert demonym_place("Indian Health Service", us, lexicon) == []
    # a continent's adjective, another name word
    assert demonym_place("North American Aviation", ("North American Aviation in America.",), lexicon) == []
    assert demonym_place("Scottish Borders Council", (text + " Scottish Borders Council.",), lexicon) == []


def test_a_demonym_of_a_country_written_with_the_renames_the_country_and_its_codes(lexicon):
    """Issue 19, seventeenth session: ``the United States`` of ``American Baptist Society`` is renamed with
    its article dropped and its code following it; where "the" could not follow (before a word the renamer
    reads as a noun the name modifies) or another name cannot follow (``America``), the name is left."""
    from entity_renaming.organisations import article_follows, demonym_place

    texts = ("The American Baptist Society in the United States, not the US Senate.",)
    spans = demonym_place("American Baptist Society", texts, lexicon)
    assert [(s.surface, s.span_type, s.follows) for s in spans] == [
        ("United States", "country", ""), ("US", "country", "United States")]
    claim = ("The American Baptist Society says students in the United States claim aid.",)
    assert not article_follows("United States", claim)
    assert demonym_place("American Baptist Society", claim, lexicon) == []
    assert article_follows("Poland", claim)  # no article to follow
    america = ("The American Baptist Society in the United States, in North America and across America.",)
    assert demonym_place("American Baptist Society", america, lexicon) == []
    # another region the name holds is kept: "Dutch East India Company" → "Kenyan East India Company"
    dutch = ("Huguenots sailed from the Netherlands to the Dutch East India Company post.",)
    assert [s.surface for s in demonym_place("Dutch East India Company", dutch, lexicon)] == ["Netherlands"]
    # a country's code opening the name names its country like a demonym ("US Library of Congress" →
    # "Kenyan Library of Congress"), not where the new name could not stand ("US$10")
    code = ("It became a text of the US Library of Congress, in the United States.",)
    assert [(s.surface, s.follows) for s in demonym_place("US Library of Congress", code, lexicon)] == [
        ("US", ""), ("United States", "US")]
    assert demonym_place("US Library of Congress", ("The US Library of Congress paid US$10.",), lexicon) == []


def test_a_team_without_a_dictionary_nickname_needs_a_text_about_teams(lexicon):
    from entity_renaming.organisations import sports_team

    games = ("The Panthers beat the Seattle Seahawks in the playoffs.",)
    assert sports_team("Seattle Seahawks", games, lexicon)
    assert not sports_team("Seattle Seahawks", ("Seattle Seahawks sold shirts.",), lexicon)  # no team words
    assert not sports_team("Brandon McManus", ("Brandon McManus kicked for the team.",), lexicon)  # a person
    assert not sports_team("Seattle Mountains", games, lexicon)  # a place noun


@pytest.mark.parametrize("name, head", [
    ("Writers Guild of America", "Guild"), ("United States Census Bureau", "Bureau"),
    ("Wesleyan Holiness Consortium", "Consortium"), ("East African Community", "Community"),
    ("Civil Service Tribunal", "Tribunal"), ("Bell Northern Research", "Research"),
    ("Knight Ridder", None), ("Tesla Coil", None),
])
def test_bodies_named_by_their_kind_have_an_organisation_word(name, head):
    assert organisation_head(name) == head


def test_an_acronym_answering_a_who_question_names_a_body():
    """No person is written in capitals: an acronym that a bare who-question's answers name is a body's
    (entities.asked_body), typing evidence where the Penn Treebank never uses it or few ORG labels back it."""
    question = "Who were the current rights holders for the Premier League?"
    assert asked_body(question, "ITV", ["ITV", "ITV", "the ITV"])
    assert asked_body("What organization released the forecast?", "USGS", ["USGS", "The USGS", "USGS"])
    assert not asked_body(question, "ITV", ["ITV and the BBC", "the BBC", "ITV"])  # no majority
    assert not asked_body(question, "Brandon McManus", ["Brandon McManus"] * 3)  # a person's name
    assert not asked_body("What receptors do tumor cells lack?", "MHC", ["MHC"] * 3)  # no body asked
    assert not asked_body(question, "IV", ["IV"] * 3)  # no acronym


def test_an_acronym_renamed_for_a_who_question_and_its_word_form_veto(lexicon):
    text = ("ITV were the current rights holders, and fought hard to retain the new rights. ITV had "
            "increased its offer to keep control of the rights.")
    ex = QAExample(id="q4", dataset="t", source_format="mrqa", context=text,
                   question="Who were the current rights holders?",
                   answers=[Answer("ITV", [(0, 3)])], answer_texts=["ITV"] * 3)
    entities = example_entities(ex, _mentions(text, {"ITV": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("ITV", "rare")]
    assert acronym_veto("HAMAS", ("the formation of HAMAS, devoted to Jihad. The 1988 Hamas charter",)) \
        == "org.acronym-expanded"  # the word form would keep the old name
    assert acronym_veto("ITV", (text,)) is None


def test_a_coined_name_answering_a_who_question_is_an_organisation(lexicon):
    """A one-word ORG mention that no person bears and no dictionary lists, named alone by the answers of a
    bare who-question, is renamed as a rare word (Qwest); a plural, a bank surname or a dictionary word
    is not."""
    assert coined_name("Qwest", lexicon) and coined_name("Ofcom", lexicon)
    assert not coined_name("Zygons", lexicon)  # a plural: a people or a species
    assert not coined_name("Webb", lexicon)  # a surname of the banks
    assert not coined_name("Gold", lexicon)  # a dictionary word
    text = ("The Internet2 community, in partnership with Qwest, built the first Internet2 Network, "
            "called Abilene, in 1998.")
    start = text.index("Qwest")
    ex = QAExample(id="q5", dataset="t", source_format="mrqa", context=text,
                   question="Who did internet2 partner with",
                   answers=[Answer("Qwest", [(start, start + 5)])], answer_texts=["Qwest"] * 3)
    entities = example_entities(ex, _mentions(text, {"Qwest": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Qwest", "rare")]
    what = replace(ex, question="What did the community partner with?")  # no body asked: left
    left = example_entities(what, _mentions(text, {"Qwest": "ORG"}), lexicon)
    assert not [s for e in left for s in e.spans]


def test_a_team_named_by_a_region_renames_its_nickname_and_keeps_the_region(lexicon):
    """Issue 19: ``Carolina Panthers`` (a compass state's region, no city to rename): a team, its plural
    nickname renamed at every mention, ``Carolina`` kept (renaming it would rename North Carolina)."""
    from entity_renaming.organisations import region_team

    games = ("The Carolina Panthers beat Denver in the playoffs. The Panthers lost in North Carolina.",)
    assert region_team("Carolina Panthers", games, lexicon)
    assert [(s.surface, s.plural) for s in team_nickname("Carolina Panthers", games, lexicon)] == [
        ("Panthers", True)]
    assert lone_team("Panthers", games[0], lexicon) == "Carolina Panthers"
    assert not region_team("Carolina Panthers", ("The Carolina Panthers sold shirts.",), lexicon)
    assert not region_team("Chicago Bears", (TEAMS,), lexicon)  # a city's team: its city renamed too
    assert not region_team("Carolina Mountains", games, lexicon)  # a place noun


def test_a_station_call_sign_is_renamed_by_its_letters():
    """Issue 19: a broadcast call sign (``KGPE``, ``WPVI-TV``) beside words of broadcasting names a station,
    its letters renamed like an acronym; the same shape without them is no station (``WMO``)."""
    from entity_renaming.organisations import call_sign, call_signs_in

    text = "Other Fresno stations include CBS affiliate KGPE and the O&O WPVI-TV; KOA (850 AM) and KRFX."
    assert call_sign("KGPE", text) == "KGPE"
    assert call_sign("WPVI-TV", text) == "WPVI"
    assert call_sign("WMO", "the World Meteorological Organization (WMO) met in Geneva.") is None
    assert call_sign("NASA", text) is None  # no call sign's shape
    assert call_signs_in("KOA (850 AM) and KRFX", text) == {"KOA", "KRFX"}
    low = "low-power stations in a few markets, such as Birmingham, Alabama (WBMA-LD), Lima, Ohio (WLQP-LP)"
    assert call_sign("WBMA-LD", low) == "WBMA"  # the FCC's low-power digital suffix
    assert call_sign("WBMA-XY", low) is None  # no service suffix


def test_a_call_sign_is_renamed_by_another_call_sign_of_its_format(lexicon):
    """Blind read round 35 rejected ``WLQP-LP`` → ``SEYDOUX-LP`` among ``WBMA-LD`` and ``WBND-LD``: a call
    sign takes another of its format (K or W, Canada's two-letter prefix kept, the length kept), its suffix
    kept at every mention."""
    import random
    import re

    from entity_renaming.organisations import new_call_sign
    from entity_renaming.sampling import Sampler

    rng = random.Random(3)
    assert all(re.fullmatch(r"W[A-Z]{3}", new_call_sign("WLQP", rng)) for _ in range(20))
    assert all(re.fullmatch(r"K[A-Z]{2}", new_call_sign("KOA", rng)) for _ in range(20))
    assert all(re.fullmatch(r"CF[A-Z]{2}", new_call_sign("CFTO", rng)) for _ in range(20))
    # never the station's own sign: the sampler redraws a replacement equal to an original
    assert all(Sampler("dbname").mapping([PerturbableSpan("KO", "call-sign", "org")], ["KO (850 AM)"],
                                         random.Random(seed))[0].replacement != "KO" for seed in range(100))
    text = ("ABC maintains affiliations with low-power stations, such as Birmingham, Alabama (WBMA-LD), "
            "Lima, Ohio (WLQP-LP) and South Bend, Indiana (WBND-LD).")
    question = "What is the ABC affiliate that serves Lima, Ohio?"
    ex = _example(text, "WLQP-LP", question, ["WLQP-LP"] * 3)
    entities = example_entities(ex, _mentions(text, {"WLQP-LP": "ORG", "ABC": "ORG"}), lexicon)
    spans = [s for e in entities if e.text == "WLQP-LP" for s in e.spans]
    assert [(s.surface, s.span_type) for s in spans] == [("WLQP", "call-sign")]
    [sub] = Sampler("dbname").mapping(spans, [text, question], random.Random(0))
    assert re.fullmatch(r"W[A-Z]{3}", sub.replacement) and sub.replacement not in text
    new, _ = rename_example(ex, [sub])
    assert f"({sub.replacement}-LP)" in new.context and new.answer_texts == [f"{sub.replacement}-LP"] * 3


def test_an_acronym_spelled_by_an_organisation_of_the_dataset_is_its_short_name():
    """Issue 19: ``IPCC``, unknown to the Penn Treebank, is the initials of an ORG name of the dataset
    (``Intergovernmental Panel on Climate Change``); a treaty's (``TEU``) or a term's letters are not."""
    from entity_renaming.organisations import _org_initials

    names = ["Intergovernmental Panel on Climate Change", "Treaty on European Union", "United Nations"]
    lexicon = Lexicon()
    lexicon.observe(names, [Mention(0, len(n), "ORG", n) for n in names])
    initials = lexicon.dataset_table(_org_initials)
    assert "IPCC" in initials
    assert "TEU" not in initials  # a treaty names no organisation
    assert "UN" not in initials  # two words: too short to tell an acronym


def _example(text: str, answer: str, question: str, answers: list[str]) -> QAExample:
    start = text.index(answer)
    return QAExample(id="q9", dataset="t", source_format="mrqa", context=text, question=question,
                     answers=[Answer(answer, [(start, start + len(answer))])], answer_texts=answers)


def test_a_call_sign_that_ner_misreads_is_a_station(lexicon):
    """Issue 19, seventh session: a call sign inside the answer that NER tags PERSON or leaves untagged is
    an ORG candidate (organisations.call_sign_answers), its letters renamed; "Tampa's" spells no WTSP."""
    from entity_renaming.acronyms import acronym_expanded

    text = ("In the case of WWSB, this dates back to when WTSP was Tampa's primary ABC affiliate, due to "
            "WTSP's transmitter; the radio station WBT-FM (99.3 FM) carried the game.")
    ex = _example(text, "WTSP", "What was Tampa's primary ABC affiliate?", ["WTSP"] * 3)
    entities = example_entities(ex, _mentions(text, {"WTSP": "PERSON", "ABC": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities if e.entity_type == "org" for s in e.spans] == [
        ("WTSP", "call-sign")]
    assert not acronym_expanded("WTSP", (text,))
    fm = _example(text, "WBT-FM", "What radio station carried the game?", ["WBT-FM"] * 3)
    assert [s.surface for e in example_entities(fm, [], lexicon) for s in e.spans] == ["WBT"]


def test_a_unit_named_by_its_organisations_acronym_renames_the_acronym(lexicon):
    """Issue 19, seventh session: ``NBC Mobile`` (no organisation word, few ORG labels) is a service of NBC,
    the organisation inside the answer: NBC is renamed at every mention (organisations.owner_acronym); a form
    glued to a number (``NBC1``) would keep the old name."""
    from entity_renaming.organisations import owner_acronym

    assert owner_acronym("NBC Mobile", lexicon) == "NBC"
    assert owner_acronym("NBC", lexicon) is None and owner_acronym("Mobile Service", lexicon) is None
    assert owner_acronym("NBC Deportes", lexicon) is None  # a name word of its own would stay
    text = "Customers could stream the game via the NBC Mobile service, which NBC launched in 2010."
    ex = _example(text, "NBC Mobile", "What service did customers use?", ["NBC Mobile"] * 3)
    entities = example_entities(ex, _mentions(text, {"NBC Mobile": "ORG", "NBC": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("NBC", "rare")]
    assert acronym_veto("NBC", (text + " NBC1 closed.",)) is None  # "NBC1" is renamed with it
    assert acronym_veto("NBC", (text + " NBC1HD closed.",)) == "org.acronym-expanded"


def test_a_numbered_channel_renames_its_organisations_acronym(lexicon):
    """Issue 19, eleventh session: ``BBC 1`` (a digit: no organisation's name by itself) is a channel of the
    BBC, renamed by its acronym at every mention (acronyms.numbered_channel, organisations.owner_acronym)."""
    from entity_renaming.acronyms import numbered_channel

    assert numbered_channel("BBC 1") and not numbered_channel("BBC 1999")
    assert not numbered_channel("Channel 4")
    text = "The BBC drama department produced the programme, broadcast on BBC 1 for 26 seasons."
    ex = _example(text, "BBC 1", "What TV station showed the broadcasts?", ["BBC 1"] * 3)
    entities = example_entities(ex, _mentions(text, {"BBC 1": "ORG", "BBC": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("BBC", "rare")]


def test_a_name_whose_organisation_word_ner_misread_is_an_organisation(lexicon):
    """Issue 19, seventh session: ``Virgin Media`` tagged PERSON is an ORG candidate by its company word
    (organisations.headed_answers); an untagged run may be a description and is left."""
    from entity_renaming.organisations import headed_answers

    text = "On the same day NTL's services re-branded as Virgin Media, and the Charge Conference met."
    ex = _example(text, "Virgin Media", "What were NTL's services rebranded as?", ["Virgin Media"] * 3)
    found = headed_answers(ex, _mentions(text, {"Virgin Media": "PERSON"}), lexicon)
    assert [(m.text, m.label) for m in found] == [("Virgin Media", "ORG")]
    charge = _example(text, "Charge Conference", "What met?", ["Charge Conference"] * 3)
    assert headed_answers(charge, [], lexicon) == []
    # a GPE mention over a whole organisation's name no gazetteer lists (seventeenth session); a country
    # named by an organisation word stays a place
    council = "The Parliament rented buildings from the City of Edinburgh Council in Edinburgh."
    ex = _example(council, "City of Edinburgh Council", "Who did the Parliament rent buildings from?",
                  ["City of Edinburgh Council"] * 3)
    tagged = _mentions(council, {"the City of Edinburgh Council": "GPE"})
    assert [(m.text, m.label) for m in headed_answers(ex, tagged, lexicon)] == [
        ("City of Edinburgh Council", "ORG")]
    soviet = "The Soviet Union signed the treaty."
    ex = _example(soviet, "Soviet Union", "Who signed the treaty?", ["Soviet Union"] * 3)
    assert headed_answers(ex, _mentions(soviet, {"Soviet Union": "GPE"}), lexicon) == []
    radio = "In 2011, the theme tune charted at number 228 of radio station Classic FM's Hall of Fame."
    ex = _example(radio, "Classic FM", "What radio station did the theme reach the charts on?",
                  ["Classic FM"] * 3)
    entities = example_entities(ex, _mentions(radio, {"Classic FM's": "PRODUCT"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Classic", "nnp")]


def test_a_name_whose_demonym_or_company_word_ner_misread_is_an_organisation(lexicon):
    """Session 23: NER tags the demonym opening an organisation's name NORP alone and leaves the rest
    untagged (``European`` of ``European Anti-fraud Office``), or reads a name closed by a company word as a
    work (``Worldvision Enterprises`` tagged WORK_OF_ART; a company word only, not the gloss "The Knowledge
    School"): the organisation word is the evidence
    (organisations.headed_answers). A demonym before a name found without it describes it (``Danish``
    of ``Danish DFDS Seaways``)."""
    from entity_renaming.organisations import headed_answers

    text = "In 1999 the Commission set up the European Anti-fraud Office to investigate fraud."
    ex = _example(text, "European Anti-fraud Office", "What office was set up?",
                  ["European Anti-fraud Office"] * 3)
    found = headed_answers(ex, _mentions(text, {"European": "NORP"}), lexicon)
    assert [(m.text, m.label) for m in found] == [("European Anti-fraud Office", "ORG")]
    works = "ABC Films had a subdivision, Worldvision Enterprises, which produced programming."
    ex = _example(works, "Worldvision Enterprises", "Which subdivision produced programming?",
                  ["Worldvision Enterprises"] * 3)
    found = headed_answers(ex, _mentions(works, {"Worldvision Enterprises": "WORK_OF_ART"}), lexicon)
    assert [(m.text, m.label) for m in found] == [("Worldvision Enterprises", "ORG")]
    gloss = "The biggest school chain, Kunskapsskolan (“The Knowledge School”), offers 30 schools."
    ex = _example(gloss, "The Knowledge School", "What is the English translation of Kunskapsskolan?",
                  ["The Knowledge School"] * 3)
    assert headed_answers(ex, _mentions(gloss, {"The Knowledge School": "WORK_OF_ART"}), lexicon) == []
    ferry = "The Danish DFDS Seaways runs a service to Amsterdam."
    at = ferry.index("Danish")
    ex = _example(ferry, "Danish DFDS Seaways", "Who runs a service?", ["Danish DFDS Seaways"] * 3)
    short = ferry.index("DFDS")
    ex.answers.append(Answer("DFDS Seaways", [(short, short + 12)]))
    found = headed_answers(ex, [Mention(at, at + 6, "NORP", "Danish")], lexicon)
    assert [m.text for m in found] == ["DFDS Seaways"]


def test_a_church_misread_as_a_building_is_renamed_by_its_distinctive_words():
    """Issue 19, twelfth session: a church is an organisation word (``Church of Scotland``), and a church's
    name that NER tagged FAC (``Lovely Lane Methodist Church``) is the answer entity even where the dataset
    labels a shorter run of it ORG (``Methodist Church``): the longer name wins
    (entities.inside_headed), renamed by its descriptive words, its creed and organisation word kept."""
    assert organisation_head("Church of Scotland") == "Church"
    assert organisation_head("Lovely Lane Methodist Church") == "Church"
    text = ("The conference was held at the Lovely Lane Methodist Church, considered the Mother Church of "
            "American Methodism.")
    other = ("The Methodist Church grew quickly. Members of the Methodist Church built schools, and the "
             "Methodist Church split in 1844. A lovely lane led to the old lane by the church.")
    lexicon = Lexicon()
    lexicon.observe([text, other], [*_mentions(text, {"Lovely Lane Methodist Church": "FAC"}),
                                    *_mentions(other, {"Methodist Church": "ORG"})])
    ex = _example(text, "Lovely Lane Methodist Church", "Where was the conference held?",
                  ["Lovely Lane Methodist Church"] * 3)
    entities = example_entities(ex, _mentions(text, {"Lovely Lane Methodist Church": "FAC"}), lexicon)
    assert [(s.surface, s.span_type, e.entity_type) for e in entities for s in e.spans] == [
        ("Lovely Lane", "nnp", "org")]


def test_a_body_named_by_an_acronym_and_its_kind_renames_the_acronym():
    """Issue 19, twelfth session: a body named by its organisation's acronym and common words of its kind
    (``WMO Executive Council``: no descriptive word to rename, the acronym is its name) is a body of that
    organisation, its acronym renamed as a rare word (organisations.owner_acronym), as for a headless unit
    (``NFL Mobile``); spelled out in the passage, it is left (rule ``org.acronym-expanded``)."""
    text = ("The IPCC concentrates on the tasks allotted to it by the WMO Executive Council resolutions. "
            "The WMO and its members fund it; the WMO also publishes data.")
    mentions = _mentions(text, {"WMO Executive Council": "ORG", "WMO": "ORG"})
    lexicon = Lexicon()
    lexicon.observe([text], mentions)
    ex = _example(text, "WMO Executive Council", "What council assigns tasks to the IPCC?",
                  ["WMO Executive Council"] * 3)
    entities = example_entities(ex, mentions, lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("WMO", "rare")]
    spelled = text + " The World Meteorological Organization (WMO) was founded in 1950."
    ex = _example(spelled, "WMO Executive Council", "What council assigns tasks to the IPCC?",
                  ["WMO Executive Council"] * 3)
    assert example_entities(ex, _mentions(spelled, {"WMO Executive Council": "ORG", "WMO": "ORG"}),
                            lexicon) == []


def test_an_untagged_name_closed_by_an_organisation_word_is_an_organisation():
    """Issue 19, eleventh session: a run of capitalised words that NER left untagged, closed by an
    organisation word (a library and a seminary are organisations: ``Widener Library``, ``Chicago
    Theological Seminary``) and holding a proper name word before it, is an ORG candidate; a run of
    dictionary words (``Charge Conference``) or one after "a" (one body among many) is a description."""
    from entity_renaming.organisations import headed_answers, organisation_head

    assert organisation_head("Widener Library") == "Library"
    assert organisation_head("Chicago Theological Seminary") == "Seminary"
    text = ("The library system is centered in Widener Library in Harvard Yard. The institute will occupy "
            "the buildings of the Chicago Theological Seminary. Each town built a Widener Library too.")
    lexicon = Lexicon()
    lexicon.observe([text], [])  # "Widener", a dictionary word, is written capitalised here
    library = _example(text, "Widener Library", "What is the center library?", ["Widener Library"] * 3)
    assert [(m.text, m.label, m.start) for m in headed_answers(library, [], lexicon)] == [
        ("Widener Library", "ORG", text.index("Widener"))]
    entities = example_entities(library, [], lexicon)
    assert [(s.surface, e.entity_type) for e in entities for s in e.spans] == [("Widener", "org")]
    seminary = _example(text, "Chicago Theological Seminary", "What buildings held the institute?",
                        ["Chicago Theological Seminary"] * 3)
    assert [m.text for m in headed_answers(seminary, [], lexicon)] == ["Chicago Theological Seminary"]
    start = text.rindex("Widener Library")
    one = QAExample(id="q9", dataset="t", source_format="mrqa", context=text, question="What did each build?",
                    answers=[Answer("Widener Library", [(start, start + 15)])],
                    answer_texts=["Widener Library"])
    assert headed_answers(one, [], lexicon) == []  # "a Widener Library": one of many


def test_a_lone_nickname_answering_a_team_question_is_renamed_without_its_place(lexicon):
    """Issue 19, eleventh session: "What team did Rivera play for?" "the Bears", in a passage that names no
    place of the team: the dataset's one team of that nickname (``Chicago Bears``), its nickname renamed
    alone as a plural; without a question asking for a team the nickname stays unread."""
    text = "Rivera had been a linebacker with the Bears in Super Bowl XX before he coached."
    assert lone_team("Bears", text, lexicon, "What team did Rivera play for?") == "Chicago Bears"
    assert lone_team("Bears", text, lexicon, "Who did Rivera coach?") is None
    held = "Rivera, who led the Bears to victory, is currently Chicago's Executive Vice President."
    assert lone_team("Bears", held, lexicon, "Who did Rivera play for?") == "Chicago Bears"  # a possessive
    assert lone_team("Bears", held.replace("Chicago's", "the"), lexicon, "Who did Rivera play for?") is None
    ex = _example(text, "Bears", "What team did Rivera play for?", ["Bears", "the Bears", "Bears"])
    entities = example_entities(ex, _mentions(text, {"Bears": "ORG"}), lexicon)
    assert [(s.surface, s.span_type, s.plural) for e in entities for s in e.spans] == [
        ("Bears", "nnp", True)]


_STUDIO = ("The BBC, in conjunction with animation studio Cosgrove Hall, reconstructed the missing episodes. "
           "Later the studio closed.")


def _studio_example() -> tuple[QAExample, list[Mention], Lexicon]:
    """"animation studio Cosgrove Hall", tagged PERSON once in the dataset (in this passage)."""
    ex = _example(_STUDIO, "Cosgrove Hall", "Who did the BBC work with?", ["Cosgrove Hall"] * 3)
    mentions = _mentions(_STUDIO, {"Cosgrove Hall": "PERSON", "BBC": "ORG"})
    once = Lexicon()
    once.observe([_STUDIO], mentions)
    return ex, mentions, once


def test_a_kind_noun_outweighs_a_single_other_label_of_the_dataset():
    """Issue 19, eleventh session: "animation studio Cosgrove Hall", tagged PERSON once in the dataset (in
    this passage), is an ORG candidate by its kind noun; a name the dataset labels PERSON twice stays a
    person's."""
    from entity_renaming.organisations import kind_named_answers

    ex, mentions, once = _studio_example()
    assert [(m.text, m.label) for m in kind_named_answers(ex, mentions, once)] == [("Cosgrove Hall", "ORG")]
    other = "Cosgrove Hall was born in Leeds."
    twice = Lexicon()
    twice.observe([_STUDIO, other], [*mentions, *_mentions(other, {"Cosgrove Hall": "PERSON"})])
    assert kind_named_answers(ex, mentions, twice) == []


def test_a_person_mention_named_as_a_kind_of_organisation_is_no_person_of_the_passage():
    """Issue 19, twelfth session: "animation studio Cosgrove Hall", tagged PERSON, is the organisation
    mislabelled (as "Getty Oil" is): its words name no person of the passage, so the ORG candidate is renamed
    by its name word ("Masters Hall") instead of being left out as a name holding a person's word
    (``org.word-not-renamable``); a person named beside a kind noun stays one ("manufacturer Charles
    Porter")."""
    from entity_renaming.entities import mislabelled_organisation

    ex, mentions, once = _studio_example()
    assert mislabelled_organisation("Cosgrove Hall", once, _STUDIO)
    assert not mislabelled_organisation("Cosgrove Hall", once)  # no passage, no kind noun
    assert not mislabelled_organisation("Charles Porter", once, "built by manufacturer Charles Porter, who")
    entities = [e for e in example_entities(ex, mentions, once) if e.entity_type == "org"]
    assert "Cosgrove" in {s.surface for e in entities for s in e.spans}  # "Hall" too with no dataset counts


def test_a_city_state_university_is_renamed_by_its_city(lexicon):
    """Issue 19, eleventh session: ``San Jose State`` (tagged GPE) is no state: a city and "State" name a
    state university, renamed by its city as the organisation's place word where most answers hold the
    whole name ("the San Jose State practice facility"); an answer "San Jose" alone names the city, and a
    state's name (``New York State``) is the state."""
    from entity_renaming.organisations import state_university

    assert state_university("San Jose State", lexicon) == "San Jose"
    assert state_university("New York State", lexicon) is None
    assert state_university("Washington State", lexicon) is None
    text = "The Panthers used the San Jose State practice facility and stayed at the San Jose Marriott."
    mentions = _mentions(text, {"San Jose State": "GPE"})
    ex = _example(text, "San Jose State", "Where did the Panthers practice?",
                  ["San Jose State", "the San Jose State practice facility", "San Jose"])
    entities = example_entities(ex, mentions, lexicon)
    assert [(e.entity_type, s.surface, s.span_type) for e in entities for s in e.spans] == [
        ("org", "San Jose", "city")]
    city = _example(text, "San Jose", "In what city's Marriott did the Panthers stay?", ["San Jose"] * 3)
    assert all(e.entity_type != "org" for e in example_entities(city, mentions, lexicon))


def test_a_name_in_apposition_with_a_kind_of_organisation_is_an_organisation(lexicon):
    """Issue 19, tenth session: a name NER does not tag ORG over the answer is an ORG candidate where the
    passage writes a kind noun beside it ("rock group Coldplay" tagged FAC, "the Maling company" untagged,
    "AvtoZAZ, a Ukrainian car manufacturer"), and that noun is its organisation evidence (no organisation
    word, a lone word); not after a possessive, an ethnic group, a compound or a longer phrase."""
    from entity_renaming.organisations import kind_apposition, kind_named_answers

    text = ("The halftime show was headlined by the British rock group Coldplay with guest Beyoncé. In 1817 "
            "the Maling company, then a large firm, moved to the city. In 2005 the factory was sold to "
            "AvtoZAZ, a Ukrainian car manufacturer.")
    assert [kind_apposition(n, text) for n in ("Coldplay", "Maling", "AvtoZAZ")] == [
        "group", "company", "manufacturer"]
    assert kind_apposition("Beyoncé", text) is None
    other = ("After leaving Edison's company Tesla partnered with two men; the ethnic group Hmong; working "
             "group II; over the Spring bank holiday; Christopher Gist, a company surveyor.")
    assert [kind_apposition(n, other) for n in ("Tesla", "Hmong", "II", "Spring", "Christopher Gist")] == [
        None] * 5
    band = _example(text, "Coldplay", "Who headlined the halftime show?", ["Coldplay"] * 3)
    assert [(m.text, m.label) for m in kind_named_answers(band, _mentions(text, {"Coldplay": "FAC"}),
                                                          lexicon)] == [("Coldplay", "ORG")]
    entities = example_entities(band, _mentions(text, {"Coldplay": "FAC", "Beyoncé": "PERSON"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Coldplay", "rare")]
    firm = _example(text, "Maling", "What company moved to the city?", ["Maling"] * 3)
    assert [(s.surface, e.entity_type) for e in example_entities(firm, [], lexicon) for s in e.spans] == [
        ("Maling", "org")]


def test_a_name_listed_after_a_kind_of_organisation_is_an_organisation(lexicon):
    """Issue 19, fourteenth session: "extremist groups such as Al-Qaeda and the Taliban" shows each listed
    name an organisation (``org.lone-word`` removed "the Taliban"), and a plural that a kind noun names, "a
    regional group known as the Camisards", is the group, renamed, not a team's members ("the Broncos")."""
    from entity_renaming.entities import lone_company
    from entity_renaming.organisations import kind_apposition

    text = ("It distributed funds to violent Sunni extremist groups such as Al-Qaeda and the Taliban. Ethnic "
            "groups such as the Hmong moved. In 1702 a regional group known as the Camisards rioted.")
    assert [kind_apposition(n, text) for n in ("Al-Qaeda", "Taliban", "Camisards")] == ["groups"] * 2 + [
        "group"]
    assert kind_apposition("Hmong", text) is None
    question = "What did the 18th century Huguenot group call themselves?"
    assert lone_company("Camisards", question, text, ["Camisards"] * 3, lexicon)
    assert not lone_company("Broncos", "Which team won?", "The Broncos won.", ["Broncos"] * 3, lexicon)
    ex = _example(text, "Camisards", question, ["Camisards", "the Camisards", "Camisards"])
    entities = example_entities(ex, _mentions(text, {"Camisards": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Camisards", "rare")]


def test_a_broadcaster_a_bracketed_list_and_a_possessive_show_an_organisation(lexicon):
    """Issue 24: a channel, network or station after its medium ("the Canadian cable channel Space", not
    "the English Channel" nor "a tube station"), a bracketed list after a kind noun ("pharmacy management
    companies (primarily Omnicare, Kindred Healthcare and PharMerica)") and the name's possessive before
    its kind ("the Standard & Poor's rating agency") write the name in apposition with a kind of
    organisation; a troupe is one."""
    from entity_renaming.organisations import kind_apposition

    text = ("The series moved to the Canadian cable channel Space in 2009. Many work for large pharmacy "
            "management companies (primarily Omnicare, Kindred Healthcare and PharMerica). In 2014, "
            "economists with the Standard & Poor's rating agency concluded it. The theater troupe Off-Off "
            "Campus played. Ships crossed the English Channel to the tube station Westminster.")
    assert [kind_apposition(n, text) for n in ("Space", "Omnicare", "Kindred Healthcare", "PharMerica",
                                               "Standard & Poor", "Off-Off Campus")] == [
        "cable channel", "companies", "companies", "companies", "agency", "troupe"]
    assert [kind_apposition(n, text) for n in ("English", "Westminster", "Spring")] == [None] * 3
    assert kind_apposition("Hmong", "ethnic groups (mainly the Hmong)") is None
    ex = _example(text, "Space", "What Canadian cable station started showing the series?", ["Space"] * 3)
    entities = example_entities(ex, [], lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Space", "nnp")]


def test_a_station_asked_for_beside_a_word_of_broadcasting_is_an_organisation(lexicon):
    """Issue 24: "Which station started showing Doctor Who …?" SyFy, written beside "television channels":
    a station the question asks for (by the wh-word or a medium: question.asks_for_station) that the
    passage writes beside a word of broadcasting other than "station" (organisations.broadcast_name) is a
    broadcaster (entities.asked_body); not a railway's or a bus's station."""
    from entity_renaming.organisations import broadcast_name
    from entity_renaming.question import asks_for_station

    assert asks_for_station("Which station started showing Doctor Who after the SF channel closed?")
    assert asks_for_station("What Newcastle radio station is based at the hospital?")
    assert not any(asks_for_station(q) for q in (
        "What mainline station is to the east of the city center?", "What space station supported them?",
        "A tunnel from the museum leads to which tube station?", "What do power station turbines use?"))
    text = ("Repeats have also been shown on subscription television channels BBC UKTV, SF and later on SyFy "
            "upon SF's closure. The city's rail network was extended several times in the following decades, "
            "and Manors station lies to the east of the centre.")
    assert broadcast_name("SyFy", text) and not broadcast_name("Manors", text)
    question = "Which station started showing Doctor Who after the SF channel closed?"
    assert asked_body(question, "SyFy", ["SyFy"] * 3, lexicon, text)
    assert not asked_body("What station is to the east?", "Manors", ["Manors"] * 3, lexicon, text)
    ex = _example(text, "SyFy", question, ["SyFy"] * 3)
    entities = example_entities(ex, _mentions(text, {"SyFy": "ORG", "BBC UKTV": "ORG"}), lexicon)
    assert [(s.surface, e.entity_type) for e in entities for s in e.spans] == [("SyFy", "org")]


def test_a_trade_question_outweighs_a_tiny_gazetteer_place_of_a_lone_company_name(lexicon):
    """Issue 24: "On which magazine's cover …?" Time, "What clothing company …?" Gap: a one-word name that
    tiny gazetteer places bear (Time, Norway; Gap, France) is the organisation a trade's question asks for
    (entities.asked_trade) unless the dataset labels it mostly otherwise; a team's question does not
    outweigh it (Denver, a city)."""
    from entity_renaming.entities import lone_company

    text = "On Tesla's 75th birthday in 1931, Time magazine put him on its cover."
    assert lone_company("Time", "On which magazine's cover did Tesla appear?", text, ["Time"] * 3, lexicon)
    assert not lone_company("Time", "Who put Tesla on its cover?", text, ["Time"] * 3, lexicon)
    assert lone_company("Gap", "What clothing company was a sponsor?", "Sponsors were Intel, Gap and Apple.",
                        ["Gap"] * 3, lexicon)
    assert not lone_company("Denver", "What team won?", "Denver won.", ["Denver"] * 3, lexicon)
    ex = _example(text, "Time", "On which magazine's cover did Tesla appear in 1931?", ["Time"] * 3)
    entities = example_entities(ex, _mentions(text, {"Time": "ORG", "Tesla": "PERSON"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Time", "nnp")]


def test_a_demonym_whose_country_cannot_be_renamed_leaves_the_body_out(lexicon):
    """Issue 19, seventh session: keeping the demonym of ``American Medical Association`` (the United
    States, written with "the", cannot follow a new name) and renaming its descriptive word alone read as no
    name ("American Xoma Association": blind read round 21 rejected both such examples); the body is left
    out. Seventeenth session: the United States now follows its demonym where its article can
    (organisations.article_follows), and here the acronym ``AMA`` would keep the demonym's letter
    (``place.derived-word-left``)."""
    from entity_renaming.entities import distinctive_word

    assert distinctive_word("American Medical Association", lexicon) is None
    text = ("However, the American Medical Association (AMA) Code of Ethics provides that physicians may "
            "dispense drugs in the United States.")
    ex = _example(text, "American Medical Association", "What body has stated that physicians can dispense "
                  "drugs?", ["the American Medical Association (AMA)", "American Medical Association"] * 2)
    trace: list = []
    entities = example_entities(ex, _mentions(text, {"American Medical Association": "ORG", "AMA": "ORG",
                                                     "the United States": "GPE"}), lexicon, trace)
    assert entities == [] and "place.derived-word-left" in {f.rule for f in trace}


EUROPE = ("The European Union (EU) passed the directive. European courts apply EU law, and the European "
          "Union enforces it.")


def test_an_organisation_named_by_a_place_adjective_is_renamed_as_a_whole(lexicon):
    """Ninth session: a body named by a continent's adjective and common words (``European Union``) has no
    word to rename alone ("European courts" is no mention of it); the whole name takes a drawn name before
    its kept words (``Harlow Union``) and its acronym follows (``EU`` → ``HU``)."""
    import random

    from entity_renaming.sampling import Sampler

    ex = _example(EUROPE, "European Union", "What passed the directive?", ["The European Union"] * 3)
    trace: list = []
    entities = example_entities(ex, _mentions(EUROPE, {"European Union": "ORG", "EU": "ORG"}), lexicon, trace)
    spans = [s for e in entities for s in e.spans]
    assert [(s.surface, s.tail, s.follows) for s in spans] == [
        ("European Union", " Union", ""), ("EU", "", "European Union")], trace
    subs = Sampler("dbname").mapping(spans, (EUROPE,), random.Random(0))
    new = {s.original: s.replacement for s in subs}
    assert new["European Union"].endswith(" Union") and new["EU"] == new["European Union"][0] + "U"
    renamed, _ = rename_example(ex, subs)
    assert "European courts" in renamed.context and "European Union" not in renamed.context
    assert renamed.answer_texts == [f"The {new['European Union']}"] * 3


@pytest.mark.parametrize("name, text", [
    ("Scottish Parliament", "The Scottish Parliament sits in Edinburgh, Scotland."),  # the place is named
    ("Scottish Parliament", "Scottish MPs left the Scottish Parliament."),  # its demonym stands elsewhere
    ("Lothian Regional Council", "The Lothian Regional Council met."),  # a place, not an adjective
    ("Dutch East India Company", "The Dutch East India Company traded."),  # a place word
    ("Institute of Radio Engineers", "The Institute of Radio Engineers met."),  # no adjective first
    ("European Court of Justice", "The Court of Justice of the European Union sat."),  # another full name
])
def test_a_place_adjective_name_is_left_where_its_place_would_stay(lexicon, name, text):
    from entity_renaming.organisations import adjective_name

    assert adjective_name(name, (text,), lexicon) is None
    assert adjective_name("European Court of Justice", (EUROPE,), lexicon).tail == " Court of Justice"


def test_a_country_demonym_opening_a_name_of_common_words_is_renamed_as_a_demonym(lexicon):
    """Blind read round 34 rejected "American Institute of Electrical Engineers" → "Lumpur Institute …":
    "American" is a nationality adjective. Where no text names its country or uses it elsewhere, it takes
    the demonym of a drawn country no text names (a ``nationality`` span, as a historical state's demonym);
    a continent's adjective (``European Union``) is still renamed by a drawn name."""
    import random

    from entity_renaming.organisations import adjective_name
    from entity_renaming.sampling import Sampler

    text = ("In 1917 Tesla received the Edison Medal, the most prestigious electrical award of the American "
            "Institute of Electrical Engineers. The institute later merged into a larger body.")
    name = "American Institute of Electrical Engineers"
    span = adjective_name(name, (text,), lexicon)
    assert (span.surface, span.span_type, span.follows) == (
        "American", "nationality", "United States (historical state)")
    assert adjective_name("European Court of Justice", (EUROPE,), lexicon).span_type == "nnp"
    # beside a place (Warsaw), another country's demonym would read wrong: a drawn name, as before
    warsaw = "Warsaw possesses various universities, most notably the Polish Academy of Sciences."
    local = Lexicon()
    local.observe([warsaw], [Mention(0, 6, "GPE", "Warsaw")])
    assert adjective_name("Polish Academy of Sciences", (warsaw,), local).span_type == "nnp"
    question = "Which organisation awarded Tesla the Edison Medal?"
    ex = _example(text, name, question, [name] * 3)
    entities = example_entities(ex, _mentions(text, {name: "ORG", "Tesla": "PERSON"}), lexicon)
    spans = [s for e in entities if e.entity_type == "org" for s in e.spans]
    [sub] = Sampler("dbname").mapping(spans, (text, question), random.Random(0))
    assert sub.original == "American" and sub.span_type == "nationality" and sub.replacement != "American"
    renamed, _ = rename_example(ex, [sub])
    assert renamed.answer_texts == [f"{sub.replacement} Institute of Electrical Engineers"] * 3


def test_a_band_the_question_asks_for_is_no_person_whatever_its_name_looks_like(lexicon):
    """Ninth session: "What band …? Duran Duran" asks for an organisation; a name that reads like a
    person's (a surname twice) is not renamed as a person's (``Debel Debel``) in the PER configs."""
    text = "Andy Taylor, former lead guitarist of Duran Duran, was born here in 1961."
    ex = _example(text, "Duran Duran", "What band is Andy Taylor the former lead guitarist of?",
                  ["Duran Duran"] * 3)
    entities = example_entities(ex, _mentions(text, {"Andy Taylor": "PERSON", "Duran Duran": "ORG"}), lexicon)
    assert all(e.entity_type != "per" for e in entities)


def test_a_canadian_call_sign_is_a_station():
    """Issue 19, tenth session: Canada's broadcasting prefixes (CF, CH, CI, CJ, CK) spell call signs too
    (``CFTO-TV``), renamed by their letters like a US station's; ``CBS`` and ``CJEU`` have no such shape
    beside a broadcasting word."""
    from entity_renaming.organisations import call_sign

    text = "Goldenson agreed to acquire a 25% interest in CFTO-TV, a television station in Toronto."
    assert call_sign("CFTO-TV", text) == "CFTO"
    assert call_sign("CJEU", "the CJEU ruled on the case.") is None


def test_an_acronym_labelled_org_wherever_labelled_is_decided_by_the_acronym_rules():
    """Issue 19, tenth session: an acronym with no organisation word and few ORG labels (``ODM``) is no
    longer left out by org.no-head: NER labels it ORG wherever it labels it, and the acronym rules decide
    it (renamed as a rare word); a term that NER also labels otherwise (``RNA``) and a dictionary word's
    plural (``MODES``) stay out."""
    from entity_renaming.acronyms import acronym_attested, labelled_acronym

    text = ("Under the deal, the president would appoint cabinet ministers from both PNU and ODM camps. "
            "RNA silencing mechanisms block virus replication. RNA pathways are conserved.")
    first, last = text.index("RNA"), text.rindex("RNA")
    labels = [*_mentions(text, {"ODM": "ORG"}), Mention(first, first + 3, "ORG", "RNA"),
              Mention(last, last + 3, "PERSON", "RNA")]
    lexicon = Lexicon()
    lexicon.observe([text], labels)
    assert labelled_acronym("ODM", lexicon)
    assert not labelled_acronym("RNA", lexicon)  # once PERSON: a term
    assert not labelled_acronym("Odinga", lexicon)
    assert not acronym_attested("MODES", lexicon)  # the plural of "mode"
    ex = _example(text, "ODM", "Who did the president appoint cabinet ministers from?", ["ODM"] * 3)
    entities = example_entities(ex, _mentions(text, {"ODM": "ORG"}), lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("ODM", "rare")]


def test_an_acronym_beside_its_full_name_is_renamed_with_it(lexicon):
    """Issue 19, tenth session (one referent: the acronym and its expansion together): an answer ``KANU``
    whose full name the passage writes is that organisation, renamed by its full name with the acronym
    following it (acronyms.expansion); before, org.acronym-expanded left it out."""
    from entity_renaming.acronyms import expansion

    text = ("The Kenya African National Union (KANU) won the election of 1963. KANU ruled Kenya until 2002, "
            "when the opposition won.")
    mentions = _mentions(text, {"Kenya African National Union": "ORG", "KANU": "ORG"})
    assert clean(expansion("KANU", mentions)) == "Kenya African National Union"
    assert expansion("KAN", mentions) is None and expansion("Kenya", mentions) is None
    ex = _example(text, "KANU", "Which party won the election of 1963?", ["KANU"] * 3)
    spans = {(s.surface, s.span_type) for e in example_entities(ex, mentions, lexicon) for s in e.spans}
    assert ("KANU", "rare") in spans and ("Kenya", "country") in spans


def clean(mention: Mention | None) -> str | None:
    return mention.text if mention else None


def test_a_lone_nickname_that_ner_reads_as_a_product_is_the_team(lexicon):
    """Thirteenth session: "Broncos" tagged PRODUCT (28 times in SQuAD dev) answering "Who was the home
    team?": the lone nickname of the passage's one team is an ORG candidate (entities.team_answers),
    renamed as the team, city and nickname."""
    from entity_renaming.entities import team_answers

    ex = _example(TEAMS, "Broncos'", "Which team's defense held the Bears?", ["Broncos"] * 3)
    ex = replace(ex, answers=[Answer("Broncos", [(TEAMS.index("Broncos'"), TEAMS.index("Broncos'") + 7)])])
    mentions = _mentions(TEAMS, {"Denver Broncos": "ORG", "Chicago Bears": "ORG", "Denver": "GPE"})
    product = [*mentions, Mention(TEAMS.index("Broncos'"), TEAMS.index("Broncos'") + 7, "PRODUCT", "Broncos")]
    assert [m.text for m in team_answers(ex, product, lexicon)] == ["Broncos"]
    spans = {(s.surface, s.span_type) for e in example_entities(ex, product, lexicon) for s in e.spans}
    assert spans == {("Denver", "city"), ("Broncos", "nnp")}


def test_a_team_whose_org_label_the_dataset_does_not_hold_is_still_the_team(lexicon, monkeypatch):
    """Fourteenth session (retype): "the Pittsburgh Steelers", tagged ORG here and PERSON once elsewhere (a
    tie, rule label.minority), answering "Who lost to the Broncos …?": the team's name is the evidence
    (entities.team_answers), renamed as the team, city and nickname."""
    from entity_renaming.entities import team_answers
    from entity_renaming.lexicon import LabelVotes

    text = "The Broncos defeated the Pittsburgh Steelers in the divisional round, one of two playoff games."
    votes = [*_mentions(text, {"Pittsburgh Steelers": "ORG", "Broncos": "ORG"}),
             Mention(0, 19, "PERSON", "Pittsburgh Steelers")]
    monkeypatch.setattr(lexicon, "labels", LabelVotes(votes))
    ex = _example(text, "Pittsburgh Steelers", "Who lost to the Broncos in the divisional round?",
                  ["Pittsburgh Steelers", "the Pittsburgh Steelers", "Steelers"])
    mentions = _mentions(text, {"Pittsburgh Steelers": "ORG"})
    assert [m.text for m in team_answers(ex, mentions, lexicon)] == ["Pittsburgh Steelers"]
    spans = {(s.surface, s.span_type) for e in example_entities(ex, mentions, lexicon) for s in e.spans}
    assert spans == {("Pittsburgh", "city"), ("Steelers", "nnp")}
    monkeypatch.setattr(lexicon, "labels", LabelVotes(_mentions(text, {"Pittsburgh Steelers": "ORG"})))
    assert team_answers(ex, mentions, lexicon) == []  # a holding ORG label is the candidate itself


@pytest.mark.parametrize("word, named", [
    ("Miller-Boyett", True),  # two surnames ("Miller" a common word many people bear)
    ("Charles-Ferdinand", True),  # a monarch's two given names
    ("Anheuser-Busch", True),
    ("Anti-Corruption", False),  # common words
    ("Anglo-Cherokee", False),  # a combining form
    ("Al-Qaeda", False),  # an article
    ("Niger-Congo", False),
])
def test_a_hyphenated_compound_of_proper_nouns_is_one_name_word(lexicon, word, named):
    """Thirteenth session: ``Miller-Boyett Productions``, ``Charles-Ferdinand University``: the compound is
    the organisation's name word, renamed whole as ``nnp`` (organisations.hyphenated_name)."""
    from entity_renaming.organisations import hyphenated_name

    assert hyphenated_name(word, lexicon) is named
    if named:
        assert [(s.surface, s.span_type) for s in place_spans(f"{word} University", "org", lexicon)] == [
            (word, "nnp")]


def test_the_parts_of_a_hyphenated_name_stand_nowhere_else():
    """A part of the compound elsewhere (the company's earlier name ``Miller-Milkis-Boyett Productions``)
    would keep the old name: the organisation is left (entities.stands_alone)."""
    from entity_renaming.organisations import compound_alone

    text = "It was produced by Miller-Boyett Productions (earlier Miller-Milkis-Boyett Productions)."
    assert not compound_alone("Miller-Boyett", (text,))
    assert compound_alone("Miller-Boyett", ("Miller-Boyett Productions made it; Miller-Boyett's shows ran.",))
    assert compound_alone("Stanford", (text,))


def test_a_state_that_is_also_a_big_city_inside_an_organisation_name_is_renamed(lexicon):
    """Thirteenth session: ``New York Times`` where the passage names no New York on its own: either way a
    place's name, renamed as the gazetteer's kind, a state (organisations.state_or_city)."""
    assert [(s.surface, s.span_type) for s in place_spans("New York Times", "org", lexicon)] == [
        ("New York", "state")]


METHODISTS = ("The United Methodist Church (UMC) is a mainline Protestant denomination. In the United "
              "States, the UMC is the largest Methodist body, and United Methodist bishops lead its "
              "conferences.")


def test_a_body_named_by_a_word_and_its_creed_is_renamed_as_a_whole():
    """Issue 19, fourteenth session: a church named by one word and its creed (``United Methodist
    Church``) is named by the two together, whatever other bodies the word modifies: they are renamed as a
    whole, the creed kept (``Harlow Methodist Church``), at every mention of the two ("United Methodist
    bishops"), its acronym following (``UMC`` → ``HMC``); "the United States" and "Methodist" alone stay."""
    import random

    from entity_renaming.sampling import Sampler

    ex = _example(METHODISTS, "United Methodist Church", "What is the largest Methodist body?",
                  ["The United Methodist Church"] * 3)
    mentions = _mentions(METHODISTS, {"United Methodist Church": "ORG", "UMC": "ORG",
                                      "the United States": "GPE"})
    lexicon = Lexicon()
    lexicon.observe([METHODISTS], mentions)
    trace: list = []
    entities = example_entities(ex, mentions, lexicon, trace)
    spans = [s for e in entities for s in e.spans if e.entity_type == "org"]
    assert [(s.surface, s.tail, s.follows) for s in spans] == [
        ("United Methodist", " Methodist", ""), ("UMC", "", "United Methodist")], trace
    subs = Sampler("dbname").mapping(spans, (METHODISTS,), random.Random(0))
    new = {s.original: s.replacement for s in subs}
    renamed, _ = rename_example(ex, subs)
    assert "In the United States" in renamed.context and "United Methodist" not in renamed.context
    assert f"{new['United Methodist']} bishops" in renamed.context
    assert new["UMC"] == new["United Methodist"][0] + "MC"


@pytest.mark.parametrize("text", [
    "The United Methodist Church grew. United Methodists met.",  # a plural mention would keep the name
    "The Evangelical United Methodist Church grew.",  # cut out of a longer name
])
def test_a_creed_name_is_left_where_a_mention_would_keep_it(lexicon, text):
    from entity_renaming.organisations import creed_name

    assert creed_name("United Methodist Church", (text,), lexicon) is None
    assert creed_name("Catholic Church", ("The Catholic Church grew.",), lexicon) is None  # no word of it
    assert creed_name("African Methodist Episcopal Church", ("The church grew.",), lexicon) is None  # demonym


def test_a_periodical_is_named_by_its_title_words(lexicon):
    """Issue 19, fourteenth session: a newspaper's or a magazine's title (``Daily Mail``, ``National
    Journal``) is its name, however many bodies its words modify: renamed, the periodical word kept."""
    from entity_renaming.entities import distinctive_word

    assert organisation_head("Daily Mail") == "Mail"
    assert distinctive_word("Daily Mail", lexicon) == "Daily"
    assert distinctive_word("National Journal", lexicon) == "National"
    assert distinctive_word("National Assembly", lexicon) is None  # a body's kind, no title
def test_a_name_ner_cut_into_pieces_is_one_organisation(lexicon):
    """Issue 19, fifteenth session: NER cuts ``Canadian Radio-television and Telecommunications Commission``
    at "and" and ``International Crops Research Institute for the Semi-Arid Tropics`` at "for": the whole
    name, closed by its organisation word, is the candidate (organisations.split_name), not its pieces;
    two bodies joined by "and" (an organisation word before it) stay two."""
    from entity_renaming.entities import headed_answers
    from entity_renaming.organisations import split_name

    text = ("Rules imposed by the Canadian Radio-television and Telecommunications Commission protect "
            "domestic programming.")
    pieces = {"the Canadian Radio-television": "ORG", "Telecommunications Commission": "ORG"}
    name = "Canadian Radio-television and Telecommunications Commission"
    ex = _example(text, name, "What entity handles the rules?", [name] * 3)
    assert [m.text for m in headed_answers(ex, _mentions(text, pieces), lexicon)] == [name]
    crops = "A consortium led by the International Crops Research Institute for the Semi-Arid Tropics won."
    name = "International Crops Research Institute for the Semi-Arid Tropics"
    assert split_name(name, crops.index(name), crops, _mentions(
        crops, {"the International Crops Research Institute": "ORG", "the Semi-Arid Tropics": "ORG"}))
    two = "Founded by the union of the Methodist Church and Evangelical Church in 1968."
    name = "Methodist Church and Evangelical Church"
    assert not split_name(name, two.index(name), two, _mentions(
        two, {"Methodist Church": "ORG", "Evangelical Church": "ORG"}))



def test_a_body_of_a_state_ner_cut_from_its_place_is_one_organisation(lexicon):
    """Session 26: NER cuts ``Supreme Court of the United States`` into ``a Supreme Court`` (ORG, with the
    article of the phrase) and ``United States`` (GPE): the whole name is the candidate, renamed by its
    place (organisations.split_name); a state's word after "<organisation word> of" (``United Kingdom``)
    names the body's place, not a state."""
    from entity_renaming.entities import headed_answers, inside_headed
    from entity_renaming.organisations import names_organisation, split_name

    text = "In 1943, a Supreme Court of the United States decision restored the prior patents of Tesla."
    name = "Supreme Court of the United States"
    mentions = _mentions(text, {"a Supreme Court": "ORG", "United States": "GPE"})
    assert split_name(name, text.index(name), text, mentions)
    ex = _example(text, name, "A decision made by what entity restored Tesla's patents?", [name] * 3)
    headed = headed_answers(ex, mentions, lexicon)
    assert [m.text for m in headed] == [name]
    assert inside_headed(mentions[0], headed)  # "a Supreme Court": a piece of the name, its article aside
    assert names_organisation("Supreme Court of the United Kingdom")
    assert not names_organisation("United Kingdom") and not names_organisation("Kingdom of Sicily")


def test_a_country_in_a_body_s_name_takes_its_other_names_or_leaves_the_body(lexicon):
    """Session 26: a country renamed as the place of an organisation's name (``Parliament of the United
    Kingdom``) takes its codes with it (``UK Parliament`` → the new name, places.alias_followers, as a GPE
    renaming); its article after "<organisation word> of" is its own whatever noun the body's name
    modifies (``a Supreme Court of the United States decision`` → "of Egypt decision":
    substitute.heads_phrase); where its article cannot follow the new name (``the Court of the United
    States Army``: "the Egypt Army"?) the body is left out (``org.article-left``)."""
    from entity_renaming.substitute import heads_phrase

    text = ("The Scotland Act was passed by the Parliament of the United Kingdom in 1998. Foreign policy "
            "remains with the UK Parliament in Westminster.")
    name = "Parliament of the United Kingdom"
    ex = _example(text, name, "What body passed the Scotland Act?", [name] * 3)
    entities = example_entities(ex, _mentions(text, {name: "ORG", "UK": "GPE", "Scotland": "GPE"}), lexicon)
    assert [(s.surface, s.span_type, s.follows) for e in entities for s in e.spans] == [
        ("United Kingdom", "country", ""), ("UK", "country", "United Kingdom")]
    text = "In 1943, a Supreme Court of the United States decision restored the prior patents of Tesla."
    name = "Supreme Court of the United States"
    ex = _example(text, name, "A decision made by what entity restored Tesla's patents?", [name] * 3)
    trace: list = []
    mentions = _mentions(text, {"a Supreme Court": "ORG", "United States": "GPE", "Tesla": "PERSON"})
    entities = example_entities(ex, mentions, lexicon, trace)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("United States", "country")]
    at = text.index("United States")
    assert heads_phrase(text, at + len("United States"), at)  # the article is the country's: dropped
    assert not heads_phrase("the United States government", len("the United States"), 4)
    text = "The Court of the United States Army tried him."
    name = "Court of the United States Army"
    ex = _example(text, name, "What court tried him?", [name] * 3)
    trace = []
    assert example_entities(ex, _mentions(text, {name: "ORG"}), lexicon, trace) == []
    assert "org.article-left" in {f.rule for f in trace}

def test_an_acronym_follows_the_demonym_of_a_renamed_country():
    """Issue 19, fifteenth session: ``Australian Broadcasting Corporation (ABC)`` renames the country of its
    demonym; the acronym's letter follows the demonym (acronyms.acronym_span), and a form glued to a number
    (``ABC1``, a channel) would keep the old letters."""
    from entity_renaming.acronyms import acronym_span
    from entity_renaming.referents import PerturbableSpan

    text = "It was first run by the Australian Broadcasting Corporation (ABC) in 1965. The ABC repeated it."
    spans = [PerturbableSpan("Australia", "country", "org")]
    demonyms = {"australian": "Australia"}
    assert acronym_span("Australian Broadcasting Corporation", spans, (text,), demonyms) == PerturbableSpan(
        "ABC", "rare", "org", "Australia", 0)
    assert acronym_span("Australian Broadcasting Corporation", spans, (text,)) == "org.acronym-expanded"
    glued = text + " ABC1 and ABC2 show it."
    follower = acronym_span("Australian Broadcasting Corporation", spans, (glued,), demonyms)
    assert follower == PerturbableSpan("ABC", "rare", "org", "Australia", 0)
    assert acronym_span("Australian Broadcasting Corporation", spans, (text + " BBC2HD and ABC2HD.",),
                        demonyms) == "org.acronym-expanded"  # a glued word no renamed form can follow


def test_a_form_glued_to_an_acronym_follows_it():
    """Session 24: a channel, service or product that the texts write glued to an organisation's acronym
    (``ABC1``, ``BBCi``, ``DECnet``) is renamed with it (acronyms.glued_spans): the glued letters stay after
    the acronym's new form; a plural is no glued form, a longer glued word vetoes (``BBC2HD``)."""
    from entity_renaming.acronyms import glued_forms, glued_spans, unfollowed_glued
    from entity_renaming.sampling import Sampler, example_rng

    text = "ABC1 closed; ABC2 and ABC1's sister ABC4Kids stayed. The ABC and two ABCs paid. ABC12x too."
    assert glued_forms("ABC", [text]) == ["ABC1", "ABC2"]
    assert unfollowed_glued("ABC", [text])  # "ABC4Kids", "ABC12x"
    assert glued_forms("DEC", ["DECnet is a suite"]) == ["DECnet"] and not unfollowed_glued("BBC", ["BBCi"])
    assert acronym_veto("DEC", ("DECnet stands for what?",)) is None  # DECnet follows DEC
    assert acronym_veto("BBC", ("BBC2HD stands for what?",)) == "org.acronym-expanded"
    rare = [PerturbableSpan("ABC", "rare", "org")]
    assert glued_spans(rare, ["ABC1 and ABC2; ABC1 again"]) == [
        *rare, PerturbableSpan("ABC1", "rare", "org", "ABC", glued="1"),
        PerturbableSpan("ABC2", "rare", "org", "ABC", glued="2")]
    country = [PerturbableSpan("Australia", "country", "org"),
               PerturbableSpan("ABC", "rare", "org", "Australia", 0)]
    assert glued_spans(country, ["ABC1 ran it"])[-1] == PerturbableSpan(
        "ABC1", "rare", "org", "Australia", 0, glued="1")
    context = "The ABC runs ABC1 and ABC2; ABC1 closed."
    sampler = Sampler("dbname")
    for seed in range(10):
        acronym, *forms = sampler.mapping(glued_spans(rare, [context]), [context],
                                          example_rng(seed, "dbname", "org", "g"))
        assert [(f.original, f.replacement) for f in forms] == [
            ("ABC1", acronym.replacement + "1"), ("ABC2", acronym.replacement + "2")]


PARTIES = ("The Labour Party and the Liberal Party contested the election. The SNP took 16 seats from "
           "Labour, although Labour leader Iain Gray kept his seat, and the Liberals lost two.")


@pytest.fixture(scope="module")
def party_lexicon():
    """A lexicon whose dataset names two parties in full (``Labour Party``, ``Liberal Party``)."""
    lexicon = Lexicon()
    lexicon.observe([PARTIES], _mentions(PARTIES, {"Labour Party": "ORG", "Liberal Party": "ORG",
                                                    "SNP": "ORG", "Iain Gray": "PERSON"}))
    return lexicon


def test_a_party_named_by_its_word_alone_is_that_party(party_lexicon):
    """Issue 19: a party's word alone (``Labour``, ``the Liberals``), a word the dataset's ORG names write
    before ``Party``, names that party where a text speaks of parties; not without such a text, nor a word
    the dataset writes before no ``Party``."""
    texts = [PARTIES]
    assert party_short_name("Labour", texts, party_lexicon) == "Labour"
    assert party_short_name("the Liberals", texts, party_lexicon) == "Liberal"
    assert party_short_name("Labour", ["The SNP took 16 seats from Labour."], party_lexicon) is None
    assert party_short_name("Justice", texts, party_lexicon) is None  # no "Justice Party" in the dataset
    assert party_short_name("SNP", texts, party_lexicon) is None  # an acronym: the acronym rules


def test_a_party_word_ner_labelled_norp_is_the_party(party_lexicon):
    """s26: "the Liberals" tagged NORP answering "whom" (no ORG mention) is the party's short name where the
    texts speak of a party and the dataset writes "Liberal Party" (organisations.party_answers), renamed by
    its word, and the plural answer changes with it (spans.span_renamed follows the renamer); not a NORP
    word that is no party's."""
    text = ("The SNP took 16 seats. For the Liberals, the main disappointment was the loss of Orkney, the "
            "seat of a former party leader.")  # after the MRQA SQuAD dev passage (the Conservatives)
    start = text.index("the Liberals")
    ex = QAExample(id="p2", dataset="t", source_format="mrqa", context=text,
                   question="The loss of Orkney disappointed whom the most?",
                   answers=[Answer("the Liberals", [(start, start + 12)])],
                   answer_texts=["the Liberals", "Liberals", "Liberals"])
    labelled = {"SNP": "ORG", "Liberals": "NORP"}
    entities = example_entities(ex, _mentions(text, labelled), party_lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Liberal", "nnp")]
    renamed, _ = rename_example(ex, [Substitution("Liberal", "Harlow", "org", "nnp")])
    assert "For the Harlows, the" in renamed.context and renamed.answers[0].text == "the Harlows"
    other = text.replace("the Liberals", "the Scots")
    ex = replace(ex, context=other, answers=[Answer("the Scots", [(start, start + 9)])],
                 answer_texts=["the Scots"] * 3)
    found = example_entities(ex, _mentions(other, {"SNP": "ORG", "Scots": "NORP"}), party_lexicon)
    assert not [e for e in found if e.entity_type == "org"]  # a people (its demonym's country), no party


def test_a_party_answer_by_its_word_alone_is_renamed_at_every_mention(party_lexicon):
    """The answer ``Labour`` ("Who did the SNP take 16 seats from?") is renamed as the party's name word at
    every mention ("Labour leader", "the Labour Party"); a capitalised use of the word that is no party
    ("Labour estimates" opening a sentence) leaves it out."""
    start = PARTIES.index("Labour,")
    ex = QAExample(id="p1", dataset="t", source_format="mrqa", context=PARTIES,
                   question="Who did the SNP obtain 16 seats from?",
                   answers=[Answer("Labour", [(start, start + 6)])], answer_texts=["Labour"] * 3)
    labelled = {"Labour": "ORG", "Liberal Party": "ORG", "SNP": "ORG", "Iain Gray": "PERSON"}
    entities = example_entities(ex, _mentions(PARTIES, labelled), party_lexicon)
    assert [(s.surface, s.span_type) for e in entities for s in e.spans] == [("Labour", "nnp")]
    renamed, _ = rename_example(ex, [Substitution("Labour", "Harlow", "org", "nnp")])
    assert "Labour" not in renamed.context and "from Harlow, although Harlow leader" in renamed.context
    for more in (" Labour estimates were low.", " Gray had served in the Department of Labour."):
        other = PARTIES + more  # a capitalised use that is no party: left out
        left = example_entities(replace(ex, context=other), _mentions(other, labelled), party_lexicon)
        assert not [s for e in left for s in e.spans]
