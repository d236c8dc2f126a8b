"""The claim-level verdict: one logistic regression over what the reader found in the windows it read (for the
whole claim and for each of its parts) and how much of the claim's wording the whole page contains
(sidebot/verify/coverage.py).

The reader judges a window of one to three sentences at a time; a claim fails verification when NO part of the
page backs it, and is only partly backed when one of its parts finds no window. The combiner turns those
scores and page-level word coverage into one source score (log-odds that the page backs the claim at least in
part), which Platt scaling then calibrates. It is fitted on WiCE *train* sub-claims the reader never trained
on (their pages as cited, and the same pages with every annotated supporting sentence removed), so it learns
how far to trust the reader on unseen claims; it never sees WiCE dev. Its weights are a few numbers in
verifier.json, readable and diffable.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from sklearn.linear_model import LogisticRegression

from sidebot.records import Claim, Passage
from sidebot.verify.coverage import COVERAGE_FEATURES, content_stems, coverage_features, window_coverage

READER_FEATURES = (
    "reader_best",
    "reader_top2_mean",
    "part_min",
    "part_mean",
    "refute_max",
    "cov_read_window",
)
# the fact check's (facts/_check.py; the verifier adds them to the features of claim_features)
FACT_FEATURES = ("facts_contradicted", "facts_strong_missing", "facts_missing_share")
FEATURES = READER_FEATURES + COVERAGE_FEATURES + FACT_FEATURES


def claim_features(
    claim: Claim,
    passages: Sequence[Passage],
    best_window: Passage,
    window_scores: Sequence[float] | np.ndarray,
    part_scores: Sequence[float] = (),
    refute_max: float = 0.0,
) -> dict[str, float]:
    """Features of one citation: the reader's support log-odds over the windows it read for the whole claim
    (``window_scores``, at least one), its best score for each part of the claim (``part_scores``; none when
    the claim does not split), its strongest "refutes" log-odds, and the claim's word coverage of the best
    window and of the page's ``passages``."""
    scores = np.sort(np.asarray(window_scores, dtype=np.float64))[::-1]
    if not len(scores):
        raise ValueError("claim features need at least one scored window")
    parts = np.asarray([p for p in part_scores if np.isfinite(p)], dtype=np.float64)
    return {
        "reader_best": float(scores[0]),
        "reader_top2_mean": float(scores[:2].mean()),
        "part_min": float(parts.min()) if len(parts) else float(scores[0]),
        "part_mean": float(parts.mean()) if len(parts) else float(scores[0]),
        "refute_max": float(refute_max),
        "cov_read_window": window_coverage(content_stems(claim.text), best_window),
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
        """The claim-level log-odds for the named feature ``values`` (every feature of :attr:`features` must
        be there)."""
        x = (np.array([values[f] for f in self.features]) - self.mean) / self.scale
        return float(self.intercept + x @ np.asarray(self.coef))

    def to_json(self) -> dict:
        """The combiner as the model manifest stores it."""
        return {
            "features": list(self.features),
            "mean": list(self.mean),
            "scale": list(self.scale),
            "coef": list(self.coef),
            "intercept": self.intercept,
            "fitted_on": self.fitted_on,
        }

    @classmethod
    def from_json(cls, raw: Mapping, known: Collection[str] = FEATURES) -> Combiner:
        """The combiner ``raw`` describes; its features must be among ``known``."""
        n = len(raw["features"])
        if not (len(raw["mean"]) == len(raw["scale"]) == len(raw["coef"]) == n):
            raise ValueError("combiner: features, mean, scale and coef differ in length")
        unknown = set(raw["features"]) - set(known)
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
