"""GPU evaluation throughput in one run: the evaluator, the bare forward pass, the per-example loop, and
``icl-evaluate`` generation with and without the prefix cache.

    python benchmarks/gpu_eval.py            # CUDA, bf16: bert-base and bert-large shapes, 4,000 questions
    python benchmarks/gpu_eval.py --smoke    # tiny shapes on CPU, a few questions (what the tests run)

Extractive QA (randomly initialised ``BertForQuestionAnswering`` of each ``--sizes`` shape, WordPiece
vocabulary of 30,522 trained on the input file, MRQA SQuAD dev questions):

1. **evaluator**: :meth:`QAPredictor.predict`: vectorised featurisation, token-budget batches, prefetching
   thread with pinned memory, one copy back per chunk, vectorised span search; on CUDA in chunks of
   ``--chunk-examples``, featurisation and span search of neighbouring chunks overlapping the GPU (also
   timed as one chunk, and at ``--batch-sizes``);
2. **bare forward**: the model's forward pass alone over the *same* windows and batches, every batch
   already on the device: the ceiling for any evaluator;
3. **per-example loop**: :func:`per_example_predict` (windows padded to ``max_length``, one example per
   forward, Python n-best) on ``--loop-examples`` questions, rate extrapolated.

Generation (``icl-evaluate``'s :class:`Generator`): a random causal LM of GPT-2-small shape (124M, 12
layers, 768 hidden; ``--smoke``: 2 layers, 32 hidden), k=4 demonstrations as the shared prefix, greedy,
exactly ``--new-tokens`` new tokens per query (``min_new_tokens``), tokens/s with and without the
prefix cache. Prints one JSON report; random weights measure speed only.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import torch

from entity_renaming.evaluation.inference import (
    PIPELINE_CHUNK,
    QAPredictor,
    WindowSettings,
    attention_kernels,
    device_and_dtype,
    resolve_dtype,
)
from entity_renaming.evaluation.random_model import SIZES, random_qa_model, train_tokenizer
from entity_renaming.evaluation.reference import per_example_predict
from entity_renaming.evaluation.results import device_label
from entity_renaming.icl.generation import Generator
from entity_renaming.io import read_examples

DEFAULT_INPUT = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"


def sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def timed(fn, device: torch.device, repeats: int = 1) -> tuple[float, object]:
    """Best wall time of ``repeats`` calls (after the device is idle), and the last result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        sync(device)
        t0 = time.perf_counter()
        result = fn()
        sync(device)
        best = min(best, time.perf_counter() - t0)
    return best, result


@torch.inference_mode()
def bare_forward(predictor: QAPredictor, features, batch_size: int) -> float:
    """Seconds for the forward passes alone over the evaluator's own batches, inputs already on device."""
    use_types = features.token_type_ids is not None and predictor._accepts_token_types()
    batches = [predictor._tensors(features, b, use_types) for b in predictor.batches(features, batch_size)]
    with attention_kernels(predictor.device):  # the evaluator's attention kernels
        predictor.model(**batches[0])  # warm-up for this shape
        sync(predictor.device)
        t0 = time.perf_counter()
        for inputs in batches:
            predictor.model(**inputs)
        sync(predictor.device)
    return time.perf_counter() - t0


