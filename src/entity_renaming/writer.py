"""The one writer of built configs, for ``build-benchmark --out`` and ``--release`` alike.

A :class:`Writer` owns one output folder: it locks it (a second build into the same folder stops with a
clear error), writes every file atomically (temporary file + ``os.replace``, so no manifest ever records
the sha256 of a partial file) and keeps a manifest that records, per config, its files with their sha256,
its counts, a skip-reason summary and what it was built with (``built_with``: input sha256, NER backend
key with model and version, bank-tree sha256, package version and source sha256, builder and perturbation
parameters) with its :func:`~entity_renaming.checksums.fingerprint`. The manifest is rewritten after every
config, so an interrupted build resumes: a config is reused only when its fingerprint is unchanged and every
one of its files still has its recorded sha256.

What goes on disk per config is the :class:`Layout`'s business: :class:`NativeLayout` (files in the
input's format, gzip-compressed renamings, skip accounting) or the release's parquet layout
(:mod:`entity_renaming.release.writer`).

Skip accounting (native layout): every input example of every config is emitted, listed in
``skipped.jsonl`` (a renaming that failed, with its reason) or out of the config's scope (no perturbable
entity of its type). Out-of-scope ids are stored once per distinct (reason, id list) in
``out-of-scope.jsonl.gz``; each config's manifest entry names its list by sha256 (``out_of_scope``).

Names left out of emitted examples (EntSwap renames some names of a passage and leaves others) go to the
same file: a config's records (``ConfigResult.left_out``) are stored once per distinct list, named by
sha256 in the manifest entry (``left_out``), one line per passage group: ``{"sha256", "reason":
"names left out by the rules", "passage": "{article}#{n}", "count", "example_ids", "left_out":
[{"surface", "category", "rules": [rule id, ...]}, ...]}`` (:func:`left_out`).
"""

from __future__ import annotations

import fcntl
import gzip
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import orjson

from .checksums import package_version, sha256_bytes, sha256_file
from .configs import ConfigResult
from .damaged import move_aside
from .io import file_suffix, get_format, write_examples
from .model import QAExample, SourceFormat
from .quality import linter_for

PARTS = ".parts"
SKIPPED = "skipped.jsonl"
OUT_OF_SCOPE = "out-of-scope.jsonl.gz"
#: The ``reason`` of an out-of-scope line that lists the names a passage group left out (not examples).
LEFT_OUT_REASON = "names left out by the rules"
TMP_PREFIX = ".tmp-"


class OutputError(ValueError):
    """The output folder cannot be written (locked by another build, unreadable manifest, ...)."""


# ----------------------------------------------------------------------------------------------- files


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace`` (which
    replaces a link at ``path``; a link at the temporary name is not followed either)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{TMP_PREFIX}{os.getpid()}-{path.name}")  # workers may write the same file
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def gzip_bytes(data: bytes) -> bytes:
    """gzip with no name and mtime 0, level 3 like the data files: the same bytes give the same file."""
    return gzip.compress(data, compresslevel=3, mtime=0)


def jsonl_bytes(rows: Iterable[Any]) -> bytes:
    """JSON lines (orjson: compact, UTF-8, deterministic for the same rows)."""
    return b"".join(orjson.dumps(r) + b"\n" for r in rows)


def read_jsonl_gz(path: Path) -> list[Any]:
    with gzip.open(path, "rb") as handle:
        return [orjson.loads(line) for line in handle]


def dump_json(path: Path, data: Any) -> None:
    atomic_write(path, (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))


