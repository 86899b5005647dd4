"""Writing a hub-ready release folder: one parquet shard per config and split, and a checksummed manifest.

Layout (``datasets`` multi-config repository)::

    <out>/README.md                                  card with the configs YAML
    <out>/release-manifest.json                      every file's sha256, example and skip counts
    <out>/release-definition.yaml                    the release definition it was built from
    <out>/<config>/validation-00000-of-00001.parquet

Parquet files are written with fixed options (zstd level 9, one row group per 10,000 rows, no
timestamps), so the same rows give the same bytes. The manifest is rewritten after every config: a
rebuild skips configs whose shard still has its recorded sha256 and build fingerprint.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..checksums import sha256_file
from ..configs import ConfigResult
from ..model import QAExample, SourceFormat
from ..quality import lint_config
from .schema import release_table

MANIFEST = "release-manifest.json"
DEFINITION_COPY = "release-definition.yaml"
SPLIT = "validation"
SHARD = f"{SPLIT}-00000-of-00001.parquet"
ROW_GROUP_SIZE = 10_000
PARQUET_OPTIONS: dict[str, Any] = {
    "compression": "zstd", "compression_level": 9, "use_dictionary": True, "write_statistics": True,
    "data_page_version": "2.0", "version": "2.6", "store_schema": True,
}



def shard_path(config: str) -> str:
    """Path of a config's shard relative to the release folder."""
    return f"{config}/{SHARD}"


def write_parquet(table: pa.Table, path: Path) -> None:
    """Write ``table`` deterministically (atomic rename, fixed writer options)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp, row_group_size=ROW_GROUP_SIZE, **PARQUET_OPTIONS)
    tmp.replace(path)


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_NUMBER = re.compile(r"\d+")


def skip_reason_kind(reason: str) -> str:
    """The kind of a skip reason, for counting: the text before the first ``": "`` with quoted names and
    numbers masked (``renamed answer '…' differs from the renamed passage slice '…'``)."""
    head = reason.split(": ", 1)[0].strip()
    return _NUMBER.sub("N", _QUOTED.sub("'…'", head))


def is_out_of_scope(reason_kind: str) -> bool:
    """Skips of the form ``no perturbable …`` (the pipeline's ``no perturbable per answer entity``): nothing
    to rename in that example for that config, as opposed to a renaming that was refused. Custom builders
    (EntSwap) should word such skips the same way."""
    return reason_kind.startswith("no perturbable")


def dump_json(path: Path, data: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


@dataclass
class ConfigEntry:
    """What the manifest records for one built config."""

    name: str
    source: str
    group: str
    format: SourceFormat
    fingerprint: str
    file: str
    sha256: str
    num_examples: int
    num_bytes: int
    num_input: int
    num_skipped: int
    num_edits: int
    skip_reasons: dict[str, int]
    quality: dict[str, Any] = field(default_factory=dict)  # :mod:`entity_renaming.quality` lint

    def num_out_of_scope(self) -> int:
        return sum(c for r, c in self.skip_reasons.items() if is_out_of_scope(r))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConfigEntry:
        return cls(**data)


class ReleaseWriter:
    """Owns one release folder: ``is_done`` / ``write`` per config, then ``finish`` writes the card."""

    def __init__(self, out: Path, *, version: str, definition_sha256: str) -> None:
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.manifest: dict[str, Any] = {"release": version, "definition_sha256": definition_sha256,
                                         "split": SPLIT, "configs": {}, "files": {}}
        path = self.out / MANIFEST
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            self.manifest["configs"] = old.get("configs", {})

    def entry(self, name: str) -> ConfigEntry | None:
        data = self.manifest["configs"].get(name)
        return ConfigEntry.from_json(data) if data else None

    def is_done(self, name: str, fingerprint: str) -> bool:
        """True when ``name`` was built with the same inputs and its shard is intact (sha256 re-checked)."""
        entry = self.entry(name)
        if entry is None or entry.fingerprint != fingerprint:
            return False
        path = self.out / entry.file
        return path.exists() and sha256_file(path) == entry.sha256

    def write(self, result: ConfigResult, *, source: str, group: str, fmt: SourceFormat, fingerprint: str,
              num_input: int, originals: list[QAExample] | None = None) -> ConfigEntry:
        """Write one built config and record it in the manifest (with its quality lint when the input
        ``originals`` are given)."""
        if len(result.examples) + len(result.skipped) != num_input:
            raise ValueError(f"config {result.name}: {len(result.examples)} emitted + {len(result.skipped)} "
                             f"skipped != {num_input} input examples")
        table = release_table(result.examples, result.renamings, fmt)
        rel = shard_path(result.name)
        write_parquet(table, self.out / rel)
        reasons = Counter(skip_reason_kind(s.reason) for s in result.skipped)
        quality = lint_config(originals, result.examples, result.renamings) if originals is not None else {}
        entry = ConfigEntry(
            name=result.name, source=source, group=group, format=fmt, fingerprint=fingerprint, file=rel,
            sha256=sha256_file(self.out / rel), num_examples=table.num_rows, num_bytes=table.nbytes,
            num_input=num_input, num_skipped=len(result.skipped),
            num_edits=sum(len(r.edits) for r in result.renamings), skip_reasons=dict(sorted(reasons.items())),
            quality=quality)
        self.manifest["configs"][result.name] = entry.__dict__
        dump_json(self.out / MANIFEST, self.manifest)
        return entry

    def finish(self, order: list[str], readme: str, definition_yaml: str) -> dict[str, Any]:
        """Keep ``order``'s configs; write README.md and the final manifest (every file's sha256)."""
        missing = [n for n in order if n not in self.manifest["configs"]]
        if missing:
            raise ValueError(f"configs not built: {missing[:5]}")
        self.manifest["configs"] = {n: self.manifest["configs"][n] for n in order}
        (self.out / "README.md").write_text(readme, encoding="utf-8")
        (self.out / DEFINITION_COPY).write_text(definition_yaml, encoding="utf-8")
        files = {name: sha256_file(self.out / name) for name in ("README.md", DEFINITION_COPY)}
        files.update({e["file"]: e["sha256"] for e in self.manifest["configs"].values()})
        self.manifest["files"] = dict(sorted(files.items()))
        dump_json(self.out / MANIFEST, self.manifest)
        return self.manifest

    def entries(self) -> list[ConfigEntry]:
        return [ConfigEntry.from_json(d) for d in self.manifest["configs"].values()]
