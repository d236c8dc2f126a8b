"""Fit the Platt scaling that turns a source score into P(the source supports the claim).

It is fitted on claims the model never trained on (WiCE dev; see docs/verifier.md), with "supported" meaning
WiCE's supported or partially supported (the citation does not fail verification).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from sidebot.verify.model import Calibration


def fit_platt(
    scores: Sequence[float] | np.ndarray, supported: Sequence[bool] | np.ndarray, fitted_on: str
) -> Calibration:
    """The Platt scaling of ``scores`` (a logistic regression of ``supported`` on the score, practically
    unregularised), labelled with what it was ``fitted_on``; ValueError unless both labels occur."""
    # imported here: scikit-learn and the model module (torch) cost seconds and hundreds of MB
    from sklearn.linear_model import LogisticRegression

    from sidebot.verify.model import Calibration

    x = np.asarray(scores, dtype=np.float64).reshape(-1, 1)
    y = np.asarray(supported, dtype=int)
    if len(set(y.tolist())) < 2:
        raise ValueError("calibration needs both supported and unsupported examples")
    model = LogisticRegression(C=1e6).fit(x, y)  # effectively unregularised: two parameters, many points
    return Calibration(
        slope=float(model.coef_[0, 0]), intercept=float(model.intercept_[0]), fitted_on=fitted_on
    )
