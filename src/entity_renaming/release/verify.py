"""``build-benchmark --verify DIR``: re-check a built release folder.

Checks that every file of the manifest exists with its sha256, that README.md's YAML lists exactly the
manifest's configs (with data files, one default, split sizes) and that each name follows the grammar,
and that every row's answers still match its passage (spans and MRQA token spans).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from tqdm.auto import tqdm

from ..checksums import sha256_file
from ..configs import parse_config_name
from ..io.hf import row_to_example
from ..model import illegal_answers
from .errors import ReleaseError
from .frontmatter import front_matter
from .paths import confined
from .provenance import read_json
from .writer import MANIFEST, SPLIT, shard_path

_ENTRY_FIELDS = {"file": str, "format": str, "source": str, "num_examples": int, "num_skipped": int,
                 "num_input": int}


def read_release_manifest(folder: Path) -> dict[str, Any]:
    """``release-manifest.json`` of ``folder``, checked for the fields verify and push rely on."""
    path = folder / MANIFEST
    data = read_json(path, "release manifest")
    if not isinstance(data, dict):
        raise ReleaseError(f"{path}: expected a JSON object")
    for key in ("files", "configs"):
        if not isinstance(data.get(key), dict):
            raise ReleaseError(f"{path}: field {key!r}: expected a mapping")
    for name, entry in data["configs"].items():
        for key, kind in _ENTRY_FIELDS.items():
            if not isinstance(entry, dict) or not isinstance(entry.get(key), kind):
                raise ReleaseError(f"{path}: configs.{name}.{key}: expected a {kind.__name__}")
    return data


def verify_release(folder: Path, *, check_rows: bool = True, progress: bool = True) -> list[str]:
    """Problems found in the release at ``folder``; empty when it is intact."""
    folder = Path(folder)
    path = folder / MANIFEST
    if not path.exists():
        return [f"{path}: missing (not a release folder?)"]
    try:
        manifest = read_release_manifest(folder)
    except ReleaseError as err:
        return [str(err)]
    problems = []
    for rel, digest in manifest["files"].items():
        try:
            file = confined(folder, rel, f"{MANIFEST}: files")
        except ReleaseError as err:
            problems.append(str(err))
            continue
        if not file.is_file():
            problems.append(f"{rel}: missing")
        elif sha256_file(file) != digest:
            problems.append(f"{rel}: sha256 differs from {MANIFEST}")
    configs = manifest["configs"]
    problems += _check_card(folder, configs)
    for name, entry in tqdm(configs.items(), desc="verify configs", unit="config", disable=not progress):
        try:
            parse_config_name(name)
        except ValueError as err:
            problems.append(str(err))
            continue
        if entry["file"] != shard_path(name):
            problems.append(f"{MANIFEST}: configs.{name}.file: {entry['file']!r} is not the config's shard "
                            f"{shard_path(name)!r}")
            continue
        shard = folder / entry["file"]
        if not shard.exists():
            continue
        try:
            rows = pq.ParquetFile(shard).metadata.num_rows
        except (pa.ArrowException, OSError) as err:
            problems.append(f"{entry['file']}: not a readable parquet file (truncated?): {err}")
            continue
        if rows != entry["num_examples"]:
            problems.append(f"{entry['file']}: {rows} rows, manifest says {entry['num_examples']}")
        if entry["num_examples"] + entry["num_skipped"] != entry["num_input"]:
            problems.append(f"{name}: emitted + skipped != input in {MANIFEST}")
        if check_rows:
            problems += _check_rows(shard, entry)
    return problems


def _check_card(folder: Path, configs: dict[str, Any]) -> list[str]:
    try:
        meta = front_matter(folder / "README.md")
    except ReleaseError as err:
        return [str(err)]
    for key in ("configs", "dataset_info"):
        items = meta.get(key)
        if not isinstance(items, list) or not all(isinstance(c, dict) for c in items):
            return [f"README.md: front matter field {key!r}: expected a list of mappings"]
    problems = []
    listed = {c.get("config_name"): c for c in meta["configs"]}
    if set(listed) != set(configs):
        problems.append(f"README.md: configs differ from {MANIFEST}: "
                        f"{sorted(set(listed) ^ set(configs))[:5]}")
    defaults = [n for n, c in listed.items() if c.get("default")]
    if len(defaults) != 1:
        problems.append(f"README.md: expected one default config, found {defaults}")
    infos = {i.get("config_name"): i for i in meta["dataset_info"]}
    for name, entry in configs.items():
        files = (listed.get(name) or {}).get("data_files") or []
        if files != [{"split": SPLIT, "path": entry["file"]}]:
            problems.append(f"README.md: config {name}: data_files {files} != {entry['file']}")
        splits = (infos.get(name) or {}).get("splits") or []
        got = [(s.get("name"), s.get("num_examples")) if isinstance(s, dict) else s for s in splits]
        if got != [(SPLIT, entry["num_examples"])]:
            problems.append(f"README.md: config {name}: dataset_info splits {splits} disagree with "
                            f"{MANIFEST}")
    return problems


def _check_rows(shard: Path, entry: dict[str, Any]) -> list[str]:
    problems = []
    try:
        rows = pq.read_table(shard).to_pylist()
    except (pa.ArrowException, OSError) as err:
        return [f"{entry['file']}: cannot read the rows (truncated?): {err}"]
    for i, row in enumerate(rows):
        try:
            example = row_to_example(row, entry["format"], entry["source"])
        except (KeyError, TypeError, ValueError) as err:
            problems.append(f"{entry['file']}: row {i}: not a {entry['format']} row: "
                            f"{type(err).__name__}: {err}")
            continue
        bad = illegal_answers(example)
        if bad:
            problems.append(f"{entry['file']}: row {i} ({example.id}): {bad[0]}")
        for edit in row["renamings"]:
            text = _edited_text(row, edit)
            if text is not None and text[edit["new_start"]:edit["new_end"]] != edit["replacement"]:
                problems.append(f"{entry['file']}: row {i} ({example.id}): renamings entry {edit} does not "
                                f"match the renamed {edit['field']}")
                break
    return problems


def _edited_text(row: dict[str, Any], edit: dict[str, Any]) -> str | None:
    field = edit["field"]
    if field in ("context", "question"):
        return row[field]
    if field == "title":
        return row.get("title")
    return None  # answer fields are covered by the span checks
