"""The dataset card (README.md): YAML metadata listing every config, then the body from ``cards/``."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import jinja2
import yaml

from .definition import ReleaseDefinition, ReleaseError
from .schema import release_features
from .writer import SPLIT, ConfigEntry, is_out_of_scope

TEMPLATE = "dataset_card.md.j2"
CITATIONS = "citations.bib"
PERTURBATION_DOCS = {
    "indistname": "a name of the same span type drawn from the other answer entities of the same dataset "
                  "(in-distribution names);",
    "dbname": "a name from the name banks (US first names by gender from SSA births, Census surnames, "
              "countries/states/cities from the gazetteer, Penn Treebank proper nouns);",
    "dbname-{origin}": "PER entities only: first and last names of one national origin from that "
                       "origin's bank;",
    "randstr": "a random string of letters with the length and capitalisation of the original name;",
    "entswap": "EntSwap: entities of six categories replaced with African names from Wikidata collections.",
}


def default_cards_dir() -> Path:
    here = Path(__file__).resolve()
    for folder in (here.parents[3] / "cards", here.parents[1] / "_bundled" / "cards"):
        if (folder / TEMPLATE).exists():
            return folder
    raise ReleaseError(f"no card template {TEMPLATE} found (looked in cards/ of the checkout and the "
                       "package)")


def yaml_header(d: ReleaseDefinition, entries: list[ConfigEntry], default: str) -> dict[str, Any]:
    """The card's YAML metadata: hub tags, ``configs`` (data files) and ``dataset_info`` (features, sizes)."""
    n = sum(e.num_examples for e in entries)
    bins = ((1e3, "n<1K"), (1e4, "1K<n<10K"), (1e5, "10K<n<100K"), (1e6, "100K<n<1M"), (1e7, "1M<n<10M"))
    size = next((label for limit, label in bins if n < limit), "10M<n<100M")
    source_ids = sorted({f"extended|{s.hub_repo}" for s in d.sources.values()
                         if s.hub_repo and s.name in {e.source for e in entries}})
    configs, infos = [], []
    for e in entries:
        config: dict[str, Any] = {"config_name": e.name, "data_files": [{"split": SPLIT, "path": e.file}]}
        if e.name == default:
            config["default"] = True
        configs.append(config)
        infos.append({"config_name": e.name, "features": release_features(e.format)._to_yaml_list(),
                      "splits": [{"name": SPLIT, "num_bytes": e.num_bytes, "num_examples": e.num_examples}],
                      "dataset_size": e.num_bytes})
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


def bank_provenance(manifest: Path | None) -> list[dict[str, Any]]:
    """Per bank, from ``name_banks/MANIFEST.json``: title, licence, how it was built, sources, span types."""
    if manifest is None or not manifest.exists():
        return []
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ReleaseError(f"{manifest}: line {err.lineno}: not valid JSON: {err.msg}") from None
    banks = data.get("banks") if isinstance(data, dict) else None
    if not isinstance(banks, dict):
        raise ReleaseError(f"{manifest}: field 'banks': expected a mapping of bank name to its description")
    rows = []
    for name, info in sorted(banks.items()):
        info = info if isinstance(info, dict) else {}
        span_types = info.get("span_types") or {}
        rows.append({
            "name": name, "title": str(info.get("title", "")), "licence": str(info.get("license", "")),
            "built": ", ".join(str(info[k]) for k in ("provenance", "recipe") if info.get(k)),
            "sources": [line for line in map(_source_line, info.get("sources") or []) if line],
            "span_types": "; ".join(_span_type_line(t, v) for t, v in sorted(span_types.items())),
        })
    return rows


def _span_type_line(name: str, info: Any) -> str:
    count = info.get("names") if isinstance(info, dict) else None
    return f"{name} ({count:,} names)" if isinstance(count, int) else name


