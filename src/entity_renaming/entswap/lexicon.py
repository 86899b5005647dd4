"""Word knowledge for persons, from the banks when they are present: the gender of a given name (the
``us`` bank's first-name types, else ``gender-guesser``; unknown names are ``first-neutral``) and the
Penn Treebank common words (``ptb`` bank) that are not names."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from ..namebank import FIRST_NAME_TYPES, BankError, load_bank

_GUESSES = {"male": "first-male", "mostly_male": "first-male", "female": "first-female",
            "mostly_female": "first-female"}


class Lexicon:
    def __init__(self, banks_root: Path | None = None) -> None:
        self.root = banks_root

    @cached_property
    def _first_names(self) -> dict[str, str]:
        try:
            bank = load_bank("us", self.root)
        except BankError:
            return {}
        return {n.lower(): t for t in FIRST_NAME_TYPES if bank.has(t) for n in bank.names(t)}

    @cached_property
    def _common(self) -> frozenset[str]:
        try:
            bank = load_bank("ptb", self.root)
        except BankError:
            return frozenset()
        return bank.lookup("vocab") - bank.lookup("nnp") if bank.has("vocab") else frozenset()

    @cached_property
    def _guesser(self):
        import gender_guesser.detector as detector

        return detector.Detector(case_sensitive=False)

    def first_name_type(self, name: str) -> str:
        """``first-male``, ``first-female`` or ``first-neutral``."""
        found = self._first_names.get(name.lower())
        return found or _GUESSES.get(self._guesser.get_gender(name), "first-neutral")

    def common_word(self, word: str) -> bool:
        """A Penn Treebank word that is not a PTB proper noun (``grand``, ``county``); ``ptb`` bank."""
        return word.lower() in self._common
