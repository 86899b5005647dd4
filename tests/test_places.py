"""The place checks of :mod:`entity_renaming.places`: word-level, without NER."""

from __future__ import annotations

from entity_renaming.entities import asks_for_work
from entity_renaming.lexicon import Lexicon, derived_word_pattern
from entity_renaming.model import Answer, QAExample
from entity_renaming.ner import Mention
from entity_renaming.places import (
    STATE_COUNTRY,
    derived_place_word,
    glued,
    in_work_title,
    inside_other_name,
    institution_metonym,
    is_state_country,
    listed_items,
    listed_places,
    renamable_states,
    split_place_lists,
    state_answers,
    state_key_word,
    state_name_spans,
    state_spans,
    state_word,
    state_word_derived,
)


def test_a_derived_word_of_a_state_or_city_is_found():
    """No bank gives a state's or city's demonym: "Victorian" beside Victoria would keep the old name."""
    assert derived_place_word("Victoria", ["The Victorian Constitution"]) == "Victorian"
    assert derived_place_word("California", ["Californians voted"]) == "Californians"
    assert derived_place_word("Paris", ["a Parisian cafe"]) == "Parisian"
    assert derived_place_word("Berlin", ["Berliners"]) == "Berliners"
    assert derived_place_word("New York", ["a New Yorker"]) == "Yorker"
    assert derived_place_word("Denver", ["the Denver Broncos"]) is None
    assert derived_place_word("Victoria", ["Lake Victoria"]) is None


def test_a_word_opening_with_a_places_whole_name_is_found():
    """Blind read round 34 (AfriSQuAD2): "Londonistan" and a case name's "Procuratori di Milano" kept the
    old name beside London → Matiri and Milan → Dakar: a capitalised word that opens with the place's whole
    name and goes on in lower case is a word made of it, which the renamer cannot rename; not the plural or
    possessive."""
    assert derived_place_word("London", ["the term Londonistan"]) == "Londonistan"
    assert derived_place_word("Milan", ["Avvocati e Procuratori di Milano"]) == "Milano"
    assert derived_place_word("Paris", ["how many Parisien Protestants"]) == "Parisien"
    assert derived_place_word("Buffalo", ["the Buffaloes and Buffalo's mayor"]) is None
    assert derived_place_word("London", ["London's Londons"]) is None


def test_a_place_glued_into_another_name_is_found():
    """The renamer renames whole words: "NewcastleGateshead" would keep Newcastle."""
    assert glued("Newcastle", ["EAT! NewcastleGateshead, a festival"])
    assert glued("Victoria", ["MacVictoria"])
    assert not glued("Newcastle", ["Newcastle, UK", "Newcastle's"])
    assert not glued("US", ["the USA"])  # abbreviations: rule place.other-name
    assert not glued("Oman", ["Romans"])
    assert glued("Manakin Town", ["still resident at Manakintown."])  # one word: that spelling would stay
    assert not glued("Manakin Town", ["the Manakin Towne"])


def test_a_place_the_answers_hold_only_inside_another_name_is_found():
    """Blind read round 16: "Denver" of the answer "Denver Broncos", "Warsaw" of "Warsaw Stock Exchange" are
    no GPE answer entities (the answer is about the team, the exchange); a place the answer is, is one."""
    lexicon = Lexicon()
    assert inside_other_name("Denver", ["Denver Broncos", "the Denver Broncos"], lexicon)
    assert inside_other_name("Warsaw", ["Warsaw", "Warsaw Stock Exchange"], lexicon)
    assert inside_other_name("Alsace", ["Grand Canal d'Alsace"], lexicon)  # glued: the renamer cannot follow
    assert not inside_other_name("Warsaw", ["Warsaw", "in Warsaw, Poland"], lexicon)
    # a part or the area of the place, renamed with it: "Downtown Fresno", "the Los Angeles Area"
    assert not inside_other_name("Fresno", ["Downtown Fresno"], lexicon)
    assert not inside_other_name("Los Angeles", ["the Los Angeles Area"], lexicon)
    assert inside_other_name("Los Angeles", ["the Los Angeles Area Chamber of Commerce"], lexicon)


