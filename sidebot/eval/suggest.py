"""How good are the suggestions a reviewer is shown? Measured on WiCE claims against a pooled corpus, with
exactly the rule the patrol applies (:meth:`Retriever.choose_suggestions`: the candidate page, read whole,
passes the verifier's threshold and beats the cited page by the fitted margin), in three situations:

- ``readable``: the cited page was read and scored; suggestions must beat it (the patrol's case for a citation
  the bot found weak). For a claim WiCE annotates as supported by its page, a suggestion is at best a second
  source and at worst noise; for a not_supported claim it is what a reviewer wants.
- ``dead_link``: the cited page could not be read, but the corpus holds a copy of it: the best suggestion
  should be that page (for claims it supports).
- ``not_in_corpus``: the cited page could not be read and the corpus has no copy: whatever is shown is
  another page, listed in the result (claim, page, evidence sentences) so that a person can judge it.
- ``citation_needed``: the claim's citation removed, as if tagged {{citation needed}}; its cited page stays
  in the pool as a page other articles cite. What is shown is :mod:`sidebot.retrieve.unsourced`'s gate over
  the same reading; every candidate page read is kept with its figures, so that the gate can be fitted on
  one half's JSON (``python -m sidebot.eval.unsourced_tune``) and measured on the other (``--half``).

The search runs once per claim with the cited page in the pool; the situations without it drop it from the
reranked list (in the patrol it is left out before the rerank, so one more document would be read there).

Each suggestion the verifier's rule lets through also records whether it passes the patrol's two checks
(:mod:`sidebot.retrieve.checks`: its passage states the claim's facts, its page names the article's subject).
The summary counts what the patrol would store (both checks passed); ``summary_verifier_only`` counts what
the verifier's rule alone shows, for comparison.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from sidebot.config import RetrieveSettings
from sidebot.eval.retrieve import RetrievalQuery, pool, read_wice_queries, scorer_factory
from sidebot.records import Claim, Verdict
from sidebot.retrieve.checks import page_text, passes_checks
from sidebot.retrieve.exclusions import is_citing_article, is_wikimedia_url
from sidebot.retrieve.retriever import Retriever, Suggestion, System
from sidebot.retrieve.unsourced import UnsourcedGate, candidates
from sidebot.sources.mirror import wikipedia_notice

SITUATIONS = ("readable", "dead_link", "not_in_corpus")


def in_half(claim_id: str, half: str) -> bool:
    """Whether a claim falls in ``half`` (``all``, ``fit``, ``report``): the split of
    :func:`sidebot.training.factfit.dev_split`, by the first byte of the sha256 of the claim id."""
    if half == "all":
        return True
    even = hashlib.sha256(claim_id.encode()).digest()[0] % 2 == 0
    return even == (half == "fit")


def shown(retriever: Retriever, claim: Claim, suggestions: Sequence[Suggestion]) -> list[dict[str, Any]]:
    """The suggestions as the run's JSON records them: address, title, scores, the evidence text and whether
    they pass the patrol's checks."""
    return [
        {
            "url": s.url,
            "title": s.title,
            "score": s.score,
            "probability": s.probability,
            "evidence": [s.passage.text[e.start : e.end] for e in s.evidence] if s.passage else [],
            "passes_checks": passes_checks(retriever.corpus, claim, s),
        }
        for s in suggestions
    ]


def not_a_source(retriever: Retriever, claim: Claim, url: str, title: str) -> bool:
    """Whether a suggested page is Wikipedia, a copy of it (its notice, or the citing article's title).
    Walls and soft 404s cannot be told from corpus text: the corpus admits only pages read as the source."""
    return (
        is_wikimedia_url(url)
        or is_citing_article(title, claim.article_title)
        or wikipedia_notice(page_text(retriever.corpus, url)) is not None
    )


def citation_needed(
    retriever: Retriever, claim: Claim, hits: Sequence[Any], cache: dict[str, Verdict]
) -> dict[str, Any]:
    """The claim as if tagged {{citation needed}}: every candidate page read and what the gate shows."""
    read = candidates(retriever, claim, hits, page_cache=cache)
    chosen = UnsourcedGate.of(retriever.settings).choose(read)
    return {
        "candidates": [
            {
                "url": c.suggestion.url,
                "title": c.suggestion.title,
                "score": c.suggestion.score,
                "probability": c.suggestion.probability,
                "every_part_probability": c.suggestion.every_part_probability,
                "passes_checks": c.checked,
                "passes_page_checks": c.checked_on_page,
                "not_a_source": not_a_source(retriever, claim, c.suggestion.url, c.suggestion.title),
            }
            for c in read
        ],
        "shown": [s.url for s in chosen],
    }


