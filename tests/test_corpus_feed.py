"""The wiki's cited web as the retrieval corpus (sidebot.queue.cited_sources, sidebot.patrol.corpus_feed), on
real parts: the local MediaWiki through Pywikibot, real WiCE pages and the demo's mirror, paywall and moved
notice over HTTP, the real MiniLM scorer, the queue on SQLite and PostgreSQL, and a real corpus with pyserini
BM25 and MiniLM in FAISS."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text, update

from sidebot.config import Settings, WebSettings
from sidebot.datasets.documents import Document
from sidebot.patrol import corpus_feed
from sidebot.patrol.corpus_feed import corpus_lock, feed_corpus
from sidebot.patrol.loop import Patrol
from sidebot.queue.cited_sources import cited_in, is_the_source
from sidebot.queue.db import Database
from sidebot.queue.feed_rows import FEED_LOCK
from sidebot.queue.models import Citation, CitedSource, Finding, Page, Source, Suggestion, Wiki
from sidebot.queue.queries import list_findings
from sidebot.retrieve.corpus import Corpus
from sidebot.retrieve.retriever import CORPUS_DIR, Retriever
from sidebot.sandbox.demo_content import DemoSource, demo_source
from sidebot.sandbox.demo_extras import MIRROR, MOVED, PAYWALL
from sidebot.sandbox.source_server import SourceServer
from sidebot.web.app import create_app
from sidebot.web.cards import load_card

JODIE = "Jodie Emery (born January 4, 1985) is a Canadian cannabis activist, and politician."
BACKS, BACKS_TOO, WEAK = "dev01864", "dev02319", "dev00068"  # MiniLM: 0.81, 0.82 and 0.19 on their pages


def test_only_a_readable_page_that_is_the_source_and_no_wikipedia_counts() -> None:
    page = {"url": "https://news.example/a", "status": "ok", "text": "Words.", "page_kind": "content"}
    assert is_the_source(Source(**page))
    assert is_the_source(Source(**page | {"status": "pdf", "page_kind": None}))
    assert not is_the_source(Source(**page | {"status": "not_source", "page_kind": "consent-wall"}))
    assert not is_the_source(Source(**page | {"page_kind": "gone"}))  # a soft 404 that kept its text
    assert not is_the_source(Source(**page | {"text": ""}))
    assert not is_the_source(Source(**page | {"url": "https://en.wikipedia.org/wiki/A"}))
    assert not is_the_source(Source(**page | {"final_url": "https://de.m.wikipedia.org/wiki/A"}))
    assert not is_the_source(Source(**page | {"wikipedia_notice": "From Wikipedia, the free encyclopedia"}))


def _fed(corpus: Corpus, names: list[str], at: float) -> None:
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
    corpus.feed(
        (Document(f"https://{n}.example/page", n, f"{n} " + " ".join(words[i:] + words[:i])), at)
        for i, n in enumerate(names)
    )


@pytest.mark.parametrize("by", ["cited", "added"])
def test_the_cap_evicts_fed_documents_by_use_or_age_and_spares_the_operators(tmp_path: Path, by: str) -> None:
    with Corpus(tmp_path) as corpus:
        corpus.add([Document("https://operator.example/x", "Operator", "An operator's own document here.")])
        _fed(corpus, ["old"], at=100.0)
        _fed(corpus, ["mid"], at=200.0)
        _fed(corpus, ["new"], at=300.0)
        _fed(corpus, ["old"], at=400.0)  # cited again: the most recently used, still the earliest added
        old_passages = [p.id for p in corpus.document_passages("https://old.example/page")]
        assert corpus.stats()["fed_documents"] == 3 and corpus.evict(3, by) == 0

        assert corpus.evict(1, by) == 2
        kept = {"cited": "old", "added": "new"}[by]
        gone = {"old", "mid", "new"} - {kept}
        assert corpus.document_id(f"https://{kept}.example/page") is not None
        assert corpus.document_id("https://operator.example/x") is not None  # never evicted
        for name in gone:
            assert corpus.document_id(f"https://{name}.example/page") is None
        stats = corpus.stats()
        assert stats["documents"] == 2 and stats["fed_documents"] == 1 and stats["inactive_passages"] == 2
        if by == "added":  # the indexes skip an evicted document's passages: they read active ones only
            assert corpus.passages(old_passages) == {}
            _fed(corpus, ["old"], at=500.0)  # cited once more after eviction: added afresh
            assert corpus.document_id("https://old.example/page") is not None
            assert corpus.stats()["fed_documents"] == 2


@pytest.fixture(scope="module")
def wice_server() -> Iterator[SourceServer]:
    with SourceServer() as server:
        yield server


@pytest.fixture
def feed_settings(settings: Settings, tmp_path: Path) -> Settings:
    """The patrol tests' settings with the corpus in this test's folder and a pass line MiniLM's scores of
    the chosen pages sit clearly on either side of."""
    return settings.model_copy(
        update={
            "retrieve": settings.retrieve.model_copy(update={"folder": tmp_path / "retrieve", "feed": True}),
            "verify": settings.verify.model_copy(update={"flag_below": 0.6}),
        }
    )


def cite(server: SourceServer, claim: str, path: str, title: str) -> str:
    return f"{claim}<ref>{{{{cite web |url={server.base_url}{path} |title={title}}}}}</ref>\n\n"


def page_of(source: DemoSource) -> str:
    return f"/wice/{source.id}"


def refs_for(wiki, titles: list[str]):
    from sidebot.wiki.pages import single_page

    return [single_page(wiki.site, t) for t in titles]


def states(db: Database, title: str) -> dict[str, str]:
    """The state of each citation's finding on ``title``, by the last part of its URL."""
    with db.session() as session:
        query = select(Citation.url, Finding.state).join(Finding).join(Page).where(Page.title == title)
        return {url.rsplit("/", 1)[-1]: state for url, state in session.execute(query)}


