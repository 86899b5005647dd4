"""Versioned Hugging Face releases: definition file → parquet configs + dataset card → hub."""

from .builder import BuildOptions, build_release
from .definition import ReleaseDefinition, ReleaseError, load_definition
from .verify import verify_release

__all__ = ["BuildOptions", "ReleaseDefinition", "ReleaseError", "build_release", "load_definition",
           "verify_release"]
