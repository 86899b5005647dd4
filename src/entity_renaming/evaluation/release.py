"""Reading built configs: a release folder (or hub repo), or a ``build-benchmark --out`` folder.

* Release (``build-benchmark --release``): ``README.md`` whose YAML front matter lists ``configs:
  [{config_name, data_files: [{split, path}]}]``, parquet files ``<config>/<split>-*.parquet`` whose rows
  follow :func:`entity_renaming.io.hf.example_to_row` plus ``original_id`` and ``renamings`` (one struct
  per replaced mention), and ``release-manifest.json`` with the release version. The version folder
  ``release/<version>/`` is accepted when it holds one release.
* ``build-benchmark --out`` folder: ``manifest.json`` listing each config's data file (MRQA or SQuAD 2.0,
  read with :func:`entity_renaming.io.read_examples`) and its ``.renamings.jsonl[.gz]`` records; such
  configs have one split, ``validation``.
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..checksums import sha256_file
from ..configs import parse_config_name
from ..io import InputError, read_examples
from ..io.formats import format_for_columns
from ..model import QAExample
from ..release.errors import ReleaseError  # one error type for release folders (re-exported here)
from ..release.frontmatter import front_matter  # one card front-matter parser
from ..release.paths import confined, relative_parts  # one confinement of paths a folder's files name

RELEASE_MANIFEST = "release-manifest.json"
OUT_MANIFEST = "manifest.json"


@dataclass
class ReleaseConfig:
    """One config of a release: its name, parsed spec and data files per split."""

    name: str
    spec: dict[str, Any]
    files: dict[str, list[Path]]
    renamings: Path | None = None  # build-benchmark --out folders: the config's renamings records
    #: the sha256 that the folder's manifest records for each of these files (checked before reading)
    sha256: dict[Path, str] = field(default_factory=dict)
    manifest: Path | None = None  # the manifest that records them

    def check(self) -> None:
        """Every file of the config that its manifest records still has the recorded sha256, as
        ``build-benchmark --verify`` checks: a changed file is an error, never evaluated."""
        for path, digest in self.sha256.items():
            if sha256_file(path) != digest:
                raise self._changed(path)

    def read(self, path: Path) -> bytes:
        """The bytes of one of the config's files, checked against the manifest's sha256."""
        raw = path.read_bytes()
        if path in self.sha256 and hashlib.sha256(raw).hexdigest() != self.sha256[path]:
            raise self._changed(path)
        return raw

    def _changed(self, path: Path) -> ReleaseError:
        return ReleaseError(f"{path}: sha256 differs from {self.manifest}: the file changed after the build; "
                            "rebuild it")


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
        """Configs whose names match any glob in ``patterns`` (all when ``None``), each one's files checked
        against the sha256 its manifest records before any work (:meth:`ReleaseConfig.check`)."""
        chosen = list(self.configs)
        if patterns:
            chosen = [c for c in self.configs if any(fnmatch.fnmatchcase(c.name, p) for p in patterns)]
            if not chosen:
                raise ReleaseError(f"{self.root / 'README.md'}: no config matches {', '.join(patterns)}")
        for config in chosen:
            config.check()
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
    root = _release_root(root)
    if (root / OUT_MANIFEST).exists() or not (root / "README.md").exists():
        return _open_out_folder(root)  # a build folder's README.md lists its parquet copies
    readme = root / "README.md"
    meta = front_matter(readme)
    recorded = _release_manifest(root)
    digests = recorded.get("files") if isinstance(recorded.get("files"), dict) else {}
    entries = meta.get("configs")
    if not isinstance(entries, list) or not entries:
        raise ReleaseError(f"{readme}: front matter has no 'configs' list")
    configs = []
    for i, entry in enumerate(entries):
        where = f"{readme}: configs[{i}]"
        if not isinstance(entry, dict) or "config_name" not in entry:
            raise ReleaseError(f"{where}: missing 'config_name'")
        name = str(entry["config_name"])
        spec = _spec(name, f"{where}.config_name")
        files: dict[str, list[Path]] = {}
        data_files = entry.get("data_files")
        if isinstance(data_files, str):
            data_files = [{"split": "train", "path": data_files}]
        for j, df in enumerate(data_files or []):
            if not isinstance(df, dict) or "split" not in df or "path" not in df:
                raise ReleaseError(f"{where}.data_files[{j}]: needs 'split' and 'path'")
            paths = df["path"] if isinstance(df["path"], list) else [df["path"]]
            for pattern in paths:
                relative_parts(pattern, f"{where}.data_files[{j}].path")
            found = sorted(p for pattern in paths for p in root.glob(pattern))
            if not found:
                raise ReleaseError(f"{where}.data_files[{j}]: no file matches {df['path']!r} under {root}")
            files[str(df["split"])] = found
        if not files:
            raise ReleaseError(f"{where}: no 'data_files'")
        expected = {p: digests[rel] for ps in files.values() for p in ps
                    if isinstance(digests.get(rel := p.relative_to(root).as_posix()), str)}
        configs.append(ReleaseConfig(name, spec, files, sha256=expected, manifest=root / RELEASE_MANIFEST))
    version = meta.get("version") or meta.get("release_version") or recorded.get("release")
    return Release(root, configs, str(version) if version else None)


def _spec(name: str, where: str) -> dict[str, Any]:
    try:
        return parse_config_name(name)
    except ValueError as err:
        raise ReleaseError(f"{where}: {err}") from None


def _release_root(root: Path) -> Path:
    """``root`` itself, or the one release folder inside a version folder (``release/1.0.0``)."""
    if (root / "README.md").exists() or (root / OUT_MANIFEST).exists():
        return root
    inner = sorted(p for p in root.iterdir() if (p / "README.md").exists()) if root.is_dir() else []
    if len(inner) == 1:
        return inner[0]
    found = f" (it holds {len(inner)} release folders: {', '.join(p.name for p in inner)})" if inner else ""
    raise ReleaseError(
        f"{root}: neither a release folder (README.md with 'configs:') nor a build-benchmark --out folder "
        f"({OUT_MANIFEST}){found}"
    )


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ReleaseError(f"{path}:{err.lineno}: malformed JSON: {err.msg}") from None


def _open_out_folder(root: Path) -> Release:
    """The configs of a ``build-benchmark --out`` folder, from its ``manifest.json``."""
    path = root / OUT_MANIFEST
    manifest = _read_json(path)
    entries = manifest.get("configs") if isinstance(manifest, dict) else None
    if not isinstance(entries, dict) or not entries:
        raise ReleaseError(f"{path}: field 'configs' missing or empty")
    configs = []
    for name, entry in entries.items():
        where = f"{path}: configs.{name}"
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            raise ReleaseError(f"{where}.file: missing")
        data = confined(root, entry["file"], f"{where}.file")  # inside the folder, as --verify checks
        if not data.is_file():
            raise ReleaseError(f"{where}.file: {data} does not exist")
        if not isinstance(entry.get("sha256"), str):
            raise ReleaseError(f"{where}.sha256: missing (not a build-benchmark manifest?)")
        digests = {data: entry["sha256"]}
        ren = entry.get("renamings")
        ren_file = ren.get("file") if isinstance(ren, dict) else ren
        renamings = confined(root, ren_file, f"{where}.renamings") if isinstance(ren_file, str) else None
        if renamings is not None:
            if not renamings.is_file():
                raise ReleaseError(f"{where}.renamings: {renamings} does not exist")
            listed = entry.get("files")
            digest = listed.get(ren_file) if isinstance(listed, dict) else None
            if not isinstance(digest, str):
                raise ReleaseError(f"{where}.files: no sha256 for the renamings {ren_file!r}")
            digests[renamings] = digest
        configs.append(ReleaseConfig(str(name), _spec(str(name), where), {"validation": [data]}, renamings,
                                     digests, path))
    return Release(root, configs, None)


def _release_manifest(root: Path) -> dict[str, Any]:
    """``release-manifest.json`` beside the card (its ``release`` version and ``files`` sha256), or ``{}``."""
    path = root / RELEASE_MANIFEST
    data = _read_json(path) if path.exists() else {}
    return data if isinstance(data, dict) else {}


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


def load_config(config: ReleaseConfig, split: str | None = None, limit: int | None = None) -> ConfigData:
    """Read one config split into examples; ``split`` defaults to ``validation``, else the first one.

    ``limit`` keeps the first ``limit`` examples (a smoke run).
    """
    if split is None:
        split = "validation" if "validation" in config.files else next(iter(config.files))
    if split not in config.files:
        raise ReleaseError(f"config {config.name}: no split {split!r} (has {', '.join(config.files)})")
    data = ConfigData(config, split, [], {})
    digest = hashlib.sha256()
    for path in config.files[split]:
        raw = config.read(path)  # read once: checked, hashed, then parsed from memory
        digest.update(raw)
        if path.suffix == ".parquet":
            _add_parquet_rows(data, path, raw)
        else:
            _add_file(data, path)
    if config.renamings is not None:
        _add_renamings(data, config.renamings, config)
    if limit is not None:
        data.examples = data.examples[:limit]
    data.sha256 = digest.hexdigest()
    return data


def _add_parquet_rows(data: ConfigData, path: Path, raw: bytes) -> None:
    table = pq.read_table(pa.BufferReader(raw))
    fmt = format_for_columns(table.column_names)
    dataset = str(data.config.spec.get("dataset") or data.config.name)
    for row_no, row in enumerate(table.to_pylist()):
        try:
            ex = fmt.from_row(row, dataset)
            data.entity_types[ex.id] = _entity_types(row.get("renamings"))
        except (KeyError, TypeError, ValueError) as err:
            raise ReleaseError(f"{path}: row {row_no}: cannot read {type(err).__name__}: {err}") from None
        _add(data, ex, str(row.get("original_id") or ex.id), f"{path}: row {row_no}")


def _add_file(data: ConfigData, path: Path) -> None:
    try:
        examples = read_examples(path, allow_empty=True)[1]
    except InputError as err:
        raise ReleaseError(str(err)) from None
    for ex in examples:
        _add(data, ex, ex.id, f"{path}: example {ex.id!r}")


def _add(data: ConfigData, ex: QAExample, original_id: str, where: str) -> None:
    if ex.id in data.original_ids:
        raise ReleaseError(f"{where}: duplicate id {ex.id!r}")
    data.original_ids[ex.id] = original_id
    data.examples.append(ex)


def _add_renamings(data: ConfigData, path: Path, config: ReleaseConfig) -> None:
    """Original ids and renamed entity types from a ``.renamings.jsonl[.gz]`` file (checked against the
    sha256 its manifest records)."""
    raw = config.read(path)
    text = (gzip.decompress(raw) if path.name.endswith(".gz") else raw).decode("utf-8")
    for line_no, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            ex_id = rec["example_id"]
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            raise ReleaseError(f"{path}:{line_no}: not a renaming record ({err})") from None
        if ex_id not in data.original_ids:
            raise ReleaseError(f"{path}:{line_no}: example_id {ex_id!r} is not in the config's data file")
        data.original_ids[ex_id] = str(rec.get("original_id") or ex_id)
        data.entity_types[ex_id] = _entity_types([rec])
