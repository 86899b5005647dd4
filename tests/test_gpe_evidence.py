"""GPE evidence on real data (MRQA SQuAD dev file, real spaCy NER): the place patterns a blind read found.

Each test pins one pattern to examples of the shared file where the earlier analysis was wrong."""

from __future__ import annotations

import copy

import pytest
from conftest import MRQA_SQUAD_DEV

from entity_renaming.demonyms import demonym_spans, people_stem_left
from entity_renaming.entities import (
    LongerName,
    answer_lists_places,
    answer_texts,
    asked_nationality,
    continues_name,
    example_entities,
    first_name_type,
    gazetteer_answers,
    kept_apart,
    lists_other_place,
    longer_name,
    longer_names,
    lower_case_mention,
    named_alone,
    other_place,
    place_list,
    place_spans,
    twin_city,
)
from entity_renaming.io import read_examples
from entity_renaming.lexicon import LabelVotes, Lexicon
from entity_renaming.model import Substitution
from entity_renaming.ner import Mention, NerCache, recognize
from entity_renaming.places import (
    asked_country,
    asked_settlement,
    called_capital,
    city_exonym,
    colony_country,
    derived_place_word,
    particle_place,
    passage_place_kind,
    placed_settlement,
    section_city,
    stray_norp,
    titled_place,
)
from entity_renaming.question import Asked, asked_type
from entity_renaming.referents import PerturbableSpan
from entity_renaming.spans import kept_names, perturbable_spans
from entity_renaming.substitute import Renamer, is_mention, rename_example

IDS = {
    "edinburgh": "6a366e1625534a58a541edec431360c6",
    "geneva": "5b139e6055714ce49c8081e15af4d540",
    "norfolk": "37ab28d50e754e4b89cf9eb6b15aa042",  # "Lower Norfolk County"
    "san_mateo": "cf95f31dcdf5490abb26e36f65e7242b",  # "the Spanish renamed the fort San Mateo"
    "rivera": "3b135767c60944c9b553293a1de2438d",  # Ron Rivera, the Panthers' coach
    "basel": "fb1f18803b764688acdedc98afa69b04",  # "the cantons of Zürich and Basel-Stadt"
    "duval": "fe90b5f48f2346e081e013901e9f79db",  # "the county seat of Duval County"
    "orange_counties": "7cb80f64bf7f4147866418d967006008",  # "commute to L.A. and Orange Counties"
    "orange_list": "1e2baae266a0470a8b108758d65d840b",  # "Riverside, and Orange counties"
    "north_county": "e3faa486750147f49bd14ea1a9d21c79",  # "North County regions"
    "new_france": "620b919217b948f5b03f30e1fb2f47aa",  # "dispatched six regiments to New France"
    "quebec_capital": "8aea7b3c41234e72b4c85c3fd11906b2",  # "an attack on New France's capital, Quebec"
    "french_beside_colony": "ec8602690bd4464e83fc0a2612eb4fa6",  # "dislodge the French" beside New France
    "especially": "58c38dac054c434cb385db8a023cd539",  # "In the United States especially"
    "following": "936a4b13e6654ae39067ecdfd4e3290c",  # "in the United States following a US Supreme Court"
    "graz": "0818d20ab3a84685b398e474c626f094",  # answers "Graz, Austria"
    "nordic": "100374f9f9ce4a209928c1c3f5712ce9",  # answers "Denmark, Iceland and Norway"
    "sicily": "d2d7580fa6dd45f98e9ef9fca55828f0",  # "the Kingdom of Sicily"
    "saudi": "4a2eb71aaeff4257901f0c96ed6cd9e4",  # "arms from the US by Saudi Arabia was"
    "prussia": "cbf33da4ae554a64979b7c572875d9bf",  # "the province of South Prussia"
    "spain": "6a0b665b3fd14772bd43328f11b84c78",  # answer "Spain", passage "under the Spanish."
    "soviet": "f91304c2c7d74b5ca22dd6bcb14f1acc",  # answer "Soviet Union", passage "Soviet" (adjective)
    "england": "3c2b2ff3fbe24378b12bd805497bf961",  # answer "England", question "English constituencies"
    "iberia": "979aa819f82048939ad99303a8637d84",  # "Iberia": an alternate name of New Iberia, no city
    "warsaw": "bbfeeab04ce942b7af27f8eb5f1d698c",  # "Warsaw (Polish: Warszawa …)"
    "denver_team": "5c3a8beffc41454cb61262349da857ef",  # "Denver took the opening kickoff"
    "new_orleans": "2ee29208f7ae4be1a28fce711758a99f",  # "hosted the event 10 times (tied … New Orleans)"
    "british": "6c8e02df850642988b666d0fa10bc348",  # answer "England", passage "the British study"
    "ning_hia": "994f2546128047cf9f2d92a0a6b1b228",  # "the Tangut capital of Ning Hia" (tagged PERSON)
    "northumbria": "8c6b4101c6384e00843bfd6fd99e3a13",  # "University of Northumbria"
    "cheyenne": "74527a87809541e8af8ea59560e5114b",  # "What television show for ABC …?" Cheyenne
    "dallas": "edd2b72bcc4146da8c6b1b6456400e55",  # "Which American show …?" Dallas
    "bourne": "dabb3283885c4a1ba2852d1f727d293d",  # "What Universal trailer …?" Jason Bourne
    "gomez": "eb3319ad8b7a486eafd38b860a46e80a",  # "What actress plays the female Master?"
    "hangzhou": "b48fe3b8e35e4152b9a103d36973e64a",  # "What was the Song dynasty's capital?"
    "wang_khan": "a2452ad89bb04a8ea06758d7ce70b2a7",  # "Wang Khan" (Toghrul): a title, no given name
    "kim": "a39537aa7d7c45808a7c17b9ce7515fa",  # Kim Wilkie, a man; no pronoun in the passage
    "chris": "f2397069294b4b3e8bf152dd10bbd3a3",  # Chris Keates, a woman; no pronoun in the passage
    "lindau": "847465ef91f04a65b4f0866c2ce949e4",  # "off the island of Lindau"
    "elbegdorj": "e00ffc14a3854fcd86d0120da145f534",  # Tsakhiagiin Elbegdorj: patronymic, given name
    "irvine": "c3de01bcb2f94225944f60bbe07364ea",  # answers "University of California, Irvine"
    "captain": "539c7d52978740dfaef9411716b4366f",  # answers "Captain America: Civil War"
    "fresno": "03adfbcd47894c0c8cdcb12513e33a73",  # "Fresno …, the county seat of Fresno County"
    "maine": "091ba0974dba4b55bfb676a864bd701b",  # "the wilderness of the Maine district"
    "san_diego": "55652ee297854eef9183cbc56f8dd2f5",  # "Downtown San Diego", answers "Northern San Diego"
    "montpellier": "00949ffe71404735859df3fa997a2478",  # "Montpellier" tagged PERSON; "… cities or towns?"
    "saint_john": "e880bb8d47e74c28a0e50ff94ba7178d",  # "Where …?" "the Cathedral of Saint John the Divine"
    "pskov": "a888f50ee1d248898f0233ad6fc32947",  # "Which major cities …?" "Novgorod and Pskov"
    "sargans": "19a4f815d2ef47448205861994401205",  # "Near Sargans a natural dam" (NORP)
    "normandy": "517271322367487ea3b68f219523bc3f",  # "Duke Richard II of Normandy … fled to Normandy" (ORG)
    "greenland": "bef1a1835c3f4a31b1336fe22d9efa11",  # "Which country in 1985 signed a treaty …?" Greenland
    "gospic": "7d09b1b1e19144cd8ad4383e199a5d6a",  # "Where …?" "moved to Gospić, Austrian Empire"
    "abercynon": "20e260096e8d4b28992716160782598b",  # "Where …?" "… to Abercynon in south Wales" (FAC)
    "irish_cities": "560f10879906407c81a6e06d72df3f2b",  # answers "Dublin, Cork, Youghal and Waterford"
    "warsaw_tech": "3259c1940a1a428f9ce683cb7c01c023",  # answers "Warsaw University of Technology" (ORG)
    "broncos": "556c5788c4574cc78d53a241004c4e93",  # "Who won Super Bowl 50?" "Denver Broncos"
    "blaine": "71aa1b6b06604b83b61723662e1c3a4a",  # "Blaine Amendments": James G. Blaine's
    "bento": "3f10a785a4d84c6c954264bfd8bda9b3",  # "Bento de Moura Portugal", a man
    "christ_church": "cb363d12c5634eb0b9a0ba57a023e59d",  # Oxford's "Christ Church Hall"
    "santa_maria": "46665411c03c4df58bfb77c41838171b",  # "the Church of Santa Maria Novella in Florence"
    "latin_america": "4b55ac80de7c4abe8d0f19f5ac568904",  # answers "Japan and Latin America"
    "sea_of_japan": "3923e3967c264cc59d453c0b5327fe0e",  # answers "Sea of Japan"
    "british_america": "c1cd10601cb9479f82567fbd5bcd0054",  # "the colonies of British America"
    "khanbaliq": "90de2f42a20644e3add08d07ca42b493",  # "at Khanbaliq (modern Beijing)"
    "zhongdu": "5f6a4125fcb54365832bb1d0121a7476",  # "the former Jurchen capital Zhongdu, now modern Beijing"
    "otrar": "8c99b5f9eb024a738c17cbd4f77442c4",  # "seized the town of Otrar" (no gazetteer city)
    "baldwin": "239c8ce1209e47ecaec1cb1a4984991e",  # "the town of Baldwin": more Americans are named so
    "new_paltz": "d733931ea56e4d85a2164d803be774e5",  # "What town in upstate New York …?" New Paltz
    "ulaanbaatar": "b1e224036bc94c54b01278ea22344603",  # "What city is near …?" (GeoNames: Ulan Bator)
    "diepoldsau": "efd318e88c3c46e5b71494e0fc262dac",  # "Where …?" "an upper canal near Diepoldsau"
    "shangdu": "c4a49c5298424a11a6d66532d82b0bd9",  # "Where did Yesun Temur die?" "died in Shangdu"
    "westminster_seat": "3d68feab10474c9689e9df2f56b163dd",  # "reserved to Westminster"
    "mansfeld": "4fb5b7201f9d40bd9a1f37fdea12598c",  # "to Mansfeld", "Count Albrecht of Mansfeld"
    "gateshead": "266dad7bbe134e2182ad6314b41d005d",  # "Where …?" GPE here, mostly not GPE in the file
    "tomingaj": "4fd80764fec747f1b4aaa1345f3e4859",  # "running away to Tomingaj, near Gračac"
    "smiljan": "68bd7c9ca1cd45dd810be41d266f7a30",  # "his birthtown, Smiljan"
    "sunspot": "f2359f2a03fc4b0c82614ced9282bcec",  # "in Sunspot, New Mexico"
    "khorasan": "2d69b67b7f2f46d6b7fe2294de715dab",  # "Jochi remained in Khorasan" (a region)
    "nederrijn": "ef6f86ceb0064981930cbdd8a729b753",  # "where …?" a river branch: "the Nederrijn"
    "millingen": "4ac1d412f19e4338bf468ff75ba0c159",  # "near Millingen aan de Rijn"
    "dyrrachium": "c997335635804fe4b47618a05c95b363",  # Durrës by its historical name
    "krakow": "860be1f64c2a482393eb7a92d2b56a32",  # "In what districts …?" "the districts in Kraków" (PERSON)
    "march": "6d03e9b18fc640ee8c1765e79799fc4b",  # "In March 1896" (March: also a gazetteer town)
    "south_kensington": "fdf3206a5078436787c08a6991a1e06f",  # "leading to South Kensington tube station"
    "miralles": "6a1053a70f524e00b81749b038249688",  # "What nationality …?" "Spanish architect" (NORP)
    "kenyan_athletes": "2ae94c955a0d4660b4d6eb2d8d9b38fd",  # answers "… Kenyan athletes …" (NORP)
    "german_east_africa": "87843cffaf8c46b1973a75122914c4db",  # answers "… and German East Africa"
    "serb": "fce491c0efe44f059fbfc958e0252f16",  # "Serbian epic poems" beside "a Serb family"
    "turkish_forces": "bd091aa43ae749479ed8782579313010",  # "Turkish forces" (NORP), no "Turkey" in the texts
    "coldplay": "d1a26505356b474788cfa0696bbd8b00",  # "What nationality is the band Coldplay?" British
    "uk_researchers": "5d33aac9f30d4202b2dce08e81d3bdca",  # "British researchers" beside "(US and UK)"
    "kenyans": "62aeef65e14946b1a1a5c495740fdc6f",  # answers "… gives Kenyans a bill of rights"
    "americans": "b383b43d84144bb49b2d7e89db5ab5b7",  # answer "Americans", no "United States" in the texts
    "hoy_dutch": "2dd768b70e234d9996191a812b8be2e9",  # "What language does 'hoy' originate from?" Dutch
    "everyday_germans": "7a9d96ff6a654899ab587ddf59540958",  # "everyday Germans" beside "German spoken at"
    "hungarians_org": "63b54bd932a04cacbaacf4d65e1c5f11",  # answers "Hungarians", tagged ORG
    "scots_org": "119b65419a224d0db0aa0671d462c6b6",  # "Cromwell's allies, the Scots", tagged ORG
    "german_vernacular": "ed6ff10078fa4bcaab14dc9399e7dbb3",  # "Using the German vernacular": the language
    "swiss_alps": "1bc314ab39cd4fd2aad40de253c04957",  # "the Swiss canton of … in the … Swiss Alps"
    "riverside": "2c4b17b1ae924274b75fec11937e8b2b",  # "which other developed southern Californian city"
    "wijk": "1c56ae2be0fb4bf780be6112f0c099d7",  # "Where …?" "at Wijk bij Duurstede" (ORG + PERSON)
    "hoek": "af691cc479244b69a627f3e9ac28778a",  # "Where …?" "to Hoek van Holland" (ORG)
    "rudesheim": "ab8ef283048d4e31a435571a3e71b9e5",  # "between Rüdesheim am Rhein and Koblenz"
    "eisleben": "e3bff39c6abd4aa8b7e1f85bd82475e3",  # "at Eisleben, his place of birth" (ORG)
    "karakorum": "86d6b543115841d8a7a9787ed40340fd",  # "the Mongol Empire capital Karakorum" (ORG)
    "karakorum_moved": "77af857b0a44483ba72306b8d609dcb3",  # "the Mongol capital from Karakorum" (ORG)
    "deluun_boldog": "c1b371f0363748958d3c3f8e91575a7f",  # "born in 1162 in Delüün Boldog" (FAC)
    "downtown_fresno": "6b82d29575c043b6b907fc62e063e6b8",  # answers "Downtown Fresno" ("Downtown": GPE)
    "rhodesia": "bf3a36e6c8a14a20bfd63ad96bdd4b1e",  # "in Northern Rhodesia (today Zambia)" (LOC)
    "brooklyn": "a6fbdc55868a41a1a76cb1e5acc40f0c",  # "… live in what modern New York borough?" Brooklyn
    "manhattan_lab": "475e5c3e40ed419a8a9f47af02f58928",  # "Where …?" "89 Liberty Street in Manhattan"
    "shoreditch": "1519bb178ec34845a07f46b768582b41",  # "What London neighborhood …?" "Shoreditch, London"
    "staten_island": "5e78e0e51caa44c2bc26ad69eb07240e",  # "In what borough …?" Staten Island
    "riverside_area": "3fc8a591111744fda438686c7eda1861",  # "The San Bernardino-Riverside area"
    "boston_meetings": "1e65836b1a664410966341a9178768f1",  # "Boston", "in Boston", "May 21, 2013"
    "khanbaliq_moved": "24c9479977f942d2825c64f26c0e7bb1",  # "capital from Karakorum … to Khanbaliq"
    "hesse": "015bb7ad20914ec89429520e40d3927e",  # "Who was Philip I?" "Landgrave of Hesse" (PERSON)
    "plock": "8beada2a9fe4402997283ddc686a91e8",  # "Who was Boleslaw II …?" "The Prince of Płock" (untagged)
}


