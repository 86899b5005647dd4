"""Organisations' acronyms (``NSF``, ``KANU``): what an acronym is, when the texts let it be renamed (not
spelled out, no plural, no glued form) and how it follows its organisation's renamed full name. The
organisation typing that the dataset's labels decide (:func:`.organisations.owner_acronym`,
:func:`.organisations.acronym_of_organisation`) builds on these."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from .lexicon import FUNCTION_WORDS, ROMAN_NUMERAL, Lexicon, clean_surface, whole_word
from .ner import Mention
from .referents import PerturbableSpan
from .word_index import texts_holding


def initials_of(name: str) -> str:
    """The initials of a name's words other than function words (``ALP`` of ``Australian Labor Party``),
    ``""`` when a word opens in lower case."""
    words = [w for w in re.findall(r"[^\W\d_]+", name) if w.lower() not in FUNCTION_WORDS]
    return "".join(w[0] for w in words) if all(w[0].isupper() for w in words) else ""


def is_acronym(word: str) -> bool:
    """An organisation's acronym: 3–6 capital letters (``NSF``, ``IPCC``; not ``NP`` or ``BC``), no Roman
    numeral (``III`` of ``NCAA's Division III``)."""
    return (3 <= len(word) <= 6 and word.isalpha() and word.isupper()
            and not ROMAN_NUMERAL.fullmatch(word))


#: The labels of names whose mention :func:`bracket_cut` ends before their bracketed acronym.
_NAME_LABELS = frozenset({"PERSON", "ORG", "GPE"})
#: A bracket that opens on an acronym and ends the mention unclosed (``… Institute (CMHI``).
_OPEN_ACRONYM = re.compile(r"\s*\(([A-Z]{3,6})$")


def bracket_cut(mention: Mention) -> Mention:
    """A PERSON / ORG / GPE mention that runs into an unclosed bracket opening on the acronym of the words
    before it (``the Children's Memorial Health Institute (CMHI``, ``Engineering News-Record (ENR``), ended
    before that bracket: the name is the words before it, the acronym another mention of it (which the
    acronym rules follow), no part of its last word. Else ``mention`` unchanged: a bracket of other words
    (``the Methodist Church (USA``, a qualifier that is part of the name; ``Dai Ön (Great Yuan``)."""
    found = _OPEN_ACRONYM.search(mention.text) if mention.label in _NAME_LABELS else None
    if found is None:
        return mention
    name = mention.text[:found.start()]
    if initials_of(re.sub(r"['’]s(?!\w)", "", clean_surface(name))) != found.group(1):
        return mention
    return Mention(mention.start, mention.start + len(name), mention.label, name)


def acronym_attested(word: str, lexicon: Lexicon) -> bool:
    """An acronym the Penn Treebank's news text uses and no dictionary word nor its plural (``ABC``,
    ``NSF``; not ``NADPH``, ``PAD``, ``MODES``): an organisation's, not a term's (rule
    ``org.acronym-unattested``)."""
    return word.lower() in lexicon.vocab and not lexicon.dictionary_common(word) and not (
        word.endswith("S") and lexicon.dictionary_common(word[:-1]))


#: An acronym opening brackets right after a lower-case word: the short form of a term that the words before
#: describe ("adenosine triphosphate (ATP)", "taking off vertically (VTOL aircraft)").
_TERM_GLOSS = re.compile(r"(?<![\w'’])[a-z][a-z-]*\s+\(([A-Z]{3,6})(?![\w'’])")


def _term_acronyms(lexicon: Lexicon) -> frozenset[str]:
    """The acronyms that the observed dataset's passages write as a term's gloss (:data:`_TERM_GLOSS`)."""
    return frozenset(m.group(1) for text in lexicon.passages for m in _TERM_GLOSS.finditer(text))


def term_acronym(word: str, lexicon: Lexicon) -> bool:
    """A passage of the dataset writes ``word`` in brackets right after a lower-case word (``adenosine
    triphosphate (ATP)``, ``taking off vertically (VTOL aircraft)``): the short form of a term, not of an
    organisation, whose name the words before would write capitalised (``National Science Foundation
    (NSF)``) (rule ``org.acronym-unattested``)."""
    return word in lexicon.dataset_table(_term_acronyms)


def labelled_acronym(text: str, lexicon: Lexicon) -> bool:
    """An acronym (:func:`is_acronym`) that the dataset's NER labels ORG wherever it labels it (``NCAA``,
    ``PNU``; not ``RNA``, once PERSON): an organisation's short name however few its labels, which the
    acronym rules then decide (``org.acronym-unattested``, ``org.acronym-expanded``) rather than
    ``org.no-head``."""
    counts = lexicon.labels.votes.get(text)
    return is_acronym(text) and (not counts or set(counts) == {"ORG"})


def glued_initials(initials: str, texts: Iterable[str]) -> bool:
    """``texts`` write the initials glued before a number or lower-case letters other than a plural ``s``
    (``ABC1``, a channel; ``DECnet``, a product named by them): EntSwap's renamer renames whole words, so
    that form would keep the old letters beside the renamed organisation (Yan et al.'s renames it with
    them: :func:`glued_spans`)."""
    pattern = _glued_start(initials)
    return any(pattern.search(t) for t in texts)


def glued_forms(initials: str, texts: Iterable[str]) -> list[str]:
    """The words of ``texts`` that write the initials glued before a number or lower-case letters other
    than a plural ``s`` (``ABC1``, ``BBC2``: channels; ``BBCi``, ``DECnet``: a service, a product named by
    them), in order of first occurrence. The renamer renames whole words: each such form is renamed with
    the initials (:func:`glued_spans`), else it would keep the old letters."""
    pattern = _glued_form(initials)
    return list(dict.fromkeys(m.group() for t in texts for m in pattern.finditer(t)))


def _glued_start(initials: str) -> re.Pattern[str]:
    """The initials as a word's start before a number or lower-case letters other than a plural ``s``."""
    return re.compile(rf"(?<![\w'’]){re.escape(initials)}(?=\d|(?!s(?![\w'’]))[a-z])")


def _glued_form(initials: str) -> re.Pattern[str]:
    """A whole word of the initials and a number or a lower-case run after them (``ABC1``, ``DECnet``)."""
    return re.compile(rf"(?<![\w'’]){re.escape(initials)}(?:\d+|(?!s(?![\w'’]))[a-z]+)(?![^\W_])")


def unfollowed_glued(initials: str, texts: Iterable[str]) -> bool:
    """``texts`` glue the initials into a word that is no :func:`glued_forms` form (``BBC2HD``,
    ``DECsystem10``): no renamed form of the acronym can follow it, the old letters would stay."""
    loose, full = _glued_start(initials), _glued_form(initials)
    return any(not full.match(t, m.start()) for t in texts for m in loose.finditer(t))


def glued_spans(spans: list[PerturbableSpan], texts: Iterable[str]) -> list[PerturbableSpan]:
    """``spans`` and, for each renamed acronym among them (an upper-cased ``rare`` or call-sign word, or
    initials following a renamed name word), a span per form the texts glue to it (:func:`glued_forms`):
    it follows as the acronym does, its glued letters kept (``ABC`` → ``SORBO`` gives ``ABC1`` →
    ``SORBO1``; ``ABC`` following ``Australia`` → ``Peru`` gives ``ABC2`` → ``PBC2``)."""
    texts = list(texts)
    surfaces = {s.surface for s in spans}
    out = list(spans)
    for span in spans:
        if not (span.surface.isupper() and span.surface.isalpha() and len(span.surface) >= 2
                and (span.letter >= 0 or (not span.follows and span.span_type != "country"))):
            continue
        for form in glued_forms(span.surface, texts):
            if form not in surfaces:
                surfaces.add(form)
                glued = form[len(span.surface):]
                out.append(replace(span, surface=form, glued=glued) if span.letter >= 0 else
                           PerturbableSpan(form, span.span_type, span.entity_type, span.surface, glued=glued))
    return out


def acronym_expanded(acronym: str, texts: Iterable[str]) -> bool:
    """``texts`` spell the acronym out: consecutive words (function words between them skipped) whose
    initials make it, capitalised (``Intergovernmental Panel on Climate Change`` for ``IPCC``: renaming the
    acronym alone would leave the organisation its old full name) or not (``adenosine triphosphate`` for
    ``ATP``: a term, not an organisation)."""
    for text in texts:
        for part in _ACRONYM_BOUNDARY.split(text):
            for run in whole_word(acronym).split(part):
                # the acronym itself and a sentence's end break a run: "CBS broadcast Super Bowl 50" spells
                # no "CBS", nor do the words of two sentences
                initials = "".join("" if w.lower() in FUNCTION_WORDS else w[0].upper()
                                   for w in re.findall(r"[^\W\d_]+", _POSSESSIVE.sub("", run)))
                if acronym in initials:
                    return True
    return False


#: A possessive ending, no word of its own ("was Tampa's primary" spells no "WTSP").
_POSSESSIVE = re.compile(r"['’]s\b")


#: Punctuation that ends a run of words that may spell an acronym out (a sentence's end, a bracket).
_ACRONYM_BOUNDARY = re.compile(r"[.!?;:()\[\]\"]\s|[()\[\]]|\n")


def acronym_veto(acronym: str, texts: tuple[str, ...]) -> str | None:
    """The rule that keeps an organisation's acronym from being renamed, if any: the texts spell it out
    (``National Science Foundation (NSF)`` would keep the name) or write it with a plural ``s`` (``two
    MSPs``: a role or a thing), or write it as a word too (``Hamas`` beside ``HAMAS``): that form would
    keep the old name, as would initials glued into a longer word (:func:`unfollowed_glued`). Forms glued
    to a number or lower-case letters (``ABC1``) are renamed with it (:func:`glued_spans`)."""
    if acronym_expanded(acronym, texts) or unfollowed_glued(acronym, texts) or any(
            re.search(rf"(?<![\w'’]){acronym.capitalize()}(?!\w)", t) for t in texts):
        return "org.acronym-expanded"  # "Hamas" beside "HAMAS"
    if any(re.search(rf"(?<!\w){acronym}s(?!\w)", t) for t in texts):
        return "org.acronym-countable"
    return None


def rare_acronym(acronym: str, texts: tuple[str, ...], span_type: str = "rare"
                 ) -> list[PerturbableSpan] | str:
    """An organisation's acronym as its one span, a ``rare`` word (``NSF`` → an upper-cased rare word; the
    acronym opening a unit's name: ``NFL Mobile``; a call sign's own ``span_type``:
    :data:`.organisations.CALL_SIGN_TYPE`), else the rule of :func:`acronym_veto` that keeps it."""
    if reason := acronym_veto(acronym, texts):
        return reason
    return [PerturbableSpan(acronym, span_type, "org")]



def acronym_span(name: str, spans: list[PerturbableSpan], texts: Iterable[str],
                 demonyms: Mapping[str, str] | None = None) -> PerturbableSpan | str | None:
    """The organisation's acronym, which the texts write beside its full ``name`` (``KANU`` and ``Kenya
    African National Union``, ``ALP`` and ``Australian Labor Party``): one referent, so the acronym follows
    the one renamed word of the name (its letter becomes the new word's initial, ``Kenya`` → ``Nigeria``
    makes ``NANU``; a run of name words renamed as one ``nnp`` word gives way to its one initial, ``World
    Meteorological Organization (WMO)`` → ``Harlow Organization (HO)``).
    ``None`` when the texts write no initials of the name; ``org.acronym-expanded`` when they cannot follow:
    a plural or a prefixed form (``ALPs``, ``vBNS``), several renamed spans, or a run of every word (one
    letter would be left). A
    renamed country follows its demonym in the name (``demonyms``: lower-cased demonym → country;
    ``Australian Broadcasting Corporation (ABC)`` with ``Australia`` → ``Peru``: ``PBC``)."""
    initials = initials_of(name)
    texts = list(texts)
    if len(initials) < 2:
        return None
    if not any(re.search(rf"(?<![\w'’]){initials}(?![\w'’])", t) for t in texts):
        if any(re.search(rf"(?<!\w)[a-z]?{initials}s?(?!\w)", t) for t in texts):
            return "org.acronym-expanded"  # "vBNS" of "Very high-speed Backbone Network Service"
        return None
    if any(re.search(rf"(?<!\w)(?:[a-z]{initials}|{initials}s)(?!\w)", t) for t in texts) or unfollowed_glued(
            initials, texts):
        return "org.acronym-expanded"  # "ALPs", "vBNS", "BBC2HD": no form the new letters can take
    words = [w for w in re.findall(r"[^\W\d_]+", name) if w.lower() not in FUNCTION_WORDS]
    renamed = [s for s in spans if not s.follows]
    word = renamed[0].surface.removesuffix(renamed[0].tail) if len(renamed) == 1 else ""
    if word not in words and renamed and renamed[0].span_type == "country":
        word = next((w for w in words if (demonyms or {}).get(w.lower()) == word), word)  # "Australian"
    if word in words:
        return PerturbableSpan(initials, "rare", "org", renamed[0].surface, words.index(word))
    run = word.split() if renamed and renamed[0].span_type == "nnp" else []
    at = next((i for i in range(len(words) - len(run) + 1) if run and words[i:i + len(run)] == run), -1)
    if at < 0 or len(initials) - len(run) < 1:
        return "org.acronym-expanded"  # "Los Angeles …", two renamed spans: no one letter follows
    # "World Meteorological Organization (WMO)" → "Harlow Organization (HO)": the run's letters give way
    # to the one new word's initial, the letters of the kept words stay
    return PerturbableSpan(initials, "rare", "org", renamed[0].surface, at, width=len(run))


def expansion(acronym: str, mentions: list[Mention]) -> Mention | None:
    """The passage's one ORG name whose initials (:func:`initials_of`) spell ``acronym``, two to six
    capitals (``European Union`` of ``EU``, ``National Science Foundation`` of ``NSF``): the acronym's
    referent, renamed by its full name with the acronym following it (:func:`acronym_span`). ``None`` when
    no ORG name or several spell it."""
    if not (2 <= len(acronym) <= 6 and acronym.isalpha() and acronym.isupper()):
        return None
    found = {clean_surface(m.text): m for m in mentions if m.label == "ORG"
             and " " in clean_surface(m.text) and initials_of(clean_surface(m.text)) == acronym}
    return next(iter(found.values())) if len(found) == 1 else None


def numbered_channel(text: str) -> bool:
    """An acronym and a number (``BBC 1``, ``ITV 2``): a channel of the organisation the acronym names,
    renamed by its acronym (:func:`owner_acronym`) though a digit makes other names no organisation's."""
    first, *rest = text.split()
    return len(rest) == 1 and rest[0].isdigit() and len(rest[0]) <= 2 and is_acronym(first)


def abbreviated_name(word: str, after: str, texts: Iterable[str], min_initials: int = 2) -> bool:
    """``word`` opens a name (capitalised words follow it) that ``texts`` also write as its initials
    (``Scottish National Party`` and ``SNP``), at least ``min_initials`` letters: renaming the word would
    leave the initials behind. ``texts`` may be a :class:`.word_index.WordIndex`: only the texts holding the
    initials are read."""
    run = _NAME_CONTINUES.match(after)
    if not run:
        return False
    initials = word[0] + "".join(w[0] for w in run.group(0).split())
    texts = texts_holding(texts, initials, plural=True)
    return len(initials) >= min_initials and any(re.search(rf"(?<!\w){initials}s?(?!\w)", t) for t in texts)


_NAME_CONTINUES = re.compile(r"(?: [A-Z][\w'’]*)+")
