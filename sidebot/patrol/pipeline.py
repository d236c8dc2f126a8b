"""The engines composed for one citation: claim → source passages → verdict → triage. No wiki, no database:
the patrol feeds this and stores what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sidebot.citations.tags import FAILED_VERIFICATION
from sidebot.queue.support import (
    CHANGED_FACT_PREFIX,
    CONTRADICTED_FACT_PREFIX,
    COPIES_PREFIX,
    MISSING_FACT_PREFIX,
    NEEDS_SOURCE_PREFIX,
)
from sidebot.records import Claim, Passage, Verdict
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Band, Bands
from sidebot.verify.facts import failing_facts, missing_in_words
from sidebot.verify.types import Scorer

if TYPE_CHECKING:
    from sidebot.patrol.web_search import WebSearch
    from sidebot.retrieve.retriever import Retriever, Suggestion


@dataclass(frozen=True)
class SourceText:
    """A source as the verifier reads it: its address, title and text."""

    url: str
    title: str
    text: str


@dataclass(frozen=True)
class Triage:
    """What the patrol decided for one citation, for the store to record."""

    state: str  # a sidebot.queue.models.FindingState value
    flag_reason: str | None
    band: str | None = None  # sidebot.verify.bands.Band of a queued citation's probability
    change: dict[str, Any] | None = None  # a changed fact the source settles (Finding.change)


def claim_for(text: str, article_title: str, section: str, context: str) -> Claim:
    """The claim a citation makes, as the verifier and retrieval take it."""
    return Claim(text=text, article_title=article_title, section=section, context=context)


def verify_sources(scorer: Scorer, jobs: Sequence[tuple[Claim, SourceText]]) -> list[Verdict]:
    """Score every (claim, source) pair in one batched call, so the model sees large batches. A source cited
    by several claims (an article's named refs) is one passages list, which the verifier reads once."""
    split: dict[tuple[str, str], list[Passage]] = {}
    for _, src in jobs:
        if (src.title, src.text) not in split:
            split[(src.title, src.text)] = split_passages(src.text, src.title)
    items = [(claim, split[(src.title, src.text)]) for claim, src in jobs]
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
    very_likely_below: float = 0.0,
    *,
    copies_wikipedia: str | None = None,
) -> Triage:
    """Decide whether a citation goes to the review queue.

    A citation is queued (open) when its source copies Wikipedia (``copies_wikipedia``: why; however well it
    "supports" the claim, it is no source for it: "copies Wikipedia: <why>", in the "very likely fails"
    band), when its source scores below ``flag_below`` — the "may fail" band, or "very likely fails" below
    ``very_likely_below`` — or when an editor already tagged it {{failed verification}} (then the reviewer
    sees what the verifier found either way). Its reason names what failed, most telling first: a fact the
    source contradicts ("contradicted fact: the source gives 1999, the claim says 2000"), two or more facts
    the source does not give ("missing fact: the source does not give 1978, Lexington"), the part of the
    claim the source does not back ("partial support: <part>"), a strong fact the source does not give
    ("missing fact: …"), else "low support". A source that could not be read is ``unverifiable`` with the
    reason.
    """
    tagged = FAILED_VERIFICATION in tags
    if verdict is None or verdict.best_passage is None:
        reason = source_problem or "source has no readable text"
        return Triage("unverifiable", f"tagged failed verification; {reason}" if tagged else reason)
    if copies_wikipedia:
        return Triage("open", f"{COPIES_PREFIX}: {copies_wikipedia}", str(Band.VERY_LIKELY_FAILS))
    value = verdict.probability if verdict.probability is not None else verdict.score
    band = Bands(very_likely_below, flag_below).band(value)
    if tagged:
        return Triage("open", f"tagged failed verification (support {value:.2f})", band and str(band))
    if band is None:
        return Triage("passed", None)
    figure = f"({value:.2f} < {flag_below:.2f})"
    contradicted, _, missing = failing_facts(verdict.facts)
    if contradicted:
        return Triage(
            "open", f"{CONTRADICTED_FACT_PREFIX}: {contradicted[0].explanation} {figure}", str(band)
        )
    not_given = missing_in_words(verdict.facts)
    if not_given and len(missing) >= 2:  # the key facts: what holds the citation, whatever part is weakest
        return Triage("open", f"{MISSING_FACT_PREFIX}: {not_given} {figure}", str(band))
    if verdict.failed_part:  # the source backs the other parts of the claim
        return Triage("open", f"partial support: {verdict.failed_part} {figure}", str(band))
    if not_given:
        return Triage("open", f"{MISSING_FACT_PREFIX}: {not_given} {figure}", str(band))
    return Triage("open", f"low support {figure}", str(band))