def test_a_patrol_feeds_what_backs_its_claim_once_and_indexes_only_the_new_passages(
    feed_settings, wiki, wiki_users, unique_title, wice_server, minilm, tmp_path
) -> None:
    settings = feed_settings
    backs, backs_too, weak = demo_source(BACKS), demo_source(BACKS_TOO), demo_source(WEAK)
    # each claim in an article on its subject, as on the wiki (MiniLM reads the title with the claim)
    first, second = unique_title(backs.claim.article_title), unique_title(backs.claim.article_title)
    third = unique_title(backs_too.claim.article_title)
    wiki_users.editor.edit(
        first,
        "Intro.\n\n== History ==\n"
        + cite(wice_server, backs.claim.text, page_of(backs), backs.title)
        + cite(wice_server, weak.claim.text, page_of(weak), weak.title)  # low support
        + cite(wice_server, JODIE, MIRROR.path, MIRROR.title)  # a mirror of the article
        + cite(wice_server, "A treasure hunt became a race.", PAYWALL.path, PAYWALL.title)  # a wall
        + cite(wice_server, "The first nurse enlisted.", MOVED.old_path, "Moved")  # a moved notice
        + "== References ==\n{{Reflist}}\n",
    )
    wiki_users.editor.edit(second, cite(wice_server, backs.claim.text, page_of(backs), backs.title))
    db = Database(settings.database_url)
    patrol = Patrol(settings, db, wiki, minilm)

    summary = patrol.run(refs_for(wiki, [first, second]), "test", {})
    assert summary.status == "ok" and not summary.errors
    found = states(db, first)
    assert found[BACKS] == "passed" and found[WEAK] == "open"  # the verifier's side of the rule
    assert found["Jodie_Emery"] == "open"  # copies Wikipedia
    walls = (PAYWALL.path, MOVED.old_path)
    assert [found[path.rsplit("/", 1)[-1]] for path in walls] == ["unverifiable"] * 2
    assert summary.counts["cited_sources_recorded"] == 2  # the backing page, on each article citing it
    backs_url = wice_server.base_url + page_of(backs)

    with corpus_lock(settings.retrieve.folder):  # another indexer at work: this one skips its turn
        assert feed_corpus(settings, db).busy
    report = feed_corpus(settings, db)
    assert not report.busy and report.rows == 2
    assert (report.corpus.added, report.corpus.unchanged) == (1, 1)  # one document, cited twice
    folder = settings.retrieve.folder
    with Retriever(folder, settings.retrieve) as retriever:
        corpus = retriever.corpus
        assert corpus.stats()["documents"] == corpus.stats()["fed_documents"] == 1
        assert corpus.canonical_url(backs_url) == backs_url
        passages = corpus.document_passages(backs_url)
        assert retriever.sparse.state()["last_passage_id"] == passages[-1].id
        hits = {pid for pid, _ in retriever.sparse.search(backs.sentences[0], 5)}
        assert hits & {p.id for p in passages}
    with db.session() as session:
        where = cited_in(session, [backs_url])[backs_url]
        assert {c.article for c in where} == {first, second}
        assert session.scalar(select(func.count(CitedSource.id)).where(CitedSource.fed_at.is_(None))) == 0

    # A re-run checks nothing new and adds nothing; rows fed again (a crash before marking them) add nothing.
    again = patrol.run(refs_for(wiki, [first, second]), "test", {})
    assert again.counts["cited_sources_recorded"] == 0 and feed_corpus(settings, db).rows == 0
    with db.session() as session:
        session.execute(update(CitedSource).values(fed_at=None))
    refed = feed_corpus(settings, db)
    assert refed.rows == 2 and refed.corpus.added == 0 and refed.sparse is None  # indexes untouched

    # A new page cited later: its passages alone are indexed, the earlier index files stay as they were.
    lucene = folder / "bm25" / "lucene"
    before = {f.name: f.stat().st_mtime_ns for f in lucene.iterdir() if f.name.startswith("_")}
    vectors_before = (folder / "dense" / "ids.i64").read_bytes()
    wiki_users.editor.edit(
        third, cite(wice_server, backs_too.claim.text, page_of(backs_too), backs_too.title)
    )
    assert patrol.run(refs_for(wiki, [third]), "test", {}).counts["cited_sources_recorded"] == 1
    later = feed_corpus(settings, db)
    new_url = wice_server.base_url + page_of(backs_too)
    with Retriever(folder, settings.retrieve) as retriever:
        new_passages = retriever.corpus.document_passages(new_url)
        assert later.sparse.indexed == later.dense.encoded == len(new_passages) == later.corpus.passages
        assert {name: mtime for name, mtime in before.items() if (lucene / name).exists()} == before
        assert (folder / "dense" / "ids.i64").read_bytes().startswith(vectors_before)
        hits = {pid for pid, _ in retriever.sparse.search(backs_too.sentences[0], 5)}
        assert hits & {p.id for p in new_passages}
        vector = retriever.embedder.encode_query(backs_too.sentences[0])
        assert {pid for pid, _ in retriever.dense.search(vector, 5)} & {p.id for p in new_passages}

    # "Also cited in": a suggestion of the backing page on another finding names the articles citing it.
    with db.session() as session:
        weak_finding = session.scalar(
            select(Finding).join(Citation).join(Page).where(Page.title == first, Citation.url.endswith(WEAK))
        )
        weak_finding.suggestions = [Suggestion(rank=1, url=backs_url, title=backs.title, score=0.9)]
        weak_id = weak_finding.id
    with db.session() as session:
        (row,) = [r for r in list_findings(session, states=["open"], article=first) if r.id == weak_id]
        rev = session.scalar(select(Page.rev_id).where(Page.title == second))
        assert row.suggestions[0]["cited_in"] == [{"wiki": wiki.name, "article": second, "rev_id": rev}]
        card = load_card(session, weak_id)
        assert card.suggestions[0].cited_in == [second]
    with TestClient(create_app(settings, db, WebSettings(secret_key_file=str(tmp_path / "key")))) as client:
        shown = client.get(f"/findings/{weak_id}")
    assert shown.status_code == 200 and 'data-testid="suggestion-cited-in"' in shown.text
    assert f"also cited in <em>{second}</em>" in shown.text
    db.dispose()


