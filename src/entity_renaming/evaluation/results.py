"""Result files: predictions per config (jsonl) and one results JSON per model run."""

from __future__ import annotations

import json
import math
import platform
import re
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..io.errors import InputError, parse_json

if TYPE_CHECKING:  # torch is an optional dependency (the [eval] extra)
    from .predictions import Prediction
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


def results_document(model: dict[str, Any], release: dict[str, Any], hardware_info: dict[str, Any] | None,
                     settings: dict[str, Any], scored: Sequence[ConfigScores]) -> dict[str, Any]:
    """One model run's ``results.json``: run metadata, official metrics per config, robustness rows."""
    from .robustness import robustness_rows

    return {
        "schema": RESULTS_SCHEMA,
        "model": model,
        "release": release,
        "code": code_version(),
        "hardware": hardware_info,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "settings": settings,
        "configs": {s.name: {"spec": s.spec, "metrics": s.metrics, "summary": s.summary()} for s in scored},
        "robustness": robustness_rows(model["name"], scored),
    }


#: Robustness-row fields that must be text, and those that must be numbers (or null: NaN is written as null).
ROW_TEXT = ("model", "dataset", "entity_type", "perturbation")
ROW_NUMBERS = (
    "n", "original_em", "original_f1", "em_mean", "em_std", "f1_mean", "f1_std", "delta_em", "delta_f1",
    "paired_n", "paired_examples", "paired_delta_f1_mean", "paired_delta_f1_ci_low",
    "paired_delta_f1_ci_high", "paired_delta_f1_std", "right_to_wrong_mean", "right_to_wrong_std",
    "right_to_wrong_pct", "wrong_to_right_mean",
)
ROW_NUMBER_SUFFIXES = ("_em", "_f1", "_mean", "_std", "_pct", "_pct_of_errors", "_low", "_high", "_n")


def _is_number(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool))


def _check_row(row: Any, where: str, model: str) -> None:
    if not isinstance(row, dict):
        raise ValueError(f"{where}: expected an object (one robustness row), got {type(row).__name__}")
    for key in ROW_TEXT:
        if not isinstance(row.get(key), str) or not row[key]:
            raise ValueError(f"{where}.{key}: missing or not a non-empty string")
    if row["model"] != model:
        raise ValueError(f"{where}.model: {row['model']!r} is not the file's model.name {model!r}")
    for key, value in row.items():
        numeric = key in ROW_NUMBERS or (key not in ROW_TEXT and key.endswith(ROW_NUMBER_SUFFIXES))
        if numeric and not _is_number(value):
            raise ValueError(f"{where}.{key}: expected a number or null, got {value!r}")
    for key in ("configs", "seeds"):
        value = row.get(key, [])
        if not isinstance(value, list):
            raise ValueError(f"{where}.{key}: expected a list, got {type(value).__name__}")
    if not all(isinstance(c, str) for c in row.get("configs", [])):
        raise ValueError(f"{where}.configs: expected config names (strings)")
    if not all(s is None or (isinstance(s, int) and not isinstance(s, bool)) for s in row.get("seeds", [])):
        raise ValueError(f"{where}.seeds: expected integer seeds or null")
    by_type = row.get("paired_delta_f1_by_entity_type", {})
    if not isinstance(by_type, dict) or not all(
        isinstance(v, dict) and all(_is_number(x) for x in v.values()) for v in by_type.values()
    ):
        raise ValueError(f"{where}.paired_delta_f1_by_entity_type: expected {{type: {{mean, n}}}} numbers")


def validate_results(data: Any, path: Path | str) -> dict[str, Any]:
    """Check a results object as the leaderboard reads it; errors name the file and the field."""
    if not isinstance(data, dict) or data.get("schema") != RESULTS_SCHEMA:
        raise ValueError(
            f"{path}: field 'schema' is not {RESULTS_SCHEMA!r}; not a results file of this package"
        )
    model = data.get("model")
    if not isinstance(model, dict) or not isinstance(model.get("name"), str) or not model["name"]:
        raise ValueError(f"{path}: field 'model': expected an object with a non-empty string 'name'")
    for key in ("release", "code", "hardware", "settings"):
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise ValueError(f"{path}: field '{key}': expected an object, got {type(data[key]).__name__}")
    limit = run_limit(data)
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ValueError(f"{path}: field 'settings.limit': expected a positive integer or null,"
                         f" got {limit!r}")
    if not isinstance(data.get("robustness"), list):
        raise ValueError(f"{path}: field 'robustness' missing or not a list")
    for i, row in enumerate(data["robustness"]):
        _check_row(row, f"{path}: robustness[{i}]", model["name"])
    return data


def run_limit(data: dict[str, Any]) -> Any:
    """The run's ``--limit`` (examples per config of a smoke run), ``None`` for a full run."""
    return (data.get("settings") or {}).get("limit")


def load_json(path: Path, error: type[ValueError] = ValueError) -> Any:
    """Parse a JSON file with :func:`~entity_renaming.io.errors.parse_json`; bad bytes, syntax, nesting or
    numbers raise ``error`` naming the file (and line)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(f"{path}: byte {err.start}: not UTF-8 text") from None
    try:
        return parse_json(text, path)
    except InputError as err:
        raise error(str(err)) from None


def read_results(path: Path) -> dict[str, Any]:
    """Load a results JSON and :func:`validate_results` it."""
    return validate_results(load_json(path), path)
