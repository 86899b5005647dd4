"""Damaged state files (a build's manifest, the NER cache) are moved aside, never deleted or trusted."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def move_aside(path: Path, problem: str, consequence: str, *, companions: tuple[str, ...] = ()) -> Path:
    """Move the damaged file ``path`` to ``<name>.corrupt`` (and each existing ``<name><suffix>`` of
    ``companions`` to ``<name>.corrupt<suffix>``), warn on stderr naming it, ``problem`` and
    ``consequence``, and return where it went."""
    aside = path.with_name(path.name + ".corrupt")
    os.replace(path, aside)
    for suffix in companions:
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, aside.with_name(aside.name + suffix))
    print(f"warning: {path}: {problem}; moved to {aside.name}, {consequence}", file=sys.stderr)
    return aside
