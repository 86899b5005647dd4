"""The YAML front matter of a dataset card (``README.md``): the one writer and parser, for the release
card, build folders' README.md, verify and readers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import ReleaseError


def front_matter_text(meta: dict[str, Any]) -> str:
    """``meta`` as the front matter block (``---`` lines included) that :func:`front_matter` reads back."""
    return f"---\n{yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=110)}---\n"


def front_matter(readme: Path) -> dict[str, Any]:
    """The mapping between the card's leading ``---`` line and the next ``---`` line.

    Errors (unreadable, not UTF-8, no or unclosed block, invalid YAML, not a mapping) are
    :class:`ReleaseError` naming the file and, where there is one, the line.
    """
    try:
        text = Path(readme).read_bytes().decode("utf-8")
    except OSError as err:
        raise ReleaseError(f"{readme}: cannot read the dataset card: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise ReleaseError(f"{readme}: byte {err.start}: the dataset card is not UTF-8 text") from None
    lines = text.split("\n")
    if lines[0].rstrip() != "---":
        raise ReleaseError(f"{readme}:1: no YAML front matter (expected a line '---')")
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() == "---"), None)
    if end is None:
        raise ReleaseError(f"{readme}: YAML front matter is not closed (no second line '---')")
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = f":{mark.line + 2}" if mark is not None else ""
        raise ReleaseError(f"{readme}{line}: invalid YAML front matter: "
                           f"{getattr(err, 'problem', None) or err}") from None
    if not isinstance(data, dict):
        raise ReleaseError(f"{readme}: front matter is not a mapping")
    return data
