"""Suggestions from a search engine, on real parts: a stand-in SearXNG JSON API on 127.0.0.1
(sidebot.sandbox.search_server), the pages its hits name served over real HTTP on another loopback address,
127.0.0.2 (the WiCE demo pages, a mirror, a soft 404, a paywall, a moved page), the real fetcher (SSRF guard
allowing only 127.0.0.2/32, robots.txt, soft-404 probe), the shipped verifier, and the queue on SQLite and
PostgreSQL (fetched hits are cached as sources). The last test runs a patrol on the local MediaWiki."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from sqlalchemy import select

from sidebot.config import FetchSettings, MetasearchSettings, Settings
from sidebot.patrol.loop import Patrol
from sidebot.patrol.mirrors import MirrorCheck
from sidebot.patrol.pipeline import SourceText, claim_for, suggest_sources
from sidebot.patrol.web_search import WebSearch, stored_pages
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Source
from sidebot.records import Claim
from sidebot.retrieve.metasearch import Metasearch
from sidebot.retrieve.query import build_queries
from sidebot.retrieve.retriever import Retriever
from sidebot.sandbox.demo_content import DemoSource, demo_source, demo_sources
from sidebot.sandbox.demo_extras import MOVED, PAYWALL
from sidebot.sandbox.search_server import SearchServer
from sidebot.sandbox.source_server import SourceServer
from sidebot.sources.fetch import fetch_many
from sidebot.sources.passages import split_passages

pytestmark = pytest.mark.integration

PAGES_HOST = "127.0.0.2"  # where the hits' pages live: the only address the fetcher may reach here


@pytest.fixture(scope="module")
def right() -> DemoSource:
    """A supported claim and its page, which names the claim's article subject, as a suggestion must."""
    source = demo_source("dev01108")  # "… he lives in Leicestershire with his wife and two children."
    assert source.label == "supported"
    return source


@pytest.fixture(scope="module")
def wrong(right) -> DemoSource:
    return next(
        s
        for s in demo_sources()
        if s.label == "not_supported" and s.claim.article_title != right.claim.article_title
    )


@pytest.fixture(scope="module")
def web() -> Iterator[SourceServer]:
    with SourceServer(host=PAGES_HOST) as server:
        yield server


def _page(title: str, body: str) -> str:
    head = f"<!DOCTYPE html><html><head><title>{title}</title></head>"
    return f"{head}<body><main><article>{body}</article></main></body></html>"


@pytest.fixture(scope="module")
def odd_site(right) -> Iterator[SearchServer]:
    """Pages that state the claim word for word and are still no source: a Wikipedia mirror (it says so) and
    a site that answers every address under /any/ with the same page (a soft 404)."""
    text = " ".join(f"<p>{s}</p>" for s in right.sentences)
    mirror = _page(
        f"{right.claim.article_title} - Encyclopedia",
        "<p>From Wikipedia, the free encyclopedia</p>"
        f"<p>{right.claim.text}</p>{text}<p>This article uses material from the Wikipedia article "
        f'"{right.claim.article_title}", released under the Creative Commons Attribution-Share-Alike '
        "License 4.0.</p>",
    )
    copy = _page(right.title, text)  # the page at a second address: a source as good as the first
    pages = {"/mirror/Armellini": mirror, "/any/": _page("Welcome", text), "/copy/armellini.html": copy}
    with SearchServer(host=PAGES_HOST, pages=pages) as server:
        yield server


@pytest.fixture(scope="module")
def engine_server() -> Iterator[SearchServer]:
    with SearchServer() as server:
        yield server


@pytest.fixture
def engine(engine_server) -> SearchServer:
    """The stand-in engine, its answers reset for each test."""
    engine_server.results, engine_server.misbehave, engine_server.queries = [], None, []
    engine_server.formats = ("json", "html")
    return engine_server


@pytest.fixture
def fetch_settings() -> FetchSettings:
    return FetchSettings(
        allow_networks=[f"{PAGES_HOST}/32"],
        connect_timeout=2.0,
        read_timeout=2.0,
        total_timeout=5.0,
        per_host_delay=0.0,
        per_host_concurrency=4,
    )