@pytest.fixture(scope="module")
def analysis(spacy_ner):
    """NER of the chosen examples' passages; case statistics from every text of the file."""
    examples = read_examples(MRQA_SQUAD_DEV)[1]
    chosen = {ex.id: ex for ex in examples if ex.id in IDS.values()}
    assert len(chosen) == len(IDS)
    contexts = list(dict.fromkeys(ex.context for ex in chosen.values()))
    mentions = recognize(contexts, spacy_ner, NerCache(None), progress=False)
    lexicon = Lexicon()
    lexicon.observe([t for ex in examples for t in (ex.context, ex.question)],
                    (m for ctx in contexts for m in mentions[ctx]))
    entities = {qid: example_entities(ex, mentions[ex.context], lexicon) for qid, ex in chosen.items()}
    return chosen, entities, lexicon


def spans(analysis, key, entity_type="gpe"):
    examples, entities, _ = analysis
    qid = IDS[key]
    selected = perturbable_spans(entities[qid], entity_type, answer_texts(examples[qid]))
    return {(s.surface, s.span_type) for s in selected}


def test_a_state_named_like_a_known_city_is_that_city(analysis):
    """Edinburgh and Geneva are council area / canton in the state list, but a reader means the city;
    major first-level divisions (Florida, Quebec) stay states."""
    assert spans(analysis, "edinburgh") == {("Edinburgh", "city")}
    assert spans(analysis, "geneva") == {("Geneva", "city")}
    lexicon = analysis[2]
    assert lexicon.place_kind("Florida") == "state" and lexicon.place_kind("Quebec") == "state"


def test_a_county_is_no_person(analysis):
    """"Duval County" (a bank first name first) is not typed PER and renamed as "<first> <last>"."""
    assert spans(analysis, "duval", "mix") == set()


def test_a_common_surname_is_no_small_city(analysis):
    """More Americans are named Rivera than live in Rivera (Uruguay): the coach is not renamed as a city."""
    assert spans(analysis, "rivera") == set()
    assert spans(analysis, "rivera", "mix") <= {("Rivera", "last")}


def test_a_place_inside_a_longer_name_is_not_renamed(analysis):
    """"Lower Norfolk County" and "the fort San Mateo" are names of their own."""
    assert spans(analysis, "norfolk") == set()
    assert spans(analysis, "san_mateo") == set()
    assert spans(analysis, "basel") == set()  # "Basel-Stadt" would become "<city>-Stadt"
    assert spans(analysis, "prussia") == set()  # "South Prussia": no gazetteer place, maybe Prussia itself
    examples = analysis[0]
    assert continues_name("San Mateo", "city", [examples[IDS["san_mateo"]].context])
    assert continues_name("Austria", "country", ["Austria-Hungary"])
    assert not continues_name("France", "country", ["France-based firms"])
    lexicon = analysis[2]
    assert continues_name("Denver", "city", ["the Denver Broncos won"])  # no lexicon: any capitalised word
    # a place inside an organisation's name in the passage is renamed with it; another place's name or a
    # person's is not, nor an event named after it (blind read round 16: an edit inside another name)
    assert not continues_name("Denver", "city", ["the Denver Broncos won"], lexicon)
    assert continues_name("Mexico", "country", ["Mexico City is large"], lexicon)
    assert longer_names("Mexico", "country", ["Mexico City is large"], lexicon) == [
        LongerName("Mexico City", True)]  # another referent: kept whole, Mexico renamed elsewhere
    assert not longer_names("Maine", "state", ["the wilderness of the Maine district and"], lexicon)
    assert longer_names("Fresno", "city", ["the county seat of Fresno County"], lexicon) == [
        LongerName("Fresno County", True)]
    assert [n.other for n in longer_names("Vietnam", "country", ["the Vietnam War"], lexicon)] == [False]
    assert [n.other for n in longer_names("Paris", "city", ["the Treaty of Paris was"], lexicon)] == [False]
    assert longer_name("the Vietnam War", 4, 11, "country", lexicon) == LongerName("Vietnam War", False)
    assert longer_name("the Treaty of Paris", 14, 19, "city", lexicon) == LongerName("Treaty of Paris", False)
    assert [n.other for n in longer_names("New York", "state", ["New York City"], lexicon)] == [False]
    assert continues_name("America", "country", ["in North America"], lexicon)
    assert continues_name("Paris", "city", ["Paris Hilton said"], lexicon, ["Paris Hilton"])
    assert not continues_name("California", "state", ["in Southern California, the"])
    assert not continues_name("Denver", "city", ["Denver's defense held"])


