"""The entity analysis against the hand-labelled audit (tests/data/audit/labels.jsonl, judged by reading).

For every type the analysis renames, at least 95 % of its rename decisions on the labelled (non-doubtful)
cases must be right: the mention is a renamable name of that type (and, for Yan et al., the answer entity).
Recall (the share of expected renamings made) is printed, not asserted: precision comes first.
Run with ``-s`` to see the table.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import MRQA_SQUAD_DEV, SQUAD2_DEV

from entity_renaming.entities import analyse_examples
from entity_renaming.entswap.build import EntSwap
from entity_renaming.entswap.categories import singular_demonym
from entity_renaming.entswap.entities import COUNTRY_CODE
from entity_renaming.io import read_examples
from entity_renaming.lexicon import Lexicon, clean_surface, parse_person
from entity_renaming.ner import NerCache, recognize
from entity_renaming.places import STATE_KINDS

LABELS = Path(__file__).resolve().parent / "data" / "audit" / "labels.jsonl"
MIN_PRECISION = 0.95
#: Recall floors on the blind readers' recall set (tests/data/recall, test_recall.py): the recall measured
#: at the end of the issue-19 session (PER 22/46, ORG 7/41, GPE 14/48, MIX 45/117; EntSwap person 37/58,
#: country 9/33, city 2/10), raised by the recall round (question evidence, clashing given names kept, names
#: with particles, organisations named by common words, kept longer names; measured after the merge; GPE
#: 18/48 and MIX 64/117 after country abbreviations, round 2; GPE 23/48, MIX 63/117 after places inside
#: longer answer names, round 3), so
#: that a change that loses recall fails. The goal is RECALL_GOAL (not met).
RECALL_GOAL = 0.90
#: ORG and MIX lowered once (0.29 → 0.24, 0.54 → 0.52: 10/41, 62/117) when blind read round 13 rejected
#: organisations renamed by a common word ("Judicial Council" → "Joyce Council"): precision first. Raised
#: in the third session by organisations named after a person, companies named by a common word,
#: organisations named by a demonym and teams renamed with their nickname (organisations.py): ORG 14/41;
#: given-name-first names no longer read family name first, common-word surnames the dataset labels
#: PERSON, surnames known alone (persons.py): PER 35/46; MIX 69/117. Places inside longer answer names
#: raised GPE to 23/48 until blind read round 16 rejected them as GPE answer entities (precision first):
#: GPE back to 18/48. Organisations named only by common words renamed as a whole name (their descriptive
#: words one ``nnp`` span: Judicial Council → Harlow Council, League of Nations → League of Harlow; issue
#: 19, fifth session): ORG 16/41, MIX 71/117; a common-word name inside a longer answer kept
#: (org.description asks the answers to hold it): ORG 17/41, MIX 72/117. Lowered for precision after blind
#: read round 19 rejected two renamings of this set's kind: "Buyantu" of "Buyantu Khan (Ayurbarwada)" (a reign
#: title beside a personal name in brackets: per.alias-left) and "Host" of "Super Bowl 50 Host Committee" (a
#: name cut from a longer one): PER 34/46, ORG 16/41, MIX 70/117. Sixth session: a one-word name the
#: question types as an organisation despite a gazetteer village of that name (What brand ...? Ford): ORG
#: 17/41, MIX 71/117; lowered for precision after blind read round 19 rejected "USA" renamed inside the
#: guidebook title "Uni in the USA" (the labellers marked it "adjust, unsure"; a place inside another name
#: is no GPE answer entity): question.asks-for-work now covers guides, magazines, newspapers, journals:
#: GPE 17/48, MIX 70/117. Seventh session: call signs and organisation-worded names NER misread, a unit
#: named by its organisation's acronym (ESPN Deportes: ESPN renamed), a demonym kept where its country
#: cannot be renamed (American Medical Association): ORG 18/41, MIX 71/117.
MIN_RECALL = {"PER": 0.73, "ORG": 0.43, "GPE": 0.35, "MIX": 0.60}
#: EntSwap after the recall round (full names as a unit, demonyms NER missed, aliases and codes, places
#: typed by the dataset's vote): person 40/58, country 13/33, city 2/10; country 14/33 once demonyms are
#: handled (language phrases left whole, "the French" as a plural, era words: issue 19, third session);
#: person 41/58 once a person called by two forms of a name (Larry / Lawrence Roberts) takes one new name,
#: 42/58 once a name written without its accent (Ogedei / Ögedei) is the same person (issue 19, 4th session);
#: 43/58 once lower-case questions are no case evidence (William, Henry: names again; issue 19, 2nd round);
#: country 16/33 once fixed names holding a demonym are left whole and hyphenated place pairs renamed;
#: 17/33 once a question's own twist of a place's wording vetoes nothing (fourth session, second round);
#: 22/33 once places are judged per passage, not vetoed in the whole article by one passage's occurrence
#: (issue 19, fifth session); city 3/10 once GPEs the gazetteer's city list lacks are cities on GeoNames and
#: the passage's evidence (Kaiping: "his capital city Kaiping"; issue 19, seventh session); person 45/58 once
#: lone names the article attests are persons (Rollo) and Arabic names with "al-" are read, country 23/33
#: once a country inside "X of <country>" is renamed with it (issue 19, eighth session).
MIN_RECALL_ENTSWAP = {"person": 0.77, "country": 0.69, "city": 0.30}
YAN_TYPE = {"per": "PER", "org": "ORG", "gpe": "GPE"}
#: An organisation's acronym, alone or before a channel number ("BBC 1").
ACRONYM_OPENING = re.compile(r"[A-Z]{2,6}(?: \d+)?$")


def labelled(study: str) -> list[dict]:
    rows = [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if r["study"] == study and not r["doubtful"]]


def tally(decisions: list[tuple[str | None, str | None, bool]]) -> dict[str, tuple[int, int, int, int]]:
    """(our type, true type, expected rename) → type: (right, renamed, found, expected)."""
    table: dict[str, list[int]] = {}
    for ours, truth, expected in decisions:
        for t in {ours, truth if expected else None} - {None}:
            table.setdefault(t, [0, 0, 0, 0])
        if ours is not None:
            table[ours][1] += 1
            table[ours][0] += expected and ours == truth
        if expected and truth is not None:
            table[truth][3] += 1
            table[truth][2] += ours == truth
    return {t: tuple(v) for t, v in sorted(table.items())}


def report(study: str, table: dict[str, tuple[int, int, int, int]]) -> None:
    for t, (right, renamed, found, expected) in table.items():
        print(f"{study} {t:13s} precision {right}/{renamed}  recall {found}/{expected}")


def assert_precise(table: dict[str, tuple[int, int, int, int]]) -> None:
    for t, (right, renamed, _, _) in table.items():
        assert renamed == 0 or right / renamed >= MIN_PRECISION, (t, right, renamed)


@pytest.fixture(scope="module")
def yan_table(spacy_ner, ner_cache_dir):
    return yan_decisions(spacy_ner, NerCache(ner_cache_dir / "ner.sqlite"))


def yan_decisions(backend, cache: NerCache) -> dict[str, tuple[int, int, int, int]]:
    """The analysis of the whole MRQA SQuAD dev file (as a build makes it), judged on the Yan cases."""
    examples = read_examples(MRQA_SQUAD_DEV)[1]
    mentions = recognize((ex.context for ex in examples), backend, cache, progress=False)
    entities = analyse_examples(examples, mentions, Lexicon())
    decisions = []
    for case in labelled("yan"):
        if (retired_yan_code_label(case) or retired_state_label(case) or retired_list_label(case)
                or retired_body_place_label(case)):
            continue
        ours = None
        for entity in entities.get(case["example_id"], ()):
            # the labelled mention or a part of it; a place strictly inside a labelled facility's or
            # organisation's name ("Melbourne" of "The Melbourne Cricket Ground") is another referent
            inside = (entity.entity_type == "gpe" and case["type"] != "GPE"
                      and case["start"] <= entity.start and entity.end <= case["end"])
            overlaps = entity.start < case["end"] and case["start"] < entity.end
            # a labelled longer name the renaming keeps whole ("Fresno County" beside the city) is skipped
            kept = any(clean_surface(case["surface"]) in s.keep for s in entity.spans)
            if overlaps and not entity.clashes and not inside and not kept:
                ours = YAN_TYPE[entity.entity_type]  # a clashing person is never renamed by Yan et al.
        decisions.append((ours, case["type"], case["expected"] == "rename"))
    return tally(decisions)


def retired_yan_code_label(case: dict) -> bool:
    """A label of the first audit that skips a country's letter code as an abbreviation ("abbreviation USSR
    (never renamed); no majority answer"): the project renames such codes as the country (USSR, UK, US)
    and, since issue 19's eighth session, each referent of answers that disagree on it (USSR 3, Afghanistan
    2 of 5: entities.split_answers), so the label judges retired rules (as :func:`retired_code_label`)."""
    surface = clean_surface(case["surface"])
    if case["reason"].startswith("abbreviation") and surface in Lexicon().aliases:
        return True
    return retired_acronym_label(case)


def retired_state_label(case: dict) -> bool:
    """A label of the first audit that skips a historical state's name NER tagged PERSON as no type ("Jin
    dynasty tagged PERSON"): it judged NER's label, not the state. Since issue 19's twelfth session a state
    named by a distinctive word and a state kind is a GPE answer entity renamed by that word, its kind kept
    (places.state_word: Mongol Empire → Kenyan Empire, the demonym of a drawn country since the seventeenth
    session; dynasties are left out since the eighteenth, rule gpe.state-dynasty, blind reads having rejected
    both Harlow dynasty and Kenyan dynasty), as the development recall readers label such states
    (Song dynasty, Holy Roman Empire: GPE, renamable)."""
    kinds = "|".join(STATE_KINDS)
    return case["type"] is None and re.search(rf"\b(?:{kinds}) tagged PERSON", case["reason"]) is not None


def retired_list_label(case: dict) -> bool:
    """A label of the first audit that skips a place because the answer lists it with others ("answer is a
    list of six towns"): it judged the rule of the time. Since issue 19's eighteenth session an answer
    listing places only renames every member together (rule ``answer.list-partial``, all or none), as the
    recall readers label such lists (renamable) and blind read round 32 marked right."""
    return case["reason"].startswith("answer is a list")


def retired_acronym_label(case: dict) -> bool:
    """A label of the first audit that skips an organisation's acronym as "nothing renamable" ("BBC 1
    channel: abbreviation plus numeral, nothing renamable"): it judged the renamer's reach at the time, not
    the renaming. Issue 19 renames an organisation's acronym as a rare word at every mention (``BBC 1`` →
    ``PEDONE 1``, a channel of the renamed broadcaster, eleventh session); the blind recall readers of seed
    1919 label that example's BBC 1 renamable and blind read round 25 marked the renaming right."""
    return (case["type"] == "ORG" and "nothing renamable" in case["reason"]
            and ACRONYM_OPENING.match(clean_surface(case["surface"])) is not None)


