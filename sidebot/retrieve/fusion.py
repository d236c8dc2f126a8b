"""From ranked passages to ranked documents, and the fusion of the sparse and dense document rankings.

Two fusions are offered (``sidebot.config.RetrieveSettings.fusion``):

- ``combsum`` (default): score = w * BM25 / (the query's best BM25) + (1 - w) * cosine, w = 0.5; a document
  one index did not return gets that index's lowest returned score (pyserini's hybrid searcher does the
  same). Dividing by the best BM25 puts BM25 on the cosine's 0..1 scale for every query without a tuned
  constant, and, unlike rank fusion, keeps how far the best document is ahead, which is what tells the cited
  page from pages that merely share its subject: on WiCE it raised P@1 over RRF (docs/retrieval.md).
- ``rrf``: reciprocal rank fusion (Cormack, Clarke & Buettcher 2009), score = sum of 1 / (k + rank): needs no
  score scale at all, at the price of ignoring score gaps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sidebot.records import Verdict
from sidebot.retrieve.corpus import CorpusPassage


@dataclass(slots=True)
class DocumentHit:
    """A candidate document: its retrieved passages (best first) and its score in the current ranking."""

    document_id: int
    url: str
    title: str
    score: float
    passages: list[CorpusPassage] = field(default_factory=list)
    # Set by the reranker: the verifier's score of the best passage it read (no probability or evidence yet).
    verdict: Verdict | None = None


def group_by_document(
    hits: Sequence[tuple[int, float]],
    passages: dict[int, CorpusPassage],
    documents: int,
    passages_per_document: int,
) -> list[DocumentHit]:
    """Documents in order of their best passage (SIDE: document score = max over its passages), keeping up
    to ``passages_per_document`` retrieved passages each; passage ids missing from ``passages`` (replaced
    since indexing) are skipped."""
    found: dict[int, DocumentHit] = {}
    for passage_id, score in hits:
        passage = passages.get(passage_id)
        if passage is None:
            continue
        hit = found.get(passage.document_id)
        if hit is None:
            if len(found) == documents:
                continue
            hit = found[passage.document_id] = DocumentHit(
                passage.document_id, passage.url, passage.passage.title, score
            )
        if len(hit.passages) < passages_per_document:
            hit.passages.append(passage)
    return list(found.values())


def _merge_passages(lists: Sequence[Sequence[CorpusPassage]], limit: int) -> list[CorpusPassage]:
    """Interleave the passage lists (best of each first), without repeats."""
    merged: dict[int, CorpusPassage] = {}
    for position in range(max((len(p) for p in lists), default=0)):
        for passages in lists:
            if position < len(passages):
                merged.setdefault(passages[position].id, passages[position])
    return list(merged.values())[:limit]


def combsum_fusion(
    sparse: Sequence[DocumentHit],
    dense: Sequence[DocumentHit],
    sparse_weight: float,
    passages_per_document: int,
) -> list[DocumentHit]:
    """Fuse a BM25 and a cosine document ranking by weighted normalised scores (see the module doc)."""
    sparse_by_id = {h.document_id: h for h in sparse}
    dense_by_id = {h.document_id: h for h in dense}
    best = sparse[0].score if sparse and sparse[0].score > 0 else 1.0
    sparse_floor = sparse[-1].score if sparse else 0.0
    dense_floor = dense[-1].score if dense else 0.0
    fused = []
    for document_id in dict.fromkeys([*sparse_by_id, *dense_by_id]):
        s, d = sparse_by_id.get(document_id), dense_by_id.get(document_id)
        first = s or d
        assert first is not None
        score = sparse_weight * (s.score if s else sparse_floor) / best + (1 - sparse_weight) * (
            d.score if d else dense_floor
        )
        passages = _merge_passages([h.passages for h in (s, d) if h], passages_per_document)
        fused.append(DocumentHit(document_id, first.url, first.title, score, passages))
    return sorted(fused, key=lambda h: h.score, reverse=True)


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[DocumentHit]], k: int, passages_per_document: int
) -> list[DocumentHit]:
    """Fuse document rankings; a document's passages are interleaved from the rankings that found it."""
    fused: dict[int, DocumentHit] = {}
    passage_lists: dict[int, list[list[CorpusPassage]]] = {}
    for ranking in rankings:
        for rank, hit in enumerate(ranking, 1):
            entry = fused.get(hit.document_id)
            if entry is None:
                entry = fused[hit.document_id] = DocumentHit(hit.document_id, hit.url, hit.title, 0.0)
                passage_lists[hit.document_id] = []
            entry.score += 1.0 / (k + rank)
            passage_lists[hit.document_id].append(hit.passages)
    for document_id, lists in passage_lists.items():
        fused[document_id].passages = _merge_passages(lists, passages_per_document)
    return sorted(fused.values(), key=lambda h: h.score, reverse=True)
