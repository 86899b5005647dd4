"""Substitution never repeats the reference defects listed in prior-art.md."""

from __future__ import annotations

import random

import pytest
from conftest import MRQA_SQUAD_DEV

from entity_renaming.casing import natural_case, random_string
from entity_renaming.io import read_examples
from entity_renaming.model import Answer, QAExample, Substitution, illegal_answers
from entity_renaming.substitute import RenameError, Renamer, is_grammar_edit, rename_example, tokenize


def sub(original: str, replacement: str, etype: str = "per", span_type: str = "last") -> Substitution:
    return Substitution(original, replacement, etype, span_type)


def example(context: str, answer: str, question: str = "Who?", fmt: str = "squad") -> QAExample:
    start = context.index(answer)
    tokens = tokenize(context) if fmt == "mrqa" else None
    token_spans = None
    if tokens is not None:
        first = next(i for i, (_, o) in enumerate(tokens) if o == start)
        last = next(i for i, (t, o) in enumerate(tokens) if o + len(t) == start + len(answer))
        token_spans = [(first, last)]
    return QAExample(
        id="x",
        dataset="t",
        source_format=fmt,
        context=context,
        question=question,
        answers=[Answer(answer, [(start, start + len(answer))], token_spans)],
        answer_texts=[answer],
        context_tokens=tokens,
        question_tokens=tokenize(question) if fmt == "mrqa" else None,
    )


@pytest.mark.parametrize(
    ("original", "replacement", "text"),
    [
        ("Ann", "Beth", "Ann announced that the annual fair was cancelled."),
        ("Oman", "France", "A woman from Oman spoke."),
        ("India", "Peru", "India and Indiana differ."),
        ("Ford", "Kia", "Ford could not afford a lab in Oxford."),
    ],
)
def test_no_edits_inside_other_words(original, replacement, text):
    new, edits = Renamer([sub(original, replacement)]).apply(text)
    assert [e.original for e in edits] == [original]
    assert new == text.replace(original, replacement, 1)


def test_multiword_names_are_renamed_as_one_unit():
    text = "Bosnia and Herzegovina and Croatia signed; Bosnia and Herzegovina ratified."
    rng = random.Random(0)
    replacement = random_string("Bosnia and Herzegovina", rng)
    new, _ = Renamer([sub("Bosnia and Herzegovina", replacement, "gpe", "country")]).apply(text)
    assert new.count(" and Croatia") == 1 and new.count(replacement) == 2


def test_no_chain_replacement():
    text = "John met Son, and Son met John."
    new, _ = Renamer([sub("John", "Son", span_type="first-male"), sub("Son", "Lee")]).apply(text)
    assert new == "Son met Lee, and Lee met Son."


def test_longest_name_wins():
    new, _ = Renamer([sub("New", "Old", "org", "nnp"), sub("New York", "Lagos", "gpe", "city")]).apply(
        "New York is new; New Jersey too."
    )
    assert new == "Lagos is new; Old Jersey too."


def test_casing_is_kept_per_character_class():
    assert natural_case("MCDONALD") == "McDonald"
    assert natural_case("o'neil") == "O'Neil"
    new, _ = Renamer([sub("Smith", "McDonald"), sub("Ann", "O'Neil", span_type="first-female")]).apply(
        "Ann Smith (ANN SMITH) met Smith."
    )
    assert new == "O'Neil McDonald (O'NEIL MCDONALD) met McDonald."
    word = random_string("McDonald", random.Random(3))
    assert word[0] == "M" and [c.isupper() for c in word] == [c.isupper() for c in "McDonald"]


def test_lowercase_common_words_are_not_mentions():
    new, _ = Renamer([sub("Will", "Omar", span_type="first-male")]).apply("Will said he will go.")
    assert new == "Omar said he will go."


def test_possessives_and_plurals_follow_the_name():
    new, _ = Renamer([sub("Norman", "Aremu", "gpe", "nnp")]).apply("The Normans and Norman's heirs.")
    assert new == "The Aremus and Aremu's heirs."


def test_a_bare_possessive_apostrophe_after_x_or_z_takes_the_new_names_s():
    """Blind read round 25b: "Menéndez' forces" → "Clunk' forces"; English writes the bare possessive
    apostrophe after any sibilant (s, x, z), so the new name takes "'s" there as after s."""
    cases = (("Menéndez", "Menéndez' forces"), ("Marx", "Marx' theory"), ("Ulysses", "Ulysses' ship"))
    for old, text in cases:
        new, _ = Renamer([sub(old, "Clunk")]).apply(text)
        assert new == text.replace(f"{old}'", "Clunk's"), new
    assert Renamer([sub("Marx", "Clunk")]).apply("the word 'Marx' here")[0] == "the word 'Clunk' here"


