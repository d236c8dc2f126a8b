"""Does the claim-level combiner's small fit limit the queue? A measurement on held-out WiCE claims.

The shipped combiner (sidebot/verify/combiner.py) is fitted on WiCE *train* sub-claims held out of reader
training (their pages as cited and without their evidence). This refits it on the evaluation claims
themselves, cross-validated (fitted on k-1 folds, scored on the k-th, over several shuffles), and reports
its AUROC beside the shipped combiner's and each feature's alone. If a combiner fitted on real citations of
the test distribution does no better than the shipped one, the fit is not what holds the claim-level score
back: the reader's features are::

    python -m sidebot.eval.combiner_cv --wice ../shared/data/wice/claims-dev.jsonl --json combiner-cv.json
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

from sidebot.datasets.wice import WiceLabel, read_wice
from sidebot.eval.metrics import run_scorer, wice_items
from sidebot.verify.combiner import FEATURES, fit_combiner
from sidebot.verify.factory import load_verifier

STRENGTHS = (0.01, 0.1, 1.0)  # inverse L2 strength C of the refitted logistic regression
TARGETS = ("supported at least in part", "fully supported")


@dataclass(frozen=True)
class ScoredClaim:
    """A WiCE claim's label with the shipped combiner's score (log-odds) and the features it combined."""

    label: WiceLabel
    score: float  # the shipped combiner's log-odds
    features: dict[str, float]


def _aurocs(claims: Sequence[ScoredClaim], support: Sequence[float] | np.ndarray) -> tuple[float, float]:
    """AUROC of low support for not_supported and for not fully supported."""
    against = -np.asarray(support, dtype=np.float64)
    ns = [c.label is WiceLabel.NOT_SUPPORTED for c in claims]
    nfs = [c.label is not WiceLabel.SUPPORTED for c in claims]
    return float(roc_auc_score(ns, against)), float(roc_auc_score(nfs, against))


def cross_validated(
    claims: Sequence[ScoredClaim], target: str, c: float, folds: int, seeds: int
) -> dict[str, float]:
    """Mean and spread over ``seeds`` shuffles of the AUROCs of a combiner refitted on the other folds."""
    if target == TARGETS[0]:
        y = np.array([cl.label is not WiceLabel.NOT_SUPPORTED for cl in claims])
    else:
        y = np.array([cl.label is WiceLabel.SUPPORTED for cl in claims])
    strata = [cl.label.value for cl in claims]  # every fold keeps WiCE's label mix
    runs = []
    for seed in range(seeds):
        predicted = np.zeros(len(claims))
        splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
        for train, test in splitter.split(np.zeros(len(claims)), strata):
            combiner = fit_combiner([claims[i].features for i in train], y[train], f"fold {seed}", c=c)
            predicted[test] = [combiner.score(claims[i].features) for i in test]
        runs.append(_aurocs(claims, predicted))
    a = np.array(runs)
    return {
        "auroc_not_supported": float(a[:, 0].mean()),
        "auroc_not_supported_sd": float(a[:, 0].std()),
        "auroc_not_fully_supported": float(a[:, 1].mean()),
        "auroc_not_fully_supported_sd": float(a[:, 1].std()),
    }


def measure(claims: Sequence[ScoredClaim], folds: int = 5, seeds: int = 5) -> dict:
    """AUROCs (not supported, not fully supported) of the shipped combiner, of each feature alone, and of the
    combiner refitted on these claims by ``folds``-fold cross-validation over ``seeds`` shuffles at each
    regularisation strength."""
    ns, nfs = _aurocs(claims, [c.score for c in claims])
    return {
        "claims": len(claims),
        "shipped": {"auroc_not_supported": ns, "auroc_not_fully_supported": nfs},
        "features_alone": {
            f: dict(
                zip(
                    ("auroc_not_supported", "auroc_not_fully_supported"),
                    _aurocs(claims, [c.features[f] for c in claims]),
                )
            )
            for f in FEATURES
        },
        "refitted_cv": [
            {"target": t, "c": c, **cross_validated(claims, t, c, folds, seeds)}
            for t in TARGETS
            for c in STRENGTHS
        ],
    }


def score_claims(wice_file: Path) -> list[ScoredClaim]:
    """The claims of a WiCE file verified by the shipped verifier against their cited pages."""
    claims = read_wice(wice_file)
    run = run_scorer(load_verifier(), wice_items(claims))
    return [ScoredClaim(c.label, v.score, v.features) for c, v in zip(claims, run.verdicts)]


def main(argv: Sequence[str] | None = None) -> None:
    """The command line (see the module doc): print the figures, and write them as JSON with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wice", type=Path, required=True, help="WiCE claims (JSONL) with their pages")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    result = measure(score_claims(args.wice), args.folds, args.seeds)
    print(f"{result['claims']} claims; AUROC not_supported / not_fully_supported")
    shipped = result["shipped"]
    print(
        f"  shipped combiner            {shipped['auroc_not_supported']:.3f} / "
        f"{shipped['auroc_not_fully_supported']:.3f}"
    )
    for row in result["refitted_cv"]:
        print(
            f"  refitted, {row['target']:<26} C={row['c']:<5} {row['auroc_not_supported']:.3f} ± "
            f"{row['auroc_not_supported_sd']:.3f} / {row['auroc_not_fully_supported']:.3f} ± "
            f"{row['auroc_not_fully_supported_sd']:.3f}"
        )
    for name, row in result["features_alone"].items():
        print(f"  {name:<27} {row['auroc_not_supported']:.3f} / {row['auroc_not_fully_supported']:.3f}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
