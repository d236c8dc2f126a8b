"""The fact check's share of the verdict, band by band (`sidebot eval verify`'s side-by-side table).

One scoring pass gives every verdict the reader's own score, the fact check's findings, the combiner's source
score and the shipped probability (the source score calibrated, then held below "likely supports" by the fact
rule when a fact is missing). Each is read as a ranking of the citations from most to least suspicious:

- **shipped verdict**: the probability the queue files on;
- **without the fact rule**: the combiner's source score (the calibration is monotone, so the ranking is the
  probability's before the rule);
- **reader alone**: the reader's best window score, before the combiner;
- **fact check alone**: a contradicted fact first, then a missing strong fact, then the share of facts
  missing.

The bands are thresholds on the shipped probability; the other rankings have none. So each is read at the
*volume* of each band: the k citations it finds most suspicious, where k is the number the band flags.
The fact check's score ties often (many claims have no missing fact), so a tie straddling the k-th place is
shared out: its members count with the share of places left, the expected precision of breaking the tie at
random. The fact check's own rule (flag a contradicted fact or a missing strong fact) is reported too, at the
volume it flags by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from sidebot.datasets.wice import WiceClaim, WiceLabel
from sidebot.eval.metrics import auroc, fact_suspicion
from sidebot.records import Verdict
from sidebot.verify.bands import Bands

# a verdict without the figure (a page without text) is the most suspicious, as the queue has it
_MISSING = np.inf


def _or_missing(value: float | None, sign: float) -> float:
    return _MISSING if value is None or not np.isfinite(value) else sign * value


VARIANTS: dict[str, Callable[[Verdict], float]] = {
    "shipped verdict": lambda v: _or_missing(v.probability, -1.0),
    "without the fact rule": lambda v: _or_missing(v.score, -1.0),
    "reader alone": lambda v: _or_missing(v.reader_score, -1.0),
    "fact check alone": fact_suspicion,
}


def at_volume(suspicion: np.ndarray, failing: np.ndarray, k: int) -> tuple[float | None, float | None]:
    """(precision, recall) of ``failing`` among the ``k`` most suspicious, a tie at the edge shared out."""
    if k <= 0:
        return None, (0.0 if failing.any() else None)
    order = np.sort(suspicion)[::-1]
    edge = order[k - 1]
    above = suspicion > edge
    tied = suspicion == edge
    places_left = k - int(above.sum())
    hits = float((above & failing).sum()) + places_left * float(failing[tied].mean())
    return hits / k, (hits / failing.sum() if failing.any() else None)


def _auroc(suspicion: np.ndarray, positive: np.ndarray) -> float | None:
    """:func:`~sidebot.eval.metrics.auroc`, a verdict without the figure ranked most suspicious."""
    finite = np.isfinite(suspicion)
    if not finite.any():
        return None
    value = auroc(positive, np.where(finite, suspicion, suspicion[finite].max() + 1.0))
    return None if np.isnan(value) else value


def side_by_side(claims: Sequence[WiceClaim], verdicts: Sequence[Verdict], bands: Bands) -> dict:
    """Each variant's AUROC and its precision / recall of not_supported at each band's volume."""
    failing = np.array([c.label is WiceLabel.NOT_SUPPORTED for c in claims])
    not_fully = np.array([c.label is not WiceLabel.SUPPORTED for c in claims])
    probabilities = [v.probability for v in verdicts]
    volumes = {
        band: sum(p is None or p < edge for p in probabilities)
        for band, edge in (("very_likely_fails", bands.very_likely_fails), ("may_fail", bands.may_fail))
    }
    variants = {}
    for name, suspicion_of in VARIANTS.items():
        suspicion = np.array([suspicion_of(v) for v in verdicts], dtype=np.float64)
        row: dict = {
            "auroc_not_supported": _auroc(suspicion, failing),
            "auroc_not_fully_supported": _auroc(suspicion, not_fully),
        }
        for band, k in volumes.items():
            precision, recall = at_volume(suspicion, failing, k)
            row[band] = {"precision_not_supported": precision, "recall_not_supported": recall}
        variants[name] = row
    rule = np.array(
        [
            v.features.get("facts_contradicted", 0.0) > 0 or v.features.get("facts_strong_missing", 0.0) > 0
            for v in verdicts
        ]
    )
    hits = int((rule & failing).sum())
    return {
        "volumes": volumes,
        "variants": variants,
        "fact_check_rule": {
            "flagged": int(rule.sum()),
            "precision_not_supported": hits / rule.sum() if rule.any() else None,
            "recall_not_supported": hits / failing.sum() if failing.any() else None,
        },
    }
