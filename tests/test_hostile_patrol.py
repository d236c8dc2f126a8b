"""Hostile pages: one citation with a poisoned source, and a page with 10,000 refs, on the local MediaWiki.

Neither may stop a patrol: the poisoned source is recorded and its page's other citations are scored; the huge
page is checked up to the per-page cap (or time budget), the rest is deferred with the reason on the page's
record, the run is closed, and the next runs resume the page until it is done. The queue is SQLite; the
sources come from the loopback source server (tests/fixtures/sources.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from sidebot.config import Settings
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Run, Source
from sidebot.sources.fetch import fetch_many
from sidebot.verify.urldepth import UrlDepthScorer
from tests.fixtures.sources import SourceServer

pytestmark = [pytest.mark.integration, pytest.mark.hostile]

GOOD = (
    "/article.html",
    "/blanda.txt",
    "/blanda-latin1.txt",
    "/article-gzip.html",
    "/no-type.html",
    "/mislabeled-utf8.html",
)


@pytest.fixture
def settings(test_wiki_settings: Settings, source_fetch_settings, tmp_path: Path) -> Settings:
    return test_wiki_settings.model_copy(
        update={
            "database": test_wiki_settings.database.model_copy(
                update={"url": f"sqlite:///{tmp_path / 'q.db'}"}
            ),
            "fetch": source_fetch_settings,
            "retrieve": test_wiki_settings.retrieve.model_copy(update={"enabled": False}),
        }
    )


def _refs(wiki, *titles: str):  # type: ignore[no-untyped-def]
    from sidebot.wiki.pages import single_page

    return [single_page(wiki.site, t) for t in titles]


def _patrol(settings: Settings, db: Database, wiki) -> Patrol:  # type: ignore[no-untyped-def]
    return Patrol(settings, db, wiki, UrlDepthScorer(), lambda urls: fetch_many(urls, settings.fetch))


def test_a_poisoned_charset_costs_only_its_own_citation(
    settings: Settings, wiki, wiki_users, unique_title, source_server: SourceServer
) -> None:
    title = unique_title("Poisoned charset")
    paths = [*GOOD, "/charset?label=rot13&in=header"]
    text = "".join(
        f"Claim {i} about the subject.<ref>[{source_server.url(p)} source]</ref>\n"
        for i, p in enumerate(paths)
    )
    wiki_users.editor.edit(title, text + "\n== References ==\n{{Reflist}}\n", "test article")
    db = Database(settings.database_url)
    summary = _patrol(settings, db, wiki).run(_refs(wiki, title), "test", {})
    assert summary.status == "ok" and not summary.errors, summary.errors
    assert summary.counts["citations_scored"] == len(paths)  # the rot13 page decodes as the text it is
    with db.session() as session:
        assert session.scalar(select(func.count(Source.id))) == len(paths)
        assert session.scalar(select(func.count(Finding.id))) == len(paths)
    db.dispose()


@pytest.mark.slow  # ~2 min: the wiki saves and renders two 10,000-ref pages
def test_a_page_with_10000_refs_is_bounded_deferred_and_resumed(
    settings: Settings, wiki, wiki_users, unique_title, source_server: SourceServer
) -> None:
    title = unique_title("Ten thousand refs")
    urls = [source_server.url(p) for p in GOOD[:3]]
    text = "".join(
        f"Statement number {i} of the list.<ref>[{urls[i % len(urls)]}?n={i % 7} source]</ref>\n"
        for i in range(10_000)
    )
    wiki_users.editor.edit(title, text + "\n== References ==\n{{Reflist}}\n", "test article")
    bounded = settings.model_copy(
        update={"patrol": settings.patrol.model_copy(update={"max_citations_per_page": 4000})}
    )
    db = Database(bounded.database_url)
    patrol = _patrol(bounded, db, wiki)

    first = patrol.run(_refs(wiki, title), "test", {})
    assert first.status == "ok" and not first.errors, first.errors
    assert first.counts["citations_scored"] == 4000 and first.counts["citations_deferred"] == 6000
    assert any("6000 citations left for the next run" in note for note in first.notes), first.notes
    with db.session() as session:
        run = session.get(Run, first.run_id)
        assert run.status == "ok" and run.ended_at is not None
        page = session.scalars(select(Page).where(Page.title == title)).one()
        assert "cap of 4000 citations" in (page.deferred_reason or "")

    second = patrol.run([], "test", {})  # nothing listed: the deferred page is resumed by itself
    assert second.counts["citations_scored"] == 4000 and second.counts["citations_deferred"] == 2000
    third = patrol.run([], "test", {})
    assert third.counts["citations_scored"] == 2000 and third.counts["pages_deferred"] == 0
    with db.session() as session:
        page = session.scalars(select(Page).where(Page.title == title)).one()
        assert page.deferred_reason is None and page.deferred_origin is None
        assert session.scalar(select(func.count(Citation.id)).where(Citation.page_id == page.id)) == 10_000
        assert session.scalar(select(func.count(Finding.id))) == 10_000  # each citation scored once
    assert patrol.run([], "test", {}).counts["pages_seen"] == 0
    assert patrol.run(_refs(wiki, title), "test", {}).counts["pages_unchanged"] == 1

    budgeted = bounded.model_copy(
        update={"patrol": bounded.patrol.model_copy(update={"page_time_budget": 0.001})}
    )
    other = unique_title("Ten thousand refs, timed")
    wiki_users.editor.edit(other, text.replace("Statement", "Line"), "test article")
    timed = _patrol(budgeted, db, wiki).run(_refs(wiki, other), "test", {})
    assert timed.status == "ok" and timed.counts["citations_scored"] == 50  # one chunk, then out of time
    with db.session() as session:
        page = session.scalars(select(Page).where(Page.title == other)).one()
        assert "time budget of 0.001 s" in (page.deferred_reason or "")
    db.dispose()
