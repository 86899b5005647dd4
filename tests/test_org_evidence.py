"""ORG evidence on the whole MRQA SQuAD dev file (real spaCy NER, dataset-wide label votes): each test pins
one error pattern a blind read found in organisation renamings, by example id."""

from __future__ import annotations

import pytest
from conftest import MRQA_SQUAD_DEV

from entity_renaming.acronyms import acronym_span
from entity_renaming.entities import (
    analyse_examples,
    answer_texts,
    common_word_veto,
    distinctive_word,
    example_entities,
)
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon
from entity_renaming.model import QAExample, Renaming, Substitution
from entity_renaming.ner import Mention, NerCache, recognize
from entity_renaming.quality import Linter
from entity_renaming.question import Asked
from entity_renaming.referents import PerturbableSpan
from entity_renaming.spans import perturbable_spans
from entity_renaming.substitute import rename_example


@pytest.fixture(scope="module")
def org(spacy_ner, ner_cache_dir):
    """Example id → the (surface, span type) pairs its ORG renaming would change, as a build decides."""
    examples = read_examples(MRQA_SQUAD_DEV)[1]
    mentions = recognize((ex.context for ex in examples), spacy_ner, NerCache(ner_cache_dir / "ner.sqlite"),
                         progress=False)
    entities = analyse_examples(examples, mentions, Lexicon())

    def spans(qid: str) -> set[tuple[str, str]]:
        ex = next(e for e in examples if e.id == qid)
        return {(s.surface, s.span_type) for s in perturbable_spans(entities[qid], "org", answer_texts(ex))}
    return spans


def test_places_inside_organisation_names_are_places_or_nothing(org):
    assert org("57c5914570fc4995b2b9daa3e5dffb83") == {("Wittenberg", "city")}  # University of Wittenberg
    assert org("6de1f0475c5f45ae8add8530d5637e5a") == set()  # Groton School: Groton is a town, no nnp
    assert org("21c39800c79c4a658afb5a254cdcdd99") == set()  # Lothian Regional Council: a region
    assert org("16d107338e6b4272be348a9d532eebe7") == {("Stanford", "nnp")}  # a surname of many people
    # New York Times: a state and a big city, a place's name either way; bare, the name is the city's
    # (entities.city_named_as_state: blind reads rejected it typed a state, round 27)
    assert org("c7cba3619bd843cfb4cd36ee8382a69a") == {("New York", "city")}


def test_a_place_the_name_or_passage_places_is_renamed_as_that_place(org):
    """Issue 19 (handle, don't veto): a gazetteer place that ends "<organisation word> of <place>" or that
    the passage names as a place on its own is renamed as that place, at every mention."""
    assert org("f0a2e6ad20a4405dad65720093063e8e") == {("Aberdeen", "city")}  # University of Aberdeen
    assert org("bf8a928309d14d1f83892213985113b1") == {("Erfurt", "city")}  # University of Erfurt
    assert org("1ad132a5634f4cdd9d44efa97184ac3e") == {("Florida", "state")}  # University of Florida
    assert org("2598243f0ced4e85bca935aa11d3cfba") == {("Florida", "state")}  # "other Florida destinations"
    assert org("6de1f0475c5f45ae8add8530d5637e5a") == set()  # Groton School: neither


def test_an_organisation_ner_labels_person_names_no_person(org):
    """A PERSON mention ending with an organisation or company word is the organisation mislabelled: its
    words are no person of the passage, and the organisation is renamed by them."""
    assert org("d3813763d3a746648d485bb4cdbb81bd") == {("Getty", "nnp")}  # "Getty Oil" tagged PERSON
    assert org("34fe351269344f43b1c99b7492126e69") == {("Middleton", "rare")}  # "Middleton Railway" idem


def test_generic_words_are_not_renamed(org):
    assert org("1538af31db77480594bb3187c4e18dc7") == set()  # "the Brotherhood", a lone ORG word
    assert org("fa7fc85bab07408a8b2c9a27e6d9ab2c") == set()  # Conciliation Committee
    assert org("5efa8a8a9eb64e45a2ca7df028cee90f") == set()  # Swabian League: an adjective of Swabia


def test_a_brand_named_after_a_place_is_no_city(org):
    # Buena Vista Television: the pair only gazetteer places bear is the company's name word, renamed as
    # ``nnp`` (organisations.company_word), never as a city; "International" of its other unit stays
    assert org("eb7bfcb2ba0b498687d583d123a13ec5") == {("Buena Vista", "nnp")}
    assert org("85d0f2bb6c43444990996185ae7cf662") == {("Buena Vista", "nnp")}


def test_no_edit_inside_another_name(org):
    assert org("9e324fc5a007476a9bacf3ff757c562d") == set()  # Gateshead also in "NewcastleGateshead"
    assert org("dd959111c6234ce3a65ec5d142b61200") == set()  # DuMont also in "DuMont Laboratories"
    assert org("615f06434fbf4163933e4190a7e9abfc") == set()  # Disney also in "Walt Disney" the man


