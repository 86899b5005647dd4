"""The dataset card (README.md): YAML metadata listing every config, then the body from ``cards/``."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import jinja2
import yaml

from ..pipeline import LEFT_BY_RULES
from ..quality import summary_text as quality_summary
from .definition import ENTSWAP, PIPELINE, ReleaseDefinition
from .errors import ReleaseError
from .frontmatter import front_matter_text
from .paths import confined
from .provenance import BankUse, SourceUse
from .schema import release_features
from .writer import SPLIT, ConfigEntry, is_out_of_scope

TEMPLATE = "dataset_card.md.j2"
CITATIONS = "citations.bib"
#: Precision and recall measured by reading (audit rounds), one data file beside the template.
MEASURED = "measured_quality.yaml"
PERTURBATION_DOCS = {
    "indistname": "a name of the same span type drawn from the other answer entities of the same dataset "
                  "(in-distribution names);",
    "dbname": "a name from the name banks: first names by gender and surnames from `us`, countries, states "
              "and cities from `gazetteer`, proper nouns from `ptb` (each bank's sources below);",
    "dbname-{origin}": "PER entities only: first and last names of one national origin from that "
                       "origin's bank (sources below);",
    "randstr": "a random string of letters with the length and capitalisation of the original name;",
    "entswap": "EntSwap: entities of six categories replaced with names from the `african` bank",
}
#: Method papers cited when a group of that builder is in the release; MRQA when an MRQA source is.
METHOD_CITATIONS = {"pipeline": "yan2022robustness", "entswap": "siro2023evaluating"}
MRQA_CITATION = "fisch2019mrqa"
METHOD_REFS = {"pipeline": "Yan et al., 2022", "entswap": "Siro & Ajayi, 2023"}
_BIB_ENTRY = re.compile(r"^@\w+\{([^,\s]+),", re.MULTILINE)


def default_cards_dir() -> Path:
    here = Path(__file__).resolve()
    for folder in (here.parents[3] / "cards", here.parents[1] / "_bundled" / "cards"):
        if (folder / TEMPLATE).exists():
            return folder
    raise ReleaseError(f"no card template {TEMPLATE} found (looked in cards/ of the checkout and the "
                       "package)")


def yaml_header(d: ReleaseDefinition, entries: list[ConfigEntry], default: str,
                sources: dict[str, SourceUse]) -> dict[str, Any]:
    """The card's YAML metadata: hub tags, ``configs`` (data files) and ``dataset_info`` (features, sizes).
    ``source_datasets`` names the hub dataset of each source the release holds, read from the hub or from a
    local copy of it (the sources table says which)."""
    n = sum(e.num_examples for e in entries)
    bins = ((1e3, "n<1K"), (1e4, "1K<n<10K"), (1e5, "10K<n<100K"), (1e6, "100K<n<1M"), (1e7, "1M<n<10M"))
    size = next((label for limit, label in bins if n < limit), "10M<n<100M")
    built = {e.source for e in entries}
    source_ids = sorted({f"extended|{d.sources[n].hub_repo}" for n in built if d.sources[n].hub_repo})
    configs, infos = config_metadata(entries, default)
    used = [d.sources[name] for name in dict.fromkeys(e.source for e in entries)]
    licences = ["cc-by-sa-4.0"] if any("CC BY-SA 4.0" in s.licence for s in used) else []
    if any(s.licence.strip() != "CC BY-SA 4.0" for s in used):
        licences.append("other")
    return {
        "pretty_name": d.pretty_name, "language": ["en"], "license": licences,
        "task_categories": ["question-answering"], "task_ids": ["extractive-qa"],
        "annotations_creators": ["machine-generated"], "language_creators": ["found"],
        "multilinguality": ["monolingual"], "size_categories": [size], "source_datasets": source_ids,
        "tags": ["robustness", "entity-renaming", "mrqa", "squad"],
        "configs": configs, "dataset_info": infos,
    }


def config_metadata(entries: list[ConfigEntry], default: str | None,
                    files: dict[str, str] | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ``configs`` (data files, the default marked) and ``dataset_info`` (features, sizes) lists of a
    card's YAML; ``files`` maps a config to its parquet shard where that is not its data file (a build
    folder: its ``num_bytes`` are the native file's, so only the example counts are given)."""
    configs, infos = [], []
    for e in entries:
        path = (files or {}).get(e.name, e.file)
        config: dict[str, Any] = {"config_name": e.name, "data_files": [{"split": SPLIT, "path": path}]}
        if e.name == default:
            config["default"] = True
        configs.append(config)
        info: dict[str, Any] = {"config_name": e.name, "features": release_features(e.format)._to_yaml_list(),
                                "splits": [{"name": SPLIT, "num_examples": e.num_examples}]}
        if path == e.file:
            info["splits"][0] = {"name": SPLIT, "num_bytes": e.num_bytes, "num_examples": e.num_examples}
            info["dataset_size"] = e.num_bytes
        infos.append(info)
    return configs, infos