def test_a_place_standing_for_an_institution_named_after_it_is_found():
    """Blind read round 20: "Chicago's physics department" in a passage on the University of Chicago is the
    university's department, not the city's (rule place.institution-metonym)."""
    context = "University of Chicago scholars lead. Chicago's physics department built a reactor."
    assert institution_metonym("Chicago", ["Chicago's physics department"], context)
    assert institution_metonym("Ohio", ["Ohio's faculty"], "Ohio State University hired.")
    assert not institution_metonym("Chicago", ["Chicago's physics department"], "Chicago's mayor spoke.")
    assert not institution_metonym("Chicago", ["Chicago's mayor"], context)  # no institution's unit
    assert not institution_metonym("New York City", ["superintendent of New York City schools"],
                                   "The City University of New York City schools")  # no possessive


def _example(context: str, answer: str, question: str = "What airs at seven?") -> QAExample:
    start = context.index(answer)
    return QAExample("q", "test", "mrqa", context, question, [Answer(answer, [(start, start + len(answer))])])


def test_a_place_inside_a_works_title_is_found():
    """A title (a longer WORK_OF_ART mention) is no reference to the place in it (rule place.work-title)."""
    context = "ABC airs Good Morning America from Times Square, in America."
    title = Mention(9, 29, "WORK_OF_ART", "Good Morning America")
    example = _example(context, "Good Morning America")
    assert in_work_title("America", example, [title])
    assert not in_work_title("America", example, [Mention(22, 29, "GPE", "America")])
    assert not in_work_title("America", _example(context, "America."), [title])  # the place itself


def test_a_question_asking_for_a_work_is_found_where_it_stands():
    """A work noun after what/which, plural or after "was the" and modifiers, not first in the question."""
    assert asks_for_work("In 1990, what was the longest running primetime entertainment program?")
    assert asks_for_work("What programs are broadcast from the Times Square Studios?")
    assert asks_for_work("On what show did he make his television debut?")
    assert asks_for_work("What television show did he host?")
    assert not asks_for_work("What actress plays the female Master?")  # "plays": a verb
    assert not asks_for_work("What did the film director say?")
    assert not asks_for_work("Which country's invasion show the insecurity of the Middle East?")
    assert not asks_for_work("Which team won Super Bowl 50?")
    # blind read, round 19: "Uni in the USA" (a guidebook) renamed as the country USA
    assert asks_for_work("What guide states the University is known for its heavy workload?")
    assert asks_for_work("Which newspaper defined southern California?")
    # blind read, round 28: "Heiland" of the hymn title "Nun komm, der Heiden Heiland" renamed as a surname
    assert asks_for_work("Which of Luther's hymn was the main one for Advent?")
    assert asks_for_work("What hymn did Luther write after the martyrdom of Esch and Voes?")
    assert not asks_for_work("Which of Luther's friends wrote to him?")



def test_a_historical_state_is_renamed_by_its_distinctive_word():
    """A state named by a distinctive word and a state kind keeps its kind word, its word renamed as the
    demonym of a drawn country no text names ("Song dynasty" → "Kenyan dynasty": blind reads rejected
    "Huffman Empire"); a nationality or a place before the kind is the country's case, not this one."""
    lexicon = Lexicon()
    assert state_word("the Song dynasty", lexicon) == "Song"
    assert state_word("Holy Roman Empire", lexicon) == "Holy Roman"
    assert state_word("British Empire", lexicon) is None  # a nationality: no state of its own name
    assert state_word("Ethiopian Empire", lexicon) is None  # a country's demonym: the country's rules
    assert state_word("Song Dynasty Museum", lexicon) is None  # not "<words> <kind>"
    context = "The Jin dynasty fell. The Mongols fought the Jin."
    (whole, word) = state_spans("Jin", context, lexicon)
    assert (whole.surface, whole.span_type, whole.follows, whole.tail) == (
        "Jin dynasty", "country", STATE_COUNTRY.format("Jin"), " dynasty")
    assert (word.surface, word.span_type, word.follows) == ("Jin", "country", whole.follows)
    assert is_state_country(whole.follows) and not is_state_country("Jin")
    assert state_key_word(whole.follows) == "Jin"
    assert not state_spans("Jin", "The Mongols fought the Jin.", lexicon)  # no kind word shows a state


