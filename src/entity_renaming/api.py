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
['no perturbable per answer entity after the precision rules: ner.no-answer-mention']

The same examples and seed always give the same names, in whatever order. What is renamed in an example
depends on its own passage, question and answers, the fixed resources (name banks, gazetteer, word lists)
**and the statistics of the examples renamed together**: NER label votes and capitalisation counts over
all their passages decide some types (a name labelled PERSON in most of its mentions), the pronouns after a
lone name no bank lists type its gender, the initials of their organisation names attest an acronym, and
``indistname`` draws from their names. The same example in another list may therefore be typed
differently (a name renamed in the first 600 examples of a file but not in the first 3,000). To reproduce
a build's decision for some examples, rename the whole file and select them:

>>> again = rename(examples[::-1], perturbation="randstr", entity_type="per", seed=0)
>>> sorted(r.substitutions[0].replacement for r in again.renamings) == sorted(
...     r.substitutions[0].replacement for r in result.renamings)
True

Hugging Face datasets keep their hub schema (``rajpurkar/squad_v2``, ``mrqa-workshop/mrqa``), either
through :func:`rename_dataset` or with :class:`DatasetRenamer` in ``Dataset.map(batched=True)``:

>>> from datasets import Dataset
>>> from entity_renaming import DatasetRenamer, example_to_row
>>> hub = Dataset.from_list([example_to_row(ex) for ex in examples])   # mrqa-workshop/mrqa columns
>>> renamer = DatasetRenamer(hub, perturbation="dbname", entity_type="per", seed=3)
>>> mapped = hub.map(renamer, batched=True, batch_size=4, features=renamer.features)
>>> len(mapped) == len(hub) and mapped.column_names == [*hub.column_names, "renamings", "skip_reason"]
True
>>> renamed = mapped.filter(lambda row: row["skip_reason"] is None)   # the config's examples
>>> all(row["renamings"] for row in renamed)   # every renamed row lists its edits
True
>>> renamed = renamed.remove_columns(["renamings", "skip_reason"])   # the hub schema again
>>> renamed.features == hub.features
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
from .model import QAExample, SourceFormat
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


#: Columns :class:`DatasetRenamer` adds to the mapped rows: the records of the renaming.
RECORD_COLUMNS = ("renamings", "skip_reason")


def _rows(examples: Sequence[QAExample], columns: Sequence[str], source: dict[str, dict[str, Any]]) -> dict:
    """Hub rows of ``examples`` restricted to ``columns``; other columns are copied from the input row."""
    rows = [example_to_row(ex) for ex in examples]
    return {
        col: [row[col] if col in row else source[ex.id][col] for row, ex in zip(rows, examples, strict=True)]
        for col in columns
    }


class DatasetRenamer:
    """A function for ``Dataset.map(batched=True)`` that renames a ``datasets.Dataset`` batch by batch.

    ``DatasetRenamer(dataset, ...)`` runs the entity analysis over the whole ``dataset`` once (NER from
    the cache): the analysis weighs evidence across examples, so every batch is then renamed exactly as
    :func:`rename_dataset` and ``build-benchmark`` rename it, whatever ``batch_size`` or ``num_proc``.
    Rows of another dataset are refused. The output keeps every row and the hub schema, and holds the
    records in two added columns, so a cached ``map`` gives them back too: ``renamings`` (the edits, as in
    a release; empty for a row not renamed) and ``skip_reason`` (``None`` for a renamed row; a skipped row
    is the input row unchanged). Pass ``features=renamer.features`` so that integer widths stay as on the
    hub. The NER model is never pickled: ``datasets`` fingerprints the renamer by its settings and the
    analysis, so a re-run with the same settings is read from the ``map`` cache.

    Rows are checked as the file readers check theirs (:func:`checked`): a wrong type, an empty or duplicate
    id or a lone surrogate raises when the renamer is made, naming the row and field; an unusable example
    (an answer that is not its passage slice) is kept unchanged with the reader's reason as ``skip_reason``.
    """

    def __init__(
        self,
        dataset: Any,
        *,
        perturbation: str = "dbname",
        entity_type: str = "per",
        seed: int = 0,
        banks: str | Path | None = None,
        spacy_model: str = DEFAULT_SPACY_MODEL,
        ner_cache: str | Path | None = None,
        name: str = "dataset",
    ) -> None:
        from datasets import Features, Value

        from .release.schema import RENAMINGS

        if perturbation == "indistname":
            raise ValueError("indistname draws names from the whole dataset: use rename_dataset()")
        self.spec = spec_for(name, perturbation, entity_type, seed)
        taken = [c for c in RECORD_COLUMNS if c in dataset.column_names]
        if taken:
            raise ValueError(f"the dataset already has the column(s) {taken} that DatasetRenamer adds")
        self.banks = Path(banks) if banks else None
        fmt = format_for_columns(dataset.column_names).name
        data = validate(rows_to_parsed(list(dataset), fmt, name, name), allow_empty=True)
        cache = NerCache(Path(ner_cache or default_ner_cache_dir()) / "ner.sqlite")
        self.analysis = analyse(data.examples, load_backend("spacy", spacy_model), cache=cache,
                                lexicon=Lexicon(self.banks), progress=False)
        self.features = Features({**dataset.features, "renamings": RENAMINGS, "skip_reason": Value("string")})
        self._sampler: Sampler | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_sampler"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _sampler=None)

    def _sampler_for(self) -> Sampler | None:
        if self._sampler is None and self.spec.perturbation != "original":
            self._sampler = Sampler(self.spec.perturbation, banks_root=self.banks)
        return self._sampler

    def __call__(self, batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        from .release.schema import edit_row

        fmt = format_for_columns(batch).name
        columns = list(batch)
        rows = [dict(zip(columns, values, strict=True)) for values in zip(*batch.values(), strict=True)]
        data = validate(rows_to_parsed(rows, fmt, self.spec.dataset, "batch"), allow_empty=True)
        examples = data.examples
        if not examples:
            spec = self.spec
            result = ConfigResult(spec, spec.name)
        else:
            unknown = [ex.id for ex in examples if ex.id not in self.analysis]
            if unknown:
                raise ValueError(f"row {unknown[0]!r} is not in the dataset this DatasetRenamer analysed "
                                 f"({len(unknown)} such rows in this batch)")
            # config names as rename() gives them: MRQA rows name their dataset in ``subset``
            spec = replace(self.spec, dataset=examples[0].dataset)
            result = build_config(spec, examples, self.analysis, self._sampler_for())
        renamed = {ex.id: ex for ex in result.examples}
        edits = {r.example_id: [edit_row(e) for e in r.edits] for r in result.renamings}
        reasons = {s.example_id: s.reason for s in [*data.skips(spec.name), *result.skipped]}
        id_column = "qid" if fmt == "mrqa" else "id"
        out = {col: [] for col in (*columns, *RECORD_COLUMNS)}
        for row in rows:
            example_id = row[id_column]
            new = example_to_row(renamed[example_id]) if example_id in renamed else {}
            for col in columns:
                out[col].append(new.get(col, row[col]))
            out["renamings"].append(edits.get(example_id, []))
            out["skip_reason"].append(reasons.get(example_id))
        return out


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
