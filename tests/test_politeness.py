"""Polite fetching, measured on a loopback server that logs when each request arrives: per-host spacing and
concurrency, Retry-After after a 429, a User-Agent with a contact; and a whole patrol of many citations to one
host never asks it faster than the limit."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from sidebot.config import PROJECT_CONTACT, FetchSettings, Settings, operator_contact_problem
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.sandbox.demo_content import demo_sources
from sidebot.sandbox.site_server import NOT_FOUND, Answer, Request, SiteServer
from sidebot.sandbox.source_server import render_source_page
from sidebot.sources.fetch import FetchStatus, fetch_many
from sidebot.sources.politeness import HostLimiter, retry_after_seconds
from tests.fixtures.demo import run_sidebot

PAGE = Answer(
    b"<html><head><title>Council results</title></head><body><article><h1>Council results</h1><p>"
    + b"The council approved the budget for road repairs after a long debate in the chamber. " * 8
    + b"</p></article></body></html>"
)


def _polite(delay: float, per_host: int = 2, **more: object) -> FetchSettings:
    return FetchSettings(
        allow_networks=["127.0.0.1/32"],
        per_host_delay=delay,
        per_host_concurrency=per_host,
        concurrency=8,
        **more,
    )


def _fetch_all(urls: list[str], settings: FetchSettings) -> dict:
    """fetch_many with a limiter of this test's own (the process-wide one would carry one test's host budget
    into the next: every test server is on 127.0.0.1)."""
    return fetch_many(
        urls, settings, limiter=HostLimiter(settings.per_host_concurrency, settings.per_host_delay)
    )


def peak_rate(requests: list[Request], stretch: int = 4) -> float:
    """The highest request rate (per second) over any run of at least ``stretch`` consecutive requests: the
    requests after the first, divided by the time they took."""
    times = sorted(r.at for r in requests)
    return max(
        (
            (j - i) / (times[j] - times[i])
            for i in range(len(times))
            for j in range(i + stretch - 1, len(times))
        ),
        default=0.0,
    )


def test_requests_to_one_host_are_spaced_by_the_delay() -> None:
    settings = _polite(0.25)
    with SiteServer({f"/news/{i}.html": PAGE for i in range(10)}) as site:  # the probe gets a 404
        results = _fetch_all([site.url(f"/news/{i}.html") for i in range(10)], settings)
        requests = list(site.requests)
    assert all(r.status is FetchStatus.OK for r in results.values())
    assert len(requests) == 12  # ten pages, one soft-404 probe for their folder and the site's robots.txt
    gaps = [b.at - a.at for a, b in itertools.pairwise(sorted(requests, key=lambda r: r.at))]
    assert min(gaps) >= 0.25, gaps  # each request starts 0.25 s after the previous one was answered
    assert peak_rate(requests, stretch=2) <= 4  # 1 / 0.25 requests per second, never more


def test_requests_in_flight_to_one_host_are_capped() -> None:
    slow = Answer(PAGE.body, delay_s=0.3)
    with SiteServer(folders={"/": slow}) as site:
        _fetch_all(
            [site.url(f"/a/{i}.html") for i in range(8)], _polite(0.0, per_host=2, soft404_probe=False)
        )
        assert site.max_in_flight == 2


def test_a_429_with_retry_after_is_waited_out_then_retried() -> None:
    calls = itertools.count()

    def limited(path: str, query: str) -> Answer:
        if path == "/robots.txt":
            return NOT_FOUND  # no robots.txt: everything allowed
        return Answer(b"slow down", status=429, headers={"Retry-After": "1"}) if next(calls) == 0 else PAGE

    with SiteServer(handler=limited) as site:
        result = _fetch_all([site.url("/story.html")], _polite(0.0, soft404_probe=False))[
            site.url("/story.html")
        ]
        robots, first, second = site.requests
    assert robots.path == "/robots.txt" and result.status is FetchStatus.OK
    assert second.at - first.at >= 0.95  # the second request waited for the Retry-After


def test_a_retry_after_longer_than_the_limit_leaves_the_source_unread() -> None:
    answer = Answer(b"slow down", status=429, headers={"Retry-After": "3600"})
    with SiteServer({"/robots.txt": NOT_FOUND}, folders={"/": answer}) as site:
        result = _fetch_all([site.url("/story.html")], _polite(0.0, soft404_probe=False))[
            site.url("/story.html")
        ]
        assert len(site.requests_to("/story")) == 1  # not retried: an hour is over max_retry_after
    assert result.status is FetchStatus.HTTP_ERROR and result.http_status == 429
    assert "rate limited, the site asked to wait 3600 s" in result.error


def test_retry_after_values() -> None:
    assert retry_after_seconds("120", 5) == 120
    assert retry_after_seconds(None, 5) == 5 and retry_after_seconds("soon", 5) == 5
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT", 5) == 0  # a date in the past


def test_the_user_agent_must_name_a_contact() -> None:
    with pytest.raises(ValidationError, match="contact"):
        FetchSettings(user_agent="sidebot/0.1")
    assert "https://" in FetchSettings().user_agent
    with SiteServer(folders={"/": PAGE}) as site:
        _fetch_all([site.url("/x.html")], _polite(0.0, soft404_probe=False))
        assert site.requests[0].headers["User-Agent"] == FetchSettings().user_agent


@pytest.mark.integration
def test_a_patrol_of_many_citations_to_one_host_keeps_to_the_limit(
    test_wiki_settings: Settings, wiki_site, wiki_users, unique_title, tmp_path
) -> None:
    from sidebot.verify.factory import load_scorer
    from sidebot.wiki.pages import single_page
    from sidebot.wiki.reader import PywikibotWiki

    sources = demo_sources()[:12]
    with SiteServer() as site:
        for i, source in enumerate(sources):
            site.routes[f"/paper/{i}.html"] = Answer(render_source_page(source, site.base_url).encode())
        refs = "\n\n".join(
            f"{s.claim.text}<ref>{{{{cite web |url={site.url(f'/paper/{i}.html')} |title={s.title}}}}}</ref>"
            for i, s in enumerate(sources)
        )
        title = unique_title("One host")
        wiki_users.editor.edit(
            title, f"Intro.\n\n== History ==\n{refs}\n\n== References ==\n{{{{Reflist}}}}\n"
        )
        settings = test_wiki_settings.model_copy(
            update={
                "database": test_wiki_settings.database.model_copy(
                    update={"url": f"sqlite:///{tmp_path}/q.db"}
                ),
                "fetch": _polite(0.5),
                "retrieve": test_wiki_settings.retrieve.model_copy(update={"enabled": False}),
            }
        )
        wiki = PywikibotWiki.connect(test_wiki_settings)
        db = Database(settings.database_url)
        fetcher = lambda urls: _fetch_all(urls, settings.fetch)  # noqa: E731 -- this test's own limiter
        summary = Patrol(settings, db, wiki, load_scorer("url-depth"), fetcher).run(
            [single_page(wiki.site, title)], "test", {}
        )
        requests = list(site.requests)
        db.dispose()
    assert summary.status == "ok" and summary.counts["sources_ok"] == 12
    assert len(requests) == 14  # twelve sources, one probe and the robots.txt
    assert peak_rate(requests, stretch=2) <= 2  # 1 / 0.5 requests per second
    gaps = [b - a for a, b in itertools.pairwise(sorted(r.at for r in requests))]
    assert min(gaps) >= 0.5, gaps


# --- the operator's contact in the User-Agent ------------------------------------------------------------


def test_a_real_wiki_needs_the_operators_contact_the_sandbox_does_not() -> None:
    default, enwiki = FetchSettings(), "https://en.wikipedia.org/w/api.php"
    assert operator_contact_problem(default, "http://127.0.0.1:8090/api.php", None) is None
    assert operator_contact_problem(default, "http://localhost/w/api.php", None) is None
    problem = operator_contact_problem(default, enwiki, Path("/etc/sidebot.toml"))
    assert problem is not None and "\n" not in problem
    assert "[fetch] user_agent in /etc/sidebot.toml" in problem and PROJECT_CONTACT in problem
    for own in ("MyBot/1.0 (me@example.org)", f"sidebot/0.1 ({PROJECT_CONTACT}; https://example.org/bot)"):
        assert operator_contact_problem(FetchSettings(user_agent=own), enwiki, None) is None


def _enwiki_config(tmp_path: Path, user_agent: str | None) -> Path:
    """English Wikipedia as an operator would configure it (no request is needed to refuse)."""
    pywikibot_dir = tmp_path / "pywikibot"
    pywikibot_dir.mkdir()
    (pywikibot_dir / "user-config.py").write_text(
        "family = 'wikipedia'\nmylang = 'en'\nusernames['wikipedia']['en'] = 'ExampleBot'\n"
        "max_retries = 0\nretry_wait = 0\n",
        encoding="utf-8",
    )
    fetch = f"\n[fetch]\nuser_agent = {json.dumps(user_agent)}\n" if user_agent else ""
    config = tmp_path / "enwiki.toml"
    config.write_text(
        f'[wiki]\nname = "enwiki"\npywikibot_dir = "{pywikibot_dir}"\nfamily = "wikipedia"\ncode = "en"\n'
        f'[database]\nurl = "sqlite:///{tmp_path / "q.db"}"\n{fetch}',
        encoding="utf-8",
    )
    return config


def test_a_patrol_of_a_real_wiki_refuses_to_start_without_the_contact(tmp_path: Path) -> None:
    env = {**os.environ, "SIDEBOT_HOME": str(tmp_path / "home"), "COLUMNS": "300"}
    config = _enwiki_config(tmp_path, None)
    for args in (
        ["patrol", "--once", "--page", "Bodmin"],
        ["check", "Bodmin"],
        ["schedule", "--once", "recent"],
    ):
        result = run_sidebot("--config", str(config), *args, env=env, check=False, timeout=120)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(
            "error: a patrol of https://en.wikipedia.org/w/api.php"
        )
        assert f"[fetch] user_agent in {config}" in lines[0]