@pytest.fixture(scope="module")
def retriever(tmp_path_factory) -> Iterator[Retriever]:
    """A retriever without an index (the corpus has its own tests): its verifier and its gate."""
    with Retriever(tmp_path_factory.mktemp("no-index")) as retriever:
        assert not retriever.ready
        yield retriever


def hit(url: str, title: str = "A page") -> dict:
    return {"url": url, "title": title, "content": "…", "engine": "stand-in", "engines": ["stand-in"]}


class Fetched:
    """The project's fetcher, recording what it was asked to fetch."""

    def __init__(self, settings: FetchSettings) -> None:
        self.settings, self.urls = settings, []

    def __call__(self, urls: list[str]):
        self.urls += urls
        return fetch_many(urls, self.settings)


def claim_of(source: DemoSource) -> Claim:
    return claim_for(source.claim.text, source.claim.article_title, "", "")


def ask(retriever, engine, db, fetcher, claim, cited: DemoSource, server: SourceServer, **settings):
    """suggest_sources for ``claim`` citing ``cited``'s page, the search engine on."""
    cited_text = SourceText(server.url_for(cited.id), cited.title, "\n".join(cited.sentences))
    passages = split_passages(cited_text.text, cited_text.title)
    verdict = retriever.scorer.verify(claim, passages, cited_text.url)  # the score a suggestion must beat
    web = WebSearch(
        Metasearch(MetasearchSettings(url=engine.base_url, **settings), fetcher.settings.user_agent),
        stored_pages(db, fetcher, fetcher.settings),
        max_hits=10,
        mirrors=MirrorCheck(Settings().mirrors, None),
    )
    return suggest_sources(retriever, claim, cited_text, verdict, [], web=web)


@pytest.fixture
def sqlite_db(tmp_path) -> Iterator[Database]:
    database = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    yield database
    database.dispose()


def test_a_hit_that_states_the_claim_is_suggested_and_its_page_cached(
    db, retriever, engine, web, right, wrong, fetch_settings
) -> None:
    claim = claim_of(right)
    other = next(
        s
        for s in demo_sources()
        if s.claim.article_title not in (right.claim.article_title, wrong.claim.article_title)
    )
    hits = [hit(web.url_for(other.id), other.title), hit(web.url_for(wrong.id)), hit(web.url_for(right.id))]
    engine.results = hits
    fetcher = Fetched(fetch_settings)
    found = ask(retriever, engine, db, fetcher, claim, wrong, web)
    assert [s.url for s in found] == [web.url_for(right.id)]  # the unrelated page does not pass the gate
    (suggestion,) = found
    assert suggestion.probability >= retriever.settings.min_probability
    assert "Leicestershire" in suggestion.passage.text and suggestion.title
    assert engine.queries == [{"q": build_queries(claim).plain, "format": "json"}]
    assert fetcher.urls == [web.url_for(other.id), web.url_for(right.id)]  # never the cited page
    with db.session() as session:
        rows = {s.url: s for s in session.scalars(select(Source))}
        assert (
            rows[web.url_for(right.id)].status == "ok"
            and "Leicestershire" in rows[web.url_for(right.id)].text
        )

    # asked again: the pages come from the queue's cache, and the cited page is never suggested
    fetcher.urls.clear()
    engine.results = [hit(web.url_for(right.id), right.title)]
    again = ask(retriever, engine, db, fetcher, claim, right, web)
    assert again == [] and fetcher.urls == []


