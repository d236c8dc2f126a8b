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

**Key facts missing** is the exception (issue 54): a page that lacks several of the facts a claim rests on, or
the one fact it is about, is not its source, whatever the reader's words suggest (the reader passed pages
lacking "homosphere", "turbopause" and "100" for a claim made of them). :data:`KEY_RULES` names the ways to
read "lacks the key facts" that `train fact-check` weighs on the fit half of WiCE dev (``key_rule``, the one
chosen; ``key_missing``, the bound it sets, just under the "may fail" line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sidebot.records import FactFinding

NOT_LIKELY = 0.89  # below "likely backs" (0.9 and over): a candidate bound for a missing strong fact


def _checkable_and_missing(facts: Sequence[FactFinding]) -> tuple[int, list[FactFinding]]:
    checkable = [f for f in facts if not f.subject]
    return len(checkable), [f for f in checkable if f.status == "missing"]


def _two_or_the_only(facts: Sequence[FactFinding]) -> bool:
    count, missing = _checkable_and_missing(facts)
    return len(missing) >= 2 or count == len(missing) == 1


def _two_with_a_strong_one_or_the_only(facts: Sequence[FactFinding]) -> bool:
    count, missing = _checkable_and_missing(facts)
    return (len(missing) >= 2 and any(f.strong for f in missing)) or count == len(missing) == 1


def _three_or_the_only(facts: Sequence[FactFinding]) -> bool:
    count, missing = _checkable_and_missing(facts)
    return len(missing) >= 3 or count == len(missing) == 1


def _the_only(facts: Sequence[FactFinding]) -> bool:
    count, missing = _checkable_and_missing(facts)
    return count == len(missing) == 1


# The readings of "the page lacks the facts the claim rests on" (facts: its years, numbers, names, the article
# subject's own name left out; strong: facts/_extract.py Fact.strong) among which `train fact-check` chooses.
KEY_RULES: dict[str, Callable[[Sequence[FactFinding]], bool]] = {
    "two or more missing, or the only fact": _two_or_the_only,
    "two or more missing, one of them strong, or the only fact": _two_with_a_strong_one_or_the_only,
    "three or more missing, or the only fact": _three_or_the_only,
    "the only fact missing": _the_only,
}


@dataclass(frozen=True)
class FactRule:
    """Upper bounds on P(supported): ``contradicted`` when a fact is contradicted, ``strong_missing`` when a
    strong fact is missing, ``missing`` when any checkable fact is missing, ``key_missing`` when the page
    lacks the claim's key facts as the :data:`KEY_RULES` entry ``key_rule`` reads it (None: no bound)."""

    contradicted: float | None = None
    strong_missing: float | None = None
    missing: float | None = None
    key_missing: float | None = None
    key_rule: str | None = None

    def __post_init__(self) -> None:
        if self.key_rule is not None and self.key_rule not in KEY_RULES:
            raise ValueError(f"unknown key-facts rule {self.key_rule!r}; known: {', '.join(KEY_RULES)}")

    def lacks_key_facts(self, facts: Sequence[FactFinding]) -> bool:
        """Whether the page lacks the claim's key facts, as this rule's ``key_rule`` reads it."""
        return self.key_rule is not None and KEY_RULES[self.key_rule](facts)

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
        if self.key_missing is not None and self.lacks_key_facts(facts):
            bounds.append(self.key_missing)
        return min(bounds, default=None)

    def apply(self, probability: float, facts: Sequence[FactFinding]) -> float:
        bound = self.bound(facts)
        return probability if bound is None else min(probability, bound)

    def to_json(self) -> dict[str, float | str | None]:
        return {
            "contradicted": self.contradicted,
            "strong_missing": self.strong_missing,
            "missing": self.missing,
            "key_missing": self.key_missing,
            "key_rule": self.key_rule,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> FactRule:
        if not raw:
            return cls()
        bounds = ("contradicted", "strong_missing", "missing", "key_missing")
        return cls(
            **{k: (None if (v := raw.get(k)) is None else float(v)) for k in bounds},
            key_rule=raw.get("key_rule"),
        )


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


def missing_in_words(facts: Sequence[FactFinding]) -> str | None:
    """The facts the page does not give, in words: one missing strong fact's explanation ("the source does
    not give the claim's year 1978"), or two or more missing facts named together ("the source does not
    give 1978, Lexington"); None when neither (a lone weak fact missing says little)."""
    _, strong_missing, missing = failing_facts(facts)
    if len(missing) >= 2:
        return "the source does not give " + ", ".join(f.text for f in missing)
    return strong_missing[0].explanation if strong_missing else None


def fact_note(facts: Sequence[FactFinding]) -> str | None:
    """The first failing fact (:func:`first_failing`) in words."""
    first = first_failing(facts)
    return first.explanation if first is not None else None
