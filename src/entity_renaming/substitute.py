"""Step 4: substitution. Apply one name mapping to every field of an example, on character spans.

* every mention of every mapped name is found in one regex pass per field (longest name first), so
  a replacement is never re-matched (no chain replacement);
* mentions must stand as words: not inside another word, not glued after an apostrophe (the
  ``Neil`` of ``O'Neil``); possessives (``Norman's``) and plurals (``Normans`` → ``Aremus``) follow;
* the analysis says which occurrences are the referent's mentions: ``keep`` lists the longer names of other
  referents that hold a mapped name (``Mexico City`` beside the country ``Mexico``, ``Fresno County`` beside
  the city ``Fresno``); their occurrences are left alone, every other occurrence is renamed;
* answer spans, MRQA token spans and tokens are recomputed from the edits, and the renamed answer
  text must equal the renamed passage slice, otherwise the example is refused with a reason.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from .casing import apply_case, casing_variants
from .io.formats import token_problems
from .model import Answer, CharSpan, Edit, QAExample, Substitution, Token, illegal_answers, normalize_answer

_TOKEN_RE = re.compile(r"\w+|[^\w\s]")


def tokenize(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """Words and single punctuation marks with their offsets, as MRQA's tokens are."""
    return [
        (m.group(), m.start()) for m in _TOKEN_RE.finditer(text, start, len(text) if end is None else end)
    ]


class RenameError(Exception):
    """An example that cannot be renamed safely; ``str()`` is the skip reason."""


class TextEdit(NamedTuple):
    """One replaced mention in one text (a tuple: millions are made per grid build)."""

    start: int
    end: int
    new_start: int
    new_end: int
    original: str
    replacement: str
    substitution: Substitution


#: Span types whose names denote groups, so that a plural ``s`` refers to the entity ("the Normans").
#: Person names never take one ("William" is not the plural of "Tennessee Williams"' surname) except a
#: surname after "the" ("the Kennedys"); places never do ("Edwards Air Force Base").
_PLURAL_SPAN_TYPES = frozenset({"nnp", "rare", "nationality", "organization"})
_PLACE_SPAN_TYPES = frozenset({"country", "state", "city", "location"})
#: Endings of demonyms whose plural takes no ``s`` ("the Japanese", "the French", "the Swiss").
NO_S_PLURAL = ("sh", "ch", "ese", "ss")
#: Place names that take "the": single words, and heads that make a multi-word name take it.
_THE_NAMES = frozenset({
    "Netherlands", "Philippines", "Bahamas", "Maldives", "Comoros", "Seychelles", "Gambia", "Vatican",
    "Hague", "Bronx", "Congo", "Caribbean", "Balkans", "Americas", "Levant",
    "US", "UK", "USA", "U.S.", "U.K.", "U.S.A.", "USSR", "U.S.S.R.", "U.S", "U.K", "U.S.A", "U.S.S.R",
    "U. S.", "U. K.", "U. S. A.",
})
_THE_HEADS = frozenset({
    "States", "Kingdom", "Republic", "Emirates", "Islands", "Isles", "Federation", "Union", "Commonwealth",
})
#: Words after which no article may be inserted (they already determine the noun phrase).
_DETERMINERS = frozenset({
    "the", "a", "an", "this", "that", "these", "those", "its", "his", "her", "their", "our", "my", "your",
    "whose", "which", "what", "no", "every", "each", "any", "some", "all", "both", "either", "neither",
    "another",
})
_APOSTROPHES = "'\u2019"
_APOSTROPHE_CHARS = frozenset(_APOSTROPHES)  # a set: "" is not a member
#: Final letters after which English may write the possessive as a bare apostrophe ("Ulysses' ship",
#: "Marx' theory", "Menéndez' forces").
_SIBILANT_ENDS = frozenset("sSxXzZ")


_PRECEDING_WORD = re.compile(r"(?<![\w'\u2019-])([a-z]+) $")
_SENTENCE_END = re.compile(r"[.!?][\"'\u201d)]? $")
_NEXT_WORD = re.compile(r"[ \t]*(\w+|\S)?")
#: Words after which a name still heads its noun phrase ("the United States and", "... has", "... in").
_PHRASE_ENDS = frozenset({
    "and", "or", "but", "nor", "in", "on", "at", "of", "to", "for", "from", "with", "by", "as", "into",
    "than", "over", "under", "after", "before", "during", "since", "until", "against", "between", "through",
    "about", "around", "across", "toward", "towards", "throughout", "beyond", "near", "via", "upon", "among",
    "amongst", "amid", "alongside", "along", "outside", "inside", "behind", "onto", "like", "unlike", "per",
    "is", "was", "are", "were", "be", "been", "has", "had", "have", "will", "would", "could", "should", "can",
    "may", "might", "must", "did", "does", "do", "which", "that", "who", "whose", "where", "when", "while",
    "because", "if", "although", "though", "also", "then", "still", "not", "alone", "itself", "themselves",
    "himself", "herself", "nonetheless", "nevertheless",
    "today", "now", "too", "again", "instead", "however", "therefore", "first", "later", "once", "soon",
    "following", "including", "excluding", "regarding", "concerning", "despite", "without", "within", "such",
    "more", "less", "most", "least", "even", "ever", "never", "already", "always", "often", "just", "yet",
})
#: Nouns ending in ``-ly``: every other lower-case ``-ly`` word after a name is an adverb ("the United States
#: especially"), so the name still heads its phrase.
_LY_NOUNS = frozenset({
    "ally", "family", "assembly", "supply", "monopoly", "rally", "anomaly", "lily", "belly", "jelly", "bully",
    "folly", "holly", "homily", "melancholy", "oligopoly",
})


#: Common irregular past-tense verbs: after a name they show that it heads its phrase ("the US spent"), as a
#: regular "-ed" does.
_IRREGULAR_PAST = frozenset({
    "became", "began", "bought", "brought", "built", "chose", "drew", "drove", "fell", "felt", "fought",
    "found", "gave", "got", "grew", "heard", "held", "kept", "knew", "led", "left", "lost", "made", "meant",
    "met", "paid", "ran", "rose", "said", "saw", "sent", "sold", "sought", "spent", "spoke", "stood",
    "struck", "took", "taught", "thought", "told", "threw", "understood", "went", "withdrew", "won", "wrote",
})
#: Auxiliaries that open a question or clause before "the <name> <verb>" ("did the US provide"): the name is
#: the subject and heads its phrase.
_AUXILIARIES = frozenset({"did", "does", "do", "will", "would", "could", "should", "can", "may", "might",
                          "must", "has", "have", "had"})
_ORDINAL = re.compile(r"[ \t]*\d+(?:st|nd|rd|th)\b")
_AUX_THE = re.compile(r"\b([A-Za-z]+) the $")
_AUX_MAYBE_THE = re.compile(r"\b([A-Za-z]+) (?:the )?$")


