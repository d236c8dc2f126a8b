"""MiniLM embeddings for the dense index: the packaged all-MiniLM-L6-v2, mean-pooled and L2-normalised.

Tuned for indexing throughput on a few CPU cores, because every page the patrol reads and finds backing its
claim is embedded (the corpus feed, docs/scale.md), which is why this is not the verifier's encoder:

- texts are cut at 64 tokens: a 100-word passage is ~130-180, so its title and first ~45 words are embedded
  (BM25 indexes it whole). Chosen on WiCE's training sub-claims as queries over the 20,143-passage pool of
  docs/retrieval.md: hybrid P@1 0.997 at 64 tokens as at 128 (SR@10 1.000 both; 0.995 at 96), dense alone
  0.917 against 0.971. It costs 2.6 ms a passage against 5.5 at 128 (one thread, side by side on 480 demo
  passages, quiet machine). The dev figures are in docs/retrieval.md;
- batches of 32 are formed from texts of similar length so little compute goes to padding;
- where the CPU has native bf16 the weights are held in bfloat16 (at 128 tokens, 6.1 ms a passage against
  8.7 under bf16 autocast, which casts every weight on every batch, and 25.8 in fp32; cosine to the fp32
  embedding ≥ 0.9998). A frozen TorchScript trace gained 2-4 %, within the noise: not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

from sidebot.verify.base_model import minilm_dir

DIMENSION = 384
MAX_TOKENS = 64


class TextEncoder(Protocol):
    """What the dense index needs from an encoder; ``name`` changes whenever its vectors would."""

    name: str
    dimension: int

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalized float32 row of :attr:`dimension` values per text."""


class Embedder:
    """Sentence embeddings; the same model and settings must embed the passages and the queries."""

    name = f"all-MiniLM-L6-v2-mean-{MAX_TOKENS}"
    dimension = DIMENSION

    def __init__(self, max_tokens: int = MAX_TOKENS, batch_size: int = 32) -> None:
        folder = minilm_dir()
        self.tokenizer = AutoTokenizer.from_pretrained(folder)
        bf16 = bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
        self.model = AutoModel.from_pretrained(folder, dtype=torch.bfloat16 if bf16 else torch.float32).eval()
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.name = f"all-MiniLM-L6-v2-mean-{max_tokens}"  # vectors of another length are another index's

    def encode_query(self, text: str) -> np.ndarray:
        """One query's vector, computed on one thread: a few dozen tokens gain little from a second core,
        and on a busy machine OpenMP's barrier between two threads costs far more (measured here with 4-5
        runnable jobs per core: median 1.5 s with two threads, 30-200 ms with one)."""
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            return self.encode([text])[0]
        finally:
            torch.set_num_threads(threads)

    @torch.inference_mode()
    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """float32 array (len(texts), 384), rows of unit length, in the order of ``texts``."""
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        if not texts:
            return out
        lengths = [len(t) for t in texts]
        order = sorted(range(len(texts)), key=lengths.__getitem__)
        for i in range(0, len(order), self.batch_size):
            rows = order[i : i + self.batch_size]
            batch = self.tokenizer(
                [texts[r] for r in rows],
                padding=True,
                truncation=True,
                max_length=self.max_tokens,
                return_tensors="pt",
            )
            hidden = self.model(**batch).last_hidden_state.float()
            mask = batch["attention_mask"].unsqueeze(-1).float()
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            out[rows] = torch.nn.functional.normalize(pooled, dim=-1).numpy()
        return out