def qa_report(args, size: str, tokenizer, examples, device: torch.device, dtype: str) -> dict:
    settings = WindowSettings(args.max_length, args.stride)
    model = random_qa_model(len(tokenizer), size, seed=0).to(resolve_dtype(dtype))
    predictor = QAPredictor(model, tokenizer, device=device, settings=settings)
    def evaluate(batch_size: int = args.batch_size, chunk: int | None = args.chunk_examples):
        return predictor.predict(examples, allow_null=False, batch_size=batch_size, chunk_examples=chunk)

    predictor.predict(examples[:32], allow_null=False, batch_size=args.batch_size)  # warm-up
    t_eval, preds = timed(evaluate, device, args.repeats)
    t_whole, whole = timed(lambda: evaluate(chunk=0), device, args.repeats)
    sweep = {b: round(timed(lambda b=b: evaluate(b), device, args.repeats)[0], 3) for b in args.batch_sizes}
    t_feat, features = timed(lambda: predictor.featurize(examples), device)
    logits = predictor.logits_array(features, batch_size=args.batch_size)
    t_post, _ = timed(lambda: predictor.postprocess(examples, features, logits, allow_null=False), device)
    t_bare = min(bare_forward(predictor, features, args.batch_size) for _ in range(args.repeats))
    loop = examples[: args.loop_examples]
    per_example_predict(predictor.model, tokenizer, loop[:4], settings, device)  # warm-up
    n = len(examples)
    t_loop, slow = timed(
        lambda: per_example_predict(predictor.model, tokenizer, loop, settings, device), device
    )
    same = sum(preds[e.id].text == slow[e.id] for e in loop) / len(loop)
    return {
        "size": size,
        "params_m": round(sum(t.numel() for t in model.parameters()) / 1e6, 1),
        "examples": n,
        "windows": int(len(features.input_ids)),
        "batch_size": args.batch_size,
        "chunk_examples": args.chunk_examples if args.chunk_examples is not None else PIPELINE_CHUNK,
        "evaluator_s": round(t_eval, 3),
        "evaluator_one_chunk_s": round(t_whole, 3),
        "identical_predictions_chunked_vs_one_chunk": round(
            sum(preds[e.id].text == whole[e.id].text for e in examples) / n, 4
        ),
        "evaluator_s_by_batch_size": sweep,
        "featurize_s": round(t_feat, 3),
        "span_search_s": round(t_post, 3),
        "bare_forward_s": round(t_bare, 3),
        "evaluator_ex_per_s": round(n / t_eval, 1),
        "bare_forward_ex_per_s": round(n / t_bare, 1),
        "evaluator_over_bare": round(t_eval / t_bare, 2),
        "loop_examples": len(loop),
        "loop_ex_per_s": round(len(loop) / t_loop, 1),
        "evaluator_over_loop_speedup": round((n / t_eval) / (len(loop) / t_loop), 2),
        "identical_predictions_vs_loop": round(same, 4),
    }


def causal_lm(vocab: int, smoke: bool):
    from transformers import GPT2Config, GPT2LMHeadModel

    shape = (
        {"n_embd": 32, "n_layer": 2, "n_head": 2} if smoke else {"n_embd": 768, "n_layer": 12, "n_head": 12}
    )
    config = GPT2Config(
        vocab_size=vocab, n_positions=4096, bos_token_id=1, eos_token_id=1, pad_token_id=0, **shape
    )
    torch.manual_seed(0)
    return GPT2LMHeadModel(config).eval()


