"""Suggested sources in the patrol, on real parts: the local MediaWiki, real WiCE source pages served over
HTTP, a small real retrieval index (pyserini BM25 + MiniLM in FAISS) holding the page a claim should have
cited, the real verifiers, and the queue on SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from sidebot.config import Settings
from sidebot.patrol import suggester
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Suggestion
from sidebot.retrieve.checks import page_text
from sidebot.retrieve.exclusions import is_wikimedia_url
from sidebot.retrieve.retriever import Retriever
from sidebot.sandbox.demo_content import DemoSource, demo_source, demo_sources
from sidebot.sandbox.source_server import SourceServer
from sidebot.serving.process import free_port
from sidebot.verify.facts import names_the_subject
from tests.fixtures.patrol import small_index
from tests.fixtures.sqlite_lock import write_lock_held

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def wice_server() -> Iterator[SourceServer]:
    with SourceServer() as server:
        yield server


@pytest.fixture(scope="module")
def pages() -> tuple[DemoSource, DemoSource]:
    """A supported claim's own page (the better source; it names the claim's article subject, as a suggestion
    must) and an unrelated page (the wrong citation)."""
    sources = demo_sources()
    # its facts (Leicestershire, two children) sit in one sentence of its page, so the passage a suggestion
    # shows can state them whatever window the reworded claim of the last step matches best
    right = demo_source("dev01108")  # "… he lives in Leicestershire with his wife and two children."
    assert right.label == "supported"
    assert names_the_subject(right.claim.article_title, "\n".join(right.sentences))
    wrong = next(
        s
        for s in sources
        if s.label == "not_supported" and s.claim.article_title != right.claim.article_title
    )
    return right, wrong


@pytest.fixture(scope="module")
def index_folder(tmp_path_factory, wice_server, pages) -> Path:
    """Both pages at the addresses the server gives them, eight more demo pages and 40 SciFact abstracts."""
    return small_index(tmp_path_factory.mktemp("retrieve"), wice_server, pages)


def settings_for(base: Settings, database_url: str, fetch, folder: Path, **retrieve) -> Settings:
    return base.model_copy(
        update={
            "database": base.database.model_copy(update={"url": database_url}),
            "fetch": fetch,
            "retrieve": base.retrieve.model_copy(update={"folder": folder, **retrieve}),
        }
    )


@pytest.fixture
def any_candidate(test_wiki_settings, database_url, source_fetch_settings, index_folder) -> Settings:
    """Settings under which any candidate may be suggested (margin and pass threshold are tested in
    test_retrieve.py): for tests of what the patrol stores."""
    return settings_for(
        test_wiki_settings,
        database_url,
        source_fetch_settings,
        index_folder,
        tagged_margin=-1000.0,
        min_probability=0.0,
    )


def cite_wrong_page(server: SourceServer, right: DemoSource, wrong: DemoSource) -> str:
    """Wikitext where ``right``'s claim cites ``wrong``'s page, tagged {{failed verification}}."""
    return (
        f"Intro sentence of the article.\n\n== History ==\n{right.claim.text}"
        f"<ref>{{{{cite web |url={server.url_for(wrong.id)} |title={wrong.title}}}}}</ref>"
        "{{Failed verification|date=May 2024}}\n\n== References ==\n{{Reflist}}\n"
    )


def refs_for(wiki, titles: list[str]):
    from sidebot.wiki.pages import single_page

    return [single_page(wiki.site, t) for t in titles]


def findings_of(session, title: str) -> list[Finding]:
    query = select(Finding).join(Citation).join(Page).where(Page.title == title).order_by(Finding.id)
    return list(session.scalars(query))


def test_weak_citation_gets_better_sources_once(
    any_candidate, wiki, wiki_users, unique_title, wice_server, pages, minilm
) -> None:
    right, wrong = pages
    settings = any_candidate  # the point: what the patrol stores, and that the cited page is never among it
    title = unique_title(right.claim.article_title)  # "<the claim's article> (<test>)": its subject
    wiki_users.editor.edit(title, cite_wrong_page(wice_server, right, wrong))
    db = Database(settings.database_url)
    patrol = Patrol(settings, db, wiki, minilm)

    summary = patrol.run(refs_for(wiki, [title]), "test", {})
    assert summary.status == "ok" and not summary.errors and not summary.notes
    assert summary.counts["findings_with_suggestions"] == 1
    with db.session() as session:
        (finding,) = findings_of(session, title)
        assert finding.state == "open"
        urls = [s.url for s in finding.suggestions]
        assert 1 <= len(urls) <= settings.retrieve.max_suggestions
        assert [s.rank for s in finding.suggestions] == list(range(1, len(urls) + 1))
        assert wice_server.url_for(right.id) in urls  # the page the claim comes from
        assert wice_server.url_for(wrong.id) not in urls  # never the cited page
        assert not [u for u in urls if is_wikimedia_url(u)]
        with Retriever(settings.retrieve.folder) as retriever:  # any candidate may be suggested here…
            for url in urls:  # …but never one on another subject
                assert names_the_subject(right.claim.article_title, page_text(retriever.corpus, url)), url
        for suggestion in finding.suggestions:
            assert suggestion.passage and suggestion.title is not None
            for evidence in suggestion.evidence:
                assert 0 <= evidence["start"] < evidence["end"] <= len(suggestion.passage)
            # the bot never fetched the suggested pages: their references hold what the corpus gives only
            assert suggestion.reference and suggestion.reference.startswith(
                f"<ref>{{{{cite web |url={suggestion.url} "
            )
            assert "|access-date=" not in suggestion.reference and "|title=" in suggestion.reference
        stored = session.scalar(select(func.count(Suggestion.id)))

    again = patrol.run(refs_for(wiki, [title]), "test", {})
    assert again.counts["pages_unchanged"] == 1 and again.counts["suggestions_stored"] == 0
    with db.session() as session:
        assert session.scalar(select(func.count(Suggestion.id))) == stored, "a re-run added suggestions"

    # The editor changes the claim: the old finding is superseded and the new one gets suggestions of its own.
    wiki_users.editor.edit(
        title,
        cite_wrong_page(wice_server, right, wrong).replace(
            right.claim.text, "Reportedly, " + right.claim.text
        ),
    )
    third = patrol.run(refs_for(wiki, [title]), "test", {})
    assert third.counts["findings_with_suggestions"] == 1
    with db.session() as session:
        old, new = findings_of(session, title)
        assert old.state == "stale" and len(old.suggestions) == len(urls)
        assert new.state == "open" and new.suggestions
    db.dispose()


def test_a_suggestion_must_reach_the_threshold_the_wiki_learned(
    any_candidate, wiki, wiki_users, unique_title, wice_server, pages
) -> None:
    """With the calibrated verifier as the patrol's scorer, a suggested source must pass: its probability at
    least the flag threshold in force, which is the one this wiki's reviewers taught it (`sidebot calibrate`)
    once the run has read it, not the verifier's own. A learned threshold no page reaches leaves the weak
    citation without suggestions (the page the claim comes from passes the verifier's own threshold)."""
    from sidebot.queue import store
    from sidebot.verify import load_verifier

    right, wrong = pages
    settings = any_candidate  # retrieve.min_probability 0: the flag threshold alone is the bar
    title = unique_title(right.claim.article_title)
    wiki_users.editor.edit(title, cite_wrong_page(wice_server, right, wrong))
    db = Database(settings.database_url)
    with db.session() as session:
        store.get_or_create_wiki(session, wiki.name, wiki.api_url, wiki.article_url).flag_below = 1.0
    summary = Patrol(settings, db, wiki, load_verifier()).run(refs_for(wiki, [title]), "test", {})
    assert summary.status == "ok" and not summary.errors and not summary.notes
    assert summary.counts["findings_open"] == 1
    assert summary.counts["suggestions_stored"] == 0
    with db.session() as session:
        (finding,) = findings_of(session, title)
        assert finding.state == "open" and finding.suggestions == []
    db.dispose()


def test_without_an_index_the_patrol_notes_it_once(
    test_wiki_settings,
    database_url,
    source_fetch_settings,
    wiki,
    wiki_users,
    unique_title,
    wice_server,
    pages,
    minilm,
    tmp_path,
) -> None:
    right, wrong = pages
    settings = settings_for(test_wiki_settings, database_url, source_fetch_settings, tmp_path / "none")
    titles = [unique_title("No index") for _ in range(2)]
    for title in titles:
        wiki_users.editor.edit(title, cite_wrong_page(wice_server, right, wrong))
    db = Database(settings.database_url)
    summary = Patrol(settings, db, wiki, minilm).run(refs_for(wiki, titles), "test", {})
    assert summary.status == "ok" and not summary.errors
    assert len(summary.notes) == 1 and "no retrieval index" in summary.notes[0]
    assert summary.counts["suggestions_no_index"] == 2 and summary.counts["findings_open"] == 2
    db.dispose()


def test_a_retrieval_failure_is_recorded_and_the_finding_kept(
    test_wiki_settings,
    database_url,
    source_fetch_settings,
    wiki,
    wiki_users,
    unique_title,
    wice_server,
    index_folder,
    pages,
    minilm,
    tmp_path,
) -> None:
    right, wrong = pages
    broken = tmp_path / "broken"
    shutil.copytree(index_folder, broken)
    for segment in (broken / "bm25" / "lucene").iterdir():  # a damaged Lucene index: Java raises
        segment.write_bytes(b"not a lucene file")
    settings = settings_for(test_wiki_settings, database_url, source_fetch_settings, broken)
    title = unique_title("Broken index")
    wiki_users.editor.edit(title, cite_wrong_page(wice_server, right, wrong))
    db = Database(settings.database_url)
    summary = Patrol(settings, db, wiki, minilm).run(refs_for(wiki, [title]), "test", {})
    assert summary.status == "ok" and summary.counts["suggestions_failed"] == 1
    assert [e["page"] for e in summary.errors] == [title] and "retrieval" in summary.errors[0]["error"]
    with db.session() as session:
        (finding,) = findings_of(session, title)
        assert finding.state == "open" and finding.score is not None and finding.suggestions == []
    db.dispose()


def test_a_reranking_server_that_is_down_defers_the_citation_with_its_suggestions(
    any_candidate, wiki, wiki_users, unique_title, wice_server, pages, minilm
) -> None:
    """Retrieval reranks with the verifier server of ``[verify] endpoint``; when that server is down, the
    citation is not stored without its suggestions (they would never come back for an unchanged page): the
    chunk waits for the next run, like a citation the server could not verify."""
    right, wrong = pages
    settings = any_candidate
    down = settings.model_copy(
        update={"verify": settings.verify.model_copy(update={"endpoint": f"http://127.0.0.1:{free_port()}"})}
    )
    title = unique_title(right.claim.article_title)  # a suggestion's page names the article's subject
    wiki_users.editor.edit(title, cite_wrong_page(wice_server, right, wrong))
    db = Database(settings.database_url)

    first = Patrol(down, db, wiki, minilm).run(refs_for(wiki, [title]), "test", {})
    assert first.counts["verifier_errors"] == 1 and first.counts["citations_deferred"] == 1
    with db.session() as session:
        assert findings_of(session, title) == []
        page = session.scalars(select(Page).where(Page.title == title)).one()
        assert page.deferred_reason == "the verifier server is unavailable"

    later = Patrol(settings, db, wiki, minilm).run([], "test", {})  # the verifier is back (in process here)
    assert later.counts["verifier_errors"] == 0 and later.counts["findings_with_suggestions"] == 1
    with db.session() as session:
        (finding,) = findings_of(session, title)
        assert wice_server.url_for(right.id) in [s.url for s in finding.suggestions]
    db.dispose()


def test_better_sources_are_searched_before_the_chunk_writes(
    test_wiki_settings, source_fetch_settings, index_folder, wiki, wiki_users, unique_title, wice_server,
    pages, minilm, tmp_path, monkeypatch,
) -> None:  # fmt: skip
    """A search reads the index and verifies its candidates (seconds on a CPU, a metasearch engine's pages
    beside): on SQLite the patrol must not hold the queue's write lock through it, or a reviewer's decision
    in the web UI waits and, past 30 s, fails. The chunk's findings are written after its searches."""
    right, wrong = pages
    queue = tmp_path / "queue.db"
    settings = settings_for(
        test_wiki_settings, f"sqlite:///{queue}", source_fetch_settings, index_folder,
        tagged_margin=-1000.0, min_probability=0.0,
    )  # fmt: skip
    title = unique_title(right.claim.article_title)
    wiki_users.editor.edit(title, cite_wrong_page(wice_server, right, wrong))
    db = Database(settings.database_url)
    locked: list[bool] = []
    search = suggester.suggest_sources

    def probed(*args, **kwargs):  # type: ignore[no-untyped-def]
        locked.append(write_lock_held(queue))
        return search(*args, **kwargs)

    monkeypatch.setattr(suggester, "suggest_sources", probed)
    summary = Patrol(settings, db, wiki, minilm).run(refs_for(wiki, [title]), "test", {})
    assert summary.counts["findings_with_suggestions"] == 1
    assert locked == [False]
    db.dispose()
