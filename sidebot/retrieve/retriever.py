"""The retrieval engine as a library: search a claim's candidate sources and suggest better ones.

Flow (SIDE's, at small scale): BM25 over an expanded query and MiniLM dense search each give their top
documents; a score fusion merges them; the verifier reads the best retrieved passage of each of the top
fused documents and reranks them; a candidate becomes a suggestion when its verifier score beats the
cited source's by ``margin``. Wikipedia pages never enter the corpus; the citing article (a copy of it) and
the cited URL (with every URL that has the same text) are never returned.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from urllib.parse import urlsplit

from typing_extensions import TypeIs  # typing has it from Python 3.13

from sidebot.config import RetrieveSettings
from sidebot.records import Claim, Evidence, Passage, Stance, Verdict
from sidebot.retrieve.corpus import Corpus
from sidebot.retrieve.dense import DenseBuildReport, DenseIndex
from sidebot.retrieve.embed import Embedder
from sidebot.retrieve.exclusions import is_citing_article
from sidebot.retrieve.fusion import DocumentHit, combsum_fusion, group_by_document, reciprocal_rank_fusion
from sidebot.retrieve.query import build_queries
from sidebot.retrieve.sparse import Rm3, SparseBuildReport, SparseIndex
from sidebot.retrieve.tuning import tuned
from sidebot.verify.types import Scorer

log = logging.getLogger(__name__)

CORPUS_DIR, SPARSE_DIR, DENSE_DIR = "corpus", "bm25", "dense"
RERANK_CHUNK = 25  # passages per verifier call when reranking (see Retriever.rerank)


def passage_scores(scorer: Scorer, claim: Claim, passages: Sequence[Passage]) -> list[float]:
    """A score for every passage: the reader's per-passage scoring when the scorer has one (it otherwise
    reads only a page's best few windows), else the verdict's passage scores."""
    score_passages = getattr(scorer, "score_passages", None)
    if score_passages is not None:
        return score_passages(claim, passages)
    return scorer.verify(claim, passages).passage_scores


class System(StrEnum):
    """The retrieval systems, from the plain baseline to the full engine."""

    BM25 = "bm25"
    BM25_EXPANDED = "bm25_expanded"
    DENSE = "dense"
    HYBRID = "hybrid"
    HYBRID_RERANK = "hybrid_rerank"


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A source that supports the claim better than the cited one, by the verifier's judgement."""

    url: str
    title: str
    score: float  # the verifier's score of its best passage (the scorer's scale)
    probability: float | None  # calibrated P(backs at least part of the claim), when the scorer is calibrated
    passage: Passage | None  # the best passage
    evidence: list[Evidence]  # sentences inside ``passage`` (offsets into passage.text)
    stance: Stance | None
    gain: float | None  # score minus the cited source's score; None when the cited source had none
    every_part_probability: float | None = None  # P(backs every part of it), when the scorer gives it


def rerank_score(verifier_score: float, relative_fusion_score: float, weight: float) -> float:
    """The reranking score of a fused document."""
    return verifier_score + weight * relative_fusion_score


def default_scorer() -> Scorer:
    """The reranker the engine uses unless given one: the project's default verifier."""
    from sidebot.verify import load_verifier

    return load_verifier()


def _is_scorer(given: Scorer | Callable[[], Scorer]) -> TypeIs[Scorer]:
    """Whether ``given`` is a scorer rather than a factory of one (a scorer may be callable too)."""
    return not callable(given) or hasattr(given, "verify_many")


