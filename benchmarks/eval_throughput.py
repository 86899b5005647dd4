"""QA evaluation throughput: this package's evaluator vs a straightforward per-example loop, in one run.

    python benchmarks/eval_throughput.py [--size base|small|tiny] [--device cuda|cpu] [--dtype bf16]
                                         [--examples 2000] [--batch-size 64]

Both sides use the same randomly initialised BERT-style QA model (``--size base`` = bert-base
shape: 12 layers, 768 hidden) with a WordPiece tokenizer trained on the data, and the same MRQA
SQuAD dev questions (``--input``, default the shared file). Measured:

1. the evaluator (:class:`QAPredictor`): all windows tokenised at once, length-sorted batches padded
   per batch, ``torch.inference_mode``, SDPA, pinned host memory, vectorised n-best selection;
2. the straightforward loop: one example at a time, its windows padded to ``max_length``,
   ``torch.no_grad``, n-best spans chosen by Python loops (what a ``pipeline("question-answering")``
   style loop does).

Prints a JSON report: examples/s of each, the speed-up, and the share of identical predictions.
Random weights measure speed only, never accuracy.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import torch

from entity_renaming.evaluation.inference import QAPredictor, WindowSettings
from entity_renaming.evaluation.random_model import SIZES, random_qa_model, train_tokenizer
from entity_renaming.evaluation.reference import per_example_predict
from entity_renaming.evaluation.results import device_label
from entity_renaming.io import read_examples

DEFAULT_INPUT = Path(__file__).resolve().parents[2] / "shared" / "data" / "mrqa" / "SQuAD_dev.jsonl.gz"


def sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", type=Path, default=DEFAULT_INPUT, help="MRQA or SQuAD file with the questions")
    p.add_argument("--size", choices=sorted(SIZES), default="base", help="random model shape (default base)")
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    p.add_argument(
        "--dtype",
        choices=("bf16", "fp16", "fp32"),
        default=None,
        help="evaluator dtype (default bf16 on cuda, fp32 on cpu); the loop uses the same weights in fp32"
        " unless --same-dtype",
    )
    p.add_argument("--same-dtype", action="store_true", help="run the straightforward loop in --dtype too")
    p.add_argument("--examples", type=int, default=2000, help="questions evaluated by each side")
    p.add_argument("--batch-size", type=int, default=None, help="default 256 on cuda, 8 on cpu")
    p.add_argument("--max-length", type=int, default=384)
    p.add_argument("--stride", type=int, default=128)
    args = p.parse_args()

    device = torch.device(args.device)
    args.batch_size = args.batch_size or (256 if device.type == "cuda" else 8)
    dtype_name = args.dtype or ("bf16" if device.type == "cuda" else "fp32")
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}[dtype_name]
    corpus = read_examples(args.input)[1]
    examples = corpus[: args.examples]
    # vocabulary from the whole file, so that token counts resemble a real model's
    texts = list(dict.fromkeys(e.context for e in corpus)) + [e.question for e in corpus]
    tokenizer = train_tokenizer(texts, 30522)
    settings = WindowSettings(args.max_length, args.stride)
    base = random_qa_model(len(tokenizer), args.size, seed=0)
    fast_model = random_qa_model(len(tokenizer), args.size, seed=0).to(dtype)
    loop_model = (base.to(dtype) if args.same_dtype else base).to(device)
    predictor = QAPredictor(fast_model, tokenizer, device=device, settings=settings)

    warm = examples[: min(16, len(examples))]
    predictor.predict(warm, allow_null=False, batch_size=args.batch_size)
    per_example_predict(loop_model, tokenizer, warm, settings, device)

    sync(device)
    t0 = time.perf_counter()
    fast = predictor.predict(examples, allow_null=False, batch_size=args.batch_size)
    sync(device)
    t_fast = time.perf_counter() - t0
    t0 = time.perf_counter()
    slow = per_example_predict(loop_model, tokenizer, examples, settings, device)
    sync(device)
    t_slow = time.perf_counter() - t0

    same = sum(fast[e.id].text == slow[e.id] for e in examples) / len(examples)
    report = {
        "hardware": device_label(device),
        "torch": torch.__version__,
        "model_size": args.size,
        "params_m": round(sum(t.numel() for t in base.parameters()) / 1e6, 1),
        "vocab": len(tokenizer),
        "examples": len(examples),
        "evaluator_dtype": dtype_name,
        "loop_dtype": dtype_name if args.same_dtype else "fp32",
        "batch_size": args.batch_size,
        "max_length": args.max_length,
        "stride": args.stride,
        "evaluator_examples_per_s": round(len(examples) / t_fast, 2),
        "loop_examples_per_s": round(len(examples) / t_slow, 2),
        "speedup": round(t_slow / t_fast, 2),
        "identical_predictions": round(same, 4),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
