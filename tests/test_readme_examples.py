"""Every code block of README.md runs as written on a fresh clone and shows what it really prints.

Conventions of README.md, checked here:

* ```` ```python ```` and ```` ```bash ```` (or ``sh``, ``shell``) blocks are run, in README order, in a
  copy of the repository's files (what a fresh clone holds), so a block may use files an earlier block
  wrote; when a runnable block uses ``demo_out/``, set-up command 1 (``build-benchmark --demo --out
  demo_out``) is run first. Python blocks run with this Python, shell blocks with ``bash -e`` (line by
  line, stopping at the first failing line). Tracebacks and errors give README line numbers.
* A block that needs what a fresh offline machine lacks is marked by an HTML comment on the line right
  before its fence, ``<!-- needs: KIND[, KIND]: why -->``, KIND one of ``NEEDS`` below; it is not run.
  Mark honestly: prefer an example on the bundled demo data (``entity_renaming.DEMO_PATH``,
  ``build-benchmark --demo``) to a marker.
* A ```` ```text ```` block right after a runnable block (at most one line of prose between, such as
  "prints") is what that block prints on stdout; it must match (doctest's ELLIPSIS: ``...`` matches any
  text). Output written as comments inside code (``# -> ...``) cannot be checked and is refused.
* Other languages (``text``, ``yaml``, ``toml``, ``json``) are shown, not run; a fence without a
  language is refused.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: What a fresh offline machine lacks, and a marked block may need.
NEEDS = {
    "network": "the internet or a package index (pip, Wikidata, downloads)",
    "hub": "the Hugging Face Hub (datasets or model weights)",
    "gpu": "a CUDA GPU",
    "data": "a dataset file the user downloads, not in the clone (MRQA dev files, SQuAD 2.0 dev)",
}
RUN = {"python": "python", "bash": "bash", "sh": "bash", "shell": "bash"}
SHOWN = {"text", "yaml", "toml", "json"}
SETUP_BUILD = "build-benchmark --demo --out demo_out"
TIMEOUT_S = 600

FENCE = re.compile(r"^\s*```(\S*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*needs:\s*(?P<body>.*?)\s*-->\s*$")
OUTPUT_COMMENT = re.compile(r"#\s*(->|→|=>|prints\b|\[|\{|\()")


@dataclass
class Block:
    line: int  # README line of the opening fence (1-based)
    lang: str
    code: str
    marker: str | None  # the marker comment's body, None when unmarked
    output: Block | None = None  # the ```text block showing what this block prints

    @property
    def where(self) -> str:
        return f"README.md line {self.line} (```{self.lang} block)"

    @property
    def needs(self) -> list[str]:
        kinds = (self.marker or "").partition(":")[0]
        return [k.strip() for k in kinds.split(",") if k.strip()]


def parse(text: str) -> tuple[list[Block], list[str]]:
    """The fenced blocks of ``text`` and the problems of its conventions (each naming a README line)."""
    lines = text.splitlines()
    blocks: list[Block] = []
    problems: list[str] = []
    attached: set[int] = set()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        start = i
        end = next((j for j in range(i + 1, len(lines)) if FENCE.match(lines[j])), None)
        if end is None or FENCE.match(lines[end]).group(1):
            problems.append(f"README.md line {start + 1}: code fence not closed")
            break
        prev = next((j for j in range(start - 1, -1, -1) if lines[j].strip()), None)
        marker = MARKER.match(lines[prev]) if prev is not None else None
        if marker:
            attached.add(prev)
        indent = len(lines[start]) - len(lines[start].lstrip())
        code = "\n".join(ln[indent:] if ln[:indent].isspace() else ln for ln in lines[start + 1 : end])
        blocks.append(Block(start + 1, fence.group(1), code + "\n", marker.group("body") if marker else None))
        i = end + 1
    for n, line in enumerate(lines):
        if MARKER.match(line) and n not in attached:
            problems.append(f"README.md line {n + 1}: a needs marker must be the line right before a fence")
    for prev, block in zip(blocks, blocks[1:], strict=False):
        between = [ln for ln in lines[prev_end(prev) : block.line - 1] if ln.strip()]
        if block.lang == "text" and prev.lang in RUN and len(between) <= 1 and not prev.marker:
            prev.output = block
    for block in blocks:
        if not block.lang:
            problems.append(f"{block.where}: a fence needs a language (python, bash, text, ...)")
        elif block.lang not in RUN and block.lang not in SHOWN:
            problems.append(f"{block.where}: language {block.lang!r} is neither run ({', '.join(RUN)}) "
                            f"nor shown ({', '.join(sorted(SHOWN))})")
        if block.marker is not None:
            kinds, _, why = block.marker.partition(":")
            unknown = [k for k in block.needs if k not in NEEDS]
            if not block.needs or unknown:
                problems.append(f"{block.where}: marker needs {kinds.strip()!r}: name one or more of "
                                f"{', '.join(NEEDS)}")
            if not why.strip():
                problems.append(f"{block.where}: marker gives no reason (<!-- needs: KIND: why -->)")
        if block.lang == "python" and block.marker is None:
            for k, code_line in enumerate(block.code.splitlines(), start=block.line + 1):
                comment = code_line.partition("#")[2]
                if comment and OUTPUT_COMMENT.match("#" + comment):
                    problems.append(f"README.md line {k}: output shown as a comment cannot be checked; "
                                    "print it and show it in a ```text block after the code")
    return blocks, problems


def prev_end(block: Block) -> int:
    """Index (0-based) of the line after ``block``'s closing fence."""
    return block.line + block.code.count("\n") + 1


