"""A reviewer on a phone with a keyboard, in real headless Chromium: every access key with real key events,
decisions in a row (the next card is never one they already decided), undo from *Mine*, and no page wider
than the 390 px screen, its words whole and its chart labels readable."""

from __future__ import annotations

import re

import pytest

from tests.browser.chromium import (
    broken_words,
    chart_label_problems,
    press_access_key,
    sideways,
    status_says,
)
from tests.fixtures.web import SeededQueue, WebAccounts

pytestmark = [pytest.mark.browser, pytest.mark.integration]

DECISION_KEYS = {
    "n": "unsupported",
    "p": "only_part",
    "o": "supported",
    "b": "better_suggestion",
    "u": "unsure",
}


def _log_in(page, account) -> None:  # type: ignore[no-untyped-def]
    page.goto("/login")
    page.get_by_label("Username").fill(account.username)
    page.get_by_label("Password").fill(account.password)
    page.get_by_label("Password").press("Enter")
    assert page.get_by_test_id("user").inner_text() == account.username


def _open_in_order(page) -> list[int]:  # type: ignore[no-untyped-def]
    """The open findings in the list's order (least supported first), as the JSON API gives them."""
    listing = page.request.get("/api/findings", params={"per_page": 500}).json()["findings"]
    return [f["id"] for f in listing]


def _checked(page) -> str | None:  # type: ignore[no-untyped-def]
    return page.evaluate("(document.querySelector('input[name=decision]:checked') || {}).value || null")


def _fits(page) -> None:  # type: ignore[no-untyped-def]
    width = sideways(page)
    assert width[0] <= width[1], f"{page.url} scrolls sideways at {width[1]} px: {width[0]} px wide"


def _finding_id(page) -> int:  # type: ignore[no-untyped-def]
    return int(re.search(r"/findings/(\d+)$", page.url).group(1))


def test_every_access_key_selects_its_decision(phone, web_queue: SeededQueue, web_accounts: WebAccounts):
    _log_in(phone, web_accounts.reviewer)
    with_suggestions = next(
        f for f in _open_in_order(phone) if phone.request.get(f"/api/findings/{f}").json()["suggestions"]
    )
    phone.goto(f"/findings/{with_suggestions}")
    _fits(phone)
    for key, decision in [*DECISION_KEYS.items(), ("n", "unsupported")]:
        press_access_key(phone, key)
        assert _checked(phone) == decision, f"Alt+{key}"
        assert phone.evaluate("document.activeElement.value") == decision  # focus follows, for the arrows
    press_access_key(phone, "b")
    phone.get_by_label("Which suggestion").focus()
    phone.keyboard.press("ArrowDown")  # the first suggestion (or stays on it when it is the only one)
    press_access_key(phone, "s")
    status_says(phone, "Recorded: A suggestion is better.")
    phone.goto(f"/findings/{with_suggestions}")
    decided = phone.get_by_test_id("current-decision").inner_text()
    assert decided.startswith("A suggestion is better: suggestion 1, ")
    assert phone.problems == []


def test_two_decisions_in_a_row_never_open_a_card_already_decided(
    phone, web_queue: SeededQueue, web_accounts: WebAccounts
):
    """The issue's path: an "unsure" leaves the finding open; deciding the card before it must not open it
    again. Then a third decision, and *Mine* undoes the first, all by keyboard at 390 px."""
    _log_in(phone, web_accounts.reviewer)
    first, second, third, *_ = _open_in_order(phone)
    decided: list[int] = []

    phone.goto(f"/findings/{second}")
    _fits(phone)
    press_access_key(phone, "u")
    press_access_key(phone, "s")
    status_says(phone, "Recorded: Unsure.")
    decided.append(second)
    assert _finding_id(phone) == third

    phone.goto(f"/findings/{first}")
    press_access_key(phone, "n")
    press_access_key(phone, "s")
    status_says(phone, "Recorded: Source does not support the claim.")
    decided.append(first)
    following = _finding_id(phone)
    assert following not in decided and following == third  # not the second: already marked unsure
    _fits(phone)

    press_access_key(phone, "o")
    press_access_key(phone, "s")
    status_says(phone, "Recorded: Source is fine.")
    decided.append(following)
    if "/findings/" in phone.url:
        assert _finding_id(phone) not in decided
        _fits(phone)

    phone.goto("/queue?status=mine")
    _fits(phone)
    rows = phone.get_by_test_id("finding-row")
    assert sorted(int(rows.nth(i).get_attribute("data-id")) for i in range(rows.count())) == sorted(decided)
    undo = phone.get_by_role("button", name=f"Undo my decision on finding {first}")
    undo.focus()
    phone.keyboard.press("Enter")
    status_says(phone, "Your decision was undone.")
    assert phone.url.endswith("/queue?status=mine")
    assert phone.get_by_test_id("finding-row").count() == len(decided) - 1
    phone.goto(f"/findings/{first}")
    assert phone.get_by_test_id("state").inner_text() == "open"
    assert phone.problems == []


def test_no_page_is_wider_than_a_phone(phone, web_queue: SeededQueue, web_accounts: WebAccounts):
    _log_in(phone, web_accounts.reviewer)
    token = phone.request.get("/api/session").json()["csrf_token"]
    for fid, decision in zip(_open_in_order(phone)[:3], ("unsupported", "supported", "unsure")):
        answer = phone.request.post(
            f"/api/findings/{fid}/decision", data={"decision": decision}, headers={"X-CSRF-Token": token}
        )
        assert answer.ok, answer.text()
    every = [fid for ids in web_queue.findings.values() for fid in ids]
    pages = [
        *(f"/queue?status={tab}" for tab in ("open", "reviewed", "mine", "all")),
        "/queue?since=yesterday",  # a form error
        "/leaderboard?period=all",
        "/stats",
        "/api",
        "/findings/999999",  # the error page
        *(f"/findings/{fid}" for fid in every),
    ]
    for path in pages:
        phone.goto(path)
        _fits(phone)
        assert broken_words(phone, "main th, main td, main h1, main h2, main label, main figcaption") == [], (
            path
        )
    phone.goto("/stats")
    assert chart_label_problems(phone) == []
    phone.context.clear_cookies()
    phone.goto("/login")
    _fits(phone)
    assert phone.problems == []


def test_stats_at_phone_width_name_each_column_and_keep_the_chart_readable(
    phone, web_queue: SeededQueue, web_accounts: WebAccounts
):
    _log_in(phone, web_accounts.reviewer)
    token = phone.request.get("/api/session").json()["csrf_token"]
    fid = _open_in_order(phone)[0]
    phone.request.post(
        f"/api/findings/{fid}/decision", data={"decision": "unsupported"}, headers={"X-CSRF-Token": token}
    )
    phone.goto("/stats")
    row = phone.locator('[data-testid="precision-row"][data-wiki="all"][data-reason="all"]')
    cells = row.locator("td")
    assert [cells.nth(i).get_attribute("data-label") for i in range(4)] == [
        "Wiki",
        "Reason",
        "Confirmed",
        "Share",
    ]
    shown = [cells.nth(i).evaluate("cell => getComputedStyle(cell, '::before').content") for i in range(4)]
    assert all(name not in ("none", "normal") for name in shown), shown  # each value says its column
    assert broken_words(phone, "main") == []
    assert chart_label_problems(phone) == []
    first_label = phone.locator("figure.chart svg[role=img] text").first
    assert re.fullmatch(r"\d\d-\d\d", first_label.text_content())  # the whole day, not "0-27"
