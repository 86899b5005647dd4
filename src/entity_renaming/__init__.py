"""entity-renamed-mrqa: rename answer entities in extractive-QA data (Yan et al. 2022, EntSwap).

The public API (documented in :mod:`entity_renaming.api`)::

    from entity_renaming import read, rename, write
    result = rename(read("dev.jsonl.gz"), perturbation="dbname", entity_type="per", seed=0)
    write("dev-per-dbname-seed0.jsonl.gz", result.examples)

Names are imported on first use, so ``import entity_renaming`` stays light for the command lines.
"""

from __future__ import annotations

from typing import Any

from .checksums import package_version as _package_version

#: The installed version (package metadata; ``0+unknown`` in a bare checkout).
__version__ = _package_version()

__all__ = [
    "DEMO_PATH",
    "Answer",
    "ConfigResult",
    "ConfigSpec",
    "DatasetRenamer",
    "ENTITY_TYPES",
    "Edit",
    "PERTURBATION_NAMES",
    "QAExample",
    "Renaming",
    "Skip",
    "Substitution",
    "example_to_row",
    "read",
    "rename",
    "rename_configs",
    "rename_dataset",
    "row_to_example",
    "write",
]

_FROM = {
    **dict.fromkeys(("Answer", "Edit", "QAExample", "Renaming", "Skip", "Substitution"), "model"),
    **dict.fromkeys(("ConfigResult", "ConfigSpec"), "configs"),
}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'entity_renaming' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{_FROM.get(name, 'api')}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
