"""Fit the fact check into a trained model (`sidebot train fact-check`, also a step of `train verifier`): the
claim-level combiner with the fact check's features, the calibration, the fact rule and the two bands.

Held out means held out. The combiner is fitted, as before, on the WiCE train sub-claims held out of reader
training (page as cited vs page without its evidence). WiCE dev claims are cut in two by a hash of their id:
Platt scaling, the fact rule (facts/_rule.py: which failing facts hold a citation below the flag threshold
on their own) and the bands (bands.py) are chosen on the **fit** half, together with sneaky edits made from
its supported claims; every figure the model card reports for them is measured on the **report** half,
which none of those choices saw.

The rule is chosen among a few candidates: the one that catches the most sneaky edits (fit half) while its
false alarms on the unchanged supported claims stay at most ``MAX_FALSE_ALARMS`` and each band still
reaches its precision on failing WiCE citations (:func:`admissible`); ties go to the rule that bounds less.
Then, with those bands, the reading of "the page lacks the claim's key facts" (facts/_rule.py KEY_RULES) that
holds citations in "may fail" (:func:`choose_key_rule`): the one that finds the most not_supported claims of
the fit half while at most ``MAX_SUPPORTED_FLAGGED`` of its supported claims are flagged and at least
``MIN_NOT_FULLY_SHARE`` of what is flagged is not fully supported (issue 54's goals); ties go to the one that
flags fewer supported claims, then fewer claims; none at all when no reading keeps to both.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.metrics import roc_auc_score

from sidebot.datasets.wice import WiceClaim, WiceLabel
from sidebot.eval.metrics import fact_suspicion, run_scorer, wice_items
from sidebot.records import Verdict
from sidebot.training.platt import fit_platt
from sidebot.verify.bands import MAY_FAIL_PRECISION, VERY_LIKELY_PRECISION, Bands, threshold_for_precision
from sidebot.verify.calibration import expected_calibration_error
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.facts import KEY_RULES, NOT_LIKELY, FactRule, make_edit, name_pool
from sidebot.verify.model import Calibration, CrossEncoder, Manifest, Precision

MAX_FALSE_ALARMS = 0.03
MAX_SUPPORTED_FLAGGED = 0.05  # a key-facts rule may flag at most this share of the supported claims
MIN_NOT_FULLY_SHARE = 0.85  # and at least this share of what is flagged must not be fully supported
BELOW = 0.001  # a bound "in the band" sits this far below the band's upper edge
# (contradicted, strong missing): None = no bound, "may" / "very" = inside that band, float = that bound
RULES: tuple[tuple[float | str | None, float | str | None], ...] = (
    (None, None),
    ("may", None),
    ("very", None),
    ("may", NOT_LIKELY),
    ("may", "may"),
    ("very", "may"),
)


def dev_split(claims: Sequence[WiceClaim]) -> tuple[list[WiceClaim], list[WiceClaim]]:
    """(fit half, report half) of ``claims``, by a hash of each claim's id (stable across runs)."""
    fit: list[WiceClaim] = []
    report: list[WiceClaim] = []
    for claim in claims:
        (fit if hashlib.sha256(claim.id.encode()).digest()[0] % 2 == 0 else report).append(claim)
    return fit, report


@dataclass
class Scored:
    """Claims with their verdicts and their uncapped calibrated probabilities."""

    claims: list[WiceClaim]
    verdicts: list[Verdict]

    def failing(self) -> np.ndarray:
        """Per claim, whether WiCE labels it not supported (the claims a band should catch)."""
        return np.array([c.label is WiceLabel.NOT_SUPPORTED for c in self.claims])

    def supported(self) -> np.ndarray:
        """Per claim, whether WiCE labels it supported (the false alarms a band should avoid)."""
        return np.array([c.label is WiceLabel.SUPPORTED for c in self.claims])


def _bound(value: float | str | None, bands: Bands) -> float | None:
    """A rule's bound: a band's line ("may", "very") just below it, else the number itself or None."""
    if value == "may":
        return bands.may_fail - BELOW
    if value == "very":
        return max(bands.very_likely_fails - BELOW, 0.0)
    if isinstance(value, str):
        raise ValueError(f"unknown band {value!r} in a fact rule")
    return value


def rule_for(choice: tuple[float | str | None, float | str | None], bands: Bands) -> FactRule:
    """The fact rule of one choice of its two bounds (for contradicted facts and for strongly missing ones),
    each a band's name, a number or None."""
    return FactRule(contradicted=_bound(choice[0], bands), strong_missing=_bound(choice[1], bands))


def probabilities(verdicts: Sequence[Verdict], platt: Calibration, rule: FactRule) -> np.ndarray:
    """The calibrated probabilities of ``verdicts`` with the fact rule applied (the figure the bands cut)."""
    return np.array([rule.apply(platt.probability(v.score), v.facts) for v in verdicts])


def choose_bands(probs: np.ndarray, failing: np.ndarray) -> Bands:
    """The bands for these probabilities: each line the highest below which the share of ``failing`` claims
    reaches the band's precision target (the very-likely line never above the may-fail one)."""
    may = threshold_for_precision(probs, failing, MAY_FAIL_PRECISION)
    very = threshold_for_precision(probs, failing, VERY_LIKELY_PRECISION)
    return Bands(very_likely_fails=min(very, may), may_fail=may)


