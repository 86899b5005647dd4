"""Building a release folder from a release definition, resumably.

Groups name one of the package's builders (:data:`.definition.BUILDERS`): ``pipeline`` builds with
:func:`entity_renaming.pipeline.build_configs`, ``entswap`` with :mod:`.entswap`. Before the first config,
every source is read and every name bank the groups use is checked (described by its manifest, with the
span types the group needs). Configs go through the one writer (:mod:`entity_renaming.writer`), each
built and written in the worker that built it: what each config was built with (source examples, builder
and parameters, NER backend fingerprint, the group's bank files, package version) and its fingerprint are
stored in the manifest; a config whose fingerprint and files' sha256 match is not rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from ..checksums import build_inputs, fingerprint, sha256_file
from ..configs import ConfigResult, ConfigSpec
from ..model import QAExample
from ..namebank import FIRST_NAME_TYPES, BankError, default_bank_root, load_bank
from ..ner import NerBackend, load_backend
from ..writer import Writer
from . import entswap, lm_eval_tasks
from .card import render_card
from .definition import ENTSWAP, PIPELINE, Group, ReleaseDefinition
from .errors import ReleaseError
from .provenance import BANKS_MANIFEST, BankUse, SourceUse, describe_banks
from .sources import load_source
from .writer import DEFINITION_COPY, MANIFEST, release_writer


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
    ner_gpu: bool = False  # spaCy NER on the GPU (``--spacy-gpu``); part of every config's fingerprint


def _pipeline_specs(group: Group) -> list[ConfigSpec]:
    return [s for src in group.sources for s in group.specs(src)]


def banks_used(group: Group, banks_root: Path | None) -> list[str]:
    """The banks a group's build reads: the pipeline's lexicon (``us``, ``gazetteer``, ``ptb``) and the
    origin bank of each ``dbname-{origin}``; EntSwap's from :func:`.entswap.banks_used`."""
    if group.builder == ENTSWAP:
        return entswap.banks_used(group.config_names(group.sources[0]), banks_root)
    origins = [p.partition("-")[2] for p in group.perturbations if p.startswith("dbname-")]
    return list(dict.fromkeys(["us", "gazetteer", "ptb", *origins]))


_PIPELINE_TYPES = {"us": (*FIRST_NAME_TYPES[:2], "last"), "gazetteer": ("country", "state", "city"),
                   "ptb": ("nnp",)}


def check_banks(d: ReleaseDefinition, banks_root: Path | None) -> list[BankUse]:
    """Every bank the groups use: declared in the definition, described by its manifest, and holding the
    span types the group needs. Raises :class:`ReleaseError` / :class:`BankError` before any build."""
    root = Path(banks_root or default_bank_root())
    used_by: dict[str, list[str]] = {}
    for group in d.groups:
        for bank in banks_used(group, banks_root):
            used_by.setdefault(bank, []).append(group.name)
    undeclared = sorted(set(used_by) - set(d.banks))
    if undeclared:
        raise ReleaseError(f"{d.path}: name_banks.banks: the groups use banks {undeclared} "
                           f"({', '.join(g for b in undeclared for g in used_by[b])}) that it does not list")
    uses = describe_banks(root, {b: used_by[b] for b in d.banks if b in used_by})
    for group in d.groups:
        if group.builder == ENTSWAP:
            try:
                entswap.check_banks(group.config_names(group.sources[0]), banks_root)
            except BankError as err:
                others = [f"--only {g.name}" for g in d.groups if g is not group]
                hint = f"; or build the other groups: {' '.join(others)}" if others else ""
                raise BankError(f"group {group.name}: {err}{hint}") from None
            continue
        for bank in banks_used(group, banks_root):
            loaded = load_bank(bank, banks_root)
            for span_type in _PIPELINE_TYPES.get(bank, (*FIRST_NAME_TYPES[:2], "last")):
                if not loaded.has(span_type):
                    raise BankError(f"{root / bank}: no {span_type!r} names, needed by group {group.name!r}")
    return uses


