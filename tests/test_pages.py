"""Page sources (sidebot.wiki.pages) against the real local MediaWiki, through Pywikibot."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from sidebot.wiki.pages import (
    PageGoneError,
    PageRef,
    deduplicate,
    failed_verification,
    fetch_text,
    recent_changes,
    single_page,
)
from sidebot.wiki.site import PageNotFoundError, WikiUnavailableError, connect

pytestmark = pytest.mark.integration


def _wait_for_next_second(moment: datetime) -> None:
    """MediaWiki's timestamps have whole seconds: sleep until the clock has passed ``moment``'s second."""
    target = moment.replace(microsecond=0) + timedelta(seconds=1)
    time.sleep(max(0.0, (target - datetime.now(UTC)).total_seconds()) + 0.05)


def test_recent_changes_lists_new_and_edited_pages_oldest_first(wiki_site, wiki_users, unique_title):
    alpha, beta = unique_title("Alpha"), unique_title("Beta")
    created = wiki_users.editor.edit(alpha, "First text.")
    wiki_users.editor.edit(beta, "Other text.")
    edited = wiki_users.editor.edit(alpha, "First text, edited.")

    result = recent_changes(wiki_site, since=created.timestamp)

    mine = [ref for ref in result if ref.title in {alpha, beta}]
    assert [ref.title for ref in mine] == [beta, alpha]  # alpha's latest change is the newest
    assert mine[1] == PageRef(alpha, created.page_id, edited.rev_id, edited.timestamp, "recent")
    assert result.pages == sorted(result.pages, key=lambda ref: (ref.timestamp, ref.rev_id))
    assert result.newest == edited.timestamp


def test_recent_changes_since_leaves_out_older_changes(wiki_site, wiki_users, unique_title):
    older, newer = unique_title("Older"), unique_title("Newer")
    first = wiki_users.editor.edit(older, "Before the mark.")
    _wait_for_next_second(first.timestamp)
    mark = wiki_users.editor.edit(newer, "At the mark.")
    assert mark.timestamp > first.timestamp

    titles = {ref.title for ref in recent_changes(wiki_site, since=mark.timestamp)}
    assert newer in titles and older not in titles
    naive_utc = mark.timestamp.replace(tzinfo=None)  # as sidebot's database stores times
    assert {ref.title for ref in recent_changes(wiki_site, since=naive_utc)} == titles


def test_recent_changes_limit_counts_pages(wiki_site, wiki_users, unique_title):
    titles = [unique_title("Limited") for _ in range(3)]
    _wait_for_next_second(datetime.now(UTC))  # since is inclusive: keep earlier tests' edits out
    saved = [wiki_users.editor.edit(title, f"Text {n}.") for n, title in enumerate(titles)]

    newest_two = recent_changes(wiki_site, limit=2)  # no since: the most recently changed pages
    assert [ref.title for ref in newest_two] == titles[1:]
    assert newest_two.newest == saved[2].timestamp

    resumed = recent_changes(wiki_site, limit=2, since=saved[0].timestamp)  # since: the oldest first
    assert [ref.title for ref in resumed] == titles[:2]
    assert resumed.newest == saved[1].timestamp
    with pytest.raises(ValueError, match="limit"):
        recent_changes(wiki_site, limit=0)


def test_recent_changes_leaves_out_bot_edits_unless_asked(wiki_site, wiki_users, unique_title):
    title = unique_title("Bot edited")
    saved = wiki_users.bot.edit(title, "Text saved with the bot flag.", bot=True)
    assert title not in {ref.title for ref in recent_changes(wiki_site, since=saved.timestamp)}
    with_bots = recent_changes(wiki_site, since=saved.timestamp, include_bots=True)
    assert title in {ref.title for ref in with_bots}


def test_failed_verification_finds_every_form_of_the_tag(wiki_site, wiki_users, unique_title):
    editor = wiki_users.editor
    tagged = [
        editor.edit(
            unique_title("Full name"), "A claim.<ref>Source</ref>{{Failed verification|date=May 2024}}"
        ),
        editor.edit(unique_title("Shortcut"), "A claim.<ref>Source</ref>{{fv}}"),
        editor.edit(unique_title("Old name"), "A claim.<ref>Source</ref>{{Not in citation given|date=2017}}"),
    ]
    untagged = editor.edit(unique_title("Other tag"), "A claim.{{Citation needed|date=May 2024}}")

    found = {ref.title: ref for ref in failed_verification(wiki_site)}
    for page in tagged:
        assert found[page.title] == PageRef(
            page.title, page.page_id, page.rev_id, page.timestamp, "failed_verification"
        )
    assert untagged.title not in found
    assert {ref.title for ref in failed_verification(wiki_site, "Fv")} == set(found)
    with pytest.raises(PageNotFoundError, match="no such template"):
        list(failed_verification(wiki_site, "No such template anywhere"))


def test_single_page_follows_a_redirect(wiki_site, wiki_users, unique_title):
    target, redirect = unique_title("Target"), unique_title("Redirect")
    saved = wiki_users.editor.edit(target, "The article.")
    wiki_users.editor.edit(redirect, f"#REDIRECT [[{target}]]")

    assert single_page(wiki_site, redirect) == PageRef(
        target, saved.page_id, saved.rev_id, saved.timestamp, "page"
    )


def test_single_page_reports_a_missing_page(wiki_site, unique_title):
    title = unique_title("Never written")
    with pytest.raises(PageNotFoundError, match="does not exist") as missing:
        single_page(wiki_site, title)
    assert missing.value.title == title


def test_fetch_text_follows_a_moved_page(wiki_site, wiki_users, unique_title):
    title, new_title = unique_title("Before move"), unique_title("After move")
    wiki_users.editor.edit(title, "Moved text.<ref>Source</ref>")
    ref = single_page(wiki_site, title)
    assert fetch_text(wiki_site, ref) == ("Moved text.<ref>Source</ref>", ref.rev_id)

    wiki_users.admin.move(title, new_title, leave_redirect=False)
    text, rev_id = fetch_text(wiki_site, ref)  # found by page id
    assert text == "Moved text.<ref>Source</ref>" and rev_id > ref.rev_id  # a move adds a null revision


def test_fetch_text_of_a_deleted_page_raises_page_gone(wiki_site, wiki_users, unique_title):
    title = unique_title("Deleted")
    wiki_users.editor.edit(title, "Soon gone.")
    ref = single_page(wiki_site, title)
    wiki_users.admin.delete(title, "test")
    with pytest.raises(PageGoneError, match="was deleted") as gone:
        fetch_text(wiki_site, ref)
    assert gone.value.title == title


def test_deduplicate_keeps_the_first_of_each_page():
    moment = datetime(2024, 5, 1, tzinfo=UTC)
    recent = PageRef("A", 1, 10, moment, "recent")
    tagged_again = PageRef("A", 1, 10, moment, "failed_verification")
    other = PageRef("B", 2, 11, moment, "failed_verification")
    assert list(deduplicate([recent, tagged_again, other])) == [recent, other]


class _BrokenWiki(BaseHTTPRequestHandler):
    """api.php that always fails, in one of two ways MediaWiki cannot be made to fail on demand."""

    failure = "http-503"
    requests = 0

    def do_GET(self) -> None:
        self._fail()

    def do_POST(self) -> None:
        self._fail()

    def _fail(self) -> None:
        type(self).requests += 1
        if self.failure == "http-503":
            body = b"<html><body>503 Service Unavailable</body></html>"
            self.send_response(503)
            self.send_header("Content-Type", "text/html")
        else:  # what Wikimedia's API answers while its replicas lag behind
            body = json.dumps(
                {
                    "error": {
                        "code": "maxlag",
                        "info": "Waiting for 10.64.0.1: 1 seconds lagged.",
                        "host": "10.64.0.1",
                        "lag": 1,
                        "type": "db",
                    },
                }
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Retry-After", "1")
            self.send_header("X-Database-Lag", "1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(params=["http-503", "maxlag"])
def broken_wiki(request: pytest.FixtureRequest) -> Iterator[tuple[str, type[_BrokenWiki]]]:
    handler = type("BrokenWiki", (_BrokenWiki,), {"failure": request.param, "requests": 0})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/api.php", handler
    server.shutdown()
    server.server_close()


def test_a_failing_wiki_raises_wiki_unavailable_within_bounded_time(
    broken_wiki, test_wiki_settings, wiki_site, monkeypatch
):
    """A wiki answering HTTP 503, or maxlag errors, surfaces as WikiUnavailableError after Pywikibot's
    bounded retries (the test wiki's user-config.py: 2 retries, waits of at most 4 s), never a hang.

    This is the one fake server in the wiki tests, and it is justified: a real MediaWiki cannot be made to
    answer 503 or to report replication lag on demand (a single SQLite wiki has no replicas), so a tiny
    loopback server plays a wiki that does.
    """
    import pywikibot

    api_url, handler = broken_wiki
    family = f"broken{api_url.split(':')[2].split('/')[0]}"
    monkeypatch.setitem(pywikibot.config.family_files, family, api_url)
    wiki = test_wiki_settings.wiki.model_copy(update={"family": family, "code": family})

    started = time.monotonic()
    with pytest.raises(WikiUnavailableError):  # Pywikibot asks for the site's info first: connect fails
        site = connect(test_wiki_settings.model_copy(update={"wiki": wiki}), login=False)
        recent_changes(site, limit=5)
    elapsed = time.monotonic() - started
    assert handler.requests >= 2  # it did retry
    assert elapsed < 20
