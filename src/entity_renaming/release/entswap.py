"""The release builder ``entswap`` (AfriSQuAD2): config names → :mod:`entity_renaming.entswap` builds.

Builds ``squad2-original`` (every example, unchanged), ``afrisquad2-seed{k}`` and
``afrisquad2-wo-{category}-seed{k}``; NER runs once for all of them (cached).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..configs import ConfigResult, parse_config_name
from ..namebank import default_bank_root
from ..ner import NerBackend
from .errors import ReleaseError


def _wanted(names: list[str]) -> dict[str, tuple[int, str | None]]:
    """Renamed configs of ``names`` → (seed, category left unrenamed); ``squad2-original`` is left out."""
    from ..entswap.build import ORIGINAL_CONFIG

    wanted: dict[str, tuple[int, str | None]] = {}
    for name in names:
        if name == ORIGINAL_CONFIG:
            continue
        parsed = parse_config_name(name)
        if parsed["perturbation"] != "entswap" or parsed["dataset"] != "squad2":
            raise ReleaseError(f"EntSwap release builder: {name!r} is not an AfriSQuAD2 config")
        wanted[name] = int(parsed["seed"]), parsed.get("without")
    return wanted


def banks_used(names: list[str], banks_root: Path | None) -> list[str]:
    """Banks the EntSwap build of ``names`` reads: ``african`` and ``gazetteer``, and ``us`` / ``ptb`` when
    present (the lexicon uses them if it finds them)."""
    if not _wanted(names):
        return []
    root = Path(banks_root or default_bank_root())
    return ["african", "gazetteer", *(b for b in ("us", "ptb") if (root / b).is_dir())]


def check_banks(names: list[str], banks_root: Path | None) -> None:
    """:class:`~entity_renaming.namebank.BankError` now if a category that ``names`` rename has no names."""
    from ..entswap.categories import CATEGORIES
    from ..entswap.mapping import DEFAULT_BANK, Pools

    wanted = _wanted(names)
    if wanted:
        categories = {c for _, without in wanted.values() for c in CATEGORIES if c != without}
        Pools(DEFAULT_BANK, banks_root).check(sorted(categories))


def build_release_configs(examples: list, names: list[str], backend: NerBackend, *, progress: bool = True,
                          ner_cache_dir: Path | None = None,
                          banks_root: Path | None = None) -> Iterator[ConfigResult]:
    """Yield one :class:`ConfigResult` per name of ``names`` (in that order), with NER from ``backend``."""
    from ..entswap.build import ORIGINAL_CONFIG, build_entswap_configs, original_config

    wanted = _wanted(names)
    built: dict[str, ConfigResult] = {}
    if wanted:
        seeds = sorted({s for s, _ in wanted.values()})
        withouts = list(dict.fromkeys(w for _, w in wanted.values()))
        results = build_entswap_configs(examples, seeds=seeds, without=withouts, dataset_name="squad_v2",
                                        ner_backend=backend,
                                        ner_cache_dir=ner_cache_dir, banks_root=banks_root, progress=progress)
        built = {r.name: r for r in results if r.name in wanted}
    for name in names:
        yield original_config(examples, name) if name == ORIGINAL_CONFIG else built[name]
