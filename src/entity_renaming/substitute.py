"""Step 4: substitution. Apply one name mapping to every field of an example, on character spans.

* every mention of every mapped name is found in one regex pass per field (longest name first), so
  a replacement is never re-matched (no chain replacement);
* mentions must stand as words: not inside another word, not glued after an apostrophe (the
  ``Neil`` of ``O'Neil``); possessives (``Norman's``) and plurals (``Normans`` → ``Aremus``) follow;
* answer spans, MRQA token spans and tokens are recomputed from the edits, and the renamed answer
  text must equal the renamed passage slice, otherwise the example is refused with a reason.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache

from .casing import apply_case, casing_variants
from .model import Answer, CharSpan, Edit, QAExample, Substitution, Token, illegal_answers, normalize_answer

_TOKEN_RE = re.compile(r"\w+|[^\w\s]")


def tokenize(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """Words and single punctuation marks with their offsets, as MRQA's tokens are."""
    return [
        (m.group(), m.start()) for m in _TOKEN_RE.finditer(text, start, len(text) if end is None else end)
    ]


class RenameError(Exception):
    """An example that cannot be renamed safely; ``str()`` is the skip reason."""


@dataclass(frozen=True)
class TextEdit:
    start: int
    end: int
    new_start: int
    new_end: int
    original: str
    replacement: str
    substitution: Substitution


@lru_cache(maxsize=1 << 16)
def _mention_regex(forms: tuple[str, ...]) -> re.Pattern[str]:
    """Word-bounded alternatives, longest first (cached: an example keeps its names across configs)."""
    alternatives = "|".join(re.escape(f) for f in forms)
    return re.compile(rf"(?<!\w)(?<!\w['’])({alternatives})([sS]?)(?!\w)")


class Renamer:
    """A compiled mapping ``original → replacement`` applied with word boundaries."""

    def __init__(self, substitutions: list[Substitution]) -> None:
        self.substitutions = list(substitutions)
        self._forms: dict[str, tuple[Substitution, str]] = {}
        for sub in self.substitutions:
            for form, style in casing_variants(sub.original).items():
                self._forms.setdefault(form, (sub, style))
        longest_first = tuple(sorted(self._forms, key=lambda f: (-len(f), f)))
        self._regex = _mention_regex(longest_first) if self._forms else None

    def edits(self, text: str) -> list[TextEdit]:
        """Mentions in ``text`` and their replacements, left to right, positions in old and new text."""
        if self._regex is None or not text:
            return []
        out: list[TextEdit] = []
        delta = 0
        for match in self._regex.finditer(text):
            name, suffix = match.group(1), match.group(2)
            if suffix and suffix.isupper() != name.isupper():
                continue  # "Ann" + "S" is not a plural of Ann
            sub, style = self._forms[name]
            new = apply_case(sub.replacement, style) + suffix
            start, end = match.span()
            out.append(
                TextEdit(start, end, start + delta, start + delta + len(new), text[start:end], new, sub)
            )
            delta += len(new) - (end - start)
        return out

    def apply(self, text: str) -> tuple[str, list[TextEdit]]:
        edits = self.edits(text)
        return splice(text, edits), edits


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


def retokenize(
    tokens: list[Token], edits: list[TextEdit], new_text: str
) -> tuple[list[Token], list[tuple[int, int]]]:
    """New ``(token, offset)`` list and, per old token, the inclusive range of new tokens it became.

    Tokens untouched by any edit are shifted; each run of tokens overlapping edits is re-tokenised from
    the renamed text (words and single punctuation marks, as MRQA's tokens are).
    """
    n = len(tokens)
    offs = [o for _, o in tokens]
    ends = [o + len(t) for t, o in tokens]
    new_tokens: list[Token] = []
    ranges: list[tuple[int, int]] = [(0, 0)] * n
    done, delta, k = 0, 0, 0

    def shift(upto: int) -> None:
        base = len(new_tokens)
        positions = range(base, base + upto - done)
        ranges[done:upto] = zip(positions, positions, strict=True)
        if delta:
            new_tokens.extend([(tok, off + delta) for tok, off in tokens[done:upto]])
        else:
            new_tokens.extend(tokens[done:upto])

    while k < len(edits):
        first = bisect_right(ends, edits[k].start, lo=done)  # first token ending after the edit starts
        shift(first)
        region_start = min(edits[k].start, offs[first]) if first < n else edits[k].start
        region_end, last_tok, kk = edits[k].end, first, k
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