@pytest.mark.parametrize("key", ["especially", "following"])
def test_the_article_goes_when_the_name_is_followed_by_an_adverb_or_preposition(analysis, key):
    """"In the United States especially" → "In Oman especially"; "in the United States following" too."""
    context = analysis[0][IDS[key]].context
    renamed, _ = Renamer([Substitution("United States", "Oman", "gpe", "country")]).apply(context)
    assert "the Oman" not in renamed and "The Oman" not in renamed
    assert "Oman" in renamed



@pytest.mark.parametrize("preposition", ["around", "across", "towards", "among"])
def test_the_article_goes_before_any_preposition(preposition):
    """Blind read, round 19 (AfriSQuAD2): "centred in the U.S. around public diplomacy" became "centred in
    the Mali around"; a preposition after the name ends its noun phrase like "in" or "for" does."""
    text = f"These efforts were centred in the U.S. {preposition} public diplomacy."
    renamed, _ = Renamer([Substitution("U.S.", "Mali", "gpe", "country")]).apply(text)
    assert renamed == f"These efforts were centred in Mali {preposition} public diplomacy."
    kept, _ = Renamer([Substitution("U.S.", "Mali", "gpe", "country")]).apply("the U.S. army")
    assert kept == "the Mali army"

def test_an_answer_listing_places_renames_every_listed_place(analysis):
    """"Graz, Austria" and "Denmark, Iceland and Norway" name places only; all of them are renamed, or none.
    The question's "Austrian Polytechnic" follows Austria's new name (issue 19: the demonym is renamed with
    its country; it used to keep Graz and Austria out)."""
    assert spans(analysis, "graz") == {("Graz", "city"), ("Austria", "country"), ("Austrian", "nationality")}
    assert analysis[2].derived_words("Austria", [analysis[0][IDS["graz"]].question]) == ("austrian",)
    assert spans(analysis, "nordic") == {("Denmark", "country"), ("Iceland", "country"),
                                         ("Norway", "country")}
    assert place_list("in Graz, Austria", ["Graz", "Austria"]) == ()  # a preposition: not a bare list
    assert place_list("Cologne", ["Cologne", "Germany"]) == ()


def test_a_form_of_state_before_of_keeps_the_place_renamable(analysis):
    """"the Kingdom of Sicily": Sicily is renamed, "Kingdom of" stays, typed a country (blind read round 38
    rejected `state`: entities.sovereign_place); "People's Republic of China" and "City of Edinburgh
    Council" keep an uncovered name word and are not renamed."""
    assert spans(analysis, "sicily") == {("Sicily", "country")}
    lexicon = analysis[2]
    assert place_spans("City of Edinburgh Council", "gpe", lexicon) == []
    assert place_spans("Lower Norfolk County", "gpe", lexicon) == []


def test_a_replacement_with_its_own_article_is_lower_case_inside_a_sentence(analysis):
    """The bank writes "The Gambia": "by Saudi Arabia was" → "by the Gambia was", a sentence start keeps
    "The Gambia"."""
    context = analysis[0][IDS["saudi"]].context
    renamed, _ = Renamer([Substitution("Saudi Arabia", "The Gambia", "gpe", "country")]).apply(context)
    assert "by the Gambia was" in renamed
    assert "Revolution. The Gambia, on the other hand" in renamed
    assert renamed.count("The Gambia") == context.count(". Saudi Arabia") + context.startswith("Saudi Arabia")
    assert is_mention("the Gambia", "The Gambia") and is_mention("Gambia", "The Gambia")


def test_a_country_whose_demonym_stays_is_not_renamed(analysis):
    """A blind read rejected "Spain" → "Cuba" with "Spanish" left: a country answer with a word derived from
    it (its demonym or adjective) in the passage, question or answers is not perturbable, since Yan et al.
    rename no demonym; "Soviet" of "Soviet Union" itself is no derived word, the adjective "Soviet" is.
    Where the derived word can follow, it is renamed with its country: "under the Spanish." is the people,
    renamed with the new demonym's plural ("under the Angolans", issue 19 session 14); the adjective that
    opens the country's own name ("Soviet" of "Soviet Union", "Saudi" of "Saudi Arabia") follows it too:
    that longer name is the country's, renamed whole (session 16, kept_apart)."""
    examples, _, lexicon = analysis
    assert spans(analysis, "soviet") == {("Soviet Union", "country"), ("Soviet", "nationality")}
    assert spans(analysis, "soviet", "mix") == {("Soviet Union", "country"), ("Soviet", "nationality")}
    assert spans(analysis, "spain") == {("Spain", "country"), ("Spanish", "nationality")}
    # "English, Scottish, Welsh and Northern Irish Westminster MPs": the coordinated demonym modifies a noun,
    # so it follows its country (England → Kenya: Kenyan, …)
    assert spans(analysis, "england") == {("England", "country"), ("English", "nationality")}
    assert lexicon.derived_words("Spain", [examples[IDS["spain"]].context]) == ("spanish",)
    assert lexicon.derived_words("Soviet Union", ["the Soviet Union invaded"]) == ()
    assert lexicon.derived_words("Mexico", ["Mexicans and Canadians"]) == ("mexican",)
    assert lexicon.derived_words("United States", ["an American firm"]) == ("american",)
    assert lexicon.derived_words("Turkey", ["the Turks"]) == ("turk",)
    # "Saudi arms purchases", "the Saudis": the short demonym is renamed with its country (blind read seed
    # 7373 rejected "Saudi" left beside a renamed "Saudi Arabian"); the "Saudi" of "Saudi Arabian" is that
    # longer derived word's, not one of its own.
    assert spans(analysis, "saudi") == {("Saudi Arabia", "country"), ("Saudi", "nationality")}
    assert lexicon.derived_words("Saudi Arabia", [examples[IDS["saudi"]].context]) == ("saudi",)
    assert lexicon.derived_words("Saudi Arabia", ["a Saudi Arabian firm"]) == ("saudi arabian",)
    assert lexicon.derived_words("Saudi Arabia", ["Saudi Arabia and the Saudis"]) == ("saudi",)


def test_a_country_called_by_another_name_too_renames_both(analysis):
    """A blind read (seed 7373) rejected "the United States" renamed with "a US Supreme Court decision" left:
    a country's alias that names nothing else (an abbreviation case-sensitively, "us" is no alias) takes
    the country's new name ("an Australian Supreme Court decision"); one that names more ("America") still
    vetoes it (rule place.other-name)."""
    examples, _, lexicon = analysis
    assert spans(analysis, "following") == {("United States", "country"), ("US", "country")}
    assert lexicon.other_names_in("United States", "country", [examples[IDS["following"]].context]) == ("US",)
    assert lexicon.other_names_in("United States", "country", ["tell us about the United States"]) == ()
    assert lexicon.other_names_in("Britain", "country", ["the United Kingdom"]) == ("United Kingdom",)
    assert lexicon.other_names_in("Italy", "country", ["IT firms in Italy"]) == ()  # codes are no names


def test_territories_and_metonyms_are_no_places(analysis):
    """Dependent territories are no countries (blind read seed 7373: Jersey, Guernsey, Gibraltar typed
    country), nor cities (Puerto Rico is also a small GeoNames city); "Great Britain" is the island as often
    as the state; "reserved to Westminster" is Parliament (seed 6061)."""
    lexicon = analysis[2]
    for name in ("Jersey", "Guernsey", "Gibraltar", "Puerto Rico", "Greenland", "Faroe Islands",
                 "Great Britain", "Westminster", "Hollywood"):
        assert lexicon.place_kind(name) is None, name
    for name in ("Britain", "Taiwan", "Kosovo", "Palestine", "France"):
        assert lexicon.place_kind(name) == "country", name


def test_a_territory_that_is_a_city_of_millions_is_that_city(analysis):
    """Hong Kong is a dependent territory and the primary name of a GeoNames city of seven million people:
    the city ("visited Hong Kong in 1894"), in both studies; smaller territories stay no place."""
    lexicon = analysis[2]
    assert lexicon.place_kind("Hong Kong") == "city"
    assert not lexicon.never_place("Hong Kong")
    for name in ("Gibraltar", "Puerto Rico", "Macao", "Jersey"):
        assert lexicon.place_kind(name) is None, name


def test_a_city_standing_for_its_team_is_not_renamed(analysis):
    """"Denver took the opening kickoff" answers "What team received the opening kickoff?": Denver is the
    Denver Broncos (the dataset writes that team's name), not the city (blind read seed 7373); a city that
    hosts a game stays a city ("tied for most with New Orleans")."""
    assert spans(analysis, "denver_team") == set()
    assert spans(analysis, "new_orleans") == {("New Orleans", "city")}


def test_a_city_is_a_geonames_primary_name_without_a_place_noun(analysis):
    """"Iberia" is only an alternate name of New Iberia (Louisiana): typed city, a blind read rejected it;
    names ending in a place noun (Sea, District, County, Province) are no cities either."""
    lexicon = analysis[2]
    assert spans(analysis, "iberia") == set()
    assert not lexicon.is_city_primary_name("Iberia") and lexicon.place_kind("Iberia") is None
    assert lexicon.is_city_primary_name("Zürich") and lexicon.is_city_primary_name("Zurich")
    assert lexicon.is_city_primary_name("New York")  # GeoNames: "New York City"
    assert not lexicon.is_city_primary_name("Dead Sea") and not lexicon.is_city_primary_name("Staten Island")
    assert lexicon.place_kind("Paris") == "city" and lexicon.place_kind("Mumbai") == "city"
    assert lexicon.place_kind("Bombay") is None  # an alternate name only: precision first


