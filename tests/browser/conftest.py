"""Chromium for the browser tests: one browser per module, a fresh context (cookies, viewport) per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.chromium import CHROMIUM, CHROMIUM_FLAGS


@pytest.fixture(scope="module")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def open_tab(browser, base_url: str, viewport: dict[str, int] | None = None):  # type: ignore[no-untyped-def]
    """A tab in a fresh context that records dialogs and script errors (the pages run no script: any is a
    bug) in ``tab.problems``."""
    context = browser.new_context(base_url=base_url, viewport=viewport)
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    problems: list[str] = []
    tab.on("dialog", lambda dialog: (problems.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    tab.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    tab.problems = problems
    return tab


@pytest.fixture
def page(browser, live_web: str) -> Iterator:
    tab = open_tab(browser, live_web)
    yield tab
    tab.context.close()


@pytest.fixture
def phone(browser, live_web: str) -> Iterator:
    """A tab 390 px wide (an iPhone 12-14 in portrait)."""
    from tests.browser.chromium import PHONE

    tab = open_tab(browser, live_web, PHONE)
    yield tab
    tab.context.close()
