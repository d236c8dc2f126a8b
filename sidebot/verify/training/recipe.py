"""The shipped verifier's recipe: which pairs, how many times, which hyper-parameters, how it is saved.

WiCE train sub-claims are split by page: ``COMBINER_SHARE`` of the pages never reach the cross-encoder and
are kept for fitting the claim-level combiner (see sidebot/verify/combiner.py), so that the combiner learns
how much to trust the cross-encoder on claims the cross-encoder has not seen, as at inference.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from sidebot.datasets.wice import WiceClaim
from sidebot.verify.network import PairClassifier
from sidebot.verify.training.config import TrainConfig
from sidebot.verify.training.data import TrainPair, read_train_subclaims, split_by_page, training_pairs
from sidebot.verify.training.loop import train
from sidebot.verify.training.mining import cross_source_negatives

log = logging.getLogger(__name__)

COMBINER_SHARE = 0.3  # of WiCE train pages, held out of cross-encoder training for the combiner
CROSS_SOURCE_PER_CLAIM = 2


def build_pairs(data_dir: Path, seed: int) -> tuple[list[TrainPair], list[WiceClaim]]:
    """(cross-encoder training pairs, WiCE train sub-claims held out for the combiner)."""
    kept, held = split_by_page(read_train_subclaims(data_dir), COMBINER_SHARE, seed)
    pairs = training_pairs(data_dir, seed, kept)
    pairs += cross_source_negatives(pairs, per_claim=CROSS_SOURCE_PER_CLAIM)
    return pairs, held


def save_model(model: PairClassifier, tokenizer, out_dir: Path) -> Path:
    """Write fp16 safetensors + config + tokenizer (fp16 halves the size; scores move by < 1e-2)."""
    path = model.save(out_dir)
    tokenizer.save_pretrained(out_dir)
    return path


def train_verifier(
    data_dir: Path,
    out_dir: Path,
    config: TrainConfig = TrainConfig(),
    cache_dir: Path | None = None,
    progress: Callable[[str], None] = log.info,
) -> tuple[PairClassifier, object, list[TrainPair], list[WiceClaim]]:
    pairs, held = build_pairs(data_dir, config.seed)
    progress(f"{len(pairs)} training pairs; {len(held)} WiCE train sub-claims kept for the combiner")
    model, tokenizer = train(
        pairs, config, progress, checkpoint_dir=cache_dir / "checkpoint" if cache_dir else None
    )
    save_model(model, tokenizer, out_dir)
    return model, tokenizer, pairs, held