def test_a_borough_or_district_of_a_bigger_city_is_no_city(analysis):
    """Blind read of afrisquad2-seed0: "Manhattan" and "Brooklyn" typed city (boroughs of New York City;
    the question says "New York borough"). A GeoNames city close to a much bigger one of its division is a
    section of it; a name that another GeoNames city as large bears (Williamsburg, Virginia) is not."""
    lexicon = analysis[2]
    for borough in ("Manhattan", "Brooklyn"):
        assert lexicon.city_section_of(borough) == "New York City" and lexicon.place_kind(borough) is None
    assert lexicon.city_section_of("Mokotów") == "Warsaw"
    for city in ("Paris", "Warsaw", "New York City", "Cambridge", "Salford", "New Rochelle", "Williamsburg"):
        assert lexicon.city_section_of(city) is None
    assert lexicon.place_kind("New Rochelle") == "city"  # next to the Bronx, itself a borough


def test_a_section_of_a_bigger_city_with_place_evidence_is_a_city(analysis):
    """Issue 19 (GPE recall): a borough or neighbourhood that answers a question asking for one ("In what
    borough …?", "What London neighborhood …?"), a bare "where" after "in", or that the passage writes
    before its city ("Shoreditch, London") is renamed as a city, as Queens and Harlem, which the gazetteer
    files as cities, already are; without such evidence it stays no city, and a region the gazetteer lacks
    answering "where" after "in" (Khorasan) gets no kind from it."""
    assert spans(analysis, "brooklyn") == {("Brooklyn", "city")}
    assert spans(analysis, "manhattan_lab") == {("Manhattan", "city")}
    assert spans(analysis, "shoreditch") == {("Shoreditch", "city")}
    assert spans(analysis, "staten_island") == {("Staten Island", "city")}
    assert spans(analysis, "khorasan") == set()
    lexicon = analysis[2]
    context = "The network is headquartered on Columbus Avenue in Manhattan, with offices in New York City."
    assert section_city("Manhattan", "In what borough of New York City is ABC?", context, lexicon) == "city"
    assert section_city("Manhattan", "Where is ABC headquartered?", context, lexicon) == "city"
    assert section_city("Manhattan", "What network is headquartered there?", context, lexicon) is None
    assert section_city("Manhattan", "Where is ABC?", "the Manhattan Project began", lexicon) is None
    assert section_city("Manhattan", "What is ABC?", "the borough of Manhattan", lexicon) == "city"
    assert section_city("Westminster", "In what borough is Parliament?", "in Westminster", lexicon) is None


def test_a_city_joined_to_another_city_by_a_hyphen_is_renamed_in_the_pair(analysis):
    """Issue 19 (GPE recall): "The San Bernardino-Riverside area" names the area of two cities; Riverside
    is renamed in it ("San Bernardino-Calw area") and at "Downtown Riverside", not left out as a longer
    name; "Basel-Stadt", "Austria-Hungary", "Baden-Württemberg" join no two cities and stay longer names."""
    assert spans(analysis, "riverside_area") == {("Riverside", "city")}
    lexicon = analysis[2]
    text = "The San Bernardino-Riverside area and the Minneapolis–Saint Paul area"
    at = text.index("Riverside")
    assert twin_city(text, at, at + len("Riverside"), lexicon)
    at = text.index("Minneapolis")
    assert twin_city(text, at, at + len("Minneapolis"), lexicon)
    assert longer_names("Riverside", "city", [text], lexicon) == []
    assert not twin_city("Basel-Stadt", 0, 5, lexicon)
    assert longer_names("Basel", "city", ["the cantons of Zürich and Basel-Stadt"], lexicon)
    assert longer_names("Austria", "country", ["Austria-Hungary"], lexicon)


def test_a_city_whose_other_name_stays_in_the_passage_is_not_renamed(analysis):
    """Blind read, seed 5150: "Warsaw (Polish: Warszawa …)" renamed as Warsaw alone keeps the Polish name of
    the original city; GeoNames alternate names find it."""
    assert analysis[2].other_names_in("Warsaw", "city", [analysis[0][IDS["warsaw"]].context]) == ("Warszawa",)
    assert spans(analysis, "warsaw") == set()
    assert spans(analysis, "geneva") == {("Geneva", "city")}  # its passage names Geneva only


def test_blind_read_9191_patterns(analysis):
    """Blind read seed 9191 rejected "England" renamed with "the British study" left, "Ning Hia" (the Tangut
    capital, tagged PERSON) renamed as a man, and "Northumbria" (a region: "University of Northumbria")
    renamed as a rare word of "Northumbria University"."""
    examples, _, lexicon = analysis
    assert spans(analysis, "british") == set() and spans(analysis, "british", "mix") == set()
    assert "british" in lexicon.derived_words("England", [examples[IDS["british"]].context])
    assert spans(analysis, "ning_hia", "per") == set() and spans(analysis, "ning_hia", "mix") == set()
    assert spans(analysis, "northumbria", "org") == set()


def test_blind_read_9292_patterns(analysis):
    """Blind read seed 9292 rejected the TV series "Cheyenne" and "Dallas" renamed as cities (a question
    asking for a show, a film, a trailer … is answered by a title; so is "Jason Bourne", read in seed 9191),
    and "Wang" of "Wang Khan" (Chinese title of Toghrul) renamed as a man's given name. A verb "plays" or a
    capitalised "Song" (the dynasty) is no work noun."""
    for key in ("cheyenne", "dallas"):
        assert spans(analysis, key) == set() and spans(analysis, key, "mix") == set(), key
    assert spans(analysis, "bourne", "per") == set() and spans(analysis, "wang_khan", "per") == set()
    assert spans(analysis, "gomez", "per") == {("Michelle", "first-female"), ("Gomez", "last")}
    assert spans(analysis, "hangzhou") == {("Hangzhou", "city")}


def test_blind_read_9393_a_given_name_of_both_sexes_needs_a_pronoun(analysis):
    """Blind reads (seeds 9191, 9292, 9393) rejected the man Kim Wilkie typed first-female and the woman
    Chris Keates first-male: a name whose other sex has a tenth of its US births (the us bank's
    ``first-mixed``) and that ``gender-guesser`` does not confirm is renamed only when a pronoun agrees."""
    lexicon = analysis[2]
    # the given name is renamed by a unisex one, which claims no sex, with the surname (no half-renamed
    # "Kim Gladmon": s14; issue 19: handle, don't veto)
    for key in ("kim", "chris"):
        assert {t for _, t in spans(analysis, key, "per")} == {"first-neutral", "last"}
    assert lexicon.gender_is_mixed("Kim") and lexicon.gender_is_mixed("Chris")
    assert not lexicon.gender_is_mixed("Johann") and not lexicon.gender_is_mixed("John")
    assert first_name_type("Kim", lexicon, (0, 1)) == "first-female"  # "Kim … her"
    assert first_name_type("Kim", lexicon, (0, 0)) is None


def test_blind_read_9494_patterns(analysis):
    """Blind read seed 9494 rejected "the island of Lindau" typed a city and "Tsakhiagiin Elbegdorj" typed
    first name and surname (a Mongolian patronymic, then the given name). A place also written in lower
    case ("what city is warsaw in?") is not renamed: the renamer renames names, not words."""
    lexicon = analysis[2]
    assert spans(analysis, "lindau", "mix") == set() and spans(analysis, "elbegdorj", "per") == set()
    assert lexicon.family_name_first(["Tsakhiagiin", "Elbegdorj"])
    assert not lexicon.family_name_first(["Evelyn", "Waugh"]) and not lexicon.family_name_first(["Kathryn",
                                                                                                 "Smith"])
    assert lower_case_mention("Warsaw", ["what city is warsaw in?"])
    assert not lower_case_mention("Warsaw", ["In Warsaw, the"])
    assert lexicon.place_kind("Mfoundi") is None and lexicon.is_gazetteer_name("Groton")  # a town


def test_the_countrys_own_name_around_its_demonym_is_no_longer_name(analysis):
    """"Saudi" stands inside "Saudi Arabia": with the country's span that name is renamed whole, so the
    demonym is kept as a span; without it (the demonym alone) the longer name still keeps it out."""
    lexicon = analysis[2]
    country = PerturbableSpan("Saudi Arabia", "country", "gpe")
    demonym = PerturbableSpan("Saudi", "nationality", "gpe", follows="Saudi Arabia")
    texts = ["Saudi arms purchases by Saudi Arabia"]
    assert kept_apart([country, demonym], texts, ["Saudi Arabia"], lexicon) == [country, demonym]
    assert kept_apart([demonym], texts, ["Saudi"], lexicon) == []
    assert kept_apart([PerturbableSpan("Mexico", "country", "gpe")], ["Mexico City is large"], ["Mexico"],
                      lexicon)[0].keep == ("Mexico City",)  # another referent's name is still kept whole


def test_a_place_named_only_inside_longer_names_is_no_answer_place(analysis):
    """Blind reads seed 2727 and round 16 (GPE): "California" of the answer "University of California,
    Irvine", "Warsaw" of "Warsaw University of Technology", "Denver" of "Denver Broncos": the answer is
    about the university or the team, not the place (a place the answer *is* stays renamable; the ORG
    configs rename such a place as the organisation's place word)."""
    assert spans(analysis, "irvine") == set() and spans(analysis, "captain") == set()
    assert spans(analysis, "warsaw_tech") == set() and spans(analysis, "broncos") == set()


