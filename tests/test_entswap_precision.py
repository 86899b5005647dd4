"""EntSwap precision first, on the real SQuAD 2.0 dev half (cs224n) with spaCy NER: each error pattern the
blind audit found (persons typed organisation or place, works and events taken as organisations, demonyms
that do not follow their country, articles before African places, edits inside longer names) checked on
the articles where it was found."""

from __future__ import annotations

import re

import pytest
from conftest import SQUAD2_DEV

from entity_renaming.entswap.build import EntSwap, example_texts
from entity_renaming.entswap.categories import CATEGORIES
from entity_renaming.entswap.entities import (
    BETWEEN_AFTER,
    Entity,
    _whole_spellings,
    name_forms,
    organisation_word,
    person_spellings,
)
from entity_renaming.entswap.mapping import distinct_words, spelling_variant
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon
from entity_renaming.ner import NerCache
from entity_renaming.substitute import takes_article


@pytest.fixture(scope="module")
def swap(spacy_ner, ner_cache_dir) -> EntSwap:
    examples = read_examples(SQUAD2_DEV)[1]
    return EntSwap(examples, spacy_ner, cache=NerCache(ner_cache_dir / "ner.sqlite"), progress=False)


def entities(swap: EntSwap, title: str) -> dict[str, str]:
    return {e.surface: e.category for e in swap.entities[f"title:{title}"]}


def passage_groups(swap: EntSwap, title: str | None = None) -> list[tuple[str, str, dict[str, Entity]]]:
    """(passage group, its texts joined, the entities renamed in it) of one article or of all: occurrence
    checks are made per passage group."""
    texts: dict[str, list[str]] = {}
    for ex, group in zip(swap.examples, swap.passage_of, strict=True):
        if title is None or group.startswith(f"title:{title}#"):
            texts.setdefault(group, []).extend(example_texts(ex))
    return [(group, "\n".join(dict.fromkeys(ts)), {e.surface: e for e in swap.passage_entities[group]})
            for group, ts in texts.items()]


def mapping(swap: EntSwap, title: str, seed: int = 0) -> dict[str, tuple[str, str]]:
    subs = swap.mappings(seed, CATEGORIES)[f"title:{title}"]
    return {s.original: (s.entity_type, s.replacement) for s in subs}


def test_person_names_are_persons_or_nothing(swap):
    """Rollo and Braddock were typed location/organisation: a person's name is a person or not renamed."""
    for title, name in (("Normans", "Rollo"), ("French_and_Indian_War", "Braddock"),
                        ("French_and_Indian_War", "Washington"), ("Steam_engine", "Watt")):
        assert entities(swap, title).get(name, "person") == "person", (title, name)
    # or nothing: "Richard" is also a surname there ("by Charles Richard"): Richard Trevithick is left alone
    assert entities(swap, "Steam_engine").get("Trevithick", "person") == "person"
    steam = entities(swap, "Steam_engine")  # the firm "Boulton & Watt" is renamed with its two founders
    assert steam.get("Watt") == "person" and steam.get("Boulton") == "person"
    assert "Newcastle" not in entities(swap, "French_and_Indian_War")  # the Duke of Newcastle, no city


def test_organisations_need_an_organisation_word(swap):
    """Documents, events, ships, titles and dynasties are no organisations (the Foreign Protestants
    Naturalization Act, the Grand Banks); every organisation has an organisation word and a replacement
    with the same word."""
    found = [(key, e) for key, table in swap.entities.items() for e in table if e.category == "organization"]
    assert found, "no organisation renamed at all"
    for _, e in found:  # a lone word or initials standing for one (NSF) has the word of its full name
        assert e.head and organisation_word(e.short_of or e.surface) == e.head
    assert "Foreign Protestants Naturalization Act" not in entities(swap, "Huguenot")
    assert "Grand Banks" not in entities(swap, "French_and_Indian_War")
    for title in swap.articles:
        for original, (category, new) in mapping(swap, title.removeprefix("title:")).items():
            entity = next((e for e in swap.entities[title] if e.surface == original), None)
            if category == "organization" and entity is not None and not entity.short_of:
                head = entity.head
                assert head in {w.lower().rstrip("s") for w in new.split()} | {w.lower() for w in new.split()}


def test_an_organisation_named_otherwise_in_its_article_is_left_alone(swap):
    """The question's "East India Trading Company" is the passage's "East India Company": renaming one of
    them would give one referent two names."""
    assert "East India Trading Company" not in entities(swap, "Imperialism")
    # "the Commission" alone is no other name: the new name keeps the organisation word (issue 19, s7)
    new = mapping(swap, "European_Union_law")
    assert "Commission" in new["European Commission"][1].split()


def test_demonyms_follow_their_country(swap):
    """France → X makes French → X's demonym, in every article; a country whose demonym stays is not
    renamed (Ireland and the Irish), and a people without a country (the Normans) is left alone."""
    bank = swap.pools.demonym
    followed = 0
    for key, table in swap.entities.items():
        new = mapping(swap, key.removeprefix("title:"))
        for e in table:
            if e.category == "nationality" and e.surface in new:
                country = [n for s, (c, n) in new.items() if c == "country"
                           and next(x.referent for x in table if x.surface == s) == e.country]
                if country:
                    assert new[e.surface][1] == bank(country[0])
                    followed += 1
    assert followed >= 5
    normans = entities(swap, "Normans")
    assert "Norman" not in normans and "Normans" not in normans
    eu = mapping(swap, "European_Union_law")
    assert eu["French"][1] == swap.pools.demonym(eu["France"][1])


