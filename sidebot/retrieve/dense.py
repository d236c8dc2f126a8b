"""Dense index: MiniLM embeddings of the passages in FAISS.

Layout of the index folder:

- ``vectors.f16`` / ``ids.i64``: every embedding computed so far (float16 rows) and its passage id, append-
  only, so an update encodes only new passages and a rebuild re-encodes nothing that is still in the corpus;
- ``faiss.index``: inner-product search over the active passages;
- ``state.json``: which encoder made the vectors and which index kind was built.

Below ``exact_below`` vectors the FAISS index is exact (``IndexFlatIP``: 1.5 GB per million passages, search
time linear in the corpus); above it, HNSW over 8-bit scalar-quantised vectors as in SIDE (``IndexHNSWSQ``:
384 B of codes + ~2*M*4 B of graph links per passage, ~0.65 GB per million at M=32). Passages replaced in
the corpus stay in the index until the next rebuild; the retriever drops them from results.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import faiss
import numpy as np

from sidebot.retrieve.corpus import Corpus, Progress
from sidebot.retrieve.embed import DIMENSION, TextEncoder
from sidebot.retrieve.index_state import IndexState


@dataclass(frozen=True, slots=True)
class DenseBuildReport:
    """What one build of the dense index did: passages embedded, vectors in the index afterwards, the index
    kind (``flat`` or ``hnsw-sq8``) and the seconds spent encoding and indexing."""

    encoded: int  # passages embedded in this run
    indexed: int  # vectors in the FAISS index afterwards
    kind: str  # "flat" or "hnsw-sq8"
    encode_seconds: float
    index_seconds: float


class DenseIndex:
    """The FAISS index of the corpus's passage embeddings in ``folder``: exact (flat) search below
    ``exact_below`` vectors, HNSW over 8-bit scalar-quantized vectors above (``hnsw_m`` links per node,
    ``ef_construction`` and ``ef_search`` its build and search breadths)."""

    def __init__(
        self,
        folder: Path | str,
        exact_below: int = 200_000,
        hnsw_m: int = 32,
        ef_construction: int = 80,
        ef_search: int = 128,
    ) -> None:
        self.folder = Path(folder)
        self._state = IndexState(self.folder)  # state.json: built with what, how far
        self.exact_below = exact_below
        self.hnsw_m = hnsw_m
        self.ef_construction = ef_construction
        self.ef_search = ef_search
        self._index: faiss.Index | None = None

    # -- files -----------------------------------------------------------------------------------------
    @property
    def _vectors_path(self) -> Path:
        return self.folder / "vectors.f16"

    @property
    def _ids_path(self) -> Path:
        return self.folder / "ids.i64"

    @property
    def _index_path(self) -> Path:
        return self.folder / "faiss.index"

    def state(self) -> dict:
        """What the index was built with and how far building got (empty when unbuilt or unreadable)."""
        return self._state.read()

    def exists(self) -> bool:
        """Whether an index file has been written."""
        return self._index_path.is_file()

    def _stored(self, dimension: int) -> tuple[np.ndarray, np.ndarray]:
        """The stored ids and vectors (memory-mapped), cut to the rows complete in both files."""
        if not self._ids_path.is_file():
            return np.zeros(0, dtype=np.int64), np.zeros((0, dimension), dtype=np.float16)
        ids = np.fromfile(self._ids_path, dtype=np.int64)
        rows = min(len(ids), self._vectors_path.stat().st_size // (2 * dimension))
        vectors = np.memmap(self._vectors_path, dtype=np.float16, mode="r", shape=(rows, dimension))
        return ids[:rows], vectors

    def stored_vectors(self) -> tuple[np.ndarray, np.ndarray]:
        """Every stored (passage id, float16 vector) pair, including replaced passages not yet compacted."""
        return self._stored(int(self.state().get("dimension", DIMENSION)))

    # -- building --------------------------------------------------------------------------------------
    def build(
        self,
        corpus: Corpus,
        embedder: TextEncoder,
        rebuild: bool = False,
        progress: Progress | None = None,
        batch: int = 1024,
    ) -> DenseBuildReport:
        """Embed the passages not embedded yet and bring the FAISS index up to date.

        ``rebuild`` drops replaced passages and builds the FAISS index anew (choosing its kind by size);
        embeddings of passages still in the corpus are reused unless the encoder changed.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        state = self.state()
        if state.get("encoder") != embedder.name:
            for path in (self._vectors_path, self._ids_path, self._index_path):
                path.unlink(missing_ok=True)
            rebuild = True
        dim = embedder.dimension
        ids, _ = self._stored(dim)
        self._truncate(len(ids), dim)  # drop a half-written row left by an interrupted run
        if rebuild and len(ids):
            self._compact(corpus, dim)
            ids, _ = self._stored(dim)
        last = int(ids.max()) if len(ids) else 0
        todo = corpus.stats()["max_passage_id"] - last  # an upper bound for the progress bar
        started, encoded = time.perf_counter(), 0
        with self._vectors_path.open("ab") as vec_out, self._ids_path.open("ab") as id_out:
            for passages in corpus.iter_passages(after_id=last, batch=batch):
                vectors = embedder.encode([p.index_text() for p in passages]).astype(np.float16)
                vec_out.write(vectors.tobytes())
                id_out.write(np.array([p.id for p in passages], dtype=np.int64).tobytes())
                vec_out.flush()
                id_out.flush()
                encoded += len(passages)
                if progress:
                    progress(encoded, max(todo, encoded))
        encode_seconds = time.perf_counter() - started
        started = time.perf_counter()
        ids, vectors = self._stored(dim)
        kind = "flat" if len(ids) < self.exact_below else "hnsw-sq8"
        if rebuild or not self.exists() or state.get("kind") != kind:
            index = self._new_index(kind, dim, vectors)
            start_row = 0
        else:
            index = faiss.read_index(str(self._index_path))
            start_row = int(index.ntotal)
        for row in range(start_row, len(ids), 65_536):
            chunk = np.asarray(vectors[row : row + 65_536], dtype=np.float32)
            index.add_with_ids(chunk, ids[row : row + 65_536])
        partial = self._index_path.with_suffix(".index.partial")  # a crash mid-write keeps the old index
        faiss.write_index(index, str(partial))
        os.replace(partial, self._index_path)
        self._state.write({"encoder": embedder.name, "kind": kind, "dimension": dim})
        self._index = None
        return DenseBuildReport(
            encoded=encoded,
            indexed=int(index.ntotal),
            kind=kind,
            encode_seconds=encode_seconds,
            index_seconds=time.perf_counter() - started,
        )

    def _truncate(self, rows: int, dim: int) -> None:
        for path, row_bytes in ((self._ids_path, 8), (self._vectors_path, 2 * dim)):
            if path.is_file() and path.stat().st_size != rows * row_bytes:
                with path.open("r+b") as fh:
                    fh.truncate(rows * row_bytes)

    def _compact(self, corpus: Corpus, dim: int) -> None:
        """Rewrite the stored vectors keeping only passages that are still active in the corpus."""
        ids, vectors = self._stored(dim)
        keep = np.isin(ids, corpus.active_ids())
        if keep.all():
            return
        tmp_vectors, tmp_ids = self._vectors_path.with_suffix(".tmp"), self._ids_path.with_suffix(".tmp")
        with tmp_vectors.open("wb") as vec_out:
            for row in range(0, len(ids), 65_536):
                vec_out.write(np.asarray(vectors[row : row + 65_536])[keep[row : row + 65_536]].tobytes())
        ids[keep].tofile(tmp_ids)
        del vectors
        tmp_vectors.replace(self._vectors_path)
        tmp_ids.replace(self._ids_path)

    def _new_index(self, kind: str, dim: int, vectors: np.ndarray) -> faiss.Index:
        if kind == "flat":
            return faiss.IndexIDMap2(faiss.IndexFlatIP(dim))
        hnsw = faiss.IndexHNSWSQ(dim, faiss.ScalarQuantizer.QT_8bit, self.hnsw_m, faiss.METRIC_INNER_PRODUCT)
        hnsw.hnsw.efConstruction = self.ef_construction
        sample = np.random.default_rng(0).choice(len(vectors), size=min(len(vectors), 100_000), replace=False)
        hnsw.train(np.asarray(vectors[np.sort(sample)], dtype=np.float32))
        return faiss.IndexIDMap(hnsw)

    # -- searching -------------------------------------------------------------------------------------
    def _loaded(self) -> faiss.Index:
        if self._index is None:
            if not self.exists():
                raise FileNotFoundError(f"no dense index in {self.folder}: run `sidebot index build`")
            self._index = faiss.read_index(str(self._index_path))
            if self.state().get("kind") == "hnsw-sq8":
                faiss.downcast_index(self._index.index).hnsw.efSearch = self.ef_search
        return self._index

    def search(self, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(passage id, cosine) of the ``k`` nearest passages to one unit-length query vector."""
        index = self._loaded()
        scores, ids = index.search(np.asarray(query, dtype=np.float32).reshape(1, -1), k)
        return [(int(i), float(s)) for i, s in zip(ids[0], scores[0]) if i != -1]

    def size_bytes(self) -> int:
        """The index file's size on disk in bytes (0 when there is none)."""
        return self._index_path.stat().st_size if self.exists() else 0
