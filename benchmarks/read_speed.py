"""Time reading (parse + validation) of SQuAD 2.0 files of growing size: the reader must be linear.

The CS224n half of the SQuAD 2.0 dev set (6,078 questions) is repeated 1×, 2× and 4× (question ids
suffixed per copy, pretty-printed like the official training file's tools write it) and each file is
read with :func:`entity_renaming.io.read_input`, best of ``--repeat`` runs (wall and CPU time: on a
shared machine the CPU time is the steadier measure)::

    python benchmarks/read_speed.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import copy
import json
import tempfile
import time
from pathlib import Path

from entity_renaming.io import read_input

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "data" / "squad_v2" / "cs224n_dev-v2.0.json"


def scaled(doc: dict, copies: int) -> dict:
    """``doc`` with its articles repeated ``copies`` times, ids made unique per copy."""
    data = []
    for k in range(copies):
        for article in doc["data"]:
            article = copy.deepcopy(article)
            for para in article["paragraphs"]:
                for qa in para["qas"]:
                    qa["id"] = f"{qa['id']}-{k}" if k else qa["id"]
            data.append(article)
    return {**doc, "data": data}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--source", type=Path, default=SOURCE, help="SQuAD 2.0 file to scale (default: CS224n)")
    p.add_argument("--repeat", type=int, default=3, help="runs per size; the best is reported")
    args = p.parse_args()
    doc = json.loads(args.source.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        for copies in (1, 2, 4):
            path = Path(tmp) / f"x{copies}.json"
            path.write_text(json.dumps(scaled(doc, copies), indent=1), encoding="utf-8")
            wall = cpu = float("inf")
            for _ in range(args.repeat):
                start, start_cpu = time.perf_counter(), time.process_time()
                data = read_input(path)
                wall = min(wall, time.perf_counter() - start)
                cpu = min(cpu, time.process_time() - start_cpu)
            print(f"{data.total:>7,} questions  {path.stat().st_size / 1e6:5.1f} MB  wall {wall:5.2f} s  "
                  f"CPU {cpu:5.2f} s  {data.total / cpu:,.0f} questions per CPU second")


if __name__ == "__main__":
    main()
