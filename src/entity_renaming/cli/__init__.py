"""Command lines: ``build-benchmark`` (:mod:`.build_benchmark`) and what every command shares."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

_RST = re.compile(r":(?:func|class|mod|meth|data|attr):`([^`]+)`|``([^`]+)``")


def add_version(parser: argparse.ArgumentParser) -> None:
    """``--version``: the command name and the installed package version."""
    from ..checksums import package_version

    parser.add_argument("--version", action="version",
                        version=f"%(prog)s (entity-renamed-mrqa) {package_version()}")


def _unmark(match: re.Match) -> str:
    role = match.group(1)
    if role is None:
        return match.group(2)
    return role[1:].rsplit(".", 1)[-1] if role.startswith("~") else role


def plain(doc: str | None) -> str:
    """A docstring as ``--help`` text: reST roles and literals (``x``) without their markup."""
    return _RST.sub(_unmark, doc or "")


class DeprecatedAlias(argparse.Action):
    """A hidden old spelling of an option: stores into the new option's ``dest`` and says so on stderr."""

    def __init__(self, option_strings, dest, *, new: str, **kwargs) -> None:
        super().__init__(option_strings, dest, help=argparse.SUPPRESS, **kwargs)
        self.new = new

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"{parser.prog}: warning: {option_string} is deprecated; use {self.new}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_ner_cache(parser: argparse.ArgumentParser | argparse._ArgumentGroup, help: str) -> None:
    """``--ner-cache DIR``, every command's one name for the NER cache (``--ner-cache-dir``: a hidden,
    deprecated alias)."""
    parser.add_argument("--ner-cache", type=Path, metavar="DIR", help=help)
    parser.add_argument("--ner-cache-dir", type=Path, dest="ner_cache", action=DeprecatedAlias,
                        new="--ner-cache")


def print_written(prog: str, written: Callable[[], Iterable[Path]],
                  errors: tuple[type[BaseException], ...]) -> int:
    """Run a command that yields the paths it writes, printing each; one of ``errors`` is printed as
    ``prog: error: …`` and gives exit status 2."""
    try:
        for path in written():
            print(path)
    except errors as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return 2
    return 0