def read_manifest(path: Path) -> dict[str, Any] | None:
    """The manifest at ``path``; ``None`` when absent. An unreadable one (truncated by a crash, edited by
    hand) is moved aside to ``<name>.corrupt`` with a warning naming it and treated as absent: every config
    is rebuilt, nothing else is lost."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("configs", {}), dict):
            raise ValueError("field 'configs': expected a mapping")
        return data
    except (ValueError, UnicodeDecodeError) as err:
        where = f"line {err.lineno}: " if isinstance(err, json.JSONDecodeError) else ""
        move_aside(path, f"{where}unreadable manifest ({err})", "every config is rebuilt")
        return None


def _own_entries(out: Path) -> Iterator[os.DirEntry]:
    """The entries of ``out`` where a writer keeps its files: the top level and one folder down
    (``.parts/…``, ``<config>/<shard>``); links are listed, not followed."""
    with os.scandir(out) as top:
        for entry in top:
            yield entry
            if entry.is_dir(follow_symlinks=False):
                with os.scandir(entry.path) as inner:
                    yield from inner


def check_own_tree(out: Path) -> list[Path]:
    """An :class:`OutputError` naming the first symbolic link where the writer keeps its files (a link
    there would make it write, read or delete through it, outside ``out``); else the temporary files an
    interrupted build left (to delete)."""
    stale = []
    for entry in _own_entries(out):
        if entry.is_symlink():
            raise OutputError(f"{entry.path}: a symbolic link (to {os.readlink(entry.path)}) in the output "
                              f"folder; the writer writes, reads and deletes only its own files inside {out} "
                              "and never follows a link: remove it or choose another output folder")
        if entry.name.startswith(TMP_PREFIX) and entry.is_file(follow_symlinks=False):
            stale.append(Path(entry.path))
    return stale


class FolderLock:
    """An exclusive ``flock`` on the output folder itself (no lock file is left behind), held while a build
    writes it; a second build into the same folder stops at once with a clear error."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(folder, os.O_RDONLY)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._fd)
            self._fd = None
            raise OutputError(f"{folder}: another build is writing to this folder; wait for it to finish "
                              "or choose another output folder") from None

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


# ------------------------------------------------------------------------------------------ skip reasons

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_NUMBER = re.compile(r"\d+")
_SHA256 = re.compile(r"[0-9a-f]{64}")


@lru_cache(maxsize=4096)
def skip_reason_kind(reason: str) -> str:
    """The kind of a skip reason, for counting: the text before the first ``": "`` with quoted names and
    numbers masked (``renamed answer '…' differs from the renamed passage slice '…'``)."""
    head = reason.split(": ", 1)[0].strip()
    return _NUMBER.sub("N", _QUOTED.sub("'…'", head))


def is_out_of_scope(reason_kind: str) -> bool:
    """Skips of the form ``no perturbable …`` (the pipeline's ``no perturbable per answer entity``): nothing
    to rename in that example for that config, as opposed to a renaming that was refused. Custom builders
    (EntSwap) word such skips the same way."""
    return reason_kind.startswith("no perturbable")


# ------------------------------------------------------------------------------------------------ entries


@dataclass
class ConfigEntry:
    """What the manifest records for one built config."""

    name: str
    format: SourceFormat
    fingerprint: str
    built_with: dict[str, Any]
    file: str
    sha256: str
    num_examples: int
    num_bytes: int
    num_input: int
    num_skipped: int
    num_edits: int
    skip_reasons: dict[str, int]
    #: every other file of the config (renamings, skip list, out-of-scope ids) → sha256
    files: dict[str, str] = field(default_factory=dict)
    #: out-of-scope skip reason → sha256 of its id list (one line of ``out-of-scope.jsonl.gz``)
    out_of_scope: dict[str, str] = field(default_factory=dict)
    #: sha256 of the config's left-out names (lines of ``out-of-scope.jsonl.gz``), ``""`` when none
    left_out: str = ""
    source: str = ""
    group: str = ""
    #: the renamings file (``None`` when the data file holds them, as release shards do)
    renamings: str | None = None
    #: the config's quality lint (:mod:`entity_renaming.quality`), when the input examples were given
    quality: dict[str, Any] = field(default_factory=dict)

    def num_out_of_scope(self) -> int:
        return sum(c for r, c in self.skip_reasons.items() if is_out_of_scope(r))

    def all_files(self) -> dict[str, str]:
        return {self.file: self.sha256, **self.files}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConfigEntry | None:
        """The entry, or ``None`` for one written by another version of the writer or damaged (rebuilt)."""
        try:
            entry = cls(**data)
        except TypeError:
            return None
        lists = entry.out_of_scope.values() if isinstance(entry.out_of_scope, dict) else [None]
        ok = isinstance(entry.files, dict) and all(isinstance(d, str) and _SHA256.fullmatch(d) for d in lists)
        return entry if ok else None


@dataclass(frozen=True)
class Written:
    """Files a layout wrote for one config: the data file first, then the others (paths relative to the
    output folder, each with its sha256), and the data's size."""

    data: tuple[str, str]
    others: dict[str, str]
    num_bytes: int
    #: the renamings file among ``others`` (``None`` when the data file holds them)
    renamings: str | None = None


class Layout(Protocol):
    """How a config goes on disk (the writer does the rest)."""

    manifest_name: str
    #: keep per-config skip lists and out-of-scope id lists (and assemble them in ``finish``)
    keeps_skips: bool

    def write_config(self, out: Path, result: ConfigResult, fmt: SourceFormat) -> Written: ...


