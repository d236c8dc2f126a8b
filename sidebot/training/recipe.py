"""The shipped verifier's recipe: which pairs in which stage, which hyper-parameters, how it is saved.

Stage 1 (``nli``) teaches the reader to read: NLI pairs (nli_mix.NLI_STAGE). Stage 2 (``claims``) teaches the
task: Wikipedia claims against sentence windows of their sources (WiCE train sub-claims, SciFact,
Climate-FEVER, FEVER-Symmetric, FEVER-NLI and Fool Me Twice), hard negatives generated from the supporting
windows (negatives.py) and mined from other sources (mining.py), and a replay of stage-1 pairs.

WiCE train sub-claims are split by page: ``COMBINER_SHARE`` of the pages never reach the cross-encoder and
are kept for fitting the claim-level combiner and for choosing the window settings (see
sidebot/verify/combiner.py), so both are chosen on claims the reader has not seen, as at inference.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sidebot.datasets.wice import WiceClaim
from sidebot.training.config import TrainConfig
from sidebot.training.data import (
    data_files,
    read_train_subclaims,
    repeated_wice_groups,
    split_by_page,
    training_pairs,
)
from sidebot.training.loop import Stage, StageResult, train
from sidebot.training.mining import cross_source_negatives
from sidebot.training.negatives import generated_negatives
from sidebot.training.nli_mix import CLAIM_STAGE, NLI_STAGE, missing_files, mixture_pairs
from sidebot.verify.network import PairClassifier

log = logging.getLogger(__name__)

COMBINER_SHARE = 0.3  # of WiCE train pages, held out of cross-encoder training for the combiner
CROSS_SOURCE_PER_CLAIM = 1


@dataclass
class Recipe:
    """The training stages with their pairs, and the WiCE train sub-claims held out of training for fitting
    the combiner."""

    stages: list[Stage]
    combiner_claims: list[WiceClaim]  # WiCE train sub-claims held out of training

    def counts(self) -> dict[str, dict[str, int]]:
        """Per stage, the number of pairs of each origin (for the log and the model card)."""
        return {s.name: dict(sorted(Counter(p.origin for p in s.pairs).items())) for s in self.stages}


def held_out_subclaims(data_dir: Path, seed: int) -> list[WiceClaim]:
    """The WiCE train sub-claims a model trained with ``seed`` never read (its combiner's and window
    choices' data)."""
    return split_by_page(read_train_subclaims(data_dir), COMBINER_SHARE, seed)[1]


def build_recipe(data_dir: Path, config: TrainConfig) -> Recipe:
    """Both stages' pairs; FileNotFoundError naming every missing data file before any work."""
    missing = missing_files(data_dir, NLI_STAGE + CLAIM_STAGE)
    try:
        data_files(data_dir)
    except FileNotFoundError as exc:
        missing.append(str(exc).split(": ", 1)[1])
    if missing:
        raise FileNotFoundError(f"training data missing under {data_dir}: {', '.join(missing)}")
    seed = config.seed
    nli = mixture_pairs(data_dir, NLI_STAGE, seed, config.nli_quotas) if config.nli_stage else []
    kept, held = split_by_page(read_train_subclaims(data_dir), COMBINER_SHARE, seed)
    claims = training_pairs(data_dir, seed, kept, config.wice_negatives)
    claims += mixture_pairs(data_dir, CLAIM_STAGE, seed)
    claims += cross_source_negatives(claims, per_claim=CROSS_SOURCE_PER_CLAIM)
    if config.generated_negatives:
        claims, generated = generated_negatives(claims, seed, config.generated_limit)
        claims += generated
    claims += repeated_wice_groups(claims, config.wice_passes)
    replay = random.Random(seed).sample(nli, min(config.replay_pairs, len(nli)))
    stages = [
        Stage("claims", claims + replay, config.claim_learning_rate, config.claim_minutes, config.epochs)
    ]
    if nli:
        stages.insert(0, Stage("nli", nli, config.nli_learning_rate, config.nli_minutes, config.nli_epochs))
    return Recipe(stages=stages, combiner_claims=held)


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
) -> tuple[PairClassifier, object, Recipe, list[StageResult]]:
    """Build the recipe from ``data_dir``, train the model through its stages (resuming from a checkpoint in
    ``cache_dir`` when there is one) and save it to ``out_dir``; returns the model, its tokenizer, the recipe
    and each stage's result."""
    recipe = build_recipe(data_dir, config)
    for name, counts in recipe.counts().items():
        progress(f"stage {name}: {sum(counts.values())} pairs {counts}")
    progress(f"{len(recipe.combiner_claims)} WiCE train sub-claims kept for the combiner")
    model, tokenizer, results = train(
        recipe.stages, config, progress, checkpoint_dir=cache_dir / "checkpoint" if cache_dir else None
    )
    save_model(model, tokenizer, out_dir)
    return model, tokenizer, recipe, results
