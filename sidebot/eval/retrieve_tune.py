"""Fit the two reranking constants of :class:`~sidebot.config.RetrieveSettings` on WiCE claims:

- ``rerank_retrieval_weight``: rerank score = verifier score + weight * (fusion score / best fusion score);
  chosen to maximise P@1 (ties: the smaller weight, i.e. trusting the verifier more);
- ``margin``: how much a candidate page's verifier score must beat the cited page's for a suggestion (both
  pages read whole, the same way: :meth:`Retriever.page_verdicts`). Among claims whose cited page supports
  them (wholly or in part: WiCE supported / partially supported), the cited page is the right answer, so any
  suggestion there is a false alarm; the margin is the ``quantile`` of (best other candidate page's score
  minus the cited page's score) over those claims: with 0.95, at most 5 % of well-cited claims get one. The
  share of not_supported claims that would then get a suggestion is reported too.

One command fits both on WiCE's *training* sub-claims against the full distractor pool (the pool that
``sidebot eval retrieve`` uses, so one indexed folder serves both) and writes them, with the verifier they
belong to, into ``sidebot/retrieve/data/rerank_tuning.json``, where ``RetrieveSettings`` takes its defaults::

    python -m sidebot.eval.retrieve_tune --data ../shared/data

Re-run it whenever the verifier changes (the margin is on its score scale). Held-out evaluation:
``sidebot eval retrieve --wice ../shared/data/wice/claims-dev.jsonl --distractors …`` (docs/retrieval.md).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from sidebot.config import RetrieveSettings
from sidebot.eval.retrieve import RetrievalQuery, pool, read_wice_queries
from sidebot.retrieve.retriever import Retriever, System, rerank_score
from sidebot.retrieve.tuning import tuning_path

WEIGHTS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


def collect(
    retriever: Retriever, queries: Sequence[RetrievalQuery], log: Callable[[str], None] = print
) -> list[dict[str, Any]]:
    """Per claim: the fused candidates' verifier and relative fusion scores, and the cited page's own score
    (all its passages, as the pipeline scores a citation)."""
    rows = []
    for done, query in enumerate(queries, 1):
        if done % 10 == 0:
            log(f"{done}/{len(queries)} claims")
        gold = retriever.corpus.canonical_url(query.gold_url)
        fused = retriever.search(query.claim, System.HYBRID)
        best = fused[0].score if fused and fused[0].score > 0 else 1.0
        relative = {h.url: h.score / best for h in fused}
        hits = retriever.rerank(query.claim, fused)[: retriever.settings.rerank]
        candidates = [
            {"url": h.url, "verifier": h.verdict.score, "fusion": relative[h.url]} for h in hits if h.verdict
        ]
        # What a suggestion would be judged on: the best other candidates read as whole pages, on the
        # cited page's scale (Retriever.suggest).
        others = [h for h in hits if h.verdict and h.verdict.best_passage and h.url != gold]
        others = others[: retriever.settings.max_suggestions]
        page_scores = [v.score for v in retriever.page_verdicts(query.claim, others)]
        passages = [p.passage for p in retriever.corpus.document_passages(gold)] if gold else []
        cited = retriever.scorer.verify(query.claim, passages).score if passages else math.nan
        rows.append(
            {
                "id": query.id,
                "label": query.label,
                "gold": gold,
                "cited": cited,
                "candidates": candidates,
                "other_pages": page_scores,
            }
        )
    return rows


def p_at_1(rows: Sequence[dict[str, Any]], weight: float) -> float:
    """The share of rows whose reranked first candidate is the cited page, with the retrieval score weighted
    by ``weight``."""
    hits = 0
    for row in rows:
        if row["candidates"]:
            top = max(row["candidates"], key=lambda c: rerank_score(c["verifier"], c["fusion"], weight))
            hits += top["url"] == row["gold"]
    return hits / len(rows) if rows else 0.0


def fit(rows: Sequence[dict[str, Any]], quantile: float = 0.95) -> dict[str, Any]:
    """The reranking weight with the best precision at 1 (the smallest on ties), and the margin by which
    another page must beat the cited one to count (the ``quantile`` of that gap on supported claims), with the
    share of not-supported claims that margin would give a suggestion."""
    by_weight = {w: p_at_1(rows, w) for w in WEIGHTS}
    weight = max(WEIGHTS, key=lambda w: (by_weight[w], -w))

    def gap(row: dict[str, Any]) -> float:
        others = [score for score in row["other_pages"] if not math.isnan(score)]
        return max(others) - row["cited"] if others and not math.isnan(row["cited"]) else math.nan

    supported = [g for r in rows if r["label"] != "not_supported" if not math.isnan(g := gap(r))]
    unsupported = [g for r in rows if r["label"] == "not_supported" if not math.isnan(g := gap(r))]
    margin = float(np.quantile(supported, quantile)) if supported else math.nan
    return {
        "rerank_retrieval_weight": weight,
        "p_at_1_by_weight": {str(w): p for w, p in by_weight.items()},
        "margin": margin,
        "margin_quantile": quantile,
        "claims_supported": len(supported),
        "claims_not_supported": len(unsupported),
        "not_supported_with_suggestion": (sum(g > margin for g in unsupported) / len(unsupported))
        if unsupported
        else None,
    }


TUNE_QUERIES = "wice/subclaims-train.jsonl"
# The pool: every WiCE source page here, the SciFact corpus, Climate-FEVER (its Wikipedia articles are
# excluded from the corpus, as from any corpus, but are read and counted).
POOL = (
    "wice/claims-dev.jsonl",
    "wice/subclaims-train.jsonl",
    "wice/subclaims-dev.jsonl",
    "scifact/corpus.jsonl",
    "climate-fever/climate-fever.jsonl",
)


def default_workdir() -> Path:
    """Where the pooled corpus and its indexes are kept between runs (indexing it takes a while)."""
    from sidebot.config import default_home

    return default_home() / "retrieve-eval-pool"


def tune(
    data: Path, workdir: Path, limit: int | None = None, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """Pool and index (reusing ``workdir``), collect the candidates of the training sub-claims, and fit."""
    queries = read_wice_queries(data / TUNE_QUERIES)[:limit]
    with Retriever(workdir, RetrieveSettings()) as retriever:
        pool(retriever, [data / name for name in POOL], log)
        retriever.update_indexes()
        rows = collect(retriever, queries, log)
        verifier = retriever.scorer.name
    return fit(rows) | {"verifier": verifier, "fitted_on": f"{TUNE_QUERIES} ({len(rows)} sub-claims)"}


def main() -> None:
    """Run the tuning from the command line and print the fitted values as JSON, written to ``--out`` unless
    ``--limit`` made it a quick look."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=Path("../shared/data"), help="the shared data folder")
    parser.add_argument(
        "--workdir", type=Path, help="pooled corpus and indexes, kept (default: <home>/retrieve-eval-pool)"
    )
    parser.add_argument(
        "--limit", type=int, help="only the first N sub-claims (a quick look; writes nothing)"
    )
    parser.add_argument(
        "--out", type=Path, default=tuning_path(), help="where to write (default: shipped file)"
    )
    args = parser.parse_args()
    result = tune(args.data, args.workdir or default_workdir(), args.limit)
    text = json.dumps(result, indent=1)
    print(text)
    if args.limit is None:
        args.out.write_text(text + "\n", encoding="utf-8")
        print(f"written to {args.out}")
    else:
        print("--limit given: nothing written")


if __name__ == "__main__":
    main()