def test_no_article_an_african_name_cannot_take(swap):
    """ "the Arctic" would become "the Sennar": a place written with "the" that the renamer does not know to
    take one is not renamed."""
    assert "Arctic" not in entities(swap, "1973_oil_crisis")
    for key, table in swap.entities.items():
        text = "\n".join(t for ex in swap.articles[key] for t in (ex.context, ex.question))
        for e in table:
            if e.category in ("country", "city", "location") and not takes_article(e.surface, e.category):
                assert not re.search(rf"\bthe {re.escape(e.surface)}(?:[,.;:)]|$| (?:and|in|was|is)\b)",
                                     text), (key, e.surface)


def test_never_inside_a_longer_name(swap):
    """Asia Minor, Anglo-Danes (kept whole where the Danes are renamed), New England, Boulton & Watt,
    Jerónimo de Ayanz y Beaumont: no word of a longer name is renamed unless the whole name is. A city or
    country that a longer name is *of* is the place itself ("Invasion of Poland"); a treaty or a meeting
    named after the city where it was signed ("Treaty of Paris") is another referent, left whole (see
    test_longer_names_of_other_referents_kept). Two renamed places joined by a hyphen ("the Israel-Lebanon
    conflict") are two names, and so are two demonyms before a noun of what lies between two countries
    ("Soviet-American relations": Soviet renamed where the article keeps American; issue 19, 26th session)."""
    assert "Asia" not in entities(swap, "Normans")
    for _, text, table in passage_groups(swap, "Normans"):  # Danes renamed, "Anglo-Danes" left whole there
        danes = [e for s, e in table.items() if s in ("Dane", "Danes", "Danish")]
        assert "Anglo-Danes" not in text or all("Anglo-Danes" in e.keep for e in danes), danes
    war = entities(swap, "French_and_Indian_War")
    england = [table for _, text, table in passage_groups(swap, "French_and_Indian_War") if "England" in text]
    assert all("England" not in table for _, text, table in passage_groups(swap, "French_and_Indian_War")
               if "New England" in text)  # left in the passages writing New England, renamed elsewhere
    assert any("England" in table for table in england) and not all("England" in table for table in england)
    assert war.get("Paris") == "city"  # "London and Paris"
    assert "Beaumont" not in entities(swap, "Steam_engine")
    for key, text, table in passage_groups(swap):
        places = {s for s, e in table.items() if e.category in ("country", "city", "location", "nationality")}
        for e in table.values():
            kept = [(k.start(), k.end()) for name in e.keep  # fixed names left whole
                    for k in re.finditer(re.escape(name), text)]
            for m in re.finditer(rf"(?<![\w-]){re.escape(e.surface)}(?!\w)", text):
                if any(a <= m.start() and m.end() <= b for a, b in kept):
                    continue
                pair = re.match(r"-([A-Z][\w'’]*)(.{0,2})", text[m.end():])  # no "Austria-Hungary"
                between = pair and e.category == "nationality" and BETWEEN_AFTER.match(
                    text, m.end() + 1 + len(pair.group(1)))  # "Soviet-American relations": each its own
                assert not pair or between or (  # but "the Israel-Lebanon conflict" joins two renamed places
                    pair.group(1) in places and not re.match(r" [A-Z]", pair.group(2))), (key, e.surface)


def test_longer_names_of_other_referents_kept(swap):
    """A place inside the longer name of another referent (Lake Erie, Treaty of Paris) is renamed at its own
    mentions and the longer name left whole (``keep``), not vetoed for the article; a longer name that is
    no other referent ("Norman Italy": a name word, no place, no person of the article) still vetoes."""
    from entity_renaming.entswap.build import rename_swapped

    key = "title:French_and_Indian_War"
    table = swap.entity_mappings(0, CATEGORIES)[key]
    new = {s.original: s.replacement for s in table.values()}
    treaty = alone = erie = 0
    for ex, group in zip(swap.examples, swap.passage_of, strict=True):
        if not group.startswith(f"{key}#"):
            continue
        kept = {e.surface: e for e in swap.passage_entities[group]}
        if "Lake Erie" in ex.context and "Erie" in kept:
            assert "Lake Erie" in kept["Erie"].keep
            erie += 1
        subs = [table[e] for e in kept.values() if e in table]  # the passage's own renaming
        renamed, _ = rename_swapped(ex, subs, tuple(n for e in kept.values() for n in e.keep))
        if "Treaty of Paris" in ex.context:
            assert renamed.context.count("Treaty of Paris") == ex.context.count("Treaty of Paris")
            treaty += 1
        if re.search(r"(?<!Treaty of )\bParis\b", ex.context):
            assert new["Paris"] in renamed.context and not re.search(r"(?<!Treaty of )\bParis\b",
                                                                      renamed.context)
            alone += 1
    assert treaty and alone and erie
    assert all("Italy" not in table for _, text, table in passage_groups(swap, "Normans")
               if "Norman Italy" in text)  # "Norman Italy"


