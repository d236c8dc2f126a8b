"""Scale benchmark: build both indexes over N passages made from real text and measure build time, memory,
index size and query latency at that size.

How the passages are made. The real texts at hand hold far fewer than a million passages, so each benchmark
passage is a sequence of real sentences drawn at random (seeded) from a pool of real sentences, 100-124
words long: realistic vocabulary and term statistics for BM25, but no passage is a copy of a real page.

How the dense vectors are made. Embedding a million passages with MiniLM on two CPU cores takes hours (the
measured rate is reported), so the benchmark embeds every *sentence* of the pool for real and gives a
passage the length-weighted mean of its sentences' embeddings, normalised. These vectors live in MiniLM's
space and have its distribution, which is what FAISS build time, memory, size and search latency depend on;
the time to embed the passages for real is reported separately as an extrapolation from the measured rate.
"""

from __future__ import annotations

import random
import re
import resource
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import faiss
import numpy as np

from sidebot.config import RetrieveSettings
from sidebot.datasets.documents import Document, detect_format, read_documents
from sidebot.records import Claim
from sidebot.retrieve.embed import DIMENSION, Embedder
from sidebot.retrieve.retriever import Retriever, System, stage_progress

MIN_WORDS, MAX_WORDS = 100, 124  # one corpus passage each (split_passages merges a remainder < 25 words)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")


def sentences_of(documents: Sequence[Document], max_words: int = 60) -> list[str]:
    """Distinct sentences of 3..``max_words`` words (lines, split again at sentence ends)."""
    found: dict[str, None] = {}
    for document in documents:
        for line in document.text.splitlines():
            for sentence in _SENTENCE_END.split(" ".join(line.split())):
                if 3 <= len(sentence.split()) <= max_words:
                    found.setdefault(sentence, None)
    return list(found)


class SentenceMeanEncoder:
    """Passage vectors from precomputed sentence vectors (see the module doc). A passage's text must be
    pool sentences joined by newlines, as :func:`bench_documents` writes them."""

    name = "bench-sentence-mean"
    dimension = DIMENSION

    def __init__(self, sentences: Sequence[str], vectors: np.ndarray) -> None:
        self.row = {s: i for i, s in enumerate(sentences)}
        self.vectors = vectors
        self.words = np.array([len(s.split()) for s in sentences], dtype=np.float32)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors of ``texts``: each passage the word-weighted sum of its lines' precomputed sentence
        vectors."""
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for i, text in enumerate(texts):
            rows = [self.row[line] for line in text.split("\n")]
            out[i] = (self.vectors[rows] * self.words[rows, None]).sum(0)
        return out / np.linalg.norm(out, axis=1, keepdims=True).clip(min=1e-9)


def bench_documents(sentences: Sequence[str], n: int, seed: int = 0) -> Iterator[Document]:
    """``n`` one-passage documents of random pool sentences, ``MIN_WORDS``..``MAX_WORDS`` words each."""
    rng = random.Random(seed)
    lengths = [len(s.split()) for s in sentences]
    for i in range(n):
        picked, words = [], 0
        while words < MIN_WORDS:
            j = rng.randrange(len(sentences))
            if words + lengths[j] <= MAX_WORDS:
                picked.append(sentences[j])
                words += lengths[j]
        yield Document(url=f"bench:{i}", title="", text="\n".join(picked))


def bench_inputs(paths: Sequence[Path]) -> tuple[list[Document], list[Claim]]:
    """Documents to draw sentences from and claims to time: those of ``paths`` (claims from the WiCE files
    among them), or without paths the demo corpus (its sources, distractors and claims)."""
    if not paths:
        from sidebot.sandbox.demo_content import demo_sources
        from sidebot.sandbox.demo_corpus import demo_source_documents, distractor_documents

        documents = [*demo_source_documents("http://127.0.0.1"), *distractor_documents()]
        return documents, [source.claim for source in demo_sources()]
    from sidebot.eval.retrieve import read_wice_queries

    documents = [d for path in paths for d in read_documents(path)]
    claims = [
        q.claim for path in paths if detect_format(Path(path)) == "wice" for q in read_wice_queries(path)
    ]
    return documents, claims


def _rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * resource.getpagesize() / 2**20


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _percentiles(ms: list[float]) -> dict[str, float]:
    return {"p50_ms": float(np.percentile(ms, 50)), "p95_ms": float(np.percentile(ms, 95))}


@dataclass
class BenchReport:
    """The retrieval benchmark's figures: corpus, BM25 and faiss build times and sizes, the real MiniLM
    embedding rate and what embedding the whole corpus would take, HNSW recall, memory, and search latency per
    kind."""

    passages: int
    pool_sentences: int
    corpus_seconds: float
    corpus_bytes: int
    bm25_seconds: float
    bm25_passages_per_second: float
    bm25_bytes: int
    sentence_embed_seconds: float
    passage_embed_per_second: float  # real MiniLM passages/s on this machine
    passage_embed_hours_extrapolated: float  # what embedding all N passages for real would take
    faiss_kind: str
    faiss_seconds: float
    faiss_bytes: int
    hnsw_recall_at_10: float | None  # against exact search over the same vectors
    rss_mb_after_build: float
    peak_rss_mb: float
    latency: dict[str, dict[str, float]]

    def as_dict(self) -> dict[str, Any]:
        """The report as plain JSON-ready values, for the command's ``--json`` output."""
        return asdict(self)


