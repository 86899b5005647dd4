"""Building a release folder from a release definition, resumably.

Pipeline groups are built with :func:`entity_renaming.pipeline.build_configs`. Other groups name a
builder ``package.module:function`` (the EntSwap hook, :mod:`.entswap`), called as
``fn(examples, config_names, *, progress, ner_cache_dir, banks_root, spacy_model) -> Iterable[ConfigResult]``
and expected to yield exactly the configs asked for. Configs go through the one writer
(:mod:`entity_renaming.writer`): each config's build inputs (source examples, builder and parameters,
NER backend and model version, bank tree, package version) and their fingerprint are stored in the
manifest; a config whose fingerprint and shard sha256 match is not rebuilt.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..checksums import build_inputs, examples_digest, fingerprint, sha256_file, tree_sha256
from ..configs import ConfigResult
from ..model import QAExample
from ..namebank import default_bank_root
from ..ner import NerBackend, load_backend
from ..writer import Writer
from .card import render_card
from .definition import PIPELINE, Group, ReleaseDefinition, ReleaseError
from .sources import load_source
from .writer import DEFINITION_COPY, MANIFEST, release_writer

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


def config_inputs(name: str, source_fp: str, group: Group, backend: NerBackend, banks_fp: str) -> dict:
    """What config ``name`` is built with (recorded in the manifest; its fingerprint decides rebuilds)."""
    pipeline = group.builder == PIPELINE
    specs = {s.name: s for src in group.sources for s in group.specs(src)} if pipeline else {}
    params = specs[name].params() if name in specs else {"config": name}
    return build_inputs(input_sha256=source_fp, ner=backend.fingerprint(), banks_sha256=banks_fp,
                        builder=group.builder, params=params)


def _results(group: Group, examples: list[QAExample], names: list[str], d: ReleaseDefinition,
             opts: BuildOptions, backend: NerBackend, sink: Callable[[ConfigResult], Any]) -> Iterable[Any]:
    if group.builder == PIPELINE:
        from ..pipeline import build_configs

        wanted = set(names)
        specs = [s for src in group.sources for s in group.specs(src) if s.name in wanted]
        return build_configs(examples, specs, ner_cache_dir=opts.ner_cache_dir, ner_backend=backend,
                             banks_root=opts.banks_root, progress=opts.progress, workers=opts.workers,
                             sink=sink)
    builder = resolve_builder(group.builder)
    return map(sink, builder(examples, names, progress=opts.progress, ner_cache_dir=opts.ner_cache_dir,
                             banks_root=opts.banks_root, spacy_model=d.ner_model))


def build_release(d: ReleaseDefinition, out: Path, opts: BuildOptions) -> dict[str, Any]:
    """Build (or finish) every config of ``d`` into ``out``; returns the final manifest."""
    definition_sha = sha256_file(d.path)
    for group in d.groups:  # a missing builder fails before hours of work, not after
        if group.builder != PIPELINE:
            resolve_builder(group.builder)
    banks_manifest = banks_manifest_path(opts.banks_root)
    banks_fp = tree_sha256(banks_manifest.parent)
    backend = load_backend(d.ner_backend, d.ner_model)
    loaded: dict[str, tuple[list[QAExample], str]] = {}
    for name in dict.fromkeys(s for g in d.groups for s in g.sources):  # all inputs first: fail early
        examples = load_source(d.sources[name], opts.sources.get(name), offline=opts.offline,
                               cache_dir=opts.hub_cache_dir)
        loaded[name] = examples, examples_digest(examples)
    with release_writer(out, version=d.version, definition_sha256=definition_sha) as writer:
        for group in d.groups:
            for source_name in group.sources:
                _build_group(writer, d, group, source_name, loaded[source_name], opts, backend, banks_fp)
        order = d.config_names()
        entries = [e for e in writer.entries() if e.name in set(order)]
        entries.sort(key=lambda e: order.index(e.name))
        readme = render_card(d, entries, repo_id=opts.repo_id or d.repo_id or f"<org>/{d.name}",
                             definition_sha256=definition_sha, cards_dir=opts.cards_dir,
                             banks_manifest=banks_manifest)
        return writer.finish(order, {"README.md": readme,
                                     DEFINITION_COPY: d.path.read_text(encoding="utf-8")})


def _build_group(writer: Writer, d: ReleaseDefinition, group: Group, source_name: str,
                 loaded: tuple[list[QAExample], str], opts: BuildOptions, backend: NerBackend,
                 banks_fp: str) -> None:
    """Build the configs of ``group`` from one source that are not up to date in ``writer``."""
    source = d.sources[source_name]
    examples, source_fp = loaded
    names = group.config_names(source_name)
    inputs = {n: config_inputs(n, source_fp, group, backend, banks_fp) for n in names}
    prints = {n: fingerprint(i) for n, i in inputs.items()}
    todo = [n for n, fp in prints.items() if not writer.is_done(n, fp)]
    if not todo:
        return

    def sink(result: ConfigResult):
        if result.name not in prints:
            raise ReleaseError(f"builder {group.builder!r} yielded {result.name!r}, not one of the "
                               f"configs asked for ({todo[:3]}…)")
        return writer.write_files(result, fmt=source.format, built_with=inputs[result.name],
                                  fingerprint=prints[result.name], num_input=len(examples),
                                  source=source_name, group=group.name)

    seen = set()
    for entry in _results(group, examples, todo, d, opts, backend, sink):
        if entry.name in seen:
            raise ReleaseError(f"builder {group.builder!r} yielded {entry.name!r} twice")
        seen.add(entry.name)
        writer.record(entry)
    missing = [n for n in todo if n not in seen]
    if missing:
        raise ReleaseError(f"builder {group.builder!r} did not build {missing[:5]}")


__all__ = ["BuildOptions", "build_release", "resolve_builder", "MANIFEST"]