def test_apostrophe_glued_names_are_not_split():
    new, _ = Renamer([sub("Neil", "Omar", span_type="first-male")]).apply("O'Neil and Neil came.")
    assert new == "O'Neil and Omar came."


def test_offsets_and_tokens_are_recomputed():
    ex = example("Before that, Ann Lee met Bo in Paris. Ann Lee left.", "Ann Lee", "Who met Bo?", fmt="mrqa")
    renamed, edits = rename_example(
        ex, [sub("Ann", "Christabel", span_type="first-female"), sub("Lee", "Okonkwo-Smith")]
    )
    answer = renamed.answers[0]
    assert answer.text == "Christabel Okonkwo-Smith"
    ((s, e),) = answer.char_spans
    assert renamed.context[s:e] == answer.text
    first, last = answer.token_spans[0]
    tokens = renamed.context_tokens
    assert tokens == tokenize(renamed.context)
    assert renamed.context[tokens[first][1] : tokens[last][1] + len(tokens[last][0])] == answer.text
    assert renamed.answer_texts == [answer.text]
    assert {e.field for e in edits} == {"context", "answer", "answer_text"}
    assert illegal_answers(renamed) == []


def test_answer_boundary_inside_a_renamed_mention_is_refused():
    ex = example("Orange County grew.", "Orange")
    with pytest.raises(RenameError, match="inside the renamed mention"):
        rename_example(ex, [sub("Orange County", "Lagos", "gpe", "city")])


def test_question_title_and_answers_share_one_mapping():
    ex = example(
        "Ada Lovelace wrote notes. Lovelace died in 1852.", "Ada Lovelace", "What did Lovelace write?"
    )
    ex.title = "Ada Lovelace"
    renamed, _ = rename_example(
        ex, [sub("Ada", "Ngozi", span_type="first-female"), sub("Lovelace", "Okafor")]
    )
    assert renamed.title == "Ngozi Okafor"
    assert renamed.question == "What did Okafor write?"
    assert renamed.answers[0].text == "Ngozi Okafor"
    assert "Lovelace" not in renamed.context


def test_real_mrqa_example_keeps_every_span_consistent():
    _, examples = read_examples(MRQA_SQUAD_DEV)
    ex = next(e for e in examples if "Denver Broncos" in e.context and e.answers[0].text == "Denver Broncos")
    renamed, _ = rename_example(
        ex, [sub("Denver", "Kumasi", "org", "city"), sub("Broncos", "Zebras", "org", "nnp")]
    )
    assert illegal_answers(renamed) == []
    assert "Denver" not in renamed.context
    assert len(renamed.context_tokens) == len(ex.context_tokens)
    assert all(renamed.context[o : o + len(t)] == t for t, o in renamed.context_tokens)


def test_the_indefinite_article_follows_the_new_name():
    """A blind read rejected "an Nigerien troop withdrawal" (SQuAD 2.0 dev, 1973 oil crisis): "a"/"an" before
    a mention is matched to the replacement, as a grammar edit of the record."""
    from conftest import SQUAD2_DEV

    from entity_renaming.substitute import is_grammar_edit, takes_an

    example = next(e for e in read_examples(SQUAD2_DEV)[1] if "an Israeli troop withdrawal" in e.context)
    renamer = Renamer([Substitution("Israeli", "Nigerien", "nationality", "nationality")])
    new, edits = renamer.apply(example.context)
    assert "a Nigerien troop withdrawal" in new and "an Nigerien" not in new
    assert any(is_grammar_edit(e.original, e.replacement) and (e.original, e.replacement) == ("an", "a")
               for e in edits)
    back, _ = Renamer([Substitution("Nigerien", "Israeli", "nationality", "nationality")]).apply(new)
    assert "an Israeli troop withdrawal" in back
    assert takes_an("Uzbek") and not takes_an("Ugandan") and not takes_an("European") and takes_an("Oman")


# --- the analysis chooses the mentions: other referents' longer names are kept whole (issue 19, item 1)

