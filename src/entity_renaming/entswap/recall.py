"""Recall by reading (``shared/docs/audit-protocol.md`` → "Recall"): what a build leaves out.

``audit-renamings --recall [N] --input FILE --out DIR`` draws a blind sample of *input* examples (never of a
build) with a fixed, stated seed and writes, for readers who see nothing but the text:

* ``yan-reader.md``: the reader guide, then per example the title, passage, question and gold answers;
* ``yan-labels.jsonl``: one record per example, ``"names": null`` until a reader fills it in;
* ``yan-sample.json``: how the sample was drawn (input file and SHA-256, rule, seed, N, ids).

Examples are questions whose gold answers hold a word that starts with an upper-case letter, drawn with
``random.Random(seed).sample`` and shown in file order. With ``--entswap`` the unit is a passage
(``entswap-*`` files): the reader lists the persons, countries and cities of the passage.

``audit-renamings --tally LABELS.jsonl --config-dir OUT`` compares filled-in labels with a
``build-benchmark`` output folder, matched by original example id: recall of a type = labelled examples
that the type's config (``--perturbation``, default ``dbname``, seed ``--seed``) renames / labelled
examples with a ``yes`` or ``adjust`` name of that type; MIX = any type. A second column counts only
examples where a strict majority of the gold answers hold such a name (Yan et al.'s answer entities: a
name that one answer in three holds is none). For EntSwap, per category:
names renamed in the passage / names a reader found. It lists the missed cases, and renamings of examples
(or names) a reader did not find renamable, as precision hints. An EntSwap miss carries the rule ids that
left it out (the passage's left-out names in ``out-of-scope.jsonl.gz``; ``not a candidate`` when no
left-out candidate surface holds the name), and each category counts its misses per (first) rule.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checksums import sha256_file
from ..io import InputData, read_input
from ..io.errors import InputError
from ..lexicon import occurs_in
from ..model import QAExample, Renaming
from ..substitute import is_grammar_edit
from ..writer import left_out

TYPES = ("PER", "ORG", "GPE")
GPE_KINDS = ("country", "state", "city")
IN_ANSWER = ("is", "contains")
VERDICTS = ("yes", "adjust", "no")
RENAMABLE = ("yes", "adjust")
CATEGORIES = ("person", "country", "city")
DEFAULT_N = {"yan": 200, "entswap": 30}
RULE = {
    "yan": "answerable questions whose gold answers hold a word starting with an upper-case letter",
    "entswap": "distinct passages (title + context) of the input",
}
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def has_capitalised_word(text: str) -> bool:
    return any(w[0].isupper() for w in _WORD.findall(text))


# --------------------------------------------------------------------------------------------- drawing


@dataclass
class Unit:
    """One thing a reader labels: an example (Yan et al.) or a passage with its questions (EntSwap)."""

    key: str
    title: str | None
    context: str
    questions: list[QAExample] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)


def example_units(data: InputData) -> list[Unit]:
    units = []
    for ex in data.examples:
        answers = list(dict.fromkeys(data.format.gold_answers(ex)))
        if data.format.has_answer(ex) and any(has_capitalised_word(a) for a in answers):
            units.append(Unit(ex.id, ex.title, ex.context, [ex], answers))
    return units


def passage_units(data: InputData) -> list[Unit]:
    by_passage: dict[tuple[str | None, str], Unit] = {}
    for ex in data.examples:
        unit = by_passage.get((ex.title, ex.context))
        if unit is None:
            unit = by_passage[(ex.title, ex.context)] = Unit(ex.context_id or ex.id, ex.title, ex.context)
        unit.questions.append(ex)
    return list(by_passage.values())


def excluded_ids(paths: Iterable[Path]) -> set[str]:
    """The ids of earlier samples (``*-sample.json``), kept out of a fresh one."""
    ids: set[str] = set()
    for path in paths:
        try:
            ids.update(json.loads(path.read_text(encoding="utf-8"))["ids"])
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise InputError(path, None, "ids", f"not a recall *-sample.json: {err!r}") from None
    return ids


def draw(path: Path, study: str, n: int, seed: int,
         exclude: Iterable[Path] = ()) -> tuple[list[Unit], dict[str, Any]]:
    """The sample (in file order) and its description for ``*-sample.json``; units of the ``exclude``
    samples are not eligible."""
    data = read_input(path)
    units = example_units(data) if study == "yan" else passage_units(data)
    exclude = list(exclude)
    if exclude:
        left_out = excluded_ids(exclude)
        units = [u for u in units if u.key not in left_out]
    chosen = sorted(random.Random(seed).sample(range(len(units)), min(n, len(units))))
    sample = [units[i] for i in chosen]
    meta = {"study": study, "input": path.name, "input_sha256": sha256_file(path), "rule": RULE[study],
            "eligible": len(units), "n": len(sample), "seed": seed,
            "drawing": "random.Random(seed).sample(range(eligible), n), shown in file order",
            "excluding": [p.name for p in exclude],
            "ids": [u.key for u in sample]}
    return sample, meta


GUIDE_YAN = """\
## Reader guide

