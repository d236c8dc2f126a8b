"""Whether a source backs any of a claim's facts, from the facts the fact check stored on a finding
(``Finding.facts``: :class:`sidebot.records.FactFinding` as dicts). The words every view says of a finding
(:mod:`sidebot.queue.lead`) and the stored ``Finding.backs_nothing`` that the list's "backs only part of the
claim" filter selects on (:func:`sidebot.queue.support.partly_condition`) both come from
:func:`backs_nothing`, so the filter never lists a row that says "backs none of the claim's facts" (issue
54). It imports nothing of the queue: the models compute the column from it when a finding is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Fact = Mapping[str, Any]  # a stored fact of the claim (sidebot.records.FactFinding as a dict)


def checkable(facts: Iterable[Fact]) -> list[Fact]:
    """The facts that check the claim: all but names of the article's own subject."""
    return [f for f in facts if not f.get("subject")]


def backs_nothing(facts: Sequence[Fact]) -> bool:
    """Whether the source backs nothing of the claim as far as its facts tell: it has facts to check and each
    is missing or contradicted. With no fact to check, the figures are all there is: False."""
    checked = checkable(facts)
    return bool(checked) and all(f.get("status") in ("missing", "contradicted") for f in checked)