#: The opening of the MRQA SQuAD dev passage on Fresno (example 03adfbcd…), verbatim.
FRESNO = ("Fresno (/ˈfrɛznoʊ/ FREZ-noh), the county seat of Fresno County, is a city in the U.S. state of "
          "California. As of 2015, the city's population was 520,159, making it the fifth-largest city in "
          "California. Fresno is in the center of the San Joaquin Valley.")


def test_a_kept_longer_name_of_another_referent_stays_whole():
    """Keeping "Fresno County" renames the city at its own mentions and leaves the county's name alone;
    without ``keep`` the county would be renamed too (what forced a veto before)."""
    fresno = [sub("Fresno", "Porto Novo", "gpe", "city")]
    assert Renamer(fresno).apply(FRESNO)[0].count("Porto Novo") == 3
    renamed, edits = Renamer(fresno, keep=["Fresno County"]).apply(FRESNO)
    assert renamed.startswith("Porto Novo (/ˈfrɛznoʊ/ FREZ-noh), the county seat of Fresno County, is")
    assert "Porto Novo is in the center" in renamed and renamed.count("Porto Novo") == 2
    assert [(e.original, e.replacement) for e in edits] == [("Fresno", "Porto Novo")] * 2
    county = FRESNO.index("Fresno County")
    assert Renamer(fresno, keep=["Fresno County"]).kept(FRESNO) == [(county, county + len("Fresno County"))]
    # casing variants and possessives of the kept name stay too; a kept name that is mapped is renamed
    assert Renamer(fresno, keep=["Fresno County"]).apply("FRESNO COUNTY's seat, Fresno")[0] == (
        "FRESNO COUNTY's seat, Porto Novo")
    both = fresno + [sub("Fresno County", "Kern County", "gpe", "state")]
    assert Renamer(both, keep=["Fresno County"]).apply(FRESNO)[0].count("Kern County") == 1


def test_answers_stay_right_when_an_answer_occurrence_lies_in_a_kept_name():
    """MRQA lists every occurrence of an answer text; one inside the kept "Fresno County" is another
    referent's and is dropped (with its token span), the others are renamed with the passage."""
    ex = example(FRESNO, "Fresno", fmt="mrqa")
    county = FRESNO.index("Fresno County")
    tokens = ex.context_tokens
    first = next(i for i, (_, o) in enumerate(tokens) if o == county)
    ex.answers[0].char_spans.append((county, county + 6))
    ex.answers[0].token_spans.append((first, first))
    renamed, _ = rename_example(ex, [sub("Fresno", "Porto Novo", "gpe", "city")], keep=["Fresno County"])
    assert renamed.answers[0].text == "Porto Novo" and len(renamed.answers[0].char_spans) == 1
    assert len(renamed.answers[0].token_spans) == 1 and illegal_answers(renamed) == []
    (s, e), = renamed.answers[0].char_spans
    assert renamed.context[s:e] == "Porto Novo"
    # an answer that is only the kept name holds no mention and stays (the analysis leaves such examples
    # out: entities.kept_apart)
    only = example(FRESNO, "Fresno County")
    renamed, edits = rename_example(only, [sub("Fresno", "Porto Novo", "gpe", "city")],
                                    keep=["Fresno County"])
    assert renamed.answers[0].text == "Fresno County" and not [e for e in edits if e.field == "answer"]


def test_the_article_follows_a_country_that_heads_its_phrase():
    """Blind read round 15 (EntSwap): "In the United States 90%" → "In the Chad 90%", "The US spent" → "The
    Mozambique spent", "did the Portuguese kill" → "did the Angolan kill". A number, an irregular past tense
    and a verb after "<auxiliary> the" show that the name heads its phrase; a noun or an ordinal does not."""
    country = [Substitution("United States", "Chad", "gpe", "country"),
               Substitution("US", "Chad", "gpe", "country")]
    cases = {"In the United States 90% of power.": "In Chad 90% of power.",
             "The US spent money.": "Chad spent money.",
             "Who did the US provide arms to?": "Who did Chad provide arms to?",
             "The US Army left.": "The Chad Army left.",
             "the US 101st Airborne came.": "the Chad 101st Airborne came."}
    for text, want in cases.items():
        assert Renamer(country).apply(text)[0] == want, text
    people = [Substitution("Portuguese", "Angolan", "gpe", "nationality")]
    assert Renamer(people).apply("How many did the Portuguese kill?")[0] == "How many did the Angolans kill?"
    assert Renamer(people).apply("The Portuguese army came.")[0] == "The Angolan army came."