def heads_phrase(text: str, end: int, start: int = -1) -> bool:
    """Whether a name ending at ``end`` heads its noun phrase, so that an article before it is its own:
    followed by punctuation, the end of the text, a function word, a past-tense verb ("the United States
    has", "the United States declared") or an adverb in ``-ly`` ("the United States especially"), but not
    by a noun it modifies ("the United States Army", "the United States government", "France-based").
    Also followed by a number that is no ordinal, an irregular past tense ("spent"), or, for a name at
    ``start`` after "<auxiliary> the", any lower-case word but a plural noun ("did the US provide", not "did
    the Polish citizens"). Other unknown lower-case words count as nouns (no article fix)."""
    word = _NEXT_WORD.match(text, end).group(1)
    if word is None or text[end:end + 1] in ("'", "\u2019"):
        return True
    if word.islower() and _closes_body_name(text, start):
        return True  # "a Supreme Court of the United States decision": the noun is the body's
    if word[0].isdigit():  # "the United States 90%", not "the US 101st Airborne"
        return _ORDINAL.match(text, end) is None
    if word[0].isalnum():
        return word in _PHRASE_ENDS or (word.islower() and (
            word.endswith("ed") or word in _IRREGULAR_PAST or (word.endswith("ly") and word not in _LY_NOUNS)
            or (_after_auxiliary(text, start) and not _plural_noun(word))))
    return word not in ("-", "\u2013")


#: "<Organisation word> of the " before a name: the article is the name's ("Court of the United States").
_BODY_OF_THE = re.compile(r"\b([A-Z][a-z]+) of the $")


def _closes_body_name(text: str, start: int) -> bool:
    """The name at ``start`` follows "<organisation word> of the" (``Supreme Court of the United States``):
    it closes the body's name, so a lower-case word after it is a noun the whole name modifies ("a Supreme
    Court of the United States decision"), and the article is the name's own."""
    from .organisations import ORGANISATION_HEADS

    before = _BODY_OF_THE.search(text, max(0, start - 40), start) if start >= 0 else None
    return before is not None and before.group(1).lower() in ORGANISATION_HEADS


def _plural_noun(word: str) -> bool:
    """A lower-case word in ``-s`` (not ``-ss``): after "<auxiliary> the <name>" the verb is bare ("did the
    US provide"), so this is a noun the name modifies ("did the Polish citizens")."""
    return word.endswith("s") and not word.endswith("ss")


def _after_auxiliary(text: str, start: int, *, article_optional: bool = False) -> bool:
    """The name starting at ``start`` follows "<auxiliary> the" ("Who did the US provide …"): the subject of
    a verb; with ``article_optional`` also right after the auxiliary ("did UK law require")."""
    pattern = _AUX_MAYBE_THE if article_optional else _AUX_THE
    before = pattern.search(text, max(0, start - 12), start)
    return before is not None and before.group(1).lower() in _AUXILIARIES


#: The bare primary verbs and "not": after "<auxiliary> the <name> <word>" they show that the word is the
#: subject's head noun and the verb follows ("did the Chinese government have", "… government not have").
_BARE_PRIMARY = frozenset({"be", "have", "do", "not"})


def _noun_after(text: str, start: int, end: int) -> bool:
    """After "<auxiliary> the", the name ending at ``end`` modifies the lower-case words after it: three
    lower-case content words follow ("did the Dutch health authorities regard": a noun, then the verb), or
    one content word and a bare primary verb or "not" ("did the Chinese government have a monopoly"), not
    a verb and its object or a function word ("did the Portuguese kill?", "did the US provide arms to",
    "did the French build the")."""
    if not _after_auxiliary(text, start):
        return False
    at = end
    for count in range(3):
        match = _NEXT_WORD.match(text, at)
        word = match.group(1)
        if count == 1 and word in _BARE_PRIMARY:
            return True
        if word is None or not (word.isalpha() and word.islower()) or word in _PHRASE_ENDS | _DETERMINERS:
            return False
        at = match.end()
    return True


def starts_sentence(text: str, start: int) -> bool:
    """Whether position ``start`` opens the text, a line or a sentence (a capital "The" stays there)."""
    before = text[:start].rstrip(" ")
    sentence_end = _SENTENCE_END.search(text, max(0, start - 3), start)
    return not before or before.endswith("\n") or sentence_end is not None


def takes_article(name: str, span_type: str) -> bool:
    """Whether the place ``name`` is written with "the" (the United States, the Gambia, the Hague).

    Only place span types take part; a name that starts with its own article ("The Hague") is complete.
    """
    if span_type not in _PLACE_SPAN_TYPES or name[:4] in ("The ", "the "):
        return False
    words = name.split()
    if not words:
        return False
    if span_type == "city":
        return words[-1] in {"Hague", "Bronx"}
    return name in _THE_NAMES or words[-1] in _THE_NAMES or (
        len(words) > 1 and any(w in _THE_HEADS for w in words))


def _plural_rule(sub: Substitution) -> str:
    """``"yes"``: a plural ``s`` may follow; ``"the"``: only after "the"; ``"no"``: never."""
    if sub.span_type in _PLURAL_SPAN_TYPES:
        return "yes"
    return "the" if sub.span_type.endswith("last") else "no"  # "the Kennedys"; a full name ends in "last"


@dataclass(frozen=True, slots=True)
class Mention:
    """Where a mapped name stands in a text and how it is inflected; independent of the replacement."""

    start: int
    end: int  # after the name and its plural suffix, before any apostrophe
    form: str
    suffix: str  # "", "s" or "S"
    apostrophe: str  # the bare possessive apostrophe after an s-final mention ("Ulysses' ship"), else ""
    the_start: int  # start of a "the " right before the mention, else -1
    article: str  # the article to insert if the new name takes one ("the " after a lower-case non-determiner
    # word, "The " after a sentence end), else ""
    head: bool  # the name heads its phrase (not "United States Army", not "France-based")


_WORD_CHAR = re.compile(r"\w")


def _is_word(ch: str) -> bool:
    """``ch`` is a regex word character (exactly as ``\\w``); ``""`` (a text edge) is not."""
    return bool(ch) and _WORD_CHAR.match(ch) is not None


