"""The review UI in real headless Chromium (Playwright, the system's /usr/bin/chromium): log in through
the local test wiki, filter, open a card, decide, see the leaderboard change, undo; hostile markup stays
text."""

from __future__ import annotations

import pytest

from tests.fixtures.web import SeededQueue, WebAccounts

pytestmark = [pytest.mark.browser, pytest.mark.integration]


def test_log_in_filter_decide_see_the_leaderboard_and_undo(
    page, web_queue: SeededQueue, web_accounts: WebAccounts
):
    reviewer = web_accounts.reviewer
    page.goto("/queue")
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill(reviewer.username)
    page.get_by_label("Password").fill(reviewer.password)
    page.get_by_role("button", name="Log in").click()
    assert page.get_by_test_id("user").inner_text() == reviewer.username
    assert f"Logged in as {reviewer.username}." in page.get_by_role("status").first.inner_text()

    # filter the open queue to one article
    band = next(a for a in web_queue.articles if len(a.citations) > 1)
    band_open = [f for f in web_queue.findings[band.title] if web_queue.states[f] == "open"]
    page.get_by_label("Article").fill(band.title[:12].lower())
    page.get_by_role("button", name="Filter").click()
    rows = page.get_by_test_id("finding-row")
    assert rows.count() == len(band_open) >= 1
    assert {int(rows.nth(i).get_attribute("data-id")) for i in range(rows.count())} == set(band_open)
    assert page.get_by_test_id("tab-open").inner_text().split()[-1] == str(len(band_open))

    # open the card of the least supported one
    rows.first.get_by_role("link").first.click()
    finding_id = int(page.url.rsplit("/", 1)[-1])
    assert finding_id in band_open
    assert page.get_by_test_id("claim").inner_text().strip()
    assert page.get_by_test_id("state").inner_text() == "open"

    page.get_by_label("Source does not support the claim").check()
    page.get_by_label("Comment (optional)").fill("The page never mentions this.")
    page.get_by_role("button", name="Record decision").click()
    assert "Recorded: Source does not support the claim." in page.get_by_role("status").first.inner_text()
    assert not page.url.endswith(f"/findings/{finding_id}")  # the next open item (or the queue) opens
    page.goto(f"/findings/{finding_id}")
    assert page.get_by_test_id("state").inner_text() == "reviewed"
    assert reviewer.username in page.get_by_test_id("current-decision").inner_text()

    page.get_by_role("link", name="Leaderboard").click()
    leaders = page.get_by_test_id("leader-row")
    assert leaders.count() == 1
    assert leaders.first.locator(".reviewer").inner_text() == reviewer.username
    assert leaders.first.locator(".total").inner_text() == "1"

    page.goto(f"/findings/{finding_id}")
    page.get_by_role("button", name="Undo my decision").click()
    assert "Your decision was undone." in page.get_by_role("status").first.inner_text()
    assert page.get_by_test_id("state").inner_text() == "open"
    page.goto("/leaderboard")
    assert page.get_by_test_id("leader-row").count() == 0
    assert page.problems == []


def test_hostile_markup_stays_text_in_the_browser(page, hostile_finding: int):
    page.goto(f"/findings/{hostile_finding}")
    claim = page.get_by_test_id("claim").inner_text()
    assert '<script>alert("claim")</script>' in claim and "<img src=x onerror=alert(1)>" in claim
    assert page.locator("main img, main script, main b").count() == 0
    assert '<script>alert("source")</script>' in page.locator("mark").first.inner_text()
    assert page.problems == []  # no alert() ran, no script error
