"""Named-entity recognition over unique passages, behind one backend interface, with a disk cache."""

from .backend import Mention, NerBackend, load_backend
from .cache import NerCache, recognize

__all__ = ["Mention", "NerBackend", "NerCache", "load_backend", "recognize"]
