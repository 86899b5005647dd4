"""Install this checkout (README, Set-up, command 1): ``python install.py`` installs ``-e ".[test]"``.

PyTorch comes first, on its own: from the PyTorch CPU wheel index (``$TORCH_INDEX``, default
https://download.pytorch.org/whl/cpu: a few hundred MB) when that index answers one probe within
``$TORCH_INDEX_TIMEOUT`` seconds (default 10). An installed torch is kept (a CPU build installed
beforehand, a GPU build matching the driver). Then the package with its extras, from the configured
package index only: pip never retries an index that does not answer. Where the CPU index is unreachable
and no torch is installed, torch comes from the configured index, which on Linux x86_64 is PyPI's CUDA
build (several GB): point ``$TORCH_INDEX`` at a mirror of the CPU wheels, or install a CPU build of torch
first, to avoid it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
import urllib.request
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DEFAULT_INDEX = "https://download.pytorch.org/whl/cpu"


def torch_requirement(root: Path = ROOT) -> str:
    """The torch requirement of the ``[eval]`` extra in ``pyproject.toml`` (``torch>=2.4``)."""
    extras = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    return next(r for r in extras["eval"] if r.split(">")[0].split("=")[0].split("<")[0].strip() == "torch")


def index_answers(index: str, timeout: float) -> bool:
    """One request for the index's ``torch/`` page: does it answer within ``timeout`` seconds?"""
    try:
        with urllib.request.urlopen(f"{index.rstrip('/')}/torch/", timeout=timeout):
            return True
    except (OSError, ValueError):
        return False


def installed_torch() -> str | None:
    """The installed torch's version: pip keeps it when it satisfies the requirement."""
    try:
        return metadata.version("torch")
    except metadata.PackageNotFoundError:
        return None


def plan(extras: str, *, index: str, reachable: bool, have_torch: bool, torch_req: str) -> list[list[str]]:
    """The pip commands to run, in order."""
    pip = [sys.executable, "-m", "pip", "install", "--quiet"]
    steps = []
    if not have_torch and reachable:
        # --index-url: only this index, as PyTorch documents it; its torch is the +cpu build.
        steps.append([*pip, "--index-url", index, torch_req])
    steps.append([*pip, "-e", f"{ROOT}[{extras}]"])
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python install.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--extras", default="test",
                        help="extras to install with the package (default test: every extra the tests use)")
    parser.add_argument("--dry-run", action="store_true", help="print the pip commands, run nothing")
    args = parser.parse_args(argv)
    index = os.environ.get("TORCH_INDEX", DEFAULT_INDEX)
    timeout = float(os.environ.get("TORCH_INDEX_TIMEOUT", "10"))
    torch_req = torch_requirement()
    have = installed_torch()
    have_torch = have is not None
    reachable = not have_torch and index_answers(index, timeout)
    if have_torch:
        print(f"install.py: torch {have} is installed: kept where it satisfies {torch_req}")
    elif not reachable:
        print(f"install.py: note: {index} does not answer; torch comes from the configured package index "
              "(on Linux x86_64 PyPI's CUDA build, several GB; set TORCH_INDEX to a mirror of the CPU "
              "wheels, or install a CPU build of torch first, to avoid it)", file=sys.stderr)
    for step in plan(args.extras, index=index, reachable=reachable, have_torch=have_torch,
                     torch_req=torch_req):
        print("+ python", " ".join(step[1:]), flush=True)
        if not args.dry_run:
            subprocess.run(step, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
