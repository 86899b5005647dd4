"""Build speed: the full grid vs a one-config build, both from an empty NER cache (issue 14's ratio).

    python benchmarks/build_speed.py [--input ../shared/data/mrqa/SQuAD_dev.jsonl.gz] [--repeat 2]
    python benchmarks/build_speed.py --copies 2 --repeat 1    # the input twice (ids renamed): memory

Runs ``build-benchmark`` with the package's default settings as a user would (a fresh process each, a
fresh empty NER cache each, output into a fresh folder):

1. one config: ``--perturbation dbname --entity-types per --seeds 0``;
2. the grid: 4 entity types × original/indistname/dbname/randstr × 5 seeds (the defaults; 64 configs).

and prints, per repetition, both wall times and their ratio (the goal is ≤ 1.5×), both CPU times
(user + system, workers included) and their ratio (less sensitive to a shared machine's load), the
grid's output size and peak memory (the largest single process: forked workers share the parent's
pages), with the load average before and after. ``--copies N`` builds from the MRQA input repeated N
times (copy k's context and question ids get a ``-copyK`` suffix), to see how memory grows with input.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_INPUT = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"
ONE_CONFIG = ["--perturbation", "dbname", "--entity-types", "per", "--seeds", "0"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_build(input_file: Path, extra: list[str], workdir: Path) -> dict[str, float]:
    """Wall time, peak RSS and output size of one ``build-benchmark`` run from an empty NER cache."""
    out, cache = workdir / "out", workdir / "ner-cache"
    cmd = [sys.executable, "-m", "entity_renaming.cli.build_benchmark", "--input", str(input_file),
           "--out", str(out), "--ner-cache", str(cache), "--no-progress", *extra]
    t0, cpu0 = time.perf_counter(), _children_cpu()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    seconds, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if done.returncode != 0:
        raise SystemExit(f"build failed ({done.returncode}): {done.stderr[-2000:]}")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2), "output_mb": round(size / 1e6, 1),
            "configs": len(json.loads((out / "manifest.json").read_text())["configs"])}


def repeated_input(input_file: Path, copies: int, folder: Path) -> Path:
    """The MRQA file ``input_file`` with its records repeated ``copies`` times, ids made unique."""
    lines = gzip.decompress(input_file.read_bytes()).decode("utf-8").splitlines()
    header, records = lines[0], [json.loads(line) for line in lines[1:] if line.strip()]
    out = [header, *lines[1:]]
    for k in range(2, copies + 1):
        for record in records:
            copy = {**record, "id": f"{record['id']}-copy{k}",
                    "qas": [{**qa, "qid": f"{qa['qid']}-copy{k}"} for qa in record["qas"]]}
            out.append(json.dumps(copy, ensure_ascii=False))
    path = folder / f"x{copies}-{input_file.name}"
    path.write_bytes(gzip.compress(("\n".join(out) + "\n").encode("utf-8"), compresslevel=3))
    return path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    p.add_argument("--repeat", type=int, default=2, help="measure the ratio this many times (default 2)")
    p.add_argument("--copies", type=int, default=1, help="repeat the (MRQA) input this many times")
    p.add_argument("--extra", default="", help="build-benchmark flags for both builds, e.g. '--workers 2'")
    args = p.parse_args()
    extra = args.extra.split()
    runs = []
    inputs = tempfile.TemporaryDirectory()
    if args.copies > 1:
        args.input = repeated_input(args.input, args.copies, Path(inputs.name))
    for _ in range(args.repeat):
        load_before = os.getloadavg()
        with tempfile.TemporaryDirectory() as one_dir, tempfile.TemporaryDirectory() as grid_dir:
            one = timed_build(args.input, [*ONE_CONFIG, *extra], Path(one_dir))
            one_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            grid = timed_build(args.input, extra, Path(grid_dir))
            grid_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        runs.append({
            "one_config": one, "grid": grid, "ratio": round(grid["seconds"] / one["seconds"], 2),
            "cpu_ratio": round(grid["cpu_seconds"] / one["cpu_seconds"], 2),
            "peak_rss_mb": {"one_config": round(one_rss / 1024), "max_so_far": round(grid_rss / 1024)},
            "loadavg_before": [round(x, 2) for x in load_before],
            "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        })
    inputs.cleanup()
    print(json.dumps({"input": args.input.name, "copies": args.copies, "cpu_count": os.cpu_count(),
                      "machine": platform.processor() or platform.machine(), "extra_flags": extra,
                      "runs": runs}, indent=1))


if __name__ == "__main__":
    main()