def retired_body_place_label(case: dict) -> bool:
    """A label of the first audit that skips a body named "<kind> of <place>" as "generic words only"
    ("Supreme Court of the United States: generic words only"): it judged the kind words, not the place the
    name holds.
    Since issue 19's twenty-sixth session the place inside an organisation's name is renamed as that place at
    every mention, its codes following (organisations.split_name: "Supreme Court of Egypt", "U.S." →
    "Egyptian"), as the design of issue 19 asks; blind read round 39 marked that renaming right and the
    development recall readers label such bodies renamable."""
    found = re.match(r"(.+?): generic words only", case["reason"])
    place = found and re.search(r" of (?:the )?([A-Z][\w ]+)$", found.group(1))
    return bool(place) and Lexicon().place_kind(place.group(1)) in ("country", "state", "city")


def test_yan_rename_decisions_are_precise(yan_table):
    report("yan", yan_table)
    assert sum(renamed for _, renamed, _, _ in yan_table.values()) >= 30  # the analysis does rename
    assert_precise(yan_table)


@pytest.fixture(scope="module")
def entswap_table(spacy_ner, ner_cache_dir):
    return entswap_decisions(spacy_ner, NerCache(ner_cache_dir / "ner.sqlite"))


def entswap_decisions(backend, cache: NerCache) -> dict[str, tuple[int, int, int, int]]:
    """EntSwap's entities of every passage of the SQuAD 2.0 dev half (as a build decides them), judged on
    the EntSwap cases."""
    swap = EntSwap(read_examples(SQUAD2_DEV)[1], backend, cache=cache, progress=False)
    found = {key: {e.surface: e.category for e in entities}
             for key, entities in swap.passage_entities.items()}
    decisions = []
    for case in labelled("entswap"):
        if retired_code_label(case, swap):
            continue
        table = found[passage_key_of(case, found)]
        decisions.append((our_category(case, table), case["type"], case["expected"] == "rename"))
    return tally(decisions)


