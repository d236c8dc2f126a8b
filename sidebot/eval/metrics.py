"""How well a verifier's source scores separate failing WiCE citations from the rest, the way SIDE uses
it: each claim's FULL cited page is scored (no oracle evidence). Shared by the evaluation
(``sidebot.eval.verify``) and by training, which reports these metrics in the model card.

Metrics (all from the source score = best passage's score; lower = less supported):
- ``auroc_not_supported``: not_supported vs (supported + partially_supported);
- ``auroc_not_fully_supported``: (not_supported + partially_supported) vs supported;
- ``ap_not_supported`` and ``p_at_r15_not_supported``: average precision and the best precision at a recall of
  at least 15% when hunting not_supported citations (SIDE's "failed verification" operating point);
- ``evidence_hit_at_1``: share of supported / partially supported claims whose best passage contains a gold
  supporting sentence;
- ``evidence_sentence_hit_at_1``: share of those claims whose strongest evidence sentence is a gold supporting
  sentence (0 for a scorer that reports no evidence sentences, like the bi-encoder);
- ``pairs_per_second``: model pairs scored per second of scoring time in this run.

At the scorer's flag threshold (a citation is queued when P(supported) is below it), ``operating_point`` gives
the precision and recall of not_supported among the queued citations and the share of each WiCE label queued.
``reader_metrics`` are the ranking metrics from the reader's own score (before the combiner), so it is visible
how much the reader carries.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
from scipy.stats import mannwhitneyu
from sklearn.metrics import average_precision_score, precision_recall_curve

from sidebot.datasets.wice import WiceClaim, WiceLabel
from sidebot.records import Claim, Passage, Verdict
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Bands
from sidebot.verify.calibration import (
    calibration_noise_floor,
    expected_calibration_error,
    reliability_table,
)
from sidebot.verify.types import Scorer

RECALL_POINT = 0.15
# The keys of :func:`metrics` a person reads, in reading order (the CLI and the model card print these).
METRIC_KEYS = (
    "n",
    "auroc_not_supported",
    "auroc_not_fully_supported",
    "ap_not_supported",
    "p_at_r15_not_supported",
    "evidence_hit_at_1",
    "evidence_sentence_hit_at_1",
    "pairs_per_second",
)


@dataclass(frozen=True)
class ScoredRun:
    """A scorer's verdicts over a set of claims, with the seconds the run took and the claim–passage pairs it
    scored."""

    verdicts: list[Verdict]
    seconds: float
    pairs: int


def wice_items(claims: Sequence[WiceClaim]) -> list[tuple[Claim, list[Passage]]]:
    """Each WiCE claim as the verifier reads it, with its whole cited page split into passages."""
    items = []
    for wc in claims:
        doc = wc.source()
        items.append(
            (Claim(wc.claim, wc.article_title, wc.section, wc.context), split_passages(doc.text, doc.title))
        )
    return items


def run_scorer(
    scorer: Scorer,
    items: Sequence[tuple[Claim, Sequence[Passage]]],
    chunk: int = 8,
    progress: Callable[[int], None] | None = None,
) -> ScoredRun:
    """Verify ``items`` in chunks of ``chunk`` citations (batches span citations, as in the pipeline).

    Pairs are counted by the scorer when it keeps a counter (the cross-encoder skips pre-filtered passages),
    else as one per passage.
    """
    counter = getattr(scorer, "pairs_scored", None)
    verdicts: list[Verdict] = []
    started = time.perf_counter()
    for i in range(0, len(items), chunk):
        verdicts += scorer.verify_many(items[i : i + chunk])
        if progress:
            progress(len(verdicts))
    seconds = time.perf_counter() - started
    pairs = (
        getattr(scorer, "pairs_scored", 0) - counter if counter is not None else sum(len(p) for _, p in items)
    )
    return ScoredRun(verdicts, seconds, pairs)


def final_scores(verdicts: Sequence[Verdict]) -> np.ndarray:
    """Each verdict's final ranking score: the log-odds of its probability where it has one (the fact rule
    bounds the probability, not the combiner's score), else its score."""
    raw = np.array([_final(v) for v in verdicts], dtype=np.float64)
    floor = np.nanmin(raw) - 1.0 if np.isfinite(raw).any() else 0.0
    return np.where(np.isfinite(raw), raw, floor)  # a source with no text supports nothing


def _final(verdict: Verdict) -> float:
    p = verdict.probability
    if p is None or not np.isfinite(verdict.score):
        return verdict.score
    p = min(max(p, 1e-9), 1 - 1e-9)
    return float(np.log(p / (1 - p)))


