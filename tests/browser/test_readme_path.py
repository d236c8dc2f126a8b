"""The README's path to a first review, word for word, in real Chromium: `sidebot demo`, `sidebot serve`
(no config: it finds the demo's), log in with the account the demo names, open the first card, decide,
undo, decide again, and the leaderboard counts it; a second decision, and /stats measures the reviewers'
precision. Also: the list at phone width without sideways scrolling, decisions by keyboard with a visible
focus, and screenshots of the list, a card and the stats at 390 and 1280 px (into $SIDEBOT_SCREENSHOTS when
set, e.g. docs/screenshots, else the test's temp folder)."""

from __future__ import annotations

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

from tests.browser.test_review_flow import CHROMIUM, CHROMIUM_FLAGS
from tests.fixtures.demo import DemoRun

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.slow]

WIDTHS = {"phone": 390, "desktop": 1280}


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


def _shots() -> Path | None:
    folder = os.environ.get("SIDEBOT_SCREENSHOTS")
    return Path(folder) if folder else None


@pytest.mark.timeout(3600)  # the first use runs `sidebot demo` (corpus and indexes included)
def test_readme_path_to_a_first_review(demo_run: DemoRun, served, tmp_path: Path):
    from playwright.sync_api import sync_playwright

    base, banner = served
    assert "wiki testwiki" in banner and str(demo_run.home / "sidebot.db") in banner
    username, password = _reviewer(demo_run.output)
    shots = _shots() or tmp_path
    shots.mkdir(parents=True, exist_ok=True)
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
        assert re.search(r"\d+ %", support) and "support" in support
        assert rows.first.get_by_test_id("reason").inner_text().strip() not in ("", "—")
        page.screenshot(path=str(shots / "list-1280.png"), full_page=True)

        # the first card: one support figure, a reason, and the decision form before the source
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
        page.screenshot(path=str(shots / "card-1280.png"), full_page=True)

        # decide by keyboard: focus the first decision, move with the arrow keys, record with Enter
        decision = page.get_by_label("Source does not support the claim")
        decision.focus()
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
        page.keyboard.press("Space")
        page.get_by_label("Comment (optional)").fill("The page never mentions this.")
        page.get_by_role("button", name="Record decision").focus()
        page.keyboard.press("Enter")
        assert "Recorded: Source does not support the claim." in page.get_by_role("status").first.inner_text()
        second = int(page.url.rsplit("/", 1)[-1])
        assert second != first  # the next open item opens

        page.goto(f"/findings/{first}")
        assert page.get_by_test_id("state").inner_text() == "reviewed"
        page.get_by_role("button", name="Undo my decision").click()
        assert "Your decision was undone." in page.get_by_role("status").first.inner_text()
        assert page.get_by_test_id("state").inner_text() == "open"

        page.get_by_label("Source is fine").check()
        page.get_by_role("button", name="Record decision").click()
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

        # a phone: the list and the card fit the width
        page.set_viewport_size({"width": WIDTHS["phone"], "height": 844})
        for path, name in (("/queue", "list"), (f"/findings/{second}", "card"), ("/stats", "stats")):
            page.goto(path)
            width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1], f"{path} scrolls sideways at 390 px: {width}"
            page.screenshot(path=str(shots / f"{name}-390.png"), full_page=True)
        assert problems == []
        context.close()
        browser.close()