def test_a_name_named_for_someone_else_keeps_the_place_out(analysis):
    """A place word inside a name that is not named after the place: a film title after a title word
    ("Captain America"), a person of the name's bank and a small city ("Blaine Amendments"), a person's name
    with a particle ("Bento de Moura Portugal"), a saint's church ("Santa Maria Novella"), a gazetteer unit
    the dataset never labels a place ("Christ Church Hall")."""
    assert spans(analysis, "captain") == set()
    assert spans(analysis, "blaine") == set()
    assert spans(analysis, "bento") == set()
    assert spans(analysis, "christ_church") == set()
    assert ("Santa Maria", "city") not in spans(analysis, "santa_maria")


def test_another_lands_name_is_kept_whole(analysis):
    """A longer name of another land sharing the place's name is kept whole (the place is renamed
    elsewhere; an answer holding it only there has no place to rename): "Sea of Japan", "Latin America",
    "British America", "French Louisiana" (colonies); a region name the bare place may mean too vetoes it
    ("Ohio Valley", "the Ohio Country"), and so does a compass word before a city that makes another
    gazetteer city ("East London": a part of London or the South African city)."""
    assert spans(analysis, "sea_of_japan") == set()
    assert spans(analysis, "latin_america") == {("Japan", "country")}
    assert spans(analysis, "british_america") == {("New France", "state")}  # the colony its own referent
    lexicon = analysis[2]
    assert longer_names("Japan", "country", ["to the Sea of Japan."], lexicon) == [
        LongerName("Sea of Japan", True)]
    assert longer_names("America", "country", ["in Latin America"], lexicon) == [
        LongerName("Latin America", True)]
    assert longer_names("Louisiana", "state", ["ceded French Louisiana to"], lexicon) == [
        LongerName("French Louisiana", True)]
    assert [n.other for n in longer_names("Ohio", "state", ["the Ohio Valley"], lexicon)] == [False]
    assert [n.other for n in longer_names("Ohio", "state", ["in the Ohio Country."], lexicon)] == [False]
    assert [n.other for n in longer_names("London", "city", ["in East London."], lexicon)] == [False]


def test_the_analysis_keeps_another_referents_longer_name_and_renames_the_rest(analysis):
    """Issue 19, item 1: the analysis says which occurrences are the referent's mentions. "Fresno County"
    (another referent) is kept whole while the city is renamed everywhere else, answer occurrences inside
    the county's name dropped; a part of the place ("Northern San Diego", "the Maine district") is renamed
    with it."""
    examples, entities, _ = analysis
    fresno = examples[IDS["fresno"]]
    selected = perturbable_spans(entities[IDS["fresno"]], "gpe", answer_texts(fresno))
    assert [(s.surface, s.span_type, s.keep) for s in selected] == [("Fresno", "city", ("Fresno County",))]
    renamed, _ = rename_example(fresno, [Substitution("Fresno", "Porto Novo", "gpe", "city")],
                                keep=kept_names(selected))
    assert "Porto Novo (/" in renamed.context and "the county seat of Fresno County" in renamed.context
    assert "Fresno" not in renamed.context.replace("Fresno County", "")
    assert renamed.answer_texts == ["Porto Novo"] * 3
    for answer in renamed.answers:
        assert all(renamed.context[s:e] == "Porto Novo" for s, e in answer.char_spans)
    assert spans(analysis, "maine") == {("Maine", "state")}
    assert spans(analysis, "san_diego") == {("San Diego", "city")}
    assert perturbable_spans(entities[IDS["san_diego"]], "gpe")[0].keep == ()


def test_a_place_ner_missed_in_the_answer_to_a_place_question_is_a_candidate(analysis):
    """Issue 19 (GPE recall): spaCy tags "Montpellier" PERSON; the question asks for a city and the answers
    are a gazetteer city, so it is a GPE candidate and renamed. Not a saint's name in a cathedral's
    ("Saint John"); a list of places found together ("Novgorod and Pskov") is renamed whole."""
    examples, entities, lexicon = analysis
    montpellier = examples[IDS["montpellier"]]
    found = gazetteer_answers(montpellier, [], lexicon)
    assert [(m.text, m.label) for m in found] == [("Montpellier", "GPE")]
    assert spans(analysis, "montpellier") == {("Montpellier", "city")}
    assert gazetteer_answers(examples[IDS["saint_john"]], [], lexicon) == []
    assert spans(analysis, "saint_john", "mix") == set()
    assert [m.text for m in gazetteer_answers(examples[IDS["pskov"]], [], lexicon)] == ["Novgorod", "Pskov"]
    assert spans(analysis, "pskov") == {("Novgorod", "city"), ("Pskov", "city")}


def test_an_answer_listing_places_is_a_candidate_only_with_every_place_found(analysis):
    """Issue 19 (GPE recall): "Novgorod and Pskov" answering "Which major cities …?": both are found, so
    neither is another place left beside the other; a place found alone still leaves the other out."""
    lexicon = analysis[2]
    assert not other_place("Novgorod and Pskov", "Novgorod", lexicon, frozenset({"Novgorod", "Pskov"}))
    assert other_place("Novgorod and Pskov", "Novgorod", lexicon, frozenset({"Novgorod"}))
    assert other_place("Novgorod and Pskov", "Novgorod", lexicon)


def test_a_stray_norp_label_on_a_town_is_no_veto(analysis):
    """Issue 19 (GPE recall): spaCy tags "Sargans" NORP once in "Near Sargans a natural dam"; the name is no
    demonym and the dataset labels it NORP no more, so the town the passage places ("Near X") is a city.
    A demonym's NORP label holds, singular or plural ("in German", "the Germans")."""
    examples, _, lexicon = analysis
    assert spans(analysis, "sargans") == {("Sargans", "city")}
    context = examples[IDS["sargans"]].context
    assert placed_settlement("Sargans", context.index("Sargans"), context, lexicon) == "city"
    assert stray_norp("Sargans", lexicon)
    assert not stray_norp("German", lexicon) and not stray_norp("Germans", lexicon)


def test_a_territory_the_question_calls_a_country_is_one(analysis):
    """Issue 19 (GPE recall): "Which country in 1985 signed a treaty …?" Greenland: a dependent territory is
    no place by itself, but the question calls it a country, so a country's name reads right there; not
    where the question asks for a region, nor for a sovereign country (the gazetteer's evidence)."""
    lexicon = analysis[2]
    assert spans(analysis, "greenland") == {("Greenland", "country")}
    assert asked_country("Greenland", "Which country signed a treaty?", lexicon) == "country"
    assert asked_country("Faroe Islands", "Which regions are excluded?", lexicon) is None
    assert asked_country("France", "Which country signed a treaty?", lexicon) is None


def test_a_settlement_the_passage_places_answers_a_place_question(analysis):
    """Issue 19 (GPE recall): a "Where …?" answer that the passage uses as a settlement (placed_settlement:
    "moved to Gospić, Austrian Empire", "to Abercynon in south Wales") is a city however few live there,
    as it is without a place question; one answer naming the container too ("Gospić, Austrian Empire"
    beside two "Gospić") lists no other place for most answers."""
    examples, _, lexicon = analysis
    for key, name in (("gospic", "Gospić"), ("abercynon", "Abercynon")):
        assert [m.text for m in gazetteer_answers(examples[IDS[key]], [], lexicon)] == [name]
        assert spans(analysis, key) == {(name, "city")}


def test_a_listing_answer_renames_all_its_places_or_none(analysis):
    """"Dublin, Cork, Youghal and Waterford": NER types Dublin and Cork GPE, Youghal PERSON and Waterford
    ORG; the answer to "What Irish cities …?" lists gazetteer places beside the passage's GPE names, so each
    member is a gazetteer candidate (:func:`answer_lists_places`) and all four are renamed (rule
    answer.list-partial left them all out before). Were one left, none would be renamed."""
    examples, _, lexicon = analysis
    assert spans(analysis, "irish_cities") == {("Dublin", "city"), ("Cork", "city"), ("Youghal", "city"),
                                               ("Waterford", "city")}
    assert lists_other_place("Dublin, Cork, Youghal and Waterford", {"Dublin"}, lexicon)


def test_listed_places_needs_places_only_and_one_the_passage_tags(analysis):
    """:func:`answer_lists_places`: every member of the answer's list is a gazetteer place or a GPE name of
    the passage (a bracketed country is a member: "Fredericia (Denmark)"), one other member at least is a GPE
    name of the passage, and the answer lists two members or more."""
    _, _, lexicon = analysis
    irish = "Dublin, Cork, Youghal and Waterford"
    assert answer_lists_places(irish, "Youghal", {"Dublin", "Cork"}, lexicon)
    assert not answer_lists_places(irish, "Youghal", set(), lexicon)  # nothing the passage tags
    assert not answer_lists_places(irish, "Youghal", {"Youghal"}, lexicon)  # only itself
    northern = "Fredericia (Denmark), Berlin, Frankfurt, and Emden"
    assert answer_lists_places(northern, "Emden", {"Berlin", "Frankfurt"}, lexicon)
    assert answer_lists_places(northern, "Fredericia", {"Berlin", "Frankfurt"}, lexicon)
    # Frankfurt: no gazetteer name
    assert not answer_lists_places(northern, "Fredericia", {"Berlin"}, lexicon)
    assert not answer_lists_places("Dublin and the Huguenot District", "Dublin", {"Cork"}, lexicon)
    assert not answer_lists_places("Youghal", "Youghal", {"Dublin"}, lexicon)
    assert lists_other_place("Dublin, Cork, Youghal and Waterford", {"Dublin"}, lexicon)
    assert not lists_other_place("Dublin, Cork", {"Dublin", "Cork"}, lexicon)
    assert not lists_other_place("the city of Dublin", {"Dublin"}, lexicon)


