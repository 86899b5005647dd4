"""The project's data folders (``builders/``, ``cards/``, ``name_banks/``, ``release/``, ``sparql/``): the
source checkout's, else the copy an installed wheel bundles (``pyproject.toml``, ``force-include``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def project_dir(name: str) -> Path:
    """The top-level folder ``name`` of the checkout, else ``entity_renaming/_bundled/<name>``."""
    checkout = Path(__file__).resolve().parents[2] / name
    if checkout.is_dir():
        return checkout
    return Path(str(resources.files("entity_renaming") / "_bundled" / name))