def config_inputs(name: str, source_fp: str, group: Group, ner: dict[str, str], banks_fp: str) -> dict:
    """What config ``name`` is built with (recorded in the manifest; its fingerprint decides rebuilds)."""
    specs = {s.name: s for s in _pipeline_specs(group)} if group.builder == PIPELINE else {}
    params = specs[name].params() if name in specs else {"config": name}
    return build_inputs(input_sha256=source_fp, ner=ner, banks_sha256=banks_fp, builder=group.builder,
                        params=params)


def banks_fingerprint(uses: list[BankUse], group: str) -> str:
    """sha256 over the files of the banks ``group`` reads (a change elsewhere rebuilds nothing)."""
    files = sorted((f.file, f.sha256) for u in uses if group in u.used_by for f in u.files)
    return hashlib.sha256(json.dumps(files).encode()).hexdigest()


def _results(group: Group, examples: list[QAExample], names: list[str], backend: NerBackend,
             opts: BuildOptions, sink: Callable[[ConfigResult], Any]) -> Iterable[Any]:
    """``sink(result)`` of each config built (in the worker that built it, for pipeline groups)."""
    if group.builder == PIPELINE:
        from ..pipeline import build_configs

        wanted = set(names)
        specs = [s for s in _pipeline_specs(group) if s.name in wanted]
        return build_configs(examples, specs, ner_cache_dir=opts.ner_cache_dir, ner_backend=backend,
                             banks_root=opts.banks_root, progress=opts.progress, workers=opts.workers,
                             sink=sink)
    results = entswap.build_release_configs(examples, names, backend, progress=opts.progress,
                                            ner_cache_dir=opts.ner_cache_dir, banks_root=opts.banks_root)
    return map(sink, results)


def check_schema(examples: list[QAExample], use: SourceUse, fmt: str) -> None:
    """Every example of a source converts to the release's parquet schema (else: which example and field)."""
    from .schema import release_features, release_row, release_table

    try:
        release_table(examples, [], fmt)  # type: ignore[arg-type]
        return
    except (pa.ArrowException, ValueError) as err:
        first = err
    schema = release_features(fmt).arrow_schema  # type: ignore[arg-type]
    for ex in examples:
        row = release_row(ex, None)
        for field in schema:
            try:
                pa.array([row.get(field.name)], type=field.type)
            except (pa.ArrowException, ValueError) as err:
                raise ReleaseError(f"source {use.name} ({use.location}): example {ex.id}: field "
                                   f"{field.name!r}: {row.get(field.name)!r} is not a valid "
                                   f"{field.type} ({err})") from None
    raise ReleaseError(f"source {use.name} ({use.location}): cannot be written as parquet: {first}")


def _drop_foreign_entries(out: Path, writer: Writer) -> None:
    """Forget manifest entries that name any file but the config's own shard (``<config>/…parquet``
    inside ``out``): a planted or damaged entry must never make a build read, keep or publish another
    file (the writer only deletes files inside ``out``)."""
    from ..configs import parse_config_name
    from .writer import shard_path

    configs = writer.manifest["configs"]
    for name in list(configs):
        entry = configs[name]
        try:
            parse_config_name(name)  # a config name is a slug: its own shard path stays inside ``out``
            ok = isinstance(entry, dict) and entry.get("file") == shard_path(name) and not entry.get("files")
        except ValueError:
            ok = False
        if not ok:
            print(f"warning: {out / MANIFEST}: configs.{name!s:.80}: not this release's shard "
                  f"({str(entry.get('file') if isinstance(entry, dict) else entry):.80}); ignored",
                  file=sys.stderr)
            del configs[name]


@dataclass(frozen=True)
class Inputs:
    """Everything a build reads, checked before the first config: sources and banks."""

    examples: dict[str, list[QAExample]]
    sources: dict[str, SourceUse]
    banks: list[BankUse]


