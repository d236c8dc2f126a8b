"""The corpus: documents split into SIDE-style passages, kept in one SQLite file with their URL and title.

Passages get increasing integer ids that the indexes use as their document ids, so an index update only has
to read the passages after the last id it holds. Duplicates are handled when documents are added:

- the same URL with the same text is left alone; with new text the document is replaced: its old passages
  are marked inactive (the indexes skip them until the next rebuild drops them) and new ones are appended;
- another URL with text already in the corpus becomes an alias of that document, so it is not indexed twice
  and a lookup by either URL finds it;
- Wikipedia and its sister projects are never added (see :mod:`sidebot.retrieve.exclusions`).

Documents the patrol found cited for claims they back come in through :meth:`Corpus.feed`
(:mod:`sidebot.patrol.corpus_feed`); each one it creates is recorded in ``fed_documents`` with when it was
added and last cited (unix seconds), so that :meth:`Corpus.evict` can hold them to a cap. Evicting works as
replacing: the passages turn inactive (the indexes skip them until a rebuild drops them) and the document
row goes, so the page is added afresh if it is cited again. Documents an operator added are never evicted.

Each :meth:`Corpus.add` call is one transaction: a bad record rolls back the whole call.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sidebot.datasets.documents import Document
from sidebot.records import Passage
from sidebot.retrieve.exclusions import is_wikimedia_url
from sidebot.sources.passages import split_passages

CORPUS_FILE = "corpus.sqlite3"

Progress = Callable[[int, int], None]  # an index build reports (done, total) passages through this

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    content_hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_content_hash ON documents (content_hash);
CREATE TABLE IF NOT EXISTS aliases (
    url TEXT PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents (id)
);
CREATE TABLE IF NOT EXISTS passages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id INTEGER NOT NULL REFERENCES documents (id),
    idx INTEGER NOT NULL,
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS passages_document ON passages (document_id);
CREATE TABLE IF NOT EXISTS fed_documents (
    document_id INTEGER PRIMARY KEY REFERENCES documents (id),
    added_at REAL NOT NULL,
    cited_at REAL NOT NULL
);
"""


@dataclass(frozen=True, slots=True)
class CorpusPassage:
    """A passage with the document it belongs to."""

    id: int
    document_id: int
    url: str
    passage: Passage

    def index_text(self) -> str:
        """What the sparse index holds: SIDE searched title + passage."""
        return f"{self.passage.title}\n{self.passage.text}" if self.passage.title else self.passage.text


@dataclass(slots=True)
class AddReport:
    """What adding documents to the corpus did, by outcome, with the passages written and, for every input
    URL, the URL of the document that now holds its text."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    duplicate_content: int = 0  # a new URL whose text is already in the corpus: recorded as an alias
    excluded: int = 0  # Wikipedia and sister projects
    empty: int = 0  # no words in the text
    passages: int = 0  # passages written
    urls: dict[str, str] = field(default_factory=dict)  # input URL -> URL of the document that holds its text

    def summary(self) -> str:
        """The counts in one line, for the command's output."""
        return (
            f"{self.added} added, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.duplicate_content} duplicate content, {self.excluded} excluded (Wikimedia), "
            f"{self.empty} empty; {self.passages} passages written"
        )


