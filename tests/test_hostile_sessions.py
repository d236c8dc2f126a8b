"""Hostile cookies and logins: a saved session cookie replayed after logout, after `sidebot sessions revoke`,
and after the wiki blocked its user; and a login on one wiki deciding on another wiki's findings.

Real parts: the local MediaWiki checks the passwords and the blocks; the queue is SQLite
(tests/fixtures/web.py).
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from sidebot.cli.app import app as cli_app
from sidebot.config import Settings, WikiSettings
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Review, Wiki
from sidebot.sandbox import testwiki
from sidebot.web.app import SESSION_COOKIE, create_app
from sidebot.web.settings import WebSettings
from sidebot.web.throttle import LoginThrottle
from tests.fixtures.web import (
    SeededQueue,
    WebAccount,
    WebAccounts,
    api_login,
    block_wiki_user,
    create_wiki_account,
)

pytestmark = [pytest.mark.integration, pytest.mark.hostile]


def _logged_in(app, account: WebAccount) -> tuple[TestClient, str, str]:  # type: ignore[no-untyped-def]
    """A client logged in as ``account``; also the cookie and CSRF token an attacker would copy."""
    client = TestClient(app)
    token = api_login(client, account)
    return client, client.cookies[SESSION_COOKIE], token


def _replay(app, cookie: str, token: str, fid: int):  # type: ignore[no-untyped-def]
    """Fresh clients presenting a saved cookie: who it is, and what a decision POST with it gets."""
    who = TestClient(app, cookies={SESSION_COOKIE: cookie}).get("/api/session").json()["user"]
    answer = TestClient(app, cookies={SESSION_COOKIE: cookie}).post(
        f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"X-CSRF-Token": token}
    )
    return who, answer.status_code


def test_a_cookie_saved_before_logout_is_worthless_after_it(web_app, web_queue: SeededQueue, web_accounts):
    fid = web_queue.open_ids()[0]
    client, cookie, token = _logged_in(web_app, web_accounts.reviewer)
    assert _replay(web_app, cookie, token, fid)[0] == web_accounts.reviewer.username  # the copy works now
    assert client.post("/api/logout", headers={"X-CSRF-Token": token}).status_code == 200
    assert _replay(web_app, cookie, token, fid) == (None, 401)


def test_revoke_ends_every_session_of_the_user_at_once(
    web_app, web_db: Database, web_queue: SeededQueue, web_accounts: WebAccounts
):
    fid = web_queue.open_ids()[0]
    _, cookie, token = _logged_in(web_app, web_accounts.reviewer)
    _, other_cookie, other_token = _logged_in(web_app, web_accounts.second)
    result = CliRunner().invoke(
        cli_app,
        ["sessions", "revoke", web_accounts.reviewer.username],
        env={"SIDEBOT_DATABASE_URL": str(web_db.engine.url)},
    )
    assert result.exit_code == 0 and "ended 1 session" in result.output, result.output
    assert _replay(web_app, cookie, token, fid) == (None, 401)
    assert _replay(web_app, other_cookie, other_token, fid)[0] == web_accounts.second.username  # untouched


def test_a_block_found_on_the_wiki_ends_the_session(
    web_db, web_queue: SeededQueue, web_settings, test_wiki, tmp_path: Path
):
    """A user blocked after logging in: the next decision, once the user's standing is asked again (here at
    once: no cache), is refused and ends every session of theirs."""
    app = create_app(
        Settings(home=tmp_path), web_db, web_settings.model_copy(update={"rights_cache_minutes": 0})
    )
    account = WebAccount(f"Web Later Blocked {secrets.token_hex(3)}", secrets.token_urlsafe(16))
    create_wiki_account(test_wiki.api_url, account.username, account.password)
    fid = web_queue.open_ids()[0]
    client, cookie, token = _logged_in(app, account)
    block_wiki_user(test_wiki.api_url, testwiki.credentials(test_wiki.state_dir)["admin"], account.username)
    refused = client.post(
        f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"X-CSRF-Token": token}
    )
    assert refused.status_code == 403 and "you are blocked" in refused.json()["detail"]
    assert _replay(app, cookie, token, fid) == (None, 401)


def _move_to_other_wiki(db: Database, fid: int) -> str:
    """File the finding's page under a second wiki (same api.php: one MediaWiki plays both)."""
    with db.session() as session:
        home = session.query(Wiki).filter_by(name=testwiki.WIKI_NAME).one()
        other = Wiki(name="otherwiki", api_url=home.api_url, article_url=home.article_url)
        session.add(other)
        session.flush()
        page = (
            session.query(Page)
            .join(Citation, Citation.page_id == Page.id)
            .join(Finding, Finding.citation_id == Citation.id)
            .filter(Finding.id == fid)
            .one()
        )
        page.wiki_id = other.id
    return "otherwiki"