class NativeLayout:
    """Files in the input's format (``{config}.jsonl[.gz]`` / ``.json``) and
    ``{config}.renamings.jsonl.gz``."""

    manifest_name = "manifest.json"
    keeps_skips = True

    def __init__(self, fmt: SourceFormat, meta: dict[str, Any] | None, compressed: bool) -> None:
        self.fmt, self.meta, self.suffix = fmt, meta or {}, file_suffix(fmt, compressed)

    def write_config(self, out: Path, result: ConfigResult, fmt: SourceFormat) -> Written:
        data = out / f"{result.name}{self.suffix}"
        tmp = data.with_name(f"{TMP_PREFIX}{data.name}")
        meta = get_format(self.fmt).config_meta(self.meta, result.name)  # names the config, even when empty
        write_examples(tmp, result.examples, self.fmt, meta)
        os.replace(tmp, data)
        renamings = f"{result.name}.renamings.jsonl.gz"
        blob = gzip_bytes(jsonl_bytes(result.renamings))  # orjson writes the dataclasses as Renaming.to_json
        atomic_write(out / renamings, blob)
        return Written((data.name, sha256_file(data)), {renamings: sha256_bytes(blob)}, data.stat().st_size,
                       renamings)


# ------------------------------------------------------------------------------------------------ writer