BLOCKS, PROBLEMS = parse(README.read_text(encoding="utf-8"))
RUNNABLE = [b for b in BLOCKS if b.lang in RUN and b.marker is None]


def test_readme_conventions():
    """Markers name known needs with a reason, every fence has a language, no unchecked output."""
    assert not PROBLEMS, "\n".join(PROBLEMS)


def test_parser_finds_markers_and_outputs():
    text = "\n".join([
        "# t", "```python", "print(1)", "```", "prints", "", "```text", "1", "```",
        "<!-- needs: hub: a model from the hub -->", "```bash", "evaluate-benchmark --model m", "```",
        "<!-- needs: cloud: nothing -->", "```python", "x = 1  # -> 1", "```",
        "<!-- needs: gpu -->", "text", "```", "code", "```",
    ])
    blocks, problems = parse(text)
    assert [(b.line, b.lang, b.needs) for b in blocks] == [
        (2, "python", []), (7, "text", []), (11, "bash", ["hub"]), (15, "python", ["cloud"]), (20, "", [])]
    assert blocks[0].output is blocks[1] and blocks[2].output is None
    assert any("line 15" in p and "cloud" in p for p in problems)
    assert any("line 18" in p and "right before a fence" in p for p in problems)
    assert any("line 20" in p and "language" in p for p in problems)
    assert not any("line 16" in p for p in problems)  # a marked block is not run, its comment not checked
    _, problems = parse("```python\nx = f()  # -> 3\n```\n")
    assert any("line 2" in p and "```text" in p for p in problems)


def test_output_check_can_fail():
    assert matches("a\n...\nc\n", "a\nb\nb\nc\n")
    assert not matches("23 = 7 renamed\n", "23 = 6 renamed\n")


def test_shell_blocks_stop_at_the_failing_readme_line(tmp_path):
    text = "# t\n\n```bash\necho one\nfalse\necho never\n```\n"
    (block,), problems = parse(text)
    assert not problems
    (tmp_path / "work").mkdir()
    done = run_block(block, tmp_path / "work", dict(os.environ))
    assert done.returncode != 0 and done.stdout == "one\n"
    assert "README.md line 5: exit status 1" in done.stderr


def matches(want: str, got: str) -> bool:
    """``got`` is what ``want`` shows (trailing spaces ignored; ``...`` matches any text)."""

    def norm(s: str) -> str:
        return "\n".join(line.rstrip() for line in s.rstrip().splitlines()) + "\n"

    return doctest.OutputChecker().check_output(norm(want), norm(got), doctest.ELLIPSIS)


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    return make_clone(tmp_path_factory.mktemp("readme"))