@pytest.mark.parametrize("shared", [False, True])
def test_a_login_reviews_only_its_own_wiki_unless_accounts_are_shared(
    web_db: Database, web_queue: SeededQueue, web_accounts: WebAccounts, test_wiki, tmp_path: Path, shared
):
    fid = web_queue.open_ids()[-1]
    other = _move_to_other_wiki(web_db, fid)
    web = WebSettings(
        login_api_url=test_wiki.api_url,
        secret_key_file=str(tmp_path / "web-secret.key"),
        shared_account_wikis=[testwiki.WIKI_NAME, other] if shared else [],
    )
    app = create_app(Settings(home=tmp_path, wiki=WikiSettings(name=testwiki.WIKI_NAME)), web_db, web)
    client, _, token = _logged_in(app, web_accounts.reviewer)
    answer = client.post(
        f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"X-CSRF-Token": token}
    )
    with web_db.session() as session:
        reviews = session.query(Review).filter_by(finding_id=fid).count()
    if shared:
        assert answer.status_code == 200, answer.text
        assert reviews == 1
    else:
        assert answer.status_code == 403, answer.text
        assert (
            f"you logged in on {testwiki.WIKI_NAME}, and this finding is on {other}"
            in answer.json()["detail"]
        )
        assert reviews == 0
        assert client.get(f"/api/findings/{fid}").json()["can_review"] is False


def _form_login(client: TestClient, username: str, password: str):  # type: ignore[no-untyped-def]
    token = client.get("/api/session").json()["csrf_token"]
    return client.post(
        "/login",
        data={"username": username, "password": password, "next": "/queue", "csrf_token": token},
        follow_redirects=False,
    )


def test_password_guessing_is_slowed_per_account_and_address_and_logged(
    test_wiki, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    """Wrong passwords for one wiki account through `POST /login`: after the allowed failures even the right
    password must wait from that address (the wiki is not asked), the wait is said in words with
    Retry-After, every try is in the log, and after the wait the right password works (the throttle's clock
    is moved by hand, not slept). Then one address guessing at many accounts."""
    from tests.fixtures.web import create_wiki_account

    victim = WebAccount(f"Throttle Victim {secrets.token_hex(3)}", "a-long-right-password-1")
    create_wiki_account(test_wiki.api_url, victim.username, victim.password)
    web = WebSettings(
        login_api_url=test_wiki.api_url,
        secret_key_file=str(tmp_path / "key"),
        login_max_failures=3,
        login_wait=1.5,
        login_wait_max=30,
    )
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    app = create_app(Settings(home=tmp_path), db, web)
    clock = [0.0]
    app.state.ctx.throttle = LoginThrottle(3, 1.5, 30, clock=lambda: clock[0])
    client = TestClient(app)
    caplog.set_level("INFO", logger="sidebot.web.login")

    for _ in range(3):
        assert _form_login(client, victim.username, "wrong guess").status_code == 401
    refused = _form_login(client, victim.username, victim.password)  # the right one, too soon
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 2
    assert "too many failed logins for this account: wait" in refused.text
    assert client.get("/api/session").json()["user"] is None
    api_refused = client.post(
        "/api/login",
        json={"username": victim.username.replace(" ", "_"), "password": victim.password},
        headers={"X-CSRF-Token": client.get("/api/session").json()["csrf_token"]},
    )
    assert api_refused.status_code == 429  # the JSON API, and the name spelt with underscores, alike
    attempts = [r.getMessage() for r in caplog.records if r.name == "sidebot.web.login"]
    assert sum("failed (" in m for m in attempts) == 3 and sum("refused" in m for m in attempts) == 2
    assert all(victim.username in m.replace("_", " ") and "\n" not in m for m in attempts)

    clock[0] += 1.5
    accepted = _form_login(client, victim.username, victim.password)
    assert accepted.status_code == 303 and client.get("/api/session").json()["user"] == victim.username
    assert "accepted" in caplog.records[-1].getMessage()

    guesser = TestClient(create_app(Settings(home=tmp_path), db, web))  # one address, many accounts
    for n in range(12):  # 4 x 3 failures from one address, spread over accounts that do not exist
        assert _form_login(guesser, f"Nobody {n}", "guess").status_code == 401
    held = _form_login(guesser, victim.username, victim.password)
    assert held.status_code == 429 and "for this address" in held.text
    db.dispose()
