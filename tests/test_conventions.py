"""Conventions users expect of every command: ``--help`` that explains itself (no broken line
continuations, no raw reST, defaults stated, examples), ``--version``, one name per option across commands,
``entity_renaming.__version__``, a LICENSE and a valid CITATION.cff."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml

import entity_renaming

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
#: A line continuation swallowed inside a help string (``--entswap-ablations       --seeds``), reST markup.
BROKEN = re.compile(r"\S {3,}--\w|``|:(?:func|class|mod|meth|data):`")


class _Parsed(Exception):
    pass


def parser_of(script: str, monkeypatch) -> argparse.ArgumentParser:
    """The parser a console script builds (caught at ``parse_args``)."""
    module, func = SCRIPTS[script].split(":")
    main = getattr(importlib.import_module(module), func)
    found = {}

    def grab(self, *args, **kwargs):
        found["parser"] = self
        raise _Parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", grab)
    with pytest.raises(_Parsed):
        main([])
    return found["parser"]


def run_main(script: str, argv: list[str]) -> tuple[int, str]:
    module, func = SCRIPTS[script].split(":")
    main = getattr(importlib.import_module(module), func)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
        main(argv)
    return done.value.code, out.getvalue()


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_help_reads_well_and_version_is_the_package_version(script, monkeypatch):
    code, text = run_main(script, ["--help"])
    assert code == 0 and text.startswith("usage:")
    assert not BROKEN.findall(text), f"{script} --help: {BROKEN.findall(text)}"
    code, version = run_main(script, ["--version"])
    assert code == 0 and version.split() == [script, "(entity-renamed-mrqa)", entity_renaming.__version__]
    parser = parser_of(script, monkeypatch)
    for action in parser._actions:
        if action.help in (None, argparse.SUPPRESS) or isinstance(
                action, argparse._HelpAction | argparse._VersionAction):
            continue
        if action.default not in (None, False, [], argparse.SUPPRESS):
            assert "default" in action.help, (f"{script} {action.option_strings}: default "
                                              f"{action.default!r} not stated in its help")
    if script in ("build-benchmark", "evaluate-benchmark", "icl-evaluate", "audit-renamings"):
        assert "example" in (parser.epilog or ""), f"{script} --help shows no example"


def test_console_scripts_are_installed_with_help_and_version():
    """The installed entry points themselves (a fresh process each)."""
    for script in ("build-benchmark", "audit-renamings"):
        done = subprocess.run([Path(sys.executable).parent / script, "--version"], capture_output=True,
                              text=True, check=False)
        assert done.returncode == 0 and entity_renaming.__version__ in done.stdout


def test_one_name_for_the_ner_cache_option(monkeypatch, capsys):
    for script in SCRIPTS:
        options = {o for a in parser_of(script, monkeypatch)._actions for o in a.option_strings
                   if a.help != argparse.SUPPRESS}
        assert "--ner-cache-dir" not in options
    monkeypatch.undo()
    from entity_renaming.icl.cli import build_parser

    args = build_parser().parse_args(["--input", "x.json", "--model", "m", "--out", "o",
                                      "--ner-cache-dir", "old"])
    assert args.ner_cache == Path("old") and "--ner-cache-dir is deprecated" in capsys.readouterr().err
    args = build_parser().parse_args(["--input", "x.json", "--model", "m", "--out", "o",
                                      "--ner-cache", "new"])
    assert args.ner_cache == Path("new")


def test_version_comes_from_the_package_metadata():
    assert entity_renaming.__version__ == metadata.version("entity-renamed-mrqa")
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", entity_renaming.__version__)


def test_licence_and_citation():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in licence and "Version 2.0, January 2004" in licence
    assert "END OF TERMS AND CONDITIONS" in licence
    assert "Apache-2.0" in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["license"]["text"]
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0" and cff["message"] and cff["title"] == "entity-renamed-mrqa"
    assert cff["type"] == "software" and cff["license"] == "Apache-2.0" and cff["authors"]
    assert cff["version"] == metadata.version("entity-renamed-mrqa")
    refs = {r["title"]: r for r in cff["references"]}
    yan = refs["On the Robustness of Reading Comprehension Models to Entity Renaming"]
    assert yan["year"] == 2022 and "NAACL" in yan["conference"]["name"]
    assert any(r["authors"][0]["family-names"] == "Siro" and r["year"] == 2023 for r in refs.values())
    for ref in cff["references"]:
        assert ref["type"] and ref["authors"] and all("family-names" in a for a in ref["authors"])


def test_audit_guide_ships_with_the_package():
    from entity_renaming.entswap.audit import guide_path

    guide = guide_path().read_text(encoding="utf-8")
    assert "Recall" in guide and "Precision" in guide and "audit-renamings --tally" in guide
    include = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"][
        "targets"]["wheel"]["force-include"]
    assert include["cards"] == "entity_renaming/_bundled/cards" and guide_path().parent.name == "cards"
