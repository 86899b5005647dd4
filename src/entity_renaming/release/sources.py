"""Loading a release's source datasets: a local file, a local mirror folder, or the hub via ``datasets``.

``--source NAME=PATH`` overrides the hub for one dataset: PATH is an MRQA ``.jsonl(.gz)`` / SQuAD
``.json`` file, a folder holding the source's ``file`` (e.g. ``SQuAD.jsonl.gz``), or a folder laid
out like the hub repository (loaded with ``datasets``, offline). With ``offline=True`` nothing is
downloaded: a source without a local path is an error.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..io import read_examples
from ..io.hf import load_hub_examples
from ..model import QAExample
from .definition import ReleaseError, Source


def parse_source_overrides(values: list[str] | None, known: list[str]) -> dict[str, Path]:
    """``["squad=path", …]`` → ``{"squad": Path("path")}``; unknown names and bad syntax are errors."""
    out: dict[str, Path] = {}
    for value in values or []:
        name, sep, path = value.partition("=")
        if not sep or not name or not path:
            raise ReleaseError(f"--source: expected NAME=PATH, got {value!r}")
        if name not in known:
            raise ReleaseError(f"--source {value}: unknown source {name!r}; the release has {known}")
        if not Path(path).exists():
            raise ReleaseError(f"--source {value}: {path} does not exist")
        out[name] = Path(path)
    return out


def load_source(source: Source, path: Path | None, *, offline: bool, cache_dir: Path | None = None
                ) -> list[QAExample]:
    """The examples of ``source`` from ``path`` if given, else from the hub (refused when offline)."""
    if path is not None:
        if path.is_dir():
            if source.file and (path / source.file).exists():
                path = path / source.file
            else:
                return _from_hub(source, str(path), offline=True, cache_dir=cache_dir)
        _, examples = read_examples(path, source.format)
        if source.format == "mrqa" and source.subset:
            wrong = sorted({e.dataset for e in examples} - {source.subset})
            if wrong:
                raise ReleaseError(f"{path}: source {source.name} expects MRQA subset {source.subset!r}, "
                                   f"the file holds {wrong}")
        return examples
    if offline:
        raise ReleaseError(f"source {source.name}: --offline is set and no local copy was given; "
                           f"pass --source {source.name}=PATH (a {source.file or source.format} file or a "
                           "mirror folder)")
    if not source.hub_repo:
        raise ReleaseError(f"source {source.name}: no hub repo in the release definition; pass --source")
    return _from_hub(source, source.hub_repo, offline=False, cache_dir=cache_dir)


def _from_hub(source: Source, repo: str, *, offline: bool, cache_dir: Path | None) -> list[QAExample]:
    if offline:
        os.environ["HF_HUB_OFFLINE"] = "1"
        import datasets.config

        datasets.config.HF_HUB_OFFLINE = True  # the variable is read at import time
    examples = load_hub_examples(repo, source.split, subset=source.subset,
                                 cache_dir=str(cache_dir) if cache_dir else None)
    if not examples:
        raise ReleaseError(f"source {source.name}: {repo} split {source.split!r} subset {source.subset!r} "
                           "is empty")
    return examples

