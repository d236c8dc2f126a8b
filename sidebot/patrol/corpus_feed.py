"""The one indexer: sources the wiki cites for claims they back, from the queue into the retrieval corpus.

Design ("one writer"): any number of patrols and workers, on any number of machines, only *record* a backing
source in the queue database (``cited_sources``, :mod:`sidebot.queue.cited_sources`), a row in the
transaction of its finding. A single indexer moves the rows not fed yet into the corpus (deduplicated by URL
and by text, as every corpus addition is), holds the fed documents to ``retrieve.feed_max_documents``, marks
the rows fed, and updates BM25 and FAISS with the new passages only (both indexes append the passages after
the last id they hold). It runs as the scheduler's ``corpus-feed`` job, at the end of `sidebot patrol --once`
and as `sidebot index update`.

Two locks keep it one writer: an exclusive ``flock`` on ``<retrieve folder>/corpus.lock`` (held also by
`sidebot corpus add` and `sidebot index build`, so nothing else writes the corpus or its indexes meanwhile),
and on PostgreSQL a session advisory lock, so that two machines never split the rows between their corpora.
An indexer that finds either lock taken skips its turn (the rows wait for the next one); it tries the
queue's lock only once it holds the corpus's, so that two indexers started together on one machine never
each hold one lock and both skip. A crash after the
corpus commit and before the rows are marked only makes the next run add them again, which the corpus's
deduplication turns into "unchanged".
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sidebot.config import Settings
from sidebot.datasets.documents import Document
from sidebot.queue.db import Database
from sidebot.queue.feed_rows import any_unfed, feed_lock, mark_fed, unfed_sources
from sidebot.retrieve.corpus import AddReport
from sidebot.retrieve.dense import DenseBuildReport
from sidebot.retrieve.embed import Embedder
from sidebot.retrieve.retriever import Retriever, open_retriever
from sidebot.retrieve.sparse import SparseBuildReport

LOCK_FILE = "corpus.lock"
BATCH = 500  # cited sources read from the queue per corpus transaction


@dataclass
class FeedReport:
    """What one pass of the indexer did: sources taken from the queue, added to the corpus, indexed."""

    busy: bool = False  # another indexer held a lock: nothing was done
    rows: int = 0  # cited sources taken from the queue
    corpus: AddReport = field(default_factory=AddReport)
    evicted: int = 0  # fed documents evicted over the cap
    sparse: SparseBuildReport | None = None  # None: the indexes were not touched
    dense: DenseBuildReport | None = None

    def summary(self) -> str:
        """The pass in one line for the log: skipped because another indexer is at work, or what was taken,
        added, evicted and indexed."""
        if self.busy:
            return "corpus feed skipped: another indexer is at work"
        indexed = (
            f"; {self.sparse.indexed} passages indexed (BM25), {self.dense.encoded} embedded"
            if self.sparse and self.dense
            else ""
        )
        return (
            f"corpus feed: {self.rows} cited sources, {self.corpus.added} documents added, "
            f"{self.corpus.updated} updated, {self.corpus.unchanged} already there, "
            f"{self.corpus.duplicate_content} duplicate text, {self.evicted} evicted{indexed}"
        )

    def counts(self) -> dict[str, int]:
        """The figures as a run's counts."""
        return {
            "cited_sources_fed": self.rows,
            "corpus_documents_added": self.corpus.added,
            "corpus_documents_updated": self.corpus.updated,
            "corpus_passages_written": self.corpus.passages,
            "corpus_documents_evicted": self.evicted,
            "passages_indexed": self.sparse.indexed if self.sparse else 0,
        }


@contextmanager
def corpus_lock(folder: Path, wait: bool = True) -> Iterator[bool]:
    """The exclusive lock on the corpus in ``folder``; yields False when ``wait`` is off and it is taken."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK_FILE).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def feed_corpus(
    settings: Settings, db: Database, batch: int = BATCH, embedder: Embedder | None = None
) -> FeedReport:
    """Move the cited sources not fed yet into the corpus, evict over the cap, index the new passages
    (``embedder``: one already loaded, as a long-lived indexer keeps it)."""
    if not any_unfed(db):
        return FeedReport()  # nothing new: the corpus is not even opened
    folder = settings.retrieve.resolved_folder(settings.home)
    with corpus_lock(folder, wait=False) as mine:
        if not mine:  # the queue's lock is not even tried: taken now, it could turn the corpus's holder away
            return FeedReport(busy=True)
        with feed_lock(db) as ours:
            if not ours:
                return FeedReport(busy=True)
            with open_retriever(
                settings.home, settings.retrieve, folder=folder, embedder=embedder
            ) as retriever:
                return _feed(settings, db, retriever, batch)


def _feed(settings: Settings, db: Database, retriever: Retriever, batch: int) -> FeedReport:
    report = FeedReport()
    corpus = retriever.corpus
    while True:
        rows = unfed_sources(db, batch)
        if not rows:
            break
        added = corpus.feed(
            (Document(r.url, r.title or "", r.text or ""), r.cited_at.timestamp()) for r in rows
        )
        _merge(report.corpus, added)
        mark_fed(db, [r.id for r in rows])
        report.rows += len(rows)
    cap = settings.retrieve.feed_max_documents
    if cap:
        report.evicted = corpus.evict(cap, settings.retrieve.feed_evict_by)
    stats = corpus.stats()
    behind = stats["max_passage_id"] > retriever.sparse.state().get("last_passage_id", 0)
    if stats["passages"] and (behind or not retriever.ready):
        # Evicted and replaced passages stay in the indexes (skipped) until a rebuild, which reuses every
        # stored embedding: done once they outnumber the live ones, so the indexes stay bounded too.
        rebuild = stats["inactive_passages"] > stats["passages"]
        report.sparse, report.dense = retriever.update_indexes(rebuild=rebuild)
    return report


def _merge(total: AddReport, part: AddReport) -> None:
    for name in ("added", "updated", "unchanged", "duplicate_content", "excluded", "empty", "passages"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
