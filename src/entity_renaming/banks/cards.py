"""Short data cards (``cards/name_banks/<bank>.md``) rendered from a recipe and its manifest entry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .recipes import Recipe


def render_card(recipe: Recipe, entry: dict[str, Any]) -> str:
    """Markdown card: what the bank is for, provenance, licence, counts, sources and filters."""
    name = recipe.bank
    lines = [f"# Name bank `{name}`", "", f"{recipe.title}.", ""]
    if recipe.card:
        lines += [recipe.card.strip(), ""]
    local = "".join(f" --source {s['source']}=PATH" for s in entry["sources"]
                    if "override" in s.get("how", ""))
    committed = "--offline" + local if entry["provenance"] != "official" else ""
    lines += [f"- Recipe: `{entry['recipe']}`; build: `build-name-banks --bank {name} --out name_banks/` "
              + (f"(the committed build adds `{committed}`)." if committed else "(online)."),
              f"- Provenance of this build: **{entry['provenance']}** (see `name_banks/MANIFEST.json`).",
              f"- Licence: {recipe.license}.", "", "| span type | names |", "|---|---|"]
    lines += [f"| `{t}` | {info['names']:,} |" for t, info in sorted(entry["span_types"].items())]
    if entry.get("missing_span_types"):
        missing = ", ".join(f"`{t}`" for t in entry["missing_span_types"])
        lines += ["", f"Missing in this build: {missing}."]
    lines += ["", "## Sources", ""]
    for source in entry["sources"]:
        where = source.get("package") or source.get("url") or source.get("endpoint") or "local file"
        lines.append(f"- `{source['source']}` ({source['kind']}): {source['description']} — {where}; "
                     f"version: {source['version'] or 'n/a'}; dated {source['retrieved']}; "
                     f"licence: {source.get('license') or 'not stated'}.")
        if source.get("official_source"):
            lines.append(f"  Official source when online: {source['official_source']}")
    lines += ["", "## Filters", "", *(f"- {f}" for f in entry["filters"])]
    return "\n".join(lines) + "\n"


def write_cards(recipes: dict[str, Recipe], manifest: dict[str, Any], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, entry in sorted(manifest["banks"].items()):
        if name in recipes:
            text = render_card(recipes[name], entry)
            (folder / f"{name}.md").write_text(text, encoding="utf-8", newline="\n")