def test_precision_first_still_renames_every_category(swap):
    """Recall floors of the precision-first rules on the 35 articles (distinct surfaces, all articles):
    a change that silently stops renaming a category fails here."""
    counts = {c: len({e.surface for t in swap.entities.values() for e in t if e.category == c})
              for c in CATEGORIES}
    assert counts["person"] >= 200 and counts["country"] >= 50 and counts["city"] >= 30
    assert counts["location"] >= 15 and counts["nationality"] >= 15 and counts["organization"] >= 3


def test_replacements_are_names_of_their_kind(swap):
    """The bundled African banks hold "Junior" (a suffix), "SimphiweyiNkosi" (two names run together),
    "Niger" (a Nigerian state that reads as a country), "Saint Paul's" and "British Indian Ocean
    Territory" (no country): none is ever drawn."""
    pools = swap.pools
    assert "Junior" not in pools("last") and "Lucky" not in pools("first-male")
    assert not [n for n in pools("first-male") if re.search(r"[a-z][A-Z]", n)]
    assert "Niger" not in pools("location") and "Saint Paul's" not in pools("location")
    countries = pools.countries()
    assert "British Indian Ocean Territory" not in countries and "Saint Helena" not in countries
    assert all(pools.demonym(c) for c in countries) and {"Nigeria", "Kenya", "Ghana"} <= set(countries)


def test_terms_named_after_persons_leave_the_persons_out(swap):
    """"Cook reductions, Karp reductions and Levin reductions": renaming inside the terms was rejected by a
    blind read, and a term kept beside its renamed person reads as the old name left (round 38, "the Savery
    engine"): the persons are left out (entities.term_reads_as_mention, both studies)."""
    complexity = entities(swap, "Computational_complexity_theory")
    assert not {"Cook", "Karp", "Levin"} & set(complexity)
    assert "Abercrombie" in entities(swap, "French_and_Indian_War")  # "Abercrombie's force" is his army


def test_family_name_first_persons_are_not_renamed_word_by_word(swap):
    """"Shen Kuo", "Zhao Mengfu" were renamed as <given> <family> (Shen → a first name); such names are left
    alone, and so is a word opening one full name and ending another (Richard Trevithick)."""
    yuan = entities(swap, "Yuan_dynasty")
    assert not {"Shen", "Kuo", "Zhao", "Li", "Yu"} & set(yuan)
    assert "Kublai" not in yuan or yuan["Kublai"] == "person"
    assert not {"Richard", "Trevithick"} & set(entities(swap, "Steam_engine"))


def test_a_country_goes_with_every_word_derived_from_it(swap):
    """A country is renamed only when no word derived from it stays (Korea with "Korean", Persia with
    "Persian" left were renamed before): every derived word in its article is a renamed nationality. NER
    labelled "Korean" NORP too rarely there: it is renamed with Korea, as the Yan configs rename demonyms."""
    lexicon = Lexicon(strict=False)
    yuan = entities(swap, "Yuan_dynasty")
    assert yuan.get("Korea") == "country" and yuan.get("Korean") == "nationality"
    korean = next(e for e in swap.entities["title:Yuan_dynasty"] if e.surface == "Korean")
    assert korean.country == "Korea"
    new = mapping(swap, "Yuan_dynasty")
    assert new["Korean"][1] == swap.pools.demonym(new["Korea"][1])  # Korea → Ghana makes Korean → Ghanaian
    checked = 0
    for key, text, table in passage_groups(swap):  # in every passage that renames the country
        renamed = {e.surface.lower() for e in table.values() if e.category == "nationality"}
        for e in table.values():
            if e.category == "country":
                assert set(lexicon.derived_words(e.surface, [text])) <= renamed, (key, e.surface)
                checked += 1
    assert checked >= 50


def test_cities_are_geonames_cities_or_settlements_of_the_passage(swap):
    """"Henan" (a province), "Staten Island" (a borough) were typed city: every city is a GeoNames primary
    name not ending in a place noun (``Lexicon.is_city_primary_name``, shared with Yan et al.), another
    name of a GeoNames city (``places.city_exonym``: Dyrrachium, Mecca) or a name no gazetteer knows as a
    country or state that a passage calls a settlement (Khanbaliq, Pickawillany); never a section of a
    bigger city, and no other name is a first-level division (Henan)."""
    from entity_renaming.places import _division_names

    lexicon = Lexicon(strict=False)
    cities = {e.surface for t in swap.entities.values() for e in t if e.category == "city"}
    others = {c for c in cities if not lexicon.is_city_primary_name(c)}
    assert cities and {"Dyrrachium", "Khanbaliq", "Montreal"} <= cities
    assert all(lexicon.city_population(c) or not lexicon.place_kind(c) for c in others)
    assert not any(lexicon.city_section_of(c) for c in cities)
    assert not any(c.lower() in _division_names() for c in others)  # Hamburg is a city and a state
    assert "Henan" not in entities(swap, "Yuan_dynasty") and "Staten Island" not in entities(swap, "Huguenot")
    assert "Praga" not in entities(swap, "Warsaw") and "Byzantium" not in entities(swap, "Normans")


