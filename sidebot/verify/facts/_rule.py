"""How the fact check bounds the verifier's probability.

The combiner already weighs the fact check with the reader's scores (its features, facts/_check.py); the rule
adds what a weighted sum cannot promise: a contradicted fact, or a missing strong one (a year, a sum, a
person, a place), puts the citation in the queue on its own (its probability is held below the flag threshold)
where held-out data showed that reliable. The bounds live in the model's manifest (``fact_rule``), chosen with
the bands by ``sidebot train fact-check``.

A missing fact does not bound the probability by default. The probability is P(the source backs **at least
part** of the claim), and a page that lacks one of the claim's facts most often backs the rest: on WiCE dev's
fit half, holding such citations at 0.89 (the rule before the two figures) made that figure read low
(five-fold calibration error 0.050 against 0.042 unbounded, log-loss 0.275 against 0.264). Honesty about the
missing fact is the every-part figure's and the words' job: with a fact named as not given, the every-part
figure stays below one half and the verdict reads "source backs only part of the claim", never "likely backs"
(sidebot/queue/support.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sidebot.records import FactFinding

NOT_LIKELY = 0.89  # below "likely backs" (0.9 and over): a candidate bound for a missing strong fact


@dataclass(frozen=True)
class FactRule:
    """Upper bounds on P(supported): ``contradicted`` when a fact is contradicted, ``strong_missing`` when a
    strong fact is missing, ``missing`` when any checkable fact is missing (None: no bound)."""

    contradicted: float | None = None
    strong_missing: float | None = None
    missing: float | None = None

    def bound(self, facts: Sequence[FactFinding]) -> float | None:
        """The lowest bound that applies to the fact check ``facts`` (None: none does)."""
        contradicted, strong_missing, missing = failing_facts(facts)
        bounds = []
        if contradicted and self.contradicted is not None:
            bounds.append(self.contradicted)
        if strong_missing and self.strong_missing is not None:
            bounds.append(self.strong_missing)
        if (missing or contradicted) and self.missing is not None:
            bounds.append(self.missing)
        return min(bounds, default=None)

    def apply(self, probability: float, facts: Sequence[FactFinding]) -> float:
        bound = self.bound(facts)
        return probability if bound is None else min(probability, bound)

    def to_json(self) -> dict:
        return {
            "contradicted": self.contradicted,
            "strong_missing": self.strong_missing,
            "missing": self.missing,
        }

    @classmethod
    def from_json(cls, raw: Mapping | None) -> FactRule:
        if not raw:
            return cls()
        return cls(**{k: (None if raw.get(k) is None else float(raw[k])) for k in cls().to_json()})


def failing_facts(
    facts: Sequence[FactFinding],
) -> tuple[list[FactFinding], list[FactFinding], list[FactFinding]]:
    """(contradicted, missing strong, missing) facts, the article subject's own name left out."""
    checkable = [f for f in facts if not f.subject]
    missing = [f for f in checkable if f.status == "missing"]
    return [f for f in checkable if f.status == "contradicted"], [f for f in missing if f.strong], missing


def first_failing(facts: Sequence[FactFinding]) -> FactFinding | None:
    """The fact a reviewer should read first: a contradiction, else a missing strong fact, else any missing
    fact."""
    contradicted, strong_missing, missing = failing_facts(facts)
    return next(iter(contradicted + strong_missing + missing), None)


def fact_note(facts: Sequence[FactFinding]) -> str | None:
    """The first failing fact (:func:`first_failing`) in words."""
    first = first_failing(facts)
    return first.explanation if first is not None else None
