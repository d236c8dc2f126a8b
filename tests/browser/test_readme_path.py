"""The README's path to a first review, word for word, in real Chromium: `sidebot demo`, `sidebot serve`
(no config: it finds the demo's), log in with the account the demo names, open the first card, decide with
the access keys the README names, undo, decide again, and the leaderboard counts it; a second decision,
and /stats measures the reviewers' precision. Also: every page at phone width without sideways scrolling,
decisions by keyboard with a visible focus, and screenshots of the list, a card and the stats at 1280 and
390 px, re-taken on every run into docs/screenshots (or $SIDEBOT_SCREENSHOTS)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.browser.chromium import (
    CHROMIUM,
    CHROMIUM_FLAGS,
    chart_label_problems,
    press_access_key,
    sideways,
    status_says,
)
from tests.fixtures.demo import DemoRun, run_sidebot

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.slow]

WIDTHS = {"phone": 390, "desktop": 1280}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def served(demo_run: DemoRun) -> Iterator[tuple[str, str]]:
    """`sidebot serve` as the README gives it; --port only because 8080 may be taken on a shared machine."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "sidebot", "serve", "--port", str(port)],
        env=demo_run.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        banner = server.stdout.readline() + server.stdout.readline()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(base + "/queue", timeout=5)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and server.poll() is None, server.stderr.read()
                time.sleep(0.2)
        yield base, banner
    finally:
        server.terminate()
        server.wait(10)


def _reviewer(output: str) -> tuple[str, str]:
    """The account the demo's closing lines tell a new user to log in with."""
    found = re.search(r"log in as (.+?) with password (\S+)", " ".join(output.split()))
    assert found, output
    return found[1], found[2]


def _shots() -> Path:
    """Where the screenshots go: the README links docs/screenshots, so every browser run re-takes them."""
    return Path(os.environ.get("SIDEBOT_SCREENSHOTS") or SCREENSHOTS)


def card_to_photograph(findings: list[dict]) -> int:
    """The finding whose card the screenshots show, from ``sidebot queue list --json``: the open finding
    whose card shows the most a reviewer weighs (a failing fact named, else queued for partial support, else
    with suggested sources), else the first. The one place to point the screenshots at another kind of
    card."""
    shown = [f for f in findings if f["state"] == "open"]
    for wanted in (
        lambda f: f.get("fact_note"),
        lambda f: (f["reason"] or "").startswith("partial support"),
        lambda f: f["suggestions"],
    ):
        found = next((f for f in shown if wanted(f)), None)
        if found:
            return found["id"]
    return shown[0]["id"]


@pytest.mark.timeout(3600)  # the first use runs `sidebot demo` (corpus and indexes included)
def test_readme_path_to_a_first_review(demo_run: DemoRun, served):
    from playwright.sync_api import sync_playwright

    base, banner = served
    assert "wiki testwiki" in banner and str(demo_run.home / "sidebot.db") in banner
    username, password = _reviewer(demo_run.output)
    shots = _shots()
    shots.mkdir(parents=True, exist_ok=True)
    listed = json.loads(run_sidebot("queue", "list", "--json", env=demo_run.env).stdout)["findings"]
    photographed = card_to_photograph(listed)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))

        page.goto("/queue")
        page.get_by_role("link", name="Log in").click()
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        assert page.get_by_test_id("user").inner_text() == username

        rows = page.get_by_test_id("finding-row")
        assert rows.count() >= 2
        support = rows.first.get_by_test_id("support").inner_text()
        assert re.search(r"backs the whole claim: \d+ %; backs part of it: \d+ %", support), support
        assert rows.first.get_by_test_id("reason").inner_text().strip() not in ("", "—")
        page.screenshot(path=str(shots / "list-1280.png"), full_page=True)
        width = sideways(page)  # the mirror's 60-word reason must not push the table past the screen
        assert width[0] <= width[1], f"the queue scrolls sideways at 1280 px: {width}"
        page.goto(f"/findings/{photographed}")  # still open: its decision form shows
        page.screenshot(path=str(shots / "card-1280.png"), full_page=True)
        page.set_viewport_size({"width": WIDTHS["phone"], "height": 844})
        page.screenshot(path=str(shots / "card-390.png"), full_page=True)
        page.set_viewport_size({"width": WIDTHS["desktop"], "height": 900})
        page.goto("/queue")

        # the first card: what fails, the figures in words, a reason; the decision form after the evidence
        rows.first.get_by_role("link").first.click()
        first = int(page.url.rsplit("/", 1)[-1])
        assert re.search(r"\d+ %", page.get_by_test_id("support").inner_text())
        assert page.get_by_test_id("reason").is_visible()
        assert page.get_by_test_id("refusal").count() == 0, page.get_by_test_id("refusal").inner_text()
        # suggestions, or the corpus searched and its size
        if not page.get_by_test_id("suggestion").count():
            assert re.search(
                r"found in the corpus \(\d+ documents\)", page.get_by_test_id("no-suggestion").inner_text()
            )

        # decide by keyboard, with the README's access keys: Alt+n "does not support", Alt+s record
        press_access_key(page, "n")
        assert page.get_by_label("Source does not support the claim").is_checked()
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
        page.get_by_label("Comment (optional)").fill("The page never mentions this.")
        press_access_key(page, "s")
        status_says(page, "Recorded: Source does not support the claim.")
        second = int(page.url.rsplit("/", 1)[-1])
        assert second != first  # the next open item opens

        page.goto(f"/findings/{first}")
        assert page.get_by_test_id("state").inner_text() == "reviewed"
        page.get_by_role("button", name="Undo my decision").click()
        status_says(page, "Your decision was undone.")
        assert page.get_by_test_id("state").inner_text() == "open"

        press_access_key(page, "o")
        assert page.get_by_label("Source is fine").is_checked()
        press_access_key(page, "s")
        status_says(page, "Recorded: Source is fine.")
        if "/findings/" in page.url:
            assert int(page.url.rsplit("/", 1)[-1]) != first  # never a card this reviewer decided
        page.get_by_role("link", name="Leaderboard").click()
        leader = page.get_by_test_id("leader-row").first
        assert leader.locator(".reviewer").inner_text() == username
        assert leader.locator(".total").inner_text() == "1"

        # a second decision, then the stats page measures precision from both
        page.goto(f"/findings/{second}")
        page.get_by_label("Source does not support the claim").check()
        page.get_by_role("button", name="Record decision").click()
        page.get_by_role("link", name="Stats").click()
        overall = page.locator('[data-testid="precision-row"][data-wiki="all"][data-reason="all"]')
        assert "2 reviewed" in overall.inner_text() and "95 % CI" in overall.inner_text()
        assert page.locator("figure.chart rect").count() >= 2  # bars drawn server-side, no script
        page.screenshot(path=str(shots / "stats-1280.png"), full_page=True)

        # a phone: every page fits the width, the chart's labels are whole and readable
        page.set_viewport_size({"width": WIDTHS["phone"], "height": 844})
        for path, name in (
            ("/queue", "list"),
            ("/stats", "stats"),
            (f"/findings/{photographed}", None),
            ("/queue?status=mine", None),
            (f"/findings/{first}", None),
            ("/leaderboard", None),
            ("/api", None),
        ):
            page.goto(path)
            width = sideways(page)
            assert width[0] <= width[1], f"{path} scrolls sideways at 390 px: {width}"
            if name:
                page.screenshot(path=str(shots / f"{name}-390.png"), full_page=True)
        page.goto("/stats")
        assert chart_label_problems(page) == []
        assert problems == []
        context.close()
        browser.close()