def test_a_historical_state_is_a_country_span_its_people_a_nationality():
    """Blind read round 31 rejected "Song", "Holy Roman", "Jin" typed a nationality (a dynasty's name is
    none): each whole name "<word> <kind>" is a country span keeping its kind; the word alone is the
    state's short name (a country) or, where the texts write its plural, a people's word (a nationality);
    an answer holding the word alone cuts the whole name, so the word is the only span."""
    key = STATE_COUNTRY.format("Holy Roman")
    spans = state_name_spans("Holy Roman", ["an assembly of the Holy Roman Empire in Worms"])
    assert [(s.surface, s.span_type, s.tail, s.follows) for s in spans] == [
        ("Holy Roman Empire", "country", " Empire", key)]
    spans = state_name_spans("Mongol", ["The Mongol Empire grew; the Mongols rode in a Mongol army."])
    assert [(s.surface, s.span_type) for s in spans] == [
        ("Mongol Empire", "country"), ("Mongol", "nationality")]
    spans = state_name_spans("Song", ["between the Song dynasty and the Ming dynasty"], ["Song"])
    assert [(s.surface, s.span_type) for s in spans] == [("Song", "country")]
    spans = state_name_spans("Song", ["between the Song dynasty and the Ming dynasty"], ["the Song dynasty"])
    assert [(s.surface, s.span_type) for s in spans] == [("Song dynasty", "country")]


def test_a_state_kind_glued_or_written_in_another_passage_types_a_state():
    """"the Ilkhanate" holds its kind; "fight against the Jin" is a state where another passage of the dataset
    writes "the Jin dynasty" (NER labels the Jin PERSON); not a common word ("the World" beside "the Mongol
    World Empire") nor a name the passage writes without "the" (Chagatai, a son named like a khanate)."""
    lexicon = Lexicon()
    assert [s.surface for s in state_spans("Ilkhanate", "its ally, the Ilkhanate, grew", lexicon)] == [
        "Ilkhanate"]
    assert not state_spans("Khanate", "the Khanate, grew", lexicon)  # the kind alone names no state
    others = ["The Jin dynasty fell.", "the Mongol World Empire", "the Chagatai Khanate"]
    lexicon.observe(others, [], dict.fromkeys(others, []))
    assert [s.surface for s in state_spans("Jin", "Han Chinese fought against the Jin.", lexicon)] == ["Jin"]
    example = _example("Han Chinese fought against the Jin. Khitan defected.", "the Jin")
    assert [m.text for m in state_answers(example, [], lexicon)] == ["Jin"]
    assert not state_spans("World", "the Capital of the World.", lexicon)  # a common word
    assert not state_spans("Chagatai", "between Chagatai and Jochi.", lexicon)  # a person: no "the"
    assert not state_spans("Jin", "Han Chinese fought against the Jin.", Lexicon())  # no kind word anywhere



