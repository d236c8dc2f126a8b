"""The bootstrap intervals `sidebot eval verify` prints beside its held-out figures."""

import math
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from sidebot.datasets.wice import WiceLabel, read_wice
from sidebot.eval.intervals import bootstrap_interval, figure_intervals, interval_lines
from sidebot.eval.metrics import auroc
from sidebot.records import Verdict
from sidebot.verify.bands import Bands

DATA = Path(__file__).parent / "data" / "verify"


def _verdicts(claims, probability):
    return [Verdict("s", 0.0, [], None, probability=probability[c.label]) for c in claims]


def test_a_ranking_that_follows_the_labels_has_no_spread():
    claims = read_wice(DATA / "wice-claims.jsonl")
    probability = {
        WiceLabel.SUPPORTED: 0.97,
        WiceLabel.PARTIALLY_SUPPORTED: 0.8,
        WiceLabel.NOT_SUPPORTED: 0.1,
    }
    intervals = figure_intervals(claims, _verdicts(claims, probability), Bands(0.3, 0.5))
    assert intervals["auroc_not_supported"] == (1.0, 1.0)
    assert intervals["auroc_not_fully_supported"] == (1.0, 1.0)
    # both bands hold exactly the not-supported claims
    for name in ("very_likely_fails", "may_fail"):
        assert intervals[f"{name}_precision"] == intervals[f"{name}_recall"] == (1.0, 1.0)
    assert "auroc_not_fully_supported_every_part" not in intervals  # these verdicts have no such figure
    assert interval_lines(intervals)[0].split()[-3:] == ["1.000", "–", "1.000"]


def test_a_band_that_flags_supported_claims_reads_low_precision():
    claims = read_wice(DATA / "wice-claims.jsonl")
    probability = {WiceLabel.SUPPORTED: 0.1, WiceLabel.PARTIALLY_SUPPORTED: 0.9, WiceLabel.NOT_SUPPORTED: 0.9}
    intervals = figure_intervals(claims, _verdicts(claims, probability), Bands(0.3, 0.5))
    assert intervals["may_fail_precision"] == (0.0, 0.0)
    assert intervals["auroc_not_fully_supported"] == (0.0, 0.0)


def test_the_interval_holds_the_figure_and_narrows_with_more_claims():
    rng = np.random.default_rng(3)

    def spread(n: int) -> tuple[float, float, float]:
        failing = rng.random(n) < 0.2
        score = failing + rng.normal(0, 1.0, n)  # a ranking that is right more often than not
        low, high = bootstrap_interval(lambda i: auroc(failing[i], score[i]), n)
        return low, auroc(failing, score), high

    low, figure, high = spread(150)
    assert low < figure < high and 0.5 < figure
    wide = high - low
    low, figure, high = spread(2000)
    assert low < figure < high and high - low < wide / 2


def test_the_auroc_is_sklearns():
    rng = np.random.default_rng(5)
    failing = rng.random(200) < 0.15
    score = failing + rng.normal(0, 1.0, 200).round(1)  # rounded: ties too
    assert auroc(failing, score) == pytest.approx(roc_auc_score(failing, score), abs=1e-12)
    assert auroc(failing.astype(int), score) == auroc(failing, score)  # 0/1 labels read as booleans
    assert math.isnan(auroc(np.zeros(5, bool), np.arange(5.0)))


def test_resamples_where_the_figure_is_undefined_are_left_out():
    failing = np.array([True] + [False] * 9)
    score = np.arange(10.0)
    # most resamples of 10 draw the one failing claim; those that miss it have no AUROC
    low, high = bootstrap_interval(lambda i: auroc(failing[i], -score[i]), 10)
    assert (low, high) == (1.0, 1.0)
    assert all(math.isnan(x) for x in bootstrap_interval(lambda i: float("nan"), 10))
    with pytest.raises(ValueError):
        bootstrap_interval(lambda i: 0.5, 10, level=1.5)
