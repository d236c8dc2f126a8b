"""Sparse index: Lucene BM25 over title + passage text (pyserini, default BM25 k1=0.9 b=0.4 as in SIDE).

The Lucene document id is the corpus passage id. An update appends the passages after the last id indexed
(recorded in ``state.json``); a rebuild starts a fresh index from the active passages. Passages replaced in
the corpus stay in the index until the next rebuild; the retriever drops them from results.

Document vectors, which RM3 pseudo-relevance feedback reads, are stored only when asked for
(``RetrieveSettings.rm3``): they more than halve the indexing rate (measured on the WiCE pool: ~2.8k vs
~7-9k passages/s on two busy cores), and RM3 is off by default because it lowers P@1 on WiCE.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sidebot.retrieve.corpus import Corpus, Progress
from sidebot.retrieve.index_state import IndexState
from sidebot.retrieve.lucene_runtime import lucene_indexer, lucene_searcher, start_jvm

if TYPE_CHECKING:
    from pyserini.search.lucene import LuceneSearcher

LUCENE_DIR = "lucene"


@dataclass(frozen=True, slots=True)
class SparseBuildReport:
    """What one build of the BM25 index did: passages added, passages in the index afterwards, and seconds."""

    indexed: int  # passages added in this run
    total: int  # passages in the index afterwards
    seconds: float

    @property
    def passages_per_second(self) -> float:
        """The build's indexing rate (0 for a build that took no time)."""
        return self.indexed / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Rm3:
    """RM3 pseudo-relevance feedback (pyserini's defaults): expand the query with the ``terms`` best terms
    of the ``documents`` top passages, keeping ``original_weight`` on the original query."""

    terms: int = 10
    documents: int = 10
    original_weight: float = 0.5


class SparseIndex:
    """The Lucene BM25 index of the corpus's passages in ``folder``, built with pyserini in ``threads``
    threads; ``store_docvectors`` keeps the document vectors that RM3 feedback reads."""

    def __init__(self, folder: Path | str, threads: int = 2, store_docvectors: bool = False) -> None:
        self.folder = Path(folder)
        self._state = IndexState(self.folder)  # state.json: built with what, how far
        self.threads = threads
        self.store_docvectors = store_docvectors
        self._searcher: LuceneSearcher | None = None
        self._rm3: Rm3 | None = None

    def state(self) -> dict:
        """What the index was built with and how far building got (empty when unbuilt or unreadable)."""
        return self._state.read()

    def exists(self) -> bool:
        """Whether a Lucene index is there with a recorded state (an index without one is rebuilt)."""
        return (self.folder / LUCENE_DIR).is_dir() and "last_passage_id" in self.state()

    def build(
        self, corpus: Corpus, rebuild: bool = False, progress: Progress | None = None, batch: int = 10_000
    ) -> SparseBuildReport:
        """Index the corpus's passages added since the last build (all of them when ``rebuild`` or when there
        is no index), ``batch`` at a time; what was added is recorded in the state even when the build is
        interrupted."""
        self.close()
        fresh = rebuild or not self.exists()
        if fresh:
            shutil.rmtree(self.folder / LUCENE_DIR, ignore_errors=True)
            self._state.clear()
        self.folder.mkdir(parents=True, exist_ok=True)
        if fresh:
            state = {"last_passage_id": 0, "passages": 0, "docvectors": self.store_docvectors}
        else:
            state = self.state()
        todo = corpus.stats()["max_passage_id"] - state["last_passage_id"]
        start_jvm()  # a fixed ~5 s per process (JVM start, pyserini import), kept out of the indexing rate
        indexer = lucene_indexer(
            self.folder / LUCENE_DIR,
            append=not fresh,
            threads=self.threads,
            docvectors=bool(state.get("docvectors", True)),  # an append keeps what the index was built with
        )
        started, indexed = time.perf_counter(), 0
        try:
            for passages in corpus.iter_passages(after_id=state["last_passage_id"], batch=batch):
                indexer.add_batch_raw(
                    [json.dumps({"id": str(p.id), "contents": p.index_text()}) for p in passages]
                )
                indexed += len(passages)
                state["last_passage_id"] = passages[-1].id
                if progress:
                    progress(indexed, max(todo, indexed))
        finally:
            indexer.close()  # commits the batches added, so record them even when interrupted
            state["passages"] += indexed
            self._state.write(state)
        return SparseBuildReport(
            indexed=indexed, total=state["passages"], seconds=time.perf_counter() - started
        )

    def _open(self, rm3: Rm3 | None) -> LuceneSearcher:
        if self._searcher is None:
            if not self.exists():
                raise FileNotFoundError(f"no sparse index in {self.folder}: run `sidebot index build`")
            self._searcher = lucene_searcher(self.folder / LUCENE_DIR)
            self._rm3 = None
        if rm3 is not None and not self.state().get("docvectors", True):
            raise ValueError(
                f"the sparse index in {self.folder} has no document vectors, which RM3 needs: "
                "rebuild it with rm3 = true (`sidebot index build --rebuild`)"
            )
        if rm3 != self._rm3:
            if rm3 is None:
                self._searcher.unset_rm3()
            else:
                self._searcher.set_rm3(rm3.terms, rm3.documents, rm3.original_weight)
            self._rm3 = rm3
        return self._searcher

    def search(self, query: str, k: int, rm3: Rm3 | None = None) -> list[tuple[int, float]]:
        """(passage id, BM25 score) of the ``k`` best passages; repeated query words weigh more."""
        if not query.strip():
            return []
        hits = self._open(rm3).search(query, k=k)
        return [(int(h.docid), float(h.score)) for h in hits]

    def size_bytes(self) -> int:
        """The Lucene index's size on disk in bytes."""
        return sum(f.stat().st_size for f in (self.folder / LUCENE_DIR).rglob("*") if f.is_file())

    def close(self) -> None:
        """Close the searcher, if one is open (building reopens the index)."""
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None