def make_clone(base: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the repository's files (tracked and not ignored: what a fresh clone holds) in ``base``
    and the environment of a fresh offline machine: empty caches, the hub offline, no package settings."""
    work = base / "clone"
    listing = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, text=True,
    )
    assert listing.returncode == 0, f"git ls-files failed in {ROOT}: {listing.stderr}"
    for name in filter(None, listing.stdout.split("\0")):
        src = ROOT / name
        if src.is_file():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, work / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ENTITY_RENAMING_", "HF_"))}
    env.update(
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
        XDG_CACHE_HOME=str(base / "cache"),
        HF_HOME=str(base / "hf"),
        HF_HUB_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        MPLBACKEND="Agg",
    )
    if any("demo_out" in b.code for b in RUNNABLE):
        setup = next((b for b in BLOCKS if b.lang in RUN), None)
        assert setup is not None and SETUP_BUILD in setup.code, (
            f"runnable README blocks use demo_out/, but the set-up block does not run `{SETUP_BUILD}`")
        done = subprocess.run(SETUP_BUILD, shell=True, cwd=work, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT_S)
        assert done.returncode == 0, f"set-up command 1 `{SETUP_BUILD}` failed:\n{done.stderr[-3000:]}"
    return work, env


def run_block(block: Block, work: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run ``block`` in ``work``, padded so that reported line numbers are README line numbers."""
    script = work.parent / f"README.md-line-{block.line}.{'py' if RUN[block.lang] == 'python' else 'sh'}"
    if RUN[block.lang] == "python":
        script.write_text("\n" * block.line + block.code, encoding="utf-8")
        cmd = [sys.executable, str(script)]
    else:
        header = ("set -eo pipefail; trap 'rc=$?; echo \"README.md line $LINENO: exit status $rc\" >&2' ERR")
        script.write_text(header + "\n" * block.line + block.code, encoding="utf-8")
        cmd = ["bash", str(script)]
    return subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)


@pytest.mark.slow
@pytest.mark.parametrize("block", RUNNABLE, ids=[f"line{b.line}-{b.lang}" for b in RUNNABLE])
def test_readme_block_runs(block: Block, clone):
    work, env = clone
    done = run_block(block, work, env)
    if done.returncode != 0:
        pytest.fail(
            f"{block.where} failed with exit status {done.returncode} (run in a fresh copy of the clone; "
            f"mark it <!-- needs: KIND: why --> only if it needs one of {', '.join(NEEDS)})\n"
            f"--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}",
            pytrace=False,
        )
    if block.output is not None and not matches(block.output.code, done.stdout):
        pytest.fail(
            f"{block.where}: the ```text block at README.md line {block.output.line} is not what it prints\n"
            f"--- README shows\n{block.output.code}--- the block prints\n{done.stdout}",
            pytrace=False,
        )


def test_readme_has_runnable_examples():
    """The README keeps examples that run: the Python API's at least, with their output shown."""
    api = [b for b in RUNNABLE if b.lang == "python" and "from entity_renaming import" in b.code]
    assert api, ("README.md: no runnable Python API example "
                 "(an unmarked ```python block that imports entity_renaming)")
    assert all(b.output is not None for b in api), (
        "README.md: show what each Python API example prints in a ```text block: "
        + ", ".join(b.where for b in api if b.output is None))


def update_outputs() -> None:
    """``python tests/test_readme_examples.py --update``: run every runnable block and write what it
    prints into its ```text block (read the diff before committing: the README must say what is true)."""
    import tempfile

    lines = README.read_text(encoding="utf-8").splitlines(keepends=True)
    updates = []
    with tempfile.TemporaryDirectory() as tmp:
        work, env = make_clone(Path(tmp))
        for block in RUNNABLE:
            done = run_block(block, work, env)
            print(f"{block.where}: exit status {done.returncode}")
            if done.returncode:
                print(done.stderr[-3000:])
            elif block.output is not None and not matches(block.output.code, done.stdout):
                # the text starts on the line after the fence (0-based index: the fence's line number)
                updates.append((block.output.line, block.output.code.count("\n"), done.stdout))
                print(f"  the ```text block at line {block.output.line} now shows what it prints")
    for first, count, stdout in reversed(updates):  # bottom-up: earlier line numbers stay right
        lines[first : first + count] = [stdout]
    README.write_text("".join(lines), encoding="utf-8")

if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    update_outputs()
