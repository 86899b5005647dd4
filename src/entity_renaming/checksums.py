"""sha256 checksums of files, folders and example lists, and the build fingerprint recorded per config."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from .model import QAExample

CHUNK = 1 << 20


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tree_sha256(root: Path) -> str:
    """sha256 over every file under ``root`` (relative path and content; Python's bytecode caches left out);
    empty when ``root`` is missing."""
    root = Path(root)
    if not root.is_dir():
        return ""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(f"{path.relative_to(root).as_posix()}\0{sha256_file(path)}\n".encode())
    return digest.hexdigest()


def examples_digest(examples: Iterable[QAExample]) -> str:
    """sha256 of the examples' hub rows, in order: identifies an input that is not a file (a hub dataset)."""
    from .io.hf import example_to_row

    digest = hashlib.sha256()
    for ex in examples:
        digest.update(json.dumps(example_to_row(ex), sort_keys=True, ensure_ascii=False).encode() + b"\n")
    return digest.hexdigest()


def package_version() -> str:
    """Installed version of ``entity-renamed-mrqa`` (``0+unknown`` from a bare checkout)."""
    try:
        return version("entity-renamed-mrqa")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0+unknown"


@cache
def code_sha256() -> str:
    """:func:`tree_sha256` of this package's folder: a build after a code change without a new version
    number (a development checkout, an edited install) rebuilds every config instead of reusing stale ones."""
    return tree_sha256(Path(__file__).resolve().parent)


def fingerprint(built_with: dict[str, Any]) -> str:
    """sha256 of a config's build inputs (``built_with``: input sha256, NER backend key, bank-tree sha256,
    package version and code sha256, builder and perturbation parameters). A config whose fingerprint
    changed is rebuilt."""
    return sha256_bytes(json.dumps(built_with, sort_keys=True, ensure_ascii=False).encode())


def build_inputs(*, input_sha256: str, ner: dict[str, str], banks_sha256: str, builder: str,
                 params: dict[str, Any]) -> dict[str, Any]:
    """What one config is built with, as recorded in the manifest (see :func:`fingerprint`)."""
    return {"input_sha256": input_sha256, "ner": ner, "banks_sha256": banks_sha256,
            "package_version": package_version(), "code_sha256": code_sha256(), "builder": builder,
            "params": params}