class Writer:
    """Owns one output folder: ``is_done`` / ``write`` (or ``write_files`` in a worker + ``record``) per
    config, then ``finish``. Use as a context manager (the folder lock is released on exit)."""

    def __init__(self, out: Path, layout: Layout, header: dict[str, Any]) -> None:
        self.out, self.layout = Path(out), layout
        self.lock = FolderLock(self.out)
        try:
            stale = check_own_tree(self.out)
        except OutputError:
            self.lock.release()
            raise
        for path in stale:  # left by an interrupted build
            path.unlink()
        self.manifest: dict[str, Any] = {"package": "entity-renamed-mrqa",
                                         "package_version": package_version(), **header, "configs": {}}
        old = read_manifest(self.out / layout.manifest_name) or {}
        self.manifest["configs"] = old.get("configs", {})
        self.reused: list[str] = []
        self.built: list[str] = []
        self._scopes: dict[str, tuple[str, str, str]] = {}  # out-of-scope lists written by this process

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.lock.release()

    def entry(self, name: str) -> ConfigEntry | None:
        data = self.manifest["configs"].get(name)
        return ConfigEntry.from_json(data) if isinstance(data, dict) else None

    def is_done(self, name: str, fingerprint: str) -> bool:
        """True when ``name`` was built with the same inputs (fingerprint) and all its files are intact."""
        entry = self.entry(name)
        if entry is None or entry.fingerprint != fingerprint:
            return False
        paths = [(self.own(f), h) for f, h in entry.all_files().items()]
        done = all(p is not None and p.is_file() and sha256_file(p) == h for p, h in paths)
        if done and name not in self.reused:
            self.reused.append(name)
        return done

    def own(self, rel: object) -> Path | None:
        """``out / rel`` when a manifest path ``rel`` names a file inside the output folder, else ``None``
        (a planted or damaged entry never makes the writer read, keep or delete another file)."""
        if not isinstance(rel, str) or not rel:
            return None
        path, root = self.out / rel, self.out.resolve()
        resolved = path.resolve()
        return path if resolved.is_relative_to(root) and resolved != root else None

    def write_files(self, result: ConfigResult, *, fmt: SourceFormat, built_with: dict[str, Any],
                    fingerprint: str, num_input: int, source: str = "", group: str = "",
                    originals: list[QAExample] | None = None) -> ConfigEntry:
        """Write one config's files (safe in a worker process: touches no shared state) and return its
        manifest entry; ``record`` it in the process that owns the manifest."""
        if len(result.examples) + len(result.skipped) != num_input:
            raise ValueError(f"config {result.name}: {len(result.examples)} emitted + {len(result.skipped)} "
                             f"skipped != {num_input} input examples")
        written = self.layout.write_config(self.out, result, fmt)
        others = dict(written.others)
        kinds = [skip_reason_kind(s.reason) for s in result.skipped]
        out_of_scope: dict[str, str] = {}
        left = ""
        if self.layout.keeps_skips:
            scope: dict[str, list[str]] = {}
            failures = []
            for skip, kind in zip(result.skipped, kinds, strict=True):
                if is_out_of_scope(kind):
                    scope.setdefault(skip.reason, []).append(skip.example_id)
                else:
                    failures.append({"config": skip.config, "example_id": skip.example_id,
                                     "reason": skip.reason})
            part = f"{PARTS}/{result.name}.skipped.jsonl"
            blob = jsonl_bytes(failures)
            atomic_write(self.out / part, blob)
            others[part] = sha256_bytes(blob)
            for reason, ids in scope.items():
                digest, rel, file_sha = self._write_scope(reason, ids)
                out_of_scope[reason] = digest
                others[rel] = file_sha
            if result.left_out:
                left, rel, file_sha = self._write_part("left-out", {"passages": result.left_out})
                others[rel] = file_sha
        entry = ConfigEntry(
            name=result.name, format=fmt, fingerprint=fingerprint,
            built_with=built_with, file=written.data[0], sha256=written.data[1],
            num_examples=len(result.examples), num_bytes=written.num_bytes, num_input=num_input,
            num_skipped=len(result.skipped), num_edits=sum(len(r.edits) for r in result.renamings),
            skip_reasons=dict(sorted(Counter(kinds).items())), files=others, out_of_scope=out_of_scope,
            left_out=left,
            source=source, group=group, renamings=written.renamings,
            quality=linter_for(originals).lint(result.examples, result.renamings) if originals else {})
        return entry

    def _write_scope(self, reason: str, ids: list[str]) -> tuple[str, str, str]:
        """Store an out-of-scope id list once, content-addressed (configs of one entity type share it):
        its sha256, path and file sha256; compressed and written once per process."""
        return self._write_part("scope", {"reason": reason, "example_ids": ids},
                                sha256_bytes(orjson.dumps([reason, ids])))

    def _write_part(self, kind: str, payload: dict[str, Any], digest: str = "") -> tuple[str, str, str]:
        """Store ``payload`` once as ``.parts/{kind}-{digest}.json.gz`` (``digest``: its sha256 unless
        given): its digest, path and file sha256."""
        digest = digest or sha256_bytes(orjson.dumps(payload))
        if digest in self._scopes:
            return self._scopes[digest]
        rel = f"{PARTS}/{kind}-{digest[:32]}.json.gz"
        blob = gzip_bytes(orjson.dumps(payload))
        path, file_sha = self.out / rel, sha256_bytes(blob)
        if not path.is_file() or sha256_file(path) != file_sha:
            atomic_write(path, blob)
        self._scopes[digest] = digest, rel, file_sha
        return digest, rel, file_sha

    def record(self, entry: ConfigEntry) -> None:
        """Add a written config to the manifest and save it (atomically)."""
        self.manifest["configs"][entry.name] = asdict(entry)
        if entry.name not in self.built:
            self.built.append(entry.name)
        self.save()

    def write(self, result: ConfigResult, **kwargs: Any) -> ConfigEntry:
        entry = self.write_files(result, **kwargs)
        self.record(entry)
        return entry

    def save(self) -> None:
        dump_json(self.out / self.layout.manifest_name, self.manifest)

    def entries(self) -> list[ConfigEntry]:
        return [e for e in map(ConfigEntry.from_json, self.manifest["configs"].values()) if e is not None]

    def finish(self, order: list[str], documents: dict[str, str] | None = None,
               **fields: Any) -> dict[str, Any]:
        """Keep ``order``'s configs (files of other configs are removed), write ``documents`` (name → text),
        the assembled skip accounting (native layout) and the final manifest with every file's sha256."""
        missing = [n for n in order if self.entry(n) is None]
        if missing:
            raise ValueError(f"configs not built: {missing[:5]}")
        self._remove_stale(set(order))
        self.manifest["configs"] = {n: self.manifest["configs"][n] for n in order}
        self.manifest.update(fields)
        files: dict[str, str] = {}
        for name, text in (documents or {}).items():
            blob = text.encode("utf-8")
            atomic_write(self.out / name, blob)
            files[name] = sha256_bytes(blob)
        entries = [e for e in (self.entry(n) for n in order) if e is not None]
        if self.layout.keeps_skips:
            files.update(self._assemble_skips(entries))
        for e in entries:
            files.update({e.file: e.sha256, **{f: h for f, h in e.files.items() if not f.startswith(PARTS)}})
        self.manifest["files"] = dict(sorted(files.items()))
        self.save()
        return self.manifest

    def _assemble_skips(self, entries: list[ConfigEntry]) -> dict[str, str]:
        referenced = {f for e in entries for f in e.files if f.startswith(PARTS)}
        for part in (self.out / PARTS).glob("*"):  # lists of configs or settings no longer built
            if f"{PARTS}/{part.name}" not in referenced:
                part.unlink()
        failures = b"".join((self.out / PARTS / f"{e.name}.skipped.jsonl").read_bytes() for e in entries)
        atomic_write(self.out / SKIPPED, failures)
        lines, seen = [], set()
        for e in entries:
            for reason, digest in e.out_of_scope.items():
                if digest in seen:
                    continue
                seen.add(digest)
                data = read_jsonl_gz(self.out / PARTS / f"scope-{digest[:32]}.json.gz")[0]
                lines.append({"sha256": digest, "reason": reason, "count": len(data["example_ids"]),
                              "example_ids": data["example_ids"]})
        for e in entries:
            if e.left_out and e.left_out not in seen:
                seen.add(e.left_out)
                data = read_jsonl_gz(self.out / PARTS / f"left-out-{e.left_out[:32]}.json.gz")[0]
                lines += [{"sha256": e.left_out, "reason": LEFT_OUT_REASON, "passage": p["passage"],
                           "count": len(p["example_ids"]), "example_ids": p["example_ids"],
                           "left_out": p["left_out"]} for p in data["passages"]]
        scope = gzip_bytes(jsonl_bytes(lines))
        atomic_write(self.out / OUT_OF_SCOPE, scope)
        return {SKIPPED: sha256_bytes(failures), OUT_OF_SCOPE: sha256_bytes(scope)}

    def _remove_stale(self, keep: set[str]) -> None:
        """Delete the files of configs an earlier build made that this build no longer lists (only files
        inside the output folder)."""
        root = self.out.resolve()
        shared = {f for n in keep if (e := self.entry(n)) for f in e.files}
        for name in [n for n in self.manifest["configs"] if n not in keep]:
            data = self.manifest["configs"].pop(name)
            entry = ConfigEntry.from_json(data) if isinstance(data, dict) else None
            for rel in (entry.all_files() if entry else {}):
                path = self.own(rel)
                if rel in shared or path is None:
                    continue
                path.unlink(missing_ok=True)
                folder = path.parent.resolve()
                if folder != root and folder.is_dir() and not any(folder.iterdir()):
                    folder.rmdir()

    def summary(self) -> str:
        """One line: how many configs were built and how many reused."""
        if not self.built:
            return f"{self.out}: nothing to rebuild ({len(self.reused)} configs up to date)"
        return f"{self.out}: built {len(self.built)} configs, reused {len(self.reused)} unchanged"


