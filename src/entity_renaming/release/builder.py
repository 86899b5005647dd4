"""Building a release folder from a release definition, resumably.

Pipeline groups are built with :func:`entity_renaming.pipeline.build_configs`. Other groups name a
builder ``package.module:function`` (the EntSwap hook, :mod:`.entswap`), called as
``fn(examples, config_names, *, progress, ner_cache_dir, banks_root, spacy_model) -> Iterable[ConfigResult]``
and expected to yield exactly the configs asked for. Each config's fingerprint (its source examples,
builder, NER model, name banks) is stored in the manifest; a config whose fingerprint and shard sha256
match is not rebuilt.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..checksums import examples_digest, sha256_file
from ..configs import ConfigResult
from ..model import QAExample
from ..namebank import default_bank_root
from .card import render_card
from .definition import PIPELINE, Group, ReleaseDefinition, ReleaseError
from .sources import load_source
from .writer import MANIFEST, ReleaseWriter

CustomBuilder = Callable[..., Iterable[ConfigResult]]


@dataclass
class BuildOptions:
    """Where inputs come from and how the pipeline runs."""

    sources: dict[str, Path]
    offline: bool = False
    ner_cache_dir: Path | None = None
    banks_root: Path | None = None
    hub_cache_dir: Path | None = None
    cards_dir: Path | None = None
    repo_id: str | None = None
    progress: bool = True
    workers: int = 1


def resolve_builder(spec: str) -> CustomBuilder:
    """``package.module:function`` → the function; a clear error when it is not available (yet)."""
    module_name, _, func = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise ReleaseError(f"builder {spec!r}: cannot import {module_name}: {err}") from None
    fn = getattr(module, func, None)
    if not callable(fn):
        raise ReleaseError(f"builder {spec!r}: {module_name} has no function {func!r}")
    return fn


def banks_manifest_path(banks_root: Path | None) -> Path:
    """``MANIFEST.json`` of the name banks the pipeline uses (``--banks`` or the default bank root)."""
    return Path(banks_root or default_bank_root()) / "MANIFEST.json"


def tree_fingerprint(root: Path) -> str:
    """sha256 over every file under ``root`` (relative path and content); empty when ``root`` is missing."""
    if not root.is_dir():
        return ""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(f"{path.relative_to(root).as_posix()}\0{sha256_file(path)}\n".encode())
    return digest.hexdigest()


def config_fingerprint(name: str, source_fp: str, group: Group, d: ReleaseDefinition, banks_fp: str) -> str:
    data = {"config": name, "source": source_fp, "builder": group.builder,
            "ner": [d.ner_backend, d.ner_model], "banks": banks_fp}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _results(group: Group, examples: list[QAExample], names: list[str], d: ReleaseDefinition,
             opts: BuildOptions) -> Iterable[ConfigResult]:
    if group.builder == PIPELINE:
        from ..pipeline import build_configs

        wanted = set(names)
        specs = [s for src in group.sources for s in group.specs(src) if s.name in wanted]
        return build_configs(examples, specs, ner_cache_dir=opts.ner_cache_dir, spacy_model=d.ner_model,
                             banks_root=opts.banks_root, progress=opts.progress, workers=opts.workers)
    builder = resolve_builder(group.builder)
    return builder(examples, names, progress=opts.progress, ner_cache_dir=opts.ner_cache_dir,
                   banks_root=opts.banks_root, spacy_model=d.ner_model)


def build_release(d: ReleaseDefinition, out: Path, opts: BuildOptions) -> dict[str, Any]:
    """Build (or finish) every config of ``d`` into ``out``; returns the final manifest."""
    definition_sha = sha256_file(d.path)
    for group in d.groups:  # a missing builder fails before hours of work, not after
        if group.builder != PIPELINE:
            resolve_builder(group.builder)
    banks_manifest = banks_manifest_path(opts.banks_root)
    banks_fp = tree_fingerprint(banks_manifest.parent)
    loaded: dict[str, tuple[list[QAExample], str]] = {}
    for name in dict.fromkeys(s for g in d.groups for s in g.sources):  # all inputs first: fail early
        examples = load_source(d.sources[name], opts.sources.get(name), offline=opts.offline,
                               cache_dir=opts.hub_cache_dir)
        loaded[name] = examples, examples_digest(examples)
    writer = ReleaseWriter(out, version=d.version, definition_sha256=definition_sha)
    for group in d.groups:
        for source_name in group.sources:
            source = d.sources[source_name]
            examples, source_fp = loaded[source_name]
            prints = {n: config_fingerprint(n, source_fp, group, d, banks_fp)
                      for n in group.config_names(source_name)}
            todo = [n for n, fp in prints.items() if not writer.is_done(n, fp)]
            if not todo:
                continue
            seen = set()
            for result in _results(group, examples, todo, d, opts):
                if result.name not in prints or result.name in seen:
                    raise ReleaseError(f"builder {group.builder!r} yielded {result.name!r}, not one of the "
                                       f"configs asked for ({todo[:3]}…)")
                seen.add(result.name)
                writer.write(result, source=source_name, group=group.name, fmt=source.format,
                             fingerprint=prints[result.name], num_input=len(examples))
            missing = [n for n in todo if n not in seen]
            if missing:
                raise ReleaseError(f"builder {group.builder!r} did not build {missing[:5]}")
    order = d.config_names()
    _remove_stale(out, writer, set(order))
    entries = [e for e in writer.entries() if e.name in set(order)]
    entries.sort(key=lambda e: order.index(e.name))
    readme = render_card(d, entries, repo_id=opts.repo_id or d.repo_id or f"<org>/{d.name}",
                         definition_sha256=definition_sha, cards_dir=opts.cards_dir,
                         banks_manifest=banks_manifest)
    return writer.finish(order, readme, d.path.read_text(encoding="utf-8"))


def _remove_stale(out: Path, writer: ReleaseWriter, keep: set[str]) -> None:
    """Delete shards of configs an earlier build made that the definition no longer lists."""
    for name in [n for n in writer.manifest["configs"] if n not in keep]:
        shard = out / writer.manifest["configs"].pop(name)["file"]
        shard.unlink(missing_ok=True)
        if shard.parent != out and not any(shard.parent.iterdir()):
            shard.parent.rmdir()


__all__ = ["BuildOptions", "build_release", "resolve_builder", "MANIFEST"]
