"""Confining the paths that release files name (definition, manifest) to the folder they belong to."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from .errors import ReleaseError


def relative_parts(rel: object, where: str) -> tuple[str, ...]:
    """The parts of ``rel`` when it is a relative path with no ``..``; else a :class:`ReleaseError`."""
    if not isinstance(rel, str) or not rel.strip() or "\\" in rel or "\0" in rel:
        raise ReleaseError(f"{where}: expected a relative path, got {rel!r}")
    pure = PurePosixPath(rel)
    if pure.is_absolute() or ".." in pure.parts or rel.startswith("~"):
        raise ReleaseError(f"{where}: {rel!r} points outside its folder; only relative paths inside it "
                           "are allowed")
    return pure.parts


def confined(root: Path, rel: object, where: str) -> Path:
    """``root / rel`` when ``rel`` is a relative path that stays inside ``root`` (symlinks resolved).

    ``where`` names the file and field the path came from; anything else (an absolute path, ``..``, a
    link out of ``root``, a non-string) is a :class:`ReleaseError`.
    """
    path = Path(root, *relative_parts(rel, where))
    base = Path(root).resolve()
    if not path.resolve().is_relative_to(base):
        raise ReleaseError(f"{where}: {rel!r} resolves to {path.resolve()}, outside {base}")
    return path
