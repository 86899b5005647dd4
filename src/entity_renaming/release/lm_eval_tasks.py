"""lm-evaluation-harness tasks of a release: ``<release>/lm_eval_tasks/``, written by ``--release``.

One flat folder (``!function`` resolves next to the YAML file), read with
``lm_eval --include_path <release>/lm_eval_tasks --tasks …``:

* ``entity_renamed_<config>`` (``-`` → ``_``): one config, generative, the prompt of lm-eval's
  ``squadv2`` task, official SQuAD EM/F1 per example (percent, mean aggregation);
* ``entity_renamed_<config without -seed{k}>``: group of a perturbation's seeds, mean over seeds;
* ``entity_renamed_<config without -seed{k}>_paired``: the **paired drop**: each original example with
  every seed's renaming of it; reports ``original_f1``, ``renamed_f1`` and ``delta_f1`` (renamed −
  original, averaged over the seeds the example was renamed in, then over examples) and the same for EM;
* ``entity_renamed_<dataset>_<etype>`` (``per``, ``org``, ``gpe``, ``mix``, ``entswap``): the paired
  tasks of one dataset and entity type; ``entity_renamed_<dataset>``, ``entity_renamed_<etype>`` and
  ``entity_renamed`` collect those groups.

The YAML only names the data (``dataset_path`` = hub repo, ``dataset_name`` = config, ``metadata``);
``utils.py`` imports the hooks from :mod:`entity_renaming.evaluation.lm_harness`, which read the
release folder the tasks sit in when it holds the config's parquet shard, else the hub copy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..configs import parse_config_name
from ..writer import ConfigEntry
from .errors import ReleaseError

TASK_DIR = "lm_eval_tasks"
PREFIX = "entity_renamed"
TEMPLATE = "_entity_renamed_template_yaml"  # no .yaml suffix: lm-eval does not index it as a task

UTILS = '''"""lm-evaluation-harness hooks of these tasks; the code is in entity-renamed-mrqa:
pip install "entity-renamed-mrqa[lmeval]". Data: the release folder above this one, else the hub."""

from pathlib import Path

from entity_renaming.evaluation import lm_harness
from entity_renaming.evaluation.lm_harness import PairedTask, doc_to_target, doc_to_text  # noqa: F401
from entity_renaming.evaluation.lm_harness import process_paired, process_results  # noqa: F401

RELEASE = Path(__file__).resolve().parent.parent


def load_config(**kwargs):
    return lm_harness.load_config(RELEASE, **kwargs)


def load_paired(**kwargs):
    return lm_harness.load_paired(RELEASE, **kwargs)
'''


class _Function(str):
    """A YAML ``!function`` reference."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Function, lambda d, v: d.represent_scalar("!function", str(v)))
_Dumper.add_representer(str, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", v,
                                                             style='"' if "\n" in v else None))


def _dump(data: dict[str, Any]) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


def _metrics(names: Iterable[str]) -> list[dict[str, Any]]:
    """Per-example metrics averaged over examples; higher is better (also for ``delta_*``: renamed −
    original, so a smaller drop is a higher value)."""
    return [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in names]


def template(repo_id: str, version: str) -> str:
    """What every task shares: data source, split, prompt, generation settings and scoring."""
    return _dump({
        "dataset_path": repo_id,
        "custom_dataset": _Function("utils.load_config"),
        "output_type": "generate_until",
        "validation_split": "validation",
        "doc_to_text": _Function("utils.doc_to_text"),
        "doc_to_target": _Function("utils.doc_to_target"),
        "process_results": _Function("utils.process_results"),
        "target_delimiter": " ",
        "fewshot_delimiter": "\n\n",
        "generation_kwargs": {"until": ["\n"], "do_sample": False, "max_gen_toks": 32},
        "metric_list": _metrics(("exact_match", "f1")),
    })


def _metadata(repo_id: str, version: str, **fields: Any) -> dict[str, Any]:
    """A task's ``metadata`` (``include`` does not merge it): where its data is, for the loaders."""
    return {"version": 1.0, "release": version, "repo_id": repo_id, "revision": f"v{version}", **fields}


