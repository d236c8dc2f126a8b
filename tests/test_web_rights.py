"""Who may decide (issue 56 item 3), asked of the real local wiki: the groups and edit count the config
names, blocked users refused at login, the answer kept a few minutes, and findings on pages a reviewer
cannot edit (edit protection above their rights) marked and left out of their list unless asked for."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from sidebot.config import Settings
from sidebot.queue.priority import set_page_facts
from sidebot.records import PageFacts
from sidebot.web.app import create_app
from sidebot.web.integrity import ReviewGate, WikiApis
from sidebot.web.wikiapi import WikiApi
from tests.fixtures.web import api_login
from tests.test_priority import _listed, _queue

pytestmark = pytest.mark.integration


class CountingApi(WikiApi):
    calls = 0

    def standing(self, username: str):  # type: ignore[no-untyped-def]
        self.calls += 1
        return super().standing(username)


class CountingApis(WikiApis):
    def get(self, api_url: str) -> WikiApi:
        with self._lock:
            return self._apis.setdefault(api_url, CountingApi(api_url, self.timeout))


def test_standing_is_read_from_the_wiki_and_kept_a_few_minutes(test_wiki, web_accounts, wiki_users) -> None:
    apis = CountingApis()
    gate = ReviewGate(apis, standing_ttl_s=300)
    fresh = gate.standing(test_wiki.api_url, web_accounts.reviewer.username)
    assert fresh.exists and fresh.edit_count == 0 and fresh.block is None
    assert not fresh.may_edit("sysop") and fresh.may_edit("") and fresh.may_edit(None)
    gate.standing(test_wiki.api_url, web_accounts.reviewer.username)
    assert apis.get(test_wiki.api_url).calls == 1  # kept
    admin = gate.standing(test_wiki.api_url, wiki_users.admin.username)
    assert "sysop" in admin.groups and admin.may_edit("sysop") and admin.edit_count > 0
    blocked = gate.standing(test_wiki.api_url, web_accounts.blocked.username)
    assert blocked.block is not None and "sidebot web tests" in blocked.block.reason
    uncached = ReviewGate(apis, standing_ttl_s=0)
    uncached.standing(test_wiki.api_url, web_accounts.reviewer.username)
    uncached.standing(test_wiki.api_url, web_accounts.reviewer.username)
    assert apis.get(test_wiki.api_url).calls == 5


@pytest.fixture
def rights_queue(test_wiki, test_wiki_settings, wiki_users, web_db, unique_title) -> dict[str, int]:
    """Two open findings: one on a page only administrators may edit (its protection read from the wiki as
    the patrol reads it), one on an open page."""
    from sidebot.queue.priority import pages_of
    from sidebot.wiki.page_facts import page_facts
    from sidebot.wiki.site import connect

    locked, open_page = unique_title("Locked"), unique_title("Open")
    for title in (locked, open_page):
        wiki_users.editor.edit(title, "An article.")
    wiki_users.admin.protect(locked, level="sysop")
    ids = _queue(web_db, test_wiki.api_url, [open_page, locked], {})
    site = connect(test_wiki_settings, login=False)
    facts = page_facts(site, [locked, open_page], "Living people")
    with web_db.session() as session:
        pages = pages_of(session, "testwiki")
        set_page_facts(session, {pages[t]: f for t, f in facts.items()})
    assert facts[locked] == PageFacts(False, "sysop")
    return {"locked": ids[locked], "open": ids[open_page]}


def _app(web_db, web_settings, tmp_path: Path, **web):  # type: ignore[no-untyped-def]
    return create_app(Settings(home=tmp_path), web_db, web_settings.model_copy(update=web))


def test_protected_pages_are_marked_and_left_out_for_who_cannot_edit_them(
    rights_queue, web_db, web_settings, web_accounts, tmp_path: Path
) -> None:
    app = _app(web_db, web_settings, tmp_path)
    locked, open_id = rights_queue["locked"], rights_queue["open"]
    with TestClient(app) as anonymous, TestClient(app) as reviewer:
        assert _listed(anonymous, "/queue?sort=support") == [open_id, locked]  # nobody to leave them out for
        assert "protected (sysop)" in anonymous.get("/queue").text
        api_login(reviewer, web_accounts.reviewer)
        assert _listed(reviewer, "/queue?sort=support") == [open_id]
        page = reviewer.get("/queue").text
        assert "pages you cannot edit (protected: sysop) are left out" in page
        assert _listed(reviewer, "/queue?sort=support&protected=show") == [open_id, locked]
        card = reviewer.get(f"/findings/{locked}").text
        assert "only sysop users can edit it" in card and "you cannot edit it" in card
        assert "you cannot edit it" not in anonymous.get(f"/findings/{locked}").text


def test_deciding_needs_the_configured_rights_and_no_block(
    rights_queue, web_db, web_settings, web_accounts, tmp_path: Path
) -> None:
    strict = _app(web_db, web_settings, tmp_path, review_min_edits=1, review_groups=["autoconfirmed"])
    fid = rights_queue["open"]
    with TestClient(strict) as client:
        token = client.get("/api/session").json()["csrf_token"]
        form = {
            "username": web_accounts.reviewer.username,
            "password": web_accounts.reviewer.password,
            "csrf_token": token,
        }
        login = client.post("/login", data=form)  # logged in, told what deciding needs
        assert login.status_code == 200 and "deciding needs 1 edits (you have 0)" in login.text
        token = client.get("/api/session").json()["csrf_token"]
        refused = client.post(
            f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"X-CSRF-Token": token}
        )
        assert refused.status_code == 403 and "deciding needs 1 edits" in refused.json()["detail"]
    sysops_only = _app(web_db, web_settings, tmp_path, review_groups=["sysop"])
    with TestClient(sysops_only) as client:
        token = api_login(client, web_accounts.reviewer)
        refused = client.post(
            f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"X-CSRF-Token": token}
        )
        assert refused.status_code == 403 and "membership of the sysop group" in refused.json()["detail"]
    with TestClient(_app(web_db, web_settings, tmp_path, review_groups=["autoconfirmed"])) as client:
        token = api_login(client, web_accounts.reviewer)  # a new account is autoconfirmed on the test wiki
        done = client.post(
            f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"X-CSRF-Token": token}
        )
        assert done.status_code == 200, done.text
        token = client.get("/api/session").json()["csrf_token"]
        form = {
            "username": web_accounts.blocked.username,
            "password": web_accounts.blocked.password,
            "csrf_token": token,
        }
        blocked = client.post("/login", data=form)
        assert blocked.status_code == 401 and "you are blocked on this wiki" in blocked.text