def operating_points(probs: np.ndarray, scored: Scored, bands: Bands) -> dict:
    """Per band: citations in it or below, precision and recall of not_supported, false alarms among the
    supported claims."""
    failing, supported = scored.failing(), scored.supported()
    out = {}
    for name, edge in (("very_likely_fails", bands.very_likely_fails), ("may_fail", bands.may_fail)):
        flagged = probs < edge
        out[name] = {
            "threshold": edge,
            "flagged": int(flagged.sum()),
            "precision_not_supported": float((flagged & failing).sum() / flagged.sum())
            if flagged.any()
            else None,
            "share_not_fully_supported": float((flagged & ~supported).sum() / flagged.sum())
            if flagged.any()
            else None,
            "supported_flagged": int((flagged & supported).sum()),
            "recall_not_supported": float((flagged & failing).sum() / failing.sum())
            if failing.any()
            else None,
            "flag_rate_supported": float(flagged[supported].mean()) if supported.any() else None,
        }
    return out


def choose_rule(
    fit: Scored, edits_before: Sequence[Verdict], edits_after: Sequence[Verdict], platt: Calibration
) -> dict:
    """The rule and bands chosen on the fit half (module docstring), with the table of every candidate."""
    table: list[dict[str, Any]] = []
    for choice in RULES:
        bands = choose_bands(probabilities(fit.verdicts, platt, FactRule()), fit.failing())
        for _ in range(3):  # bounds inside a band move the band's edges: settle them
            rule = rule_for(choice, bands)
            bands = choose_bands(probabilities(fit.verdicts, platt, rule), fit.failing())
        rule = rule_for(choice, bands)
        caught = float((probabilities(edits_after, platt, rule) < bands.may_fail).mean())
        false_alarms = float((probabilities(edits_before, platt, rule) < bands.may_fail).mean())
        probs = probabilities(fit.verdicts, platt, rule)
        table.append(
            {
                "rule": rule.to_json(),
                "choice": [str(c) for c in choice],
                "bands": bands.to_json(),
                "sneaky_caught": caught,
                "sneaky_false_alarms": false_alarms,
                "operating_points": operating_points(probs, fit, bands),
            }
        )
    allowed = [row for row in table if admissible(row)]
    chosen = max(allowed or table[:1], key=lambda row: row["sneaky_caught"])
    return {"chosen": chosen, "table": table}


def choose_key_rule(fit: Scored, platt: Calibration, rule: FactRule, bands: Bands) -> dict:
    """The key-facts reading chosen on the fit half (module docstring) added to ``rule``, with the table of
    every candidate's "may fail" operating point."""
    table = []
    for name in (None, *KEY_RULES):
        candidate = replace(rule, key_missing=None if name is None else bands.may_fail - BELOW, key_rule=name)
        point = operating_points(probabilities(fit.verdicts, platt, candidate), fit, bands)["may_fail"]
        table.append({"key_rule": name, "may_fail": point, "rule": candidate.to_json()})

    def allowed(row: dict) -> bool:
        point = row["may_fail"]
        supported = int(fit.supported().sum())
        return (
            point["supported_flagged"] <= MAX_SUPPORTED_FLAGGED * supported
            and (point["share_not_fully_supported"] or 0.0) >= MIN_NOT_FULLY_SHARE
        )

    def merit(row: dict) -> tuple[float, int, int]:
        point = row["may_fail"]
        return (point["recall_not_supported"] or 0.0, -point["supported_flagged"], -point["flagged"])

    chosen = max((row for row in table if allowed(row)), key=merit, default=table[0])
    return {"chosen": chosen, "table": table}


def admissible(row: dict) -> bool:
    """Whether a candidate rule (a row of :func:`choose_rule`'s table) may be chosen: its false alarms on the
    unchanged supported claims stay at most ``MAX_FALSE_ALARMS``, and with the rule applied each band still
    reaches its precision on the fit half ("may fail" ``MAY_FAIL_PRECISION``, "very likely fails"
    ``VERY_LIKELY_PRECISION``). A bound sits just under a band's edge, so every citation it holds is in the
    band: without that test a rule could fill a band with citations that do not fail (with r10's features,
    contradicted facts held in "may fail" left it at precision 0.545 on the fit half, in "very likely fails"
    at 0.75)."""
    points = row["operating_points"]
    return (
        row["sneaky_false_alarms"] <= MAX_FALSE_ALARMS
        and row["bands"]["may_fail"] > 0
        and _reaches(points["may_fail"], MAY_FAIL_PRECISION)
        and _reaches(points["very_likely_fails"], VERY_LIKELY_PRECISION)
    )


def _reaches(point: dict, precision: float) -> bool:
    """A band flagging nothing has no precision to lose (a rule can only add to it)."""
    return not point["flagged"] or point["precision_not_supported"] >= precision


