"""How far the held-out figures of `sidebot eval verify` could move with another sample of claims: 95 %
bootstrap intervals, the claims resampled with replacement.

Why: the report half of WiCE dev holds 190 claims, 22 of them not supported, and one claim moves an AUROC
by about 0.005 and a band's precision by several points. A figure read against a goal ("AUROC ≥ 0.90",
"precision ≥ 0.75") means little without the spread a fresh sample of the same size would show; the
calibration error has its own yardstick (``calibration.calibration_noise_floor``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from sidebot.datasets.wice import WiceClaim, WiceLabel
from sidebot.eval.metrics import auroc, final_scores
from sidebot.records import Verdict
from sidebot.verify.bands import Bands

DRAWS = 2000
LEVEL = 0.95

Figure = Callable[[np.ndarray], float]  # resampled claim indices -> one figure


def bootstrap_interval(
    figure: Figure, n: int, draws: int = DRAWS, level: float = LEVEL, seed: int = 0
) -> tuple[float, float]:
    """The central ``level`` share of ``figure`` over ``draws`` resamples of ``n`` claims; a resample in
    which the figure is undefined (no failing claim drawn, nothing flagged) is left out."""
    if not 0 < level < 1:
        raise ValueError(f"an interval's level is a share between 0 and 1, not {level}")
    rng = np.random.default_rng(seed)
    values = np.array([figure(rng.integers(0, n, n)) for _ in range(draws)], dtype=np.float64)
    values = values[np.isfinite(values)]
    if not len(values):
        return (float("nan"), float("nan"))
    tail = 100 * (1 - level) / 2
    return (float(np.percentile(values, tail)), float(np.percentile(values, 100 - tail)))


def _precision(flagged: np.ndarray, failing: np.ndarray) -> float:
    return float((flagged & failing).sum() / flagged.sum()) if flagged.any() else float("nan")


def _recall(flagged: np.ndarray, failing: np.ndarray) -> float:
    return float((flagged & failing).sum() / failing.sum()) if failing.any() else float("nan")


def _resampled(
    figure: Callable[[np.ndarray, np.ndarray], float], flagged: np.ndarray, failing: np.ndarray
) -> Figure:
    """``figure`` of the flagged and failing citations at the resampled indices."""
    return lambda i: figure(flagged[i], failing[i])


def figure_intervals(
    claims: Sequence[WiceClaim], verdicts: Sequence[Verdict], bands: Bands | None = None, seed: int = 0
) -> dict[str, tuple[float, float]]:
    """95 % intervals of the headline figures: both AUROCs of the verdict's ranking, each band's precision
    and recall of not supported (given ``bands``), and the every-part figure's AUROC (where verdicts carry
    it), all over the same resamples (one seed)."""
    scores = final_scores(verdicts)
    not_supported = np.array([c.label is WiceLabel.NOT_SUPPORTED for c in claims])
    not_fully = np.array([c.label is not WiceLabel.SUPPORTED for c in claims])
    figures: dict[str, Figure] = {
        "auroc_not_supported": lambda i: auroc(not_supported[i], -scores[i]),
        "auroc_not_fully_supported": lambda i: auroc(not_fully[i], -scores[i]),
    }
    if bands is not None:
        probabilities = [v.probability for v in verdicts]
        for name, threshold in (("very_likely_fails", bands.very_likely_fails), ("may_fail", bands.may_fail)):
            flagged = np.array([p is None or p < threshold for p in probabilities])
            figures[f"{name}_precision"] = _resampled(_precision, flagged, not_supported)
            figures[f"{name}_recall"] = _resampled(_recall, flagged, not_supported)
    if verdicts and all(v.every_part_probability is not None for v in verdicts):
        whole = np.array([v.every_part_probability for v in verdicts], dtype=np.float64)
        figures["auroc_not_fully_supported_every_part"] = lambda i: auroc(not_fully[i], -whole[i])
    return {name: bootstrap_interval(figure, len(claims), seed=seed) for name, figure in figures.items()}


def interval_lines(intervals: Mapping[str, tuple[float, float]]) -> list[str]:
    """One line per figure, as `eval verify` prints them."""
    return [f"{name:36} {low:.3f} – {high:.3f}" for name, (low, high) in intervals.items()]
