"""Casing and random strings, character class by character class."""

from __future__ import annotations

import random
import re
import string

_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase

#: A regex character class of the capital letters of the Latin, Greek and Cyrillic scripts (``Ö`` of
#: ``Ögedei``, ``É`` of ``Élisabeth``), which ``[A-Z]`` misses: a capitalised name may open with any of them.
CAPITAL = "[" + "".join(re.escape(c) for c in map(chr, range(0x500)) if c.isupper()) + "]"


def casing_variants(name: str) -> dict[str, str]:
    """Surface forms of ``name`` that count as mentions, mapped to how the replacement is cased.

    The exact form keeps the replacement as written (so a bank's ``McDonald`` stays Mc-cased); an
    ALL-CAPS form takes an upper-cased replacement. Lower-cased forms are *not* mentions: "will",
    "bush" or "china" are ordinary words.
    """
    variants = {name: "exact"}
    if name.upper() != name:
        variants[name.upper()] = "upper"
    return variants


def apply_case(replacement: str, style: str) -> str:
    return replacement.upper() if style == "upper" else replacement


def natural_case(name: str) -> str:
    """Bank names stored upper- or lower-case → display case: ``MCDONALD`` → ``McDonald``,
    ``o'neil`` → ``O'Neil``, ``jean-luc`` → ``Jean-Luc``; mixed-case names are kept."""
    if name != name.upper() and name != name.lower():
        return name
    out = []
    for i, piece in enumerate(name.lower().replace("’", "'").split(" ")):
        parts = []
        for sub in _split_keep(piece, "-'"):
            if sub in "-'":
                parts.append(sub)
            elif sub.startswith("mc") and len(sub) > 2:
                parts.append("Mc" + sub[2:].capitalize())
            else:
                parts.append(sub.capitalize())
        out.append(
            "".join(parts) if i == 0 or piece not in {"de", "da", "van", "von", "al", "el", "bin"} else piece
        )
    return " ".join(out)


def _split_keep(text: str, seps: str) -> list[str]:
    parts, cur = [], ""
    for ch in text:
        if ch in seps:
            if cur:
                parts.append(cur)
            parts.append(ch)
            cur = ""
        else:
            cur += ch
    if cur:
        parts.append(cur)
    return parts


def random_string(original: str, rng: random.Random) -> str:
    """Yan et al.'s RandStr: same length, first character kept, every other ASCII letter redrawn in
    the same case (so ``McDonald`` → ``MxQwrpax`` keeps its casing pattern); other characters kept."""
    out = [original[0]] if original else []
    for ch in original[1:]:
        if ch in _LOWER or (ch.isalpha() and ch.islower()):
            out.append(rng.choice(_LOWER))
        elif ch in _UPPER or (ch.isalpha() and ch.isupper()):
            out.append(rng.choice(_UPPER))
        else:
            out.append(ch)
    return "".join(out)
