"""sha256 checksums of files and of example lists, as recorded in every manifest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from .model import QAExample

CHUNK = 1 << 20


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def examples_digest(examples: Iterable[QAExample]) -> str:
    """sha256 of the examples' hub rows, in order: identifies an input that is not a file (a hub dataset)."""
    from .io.hf import example_to_row

    digest = hashlib.sha256()
    for ex in examples:
        digest.update(json.dumps(example_to_row(ex), sort_keys=True, ensure_ascii=False).encode() + b"\n")
    return digest.hexdigest()
