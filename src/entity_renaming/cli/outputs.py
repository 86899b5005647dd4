"""Writing a benchmark folder: config files, renamings, skip report and a checksummed manifest.

The manifest is rewritten after every config, so an interrupted build resumes where it stopped:
configs whose files still match their recorded sha256 are not rebuilt.
"""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from ..checksums import examples_digest, sha256_file
from ..configs import ConfigResult
from ..io import file_suffix, write_examples
from ..model import QAExample, SourceFormat
from ..quality import Linter

MANIFEST = "manifest.json"
SKIPPED = "skipped.jsonl"
PARTS = ".parts"



def package_version() -> str:
    try:
        return version("entity-renamed-mrqa")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0+unknown"


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


class BenchmarkWriter:
    """Owns one output folder; ``write`` each built config, then ``finish``."""

    def __init__(
        self,
        out: Path,
        *,
        source: Path | str,
        fmt: SourceFormat,
        meta: dict[str, Any],
        examples: list[QAExample],
        compressed: bool = False,
    ) -> None:
        self.out = Path(out)
        self.fmt, self.meta, self.suffix = fmt, meta, file_suffix(fmt, compressed)
        self.examples, self._linter = examples, None
        (self.out / PARTS).mkdir(parents=True, exist_ok=True)
        is_file = Path(source).is_file()
        source_sha = sha256_file(Path(source)) if is_file else examples_digest(examples)
        self.manifest: dict[str, Any] = {
            "package": "entity-renamed-mrqa",
            "package_version": package_version(),
            "input": {"file": Path(source).name if is_file else str(source), "sha256": source_sha,
                      "examples": len(examples)},
            "configs": {},
        }
        old = self._read_manifest()
        if old and old.get("input", {}).get("sha256") == source_sha:
            self.manifest["configs"] = old.get("configs", {})

    def _read_manifest(self) -> dict[str, Any] | None:
        path = self.out / MANIFEST
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None

    def is_done(self, name: str) -> bool:
        """True if ``name`` was finished by an earlier run and its files are intact."""
        entry = self.manifest["configs"].get(name)
        if not entry:
            return False
        files = [(entry["file"], entry["sha256"]), (entry["renamings"]["file"], entry["renamings"]["sha256"])]
        part = self.out / PARTS / f"{name}.skipped.jsonl"
        return part.exists() and all(
            (self.out / f).exists() and sha256_file(self.out / f) == h for f, h in files
        )

    def write(self, result: ConfigResult) -> None:
        data_file = self.out / f"{result.name}{self.suffix}"
        meta = self._meta_for(result)
        write_examples(data_file, result.examples, self.fmt, meta)
        renamings = self.out / f"{result.name}.renamings.jsonl"
        write_jsonl(renamings, [r.to_json() for r in result.renamings])
        write_jsonl(
            self.out / PARTS / f"{result.name}.skipped.jsonl",
            [{"config": s.config, "example_id": s.example_id, "reason": s.reason} for s in result.skipped],
        )
        self.manifest["configs"][result.name] = {
            "file": data_file.name,
            "examples": len(result.examples),
            "skipped": len(result.skipped),
            "sha256": sha256_file(data_file),
            "renamings": {
                "file": renamings.name,
                "records": len(result.renamings),
                "sha256": sha256_file(renamings),
            },
            "quality": self.linter().lint(result.examples, result.renamings),
        }
        self._save()

    def linter(self) -> Linter:
        """The quality lint of this dataset's configs (:mod:`entity_renaming.quality`), made on first use."""
        if self._linter is None:
            self._linter = Linter(self.examples)
        return self._linter

    def _meta_for(self, result: ConfigResult) -> dict[str, Any] | None:
        if self.fmt == "mrqa":
            header = dict(self.meta.get("header", {})) if self.meta else {}
            return {"header": {**header, "config": result.name}} if header or self.meta else None
        return {**(self.meta or {}), "config": result.name}

    def finish(self, names: list[str], settings: dict[str, Any]) -> None:
        """Assemble ``skipped.jsonl`` in config order and write the final manifest."""
        self.manifest["settings"] = settings
        self.manifest["configs"] = {n: self.manifest["configs"][n] for n in names}
        lines = []
        for name in names:
            lines.append((self.out / PARTS / f"{name}.skipped.jsonl").read_text(encoding="utf-8"))
        skipped = self.out / SKIPPED
        skipped.write_text("".join(lines), encoding="utf-8")
        self.manifest["skipped"] = {"file": SKIPPED, "sha256": sha256_file(skipped)}
        self._save()

    def _save(self) -> None:
        text = json.dumps(self.manifest, indent=1, ensure_ascii=False) + "\n"
        (self.out / MANIFEST).write_text(text, encoding="utf-8")

    def summary(self) -> dict[str, Any]:
        return {
            "out": str(self.out),
            "configs": {
                n: {"examples": c["examples"], "skipped": c["skipped"]}
                for n, c in self.manifest["configs"].items()
            },
        }
