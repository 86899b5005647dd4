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
>>> sorted({s.reason for s in result.skipped})[:1]
['no perturbable per answer entity']

The same inputs and seed always give the same names, whatever else is in ``examples``:

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

Inputs are checked as the file readers check theirs, with the same messages (:func:`checked`): a wrong
type, an empty or duplicate id or a lone surrogate raises :class:`~entity_renaming.io.InputError`
naming the row and field; an unusable example (an answer that is not its passage slice) is skipped
with the reader's reason, as ``build-benchmark`` skips it.

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
from .io import InputData, detect_format, read_examples, validate, write_examples
from .io.formats import format_for_columns
from .io.hf import example_to_row, row_to_example, rows_to_parsed
from .io.parsed import Parsed
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
    """The examples of an MRQA ``.jsonl[.gz]`` or SQuAD 2.0 ``.json`` file (format from the name); an
    empty file (a built config with no example) gives ``[]`` and a warning saying so."""
    return read_examples(path, fmt, dataset, allow_empty=True)[1]


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


def checked(examples: Iterable[QAExample], source: str = "examples") -> InputData:
    """``examples`` validated once, as the file readers validate theirs, with the same messages: a value of
    the wrong type, an empty or duplicate id or a lone surrogate raises
    :class:`~entity_renaming.io.InputError` (``examples: row 3: context: expected str, got NoneType``);
    an unusable example (an answer that is not its passage slice, ``is_impossible`` against the answers,
    an empty question) is rejected, and every config lists it among its skips with the reason."""
    return validate(Parsed(source, {}, list(examples), lambda i: None, typed=False), allow_empty=True)


def _data(examples: Iterable[QAExample] | InputData) -> InputData:
    return examples if isinstance(examples, InputData) else checked(examples)


def rename_configs(
    examples: Iterable[QAExample] | InputData,
    specs: Sequence[ConfigSpec],
    *,
    banks: str | Path | None = None,
    spacy_model: str = DEFAULT_SPACY_MODEL,
    ner_cache: str | Path | None = None,
    ner_backend: NerBackend | None = None,
    progress: bool = False,
) -> Iterator[ConfigResult]:
    """Several configs of the same examples, NER and span analysis shared (``build-benchmark``'s engine).
    The examples are checked first (:func:`checked`), unless they are an
    :class:`~entity_renaming.io.InputData` already checked by :func:`~entity_renaming.io.read_input`;
    rejected examples are listed first among every config's skips, as ``build-benchmark`` lists them.

    >>> from entity_renaming import DEMO_PATH, read
    >>> from entity_renaming.configs import ConfigSpec
    >>> specs = [ConfigSpec("demo", "gpe", "randstr", seed) for seed in (0, 1)]
    >>> [r.name for r in rename_configs(read(DEMO_PATH), specs)]
    ['demo-gpe-randstr-seed0', 'demo-gpe-randstr-seed1']
    """
    data = _data(examples)
    results = build_configs(
        data.examples,
        list(specs),
        ner_cache_dir=Path(ner_cache) if ner_cache else None,
        spacy_model=spacy_model,
        banks_root=Path(banks) if banks else None,
        ner_backend=ner_backend,
        progress=progress,
    )
    return _with_rejected(results, data)


def _with_rejected(results: Iterator[ConfigResult], data: InputData) -> Iterator[ConfigResult]:
    for result in results:
        result.skipped[:0] = data.skips(result.name)
        yield result


def rename(
    examples: Iterable[QAExample] | InputData,
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
    """Rename the answer entities of ``entity_type`` in ``examples`` (checked first, as in
    :func:`rename_configs`).

    Returns a :class:`~entity_renaming.configs.ConfigResult`: ``examples`` (renamed, every answer
    still its passage slice), ``renamings`` (one per renamed example) and ``skipped`` (every other
    input example with its reason).
    """
    data = _data(examples)
    dataset = data.examples[0].dataset if data.examples else "dataset"
    spec = spec_for(dataset, perturbation, entity_type, seed)
    opts = {"banks": banks, "spacy_model": spacy_model, "ner_cache": ner_cache, "ner_backend": ner_backend}
    return next(iter(rename_configs(data, [spec], progress=progress, **opts)))


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
    size, use :func:`rename_dataset`. Each batch is checked as :func:`checked` checks a list (rows named
    ``batch at row N: row i``; duplicate ids within a batch: :func:`rename_dataset` checks the whole
    dataset).
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
        self._rows_seen = 0
        self._tools: tuple[NerBackend, NerCache, Lexicon, Sampler | None] | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "banks": self.banks,
            "spacy_model": self.spacy_model,
            "ner_cache": self.ner_cache,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, renamings=[], skipped=[], _rows_seen=0, _tools=None)

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
        source = f"batch at row {self._rows_seen}"
        self._rows_seen += len(rows)
        data = validate(rows_to_parsed(rows, fmt, self.spec.dataset, source), allow_empty=True)
        examples = data.examples
        if not examples:
            self.skipped += data.skips(self.spec.name)
            return {col: [] for col in columns}
        backend, cache, lexicon, sampler = self._load()
        analysis = analyse(examples, backend, cache=cache, lexicon=lexicon, progress=False)
        # config names as rename() gives them: MRQA rows name their dataset in ``subset``
        spec = replace(self.spec, dataset=examples[0].dataset)
        result = build_config(spec, examples, analysis, sampler)
        self.renamings += result.renamings
        self.skipped += data.skips(spec.name) + result.skipped
        id_column = "qid" if fmt == "mrqa" else "id"
        return _rows(result.examples, columns, {row[id_column]: row for row in rows})


def rename_dataset(dataset: Any, *, name: str = "dataset", **options: Any) -> tuple[Any, ConfigResult]:
    """Rename a whole ``datasets.Dataset`` (hub schema kept); returns it with the :func:`rename` result.

    ``options`` are those of :func:`rename`. All perturbations work, ``indistname`` included.
    """
    from datasets import Dataset

    fmt = format_for_columns(dataset.column_names).name
    rows = list(dataset)
    result = rename(validate(rows_to_parsed(rows, fmt, name, name), allow_empty=True), **options)
    id_column = "qid" if fmt == "mrqa" else "id"
    source = {row[id_column]: row for row in rows}
    renamed = Dataset.from_dict(
        _rows(result.examples, dataset.column_names, source), features=dataset.features
    )
    return renamed, result
