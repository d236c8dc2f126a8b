"""Evaluate a verifier on WiCE claims: score each claim's FULL cited page (no oracle evidence) and report
the metrics of :mod:`sidebot.eval.metrics` (with the operating point at the scorer's flag threshold and the
reader's own figures), for the verifier and a baseline on the same claims."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sidebot.datasets.wice import WiceClaim
from sidebot.eval.ablation import side_by_side
from sidebot.eval.intervals import figure_intervals
from sidebot.eval.metrics import (
    band_points,
    fact_check_metrics,
    metrics,
    operating_point,
    reader_metrics,
    run_scorer,
    two_figures,
    wice_items,
)
from sidebot.verify.types import Scorer


def evaluate(
    claims: Sequence[WiceClaim],
    scorer: Scorer,
    baseline: Scorer | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict:
    """Metrics for ``scorer`` and, under ``baseline``, for the baseline scorer on the same claims."""
    items = wice_items(claims)
    report = progress or (lambda _msg: None)
    run = run_scorer(scorer, items, progress=lambda k: report(f"{scorer.name}: {k}/{len(items)} claims"))
    result = {"scorer": scorer.name, **metrics(claims, run)}
    probabilities = [v.probability for v in run.verdicts]
    if scorer.calibrated:
        result["operating_point"] = operating_point(claims, probabilities, scorer.flag_threshold)
    bands = scorer.bands
    if bands is not None:
        result["bands"] = band_points(claims, probabilities, bands)
    reader = reader_metrics(claims, run)
    if reader:
        result["reader_alone"] = reader
    facts = fact_check_metrics(claims, run)
    if facts:
        result["fact_check_alone"] = facts
    if bands is not None and any(v.facts for v in run.verdicts):
        result["side_by_side"] = side_by_side(claims, run.verdicts, bands)
    figures = two_figures(claims, run.verdicts)
    if figures:
        result["two_figures"] = figures
    result["intervals"] = figure_intervals(claims, run.verdicts, bands)
    if baseline is not None:
        base_run = run_scorer(
            baseline, items, progress=lambda k: report(f"{baseline.name}: {k}/{len(items)} claims")
        )
        result["baseline"] = {"scorer": baseline.name, **metrics(claims, base_run)}
    return result
