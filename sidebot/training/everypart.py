"""Fit the every-part figure (sidebot/verify/every_part.py) into a trained model: `sidebot train every-part`,
also the last step of `sidebot train fact-check`.

Held out means held out: WiCE dev's fit half (factfit.dev_split) chooses the inputs, among a few candidate
sets by five-fold cross-validated log-loss, and fits the regression; the report half, which none of that saw,
gives every figure the model card and docs/verifier.md show (AUROC for not fully supported citations, the
calibration error and the reliability table of both figures).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold, cross_val_predict

from sidebot.datasets.wice import WiceClaim, WiceLabel
from sidebot.eval.metrics import run_scorer, two_figures, wice_items
from sidebot.records import Verdict
from sidebot.training.factfit import dev_split
from sidebot.verify.combiner import FACT_FEATURES, fit_combiner
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.every_part import SOURCE_SCORE, EveryPart
from sidebot.verify.model import CrossEncoder, Manifest, Precision

CANDIDATE_INPUTS: dict[str, tuple[str, ...]] = {
    "source score": (SOURCE_SCORE,),
    "source score + facts": (SOURCE_SCORE, *FACT_FEATURES),
    "source score + weakest part + facts": (SOURCE_SCORE, "part_min", *FACT_FEATURES),
}
REGULARISATION = 1.0  # sklearn's C: a few inputs, ~160 claims
FOLDS = 5


def _rows(verdicts: Sequence[Verdict]) -> list[dict[str, float]]:
    return [{**v.features, SOURCE_SCORE: v.score} for v in verdicts]


def cross_validated_loss(
    rows: Sequence[Mapping[str, float]], every: np.ndarray, inputs: Sequence[str]
) -> float:
    """Five-fold log-loss of a regression over ``inputs`` (standardised), on the fit half only."""
    x = np.array([[row[f] for f in inputs] for row in rows], dtype=np.float64)
    x = (x - x.mean(0)) / np.where(x.std(0) > 0, x.std(0), 1.0)
    folds = StratifiedKFold(FOLDS, shuffle=True, random_state=0)
    model = LogisticRegression(C=REGULARISATION, max_iter=1000)
    predicted = cross_val_predict(model, x, every, cv=folds, method="predict_proba")[:, 1]
    return float(log_loss(every, predicted))


def fit_every_part(folder: Path, dev: Sequence[WiceClaim], progress: Callable[[str], None] = print) -> dict:
    """Fit the figure on the fit half of ``dev`` for the model in ``folder`` (its fact check already fitted),
    store it in the model's manifest and return the report half's figures."""
    fit_claims, report_claims = dev_split(dev)
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.BF16))

    def scored(claims: Sequence[WiceClaim], what: str) -> tuple[list[WiceClaim], list[Verdict]]:
        progress(f"every part: verifying {len(claims)} {what}")
        verdicts = run_scorer(scorer, wice_items(claims)).verdicts
        kept = [
            (c, v) for c, v in zip(claims, verdicts) if np.isfinite(v.score) and v.probability is not None
        ]
        return [c for c, _ in kept], [v for _, v in kept]

    claims, verdicts = scored(fit_claims, "fit-half claims")
    rows = _rows(verdicts)
    every = np.array([c.label is WiceLabel.SUPPORTED for c in claims], dtype=int)
    choice = {name: cross_validated_loss(rows, every, inputs) for name, inputs in CANDIDATE_INPUTS.items()}
    chosen = min(choice, key=choice.__getitem__)
    model = fit_combiner(
        rows,
        every.astype(bool).tolist(),
        f"WiCE dev fit half ({len(claims)} claims): supported vs partially or not supported",
        CANDIDATE_INPUTS[chosen],
        c=REGULARISATION,
    )
    figure = EveryPart(model)
    scorer.every_part = figure
    held_claims, held_verdicts = scored(report_claims, "report-half claims")
    figures = two_figures(held_claims, held_verdicts)
    if figures is None:
        raise ValueError("no report-half claim got both figures")
    figures["data"] = {
        "fit_half": len(claims),
        "report_half": len(held_claims),
        "split": "sha256(claim id)[0] even: fit, odd: report",
    }
    manifest = Manifest.read(folder)
    replace(
        manifest,
        extra={
            **manifest.extra,
            "every_part": {
                **figure.to_json(),
                "inputs_chosen": chosen,
                "cross_validated_log_loss": choice,
                "report_half": figures,
            },
        },
    ).write(folder)
    return figures