def _edits(claims: Sequence[WiceClaim], seed: int) -> list[tuple[WiceClaim, WiceClaim]]:
    pool = name_pool([c.claim for c in claims])
    out = []
    for c in claims:
        if c.label is WiceLabel.SUPPORTED:
            edit = make_edit(c.id, c.claim, c.source().text, pool, seed, c.article_title)
            if edit is not None:
                out.append((c, replace(c, claim=edit.changed)))
    return out


def report(scored: Scored, platt: Calibration, rule: FactRule, bands: Bands, edits: Sequence) -> dict:
    """The report half's figures: ranking metrics, calibration error, bands, sneaky edits."""
    probs = probabilities(scored.verdicts, platt, rule)
    failing = scored.failing()
    not_fully = np.array([c.label is not WiceLabel.SUPPORTED for c in scored.claims])
    fact_alone = np.array([fact_suspicion(v) for v in scored.verdicts])
    before, after = edits
    return {
        "claims": len(scored.claims),
        "not_supported": int(failing.sum()),
        "auroc_not_supported": float(roc_auc_score(failing, -probs)),
        "auroc_not_fully_supported": float(roc_auc_score(not_fully, -probs)),
        "fact_check_alone_auroc_not_supported": float(roc_auc_score(failing, fact_alone)),
        "ece_supported": expected_calibration_error(probs, ~failing),
        "operating_points": operating_points(probs, scored, bands),
        "sneaky_edits": len(after),
        "sneaky_caught_may_fail": float((probabilities(after, platt, rule) < bands.may_fail).mean()),
        "sneaky_caught_very_likely": float(
            (probabilities(after, platt, rule) < bands.very_likely_fails).mean()
        ),
        "sneaky_false_alarms_may_fail": float((probabilities(before, platt, rule) < bands.may_fail).mean()),
    }


def fit_fact_check(
    folder: Path,
    dev: Sequence[WiceClaim],
    seed: int,
    progress: Callable[[str], None] = print,
    keep_calibration: bool = False,
) -> dict:
    """Choose calibration, fact rule and bands on the fit half of ``dev`` for the model in ``folder`` (its
    combiner already fitted), store them in its manifest and return the report half's figures.
    ``keep_calibration``: keep the manifest's calibration, fact rule and bands (and their choice table), and
    choose only the key-facts reading with them: every other figure measured against those stays as it was."""
    fit_claims, report_claims = dev_split(dev)
    scorer = CrossEncoderScorer(CrossEncoder(folder, Precision.BF16))
    scorer.fact_rule = FactRule()  # raw probabilities: the rule is applied here, per candidate
    manifest = Manifest.read(folder)

    def score(claims: Sequence[WiceClaim], what: str) -> list[Verdict]:
        progress(f"fact check: verifying {len(claims)} {what}")
        return run_scorer(scorer, wice_items(claims)).verdicts

    fit = Scored(list(fit_claims), score(fit_claims, "fit-half claims"))
    fit_edits = _edits(fit_claims, seed)
    fit_after = score([b for _, b in fit_edits], "fit-half sneaky edits")
    fit_before = [v for c, v in zip(fit.claims, fit.verdicts) if any(c is a for a, _ in fit_edits)]
    if keep_calibration:
        platt = manifest.calibration
        kept = FactRule.from_json(manifest.extra.get("fact_rule"))
        base_rule = replace(kept, key_missing=None, key_rule=None)
        bands = Bands.from_json(manifest.extra.get("bands"), manifest.flag_threshold)
        choice_table = manifest.extra.get("fact_check", {}).get("choice_table", [])
    else:
        platt = fit_platt(
            [v.score for v in fit.verdicts], ~fit.failing(), f"WiCE dev fit half ({len(fit.claims)})"
        )
        choice = choose_rule(fit, fit_before, fit_after, platt)
        base_rule = FactRule.from_json(choice["chosen"]["rule"])
        bands = Bands.from_json(choice["chosen"]["bands"], 0.5)
        choice_table = choice["table"]
    key_choice = choose_key_rule(fit, platt, base_rule, bands)
    rule = FactRule.from_json(key_choice["chosen"]["rule"])
    progress(f"fact check: key-facts rule {rule.key_rule or 'none'} (fit half)")
    held = Scored(list(report_claims), score(report_claims, "report-half claims"))
    report_edits = _edits(report_claims, seed)
    report_after = score([b for _, b in report_edits], "report-half sneaky edits")
    report_before = [v for c, v in zip(held.claims, held.verdicts) if any(c is a for a, _ in report_edits)]
    figures = report(held, platt, rule, bands, (report_before, report_after))
    figures["data"] = {
        "fit_half": len(fit.claims),
        "report_half": len(held.claims),
        "split": "sha256(claim id)[0] even: fit, odd: report",
        "calibration": "kept from an earlier fit" if keep_calibration else "fitted here",
    }
    replace(
        manifest,
        calibration=platt,
        flag_threshold=bands.may_fail,
        extra={
            **manifest.extra,
            "fact_rule": rule.to_json(),
            "bands": bands.to_json(),
            "fact_check": {
                "choice_table": choice_table,
                "key_rule_table": key_choice["table"],
                "report_half": figures,
            },
        },
    ).write(folder)
    return figures