def test_organisations_named_after_persons_are_renamed_with_them(org):
    """Issue 19 (handle, don't veto): the surname is the organisation's name word and the person's; it is
    renamed as ``last`` at every mention, so George Westinghouse and Westinghouse Electric keep one name."""
    assert org("45d49c80ae9e40149ce979aa8e1f6c39") == {("Westinghouse", "last")}  # Westinghouse Electric
    assert org("cc625e0245754f8ca5049d09a67309a0") == {("Tesla", "last")}  # Tesla Electric Company


def test_the_answer_names_the_organisation_not_its_place(org):
    assert org("02d060924fd744c1931e8b3dd074daf7") == set()  # "Australia" of Huguenot Society of Australia


def test_recovered_teams_and_heads_before_of(org):
    assert org("323d496b4dbe465d9eae68f98bf610cb") == {("Arizona", "state"), ("Cardinals", "nnp")}  # a team
    assert org("3259c1940a1a428f9ce683cb7c01c023") == {("Warsaw", "city")}  # Warsaw University of Technology
    assert org("5c54085620f64ab6b549f4076fe227ea") == {("Budapest", "city")}  # Budapest Telephone Exchange


def test_lint_reads_an_organisation_word_after_an_org_edit_as_its_own():
    """``inside_longer_name`` doubts "United <nnp> Theatres" but not "<nnp> University"."""
    examples = {ex.id: ex for ex in read_examples(MRQA_SQUAD_DEV)[1]}
    linter = Linter(list(examples.values()))

    def flagged(ex: QAExample, original: str) -> bool:
        subs = [Substitution(original, "Hime", "org", "nnp")]
        new, edits = rename_example(ex, subs)
        record = Renaming(ex.id, ex.id, "t", "dbname", "org", 0, subs, edits)
        return "inside_longer_name" in linter.detect(ex, new, record)

    assert not flagged(examples["16d107338e6b4272be348a9d532eebe7"], "Stanford")  # "Hime University"
    paramount = next(ex for ex in examples.values() if "United Paramount Theatres" in ex.context)
    assert flagged(paramount, "Paramount")  # "United Hime Theatres"


def test_an_organisation_named_after_a_person_of_the_dataset_is_not_half_renamed(org):
    """Webster's lists "chopin" (an old measure) in lower case, but the dataset labels Chopin PERSON: the
    Fryderyk Chopin University of Music is named after him and keeps both words (a blind lint showed
    "<rare> Chopin University of Music")."""
    assert org("23699edb007840e0b1789e842e2b1459") == set()


def test_a_place_is_not_renamed_where_it_names_a_larger_place(org):
    """Blind read, seed 5150: "Carolina Panthers" is about the Carolinas (North and South Carolina), not the
    city of Carolina; "University of Newcastle upon Tyne" would become "<city> upon Tyne". The team named by
    the region keeps it and has its nickname renamed (organisations.region_team: "Carolina Harlows")."""
    assert org("8d96e9feff464a52a15e192b1dc9ed01") == {("Panthers", "nnp")}  # Carolina Panthers
    assert org("ed51c1b8e1764fe0842640a47d00849e") == set()  # Newcastle University / Newcastle upon Tyne


def test_a_country_in_an_organisation_name_keeps_its_demonym_rule(org):
    """Blind read, seed 7373: "Kenya African National Union" renamed with "native Kenyans" left. A country
    span inside an organisation's name follows the GPE rule: its demonym is renamed with it (issue 19:
    handle, don't veto; Kenya → Nigeria makes Kenyans → Nigerians)."""
    assert org("0aaa7d0459bc421ab9d688606e9c3fcc") == {("Kenya", "country"), ("Kenyan", "nationality"),
                                                      ("KANU", "rare")}  # its acronym follows too


def test_an_acronym_written_with_a_plural_s_is_no_organisation(org):
    """Blind read seed 2828 (MIX): "MSP" (Member of the Scottish Parliament) renamed as an organisation, with
    "two MSPs" left: an acronym the passage pluralises names a role or a thing."""
    assert org("f25984b08bd14854ad7cc191ac9d77ee") == set()