def test_a_demonym_before_a_noun_after_an_auxiliary_stays_an_adjective() -> None:
    """Blind read 17 (EntSwap): "What did the Dutch health authorities regard …" → "the Gambians health
    authorities": after "<auxiliary> the", a demonym before three lower-case content words modifies a noun;
    before a verb and its object or a function word it is the people ("did the Dutch provide arms to")."""
    people = [Substitution("Dutch", "Gambian", "gpe", "nationality")]
    cases = {"What did the Dutch health authorities regard as unnecessary?":
             "What did the Gambian health authorities regard as unnecessary?",
             "Who did the Dutch provide arms to?": "Who did the Gambians provide arms to?",
             "How many did the Dutch kill?": "How many did the Gambians kill?"}
    for text, want in cases.items():
        assert Renamer(people).apply(text)[0] == want, text


def test_a_plural_demonym_takes_the_irregular_plural_of_its_replacement() -> None:
    """Blind read 18 (EntSwap): "Belgians" → "Motswanas"; a demonym whose plural is another word takes that
    word ("Batswana"), the others an -s unless they end in one of the no-s plurals ("Sudanese"; blind read
    round 37: "Egyptians" → "Malagasys", Malagasy invariant as Seychellois is; Czech takes an -s)."""
    for new, want in (("Motswana", "The Batswana voted."), ("Kenyan", "The Kenyans voted."),
                      ("Sudanese", "The Sudanese voted."), ("Malagasy", "The Malagasy voted."),
                      ("Seychellois", "The Seychellois voted."), ("Greek", "The Greeks voted."),
                      ("Czech", "The Czechs voted.")):
        assert Renamer([Substitution("Belgian", new, "gpe", "nationality")]).apply("The Belgians voted.")[0] \
            == want, new


def test_a_demonym_before_a_noun_and_a_bare_primary_verb_stays_an_adjective() -> None:
    """Blind read r5 (EntSwap): "did the Chinese government have a monopoly" → "the Mozambicans
    government": after "<auxiliary> the", a demonym before a content word and a bare "have"/"be"/"do" or
    "not" modifies that word, the subject's head; before the verb itself it is the people."""
    people = [Substitution("Chinese", "Mozambican", "gpe", "nationality")]
    cases = {"What did the Chinese government have a monopoly on?":
             "What did the Mozambican government have a monopoly on?",
             "What did the Chinese government not have a monopoly on?":
             "What did the Mozambican government not have a monopoly on?",
             "What did the Chinese not have?": "What did the Mozambicans not have?",
             "What did the Chinese build there?": "What did the Mozambicans build there?"}
    for text, want in cases.items():
        assert Renamer(people).apply(text)[0] == want, text


def test_a_bare_demonym_without_an_s_plural_used_as_a_plural_noun_takes_the_plural() -> None:
    """Blind read r5 (EntSwap): "other high ranking Chinese who served" → "Mozambican who served", "did French
    recruit" → "did Algerian recruit", "command of French in 1753" → "of Algerian": without "the", a
    demonym after a quantifier (and its modifiers) or a people's preposition heading its phrase, the subject
    after an auxiliary, or one before "were" is the people; adjective and coordinated-adjective uses stay."""
    people = [Substitution("Chinese", "Mozambican", "gpe", "nationality"),
              Substitution("French", "Algerian", "gpe", "nationality"),
              Substitution("British", "Kenyan", "gpe", "nationality")]
    cases = {"other high ranking Chinese who served": "other high ranking Mozambicans who served",
             "Some Chinese considered it.": "Some Mozambicans considered it.",
             "Two Chinese were killed.": "Two Mozambicans were killed.",
             "What areas did French recruit natives from?": "What areas did Algerians recruit natives from?",
             "Who took command of French in 1753?": "Who took command of Algerians in 1753?",
             "attacks by French and Indians": "attacks by Algerians and Indians",
             "Some say Chinese are skilled.": "Some say Mozambicans are skilled.",
             "Some French troops came.": "Some Algerian troops came.",
             "Many Chinese people left.": "Many Mozambican people left.",
             "He is one Chinese who stayed.": "He is one Mozambican who stayed.",
             "Did French law have force?": "Did Algerian law have force?",
             "a group of French and British soldiers": "a group of Algerian and Kenyan soldiers",
             "French forts stood.": "Algerian forts stood.",
             "They were French.": "They were Algerian.",
             "against French (Catholic) rule": "against Algerian (Catholic) rule",
             "art by Chinese and international artists": "art by Mozambican and international artists",
             "How did Chinese medicine spread?": "How did Mozambican medicine spread?",
             "What did French law require to start?": "What did Algerian law require to start?",
             "Where did French fur trappers travel?": "Where did Algerian fur trappers travel?",
             "Why did French feel they had a claim?": "Why did Algerians feel they had a claim?",
             "When didn't French learn about it?": "When didn't Algerians learn about it?",
             "with Chinese and Qara-Khitays": "with Mozambicans and Qara-Khitays",
             "but other Chinese think what?": "but other Mozambicans think what?",
             "Most Chinese food is spicy.": "Most Mozambican food is spicy.",
             "some Chinese rice that was sold": "some Mozambican rice that was sold"}
    for text, want in cases.items():
        assert Renamer(people).apply(text)[0] == want, text


