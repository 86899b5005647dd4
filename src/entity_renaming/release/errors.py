"""The one error type of release definitions, release folders and their cards."""

from __future__ import annotations


class ReleaseError(ValueError):
    """A release definition, source, release folder or dataset card is invalid; the message names the file
    and, where there is one, the line or field."""
