"""Batched greedy generation with causal LMs and seq2seq models, reusing the shared prefix's KV cache.

Causal LMs: the prompt's token ids are ``tokens(prefix) + tokens(query)`` (tokenised separately, so the
same ids are used with and without the cache). A batch is laid out ``[prefix][pad …][query]`` with the
pads masked out: positions come from the attention mask, so every row sees exactly the ids of its own
unpadded prompt. With the prefix cache, the prefix is run once (``DynamicCache``) and a copy of its
cache, repeated over the batch, seeds each ``generate`` call, passed as ``cache`` (transformers 5.24
renamed the ``past_key_values`` argument and output; :func:`cache_argument` picks what the installed
version takes, so neither name is deprecated on the version in use). Seq2seq encoders attend to the whole
prompt bidirectionally, so there is nothing to reuse: prompts are encoded whole, right-padded.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Sequence
from typing import Any

import torch
from tqdm.auto import tqdm

from ..evaluation.inference import attention_kernels, resolve_dtype


def cache_argument(model: Any) -> str:
    """The name of the KV-cache argument (and output field) of ``model``: ``cache`` from transformers 5.24
    on, ``past_key_values`` before (deprecated by 5.24, removed in 5.40 for ``forward``)."""
    return "cache" if "cache" in inspect.signature(model.forward).parameters else "past_key_values"


class Generator:
    """A loaded model and tokenizer answering prompts greedily."""

    def __init__(self, model: Any, tokenizer: Any, *, prefix_cache: bool = True) -> None:
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.is_seq2seq = bool(getattr(model.config, "is_encoder_decoder", False))
        if tokenizer.pad_token_id is None:
            if tokenizer.eos_token_id is None:
                raise ValueError("the tokenizer has neither a pad nor an eos token to pad with")
            tokenizer.pad_token = tokenizer.eos_token
        self.pad_id = int(tokenizer.pad_token_id)
        self.prefix_cache = prefix_cache and not self.is_seq2seq

    @property
    def device(self) -> torch.device:
        return next(self.model.parameters()).device

    @classmethod
    def load(
        cls,
        model_id: str,
        *,
        device: str = "cpu",
        dtype: str = "fp32",
        local_files_only: bool = False,
        prefix_cache: bool = True,
    ) -> Generator:
        """``AutoModelForSeq2SeqLM`` for encoder-decoder configs, else ``AutoModelForCausalLM``."""
        from transformers import AutoConfig, AutoModelForCausalLM, AutoModelForSeq2SeqLM, AutoTokenizer

        config = AutoConfig.from_pretrained(model_id, local_files_only=local_files_only)
        auto = AutoModelForSeq2SeqLM if config.is_encoder_decoder else AutoModelForCausalLM
        model = auto.from_pretrained(model_id, dtype=resolve_dtype(dtype), local_files_only=local_files_only)
        tokenizer = AutoTokenizer.from_pretrained(model_id, local_files_only=local_files_only)
        return cls(model.to(device), tokenizer, prefix_cache=prefix_cache)

    def _ids(self, text: str, *, special: bool) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=special)["input_ids"])

    def generate(
        self,
        prefix: str,
        queries: Sequence[str],
        *,
        batch_size: int = 8,
        max_new_tokens: int = 16,
        progress: bool = False,
        desc: str = "generate",
    ) -> list[str]:
        """Greedy continuations of ``prefix + query`` for every query, in input order."""
        if self.is_seq2seq:
            rows = [self._ids(prefix + q, special=True) for q in queries]
            prefix_ids: list[int] = []
        else:
            prefix_ids = self._ids(prefix, special=True)
            rows = [self._ids(q, special=not prefix_ids) for q in queries]
        order = sorted(range(len(rows)), key=lambda i: (-len(rows[i]), i))
        cache = self._prefix_cache(prefix_ids) if self.prefix_cache and prefix_ids else None
        out: list[str] = [""] * len(rows)
        for start in tqdm(
            range(0, len(order), batch_size), desc=desc, unit="batch", disable=not progress, leave=False
        ):
            batch = order[start : start + batch_size]
            texts = self._generate_batch(prefix_ids, [rows[i] for i in batch], cache, max_new_tokens)
            for i, text in zip(batch, texts, strict=True):
                out[i] = text
        return out

    @torch.no_grad()
    def _prefix_cache(self, prefix_ids: list[int]) -> Any:
        from transformers import DynamicCache

        ids = torch.tensor([prefix_ids], device=self.device)
        name = cache_argument(self.model)
        with attention_kernels(self.device):
            output = self.model(input_ids=ids, attention_mask=torch.ones_like(ids), use_cache=True,
                                **{name: DynamicCache()})
        return getattr(output, name)

    @torch.no_grad()
    def _generate_batch(
        self, prefix_ids: list[int], rows: list[list[int]], cache: Any, max_new_tokens: int
    ) -> list[str]:
        longest = max(len(r) for r in rows)
        if self.is_seq2seq:
            ids = [r + [self.pad_id] * (longest - len(r)) for r in rows]
            mask = [[1] * len(r) + [0] * (longest - len(r)) for r in rows]
        else:
            ids = [prefix_ids + [self.pad_id] * (longest - len(r)) + r for r in rows]
            mask = [[1] * len(prefix_ids) + [0] * (longest - len(r)) + [1] * len(r) for r in rows]
        input_ids = torch.tensor(ids, device=self.device)
        kwargs: dict[str, Any] = {}
        if cache is not None:
            past = copy.deepcopy(cache)
            past.batch_repeat_interleave(len(rows))
            kwargs[cache_argument(self.model)] = past
        with attention_kernels(self.device):  # growing caches meet a new shape at every step
            generated = self.model.generate(
                input_ids=input_ids,
                attention_mask=torch.tensor(mask, device=self.device),
                max_new_tokens=max_new_tokens,
                do_sample=False,
                num_beams=1,
                pad_token_id=self.pad_id,
                **kwargs,
            )
        if not self.is_seq2seq:
            generated = generated[:, input_ids.shape[1] :]
        return self.tokenizer.batch_decode(generated, skip_special_tokens=True)
