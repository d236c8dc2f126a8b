"""The wiki gadget in real headless Chromium on the local MediaWiki: installed for a reviewer by the code that
`sidebot gadget install` runs (the bot writes the loader line into the reviewer's common.js), the reviewer
logged in to the wiki and to the review service, a seeded demo article shows a mark on each claim with an open
finding; the keyboard opens and Escape closes its popup; a decision from the popup is recorded (read back from
the database); at 390 px the popup stays on the screen; a claim and source carrying markup show it as text.
In the edit form, "Check citations" checks a changed citation before saving (the real source server and the
shipped verifier) and lists the answer in the card's words.
Screenshots of the popup at 1280 and 390 px go where the other browser tests put theirs (docs/screenshots, or
$SIDEBOT_SCREENSHOTS)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

import pytest

from sidebot.config import FetchSettings, Settings
from sidebot.onwiki.gadget import install_loader
from sidebot.patrol.precheck import EditCheck
from sidebot.queue.models import Citation, Finding, Page, Review, Suggestion
from sidebot.retrieve.reference import build_reference
from sidebot.web.app import create_app
from tests.browser.chromium import DESKTOP, PHONE, sideways
from tests.browser.conftest import open_tab
from tests.fixtures.sources import SourceServer
from tests.fixtures.web import SeededQueue, WebAccounts

pytestmark = [pytest.mark.browser, pytest.mark.integration]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MARK = ".sidebot-mark[role=button]"
POPUP = ".sidebot-popup[role=dialog]"
CHECK_BUTTON = "Check citations (sidebot)"


@pytest.fixture
def web_app(web_db, web_settings, tmp_path: Path, test_wiki):
    """The review app with the check before saving (the verifier loads on its first check), reading sources
    from the loopback source server."""
    fetch = FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0.0)
    settings = Settings(home=tmp_path, fetch=fetch)
    return create_app(settings, web_db, web_settings, EditCheck(settings, web_db, api_url=test_wiki.api_url))


def _article(test_wiki, title: str) -> str:
    return test_wiki.article_url.replace("{title}", quote(title.replace(" ", "_")))


def _wiki_login(tab, test_wiki, username: str, password: str) -> None:
    tab.goto(f"{test_wiki.index_url}?title=Special:UserLogin")
    tab.locator("#wpName1").fill(username)
    tab.locator("#wpPassword1").fill(password)
    tab.locator("#wpLoginAttempt").click()
    tab.locator("#pt-logout").wait_for(state="attached")


def _service_login(tab, live_web: str, username: str, password: str) -> None:
    tab.goto(f"{live_web}/login")
    tab.get_by_label("Username").fill(username)
    tab.get_by_label("Password").fill(password)
    tab.get_by_role("button", name="Log in").click()
    assert tab.get_by_test_id("user").inner_text() == username


def test_marks_a_popup_and_a_decision_on_the_wiki(
    browser,
    live_web: str,
    test_wiki,
    wiki_site,
    web_queue: SeededQueue,
    web_accounts: WebAccounts,
    web_db,
    hostile_finding: int,
):
    reviewer = web_accounts.reviewer
    assert install_loader(wiki_site, reviewer.username, live_web).changed
    article = next(a for a in web_queue.articles if len(web_queue.findings[a.title]) > 1)
    open_ids = [f for f in web_queue.findings[article.title] if web_queue.states[f] == "open"]
    assert open_ids, "the seed queues findings on this article"
    with web_db.session() as session:  # the seed fetched no suggested page: its reference from URL and title
        for suggestion in session.query(Suggestion).filter(Suggestion.finding_id.in_(open_ids)):
            suggestion.reference = build_reference(suggestion.url, None, title=suggestion.title)

    tab = open_tab(browser, live_web, DESKTOP)
    try:
        _wiki_login(tab, test_wiki, reviewer.username, reviewer.password)
        _service_login(tab, live_web, reviewer.username, reviewer.password)
        tab.goto(_article(test_wiki, article.title))
        marks = tab.locator(MARK)
        marks.first.wait_for()
        marked = {int(i) for m in marks.all() for i in m.get_attribute("data-sidebot-findings").split()}
        assert marked == set(open_ids), "each open finding's claim is marked, and nothing else"
        first = marks.first
        assert first.get_attribute("aria-label").startswith("Citation check: ")
        assert first.is_visible()

        # the keyboard opens the popup and Escape closes it, giving the focus back to the mark
        first.focus()
        tab.keyboard.press("Enter")
        popup = tab.locator(POPUP)
        popup.wait_for()
        finding_id = int(popup.locator(".sidebot-finding").first.get_attribute("data-finding"))
        card = tab.request.get(f"{live_web}/api/findings/{finding_id}").json()
        assert popup.locator(".sidebot-reason").first.inner_text() == card["reason"]
        assert popup.locator(".sidebot-support").first.inner_text() == card["support"]
        evidence = [s["text"].strip() for s in card["passage"] if s["evidence"]]
        if evidence:
            assert popup.locator(".sidebot-evidence").first.inner_text() == " … ".join(evidence)
        if card["suggestions"]:
            reference = popup.locator("textarea.sidebot-reference").first.input_value()
            assert reference == card["suggestions"][0]["reference"] and reference.startswith("<ref>")
        tab.screenshot(path=str(_shots() / "gadget-1280.png"))
        tab.keyboard.press("Escape")
        popup.wait_for(state="detached")
        assert tab.evaluate("document.activeElement.classList.contains('sidebot-mark')")

        # a decision from the popup, recorded through the JSON API with the CSRF token
        first.click()
        popup.get_by_role("button", name="Source does not support the claim").first.click()
        status = popup.get_by_role("status").first
        status.filter(has_text="Recorded").wait_for()
        assert status.inner_text() == "Recorded: Source does not support the claim."
        with web_db.session() as session:
            [review] = session.query(Review).filter_by(finding_id=finding_id).all()
            assert (review.reviewer, review.decision) == (reviewer.username, "unsupported")

        # at phone width the popup stays on the screen and the page does not scroll sideways
        tab.set_viewport_size(PHONE)
        tab.goto(_article(test_wiki, article.title))
        tab.locator(MARK).first.click()
        popup.wait_for()
        box = popup.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        width = sideways(tab)
        assert width[0] <= width[1], f"the page scrolls sideways at 390 px: {width}"
        tab.screenshot(path=str(_shots() / "gadget-390.png"))

        # markup in a claim and its source shows as text
        tab.set_viewport_size(DESKTOP)
        with web_db.session() as session:
            title = (
                session.query(Page.title)
                .join(Citation, Citation.page_id == Page.id)
                .join(Finding, Finding.citation_id == Citation.id)
                .filter(Finding.id == hostile_finding)
                .scalar()
            )
        tab.goto(_article(test_wiki, title))
        hostile = tab.locator(f'{MARK}[data-sidebot-findings="{hostile_finding}"]')
        hostile.click()
        popup.wait_for()
        assert '<script>alert("source")</script>' in popup.locator(".sidebot-evidence").inner_text()
        assert popup.locator("img, script, b").count() == 0
        assert tab.locator("#mw-content-text img[src=x], #mw-content-text img[src=y]").count() == 0
        assert tab.problems == []  # no alert() ran, no script error on the wiki's pages
    finally:
        tab.context.close()


def test_check_citations_in_the_edit_form(
    browser,
    live_web: str,
    test_wiki,
    wiki_site,
    wiki_users,
    web_accounts: WebAccounts,
    web_db,
    source_server: SourceServer,
    unique_title,
):
    reviewer = web_accounts.reviewer
    install_loader(wiki_site, reviewer.username, live_web)  # unchanged when the test above installed it
    blanda = source_server.url("/blanda.txt")
    title = unique_title("Blanda Power Station")
    kept = "The Blanda Power Station is in north Iceland."
    cite = f"<ref>{{{{cite web|url={blanda}|title=Blanda}}}}</ref>"
    saved = f"Blanda Power Station is a hydroelectric plant. {kept}{cite}\n"
    wiki_users.editor.edit(title, saved, "sidebot browser tests: an article to edit")
    changed = "The station opened in 1978 in Lexington, Kentucky."
    edited = saved + f"{changed}<ref>{{{{cite web|url={blanda}?edit=1|title=Blanda}}}}</ref>\n"

    tab = open_tab(browser, live_web, DESKTOP)
    try:
        _wiki_login(tab, test_wiki, reviewer.username, reviewer.password)
        _service_login(tab, live_web, reviewer.username, reviewer.password)
        tab.goto(f"{test_wiki.index_url}?title={quote(title.replace(' ', '_'))}&action=edit")
        button = tab.get_by_role("button", name=CHECK_BUTTON)
        button.wait_for()
        tab.locator("#wpTextbox1").fill(edited)
        button.click()
        answer = tab.locator(".sidebot-check li.sidebot-checked")
        answer.first.wait_for(timeout=120_000)  # the verifier loads on the service's first check
        assert answer.count() == 1, "only the new citation is checked, not the one the page had"
        assert answer.first.get_attribute("class") == "sidebot-checked sidebot-state-open"
        words = answer.first.locator(".sidebot-words").inner_text()
        assert words.endswith(" · missing fact: the source does not give 1978, Lexington, Kentucky"), words
        assert answer.first.locator(".sidebot-claim").inner_text() == f"Claim: {changed}"
        summary = tab.locator(".sidebot-check-summary").inner_text()
        assert summary == "1 citation checked; 1 may not be supported."
        answer.first.scroll_into_view_if_needed()
        tab.screenshot(path=str(_shots() / "gadget-check-1280.png"))

        # at phone width the answers stay inside the screen
        tab.set_viewport_size(PHONE)
        answer.first.scroll_into_view_if_needed()
        box = tab.locator(".sidebot-check").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        tab.screenshot(path=str(_shots() / "gadget-check-390.png"))
        with web_db.session() as session:
            assert session.query(Finding).count() == 0  # nothing queued by the check
        tab.get_by_role("button", name="Queue what may fail for review").click()  # unless the editor asks
        queued = tab.locator(".sidebot-check .sidebot-queued")
        queued.wait_for()
        assert tab.locator(".sidebot-check-status").inner_text() == "1 queued for review."
        with web_db.session() as session:
            (finding,) = session.query(Finding).all()
            assert (finding.origin, finding.requested_by) == ("check", reviewer.username)
            finding_id = finding.id
        assert queued.inner_text() == f"In the review queue: finding {finding_id}"
        assert tab.problems == []
    finally:
        tab.context.close()


def _shots() -> Path:
    shots = Path(os.environ.get("SIDEBOT_SCREENSHOTS") or SCREENSHOTS)
    shots.mkdir(parents=True, exist_ok=True)
    return shots
