"""The quality report of a config: an automatic lint of its renamings for the error patterns of issue 11.

Each detector counts the renamed examples it flags and keeps a few example ids to read. Flags are
*doubts*, not verdicts: a flagged example may be right (the name "Will" is also a common word), and a
clean lint does not prove a config right. Use ``audit-renamings`` to read a random sample.

Detectors:

``common_word``
    a renamed one-word original is a common English word (``wordfreq`` Zipf ≥ 4) that the dataset also
    writes in lower case ("Court", "Union", "Will"); the words of a whole multi-word name ("United
    States", "New York") are not;
``article_mismatch``
    a new place name after "the" although it takes no article ("in the France"), or one that takes
    "the" written without it after a lower-case word ("in United States");
``gold_unchanged``
    an answerable example whose gold answers the renaming left as they were, all or half of them (the
    renamed entity is not, or not wholly, the answer; a minority answer naming something else may stay:
    :func:`entity_renaming.spans.answers_change`);
``several_names``
    one referent given two names: a shorter original that is part (or the initials) of a longer one
    got a replacement that is not the matching part of the longer one's replacement;
``inside_longer_name``
    a passage edit glued to a capitalised word that was not renamed ("Supreme <city> of Freedonia");
``plural_possessive``
    an odd inflection: a doubled ``ss`` the replacement does not have, or a possessive apostrophe
    after a new name that does not end in ``s``;
``original_left``
    an original name (or its plural) still stands as a word in the renamed passage, question or title;
``numeral_initial_abbreviation``
    a renamed original that is a Roman numeral, a single letter or an all-capitals abbreviation (other than
    an organisation's acronym, which is renamed as a rare word).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .lexicon import SUFFIXES, TITLES, TRAILING_TITLES, never_renamed
from .model import Edit, QAExample, Renaming, Substitution
from .organisations import CALL_SIGN_TYPE, ORGANISATION_HEADS
from .substitute import heads_phrase, is_grammar_edit, takes_article, title_words

DETECTORS = (
    "common_word", "article_mismatch", "gold_unchanged", "several_names", "inside_longer_name",
    "plural_possessive", "original_left", "numeral_initial_abbreviation",
)
EXAMPLE_IDS = 5  # example ids kept per detector
COMMON_ZIPF = 4.0

_WORD = re.compile(r"[A-Za-z]+")
_LOWER_WORD = re.compile(r"\b[a-z]+\b")
_ROMAN = re.compile(r"^[IVXLCDM]+$")
_FUNCTION_WORDS = frozenset({
    "The", "A", "An", "In", "On", "Of", "At", "By", "For", "And", "To", "From", "With", "As", "But", "Or",
    "It", "He", "She", "They", "We", "I", "His", "Her", "Its", "Their", "This", "That", "These", "Those",
    "After", "Before", "During", "When", "While", "Since", "Although", "If", "Between",
})
_NEXT_CAPITAL = re.compile(r" ([A-Z][\w'\u2019-]*)")
_PREV_CAPITAL = re.compile(r"([^\s.!?:;\"(]) ([A-Z][\w'\u2019-]*) $")  # not the first word of a sentence
_THE_BEFORE = re.compile(r"(?:^|\W)[Tt]he $")
_BARE_BEFORE = re.compile(r"(?:^|[^\w'\u2019-])(?:in|of|to|from) $")
_PLACES = frozenset({"country", "state", "city", "location"})


def zipf(word: str) -> float:
    """English word frequency of ``word`` on the Zipf scale (``wordfreq``)."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")


