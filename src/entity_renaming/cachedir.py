"""The one on-disk cache folder of the package: ``$XDG_CACHE_HOME/entity-renamed-mrqa`` (``~/.cache/…``).

NER results (``ner.sqlite``), name-bank sources (``sources/``) and their SPARQL results live under it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CACHE_NAME = "entity-renamed-mrqa"
#: Name-bank sources were cached under ``entity-renaming/sources`` before; moved on first use.
LEGACY_SOURCES = Path("entity-renaming") / "sources"


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/entity-renamed-mrqa``, else ``~/.cache/entity-renamed-mrqa``."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / CACHE_NAME


def sources_cache() -> Path:
    """``<cache_root()>/sources``; a cache left in the legacy folder is moved there once."""
    target = cache_root() / "sources"
    legacy = cache_root().parent / LEGACY_SOURCES
    if legacy.is_dir() and not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(legacy), str(target))
    return target
