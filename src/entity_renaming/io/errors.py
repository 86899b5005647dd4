"""Input errors that say where: file, line and field."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any


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


def parse_json(text: str | bytes, path: str | Path, line: int | None = None) -> Any:
    """``json.loads(text)``; what it cannot read raises :class:`InputError` naming ``path`` and the line
    (``line``: where ``text`` starts in the file, for a JSON Lines record): malformed JSON, nesting too
    deep for the parser (``RecursionError``), an integer too long to convert."""
    first = line or 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(path, first + err.lineno - 1, "<json>",
                         f"malformed JSON: {err.msg} at column {err.colno}") from None
    except RecursionError:
        raise InputError(path, line, "<json>", "nested too deeply to read") from None
    except ValueError as err:  # "Exceeds the limit (4300 digits) for integer string conversion"
        decoded = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        digits = re.search(r"\d{4000,}", decoded)
        where = first + decoded.count("\n", 0, digits.start()) if digits else line
        raise InputError(path, where, "<json>", f"unreadable number: {err}") from None