def test_no_replacement_is_a_spelling_variant(swap):
    """"Abdullah" → "Abdallah" (seed 0) is no renaming: a variant (difflib ratio ≥ 0.75) is redrawn; and no
    Kikuyu woman's name is drawn for a man ("David" → "Wanjiru": the African bank's builder keeps Faker
    en_KE "male" names that en_KE also lists as surnames out of the first names)."""
    kikuyu_women = {"wanjiru", "wanjiku", "wambui", "wairimu", "wangari", "njeri", "nyambura", "njoki"}
    assert spelling_variant("Abdallah", "Abdullah") and spelling_variant("Mohamed", "Mohammed")
    assert not spelling_variant("Chad", "France")
    for seed in (0, 1):
        for subs in swap.mappings(seed, CATEGORIES).values():
            for sub in subs:
                pair = ((sub.replacement, sub.original) if sub.entity_type != "organization"
                        else distinct_words(sub.replacement, sub.original))  # "X University" / "Y University"
                assert not spelling_variant(*pair), sub
                if sub.span_type in ("first-male", "first-neutral"):
                    assert sub.replacement.lower() not in kikuyu_women, sub
    assert not kikuyu_women & {n.lower() for n in swap.pools.bank.names("first-male")}


def test_territories_islands_and_peoples_are_no_countries_or_cities(swap):
    """Blind read seed 7373: Jersey, Guernsey and Gibraltar (dependencies) and Great Britain (the island) were
    typed country, the Mississauga (a people listed with the Huron and Ojibwa) a city, and "Saudi Arabian"
    was renamed while the short demonym "Saudi" stayed. Hong Kong, a dependency that is a city of seven
    million people, is no country but that city (issue 19, s16: the recall sets label it a city)."""
    for title, name in (("Normans", "Jersey"), ("Normans", "Guernsey"), ("Huguenot", "Jersey"),
                        ("European_Union_law", "Gibraltar"), ("Normans", "Great Britain"),
                        ("Imperialism", "Great Britain"), ("French_and_Indian_War", "Mississauga")):
        assert name not in entities(swap, title), (title, name)
    assert entities(swap, "Imperialism").get("Hong Kong") == "city"
    # issue 19: the short demonym "Saudi" now follows Saudi Arabia too (derived words are renamed with their
    # country), so the long and the short demonym take one new name
    islamism = entities(swap, "Islamism")
    assert islamism.get("Saudi") == islamism.get("Saudi Arabian") == "nationality"
    new = mapping(swap, "Islamism")
    assert new["Saudi"][1] == new["Saudi Arabian"][1] == swap.pools.demonym(new["Saudi Arabia"][1])


def test_one_person_called_by_two_forms_of_a_name_takes_one_new_name(swap):
    """Blind read seed 9191: "Ted Heath" and "Edward Heath", "Larry Roberts" and "Lawrence Roberts" were each
    given two new given names: one person, two names. They were then left alone article-wide (issue 19:
    ordinary full names lost). Both forms now share one referent (:func:`name_forms`, nicknames from the
    ``nicknames`` package, accents folded), so the person takes one new name at every mention."""
    for title, short, full, surname in (("1973_oil_crisis", "Ted", "Edward", "Heath"),
                                        ("Packet_switching", "Larry", "Lawrence", "Roberts")):
        new = mapping(swap, title)
        assert {short, full, surname} <= set(new), (title, sorted(new))
        assert new[short] == new[full] and new[short][1] not in (short, full), (title, new[short], new[full])
        assert new[surname][1] != surname
    lexicon = Lexicon()
    assert lexicon.same_given_name("Ted", "Edward") and lexicon.same_given_name("Larry", "Lawrence")
    assert not lexicon.same_given_name("John", "James") and not lexicon.same_given_name("Ted", "Ted")
    assert lexicon.split_persons([("Ted", "Heath"), ("Edward", "Heath"), ("John", "Smith")]) == {
        "Ted", "Edward", "Heath"}
    assert lexicon.split_persons([("Nikola", "Tesla"), ("Milutin", "Tesla")]) == set()  # a family


def test_name_forms_links_the_forms_of_one_name():
    """The full form and the accented spelling are the referent; a family's different given names and
    unrelated persons are not linked."""
    lexicon = Lexicon()
    forms = name_forms([["Ted", "Heath"], ["Edward", "Heath"], ["John", "Smith"], ["Nikola", "Tesla"],
                        ["Milutin", "Tesla"], ["Maria", "Górska"], ["Maria", "Gorska"]], lexicon)
    assert forms == {"Ted": "Edward", "Edward": "Edward", "Górska": "Górska", "Gorska": "Górska"}
    reversed_order = name_forms([["Edward", "Heath"], ["Ted", "Heath"]], lexicon)
    assert reversed_order == {"Ted": "Edward", "Edward": "Edward"}