def test_a_state_word_whose_demonym_cannot_stand_everywhere_is_left():
    """The demonym follows the people ("the Mongols" → "the Kenyans") and stands before a noun ("Mongol
    army"); another word of the stem, a lone word heading its phrase, a longer name and a cited name
    would keep the old name or read wrong (rule gpe.state-word-derived)."""
    assert not state_word_derived("Mongol", ["The Mongol Empire grew. The Mongols rode in a Mongol army."])
    assert state_word_derived("Mongol", ["The Mongol Empire lay north of Mongolia."])
    assert state_word_derived("Khwarezmid", ["the Khwarezmia (Khwarezmid Empire)"])
    assert state_word_derived("Jin", ["the Jin dynasty fell; many fought against the Jin."])  # "the Kenyan."
    assert state_word_derived("Song", ["the Song dynasty and the Southern Song"])  # another state's name
    assert state_word_derived("Song", ["the Song dynasty. Song Jiang rebelled."])  # a person
    assert state_word_derived("Ottoman", ["the Ottoman Empire, where Ottoman Turkish was written"])
    assert state_word_derived("Holy Roman", ["the Holy Roman Empire and the Roman Empire"])
    assert state_word_derived("Manchu", ['the names "Manchu dynasty" for the Qing dynasty'])  # cited
    assert not state_word_derived("Song", ["between the Song dynasty and the Ming"], ["Song"])  # an answer
    assert not state_word_derived("Yuan", ["the Mongol-established Yuan dynasty"])


def test_renamable_states_come_from_passages():
    """EntSwap renames the states its passages name; a question's own state is SQuAD 2.0's twist."""
    lexicon = Lexicon()
    passage = "The Ottoman Caliphate was abolished in 1924, ending the Ottoman era."
    question = "Who founded the Jip dynasty?"
    found = renamable_states([passage, question], lexicon, [passage])
    assert found == {"Ottoman": STATE_COUNTRY.format("Ottoman")}


def test_a_historical_state_inside_an_answer_is_a_gpe_mention():
    """NER leaves "the Song dynasty" untagged: the kind word makes it a GPE mention."""
    example = _example("Zhang Rou attacked the Song dynasty in 1235.", "the Song dynasty")
    assert [(m.text, m.label) for m in state_answers(example, [], Lexicon())] == [("Song dynasty", "GPE")]
    context = "The Jin dynasty fell. Han Chinese fought the Jin. Khitan joined the Jin and Turkic tribes."
    assert [m.text for m in state_answers(_example(context, "the Jin"), [], Lexicon())] == ["Jin"]
    assert not state_answers(_example(context, "the Jin and Turkic tribes"), [], Lexicon())  # a people's word


def _mention(text: str, part: str, label: str) -> Mention:
    start = text.index(part)
    return Mention(start, start + len(part), label, part)


def test_a_list_of_places_read_as_one_mention_is_split_into_its_places():
    """NER reads "Rouen, Toulouse" (ORG) or "the Czech Republic, Cyprus" (GPE) as one mention: each place
    becomes a mention of its own (an ORG's as GPE), at its own characters of the text."""
    lexicon = Lexicon()
    text = "The towns were Aix, Rouen, Toulouse, and Troyes. In 2004: the Czech Republic, Cyprus, Malta."
    found = {text: [_mention(text, "Rouen, Toulouse", "ORG"),
                    _mention(text, "the Czech Republic, Cyprus", "GPE")]}
    split = split_place_lists(found, lexicon)[text]
    assert [(m.text, m.label) for m in split] == [("Rouen", "GPE"), ("Toulouse", "GPE"),
                                                   ("the Czech Republic", "GPE"), ("Cyprus", "GPE")]
    assert all(text[m.start:m.end] == m.text for m in split)
    new_york = "They sailed to New York and New Jersey."
    assert [m.text for m in listed_places(_mention(new_york, "New York and New Jersey", "LOC"), lexicon)] == [
        "New York", "New Jersey"]


