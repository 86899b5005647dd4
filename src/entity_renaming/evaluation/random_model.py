"""Randomly initialised BERT-style QA models with a WordPiece tokenizer trained on given text.

For tests and throughput benchmarks only: nothing is downloaded, the weights are random (seeded),
so predictions exercise the machinery, not accuracy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SIZES: dict[str, dict[str, int]] = {
    "tiny": {"hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 64},
    "small": {
        "hidden_size": 256,
        "num_hidden_layers": 4,
        "num_attention_heads": 4,
        "intermediate_size": 1024,
    },
    "base": {
        "hidden_size": 768,
        "num_hidden_layers": 12,
        "num_attention_heads": 12,
        "intermediate_size": 3072,
    },
    "large": {
        "hidden_size": 1024,
        "num_hidden_layers": 24,
        "num_attention_heads": 16,
        "intermediate_size": 4096,
    },
}
SPECIAL = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


def train_tokenizer(texts: Iterable[str], vocab_size: int = 2000) -> Any:
    """A lower-casing BERT WordPiece tokenizer trained on ``texts``, as a fast transformers tokenizer."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.train_from_iterator(
        texts,
        trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=list(SPECIAL), show_progress=False),
    )
    cls_id, sep_id = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)],
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
    )


def random_qa_model(
    vocab_size: int,
    size: str = "tiny",
    *,
    seed: int = 0,
    max_positions: int = 512,
    attn_implementation: str = "sdpa",
) -> Any:
    """A ``BertForQuestionAnswering`` with random weights (``torch.manual_seed(seed)``)."""
    import torch
    from transformers import BertConfig, BertForQuestionAnswering

    if size not in SIZES:
        raise ValueError(f"unknown size {size!r}; choose one of {', '.join(SIZES)}")
    config = BertConfig(vocab_size=vocab_size, max_position_embeddings=max_positions, **SIZES[size])
    config._attn_implementation = attn_implementation
    torch.manual_seed(seed)
    return BertForQuestionAnswering(config).eval()