def bank_rows(banks: list[BankUse]) -> list[dict[str, Any]]:
    """Per bank the build read: title, licence, how it was built, sources, files with sha256."""
    return [{"name": b.name, "title": b.title, "licence": b.licence or "not stated in the bank manifest",
             "built": ", ".join(x for x in (b.provenance, b.recipe) if x), "sources": list(b.sources),
             "used_by": ", ".join(b.used_by), "missing": ", ".join(b.missing_span_types),
             "files": [{"file": f.file, "sha256": f.sha256,
                        "names": f"{f.names:,} names" if f.names is not None else "names not counted"}
                       for f in b.files]}
            for b in banks]


def source_rows(d: ReleaseDefinition, used: dict[str, SourceUse]) -> list[dict[str, Any]]:
    """Per source the build read: where from (file + sha256, or hub id), how many examples, licence."""
    rows = []
    for name, use in used.items():
        if use.kind == "hub":
            origin = f"`{use.upstream}` from the Hugging Face hub"
        else:
            what = "local file" if use.kind == "file" else "local hub-layout folder"
            origin = f"{what} `{use.location}`" + (f", sha256 `{use.sha256}`" if use.sha256 else "")
            if use.upstream:
                origin += f" (the definition names `{use.upstream}` as upstream; that copy was not used)"
        rows.append({"name": name, "origin": origin, "num_examples": f"{use.num_examples:,}",
                     "examples_sha256": use.examples_sha256, "licence": d.sources[name].licence})
    return rows


def citations(d: ReleaseDefinition, used: dict[str, SourceUse], bib: Path) -> str:
    """The BibTeX entries of the method papers and source datasets of this release, in ``bib`` order."""
    text = bib.read_text(encoding="utf-8")
    starts = [(m.group(1), m.start()) for m in _BIB_ENTRY.finditer(text)]
    entries = {key: text[start:(starts[i + 1][1] if i + 1 < len(starts) else len(text))].strip()
               for i, (key, start) in enumerate(starts)}
    keys = {METHOD_CITATIONS[g.builder] for g in d.groups}
    if any(d.sources[n].format == "mrqa" for n in used):
        keys.add(MRQA_CITATION)
    keys |= {d.sources[n].citation for n in used if d.sources[n].citation}
    unknown = sorted(k for k in keys if k not in entries)
    if unknown:
        raise ReleaseError(f"{bib}: no BibTeX entry for {unknown} (cited by {d.path})")
    return "\n\n".join(entries[k] for k in entries if k in keys)


def _candidates(e: ConfigEntry) -> tuple[int, int]:
    """A config's candidates (input examples with an answer entity of its type; EntSwap: with something
    to rename) and how many of them the analysis's precision rules left without a span."""
    out = sum(c for r, c in e.skip_reasons.items() if is_out_of_scope(r) and not r.endswith(LEFT_BY_RULES))
    by_rules = sum(c for r, c in e.skip_reasons.items() if r.endswith(LEFT_BY_RULES))
    return e.num_input - out, by_rules


def audit_rows(d: ReleaseDefinition, entries: list[ConfigEntry]) -> list[dict[str, Any]]:
    """Per group, summed over its renamed configs (``original`` configs rename nothing): candidates,
    renamed, left out by the precision rules, refused (a renaming that failed its checks), and why."""
    by_group: dict[str, list[ConfigEntry]] = defaultdict(list)
    for e in entries:
        by_group[e.group].append(e)
    rows = []
    for g in d.groups:
        group = [e for e in by_group.get(g.name, []) if not e.name.endswith("-original")]
        if not group:
            continue
        reasons: Counter[str] = Counter()
        for e in group:
            reasons.update({r: c for r, c in e.skip_reasons.items() if not is_out_of_scope(r)})
        text = "; ".join(f"{r} ({c})" for r, c in sorted(reasons.items(), key=lambda rc: (-rc[1], rc[0]))[:4])
        counts = [_candidates(e) for e in group]
        candidates = sum(c for c, _ in counts)
        by_rules = sum(r for _, r in counts)
        renamed = sum(e.num_examples for e in group)
        row = {"candidates": f"{candidates:,}", "num_examples": f"{renamed:,}", "by_rules": f"{by_rules:,}",
               "rate": f"{renamed / candidates:.1%}" if candidates else "—"}
        if g.builder != PIPELINE:  # EntSwap emits every example, renamed where its evidence allows
            row = {"candidates": "—", "num_examples": f"{renamed:,} emitted", "by_rules": "—", "rate": "—"}
        rows.append({"group": g.name, "configs": len(group), "inputs": f"{sum(e.num_input for e in group):,}",
                     **row, "refused": f"{sum(reasons.values()):,}",
                     "num_edits": f"{sum(e.num_edits for e in group):,}",
                     "lint": quality_summary(e.quality for e in group),
                     "reasons": text.replace("|", "\\|") or "—"})
    return rows


