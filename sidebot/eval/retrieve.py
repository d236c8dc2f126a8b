"""Retrieval evaluation on WiCE: does the page a claim cites come back first (P@1) or in the top k (SR@k)?

The pool is the source pages of the given WiCE files plus distractor corpora (any file
:func:`sidebot.datasets.documents.read_documents` reads: other WiCE files, the SciFact corpus, Climate-FEVER,
plain jsonl). Each claim is queried with its article title, section and preceding context, and every system
is run on it in the same process: ``bm25``, ``bm25_expanded``, ``dense``, ``hybrid``, ``hybrid_rerank``.
Metrics are by document (a document found through several passages counts once); a claim whose gold page
has the same text as another page counts the page it was merged into.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sidebot.config import RetrieveSettings
from sidebot.datasets.documents import DocumentFormatError, read_documents, wice_source
from sidebot.records import Claim
from sidebot.retrieve.retriever import Retriever, System, default_scorer, stage_progress
from sidebot.verify.types import Scorer


@dataclass(frozen=True, slots=True)
class RetrievalQuery:
    """One retrieval query: a WiCE claim, the URL it cites (the page to find) and its WiCE label."""

    id: str
    claim: Claim
    gold_url: str
    label: str


def read_wice_queries(path: Path | str) -> list[RetrievalQuery]:
    """One query per WiCE claim (or sub-claim); its gold document is the page the claim cites."""
    path = Path(path)
    queries = []
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                meta = record["meta"]
                claim = Claim(
                    text=record["claim"],
                    article_title=meta.get("claim_title", ""),
                    section=meta.get("claim_section", ""),
                    context=meta.get("claim_context", ""),
                )
                gold = wice_source(record).url
                queries.append(RetrievalQuery(meta["id"], claim, gold, record.get("label", "")))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise DocumentFormatError(f"{path}:{number}: not a WiCE claim ({exc!r})") from exc
    return queries


def pool(retriever: Retriever, files: Iterable[Path | str], log: Callable[[str], None] = print) -> None:
    """Add every document of ``files`` to the retriever's corpus (unchanged documents are skipped)."""
    for path in files:
        report = retriever.corpus.add(read_documents(path))
        log(f"{path}: {report.summary()}")


@dataclass(frozen=True, slots=True)
class SystemResult:
    """One retrieval system's figures: precision at 1, success at 10 and 100 (the cited page among the first N
    documents), and the p50 and p95 latency in milliseconds."""

    p_at_1: float
    sr_at_10: float
    sr_at_100: float
    p50_ms: float
    p95_ms: float


def gold_rank(urls: Sequence[str], gold: str | None) -> int | None:
    """1-based rank of the gold document, None when it was not retrieved."""
    if gold is None:
        return None
    for rank, url in enumerate(urls, 1):
        if url == gold:
            return rank
    return None


def success_rate(ranks: Sequence[int | None], k: int) -> float:
    """Share of queries whose gold document is in the top ``k``."""
    return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else 0.0


def summarise(ranks: Sequence[int | None], latencies_ms: Sequence[float]) -> SystemResult:
    """The figures of a system from the cited page's rank per query (None: not found) and each query's
    latency."""
    return SystemResult(
        p_at_1=success_rate(ranks, 1),
        sr_at_10=success_rate(ranks, 10),
        sr_at_100=success_rate(ranks, 100),
        p50_ms=float(np.percentile(latencies_ms, 50)) if latencies_ms else 0.0,
        p95_ms=float(np.percentile(latencies_ms, 95)) if latencies_ms else 0.0,
    )


def evaluate(
    retriever: Retriever,
    queries: Sequence[RetrievalQuery],
    systems: Sequence[System] = tuple(System),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[dict[str, SystemResult], list[dict[str, Any]]]:
    """Run every system on every query; returns the metrics per system and one row per query (ranks)."""
    if queries:  # warm up: JVM, models and caches, so the first query's latency is not an outlier
        for system in systems:
            retriever.search(queries[0].claim, system)
    ranks: dict[str, list[int | None]] = {s.value: [] for s in systems}
    latencies: dict[str, list[float]] = {s.value: [] for s in systems}
    rows = []
    for done, query in enumerate(queries, 1):
        gold = retriever.corpus.canonical_url(query.gold_url)
        row: dict[str, Any] = {"id": query.id, "label": query.label, "gold": gold}
        for system in systems:
            started = time.perf_counter()
            hits = retriever.search(query.claim, system)
            latencies[system.value].append((time.perf_counter() - started) * 1000)
            rank = gold_rank([h.url for h in hits], gold)
            ranks[system.value].append(rank)
            row[system.value] = rank
        rows.append(row)
        if progress:
            progress(done, len(queries))
    return {name: summarise(ranks[name], latencies[name]) for name in ranks}, rows


def scorer_factory(name: str) -> Callable[[], Scorer]:
    """``default`` (the engine's reranker) or a name :func:`sidebot.verify.factory.load_scorer` knows."""
    if name == "default":
        return default_scorer

    def load() -> Scorer:
        from sidebot.verify.factory import load_scorer

        return load_scorer(name)

    return load


def run_evaluation(
    workdir: Path,
    wice_files: Sequence[Path],
    distractor_files: Sequence[Path],
    settings: RetrieveSettings,
    scorer: str = "default",
    limit: int | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Pool, index and evaluate; the result has the keys of ``sidebot eval retrieve --json``."""
    queries = [q for path in wice_files for q in read_wice_queries(path)][:limit]
    with Retriever(workdir, settings, scorer=scorer_factory(scorer)) as retriever:
        pool(retriever, [*wice_files, *distractor_files], log)
        # BM25 is rebuilt every time (seconds), so every run measures the indexing rate; the embeddings, which
        # take far longer, are reused from an earlier run in the same workdir.
        sparse = retriever.sparse.build(
            retriever.corpus, rebuild=True, progress=stage_progress(progress, "bm25")
        )
        dense = retriever.dense.build(
            retriever.corpus, retriever.embedder, progress=stage_progress(progress, "dense")
        )
        results, rows = evaluate(retriever, queries, progress=stage_progress(progress, "queries"))
        n_passages = retriever.corpus.stats()["passages"]
        scorer_name = retriever.scorer.name
    return {
        "systems": {name: asdict(result) for name, result in results.items()},
        "index_passages_per_second": sparse.passages_per_second,
        "dense_passages_per_second": dense.encoded / dense.encode_seconds if dense.encoded else None,
        "n_queries": len(queries),
        "n_passages": n_passages,
        "reranker": scorer_name,
        "per_query": rows,
    }