class Retriever:
    """Searches the corpus in ``folder`` (see :func:`open_retriever` for the usual construction)."""

    def __init__(
        self,
        folder: Path,
        settings: RetrieveSettings | None = None,
        scorer: Scorer | Callable[[], Scorer] | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        self.settings = settings or RetrieveSettings()
        self.folder = Path(folder)
        self.corpus = Corpus(self.folder / CORPUS_DIR, self.settings.passage_words)
        self.sparse = SparseIndex(
            self.folder / SPARSE_DIR, threads=self.settings.index_threads, store_docvectors=self.settings.rm3
        )
        self.dense = DenseIndex(
            self.folder / DENSE_DIR,
            exact_below=self.settings.exact_below,
            hnsw_m=self.settings.hnsw_m,
            ef_search=self.settings.ef_search,
        )
        self._embedder = embedder
        given = scorer if scorer is not None else default_scorer
        # a scorer, or a factory of one called on first use (the verifier costs seconds to load)
        self._scorer: Scorer | None = None
        self._make_scorer: Callable[[], Scorer] | None = None
        if _is_scorer(given):
            self._scorer = given
        else:
            self._make_scorer = given

    @property
    def embedder(self) -> Embedder:
        """The query encoder, loaded on first use (loading costs seconds and BM25-only runs never need it)."""
        if self._embedder is None:
            self._embedder = Embedder()
        return self._embedder

    @property
    def scorer(self) -> Scorer:
        """The reranking verifier, loaded on first use (a factory may be given instead of a scorer)."""
        if self._scorer is None:
            assert self._make_scorer is not None  # one of the two is set in __init__
            self._scorer = self._make_scorer()
            fitted_for = tuned().get("verifier")
            if self._scorer.name != fitted_for and self.settings.margin == tuned()["margin"]:
                log.warning(
                    "the suggestion margin was fitted for verifier %s, not %s: re-run "
                    "`python -m sidebot.eval.retrieve_tune` (docs/retrieval.md)",
                    fitted_for,
                    self._scorer.name,
                )
        return self._scorer

    @property
    def ready(self) -> bool:
        """Whether there is anything to search: both indexes built over a non-empty corpus."""
        return self.indexed and self.corpus.stats()["passages"] > 0

    @property
    def indexed(self) -> bool:
        """Whether both indexes are built (cheaper than :attr:`ready`: the corpus is not counted)."""
        return self.sparse.exists() and self.dense.exists()

    def close(self) -> None:
        """Close the BM25 searcher and the corpus database."""
        self.sparse.close()
        self.corpus.close()

    def __enter__(self) -> Retriever:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def update_indexes(
        self, rebuild: bool = False, progress: Callable[[str, int, int], None] | None = None
    ) -> tuple[SparseBuildReport, DenseBuildReport]:
        """Bring both indexes up to date with the corpus (``rebuild``: from scratch). ``progress`` receives
        (index name, done, total)."""
        sparse = self.sparse.build(self.corpus, rebuild=rebuild, progress=stage_progress(progress, "bm25"))
        dense = self.dense.build(
            self.corpus,
            self.embedder,
            rebuild=rebuild,
            progress=stage_progress(progress, "dense"),
        )
        return sparse, dense

    # -- the systems -----------------------------------------------------------------------------------
    def _documents(self, hits: list[tuple[int, float]]) -> list[DocumentHit]:
        s = self.settings
        return group_by_document(
            hits, self.corpus.passages(i for i, _ in hits), s.candidates, s.passages_per_document
        )

    def bm25(self, claim: Claim) -> list[DocumentHit]:
        """Documents for ``claim`` by BM25 over the plain query."""
        return self._documents(self.sparse.search(build_queries(claim).plain, self.settings.sparse_passages))

    def bm25_expanded(self, claim: Claim) -> list[DocumentHit]:
        """Documents for ``claim`` by BM25 over the expanded query, with RM3 feedback when ``[retrieve] rm3``
        is on."""
        rm3 = Rm3() if self.settings.rm3 else None
        query = build_queries(claim).expanded
        return self._documents(self.sparse.search(query, self.settings.sparse_passages, rm3=rm3))

    def dense_search(self, claim: Claim) -> list[DocumentHit]:
        """Documents for ``claim`` by the nearest passage embeddings to its dense query."""
        vector = self.embedder.encode_query(build_queries(claim).dense)
        return self._documents(self.dense.search(vector, self.settings.dense_passages))

    def hybrid(self, claim: Claim) -> list[DocumentHit]:
        """Documents for ``claim`` from the expanded BM25 and the dense search fused, by reciprocal rank
        fusion or by a weighted sum of scores as ``[retrieve] fusion`` says."""
        s = self.settings
        sparse, dense = self.bm25_expanded(claim), self.dense_search(claim)
        if s.fusion == "rrf":
            return reciprocal_rank_fusion([sparse, dense], s.rrf_k, s.passages_per_document)
        return combsum_fusion(sparse, dense, s.sparse_weight, s.passages_per_document)

    def rerank(self, claim: Claim, hits: list[DocumentHit]) -> list[DocumentHit]:
        """Order the top ``settings.rerank`` fused documents by the verifier; the rest keep their order after
        them.

        The verifier reads each document's best retrieved passages (``settings.rerank_passages``), all of
        them in a few calls of ``RERANK_CHUNK`` passages: a verifier adds evidence sentences for the best
        passage of each call, which only suggestions need (:meth:`suggest` asks for them), and per passage
        that would cost several times the scoring itself. The rerank score adds
        ``settings.rerank_retrieval_weight`` times the fusion score relative to the best one, so that what
        both indexes found still counts: a verifier judges support, not whether this is the page the claim
        was written from (the weight is fitted on WiCE training claims, see docs/retrieval.md).
        """
        s = self.settings
        top, rest = hits[: s.rerank], hits[s.rerank :]
        if not top:
            return hits
        read = [(hit, p.passage) for hit in top for p in hit.passages[: s.rerank_passages]]
        scores: list[float] = []
        for i in range(0, len(read), RERANK_CHUNK):
            chunk = [passage for _, passage in read[i : i + RERANK_CHUNK]]
            scores += passage_scores(self.scorer, claim, chunk)
        best_fusion = top[0].score if top[0].score > 0 else 1.0
        per_hit: dict[int, list[tuple[float, Passage]]] = {}
        for (hit, passage), score in zip(read, scores):
            if not math.isnan(score):
                per_hit.setdefault(hit.document_id, []).append((score, passage))
        unread = min((score for pairs in per_hit.values() for score, _ in pairs), default=0.0)
        for hit in top:
            pairs = per_hit.get(hit.document_id, [])
            score, best = max(pairs, key=lambda pair: pair[0]) if pairs else (unread, None)
            hit.verdict = Verdict(self.scorer.name, score, [read_score for read_score, _ in pairs], best)
            hit.score = rerank_score(score, hit.score / best_fusion, s.rerank_retrieval_weight)
        top.sort(key=lambda h: h.score, reverse=True)
        return top + rest

    def search(
        self, claim: Claim, system: System | str = System.HYBRID_RERANK, exclude_urls: Iterable[str] = ()
    ) -> list[DocumentHit]:
        """Candidate documents for ``claim``, best first. Documents at ``exclude_urls`` (or with the same
        text) and copies of the citing article are left out before reranking."""
        system = System(system)
        if system is System.BM25:
            hits = self.bm25(claim)
        elif system is System.BM25_EXPANDED:
            hits = self.bm25_expanded(claim)
        elif system is System.DENSE:
            hits = self.dense_search(claim)
        else:
            hits = self.hybrid(claim)
        excluded = {self.corpus.canonical_url(u) or u for u in exclude_urls}
        hits = [
            h for h in hits if h.url not in excluded and not is_citing_article(h.title, claim.article_title)
        ]
        if system is System.HYBRID_RERANK:
            hits = self.rerank(claim, hits)
        return hits

    def suggest(
        self,
        claim: Claim,
        current_url: str | None,
        current_score: float | None,
        exclude_urls: Iterable[str] = (),
        margin: float | None = None,
        min_probability: float | None = None,
    ) -> list[Suggestion]:
        """Better sources for a claim whose cited source (``current_url``) scored ``current_score`` with the
        same scorer; ``None`` when the cited source could not be read. A candidate is suggested only when the
        verifier judges that it supports the claim — its calibrated probability is at least
        ``min_probability`` (default: ``settings.min_probability`` or the verifier's own pass threshold,
        ``flag_threshold``, whichever is higher) — and it beats
        ``current_score`` by ``margin`` (default: ``settings.margin``), the top ``max_suggestions`` reranked
        candidates each read as a whole page (:meth:`page_verdicts`). Pass the citing article's URL in
        ``exclude_urls``. (Corpora of evaluation data name documents by id; the patrol keeps only web
        addresses, :func:`is_web_url`.)"""
        excluded = [*exclude_urls, *([current_url] if current_url else [])]
        hits = self.search(claim, System.HYBRID_RERANK, exclude_urls=excluded)
        return self.choose_suggestions(claim, hits, current_score, margin, min_probability)

    def choose_suggestions(
        self,
        claim: Claim,
        hits: Sequence[DocumentHit],
        current_score: float | None,
        margin: float | None = None,
        min_probability: float | None = None,
        page_cache: dict[str, Verdict] | None = None,
    ) -> list[Suggestion]:
        """The rule of :meth:`suggest` applied to reranked ``hits``. ``page_cache`` (url → page verdict)
        lets an evaluation judge one claim's candidates under several situations without reading a page
        twice."""
        read = [hit for hit in hits[: self.settings.rerank] if hit.verdict and hit.verdict.best_passage]
        read = read[: self.settings.max_suggestions]
        cache = {} if page_cache is None else page_cache
        unread = [hit for hit in read if hit.url not in cache]
        cache.update(zip((hit.url for hit in unread), self.page_verdicts(claim, unread)))
        found = (
            self.gate(hit.url, hit.title, cache[hit.url], current_score, margin, min_probability)
            for hit in read
        )
        return [s for s in found if s is not None]

    def gate(
        self,
        url: str,
        title: str,
        verdict: Verdict,
        current_score: float | None,
        margin: float | None = None,
        min_probability: float | None = None,
    ) -> Suggestion | None:
        """The suggestion of the page at ``url`` read as a whole (``verdict``, by :attr:`scorer`), or None
        when it does not pass the rule of :meth:`suggest`. Pages found elsewhere than in the corpus (a search
        engine's hits, :mod:`sidebot.patrol.web_search`) pass the same gate."""
        margin = self.settings.margin if margin is None else margin
        floor = -math.inf if current_score is None else current_score + margin
        if min_probability is None:
            min_probability = max(self.settings.min_probability, self.scorer.flag_threshold)
        if not (verdict.score > floor and (verdict.probability or 0.0) >= min_probability):
            return None
        return Suggestion(
            url=url,
            title=title,
            score=verdict.score,
            probability=verdict.probability,
            passage=verdict.best_passage,
            evidence=list(verdict.evidence),
            stance=verdict.stance,
            gain=None if current_score is None else verdict.score - current_score,
            every_part_probability=verdict.every_part_probability,
        )

    def page_verdicts(self, claim: Claim, hits: Sequence[DocumentHit]) -> list[Verdict]:
        """The verifier's verdict on each candidate page as a whole: all its passages, read exactly as the
        patrol reads a cited page (sentence windows, claim parts, the claim-level combiner). The rerank
        reads one retrieved passage per page, which orders candidates well but is not on the cited page's
        score scale; the suggestion rule (beat the cited page by ``margin``) compares like with like, and the
        reviewer is shown this verdict, with its probability, stance and evidence sentences."""
        if not hits:
            return []
        pages = [[p.passage for p in self.corpus.document_passages(hit.url)] for hit in hits]
        return self.scorer.verify_many(
            [(claim, passages or _best_read(hit)) for hit, passages in zip(hits, pages)],
            urls=[hit.url for hit in hits],
        )


def stage_progress(
    progress: Callable[[str, int, int], None] | None, stage: str
) -> Callable[[int, int], None] | None:
    """``progress`` for one ``stage``: its (done, total) calls reported as (stage, done, total)."""
    if progress is None:
        return None
    return lambda done, total: progress(stage, done, total)


def _best_read(hit: DocumentHit) -> list[Passage]:
    """The passage the rerank read best on ``hit``'s page, for a page whose passages the corpus lacks."""
    best = hit.verdict.best_passage if hit.verdict is not None else None
    return [best] if best is not None else []


def is_web_url(url: str) -> bool:
    """Whether ``url`` is an address a reviewer can open (corpus ids such as ``wice:train00012`` are not)."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


def open_retriever(
    home: Path,
    settings: RetrieveSettings | None = None,
    scorer: Scorer | Callable[[], Scorer] | None = None,
    folder: Path | None = None,
    embedder: Embedder | None = None,
) -> Retriever:
    """The retriever over ``folder`` (default: ``settings.folder``, else ``<home>/retrieve``), as the patrol,
    its indexer and the CLI open it; ``scorer``: the reranking verifier or a factory of it (default: the
    shipped one); ``embedder``: one already loaded."""
    settings = settings or RetrieveSettings()
    return Retriever(folder or settings.resolved_folder(home), settings, scorer, embedder)