def precision_at_recall(positive: np.ndarray, suspicion: np.ndarray, recall: float = RECALL_POINT) -> float:
    """The best precision at which ``suspicion`` finds at least ``recall`` of the ``positive`` cases."""
    precision, rec, _ = precision_recall_curve(positive, suspicion)
    return float(precision[rec >= recall].max())


def evidence_hit(claim: WiceClaim, verdict: Verdict) -> bool:
    """Whether the verdict's best passage overlaps one of the claim's gold supporting sentences."""
    passage = verdict.best_passage
    if passage is None:
        return False
    return bool(claim.source().sentences_between(passage.start, passage.end) & claim.gold_sentences)


def evidence_sentence_hit(claim: WiceClaim, verdict: Verdict) -> bool:
    """Whether the verdict's strongest evidence sentence is (part of) a gold supporting sentence."""
    passage = verdict.best_passage
    if passage is None or not verdict.evidence:
        return False
    top = max(verdict.evidence, key=lambda e: e.score)
    span = claim.source().sentences_between(passage.start + top.start, passage.start + top.end)
    return bool(span & claim.gold_sentences)


def auroc(positive: np.ndarray, suspicion: np.ndarray) -> float:
    """Area under the ROC curve of ``suspicion`` for ``positive`` (ties count a half; NaN without both
    classes), as the Mann-Whitney U over both class sizes: sklearn's ``roc_auc_score`` to 1e-12, in a third
    of its time, which counts where the bootstrap intervals (intervals.py) compute it thousands of times."""
    positive = np.asarray(positive, dtype=bool)
    suspicion = np.asarray(suspicion, dtype=np.float64)
    n_positive = int(positive.sum())
    n_negative = len(positive) - n_positive
    if not n_positive or not n_negative:
        return math.nan
    u = mannwhitneyu(suspicion[positive], suspicion[~positive], method="asymptotic", use_continuity=False)
    return float(u.statistic / (n_positive * n_negative))


def metrics(claims: Sequence[WiceClaim], run: ScoredRun) -> dict:
    """The verifier's figures on WiCE claims: AUROCs for catching not-supported and not-fully-supported
    claims, average precision and precision at :data:`RECALL_POINT` for not-supported ones, how often the best
    passage and its strongest evidence sentence hold gold evidence (claims WiCE finds at least partly
    supported), and the run's speed in pairs per second."""
    scores = final_scores(run.verdicts)
    labels = [c.label for c in claims]
    not_supported = np.array([lab is WiceLabel.NOT_SUPPORTED for lab in labels], dtype=int)
    not_fully = np.array([lab is not WiceLabel.SUPPORTED for lab in labels], dtype=int)
    backed = [(c, v) for c, v in zip(claims, run.verdicts) if c.label is not WiceLabel.NOT_SUPPORTED]
    has_ns = 0 < not_supported.sum() < len(labels)
    return {
        "n": len(claims),
        "auroc_not_supported": auroc(not_supported, -scores),
        "auroc_not_fully_supported": auroc(not_fully, -scores),
        "ap_not_supported": float(average_precision_score(not_supported, -scores)) if has_ns else math.nan,
        "p_at_r15_not_supported": precision_at_recall(not_supported, -scores) if has_ns else math.nan,
        "evidence_hit_at_1": (sum(evidence_hit(c, v) for c, v in backed) / len(backed))
        if backed
        else math.nan,
        "evidence_sentence_hit_at_1": (sum(evidence_sentence_hit(c, v) for c, v in backed) / len(backed))
        if backed
        else math.nan,
        "pairs_per_second": run.pairs / run.seconds if run.seconds > 0 else math.nan,
        "pairs": run.pairs,
        "seconds": run.seconds,
    }


def operating_point(
    claims: Sequence[WiceClaim], probabilities: Sequence[float | None], threshold: float
) -> dict:
    """Precision / recall of not_supported among the citations flagged (P(supported) < ``threshold``), the
    share of the flagged that are not fully supported (a partly supported claim flagged is a right flag too),
    and the share of each WiCE label flagged. A citation with no probability (no text) counts as flagged."""
    flagged = np.array([p is None or p < threshold for p in probabilities])
    failing = np.array([c.label is WiceLabel.NOT_SUPPORTED for c in claims])
    not_fully = np.array([c.label is not WiceLabel.SUPPORTED for c in claims])
    hits = int((flagged & failing).sum())
    result = {
        "threshold": threshold,
        "flagged": int(flagged.sum()),
        "precision_not_supported": hits / flagged.sum() if flagged.any() else math.nan,
        "recall_not_supported": hits / failing.sum() if failing.any() else math.nan,
        "share_not_fully_supported": float((flagged & not_fully).sum() / flagged.sum())
        if flagged.any()
        else math.nan,
    }
    for label in WiceLabel:
        members = np.array([c.label is label for c in claims])
        result[f"flag_rate_{label}"] = float(flagged[members].mean()) if members.any() else math.nan
    return result