def test_a_place_the_passage_types_is_renamed_without_a_gazetteer_city(analysis):
    """Issue 19 (GPE recall): a town too small for GeoNames' cities, a surname-like town, or a historical city
    is typed by the passage: "the town of Otrar" / "the town of Baldwin" make a city, "Khanbaliq (modern
    Beijing)" and "Zhongdu, now modern Beijing" the kind of the modern name."""
    assert spans(analysis, "otrar") == {("Otrar", "city")}
    assert spans(analysis, "baldwin") == {("Baldwin", "city")}
    assert spans(analysis, "khanbaliq") == {("Khanbaliq", "city")}
    assert spans(analysis, "zhongdu") == {("Zhongdu", "city")}
    assert spans(analysis, "zhongdu", "mix") == {("Zhongdu", "city")}


def test_a_part_word_or_a_loc_label_does_not_hide_a_place_the_passage_types(analysis):
    """Issue 19 (GPE recall): "Downtown Fresno" is Fresno's centre (NER tags "Downtown" GPE alone: no second
    place of a list); "Northern Rhodesia (today Zambia)" is a country though the dataset labels it LOC."""
    assert spans(analysis, "downtown_fresno") == {("Fresno", "city")}
    assert spans(analysis, "rhodesia") == {("Northern Rhodesia", "country")}


@pytest.mark.parametrize(("context", "name", "kind"), [
    ("They seized the town of Otrar.", "Otrar", "city"),
    ("He landed at the port of Qarth in May.", "Qarth", "city"),
    ("at the abandoned village known as Qarth Town, now in Powhatan County", "Qarth Town", "city"),
    ("a small town called Qarth.", "Qarth", "city"),
    ("a town named after Qarth", "Qarth", None),  # named after a person or place, not named so
    ("He surrendered in Zumbia (today Zambia) in 1918.", "Zumbia", "country"),
    ("He ruled from Xanadu, now modern Beijing.", "Xanadu", "city"),
    ("far from the Mongol Empire capital Karakorum.", "Karakorum", "city"),
    ("His last sermon was delivered at Eisleben, his place of birth.", "Eisleben", "city"),
    ("the capital of Otrar", "Otrar", None),  # a capital *of* a name: a country, not the city
    ("the capital Otrar Province", "Otrar", None),  # the name goes on
    ("the City of Otrar Council", "Otrar", None),  # a name, not a settlement noun
    ("the town of Otrar Springs", "Otrar", None),  # the name goes on
    ("He surrendered in Northern Zumbia (today Zambia).", "Zumbia", None),  # glosses "Northern Zumbia"
    ("Xanadu (modern times) was quiet.", "Xanadu", None),  # no gazetteer place after "modern"
    ("the move of the Mongol capital from Qarth in Mongolia to Xanadu", "Qarth", "city"),  # a capital moves
    ("Kublai moved the capital to Xanadu in 1264.", "Xanadu", "city"),
    ("the capital from Qarth Province", "Qarth", None),  # the name goes on
    ("He was probably born in 1162 in Qarth, near a mountain.", "Qarth", "city"),  # a birthplace
    ("She was born on 4 May 1801 at Qarth.", "Qarth", "city"),
    ("He was born to Qarth and his wife.", "Qarth", None),  # a parent, not a place
    ("He was born in Qarth Valley.", "Qarth", None),  # the name goes on
])
def test_passage_place_kind_reads_settlement_nouns_and_modern_names(analysis, context, name, kind):
    assert passage_place_kind(name, context, analysis[2]) == kind


def test_a_question_asking_for_a_town_types_a_gazetteer_town(analysis):
    """Issue 19 (GPE recall): "What town …?" / "What city …?" with an answer that is a gazetteer place too
    small for GeoNames' cities (or named otherwise there) makes it a city; a bare "where", a country
    question, a name in no gazetteer or a section of a bigger city does not."""
    assert spans(analysis, "new_paltz") == {("New Paltz", "city")}
    assert spans(analysis, "ulaanbaatar") == {("Ulaanbaatar", "city")}
    lexicon = analysis[2]
    assert asked_settlement("Fußach", "What Austrian town has a canal?", lexicon) == "city"
    assert asked_settlement("Fußach", "Where was the Rhine regulated?", lexicon) is None
    assert asked_settlement("Fußach", "What country is it in?", lexicon) is None
    assert asked_settlement("Qarthxyz", "What town has a canal?", lexicon) is None
    assert asked_settlement("Manhattan", "What city has a canal?", lexicon) is None


def test_a_gazetteer_town_after_a_locative_preposition_answers_where(analysis):
    """Issue 19 (GPE recall): a bare "where" answered by a gazetteer town ("an upper canal near Diepoldsau",
    "died in Shangdu") makes it a city; not a seat standing for its parliament ("reserved to Westminster"),
    nor a name the passage gives a realm's title ("Count Albrecht of Mansfeld": a county, renamed as a
    state instead)."""
    assert spans(analysis, "diepoldsau") == {("Diepoldsau", "city")}
    assert spans(analysis, "shangdu") == {("Shangdu", "city")}
    assert spans(analysis, "westminster_seat") == set()
    assert spans(analysis, "mansfeld") == {("Mansfeld", "state")}
    lexicon = analysis[2]
    where = "Where did the king flee?"
    assert asked_settlement("Fußach", where, lexicon, "The king fled to Fußach.") == "city"
    assert asked_settlement("Fußach", where, lexicon, "The Fußach canal was built.") is None  # no preposition
    assert asked_settlement("Fußach", where, lexicon, "He fled to Fußach Castle.") is None  # a longer name
    assert asked_settlement("Fußach", where, lexicon,
                            "The Duke of Fußach ruled it. The king fled to Fußach.") is None  # a duchy
    assert asked_settlement("Bavaria", where, lexicon, "The king fled to Bavaria.") is None  # a state


def test_a_city_answering_a_place_question_outvotes_a_minority_gpe_label(analysis):
    """Issue 19 (GPE recall): NER tags "Gateshead" GPE here but mostly otherwise in the file (rule
    label.minority); a gazetteer city answering "Where …?" is a candidate all the same."""
    examples, _, lexicon = analysis
    example = examples[IDS["gateshead"]]
    at = example.context.index("Gateshead")
    here = Mention(at, at + len("Gateshead"), "GPE", "Gateshead")
    voted = copy.copy(lexicon)  # the file's votes: ORG twice, GPE once (this mention)
    voted.labels = LabelVotes([here, Mention(0, 9, "ORG", "Gateshead"), Mention(0, 9, "ORG", "Gateshead")])
    found = gazetteer_answers(example, [here], voted)
    assert [(m.text, m.label) for m in found] == [("Gateshead", "GPE")]
    assert gazetteer_answers(example, [here], lexicon) == []  # a GPE label that holds: NER's candidate
    assert spans(analysis, "gateshead") == {("Gateshead", "city")}


def test_a_town_many_people_are_named_answers_where_with_the_passages_place_words(analysis):
    """Issue 19 (GPE recall): "Wittenberg" (a surname of thousands of US people, tagged ORG) answering
    "Where …?" after "not in" is a town; not where the passage labels it PERSON or a pronoun follows it
    (a person after all), nor without the place words."""
    from entity_renaming.model import Answer, QAExample

    lexicon = analysis[2]

    def found(context: str, mentions: list[Mention]) -> list[tuple[str, str]]:
        at = context.rindex("Wittenberg")
        example = QAExample("q1", "test", "squad", context, "Where was Melanchthon at the time?",
                            [Answer(context[at - 7:at + 10], [(at - 7, at + 10)])] * 3)
        return [(m.text, m.label) for m in gazetteer_answers(example, mentions, lexicon)]

    assert lexicon.person_count("Wittenberg") >= 1000
    context = "The story comes from Melanchthon, though he was not in Wittenberg at the time."
    at = context.index("Wittenberg")
    assert found(context, [Mention(at, at + 10, "ORG", "Wittenberg")]) == [("Wittenberg", "GPE")]
    person = "Melanchthon met Anna Wittenberg, though he was not in Wittenberg at the time."
    assert found(person, [Mention(16, 31, "PERSON", "Anna Wittenberg")]) == []
    assert found("He was not Wittenberg. Wittenberg is a name.", []) == []  # no locative preposition


def test_a_town_no_gazetteer_lists_is_renamed_on_label_question_and_passage_evidence(analysis):
    """Issue 19 (GPE recall): a village or small town no gazetteer lists, labelled GPE, answering "where",
    that the passage places as a settlement ("X, near Y", "his birthtown, X", "X, <state>") is a city;
    not a region the passage only puts after "in" (Khorasan), a river branch written "the Nederrijn", nor a
    name that particles continue ("Millingen aan de Rijn")."""
    assert spans(analysis, "tomingaj") == {("Tomingaj", "city")}
    assert spans(analysis, "smiljan") == {("Smiljan", "city")}
    assert spans(analysis, "sunspot") == {("Sunspot", "city"), ("New Mexico", "state")}
    assert spans(analysis, "khorasan") == set()
    assert spans(analysis, "nederrijn") == set()
    assert spans(analysis, "millingen") == set()


def test_another_name_of_a_big_city_labelled_gpe_is_a_city(analysis):
    """Issue 19 (GPE recall): a GeoNames city's other name (historical, exonym) of 100,000 people or more,
    labelled GPE, is a city: ``Dyrrachium`` (Durrës), ``Urgench``; not a smaller place of the name
    (``Iberia``, ``Manchuria``), a Chinese province (``Henan``), a city section (``Brooklyn``), nor a name
    the dataset does not label GPE."""
    assert spans(analysis, "dyrrachium") == {("Dyrrachium", "city")}
    names = ["Urgench", "Iberia", "Manchuria", "Henan", "Brooklyn"]
    text = " ".join(f"They went to {n}." for n in names)
    lexicon = Lexicon()
    lexicon.observe([text], [Mention(text.index(n), text.index(n) + len(n), "GPE", n) for n in names])
    assert [city_exonym(n, lexicon) for n in names] == ["city", None, None, None, None]
    assert city_exonym("Nishapur", lexicon) is None  # no GPE label in these texts