def test_an_organisation_named_by_common_words_is_renamed_as_a_whole_name(org):
    """Issue 19, fifth session (handle, don't veto): an organisation named only by common words is a name a
    careful editor renames; its descriptive words, taken together, are one ``nnp`` span replaced in place by
    one name word while its organisation word and function words stay ("Judicial Council" → "Juliet
    Council"; not "League of Nations": round 35). Round 13's blind readers rejected "Judicial" →
    "Joyce" read as a proper-noun word; the span type now says what the span is (cards/audit_guide.md)."""
    assert org("9be5e04d8eb7425dbbf6385e09578518") == {("Judicial", "nnp")}  # The Judicial Council
    assert org("85b12274b65d40b4882c27ed42c1ccdb") == {("Mission", "nnp")}  # Mission Council
    # European Court of Justice: "Justice" is the court's kind, kept; the whole name is renamed by its place
    # adjective (ninth session: "Harlow Court of Justice", organisations.adjective_name)
    assert org("2d8feb7bcd41420982b61786ddc1d313") == {("European Court of Justice", "nnp")}
    # League of Nations: a body named by the members it is made of, no name (round 35 rejected "League of
    # Gajda")
    assert org("392f815ae0884782b434aa8c59a28ac8") == set()
    assert org("fff253d9db854e3e93955da918a7e626") == {("Troika", "nnp")}  # Troika Design Group: trade kept
    assert org("2b5c408f4cd941dfa744baa523d52fb0") == set()  # Museum of the Moving Image: "of the Harlow"
    # a company named by one common word before a company word keeps organisations.company_word's rule
    assert org("a3c19eef8e464a499f0365edcd770648") == {("Visa", "nnp")}


def test_descriptions_and_names_of_several_words_stay(org):
    """A blind-style read of the first version's additions: a modifier of many kinds of bodies ("National
    Assembly"), an armed service named by its kind ("United States Air Force" keeps "Air"), a name cut out
    of a longer one ("WMO Executive Council"), a name with its acronym ("General Pharmaceutical Council
    (GPhC)"), a mountain range read as a team ("Vosges Mountains"), a name written after "a" ("a Committee
    of Independent Experts") and a word the passage uses alone for the same body ("the Conservatives"
    beside "the Conservative Party") are not renamed by their common words."""
    assert org("be95f46adcb243c2bf5591fa19ff1263") == set()  # the National Assembly and the Senate
    assert ("Air", "nnp") not in org("24ba580850b44a32bb3ea72a9fbc4f2d")  # United States Air Force
    # WMO Executive Council and UNEP Governing Council: no common word renamed; the acronyms name the
    # organisations whose councils these are, renamed (twelfth session, organisations.owner_acronym)
    assert org("1dbb408125914460a0478f1cd428383a") == {("WMO", "rare"), ("UNEP", "rare")}
    assert org("9e1d4d57e7c448a8b07e00f096285b6a") == set()  # General Pharmaceutical Council (GPhC)
    assert org("1fdd510913684f8297acced03e5d73e7") == set()  # Vosges Mountains
    assert org("b4cf6288cc064e71a6ab0f15fde9c267") == set()  # a Committee of Independent Experts


def test_an_acronym_inside_a_name_is_the_brand_renamed_everywhere(org):
    assert org("6bdca8369f5546278f62a839c1e685bc") == {("ABC", "rare")}  # ABC Circle Films


def test_teams_that_ner_splits_are_renamed_by_their_city(org):
    """"Denver Broncos" is read as GPE + PRODUCT, "Los Angeles Kings" as one GPE: no ORG mention; the team
    (a city of the gazetteer and a plural nickname, in a passage about teams) renames its city and its
    nickname (round 3: answers naming the team by its nickname alone change too)."""
    assert org("b0626b3af0764c80b1e6f22c114982c1") == {("Denver", "city"), ("Broncos", "nnp")}
    assert org("5514b70da20545309b3b807a41ef5442") == {("Los Angeles", "city"), ("Kings", "nnp")}


#: Real passage sentences of the MRQA SQuAD dev file (Methodism, Pharmacy, Doctor Who articles).
JUDICIAL = ("The Judicial Council is the highest court in the denomination. It consists of nine members, "
            "both laity and clergy, elected by the General Conference.")
GPHC = ("A pharmacy technician once qualified has to register as a professional on the General "
        "Pharmaceutical Council (GPhC) register. The GPhC is the governing body for pharmacy health care "
        "professionals")
MPA = ("In 1998, the Metropolitan Police Authority filed an objection to the trade mark claim; but in 2002, "
       "the Patent Office ruled in favour of the BBC.")


def test_a_common_word_is_renamed_only_where_every_mention_is_the_organisation():
    """:func:`common_word_veto` on real sentences, with a made-up second sentence where noted."""
    question = "What is the highest court in the United Methodist denomination?"
    assert common_word_veto("Judicial", "Judicial Council", (JUDICIAL, question), ["The Judicial Council"],
                            []) is None
    other = JUDICIAL + " The Judicial Conference met later."  # made up: another body with the word
    assert common_word_veto("Judicial", "Judicial Council", (other,), ["Judicial Council"], []) == \
        "org.word-elsewhere"
    lone = JUDICIAL + " Judicial review is rare."  # made up: the word at a sentence start
    assert common_word_veto("Judicial", "Judicial Council", (lone,), ["Judicial Council"], []) == \
        "org.word-elsewhere"
    lower = JUDICIAL + " Its judicial decisions are final."  # lower case: the renamer leaves it, as it should
    assert common_word_veto("Judicial", "Judicial Council", (lower,), ["Judicial Council"], []) is None
    assert common_word_veto("Pharmaceutical", "General Pharmaceutical Council", (GPHC,),
                            ["General Pharmaceutical Council"], []) == "org.acronym-expanded"
    assert common_word_veto("Judicial", "Judicial Council", (JUDICIAL,), ["a Judicial Council", "courts",
                                                                           "courts"], []) == "org.description"