def _edit_records(field: str, edits: list[TextEdit], index: int | None = None) -> list[Edit]:
    return [
        Edit(
            field=field,
            start=e.start,
            end=e.end,
            new_start=e.new_start,
            new_end=e.new_end,
            original=e.original,
            replacement=e.replacement,
            entity_type=e.substitution.entity_type,
            span_type=e.substitution.span_type,
            index=index,
        )
        for e in edits
    ]


def rename_example(
    example: QAExample,
    substitutions: list[Substitution],
    *,
    rename_title: bool = True,
    require_context_edit: bool = True,
) -> tuple[QAExample, list[Edit]]:
    """Apply ``substitutions`` to passage, question, title and answers of ``example``.

    Returns the renamed example (answer offsets, MRQA token spans and tokens recomputed) and every
    edit made. Raises :class:`RenameError` when the example cannot be renamed consistently or a renamed
    answer is not legal (:func:`~entity_renaming.model.illegal_answers`).
    """
    renamer = Renamer(substitutions)
    context, c_edits = renamer.apply(example.context)
    if require_context_edit and not c_edits:
        raise RenameError("no mention of the mapped names found in the passage")
    question, q_edits = renamer.apply(example.question)
    records = _edit_records("context", c_edits) + _edit_records("question", q_edits)
    title = example.title
    if rename_title and title:
        title, t_edits = renamer.apply(title)
        records += _edit_records("title", t_edits)

    offsets = OffsetMap(c_edits)
    token_ranges = None
    context_tokens = example.context_tokens
    if context_tokens is not None:
        context_tokens, token_ranges = retokenize(context_tokens, c_edits, context)
    question_tokens = example.question_tokens
    if question_tokens is not None:
        question_tokens, _ = retokenize(question_tokens, q_edits, question)

    def renamed_answers(answers: list[Answer], field: str) -> list[Answer]:
        out = []
        for i, ans in enumerate(answers):
            text, a_edits = renamer.apply(ans.text)
            records.extend(_edit_records(field, a_edits, i))
            spans = [offsets.span(s) for s in ans.char_spans]
            for old, (s, e) in zip(ans.char_spans, spans, strict=True):
                piece = context[s:e]
                if piece != text and not _quirk_kept(example, old, ans.text, piece, text):
                    raise RenameError(
                        f"renamed answer {text!r} differs from the renamed passage slice {piece!r}"
                    )
            token_spans = None
            if ans.token_spans is not None and token_ranges is not None:
                token_spans = [(token_ranges[a][0], token_ranges[b][1]) for a, b in ans.token_spans]
            out.append(replace(ans, text=text, char_spans=spans, token_spans=token_spans))
        return out

    answers = renamed_answers(example.answers, "answer")
    plausible = None
    if example.plausible_answers is not None:
        plausible = renamed_answers(example.plausible_answers, "plausible_answer")
    answer_texts = []
    for i, text in enumerate(example.answer_texts):
        new, a_edits = renamer.apply(text)
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
    problems = illegal_answers(renamed)
    if problems:
        raise RenameError(f"illegal after renaming: {problems[0]}")
    return renamed, records


def _quirk_kept(example: QAExample, span: CharSpan, old_text: str, new_piece: str, new_text: str) -> bool:
    """MRQA's detected answers may differ from their slice by case or article; such a pair stays legal
    if it was one before renaming and still normalises equal after."""
    if example.source_format != "mrqa":
        return False
    old_piece = example.context[span[0] : span[1]]
    return old_piece != old_text and normalize_answer(new_piece) == normalize_answer(new_text)