def generation_report(args, corpus, device: torch.device, dtype: str) -> dict:
    from entity_renaming.icl.tiny import train_bpe_tokenizer

    texts = list(dict.fromkeys(e.context for e in corpus[:2000])) + [e.question for e in corpus[:2000]]
    tokenizer = train_bpe_tokenizer(texts, 800 if args.smoke else 8000)
    model = causal_lm(len(tokenizer), args.smoke).to(device=device, dtype=resolve_dtype(dtype))
    model.generation_config.min_new_tokens = args.new_tokens  # every query generates the same count
    demos, queries = corpus[:4], corpus[4 : 4 + args.queries]

    def block(ex, answer=None):
        text = f"Context: {ex.context}\nQuestion: {ex.question}\nAnswer:"
        return text + (f" {answer}\n\n" if answer is not None else "")

    prefix = "".join(block(ex, ex.answers[0].text if ex.answers else "") for ex in demos)
    prompts = [block(ex) for ex in queries]
    report = {
        "params_m": round(sum(t.numel() for t in model.parameters()) / 1e6, 1),
        "queries": len(prompts),
        "new_tokens_per_query": args.new_tokens,
        "gen_batch_size": args.gen_batch_size,
        "prefix_tokens": len(tokenizer(prefix)["input_ids"]),
    }
    outputs = {}
    for cached in (True, False):
        gen = Generator(model, tokenizer, prefix_cache=cached)
        gen.generate(prefix, prompts[:2], batch_size=2, max_new_tokens=args.new_tokens)  # warm-up
        t, outputs[cached] = timed(
            lambda g=gen: g.generate(
                prefix, prompts, batch_size=args.gen_batch_size, max_new_tokens=args.new_tokens
            ),
            device,
        )
        key = "with_prefix_cache" if cached else "without_prefix_cache"
        report[f"{key}_s"] = round(t, 3)
        report[f"{key}_tokens_per_s"] = round(len(prompts) * args.new_tokens / t, 1)
    report["prefix_cache_speedup"] = round(
        report["without_prefix_cache_s"] / report["with_prefix_cache_s"], 2
    )
    report["identical_generations"] = outputs[True] == outputs[False]
    return report


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", type=Path, default=DEFAULT_INPUT, help="MRQA or SQuAD file with the questions")
    p.add_argument("--smoke", action="store_true", help="tiny shapes, few questions, CPU unless --device")
    p.add_argument(
        "--sizes", default=None, help="comma-separated QA model shapes (default base,large; smoke tiny)"
    )
    p.add_argument("--device", default=None, help="default cuda when available (smoke: cpu)")
    p.add_argument("--dtype", choices=("bf16", "fp16", "fp32"), help="default bf16 on cuda, fp32 on cpu")
    p.add_argument("--examples", type=int, help="questions (default 4000; smoke 40)")
    p.add_argument(
        "--loop-examples", type=int, help="questions for the per-example loop (default 500; smoke 20)"
    )
    p.add_argument(
        "--batch-size",
        type=int,
        default=None,
        help="full-length windows per batch (default 256 cuda, 8 cpu)",
    )
    p.add_argument(
        "--chunk-examples",
        type=int,
        default=None,
        help=f"examples per pipelined chunk (default {PIPELINE_CHUNK} on cuda; 0: one chunk); the one-chunk "
        "evaluator is timed too",
    )
    p.add_argument(
        "--batch-sizes",
        default="",
        help="comma-separated other batch sizes to time the evaluator with (e.g. 128,512)",
    )
    p.add_argument("--max-length", type=int, default=384)
    p.add_argument("--stride", type=int, default=128)
    p.add_argument(
        "--repeats", type=int, default=2, help="timed repeats of evaluator and bare forward (best kept)"
    )
    p.add_argument("--queries", type=int, help="generation queries (default 256; smoke 6)")
    p.add_argument("--new-tokens", type=int, default=16, help="generated tokens per query (default 16)")
    p.add_argument("--gen-batch-size", type=int, default=32, help="prompts per generate call (default 32)")
    p.add_argument("--out", type=Path, help="also write the JSON report here")
    args = p.parse_args(argv)
    smoke = args.smoke
    device_name, dtype = device_and_dtype(args.device or ("cpu" if smoke else None), args.dtype)
    device = torch.device(device_name)
    args.examples = args.examples or (40 if smoke else 4000)
    args.loop_examples = min(args.loop_examples or (20 if smoke else 500), args.examples)
    args.queries = args.queries or (6 if smoke else 256)
    args.batch_size = args.batch_size or (256 if device.type == "cuda" else 8)
    if smoke:
        args.max_length, args.stride, args.repeats = min(args.max_length, 128), min(args.stride, 48), 1
        args.gen_batch_size, args.new_tokens = min(args.gen_batch_size, 4), min(args.new_tokens, 4)
    args.batch_sizes = [int(b) for b in args.batch_sizes.split(",") if b]
    sizes = (args.sizes or ("tiny" if smoke else "base,large")).split(",")
    for size in sizes:
        if size not in SIZES:
            p.error(f"--sizes: unknown shape {size!r} (choose from {', '.join(SIZES)})")
    corpus = read_examples(args.input)[1]
    examples = corpus[: args.examples]
    texts = list(dict.fromkeys(e.context for e in corpus)) + [e.question for e in corpus]
    tokenizer = train_tokenizer(texts, 2000 if smoke else 30522)
    report = {
        "hardware": device_label(device),
        "platform": platform.platform(),
        "torch": torch.__version__,
        "device": device_name,
        "dtype": dtype,
        "max_length": args.max_length,
        "stride": args.stride,
        "qa": [qa_report(args, size, tokenizer, examples, device, dtype) for size in sizes],
        "generation": generation_report(args, corpus, device, dtype),
    }
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
