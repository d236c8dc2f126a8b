"""The second figure: P(the source backs **every** part of the claim), shown beside P(it backs at least part).

The verifier's probability is calibrated for "at least part" (WiCE's supported or partially supported): it is
what decides whether a citation fails verification, and the bands are defined on it. It says little about the
whole sentence: on held-out WiCE claims nine cited pages in ten back at least part of their claim, while about
a third back all of it. A reviewer who reads "likely supports, 94 %" as "the source backs this sentence" needs
the second figure.

It is a logistic regression over the claim-level source score and the fact check's features (a year, sum or
name the page does not give is the commonest unsupported part), fitted on claims the reader never trained on
(``sidebot train every-part``: WiCE dev's fit half, reported on the other half), with two bounds: it never
exceeds the at-least-part probability (backing all of a claim backs part of it), and it stays below one half
while the verifier names a part or a fact the source does not give (the reviewer is shown that gap, so the
figure must not say the whole claim is more likely backed than not).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from sidebot.verify.combiner import FACT_FEATURES, READER_FEATURES, Combiner

SOURCE_SCORE = "source_score"  # the combiner's log-odds that the source backs the claim at least in part
EVERY_PART_INPUTS = (SOURCE_SCORE, *READER_FEATURES, *FACT_FEATURES)
NAMED_GAP_BOUND = 0.49  # below one half while a part or fact is named as not backed


@dataclass(frozen=True)
class EveryPart:
    """P(every part of the claim backed) from a verdict's source score and features."""

    model: Combiner
    named_gap_bound: float | None = NAMED_GAP_BOUND

    def probability(
        self,
        source_score: float,
        features: Mapping[str, float],
        at_least_part: float,
        gap_named: bool,
    ) -> float:
        """P(every part of the claim is backed), never above ``at_least_part`` (P(at least part)), and held
        below one half by :attr:`named_gap_bound` when a part or fact is named as not backed
        (``gap_named``)."""
        log_odds = self.model.score({**features, SOURCE_SCORE: source_score})
        p = min(float(1.0 / (1.0 + np.exp(-log_odds))), at_least_part)
        if gap_named and self.named_gap_bound is not None:
            p = min(p, self.named_gap_bound)
        return p

    def to_json(self) -> dict:
        """The figure's model and bound as the model manifest stores them."""
        return {"model": self.model.to_json(), "named_gap_bound": self.named_gap_bound}

    @classmethod
    def from_json(cls, raw: Mapping | None) -> EveryPart | None:
        """The figure a manifest's ``every_part`` describes; None for a model fitted before it existed."""
        if not raw:
            return None
        bound = raw.get("named_gap_bound")
        return cls(
            model=Combiner.from_json(raw["model"], known=EVERY_PART_INPUTS),
            named_gap_bound=None if bound is None else float(bound),
        )
