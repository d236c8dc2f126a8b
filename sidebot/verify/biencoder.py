"""The first honest scorer: cosine similarity between MiniLM embeddings of the claim and of each passage.

It ranks passages reasonably but cannot tell support from mere topical overlap; the trained cross-encoder
replaces it as the default. It stays as the baseline the evaluation compares against.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

from sidebot.records import Claim, Passage, Verdict
from sidebot.verify.base_model import minilm_dir

MAX_TOKENS = 256


class MiniLMEncoder:
    """Mean-pooled, L2-normalised sentence embeddings (all-MiniLM-L6-v2's own recipe)."""

    def __init__(self, batch_size: int = 32, threads: int | None = None) -> None:
        folder = minilm_dir()
        self.tokenizer = AutoTokenizer.from_pretrained(folder)
        self.model = AutoModel.from_pretrained(folder).eval()
        self.batch_size = batch_size
        if threads:
            torch.set_num_threads(threads)

    @torch.inference_mode()
    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Mean-pooled, L2-normalized MiniLM embeddings of ``texts`` (cut at :data:`MAX_TOKENS` tokens), one
        row each."""
        out = []
        for i in range(0, len(texts), self.batch_size):
            batch = self.tokenizer(
                list(texts[i : i + self.batch_size]),
                padding=True,
                truncation=True,
                max_length=MAX_TOKENS,
                return_tensors="pt",
            )
            hidden = self.model(**batch).last_hidden_state
            mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            out.append(torch.nn.functional.normalize(pooled, dim=-1).numpy())
        return np.concatenate(out) if out else np.zeros((0, 384), dtype=np.float32)


def claim_query(claim: Claim) -> str:
    """What the bi-encoder embeds for a claim: the article title gives the subject that the claim's
    pronouns point to."""
    return f"{claim.article_title}: {claim.text}" if claim.article_title else claim.text


class BiEncoderScorer:
    """Cosine similarity of claim and passage embeddings: a baseline, not calibrated, without bands."""

    name = "minilm-cosine-v1"
    calibrated, flag_threshold, bands = False, 0.5, None

    def __init__(self, encoder: MiniLMEncoder | None = None) -> None:
        self.encoder = encoder or MiniLMEncoder()

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        """The verdict on one citation: the claim's best cosine similarity to any of ``passages`` (the URL is
        not read)."""
        return self.verify_many([(claim, passages)])[0]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        """Embed all claims and all passages in a few large batches, then take per-item maxima."""
        claims = self.encoder.encode([claim_query(c) for c, _ in items])
        flat = [p.as_model_input() for _, ps in items for p in ps]
        passage_vecs = self.encoder.encode(flat)
        verdicts, offset = [], 0
        for (_, passages), claim_vec in zip(items, claims):
            vecs = passage_vecs[offset : offset + len(passages)]
            offset += len(passages)
            scores = (vecs @ claim_vec).tolist() if len(passages) else []
            best = int(np.argmax(scores)) if scores else None
            verdicts.append(
                Verdict(
                    scorer=self.name,
                    score=float(scores[best]) if best is not None else float("nan"),
                    passage_scores=[float(s) for s in scores],
                    best_passage=passages[best] if best is not None else None,
                )
            )
        return verdicts
