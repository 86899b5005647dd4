"""Places inside longer names of the answer: a place renamed with the name named after it.

Yan et al.'s answer entity may lie *inside* the gold answer ("the mayor of Paris", "Warsaw Stock Exchange").
A name of a thing named after a place (an exchange, a team, a gallery, a railway, a festival, a broadcaster's
region: ``Warsaw Stock Exchange``, ``Denver Broncos``, ``BBC Wales``) is renamed *with* the place inside it
wherever it stands, so passage, question and answers stay consistent; the longer name of *another* place or
referent sharing the word (``Mexico City`` beside ``Mexico``, ``Lake Erie``) is kept whole instead
(:func:`.entities.kept_apart`). NER usually labels such a name as a whole (ORG, FAC, EVENT), so no GPE
mention overlaps the answer: :func:`inner_place_answers` makes the place a candidate, and every place rule
of :mod:`.entities` still decides whether it is renamed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .lexicon import PARTICLES, TITLES, Lexicon, clean_surface, occurs_in, words_of
from .model import QAExample
from .ner import Mention

#: A run of capitalised words (function words of a name between them: "National Galleries of Scotland").
_LINKS = r"of(?: the)?|and|upon|on|for|de|del|da|di|du|des|la|le"
_NAME_RUN = re.compile(rf"(?<![\w'’.-])[A-Z][\w'’.-]*(?:(?: (?:{_LINKS}))* [A-Z][\w'’.-]*)*")
#: Longest place inside a name, in words ("New York City", "Santa Clara").
MAX_PLACE_WORDS = 3


def _name_grams(run: str) -> list[tuple[int, int, str]]:
    """The capitalised word n-grams of ``run`` (up to ``MAX_PLACE_WORDS`` words), longest first, as
    ``(start, end, text)`` relative to the run; a gram never spans a lower-case function word."""
    words = [(w.start(), w.end()) for w in re.finditer(r"(?<![\w'’.-])[A-Z][\w'’.-]*", run)]
    grams = []
    for n in range(min(MAX_PLACE_WORDS, len(words)), 0, -1):
        for k in range(len(words) - n + 1):
            a, b = words[k][0], words[k + n - 1][1]
            if " " not in run[a:b] or all(w[:1].isupper() for w in run[a:b].split()):
                grams.append((a, b, run[a:b]))
    return grams


#: Words opening a saint's name (and many places named after saints: ``San Jose``).
SAINTS = frozenset(words_of("san santa santo são st st. saint sainte"))
#: Buildings and bodies named after saints, not after a place named like them.
CHURCH_NOUNS = frozenset(words_of("church cathedral basilica chapel abbey monastery convent priory"))


def named_for_other(gram: str, run: str, lexicon: Lexicon) -> bool:
    """The longer name ``run`` is named after someone else bearing the place's name ``gram``: a person of the
    dataset (:func:`.entities.named_person`: the ``Washington Monument`` is George Washington's), a saint
    (a title before it: ``Saint John``; a church of ``Santa Maria``), a person's name that a small city
    bears too (``Blaine Amendments``, James G. Blaine's), or the name reads as a person's (``Paris
    Hilton``; a particle before the place: ``Bento de Moura Portugal``)."""
    from .entities import ORG_CITY_POPULATION, PERSON_EVIDENCE, named_person

    before = run[:run.find(gram)].split()
    if gram.split()[0].lower() in SAINTS and CHURCH_NOUNS.intersection(w.lower() for w in run.split()):
        return True  # "Church of Santa Maria Novella": a saint's name, not the city Santa Maria
    small = lexicon.place_kind(gram, ORG_CITY_POPULATION) is None  # a small city, no state or country
    person = small and lexicon.person_count(gram) >= PERSON_EVIDENCE
    return bool((before and before[-1].lower().rstrip(".") in TITLES) or PARTICLES.intersection(before)
                or named_person(gram, lexicon) or person
                or lexicon.looks_like_person(gram) or lexicon.looks_like_person(run))


def inner_place(gram: str, run: str, lexicon: Lexicon) -> bool:
    """``gram`` of the longer name ``run`` is a place the name may be named after: a country or state, or a
    city (:func:`.entities.org_place_kind`) that the dataset labels mostly GPE and a place at least once (a
    state ``ORG_PLACE_LABELS`` times: not ``Christ Church`` or ``Longwood``, small units of the gazetteer),
    and the name not named for someone else
    (:func:`named_for_other`)."""
    from .entities import ORG_PLACE_LABELS, org_place_kind, place_votes

    kind = org_place_kind(gram, lexicon)
    return (kind is not None and lexicon.labels.mostly(gram) in (None, "GPE")
            and place_votes(gram, lexicon) >= (ORG_PLACE_LABELS if kind == "state" else 1)
            and not named_for_other(gram, run, lexicon))


def inner_place_answers(example: QAExample, mentions: list[Mention], lexicon: Lexicon) -> list[Mention]:
    """GPE mentions of places inside a longer name in a gold answer span (:func:`inner_place`:
    ``Warsaw`` of ``Warsaw Stock Exchange``, read as one ORG; ``Denver`` of ``Denver Broncos``, read as GPE +
    PRODUCT) that no GPE mention of that very text covers and no PERSON mention holds; the longest place of
    each stretch of the name wins (``New York City`` over ``York``). The name is the evidence; the majority
    of answers must still hold the place (rule ``answer.not-entity``)."""
    found: dict[tuple[int, int], Mention] = {}
    context = example.context
    for answer in example.all_answers():
        for start, end in answer.char_spans:
            for run in _NAME_RUN.finditer(context, start, end):
                taken: list[tuple[int, int]] = []
                for a, b, gram in _name_grams(run.group()):
                    at, to = run.start() + a, run.start() + b
                    if (to - at == run.end() - run.start() or any(x < to and at < y for x, y in taken)
                            or not inner_place(gram, run.group(), lexicon)):
                        continue
                    taken.append((at, to))
                    if not any((m.label == "GPE" and clean_surface(m.text) == gram and m.start <= at
                                and to <= m.end) or (m.label == "PERSON" and m.start <= at and to <= m.end)
                               for m in mentions):
                        found.setdefault((at, to), Mention(at, to, "GPE", gram))
    return list(found.values())


def in_work_title(place: str, example: QAExample, mentions: Iterable[Mention]) -> bool:
    """A gold answer span holds ``place`` inside a work's title: a longer WORK_OF_ART mention covers it
    (``Good Morning America``, ``America's Funniest Home Videos``). A title is no reference to the place,
    and renaming it invents a work (rule ``place.work-title``; a question asking for a work is rule
    ``question.asks-for-work``)."""
    pattern = re.compile(rf"(?<![\w'’]){re.escape(place)}(?!\w)")
    works = [m for m in mentions if m.label == "WORK_OF_ART" and clean_surface(m.text) != place]
    for answer in example.all_answers():
        for start, end in answer.char_spans:
            for hit in pattern.finditer(example.context, start, end):
                if any(m.start <= hit.start() and hit.end() <= m.end for m in works):
                    return True
    return False


def inside_other_name(place: str, answers: Iterable[str], lexicon: Lexicon) -> bool:
    """Some answer holds ``place`` only inside longer names (:func:`.entities.named_alone` fails), one of them
    named for someone else (:func:`named_for_other`: ``Washington Monument``) or around a place the dataset
    never labels a place (``Longwood Medical and Academic Area``), or where the renamer would not rename it
    (glued: ``d'Alsace``): renaming the place would rename another referent's name or leave the answer
    (rule ``place.inside-answer-name``). A name named after the place (``Warsaw Stock Exchange``) is
    renamed with it."""
    from .entities import named_alone, place_votes
    from .substitute import renamed_in

    pattern = re.compile(rf"(?<![\w'’]){re.escape(place)}(?!\w)")
    for answer in answers:
        if occurs_in(place, answer) and not renamed_in(place, answer):
            return True  # glued to a word the renamer does not split ("Grand Canal d'Alsace")
        if not pattern.search(answer) or named_alone(place, [answer], lexicon):
            continue
        if any(run.group() != place and pattern.search(run.group())
               and (named_for_other(place, run.group(), lexicon) or place_votes(place, lexicon) == 0)
               for run in _NAME_RUN.finditer(answer)):
            return True
    return False


def team_in_answers(city: str, answers: Iterable[str], lexicon: Lexicon) -> bool:
    """A strict majority of ``answers`` name a sports team named after ``city`` (``Denver Broncos``,
    :func:`.entities.names_team`): the city's mentions standing for the team ("Denver took the opening
    kickoff") are renamed with the team's name, not left out (rule ``place.team``)."""
    from .entities import names_team

    answers = list(answers)
    pattern = re.compile(rf"(?<![\w'’]){re.escape(city)} ([A-Z][a-z]+s)\b")
    return sum(any(names_team(f"{city} {m.group(1)}", lexicon, answer=True) for m in pattern.finditer(a))
               for a in answers) * 2 > len(answers)


#: Endings of words derived from a state's or city's name ("Victorian", "Californian", "Parisian",
#: "Londoner", "Texan"), after its stem (the name, or the name less a final vowel or "s").
_DERIVED_ENDINGS = ("ian", "ean", "an", "n", "ese", "er", "ite")


def derived_place_word(place: str, texts: Iterable[str]) -> str | None:
    """A capitalised word of ``texts`` derived from the state or city ``place`` (``Victorian`` beside
    ``Victoria``): no bank gives a state's or city's demonym, so it would keep the old name (rule
    ``place.derived-word-left``)."""
    last = place.split()[-1]
    stems = {last, last[:-1]} if last[-1:] in "aeiouys" else {last}
    pattern = re.compile(rf"(?<![\w'’])(?:{'|'.join(map(re.escape, sorted(stems)))})"
                         rf"(?:{'|'.join(_DERIVED_ENDINGS)})s?(?!\w)")
    prefix = " ".join(place.split()[:-1])
    for text in texts:
        for m in pattern.finditer(text):
            if not prefix or text[max(0, m.start() - len(prefix) - 1):m.start()].strip() == prefix:
                return m.group()
    return None


def glued(place: str, texts: Iterable[str]) -> bool:
    """``place`` stands glued to another name in ``texts`` (``NewcastleGateshead``, ``McAlabama``): the
    renamer renames whole words, so that mention would keep the old name (rule ``place.in-longer-name``)."""
    if place.isupper():
        return False  # an abbreviation ("US" of "USA"): its other names are rule place.other-name's
    pattern = re.compile(rf"(?<=[A-Za-z]){re.escape(place)}|{re.escape(place)}(?=[A-Z])")
    return any(pattern.search(t) for t in texts)