def test_a_name_written_without_its_accent_is_the_same_person(swap):
    """Questions write "Ogedei" and "Kucukdeveci" for the passages' "Ögedei" and "Kücükdeveci": one
    referent, one new name at every spelling (issue 19: the accented name alone was renamed and the
    question kept the old one, or the other way round)."""
    for title, accented, plain in (("Yuan_dynasty", "Ögedei", "Ogedei"),
                                   ("European_Union_law", "Kücükdeveci", "Kucukdeveci")):
        new = mapping(swap, title)
        assert accented in new and plain in new, (title, sorted(new))
        assert new[accented] == new[plain] and new[plain][1] not in (accented, plain)


def test_person_spellings_link_and_drop_together():
    """Every spelling of a person's word takes the accented one as referent; a spelling left unrenamed
    drops the others; a word with one spelling is untouched."""
    text = "Ögedei ruled. Who was Ogedei's wife? John Smith and Ögedei met."
    ogedei = Entity("Ögedei", "person", "first-male")
    john = Entity("John", "person", "first-male")
    linked = {e.surface: e for e in person_spellings([ogedei, john], text)}
    assert set(linked) == {"Ögedei", "Ogedei", "John"}
    assert linked["Ogedei"].referent == linked["Ögedei"].referent == "Ögedei"
    assert linked["Ogedei"].span_type == "first-male" and linked["John"] == john
    assert _whole_spellings([ogedei, john], text) == [john]
    assert _whole_spellings(list(linked.values()), text) == list(linked.values())


def test_place_spellings_share_one_referent():
    """A place written with and without its accents (a question's "Krakow" beside the passage's "Kraków")
    is one referent: both forms are entities that take its one new name, instead of the city being left
    out (entswap.alias-left); a form that is not renamed still drops the other."""
    text = "Kraków served as the capital. Who moved his court from Warsaw to Krakow in 1596?"
    krakow = Entity("Kraków", "city", "city")
    linked = {e.surface: e for e in person_spellings([krakow], text)}
    assert set(linked) == {"Kraków", "Krakow"}
    assert linked["Krakow"].referent == linked["Kraków"].referent == "Kraków"
    assert linked["Krakow"].category == "city"
    assert _whole_spellings([krakow], text) == []
    assert _whole_spellings(list(linked.values()), text) == list(linked.values())


def test_warsaw_question_spelling_krakow_takes_the_city_new_name(swap):
    """Warsaw article: the passages write "Kraków", two unanswerable questions "Krakow"; both forms take
    one new name (left out on main: GeoNames lists Krakow as another name of Kraków)."""
    new = mapping(swap, "Warsaw")
    assert "Kraków" in new and "Krakow" in new
    assert new["Kraków"] == new["Krakow"] and new["Krakow"][1] not in ("Kraków", "Krakow")


def test_warsaw_things_named_after_the_city_follow_its_new_name(swap):
    """Blind read round 34: "Enugu's entire Jewish population … herded into the Warsaw Ghetto" kept the
    ghetto's old name beside the city's new one. Where Warsaw is renamed, the names of its own things
    (Ghetto, Uprising, Ghetto Uprising, City Council) are renamed with it, none kept whole."""
    groups = [(texts, found["Warsaw"]) for _, texts, found in passage_groups(swap, "Warsaw")
              if "Warsaw" in found]
    ghetto = [e.keep for texts, e in groups if "Warsaw Ghetto" in texts]
    assert ghetto and not any(ghetto)
    assert not any(k.startswith("Warsaw ") and k.split()[1] in ("Ghetto", "Uprising", "City")
                   for _, e in groups for k in e.keep)


def test_territories_of_and_organisations_after_a_capitalised_word(swap):
    """Blind read seed 9191: "the German territories of Baden" typed Baden a city; "Polish United Workers'
    Party" was renamed without "Polish" ("Polish Malawi Congress Party")."""
    assert "Baden" not in entities(swap, "Huguenot")
    assert "United Workers' Party" not in entities(swap, "Warsaw")


def test_blind_read_9393_a_motorway_is_no_person(swap):
    """Blind read seed 9393: "the Brenner Autobahn" (tagged PERSON) was renamed as a man, "Dai Magubane": a
    word Webster's lists in lower case only that no US person bears and no PERSON name of the dataset holds
    thrice is no name word ("Autobahn"; the title "Atheling" of Edgar Atheling likewise)."""
    table = entities(swap, "European_Union_law")
    assert "Autobahn" not in table and "Brenner" not in table
    assert "Atheling" not in entities(swap, "Normans")


def test_blind_read_9494_patterns(swap):
    """Blind read seed 9494: "Turkish" was renamed while the question's "the Turks" stayed; "the occupation
    of the philippines" (a question typed in lower case) kept the old name of the renamed Philippines."""
    normans = entities(swap, "Normans")
    assert "Turkish" not in normans and "Turks" not in normans
    assert all("Philippines" not in table for _, text, table in passage_groups(swap, "Imperialism")
               if "philippines" in text)  # left where a text writes it in lower case


