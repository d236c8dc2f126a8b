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

The search runs once per claim with the cited page in the pool; the situations without it drop it from the
reranked list (in the patrol it is left out before the rerank, so one more document would be read there).

Each suggestion the verifier's rule lets through also records whether it passes the patrol's two checks
(:mod:`sidebot.retrieve.checks`: its passage states the claim's facts, its page names the article's subject).
The summary counts what the patrol would store (both checks passed); ``summary_verifier_only`` counts what
the verifier's rule alone shows, for comparison.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sidebot.config import RetrieveSettings
from sidebot.eval.retrieve import RetrievalQuery, pool, read_wice_queries, scorer_factory
from sidebot.retrieve.checks import passes_checks
from sidebot.retrieve.retriever import Retriever, Suggestion, System
from sidebot.verify.types import Claim, Verdict

SITUATIONS = ("readable", "dead_link", "not_in_corpus")


def shown(retriever: Retriever, claim: Claim, suggestions: Sequence[Suggestion]) -> list[dict[str, Any]]:
    return [
        {
            "url": s.url,
            "title": s.title,
            "score": s.score,
            "probability": s.probability,
            "evidence": [s.passage.text[e.start : e.end] for e in s.evidence] if s.passage else [],
            "passes_checks": passes_checks(retriever.corpus, claim, s.url, s.passage),
        }
        for s in suggestions
    ]


def judge_claim(retriever: Retriever, query: RetrievalQuery) -> dict[str, Any]:
    """The suggestions one claim gets in each situation."""
    gold = retriever.corpus.canonical_url(query.gold_url) or query.gold_url
    hits = retriever.search(query.claim, System.HYBRID_RERANK)
    others = [hit for hit in hits if hit.url != gold]
    passages = [p.passage for p in retriever.corpus.document_passages(gold)]
    cited: Verdict | None = retriever.scorer.verify(query.claim, passages, gold) if passages else None
    cache: dict[str, Verdict] = {}
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


def run_suggestion_evaluation(
    workdir: Path,
    wice_files: Sequence[Path],
    distractor_files: Sequence[Path],
    settings: RetrieveSettings,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Pool and index (reusing ``workdir``) and judge every claim: ``sidebot eval suggest --json``."""
    queries = [q for path in wice_files for q in read_wice_queries(path)][:limit]
    rows = []
    with Retriever(workdir, settings, scorer=scorer_factory("default")) as retriever:
        pool(retriever, [*wice_files, *distractor_files], log)
        retriever.update_indexes()
        for done, query in enumerate(queries, 1):
            rows.append(judge_claim(retriever, query))
            if progress:
                progress(done, len(queries))
        stats = retriever.corpus.stats()
        verifier = retriever.scorer.name
        margin = retriever.settings.margin
        min_probability = max(retriever.settings.min_probability, retriever.scorer.flag_threshold)
    return {
        "summary": summarise(rows),
        "summary_verifier_only": summarise(rows, checked=False),
        "claims": len(rows),
        "corpus_documents": stats["documents"],
        "corpus_passages": stats["passages"],
        "verifier": verifier,
        "margin": margin,
        "min_probability": min_probability,
        "per_claim": rows,
    }
