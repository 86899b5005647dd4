"""Loading a release's source datasets: a local file, a local mirror folder, or the hub via ``datasets``.

``--source NAME=PATH`` overrides the hub for one dataset: PATH is an MRQA ``.jsonl(.gz)`` / SQuAD
``.json`` file, a folder holding the source's ``file`` (e.g. ``SQuAD.jsonl.gz``), or a folder laid
out like the hub repository (loaded with ``datasets``, offline). With ``offline=True`` nothing is
downloaded: a source without a local path is an error.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..checksums import examples_digest, sha256_file
from ..io import read_examples
from ..io.errors import HubUnreachable, InputError
from ..io.hf import load_hub_examples
from ..model import QAExample
from .definition import Source
from .errors import ReleaseError
from .paths import confined
from .provenance import SourceUse


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
                ) -> tuple[list[QAExample], SourceUse]:
    """The examples of ``source`` from ``path`` if given, else from the hub (refused when offline), and
    what was read (file name and sha256, or hub id, and the examples' digest) for the card."""
    if path is not None:
        if path.is_dir():
            inner = confined(path, source.file, f"source {source.name}: file") if source.file else None
            if inner is None or not inner.exists():
                examples = _from_hub(source, str(path), offline=True, cache_dir=cache_dir)
                return examples, _use(source, "hub mirror", path.name, "", examples)
            path = inner
        try:
            _, examples = read_examples(path, source.format)
        except UnicodeDecodeError as err:
            raise ReleaseError(f"{path}: byte {err.start}: not UTF-8 text ({err.reason}); source "
                               f"{source.name}") from None
        if source.format == "mrqa" and source.subset:
            wrong = sorted({e.dataset for e in examples} - {source.subset})
            if wrong:
                raise ReleaseError(f"{path}: source {source.name} expects MRQA subset {source.subset!r}, "
                                   f"the file holds {wrong}")
        return examples, _use(source, "file", path.name, sha256_file(path), examples)
    if offline:
        raise ReleaseError(f"source {source.name}: --offline is set and no local copy was given; "
                           f"pass --source {source.name}=PATH (a {source.file or source.format} file or a "
                           "mirror folder)")
    if not source.hub_repo:
        raise ReleaseError(f"source {source.name}: no hub repo in the release definition; pass --source")
    examples = _from_hub(source, source.hub_repo, offline=False, cache_dir=cache_dir)
    return examples, _use(source, "hub", source.hub_repo, "", examples)


def _use(source: Source, kind: str, location: str, sha256: str, examples: list[QAExample]) -> SourceUse:
    upstream = None
    if source.hub_repo:
        upstream = source.hub_repo + "".join(f", {x}" for x in (source.subset, source.split) if x)
    return SourceUse(source.name, kind, location, sha256, examples_digest(examples), len(examples), upstream)


def _from_hub(source: Source, repo: str, *, offline: bool, cache_dir: Path | None) -> list[QAExample]:
    if offline:
        os.environ["HF_HUB_OFFLINE"] = "1"
        import datasets.config

        datasets.config.HF_HUB_OFFLINE = True  # the variable is read at import time
    try:
        examples = load_hub_examples(repo, source.split, subset=source.subset,
                                     cache_dir=str(cache_dir) if cache_dir else None)
    except Exception as err:  # datasets/huggingface_hub/httpx errors share no base class but Exception
        if isinstance(err, (ReleaseError, InputError)) and not isinstance(err, HubUnreachable):
            raise
        where = "offline (HF_HUB_OFFLINE) and not in the cache" if offline else "unreachable or refused"
        raise ReleaseError(f"source {source.name}: cannot load {repo} (split {source.split!r}, subset "
                           f"{source.subset!r}) with datasets: {where}: {type(err).__name__}: "
                           f"{str(err)[:300]}; pass --source {source.name}=PATH for a local copy") from None
    if not examples:
        raise ReleaseError(f"source {source.name}: {repo} split {source.split!r} subset {source.subset!r} "
                           "is empty")
    return examples

