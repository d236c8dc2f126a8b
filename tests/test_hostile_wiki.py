"""A wiki that misbehaves for a while: HTTP 500 or ``maxlag`` answers for longer than Pywikibot's own retries.
The patrol waits with back-off, says in one line that the wiki is gone (and what it answers) and one line
that it is back, then checks the page again and goes on: every page checked, nothing lost.

``FlakyWiki`` (tests/fixtures/flaky_wiki.py) is a small proxy on 127.0.0.1 in front of the real local
MediaWiki that answers as a failing wiki does for a while; all that reaches the wiki is real. The read-only
state and a closed port are real, too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import func, select

from sidebot.queue.db import Database
from sidebot.queue.models import Citation
from sidebot.wiki.health import diagnose
from tests.fixtures.flaky_wiki import FlakyWiki, flaky_proxy

pytestmark = [pytest.mark.integration, pytest.mark.hostile]


@pytest.fixture(params=["http-500", "maxlag"])
def flaky_wiki(request: pytest.FixtureRequest, test_wiki) -> Iterator[FlakyWiki]:
    with flaky_proxy(test_wiki.api_url.removesuffix("/api.php"), request.param) as server:
        yield server


def test_a_wiki_failing_for_longer_than_pywikibot_waits_is_waited_out(
    flaky_wiki: FlakyWiki,
    test_wiki_settings,
    wiki_site,
    wiki_users,
    unique_title,
    source_server,
    source_fetch_settings,
    tmp_path,
    monkeypatch,
    caplog,
) -> None:
    import pywikibot

    from sidebot.patrol.loop import Patrol
    from sidebot.verify.urldepth import UrlDepthScorer
    from sidebot.wiki.pages import single_page
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import connect

    titles = [unique_title("Flaky") for _ in range(3)]
    for n, title in enumerate(titles):
        cite = f"<ref>{source_server.url('/article.html')}?flaky={n}</ref>"
        wiki_users.editor.edit(title, f"The council approved the budget.{cite}\n")
    refs = [single_page(wiki_site, title) for title in titles]

    family = f"flaky{flaky_wiki.server_address[1]}"
    monkeypatch.setitem(pywikibot.config.family_files, family, flaky_wiki.api_url)
    database_url = f"sqlite:///{tmp_path / 'queue.db'}"
    settings = test_wiki_settings.model_copy(
        update={
            "wiki": test_wiki_settings.wiki.model_copy(update={"family": family, "code": family}),
            "database": test_wiki_settings.database.model_copy(update={"url": database_url}),
            "fetch": source_fetch_settings,
            "patrol": test_wiki_settings.patrol.model_copy(
                update={"outage_wait": 60.0, "outage_retry_wait": 1.0, "outage_retry_max": 4.0}
            ),
        }
    )
    wiki = PywikibotWiki(settings=settings, site=connect(settings, login=False))
    db = Database(database_url)
    caplog.set_level(logging.WARNING, logger="sidebot")

    def after_page(ref) -> None:  # the wiki breaks after the first page, for longer than Pywikibot waits
        if ref.title == titles[0]:
            flaky_wiki.fail_for(8.0)

    started = time.monotonic()
    summary = Patrol(settings, db, wiki, UrlDepthScorer()).run(refs, "test", {}, after_page)
    assert summary.status == "ok", summary.errors
    assert summary.counts["pages_checked"] == 3 and summary.counts["wiki_outages"] == 1
    assert flaky_wiki.failed_requests >= 3  # Pywikibot's own retries were spent first
    assert 8 <= time.monotonic() - started < 60
    with db.session() as session:
        assert session.scalar(select(func.count(Citation.id))) == 3  # every page's citation stored
    said = [r for r in caplog.records if r.name.startswith("sidebot")]
    assert len(said) == 2, [r.getMessage() for r in said]  # one line when it goes, one when it is back
    lost, back = (r.getMessage() for r in said)
    assert lost.startswith("wiki lost: ") and back.startswith("wiki back after ")
    assert ("HTTP 500" if flaky_wiki.failure == "http-500" else "lag 3 s behind (maxlag)") in lost
    assert all(r.exc_info is None for r in said)
    db.dispose()


def test_what_a_wiki_has_is_said_in_words(test_wiki, read_only_wiki) -> None:
    assert diagnose(test_wiki.api_url).kind == "answering"
    read_only_wiki("Switchover (test)")
    health = diagnose(test_wiki.api_url)
    assert health.kind == "read-only" and "read-only (Switchover (test))" in health.words
    read_only_wiki(None)
    closed = diagnose("http://127.0.0.1:9/api.php", timeout=2)
    assert closed.kind == "network" and "cannot be reached" in closed.words