def test_a_demonym_reads_as_the_people_or_an_adjective_from_the_words_around_it() -> None:
    """Blind reads r35/r36 (EntSwap): "were French placing" → "were Algerian placing", "What choice did French
    have" → "did Algerian have", "there were rich … socially standing Chinese while" → "Mozambican while",
    "was the French revised efforts?" → "the Algerians revised efforts": the subject after "were" / "are"
    before a participle, after an auxiliary before "have", or a bare demonym heading the phrase after "there
    were" and its modifiers is the people; after "<copula> the", a demonym before a participle and a noun
    modifies the noun."""
    people = [Substitution("Chinese", "Mozambican", "gpe", "nationality"),
              Substitution("French", "Algerian", "gpe", "nationality")]
    cases = {"How much resources were French placing?": "How much resources were Algerians placing?",
             "Where were French defeated in Canada?": "Where were Algerians defeated in Canada?",
             "Why weren't French placing it?": "Why weren't Algerians placing it?",
             "Where were French troops defeated?": "Where were Algerian troops defeated?",
             "What choice did French have for surrendering land?":
                 "What choice did Algerians have for surrendering land?",
             "since there were rich and well socially standing Chinese while there were":
                 "since there were rich and well socially standing Mozambicans while there were",
             "there were Chinese in the city.": "there were Mozambicans in the city.",
             "there were Chinese troops in the city.": "there were Mozambican troops in the city.",
             "there were few of the Chinese books": "there were few of the Mozambican books",
             "How successful was the French revised efforts?":
                 "How successful was the Algerian revised efforts?",
             "Why were the French defeated at Quebec?": "Why were the Algerians defeated at Quebec?",
             "Why were the French defeated?": "Why were the Algerians defeated?",
             "after the French attacked the Dutch": "after the Algerians attacked the Dutch"}
    for text, want in cases.items():
        assert Renamer(people).apply(text)[0] == want, text


def test_a_country_code_before_a_noun_takes_the_new_demonym() -> None:
    """Blind read s11 (EntSwap): "a close US ally" → "a close Mali ally", "eight U.S. presidents" → "eight
    Ethiopia presidents": a country code before a noun it modifies is an adjective and takes the new
    country's demonym; as a noun ("the US and Canada", "in the US.", "did the US begin") or in a compound
    ("US-based") it takes the name."""
    subs = [Substitution("US", "Mali", "gpe", "country"), Substitution("U.S.", "Ethiopia", "gpe", "country"),
            Substitution("UK", "Liberia", "gpe", "country")]
    adjectives = {"Mali": "Malian", "Ethiopia": "Ethiopian", "Liberia": "Liberian"}
    cases = {"Iran was a close US ally.": "Iran was a close Malian ally.",
             "eight U.S. presidents": "eight Ethiopian presidents",
             "The US Government can refer the bill.": "The Malian Government can refer the bill.",
             "the UK Government or the US economy": "the Liberian Government or the Malian economy",
             "US troops were sent.": "Malian troops were sent.",
             "the US and Canada": "Mali and Canada", "in the US.": "in Mali.",
             "US-based firms": "Mali-based firms", "What did the US begin?": "What did Mali begin?",
             "The UK subsequently adopted it.": "Liberia subsequently adopted it.",
             "the US spent billions": "Mali spent billions",
             "What did the US military personnel seek?": "What did the Malian military personnel seek?"}
    renamer = Renamer(subs, adjectives=adjectives)
    for text, want in cases.items():
        assert renamer.apply(text)[0] == want, text
    assert Renamer(subs).apply("a US ally")[0] == "a Mali ally"  # no demonym given: the name