You see only a passage, a question and its gold answers. For each example, list in the labels file the
**person**, **organisation** and **geopolitical** (country, state/province, city) names that occur in the
gold answers, and judge each one as a careful human editor who may rename it at every mention in passage,
question and answers:

- `yes`: it can be renamed everywhere and the example stays coherent; the renamed answer still answers
  the question;
- `adjust`: possible, but something must change with it: a demonym or adjective (France → French), an
  alias or abbreviation, a surname used alone, an article;
- `no`: the question is about the name itself (its meaning, spelling, origin), the name is part of a fixed
  term the answer depends on, or it is not a name of a person, organisation or place. A person or place
  the answers hold only inside another name (a team, company, university, law: "Exampleton" of
  "Exampleton Rovers") is part of that name: list the longer name under its own type and this one as `no`.

For every name also give its type (`PER`, `ORG`, `GPE`; for `GPE` the kind: `country`, `state` or `city`)
and whether the gold answer **is** the name (`is`) or **contains** it (`contains`: "the mayor of Paris").
List each referent once per example. An example with no such name gets an empty list. Judge from the text
and your knowledge of the world; do not guess what any software would do.

In the labels file replace `"names": null` by the list (one JSON object per line; `"note"` may hold a short
reason for a doubtful case). A made-up example:

    "names": [{"name": "Ada Lorne", "type": "PER", "in_answer": "is", "verdict": "yes"},
              {"name": "Exampleton", "type": "GPE", "kind": "city", "in_answer": "contains",
               "verdict": "adjust"}]
"""

GUIDE_ENTSWAP = """\
## Reader guide

You see only an article title and one passage. List in the labels file every **person**, **country** and
**city** named in the passage (or title), once per referent, with the other forms the passage uses for it
(a surname alone, an alias; a demonym such as "French" when the country itself is named), and judge each
one as a careful human editor who may give it a new name at every mention:

- `yes`: it can be renamed everywhere and the passage stays coherent;
- `adjust`: possible, but a demonym, an alias, a surname used alone or an article must change with it;
- `no`: the name is part of a fixed term, the passage is about the name itself, or it is not a name of a
  person, country or city (a state, a region, a people, an organisation are not listed).

A passage with none gets an empty list. Judge from the text and your knowledge of the world; do not guess
what any software would do.

In the labels file replace `"names": null` by the list (one JSON object per line; `"note"` may hold a short
reason for a doubtful case). A made-up example:

    "names": [{"name": "Ada Lorne", "category": "person", "forms": ["Lorne"], "verdict": "adjust"},
              {"name": "Freedonia", "category": "country", "forms": ["Freedonian"], "verdict": "adjust"}]