@pytest.mark.timeout(3600)
def test_a_partly_supported_demo_citation_reads_both_figures(demo_run: DemoRun, served):
    """A demo citation whose source backs only part of its claim, read in Chromium: the list's support filter
    holds only such citations, and the card says so in words, with both figures ("backs the whole claim:
    24 %; backs part of it: 93 %") and the part or fact the source does not back — never "likely
    supports"."""
    from playwright.sync_api import sync_playwright

    base, _ = served
    partly = httpx.get(
        f"{base}/api/findings", params={"status": "all", "partly": "true", "per_page": 500}, timeout=60
    ).json()["findings"]
    named = [f for f in partly if " — " in f["support"]]
    assert named, f"no demo citation is partly supported with a part or fact named: {partly}"
    # the card says "backs none of the claim's facts" (and shows no "backs part" figure) where the source
    # gives none of them (sidebot/queue/lead.py); the both-figures card is one where it gives some
    cards = [httpx.get(f"{base}/api/findings/{f['id']}", timeout=60).json() for f in named]
    backing = [(f, card) for f, card in zip(named, cards) if not card["backs_nothing"]]
    assert backing, f"every partly supported demo citation's source gives none of the claim's facts: {named}"
    chosen = backing[0][0]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(20_000)
        page.goto("/queue?status=all&support=partly")
        rows = page.get_by_test_id("finding-row")
        assert rows.count() == min(len(partly), 50)
        for i in range(rows.count()):  # the filter reads the figures; where the source gives none of the
            # claim's facts every view says so instead, with no "backs part" figure (sidebot/queue/lead.py)
            text = rows.nth(i).get_by_test_id("support").inner_text()
            assert "only part of the claim" in text or "backs none of the claim's facts" in text, text

        page.goto(f"/findings/{chosen['id']}")
        assert page.get_by_test_id("support-words").inner_text() == "source backs only part of the claim"
        figures = page.get_by_test_id("support-figures").inner_text()
        assert re.fullmatch(r"backs the whole claim: \d+ %; backs part of it: \d+ %", figures), figures
        whole, part = (int(n) for n in re.findall(r"(\d+) %", figures))
        assert whole < 50 <= part
        fails = page.get_by_test_id("fail")
        if fails.count():  # the card leads with what fails, so the support line does not repeat the gap
            assert fails.first.inner_text().strip()
            assert page.get_by_test_id("support-gap").count() == 0
        else:
            gap = page.get_by_test_id("support-gap").inner_text()
            assert gap and chosen["support"].endswith(gap)
        assert "likely" not in page.get_by_test_id("support").inner_text()
        browser.close()
