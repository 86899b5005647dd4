"""Stanza NER (EntSwap's choice), offline from a prepared resources folder.

Stanza fetches models from its hub at run time; here it never does (``download_method=None``). Prepare
the folder once on a machine with internet access and copy it over::

    python -c "import stanza; stanza.download('en', model_dir='stanza_resources', processors='tokenize,ner')"

then ``build-benchmark --ner-backend stanza --ner-model stanza_resources`` (or ``$STANZA_RESOURCES_DIR``).
The English default NER model uses the 18 OntoNotes labels, like spaCy's.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from .backend import Mention


class StanzaResourcesError(FileNotFoundError):
    """The Stanza resources folder is missing or incomplete; the message says how to prepare it."""


def resources_dir(model_dir: str | Path | None) -> Path:
    """``model_dir``, else ``$STANZA_RESOURCES_DIR``; it must hold ``resources.json``."""
    folder = model_dir or os.environ.get("STANZA_RESOURCES_DIR")
    if not folder:
        raise StanzaResourcesError("no Stanza resources folder: pass model=DIR or set $STANZA_RESOURCES_DIR "
                                   "(see entity_renaming.ner.stanza_backend for how to prepare one)")
    folder = Path(folder)
    if not (folder / "resources.json").is_file():
        raise StanzaResourcesError(
            f"{folder}: not a Stanza resources folder (no resources.json); prepare it with "
            f"stanza.download('en', model_dir='{folder}', processors='tokenize,ner') where the hub is "
            "reachable")
    return folder


class StanzaNer:
    """``stanza.Pipeline(lang, processors="tokenize,ner")`` over batches of documents (CPU by default)."""

    def __init__(self, model_dir: str | Path | None = None, *, lang: str = "en", batch_size: int = 32,
                 use_gpu: bool = False, ner_package: str | None = None) -> None:
        import stanza

        folder = resources_dir(model_dir)
        options = {} if ner_package is None else {"package": {"ner": ner_package}}
        try:
            self.nlp = stanza.Pipeline(lang, dir=str(folder), processors="tokenize,ner",
                                       download_method=None, use_gpu=use_gpu, logging_level="WARN", **options)
        except (FileNotFoundError, KeyError, ValueError) as err:
            raise StanzaResourcesError(f"{folder}: cannot build the Stanza {lang} tokenize,ner pipeline "
                                       f"offline: {err}") from err
        self.batch_size = batch_size
        digest = hashlib.sha256(json.dumps(self._model_files(folder, lang)).encode()).hexdigest()[:12]
        self.key = f"stanza:{stanza.__version__}:{lang}:{ner_package or 'default'}:{digest}"
        self.fingerprint_ = {"backend": "stanza", "model": f"{lang}:{ner_package or 'default'}",
                             "version": stanza.__version__, "model_files_sha256": digest,
                             "device": "gpu" if use_gpu else "cpu", "cache_key": self.key}

    def fingerprint(self) -> dict[str, str]:
        """Backend, model, version, model-file digest and device, for the build manifest."""
        return dict(self.fingerprint_)

    @staticmethod
    def _model_files(folder: Path, lang: str) -> list[tuple[str, int]]:
        """Names and sizes of the tokenize/NER model files: part of the cache key."""
        files = [p for sub in ("tokenize", "ner") for p in sorted((folder / lang / sub).glob("*"))]
        return [(str(p.relative_to(folder)), p.stat().st_size) for p in files if p.is_file()]

    def recognize(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        import stanza

        batch: list[str] = []
        for text in texts:
            batch.append(text)
            if len(batch) == self.batch_size:
                yield from self._run(stanza, batch)
                batch = []
        if batch:
            yield from self._run(stanza, batch)

    def _run(self, stanza, batch: list[str]) -> Iterator[list[Mention]]:
        docs = self.nlp([stanza.Document([], text=t) for t in batch])
        for text, doc in zip(batch, docs, strict=True):
            yield [Mention(e.start_char, e.end_char, e.type, text[e.start_char:e.end_char]) for e in doc.ents]
