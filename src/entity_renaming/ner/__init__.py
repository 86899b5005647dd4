"""Named-entity recognition over unique passages, behind one backend interface, with a disk cache."""

from .backend import MAX_CHARS, Mention, NerBackend, NerModelError, load_backend, too_long
from .cache import NerCache, recognize

__all__ = ["MAX_CHARS", "Mention", "NerBackend", "NerCache", "NerModelError", "load_backend", "recognize",
           "too_long"]