def test_hits_that_are_no_source_are_not_fetched_or_not_suggested(
    sqlite_db, retriever, engine, web, odd_site, right, wrong, fetch_settings, caplog
) -> None:
    wikipedia = "https://en.wikipedia.org/wiki/Alejandro_Armellini"
    listed_mirror = "https://www.wikiwand.com/en/Alejandro_Armellini"
    engine.results = [
        hit(wikipedia, "Alejandro Armellini - Wikipedia"),
        hit(listed_mirror, "Alejandro Armellini"),
        hit(odd_site.base_url + "/mirror/Armellini"),
        hit(odd_site.base_url + "/any/armellini-family.html"),
        hit(web.base_url + PAYWALL.path),
        hit(web.base_url + MOVED.old_path),
        hit(f"http://{PAGES_HOST}:1/unreachable"),
    ]
    fetcher = Fetched(fetch_settings)
    with caplog.at_level(logging.INFO, "sidebot"):
        found = ask(retriever, engine, sqlite_db, fetcher, claim_of(right), wrong, web)
    assert found == []
    assert wikipedia not in fetcher.urls and listed_mirror not in fetcher.urls  # refused before any fetch
    log = caplog.text
    assert f"hit {wikipedia!r} refused: Wikipedia" in log
    assert f"hit {listed_mirror!r} refused: a copy of Wikipedia" in log
    assert f"{odd_site.base_url}/mirror/Armellini not read: it says it is taken from Wikipedia" in log
    assert f"{odd_site.base_url}/any/armellini-family.html not read: not_source" in log  # the soft 404
    assert f"{web.base_url}{PAYWALL.path} not read: not_source" in log
    assert f"{web.base_url}{MOVED.old_path} not read: not_source" in log
    assert f"http://{PAGES_HOST}:1/unreachable not read: dead" in log


def test_hostile_hits_are_refused(
    sqlite_db, retriever, engine, web, right, wrong, fetch_settings, caplog
) -> None:
    """The engine's own address is trusted; the addresses it returns are not: loopback outside the allowed
    /32 (the engine's own host), a cloud metadata address, other schemes, results that are not results."""
    local = engine.base_url + "/search?q=secret&format=json"
    metadata = "http://169.254.169.254/latest/meta-data/iam/security-credentials/"
    engine.results = [
        hit(local),
        hit(metadata),
        hit("file:///etc/passwd"),
        hit("javascript:alert(1)"),
        hit("//no-scheme.example/page"),
        {"url": 42, "title": "not a URL"},
        "not an object",
        {"title": "no URL"},
    ]
    fetcher = Fetched(fetch_settings)
    with caplog.at_level(logging.INFO, "sidebot"):
        found = ask(retriever, engine, sqlite_db, fetcher, claim_of(right), wrong, web)
    with sqlite_db.session() as session:
        statuses = {s.url: s.status for s in session.scalars(select(Source))}
    assert found == []
    assert statuses == {local: "blocked", metadata: "blocked"}  # the SSRF guard refused both connections
    assert len(engine.queries) == 1  # the engine was not asked for its own "secret" page
    assert f"hit {local} not read: blocked: refused to connect" in caplog.text
    assert "a loopback address" in caplog.text and "a link-local address" in caplog.text
    assert "hit 'file:///etc/passwd' refused: a file address, not http(s)" in caplog.text
    assert "hit 'javascript:alert(1)' refused: a javascript address" in caplog.text
    assert "hit '//no-scheme.example/page' refused: a relative address" in caplog.text
    assert "3 results without a URL skipped" in caplog.text


@pytest.mark.parametrize(
    ("misbehave", "message"),
    [
        ("error", "answered HTTP 500"),
        ("not-json", "the answer is not JSON"),
        ("endless", "answered over 100,000 bytes"),
        ("stall", "took over 0.5 s to answer"),
        ("forbidden", "answered HTTP 403: is `json` in the instance's search.formats?"),
        ("no-results", "the answer has no `results` list"),
    ],
)
def test_a_broken_engine_costs_only_its_suggestions(
    sqlite_db, retriever, engine, web, right, wrong, fetch_settings, caplog, misbehave, message
) -> None:
    if misbehave == "forbidden":
        engine.formats = ("html",)
    elif misbehave == "no-results":
        engine.results = {"not": "a list"}  # type: ignore[assignment]
    else:
        engine.misbehave = misbehave
    fetcher = Fetched(fetch_settings)
    with caplog.at_level(logging.WARNING, "sidebot.retrieve"):
        found = ask(
            retriever, engine, sqlite_db, fetcher, claim_of(right), wrong, web, timeout=0.5, max_bytes=100_000
        )
    assert found == [] and fetcher.urls == []
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(
        w.startswith("metasearch: no web suggestions for this claim") and message in w for w in warnings
    )