def reader_metrics(claims: Sequence[WiceClaim], run: ScoredRun) -> dict | None:
    """Ranking metrics from the reader's own score (None for a scorer without one)."""
    if not run.verdicts or any(v.reader_score is None for v in run.verdicts if v.best_passage is not None):
        return None
    reader = ScoredRun(
        [
            replace(v, score=v.reader_score if v.reader_score is not None else v.score, probability=None)
            for v in run.verdicts
        ],
        run.seconds,
        run.pairs,
    )
    full = metrics(claims, reader)
    return {k: full[k] for k in ("auroc_not_supported", "auroc_not_fully_supported", "ap_not_supported")}


def fact_check_metrics(claims: Sequence[WiceClaim], run: ScoredRun) -> dict | None:
    """Ranking metrics from the fact check alone (a contradicted fact first, then a missing strong fact, then
    the share of facts missing), for a scorer that checks facts."""
    if not any(v.facts for v in run.verdicts):
        return None
    alone = ScoredRun(
        [replace(v, score=-fact_suspicion(v), probability=None) for v in run.verdicts], run.seconds, run.pairs
    )
    full = metrics(claims, alone)
    return {k: full[k] for k in ("auroc_not_supported", "auroc_not_fully_supported", "ap_not_supported")}


def fact_suspicion(verdict: Verdict) -> float:
    """The fact check alone as a ranking score (higher: more likely failing)."""
    f = verdict.features
    return (
        2 * f.get("facts_contradicted", 0.0)
        + f.get("facts_strong_missing", 0.0)
        + f.get("facts_missing_share", 0.0)
    )


def two_figures(claims: Sequence[WiceClaim], verdicts: Sequence[Verdict]) -> dict | None:
    """How well each shown figure reads: "at least part" (the probability) against WiCE's supported or
    partially supported, "every part" against supported alone — ranking (AUROC), expected calibration error
    and a reliability table each. None for a scorer without the every-part figure."""
    shown = [
        (c, v)
        for c, v in zip(claims, verdicts)
        if v.probability is not None and v.every_part_probability is not None
    ]
    if not shown:
        return None
    part = np.array([v.probability for _, v in shown])
    whole = np.array([v.every_part_probability for _, v in shown])
    backs_part = np.array([c.label is not WiceLabel.NOT_SUPPORTED for c, _ in shown])
    backs_all = np.array([c.label is WiceLabel.SUPPORTED for c, _ in shown])
    return {
        "n": len(shown),
        "share_at_least_part": float(backs_part.mean()),
        "share_every_part": float(backs_all.mean()),
        "auroc_not_supported_at_least_part": auroc(~backs_part, -part),
        "auroc_not_fully_supported_every_part": auroc(~backs_all, -whole),
        "auroc_not_fully_supported_at_least_part": auroc(~backs_all, -part),
        "ece_at_least_part": (ece_part := expected_calibration_error(part, backs_part)),
        "ece_every_part": (ece_whole := expected_calibration_error(whole, backs_all)),
        # the error a perfectly calibrated figure would read on these citations (calibration.py says why)
        "ece_floor_at_least_part": calibration_noise_floor(part, ece_part),
        "ece_floor_every_part": calibration_noise_floor(whole, ece_whole),
        "reliability_at_least_part": reliability_table(part, backs_part, backs_all),
        "reliability_every_part": reliability_table(whole, backs_part, backs_all),
        # how often a part or fact is named as not backed (the words then say "backs only part"), per label
        "gap_named_share": {
            str(label): float(np.mean([bool(v.failed_part or v.fact_note) for v in named]))
            for label in WiceLabel
            if (named := [v for c, v in shown if c.label is label])
        },
    }


def band_points(claims: Sequence[WiceClaim], probabilities: Sequence[float | None], bands: Bands) -> dict:
    """:func:`operating_point` at each band's threshold (a band holds the citations below it)."""
    return {
        "very_likely_fails": operating_point(claims, probabilities, bands.very_likely_fails),
        "may_fail": operating_point(claims, probabilities, bands.may_fail),
    }