@dataclass(frozen=True)
class _Config:
    name: str
    spec: dict[str, Any]

    @property
    def task(self) -> str:
        return task_name(self.name)

    @property
    def base(self) -> str:
        """The config name without ``-seed{k}`` (its perturbation's seeds share it)."""
        return self.name.rsplit("-seed", 1)[0] if self.spec.get("seed") is not None else self.name

    @property
    def family(self) -> tuple[str, str]:
        return str(self.spec["dataset"]), str(self.spec["entity_type"])


def task_name(config: str) -> str:
    """``squad-per-dbname-seed0`` → ``entity_renamed_squad_per_dbname_seed0``."""
    return f"{PREFIX}_{config.replace('-', '_')}"


def task_files(entries: Iterable[ConfigEntry], *, repo_id: str, version: str) -> dict[str, str]:
    """The task folder's files (path relative to the release folder → text) for the built configs.

    Configs without examples get no task (lm-eval cannot build one); a perturbation is paired only
    when its original config has examples.
    """
    from ..evaluation.robustness import find_original  # (imports this package: not at module level)

    configs = [_Config(e.name, parse_config_name(e.name)) for e in entries if e.num_examples > 0]
    files: dict[str, str] = {TEMPLATE: template(repo_id, version), "utils.py": UTILS}

    def add(name: str, data: dict[str, Any]) -> None:
        path = f"{name}.yaml"
        if path in files:
            raise ReleaseError(f"lm-eval task name {name!r} is used twice; rename a dataset or config")
        files[path] = _dump(data)

    by_name = {c.name: c for c in configs}
    seeds: dict[str, list[_Config]] = defaultdict(list)
    for c in configs:
        add(c.task, {"include": TEMPLATE, "task": c.task, "dataset_name": c.name,
                     "metadata": _metadata(repo_id, version, config=c.name)})
        if c.spec["perturbation"] != "original":
            seeds[c.base].append(c)
    families: dict[tuple[str, str], list[str]] = defaultdict(list)
    for base, members in seeds.items():
        add(task_name(base), {
            "group": task_name(base),
            "task": [m.task for m in members],
            "aggregate_metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": False}
                                      for m in ("exact_match", "f1")],
            "metadata": {"version": 1.0, "seeds": [m.spec["seed"] for m in members]},
        })
        original = find_original(members[0], by_name)  # type: ignore[arg-type]  # name and spec suffice
        if original is None:
            continue
        paired = f"{task_name(base)}_paired"
        add(paired, {
            "include": TEMPLATE, "task": paired, "class": _Function("utils.PairedTask"),
            "dataset_name": original.name, "custom_dataset": _Function("utils.load_paired"),
            "process_results": _Function("utils.process_paired"),
            "metric_list": _metrics(f"{kind}_{m}" for kind in ("delta", "original", "renamed")
                                    for m in ("f1", "exact_match")),
            "metadata": _metadata(repo_id, version, original=original.name,
                                  configs=[m.name for m in members]),
        })
        families[members[0].family].append(paired)
    by_dataset: dict[str, list[str]] = defaultdict(list)
    by_type: dict[str, list[str]] = defaultdict(list)
    for (dataset, etype), tasks in families.items():
        name = task_name(f"{dataset}-{etype}")
        add(name, {"group": name, "task": tasks, "metadata": {"version": 1.0}})
        by_dataset[task_name(dataset)].append(name)
        by_type[task_name(etype)].append(name)
    for collected in (by_dataset, by_type):
        for name, members in collected.items():
            add(name, {"group": name, "task": members, "metadata": {"version": 1.0}})
    if by_dataset:
        add(PREFIX, {"group": PREFIX, "task": list(by_dataset), "metadata": {"version": 1.0}})
    return {f"{TASK_DIR}/{name}": text for name, text in files.items()}


def remove_stale(out: Path, previous: Iterable[str], current: Iterable[str]) -> None:
    """Delete task files an earlier build listed (``previous``, manifest paths) that this build does
    not write: only files inside ``out/lm_eval_tasks``."""
    root = (out / TASK_DIR).resolve()
    keep = set(current)
    for rel in previous:
        if rel in keep or not rel.startswith(f"{TASK_DIR}/"):
            continue
        path = (out / rel).resolve()
        if path.parent == root and path.is_file():
            path.unlink()


__all__ = ["TASK_DIR", "remove_stale", "task_files", "task_name"]