def test_an_answer_holding_the_common_word_name_keeps_it_and_a_determiner_of_one_among_many_leaves_it():
    """Yan et al.'s answer entity lies inside the answer: a longer answer holding the name keeps the example
    (``org.description`` only when no majority holds it); a determiner of one body among many before the
    name ("their Annual Conference") makes it a description."""
    court = ("This has meant both the European Court of Justice and the highest national courts have had to "
             "develop principles.")  # MRQA SQuAD dev
    held = ["the European Court of Justice and the highest national courts"] * 3
    assert common_word_veto("Justice", "European Court of Justice", (court,), held, []) is None
    assert common_word_veto("Justice", "European Court of Justice", (court,), ["the highest national courts",
                            "national courts", held[0]], []) == "org.description"
    clergy = "Clergy are members of their Annual Conference rather than of any local congregation."
    assert common_word_veto("Annual", "Annual Conference", (clergy,), ["Annual Conference"], []) == \
        "org.description"


def test_the_distinctive_word_keeps_the_organisation_word_and_its_modifiers():
    lexicon = Lexicon()
    lexicon.observe([JUDICIAL, GPHC, MPA], [])
    assert distinctive_word("Stanford University", lexicon) == "Stanford"
    assert distinctive_word("Nintendo Company", lexicon) == "Nintendo"
    assert distinctive_word("Australian Labor Party", lexicon) is None  # a demonym: demonym_place's case
    assert distinctive_word("North American Aviation", lexicon) is None  # a direction and a demonym
    assert distinctive_word("Knight Ridder", lexicon) is None  # no organisation word
    assert distinctive_word("Air Force", lexicon) is None  # an armed service named by its kind
    assert distinctive_word("Coast Guard", lexicon) is None
    assert distinctive_word("Supreme Court", lexicon) is None  # a court named by its rank
    assert distinctive_word("Working Group", lexicon) is None  # a verb form: a description
    assert distinctive_word("Capital Cities Communications", lexicon) is None  # company_word's case


def test_an_organisation_named_by_common_words_renames_its_descriptive_words_as_one_span():
    """One shape rule for "<words> <Head>" and "<Head> of <words>": the descriptive words, together, are
    replaced in place by one name word; the organisation word, "of" and place adjectives stay."""
    lexicon = Lexicon()
    lexicon.observe([JUDICIAL, GPHC, MPA], [])
    assert distinctive_word("Judicial Council", lexicon) == "Judicial"
    assert distinctive_word("Conservative Party", lexicon) == "Conservative"
    assert distinctive_word("Red Army", lexicon) == "Red"  # a service named by a name, not by its kind
    assert distinctive_word("Metropolitan Police Authority", lexicon) == "Metropolitan"
    # the members a body is made of, no name: never "League of Harlow" (a blind read, round 35)
    assert distinctive_word("League of Nations", lexicon) is None
    assert distinctive_word("Committee of Independent Experts", lexicon) is None
    assert distinctive_word("Troika Design Group", lexicon) == "Troika"  # the trade stays (round 35)
    # after "of" a trade noun is the description, renamed whole (round 36: "Council of Miyoshi Design")
    assert distinctive_word("Council of Industrial Design", lexicon) == "Industrial Design"
    assert distinctive_word("The Higher Learning Commission", lexicon) == "Higher Learning"
    assert distinctive_word("European Court of Justice", lexicon) is None  # its kind (round 22)
    assert distinctive_word("Ministry of Defence", lexicon) is None
    assert distinctive_word("Museum of the Moving Image", lexicon) is None  # "of the Harlow" reads wrong
    assert distinctive_word("Religious Coalition for Reproductive Choice", lexicon) is None  # two places
    assert distinctive_word("European Council", lexicon) is None  # only a place adjective


def test_a_service_named_by_a_modifier_of_many_bodies_renames_it():
    """"Red" stands before many organisation words of the dataset (Red Cross, Red Sox …), which makes it a
    modifier of kinds of bodies before most words ("Red Tape Commission" would be left); before a service's
    word it names the service (``Red Army`` → ``Harlow Army``); generic services are :data:`KIND_WORDS`'."""
    names = ["Red Cross", "Red Sox", "Red Bull", "Red Hat", "Red Guards", "Red Tape Commission"]
    lexicon = Lexicon()
    lexicon.observe([], [Mention(0, len(n), "ORG", n) for n in names])
    assert distinctive_word("Red Army", lexicon) == "Red"
    assert distinctive_word("Red Commission", lexicon) is None
    assert distinctive_word("Air Force", lexicon) is None  # a service named by its kind


