"""EntSwap person evidence (:mod:`entity_renaming.entswap.person_evidence`): a person noun before a name, a
lone name written as a name, famous mononyms and Census surnames the article labels PERSON."""

from __future__ import annotations

from conftest import observed_entities

from entity_renaming.entswap.person_evidence import (
    agent_before,
    lone_name_use,
    person_noun_before,
    work_possessive,
)


def test_a_person_noun_right_before_a_name_or_its_apposition_says_a_person():
    assert person_noun_before("Adolf Galland", ["Luftwaffe General and fighter ace Adolf Galland, a"])
    assert person_noun_before("Voltaire", ["The contemporaneous French philosopher Voltaire referred"])
    assert person_noun_before("Lothar de Maizière", [
        "The last Prime Minister of the (East) German Democratic Republic, Lothar de Maizière, is"])
    assert not person_noun_before("Motors", ["the General Motors plant"])  # a capitalised title: a name
    assert not person_noun_before("Barack", ["the president Barack Obama"])  # the name goes on
    assert person_noun_before("Bohemund", ["served under the Italo-Norman prince Bohemund I and"])  # regnal
    assert not person_noun_before("Sigismund", ["the king Sigismund III Vasa moved"])  # the name goes on
    assert person_noun_before("Isembard", ["Under the German abbot Isembard, La Trinité became"])


def test_a_lone_ruler_name_with_a_regnal_numeral_after_a_person_noun_is_renamed():
    """A lone name no bank types, written after a person noun with a regnal numeral after it, is a person
    typed by the noun (before: entswap.weak-lone-name, the numeral read as another name word)."""
    text = ("The Normans of Italy and France eventually served as avid crusaders under the Italo-Norman "
            "prince Bohemund I and the king of England. Later Bohemund took the city of Antioch after a "
            "long siege, and the crusaders kept it for almost two centuries before it fell again. The "
            "chroniclers of the age wrote at length of the march, the siege and the quarrels of the lords.")
    found = observed_entities(text, ("Bohemund I", "PERSON"), ("Bohemund", "PERSON"),
                              ("Antioch", "GPE"), ("England", "GPE"))
    assert found["Bohemund"].category == "person" and found["Bohemund"].span_type == "first-male"


def test_a_lone_name_is_written_as_a_name():
    assert lone_name_use("Sawa", ["a fisherman, Wars, and his wife, Sawa. According to legend, Sawa was"])
    assert not lone_name_use("Shah", ["the Shah of Iran said"])  # a title
    assert not lone_name_use("Moon", ["the acceleration of the Moon around the Earth"])
    assert not lone_name_use("Viljoen", ["the arrival of François Villion (Viljoen)."])  # another spelling
    assert not lone_name_use("Aristotle", ["Aristotle discussed force in Aristotelian cosmology."])


def test_a_full_name_typed_gpe_after_a_person_noun_is_a_person():
    text = ("Descendants of the refugees include the poet Theodor Fontane, and the fighter ace Adolf Galland "
            "of the Luftwaffe, who flew in the war over the Channel for several years before he was made "
            "the commander of the fighter arm, a post he held until the last months of the war. Their "
            "churches in the city were rebuilt after the war, and the congregations still meet there.")
    found = observed_entities(text, ("Theodor Fontane", "PERSON"), ("Adolf Galland", "GPE"))
    assert found["Galland"].category == "person" and found["Galland"].span_type == "last"


def test_a_lone_person_name_after_a_person_noun_is_renamed():
    text = ("The colony was thought to be worth little: the contemporaneous French philosopher Voltaire "
            "referred to Canada disparagingly as nothing more than a few acres of snow, and the British "
            "ministers in London chose to keep it at the peace, rather than the sugar islands of the south. "
            "The settlers who stayed kept their language, their church and their laws for two centuries.")
    found = observed_entities(text, ("Voltaire", "PERSON"), ("Canada", "GPE"), ("London", "GPE"))
    assert found["Voltaire"].category == "person"  # main: entswap.weak-lone-name


def test_a_famous_mononym_is_a_surname_unless_a_derived_word_shows_it():
    text = ("Knowing that Stalin was hostile to an independent Poland, the government in exile gave orders "
            "for an uprising. Stalin held the army back across the river, and Stalin let the city fall. The "
            "uprising lasted for sixty-three days, and the city was almost entirely destroyed after it.")
    found = observed_entities(text, ("Stalin", "PERSON"), ("Poland", "GPE"))
    assert found["Stalin"].category == "person" and found["Stalin"].span_type == "last"
    derived = text + " The Stalinist palace still stands in the centre of the city, a gift of the Soviets."
    assert "Stalin" not in observed_entities(derived, ("Stalin", "PERSON"), ("Poland", "GPE"))


def test_the_agent_by_before_a_full_name_says_an_author():
    assert agent_before("Giovanni Branca", ["described by Taqi al-Din and by Giovanni Branca in 1629."])
    assert agent_before("Artur Oppman", ["The best-known legend, by Artur Oppman, is that long ago"])
    assert not agent_before("Morgan Stanley", ["a deal led by Morgan Stanley Capital in 2001"])  # goes on
    assert not agent_before("Cecil Rhodes", ["Cecil Rhodes founded the company in 1888."])  # no agent


def test_a_full_name_typed_org_after_the_agent_by_is_a_person():
    """Issue 19 (s22): a bank first name and a name word that NER typed ORG only, written after the agent's
    "by" ("implemented in Africa by Cecil Rhodes"), is a person; the same name without it stays out
    (before: ``entswap.no-category``)."""
    text = ("The British spirit of imperialism was expressed by several politicians of the time, and "
            "implemented in Africa by Cecil Rhodes. The pseudo-sciences of Social Darwinism and theories "
            "of race formed an ideological underpinning during this time, and many writers took them up in "
            "their books, their speeches and their newspapers for decades.")
    found = observed_entities(text, ("Cecil Rhodes", "ORG"))
    assert found["Rhodes"].category == "person" and found["Rhodes"].span_type == "last"
    assert found["Cecil"].span_type == "first-male"
    plain = text.replace("implemented in Africa by Cecil Rhodes", "Cecil Rhodes implemented it in Africa")
    assert not {"Cecil", "Rhodes", "Cecil Rhodes"} & set(observed_entities(plain, ("Cecil Rhodes", "ORG")))


def test_a_lone_name_ner_types_org_with_a_person_apposition_is_a_person():
    text = ("By far the most famous work of Norman art is the Bayeux Tapestry, which is not a tapestry but a "
            "work of embroidery. It was commissioned by Odo, the Bishop of Bayeux and first Earl of Kent, "
            "employing natives from Kent who were learned in the Nordic traditions imported in the previous "
            "half century by the Danish Vikings, and it hangs in a museum of the town to this day.")
    found = observed_entities(text, ("Odo", "ORG"), ("Kent", "GPE"), ("Bayeux", "GPE"))
    assert found["Odo"].category == "person"  # main: entswap.no-category


def test_a_possessive_before_a_noun_of_a_persons_work_says_a_person():
    assert work_possessive("Archimedes", ["principle for buoyancy; Archimedes' analysis of the lever; Boyle"])
    assert work_possessive("Aristotle", ["In Aristotle's view, the terrestrial sphere"])
    assert not work_possessive("Archimedes", ["Archimedes' principle for buoyancy"])  # an eponym's term
    assert not work_possessive("Jin", ["the Jin's army"])  # no work of a person