def test_blind_read_9595_patterns(swap):
    """Blind read seed 9595: the series "Dallas" (the answer to "Which American show …?") was renamed as a
    city; "Russian Federation" was renamed while "Russia" stayed; "New York City" was renamed while "New
    York" (the same city) stayed. Handled now rather than left out: "Russia" is renamed too, with the
    same new name."""
    assert "Dallas" not in entities(swap, "Imperialism")
    imperialism = mapping(swap, "Imperialism")
    if "Russian Federation" in imperialism:
        assert imperialism.get("Russia") == imperialism["Russian Federation"]
    assert "New York City" not in entities(swap, "Huguenot")
    lexicon = Lexicon()
    assert "Russia" in lexicon.referent_names("Russian Federation")
    text = "from New Rochelle to New York, to"
    assert lexicon.other_names_in("New York City", "city", [text]) == ("New York",)
    assert lexicon.other_names_in("New York City", "city", ["in New York City"]) == ()


def test_blind_read_9696_no_replacement_names_another_referent_of_the_article(swap):
    """Blind read seed 9696: "Italy" → "Ethiopia" in an article that keeps the "Ethiopian Empire", and
    "Romania" → "Ivory Coast" in one that names Côte d'Ivoire: no country replacement, alias or demonym,
    already stands in its article (checked on every article, seed 0)."""
    from entity_renaming.lexicon import alias_group

    checked = 0
    for key in swap.articles:
        text = swap.article_text[key]
        for sub in swap.mappings(0, CATEGORIES)[key]:
            if sub.entity_type != "country":
                continue
            demonym = swap.pools.demonym(sub.replacement)
            assert not any(name in text for name in alias_group(sub.replacement)), (key, sub)
            assert demonym is None or demonym not in text, (key, sub, demonym)
            checked += 1
    assert checked > 20


def test_african_family_names_have_no_akan_feminine_forms() -> None:
    """Blind read seed 9696 rejected "Frimpomaa" (the feminine form of Frimpong) as General Abercrombie's
    surname: the bank's family names, drawn for men and women alike, hold no Akan "-aa" forms."""
    from pathlib import Path

    from entity_renaming.namebank import NameBank

    last = NameBank.from_folder(Path(__file__).resolve().parents[1] / "name_banks" / "african").lookup("last")
    assert not [n for n in last if n.endswith("aa")] and "boateng" in last


def test_issue19_a_full_name_is_renamed_as_a_unit_when_its_given_name_names_others_too(swap):
    """Harvard's alumni list has "writer Louis Menand" and "historians Henry Louis Gates, Jr.", "George M.
    Whitesides" and "Tibetologist George de Roerich": the given names Louis and George also stand in other
    persons' names, which vetoed the whole person. Now the full name is renamed as a unit, each word taking
    its referent's new name (the lone surname follows), and the other names keep their words; where every
    name holding a given name is renamed (Louis, Henry), the given name is renamed word by word."""
    found = {e.surface: e for e in swap.entities["title:Harvard_University"]}
    assert "George" not in found and "George M. Whitesides" in found  # George de Roerich keeps his name
    # since Henry Louis Gates, Jr. is a person too (s21-esper), every full name holding Louis or Henry is
    # renamed, so the given names are renamed word by word, each full name in every word: none half renamed
    subs = swap.mappings(0, CATEGORIES)["title:Harvard_University"]
    from entity_renaming.entswap.build import rename_swapped

    alumni = ("Louis Menand", "Louis Agassiz", "Henry Louis Gates", "Henry David Thoreau", "Henry Ware")
    held = [ex for ex in swap.articles["title:Harvard_University"] if any(n in ex.context for n in alumni)]
    assert held
    for ex in held:
        renamed, _ = rename_swapped(ex, subs)
        assert not re.search(r"\b(?:Louis|Henry|Menand|Agassiz|Gates|Thoreau|Ware)\b", renamed.context)
    # "Joseph" opens only person names (Joseph Nye, Joseph Willard after "the president of Harvard"): it is
    # renamed alone, so Joseph Nye is renamed word by word
    assert {"Joseph", "Nye"} <= set(found) and "Joseph Nye" not in found
    new = mapping(swap, "Harvard_University")
    assert new["George M. Whitesides"][1].split()[1] == "M."  # initials are kept
    assert not any("Roerich" in e.surface for e in found.values())
    # a full name inside a longer name ("Chevrolet Monte Carlo", a car) or before a regnal numeral
    # ("John Paul II") is no person's given name and family name
    assert not any("Monte" in e.surface for e in swap.entities["title:1973_oil_crisis"])
    assert "John Paul" not in entities(swap, "Warsaw")
    assert "John Lennon" not in entities(swap, "Warsaw")  # "John Lennon street" is a street
    # "Jean Cauvin (John Calvin)": Calvin beside "Calvinist" is left out (a derived word no new name has),
    # and so is the name that glosses him (entswap.entities.glossed_persons, blind read round 31)
    assert not any(e.surface == "Jean Cauvin" for e in swap.entities["title:Huguenot"])