class Linter:
    """The lint of configs built from one dataset (its lower-case vocabulary is counted once)."""

    def __init__(self, originals: Iterable[QAExample]) -> None:
        self.originals = {ex.id: ex for ex in originals}
        lower: Counter[str] = Counter()
        for context in {ex.context for ex in self.originals.values()}:
            lower.update(_LOWER_WORD.findall(context))
        self.lower = lower
        self._common: dict[str, bool] = {}

    def common(self, word: str) -> bool:
        if word not in self._common:
            low = word.lower()
            self._common[word] = word[:1].isupper() and self.lower[low] > 0 and zipf(low) >= COMMON_ZIPF
        return self._common[word]

    def lint(self, renamed: Iterable[QAExample], renamings: Iterable[Renaming]) -> dict[str, Any]:
        """``{"examples": n, "flagged": k, "detectors": {name: {"count", "example_ids"}}}`` for one config."""
        by_id = {ex.id: ex for ex in renamed}
        flagged: dict[str, list[str]] = {name: [] for name in DETECTORS}
        n = 0
        for record in renamings:
            new = by_id.get(record.example_id)
            old = self.originals.get(record.original_id)
            if new is None or old is None:
                continue
            n += 1
            for name in self.detect(old, new, record):
                flagged[name].append(record.example_id)
        any_flag = {i for ids in flagged.values() for i in ids}
        return {
            "examples": n,
            "flagged": len(any_flag),
            "detectors": {name: {"count": len(ids), "example_ids": sorted(ids)[:EXAMPLE_IDS]}
                          for name, ids in flagged.items()},
        }

    def detect(self, old: QAExample, new: QAExample, record: Renaming) -> list[str]:
        """Names of the detectors that flag this renamed example."""
        subs = record.substitutions
        mentions = [e for e in record.edits
                    if e.field == "context" and not is_grammar_edit(e.original, e.replacement)]
        found = []
        if any(self.common(w) for s in subs if " " not in s.original for w in _WORD.findall(s.original)):
            found.append("common_word")
        if article_mismatch(new.context, mentions):
            found.append("article_mismatch")
        if gold_unchanged(old, new):
            found.append("gold_unchanged")
        if several_names(subs):
            found.append("several_names")
        if inside_longer_name(new.context, mentions):
            found.append("inside_longer_name")
        if plural_possessive(new.context, mentions, subs):
            found.append("plural_possessive")
        if original_left(new, subs):
            found.append("original_left")
        if any(_ROMAN.match(s.original) or len(s.original) == 1
               or (_abbreviation(s.original)
                   and not (s.entity_type == "org" and s.span_type in ("rare", CALL_SIGN_TYPE)))
               for s in subs):  # an organisation's acronym is renamed as a rare word (issue 19)
            found.append("numeral_initial_abbreviation")
        return found


_LINTERS: dict[int, tuple[list[QAExample], Linter]] = {}


def linter_for(originals: list[QAExample]) -> Linter:
    """The :class:`Linter` of ``originals``, made once per input list (per process)."""
    hit = _LINTERS.get(id(originals))
    if hit is None or hit[0] is not originals:
        _LINTERS.clear()
        hit = _LINTERS[id(originals)] = (originals, Linter(originals))
    return hit[1]


def _abbreviation(name: str) -> bool:
    return name.isupper() and len(name) <= 5


def lint_config(originals: Iterable[QAExample], renamed: Iterable[QAExample],
                renamings: Iterable[Renaming]) -> dict[str, Any]:
    """The quality report of one config from its input examples, renamed examples and renamings."""
    return Linter(originals).lint(renamed, renamings)


def article_mismatch(text: str, mentions: list[Edit]) -> bool:
    """A new place name with the wrong article in ``text`` (the renamed passage; ``mentions``: its edits
    that replace a name)."""
    for e in mentions:
        if not heads_phrase(text, e.new_end):
            continue  # a modifier keeps the article of its head: "the France Army", "the France government"
        before = text[max(0, e.new_start - 16):e.new_start]
        needs_the = takes_article(e.replacement.rstrip("'\u2019"), e.span_type)
        if _THE_BEFORE.search(before) and not needs_the and e.span_type in _PLACES:
            return True
        if needs_the and _BARE_BEFORE.search(before):
            return True
    return False


def gold_unchanged(old: QAExample, new: QAExample) -> bool:
    """An answerable example with no strict majority of its gold answers changed."""
    same = sum(a.text == b.text for a, b in zip(old.answers, new.answers, strict=False))
    return bool(old.answers) and same * 2 >= len(old.answers)


def several_names(subs: list[Substitution]) -> bool:
    """A part (or the initials) of one original renamed independently of it."""
    for short in subs:
        for long in subs:
            if short is long or len(short.original) >= len(long.original):
                continue
            words = long.original.split()
            initials = "".join(w[0] for w in words if w[:1].isupper())
            if short.original == initials and len(words) > 1:
                return True  # "US" and "United States" as two names
            if has_word(long.original, short.original) and not has_word(long.replacement, short.replacement):
                return True
    return False