def _scan(forms: tuple[str, ...], text: str) -> list[tuple[int, str, str, str, int]]:
    """Occurrences of ``forms`` (longest first) standing as words: ``(start, form, suffix, apostrophe,
    end)``, left to right and not overlapping; at one position the first form in order wins.

    The same matches as the regex ``(?<!\\w)(?<!\\w['’])(form|…)([sS]?)(?!\\w)((?:['’](?!\\w))?)``, found with
    ``str.find`` (compiling a regex per mapping cost more than the search).
    """
    found = []
    for rank, form in enumerate(forms):
        i = text.find(form)
        while i >= 0:
            before = text[i - 1 : i]
            glued = before in _APOSTROPHE_CHARS and _is_word(text[i - 2 : i - 1])  # the Neil of O'Neil
            if not _is_word(before) and not glued:
                j = i + len(form)
                nxt = text[j : j + 1]
                suffix = ""
                if nxt in ("s", "S") and not _is_word(text[j + 1 : j + 2]):
                    suffix, j = nxt, j + 1
                if suffix or not _is_word(nxt):
                    apostrophe = text[j : j + 1]
                    if apostrophe in _APOSTROPHE_CHARS and not _is_word(text[j + 1 : j + 2]):
                        found.append((i, rank, form, suffix, apostrophe, j + 1))
                    else:
                        found.append((i, rank, form, suffix, "", j))
            i = text.find(form, i + 1)
    found.sort()
    out, pos = [], 0
    for start, _, form, suffix, apostrophe, end in found:
        if start >= pos:
            out.append((start, form, suffix, apostrophe, end))
            pos = max(end, start + 1)
    return out


@lru_cache(maxsize=1 << 17)
def find_mentions(spec: tuple[tuple[str, str], ...], text: str) -> tuple[Mention, ...]:
    """Mentions of the forms in ``spec`` (``(form, plural rule)``, longest first) in ``text``.

    Cached: an example's texts are searched for the same names under every seed and perturbation.
    """
    rules = dict(spec)
    out = []
    for start, form, suffix, apostrophe, _ in _scan(tuple(f for f, _ in spec), text):
        the_start = start - 4 if text[max(0, start - 4) : start] in ("the ", "The ") else -1
        if the_start > 0 and (text[the_start - 1].isalnum() or text[the_start - 1] in _APOSTROPHES):
            the_start = -1
        if suffix:
            rule = rules[form]
            if suffix.isupper() != form.isupper() or rule == "no" or (rule == "the" and the_start < 0):
                continue  # "Ann" + "S", "Williams" for William, "Edwards" for Edward
        end = start + len(form) + len(suffix)
        quoted = text[start - 1 : start] in ("'", "\u2018")
        if apostrophe and (text[end - 1 : end] not in _SIBILANT_ENDS or quoted):
            apostrophe = ""  # a possessive after a sibilant only (Ulysses', Menéndez'); "'Ulysses'" is quoted
        before = _PRECEDING_WORD.search(text, max(0, start - 16), start)
        article = ""
        if before is not None and before.group(1) not in _DETERMINERS:
            article = "the "
        elif _SENTENCE_END.search(text, max(0, start - 3), start):
            article = "The "
        head = heads_phrase(text, end, start)
        out.append(Mention(start, end, form, suffix, apostrophe, the_start, article, head))
    return tuple(out)


#: Demonyms whose plural noun is another word ("the Basotho").
IRREGULAR_DEMONYM_PLURALS = {"Mosotho": "Basotho", "Motswana": "Batswana"}


def adjective_demonym(demonym: str) -> bool:
    """A drawn demonym that can stand before a noun and take a regular plural, as the one it replaces does:
    not ``Mosotho`` (its plural and adjective are ``Basotho``: "Mosotho troops" is wrong), no person noun
    (``Surinamer``, ``Icelander``: "Surinamer Polytechnic"), no hyphenated compound the bank coined
    (``Guinea-Bissauan``: the word is ``Bissau-Guinean``; blind read round 21)."""
    return demonym not in IRREGULAR_DEMONYM_PLURALS and not demonym.endswith("er") and "-" not in demonym
#: A capitalised word after "and" / "or" / a comma: a demonym before it is a coordinated adjective
#: ("the French and British forces"), not the people.
COORDINATED = re.compile(r"(?:\s*,|\s+(?:and|or))\s+[A-Z]")


#: A capitalised word after "and" / "or" (and "the"): the other half of a coordination.
_COORDINATED_WORD = re.compile(r"\s+(?:and|or)\s+(?:the\s+)?([A-Z][\w'’-]*)")


def coordinated_people(text: str, end: int) -> bool:
    """The demonym ending at ``end`` is coordinated with another demonym without an ``-s`` plural that
    heads its phrase ("the French and British were", "between the French and the British."): two peoples,
    each a plural noun (→ "the Kenyans and British"), or with a people's ``-s`` plural ("by French and
    Indians"), not two adjectives before a noun ("the French and British forces")."""
    other = _COORDINATED_WORD.match(text, end)
    word = other.group(1) if other else ""
    return (other is not None and (word.lower().endswith(NO_S_PLURAL) or _plural_noun(word))
            and heads_phrase(text, other.end()) and not _noun_after(text, other.start(1), other.end()))


#: Before a bare demonym that is a plural noun: a quantifier or plural determiner (a number but "one"), then
#: at most three lower-case modifiers ("other high ranking Chinese who served", "Some Chinese considered").
_QUANTIFIER_BEFORE = re.compile(
    r"(?<![\w'’-])(?:[Ss]ome|[Oo]ther|[Mm]any|[Mm]ost|[Ff]ew|[Ff]ewer|[Ss]everal|[Aa]ll|[Bb]oth|[Tt]hese"
    r"|[Tt]hose|[Mm]ore|[Tt]wo|[Tt]hree|[Ff]our|[Ff]ive|[Ss]ix|[Ss]even|[Ee]ight|[Nn]ine|[Tt]en|hundred"
    r"|thousand|million|dozens|hundreds|thousands|millions|\d[\d,.]*)((?: [a-z][\w-]*){0,3}) $")
#: A preposition whose object a bare demonym closing the phrase is: the people ("command of French in
#: 1753", "with Dutch."); not "in", "into", "from", "to", "than", which also take a language.
_PEOPLE_PREPOSITION = re.compile(
    r"(?<![\w'’-])(?:of|with|among|amongst|between|against|by|for|toward|towards|versus|unlike) $")
#: A copula or linking verb and "more" / "less" before a bare demonym: a comparative adjective ("became more
#: Irish than the Irish themselves"), not a quantified people.
_COMPARATIVE_BEFORE = re.compile(
    r"(?<![\w'’-])(?:is|are|was|were|be|been|being|become|becomes|became|seem|seems|seemed|feel|feels|felt"
    r"|remain|remains|remained)\s+[\"“‘']?(?:much\s+|far\s+|even\s+)?(?:more|less) $", re.IGNORECASE)
#: An existential "there are / were" and at most five lower-case modifiers before a bare demonym: the demonym
#: heading its phrase is the people ("there were rich and well socially standing Chinese while").
_EXISTENTIAL_BEFORE = re.compile(r"(?<![\w'’-])[Tt]here (?:are|were)((?: [a-z][\w-]*){0,5}) $")
#: An auxiliary that opens a question before its subject ("What areas did French recruit natives from?").
_AUXILIARY_BEFORE = re.compile(
    r"(?<![\w'’-])(?:did|does|do|will|would|could|should|can|may|might|must)(?:n['’]t)? $", re.IGNORECASE)