def check_inputs(d: ReleaseDefinition, opts: BuildOptions) -> Inputs:
    """Check the banks, read every source and check it converts to the release schema: each failure here
    costs seconds, not the hours of the configs before it."""
    banks = check_banks(d, opts.banks_root)
    examples: dict[str, list[QAExample]] = {}
    uses: dict[str, SourceUse] = {}
    for name in dict.fromkeys(s for g in d.groups for s in g.sources):
        source = d.sources[name]
        examples[name], uses[name] = load_source(source, opts.sources.get(name), offline=opts.offline,
                                                 cache_dir=opts.hub_cache_dir)
        check_schema(examples[name], uses[name], source.format)
    return Inputs(examples, uses, banks)


def build_release(d: ReleaseDefinition, out: Path, opts: BuildOptions) -> dict[str, Any]:
    """Build (or finish) every config of ``d`` into ``out``; returns the final manifest."""
    definition_sha = sha256_file(d.path)
    backend = load_backend(d.ner_backend, d.ner_model, gpu=opts.ner_gpu)  # a missing model stops here
    inputs = check_inputs(d, opts)
    with release_writer(out, version=d.version, definition_sha256=definition_sha) as writer:
        if d.only:
            foreign = sorted(set(writer.manifest["configs"]) - set(d.config_names()))
            if foreign:
                raise ReleaseError(f"{out}: holds {len(foreign)} configs outside --only {' '.join(d.only)} "
                                   f"(e.g. {foreign[0]}); a partial build would remove them: choose another "
                                   "--release-out")
        _drop_foreign_entries(out, writer)
        for group in d.groups:
            banks_fp = banks_fingerprint(inputs.banks, group.name)
            for source_name in group.sources:
                _build_group(writer, d, group, source_name, inputs, opts, backend, banks_fp)
        order = d.config_names()
        entries = [e for e in writer.entries() if e.name in set(order)]
        entries.sort(key=lambda e: order.index(e.name))
        repo_id = opts.repo_id or d.repo_id or f"<org>/{d.name}"
        readme = render_card(d, entries, repo_id=repo_id,
                             definition_sha256=definition_sha, cards_dir=opts.cards_dir,
                             sources=inputs.sources, banks=inputs.banks)
        definition = d.path.read_bytes().decode("utf-8")
        documents = {"README.md": readme, DEFINITION_COPY: definition,
                     **lm_eval_tasks.task_files(entries, repo_id=repo_id, version=d.version)}
        lm_eval_tasks.remove_stale(out, writer.manifest.get("files", {}), documents)
        return writer.finish(order, documents)


def _build_group(writer: Writer, d: ReleaseDefinition, group: Group, source_name: str, inputs: Inputs,
                 opts: BuildOptions, backend: NerBackend, banks_fp: str) -> None:
    """Build the configs of ``group`` from one source that are not up to date in ``writer``."""
    source = d.sources[source_name]
    ner = backend.fingerprint()
    examples, use = inputs.examples[source_name], inputs.sources[source_name]
    names = group.config_names(source_name)
    built_with = {n: config_inputs(n, use.examples_sha256, group, ner, banks_fp) for n in names}
    prints = {n: fingerprint(b) for n, b in built_with.items()}
    todo = [n for n, fp in prints.items() if not writer.is_done(n, fp)]
    if not todo:
        return

    def sink(result: ConfigResult):  # runs in the worker that built the config
        if result.name not in prints:
            raise ReleaseError(f"builder {group.builder!r} yielded {result.name!r}, not one of the "
                               f"configs asked for ({todo[:3]}…)")
        return writer.write_files(result, fmt=source.format, built_with=built_with[result.name],
                                  fingerprint=prints[result.name], num_input=len(examples),
                                  source=source_name, group=group.name, originals=examples)

    seen = set()
    for entry in _results(group, examples, todo, backend, opts, sink):
        if entry.name in seen:
            raise ReleaseError(f"builder {group.builder!r} yielded {entry.name!r} twice")
        seen.add(entry.name)
        writer.record(entry)
    missing = [n for n in todo if n not in seen]
    if missing:
        raise ReleaseError(f"builder {group.builder!r} did not build {missing[:5]}")


__all__ = ["BuildOptions", "build_release", "check_inputs", "MANIFEST", "BANKS_MANIFEST"]
