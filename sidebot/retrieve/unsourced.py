"""Suggestions for a claim that cites nothing ({{citation needed}}, or a dead link with no archived copy).

A weak citation's suggestion must beat the cited page by the fitted margin; a claim without a readable source
has no score to beat, so the verifier's pass bar alone would show a same-subject page that does not back the
claim (docs/retrieval.md). The gate instead asks, of the candidate pages the patrol's rule reads
(:meth:`Retriever.choose_suggestions`, each page read whole) and that pass the patrol's checks
(:mod:`sidebot.retrieve.checks`):

- a stricter calibrated probability (``RetrieveSettings.unsourced_min_probability``),
- a probability that the page backs every part of the claim (``unsourced_min_every_part``),
- a lead over the runner-up: its score minus the best score of any other page read
  (``unsourced_runner_up_margin``), since a claim whose page is found is usually found clearly,
- with ``unsourced_facts_on_page``, the claim's facts looked up on the whole page rather than on the text
  shown (:mod:`sidebot.retrieve.checks`: the best window, or the passages around it that state the facts),

and shows only the best such page (``unsourced_max_suggestions``). The values are fitted on the fit half of
WiCE dev by ``python -m sidebot.eval.unsourced_tune`` and measured on the other half by
``sidebot eval suggest --half report`` (its ``citation_needed`` block).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sidebot.config import RetrieveSettings
from sidebot.records import Claim, Verdict
from sidebot.retrieve.checks import checked, passes_checks_on_page
from sidebot.retrieve.fusion import DocumentHit
from sidebot.retrieve.retriever import Retriever, Suggestion, System, is_web_url


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate page as the patrol's rule read it, and whether it passes the patrol's checks."""

    suggestion: Suggestion  # showing the text that states the claim's facts when one near its window does
    checked: bool  # the patrol's checks: the facts on the text shown, the subject on the page
    checked_on_page: bool  # the same with the facts looked up on the whole page


@dataclass(frozen=True, slots=True)
class UnsourcedGate:
    """The bars a suggested source for an unsourced claim must pass to be offered: its probability, its
    every-part probability, the margin over the runner-up, how many suggestions at most, and whether the
    claim's facts are looked up on the whole page."""

    min_probability: float
    min_every_part: float
    runner_up_margin: float
    max_suggestions: int
    facts_on_page: bool = False

    @classmethod
    def of(cls, settings: RetrieveSettings, min_probability: float | None = None) -> UnsourcedGate:
        """The configured gate; ``min_probability`` (the patrol's pass bar) may raise its bar."""
        return cls(
            max(settings.unsourced_min_probability, min_probability or 0.0),
            settings.unsourced_min_every_part,
            settings.unsourced_runner_up_margin,
            settings.unsourced_max_suggestions,
            settings.unsourced_facts_on_page,
        )

    def passes(self, suggestion: Suggestion) -> bool:
        """Whether ``suggestion``'s scores reach both bars (a scorer without the every-part figure is held to
        its probability)."""
        probability = suggestion.probability or 0.0
        every_part = suggestion.every_part_probability
        every_part = probability if every_part is None else every_part  # a scorer without the second figure
        return probability >= self.min_probability and every_part >= self.min_every_part

    def checked(self, candidate: Candidate) -> bool:
        """Whether ``candidate`` passed the patrol's checks, with its facts looked up where the gate says."""
        return candidate.checked_on_page if self.facts_on_page else candidate.checked

    def choose(self, candidates: Sequence[Candidate]) -> list[Suggestion]:
        """The suggestions shown: the passing candidates, best score first, each leading every other page
        read by the margin."""
        passing = sorted(
            (c.suggestion for c in candidates if self.checked(c) and self.passes(c.suggestion)),
            key=lambda s: s.score,
            reverse=True,
        )
        shown = []
        for suggestion in passing[: self.max_suggestions]:
            rivals = [c.suggestion.score for c in candidates if c.suggestion.url != suggestion.url]
            if not rivals or suggestion.score - max(rivals) >= self.runner_up_margin:
                shown.append(suggestion)
        return shown


def candidates(
    retriever: Retriever,
    claim: Claim,
    hits: Sequence[DocumentHit],
    page_cache: dict[str, Verdict] | None = None,
) -> list[Candidate]:
    """Every candidate page the patrol's rule reads for ``claim`` among reranked ``hits`` (no score to beat,
    no probability bar), with its checks."""
    read = retriever.choose_suggestions(claim, hits, None, min_probability=0.0, page_cache=page_cache)
    found = []
    for s in read:
        shown = checked(retriever.corpus, claim, s)
        found.append(
            Candidate(shown or s, shown is not None, passes_checks_on_page(retriever.corpus, claim, s.url))
        )
    return found


def suggest_for_unsourced(
    retriever: Retriever, claim: Claim, exclude_urls: Sequence[str], min_probability: float | None
) -> list[Suggestion]:
    """Sources for a claim with no readable cited source: the gate of the module doc over the pages found in
    the corpus, never one at ``exclude_urls`` (the citing article), never a corpus id a reviewer cannot
    open."""
    hits = retriever.search(claim, System.HYBRID_RERANK, exclude_urls=exclude_urls)
    gate = UnsourcedGate.of(retriever.settings, min_probability)
    return [s for s in gate.choose(candidates(retriever, claim, hits)) if is_web_url(s.url)]