def test_a_demonym_after_a_plural_quantifier_is_the_people() -> None:
    """Blind read s11 (EntSwap): "Some Chinese … other Chinese" → "Some Mozambican … other Mozambican": a
    demonym without an -s plural heading its phrase after a plural quantifier is a plural noun; before a
    noun it stays an adjective."""
    people = [Substitution("Chinese", "Mozambican", "gpe", "nationality")]
    cases = {"Some Chinese were rich, but other Chinese were poor.":
             "Some Mozambicans were rich, but other Mozambicans were poor.",
             "Some Chinese scholars came.": "Some Mozambican scholars came."}
    for text, want in cases.items():
        assert Renamer(people).apply(text)[0] == want, text
    question = "Some Chinese considered it legitimate, but what did other Chinese think it was?"
    assert Renamer(people).apply(question)[0] == (
        "Some Mozambicans considered it legitimate, but what did other Mozambicans think it was?")
    assert Renamer(people).apply("What did some Chinese government officials say?")[0] == (
        "What did some Mozambican government officials say?")


def test_a_country_code_inside_an_organisations_name_takes_the_new_name() -> None:
    """Blind read round 37 (MIX): "Sky UK Limited" → "Sky Omani Limited" beside "UK" → "Oman": a code after
    a capitalised name word and before another stands inside the organisation's name, a noun that takes the
    country's new name; after a function word it still modifies the noun ("The UK Government")."""
    from entity_renaming.places import abbreviation_fits

    renamer = Renamer([Substitution("UK", "Oman", "gpe", "country")], adjectives={"Oman": "Omani"})
    assert renamer.apply("Sky UK Limited said. The UK Government and UK teachers.")[0] == (
        "Sky Oman Limited said. The Omani Government and Omani teachers.")
    assert abbreviation_fits("UK", "Sky UK Limited is a firm.")


def test_a_comparative_adjective_and_a_people_before_a_reflexive_or_adverb() -> None:
    """"became more Irish than the Irish themselves" → "more Kenyan than the Kenyans themselves": a demonym
    after a linking verb and "more" is a comparative adjective, and one before a reflexive pronoun or a
    sentence adverb ("nonetheless") heads its phrase; so does a country code before such an adverb ("the UK
    nonetheless faced" → "Liberia nonetheless faced", not the demonym)."""
    people = [Substitution("Irish", "Kenyan", "gpe", "nationality"),
              Substitution("French", "Algerian", "gpe", "nationality")]
    cases = {'they became "more Irish than the Irish themselves."':
             'they became "more Kenyan than the Kenyans themselves."',
             "The French nonetheless left.": "The Algerians nonetheless left.",
             "More French than Irish were killed.": "More Algerians than Kenyans were killed."}
    for text, want in cases.items():
        assert Renamer(people).apply(text)[0] == want, text
    subs = [Substitution("UK", "Liberia", "gpe", "country")]
    renamer = Renamer(subs, adjectives={"Liberia": "Liberian"})
    assert renamer.apply("Despite that, the UK nonetheless faced a crisis.")[0] == (
        "Despite that, Liberia nonetheless faced a crisis.")


def test_a_country_before_a_degree_adverb_heads_its_phrase() -> None:
    """A degree or time adverb after a country ("the US more worried", "the UK never joined") is no noun
    the name modifies: the article goes with a name that takes one ("the US" → "Kenya"), as before a verb."""
    renamer = Renamer([Substitution("US", "Kenya", "gpe", "country"),
                       Substitution("UK", "Chad", "gpe", "country")])
    assert renamer.apply("Was the US more worried? The UK never joined.")[0] == (
        "Was Kenya more worried? Chad never joined.")
    assert renamer.apply("the US government")[0] == "the Kenya government"


def test_a_plural_place_name_takes_the_bare_possessive_apostrophe() -> None:
    """A new name of plural form that takes "the" ("the Comoros") takes the possessive apostrophe alone:
    "The USSR's invasion" → "The Comoros' invasion", recorded as a grammar edit; a singular name keeps
    "'s"."""
    renamer = Renamer([Substitution("USSR", "Comoros", "gpe", "country")])
    text, edits = renamer.apply("The USSR's invasion. Of the USSR’s army.")
    assert text == "The Comoros' invasion. Of the Comoros’ army."
    assert [is_grammar_edit(e.original, e.replacement) for e in edits if e.original != "USSR"] == [True, True]
    assert Renamer([Substitution("USSR", "Kenya", "gpe", "country")]).apply("The USSR's army")[0] == (
        "Kenya's army")