def content_hash(text: str) -> str:
    """sha256 of the text with whitespace normalised (re-extractions that only differ in spacing match)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


class Corpus:
    """Documents and passages in ``folder/corpus.sqlite3`` (created on first use)."""

    def __init__(self, folder: Path | str, passage_words: int = 100) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.passage_words = passage_words
        self._db = sqlite3.connect(self.folder / CORPUS_FILE, check_same_thread=False)
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the corpus's SQLite connection."""
        self._db.close()

    def __enter__(self) -> Corpus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------------------
    def add(self, documents: Iterable[Document]) -> AddReport:
        """Add documents in one transaction (an exception from ``documents`` leaves the corpus as it was)."""
        report = AddReport()
        with self._db:
            for document in documents:
                self._add_one(document, report)
        return report

    def feed(self, documents: Iterable[tuple[Document, float]]) -> AddReport:
        """Add documents the wiki cites, each with when it was cited (unix seconds), in one transaction, as
        :meth:`add` does; each document this creates is recorded as fed, and a fed document cited again takes
        the later time (an operator's document that a citation duplicates stays the operator's)."""
        report = AddReport()
        with self._db:
            for document, cited_at in documents:
                added = report.added
                self._add_one(document, report)
                url = report.urls.get(document.url)
                document_id = self.document_id(url) if url else None
                if document_id is None:
                    continue
                if report.added > added:
                    self._db.execute(
                        "INSERT OR REPLACE INTO fed_documents VALUES (?, ?, ?)",
                        (document_id, cited_at, cited_at),  # document_id, added_at, cited_at
                    )
                else:
                    self._db.execute(
                        "UPDATE fed_documents SET cited_at = MAX(cited_at, ?) WHERE document_id = ?",
                        (cited_at, document_id),
                    )
        return report

    def evict(self, max_documents: int, by: str = "cited") -> int:
        """Hold the fed documents to ``max_documents``: evict the rest, least recently cited first (``by``
        "cited") or earliest added first ("added"). Returns how many were evicted."""
        column = {"cited": "cited_at", "added": "added_at"}[by]
        with self._db:
            (count,) = self._db.execute("SELECT COUNT(*) FROM fed_documents").fetchone()
            if count <= max_documents:
                return 0
            ids = [
                row[0]
                for row in self._db.execute(
                    f"SELECT document_id FROM fed_documents ORDER BY {column}, document_id LIMIT ?",
                    (count - max_documents,),
                )
            ]
            for i in range(0, len(ids), 900):  # SQLite's bound-parameter limit
                chunk = ids[i : i + 900]
                marks = ",".join("?" * len(chunk))
                self._db.execute(f"UPDATE passages SET active = 0 WHERE document_id IN ({marks})", chunk)
                for table in ("aliases", "fed_documents"):
                    self._db.execute(f"DELETE FROM {table} WHERE document_id IN ({marks})", chunk)
                self._db.execute(f"DELETE FROM documents WHERE id IN ({marks})", chunk)
        return len(ids)

    def _add_one(self, document: Document, report: AddReport) -> None:
        url = document.url
        if is_wikimedia_url(url):
            report.excluded += 1
            return
        passages = split_passages(document.text, document.title, self.passage_words)
        if not passages:
            report.empty += 1
            return
        digest = content_hash(document.text)
        db = self._db
        row = db.execute("SELECT id, content_hash FROM documents WHERE url = ?", (url,)).fetchone()
        if row is not None:
            if row[1] == digest:
                report.unchanged += 1
            else:
                db.execute("UPDATE passages SET active = 0 WHERE document_id = ?", (row[0],))
                db.execute("DELETE FROM aliases WHERE document_id = ?", (row[0],))  # they had the old text
                db.execute(
                    "UPDATE documents SET title = ?, content_hash = ? WHERE id = ?",
                    (document.title, digest, row[0]),
                )
                self._insert_passages(row[0], passages, report)
                report.updated += 1
            report.urls[url] = url
            return
        same_text = db.execute(
            "SELECT id, url FROM documents WHERE content_hash = ? LIMIT 1", (digest,)
        ).fetchone()
        if same_text is not None:
            db.execute("INSERT OR REPLACE INTO aliases (url, document_id) VALUES (?, ?)", (url, same_text[0]))
            report.duplicate_content += 1
            report.urls[url] = same_text[1]
            return
        db.execute("DELETE FROM aliases WHERE url = ?", (url,))  # its text changed: now a document of its own
        cursor = db.execute(
            "INSERT INTO documents (url, title, content_hash) VALUES (?, ?, ?)", (url, document.title, digest)
        )
        assert cursor.lastrowid is not None
        self._insert_passages(cursor.lastrowid, passages, report)
        report.added += 1
        report.urls[url] = url

    def rebase_urls(self, old_prefix: str, new_prefix: str) -> int:
        """Move every document and alias whose URL starts with ``old_prefix`` to ``new_prefix`` (a site that
        moved, same pages): the passages and both indexes stay valid, as they refer to passage ids. Returns
        how many URLs changed."""
        changed = 0
        with self._db:
            for table in ("documents", "aliases"):
                cursor = self._db.execute(
                    f"UPDATE {table} SET url = ? || substr(url, ?) WHERE substr(url, 1, ?) = ?",
                    (new_prefix, len(old_prefix) + 1, len(old_prefix), old_prefix),
                )
                changed += cursor.rowcount
        return changed

    def _insert_passages(self, document_id: int, passages: Sequence[Passage], report: AddReport) -> None:
        self._db.executemany(
            'INSERT INTO passages (document_id, idx, text, start, "end") VALUES (?, ?, ?, ?, ?)',
            [(document_id, p.index, p.text, p.start, p.end) for p in passages],
        )
        report.passages += len(passages)

    # -- reading ---------------------------------------------------------------------------------------
    _SELECT = (
        'SELECT p.id, p.document_id, d.url, d.title, p.idx, p.text, p.start, p."end" '
        "FROM passages p JOIN documents d ON d.id = p.document_id"
    )

    @staticmethod
    def _row(row: tuple) -> CorpusPassage:
        pid, doc_id, url, title, idx, text, start, end = row
        return CorpusPassage(
            pid, doc_id, url, Passage(index=idx, text=text, title=title, start=start, end=end)
        )

    def iter_passages(self, after_id: int = 0, batch: int = 10_000) -> Iterator[list[CorpusPassage]]:
        """Active passages with id > ``after_id``, in id order, in batches."""
        last = after_id
        while True:
            rows = self._db.execute(
                f"{self._SELECT} WHERE p.id > ? AND p.active = 1 ORDER BY p.id LIMIT ?", (last, batch)
            ).fetchall()
            if not rows:
                return
            yield [self._row(r) for r in rows]
            last = rows[-1][0]

    def active_ids(self) -> np.ndarray:
        """The ids of the passages the indexes should hold (a changed document's old passages are
        inactive)."""
        rows = self._db.execute("SELECT id FROM passages WHERE active = 1")
        return np.fromiter((r[0] for r in rows), dtype=np.int64)

    def passages(self, ids: Iterable[int]) -> dict[int, CorpusPassage]:
        """The active passages among ``ids`` (inactive ones, replaced by an update, are left out)."""
        wanted = list(dict.fromkeys(ids))
        found: dict[int, CorpusPassage] = {}
        for i in range(0, len(wanted), 900):  # SQLite's bound-parameter limit
            chunk = wanted[i : i + 900]
            marks = ",".join("?" * len(chunk))
            for row in self._db.execute(f"{self._SELECT} WHERE p.id IN ({marks}) AND p.active = 1", chunk):
                found[row[0]] = self._row(row)
        return found

    def document_passages(self, url: str) -> list[CorpusPassage]:
        """All active passages of the document at ``url`` (or the document an alias points to)."""
        document_id = self.document_id(url)
        if document_id is None:
            return []
        rows = self._db.execute(
            f"{self._SELECT} WHERE p.document_id = ? AND p.active = 1 ORDER BY p.idx", (document_id,)
        )
        return [self._row(r) for r in rows]

    def document_id(self, url: str) -> int | None:
        """The id of the document stored under ``url``, or of the one an alias URL (same text) points to; None
        when the corpus has neither."""
        row = self._db.execute(
            "SELECT id FROM documents WHERE url = ? UNION ALL SELECT document_id FROM aliases WHERE url = ?",
            (url, url),
        ).fetchone()
        return row[0] if row else None

    def canonical_url(self, url: str) -> str | None:
        """The URL under which the text of ``url`` is indexed (itself, or the document it duplicates)."""
        document_id = self.document_id(url)
        if document_id is None:
            return None
        return self._db.execute("SELECT url FROM documents WHERE id = ?", (document_id,)).fetchone()[0]

    def urls_of(self, document_id: int) -> list[str]:
        """Every URL whose text is this document: its own first, then its aliases."""
        own = self._db.execute("SELECT url FROM documents WHERE id = ?", (document_id,)).fetchall()
        aliases = self._db.execute("SELECT url FROM aliases WHERE document_id = ?", (document_id,)).fetchall()
        return [r[0] for r in own + aliases]

    def stats(self) -> dict[str, int]:
        """Row counts of the corpus (documents, aliases, active and inactive passages, fed documents) and the
        highest passage id (how far an index build has to go)."""
        queries = {
            "documents": "SELECT COUNT(*) FROM documents",
            "aliases": "SELECT COUNT(*) FROM aliases",
            "passages": "SELECT COUNT(*) FROM passages WHERE active = 1",
            "inactive_passages": "SELECT COUNT(*) FROM passages WHERE active = 0",
            "max_passage_id": "SELECT COALESCE(MAX(id), 0) FROM passages",
            "fed_documents": "SELECT COUNT(*) FROM fed_documents",
        }
        return {name: self._db.execute(sql).fetchone()[0] for name, sql in queries.items()}
