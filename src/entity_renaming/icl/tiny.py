"""Tiny randomly initialised generative models and a byte-level BPE tokenizer trained on given text.

For tests and smoke runs only: nothing is downloaded, weights are random (seeded), so generations
exercise the machinery (prompting, caching, scoring, reporting), not accuracy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SPECIAL = ("<pad>", "</s>", "<unk>")


def train_bpe_tokenizer(texts: Iterable[str], vocab_size: int = 800) -> Any:
    """A byte-level BPE tokenizer (lossless decode) as a ``PreTrainedTokenizerFast``: pad 0, eos 1."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer)
    return PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", eos_token="</s>", unk_token="<unk>"
    )


def tiny_causal_lm(vocab_size: int, *, seed: int = 0, positions: int = 4096) -> Any:
    """A 2-layer ``GPT2LMHeadModel`` (32-dim) with seeded random weights."""
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel

    config = GPT2Config(
        vocab_size=vocab_size,
        n_positions=positions,
        n_embd=32,
        n_layer=2,
        n_head=2,
        bos_token_id=1,
        eos_token_id=1,
        pad_token_id=0,
    )
    torch.manual_seed(seed)
    return GPT2LMHeadModel(config).eval()


def tiny_seq2seq(vocab_size: int, *, seed: int = 0) -> Any:
    """A 2-layer ``T5ForConditionalGeneration`` (32-dim) with seeded random weights."""
    import torch
    from transformers import T5Config, T5ForConditionalGeneration

    config = T5Config(
        vocab_size=vocab_size,
        d_model=32,
        d_kv=16,
        d_ff=64,
        num_layers=2,
        num_heads=2,
        decoder_start_token_id=0,
        pad_token_id=0,
        eos_token_id=1,
    )
    torch.manual_seed(seed)
    return T5ForConditionalGeneration(config).eval()
