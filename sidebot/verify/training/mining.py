"""Hard negatives from OTHER sources, mined once with the MiniLM bi-encoder.

A passage that the bi-encoder finds close to a claim but that comes from a different document than the one
the claim cites is a realistic distractor: on topic, yet not the cited evidence. Embeddings are cached on disk
(keyed by a hash of every passage) so a re-run of training does not pay for them twice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from sidebot.verify.biencoder import MiniLMEncoder, claim_query
from sidebot.verify.training.data import NOT_ENOUGH_INFO, TrainPair


def _cached_encode(encoder: MiniLMEncoder, texts: Sequence[str], cache_dir: Path | None) -> np.ndarray:
    if cache_dir is None:
        return encoder.encode(texts)
    digest = hashlib.sha256("\x1e".join(texts).encode()).hexdigest()[:24]
    path = cache_dir / f"minilm-{digest}.npy"
    if path.is_file():
        return np.load(path)
    vectors = encoder.encode(texts)
    cache_dir.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


def cross_source_negatives(
    pairs: Sequence[TrainPair],
    per_claim: int = 2,
    encoder: MiniLMEncoder | None = None,
    cache_dir: Path | None = None,
) -> list[TrainPair]:
    """For each distinct claim among ``pairs``, the ``per_claim`` passages most similar to it (by bi-encoder
    cosine) among all passages in ``pairs`` that come from another document, labelled not-enough-info."""
    passages: dict[tuple[str, str], str] = {}  # (text, title) -> source key
    for p in pairs:
        passages.setdefault((p.text, p.title), p.source_key)
    claims: dict[object, str] = {}
    for p in pairs:
        claims.setdefault(p.claim, p.source_key)
    if not passages or not claims:
        return []
    encoder = encoder or MiniLMEncoder(batch_size=64)
    keys = list(passages)
    texts = [f"{title} | {text}" if title else text for text, title in keys]
    passage_vecs = _cached_encode(encoder, texts, cache_dir)
    claim_list = list(claims)
    claim_vecs = _cached_encode(encoder, [claim_query(c) for c in claim_list], cache_dir)
    source_of = np.array([passages[k] for k in keys])
    negatives = []
    sims = claim_vecs @ passage_vecs.T
    for row, claim in enumerate(claim_list):
        order = np.argsort(-sims[row])
        picked = [i for i in order[: 8 * per_claim + 8] if source_of[i] != claims[claim]][:per_claim]
        for i in picked:
            text, title = keys[i]
            negatives.append(
                TrainPair(claim, text, title, NOT_ENOUGH_INFO, "cross-source", str(source_of[i]))
            )
    return negatives