#: A plural copula that opens a question before its subject ("How much resources were French placing",
#: "Where were French defeated"): a bare demonym before a participle is its plural subject.
_PLURAL_COPULA_BEFORE = re.compile(r"(?<![\w'’-])(?:were|are)(?:n['’]t)? $", re.IGNORECASE)
#: A participle in ``-ing`` / ``-ed`` (lower case) right after the demonym.
_PARTICIPLE_AFTER = re.compile(r" [a-z]+(?:ing|ed)\b")
#: Prepositions that open a verb's complement ("did French learn about"): a noun the demonym modifies is
#: rarely followed by one before its verb.
_VERB_PREPOSITIONS = frozenset({"about", "to", "from", "with", "in", "on", "at", "into", "for", "against",
                                "over", "through", "after", "toward", "towards", "upon"})
#: A plural finite verb right after the demonym: "Some say Chinese are …".
_PLURAL_VERB_AFTER = re.compile(r" (?:were|are)\b")
#: A lower-case word coordinated after the demonym, no determiner or "other": two adjectives before one noun
#: ("by Polish and international artists"), not two peoples ("of Chinese and other Asians").
_ADJECTIVE_COORDINATED = re.compile(
    r"(?:\s*,|\s+(?:and|or))\s+(?!(?:the|other|many|some|all|most|their|its|his|her)\b)[a-z]")


def bare_people_use(text: str, start: int, end: int) -> bool:
    """A demonym without "the" at ``text[start:end]`` used as a plural noun: after a quantifier and its
    modifiers, or closing the object of a people's preposition, heading its phrase ("other Chinese who",
    "command of French in 1753"); the subject after an auxiliary, before a bare verb ("did French recruit");
    the subject after "were" / "are", before a participle ("were French placing"); after "there are / were"
    and its modifiers, heading its phrase ("there were rich Chinese while"); or before "were" / "are". Not
    "French forts", "Chinese people", "in French", "speak Chinese"."""
    if text[end:end + 3].lstrip().startswith("(") or _ADJECTIVE_COORDINATED.match(text, end):
        return False  # "against Spanish (Catholic) rule", "by Polish and international artists"
    window = max(0, start - 40)
    if _COMPARATIVE_BEFORE.search(text, window, start):
        return False  # "they became more Irish than …": a comparative adjective, not the people
    quantifier = _QUANTIFIER_BEFORE.search(text, window, start)
    modifiers = set(quantifier.group(1).split()) if quantifier else set()
    if ((quantifier and not modifiers & (_PHRASE_ENDS | _DETERMINERS))
            or _PEOPLE_PREPOSITION.search(text, window, start)):
        return heads_phrase(text, end) or (quantifier is not None and _verb_and_clause_after(text, end))
    if _AUXILIARY_BEFORE.search(text, window, start):
        return _verb_and_object_after(text, end)
    existential = _EXISTENTIAL_BEFORE.search(text, max(0, start - 60), start)
    if existential and not set(existential.group(1).split()) & (_PHRASE_ENDS - {"and", "or"} | _DETERMINERS):
        return heads_phrase(text, end)
    if _PLURAL_COPULA_BEFORE.search(text, window, start):
        return _PARTICIPLE_AFTER.match(text, end) is not None
    return _PLURAL_VERB_AFTER.match(text, end) is not None


#: Object pronouns and subject pronouns that may open a verb's object or clause ("did French feel they").
_PRONOUNS = frozenset({"they", "them", "he", "him", "she", "it", "we", "us", "you", "i", "me"})


def _bare_verb_after(text: str, end: int) -> re.Match[str] | None:
    """The word after ``end`` where it may be a bare verb (lower case, no function word, determiner or
    ``-s`` plural): its match, else ``None``."""
    first = _NEXT_WORD.match(text, end)
    verb = first.group(1) or ""
    if verb in _BARE_PRIMARY - {"not"}:
        return first  # "did French have": a bare primary verb, though it may also end a phrase
    if not (verb.isalpha() and verb.islower()) or verb in _PHRASE_ENDS | _DETERMINERS or _plural_noun(verb):
        return None
    return first


def _verb_and_clause_after(text: str, end: int) -> bool:
    """After "<quantifier> <demonym>", a present-tense verb and its object follow: a lower-case word, not in
    ``-s``, then a determiner or pronoun opening its object ("other Chinese think what?", "most French
    prefer the"); not a noun and a relative clause ("some Chinese rice that was")."""
    first = _bare_verb_after(text, end)
    if first is None:
        return False
    obj = _NEXT_WORD.match(text, first.end()).group(1) or ""
    return obj in _PRONOUNS or (obj in _DETERMINERS and obj not in ("that", "which", "whose"))


def _verb_and_object_after(text: str, end: int) -> bool:
    """After "<auxiliary> <demonym>", a bare verb and the start of its object follow: a lower-case word, not
    in ``-s``, then a determiner, pronoun or preposition ("did French feel they", "didn't French learn
    about"), or a plural noun closing the phrase ("did French recruit natives from?"); not a noun and its
    verb ("did Chinese medicine spread", "did Danish law require", "did French fur trappers travel")."""
    first = _bare_verb_after(text, end)
    if first is None:
        return False
    second = _NEXT_WORD.match(text, first.end())
    obj = second.group(1) or ""
    if obj in _DETERMINERS or obj in _PRONOUNS or obj in _VERB_PREPOSITIONS:
        return True
    third = _NEXT_WORD.match(text, second.end()).group(1)
    return (obj.isalpha() and obj.islower() and _plural_noun(obj) and obj not in _PHRASE_ENDS
            and (third is None or not third.isalpha() or third in _PHRASE_ENDS))


def people_use(text: str, m: Mention) -> bool:
    """A demonym without an ``-s`` plural used as a plural noun for the people: "the French were", "the
    Chinese." (after "the", heading its phrase), or without "the" (:func:`bare_people_use`: "some Chinese
    think", "command of French in 1753"); not coordinated with another adjective, but with another people
    (:func:`coordinated_people`)."""
    if m.suffix or not m.form.lower().endswith(NO_S_PLURAL):
        return False
    if COORDINATED.match(text, m.end) is not None and not coordinated_people(text, m.end):
        return False
    if m.the_start >= 0:
        return m.head and not _noun_after(text, m.start, m.end) and not _participle_noun_after(text, m)
    return bare_people_use(text, m.start, m.end)


#: A copula right before "the <demonym>": the subject of a question or inverted clause follows.
_COPULA_THE = re.compile(r"(?<![\w'’-])(?:is|are|was|were) $", re.IGNORECASE)


