"""The demo's retrieval corpus: the pages the demo articles cite, plus real distractor pages.

The demo sources go in under the URLs the demo articles cite (``demo_source_url``), so the retriever never
suggests the page a claim already cites — except the page that moved (``demo_extras.MOVED``), which goes in
at its new address, where a suggestion can point the reviewer; the distractors
(``data/distractors.jsonl.gz``, see its ATTRIBUTION.md) make the search non-trivial.

A stamp file records what was built (a hash of every document and the embedding model). Building again with
the same content does nothing. When the source server moved to another port, every demo URL changed: the
documents are moved to the new addresses in place (the indexes refer to passage ids, so nothing is
re-indexed), and no suggestion points at a dead address.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.resources import as_file, files
from pathlib import Path

from sidebot.config import RetrieveSettings
from sidebot.datasets.documents import Document, read_documents
from sidebot.retrieve.corpus import AddReport
from sidebot.retrieve.dense import DenseBuildReport
from sidebot.retrieve.embed import Embedder
from sidebot.retrieve.retriever import Retriever
from sidebot.retrieve.sparse import SparseBuildReport

DISTRACTORS = "distractors.jsonl.gz"
STAMP_FILE = "demo-corpus.json"


@dataclass(frozen=True, slots=True)
class DemoCorpusReport:
    """What a build did; all None when the corpus was already built for the same content."""

    sources: AddReport | None
    distractors: AddReport | None
    sparse: SparseBuildReport | None
    dense: DenseBuildReport | None

    @property
    def skipped(self) -> bool:
        """Whether the build was skipped because the corpus already held this content."""
        return self.sources is None


def demo_source_documents(source_base: str) -> Iterator[Document]:
    """The demo's cited pages as corpus documents, at :func:`corpus_url`."""
    from sidebot.sandbox.demo_content import demo_sources

    for source in demo_sources():
        yield Document(
            url=corpus_url(source_base, source.id), title=source.title, text="\n".join(source.sentences)
        )


def corpus_url(source_base: str, source_id: str) -> str:
    """Where the demo corpus holds a demo source: the URL the demo article cites, or, for the page that moved,
    its new address (the snapshot crawled it there)."""
    from sidebot.sandbox.demo_content import demo_source_url
    from sidebot.sandbox.demo_extras import current_path

    moved = current_path(source_id)
    return source_base.rstrip("/") + moved if moved else demo_source_url(source_base, source_id)


def distractor_documents() -> list[Document]:
    """The packaged distractor documents (real pages, see the data's ATTRIBUTION.md), added to the demo
    corpus beside the demo's sources so that a suggestion is found among pages that are not the claim's."""
    with as_file(files("sidebot.retrieve") / "data" / DISTRACTORS) as path:
        return list(read_documents(path))


def _stamp(sources: list[Document], distractors: list[Document], source_base: str) -> str:
    """What was built, independent of the source server's address (a new port is a rebase, not a rebuild)."""
    digest = hashlib.sha256(Embedder.name.encode())
    for document in (*sources, *distractors):
        for part in (document.url.removeprefix(source_base), document.title, document.text):
            digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()


def build_demo_corpus(
    folder: Path,
    source_base: str,
    settings: RetrieveSettings | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> DemoCorpusReport:
    """Add the demo sources and the shipped distractors to the corpus in ``folder`` and index it; skipped
    when ``folder`` already holds this build (see the module doc)."""
    sources, distractors = list(demo_source_documents(source_base)), distractor_documents()
    stamp = _stamp(sources, distractors, source_base)
    stamp_path = folder / STAMP_FILE
    built = json.loads(stamp_path.read_text()) if stamp_path.is_file() else {}
    with Retriever(folder, settings) as retriever:
        if built.get("source_base") not in (None, source_base):
            retriever.corpus.rebase_urls(built["source_base"] + "/", source_base + "/")
            stamp_path.write_text(json.dumps({**built, "source_base": source_base}) + "\n")
        if built.get("stamp") == stamp and retriever.ready:
            return DemoCorpusReport(None, None, None, None)
        added_sources = retriever.corpus.add(sources)
        added_distractors = retriever.corpus.add(distractors)
        sparse, dense = retriever.update_indexes(progress=progress)
    stamp_path.write_text(json.dumps({"stamp": stamp, "source_base": source_base}) + "\n")
    return DemoCorpusReport(added_sources, added_distractors, sparse, dense)