def run_bench(
    folder: Path,
    sources: Sequence[Document],
    passages: int,
    queries: Sequence[Claim],
    settings: RetrieveSettings | None = None,
    pool_sentences: int = 50_000,
    rate_sample: int = 256,
    log: Callable[[str], None] = print,
    progress: Callable[[str, int, int], None] | None = None,
) -> BenchReport:
    """Build a corpus of ``passages`` benchmark passages in ``folder`` and measure (see the module doc)."""
    settings = settings or RetrieveSettings()
    rng = random.Random(0)
    pool = sentences_of(sources)
    pool = rng.sample(pool, min(pool_sentences, len(pool)))
    log(f"{len(pool)} real sentences from {len(sources)} documents")
    embedder = Embedder()
    started = time.perf_counter()
    vectors = embedder.encode(pool)
    sentence_seconds = time.perf_counter() - started
    sample = [f"{d.title}\n{' '.join(d.text.split()[:MIN_WORDS])}" for d in sources[:rate_sample]]
    started = time.perf_counter()
    embedder.encode(sample)
    passage_rate = len(sample) / (time.perf_counter() - started)
    log(f"embedded the pool in {sentence_seconds:.0f} s; real passages embed at {passage_rate:.1f}/s")

    with Retriever(folder, settings, embedder=embedder) as retriever:
        started = time.perf_counter()
        batch: list[Document] = []
        for i, document in enumerate(bench_documents(pool, passages), 1):
            batch.append(document)
            if len(batch) == 50_000 or i == passages:
                retriever.corpus.add(batch)
                batch = []
                if progress:
                    progress("corpus", i, passages)
        corpus_seconds = time.perf_counter() - started
        sparse = retriever.sparse.build(retriever.corpus, progress=stage_progress(progress, "bm25"))
        log(f"bm25: {sparse.indexed} passages in {sparse.seconds:.0f} s")
        dense = retriever.dense.build(
            retriever.corpus,
            SentenceMeanEncoder(pool, vectors),
            progress=stage_progress(progress, "dense"),
        )
        log(f"faiss {dense.kind}: {dense.indexed} vectors in {dense.index_seconds:.0f} s")
        rss_after_build = _rss_mb()

        latency: dict[str, list[float]] = {s: [] for s in ("bm25", "dense", "hybrid")}
        for claim in queries:
            for system, name in ((System.BM25, "bm25"), (System.DENSE, "dense"), (System.HYBRID, "hybrid")):
                started = time.perf_counter()
                retriever.search(claim, system)
                latency[name].append((time.perf_counter() - started) * 1000)
        peak_rss = _peak_rss_mb()  # before the recall check, whose exact index is not part of the engine
        recall = _hnsw_recall(retriever, embedder, queries) if dense.kind != "flat" else None
        corpus_bytes = sum(f.stat().st_size for f in retriever.corpus.folder.iterdir())
        return BenchReport(
            passages=passages,
            pool_sentences=len(pool),
            corpus_seconds=corpus_seconds,
            corpus_bytes=corpus_bytes,
            bm25_seconds=sparse.seconds,
            bm25_passages_per_second=sparse.passages_per_second,
            bm25_bytes=retriever.sparse.size_bytes(),
            sentence_embed_seconds=sentence_seconds,
            passage_embed_per_second=passage_rate,
            passage_embed_hours_extrapolated=passages / passage_rate / 3600,
            faiss_kind=dense.kind,
            faiss_seconds=dense.index_seconds,
            faiss_bytes=retriever.dense.size_bytes(),
            hnsw_recall_at_10=recall,
            rss_mb_after_build=rss_after_build,
            peak_rss_mb=peak_rss,
            latency={name: _percentiles(ms) for name, ms in latency.items() if ms},
        )


def _hnsw_recall(retriever: Retriever, embedder: Embedder, queries: Sequence[Claim]) -> float:
    """Share of the exact top-10 passages that the approximate index also returns in its top 10."""
    ids, vectors = retriever.dense.stored_vectors()
    exact = faiss.IndexFlatIP(DIMENSION)
    for row in range(0, len(ids), 65_536):
        exact.add(np.asarray(vectors[row : row + 65_536], dtype=np.float32))
    from sidebot.retrieve.query import build_queries

    found = []
    for claim in queries:
        query = embedder.encode([build_queries(claim).dense])
        _, rows = exact.search(query, 10)
        truth = set(ids[rows[0]].tolist())
        approx = {i for i, _ in retriever.dense.search(query[0], 10)}
        found.append(len(truth & approx) / 10)
    return statistics.fmean(found)