def test_a_name_opening_a_sentence_is_not_cut_from_a_longer_one():
    """After a full stop that ends a sentence ("courtesy of QuickBooks. Death Wish Coffee beat out …", MRQA
    SQuAD dev) a company's name opens the sentence and is renamed with its company word; after an
    abbreviation's full stop (the Penn Treebank's ``Bros.``, ``U.S.``) it is still a part of a longer name."""
    lexicon = Lexicon()
    coffee = ("In the contest Death Wish Coffee had a commercial aired free of charge courtesy of "
              "QuickBooks. Death Wish Coffee beat out nine other contenders.")
    name, answers = "Death Wish Coffee", ["Death Wish Coffee"]
    assert common_word_veto("Death Wish", name, (coffee,), answers, [], short_form=True,
                            lexicon=lexicon) is None
    for before in ("in 2012.", "Liverpool."):
        text = f"Trains run to Leeds {before} Northern Rail provides local services."
        assert common_word_veto("Northern", "Northern Rail", (text,), ["Northern Rail"], [], short_form=True,
                                lexicon=lexicon) is None
    for before in ("Warner Bros.", "the U.S."):
        text = f"Deals with {before} Northern Rail ended."
        assert common_word_veto("Northern", "Northern Rail", (text,), ["Northern Rail"], [], short_form=True,
                                lexicon=lexicon) == "org.word-elsewhere"


def test_the_lone_descriptive_word_and_the_acronym_follow_or_the_example_is_left():
    """The descriptive word of a party used alone for it ("the Conservatives", "few Conservative MPs") follows
    the party's new name; elsewhere a lone capitalised word (a sentence start, another body) leaves the
    example out (``org.word-elsewhere``); "the Council" (the short form) stays right as it is; the
    acronym follows a one-word span (ECJ → ECH with Justice → Horst) and a run of words renamed as one word
    (CIE → CH with Independent Experts → Harlow), not two renamed spans."""
    party = ("The UK was controlled by the Conservative Party, while Scotland elected few Conservative MPs; "
             "the Conservatives lost. The Party chose a leader.")  # after the MRQA SQuAD dev passage
    assert common_word_veto("Conservative", "Conservative Party", (party,), ["the Conservative Party"], [],
                            party=True) is None  # "few Harlow MPs", "the Harlows": the party follows
    assert common_word_veto("Conservative", "Conservative Party", (party,), ["the Conservative Party"],
                            []) == "org.word-elsewhere"  # not a party: the lone word would stay wrong
    for other in ("Conservative estimates differ.", "He joined the Conservative Association."):
        assert common_word_veto("Conservative", "Conservative Party", (f"{party} {other}",),
                                ["the Conservative Party"], [], party=True) == "org.word-elsewhere"
    short = JUDICIAL + " The Council meets twice a year."
    assert common_word_veto("Judicial", "Judicial Council", (short,), ["Judicial Council"], []) is None
    court = "The European Court of Justice (ECJ) rules on EU law. The ECJ sits in Luxembourg."
    follower = acronym_span("European Court of Justice", [PerturbableSpan("Justice", "nnp", "org")], (court,))
    assert follower == PerturbableSpan("ECJ", "rare", "org", "Justice", 2)
    experts = "A Committee of Independent Experts (CIE) reported. The CIE found fraud."
    assert acronym_span("Committee of Independent Experts",
                        [PerturbableSpan("Independent Experts", "nnp", "org")], (experts,)) == \
        PerturbableSpan("CIE", "rare", "org", "Independent Experts", 1, width=2)
    two = [PerturbableSpan("Independent", "nnp", "org"), PerturbableSpan("Experts", "nnp", "org")]
    assert acronym_span("Committee of Independent Experts", two,
                        (experts,)) == "org.acronym-expanded"  # two renamed spans: no one letter follows
    assert acronym_span("Time Warner", [PerturbableSpan("Time Warner", "nnp", "org")],
                        ("Time Warner (TW) grew.",)) == "org.acronym-expanded"  # one letter would be left


def test_an_acronym_follows_a_run_of_name_words_renamed_as_one(org):
    """Issue 19 (handle, don't veto): "World Meteorological Organization (WMO)" renames its descriptive words
    as one name word (Harlow Organization); the acronym's two letters of them give way to the new word's
    initial (HO), so the acronym no longer leaves the example out (``org.acronym-expanded`` before); "Alpha
    Repertory Television Service (ARTS)" likewise (XTS)."""
    assert org("1fe506cec9a34018b2a008126f48c0c0") == {("World Meteorological", "nnp"), ("WMO", "rare")}
    assert org("184010356f034793bb72fe6b7bcf1f8a") == {("Alpha Repertory", "nnp"), ("ARTS", "rare")}


def test_an_acronym_is_renamed_with_its_full_name(org):
    """Issue 19 (one referent, one mapping): "Kenya African National Union (KANU)" renames "Kenya" and
    "KANU" (its letter follows the new word, :func:`entity_renaming.sampling.acronym_with`); before, "KANU"
    was left. "Australian Labor Party (ALP)" has no name word to rename ("labor" is a common word)."""
    assert org("0aaa7d0459bc421ab9d688606e9c3fcc") == {("Kenya", "country"), ("KANU", "rare"),
                                                        ("Kenyan", "nationality")}
    assert org("3cb34bce942a46939f6b196e9dbc3e2a") == set()


