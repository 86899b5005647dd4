"""What a reader hands back before validation: examples in file order and where each one sits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model import QAExample


@dataclass
class Parsed:
    """Structurally valid examples of one source (file or hub split), not yet checked for content.

    ``line_of(i)`` is the line of ``examples[i]`` in ``path`` (``None`` where there are no lines); readers
    may compute it lazily, so that lines cost nothing unless an error is reported. ``typed``: the reader
    checked every field's type (examples from Python or hub rows are checked by validation);
    ``surrogates``: the source may hold lone surrogates (a file reader that saw no ``\\uD800``-``\\uDFFF``
    escape says it cannot).
    """

    path: str | Path
    meta: dict[str, Any]
    examples: list[QAExample]
    line_of: Callable[[int], int | None]
    typed: bool = True
    surrogates: bool = True

    def located(self, i: int) -> tuple[str, int | None]:
        """``(path, line)`` of ``examples[i]`` for messages; ``(f"{path}: row {i}", None)`` without lines."""
        line = self.line_of(i)
        return (str(self.path), line) if line is not None else (f"{self.path}: row {i}", None)

    def where(self, i: int) -> str:
        """``file:line`` (or ``source: row i``) of ``examples[i]``, for messages."""
        path, line = self.located(i)
        return f"{path}:{line}" if line is not None else path
