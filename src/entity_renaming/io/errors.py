"""Input errors that say where: file, line and field."""

from __future__ import annotations

from pathlib import Path


class InputError(ValueError):
    """Malformed input. ``str()`` reads ``file:line: field: message``."""

    def __init__(self, path: str | Path, line: int | None, field: str, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {field}: {message}")


class HubUnreachable(InputError):
    """A hub dataset that ``datasets`` cannot load (offline, unreachable, unknown repo or split)."""


def is_int(value: object) -> bool:
    """An ``int`` that is not a ``bool`` (``True`` is an ``int`` in Python, never an offset)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_pair(value: object) -> bool:
    """``[int, int]`` (a span), bools excluded."""
    return isinstance(value, list) and len(value) == 2 and all(is_int(x) for x in value)


def require(
    record: dict,
    key: str,
    kind: type | tuple[type, ...],
    path: str | Path,
    line: int | None,
    prefix: str = "",
) -> object:
    """``record[key]`` checked for presence and type, else an :class:`InputError`."""
    name = f"{prefix}{key}"
    if not isinstance(record, dict):
        raise InputError(
            path, line, prefix.rstrip(".") or "record", f"expected an object, got {type(record).__name__}"
        )
    if key not in record:
        raise InputError(path, line, name, "missing field")
    value = record[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        expected = "/".join(k.__name__ for k in kinds)
        raise InputError(path, line, name, f"expected {expected}, got {type(value).__name__}")
    return value
