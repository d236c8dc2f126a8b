"""robots.txt is asked once per site, honoured for the bot's User-Agent, and its refusal recorded: measured on
loopback sites that log every request (allowed, disallowed, unreadable, no robots.txt, a site that is down);
the soft-404 probe obeys it too."""

from __future__ import annotations

import socket

from sidebot.config import FetchSettings
from sidebot.patrol.archived import DEAD_STATUSES
from sidebot.patrol.pipeline import source_problem
from sidebot.sandbox.site_server import NOT_FOUND, Answer, SiteServer
from sidebot.sources.fetch import FetchStatus, fetch_many
from sidebot.sources.politeness import HostLimiter
from sidebot.sources.robots import Access, RobotsAnswer, RobotsCache, product_token, robots_url

PAGE = Answer(
    b"<html><head><title>Harbour storm</title></head><body><article><h1>Harbour storm</h1><p>"
    + b"The storm broke two moorings and flooded the fish market on the quay before dawn. " * 8
    + b"</p></article></body></html>"
)
AGENT = FetchSettings().user_agent


def _settings(**more: object) -> FetchSettings:
    return FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0.0, per_host_concurrency=8, **more)


def _fetch(site: SiteServer, paths: list[str], settings: FetchSettings | None = None) -> dict:
    """Each test's own robots cache (every test site is on 127.0.0.1, on its own port)."""
    settings = settings or _settings()
    from sidebot.sources.client import SourceClient
    from sidebot.sources.fetch import fetch

    with SourceClient(settings, HostLimiter(8, 0.0), RobotsCache()) as client:
        return {path: fetch(site.url(path), settings, client) for path in paths}


def _robots(text: str) -> Answer:
    return Answer(text.encode(), content_type="text/plain; charset=utf-8")


def test_an_allowed_site_is_fetched_and_its_robots_txt_asked_once() -> None:
    routes = {"/robots.txt": _robots("User-agent: *\nDisallow: /admin/\n")}
    routes |= {f"/news/{n}.html": PAGE for n in range(3)}
    with SiteServer(routes) as site:
        results = _fetch(site, [f"/news/{n}.html" for n in range(3)], _settings(soft404_probe=False))
        asked = site.requests_to("/robots.txt")
        order = [r.path for r in site.requests]
    assert all(r.status is FetchStatus.OK for r in results.values())
    assert len(asked) == 1 and order[0] == "/robots.txt"  # asked first, once for the site
    assert asked[0].headers["User-Agent"] == AGENT


def test_a_disallowed_page_is_never_requested_and_the_reason_is_recorded() -> None:
    rules = "User-agent: *\nDisallow: /\n\nUser-agent: sidebot\nDisallow: /private/\nAllow: /private/open\n"
    routes = {"/robots.txt": _robots(rules), "/private/report.html": PAGE, "/private/open.html": PAGE}
    routes["/public/story.html"] = PAGE
    with SiteServer(routes) as site:
        paths = ["/private/report.html", "/private/open.html", "/public/story.html"]
        results = _fetch(site, paths, _settings(soft404_probe=False))
        requested = {r.path for r in site.requests}
    refused = results["/private/report.html"]
    assert refused.status is FetchStatus.DISALLOWED and refused.text is None
    assert refused.error == (
        f"refused by robots.txt: {site.base_url}/robots.txt disallows /private/report.html for the bot's "
        "User-Agent (sidebot)"
    )
    assert "/private/report.html" not in requested  # refused before asking
    # the group for "sidebot" is the one that counts, not "*": its Allow and the rest of the site are open
    assert results["/private/open.html"].status is FetchStatus.OK
    assert results["/public/story.html"].status is FetchStatus.OK
    assert source_problem(str(refused.status), refused.error).startswith(
        "source disallowed: refused by robots"
    )
    assert "disallowed" in DEAD_STATUSES  # the archived copy is read instead, as for a dead link


def test_a_redirect_into_a_disallowed_folder_is_refused_at_that_hop() -> None:
    routes = {
        "/robots.txt": _robots("User-agent: *\nDisallow: /members/\n"),
        "/story.html": Answer(status=301, location="/members/story.html"),
        "/members/story.html": PAGE,
    }
    with SiteServer(routes) as site:
        result = _fetch(site, ["/story.html"], _settings(soft404_probe=False))["/story.html"]
        requested = [r.path for r in site.requests]
    assert result.status is FetchStatus.DISALLOWED and "/members/story.html" in result.error
    assert "/members/story.html" not in requested


def test_an_unreachable_robots_txt_disallows_everything_a_missing_one_nothing() -> None:
    with SiteServer({"/robots.txt": Answer(b"down", status=503), "/a.html": PAGE}) as broken:
        refused = _fetch(broken, ["/a.html"], _settings(soft404_probe=False))["/a.html"]
        requested = [r.path for r in broken.requests]
    assert refused.status is FetchStatus.DISALLOWED and requested == ["/robots.txt"]
    assert "could not be read (HTTP 503" in refused.error and "RFC 9309" in refused.error
    with SiteServer({"/robots.txt": NOT_FOUND, "/a.html": PAGE}) as missing:
        assert (
            _fetch(missing, ["/a.html"], _settings(soft404_probe=False))["/a.html"].status is FetchStatus.OK
        )


def test_a_site_that_is_down_is_reported_dead_not_refused() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens once the socket is closed
    url = f"http://127.0.0.1:{port}/story.html"
    result = fetch_many([url], _settings(soft404_probe=False), limiter=HostLimiter(8, 0.0))[url]
    assert result.status is FetchStatus.DEAD


def test_the_soft404_probe_obeys_robots_txt() -> None:
    rules = "User-agent: *\nAllow: /news/story.html\nDisallow: /news/\n"
    routes = {"/robots.txt": _robots(rules), "/news/story.html": PAGE}
    with SiteServer(routes) as site:
        result = _fetch(site, ["/news/story.html"])["/news/story.html"]  # the probe is on by default
        probes = [r.path for r in site.requests if "sidebot-probe-" in r.path]
    assert result.status is FetchStatus.OK and probes == []
    with SiteServer({"/news/story.html": PAGE}) as open_site:  # without robots.txt, the probe is asked
        _fetch(open_site, ["/news/story.html"])
        assert any("sidebot-probe-" in r.path for r in open_site.requests)


def test_answers_are_kept_a_day_then_asked_again() -> None:
    now = [0.0]
    cache = RobotsCache(keep_s=100, clock=lambda: now[0])
    asked: list[str] = []

    def ask(where: str) -> RobotsAnswer:
        asked.append(where)
        return RobotsAnswer(200, b"User-agent: *\nDisallow: /x\n")

    assert cache.check("http://a.test/x/1", AGENT, ask).access is Access.DISALLOWED
    assert cache.check("http://a.test/y", AGENT, ask).access is Access.ALLOWED
    now[0] = 101
    cache.check("http://a.test/y", AGENT, ask)
    assert asked == ["http://a.test/robots.txt"] * 2
    assert cache.check("ftp://a.test/x", AGENT, ask).access is Access.ALLOWED  # not a web site: not asked
    down = RobotsCache().check("http://b.test/", AGENT, lambda w: RobotsAnswer(None, None, "no host", True))
    assert down.access is Access.NO_VERDICT


def test_site_addresses_and_the_product_token() -> None:
    assert robots_url("https://News.Example.org:8443/a/b?c=1") == "https://news.example.org:8443/robots.txt"
    assert robots_url("mailto:x@example.org") is None
    assert product_token(AGENT) == "sidebot" and product_token("MyBot (me@example.org)") == "MyBot"