def test_issue19_demonyms_the_ner_missed_follow_their_country(swap):
    """"Kuwaiti", "Saudi" (1973 oil crisis) are words derived from countries of the article that NER did not
    label NORP: they are renamed with their country (the Yan mechanism, ``Lexicon.derived_words``) instead
    of leaving the country unrenamed; a word ending in -ic ("Germanic") or in s ("Scots") is not added."""
    oil = {e.surface: e for e in swap.entities["title:1973_oil_crisis"]}
    assert oil["Kuwaiti"].category == "nationality" and oil["Kuwaiti"].country == "Kuwait"
    assert oil["Kuwait"].category == "country"
    new = mapping(swap, "1973_oil_crisis")
    assert new["Kuwaiti"][1] == swap.pools.demonym(new["Kuwait"][1])
    for table in swap.entities.values():
        assert not any(e.category == "nationality" and e.surface in ("Germanic", "Scots") for e in table)


def test_issue19_aliases_codes_and_official_names_follow_their_country(swap):
    """"North America" is no alias of the United States left behind; "U.S. National Science Foundation" is
    followed by a name, not by a sentence ("U.S." renamed with the country); "the United States of America"
    is the country's longer name."""
    from entity_renaming.entswap.entities import alias_stands, may_end_sentence

    lexicon = Lexicon(strict=False)
    us = next(e for e in swap.entities["title:Packet_switching"] if e.surface == "United States")
    assert {"U.S.", "US"} <= set(entities(swap, "Packet_switching"))
    assert not alias_stands("America", us, "Huguenots sailed to North America in 1624.", lexicon)
    assert not alias_stands("America", us, 'throughout Latin America "whiteness" is still prized', lexicon)
    assert alias_stands("America", us, "In America what is the most revered skin color?", lexicon)
    assert not may_end_sentence("U.S.", ["funded by the U.S. National Science Foundation (NSF)"], lexicon)
    assert may_end_sentence("U.S.", ["He moved to the U.S. The next year he returned."], lexicon)
    assert may_end_sentence("U.S.", ["What did he found after he moved to the U.S."], lexicon)


def test_issue19_places_the_dataset_labels_gpe_need_no_label_in_their_article(swap):
    """NER types a place inconsistently from article to article; the dataset's vote (GPE at least 3 times and
    3/4 of its labels) makes it a place where an article leaves it unlabelled. Taiwan, also a province of
    its own name, is a country (Georgia, also a US state, is not); an alias (America) needs its own label;
    a demonym opening a name the article also writes as initials (Scottish National Party, SNP) stays, and
    its country with it, in the passage groups writing them, as in those writing another word of the
    country (Scots law); the others rename Scotland with Scottish (s16)."""
    from entity_renaming.entswap.entities import category_of

    lexicon = Lexicon(strict=False)
    assert category_of("Taiwan", "GPE", lexicon) == "country"
    assert category_of("Georgia", "GPE", lexicon) is None
    assert entities(swap, "Imperialism").get("Taiwan") == "country"
    assert "America" not in entities(swap, "French_and_Indian_War")
    groups = passage_groups(swap, "Scottish_Parliament")
    for _, text, renamed in groups:
        if re.search(r"\bSNP\b|\bScots\b", text):
            assert "Scottish" not in renamed and "Scotland" not in renamed, text[:80]
    assert any({"Scottish", "Scotland"} <= renamed.keys() for _, _, renamed in groups)


def test_issue19_lower_case_questions_are_no_case_evidence():
    """SQuAD 2.0's adversarial questions are sometimes typed in lower case after their first word ("On what
    lake did troops defend fort william henry in winter?"): counted as case evidence they made ``William``
    and ``Henry`` common words for the whole dataset, so "William Shirley" and "Henry Kissinger" were no
    person names. Such a text does not count; a text that capitalises a word inside a sentence does."""
    from entity_renaming.entswap.build import cased

    assert not cased("On what lake did troops defend fort william henry in winter?")
    assert not cased("what is it? It is.")
    assert cased("Who did Shirley leave at Oswego?") and cased("In 1990, McDonald went.")


def test_issue19_common_given_names_and_units_of_half_renamed_names(swap):
    """With lower-case questions out of the case statistics, William Shirley, William Pitt and Henry
    Kissinger are persons. A given name dropped because one of its full names is half renamed ("John" of
    "William John Macquorn Rankine", whose Rankine is no entity) and that never stands alone is renamed
    inside its other full names as a unit ("John Smeaton"), whatever the order of the names. Since
    s16-esperson a person noun before a full name of weak name words makes it a person ("philosopher Henry
    David Thoreau"); Harvard's Henry, in every full name renamed ("Henry David Thoreau", "Henry Ware" and,
    since s21-esper, "Henry Louis Gates"), is renamed word by word, and every word of the two philosophers'
    names follows."""
    war = entities(swap, "French_and_Indian_War")
    # since s22-esword "William" is renamed word by word beside the full names left whole (William Henry)
    assert all(war.get(w) == "person" for w in ("William", "Shirley", "Pitt"))
    new = mapping(swap, "French_and_Indian_War")
    assert new["William"][0] == new["Shirley"][0] == "person" and new["William"][1] != "William"
    assert entities(swap, "1973_oil_crisis").get("Kissinger") == "person"
    steam = {e.surface: e for e in swap.entities["title:Steam_engine"]}
    # since s22-esword "William John Macquorn Rankine" is left whole and "John", a given name of the renamed
    # "John Smeaton", renamed word by word (entswap.entities.other_full_name); "William" is left out
    assert {"John", "Smeaton"} <= steam.keys() and "William" not in steam
    assert "William John Macquorn Rankine" in steam["John"].keep
    assert not any("Rankine" in s or "Macquorn" in s for s in steam)
    harvard = entities(swap, "Harvard_University")
    assert {"Henry", "Thoreau", "Ware"} <= harvard.keys()  # Henry word by word: Henry Louis Gates renamed too
    examples = [ex for ex in swap.articles["title:Harvard_University"] if "Henry David Thoreau" in ex.context]
    subs = swap.mappings(0, CATEGORIES)["title:Harvard_University"]
    from entity_renaming.entswap.build import rename_swapped

    renamed, _ = rename_swapped(examples[0], subs)
    assert not any(w in renamed.context for w in ("Henry", "Thoreau", "Ralph", "Waldo", "Emerson"))


