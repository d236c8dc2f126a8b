"""Archived copies of dead and non-content sources, end to end on real parts: the local MediaWiki, real HTTP
on loopback, the real MiniLM scorer, the review UI and the on-wiki review list.

The real Wayback Machine cannot be reached from this sandbox (no internet), so a stand-in on loopback plays
both its availability API (``/wayback/available``, the same JSON) and its archive host (``/web/<timestamp>/
<url>``); the settings point sidebot at it, as a deployment could point at any compatible service.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterator
from datetime import UTC
from urllib.parse import parse_qs

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from sidebot.config import ArchiveSettings, FetchSettings, OnwikiSettings, Settings
from sidebot.onwiki.outputs import update_onwiki
from sidebot.onwiki.review_list import parse_rows
from sidebot.onwiki.writer import WikiWriter
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Citation
from sidebot.queue.queries import list_findings, page_citations
from sidebot.sandbox.demo_content import demo_sources
from sidebot.sandbox.site_server import Answer, SiteServer
from sidebot.sandbox.source_server import render_source_page
from sidebot.sources.client import SourceClient
from sidebot.sources.wayback import (
    citation_date,
    lookup,
    raw_snapshot_url,
    snapshot_date,
    wanted_timestamp,
)
from sidebot.web.app import create_app
from sidebot.web.settings import WebSettings
from sidebot.wiki.history import url_added

SNAPSHOT = re.compile(r"^/web/(\d{14})id_/(.+)$")
DOC_PAGE = "User:SidebotBot"


class Wayback:
    """The stand-in: ``available[url]`` is the JSON the availability API answers for ``url``; ``pages[path]``
    the archived page for a cited URL ending in ``path``; ``loops`` paths of snapshots that redirect to
    themselves."""

    def __init__(self) -> None:
        self.available: dict[str, object] = {}
        self.pages: dict[str, bytes] = {}
        self.site = SiteServer(handler=self.answer)

    def answer(self, path: str, query: str) -> Answer | None:
        if path == "/wayback/available":
            url = parse_qs(query).get("url", [""])[0]
            body = self.available.get(url, {"archived_snapshots": {}})
            return Answer(json.dumps(body).encode(), content_type="application/json")
        match = SNAPSHOT.match(path)
        if match:
            page = next((html for tail, html in self.pages.items() if match.group(2).endswith(tail)), None)
            if page == b"loop":
                return Answer(status=302, location=path)
            return Answer(page) if page is not None else None
        return None

    def snapshot(self, stamp: str, url: str) -> str:
        return self.site.url(f"/web/{stamp}/{url}")


@pytest.fixture
def wayback() -> Iterator[Wayback]:
    stand_in = Wayback()
    with stand_in.site:
        yield stand_in


def _settings(base: Settings, database_url: str, fetch: FetchSettings, wayback: Wayback, list_title: str):
    return base.model_copy(
        update={
            "database": base.database.model_copy(update={"url": database_url}),
            "fetch": fetch,
            "archive": ArchiveSettings(
                availability_url=wayback.site.url("/wayback/available"), snapshot_hosts=["127.0.0.1"]
            ),
            "retrieve": base.retrieve.model_copy(update={"enabled": False}),
            "onwiki": OnwikiSettings(
                doc_page=DOC_PAGE,
                stop_page=f"{list_title}/Stop",
                review_list={
                    "enabled": True,
                    "title": list_title,
                    "bands": ["very likely fails", "may fail"],
                },
            ),
        }
    )


@pytest.mark.integration
def test_dead_links_are_read_from_archived_copies_end_to_end(
    test_wiki_settings, wiki_site, wiki_users, unique_title, source_fetch_settings, tmp_path, wayback, minilm
) -> None:
    from sidebot.wiki.pages import single_page
    from sidebot.wiki.reader import PywikibotWiki

    sources = [s for s in demo_sources() if s.label == "supported"][:2]
    site = wayback.site
    dead = site.url("/gone/story-1.html")  # an honest 404
    soft = site.url("/soft/story-2.html")  # a soft 404: the site answers everything with its error page
    site.folders["/soft/"] = Answer(
        b"<html><head><title>Page not found</title></head><body><h1>Page not found</h1>"
        b"<p>Sorry, the page you were looking for could not be found.</p></body></html>"
    )
    nothing = site.url("/gone/story-3.html")  # dead, and the archive has no snapshot
    looping = site.url("/gone/story-4.html")  # dead, and its archived copy redirects to itself
    for source, path in zip(sources, ("/gone/story-1.html", "/soft/story-2.html")):
        wayback.pages[path] = render_source_page(source, site.base_url).encode()
    wayback.pages["/gone/story-4.html"] = b"loop"
    archive_url = wayback.snapshot("20190503120000", dead)
    undated = site.url("/archive-today/Xy12")  # no timestamp: |archive-date= dates it
    site.routes["/archive-today/Xy12"] = Answer(render_source_page(sources[0], site.base_url).encode())
    usurped = site.url("/live/usurped.html")  # answers, but editors marked it usurped: its copy is read
    site.routes["/live/usurped.html"] = Answer(render_source_page(sources[0], site.base_url).encode())
    wayback.pages["/live/usurped.html"] = render_source_page(sources[1], site.base_url).encode()
    usurped_copy = wayback.snapshot("20190506000000", usurped)
    snapshot = wayback.snapshot("20190504000000", soft)
    wayback.available[soft] = {
        "archived_snapshots": {
            "closest": {"available": True, "url": snapshot, "timestamp": "20190504000000", "status": "200"}
        }
    }
    tag = "{{Failed verification|date=May 2024}}"
    title, list_title = unique_title("Archived"), f"{DOC_PAGE}/{unique_title('List')}"
    text = (
        f"Intro.\n\n== History ==\n{sources[0].claim.text}<ref>{{{{cite web |url={dead} |title=Old title "
        f"|archive-url={archive_url} |archive-date=3 May 2019}}}}</ref>{tag}\n\n"
        f"{sources[1].claim.text}<ref>{{{{cite web |url={soft} |title={sources[1].title} "
        f"|access-date=3 May 2019}}}}</ref>{tag}\n\n"
        f"A claim whose source is gone for good.<ref>{{{{cite web |url={nothing} |title=Gone}}}}</ref>\n\n"
        f"A claim whose archive loops.<ref>{{{{cite web |url={looping} |title=Loop "
        f"|archive-url={wayback.snapshot('20200101000000', looping)}}}}}</ref>\n\n"
        f"{sources[0].claim.text}<ref>{{{{cite web |url={site.url('/gone/story-5.html')} |title=Old "
        f"|archive-url={undated} |archive-date=9 September 2008}}}}</ref>\n\n"
        f"{sources[1].claim.text}<ref>{{{{cite web |url={usurped} |url-status=usurped |title=Taken "
        f"|archive-url={usurped_copy} |archive-date=6 May 2019}}}}</ref>\n\n"
        "== References ==\n{{Reflist}}\n"
    )
    wiki_users.editor.edit(title, text, "archived copies")
    settings = _settings(
        test_wiki_settings, f"sqlite:///{tmp_path / 'q.db'}", source_fetch_settings, wayback, list_title
    )
    db = Database(settings.database_url)
    wiki = PywikibotWiki.connect(test_wiki_settings)

    summary = Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, title)], "test", {})

    assert summary.status == "ok" and not summary.errors
    assert summary.counts["sources_read_archive-url"] == 3 and summary.counts["sources_read_wayback"] == 1
    asked = [r.path for r in site.requests_to("/wayback/available")]
    assert any("timestamp=20190503" in p for p in asked)  # the snapshot closest to the access date
    with db.session() as session:
        rows = {r.url: r for r in list_findings(session, states=None, wiki=wiki.name)}
        citations = page_citations(session, wiki.name, title)
    first, second = rows[dead], rows[soft]
    assert (first.state, first.copy_kind, first.copy_url, first.copy_date) == (
        "open", "archive-url", archive_url, "2019-05-03 12:00"
    )  # fmt: skip
    assert first.score is not None and "404" in first.live_problem
    assert first.source_title == "Old title" and first.page_title == sources[0].title  # "the page changed"
    assert (second.copy_kind, second.copy_url, second.copy_date) == ("wayback", snapshot, "2019-05-04 00:00")
    assert second.score is not None and second.live_problem.startswith(
        "not the source: the page says it is gone"
    )
    gone, loop = rows[nothing], rows[looping]
    assert gone.state == "unverifiable" and gone.score is None
    assert "no archived copy (wayback)" in gone.flag_reason and "no readable snapshot" in gone.flag_reason
    assert loop.state == "unverifiable" and "too_many_redirects" in loop.flag_reason
    assert json.loads(json.dumps(first.to_json()))["copy_url"] == archive_url  # `queue list --json`
    kinds = ["archive-url", "wayback", "wayback", "archive-url", "archive-url", "archive-url"]
    assert [c.copy_kind for c in citations] == kinds
    dated = rows[site.url("/gone/story-5.html")]
    assert (dated.copy_url, dated.copy_date) == (undated, "2008-09-09") and dated.score is not None
    taken = rows[usurped]  # the live page answered, and another page's text was not what got read
    assert (taken.copy_kind, taken.copy_url) == ("archive-url", usurped_copy) and taken.score is not None
    assert taken.live_problem == "marked usurped by editors (url-status=usurped)"
    assert taken.page_title == sources[1].title != sources[0].title

    web = create_app(
        Settings(home=tmp_path),
        db,
        WebSettings(login_api_url=wiki.api_url, secret_key_file=str(tmp_path / "web-secret.key")),
    )
    with TestClient(web) as client:
        page = client.get(f"/findings/{first.id}")
    assert page.status_code == 200
    assert (
        "Read from the archived copy" in page.text and archive_url in page.text and "2019-05-03" in page.text
    )

    WikiWriter(wiki.site, settings.onwiki, simulate=False, show=print).resume("test set-up")  # the stop page
    outputs = update_onwiki(settings, db, wiki, show=print, parts=["review-list"])
    assert outputs.status == "ok", outputs.errors
    listed = parse_rows(
        WikiWriter(wiki.site, settings.onwiki, simulate=True, show=print).read(list_title).text
    )
    copies = {row.source_url: (row.copy_url, row.copy_label) for row in listed}
    assert copies[dead] == (archive_url, "archived copy, 2019-05-03 12:00")
    assert copies[soft] == (snapshot, "archived copy, 2019-05-04 00:00")
    db.dispose()


# --- the availability API answers, hostile ones included -------------------------------------------------


def _ask(wayback: Wayback, fetch: FetchSettings, url: str, **archive: object):
    settings = ArchiveSettings(
        availability_url=wayback.site.url("/wayback/available"), snapshot_hosts=["127.0.0.1"]
    ).model_copy(update=archive)
    with SourceClient(fetch) as client:
        return lookup(url, "20190503", client, settings)


def test_a_snapshot_is_accepted_only_on_an_archive_host(wayback, source_fetch_settings) -> None:
    good = wayback.snapshot("20190503000000", "http://example.org/a")
    wayback.available["http://example.org/a"] = {
        "archived_snapshots": {"closest": {"available": True, "url": good, "timestamp": "20190503000000"}}
    }
    found = _ask(wayback, source_fetch_settings, "http://example.org/a")
    assert (found.snapshot_url, found.timestamp, found.error) == (good, "20190503000000", None)
    refused = _ask(wayback, source_fetch_settings, "http://example.org/a", snapshot_hosts=["web.archive.org"])
    assert refused.snapshot_url is None and "not an archive host" in refused.error


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        ("not json at all", "not JSON"),
        ([1, 2, 3], "no archived_snapshots"),
        ({"archived_snapshots": {"closest": "http://evil.example/"}}, "not an object"),
        ({"archived_snapshots": {"closest": {"available": True, "url": 5, "timestamp": "x"}}}, "no valid"),
        (
            {"archived_snapshots": {"closest": {"available": True, "url": "http://evil.example/x",
                                                "timestamp": "20190101000000"}}},
            "refused a snapshot on 'evil.example'",
        ),
        ({"archived_snapshots": {"closest": {"available": True, "url": "file:///etc/passwd",
                                             "timestamp": "20190101000000"}}}, "not an archive host"),
        ("x" * 300_000, "refused"),
    ],
)  # fmt: skip
def test_hostile_availability_answers_are_refused_with_a_reason(
    wayback, source_fetch_settings, answer, error
) -> None:
    url = "http://example.org/hostile"
    wayback.available[url] = answer  # JSON-encoded: a string answer is served as a JSON string…
    if isinstance(answer, str):  # …except the raw ones, served as they are
        wayback.site.routes["/wayback/available"] = Answer(answer.encode(), content_type="application/json")
    result = _ask(wayback, source_fetch_settings, url)
    assert result.snapshot_url is None and result.error and error in result.error, result


def test_nothing_archived_and_unreachable_or_redirecting_apis(wayback, source_fetch_settings) -> None:
    none = _ask(wayback, source_fetch_settings, "http://example.org/never")
    assert none.snapshot_url is None and none.error is None
    wayback.site.routes["/wayback/available"] = Answer(status=302, location="/elsewhere")
    assert "HTTP 302" in _ask(wayback, source_fetch_settings, "http://example.org/x").error
    wayback.site.routes["/wayback/available"] = Answer(b"{}", status=500)
    assert "HTTP 500" in _ask(wayback, source_fetch_settings, "http://example.org/x").error
    blocked = FetchSettings()  # loopback not allowed: the SSRF guard refuses the endpoint itself
    assert "availability API" in _ask(wayback, blocked, "http://example.org/x").error
    bad = _ask(wayback, source_fetch_settings, "http://example.org/x", availability_url="ftp://archive/x")
    assert "http(s)" in bad.error


def test_dates_and_snapshot_addresses() -> None:
    dates = ("2019-05-03", "3 May 2019", "May 3, 2019", "May 2019", "", None, "someday")
    assert [wanted_timestamp(d) for d in dates] == ["20190503"] * 3 + ["20190501", "", "", ""]
    url = "https://web.archive.org/web/20190503120000/http://example.org/a?b=1"
    assert snapshot_date(url) == "2019-05-03 12:00" and snapshot_date("http://example.org/") is None
    assert raw_snapshot_url(url) == "https://web.archive.org/web/20190503120000id_/http://example.org/a?b=1"
    assert raw_snapshot_url("https://archive.ph/abcde") == "https://archive.ph/abcde"
    assert [citation_date(d) for d in ("9 September 2008", "2008-09-09", "someday", " ", None)] == [
        "2008-09-09", "2008-09-09", "someday", None, None
    ]  # fmt: skip


# --- dating a citation without access-date by the page history -------------------------------------------


def _history(wiki_users, title: str, texts: list[str]) -> list:
    """One revision per text, a second apart (MediaWiki times revisions to the second)."""
    edits = []
    for text in texts:
        if edits:
            time.sleep(1.1)
        edits.append(wiki_users.editor.edit(title, text, "history"))
    return edits


@pytest.mark.integration
def test_the_revision_that_added_a_url_is_found_by_bisection(wiki_site, wiki_users, unique_title) -> None:
    url = "https://news.example.org/2019/council?id=7&lang=en"
    cited = "The council met.<ref>[//news.example.org/2019/council?id=7&amp;lang=en Council]</ref>"
    texts = [f"Intro, version {i}." for i in range(5)] + [f"{cited} Version {i}." for i in range(5, 9)]
    title = unique_title("History")
    edits = _history(wiki_users, title, texts)
    page_id = edits[0].page_id

    found = url_added(wiki_site, page_id, url, max_revisions=100)
    assert found is not None and found.complete
    assert (found.revision.rev_id, found.revision.timestamp) == (edits[5].rev_id, edits[5].timestamp)
    assert found.texts_read <= 1 + math.ceil(math.log2(len(edits)))  # bisection, not a walk
    cut = url_added(wiki_site, page_id, url, max_revisions=3)  # only the newest three are read
    assert cut is not None and not cut.complete and cut.revision.rev_id == edits[6].rev_id
    assert url_added(wiki_site, page_id, "https://elsewhere.example/", max_revisions=100) is None


@pytest.mark.integration
def test_a_dead_source_without_access_date_gets_the_snapshot_of_the_day_it_was_cited(
    test_wiki_settings, wiki_site, wiki_users, unique_title, source_fetch_settings, tmp_path, wayback, minilm
) -> None:
    from sidebot.wiki.pages import single_page
    from sidebot.wiki.reader import PywikibotWiki

    dead = wayback.site.url("/gone/undated.html")
    cited = f"The council met in May.<ref>{{{{cite web |url={dead} |title=Council}}}}</ref>"
    title, list_title = unique_title("Undated"), f"{DOC_PAGE}/{unique_title('List')}"
    texts = ["Intro.", "Intro, longer.", f"Intro.\n\n{cited}", f"Intro, edited.\n\n{cited}"]
    edits = _history(wiki_users, title, texts)
    settings = _settings(
        test_wiki_settings, f"sqlite:///{tmp_path / 'q.db'}", source_fetch_settings, wayback, list_title
    )
    db = Database(settings.database_url)
    wiki = PywikibotWiki.connect(test_wiki_settings)

    first = Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, title)], "test", {})

    assert first.status == "ok" and first.counts["added_dates_read"] == 1
    added = edits[2].timestamp.astimezone(UTC).strftime("%Y%m%d%H%M%S")
    asked = [parse_qs(r.path.split("?", 1)[1]) for r in wayback.site.requests_to("/wayback/available")]
    assert [(q["url"], q["timestamp"]) for q in asked] == [([dead], [added])]
    with db.session() as session:
        citation = session.scalars(select(Citation).where(Citation.url == dead)).one()
        assert citation.added_rev == edits[2].rev_id

    wiki_users.editor.edit(title, texts[-1] + "\n\nA new paragraph.", "history")
    again = Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, title)], "test", {})
    assert again.status == "ok" and again.counts["added_dates_read"] == 0  # kept on the citation
    db.dispose()
