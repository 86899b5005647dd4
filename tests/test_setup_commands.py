"""README, Set-up: `.ci/run` runs the README's two commands as written, and command 1 (``install.py``)
probes the PyTorch CPU index once instead of handing pip an index that does not answer."""

from __future__ import annotations

import http.server
import importlib.util
import re
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Set-up\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.DOTALL)
    assert block, "README Set-up has no bash block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def load_install():
    spec = importlib.util.spec_from_file_location("install_script", ROOT / "install.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_runs_the_readme_commands_verbatim():
    commands = readme_setup_commands()
    assert len(commands) == 2 and commands[0].startswith("python install.py")
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    positions = [ci.index(c) for c in commands]  # ValueError: a README command that CI does not run
    assert positions == sorted(positions)


def test_install_takes_torch_from_the_cpu_index_only_when_it_answers(tmp_path):
    install = load_install()
    torch_req = install.torch_requirement()
    assert torch_req.startswith("torch")
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "index.html").write_text("<a>torch-2.13.0+cpu</a>", encoding="utf-8")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(tmp_path), **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        index = f"http://127.0.0.1:{server.server_address[1]}"
        assert install.index_answers(index, 5)
        steps = install.plan("test", index=index, reachable=True, have_torch=False, torch_req=torch_req)
        assert steps[0][-3:] == ["--index-url", index, torch_req]
        assert all(index not in step for step in steps[1:]) and steps[-1][-1].endswith("[test]")
    finally:
        server.shutdown()
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}"
    started = time.monotonic()
    assert not install.index_answers(closed, 5)
    assert time.monotonic() - started < 5
    for reachable, have_torch in ((False, False), (True, True)):
        steps = install.plan("test", index=closed, reachable=reachable, have_torch=have_torch,
                             torch_req=torch_req)
        assert len(steps) == 1 and not any(closed in arg for arg in steps[0])
        assert steps[0][:3] == [sys.executable, "-m", "pip"] and "-e" in steps[0]