def _source_line(src: Any) -> str:
    if not isinstance(src, dict):
        return str(src)
    what = src.get("description") or src.get("package") or src.get("file") or ""
    where = [str(src[k]) for k in ("package", "official_source", "url") if src.get(k) and src[k] != what]
    licence = f" — {src['license']}" if src.get("license") else ""
    return f"{what}{' (' + ', '.join(where) + ')' if where else ''}{licence}"


def audit_rows(d: ReleaseDefinition, entries: list[ConfigEntry]) -> list[dict[str, Any]]:
    by_group: dict[str, list[ConfigEntry]] = defaultdict(list)
    for e in entries:
        by_group[e.group].append(e)
    rows = []
    for g in d.groups:
        group = by_group.get(g.name, [])
        if not group:
            continue
        reasons: Counter[str] = Counter()
        for e in group:
            reasons.update({r: c for r, c in e.skip_reasons.items() if not is_out_of_scope(r)})
        text = "; ".join(f"{r} ({c})" for r, c in sorted(reasons.items(), key=lambda rc: (-rc[1], rc[0]))[:4])
        in_scope = sum(e.num_input - e.num_out_of_scope() for e in group)
        emitted = sum(e.num_examples for e in group)
        rows.append({"group": g.name, "configs": len(group), "in_scope": in_scope, "num_examples": emitted,
                     "refused": in_scope - emitted, "rate": f"{emitted / in_scope:.1%}" if in_scope else "—",
                     "num_edits": sum(e.num_edits for e in group),
                     "reasons": text.replace("|", "\\|") or "—"})
    return rows


def render_card(d: ReleaseDefinition, entries: list[ConfigEntry], *, repo_id: str, definition_sha256: str,
                cards_dir: Path | None = None, banks_manifest: Path | None = None) -> str:
    """README.md of the release: YAML front matter + the rendered ``cards/dataset_card.md.j2``."""
    cards_dir = cards_dir or default_cards_dir()
    default = d.default_config or entries[0].name
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(cards_dir), undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True, autoescape=False)
    used = {e.source for e in entries}
    sources = [{"name": s.name, "licence": s.licence,
                "origin": f"`{s.hub_repo}`" + (f" ({s.subset}, {s.split})" if s.subset else f" ({s.split})")
                if s.hub_repo else (s.file or "local file")}
               for s in d.sources.values() if s.name in used]
    perturbations = {p if not p.startswith("dbname-") else "dbname-{origin}"
                     for g in d.groups if g.builder == "pipeline" for p in g.perturbations}
    if any(g.builder != "pipeline" for g in d.groups):
        perturbations.add("entswap")
    body = env.get_template(TEMPLATE).render(
        d=d, entries=entries, repo_id=repo_id, default_config=default, definition_sha256=definition_sha256,
        definition_file=f"release/{d.path.name}", total_examples=f"{sum(e.num_examples for e in entries):,}",
        perturbation_docs=[{"name": p, "text": t} for p, t in PERTURBATION_DOCS.items()
                           if p in perturbations],
        mrqa_sources=sorted(s.name for s in d.sources.values() if s.name in used and s.format == "mrqa"),
        squad_sources=sorted(s.name for s in d.sources.values() if s.name in used and s.format == "squad"),
        sources=sources, banks=bank_provenance(banks_manifest), audit=audit_rows(d, entries),
        citations=(cards_dir / CITATIONS).read_text(encoding="utf-8").strip(),
        manual_audit=_manual_audit(d),
    )
    header = yaml.safe_dump(yaml_header(d, entries, default), sort_keys=False, allow_unicode=True, width=110)
    return f"---\n{header}---\n\n{body}"


def _manual_audit(d: ReleaseDefinition) -> str:
    """The human audit report the definition names (``audit_report``), included verbatim in the card."""
    if not d.audit_report:
        return ""
    path = Path(d.audit_report)
    path = path if path.is_absolute() else d.path.resolve().parents[1] / path
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError as err:
        raise ReleaseError(f"{d.path}: release.audit_report: cannot read {path}: {err.strerror}") from None