def test_a_demonym_opening_a_landform_name_is_kept_with_that_name():
    """Blind read, round 19: "the Iranian Plateau" became "the Bhutanese Plateau" with Iran → Bhutan. A
    demonym before a capitalised landform noun (Plateau, Ocean, Channel, Sea …) is part of that landform's
    name, which is kept whole; the demonym's other uses still follow the country."""
    iran = PerturbableSpan("Iran", "country", "gpe")
    lexicon = Lexicon()
    texts = ("In Iran and across the Iranian Plateau, Iranian historians wrote.",)
    (span,) = demonym_spans(iran, texts, lexicon)
    assert (span.surface, span.follows, span.keep) == ("Iranian", "Iran", ("Iranian Plateau",))
    renamed, _ = Renamer([Substitution("Iran", "Bhutan", "gpe", "country"),
                          Substitution("Iranian", "Bhutanese", "gpe", "nationality")],
                         keep=span.keep).apply(texts[0])
    assert renamed == "In Bhutan and across the Iranian Plateau, Bhutanese historians wrote."
    assert demonym_spans(iran, ("Iran lies on the Iranian Plateau.",), lexicon) == []


def test_a_demonym_in_apposition_to_language_names_the_language():
    """Blind read, round 19 (AfriSQuAD2): "their native language (i.e. Mongolian)" became "(i.e. Namibian)":
    a demonym in apposition to "language" is the language, left whole, not the nationality."""
    from entity_renaming.demonyms import demonym_ok, language_phrase

    text = "Others only used their native language (i.e. Mongolian) and the script of the Mongolian court."
    start = text.index("Mongolian")
    assert language_phrase(text, start, start + 9) == "language (i.e. Mongolian"
    assert not demonym_ok("Mongolian", text, start, start + 9)
    later = text.rindex("Mongolian")
    assert language_phrase(text, later, later + 9) is None and demonym_ok("Mongolian", text, later, later + 9)


def test_a_place_name_before_people_or_tribe_names_a_people():
    """Blind read, round 19: "the Miami people of Pickawillany" was renamed as the city Miami. A place name
    before people / nation / tribe names a people there (rule place.people-noun); before church or dialect
    it is still the place's."""
    from entity_renaming.entities import people_named

    assert people_named("Miami", ["to punish the Miami people of Pickawillany"])
    assert people_named("Erie", ["the Erie tribes were"])
    assert not people_named("Wittenberg", ["the Wittenberg church door", "the Wittenberg dialect"])
    assert not people_named("Miami", ["the North Miami-people", "in Miami, people said"])


def test_a_gazetteer_city_the_passage_places_answers_a_question_of_no_type(analysis):
    """Issue 19 (GPE recall): "In what districts …?" asks for no type; "Kraków" (tagged PERSON) is a gazetteer
    city the passage lists beside cities and sets after "in", so it is a GPE candidate and renamed. Not a
    month that is also a town ("In March 1896"), nor a place before a noun it modifies ("to South Kensington
    tube station"), nor a name inside a longer one; "Near X" opening an answer leaves X a place of its own."""
    assert spans(analysis, "krakow") == {("Kraków", "city")}
    assert spans(analysis, "march") == set()
    assert spans(analysis, "south_kensington") == set()
    lexicon = analysis[2]
    text = "Such cities are Lublin, Kraków and Gdańsk. The districts in Kraków do not have it."
    assert placed_settlement("Kraków", text.rindex("Kraków"), text, lexicon) == "city"
    text = "He moved to Kraków Glówny station."
    assert placed_settlement("Kraków", text.index("Kraków"), text, lexicon) is None
    assert named_alone("Sankt Goarshausen", ["Near Sankt Goarshausen"], lexicon)
    assert not named_alone("Sankt Goarshausen", ["Near Sankt Goarshausen Castle"], lexicon)


def test_a_demonym_answer_is_renamed_with_its_country(analysis):
    """Issue 19 (GPE recall): a demonym NER tags NORP that the answers hold names its country: "Kenyan
    athletes" (Kenya in the passage) renames Kenya with Kenyan; a question asking for a nationality ("What
    nationality is the architect Enric Miralles?" Spanish) types it without the country in the passage. Not
    a demonym opening a longer name ("German East Africa"), a demonym of several referents the texts name
    ("British" beside England), nor a
    country whose people's noun from its stem would stay ("a Serb family" beside "Serbian")."""
    assert {("Kenya", "country"), ("Kenyan", "nationality")} <= spans(analysis, "kenyan_athletes")
    assert spans(analysis, "miralles") == {("Spain", "country"), ("Spanish", "nationality")}
    assert spans(analysis, "german_east_africa") == set()
    assert spans(analysis, "serb") == set()
    lexicon = analysis[2]
    assert asked_nationality("British", "What nationality is the band Coldplay?", lexicon,
                             ["the British band from England"]) == []  # England is British too
    assert asked_nationality("Spanish", "When was the British Nationality Act passed?", lexicon) == []
    assert people_stem_left("Serbia", ["born into a Serb family"])
    assert not people_stem_left("Kenya", ["Kenyan athletes"])
    assert not people_stem_left("Mongolia", ["the Mongol Empire"])  # another referent's name


def test_a_demonym_answer_names_its_country_though_the_texts_do_not(analysis):
    """s11 (GPE recall): NER's NORP demonym of one country in the answers means that country though the texts
    never write it ("Turkish forces": Turkey → Russia makes Russian forces; the blind rule price of
    ``gpe.not-gazetteer`` found most such demonyms renamable). Not a demonym the dictionary gives another
    sense ("Indian" of the French and Indian War), one used as a language ("the German vernacular"), nor one
    whose only place in the texts is a landform's name that would stay ("the Swiss canton … in the Swiss
    Alps")."""
    assert spans(analysis, "turkish_forces") == {("Turkey", "country"), ("Turkish", "nationality")}
    assert spans(analysis, "german_vernacular") == set()
    assert ("Switzerland", "country") not in spans(analysis, "swiss_alps")
    lexicon = analysis[2]
    texts = ["Indian warrior allies", "Who helped?"]
    assert asked_nationality("Indian", "Who helped?", lexicon, texts) == []
    assert asked_nationality("Turkish", "Who helped?", lexicon) == []  # no texts: the question alone
    assert asked_nationality("Turkish", "Who helped?", lexicon, ["Turkish forces"]) == [
        PerturbableSpan("Turkey", "country", "gpe")]
    assert asked_nationality("Swiss", "Who?", lexicon, ["Swiss cities in the Swiss Alps"]) == []


def test_a_shared_or_plural_demonym_answer_is_renamed_with_its_country(analysis):
    """s24 (GPE recall, countries): a demonym answer of several referents means its table country where the
    texts name no other of them ("British" researchers beside "UK": the United Kingdom, its codes
    following; not beside England or "English"); a people's plural ("Kenyans", "Americans") is its
    demonym's, also tagged ORG ("the Hungarians"; not "the Scots", no regular plural); a country written
    with "the" is renamed where its article can follow. Not a demonym
    answering a question that asks for a language ("the Dutch gooien"), and a language phrase ("German
    spoken at") is left whole while the people are renamed."""
    assert spans(analysis, "coldplay") == {("United Kingdom", "country"), ("British", "nationality")}
    assert spans(analysis, "uk_researchers") == {("United Kingdom", "country"), ("British", "nationality"),
                                                 ("UK", "country")}
    assert spans(analysis, "kenyans") == {("Kenya", "country"), ("Kenyan", "nationality")}
    assert spans(analysis, "americans") == {("United States", "country"), ("American", "nationality")}
    assert spans(analysis, "hoy_dutch") == set()
    assert spans(analysis, "hungarians_org") == {("Hungary", "country"), ("Hungarian", "nationality")}
    assert spans(analysis, "scots_org") == set()  # "the Scots" would become "the Tajik": no plural
    examples, entities, lexicon = analysis
    germans = perturbable_spans(entities[IDS["everyday_germans"]], "gpe",
                                answer_texts(examples[IDS["everyday_germans"]]))
    assert {(s.surface, s.keep) for s in germans} == {("Germany", ()), ("German", ("German spoken",))}
    texts = ["British and English troops"]
    assert asked_nationality("British", "What nationality?", lexicon, ["British troops"]) == [
        PerturbableSpan("United Kingdom", "country", "gpe")]
    assert asked_nationality("British", "What nationality?", lexicon, texts) == []


def test_a_determiner_does_not_hide_the_asked_settlement_noun(analysis):
    """s11: "which other developed southern Californian city" asks for a city: "other" counts toward no
    modifier limit, so Riverside (a common word, tagged PERSON) answers as the gazetteer city it is."""
    question = ("Other than San Bernardino, which other developed southern Californian city is not in close "
                "proximity to the coast?")
    assert asked_type(question) == Asked("gpe", "city", True)
    assert spans(analysis, "riverside") == {("Riverside", "city")}


def test_a_settlement_named_with_lower_case_particles_is_renamed_whole(analysis):
    """Issue 19 (GPE recall): a gazetteer town or city whose name holds lower-case particles ("at Wijk bij
    Duurstede", tagged ORG + PERSON; "to Hoek van Holland", tagged ORG) is one candidate renamed whole: no
    lower-case-word veto, and no word of it ("Holland", "Rhein") a country or a surname of its own."""
    assert spans(analysis, "wijk") == {("Wijk bij Duurstede", "city")}
    assert spans(analysis, "hoek") == {("Hoek van Holland", "city")}
    assert spans(analysis, "rudesheim") == {("Rüdesheim am Rhein", "city")}
    assert spans(analysis, "rudesheim", "per") == set()
    lexicon = analysis[2]
    assert particle_place("Wijk bij Duurstede", lexicon)
    assert not particle_place("Wijk bij Nowhereville", lexicon)  # no gazetteer place of that name
    assert not particle_place("Bay of Biscay", lexicon)  # "of" joins no settlement's name