MEASURES = ("spans", "substitutions", "recall")


def measured_quality(d: ReleaseDefinition, cards_dir: Path) -> dict[str, Any]:
    """Precision and recall measured by reading (``cards/measured_quality.yaml``): what was read, and the
    rows of the builders this release holds, each measure as ``k/n (p %)`` or "not measured"."""
    path = cards_dir / MEASURED
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ReleaseError(f"{path}: cannot read: {err.strerror}") from None
    except yaml.YAMLError as err:
        raise ReleaseError(f"{path}: malformed YAML: {err}") from None
    rows, reads = (data.get("measurements"), data.get("reads")) if isinstance(data, dict) else (None, None)
    if not isinstance(rows, list) or not isinstance(reads, dict):
        raise ReleaseError(f"{path}: needs 'reads' (a mapping) and 'measurements' (a list)")
    builders = {g.builder for g in d.groups}
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in ("builder", "what")):
            raise ReleaseError(f"{path}: measurements[{i}]: needs 'builder' and 'what' (strings)")
        if row["builder"] not in builders:
            continue
        cells = {"what": row["what"]}
        for key in MEASURES:
            value = row.get(key)
            if value is None:
                cells[key] = "not measured"
                continue
            found = re.fullmatch(r"(\d+)/(\d+)", str(value))
            if not found or int(found[2]) == 0 or int(found[1]) > int(found[2]):
                raise ReleaseError(f"{path}: measurements[{i}].{key}: expected 'k/n' (0 ≤ k ≤ n, n > 0) or "
                                   f"null, got {value!r}")
            k, n = int(found[1]), int(found[2])
            cells[key] = f"{k}/{n} ({100 * k / n:.0f} %)"
        out.append(cells)
    return {"rows": out, "precision_read": str(reads.get("precision", "")),
            "recall_read": str(reads.get("recall", ""))}


def render_card(d: ReleaseDefinition, entries: list[ConfigEntry], *, repo_id: str, definition_sha256: str,
                sources: dict[str, SourceUse], banks: list[BankUse], cards_dir: Path | None = None) -> str:
    """README.md of the release: YAML front matter + the rendered ``cards/dataset_card.md.j2``.

    Sources and banks are those the build read (``sources``, ``banks``), never the definition's defaults.
    """
    cards_dir = cards_dir or default_cards_dir()
    default = d.default_config or entries[0].name
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(cards_dir), undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True, autoescape=False)
    built = {e.source for e in entries}
    used = {n: u for n, u in sources.items() if n in built}
    perturbations = {p if not p.startswith("dbname-") else "dbname-{origin}"
                     for g in d.groups if g.builder == PIPELINE for p in g.perturbations}
    docs = {p: t for p, t in PERTURBATION_DOCS.items() if p in perturbations}
    if any(g.builder == ENTSWAP for g in d.groups):
        african = next((b for b in banks if b.name == "african"), None)
        docs["entswap"] = PERTURBATION_DOCS["entswap"] + (
            f" ({african.title}; built {african.provenance}; sources below)." if african else ".")
    body = env.get_template(TEMPLATE).render(
        d=d, entries=entries, repo_id=repo_id, default_config=default, definition_sha256=definition_sha256,
        definition_file=d.path.name, total_examples=f"{sum(e.num_examples for e in entries):,}",
        only=" ".join(d.only), has_pipeline=any(g.builder == PIPELINE for g in d.groups),
        has_entswap=any(g.builder == ENTSWAP for g in d.groups),
        has_origin=any(p.startswith("dbname-") for g in d.groups for p in g.perturbations),
        method_refs="; ".join(ref for builder, ref in METHOD_REFS.items() if any(g.builder == builder
                                                                              for g in d.groups)),
        perturbation_docs=[{"name": p, "text": t} for p, t in docs.items()],
        mrqa_sources=sorted(n for n in used if d.sources[n].format == "mrqa"),
        squad_sources=sorted(n for n in used if d.sources[n].format == "squad"),
        sources=source_rows(d, used), banks=bank_rows(banks), audit=audit_rows(d, entries),
        measured=measured_quality(d, cards_dir),
        citations=citations(d, used, cards_dir / CITATIONS), manual_audit=_manual_audit(d),
    )
    return f"{front_matter_text(yaml_header(d, entries, default, used))}\n{body}"


def _manual_audit(d: ReleaseDefinition) -> str:
    """The human audit report the definition names (``audit_report``, relative to the definition's
    folder and confined to it), included verbatim in the card."""
    if not d.audit_report:
        return ""
    path = confined(d.path.parent, d.audit_report, f"{d.path}: release.audit_report")
    try:
        return path.read_bytes().decode("utf-8").strip()
    except OSError as err:
        raise ReleaseError(f"{d.path}: release.audit_report: cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise ReleaseError(f"{path}: byte {err.start}: the audit report is not UTF-8 text") from None