def test_a_question_naming_a_kind_of_organisation_types_a_name_with_no_organisation_word(org):
    """"What radio network …?", "What magazine …?": the question's kind noun is the evidence that a name
    with no organisation word and few ORG labels is one (``org.no-head`` otherwise removes it)."""
    assert org("4e63380089fd4f3bae50aec64037be56") == {("Westwood", "nnp")}  # Westwood One
    assert org("53823d2ab9a140f883fa69873e530254") == {("Collier", "nnp")}  # Collier's Weekly
    assert org("30e374d4545f4fbd8e0856b643b78b07") == {("UCLA", "rare")}  # "… which college?"
    # a name opening with an acronym is a unit or service of that organisation: its describing words stay,
    # the acronym is renamed (organisations.owner_acronym: NFL Mobile); ESPN Deportes stays: "Deportes",
    # no Penn Treebank word, is a name word of its own that would keep the old name
    assert org("eaca6902a35a4602a6d6784224ac9a8c") == set()  # "Which network broadcast the game in Spanish?"


def test_only_a_kind_noun_and_an_answer_that_is_the_name_are_organisation_evidence():
    from entity_renaming.entities import asked_organisation
    answers = ["Westwood One", "Westwood One", "Westwood One"]
    assert asked_organisation("What radio network carried the Super Bowl?", "Westwood One", answers)
    assert not asked_organisation("Who carried the Super Bowl on radio?", "Westwood One", answers)  # weak
    assert not asked_organisation("What city hosted the Super Bowl?", "Westwood One", answers)  # a place
    assert not asked_organisation("What network aired it?", "ESPN Deportes", ["ESPN Deportes"] * 3)
    long = ["Westwood One will carry the game", "Westwood One will carry the game", "Westwood One"]
    assert not asked_organisation("What radio network carried the Super Bowl?", "Westwood One", long)


def test_an_acronym_glossing_lower_case_words_is_a_term():
    """Round 36: ATP and VTOL (tagged ORG, both in the Penn Treebank's news) renamed as organisations; a
    passage writes each in brackets after lower-case words, a term's short form (rule
    org.acronym-unattested), as an organisation's would follow its capitalised name."""
    from entity_renaming.acronyms import term_acronym
    texts = ["linked by the energy carriers adenosine triphosphate (ATP) and NADPH.",
             "a biplane capable of taking off vertically (VTOL aircraft) and then",
             "funded by the National Science Foundation (NSF) since 1950."]
    lexicon = Lexicon(strict=False)
    lexicon.observe(texts, [], {t: [] for t in texts})
    assert term_acronym("ATP", lexicon) and term_acronym("VTOL", lexicon)
    assert not term_acronym("NSF", lexicon)


def test_capitals_opening_a_name_are_an_acronym_though_they_spell_a_numeral():
    """Round 36: "MCI" of "MCI Telecommunications" (M C I spell a Roman numeral) typed nnp and renamed
    "Usery": a numeral follows a name, so capitals opening one are its acronym, typed rare."""
    from entity_renaming.entities import opening_capitals
    assert opening_capitals(["MCI", "Telecommunications"], 0)
    assert not opening_capitals(["Division", "III"], 1) and not opening_capitals(["MCI"], 0)


def test_an_organisation_word_glued_to_another_name_word_is_left_out():
    """Round 36: "Apple" renamed, so the question's "Apple Talk" became "Beard Talk" while the passage kept
    "AppleTalk": the renamer renames whole words, so a glued form would keep the old name
    (rule org.word-elsewhere)."""
    import re

    from entity_renaming.model import Answer

    def spans(context: str, question: str) -> list:
        mentions = [Mention(m.start(), m.end(), "ORG", "Apple Inc.")
                    for m in re.finditer("Apple Inc.", context)]
        lexicon = Lexicon(strict=False)
        lexicon.observe([context, question], mentions, {context: mentions})
        answer = "networking protocols developed by Apple Inc."
        start = context.index(answer)
        example = QAExample("q", "t", "squad", context, question,
                            [Answer(answer, [(start, start + len(answer))])] * 2)
        return perturbable_spans(example_entities(example, mentions, lexicon), "org", answer_texts(example))

    passage = "AppleTalk was a suite of networking protocols developed by Apple Inc. in 1985."
    assert spans(passage, "What is Apple Talk?") == []
    assert [s.surface for s in spans(passage.replace("AppleTalk", "The network"),
                                     "What was developed in 1985?")] == ["Apple"]


