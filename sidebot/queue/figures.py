"""How the card's two figures read against what reviewers decided: the verifier's calibration measured on a
wiki's own citations (`sidebot stats`, /stats).

A card shows P(the source backs at least part of the claim) and P(it backs every part). A reviewer's decision
says which held: "source is fine" (every part), "backs only part of the claim" (part, not all), "does not
support" (none). Left out:

- "a suggestion is better": it says how another source compares, not how much the cited one backs. Reviewers
  choose it most often for a cited source that fails, so leaving it out may read the figures a little high;
  counting it as "none" would read them low for a source that backs part where a suggestion backs all;
- sources that copy Wikipedia: a mirror backs the claim word for word and fails all the same, and the card
  says its figures tell nothing;
- unsure, withdrawn and reopened decisions.

Reviewers see only what was queued (citations below the flag threshold, those editors tagged, and those with
a failing part or fact), so this measures the figures where reviewers read them, not on every citation the
patrol checked: on WiCE's held-out claims (docs/verifier.md) it is the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sidebot.queue.reviews import Decision
from sidebot.queue.stats import ReviewedFinding
from sidebot.queue.support import ReasonKind

# what each decision says the cited source backs: (at least part of the claim, every part of it)
BACKS = {
    Decision.SUPPORTED: (True, True),
    Decision.ONLY_PART: (True, False),
    Decision.UNSUPPORTED: (False, False),
}


@dataclass(frozen=True)
class FigureReading:
    """One figure read against the decisions: what it promised on average, what reviewers found, and the
    expected calibration error beside what a perfectly calibrated figure would read on as few citations."""

    figure: str  # "at least part" or "every part"
    reviewed: int
    mean_figure: float
    share_found: float  # the share whose reviewer found the source backs that much
    calibration_error: float
    calibrated_reads: float  # the error a perfectly calibrated figure reads on average on these citations
    calibrated_reads_p95: float
    reliability: list[dict[str, Any]]  # per probability bin (sidebot.verify.calibration.reliability_table)

    def verdict(self) -> str:
        """How well the figure held, in a sentence a patroller can act on."""
        promised, found = round(100 * self.mean_figure), round(100 * self.share_found)
        if self.calibration_error <= self.calibrated_reads_p95:
            return (
                f"It holds as far as {self.reviewed} reviews can tell: it promised {promised} % on average "
                f"and reviewers found {found} %."
            )
        direction = "too high" if self.mean_figure > self.share_found else "too low"
        return f"It reads {direction}: it promised {promised} % on average, reviewers found {found} %."

    def by_range(self) -> list[str]:
        """Per band of the figure: "Of the 14 citations shown 80–90 %, reviewers found 62 % backed at least
        part of the claim." """
        backed = "every part of the claim" if self.figure == "every part" else "at least part of the claim"
        share_key = "share_every_part" if self.figure == "every part" else "share_at_least_part"
        sentences = []
        for row in self.reliability:
            low, high = (round(100 * float(x)) for x in row["range"].split("–"))
            n = row["citations"]
            cited = "the citation" if n == 1 else f"the {n} citations"
            sentences.append(
                f"Of {cited} shown {low}–{high} %, reviewers found {round(100 * row[share_key])} % "
                f"backed {backed}."
            )
        return sentences


def read_figures(reviewed: Sequence[ReviewedFinding]) -> list[FigureReading]:
    """Both figures on the findings of ``reviewed`` that show them (none: no such reviews yet)."""
    rows = [r for r in reviewed if r.decision in BACKS and r.reason is not ReasonKind.COPIES_WIKIPEDIA]
    at_least_part = [(r, r.probability) for r in rows if r.probability is not None]
    every_part = [(r, r.every_part_probability) for r in rows if r.every_part_probability is not None]
    readings = []
    if at_least_part:
        readings.append(_reading("at least part", at_least_part, whole=False))
    if every_part:
        readings.append(_reading("every part", every_part, whole=True))
    return readings


def _reading(figure: str, shown: Sequence[tuple[ReviewedFinding, float]], whole: bool) -> FigureReading:
    from sidebot.verify.calibration import (
        calibration_noise_floor,
        expected_calibration_error,
        reliability_table,
    )

    probabilities = [p for _, p in shown]
    backs_part = [BACKS[Decision(r.decision)][0] for r, _ in shown]
    backs_all = [BACKS[Decision(r.decision)][1] for r, _ in shown]
    found = backs_all if whole else backs_part
    error = expected_calibration_error(probabilities, found)
    floor = calibration_noise_floor(probabilities, error)
    return FigureReading(
        figure=figure,
        reviewed=len(shown),
        mean_figure=sum(probabilities) / len(shown),
        share_found=sum(found) / len(shown),
        calibration_error=error,
        calibrated_reads=floor["mean"],
        calibrated_reads_p95=floor["p95"],
        reliability=reliability_table(probabilities, backs_part, backs_all),
    )
