"""Building a release folder from a release definition, resumably.

Groups name one of the package's builders (:data:`.definition.BUILDERS`): ``pipeline`` builds with
:func:`entity_renaming.pipeline.build_configs`, ``entswap`` with :mod:`.entswap`. Before the first config,
every source is read and every name bank the groups use is checked (described by its manifest, with the
span types the group needs). Each config's fingerprint (its source examples, builder, NER model, name
banks) is stored in the manifest; a config whose fingerprint and shard sha256 match is not rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from ..checksums import sha256_file
from ..configs import ConfigResult, ConfigSpec
from ..model import QAExample
from ..namebank import FIRST_NAME_TYPES, BankError, default_bank_root, load_bank
from . import entswap
from .card import render_card
from .definition import ENTSWAP, PIPELINE, Group, ReleaseDefinition
from .errors import ReleaseError
from .paths import confined
from .provenance import BANKS_MANIFEST, BankUse, SourceUse, describe_banks, read_json
from .sources import load_source
from .writer import MANIFEST, ReleaseWriter


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


def tree_fingerprint(root: Path) -> str:
    """sha256 over every file under ``root`` (relative path and content); empty when ``root`` is missing."""
    if not root.is_dir():
        return ""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(f"{path.relative_to(root).as_posix()}\0{sha256_file(path)}\n".encode())
    return digest.hexdigest()


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
            entswap.check_banks(group.config_names(group.sources[0]), banks_root)
            continue
        for bank in banks_used(group, banks_root):
            loaded = load_bank(bank, banks_root)
            for span_type in _PIPELINE_TYPES.get(bank, (*FIRST_NAME_TYPES[:2], "last")):
                if not loaded.has(span_type):
                    raise BankError(f"{root / bank}: no {span_type!r} names, needed by group {group.name!r}")
    return uses


def config_fingerprint(name: str, source_fp: str, group: Group, d: ReleaseDefinition, banks_fp: str) -> str:
    data = {"config": name, "source": source_fp, "builder": group.builder,
            "ner": [d.ner_backend, d.ner_model], "banks": banks_fp}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def banks_fingerprint(uses: list[BankUse], group: str) -> str:
    """sha256 over the files of the banks ``group`` reads (a change elsewhere rebuilds nothing)."""
    files = sorted((f.file, f.sha256) for u in uses if group in u.used_by for f in u.files)
    return hashlib.sha256(json.dumps(files).encode()).hexdigest()


def _results(group: Group, examples: list[QAExample], names: list[str], d: ReleaseDefinition,
             opts: BuildOptions) -> Iterable[ConfigResult]:
    if group.builder == PIPELINE:
        from ..pipeline import build_configs

        wanted = set(names)
        specs = [s for s in _pipeline_specs(group) if s.name in wanted]
        return build_configs(examples, specs, ner_cache_dir=opts.ner_cache_dir, spacy_model=d.ner_model,
                             banks_root=opts.banks_root, progress=opts.progress, workers=opts.workers)
    return entswap.build_release_configs(examples, names, progress=opts.progress,
                                         ner_cache_dir=opts.ner_cache_dir, banks_root=opts.banks_root,
                                         spacy_model=d.ner_model)


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


def read_release_manifest(out: Path) -> dict[str, Any] | None:
    """The release folder's manifest, or ``None`` when there is none; a corrupt one (e.g. truncated by a
    kill) is moved aside with a warning: its configs are rebuilt, nothing else is lost."""
    path = out / MANIFEST
    if not path.exists():
        return None
    try:
        data = read_json(path, "release manifest")
        if not isinstance(data, dict) or not isinstance(data.get("configs", {}), dict):
            raise ReleaseError(f"{path}: field 'configs': expected a mapping")
    except ReleaseError as err:
        aside = path.with_name(path.name + ".corrupt")
        shutil.move(path, aside)
        print(f"warning: {err}; moved to {aside.name}, every config is rebuilt", file=sys.stderr)
        return None
    return data


def _drop_foreign_entries(out: Path, writer: ReleaseWriter) -> None:
    """Forget manifest entries whose file is not the config's own shard (``<config>/…parquet`` inside
    ``out``): a planted or damaged entry must never make a build read, keep or delete another file."""
    from ..configs import parse_config_name
    from .writer import shard_path

    configs = writer.manifest["configs"]
    for name in list(configs):
        entry = configs[name]
        try:
            parse_config_name(name)  # a config name is a slug: its own shard path stays inside ``out``
            ok = isinstance(entry, dict) and entry.get("file") == shard_path(name)
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
    inputs = check_inputs(d, opts)
    old = read_release_manifest(out)
    if d.only and old:
        foreign = sorted(set(old.get("configs", {})) - set(d.config_names()))
        if foreign:
            raise ReleaseError(f"{out}: holds {len(foreign)} configs outside --only {' '.join(d.only)} "
                               f"(e.g. {foreign[0]}); a partial build would remove them: choose another "
                               "--release-out")
    writer = ReleaseWriter(out, version=d.version, definition_sha256=definition_sha)
    _drop_foreign_entries(out, writer)
    for group in d.groups:
        banks_fp = banks_fingerprint(inputs.banks, group.name)
        for source_name in group.sources:
            source = d.sources[source_name]
            examples, use = inputs.examples[source_name], inputs.sources[source_name]
            prints = {n: config_fingerprint(n, use.examples_sha256, group, d, banks_fp)
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
                         sources=inputs.sources, banks=inputs.banks)
    return writer.finish(order, readme, d.path.read_bytes().decode("utf-8"))


def _remove_stale(out: Path, writer: ReleaseWriter, keep: set[str]) -> None:
    """Delete shards of configs an earlier build made that the definition no longer lists (only a
    config's own shard inside ``out``: see :func:`_drop_foreign_entries`)."""
    for name in [n for n in writer.manifest["configs"] if n not in keep]:
        entry = writer.manifest["configs"].pop(name)
        shard = confined(out, entry["file"], f"{out / MANIFEST}: configs.{name}.file")
        shard.unlink(missing_ok=True)
        if shard.parent != out and shard.parent.is_dir() and not any(shard.parent.iterdir()):
            shard.parent.rmdir()


__all__ = ["BuildOptions", "build_release", "check_inputs", "MANIFEST", "BANKS_MANIFEST"]