def test_engine_hits_come_after_the_corpus_and_only_to_fill_its_places(
    sqlite_db, engine, web, odd_site, right, wrong, fetch_settings, tmp_path
) -> None:
    """A real index holding the claim's page: it is suggested first, the engine's hit for the same page is
    not read again, another page that states the claim follows; with one place, the engine is not asked."""
    from sidebot.datasets.documents import Document

    documents = [
        Document(web.url_for(s.id), s.title, "\n".join(s.sentences))
        for s in [right, wrong, *[s for s in demo_sources()[:8] if s not in (right, wrong)]]
    ]
    copy = odd_site.base_url + "/copy/armellini.html"
    engine.results = [hit(web.url_for(right.id)), hit(copy)]
    fetcher = Fetched(fetch_settings)
    with Retriever(tmp_path / "index") as retriever:
        retriever.corpus.add(documents)
        retriever.update_indexes()
        found = ask(retriever, engine, sqlite_db, fetcher, claim_of(right), wrong, web)
        assert [s.url for s in found] == [web.url_for(right.id), copy]
        assert fetcher.urls == [copy]
        one = retriever.settings.model_copy(update={"max_suggestions": 1})
        with Retriever(tmp_path / "index", one, retriever.scorer) as single:
            found = ask(single, engine, sqlite_db, fetcher, claim_of(right), wrong, web)
        assert [s.url for s in found] == [web.url_for(right.id)] and len(engine.queries) == 1


def test_the_engine_is_off_unless_configured() -> None:
    assert Settings().retrieve.metasearch.url == ""
    with pytest.raises(ValueError, match="not an http"):
        MetasearchSettings(url="file:///srv/searxng")
    with pytest.raises(ValueError, match="the search engine is off"):
        Metasearch(MetasearchSettings(), "sidebot/0.1 (https://example.org)")


def cite_wrong_page(web: SourceServer, right: DemoSource, wrong: DemoSource) -> str:
    return (
        f"Intro sentence of the article.\n\n== Life ==\n{right.claim.text}"
        f"<ref>{{{{cite web |url={web.url_for(wrong.id)} |title={wrong.title}}}}}</ref>"
        "{{Failed verification|date=May 2024}}\n\n== References ==\n{{Reflist}}\n"
    )


def test_a_patrol_suggests_a_web_page_without_an_index_only_when_the_engine_is_on(
    test_wiki_settings,
    database_url,
    fetch_settings,
    wiki,
    wiki_users,
    unique_title,
    engine,
    web,
    right,
    wrong,
    tmp_path,
) -> None:
    from sidebot.verify.biencoder import BiEncoderScorer
    from sidebot.wiki.pages import single_page

    engine.results = [hit(web.url_for(right.id), right.title)]
    base = test_wiki_settings.model_copy(
        update={
            "database": test_wiki_settings.database.model_copy(update={"url": database_url}),
            "fetch": fetch_settings,
        }
    )
    no_index = tmp_path / "no-index"
    off = base.model_copy(update={"retrieve": base.retrieve.model_copy(update={"folder": no_index})})
    on = base.model_copy(
        update={
            "retrieve": off.retrieve.model_copy(
                update={"metasearch": MetasearchSettings(url=engine.base_url, timeout=5.0)}
            )
        }
    )
    db = Database(database_url)
    scorer = BiEncoderScorer()
    titles = [unique_title(right.claim.article_title) for _ in range(2)]  # "<the claim's article> (<test>)"
    for title in titles:
        wiki_users.editor.edit(title, cite_wrong_page(web, right, wrong))

    first = Patrol(off, db, wiki, scorer).run([single_page(wiki.site, titles[0])], "test", {})
    assert first.counts["suggestions_no_index"] == 1 and engine.queries == []  # off by default

    second = Patrol(on, db, wiki, scorer).run([single_page(wiki.site, titles[1])], "test", {})
    assert second.status == "ok" and not second.errors
    assert any("suggestions from the search engine only" in note for note in second.notes)
    assert second.counts["findings_with_suggestions"] == 1 and len(engine.queries) == 1
    with db.session() as session:
        query = select(Finding).join(Citation).join(Page).where(Page.title == titles[1])
        (finding,) = session.scalars(query)
        assert finding.state == "open"
        assert [s.url for s in finding.suggestions] == [web.url_for(right.id)]
        assert "Leicestershire" in finding.suggestions[0].passage
    db.dispose()