def _participle_noun_after(text: str, m: Mention) -> bool:
    """After "<copula> the", the demonym is followed by a word in ``-ed`` and a lower-case content word: a
    participle and the noun the demonym modifies ("How successful was the French revised efforts?"), not the
    people and a passive participle ("Why were the French defeated at …?", "… defeated?")."""
    if not _COPULA_THE.search(text, max(0, m.the_start - 8), m.the_start):
        return False
    first = _NEXT_WORD.match(text, m.end)
    participle = first.group(1) or ""
    if not (participle.islower() and participle.endswith("ed")):
        return False
    noun = _NEXT_WORD.match(text, first.end()).group(1) or ""
    return (noun.isalpha() and noun.islower() and noun not in _PHRASE_ENDS | _DETERMINERS | _PRONOUNS
            and noun not in _VERB_PREPOSITIONS)


#: A country's letter code (``US``, ``U.S.``, ``UK``; dotted variants ``U.S``, ``U. S.``:
#: :func:`.lexicon.dotted_variants`): the form most often used as an adjective ("US troops").
LETTER_CODE = re.compile(r"[A-Z]{2,3}|(?:[A-Z]\.){2,3}|(?:[A-Z]\.){1,2}[A-Z]|(?:[A-Z]\. ){1,2}[A-Z]\.")
#: Adverbs that follow a subject, not a noun a name modifies ("the UK subsequently", "the US not").
_SUBJECT_ADVERBS = frozenset({
    "not", "also", "still", "then", "now", "never", "always", "already", "more", "less", "even", "again",
    "first", "alone", "too", "only", "soon", "itself", "once", "often", "later", "thus", "instead",
    "nonetheless", "nevertheless", "meanwhile", "hence",
})
#: After a plural-looking word, a word that shows it was a verb with its object ("the US provides the").
_OBJECT_OPENERS = _DETERMINERS | {"to", "him", "her", "them", "it", "us", "itself", "himself", "themselves"}


#: A capitalised word right before a code: a name the code may stand inside ("Sky UK Limited").
_NAME_WORD_BEFORE = re.compile(r"(?<![\w'’.-])([A-Z][\w&'’-]*)\s$")


def code_in_name(text: str, start: int) -> bool:
    """The code at ``start`` follows a capitalised word that is no function word ("Sky UK Limited", not "The
    UK Government", "In UK Parliament"): a noun inside an organisation's name, where it takes the new
    country's name, not its demonym (blind read round 37 rejected "Sky Omani Limited" beside "Oman")."""
    before = _NAME_WORD_BEFORE.search(text, max(0, start - 30), start)
    return before is not None and before.group(1).lower() not in _DETERMINERS | _PHRASE_ENDS


def modifies_noun(text: str, m: Mention) -> bool:
    """The country code at ``m`` stands before a noun it modifies, as an adjective ("a close US ally", "eight
    U.S. presidents", "the UK Government"): the next word is a lower-case word that is no function word,
    verb form (``-ed``, an irregular past, a bare verb after "did (the)"), adverb or a verb in ``-s`` with its
    object ("the US provides the"), or a capitalised word that is no function word (``Government``, ``Air
    Force``; not after a code ending in ".", where it may open a sentence, nor inside a name: "Sky UK
    Limited", :func:`code_in_name`). Not "the US and Canada", "in the US.", "US-based"."""
    if m.suffix or m.apostrophe or (m.head and not _noun_after(text, m.start, m.end)):
        return False  # "did the US military personnel seek": the head test took "military" for a verb
    match = _NEXT_WORD.match(text, m.end)
    word = match.group(1)
    if word is None or not word.isalpha() or text[m.end:m.end + 1] not in (" ", "\t"):
        return False
    lower = word.lower()
    if lower in _PHRASE_ENDS or lower in _DETERMINERS or lower in _SUBJECT_ADVERBS:
        return False
    if not word.islower():
        return not m.form.endswith(".") and word[1:].islower() and not code_in_name(text, m.start)
    if _after_auxiliary(text, m.start, article_optional=True) and not _noun_after(text, m.start, m.end):
        return False  # "did the US begin", "did UK law require to": the subject of a bare verb
    if _plural_noun(word):
        after = _NEXT_WORD.match(text, match.end()).group(1)
        return after is None or after.lower() not in _OBJECT_OPENERS
    return True


def code_mentions(code: str, text: str) -> list[tuple[Mention, bool]]:
    """Each mention of the country code ``code`` in ``text`` (as :class:`Renamer` finds it) and whether it
    takes the new country's demonym there (a letter code before a noun it modifies: :func:`modifies_noun`,
    "42% of UK teachers" → "42% of Kenyan teachers")."""
    spec = Renamer([Substitution(code, code, "gpe", "country")])._spec
    letter = LETTER_CODE.fullmatch(code) is not None
    return [(m, letter and modifies_noun(text, m)) for m in find_mentions(spec, text)]


def code_takes_adjective(code: str, texts: Iterable[str]) -> bool:
    """Some text writes the country code ``code`` before a noun it modifies (:func:`code_mentions`: "the UK
    government"): the renamer writes the new country's demonym there."""
    return any(adjective for text in texts for _, adjective in code_mentions(code, text))


#: Endings of demonyms whose people's plural is the demonym itself (the French, the Sudanese, the Swiss, the
#: Malagasy, the Seychellois, the Kirghiz): :data:`NO_S_PLURAL` and endings no original's form needs.
_INVARIANT_PLURAL = (*NO_S_PLURAL, "sy", "ois", "iz")
#: Demonyms with an invariant ending that take an ``-s`` plural all the same.
_S_PLURAL_DEMONYMS = frozenset({"czech"})


def demonym_plural(demonym: str) -> str:
    """The plural noun of a demonym: ``Kenyan`` → ``Kenyans``, ``Somali`` → ``Somalis``, ``Greek`` →
    ``Greeks``, ``Filipino`` → ``Filipinos``, ``Czech`` → ``Czechs``; ``French``, ``Sudanese``, ``Swiss``,
    ``Malagasy``, ``Seychellois`` stay (blind read round 37 rejected "Malagasys"); ``Mosotho`` →
    ``Basotho``."""
    if demonym in IRREGULAR_DEMONYM_PLURALS:
        return IRREGULAR_DEMONYM_PLURALS[demonym]
    lowered = demonym.lower()
    invariant = lowered.endswith(_INVARIANT_PLURAL) and lowered not in _S_PLURAL_DEMONYMS
    return demonym if invariant or lowered.endswith("s") else demonym + "s"


