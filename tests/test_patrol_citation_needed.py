"""Claims tagged {{citation needed}} in the patrol, on real parts: the local MediaWiki, a small real retrieval
index (pyserini BM25 + MiniLM in FAISS) holding the WiCE page that supports one claim, the real bi-encoder
verifier, and the queue on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from sidebot.citations.citations import NEEDS_SOURCE
from sidebot.config import Settings
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page
from sidebot.queue.queries import list_findings
from sidebot.queue.support import ReasonKind
from sidebot.sandbox.demo_content import DemoSource, demo_source
from sidebot.sandbox.source_server import SourceServer
from sidebot.wiki.pages import CITATION_NEEDED_ORIGIN, citation_needed, single_page
from tests.fixtures.patrol import small_index

pytestmark = pytest.mark.integration

UNKNOWN = "Qorvath Silmbrandt"  # a subject no page of the corpus names: nothing can be suggested for it


@pytest.fixture(scope="module")
def wice_server() -> Iterator[SourceServer]:
    with SourceServer() as server:
        yield server


@pytest.fixture(scope="module")
def right() -> DemoSource:
    source = demo_source("dev01108")  # "… he lives in Leicestershire with his wife and two children."
    assert source.label == "supported"
    return source


@pytest.fixture(scope="module")
def index_folder(tmp_path_factory, wice_server, right) -> Path:
    """The supporting page at its address on the server, eight other demo pages, 40 SciFact abstracts."""
    return small_index(tmp_path_factory.mktemp("retrieve"), wice_server, [right])


@pytest.fixture
def settings(test_wiki_settings, database_url, source_fetch_settings, index_folder) -> Settings:
    """Any candidate that passes the fact and subject checks may be suggested (the gate itself is tested in
    test_retrieve.py): these tests are about what the patrol stores."""
    base = test_wiki_settings
    return base.model_copy(
        update={
            "database": base.database.model_copy(update={"url": database_url}),
            "fetch": source_fetch_settings,
            "retrieve": base.retrieve.model_copy(update={"folder": index_folder, "min_probability": 0.0}),
        }
    )


def tagged_articles(wiki_users, unique_title, right: DemoSource) -> tuple[str, str]:
    """An article whose claim (a page in the corpus supports it) is tagged {{cn}}, and one whose claim no page
    there is about, tagged {{Citation needed}}."""
    supported = unique_title(right.claim.article_title)
    wiki_users.editor.edit(
        supported,
        f"Intro sentence of the article.\n\n== Life ==\n{right.claim.text}{{{{cn|date=May 2024}}}}\n",
    )
    unknown = unique_title(UNKNOWN)
    wiki_users.editor.edit(
        unknown,
        f"{UNKNOWN} is a painter.\n\n== Life ==\n{UNKNOWN} bred seven blue horses in Qarnat in 1711."
        "{{Citation needed|date=June 2023}}\n",
    )
    return supported, unknown


def findings_of(session, title: str) -> list[Finding]:
    query = select(Finding).join(Citation).join(Page).where(Page.title == title).order_by(Finding.id)
    return list(session.scalars(query))


def test_a_claim_with_a_source_in_the_corpus_is_queued_and_one_without_is_counted(
    settings, wiki, wiki_users, unique_title, wice_server, right, minilm
) -> None:
    supported, unknown = tagged_articles(wiki_users, unique_title, right)
    db = Database(settings.database_url)
    refs = [single_page(wiki.site, t) for t in (supported, unknown)]

    summary = Patrol(settings, db, wiki, minilm).run(refs, "test", {})
    assert summary.status == "ok" and not summary.errors
    counts = summary.counts
    assert (counts["needs_source_with_suggestion"], counts["needs_source_no_suggestion"]) == (1, 1)
    assert counts["sources_fetched"] == 0  # there is no cited source to fetch
    with db.session() as session:
        (queued,) = findings_of(session, supported)
        assert (queued.state, queued.flag_reason, queued.source_id) == ("open", "needs a source", None)
        assert queued.citation.kind == NEEDS_SOURCE and queued.citation.tag_date == "May 2024"
        assert queued.citation.claim == right.claim.text
        assert wice_server.url_for(right.id) == queued.suggestions[0].url  # the page that states the claim
        (counted,) = findings_of(session, unknown)
        assert counted.state == "unverifiable" and not counted.suggestions
        listed = list_findings(session, states=["open"], reason=ReasonKind.NEEDS_SOURCE)
        assert [r.article for r in listed] == [supported]  # a patroller never sees "no source found"
        assert listed[0].tag_date == "May 2024" and listed[0].kind == NEEDS_SOURCE

    again = Patrol(settings, db, wiki, minilm).run(refs, "test", {})  # unchanged: nothing searched again
    assert again.counts["pages_unchanged"] == 2 and not again.counts["needs_source_seen"]

    wiki_users.editor.edit(  # an editor cites a source for the claim: the finding goes stale
        supported,
        f"Intro sentence of the article.\n\n== Life ==\n{right.claim.text}"
        f"<ref>{wice_server.url_for(right.id)}</ref>\n",
    )
    Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, supported)], "test", {})
    with db.session() as session:
        states = {(f.citation.kind, f.state) for f in findings_of(session, supported)}
        assert (NEEDS_SOURCE, "stale") in states
        assert session.scalars(
            select(Citation).join(Page).where(Page.title == supported, Citation.present)
        ).one().url == wice_server.url_for(right.id)
    db.dispose()


def test_all_queues_a_claim_without_a_suggestion_too(
    settings, wiki, wiki_users, unique_title, right, minilm
) -> None:
    _, unknown = tagged_articles(wiki_users, unique_title, right)
    keep_all = settings.model_copy(
        update={"patrol": settings.patrol.model_copy(update={"needs_source_without_suggestion": True})}
    )
    db = Database(keep_all.database_url)
    summary = Patrol(keep_all, db, wiki, minilm).run([single_page(wiki.site, unknown)], "test", {"all": True})
    assert summary.counts["needs_source_no_suggestion"] == 1
    with db.session() as session:
        (finding,) = findings_of(session, unknown)
        assert (finding.state, finding.flag_reason) == ("open", "needs a source: no verified source found")
    db.dispose()


def test_the_sweep_lists_tagged_pages_by_page_id_after_its_cursor(
    wiki, wiki_users, unique_title, right
) -> None:
    supported, unknown = tagged_articles(wiki_users, unique_title, right)
    templates = ["Citation needed", "Citation needed span", "No such template here"]
    listed = [r for r in citation_needed(wiki.site, templates) if r.title in (supported, unknown)]
    assert [r.title for r in listed] == [supported, unknown]  # created in this order: ascending page ids
    assert {r.origin for r in listed} == {CITATION_NEEDED_ORIGIN}
    after = [r.title for r in citation_needed(wiki.site, templates, after=listed[0].page_id)]
    assert supported not in after and unknown in after
    assert len(list(citation_needed(wiki.site, templates, limit=1))) == 1