def test_a_mention_running_into_its_bracketed_acronym_ends_before_the_bracket():
    """spaCy reads "Marshall Space Flight Center (MSFC" as one ORG mention, its last word "(MSFC" hiding the
    organisation word: the mention ends before an unclosed bracket opening on the initials of the words
    before it (acronyms.bracket_cut), and the centre is renamed with its acronym following. A bracket of other
    words is part of the name or a gloss ("the Methodist Church (USA": not cut)."""
    from entity_renaming.acronyms import bracket_cut
    from entity_renaming.entities import analyse_examples
    from entity_renaming.model import Answer, QAExample

    text = "The engineers at Marshall Space Flight Center (MSFC) took longer to agree."
    raw = _mention(text, "Marshall Space Flight Center (MSFC", "ORG")
    assert bracket_cut(raw) == _mention(text, "Marshall Space Flight Center", "ORG")
    assert split_place_lists({text: [raw]}, Lexicon())[text] == [bracket_cut(raw)]
    possessive = "at the Children's Memorial Health Institute (CMHI), a hospital"
    cmhi = _mention(possessive, "the Children's Memorial Health Institute (CMHI", "ORG")
    assert bracket_cut(cmhi).text == "the Children's Memorial Health Institute"
    for other, part in (("union of the Methodist Church (USA) and", "the Methodist Church (USA"),
                        ("the Dai Ön (Great Yuan) state", "Dai Ön (Great Yuan")):
        assert bracket_cut(_mention(other, part, "ORG")) == _mention(other, part, "ORG")
    answer = "Marshall Space Flight Center"
    start = text.index(answer)
    ex = QAExample(id="q1", dataset="t", source_format="mrqa", context=text,
                   question="Which NASA location came around last?",
                   answers=[Answer(answer, [(start, start + len(answer))])], answer_texts=[answer] * 3)
    others = [f"Rockets were tested at Marshall Space Flight Center in {year}." for year in (1961, 1962)]
    mentions = {text: [raw], **{t: [_mention(t, answer, "ORG")] for t in others}}
    examples = [ex, *(QAExample(id=f"o{i}", dataset="t", source_format="mrqa", context=t, question="When?",
                                answers=[Answer("1961", [(t.index("19"), t.index("19") + 4)])],
                                answer_texts=["1961"]) for i, t in enumerate(others))]
    # the dataset labels the name ORG three times only with the cut mention (entities' MIN_ORG_LABELS)
    [entity] = analyse_examples(examples, mentions, Lexicon())["q1"]
    assert {(s.surface, s.span_type) for s in entity.spans} == {("Marshall", "nnp"), ("MSFC", "rare")}


def test_a_list_with_a_part_that_is_no_known_place_stays_one_mention():
    """A part the gazetteer does not know as a place, a whole that is itself a place, an ORG joined by "and"
    only (a firm or railway named after two towns) and a PERSON mention keep the mention whole."""
    lexicon = Lexicon()
    for text, part, label in (("born at Eisleben, Saxony.", "Eisleben, Saxony", "LOC"),
                              ("in North and West Africa", "North and West Africa", "GPE"),
                              ("Trinidad and Tobago won.", "Trinidad and Tobago", "GPE"),
                              ("the Stockton and Darlington opened", "Stockton and Darlington", "ORG"),
                              ("Paris, Texas", "Paris, Texas", "PERSON")):
        mention = _mention(text, part, label)
        assert listed_places(mention, lexicon) == [mention]


def test_one_builder_makes_the_derived_word_checks_of_persons_and_places():
    alone = derived_word_pattern({"Luther"}, "an|ism")
    joined = derived_word_pattern({"Norman"}, "ic", also=["Normans"], hyphen_joined=True)
    assert alone.search("the Lutheran church") and alone.search("Lutherism")
    assert not alone.search("pro-Lutheran views") and not alone.search("Lutheran's")  # hyphen, apostrophe
    assert joined.search("Anglo-Normanic rule") and joined.search("the Normans came")
    assert not joined.search("Norman") and not joined.search("Normansfield")


def test_listed_items_reads_lists_of_three_or_more_capitalised_names():
    text = ("The towns were Aix, Bordeaux, Bourges, Lyons, and Troyes. In Paris, Lyon and St. Augustine it "
            "rained. Dublin and Cork stayed dry.")
    lists = listed_items(text)
    assert [[name for name, _ in items] for items in lists] == [
        ["Aix", "Bordeaux", "Bourges", "Lyons", "Troyes"], ["Paris", "Lyon", "St. Augustine"]]  # no "In"
    assert all(text[at:at + len(name)] == name for items in lists for name, at in items)
