"""Demonyms (``Spanish``, ``Kenyan``): the words derived from a country that are renamed with it
(:func:`demonym_spans`), and the uses that keep one from following the country's new name: a language
(``in French``: :func:`language_phrase`), a plural noun without ``-s`` (``the French were``), a demonym
of several referents (``British``), a landform's name (``Indian Ocean``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from .acronyms import abbreviated_name
from .lexicon import EVENT_NOUNS, IRREGULAR_DEMONYMS, PLACE_NOUNS, Lexicon, words_of
from .organisations import demonym_table
from .referents import NEIGHBOURHOOD, PerturbableSpan
from .substitute import (
    COORDINATED,
    NO_S_PLURAL,
    bare_people_use,
    coordinated_people,
    demonym_plural,
    heads_phrase,
)

#: After a demonym that names a language: a language noun, also closing a list of them ("Mongolian, Tibetan,
#: and Chinese languages"), "-speaking", "spoken" ("the variant of German spoken at"), a colon, a name or
#: term for something in it ("the Japanese name for the Yuan dynasty"), a text's title, version, translation
#: or spelling in it ("its Italian title") or a mother tongue ("of Polish mother tongue").
_LANGUAGE_USE = re.compile(r"^(?:(?:,\s+[A-Z][\w'’-]*)*,?\s+(?:and|or)\s+[A-Z][\w'’-]*)?"
                           r"(?:[ -](?:languages?|vernaculars?|scripts?|alphabets?|dialects?|words?|titles?"
                           r"|versions?|translations?|spellings?)\b|[ -]speaking\b| spoken\b|:"
                           r"| (?:names?|terms?) for\b| (?:mother|native) tongues?\b)")


#: A bracketed gloss of a word in the demonym's language: "Wianki (Polish for Wreaths)".
_LANGUAGE_GLOSS_BEFORE = re.compile(r"\(\s*$")


_LANGUAGE_GLOSS_AFTER = re.compile(r" for\b")


_LANGUAGE_BEFORE = re.compile(r"(?:^|\W)(?:in|into|from|to|spoke|speak|speaks|speaking|learn|learned|read|"
                              r"wrote|write|written|translated|called|named|know|knew|than)\s$",
                              re.IGNORECASE)


#: A demonym in apposition to "language" names that language ("their native language (i.e. Mongolian)").
_LANGUAGE_APPOSITION = re.compile(
    r"\b(?:languages?|tongues?)\s*[(,]\s*(?:(?:i\.e\.|e\.g\.|namely|or),?\s*)?$", re.IGNORECASE)


def demonym_ok(surface: str, text: str, start: int, end: int) -> bool:
    """The demonym at ``text[start:end]`` can follow its country's new name: no language use (``in French``,
    ``the French language``, ``French: Normands``), and a demonym without an ``-s`` plural not used as a
    plural noun (``the French were``). Shared by both studies."""
    if language_phrase(text, start, end) is not None:
        return False
    before = text[max(0, start - NEIGHBOURHOOD):start]
    if surface.lower().endswith(NO_S_PLURAL) and re.search(r"(?:^|\W)[Tt]he $", before):
        return not heads_phrase(text, end)
    return True


def language_phrase(text: str, start: int, end: int) -> str | None:
    """The phrase in which the demonym at ``text[start:end]`` names a language (``in French``, ``French
    language``, ``French-speaking``, ``French:``, ``language (i.e. French``), else ``None``: the language
    is another referent, which EntSwap leaves whole while the country and its people are renamed."""
    after = _LANGUAGE_USE.match(text[end:end + NEIGHBOURHOOD])
    if after:
        return text[start:end + after.end()]
    if (_LANGUAGE_GLOSS_BEFORE.search(text, max(0, start - NEIGHBOURHOOD), start)
            and _LANGUAGE_GLOSS_AFTER.match(text, end)):
        return text[start:end + 4]  # "Polish for" in "(Polish for Wreaths)"
    apposition = _LANGUAGE_APPOSITION.search(text, max(0, start - NEIGHBOURHOOD), start)
    if apposition:
        return text[apposition.start():end]  # "language (i.e. Mongolian"
    before = re.search(r"(?<![\w'’])(\w+)\s$", text[max(0, start - NEIGHBOURHOOD):start])
    if before and _LANGUAGE_BEFORE.search(before.group(0)) and heads_phrase(text, end):
        return f"{before.group(0)}{text[start:end]}"
    return None


#: A word before a demonym that makes it the people, not a language ("to Austrians", "compared to Chinese").
PEOPLE_BEFORE = frozenset(["to", "than", "from", "called", "named"])


def language_use(texts: Iterable[str], text: str, start: int, end: int) -> str | None:
    """The phrase to leave whole where the demonym at ``text[start:end]`` names a language: the language
    phrase (``in French``), or with the next word where the phrase elsewhere in ``texts`` is no language use
    (``read Chinese but`` beside ``read Chinese texts``); ``None`` when it names no language. Both studies
    leave it whole (``keep``) while the country and its people are renamed."""
    phrase = language_phrase(text, start, end)
    word = text[start:end]
    if phrase is None or word[-1:] in "s'’" or phrase.split()[0].lower() in PEOPLE_BEFORE:
        return None  # "to Austrians", "compared to Chinese": the people, not a language
    if names_language(phrase, word, texts):
        return phrase
    longer = phrase + re.match(r"\W*\w*", text[end:]).group(0)
    return longer if longer != phrase and names_language(longer, word, texts) else None


def names_language(phrase: str, word: str, texts: Iterable[str]) -> bool:
    """Every occurrence of ``phrase`` (any casing) in ``texts``, which holds the demonym ``word`` at its start
    or end, names a language (``in French`` is never ``in French territory``): substitution may then leave the
    phrase whole wherever it stands."""
    pattern = re.compile(rf"(?<![\w'’]){re.escape(phrase)}(?!\w)", re.IGNORECASE)
    at = phrase.find(f" {word}") + 1  # after the word before it ("in French"), else at the start
    return all(language_phrase(text, m.start() + at, m.start() + at + len(word)) is not None
               for text in texts for m in pattern.finditer(text))


def people_plural(text: str, start: int, end: int) -> bool:
    """The demonym without an ``-s`` plural at ``text[start:end]`` is the people, a plural noun that
    substitution renders with the new demonym's plural (:func:`.substitute.people_use`): after "the",
    heading its phrase ("to dislodge the French." → "the Kenyans."), or without "the" as
    :func:`.substitute.bare_people_use` reads it ("Southern Chinese were"); not two adjectives before a noun
    ("the French and British forces")."""
    if not text[start:end].lower().endswith(NO_S_PLURAL):
        return False
    if COORDINATED.match(text, end) is not None and not coordinated_people(text, end):
        return False
    if re.search(r"(?:^|\W)[Tt]he $", text[max(0, start - NEIGHBOURHOOD):start]):
        return heads_phrase(text, end)
    return bare_people_use(text, start, end)


def shared_demonyms(lexicon: Lexicon) -> frozenset[str]:
    """Lower-cased demonyms of several referents (``British`` of England, Wales and Britain; ``Irish``):
    such a word cannot follow one of them."""
    owners: dict[str, set[str]] = {}
    for country, words in IRREGULAR_DEMONYMS.items():
        referent = lexicon.aliases.get(country.title(), country.title())
        for word in words:
            owners.setdefault(word.lower(), set()).add(referent)
    return frozenset(w for w, referents in owners.items() if len(referents) > 1)


def demonym_key(word: str, lexicon: Lexicon) -> str | None:
    """The lower-cased demonym of :func:`.organisations.demonym_table` that ``word`` writes: itself, or the
    demonym whose people's plural it is (``Kenyans``, ``Americans``: :func:`.substitute.demonym_plural`);
    ``None`` for no demonym."""
    table, lowered = demonym_table(lexicon.root), word.lower()
    if lowered in table:
        return lowered
    single = lowered[:-1]
    return single if lowered.endswith("s") and single in table and demonym_plural(single) == lowered else None


def shared_here(word: str, country: str, texts: Iterable[str], lexicon: Lexicon) -> bool:
    """The lower-cased demonym ``word`` of several referents (:func:`shared_demonyms`: ``british``,
    ``irish``) cannot follow ``country`` in ``texts``: ``country`` is not the referent the demonym means
    alone (:func:`.organisations.demonym_table`: ``British`` beside ``England``, the United Kingdom's), or
    the texts name another of its referents or write that referent's own demonym (``Scotland``,
    ``English``, ``Northern Ireland``), beside which the word is ambiguous. Texts naming no other referent
    read it as its table country's (``British researchers``, ``Irish culture`` beside ``Ireland``), and it
    follows that country. ``False`` for a demonym of one referent."""
    if word not in shared_demonyms(lexicon):
        return False
    own = demonym_table(lexicon.root).get(word)
    if own is None or lexicon.aliases.get(country, country) != lexicon.aliases.get(own, own):
        return True
    others = [owner for owner, words in IRREGULAR_DEMONYMS.items()
              if word in (w.lower() for w in words)
              and lexicon.aliases.get(owner.title(), owner.title()) != lexicon.aliases.get(own, own)]
    forms = {form for owner in others
             for form in (*lexicon.referent_names(owner.title()), *IRREGULAR_DEMONYMS[owner])
             if form.lower() != word}
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(f)}(?![\w-])" for f in sorted(forms, key=len,
                                                                                       reverse=True)))
    return bool(forms) and any(pattern.search(t) for t in texts)


#: Capitalised nouns after a demonym that make it the name of a landform, which no one country owns
#: (``Iranian Plateau``, ``Indian Ocean``, ``English Channel``, ``Arabian Peninsula``).
LANDFORM_NOUNS = PLACE_NOUNS - frozenset(words_of("county fort district province region")) | frozenset(
    words_of("plateau highlands lowlands plain plains steppe archipelago channel alps riviera"))


_LANDFORM_AFTER = re.compile(r" ([A-Z][a-z]+)\b")


#: The next member of a coordination of demonyms: ", Scottish", " and Northern Irish", "/Japanese".
_NEXT_DEMONYM = re.compile(r"(?:\s*[,/]\s*|,?\s+(?:and|or)\s+)(?:(?:North|South|East|West|Northern|Southern|"
                           r"Eastern|Western|Central)\s+)?([A-Z][\w'’-]*)")


def coordinated_end(text: str, end: int, lexicon: Lexicon) -> int:
    """The end of the coordination of demonyms that the demonym ending at ``end`` opens ("English, Scottish,
    Welsh and Northern Irish MPs", "a Thai/Japanese alliance"), else ``end``: the noun after the last one
    is what they all modify."""
    demonyms = lexicon.nationalities | shared_demonyms(lexicon) | demonym_table(lexicon.root).keys()
    while (m := _NEXT_DEMONYM.match(text, end)) and m.group(1).lower() in demonyms:
        end = m.end()
    return end


#: A demonym coordinated with or joined to another name word in an event's name (``French and Indian War``,
#: ``Polish-Bolshevik war``).
COORDINATED_EVENT = re.compile(r"(?: and |[-–])([A-Z][\w'’]*) ([A-Za-z][\w'’-]*)")


def coordinated_event(text: str, start: int, end: int) -> str | None:
    """The event's name that the demonym at ``text[start:end]`` opens coordinated with another name word
    (``French and Indian War``, ``the French and Indian war``): a fixed name of another referent, left
    whole."""
    m = COORDINATED_EVENT.match(text, end)
    if m is None or m.group(2).lower() not in EVENT_NOUNS:
        return None
    return text[start:m.end()]


def demonym_spans(country: PerturbableSpan, texts: Iterable[str], lexicon: Lexicon,
                  slices: Iterable[str] = (), answered: Iterable[tuple[int, int]] = ()
                  ) -> list[PerturbableSpan] | str:
    """The words derived from a country span that ``texts`` use (``Spanish``, ``Spaniards``), as
    ``nationality`` spans that follow it; a rule id when one cannot follow the country's new name: a
    demonym of several referents (``British`` beside ``England``), or one used as a language or as a plural
    noun without ``-s``. The country is then not renamed. A demonym that opens a landform's name
    (``Iranian Plateau``, ``Indian Ocean``) or coordinated in an event's name (``French and Indian War``:
    :func:`coordinated_event`) is part of that name, which is kept whole (``keep``). Texts
    in ``slices`` (gold answers) are cut from another text, which judges their use: an answer ``Japanese``
    of "Japanese imports" is no plural noun. A language phrase is left whole (``keep``) and a plural people
    noun renamed with the new demonym's plural; where a gold answer's span in the first text (``answered``)
    holds a language phrase, the answer names the language and the country is not renamed."""
    texts, slices, answered = list(texts), set(slices), list(answered)
    spans: dict[str, PerturbableSpan] = {}
    landforms: list[str] = []
    languages: list[str] = []
    for word in lexicon.derived_words(country.surface, texts):
        if shared_here(word, country.surface, texts, lexicon):
            return "place.derived-word-left"
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?:s)?(?!\w)", re.IGNORECASE)
        for text in texts:
            for m in pattern.finditer(text):
                form = text[m.start():m.start() + len(word)]
                if not form[:1].isupper():
                    continue  # "french fries", "roman": the renamer renames names (capitalised forms)
                end = m.start() + len(word)
                landform = _LANDFORM_AFTER.match(text, m.end())
                if m.end() == end and landform and landform.group(1).lower() in LANDFORM_NOUNS:
                    landforms.append(text[m.start():landform.end()])  # "Iranian Plateau": another name
                    continue
                if m.end() == end and (event := coordinated_event(text, m.start(), end)):
                    landforms.append(event)  # "the French and Indian War": an event's fixed name, left whole
                    continue
                own = text not in slices and m.end() == end  # judged in its text, no "-s" plural
                if own and (phrase := language_use(texts, text, m.start(), end)):
                    if text is texts[0] and any(a < end and m.start() < b for a, b in answered):
                        return "place.demonym-as-language"  # "Mongolian, Tibetan, and Chinese" languages
                    languages.append(phrase)  # "in French", "(Chinese: 尚書省)": the language, left whole
                    continue
                if own and people_plural(text, m.start(), end):
                    pass  # "to dislodge the French": the people, renamed as a plural ("the Kenyans")
                elif text not in slices and (not demonym_ok(form, text, m.start(), end) or (
                        m.end() == end and heads_phrase(text, coordinated_end(text, end, lexicon))
                        and not re.search(r"(?:^|\W)[Tt]he $",
                                          text[max(0, m.start() - NEIGHBOURHOOD):m.start()]))):
                    return "place.demonym-as-language"  # "entered Welsh at that time": a language
                if abbreviated_name(form, text[end:end + NEIGHBOURHOOD], texts):
                    return "place.derived-word-left"  # "Scottish National Party" beside "SNP" keeps the S
                spans.setdefault(form, PerturbableSpan(form, "nationality", country.entity_type,
                                                       country.surface))
    keep = tuple(dict.fromkeys(landforms + languages))
    return [replace(span, keep=keep) for span in spans.values()] if keep else list(spans.values())


def people_stem_left(country: str, texts: Iterable[str]) -> bool:
    """``texts`` name the people of a country named in ``-ia`` by the name's stem, capitalised (``Serb`` of
    Serbia, ``Croats`` of Croatia), a word no demonym table lists: it would stay beside the country's new
    name and demonym (rule ``place.derived-word-left``). A stem opening a longer name is another referent's
    (``Mongol Empire`` beside Mongolia)."""
    stem = country[:-2]
    if " " in country or not country.endswith("ia") or len(stem) < 4:
        return False
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(stem)}s?(?![\w'’-])(?!\s+[A-Z])")  # not "Mongol Empire"
    return any(pattern.search(t) for t in texts)


def holds_demonym(answer: str, country: str, lexicon: Lexicon) -> bool:
    """``answer`` holds a capitalised word derived from ``country`` (``Kenyan athletes`` of ``Kenya``): the
    demonym is renamed with its country (:func:`demonym_spans`), so the answer names the country's
    referent and changes with it."""
    if lexicon.place_kind(country) != "country":
        return False
    return any(m.group(0)[:1].isupper() for word in lexicon.derived_words(country, [answer])
               for m in re.finditer(rf"(?<!\w){re.escape(word)}s?(?!\w)", answer, re.IGNORECASE))


#: The kind words of a state named by a modern country's demonym ("Ethiopian Empire", "Dutch Republic").
_DEMONYM_STATE = re.compile(r"(?:[Tt]he )?([A-Z][a-z]+) (?:Empire|Republic|Kingdom|Khanate|Sultanate"
                            r"|Caliphate|[Dd]ynasty)")


def demonym_state(name: str, texts: Iterable[str], slices: Iterable[str], lexicon: Lexicon
                  ) -> list[PerturbableSpan]:
    """A historical state named by a country's demonym and its kind (``Ethiopian Empire``, ``Dutch
    Republic``) in texts that never name the country (else :func:`.organisations.demonym_place` renames
    the country with its demonym): the demonym and its other forms (:func:`demonym_spans`: ``the Dutch``)
    as ``nationality`` spans of a drawn country no text names (:data:`.places.STATE_COUNTRY`), as a state
    named by a word of its own is (:func:`.places.state_spans`): ``Kenyan Empire``, ``the Kenyans``.
    ``[]`` when a form cannot follow (a language use, a demonym of several referents: ``British``)."""
    from .places import STATE_COUNTRY

    match = _DEMONYM_STATE.fullmatch(name)
    demonym = match.group(1) if match else ""
    country = demonym_table(lexicon.root).get(demonym.lower())
    texts, slices = list(texts), list(slices)
    if (country is None or demonym.lower() in shared_demonyms(lexicon)
            or any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", t)
                   for n in lexicon.referent_names(country) for t in [*texts, *slices])):
        return []
    spans = demonym_spans(PerturbableSpan(country, "country", "gpe"), [*texts, *slices], lexicon, slices)
    if isinstance(spans, str) or demonym not in {s.surface for s in spans}:
        return []
    return [replace(s, follows=STATE_COUNTRY.format(country)) for s in spans]