def test_a_birthplace_or_a_capital_in_apposition_is_a_city(analysis):
    """Issue 19 (GPE recall): "at Eisleben, his place of birth" answering "Where …?" and "the Mongol Empire
    capital Karakorum" answering "What was the capital of …?" (both tagged ORG, in no gazetteer) are cities:
    the passage types them (places.passage_place_kind); so does a capital that moves ("the move of the Mongol
    capital from Karakorum", tagged ORG) and a birthplace after "born" ("born in 1162 in Delüün Boldog",
    tagged FAC), each answering "Where …?"."""
    assert spans(analysis, "eisleben") == {("Eisleben", "city")}
    assert spans(analysis, "karakorum") == {("Karakorum", "city")}
    assert spans(analysis, "karakorum_moved") == {("Karakorum", "city")}
    assert spans(analysis, "deluun_boldog") == {("Delüün Boldog", "city")}


def test_the_capital_a_capital_moves_to_is_a_city(analysis):
    """GPE recall (session 26): "the move of the Mongol capital from Karakorum in Mongolia to Khanbaliq"
    types the capital's new seat too (Khanbaliq, tagged GPE, in no gazetteer), not the land between."""
    lexicon = analysis[2]
    assert spans(analysis, "khanbaliq_moved") == {("Khanbaliq", "city")}
    moved = "Kublai readied the move of the Mongol capital from Karakorum in Mongolia to Khanbaliq in 1264."
    assert passage_place_kind("Khanbaliq", moved, lexicon) == "city"
    assert passage_place_kind("Zorvath", "They moved the capital from Nanjing to Zorvath.", lexicon) == "city"
    assert passage_place_kind("Mongolia", moved, lexicon) is None


def test_a_titles_realm_or_see_is_a_place_whatever_person_is_asked(analysis):
    """GPE recall (session 26): an answer naming a ruler's title names its realm ("Who was Philip I?"
    "Landgrave of Hesse", NER's PERSON; "The Prince of Płock", untagged): the place is the GPE answer
    entity, typed by the title (a state) or the gazetteer (a city), and NER's PERSON over the title is no
    person's name that would keep it. A treaty, a university "of" a place are no titles."""
    assert spans(analysis, "hesse") == {("Hesse", "state")}
    assert spans(analysis, "plock") == {("Płock", "city")}
    assert titled_place("Trier", "the Archbishop of Trier")
    assert titled_place("Hesse", "Philip I, Landgrave of Hesse")
    assert not titled_place("Paris", "Treaty of Paris")
    assert not titled_place("Chicago", "University of Chicago")
    assert not titled_place("Los Angeles", "the County of Los Angeles")  # the county, another referent
    assert not titled_place("Hesse", "Hesse")


def test_a_countrys_combining_form_in_a_compound_leaves_it_out():
    """Round 36: Russia renamed while "the Russo-Japanese War" kept its old name beside it; the combining
    form of a country in a hyphenated compound keeps the old referent (rule place.derived-word-left)."""
    from entity_renaming.places import combining_form
    assert combining_form("Russia", ["As a result of the Russo-Japanese War in 1905, Japan"]) == "Russo"
    assert combining_form("France", ["the Franco–Prussian War"]) == "Franco"
    assert combining_form("France", ["General Franco ruled Spain"]) is None  # no compound
    assert combining_form("Kenya", ["the Russo-Japanese War"]) is None


def test_a_bare_state_name_that_a_big_city_bears_is_the_city():
    """Blind reads (rounds 17, 23, 24, 27, 29, 36) rejected bare "New York" typed a state ("New York
    hotels", "returned to New York", "New York–based filmmakers", "The New York Times"): GeoNames gives
    the name to a city of millions, so bare it is the city, unless the texts write it as the state."""
    from entity_renaming.entities import city_named_as_state
    lexicon = Lexicon()
    assert city_named_as_state("New York", ["In the 1910s, New York–based filmmakers were"], lexicon)
    assert not city_named_as_state("New York", ["born in Buffalo, New York, in 1900"], lexicon)
    assert not city_named_as_state("New York", ["farms of upstate New York"], lexicon)
    assert not city_named_as_state("New York", ["New York City is in New York"], lexicon)
    assert not city_named_as_state("California", ["moved to California"], lexicon)


def test_a_realm_under_a_dukes_or_counts_title_is_a_state(analysis):
    """Issue 19 (GPE recall): "Duke Richard II of Normandy … Ethelred fled to Normandy", "to Mansfeld …
    Count Albrecht of Mansfeld": the passage names a duchy or county, renamed as a state at every mention
    (not as a town, which the title vetoes); a king's title or "County of" types nothing. Where the passage
    names the land's people ("The Normans … Normandy") the state stays out: their name would keep the old
    one (blind read round 32: "Duke Richard II of Varna" beside "the Normans")."""
    lexicon = analysis[2]
    assert spans(analysis, "normandy") == set()  # "the Normans" of the passage
    assert derived_place_word("Normandy", ["The Normans were"]) == "Normans"
    assert spans(analysis, "mansfeld") == {("Mansfeld", "state")}
    assert passage_place_kind("Normandy", "the Landgrave of Normandy ruled.", lexicon) == "state"
    assert passage_place_kind("Normandy", "King Harold of Normandy ruled.", lexicon) is None
    assert passage_place_kind("Normandy", "the County of Normandy Park.", lexicon) is None


def test_a_county_is_no_city(analysis):
    """Issue 19: a county's words renamed as a city, "County" kept ("Lower Norfolk County" → "Shuikou
    County"), was read blind in round 35 and rejected: a county is no city, and the span types have no
    county. Counties named by words no gazetteer place bears stay out (rule ``gpe.not-gazetteer``)."""
    assert spans(analysis, "orange_counties") == set()
    assert spans(analysis, "orange_list") == set()
    assert spans(analysis, "north_county") == set()


def test_a_colony_named_new_country_is_renamed_as_one_state(analysis):
    """Issue 19 (GPE recall): "New France" answering is the colony named after France, another referent:
    renamed whole as a state, France and French kept (blind read round 37 rejected "New Afghanistan", the
    country edited inside the colony's name); New Mexico (a gazetteer state) is no such colony. Beside
    the country as the answer entity the colony is another land, kept whole (as EntSwap keeps it) and no
    longer a veto."""
    lexicon = analysis[2]
    assert colony_country("New France", lexicon) == "France"
    assert colony_country("New Mexico", lexicon) is None and colony_country("New York", lexicon) is None
    assert spans(analysis, "new_france") == {("New France", "state")}
    assert longer_names("France", "country", ["regiments to New France under"], lexicon) == [
        LongerName("New France", True)]
    examples, entities, _ = analysis
    french = examples[IDS["french_beside_colony"]]
    selected = perturbable_spans(entities[IDS["french_beside_colony"]], "gpe", answer_texts(french))
    assert {(s.surface, s.span_type) for s in selected} == {("France", "country"), ("French", "nationality")}
    assert any(s.keep == ("New France",) for s in selected)


def test_a_place_called_a_capital_in_apposition_is_a_city(analysis):
    """Blind read round 37: "an attack on New France's capital, Quebec": the passage calls Quebec a capital,
    a city there though the gazetteer gives a province (``places.called_capital``); the colony renamed as
    one state."""
    assert called_capital("Quebec", ["an attack on New France's capital, Quebec. Leaving"])
    assert not called_capital("Quebec", ["the capital of Quebec"])
    assert spans(analysis, "quebec_capital") == {("New France", "state"), ("Quebec", "city")}


def test_a_minority_answer_naming_something_else_stays_unchanged(analysis):
    """Two annotators answer "Boston", one the meeting's date: Boston is the answer entity of a strict
    majority, and the date answer, naming something else, stays true unchanged (``spans.answers_change``)."""
    assert spans(analysis, "boston_meetings") == {("Boston", "city")}


def test_a_state_whose_name_opens_with_a_first_name_is_no_person(analysis):
    """"Nova Scotia" (the bank first name "Nova" first) is the province, not a person's name."""
    lexicon = analysis[2]
    assert not lexicon.looks_like_person("Nova Scotia") and not lexicon.looks_like_person("Sierra Leone")
    assert lexicon.looks_like_person("Russell T Davies")


def test_a_gazetteer_place_written_without_its_marks_is_that_place(analysis):
    """The gazetteer writes Montréal, Zürich, São Paulo; the passage may drop the marks. The folded spelling
    is the place where GeoNames writes it too (not Créon, a French town, as Creon, the Theban king), and
    only marks are dropped (not Łódź → "odz")."""
    lexicon = analysis[2]
    assert lexicon.place_kind("Montreal") == "city" and lexicon.place_kind("Montréal") == "city"
    assert lexicon.place_kind("Sao Paulo") == "city" and lexicon.place_kind("Zurich") == "city"
    assert not lexicon.is_gazetteer_name("Creon") and not lexicon.is_gazetteer_name("odz")


def test_a_structure_at_a_town_places_it_as_a_settlement(analysis):
    """"a lower canal at Fußach": a structure (canal, bridge, monastery …) "at" a gazetteer town places it as
    a settlement; a bare "at" does not ("studied at Oxford" may mean the university)."""
    lexicon = analysis[2]
    text = "with an upper canal near Diepoldsau and a lower canal at Fußach, in order to counteract flooding."
    assert placed_settlement("Fußach", text.index("Fußach"), text, lexicon) == "city"
    bare = "In 1902 the engineer worked at Fußach, in order to counteract flooding."
    assert placed_settlement("Fußach", bare.index("Fußach"), bare, lexicon) is None


def test_a_place_after_a_sovereign_form_is_a_country() -> None:
    """Blind read round 38: "the Kingdom of Sicily" typed Sicily a state; written after a sovereign state's
    form and "of" a place is a country (entities.sovereign_place), not after other forms or alone."""
    from entity_renaming.entities import sovereign_place
    assert sovereign_place("Sicily", "Norman-Arab architecture within the Kingdom of Sicily.")
    assert sovereign_place("Texas", "the short-lived Republic of Texas")
    assert not sovereign_place("Sicily", "the Normans conquered Sicily")
    assert not sovereign_place("Saxony", "the Electorate of Saxony")
    assert not sovereign_place("Sicily", "the Kingdom of Sicilyland")