def test_a_roman_numeral_is_no_acronym(org):
    """"NCAA's Division III": the numeral stays, the acronym is renamed."""
    from entity_renaming.acronyms import is_acronym
    assert not is_acronym("III") and not is_acronym("XXXIII") and is_acronym("NCAA") and is_acronym("ESPN")
    assert org("3c4cbf61df6a45a69be8bac224d51edc") == {("NCAA", "rare")}


def test_an_acronym_is_spelled_out_only_by_other_words_of_one_sentence(org):
    """The acronym's own word and a sentence's end break the run of initials: "CBS broadcast Super Bowl 50"
    spells no "CBS" (``org.acronym-expanded`` removed every CBS answer of the Super Bowl passage)."""
    from entity_renaming.acronyms import acronym_expanded
    assert not acronym_expanded("CBS", ("CBS broadcast Super Bowl 50 in the U.S., and charged",))
    assert not acronym_expanded("CBS", ("It was carried. By Sam",))
    assert acronym_expanded("IPCC", ("The Intergovernmental Panel on Climate Change (IPCC) is",))
    assert acronym_expanded("NSF", ("the National Science Foundation funds",))
    assert org("0c9b4fa5b9c94a6dbb05efdc241ecaea") == {("CBS", "rare")}  # Which network broadcasted …?


def test_a_one_word_company_that_the_question_types_is_renamed(org):
    """"What company confirmed …? Pepsi": the question's kind noun types a lone word; a word the passage
    writes after "the" (a team's nickname, "the Broncos") or a place ("Denver" for its team) stays."""
    from entity_renaming.entities import lone_company
    lexicon = Lexicon()
    question = "What company confirmed that Beyoncé would participate in the Super Bowl 50 halftime show?"
    assert lone_company("Pepsi", question, "On January 7, 2016, Pepsi confirmed", ["Pepsi"] * 3, lexicon)
    assert not lone_company("Pepsi", "Who confirmed it?", "Pepsi confirmed", ["Pepsi"] * 3, lexicon)
    assert not lone_company("Broncos", "Which team won?", "The Broncos won.", ["Broncos"] * 3, lexicon)
    assert not lone_company("Denver", "Which team won?", "Denver won.", ["Denver"] * 3, lexicon)
    assert org("b499ed6dd1cd432f823f61e8fba31bc1") == {("Pepsi", "nnp")}
    assert org("ea96e4edb006435a8153484210012161") == {("Hamas", "rare")}  # What organization …?
    # "Which team …? The Broncos": no company; a lone nickname of the passage's one team (Denver Broncos) is
    # renamed as that team, city and nickname (organisations.lone_team, round 3)
    assert org("8eb67b9ad5dc44d0b807662d713368df") == {("Denver", "city"), ("Broncos", "nnp")}


def test_a_store_or_brand_the_question_names_is_renamed_at_every_mention(org):
    """Issue 19 (ORG recall, eighteenth session): "what store?", "What brand …?" type a short name with no
    organisation word; a word the corpus only writes capitalised is a name whatever Webster's lists, and a
    one-word name NER tags PERSON that no person bears is the brand's own name (Doritos: no surname); a name
    of Greek letters is never half-renamed (Alpha Phi Omega)."""
    from entity_renaming.question import asked_type
    # a service may be a product (WatchESPN, Telepad: rejected by blind read round 32): no type
    assert asked_type("The Walt Disney Company is a part owner of what VOD streaming service?") is None
    assert asked_type("The largest brand of what store in the UK is located in Kingston Park?") == Asked(
        "org", "store", True)
    assert org("aefb8c14fe824d0f8f36f7f8ea2d3b46") == set()  # Hulu: what VOD streaming service?
    assert org("6fe6c8888d8240778725c6177bbeed2f") == {("Tesco", "nnp")}  # "The largest Tesco store"
    assert org("0f2567436dc345dabaff8bf16148648d") == {("Doritos", "nnp")}  # What brand …? (tagged PERSON)
    assert org("1015ba48cd40402da958d6115ce0b4e6") == set()  # "the co-ed community service fraternity"
    assert org("eaca6902a35a4602a6d6784224ac9a8c") == set()  # ESPN Deportes: still a unit of ESPN


def test_a_corpus_name_is_a_word_never_written_in_lower_case():
    from entity_renaming.entities import corpus_name
    lexicon = Lexicon()
    lexicon.observe(["They watch Hulu, like Hulu and pay Hulu.", "A Hulk or a hulk."], [])
    assert corpus_name("Hulu", lexicon)
    assert not corpus_name("Hulk", lexicon)  # written in lower case too, and few capitalised uses


def test_a_region_named_country_or_territory_is_no_organisation(org):
    """Blind reads rounds 9, 13 and 14: "the Ohio Country" (a colonial-era region, tagged ORG) renamed its
    "Ohio" as a state; a name with "Country" or "Territory" names a region, not an organisation."""
    from entity_renaming.organisations import names_organisation

    assert org("fc0d4bbf3961421ba5eca079595f086d") == set()
    assert not names_organisation("Ohio Country") and not names_organisation("Northwest Territory")
    assert names_organisation("Ohio Company")