def inside_longer_name(text: str, mentions: list[Edit]) -> bool:
    """A passage edit with an unrenamed capitalised word right before or after it. Not flagged, since the
    renaming rules keep them on purpose: an organisation word (``ORGANISATION_HEADS``) after an ORG edit
    ("<nnp> University"); next to a person's name, a title, a suffix, a Roman numeral or an initial ("Queen
    <first>", "<first> Khan", "<first> II", "<first> F. <last>") and a middle name between two renamed
    words of that person ("<first> Dean <last>")."""
    spans = [(e.new_start, e.new_end) for e in mentions]
    for e in mentions:
        person = e.entity_type == "per"
        after = _NEXT_CAPITAL.match(text, e.new_end)
        if after and e.entity_type == "org" and after.group(1).lower() in ORGANISATION_HEADS:
            after = None
        if after and person and (_kept_person_word(after.group(1)) or _starts_edit(
                _next_word_start(text, after.end(1)), spans)):
            after = None
        if after and after.group(1) not in _FUNCTION_WORDS and not _starts_edit(after.start(1), spans):
            return True
        before = _PREV_CAPITAL.search(text, max(0, e.new_start - 40), e.new_start)
        if before and person and (_kept_person_word(before.group(2)) or _ends_edit(
                before.start(2) - 1, spans)):
            before = None
        if before and before.group(2) not in _FUNCTION_WORDS and not _ends_edit(before.end(2), spans):
            return True
    return False


_PERSON_KEPT = TITLES | TRAILING_TITLES | SUFFIXES


def _kept_person_word(word: str) -> bool:
    """A word the person rules never rename next to a name: a title, a suffix, a numeral, an initial."""
    return never_renamed(word) or word.lower().rstrip(".") in _PERSON_KEPT


def _next_word_start(text: str, pos: int) -> int:
    """Where the word after ``pos`` starts (past a period and spaces: "F. Kennedy")."""
    while pos < len(text) and text[pos] in ". ":
        pos += 1
    return pos


def _starts_edit(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(s == pos for s, _ in spans)


def _ends_edit(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(e == pos for _, e in spans)


def plural_possessive(text: str, mentions: list[Edit], subs: list[Substitution]) -> bool:
    """A doubled ``ss`` the replacement lacks, or ``Name' `` after a name not ending in ``s``."""
    replacements = {s.replacement for s in subs} | {s.replacement.upper() for s in subs}
    for e in mentions:
        stem = e.replacement[:-1]
        if e.replacement.endswith("ss") and stem in replacements and not stem.endswith("ss"):
            return True  # "Reynolds" + "s"
        bare_apostrophe = text[e.new_end:e.new_end + 1] in ("'", "\u2019") and not text[
            e.new_end + 1:e.new_end + 2].isalnum()
        if e.replacement[-1:] not in ("s", "S") and bare_apostrophe:
            return True  # "Hector' ship"
    return False


def original_left(new: QAExample, subs: list[Substitution]) -> bool:
    """An original name, exactly as written (or with a plural ``s``), still in the renamed texts."""
    texts = (new.context, new.question, title_words(new.title) or "")
    replaced = {s.replacement for s in subs}
    for s in subs:
        if s.original in replaced or any(s.original in r for r in replaced):
            continue  # the new text legitimately contains it (a replacement containing the old name)
        if any(has_word(t, s.original, plural=True) for t in texts):
            return True
    return False


def has_word(text: str, word: str, *, plural: bool = False) -> bool:
    """Whether ``word`` (optionally with a plural ``s``) stands in ``text`` as a word: not inside another
    word, not glued after an apostrophe (the ``Neil`` of ``O'Neil``)."""
    i = text.find(word)
    while i >= 0:
        j = i + len(word)
        if plural and text[j:j + 1] == "s":
            j += 1
        if (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_'\u2019")) and (
                j == len(text) or not (text[j].isalnum() or text[j] == "_")):
            return True
        i = text.find(word, i + 1)
    return False


def summary_text(reports: Iterable[dict[str, Any]]) -> str:
    """One line for a dataset card: examples flagged per detector, summed over configs (``"—"`` if none)."""
    totals: Counter[str] = Counter()
    examples = 0
    for report in reports:
        examples += report.get("examples", 0)
        totals.update({k: v["count"] for k, v in report.get("detectors", {}).items()})
    if not examples:
        return "—"
    return "; ".join(f"{k.replace('_', ' ')} {totals[k]}" for k in DETECTORS if totals[k]) or "none"
