"""The release layout of the one writer (:mod:`entity_renaming.writer`): one parquet shard per config.

Layout (``datasets`` multi-config repository)::

    <out>/README.md                                  card with the configs YAML
    <out>/release-manifest.json                      every file's sha256, counts, fingerprints
    <out>/release-definition.yaml                    the release definition it was built from
    <out>/<config>/validation-00000-of-00001.parquet

A ``build-benchmark --out`` folder (:class:`BuildLayout`) holds the same shards beside its native files,
listed by its own ``README.md`` (:func:`build_folder_card`), so ``load_dataset(out, config)`` reads it too.

Parquet files are written with fixed options (zstd level 9, one row group per 10,000 rows, no
timestamps), so the same rows give the same bytes.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..checksums import sha256_file
from ..configs import ConfigResult
from ..model import SourceFormat
from ..writer import (
    TMP_PREFIX,
    ConfigEntry,
    NativeLayout,
    Writer,
    Written,
    dump_json,
    is_out_of_scope,
    skip_reason_kind,
)
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
    tmp = path.with_name(f"{TMP_PREFIX}{path.name}")
    pq.write_table(table, tmp, row_group_size=ROW_GROUP_SIZE, **PARQUET_OPTIONS)
    os.replace(tmp, path)


class ParquetLayout:
    """One parquet shard per config, renamings in its ``renamings`` column; skips are counted, not listed."""

    manifest_name = MANIFEST
    keeps_skips = False

    def write_config(self, out: Path, result: ConfigResult, fmt: SourceFormat) -> Written:
        table = release_table(result.examples, result.renamings, fmt)
        rel = shard_path(result.name)
        write_parquet(table, out / rel)
        return Written((rel, sha256_file(out / rel)), {}, table.nbytes)


class BuildLayout(NativeLayout):
    """``build-benchmark --out``: the native files (:class:`~entity_renaming.writer.NativeLayout`) and the
    config's rows in the release schema as one parquet shard, for ``load_dataset(out, config)``."""

    #: recorded in every config's ``built_with``: configs written without the shard are rebuilt
    files = "native+parquet"

    def write_config(self, out: Path, result: ConfigResult, fmt: SourceFormat) -> Written:
        written = super().write_config(out, result, fmt)
        rel = shard_path(result.name)
        write_parquet(release_table(result.examples, result.renamings, fmt), out / rel)
        return replace(written, others={**written.others, rel: sha256_file(out / rel)})


def build_folder_card(entries: list[ConfigEntry], source: str) -> str:
    """README.md of a ``build-benchmark --out`` folder: the ``configs`` front matter of the release card
    (pointing at the parquet shards) and a few lines on what the folder holds."""
    from .card import config_metadata
    from .frontmatter import front_matter_text

    configs, infos = config_metadata(entries, None, {e.name: shard_path(e.name) for e in entries})
    meta = {"configs": configs, "dataset_info": infos}
    first = entries[0].name if entries else "CONFIG"
    return (f"{front_matter_text(meta)}\n# {len(entries)} entity-renamed configs of `{source}`\n\n"
            "Built by `build-benchmark --out` (entity-renamed-mrqa). Each config is here twice: in the "
            "input's format (`CONFIG.jsonl[.gz]` or `CONFIG.json`, with `CONFIG.renamings.jsonl.gz`) and as "
            "`CONFIG/validation-00000-of-00001.parquet` with the release columns (the source's hub schema, "
            "`original_id`, `renamings`). `manifest.json` records every file's sha256, the counts and what "
            "each config was built with; `skipped.jsonl` and `out-of-scope.jsonl.gz` list every input "
            "example a config did not emit.\n\n"
            f"```python\nfrom datasets import load_dataset\n\nds = load_dataset(\"path/to/this/folder\", "
            f"\"{first}\", split=\"validation\")\n```\n")


def release_writer(out: Path, *, version: str, definition_sha256: str) -> Writer:
    """The writer of a release folder."""
    return Writer(out, ParquetLayout(), {"release": version, "definition_sha256": definition_sha256,
                                         "split": SPLIT})


__all__ = ["MANIFEST", "DEFINITION_COPY", "SPLIT", "SHARD", "BuildLayout", "ConfigEntry", "ParquetLayout",
           "build_folder_card", "dump_json",
           "is_out_of_scope", "release_writer", "shard_path", "skip_reason_kind", "write_parquet"]