def test_a_shorter_form_of_the_name_is_the_same_body():
    """"the Court of Justice" beside "the European Court of Justice": the renamed word follows in both
    ("Court of Harlow"), so it stands inside the organisation's own mentions; "the Department of Justice" is
    another body."""
    court = "The European Court of Justice rules. In 2004 the Court of Justice held that …"
    assert common_word_veto("Justice", "European Court of Justice", (court,),
                            ["European Court of Justice"], []) is None
    other = court + " The Department of Justice disagreed."
    assert common_word_veto("Justice", "European Court of Justice", (other,),
                            ["European Court of Justice"], []) == "org.word-elsewhere"
    longer = court + " The General Court of Justice disagreed."  # made up: another court with the word
    assert common_word_veto("Justice", "European Court of Justice", (longer,),
                            ["European Court of Justice"], []) == "org.word-elsewhere"


def test_a_place_or_demonym_in_an_organisation_name_is_renamed_with_all_its_mentions(org):
    """Issue 19, seventeenth session: the place an organisation's name holds is renamed as that place at
    every mention, its demonym with it. ``the City of Edinburgh Council`` tagged GPE is the council, and
    the passage's own "Edinburgh" makes the word a place though persons' names hold it; a country written
    with "the" follows its demonym where its article can follow; another region of the name stays
    (``East India``); a word derived from the place left in the passage keeps the name out."""
    assert org("c5e148e5e04f4bf5b5cb26fe847a874f") == {("Edinburgh", "city")}
    assert org("9e97c42bcfad439394ed3e8d04d6b6f1") == {("Netherlands", "country"), ("Dutch", "nationality")}
    assert org("12d843feb76a42d09cbe367d7f8459ab") == {("United States", "country"),
                                                       ("American", "nationality")}
    assert org("7fb14d1ebd9241f49f7aec9ea86b8587") == {("US", "country")}  # US Library of Congress
    assert org("5dfe098fe3c8492baa2da5dc72672dac") == set()  # "The Victorian College" would stay
    assert org("6dee7e4201e948a1bd448edd39062049") == set()  # "in the United States claim": "the" stays


def test_a_company_named_before_a_trade_word_or_by_one_common_word_is_renamed(org):
    """Issue 19 (ORG recall, twentieth session): a company's name before a trade word (Cable,
    Entertainment) is renamed and the trade kept, even where tiny gazetteer places bear its words (Time,
    Prospect); a one-word company or title named by a common word that a trade's question types ("What
    petroleum company …?" Chevron, "What magazine …?" Life) is renamed as a name word; a contraction with
    inner capitals (BSkyB of British Sky Broadcasting) and a group's plural or creed stay."""
    from entity_renaming.entities import common_word_company
    from entity_renaming.organisations import company_word
    lexicon = Lexicon()
    assert company_word("Time Warner Cable", lexicon) == "Time Warner"
    assert company_word("DIC Entertainment", lexicon) == "DIC"
    assert company_word("Boston Entertainment", lexicon) is None  # a city: the company's place
    assert common_word_company("Chevron", "What petroleum company was a Super Bowl sponsor?",
                               ["Chevron"] * 3, lexicon)
    assert not common_word_company("Chevron", "Who was a Super Bowl sponsor?", ["Chevron"] * 3, lexicon)
    assert not common_word_company("BSkyB", "What company was formed by the merger?", ["BSkyB"] * 3, lexicon)
    assert not common_word_company("Catholics", "What group killed thousands of Huguenots?",
                                   ["Catholics"] * 3, lexicon)
    assert not common_word_company("Brotherhood", "What company was led by him?",
                                   ["Brotherhood"] * 3, lexicon)
    assert org("cbf8f986ff854679941d6c37ba6e93c4") == {("Chevron", "nnp")}
    assert org("c1bb0085d4624099ad5319163388a712") == {("Life", "nnp")}  # What magazine criticized ABC?
    assert org("7c42d1b91eba40bca9175b8040c86b19") == {("Time Warner", "nnp")}  # Time Warner Cable
    assert org("8e845aeec6a342cd90b61966e6470b39") == {("DIC", "nnp")}  # DIC Entertainment
    assert org("4c38cc1d089a42ec9fb7493fa5c2cad4") == set()  # BSkyB beside British Sky Broadcasting


def test_an_organisation_word_opening_descriptive_words_is_renamed_with_them():
    """``University Athletic Association``: "University" describes the body's members, as "Athletic" does;
    renaming "Athletic" alone left "University Gershen Association" (a blind read, round 37): both are
    one ``nnp`` span; a name word keeps its organisation word (``Stanford University``)."""
    lexicon = Lexicon()
    lexicon.observe(["The athletic programs and athletic teams of the university compete in athletic "
                     "conferences."] * 3, [])
    assert distinctive_word("University Athletic Association", lexicon) == "University Athletic"
    assert distinctive_word("Stanford University", lexicon) == "Stanford"