# ------------------------------------------------------------------------------------------------ reading


def not_emitted(out: Path, config: str, manifest_name: str = NativeLayout.manifest_name) -> dict[str, str]:
    """Example id → reason for every input example that ``config`` of the build folder ``out`` did not
    emit: the renamings that failed (``skipped.jsonl``) and the examples out of its scope
    (``out-of-scope.jsonl.gz``). With the emitted examples, these account for every input example."""
    manifest = json.loads((out / manifest_name).read_text(encoding="utf-8"))
    entry = manifest["configs"][config]
    found: dict[str, str] = {}
    with open(out / SKIPPED, "rb") as handle:
        for line in handle:
            row = orjson.loads(line)
            if row["config"] == config:
                found[row["example_id"]] = row["reason"]
    wanted = set(entry["out_of_scope"].values())
    for row in read_jsonl_gz(out / OUT_OF_SCOPE):
        if row["sha256"] in wanted:
            found.update(dict.fromkeys(row["example_ids"], row["reason"]))
    return found


def left_out(out: Path, config: str, manifest_name: str = NativeLayout.manifest_name
             ) -> dict[str, dict[str, Any]] | None:
    """Passage group → its line of ``out-of-scope.jsonl.gz`` listing the names ``config`` left out
    (``passage``, ``example_ids``, ``left_out``: surface, category, rule ids); ``None`` for a build that
    records none (made before these records, or a config whose builder keeps no such list)."""
    manifest = json.loads((out / manifest_name).read_text(encoding="utf-8"))
    digest = manifest["configs"][config].get("left_out")
    if not digest:
        return None
    return {row["passage"]: row for row in read_jsonl_gz(out / OUT_OF_SCOPE) if row["sha256"] == digest}