def retired_code_label(case: dict, swap: EntSwap) -> bool:
    """A label of the first audit that skips a country's letter code ("abbreviation U.S. (never renamed)")
    where its article names the country: the project renames such codes with their country since (README
    "EntSwap and AfriSQuAD2": letter codes follow the country the article names; test_pattern9), so the
    label judges a retired rule. Once occurrences were judged per passage these codes were renamed (US,
    U.S., UK: 3 cases); before, an article-wide veto happened to leave them."""
    surface = clean_surface(case["surface"])
    country = Lexicon().aliases.get(surface)
    return (case["reason"].startswith("abbreviation") and COUNTRY_CODE.fullmatch(surface) is not None
            and country is not None and country in swap.article_text[f"title:{case['article']}"])


def passage_key_of(case: dict, passages: dict) -> str:
    """The case's passage group (:func:`group_passages`: the article's passages in input order)."""
    key = f"title:{case['article']}#{case['context_index'] + 1}"
    assert key in passages, key
    return key


def our_category(case: dict, table: dict[str, str]) -> str | None:
    """The category the analysis renames this mention as (a person: any of its name words)."""
    surface = clean_surface(case["surface"])
    if case["ner_label"] == "PERSON":
        name = parse_person(case["surface"])
        cats = {table.get(w) for w in (name.words if name else ())} - {None}
        return next(iter(cats)) if len(cats) == 1 else None
    return table.get(surface) or table.get(singular_demonym(surface))


def test_entswap_rename_decisions_are_precise(entswap_table):
    report("entswap", entswap_table)
    assert_precise({t: v for t, v in entswap_table.items() if t in ("person", "country", "city")})
    counts = Counter({t: v[1] for t, v in entswap_table.items()})
    assert counts["country"] >= 8 and counts["person"] >= 3  # EntSwap is precision first (README)