@pytest.mark.postgres
def test_on_postgresql_one_indexer_holds_the_queue(
    test_wiki_settings, postgres_server, tmp_path, monkeypatch
) -> None:
    """A second machine's indexer (another corpus folder, same queue database) skips its turn while one
    holds the queue's advisory lock."""
    url = postgres_server.create_database(f"feedlock_{tmp_path.name.lower()[:30]}")
    settings = test_wiki_settings.model_copy(
        update={
            "database": test_wiki_settings.database.model_copy(update={"url": url}),
            "retrieve": test_wiki_settings.retrieve.model_copy(update={"folder": tmp_path / "retrieve"}),
        }
    )
    db = Database(url)
    with db.session() as session:  # one row not fed yet, so the indexer goes as far as the locks
        page = Page(wiki=Wiki(name="w", api_url="http://127.0.0.1/api.php"), title="A")
        source = Source(url_hash="h", url="http://127.0.0.1/s", status="ok", text="A text to index.")
        session.add(
            CitedSource(page=page, source=source, url=source.url, url_hash="h", text_hash="t", rev_id=1)
        )
    with db.engine.connect() as other:
        assert other.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": FEED_LOCK}).scalar()
        assert feed_corpus(settings, db).busy
        other.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": FEED_LOCK})
        other.commit()
    assert not (settings.retrieve.folder / CORPUS_DIR).exists()  # the busy turn wrote nothing

    # On one machine, an indexer that finds the corpus locked does not try the queue's lock: taken even
    # briefly, it turned away the indexer holding the corpus, and both skipped (seen in CI).
    tried = []
    real_lock = corpus_feed.feed_lock

    @contextmanager
    def watched_lock(database: Database) -> Iterator[bool]:
        tried.append(database)
        with real_lock(database) as ours:
            yield ours

    monkeypatch.setattr(corpus_feed, "feed_lock", watched_lock)
    with corpus_lock(settings.retrieve.folder):
        assert feed_corpus(settings, db).busy
    assert tried == []
    with db.engine.connect() as other:  # the corpus free, the queue's lock is tried (and found taken)
        assert other.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": FEED_LOCK}).scalar()
        assert feed_corpus(settings, db).busy
        other.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": FEED_LOCK})
        other.commit()
    assert tried == [db]
    db.dispose()


