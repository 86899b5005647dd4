"""The Python API: rename answer entities in your own QA data, as ``build-benchmark`` does.

Read examples (MRQA ``.jsonl[.gz]``, SQuAD 2.0 ``.json``), rename them with one perturbation, entity
type and seed, and get back the renamed examples, one :class:`~entity_renaming.model.Renaming` per
renamed example (its name mapping and every edit) and one :class:`~entity_renaming.model.Skip` (with
the reason) per example left out, so that ``len(examples) == len(renamed) + len(skipped)``:

>>> from entity_renaming import DEMO_PATH, read, rename
>>> examples = read(DEMO_PATH)
>>> result = rename(examples, perturbation="randstr", entity_type="per", seed=0)
>>> len(result.examples) + len(result.skipped) == len(examples)
True
>>> renaming = result.renamings[0]
>>> renamed = {ex.id: ex for ex in result.examples}[renaming.example_id]
>>> all(s.replacement in renamed.context for s in renaming.substitutions)
True
>>> sorted({s.reason for s in result.skipped})[:1]  # the rule that removed its candidate
['no perturbable per answer entity: answer.not-entity']

The same examples and seed always give the same names, in whatever order. What is renamed in an example
depends on its own passage, question and answers, the fixed resources (name banks, gazetteer, word lists)
**and the statistics of the examples renamed together**: NER label votes and capitalisation counts over
all their passages decide some types (a name labelled PERSON in most of its mentions), and ``indistname``
draws from their names. The same example in another list may therefore be typed differently (a name
renamed in the first 600 examples of a file but not in the first 3,000). To reproduce a build's decision
for some examples, rename the whole file and select them:

>>> again = rename(examples[::-1], perturbation="randstr", entity_type="per", seed=0)
>>> sorted(r.substitutions[0].replacement for r in again.renamings) == sorted(
...     r.substitutions[0].replacement for r in result.renamings)
True

Hugging Face datasets keep their hub schema (``rajpurkar/squad_v2``, ``mrqa-workshop/mrqa``), either
through :func:`rename_dataset` or with :class:`DatasetRenamer` in ``Dataset.map(batched=True)``:

>>> from datasets import Dataset
>>> from entity_renaming import DatasetRenamer, example_to_row
>>> hub = Dataset.from_list([example_to_row(ex) for ex in examples])   # mrqa-workshop/mrqa columns
>>> renamer = DatasetRenamer(perturbation="dbname", entity_type="per", seed=3)
>>> renamed = hub.map(renamer, batched=True, features=hub.features)
>>> renamed.features == hub.features and len(renamed) == len(renamer.renamings)
True
>>> len(renamed) + len(renamer.skipped) == len(hub)
True

Perturbations: ``original`` (the perturbable subset, unrenamed), ``indistname`` (names from the same
data; needs the whole dataset, so not in a batched map), ``dbname``, ``dbname-{french,indian,arabic,
chinese,african}``, ``randstr``; entity types ``per``, ``org``, ``gpe`` and ``mix`` (all jointly).
``banks`` picks a name-bank folder (default: the bundled banks), ``spacy_model`` the NER model and
``ner_cache`` the folder of the NER cache shared with ``build-benchmark``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from .configs import ENTITY_TYPES, ORIGIN_PERTURBATIONS, PERTURBATIONS, ConfigResult, ConfigSpec
from .demo import DEMO_PATH
from .io import detect_format, read_examples, write_examples
from .io.formats import format_for_columns
from .io.hf import example_to_row, row_to_example
from .lexicon import Lexicon
from .model import QAExample, Renaming, Skip, SourceFormat
from .ner import NerBackend, NerCache, load_backend
from .pipeline import DEFAULT_SPACY_MODEL, analyse, build_config, build_configs, default_ner_cache_dir
from .sampling import Sampler

__all__ = [
    "DEMO_PATH",
    "DatasetRenamer",
    "ENTITY_TYPES",
    "PERTURBATION_NAMES",
    "example_to_row",
    "read",
    "rename",
    "rename_configs",
    "rename_dataset",
    "row_to_example",
    "write",
]

#: Every perturbation :func:`rename` accepts (EntSwap is article-level: ``build-benchmark``).
PERTURBATION_NAMES = (*PERTURBATIONS, *ORIGIN_PERTURBATIONS)


def read(path: str | Path, fmt: SourceFormat | None = None, dataset: str | None = None) -> list[QAExample]:
    """The examples of an MRQA ``.jsonl[.gz]`` or SQuAD 2.0 ``.json`` file (format from the name)."""
    return read_examples(path, fmt, dataset)[1]


def write(path: str | Path, examples: Iterable[QAExample], fmt: SourceFormat | None = None) -> None:
    """Write ``examples`` as MRQA or SQuAD 2.0 (format from the file name unless ``fmt`` is given)."""
    write_examples(path, examples, fmt or detect_format(path))


def spec_for(dataset: str, perturbation: str, entity_type: str, seed: int) -> ConfigSpec:
    """The config of one (perturbation, entity type, seed), checked; ``ValueError`` names the choices."""
    if perturbation not in PERTURBATION_NAMES:
        raise ValueError(
            f"perturbation {perturbation!r}: choose one of {', '.join(PERTURBATION_NAMES)} "
            "(entswap renames whole articles: build-benchmark --perturbation entswap)"
        )
    if entity_type not in ENTITY_TYPES:
        raise ValueError(f"entity_type {entity_type!r}: choose one of {', '.join(ENTITY_TYPES)}")
    return ConfigSpec(dataset, entity_type, perturbation, None if perturbation == "original" else seed)


def rename_configs(
    examples: list[QAExample],
    specs: Sequence[ConfigSpec],
    *,
    banks: str | Path | None = None,
    spacy_model: str = DEFAULT_SPACY_MODEL,
    ner_cache: str | Path | None = None,
    ner_backend: NerBackend | None = None,
    progress: bool = False,
) -> Iterator[ConfigResult]:
    """Several configs of the same examples, NER and span analysis shared (``build-benchmark``'s engine).

    >>> from entity_renaming import DEMO_PATH, read
    >>> from entity_renaming.configs import ConfigSpec
    >>> specs = [ConfigSpec("demo", "gpe", "randstr", seed) for seed in (0, 1)]
    >>> [r.name for r in rename_configs(read(DEMO_PATH), specs)]
    ['demo-gpe-randstr-seed0', 'demo-gpe-randstr-seed1']
    """
    return build_configs(
        examples,
        list(specs),
        ner_cache_dir=Path(ner_cache) if ner_cache else None,
        spacy_model=spacy_model,
        banks_root=Path(banks) if banks else None,
        ner_backend=ner_backend,
        progress=progress,
    )


def rename(
    examples: list[QAExample],
    *,
    perturbation: str = "dbname",
    entity_type: str = "per",
    seed: int = 0,
    banks: str | Path | None = None,
    spacy_model: str = DEFAULT_SPACY_MODEL,
    ner_cache: str | Path | None = None,
    ner_backend: NerBackend | None = None,
    progress: bool = False,
) -> ConfigResult:
    """Rename the answer entities of ``entity_type`` in ``examples``.

    Returns a :class:`~entity_renaming.configs.ConfigResult`: ``examples`` (renamed, every answer
    still its passage slice), ``renamings`` (one per renamed example) and ``skipped`` (every other
    input example with its reason).
    """
    dataset = examples[0].dataset if examples else "dataset"
    spec = spec_for(dataset, perturbation, entity_type, seed)
    opts = {"banks": banks, "spacy_model": spacy_model, "ner_cache": ner_cache, "ner_backend": ner_backend}
    return next(iter(rename_configs(examples, [spec], progress=progress, **opts)))


def _rows(examples: Sequence[QAExample], columns: Sequence[str], source: dict[str, dict[str, Any]]) -> dict:
    """Hub rows of ``examples`` restricted to ``columns``; other columns are copied from the input row."""
    rows = [example_to_row(ex) for ex in examples]
    return {
        col: [row[col] if col in row else source[ex.id][col] for row, ex in zip(rows, examples, strict=True)]
        for col in columns
    }


class DatasetRenamer:
    """A function for ``Dataset.map(batched=True)`` that renames a ``datasets.Dataset`` batch by batch.

    The rows keep their hub schema (pass ``features=dataset.features`` to ``map`` so that integer
    widths stay as on the hub); skipped rows are dropped. ``renamings`` and ``skipped`` collect the
    records in this process (use ``num_proc=1``, or :func:`rename_dataset`). The NER model is loaded
    on first use and never pickled, so ``datasets`` fingerprints the renamer by its settings only.
    The entity analysis weighs evidence across the examples it sees (a surface form's NER labels), so
    a batch is analysed on its own: for results identical to ``build-benchmark`` whatever the batch
    size, use :func:`rename_dataset`.
    """

    def __init__(
        self,
        *,
        perturbation: str = "dbname",
        entity_type: str = "per",
        seed: int = 0,
        banks: str | Path | None = None,
        spacy_model: str = DEFAULT_SPACY_MODEL,
        ner_cache: str | Path | None = None,
        dataset: str = "dataset",
    ) -> None:
        if perturbation == "indistname":
            raise ValueError("indistname draws names from the whole dataset: use rename_dataset()")
        self.spec = spec_for(dataset, perturbation, entity_type, seed)
        self.banks = Path(banks) if banks else None
        self.spacy_model = spacy_model
        self.ner_cache = Path(ner_cache) if ner_cache else default_ner_cache_dir()
        self.renamings: list[Renaming] = []
        self.skipped: list[Skip] = []
        self._tools: tuple[NerBackend, NerCache, Lexicon, Sampler | None] | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "banks": self.banks,
            "spacy_model": self.spacy_model,
            "ner_cache": self.ner_cache,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, renamings=[], skipped=[], _tools=None)

    def _load(self) -> tuple[NerBackend, NerCache, Lexicon, Sampler | None]:
        if self._tools is None:
            sampler = (
                None
                if self.spec.perturbation == "original"
                else Sampler(self.spec.perturbation, banks_root=self.banks)
            )
            cache = NerCache(self.ner_cache / "ner.sqlite")
            self._tools = (load_backend("spacy", self.spacy_model), cache, Lexicon(self.banks), sampler)
        return self._tools

    def __call__(self, batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        fmt = format_for_columns(batch).name
        columns = list(batch)
        rows = [dict(zip(columns, values, strict=True)) for values in zip(*batch.values(), strict=True)]
        examples = [row_to_example(row, fmt, self.spec.dataset) for row in rows]
        if not examples:
            return {col: [] for col in columns}
        backend, cache, lexicon, sampler = self._load()
        analysis = analyse(examples, backend, cache=cache, lexicon=lexicon, progress=False)
        # config names as rename() gives them: MRQA rows name their dataset in ``subset``
        spec = replace(self.spec, dataset=examples[0].dataset)
        result = build_config(spec, examples, analysis, sampler)
        self.renamings += result.renamings
        self.skipped += result.skipped
        source = {ex.id: row for ex, row in zip(examples, rows, strict=True)}
        return _rows(result.examples, columns, source)


def rename_dataset(dataset: Any, *, name: str = "dataset", **options: Any) -> tuple[Any, ConfigResult]:
    """Rename a whole ``datasets.Dataset`` (hub schema kept); returns it with the :func:`rename` result.

    ``options`` are those of :func:`rename`. All perturbations work, ``indistname`` included.
    """
    from datasets import Dataset

    fmt = format_for_columns(dataset.column_names).name
    rows = list(dataset)
    examples = [row_to_example(row, fmt, name) for row in rows]
    result = rename(examples, **options)
    source = {ex.id: row for ex, row in zip(examples, rows, strict=True)}
    renamed = Dataset.from_dict(
        _rows(result.examples, dataset.column_names, source), features=dataset.features
    )
    return renamed, result
