"""Read how well any shown figure is calibrated: expected calibration error, its noise floor, reliability
tables. Plain NumPy that loads no model, so the review statistics (:mod:`sidebot.queue.figures`) read it too;
fitting the calibration itself is :mod:`sidebot.training.platt`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

# How many calibrated draws calibration_noise_floor reads at once: a draws × citations array of this many
# cells at most (16 MB), however many citations a wiki's reviewers decided.
DRAW_CELLS = 2_000_000


def expected_calibration_error(
    probabilities: Sequence[float] | np.ndarray, outcomes: Sequence[bool] | np.ndarray, bins: int = 10
) -> float:
    """Weighted mean gap between predicted probability and observed frequency over equal-width bins."""
    p = np.asarray(probabilities, dtype=np.float64)
    return float(_errors(p, np.asarray(outcomes, dtype=np.float64)[None, :], bins)[0])


def calibration_noise_floor(
    probabilities: Sequence[float] | np.ndarray, observed: float, draws: int = 2000, seed: int = 0
) -> dict[str, float]:
    """What the expected calibration error of a **perfectly calibrated** figure would read on these citations:
    outcomes drawn from the shown probabilities themselves, ``draws`` times.

    Why: on a couple of hundred citations the error is mostly sampling noise (a calibrated figure spread over
    0–1 reads about 0.07 on 190 citations), so an error is only evidence of miscalibration when it stands
    well above this floor. ``share_at_or_above`` is the share of calibrated draws whose error reaches
    ``observed`` (a p-value: small means the figure is miscalibrated beyond chance)."""
    p = np.asarray(probabilities, dtype=np.float64)
    rng = np.random.default_rng(seed)
    rows = max(1, DRAW_CELLS // max(1, len(p)))
    errors = np.concatenate(  # the generator's stream is the same drawn in pieces or at once
        [_errors(p, rng.random((min(rows, draws - k), len(p))) < p, bins=10) for k in range(0, draws, rows)]
    )
    return {
        "mean": float(errors.mean()),
        "p95": float(np.percentile(errors, 95)),
        # a draw equal to the error observed, read through another sum's rounding, counts as reaching it
        "share_at_or_above": float((errors >= observed - 1e-12).mean()),
    }


def _errors(p: np.ndarray, outcomes: np.ndarray, bins: int) -> np.ndarray:
    """The expected calibration error of ``p`` against each row of ``outcomes`` (draws × citations): the
    bins depend on ``p`` alone, so every row is read through one matrix product (the /stats page reads
    2,000 rows per figure)."""
    edges = np.linspace(0.0, 1.0, bins + 1)
    which = np.clip(np.digitize(p, edges[1:-1]), 0, bins - 1)
    members = np.zeros((len(p), bins))
    members[np.arange(len(p)), which] = 1.0
    counts = members.sum(axis=0)
    used = counts > 0
    predicted = (p @ members)[used] / counts[used]
    observed = (outcomes.astype(np.float64) @ members)[:, used] / counts[used]
    return (np.abs(predicted - observed) * (counts[used] / len(p))).sum(axis=1)


# The rows of a reliability table (the upper edges of its probability bins; the last bin is open)
RELIABILITY_EDGES = (0.2, 0.5, 0.7, 0.8, 0.9, 0.95)


def reliability_table(
    probabilities: Sequence[float] | np.ndarray,
    at_least_part: Sequence[bool] | np.ndarray,
    every_part: Sequence[bool] | np.ndarray,
    edges: Sequence[float] = RELIABILITY_EDGES,
) -> list[dict]:
    """Per bin of one shown figure: how many citations, their mean figure, and the share whose source backs at
    least part of the claim and the share that backs all of it (what the figure promises, read either way)."""
    p = np.asarray(probabilities, dtype=np.float64)
    part = np.asarray(at_least_part, dtype=bool)
    whole = np.asarray(every_part, dtype=bool)
    bounds = [0.0, *edges, 1.0]
    rows = []
    for low, high in zip(bounds, bounds[1:]):
        inside = (p >= low) & ((p < high) if high < 1.0 else (p <= high))
        if not inside.any():
            continue
        rows.append(
            {
                "range": f"{low:.2f}–{high:.2f}",
                "citations": int(inside.sum()),
                "mean_figure": float(p[inside].mean()),
                "share_at_least_part": float(part[inside].mean()),
                "share_every_part": float(whole[inside].mean()),
            }
        )
    return rows