def triage_unsourced(suggested: bool, keep_all: bool = False) -> Triage:
    """A claim tagged {{citation needed}}: queued ("needs a source") when retrieval found a verified source
    for it; otherwise kept out of the queue as unverifiable (there is no source to read, and a patroller
    cannot act on "no source found"), unless ``keep_all`` (`sidebot patrol --all`)."""
    if suggested:
        return Triage("open", NEEDS_SOURCE_PREFIX)
    return Triage("open" if keep_all else "unverifiable", f"{NEEDS_SOURCE_PREFIX}: no verified source found")


def changed_fact_reason(old: str, new: str) -> str:
    """The flag reason of a changed fact (the queue's changed-facts prefix, then old → new)."""
    return f"{CHANGED_FACT_PREFIX}: {old} → {new}"


def wants_suggestions(state: str, tags: Sequence[str]) -> bool:
    """Whether retrieval should look for a better source: the citation is queued (low support, a changed or
    contradicted fact, a source that copies Wikipedia), its source could not be read (a dead link without a
    readable archived copy; a wall or soft 404, which supports nothing either), or editors tagged it
    {{failed verification}}."""
    return state in ("open", "unverifiable") or FAILED_VERIFICATION in tags


def suggest_sources(
    retriever: Retriever,
    claim: Claim,
    source: SourceText,
    verdict: Verdict | None,
    tags: Sequence[str],
    exclude_urls: Sequence[str] = (),
    min_probability: float | None = None,
    web: WebSearch | None = None,
    copies_wikipedia: bool = False,
) -> list[Suggestion]:
    """Better sources than ``source`` for ``claim``. A suggestion must beat the cited source on the
    retriever's own verifier scale (its margin is fitted there), so a verdict by another scorer is redone
    with that verifier.

    A suggestion's passage must state the claim's facts and its page must name the article's subject
    (:mod:`sidebot.retrieve.checks`).

    The fitted margin guards citations whose source is fine against spurious suggestions. A citation editors
    tagged {{failed verification}} is already judged to fail, so, as in SIDE, any candidate the verifier
    prefers to the cited source is worth showing: ``tagged_margin`` (default 0) applies instead. Either way a
    suggestion must itself pass: its calibrated probability at least ``min_probability`` (the patrol's pass
    threshold; default the verifier's own).

    ``web``: a search engine (off unless configured) whose hits fill the places the corpus left of
    ``max_suggestions``, under the same gate (:mod:`sidebot.patrol.web_search`); with it, a retriever
    without an index still suggests.

    A source that could not be read, or that copies Wikipedia (``copies_wikipedia``: its score says nothing
    about the claim's support), leaves no score to beat: the claim is treated as one without a source
    (:func:`sidebot.retrieve.unsourced.suggest_for_unsourced`, whose gate is fitted for that case; the
    engine's hits then need its probability bar)."""
    settings = retriever.settings
    if copies_wikipedia or verdict is None or verdict.best_passage is None:
        from sidebot.retrieve.unsourced import suggest_for_unsourced

        seen = [*exclude_urls, *([source.url] if source.url else [])]
        kept = (
            suggest_for_unsourced(retriever, claim, seen, min_probability)
            if web is None or retriever.indexed
            else []
        )
        wanted = settings.unsourced_max_suggestions - len(kept)
        if web is not None and wanted > 0:
            bar = max(min_probability or 0.0, settings.unsourced_min_probability)
            kept += web.suggest(retriever, claim, None, seen, settings.margin, bar, wanted)
        return kept
    margin = settings.tagged_margin if FAILED_VERIFICATION in tags else settings.margin
    current: Verdict | None = None
    if verdict is not None and verdict.best_passage is not None:
        reranker = retriever.scorer
        if verdict.scorer == reranker.name:
            current = verdict
        else:
            current = reranker.verify(claim, split_passages(source.text, source.title), source.url)
    current_score = None if current is None else current.score
    found = (
        retriever.suggest(
            claim,
            source.url or None,
            current_score,
            exclude_urls,
            margin=margin,
            min_probability=min_probability,
        )
        if web is None or retriever.indexed
        else []
    )
    from sidebot.retrieve.checks import checked
    from sidebot.retrieve.retriever import is_web_url  # loaded already: the retriever is open

    # never a corpus id a reviewer cannot open, never text that lacks or contradicts the claim's facts,
    # never a page on another subject
    shown = (checked(retriever.corpus, claim, s) for s in found if is_web_url(s.url))
    kept = [s for s in shown if s is not None]
    wanted = settings.max_suggestions - len(kept)
    if web is not None and wanted > 0:
        seen = [*exclude_urls, source.url, *(s.url for s in kept)]
        kept += web.suggest(retriever, claim, current_score, seen, margin, min_probability, wanted)
    return kept