def test_the_scheduler_runs_the_indexer_as_a_recorded_job(feed_settings, wiki, tmp_path) -> None:
    import threading

    from sidebot.scheduler.app import job_specs
    from sidebot.scheduler.jobs import CORPUS_FEED, JobContext, run_job

    settings = feed_settings
    assert CORPUS_FEED in [spec.name for spec in job_specs(settings)]
    off = settings.model_copy(update={"retrieve": settings.retrieve.model_copy(update={"feed": False})})
    assert CORPUS_FEED not in [spec.name for spec in job_specs(off)]
    db = Database(settings.database_url)
    words = " ".join(f"word{i}" for i in range(150))
    with db.session() as session:  # what a patrol records (the patrol's side is tested above)
        page = Page(wiki=Wiki(name="elsewhere", api_url="http://127.0.0.1/w/api.php"), title="A")
        source = Source(url_hash="h1", url="http://127.0.0.1/a", status="ok", text=words, page_kind="content")
        session.add(
            CitedSource(page=page, source=source, url=source.url, url_hash="h1", text_hash="t", rev_id=7)
        )
    ctx = JobContext(settings, db, wiki, scorer=None, stop=threading.Event())  # type: ignore[arg-type]
    result = run_job(ctx, CORPUS_FEED)
    assert result.status == "ok" and result.counts["cited_sources_fed"] == 1
    assert result.counts["corpus_documents_added"] == 1 and result.counts["passages_indexed"] == 2
    assert run_job(ctx, CORPUS_FEED).counts["cited_sources_fed"] == 0
    db.dispose()
