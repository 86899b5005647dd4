"""Benchmark configs: what one output file holds, and the config naming grammar.

Grammar (lower-case dataset names):

* ``{dataset}-{perturbation}-seed{k}`` for entity type ``mix``;
* ``{dataset}-{etype}-{perturbation}-seed{k}`` for ``per``/``org``/``gpe``;
* ``{dataset}[-{etype}]-original`` for the unperturbed perturbable subset;

where ``perturbation`` is ``indistname``, ``dbname``, ``dbname-{origin}``, ``randstr`` or
``entswap`` and the EntSwap release names are ``afrisquad2-seed{k}`` / ``afrisquad2-wo-{category}-seed{k}``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .model import QAExample, Renaming, Skip

ENTITY_TYPES = ("per", "org", "gpe", "mix")
PERTURBATIONS = ("original", "indistname", "dbname", "randstr")
NAME_ORIGINS = ("french", "indian", "arabic", "chinese", "african")
ORIGIN_PERTURBATIONS = tuple(f"dbname-{o}" for o in NAME_ORIGINS)
ENTSWAP_CATEGORIES = ("person", "country", "city", "location", "organization", "nationality")

CONFIG_RE = re.compile(
    r"^(?P<dataset>[a-z0-9_]+(?:-[a-z0-9_]+)*?)"
    r"(?:-(?P<etype>per|org|gpe))?"
    r"-(?:(?P<original>original)"
    r"|(?P<perturbation>indistname|dbname(?:-(?:french|indian|arabic|chinese|african))?|randstr|entswap)"
    r"-seed(?P<seed>\d+))$"
)
AFRISQUAD_RE = re.compile(
    r"^afrisquad2(?:-wo-(?P<without>person|country|city|location|organization|nationality))?-seed(?P<seed>\d+)$"
)


#: Short names of the MRQA 2019 sources used in config names (``triviaqa-dbname-seed3``).
DATASET_ALIASES = {
    "squad": "squad",
    "triviaqa-web": "triviaqa",
    "naturalquestionsshort": "naturalquestions",
    "hotpotqa": "hotpotqa",
    "searchqa": "searchqa",
    "newsqa": "newsqa",
    "dev-v2": "squad2",  # the official SQuAD 2.0 dev file, dev-v2.0.json
    "squad_v2": "squad2",
}


def dataset_slug(dataset: str) -> str:
    """``TriviaQA-web`` → ``triviaqa``; other names lower-cased with ``_`` for other characters.

    ``ValueError`` when nothing is left (``..``, ``--``, ``""``): a config name must start with a dataset.
    """
    lowered = dataset.lower()
    slug = DATASET_ALIASES.get(lowered) or re.sub(r"[^a-z0-9]+", "_", lowered).strip("_")
    if not slug:
        raise ValueError(f"dataset name {dataset!r} has no letter or digit to name configs with")
    return slug


def dataset_name(value: str) -> str:
    """``--dataset`` argument type: a name :func:`dataset_slug` accepts, returned unchanged."""
    try:
        dataset_slug(value)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return value


@dataclass(frozen=True)
class ConfigSpec:
    """One config to build: a perturbation of one entity type with one seed."""

    dataset: str
    entity_type: str
    perturbation: str
    seed: int | None = None

    @property
    def name(self) -> str:
        slug = dataset_slug(self.dataset)
        etype = "" if self.entity_type == "mix" else f"-{self.entity_type}"
        if self.perturbation == "original":
            return f"{slug}{etype}-original"
        return f"{slug}{etype}-{self.perturbation}-seed{self.seed}"

    def params(self) -> dict[str, str | int | None]:
        """The perturbation parameters, as recorded in the build manifest."""
        return {"dataset": self.dataset, "entity_type": self.entity_type, "perturbation": self.perturbation,
                "seed": self.seed}


def expand_specs(
    dataset: str, entity_types: Iterable[str], perturbations: Iterable[str], seeds: Iterable[int]
) -> list[ConfigSpec]:
    """The one expansion of a grid into configs, in build order: per entity type, each perturbation, each
    seed (``original`` once). ``dbname-{origin}`` banks hold person names only, so they pair with ``per``
    and ``mix`` alone."""
    specs = []
    seeds, perturbations = list(seeds), list(perturbations)
    for etype in entity_types:
        for pert in perturbations:
            if pert in ORIGIN_PERTURBATIONS and etype not in ("per", "mix"):
                continue
            if pert == "original":
                specs.append(ConfigSpec(dataset, etype, pert))
            else:
                specs.extend(ConfigSpec(dataset, etype, pert, s) for s in seeds)
    return specs


def parse_config_name(name: str) -> dict[str, str | int | None]:
    """Inverse of :attr:`ConfigSpec.name` (and the AfriSQuAD2 names); ``ValueError`` if off-grammar."""
    match = AFRISQUAD_RE.match(name)
    if match:
        return {
            "dataset": "squad2",
            "entity_type": "entswap",
            "perturbation": "entswap",
            "without": match["without"],
            "seed": int(match["seed"]),
        }
    match = CONFIG_RE.match(name)
    if not match:
        raise ValueError(f"config name {name!r} does not follow the grammar (see entity_renaming.configs)")
    return {
        "dataset": match["dataset"],
        "entity_type": match["etype"] or "mix",
        "perturbation": "original" if match["original"] else match["perturbation"],
        "seed": int(match["seed"]) if match["seed"] else None,
    }


@dataclass
class ConfigResult:
    """A built config: emitted examples (renamed, legal), their renamings, and the skip report.

    Invariant: ``len(examples) + len(skipped) == number of input examples``.
    """

    spec: ConfigSpec | None
    name: str
    examples: list[QAExample] = field(default_factory=list)
    renamings: list[Renaming] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)
    #: Names the build left out of emitted examples (EntSwap: per passage group, each candidate surface a
    #: rule removed, :func:`entity_renaming.entswap.build.left_out_records`); written with the out-of-scope
    #: records (``out-of-scope.jsonl.gz``).
    left_out: list[dict[str, Any]] = field(default_factory=list)