def bare_plural(demonym: str, texts: Iterable[str]) -> bool:
    """``texts`` write the people's ``-s`` plural of ``demonym`` without "the" before it ("a creation of
    Americans", "everyday Germans"): a new demonym without an ``-s`` plural (``Swedish``, ``French``) could
    not stand there as the people ("a creation of Swedish"), as it can after "the" ("the Swedish")."""
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(demonym)}s(?![\w'’-])")
    return any(not re.search(r"(?:^|\W)[Tt]he\s+$", text[max(0, m.start() - 5):m.start()])
               for text in texts for m in pattern.finditer(text))


class Renamer:
    """A compiled mapping ``original → replacement`` applied with word boundaries.

    ``keep``: names of other referents that contain a mapped name (``Mexico City`` while ``Mexico`` is
    renamed); an occurrence of one (in any casing variant, as a word) is left whole, as if it were mapped to
    itself. A kept name that is itself mapped is renamed.

    Inflections follow the entity: a plural ``s`` only where :func:`_plural_rule` allows it and never a
    second one after a replacement ending in ``s``; "Ulysses' ship" → "Name's ship". Places fix their
    article: "the United States" → "France" (a separate edit deletes "the "), "in France" → "in the
    United States" (a separate edit inserts it). ``adjectives`` maps a new country to its demonym: a
    country code before a noun it modifies takes it (:func:`modifies_noun`: "a US ally" → "a Malian ally").
    """

    def __init__(self, substitutions: list[Substitution], keep: Iterable[str] = (),
                 adjectives: Mapping[str, str] | None = None) -> None:
        self.substitutions = list(substitutions)
        self.adjectives = dict(adjectives or {})
        self._forms: dict[str, tuple[Substitution, str] | None] = {}
        for sub in self.substitutions:
            for form, style in casing_variants(sub.original).items():
                self._forms.setdefault(form, (sub, style))
        for name in keep:
            for form in casing_variants(name):
                self._forms.setdefault(form, None)  # left whole: "Mexico City" is no mention of Mexico
        longest_first = sorted(self._forms, key=lambda f: (-len(f), f))
        self._spec = tuple((f, _plural_rule(self._forms[f][0]) if self._forms[f] else "yes")
                           for f in longest_first)
        self._articles = {
            sub: (takes_article(sub.original, sub.span_type), takes_article(sub.replacement, sub.span_type))
            for sub in self.substitutions
        }

    def edits(self, text: str) -> list[TextEdit]:
        """Mentions in ``text`` and their replacements, left to right, positions in old and new text."""
        if not self._spec or not text:
            return []
        out: list[TextEdit] = []
        delta = 0

        def emit(start: int, end: int, new: str, sub: Substitution) -> None:
            nonlocal delta
            new_start = start + delta
            out.append(TextEdit(start, end, new_start, new_start + len(new), text[start:end], new, sub))
            delta += len(new) - (end - start)

        for m in find_mentions(self._spec, text):
            mapped = self._forms[m.form]
            if mapped is None:
                continue  # an occurrence inside a kept name of another referent
            sub, style = mapped
            new = sub.replacement
            adjective = (sub.span_type == "country" and new in self.adjectives
                         and LETTER_CODE.fullmatch(sub.original) is not None and modifies_noun(text, m))
            if adjective:
                new = self.adjectives[new]  # "a close US ally" → "a close Malian ally", not "Mali ally"
                m = replace(m, head=False)  # an adjective keeps "the": "did the Malian military …"
            elif sub.span_type == "nationality" and (m.suffix or people_use(text, m)):
                new = demonym_plural(new)  # "the French were" → "the Kenyans were"; "Australians" →
                # "Kenyans", → "Japanese", "Malagasy", not "Japaneses", "Malagasys"; "Belgians" → "Batswana"
            elif m.suffix and new[-1:] not in ("s", "S"):
                new += "s"  # "the Kennedys" → "the Smiths"
            old_the, new_the = self._articles[sub]
            dropped = m.head and old_the and not new_the and m.the_start >= 0
            if new[:4] == "The " and not dropped and m.the_start >= 0:
                new = new[4:]  # "the Saudi Arabia government" → "the Gambia government", not "the The Gambia"
            elif new[:4] == "The " and not starts_sentence(text, m.the_start if dropped else m.start):
                new = "the " + new[4:]  # "by The Gambia" → "by the Gambia"; "The USSR fell" stays capital
            if dropped:
                emit(m.the_start, m.start, "", sub)
            elif m.head and new_the and not old_the and m.article:
                emit(m.start, m.start, apply_case(m.article, style), sub)
            else:
                indefinite = _INDEFINITE.search(text, max(0, m.start - 4), m.start)
                if indefinite and (indefinite.group(1).lower() == "an") != takes_an(new):
                    article = "an" if takes_an(new) else "a"  # "an Israeli" → "a Nigerien"
                    emit(indefinite.start(1), indefinite.end(1),
                         article.capitalize() if indefinite.group(1)[0].isupper() else article, sub)
            emit(m.start, m.end, apply_case(new, style), sub)
            if m.apostrophe and new[-1:] not in ("s", "S"):  # "Ulysses' ship" → "Hector's ship"
                emit(m.end, m.end + 1, apply_case(m.apostrophe + "s", style), sub)
            elif (text[m.end:m.end + 2] in ("'s", "\u2019s") and not _is_word(text[m.end + 2:m.end + 3])
                  and new[-1:] == "s" and takes_article(new, sub.span_type)):
                emit(m.end, m.end + 2, text[m.end], sub)  # "the USSR's" → "the Comoros'": a plural name
        return out

    def kept(self, text: str) -> list[CharSpan]:
        """Where ``text`` holds a kept name (``keep``): the occurrences that are another referent's."""
        if not self._spec or not text:
            return []
        return [(m.start, m.end) for m in find_mentions(self._spec, text) if self._forms[m.form] is None]

    def apply(self, text: str) -> tuple[str, list[TextEdit]]:
        edits = self.edits(text)
        return splice(text, edits), edits


def renamed_in(name: str, text: str, keep: Iterable[str] = (), span_type: str = "") -> bool:
    """Whether a :class:`Renamer` that maps ``name`` (of ``span_type``) and keeps ``keep`` edits ``text``:
    ``name`` stands there as a word outside every kept name ("Mexico City's mayor" with ``keep=("Mexico
    City",)``: no), or in the plural a group name takes (``Kenyans`` of a ``nationality`` ``Kenyan``)."""
    return bool(Renamer([Substitution(name, name, "", span_type)], keep).edits(text))


_GRAMMAR_EDITS = frozenset({("the ", ""), ("", "the "), ("'", "'s"), ("\u2019", "\u2019s"), ("'s", "'"),
                            ("\u2019s", "\u2019"), ("a", "an"), ("an", "a")})
_INDEFINITE = re.compile(r"(?:^|(?<=[\s(\"“]))([Aa]n?) $")
#: Names starting with a vowel letter pronounced /j/ take "a" ("a Ugandan", "a European").
_YOO = ("uga", "uru", "uk", "uni", "usa", "ut", "eu")


def takes_an(name: str) -> bool:
    """The indefinite article before ``name`` is "an" ("an Israeli", "an Uzbek"; "a Ugandan")."""
    lowered = name.lower()
    return lowered[:1] in ("a", "e", "i", "o", "u") and not lowered.startswith(_YOO)


def is_grammar_edit(original: str, replacement: str) -> bool:
    """An edit next to a mention that keeps the grammar: an article deleted or inserted before a place
    ("the " → "", "" → "the "), an indefinite article matched to the new name ("an" → "a": "an Israeli" →
    "a Nigerien") or a possessive ``s`` added after a bare apostrophe ("'" → "'s") or dropped after a plural
    name ("'s" → "'": "the Comoros'")."""
    if len(original) > 4 or len(replacement) > 4:
        return False
    return (original.lower(), replacement.lower()) in _GRAMMAR_EDITS


def is_mention(text: str, name: str, *, title: bool = False) -> bool:
    """Whether ``text`` (an edit's original) is a form this module renames as ``name``: the name in a
    casing variant, with an optional plural ``s`` and possessive apostrophe (``_`` for spaces in titles);
    a name written with its own article ("The Gambia") also as "the Gambia" and "Gambia"."""
    if title:
        text = text.replace("_", " ")
    variants = casing_variants(name)
    if name[:4] == "The ":
        variants = {**variants, **casing_variants("the " + name[4:]), **casing_variants(name[4:])}
    if text in variants:  # a name may end in an apostrophe itself ("Novaya Usman'")
        return True
    text = text.rstrip(_APOSTROPHES)
    return text in variants or (text[-1:] in ("s", "S") and text[:-1] in variants)


def splice(text: str, edits: list[TextEdit]) -> str:
    pieces, last = [], 0
    for e in edits:
        pieces.append(text[last : e.start])
        pieces.append(e.replacement)
        last = e.end
    pieces.append(text[last:])
    return "".join(pieces)


class OffsetMap:
    """Maps character positions of the original text to the renamed text."""

    def __init__(self, edits: list[TextEdit]) -> None:
        self.edits = edits
        self._starts = [e.start for e in edits]

    def position(self, pos: int, *, is_end: bool) -> int:
        """New position of ``pos``; :class:`RenameError` if ``pos`` falls strictly inside an edit."""
        i = bisect_right(self._starts, pos) - 1
        if i < 0:
            return pos
        e = self.edits[i]
        if pos == e.start:
            if is_end and i > 0 and self.edits[i - 1].end == pos:
                return self.edits[i - 1].new_end
            return e.new_start
        if pos < e.end:
            raise RenameError(f"an answer boundary falls inside the renamed mention {e.original!r}")
        return e.new_end + (pos - e.end)

    def span(self, span: CharSpan) -> CharSpan:
        return self.position(span[0], is_end=False), self.position(span[1], is_end=True)


_COLUMNS: dict[int, tuple[list[Token], list[str], list[int], list[int]]] = {}
_CHECKED: dict[int, tuple[list[Token], str, list[str]]] = {}


def _input_token_problems(field: str, text: str, tokens: list[Token]) -> list[str]:
    """:func:`~entity_renaming.io.formats.token_problems` of an example's input tokens, once per token
    list (every config that renames the example re-uses them; the entry holds the list and the text)."""
    hit = _CHECKED.get(id(tokens))
    if hit is not None and hit[0] is tokens and hit[1] is text:
        return hit[2]
    if len(_CHECKED) >= 1 << 15:
        _CHECKED.clear()
    problems = token_problems(field, text, tokens)
    _CHECKED[id(tokens)] = (tokens, text, problems)
    return problems


def _token_columns(tokens: list[Token]) -> tuple[list[str], list[int], list[int]]:
    """Words, offsets and ends of ``tokens``, kept per token list: an example's tokens are re-used by
    every config that renames it (the entry holds the list itself, so its ``id`` cannot be reused)."""
    hit = _COLUMNS.get(id(tokens))
    if hit is not None and hit[0] is tokens:
        return hit[1], hit[2], hit[3]
    if len(_COLUMNS) >= 1 << 15:
        _COLUMNS.clear()
    words = [t for t, _ in tokens]
    offs = [o for _, o in tokens]
    ends = [o + len(t) for t, o in tokens]
    _COLUMNS[id(tokens)] = (tokens, words, offs, ends)
    return words, offs, ends


def retokenize(
    tokens: list[Token], edits: list[TextEdit], new_text: str
) -> tuple[list[Token], list[tuple[int, int]]]:
    """New ``(token, offset)`` list and, per old token, the inclusive range of new tokens it became.

    Tokens untouched by any edit are shifted; each run of tokens overlapping edits is re-tokenised from
    the renamed text (words and single punctuation marks, as MRQA's tokens are).
    """
    n = len(tokens)
    words, offs, ends = _token_columns(tokens)
    new_tokens: list[Token] = []
    ranges: list[tuple[int, int]] = [(0, 0)] * n
    done, delta, k = 0, 0, 0

    def shift(upto: int) -> None:
        base = len(new_tokens)
        positions = range(base, base + upto - done)
        ranges[done:upto] = zip(positions, positions, strict=True)
        if delta:
            new_tokens.extend(zip(words[done:upto], map(delta.__add__, offs[done:upto]), strict=True))
        else:
            new_tokens.extend(tokens[done:upto])

    while k < len(edits):
        first = bisect_right(ends, edits[k].start, lo=done)  # first token ending after the edit starts
        shift(first)
        region_start = min(edits[k].start, offs[first]) if first < n else edits[k].start
        region_end, last_tok, kk = edits[k].end, first, k + 1  # edit k always belongs (even if empty)
        while True:  # grow the region over every overlapping edit and token
            grown = False
            while kk < len(edits) and edits[kk].start < region_end:
                region_end, kk, grown = max(region_end, edits[kk].end), kk + 1, True
            while last_tok < n and offs[last_tok] < region_end:
                region_end, last_tok, grown = max(region_end, ends[last_tok]), last_tok + 1, True
            if not grown:
                break
        after = edits[kk - 1].new_end - edits[kk - 1].end
        begin = len(new_tokens)
        new_tokens.extend(tokenize(new_text, region_start + delta, region_end + after))
        for t in range(first, last_tok):
            ranges[t] = (begin, max(begin, len(new_tokens) - 1))
        done, delta, k = last_tok, after, kk
    shift(n)
    return new_tokens, ranges


def underscored(title: str) -> bool:
    """Whether ``title`` spells its spaces as ``_``, as Wikipedia titles do (``Southern_California``)."""
    return "_" in title and " " not in title


def title_words(title: str | None) -> str | None:
    """The title as words, for NER and renaming: ``Southern_California`` → ``Southern California``."""
    return title.replace("_", " ") if title and underscored(title) else title


def rename_title_text(renamer: Renamer, title: str) -> tuple[str, list[TextEdit]]:
    """Rename ``title``; an underscored title is renamed as words and keeps its underscores, in the text
    and in its edits, so that each edit's ``original``/``replacement`` is the slice of the old/new title."""
    if not underscored(title):
        return renamer.apply(title)
    new, edits = renamer.apply(title.replace("_", " "))
    return new.replace(" ", "_"), [
        e._replace(original=e.original.replace(" ", "_"), replacement=e.replacement.replace(" ", "_"))
        for e in edits
    ]


def _edit_records(field: str, edits: list[TextEdit], index: int | None = None) -> list[Edit]:
    return [_edit(field, e, index) for e in edits]


def _edit(field: str, e: TextEdit, index: int | None) -> Edit:
    """An :class:`Edit` built without the frozen dataclass's per-field ``object.__setattr__`` calls
    (the same object as ``Edit(...)``, at a third of the cost; millions are made per grid build)."""
    record = object.__new__(Edit)
    record.__dict__.update(field=field, start=e.start, end=e.end, new_start=e.new_start, new_end=e.new_end,
                           original=e.original, replacement=e.replacement,
                           entity_type=e.substitution.entity_type, span_type=e.substitution.span_type,
                           index=index)
    return record


def rename_example(
    example: QAExample,
    substitutions: list[Substitution],
    *,
    rename_title: bool = True,
    require_context_edit: bool = True,
    keep: Iterable[str] = (),
    adjectives: Mapping[str, str] | None = None,
) -> tuple[QAExample, list[Edit]]:
    """Apply ``substitutions`` to passage, question, title and answers of ``example``, leaving the
    occurrences of the ``keep`` names (other referents' longer names, see :class:`Renamer`) alone;
    ``adjectives`` (a new country → its demonym) renames a country code before a noun with the adjective.

    Returns the renamed example (answer offsets, MRQA token spans and tokens recomputed) and every
    edit made. Raises :class:`RenameError` when the example cannot be renamed consistently, its input
    tokens do not stand at their offsets, or a renamed answer is not legal
    (:func:`~entity_renaming.model.illegal_answers`).
    """
    renamer = Renamer(substitutions, keep, adjectives)
    context, c_edits = renamer.apply(example.context)
    if require_context_edit and not c_edits:
        raise RenameError("no mention of the mapped names found in the passage")
    question, q_edits = renamer.apply(example.question)
    records = _edit_records("context", c_edits) + _edit_records("question", q_edits)
    title = example.title
    if rename_title and title:
        title, t_edits = rename_title_text(renamer, title)
        records += _edit_records("title", t_edits)

    offsets = OffsetMap(c_edits)
    # Tokens rebuilt by ``retokenize`` stand at their offsets in the renamed text whenever the input's
    # stood at theirs in the input text: that is checked here (once per token list), not after renaming.
    token_ranges = None
    context_tokens = example.context_tokens
    if context_tokens is not None:
        _require_tokens("context_tokens", example.context, context_tokens)
        context_tokens, token_ranges = retokenize(context_tokens, c_edits, context)
    question_tokens = example.question_tokens
    if question_tokens is not None:
        _require_tokens("question_tokens", example.question, question_tokens)
        question_tokens, _ = retokenize(question_tokens, q_edits, question)

    as_renamed: dict[str, tuple[str, list[TextEdit]]] = {}  # an answer text → as renamed in the passage
    kept = renamer.kept(example.context) if keep else []

    def renamed_answers(answers: list[Answer], field: str) -> list[Answer]:
        out = []
        for i, ans in enumerate(answers):
            ans = _outside_kept(ans, kept)
            spans = [offsets.span(s) for s in ans.char_spans]
            if len(spans) == 1 and example.context[slice(*ans.char_spans[0])] == ans.text:
                # the passage decides article and inflection ("the United States ruled" vs the answer's end)
                text, a_edits = _slice_edits(context, c_edits, ans.char_spans[0], spans[0])
                as_renamed.setdefault(ans.text, (text, a_edits))
            else:
                text, a_edits = renamer.apply(ans.text)
            records.extend(_edit_records(field, a_edits, i))
            for old, (s, e) in zip(ans.char_spans, spans, strict=True):
                piece = context[s:e]
                if piece != text and not _quirk_kept(example, old, ans.text, piece, text):
                    raise RenameError(
                        f"renamed answer {text!r} differs from the renamed passage slice {piece!r}"
                    )
            token_spans = None
            if ans.token_spans is not None and token_ranges is not None:
                token_spans = [(token_ranges[a][0], token_ranges[b][1]) for a, b in ans.token_spans]
            out.append(Answer(text, spans, token_spans, ans.extra))
        return out

    answers = renamed_answers(example.answers, "answer")
    plausible = None
    if example.plausible_answers is not None:
        plausible = renamed_answers(example.plausible_answers, "plausible_answer")
    answer_texts = []
    for i, text in enumerate(example.answer_texts):
        new, a_edits = as_renamed.get(text) or renamer.apply(text)
        records.extend(_edit_records("answer_text", a_edits, i))
        answer_texts.append(new)
    renamed = replace(
        example,
        context=context,
        question=question,
        title=title,
        answers=answers,
        plausible_answers=plausible,
        answer_texts=answer_texts,
        context_tokens=context_tokens,
        question_tokens=question_tokens,
    )
    problems = illegal_answers(renamed, tokens=False)  # tokens: checked on the input above
    if problems:
        raise RenameError(f"illegal after renaming: {problems[0]}")
    return renamed, records


def _outside_kept(answer: Answer, kept: list[CharSpan]) -> Answer:
    """``answer`` without the occurrences (MRQA lists every one) that lie inside another referent's kept
    name (the "Fresno" of "Fresno County" for the answer "Fresno"), when one outside remains."""
    inside = [any(a <= s and e <= b for a, b in kept) for s, e in answer.char_spans]
    if not any(inside) or all(inside):
        return answer
    spans = [s for s, k in zip(answer.char_spans, inside, strict=True) if not k]
    tokens = answer.token_spans and [t for t, k in zip(answer.token_spans, inside, strict=True) if not k]
    return Answer(answer.text, spans, tokens, answer.extra)


def _require_tokens(field: str, text: str, tokens: list[Token]) -> None:
    problems = _input_token_problems(field, text, tokens)
    if problems:
        raise RenameError(f"illegal input: {problems[0]}")


def _slice_edits(
    context: str, edits: list[TextEdit], old: CharSpan, new: CharSpan
) -> tuple[str, list[TextEdit]]:
    """The renamed passage slice ``new`` of the old span ``old`` and the passage edits inside it, with
    positions relative to the slice."""
    (s, e), (ns, ne) = old, new
    inside = [TextEdit(x.start - s, x.end - s, x.new_start - ns, x.new_end - ns, x.original, x.replacement,
                       x.substitution)
              for x in edits if s <= x.start and x.end <= e and ns <= x.new_start and x.new_end <= ne]
    return context[ns:ne], inside


def _quirk_kept(example: QAExample, span: CharSpan, old_text: str, new_piece: str, new_text: str) -> bool:
    """MRQA's detected answers may differ from their slice by case or article; such a pair stays legal
    if it was one before renaming and still normalises equal after."""
    if example.source_format != "mrqa":
        return False
    old_piece = example.context[span[0] : span[1]]
    return old_piece != old_text and normalize_answer(new_piece) == normalize_answer(new_text)
