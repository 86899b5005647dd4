"""African organisation names from MasakhaNER 2.0 (Adelani et al., 2022): the ORG mentions of its
human-annotated news NER files, for the offline ``african`` bank (Wikidata stays the official source).

The files are CoNLL text (``token TAG`` per line, BIO tags) under ``MasakhaNER2.0/data/<lang>/<split>.txt``
of ``masakhane-io/masakhane-ner`` at a pinned commit; every file's sha256 is pinned in the recipe, so a
download, a cached copy or a local folder (``--source masakhaner=DIR``, ``.txt`` or ``.txt.gz``) give the
same bank. Licence: CC BY-NC 4.0 (non-commercial), recorded in the manifest and the bank card.

Mentions are annotations of African-language news, so many are foreign (FIFA, Manchester United) or
carry noun-class prefixes (Shona ``reMDC``, isiZulu ``iChiefs``). An organisation is kept only when it
is a multi-word name in Latin script whose every word is capitalised (linking words such as "of" aside),
annotated at least ``min_count`` times, and containing the name of an African place or nationality from
the same bank (``Reserve Bank of Zimbabwe``, ``University of Maiduguri``); this trades coverage for
precision.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .clean import is_latin
from .context import BuildContext
from .sources import SourceError

#: Words that may stay lower-case inside an organisation name.
LINKING = frozenset({"of", "and", "for", "the", "on", "in", "de", "des", "du", "la", "le", "et", "pour"})
_BAD = set("0123456789()[],;/\\\"&@#:")


def read_conll_orgs(text: str) -> Counter[str]:
    """Counts of ORG mentions (B-ORG then I-ORG tokens, joined by spaces) in CoNLL text."""
    counts: Counter[str] = Counter()
    current: list[str] | None = None
    for line in [*text.splitlines(), ""]:
        parts = line.split()
        tag = parts[-1] if len(parts) >= 2 else "O"
        if tag == "I-ORG" and current is not None:
            current.append(parts[0])
            continue
        if current is not None:
            counts[" ".join(current)] += 1
            current = None
        if tag == "B-ORG":
            current = [parts[0]]
    return counts


def _word_ok(word: str) -> bool:
    if word.lower() in LINKING:
        return True
    return word[0].isupper() and (word.isupper() or word[1:2].islower() or len(word) == 1)


def is_organisation_name(name: str) -> bool:
    """Multi-word, Latin script, every word capitalised (linking words aside), no digits or brackets."""
    words = name.split()
    if len(words) < 2 or words[0].lower() in LINKING or words[-1].lower() in LINKING:
        return False
    return (not any(ch in _BAD for ch in name) and is_latin(name) and all(_word_ok(w) for w in words))


def place_pattern(places: Iterable[str]) -> re.Pattern[str]:
    """Whole-word, case-sensitive matcher of place and nationality names of at least 4 letters; one-word
    names that are common English words (wordfreq Zipf >= 4: "Hope", "Union") do not count."""
    from wordfreq import zipf_frequency

    names = sorted({p for p in places if len(p) >= 4 and (" " in p or zipf_frequency(p, "en") < 4.0)},
                   key=lambda p: (-len(p), p))
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")


def african_organisations(counts: Counter[str], places: Iterable[str], min_count: int = 2) -> dict[str, int]:
    """Organisation name → mention count, filtered as the module docstring says."""
    places = set(places)
    pattern = place_pattern(places)
    return {name: n for name, n in sorted(counts.items())
            if n >= min_count and is_organisation_name(name) and pattern.search(name) and name not in places}


def at_hand(ctx: BuildContext, name: str = "masakhaner") -> bool:
    """Whether the files can be read: a ``--source`` folder, a network connection, or a full cache."""
    fetcher = ctx.fetcher
    if fetcher.has_override(name) or not fetcher.offline:
        return True
    files = ctx.recipe.source(name)["sha256"]
    return all((fetcher.cache_dir / name / relpath).is_file() for relpath in files)


def read_masakhaner(ctx: BuildContext, name: str = "masakhaner") -> Counter[str]:
    """ORG mention counts over every pinned file of source ``name`` (override folder, cache or download)."""
    spec: dict[str, Any] = ctx.recipe.source(name)
    pins: dict[str, str] = spec["sha256"]
    fetcher = ctx.fetcher
    folder = fetcher.overrides.get(name)
    if folder is not None and not folder.is_dir():
        raise SourceError(f"--source {name}={folder}: expected a folder holding <lang>/<split>.txt[.gz]")
    counts: Counter[str] = Counter()
    how = set()
    for relpath, pinned in sorted(pins.items()):
        if folder is not None:
            data = _local_file(folder, relpath)
            how.add("override")
        else:
            found = fetcher.fetch(name, spec["url"].format(file=relpath), relpath, pinned)
            data = found.path.read_bytes()
            how.add(found.how)
        actual = hashlib.sha256(data).hexdigest()
        if actual != pinned:
            raise SourceError(f"source {name!r}: {relpath} has sha256 {actual}, the recipe pins {pinned}")
        counts.update(read_conll_orgs(data.decode("utf-8")))
    ctx.record(name, official=True, file=None, spec=spec, how=",".join(sorted(how)),
               files=len(pins), commit=spec.get("version", ""))
    return counts


def _local_file(folder: Path, relpath: str) -> bytes:
    plain, packed = folder / relpath, folder / f"{relpath}.gz"
    if plain.is_file():
        return plain.read_bytes()
    if packed.is_file():
        try:
            return gzip.decompress(packed.read_bytes())
        except (OSError, EOFError) as err:
            raise SourceError(f"{packed}: not a readable gzip file ({err})") from None
    raise SourceError(f"{folder}: neither {relpath} nor {relpath}.gz exists")
