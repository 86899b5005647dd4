"""What a release build actually used: each source (file or hub, with checksums) and each name bank
(its ``MANIFEST.json`` description, licence and file checksums). The dataset card states only these.

A bank the build reads must be described by the bank folder's ``MANIFEST.json``, file by file with the
sha256 the manifest records: an undescribed or changed bank file has no known source or licence, so it is
an error, found before the first config is built.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..checksums import sha256_file
from .errors import ReleaseError

BANKS_MANIFEST = "MANIFEST.json"


@dataclass(frozen=True)
class SourceUse:
    """One source as the build read it."""

    name: str
    kind: str  # "file" (a local file), "hub" (downloaded with datasets), "hub mirror" (a local hub layout)
    location: str  # file name, or hub repo id / mirror folder name
    sha256: str  # of the file; "" for hub data (see examples_sha256)
    examples_sha256: str  # of the examples read, in order (identifies hub data too)
    num_examples: int
    upstream: str | None  # the hub id the definition names as upstream


@dataclass(frozen=True)
class BankFile:
    span_type: str
    file: str  # relative to the bank root
    sha256: str
    names: int | None


@dataclass(frozen=True)
class BankUse:
    """One name bank as the build read it, with its manifest description."""

    name: str
    used_by: tuple[str, ...]  # groups
    title: str
    licence: str
    provenance: str
    recipe: str
    sources: tuple[str, ...]
    files: tuple[BankFile, ...]
    missing_span_types: tuple[str, ...]


def read_json(path: Path, what: str) -> Any:
    """``path`` parsed as JSON; a :class:`ReleaseError` naming the file and line when it cannot be."""
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except OSError as err:
        raise ReleaseError(f"{path}: cannot read the {what}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise ReleaseError(f"{path}: byte {err.start}: the {what} is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise ReleaseError(f"{path}: line {err.lineno} column {err.colno}: the {what} is not valid JSON "
                           f"(truncated?): {err.msg}") from None


def describe_banks(root: Path, used_by: dict[str, list[str]]) -> list[BankUse]:
    """Check and describe the banks ``used_by`` names (bank → groups) under ``root``.

    Every ``*.tsv`` file of a used bank must be listed in ``root/MANIFEST.json`` with its sha256.
    """
    manifest_path = root / BANKS_MANIFEST
    if not manifest_path.is_file():
        raise ReleaseError(f"{manifest_path}: missing: the name banks {sorted(used_by)} have no recorded "
                           "source or licence (build-name-banks writes this file)")
    data = read_json(manifest_path, "name-bank manifest")
    banks = data.get("banks") if isinstance(data, dict) else None
    if not isinstance(banks, dict):
        raise ReleaseError(f"{manifest_path}: field 'banks': expected a mapping of bank name to description")
    uses = []
    for name, groups in used_by.items():
        info = banks.get(name)
        if not isinstance(info, dict):
            raise ReleaseError(f"{manifest_path}: field 'banks': bank {name!r} (used by {', '.join(groups)}) "
                               "is not described, so its source and licence are unknown")
        uses.append(_bank_use(root, manifest_path, name, tuple(groups), info))
    return uses


def _bank_use(root: Path, manifest_path: Path, name: str, groups: tuple[str, ...],
              info: dict[str, Any]) -> BankUse:
    where = f"{manifest_path}: banks.{name}"
    span_types = info.get("span_types")
    if not isinstance(span_types, dict):
        raise ReleaseError(f"{where}.span_types: expected a mapping of span type to file description")
    described = {}
    for span_type, entry in span_types.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str) \
                or not isinstance(entry.get("sha256"), str):
            raise ReleaseError(f"{where}.span_types.{span_type}: expected 'file' and 'sha256'")
        described[entry["file"]] = (span_type, entry)
    files = []
    for path in sorted((root / name).glob("*.tsv")):
        rel = path.relative_to(root).as_posix()
        if rel not in described:
            raise ReleaseError(f"{path}: bank file not described by {manifest_path} "
                               f"(banks.{name}.span_types), so its source and licence are unknown; rebuild "
                               "the bank with build-name-banks or remove the file")
        span_type, entry = described.pop(rel)
        digest = sha256_file(path)
        if digest != entry["sha256"]:
            raise ReleaseError(f"{path}: sha256 {digest} differs from {entry['sha256']} recorded in "
                               f"{manifest_path} (banks.{name}.span_types.{span_type}); the file was changed "
                               "after the bank was built")
        names = entry.get("names")
        files.append(BankFile(span_type, rel, digest, names if isinstance(names, int) else None))
    if described:
        raise ReleaseError(f"{where}: describes files that do not exist: {sorted(described)}")
    return BankUse(
        name=name, used_by=groups, title=str(info.get("title", "")), licence=str(info.get("license", "")),
        provenance=str(info.get("provenance", "")), recipe=str(info.get("recipe", "")),
        sources=tuple(line for line in map(_source_line, info.get("sources") or []) if line),
        files=tuple(files), missing_span_types=tuple(str(t) for t in info.get("missing_span_types") or ()))


def _source_line(src: Any) -> str:
    if not isinstance(src, dict):
        return str(src)
    what = src.get("description") or src.get("package") or src.get("file") or ""
    where = [str(src[k]) for k in ("package", "official_source", "url") if src.get(k) and src[k] != what]
    licence = f" — {src['license']}" if src.get("license") else ""
    return f"{what}{' (' + ', '.join(where) + ')' if where else ''}{licence}"