def judge_claim(
    retriever: Retriever, query: RetrievalQuery, citation_needed_only: bool = False
) -> dict[str, Any]:
    """The suggestions one claim gets in each situation (``citation_needed_only``: in that one alone, the
    others left empty: a third of the reading)."""
    gold = retriever.corpus.canonical_url(query.gold_url) or query.gold_url
    hits = retriever.search(query.claim, System.HYBRID_RERANK)
    cache: dict[str, Verdict] = {}
    cited: Verdict | None = None
    situations: dict[str, list[Suggestion]] = {name: [] for name in SITUATIONS}
    if not citation_needed_only:
        others = [hit for hit in hits if hit.url != gold]
        passages = [p.passage for p in retriever.corpus.document_passages(gold)]
        cited = retriever.scorer.verify(query.claim, passages, gold) if passages else None
        situations = {
            "readable": retriever.choose_suggestions(
                query.claim, others, None if cited is None else cited.score, page_cache=cache
            ),
            "dead_link": retriever.choose_suggestions(query.claim, hits, None, page_cache=cache),
            "not_in_corpus": retriever.choose_suggestions(query.claim, others, None, page_cache=cache),
        }
    return {
        "id": query.id,
        "label": query.label,
        "claim": query.claim.text,
        "gold": gold,
        "cited_score": None if cited is None else cited.score,
        "cited_probability": None if cited is None else cited.probability,
        **{name: shown(retriever, query.claim, found) for name, found in situations.items()},
        "citation_needed": citation_needed(retriever, query.claim, hits, cache),
    }


def summarise(rows: Sequence[dict[str, Any]], checked: bool = True) -> dict[str, Any]:
    """Per situation and WiCE label: claims, claims shown at least one suggestion, suggestions shown, and
    how many of those are the cited page (only possible for ``dead_link``); with ``checked``, only the
    suggestions that pass the patrol's checks count (what the patrol stores)."""
    summary: dict[str, Any] = {}
    for situation in SITUATIONS:
        by_label: dict[str, Counter] = {}
        for row in rows:
            counts = by_label.setdefault(row["label"], Counter())
            found = [s for s in row[situation] if s["passes_checks"] or not checked]
            counts["claims"] += 1
            counts["with_suggestion"] += bool(found)
            counts["suggestions"] += len(found)
            counts["suggestions_gold"] += sum(s["url"] == row["gold"] for s in found)
            counts["first_is_gold"] += bool(found) and found[0]["url"] == row["gold"]
        summary[situation] = {label: dict(counts) for label, counts in sorted(by_label.items())}
    return summary


def summarise_citation_needed(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """By WiCE label: claims, claims ``shown`` a suggestion, ``shown_supporting`` (the first one shown is the
    claim's cited page), suggestions shown and how many are the cited page; then the goals' figures."""
    by_label: dict[str, Counter] = {}
    for row in rows:
        counts = by_label.setdefault(row["label"], Counter())
        found = row["citation_needed"]["shown"]
        counts["claims"] += 1
        counts["shown"] += bool(found)
        counts["shown_supporting"] += bool(found) and found[0] == row["gold"]
        counts["suggestions"] += len(found)
        counts["suggestions_supporting"] += sum(url == row["gold"] for url in found)
        flagged = {c["url"] for c in row["citation_needed"]["candidates"] if c["not_a_source"]}
        counts["not_a_source"] += sum(url in flagged for url in found)
    labels = {label: dict(counts) for label, counts in sorted(by_label.items())}
    supported = labels.get("supported", {})
    unsupported = labels.get("not_supported", {})
    suggestions = sum(c["suggestions"] for c in labels.values())

    def share(part: int, whole: int) -> float | None:
        return part / whole if whole else None

    return {
        "by_label": labels,
        "supported_shown_supporting": share(supported.get("shown_supporting", 0), supported.get("claims", 0)),
        "supported_suggestions_supporting": share(
            supported.get("suggestions_supporting", 0), supported.get("suggestions", 0)
        ),
        "not_supported_shown": share(unsupported.get("shown", 0), unsupported.get("claims", 0)),
        "not_a_source_share": share(sum(c["not_a_source"] for c in labels.values()), suggestions),
    }


def run_suggestion_evaluation(
    workdir: Path,
    wice_files: Sequence[Path],
    distractor_files: Sequence[Path],
    settings: RetrieveSettings,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    log: Callable[[str], None] = print,
    half: str = "all",
    labels: Sequence[str] = (),
    citation_needed_only: bool = False,
) -> dict[str, Any]:
    """Pool and index (reusing ``workdir``) and judge every claim: ``sidebot eval suggest --json``.
    ``half``: ``fit`` or ``report`` keeps one half of the claims, split as every fit on WiCE dev splits them
    (:func:`in_half`); ``labels``: only claims with these WiCE labels; the pool is the same either way."""
    queries = [
        q
        for path in wice_files
        for q in read_wice_queries(path)
        if in_half(q.id, half) and (not labels or q.label in labels)
    ][:limit]
    rows = []
    with Retriever(workdir, settings, scorer=scorer_factory("default")) as retriever:
        pool(retriever, [*wice_files, *distractor_files], log)
        retriever.update_indexes()
        for done, query in enumerate(queries, 1):
            rows.append(judge_claim(retriever, query, citation_needed_only))
            if progress:
                progress(done, len(queries))
        stats = retriever.corpus.stats()
        verifier = retriever.scorer.name
        margin = retriever.settings.margin
        min_probability = max(retriever.settings.min_probability, retriever.scorer.flag_threshold)
        gate = UnsourcedGate.of(retriever.settings)
    return {
        "half": half,
        "summary": summarise(rows),
        "citation_needed": summarise_citation_needed(rows),
        "unsourced_gate": asdict(gate),
        "summary_verifier_only": summarise(rows, checked=False),
        "claims": len(rows),
        "corpus_documents": stats["documents"],
        "corpus_passages": stats["passages"],
        "verifier": verifier,
        "margin": margin,
        "min_probability": min_probability,
        "per_claim": rows,
    }
