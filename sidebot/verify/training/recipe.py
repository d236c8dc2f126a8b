"""The shipped verifier's recipe: which pairs, how many times, which hyper-parameters, how it is saved."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import torch

from sidebot.verify.training.data import TrainPair, training_pairs
from sidebot.verify.training.loop import TrainConfig, train
from sidebot.verify.training.mining import cross_source_negatives

log = logging.getLogger(__name__)

# Sized for ~1 hour on two shared CPU cores: other-document negatives (bi-encoder mined) only for WiCE, whose
# claims are SIDE's setting; SciFact gets same-abstract negatives only.
CROSS_SOURCE_NEGATIVES = {"wice:": 1}


def build_pairs(data_dir: Path, seed: int, cache_dir: Path | None = None) -> list[TrainPair]:
    pairs = training_pairs(data_dir, seed)
    for prefix, per_claim in CROSS_SOURCE_NEGATIVES.items():
        pool = [p for p in pairs if p.origin.startswith(prefix)]
        pairs += cross_source_negatives(pool, per_claim=per_claim, cache_dir=cache_dir)
    return pairs


def save_model(model: torch.nn.Module, tokenizer, out_dir: Path) -> Path:
    """Write fp16 safetensors + config + tokenizer (fp16 halves the size; scores move by < 1e-3)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    model.to(torch.float16).save_pretrained(out_dir, safe_serialization=True)
    model.to(torch.float32)
    tokenizer.save_pretrained(out_dir)
    return out_dir / "model.safetensors"


def train_verifier(
    data_dir: Path,
    out_dir: Path,
    config: TrainConfig = TrainConfig(),
    cache_dir: Path | None = None,
    progress: Callable[[str], None] = log.info,
) -> tuple[torch.nn.Module, object, list[TrainPair]]:
    pairs = build_pairs(data_dir, config.seed, cache_dir)
    progress(f"{len(pairs)} training pairs")
    model, tokenizer = train(
        pairs, config, progress, checkpoint_dir=cache_dir / "checkpoint" if cache_dir else None
    )
    save_model(model, tokenizer, out_dir)
    return model, tokenizer, pairs
