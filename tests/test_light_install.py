"""The light install: building benchmarks works without torch, transformers, tokenizers, matplotlib
or stanza, and the commands that need them say which extra to install.

The optional packages are hidden from a subprocess's import system (``sys.meta_path``'s path finder is
wrapped so that they are neither importable nor listed as installed distributions), which is what a
``pip install entity-renamed-mrqa`` without extras looks like to the package.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Distribution names (``-``); module names are the same with ``_``. The curated-transformers plugin and
#: its libraries come with the ``[trf]`` extra (a light install has none: spaCy would import them on load).
OPTIONAL = ("torch", "transformers", "tokenizers", "matplotlib", "stanza", "spacy-curated-transformers",
            "curated-transformers", "curated-tokenizers")

HIDE = textwrap.dedent(
    f"""
    import importlib.machinery, sys
    HIDDEN = {set(OPTIONAL)!r}
    PathFinder = importlib.machinery.PathFinder

    class Hider:
        @classmethod
        def find_spec(cls, name, path=None, target=None):
            hidden = name.split(".")[0].replace("_", "-") in HIDDEN
            return None if hidden else PathFinder.find_spec(name, path, target)

        @classmethod
        def find_distributions(cls, *args, **kwargs):
            found = PathFinder.find_distributions(*args, **kwargs)
            return (d for d in found if d.metadata["Name"].lower().replace("_", "-") not in HIDDEN)

        @classmethod
        def invalidate_caches(cls):
            PathFinder.invalidate_caches()

    sys.meta_path[:] = [Hider if f is PathFinder else f for f in sys.meta_path]
    """
)


def run_hidden(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", HIDE + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )


def test_core_dependencies_have_no_deep_learning_stack():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {dep.split(";")[0].split("[")[0].split("=")[0].split(">")[0].split("<")[0].strip().lower()
             for dep in meta["dependencies"]}
    assert not names & set(OPTIONAL)
    extras = meta["optional-dependencies"]
    assert {"eval", "icl", "stanza", "test"} <= set(extras)
    assert any(d.startswith("torch") for d in extras["eval"])
    # the README installs `[test]`, and the test suite needs every extra
    assert any("eval" in d and "icl" in d and "stanza" in d for d in extras["test"])


def test_build_benchmark_runs_without_optional_packages(tmp_path):
    done = run_hidden(
        f"""
        from entity_renaming.cli.build_benchmark import main
        code = main(["--demo", "--out", {str(tmp_path / "demo")!r}, "--ner-cache", {str(tmp_path / "ner")!r}])
        loaded = sorted(m for m in sys.modules if m.split(".")[0].replace("_", "-") in HIDDEN)
        print("LOADED", loaded)
        sys.exit(code)
        """
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "LOADED []" in done.stdout
    manifest = (tmp_path / "demo" / "manifest.json").read_text(encoding="utf-8")
    assert '"configs"' in manifest


def test_evaluation_commands_name_the_extra_to_install(tmp_path):
    done = run_hidden(
        f"""
        from entity_renaming.evaluation import cli
        from entity_renaming.icl import cli as icl_cli
        out = {str(tmp_path)!r}
        print("EVAL", cli.main(["--model", "m", "--release", out, "--out", out]))
        print("ICL", icl_cli.main(["--input", "x.json", "--model", "m", "--out", out]))
        """
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "EVAL 2" in done.stdout and "ICL 2" in done.stdout
    assert "evaluate-benchmark needs torch" in done.stderr
    assert "pip install 'entity-renamed-mrqa[eval]'" in done.stderr
    assert "pip install 'entity-renamed-mrqa[icl]'" in done.stderr
    assert "Traceback" not in done.stderr
