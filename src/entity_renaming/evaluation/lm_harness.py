"""The hooks of a release's lm-evaluation-harness tasks (``lm_eval_tasks/utils.py`` imports them).

Data: a config's parquet shard is read from the release folder holding the tasks when it is there,
else downloaded from the hub (``repo_id`` at the release's tag; ``HF_HUB_OFFLINE=1`` uses the cache),
then read by :func:`entity_renaming.evaluation.release.load_config` like every other reader.

Prompt and target follow lm-eval's ``squadv2`` task (``Title:`` / ``Background:`` / ``Question:`` /
``Answer:``, target the first gold answer or ``unanswerable``; generation until a newline). MRQA
structure markers are removed from passages. The answer is the generation's first line
(:func:`entity_renaming.icl.prompts.extract_answer`: ``unanswerable`` → the empty answer), scored with
the package's official SQuAD 2.0 / MRQA EM and F1 (percent) per example, so the mean is the official
score of the config.

Paired tasks (:class:`PairedTask`) hold one document per original example that some seed renamed: one
generation for the original prompt and one per seed's renamed prompt, with the same few-shot context.
``delta_f1`` is the renamed F1 averaged over those seeds minus the original F1; its mean over examples
is the paired ΔF1 of ``evaluate-benchmark`` (lm-eval reports its standard error, not the bootstrap CI).
"""

from __future__ import annotations

import statistics
from copy import deepcopy
from pathlib import Path
from typing import Any

from ..configs import parse_config_name
from ..extras import require
from ..icl.prompts import PromptTemplate, extract_answer
from ..io.formats import format_of, get_format
from ..model import QAExample
from ..release.writer import SPLIT, shard_path
from .release import ReleaseConfig
from .release import load_config as read_config
from .scoring import exact_match, gold_answers, max_over_golds

require("lmeval", "the entity_renamed lm-eval tasks")
from lm_eval.api.instance import Instance  # noqa: E402
from lm_eval.api.task import ConfigurableTask  # noqa: E402

TEMPLATE = PromptTemplate()  # its ``no_answer`` ("unanswerable") and answer extraction


def _shard(release: Path, config: str, repo_id: str | None, revision: str | None) -> Path:
    local = release / shard_path(config)
    if local.is_file():
        return local
    if not repo_id:
        raise FileNotFoundError(f"{local}: no such file, and the task names no hub repo_id")
    from huggingface_hub import hf_hub_download

    return Path(hf_hub_download(repo_id, shard_path(config), repo_type="dataset", revision=revision))


def _context(example: QAExample) -> str:
    if example.source_format != "mrqa":
        return example.context
    from .inference import blank_markers

    return " ".join(blank_markers(example.context).split())


def config_docs(release: Path, config: str, repo_id: str | None = None,
                revision: str | None = None) -> list[dict[str, Any]]:
    """The documents of one config: id, original id, format, prompt fields and gold answers."""
    path = _shard(release, config, repo_id, revision)
    data = read_config(ReleaseConfig(config, parse_config_name(config), {SPLIT: [path]}))
    return [{"id": ex.id, "original_id": data.original_ids[ex.id], "config": config,
             "format": format_of(ex).name, "title": ex.title or "", "context": _context(ex),
             "question": ex.question, "answers": gold_answers(ex)} for ex in data.examples]


def _dataset(docs: list[dict[str, Any]], what: str) -> Any:
    import datasets

    if not docs:
        raise ValueError(f"{what}: no examples (lm-eval needs at least one document)")
    return datasets.DatasetDict({SPLIT: datasets.Dataset.from_list(docs)})


def load_config(release: Path, /, *, config: str, repo_id: str | None = None, revision: str | None = None,
                **_: Any) -> Any:
    """``custom_dataset`` of a config task (keyword arguments: the task's ``metadata``)."""
    return _dataset(config_docs(release, config, repo_id, revision), config)


def load_paired(release: Path, /, *, original: str, configs: list[str], repo_id: str | None = None,
                revision: str | None = None, **_: Any) -> Any:
    """``custom_dataset`` of a paired task: each original example that some config renamed, with its
    renamings (``renamed``, in ``configs`` order), paired by ``original_id``."""
    renamed: dict[str, list[dict[str, Any]]] = {}
    for config in configs:
        for doc in config_docs(release, config, repo_id, revision):
            renamed.setdefault(doc["original_id"], []).append(doc)
    docs = [{**doc, "renamed": renamed[doc["original_id"]]}
            for doc in config_docs(release, original, repo_id, revision) if doc["original_id"] in renamed]
    return _dataset(docs, f"{original} paired with {', '.join(configs)}")


def doc_to_text(doc: dict[str, Any]) -> str:
    title = f"Title: {doc['title']}\n\n" if doc["title"] else ""
    return f"{title}Background: {doc['context']}\n\nQuestion: {doc['question']}\n\nAnswer:"


def doc_to_target(doc: dict[str, Any]) -> str:
    return doc["answers"][0] or TEMPLATE.no_answer


def score(doc: dict[str, Any], generation: str) -> dict[str, float]:
    """Official EM and F1 (percent) of a generation's answer against the document's gold answers."""
    answer = extract_answer(generation, TEMPLATE)
    golds, fmt = doc["answers"], get_format(doc["format"])
    return {"exact_match": 100.0 * max_over_golds(exact_match, answer, golds),
            "f1": 100.0 * max_over_golds(fmt.pair_f1, answer, golds)}


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    return score(doc, results[0])


def process_paired(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """Original and mean renamed scores of one example, and their difference (renamed − original)."""
    original = score(doc, results[0])
    renamed = [score(r, g) for r, g in zip(doc["renamed"], results[1:], strict=True)]
    out = {}
    for metric in ("exact_match", "f1"):
        mean = statistics.fmean(s[metric] for s in renamed)
        out[f"original_{metric}"], out[f"renamed_{metric}"] = original[metric], mean
        out[f"delta_{metric}"] = mean - original[metric]
    return out


class PairedTask(ConfigurableTask):
    """A task whose document is an original example and its renamings: one generation each, with the
    original's few-shot context (the original prompt in it replaced by each renamed prompt)."""

    def __init__(self, config: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(config={k: v for k, v in (config or {}).items() if k != "class"}, **kwargs)

    def construct_requests(self, doc: dict[str, Any], ctx: Any, **kwargs: Any) -> list[Instance]:
        kwargs.pop("apply_chat_template", None)
        kwargs.pop("chat_template", None)
        prompt = self.doc_to_text(doc)
        at = ctx.rfind(prompt) if isinstance(ctx, str) else -1
        if at < 0:
            raise ValueError(f"{self.config.task}: example {doc['id']}: its prompt is not in the context")
        prompts = [prompt, *(self.doc_to_text(r) for r in doc["renamed"])]
        contexts = [ctx[:at] + p + ctx[at + len(prompt):] for p in prompts]
        return [Instance(request_type="generate_until", doc=doc, idx=i, **kwargs,
                         arguments=(c, deepcopy(self.config.generation_kwargs)))
                for i, c in enumerate(contexts)]


__all__ = ["PairedTask", "config_docs", "doc_to_target", "doc_to_text", "load_config", "load_paired",
           "process_paired", "process_results", "score"]
