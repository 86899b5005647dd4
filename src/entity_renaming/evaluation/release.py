"""Reading a released benchmark: a Hugging Face dataset folder (or hub repo) with configs.

Layout: ``README.md`` whose YAML front matter lists ``configs: [{config_name, data_files:
[{split, path}]}]`` and parquet files ``<config>/<split>-00000-of-00001.parquet`` whose rows follow
:func:`entity_renaming.io.hf.example_to_row` plus ``original_id`` and ``renamings`` (a JSON list of
edits or of :class:`~entity_renaming.model.Renaming` records).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..configs import parse_config_name
from ..io.hf import row_to_example
from ..model import QAExample
from ..release.errors import ReleaseError  # one error type for release folders (re-exported here)
from ..release.frontmatter import front_matter  # one card front-matter parser


@dataclass
class ReleaseConfig:
    """One config of a release: its name, parsed spec and data files per split."""

    name: str
    spec: dict[str, Any]
    files: dict[str, list[Path]]


@dataclass
class ConfigData:
    """The examples of one config split, with pairing and renaming metadata per example id."""

    config: ReleaseConfig
    split: str
    examples: list[QAExample]
    original_ids: dict[str, str]
    entity_types: dict[str, list[str]] = field(default_factory=dict)
    sha256: str = ""

    @property
    def source_format(self) -> str:
        return self.examples[0].source_format if self.examples else "squad"


@dataclass
class Release:
    """A local release folder and its configs, in README order."""

    root: Path
    configs: list[ReleaseConfig]
    version: str | None

    def select(self, patterns: list[str] | None) -> list[ReleaseConfig]:
        """Configs whose names match any glob in ``patterns`` (all when ``None``)."""
        if not patterns:
            return list(self.configs)
        chosen = [c for c in self.configs if any(fnmatch.fnmatchcase(c.name, p) for p in patterns)]
        if not chosen:
            raise ReleaseError(f"{self.root / 'README.md'}: no config matches {', '.join(patterns)}")
        return chosen


def open_release(
    location: str | Path, *, revision: str | None = None, offline: bool = False, cache_dir: str | None = None
) -> Release:
    """Open a local release folder, or download a hub dataset repo (``owner/name``) first."""
    root = Path(location)
    if not root.exists():
        if offline:
            raise ReleaseError(f"{location}: no such folder (and --offline forbids downloading it)")
        from huggingface_hub import snapshot_download

        root = Path(
            snapshot_download(str(location), repo_type="dataset", revision=revision, cache_dir=cache_dir)
        )
    readme = root / "README.md"
    if not readme.exists():
        raise ReleaseError(f"{readme}: missing (a release folder needs a dataset card with 'configs:')")
    meta = front_matter(readme)
    entries = meta.get("configs")
    if not isinstance(entries, list) or not entries:
        raise ReleaseError(f"{readme}: front matter has no 'configs' list")
    configs = []
    for i, entry in enumerate(entries):
        where = f"{readme}: configs[{i}]"
        if not isinstance(entry, dict) or "config_name" not in entry:
            raise ReleaseError(f"{where}: missing 'config_name'")
        name = str(entry["config_name"])
        try:
            spec = parse_config_name(name)
        except ValueError as err:
            raise ReleaseError(f"{where}.config_name: {err}") from None
        files: dict[str, list[Path]] = {}
        data_files = entry.get("data_files")
        if isinstance(data_files, str):
            data_files = [{"split": "train", "path": data_files}]
        for j, df in enumerate(data_files or []):
            if not isinstance(df, dict) or "split" not in df or "path" not in df:
                raise ReleaseError(f"{where}.data_files[{j}]: needs 'split' and 'path'")
            paths = df["path"] if isinstance(df["path"], list) else [df["path"]]
            found = sorted(p for pattern in paths for p in root.glob(pattern))
            if not found:
                raise ReleaseError(f"{where}.data_files[{j}]: no file matches {df['path']!r} under {root}")
            files[str(df["split"])] = found
        if not files:
            raise ReleaseError(f"{where}: no 'data_files'")
        configs.append(ReleaseConfig(name, spec, files))
    version = meta.get("version") or meta.get("release_version") or _manifest_version(root)
    return Release(root, configs, str(version) if version is not None else None)


def _manifest_version(root: Path) -> str | None:
    """``release_version``/``version``/``package_version`` of a ``manifest.json`` beside the card."""
    path = root / "manifest.json"
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ReleaseError(f"{path}:{err.lineno}: malformed JSON: {err.msg}") from None
    for key in ("release_version", "version", "package_version"):
        if isinstance(data, dict) and data.get(key):
            return str(data[key])
    return None


def _entity_types(renamings: Any) -> list[str]:
    """Entity types of one row's ``renamings`` (JSON text or already decoded)."""
    if renamings is None or renamings == "":
        return []
    data = json.loads(renamings) if isinstance(renamings, str) else renamings
    records = data if isinstance(data, list) else [data]
    types: set[str] = set()
    for rec in records:
        if not isinstance(rec, dict):
            continue
        for sub in rec.get("substitutions", []) or []:
            if isinstance(sub, dict) and sub.get("entity_type"):
                types.add(str(sub["entity_type"]))
        if rec.get("entity_type") and not rec.get("substitutions"):
            types.add(str(rec["entity_type"]))
    return sorted(types)


def load_config(config: ReleaseConfig, split: str | None = None) -> ConfigData:
    """Read one config split (parquet) into examples; ``split`` defaults to the only/first one."""
    if split is None:
        split = "validation" if "validation" in config.files else next(iter(config.files))
    if split not in config.files:
        raise ReleaseError(f"config {config.name}: no split {split!r} (has {', '.join(config.files)})")
    examples: list[QAExample] = []
    original_ids: dict[str, str] = {}
    etypes: dict[str, list[str]] = {}
    digest = hashlib.sha256()
    for path in config.files[split]:
        data = path.read_bytes()  # read once: hashed, then parsed from memory
        digest.update(data)
        table = pq.read_table(pa.BufferReader(data))
        fmt = "mrqa" if "detected_answers" in table.column_names else "squad"
        dataset = str(config.spec.get("dataset") or config.name)
        for row_no, row in enumerate(table.to_pylist()):
            try:
                ex = row_to_example(row, fmt, dataset)
                etypes[ex.id] = _entity_types(row.get("renamings"))
            except (KeyError, TypeError, ValueError) as err:
                raise ReleaseError(f"{path}: row {row_no}: cannot read {type(err).__name__}: {err}") from None
            if ex.id in original_ids:
                raise ReleaseError(f"{path}: row {row_no}: duplicate id {ex.id!r}")
            original_ids[ex.id] = str(row.get("original_id") or ex.id)
            examples.append(ex)
    return ConfigData(config, split, examples, original_ids, etypes, digest.hexdigest())