"""


def reader_text(study: str, units: list[Unit], meta: dict[str, Any]) -> str:
    what = "examples" if study == "yan" else "passages"
    lines = [f"# Recall sample: {meta['n']} {what} of `{meta['input']}`", "",
             f"Drawn at random with seed {meta['seed']} from {meta['eligible']} {RULE[study]}. "
             f"Write your labels in `{study}-labels.jsonl` (same folder), one record per {what[:-1]}, "
             "matched by its number `n` and id.", "", GUIDE_YAN if study == "yan" else GUIDE_ENTSWAP]
    for n, unit in enumerate(units, start=1):
        lines += ["---", "", f"## {n}. `{unit.key}`", ""]
        if unit.title:
            lines += [f"**Title:** {unit.title.replace('_', ' ')}", ""]
        lines += ["**Passage:**", "", *(f"> {p}" if p else ">" for p in unit.context.split("\n")), ""]
        if study == "yan":
            lines += [f"**Question:** {unit.questions[0].question}", "",
                      "**Gold answers:** " + " · ".join(f"“{a}”" for a in unit.answers), ""]
    return "\n".join(lines) + "\n"


def label_records(study: str, units: list[Unit]) -> list[dict[str, Any]]:
    if study == "yan":
        return [{"study": study, "n": n, "id": u.key, "answers": u.answers, "names": None, "note": ""}
                for n, u in enumerate(units, start=1)]
    return [{"study": study, "n": n, "passage": u.key, "title": u.title,
             "question_ids": [q.id for q in u.questions], "names": None, "note": ""}
            for n, u in enumerate(units, start=1)]


def write_sample(path: Path, out: Path, study: str, n: int | None, seed: int,
                 exclude: Iterable[Path] = ()) -> list[Path]:
    units, meta = draw(path, study, n or DEFAULT_N[study], seed, exclude)
    out.mkdir(parents=True, exist_ok=True)
    files = [out / f"{study}-reader.md", out / f"{study}-labels.jsonl", out / f"{study}-sample.json"]
    files[0].write_text(reader_text(study, units, meta), encoding="utf-8")
    records = label_records(study, units)
    files[1].write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    files[2].write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return files


# --------------------------------------------------------------------------------------------- labels


@dataclass(frozen=True)
class Name:
    name: str
    type: str  #: PER / ORG / GPE (Yan et al.) or person / country / city (EntSwap)
    verdict: str
    kind: str | None = None  #: country / state / city for a GPE
    in_answer: str | None = None  #: is / contains (Yan et al.)
    forms: tuple[str, ...] = ()  #: other forms in the passage (EntSwap)

    @property
    def renamable(self) -> bool:
        return self.verdict in RENAMABLE

    def label(self) -> str:
        return f"{self.name} ({self.type}{'/' + self.kind if self.kind else ''}, {self.verdict})"


@dataclass
class Labelled:
    study: str
    key: str  #: example id, or passage id
    names: list[Name]
    question_ids: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)  #: the gold answers (Yan et al.), one per annotator

    def held_by_most(self, name: Name) -> bool:
        """A strict majority of the gold answers hold ``name`` (as a whole word): an answer entity as Yan et
        al. define it; a name only one answer in three holds is not."""
        return sum(occurs_in(name.name, a) for a in self.answers) * 2 > len(self.answers)


def _choice(path: Path, line: int, where: str, value: Any, allowed: Iterable[str]) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise InputError(path, line, where, f"{value!r} is not one of {', '.join(allowed)}")
    return value


def _name(path: Path, line: int, study: str, i: int, raw: Any) -> Name:
    where = f"names[{i}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise InputError(path, line, where, "not an object with a non-empty \"name\"")
    verdict = _choice(path, line, f"{where}.verdict", raw.get("verdict"), VERDICTS)
    if study == "entswap":
        forms = raw.get("forms") or []
        if not isinstance(forms, list) or not all(isinstance(f, str) for f in forms):
            raise InputError(path, line, f"{where}.forms", "not a list of strings")
        category = _choice(path, line, f"{where}.category", raw.get("category"), CATEGORIES)
        return Name(raw["name"], category, verdict, forms=tuple(forms))
    etype = _choice(path, line, f"{where}.type", raw.get("type"), TYPES)
    kind = _choice(path, line, f"{where}.kind", raw.get("kind"), GPE_KINDS) if etype == "GPE" else None
    in_answer = _choice(path, line, f"{where}.in_answer", raw.get("in_answer"), IN_ANSWER)
    return Name(raw["name"], etype, verdict, kind, in_answer)


def read_labels(path: Path) -> list[Labelled]:
    """Filled-in labels; every record must be labelled (``names`` a list, possibly empty)."""
    if not path.is_file():
        raise InputError(path, None, "<path>", "no such file")
    out: list[Labelled] = []
    seen: dict[str, int] = {}
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise InputError(path, line_no, "<json>", f"malformed JSON: {err.msg}") from None
        if not isinstance(record, dict):
            raise InputError(path, line_no, "<record>", "not a JSON object")
        study = _choice(path, line_no, "study", record.get("study"), DEFAULT_N)
        key_field = "id" if study == "yan" else "passage"
        key = record.get(key_field)
        if not isinstance(key, str):
            raise InputError(path, line_no, key_field, "missing or not a string")
        if key in seen:
            raise InputError(path, line_no, key_field, f"{key!r} already labelled on line {seen[key]}")
        seen[key] = line_no
        names = record.get("names")
        if not isinstance(names, list):
            raise InputError(path, line_no, "names", "not labelled yet (a list of names, [] when none)")
        qids = record.get("question_ids", [])
        if study == "entswap" and (not isinstance(qids, list) or not qids):
            raise InputError(path, line_no, "question_ids", "missing or empty")
        answers = record.get("answers", [])
        if study == "yan" and not (isinstance(answers, list) and all(isinstance(a, str) for a in answers)):
            raise InputError(path, line_no, "answers", "missing or not a list of strings")
        out.append(Labelled(study, key, [_name(path, line_no, study, i, n) for i, n in enumerate(names)],
                            list(qids), list(answers)))
    if not out:
        raise InputError(path, None, "<records>", "no labels")
    if len({r.study for r in out}) > 1:
        raise InputError(path, None, "study", "mixes yan and entswap records")
    return out


# --------------------------------------------------------------------------------------------- build


def _manifest(config_dir: Path) -> dict[str, Any]:
    path = config_dir / "manifest.json"
    if not path.is_file():
        raise InputError(path, None, "<path>", "no manifest.json (is this a build-benchmark --out folder?)")
    return json.loads(path.read_text(encoding="utf-8"))


def _renamings(config_dir: Path, config: str) -> dict[str, Renaming]:
    from .audit import read_renamings

    path = config_dir / f"{config}.renamings.jsonl.gz"
    if not path.is_file():
        raise InputError(path, None, "renamings", "not found (build the config first)")
    return {r.original_id: r for r in read_renamings(path).values()}


def yan_configs(config_dir: Path, perturbation: str, seed: int) -> dict[str, str]:
    """Entity type (PER / ORG / GPE / MIX) → config name of ``perturbation`` seed ``seed``."""
    found = {}
    for name, entry in _manifest(config_dir).get("configs", {}).items():
        params = entry.get("built_with", {}).get("params", {})
        if params.get("perturbation") == perturbation and params.get("seed") == seed:
            found[str(params.get("entity_type", "")).upper()] = name
    if not found:
        raise InputError(config_dir / "manifest.json", None, "configs",
                         f"no {perturbation} seed-{seed} config (build it with --perturbation {perturbation} "
                         f"--seeds {seed} --entity-types per,org,gpe,mix)")
    return found


def entswap_config(config_dir: Path, seed: int) -> str:
    names = [n for n in _manifest(config_dir).get("configs", {})
             if re.fullmatch(rf"(afrisquad2|.+-entswap)-seed{seed}", n)]
    if not names:
        raise InputError(config_dir / "manifest.json", None, "configs", f"no EntSwap seed-{seed} config")
    return names[0]


def check_input(labels: Path, config_dir: Path) -> None:
    """The build must read the sampled file: compare SHA-256 with ``*-sample.json`` beside the labels."""
    sample = labels.with_name(labels.name.replace("-labels.jsonl", "-sample.json"))
    if sample == labels or not sample.is_file():
        return
    want = json.loads(sample.read_text(encoding="utf-8")).get("input_sha256")
    have = _manifest(config_dir).get("input", {}).get("sha256")
    if want and have and want != have:
        raise InputError(config_dir / "manifest.json", None, "input.sha256",
                         f"the build read another file than the sample ({sample.name}: {want[:12]}…)")


# --------------------------------------------------------------------------------------------- tally


@dataclass
class Row:
    label: str
    renamed: int = 0
    renamable: int = 0
    missed: list[dict[str, Any]] = field(default_factory=list)
    hints: list[dict[str, Any]] = field(default_factory=list)
    #: Yan et al.: renamed / renamable examples whose renamable name a majority of the answers hold
    answer_entity: list[int] = field(default_factory=lambda: [0, 0])
    #: EntSwap: missed names per (first) rule that left them out (:func:`miss_cause`)
    by_rule: Counter[str] = field(default_factory=Counter)

    def as_json(self) -> dict[str, Any]:
        renamed, renamable = self.answer_entity
        return {"type": self.label, "renamed": self.renamed, "renamable": self.renamable,
                "recall": self.renamed / self.renamable if self.renamable else None,
                "answer_entity": {"renamed": renamed, "renamable": renamable,
                                  "recall": renamed / renamable if renamable else None},
                "missed": self.missed, "missed_by_rule": dict(sorted(self.by_rule.items(),
                                                                     key=lambda kv: (-kv[1], kv[0]))),
                "precision_hints": self.hints}


def tally_yan(labels: list[Labelled], config_dir: Path, perturbation: str,
              seed: int) -> tuple[list[Row], str]:
    configs = yan_configs(config_dir, perturbation, seed)
    rows = []
    groups: list[tuple[str, str, Any]] = [
        *((t, t, lambda n, t=t: n.type == t) for t in TYPES),
        *((f"GPE {k}", "GPE", lambda n, k=k: n.type == "GPE" and n.kind == k) for k in GPE_KINDS),
        ("MIX", "MIX", lambda n: True),
    ]
    renamed_by_config = {t: _renamings(config_dir, c) for t, c in configs.items()}
    for label, config_type, selects in groups:
        if config_type not in renamed_by_config:
            continue
        renamings = renamed_by_config[config_type]
        row = Row(label)
        for record in labels:
            wanted = [n for n in record.names if selects(n) and n.renamable]
            renamed = record.key in renamings
            if wanted:
                row.renamable += 1
                row.renamed += renamed
                if any(record.held_by_most(n) for n in wanted):
                    row.answer_entity[0] += renamed
                    row.answer_entity[1] += 1
                if not renamed and " " not in label:  # a GPE kind's misses are listed under GPE
                    row.missed.append({"id": record.key, "names": [n.label() for n in wanted]})
            elif renamed and " " not in label:
                subs = [s.original for s in renamings[record.key].substitutions]
                row.hints.append({"id": record.key, "renamed": subs,
                                  "reader": [n.label() for n in record.names]})
        rows.append(row)
    where = ", ".join(f"{t}: {c}" for t, c in sorted(configs.items()))
    return rows, where


def _touches(name: Name, original: str) -> bool:
    """An edit of ``original`` renames (part of) the referent ``name``: one text holds the other."""
    return any(occurs_in(original, form) or occurs_in(form, original) for form in (name.name, *name.forms))


#: The rule of a missed name that no left-out candidate surface of its passage holds.
NOT_A_CANDIDATE = "not a candidate"


def miss_cause(name: Name, left: list[dict[str, Any]] | None) -> dict[str, Any]:
    """Why the missed ``name`` was left out: the passage's left-out candidate surface that holds it
    (:func:`_touches`; one of the name's category first, then the longest) with its category and rule ids,
    ``{"rules": [NOT_A_CANDIDATE]}`` when none does, ``{}`` when the build records no left-out names."""
    if left is None:
        return {}
    found = [e for e in left if _touches(name, e["surface"])]
    if not found:
        return {"rules": [NOT_A_CANDIDATE]}
    best = min(found, key=lambda e: (e["category"] != name.type, -len(e["surface"]), e["surface"]))
    return {"rules": list(best["rules"]), "surface": best["surface"], "category": best["category"]}


def tally_entswap(labels: list[Labelled], config_dir: Path, config: str | None,
                  seed: int) -> tuple[list[Row], str]:
    config = config or entswap_config(config_dir, seed)
    renamings = _renamings(config_dir, config)
    groups = left_out(config_dir, config)  # question id → its passage's left-out names
    left_of = None if groups is None else {i: g["left_out"] for g in groups.values()
                                           for i in g["example_ids"]}
    rows = {c: Row(c) for c in CATEGORIES}
    for record in labels:
        left = None if left_of is None else next((left_of[q] for q in record.question_ids
                                                  if q in left_of), [])
        edits = (e for qid in record.question_ids if qid in renamings for e in renamings[qid].edits)
        originals = {(e.original, e.entity_type) for e in edits  # the passage's (and title's) renamed names
                     if e.field in ("context", "title") and not is_grammar_edit(e.original, e.replacement)}
        for name in record.names:
            hit = [o for o, _ in originals if _touches(name, o)]
            row = rows[name.type]
            if name.renamable:
                row.renamable += 1
                row.renamed += bool(hit)
                if not hit:
                    cause = miss_cause(name, left)
                    if cause:
                        row.by_rule[cause["rules"][0]] += 1
                    row.missed.append({"passage": record.key, "name": name.label(), **cause})
            elif hit:
                row.hints.append({"passage": record.key, "renamed": hit, "reader": name.label()})
        for original, category in sorted(originals):
            if category in rows and not any(_touches(n, original) for n in record.names):
                rows[category].hints.append({"passage": record.key, "renamed": [original],
                                             "reader": "not listed"})
    return list(rows.values()), config


def tally(labels_path: Path, config_dir: Path, *, perturbation: str = "dbname", seed: int = 0,
          config: str | None = None) -> dict[str, Any]:
    labels = read_labels(labels_path)
    check_input(labels_path, config_dir)
    study = labels[0].study
    if study == "yan":
        rows, configs = tally_yan(labels, config_dir, perturbation, seed)
    else:
        rows, configs = tally_entswap(labels, config_dir, config, seed)
    return {"study": study, "labels": str(labels_path), "config_dir": str(config_dir), "configs": configs,
            "labelled": len(labels), "rows": [r.as_json() for r in rows]}


def render(result: dict[str, Any]) -> str:
    unit = "examples" if result["study"] == "yan" else "names"
    lines = [f"Recall by reading: {result['labelled']} labelled "
             f"{'examples' if result['study'] == 'yan' else 'passages'} of `{result['labels']}` against "
             f"{result['configs']}", "",
             f"| type | renamed / renamable {unit} | recall |", "|---|---:|---:|"]
    yan = result["study"] == "yan"
    if yan:
        lines[-2:] = [f"| type | renamed / renamable {unit} | recall | of them, a name most answers hold "
                      "(Yan et al.'s answer entities) | recall |", "|---|---:|---:|---:|---:|"]
    for r in result["rows"]:
        recall = f"{r['recall']:.1%}" if r["recall"] is not None else "–"
        row = f"| {r['type']} | {r['renamed']} / {r['renamable']} | {recall} |"
        if yan:
            held = r["answer_entity"]
            share = f"{held['recall']:.1%}" if held["recall"] is not None else "–"
            row += f" {held['renamed']} / {held['renamable']} | {share} |"
        lines.append(row)
    for r in result["rows"]:
        if r["missed"]:
            lines += ["", f"Missed, {r['type']} ({len(r['missed'])}):"]
            lines += [f"- {json.dumps(m, ensure_ascii=False)}" for m in r["missed"]]
        if r.get("missed_by_rule"):
            lines += ["", f"Missed by the rule that left the name out (first rule), {r['type']}:"]
            lines += [f"- {rule}: {n}" for rule, n in r["missed_by_rule"].items()]
    for r in result["rows"]:
        if r["precision_hints"]:
            lines += ["", f"Renamed, but no renamable name of this type for the reader, {r['type']} "
                      f"({len(r['precision_hints'])}):"]
            lines += [f"- {json.dumps(h, ensure_ascii=False)}" for h in r["precision_hints"]]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------- CLI


def add_arguments(p) -> None:
    """The recall flags of ``audit-renamings`` (``--tally`` with a ``.jsonl`` file is the recall tally)."""
    g = p.add_argument_group(
        "recall (audit-protocol.md → Recall)",
        "audit-renamings --recall 200 --input SQuAD_dev.jsonl.gz --seed 1919 --out recall/ writes "
        "yan-reader.md (for readers), yan-labels.jsonl (to fill in) and yan-sample.json; then "
        "audit-renamings --tally recall/yan-labels.jsonl --config-dir out/ prints the build's recall")
    g.add_argument("--recall", nargs="?", type=int, const=0, metavar="N",
                   help="write a blind recall sample of N input examples (default 200; with --entswap 30 "
                        "passages) of --input to the folder --out, drawn with --seed")
    g.add_argument("--input", type=Path, help="with --recall: MRQA .jsonl(.gz) or SQuAD 2.0 .json file")
    g.add_argument("--entswap", action="store_true", help="with --recall: sample passages for EntSwap")
    g.add_argument("--exclude", type=Path, action="append", default=[], metavar="SAMPLE_JSON",
                   help="with --recall: leave out the examples of an earlier *-sample.json (repeatable), "
                        "to keep a fresh sample apart from the regression set")
    g.add_argument("--perturbation", default="dbname",
                   help="with --tally LABELS.jsonl: the configs' perturbation (default dbname; --seed is "
                        "their seed, --config names the EntSwap config)")
    g.add_argument("--json", action="store_true", help="with --tally LABELS.jsonl: print JSON")


def is_recall(args) -> bool:
    return args.recall is not None or (args.tally is not None and args.tally.suffix == ".jsonl")


def run(args, p) -> int:
    """``audit-renamings`` in recall mode; raises :class:`InputError` on bad input."""
    if args.recall is not None:
        if args.input is None or args.out is None:
            p.error("--recall needs --input FILE and --out FOLDER")
        study = "entswap" if args.entswap else "yan"
        for f in write_sample(args.input, args.out, study, args.recall, args.seed, args.exclude):
            print(f"wrote {f}")
        return 0
    if args.config_dir is None:
        p.error("--tally LABELS.jsonl needs --config-dir (a build-benchmark --out folder)")
    result = tally(args.tally, args.config_dir, perturbation=args.perturbation, seed=args.seed,
                   config=args.config)
    print(json.dumps(result, indent=1, ensure_ascii=False) if args.json else render(result), end="")
    return 0
