"""Two operating points on P(supported), the way ORES offers "very likely" and "maybe" bands for vandalism
scores: **very likely fails** (chosen for a precision of at least 0.90 on failing citations) and **may fail**
(at least 0.60; the verifier's flag threshold, below which a citation is queued). Each is a probability
below which a citation falls in the band; they are chosen on held-out claims when the model is published
(``sidebot train fact-check``) and re-fitted from reviewers' decisions by ``sidebot calibrate
--from-reviews``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

VERY_LIKELY_PRECISION = 0.90
MAY_FAIL_PRECISION = 0.60


class Band(StrEnum):
    """The two bands of a failing citation, weakest support first; the value is what the queue shows and
    stores."""

    VERY_LIKELY_FAILS = "very likely fails"
    MAY_FAIL = "may fail"


@dataclass(frozen=True)
class Bands:
    """``very_likely_fails`` ≤ ``may_fail``: a probability below the first is in "very likely fails", below
    the second in "may fail"."""

    very_likely_fails: float
    may_fail: float

    def band(self, probability: float | None) -> Band | None:
        """The band ``probability`` falls in, or None when it is in neither (or there is no probability)."""
        if probability is None:
            return None
        if probability < self.very_likely_fails:
            return Band.VERY_LIKELY_FAILS
        if probability < self.may_fail:
            return Band.MAY_FAIL
        return None

    def to_json(self) -> dict:
        """The two lines as the model manifest stores them."""
        return {"very_likely_fails": self.very_likely_fails, "may_fail": self.may_fail}

    @classmethod
    def from_json(cls, raw: Mapping | None, flag_threshold: float) -> Bands:
        """The bands a manifest names; a model without them has one band, below its flag threshold."""
        if not raw:
            return cls(very_likely_fails=0.0, may_fail=flag_threshold)
        return cls(float(raw["very_likely_fails"]), float(raw["may_fail"]))


def threshold_for_precision(
    probabilities: Sequence[float] | np.ndarray,
    failing: Sequence[bool] | np.ndarray,
    precision: float,
    min_flagged: int = 3,
) -> float:
    """The highest threshold t (one of the probabilities, just above it) such that among the citations below
    t at least ``precision`` fail, with at least ``min_flagged`` of them; 0.0 when none reaches it."""
    p = np.asarray(probabilities, dtype=np.float64)
    y = np.asarray(failing, dtype=bool)
    order = np.argsort(p, kind="stable")
    hits = np.cumsum(y[order])
    counts = np.arange(1, len(p) + 1)
    best = 0.0
    for k in range(len(p)):
        last = k + 1 == len(p) or p[order[k + 1]] > p[order[k]]  # ties go in together
        if last and counts[k] >= min_flagged and hits[k] / counts[k] >= precision:
            upper = p[order[k + 1]] if k + 1 < len(p) else 1.0
            best = float((p[order[k]] + upper) / 2)
    return best
