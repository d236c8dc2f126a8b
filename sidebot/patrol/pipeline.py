"""The engines composed for one citation: claim → source passages → verdict → triage. No wiki, no database:
the patrol feeds this and stores what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sidebot.citations.tags import FAILED_VERIFICATION
from sidebot.sources.passages import split_passages
from sidebot.verify.types import Claim, Scorer, Verdict

if TYPE_CHECKING:
    from sidebot.retrieve.retriever import Retriever, Suggestion


COPIES_WIKIPEDIA = "copies Wikipedia"  # the flag reason's start: sidebot.queue.support reads it


@dataclass(frozen=True)
class SourceText:
    url: str
    title: str
    text: str


@dataclass(frozen=True)
class Triage:
    state: str  # a sidebot.queue.models.FindingState value
    flag_reason: str | None


def claim_for(text: str, article_title: str, section: str, context: str) -> Claim:
    return Claim(text=text, article_title=article_title, section=section, context=context)


def verify_sources(scorer: Scorer, jobs: Sequence[tuple[Claim, SourceText]]) -> list[Verdict]:
    """Score every (claim, source) pair in one batched call, so the model sees large batches."""
    items = [(claim, split_passages(src.text, src.title)) for claim, src in jobs]
    return scorer.verify_many(items, urls=[src.url for _, src in jobs]) if items else []


def source_problem(status: str, error: str | None) -> str:
    """Why a source could not be scored, for the finding: "source dead: …", or the non-content page's own
    reason ("not the source: a paywall or login stub (…)")."""
    if status == "not_source" and error:
        return error
    return f"source {status}: {error or 'no text'}"


def copy_problem(kind: str, url: str | None, problem: str | None) -> str:
    """Why the archived copy could not be read either: "archived copy (archive-url) http://…: dead: …"."""
    where = f"archived copy ({kind}) {url}" if url else f"no archived copy ({kind})"
    return f"{where}: {problem}" if problem else where


def triage(
    verdict: Verdict | None,
    source_problem: str | None,
    tags: Sequence[str],
    flag_below: float,
    copies_wikipedia: str | None = None,
) -> Triage:
    """Decide whether a citation goes to the review queue.

    A citation is queued (open) when its source copies Wikipedia (``copies_wikipedia``: why; however well it
    "supports" the claim, it is no source for it: "copies Wikipedia: <why>"), when its source scores below
    ``flag_below`` (as "partial support: <part>" when the verifier found the part of the claim the source
    does not back, else "low support") or when an editor already tagged it {{failed verification}} (then the
    reviewer sees what the verifier found either way). A source that could not be read is ``unverifiable``
    with the reason.
    """
    tagged = FAILED_VERIFICATION in tags
    if verdict is None or verdict.best_passage is None:
        reason = source_problem or "source has no readable text"
        return Triage("unverifiable", f"tagged failed verification; {reason}" if tagged else reason)
    if copies_wikipedia:
        return Triage("open", f"{COPIES_WIKIPEDIA}: {copies_wikipedia}")
    value = verdict.probability if verdict.probability is not None else verdict.score
    if tagged:
        return Triage("open", f"tagged failed verification (support {value:.2f})")
    if value < flag_below and verdict.failed_part:  # the source backs the other parts of the claim
        return Triage("open", f"partial support: {verdict.failed_part} ({value:.2f} < {flag_below:.2f})")
    if value < flag_below:
        return Triage("open", f"low support ({value:.2f} < {flag_below:.2f})")
    return Triage("passed", None)


def wants_suggestions(state: str, tags: Sequence[str]) -> bool:
    """Whether retrieval should look for a better source: the citation is weak (queued) or editors tagged it
    {{failed verification}} (even when its source could not be read)."""
    return state == "open" or FAILED_VERIFICATION in tags


def suggest_sources(
    retriever: Retriever,
    claim: Claim,
    source: SourceText,
    verdict: Verdict | None,
    tags: Sequence[str],
    exclude_urls: Sequence[str] = (),
    min_probability: float | None = None,
) -> list[Suggestion]:
    """Better sources than ``source`` for ``claim``. A suggestion must beat the cited source on the
    retriever's own verifier scale (its margin is fitted there), so a verdict by another scorer is redone
    with that verifier; a source without a verdict (unreadable) gets the best candidates.

    The fitted margin guards citations whose source is fine against spurious suggestions. A citation editors
    tagged {{failed verification}} is already judged to fail, so, as in SIDE, any candidate the verifier
    prefers to the cited source is worth showing: ``tagged_margin`` (default 0) applies instead. Either way a
    suggestion must itself pass: its calibrated probability at least ``min_probability`` (the patrol's pass
    threshold; default the verifier's own)."""
    settings = retriever.settings
    margin = settings.tagged_margin if FAILED_VERIFICATION in tags else settings.margin
    current: Verdict | None = None
    if verdict is not None and verdict.best_passage is not None:
        reranker = retriever.scorer
        if verdict.scorer == reranker.name:
            current = verdict
        else:
            current = reranker.verify(claim, split_passages(source.text, source.title), source.url)
    found = retriever.suggest(
        claim,
        source.url or None,
        None if current is None else current.score,
        exclude_urls,
        margin=margin,
        min_probability=min_probability,
    )
    from sidebot.retrieve.retriever import is_web_url  # loaded already: the retriever is open

    return [s for s in found if is_web_url(s.url)]  # never a corpus id a reviewer cannot open
