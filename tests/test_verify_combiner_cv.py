"""The combiner cross-validation measurement (sidebot.eval.combiner_cv): a feature that tells the labels
apart is found by the refitted combiner on held-out folds, and the shipped scores are read from real WiCE
claims on their real pages with the shipped model."""

from __future__ import annotations

import numpy as np
import pytest

from sidebot.datasets.wice import WiceLabel
from sidebot.eval.combiner_cv import ScoredClaim, cross_validated, measure, score_claims
from sidebot.verify.combiner import FEATURES
from tests.test_verify_scorer import DATA


def _claims(separating: str) -> list[ScoredClaim]:
    """30 claims of each label; ``separating`` is 1 where the source backs the claim at least in part."""
    rng = np.random.default_rng(0)
    claims = []
    for label in WiceLabel:
        for _ in range(30):
            features = {f: float(rng.normal()) for f in FEATURES}
            features[separating] = 0.0 if label is WiceLabel.NOT_SUPPORTED else 1.0
            claims.append(ScoredClaim(label, float(rng.normal()), features))
    return claims


def test_refitted_combiner_finds_the_feature_that_separates_the_labels() -> None:
    claims = _claims("cov_page")
    found = cross_validated(claims, "supported at least in part", c=1.0, folds=5, seeds=2)
    assert found["auroc_not_supported"] == pytest.approx(1.0)
    result = measure(claims, folds=5, seeds=2)
    assert result["features_alone"]["cov_page"]["auroc_not_supported"] == pytest.approx(1.0)
    assert 0.3 < result["shipped"]["auroc_not_supported"] < 0.7  # the "shipped" scores here are noise


def test_scores_real_wice_claims_with_the_shipped_model() -> None:
    claims = score_claims(DATA / "wice-claims.jsonl")
    assert len(claims) == 9
    assert all(set(c.features) == set(FEATURES) and np.isfinite(c.score) for c in claims)
    result = measure(claims, folds=3, seeds=1)
    assert len(result["refitted_cv"]) == 6
