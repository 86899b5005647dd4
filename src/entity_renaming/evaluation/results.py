"""Result files: predictions per config (jsonl) and one results JSON per model run."""

from __future__ import annotations

import json
import math
import platform
import re
import subprocess
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..io.errors import parse_json

if TYPE_CHECKING:  # torch is an optional dependency (the [eval] extra)
    from .inference import Prediction
    from .robustness import ConfigScores

RESULTS_SCHEMA = "entity-renamed-mrqa/results/v1"


def model_slug(model: str) -> str:
    """A file-name-safe form of a model id or path (``org/name`` → ``org__name``)."""
    name = model.rstrip("/")
    if Path(name).is_absolute() or name.startswith("."):
        name = Path(name).name
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name.replace("/", "__")) or "model"


def clean(value: Any) -> Any:
    """JSON-safe copy: NaN/inf become ``None`` (strict JSON has no NaN)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(clean(data), indent=1, ensure_ascii=False, allow_nan=False) + "\n", encoding="utf-8"
    )


def write_predictions(path: Path, scores: ConfigScores, predictions: dict[str, Prediction]) -> None:
    """One line per example, in config order: prediction, scores, null-score difference."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for ex_id, s in scores.examples.items():
        row = predictions[ex_id].to_json(ex_id)
        row.update(original_id=s.original_id, em=s.em, f1=s.f1, error=s.error)
        lines.append(json.dumps(clean(row), ensure_ascii=False, allow_nan=False))
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def code_version() -> dict[str, str | None]:
    """Installed package version and, in a git checkout, the commit (read-only ``git rev-parse``)."""
    commit = None
    try:
        done = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
        if done.returncode == 0 and done.stdout.strip():
            commit = done.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = None
    try:
        pkg = version("entity-renamed-mrqa")
    except PackageNotFoundError:  # running from a bare checkout
        pkg = "0+unknown"
    return {"package_version": pkg, "git_commit": commit}


def cpu_name() -> str:
    """The CPU model (``/proc/cpuinfo`` on Linux), else what :mod:`platform` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def device_label(device: Any) -> str:
    """One line naming the hardware: the GPU model, or the CPU model and torch's thread count."""
    import torch

    device = torch.device(device)
    if device.type == "cuda":
        return torch.cuda.get_device_name(device)
    return f"{cpu_name()} ({torch.get_num_threads()} threads)"


def hardware(device: str) -> dict[str, Any]:
    """The device evaluated on, and library versions."""
    import torch
    import transformers

    info: dict[str, Any] = {
        "device": device,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
    }
    if device.startswith("cuda") and torch.cuda.is_available():
        info["gpu"] = torch.cuda.get_device_name(torch.device(device))
        info["cuda"] = torch.version.cuda
    else:
        info["cpu"] = cpu_name()
        info["threads"] = torch.get_num_threads()
    return info


def read_results(path: Path) -> dict[str, Any]:
    """Load a results JSON, checking its schema."""
    data = parse_json(Path(path).read_text(encoding="utf-8"), path)  # InputError (a ValueError) names it
    if not isinstance(data, dict) or data.get("schema") != RESULTS_SCHEMA:
        raise ValueError(
            f"{path}: field 'schema' is not {RESULTS_SCHEMA!r}; not a results file of this package"
        )
    if not isinstance(data.get("robustness"), list):
        raise ValueError(f"{path}: field 'robustness' missing or not a list")
    return data