def test_issue19_a_shared_given_name_stays_beside_another_persons_full_name_left_whole(swap):
    """Session 22: "John Harvard" (Harvard is the university's word), "John W. Weeks" (of a bridge) and
    the ship "John of London" no longer take "John" out of the Harvard article: they are left whole, and
    John Adams, John Hancock and John F. Kennedy renamed."""
    harvard = {e.surface: e for e in swap.entities["title:Harvard_University"]}
    assert {"John", "Adams", "Hancock"} <= harvard.keys()
    assert {"John Harvard", "John W. Weeks", "John of London"} <= set(harvard["John"].keep)
    subs = swap.mappings(0, CATEGORIES)["title:Harvard_University"]
    from entity_renaming.entswap.build import rename_swapped
    from entity_renaming.substitute import RenameError

    for ex, group in zip(swap.examples, swap.passage_of, strict=True):
        if not group.startswith("title:Harvard_University#"):
            continue
        keep = [n for e in swap.passage_entities[group] for n in e.keep]
        group_subs = [s for s in subs if any(e.surface == s.original for e in swap.passage_entities[group])]
        try:
            renamed, _ = rename_swapped(ex, group_subs, keep)
        except RenameError:
            continue  # left out of the build ("Yale University" across an answer boundary)
        if "John Adams" in ex.context:
            assert "John Adams" not in renamed.context and "John Hancock" not in renamed.context
        for name in ("John Harvard", "John W. Weeks Bridge", "John of London"):
            assert renamed.context.count(name) == ex.context.count(name), name


def test_issue19_full_names_with_word_surnames_and_swallowed_or_office_starts(swap):
    """"Robert Gates", "Thomas Gage", "Joseph Black": a common bank first name and a bank surname that English
    also knows as a word are a person's name. "the Hollis Professor of Divinity David Tappan" and "the
    president of Harvard Joseph Willard" (one NER mention "Harvard Joseph Willard", the questions label
    "Joseph Willard" alone): the office before the name is no part of it, so both are renamed."""
    assert {"Robert", "Gates"} <= set(entities(swap, "Islamism"))
    new = mapping(swap, "Islamism")
    assert new["Gates"][0] == "person" and new["Gates"][1] != "Gates"
    harvard = {e.surface: e for e in swap.entities["title:Harvard_University"]}
    assert ("David Tappan" in harvard or {"David", "Tappan"} <= harvard.keys()) and "Willard" in harvard
    assert not any(s.startswith("Harvard ") for s, e in harvard.items() if e.category == "person")
    from entity_renaming.entswap.entities import office_before

    assert office_before("the president of Harvard ") and not office_before("Chevrolet ")


def test_issue19_office_words_before_a_full_name(swap):
    """"Environment Commissioner Stavros Dimas", "Mexican Presidents Felipe Calderón, …", "Indian Member of
    Parliament Jayant Sinha": an office of :data:`OFFICE_WORDS` (a plural title, a commissioner, a member
    of parliament) before NER's PERSON mention is no part of the name, so the person is renamed there."""
    from entity_renaming.entswap.entities import office_before

    assert office_before("toxic waste. Environment Commissioner ") and office_before("Mexican Presidents ")
    assert office_before("Indian Member of Parliament ") and not office_before("Chevrolet ")
    assert {"Stavros", "Dimas"} <= set(entities(swap, "European_Union_law"))
    assert {"Felipe", "Calderón", "Jayant", "Sinha"} <= set(entities(swap, "Harvard_University"))


def test_a_city_other_name_counts_only_standing_alone():
    """Issue 19: Pittsburgh's GeoNames other names "Allegheny" and "Fort Duquesne" name the river in
    "the Allegheny River" and the fort: no other name of the city there; "Allegheny" alone is one."""
    lexicon = Lexicon()
    river = "moved to the Allegheny River and Fort Duquesne"
    assert lexicon.other_names_in("Pittsburgh", "city", [river]) == ()
    assert lexicon.other_names_in("Pittsburgh", "city", ["they moved to Allegheny."]) == ("Allegheny",)
