"""The claim-level verdict: one logistic regression over what the cross-encoder found in the passages it read
and how much of the claim's wording the whole page contains (sidebot/verify/coverage.py).

The cross-encoder judges ~100-word passages one at a time; a claim fails verification when NO part of the page
backs it. The combiner turns per-passage scores and page-level word coverage into one source score (log-odds
that the page backs the claim at least in part), which Platt scaling then calibrates. It is fitted on WiCE
*train* sub-claims the cross-encoder never trained on (their pages as cited, and the same pages with every
annotated supporting sentence removed), so it learns how far to trust the cross-encoder on unseen claims; it
never sees WiCE dev. Its weights are a few numbers in verifier.json, readable and diffable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from sklearn.linear_model import LogisticRegression

from sidebot.sources.passages import Passage
from sidebot.verify.coverage import COVERAGE_FEATURES, content_stems, coverage_features, stems
from sidebot.verify.types import Claim

CE_FEATURES = ("ce_best", "ce_top2_mean", "cov_ce_passage")
FEATURES = CE_FEATURES + COVERAGE_FEATURES


def claim_features(
    claim: Claim, passages: Sequence[Passage], passage_scores: Sequence[float]
) -> dict[str, float]:
    """Features of one citation. ``passage_scores``: the cross-encoder's support log-odds per passage, NaN
    for passages it did not read; at least one must be a number."""
    scores = np.asarray(passage_scores, dtype=np.float64)
    read = np.flatnonzero(np.isfinite(scores))
    if not len(read):
        raise ValueError("claim features need at least one scored passage")
    top = np.sort(scores[read])[::-1]
    best = passages[int(read[np.argmax(scores[read])])]
    wanted = content_stems(claim.text)
    found = set(stems(best.text)) | set(stems(best.title))
    return {
        "ce_best": float(top[0]),
        "ce_top2_mean": float(top[:2].mean()),
        "cov_ce_passage": sum(w in found for w in wanted) / len(wanted) if wanted else 1.0,
        **coverage_features(claim, passages),
    }


@dataclass(frozen=True)
class Combiner:
    """log-odds = intercept + Σ coef · (feature − mean) / scale, over ``features`` in order."""

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    fitted_on: str = ""

    def score(self, values: Mapping[str, float]) -> float:
        x = (np.array([values[f] for f in self.features]) - self.mean) / self.scale
        return float(self.intercept + x @ np.asarray(self.coef))

    def to_json(self) -> dict:
        return {
            "features": list(self.features),
            "mean": list(self.mean),
            "scale": list(self.scale),
            "coef": list(self.coef),
            "intercept": self.intercept,
            "fitted_on": self.fitted_on,
        }

    @classmethod
    def from_json(cls, raw: Mapping) -> Combiner:
        n = len(raw["features"])
        if not (len(raw["mean"]) == len(raw["scale"]) == len(raw["coef"]) == n):
            raise ValueError("combiner: features, mean, scale and coef differ in length")
        unknown = set(raw["features"]) - set(FEATURES)
        if unknown:
            raise ValueError(f"combiner: unknown features {sorted(unknown)}")
        return cls(
            features=tuple(raw["features"]),
            mean=tuple(float(v) for v in raw["mean"]),
            scale=tuple(float(v) for v in raw["scale"]),
            coef=tuple(float(v) for v in raw["coef"]),
            intercept=float(raw["intercept"]),
            fitted_on=str(raw.get("fitted_on", "")),
        )


def fit_combiner(
    rows: Sequence[Mapping[str, float]],
    supported: Sequence[bool],
    fitted_on: str,
    features: Sequence[str] = FEATURES,
    c: float = 1.0,
) -> Combiner:
    """L2-regularised logistic regression on standardised features (few examples: keep the weights tame)."""
    x = np.array([[row[f] for f in features] for row in rows], dtype=np.float64)
    y = np.asarray(supported, dtype=int)
    if len(set(y.tolist())) < 2:
        raise ValueError("the combiner needs both supported and unsupported examples")
    mean, scale = x.mean(0), x.std(0)
    scale[scale == 0] = 1.0
    model = LogisticRegression(C=c, max_iter=1000).fit((x - mean) / scale, y)
    return Combiner(
        features=tuple(features),
        mean=tuple(mean.tolist()),
        scale=tuple(scale.tolist()),
        coef=tuple(model.coef_[0].tolist()),
        intercept=float(model.intercept_[0]),
        fitted_on=fitted_on,
    )
