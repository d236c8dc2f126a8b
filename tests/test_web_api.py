"""The JSON API and the pages' forms, end to end: the app on a seeded queue, logins checked by the real local
wiki, blocks and page history read from it (tests/fixtures/web.py)."""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import select

from sidebot.config import Settings
from sidebot.queue.listing import next_open
from sidebot.queue.models import Finding, Review, Suggestion
from sidebot.queue.queries import list_findings
from sidebot.web.app import create_app
from sidebot.web.security import CONTENT_SECURITY_POLICY
from tests.fixtures.web import SeededQueue, WebAccounts, api_login

pytestmark = pytest.mark.integration

POSTS = ("/api/findings/{id}/decision", "/api/findings/{id}/undo", "/api/findings/{id}/reopen")


def _with_suggestions(web_client: TestClient, queue: SeededQueue, at_least: int = 1) -> dict:
    for fid in queue.open_ids():
        detail = web_client.get(f"/api/findings/{fid}").json()
        if len(detail["suggestions"]) >= at_least:
            return detail
    raise AssertionError(f"the seed has an open finding with {at_least} suggestions or more")


def _elements(page: str) -> list[tuple[str, list[str]]]:
    """Every element the browser would build from ``page``: (tag, attribute names)."""
    found: list[tuple[str, list[str]]] = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append((tag, [name for name, _ in attrs]))

    Collector().feed(page)
    return found


def _reviews(web_db, fid: int) -> list[tuple[str, str]]:
    with web_db.session() as session:
        return [(r.reviewer, r.decision) for r in session.query(Review).filter_by(finding_id=fid)]


def test_session_login_and_logout(web_client, web_accounts: WebAccounts):
    anonymous = web_client.get("/api/session").json()
    assert (
        anonymous["user"] is None
        and anonymous["auth"] == "wiki-password"
        and len(anonymous["csrf_token"]) > 20
    )

    wrong = web_client.post(
        "/api/login",
        json={"username": web_accounts.reviewer.username, "password": "not it"},
        headers={"X-CSRF-Token": anonymous["csrf_token"]},
    )
    assert wrong.status_code == 401 and "Incorrect username or password" in wrong.json()["detail"]
    no_token = web_client.post(
        "/api/login",
        json={"username": web_accounts.reviewer.username, "password": web_accounts.reviewer.password},
    )
    assert no_token.status_code == 403 and web_client.get("/api/session").json()["user"] is None

    # the wiki's canonical spelling comes back, whatever case the first letter was typed in
    typed = web_accounts.reviewer.username[0].lower() + web_accounts.reviewer.username[1:]
    ok = web_client.post(
        "/api/login",
        json={"username": typed, "password": web_accounts.reviewer.password},
        headers={"X-CSRF-Token": anonymous["csrf_token"]},
    )
    assert ok.status_code == 200 and ok.json()["user"] == web_accounts.reviewer.username
    assert ok.json()["csrf_token"] != anonymous["csrf_token"]  # a login replaces the session's token

    out = web_client.post("/api/logout", headers={"X-CSRF-Token": ok.json()["csrf_token"]})
    assert out.status_code == 200 and out.json()["user"] is None
    assert web_client.get("/api/session").json()["user"] is None


def test_the_cli_the_api_list_and_the_card_show_a_finding_alike(web_client, web_db, web_queue: SeededQueue):
    """One mapping (sidebot.queue.finding_row) feeds `queue list --json`, the API's list and the card: every
    field they share holds the same value. Kept apart: the needs-source support (the CLI gives what was found
    for the claim), and fields whose shape differs by design (facts, suggestions, change, evidence)."""
    with web_db.session() as session:
        cli = {r.id: r.to_json() for r in list_findings(session, limit=1000)}
    listed = web_client.get("/api/findings", params={"status": "all", "per_page": 100}).json()["findings"]
    assert sorted(cli) == sorted(f["id"] for f in listed) == sorted(web_queue.states)
    differ = {"facts", "suggestions", "change", "evidence", "created_at"}
    for item in listed:
        row = cli[item["id"]]
        card = web_client.get(f"/api/findings/{item['id']}").json()
        for view in (item, card):
            shared = (
                (view.keys() & row.keys())
                - differ
                - ({"support"} if row["kind"] == "needs-source" else set())
            )
            assert {k: view[k] for k in shared} == {k: row[k] for k in shared}
            assert len(shared) >= 15
        assert {k: card[k] for k in item.keys() & card.keys()} == {
            k: item[k] for k in item.keys() & card.keys()
        }


def test_list_endpoint_filters_and_validates(web_client, web_queue: SeededQueue):
    everything = web_client.get("/api/findings", params={"status": "all", "per_page": 100}).json()
    assert everything["total"] == len(web_queue.states) == len(everything["findings"])
    assert everything["counts"] == {
        "open": len(web_queue.open_ids()),
        "reviewed": 0,
        "mine": 0,
        "all": len(web_queue.states),
    }
    opened = web_client.get("/api/findings").json()
    scores = [f["score"] for f in opened["findings"]]
    assert scores == sorted(scores) and {f["state"] for f in opened["findings"]} == {"open"}

    tagged = web_client.get("/api/findings", params={"status": "all", "origin": "failed_verification"}).json()
    assert {f["article"] for f in tagged["findings"]} == {
        a.title for a in web_queue.articles if a.origin == "failed_verification"
    }
    one = web_queue.articles[0].title
    by_title = web_client.get("/api/findings", params={"status": "all", "article": one[:10].upper()}).json()
    assert [f["article"] for f in by_title["findings"]] == [one]
    paged = web_client.get("/api/findings", params={"status": "all", "per_page": 5, "page": 2}).json()
    assert [f["id"] for f in paged["findings"]] == [f["id"] for f in everything["findings"][5:10]]

    for bad in (
        {"status": "closed"},
        {"since": "yesterday"},
        {"page": 0},
        {"per_page": 10_000},
        {"origin": "<script>"},
    ):
        answer = web_client.get("/api/findings", params=bad)
        assert answer.status_code == 422, bad
        assert answer.headers["content-type"] == "application/json"


def test_item_endpoint_shows_context_evidence_and_suggestions(
    web_client, web_queue: SeededQueue, web_accounts, test_wiki
):
    detail = _with_suggestions(web_client, web_queue)
    assert detail["claim"] and detail["preceding"] and detail["marker"] >= 1
    assert detail["article_url"].startswith(test_wiki.index_url + "?title=Alice_in_Chains")
    assert detail["revision_url"].endswith(f"oldid={detail['rev_id']}")
    evidence = [s for s in detail["passage"] if s["evidence"]]
    assert evidence and "".join(s["text"] for s in detail["passage"]) != ""
    first = detail["suggestions"][0]
    assert first["rank"] == 1 and first["url"].startswith("http://") and first["score"] > detail["score"]
    assert detail["can_review"] is None  # nobody logged in

    api_login(web_client, web_accounts.reviewer)
    assert web_client.get(f"/api/findings/{detail['id']}").json()["can_review"] is True
    missing = web_client.get("/api/findings/999999")
    assert missing.status_code == 404 and missing.json() == {"detail": "there is no finding 999999"}


def test_every_post_without_the_csrf_token_is_refused(web_client, web_queue, web_accounts, web_db):
    fid = web_queue.open_ids()[0]
    token = api_login(web_client, web_accounts.reviewer)
    for path in POSTS:
        for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": ""}):
            answer = web_client.post(path.format(id=fid), json={"decision": "unsupported"}, headers=headers)
            assert answer.status_code == 403, (path, headers)
            assert "security token" in answer.json()["detail"]
    # the forms too: a cross-site form post carries the cookie (same-site Lax aside) but never the token
    form = web_client.post(
        f"/findings/{fid}/decide", data={"decision": "unsupported", "comment": "Typed <here>"}
    )
    assert form.status_code == 403 and "security token" in form.text
    assert "Typed &lt;here&gt;" in form.text  # shown back, so nothing typed is lost
    assert web_client.post("/logout").status_code == 403
    assert _reviews(web_db, fid) == []
    assert (
        web_client.get("/api/session", headers={"X-CSRF-Token": token}).json()["user"]
        == web_accounts.reviewer.username
    )


def test_every_state_changing_route_requires_the_csrf_token(web_app):
    from sidebot.web.security import require_csrf

    for route in web_app.routes:
        methods = getattr(route, "methods", set()) or set()
        if methods - {"GET", "HEAD"}:
            dependencies = [d.call for d in route.dependant.dependencies]
            assert require_csrf in dependencies, route.path


def test_decide_undo_reopen_and_leaderboard(web_client, web_queue, web_accounts, web_db):
    detail = _with_suggestions(web_client, web_queue, at_least=2)  # "better" must then say which
    fid, suggestion = detail["id"], detail["suggestions"][0]["id"]
    assert (
        web_client.post(
            f"/api/findings/{fid}/decision",
            json={"decision": "unsupported"},
            headers={"X-CSRF-Token": web_client.get("/api/session").json()["csrf_token"]},
        ).status_code
        == 401
    )

    token = api_login(web_client, web_accounts.reviewer)
    headers = {"X-CSRF-Token": token}
    assert (
        web_client.post(
            f"/api/findings/{fid}/decision", json={"decision": "better_suggestion"}, headers=headers
        ).status_code
        == 400
    )
    assert (
        web_client.post(
            f"/api/findings/{fid}/decision", json={"decision": "delete"}, headers=headers
        ).status_code
        == 422
    )
    assert (
        web_client.post(
            f"/api/findings/{fid}/decision",
            json={"decision": "unsure", "comment": "x" * 2001},
            headers=headers,
        ).status_code
        == 422
    )
    assert _reviews(web_db, fid) == []

    done = web_client.post(
        f"/api/findings/{fid}/decision",
        headers=headers,
        json={"decision": "better_suggestion", "suggestion_id": suggestion, "comment": "see #1"},
    )
    assert done.status_code == 200, done.text
    body = done.json()
    assert body["state"] == "reviewed" and body["review"]["reviewer"] == web_accounts.reviewer.username
    assert (
        body["review"]["suggestion_id"] == suggestion
        and body["review"]["decision_label"] == "A suggestion is better"
    )
    board = web_client.get("/api/leaderboard", params={"period": "7d"}).json()
    assert board == {
        "period": "7d",
        "entries": [
            {"reviewer": web_accounts.reviewer.username, "total": 1, "by_decision": {"better_suggestion": 1}}
        ],
    }
    listed = web_client.get("/api/findings", params={"status": "mine"}).json()
    assert [f["id"] for f in listed["findings"]] == [fid] and listed["findings"][0][
        "decision"
    ] == "better_suggestion"

    # someone else: cannot decide again, cannot undo it, can return it to open
    other = TestClient(web_client.app)
    other_headers = {"X-CSRF-Token": api_login(other, web_accounts.second)}
    again = other.post(f"/api/findings/{fid}/decision", json={"decision": "supported"}, headers=other_headers)
    assert again.status_code == 409 and web_accounts.reviewer.username in again.json()["detail"]
    assert other.post(f"/api/findings/{fid}/undo", headers=other_headers).status_code == 403
    reopened = other.post(f"/api/findings/{fid}/reopen", headers=other_headers)
    assert reopened.status_code == 200 and reopened.json()["state"] == "open"
    assert reopened.json()["review"]["reopened_by"] == web_accounts.second.username
    assert other.post(f"/api/findings/{fid}/reopen", headers=other_headers).status_code == 409
    history = " ".join(other.get(f"/findings/{fid}").text.split())  # the card's history reads as words
    assert f"(“see #1”) · <em>returned to open by {web_accounts.second.username}," in history

    # the reviewer withdraws it: the credit goes
    undone = web_client.post(f"/api/findings/{fid}/undo", headers=headers)
    assert undone.status_code == 200 and undone.json()["review"]["undone_at"] is not None
    assert web_client.get("/api/leaderboard", params={"period": "all"}).json()["entries"] == []
    assert web_client.post(f"/api/findings/{fid}/undo", headers=headers).status_code == 409
    assert web_client.get("/api/leaderboard", params={"period": "year"}).status_code == 422


def test_self_review_and_blocked_users_are_refused(web_client, web_queue, web_accounts, web_db):
    fid = web_queue.open_ids()[0]
    author = TestClient(web_client.app)
    author_headers = {"X-CSRF-Token": api_login(author, web_accounts.author)}
    refused = author.post(
        f"/api/findings/{fid}/decision", json={"decision": "supported"}, headers=author_headers
    )
    assert refused.status_code == 403 and "you added this citation" in refused.json()["detail"]
    detail = author.get(f"/api/findings/{fid}").json()
    assert detail["can_review"] is False and "you added this citation" in detail["cannot_review_reason"]

    blocked = TestClient(web_client.app)  # checked at login (and on each decision: test_hostile_sessions)
    token = blocked.get("/api/session").json()["csrf_token"]
    login = {"username": web_accounts.blocked.username, "password": web_accounts.blocked.password}
    answer = blocked.post("/api/login", json=login, headers={"X-CSRF-Token": token})
    assert answer.status_code == 401 and "you are blocked" in answer.json()["detail"]
    assert blocked.get("/api/session").json()["user"] is None
    for path in POSTS:
        refused = blocked.post(
            path.format(id=fid), json={"decision": "supported"}, headers={"X-CSRF-Token": token}
        )
        assert refused.status_code == 401, path
    assert _reviews(web_db, fid) == []
    with web_db.session() as session:
        assert session.get(Finding, fid).state == "open"


def test_hostile_markup_is_shown_as_text(web_client, hostile_finding):
    page = web_client.get(f"/findings/{hostile_finding}")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    body = page.text
    for raw in (
        '<script>alert("claim")</script>',
        "<img src=x onerror=alert(1)>",
        '<script>alert("source")',
        "<img src=y onerror=alert(2)>",
        "<b onmouseover=alert(3)>",
    ):
        assert raw not in body
        assert str(escape(raw)) in body, raw  # shown as text
    tags = _elements(body)
    assert not {"script", "img", "b"} & {tag for tag, _ in tags}
    assert not [attr for _, attrs in tags for attr in attrs if attr.startswith("on")]
    assert "<mark" in body  # the hostile line is the evidence: escaped inside the highlight too

    detail = web_client.get(f"/api/findings/{hostile_finding}")
    assert detail.headers["content-type"] == "application/json"
    assert '<script>alert("claim")</script>' in detail.json()["claim"]  # JSON carries the text as it is

    listed = web_client.get("/queue", params={"status": "all"}).text
    assert "<script>alert" not in listed and "&lt;script&gt;alert" in listed


def test_pages_render_and_forms_keep_what_was_typed(web_client, web_queue, web_accounts, web_db):
    for path in ("/queue", "/queue?status=all&origin=recent", "/leaderboard?period=30d", "/api", "/login"):
        answer = web_client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert answer.headers["x-content-type-options"] == "nosniff"
    bad = web_client.get("/queue", params={"since": "last week", "article": "Alice"})
    assert bad.status_code == 400 and "is not a date" in bad.text and 'value="last week"' in bad.text

    fid = web_queue.open_ids()[0]
    login_page = web_client.get("/login").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', login_page).group(1)
    logged_out = web_client.post(
        f"/findings/{fid}/decide", data={"csrf_token": token, "decision": "supported", "comment": "Kept <b>"}
    )
    assert logged_out.status_code == 401 and "log in again" in logged_out.text
    assert "Kept &lt;b&gt;" in logged_out.text
    failed = web_client.post(
        "/login",
        data={
            "csrf_token": token,
            "username": web_accounts.reviewer.username,
            "password": "wrong",
            "next": f"/findings/{fid}",
        },
    )
    assert failed.status_code == 401 and f'value="{web_accounts.reviewer.username}"' in failed.text
    logged = web_client.post(
        "/login",
        data={
            "csrf_token": token,
            "username": web_accounts.reviewer.username,
            "password": web_accounts.reviewer.password,
            "next": "https://evil.test/",
        },
        follow_redirects=False,
    )
    assert logged.status_code == 303 and logged.headers["location"] == "/queue"  # no open redirect

    card = web_client.get(f"/findings/{fid}").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', card).group(1)
    typed = "I read the whole page: <b>nothing</b> about this"
    missing = web_client.post(f"/findings/{fid}/decide", data={"csrf_token": token, "comment": typed})
    assert missing.status_code == 400 and "choose a decision" in missing.text
    assert str(escape(typed)) in missing.text  # nothing typed is lost
    done = web_client.post(
        f"/findings/{fid}/decide",
        follow_redirects=False,
        data={"csrf_token": token, "decision": "unsupported", "comment": typed},
    )
    assert done.status_code == 303
    # the next open item opens, least supported first after this one
    with web_db.session() as session:
        following = next_open(session, fid, web_accounts.reviewer.username)
    assert following != fid
    assert done.headers["location"] == (f"/findings/{following}" if following else "/queue")
    shown = web_client.get(done.headers["location"]).text
    assert "Recorded: Source does not support the claim." in shown
    assert "Undo my decision" in web_client.get(f"/findings/{fid}").text
    assert _reviews(web_db, fid) == [(web_accounts.reviewer.username, "unsupported")]
    assert web_accounts.reviewer.username in web_client.get("/leaderboard").text


def test_sessions_expire(web_db, web_queue, web_settings, web_accounts, tmp_path):
    idle = create_app(
        Settings(home=tmp_path), web_db, web_settings.model_copy(update={"session_idle_minutes": 1 / 60})
    )
    short = create_app(
        Settings(home=tmp_path), web_db, web_settings.model_copy(update={"session_hours": 1 / 3600})
    )
    clients = [TestClient(idle), TestClient(short)]
    for c in clients:
        api_login(c, web_accounts.reviewer)
        assert c.get("/api/session").json()["user"] == web_accounts.reviewer.username
    time.sleep(2.2)
    for c in clients:
        assert c.get("/api/session").json()["user"] is None


def test_openapi_documents_every_endpoint(web_client):
    schema = web_client.get("/api/openapi.json").json()
    paths = {(method.upper(), path) for path, item in schema["paths"].items() for method in item}
    assert paths == {
        ("GET", "/api/session"),
        ("POST", "/api/login"),
        ("POST", "/api/logout"),
        ("GET", "/api/findings"),
        ("GET", "/api/findings/{finding_id}"),
        ("POST", "/api/findings/{finding_id}/decision"),
        ("POST", "/api/findings/{finding_id}/undo"),
        ("POST", "/api/findings/{finding_id}/reopen"),
        ("GET", "/api/leaderboard"),
        ("GET", "/api/page-findings"),
        ("POST", "/api/check"),
    }
    overview = web_client.get("/api").text
    assert "/api/findings/{finding_id}/decision" in overview and "X-CSRF-Token" in overview


def test_a_page_address_that_does_not_parse_gets_a_page(web_client):
    page = web_client.get("/findings/abc")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "does not name anything here" in page.text and "abc" in page.text
    api = web_client.get("/api/findings/abc")  # no such row, as for any unknown id (the hostile-input rule)
    assert api.status_code == 404 and api.headers["content-type"] == "application/json"


def test_list_and_card_show_both_support_figures_and_a_reason(web_client, web_db, web_queue: SeededQueue):
    # the seeded queue's scorer is not calibrated: give three findings the verifier's two figures
    ids = sorted(web_queue.states)[:3]
    with web_db.session() as session:
        for fid, (part, every) in zip(ids, [(0.93, 0.24), (0.97, 0.85), (0.12, 0.01)]):
            finding = session.get(Finding, fid)
            finding.probability, finding.every_part_probability = part, every
        session.commit()
    listing = web_client.get("/api/findings", params={"status": "all", "per_page": 500}).json()["findings"]
    assert listing and all(f["support"] for f in listing)
    partly = web_client.get("/api/findings", params={"status": "all", "partly": "true"}).json()["findings"]
    assert [f["id"] for f in partly] == [ids[0]]
    assert partly[0]["support"] == (
        "source may back only part of the claim (backs the whole claim: 24 %; backs part of it: 93 %)"
    )
    assert {f["id"] for f in listing if f["partly_supported"]} == {ids[0]}
    page = web_client.get("/queue", params={"status": "all", "support": "partly"}).text
    assert page.count('data-testid="finding-row"') == 1
    assert web_client.get("/queue", params={"support": "bogus"}).status_code == 400
    whole = web_client.get(f"/findings/{ids[1]}").text
    assert "source likely backs the whole claim" in whole
    assert "backs the whole claim: 85 %; backs part of it: 97 %" in whole
    queued = [f for f in listing if f["reason"]]
    assert queued, "no queued finding in the seeded queue"
    kind = queued[0]["reason_kind"]
    filtered = web_client.get("/api/findings", params={"status": "all", "reason": kind}).json()["findings"]
    assert filtered and all(f["reason_kind"] == kind for f in filtered)
    assert {f["id"] for f in filtered} == {f["id"] for f in listing if f["reason_kind"] == kind}
    page = web_client.get("/queue", params={"status": "all", "reason": kind}).text
    assert page.count('data-testid="finding-row"') == len(filtered) and "p=" not in page
    assert web_client.get("/queue", params={"reason": "bogus"}).status_code == 400
    card = web_client.get(f"/findings/{queued[0]['id']}").text
    assert queued[0]["support_words"] in card and queued[0]["reason"] in card
    assert "backs the whole claim: " in card and "; backs part of it: " in card
    # raw figures only in the details
    assert card.index("Details of the verdict") < card.index('data-testid="score"')


def test_the_card_shows_each_part_of_the_claim_and_the_one_the_source_fails(
    web_client, web_db, hostile_finding
):
    """Parts come from the verifier (stored on the finding); a part's text is untrusted like the claim."""
    failing = 'It won <script>alert("part")</script> three awards.'
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.parts = [
            {
                "text": "It opened in 1998.",
                "score": 2.0,
                "probability": 0.91,
                "stance": "supports",
                "window": "x",
            },
            {
                "text": failing,
                "score": -2.0,
                "probability": 0.12,
                "stance": "not_enough_info",
                "window": None,
            },
        ]
        finding.failed_part = failing
        session.commit()
    body = web_client.get(f"/findings/{hostile_finding}").text
    assert "Parts of the claim" in body and "It opened in 1998." in body
    assert "likely backs it, 91 %" in body and "unlikely to back it, 12 %" in body
    assert str(escape(failing)) in body and failing not in body
    assert "the part the source does not back" in body
    detail = web_client.get(f"/api/findings/{hostile_finding}").json()
    assert detail["failed_part"] == failing and [p["probability"] for p in detail["parts"]] == [0.91, 0.12]


def test_the_card_shows_a_changed_fact_with_where_the_source_gives_each_value(
    web_client, web_db, hostile_finding
):
    """A changed fact whose new value the source gives only elsewhere (facts/_changes.py): the card names the
    old and the new value, the diff, the source's sentence for each with the value marked; both sentences
    are the source's text, untrusted."""
    old_sentence = "It will be the most women on the council since 1994, when there were <b>seven</b>."
    new_sentence = "Durkan will be Seattle's first female mayor since <script>x()</script> 1926."
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.change = {
            "old": "1994",
            "new": "1926",
            "kind": "year",
            "old_claim": "The council will have the most women since 1994.",
            "old_rev": 11,
            "new_rev": 12,
            "editors": ["Vandal"],
            "sentence": old_sentence,
            "new_sentence": new_sentence,
        }
        session.commit()
    body = web_client.get(f"/findings/{hostile_finding}").text
    assert "<del>1994</del> to <ins>1926</ins>, and the source gives 1994 (edited by Vandal)" in body
    assert "diff=12" in body and "oldid=11" in body
    assert "It gives 1926 only elsewhere:" in body and "<mark>1926</mark>" in body
    assert "since <mark>1994</mark>" in body
    for raw in ("<b>seven</b>", "<script>x()</script>"):  # a sentence from each
        assert raw not in body and str(escape(raw)) in body
    change = web_client.get(f"/api/findings/{hostile_finding}").json()["change"]
    assert [seg["text"] for seg in change["new_sentence"] if seg["evidence"]] == ["1926"]
    # a change whose new value the source does not give at all has no such line
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.change = {**finding.change, "new_sentence": None}
        session.commit()
    body = web_client.get(f"/findings/{hostile_finding}").text
    assert (
        "only elsewhere" not in body
        and web_client.get(f"/api/findings/{hostile_finding}").json()["change"]["new_sentence"] == []
    )


def test_the_card_says_in_words_what_an_edit_did_to_a_citation(web_client, web_db, hostile_finding):
    """Edits that touched a citation (sidebot.patrol.edits): the card says which, by whom, in which diff,
    with what the bot had found of the old source and, for a replaced one, of the new one; the editor's
    name and the ref are untrusted."""
    previous = {"state": "passed", "probability": 0.92, "fact_note": None}
    edits = {
        "citation removed": (
            {"old": "http://example.org/<b>a</b>", "new": ""},
            "Citation removed</strong> by &lt;i&gt;Vandal&lt;/i&gt; in <a href=",
            "the claim stays on the page without it. The bot had found: passed, the reader&#39;s support "
            "score 92 %.",
        ),
        "source replaced": (
            {"old": "http://example.org/a", "new": "http://example.org/b", "after": {"probability": 0.31}},
            "Source replaced</strong> by &lt;i&gt;Vandal&lt;/i&gt;",
            '(passed, the reader&#39;s support score 92 %) → new <a href="http://example.org/b"',
        ),
        "source replaced ": (  # the new source's verdict beside the old one's
            {"edit": "source replaced", "old": "http://example.org/a", "new": "http://example.org/b"}
            | {"after": {"probability": 0.31}},
            'this diff</a>: old <a href="http://example.org/a"',
            "http://example.org/b</a> (the reader&#39;s support score 31 %).",
        ),
        "tag removed": (
            {"old": "{{citation needed}}", "new": ""},
            "Tag removed</strong> by",
            "{{citation needed}} taken off, with neither the claim nor its citation changed.",
        ),
    }
    for edit, (values, by, words) in edits.items():
        with web_db.session() as session:
            finding = session.get(Finding, hostile_finding)
            finding.change = {
                "edit": edit.strip(),
                "old_rev": 11,
                "new_rev": 12,
                "editors": ["<i>Vandal</i>"],
                "previous": previous,
            } | values
            session.commit()
        body = web_client.get(f"/findings/{hostile_finding}").text
        assert "<i>Vandal</i>" not in body and "<b>a</b>" not in body
        assert by in body and words in body, edit
        assert "diff=12" in body and "oldid=11" in body
    change = web_client.get(f"/api/findings/{hostile_finding}").json()["change"]
    assert change["edit"] == "tag removed" and change["before"] == "passed, the reader's support score 92 %"


def test_the_card_shows_where_the_source_gives_a_contradicted_value_away_from_the_claim(
    web_client, web_db, hostile_finding
):
    """A value the page gives only for something else ("Merry Company on a Terrace (1778)" on a page dating it
    1616 and another painting 1778): the card shows the rival among the claim's words and the line that gives
    the claim's value, each marked; both are the source's text, untrusted. A claim that opens with its own
    quotation mark is not quoted twice."""
    rival = "Merry Company on a Terrace (c. 1616–17), <b>Willem</b> Buytewech"
    away = "View across Lake Seeberg to the Muntigalm (1778), <script>x()</script> Caspar Wolf."
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.facts = [
            {
                "text": "1778",
                "kind": "year",
                "status": "contradicted",
                "explanation": "the source gives 1616, the claim says 1778 (it gives 1778 only elsewhere)",
                "stated": "1616",
                "sentence": rival,
                "elsewhere": away,
            },
            {
                "text": "the Hague",
                "kind": "name",
                "status": "found",
                "explanation": "the source gives the Hague",
            },
            # the claim's subject, named in the rival's sentence: the card names the rival (1616)
            {"text": "Merry Company on a Terrace", "kind": "name", "status": "found", "subject": True},
        ]
        finding.change = {
            "old": "1616",
            "new": "1778",
            "kind": "year",
            "old_claim": '"Merry Company on a Terrace" (1616) is in the Mauritshuis.',
            "old_rev": 11,
            "new_rev": 12,
            "sentence": rival,
        }
        session.commit()
    body = web_client.get(f"/findings/{hostile_finding}").text
    assert "the source gives 1616, the claim says 1778 (it gives 1778 only elsewhere)" in body
    assert "(c. <mark>1616</mark>–17)" in body and "Muntigalm (<mark>1778</mark>)" in body
    assert body.count("It gives 1778 only elsewhere:") == 1
    for raw in ("<b>Willem</b>", "<script>x()</script>"):
        assert raw not in body and str(escape(raw)) in body
    assert '<q class="own-quotes">&#34;Merry Company on a Terrace&#34; (1616)' in body
    facts = web_client.get(f"/api/findings/{hostile_finding}").json()["facts"]
    assert [seg["text"] for seg in facts[0]["elsewhere"] if seg["evidence"]] == ["1778"]
    assert facts[1]["elsewhere"] == []


def test_the_card_leads_with_what_fails_then_the_claim_the_evidence_and_the_decision(
    web_client, web_db, web_accounts, hostile_finding
):
    """Issue 54: the failures in words first, then the claim, the evidence (the edit, the facts, the
    passage), then the decision form. A card whose claim's facts the source gives none of shows no "backs
    part of it" figure; a rival value the source gives in a sentence that does not name the subject is not
    named; a passage that states none of the claim's facts is shown under "No sentence of the source states
    this", nothing highlighted. The facts are the demo's Adriana Lima card's, on the hostile finding."""
    rival = "Last year she ranked second, after <b>Bündchen</b>, and her $20 million in earnings this year."
    facts = [
        {"text": "2015", "kind": "year", "status": "missing", "explanation": "the source does not give 2015"},
        {
            "text": "$9 million",
            "kind": "sum",
            "status": "contradicted",
            "stated": "$20 million",
            "sentence": rival,
            "explanation": "the source gives $20 million, the claim says $9 million",
        },
    ]
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.probability, finding.every_part_probability = 0.9, 0.02
        finding.facts = facts
        finding.fact_note = facts[1]["explanation"]
        finding.change = {"old": "2013", "new": "2015", "kind": "year", "old_rev": 11, "new_rev": 12}
        finding.state = "open"
        session.commit()
    api_login(web_client, web_accounts.reviewer)
    body = web_client.get(f"/findings/{hostile_finding}").text
    order = [
        body.index('data-testid="fail"'),
        body.index('data-testid="claim"'),
        body.index('data-testid="evidence"'),
        body.index('data-testid="facts"'),
        body.index('data-testid="best-passage"'),
        body.index('data-testid="decision"'),
        body.index(f'action="/findings/{hostile_finding}/decide"'),
    ]
    assert order == sorted(order), order
    fails = re.findall(r'data-testid="fail"><strong>([^<]*)</strong>', body)
    assert fails == [
        "Changed fact: 2013 → 2015 (the source gives 2013)",
        "Contradicted: the source gives another figure, not said of "
        + str(escape(web_client.get(f"/api/findings/{hostile_finding}").json()["article"])).split(" (")[0]
        + "; the claim says $9 million",
        "The source does not give: 2015",
    ]
    assert "backs part of it" not in body and "backs the whole claim: 2 %" in body
    assert "the source gives $20 million" not in body and "source backs none of the claim&#39;s facts" in body
    # the sentence stays, as text, its figure marked: the reviewer sees whose it is
    assert "<b>Bündchen</b>" not in body and "after &lt;b&gt;Bündchen&lt;/b&gt;, and her <mark>$20" in body
    detail = web_client.get(f"/api/findings/{hostile_finding}").json()
    assert (
        detail["backs_nothing"] and not detail["states_nothing"] and detail["fails"][0].startswith("Changed")
    )
    assert detail["facts"][1]["said_of_subject"] is False and detail["facts"][1]["stated"] == "$20 million"
    # the JSON says what the card says: no "backs part" figure (as the list's, tests/test_finding_words.py)
    assert detail["support_figures"] == "backs the whole claim: 2 %" and "backs part" not in detail["support"]

    # every fact missing: the passage states nothing of the claim, and nothing in it is highlighted
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.facts = [facts[0], {**facts[1], "status": "missing", "stated": None, "sentence": None}]
        finding.change = None
        session.commit()
    body = web_client.get(f"/findings/{hostile_finding}").text
    shown = body[body.index('data-testid="states-nothing"') :].split("</p>", 1)[0]
    assert 'class="passage"' in shown and "<mark" not in shown and "evidence highlighted" not in body
    assert body.index('data-testid="states-nothing"') < body.index('data-testid="decision"')
    assert re.findall(r'data-testid="fail"><strong>([^<]*)</strong>', body) == [
        "The source does not give: 2015, $9 million"
    ]
    # a fact found: the passage's marks are evidence again
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        finding.facts = [{**facts[0], "status": "found", "explanation": "the source gives 2015"}]
        session.commit()
    body = web_client.get(f"/findings/{hostile_finding}").text
    assert 'data-testid="states-nothing"' not in body and "<mark" in body and "backs part of it: 90 %" in body


def test_the_card_marks_a_value_where_the_source_writes_it_otherwise(web_client, web_db, hostile_finding):
    """The fact check records where the source's sentence writes a value ("May 3rd, 2018" for "May 3, 2018",
    the demo's Theprp.com page): the card marks those words, not the whole sentence. Offsets that do not fit
    the sentence (a finding edited by hand, another version) fall back to finding the value as written."""
    sentence = 'Alice In Chains Premiere "The One You Know" on May 3rd, 2018 <i>x</i>'
    at = sentence.index("May 3rd, 2018")
    with web_db.session() as session:
        finding = session.get(Finding, hostile_finding)
        base = {"kind": "date", "status": "found", "explanation": "the source gives May 3, 2018"}
        finding.facts = [
            {**base, "text": "May 3, 2018", "sentence": sentence, "value_at": [at, at + 13]},
            {**base, "text": "The One You Know", "sentence": sentence, "value_at": [5, 500]},
            {**base, "text": "The One You Know", "sentence": sentence, "value_at": ["5", None, 2]},
            {**base, "text": "The One You Know", "sentence": sentence, "value_at": ["5", "10"]},
            {**base, "text": "May 3, 2018", "sentence": sentence},  # stored before the offsets were
        ]
        session.commit()
    facts = web_client.get(f"/api/findings/{hostile_finding}").json()["facts"]
    marked = [[seg["text"] for seg in fact["sentence"] if seg["evidence"]] for fact in facts]
    assert marked == [["May 3rd, 2018"], *[["The One You Know"]] * 3, [sentence]]
    body = web_client.get(f"/findings/{hostile_finding}").text
    assert "on <mark>May 3rd, 2018</mark> &lt;i&gt;x&lt;/i&gt;" in body


def _state(web_db, fid: int) -> str:
    with web_db.session() as session:
        return session.get(Finding, fid).state


def _token(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _decide(client: TestClient, fid: int, **form: str):  # type: ignore[no-untyped-def]
    token = _token(client.get(f"/findings/{fid}").text)
    return client.post(f"/findings/{fid}/decide", data={"csrf_token": token, **form}, follow_redirects=False)


def test_the_next_card_is_never_one_you_already_decided(web_client, web_queue, web_accounts, web_db):
    """Unsure leaves a finding open; the card after the one before it must not be it again."""
    api_login(web_client, web_accounts.reviewer)
    order = [f["id"] for f in web_client.get("/api/findings", params={"per_page": 500}).json()["findings"]]
    first, second, third = order[:3]
    assert _decide(web_client, second, decision="unsure").headers["location"] == f"/findings/{third}"
    assert _state(web_db, second) == "open" and _reviews(web_db, second) == [
        (web_accounts.reviewer.username, "unsure")
    ]
    # the next one after the first is the second in the list, which this reviewer already marked unsure
    done = _decide(web_client, first, decision="unsupported")
    assert done.status_code == 303 and done.headers["location"] == f"/findings/{third}"
    # someone else is shown it: their next card after the first is the second
    other = TestClient(web_client.app)
    api_login(other, web_accounts.second)
    with web_db.session() as session:
        assert next_open(session, first, web_accounts.second.username) == second
        assert next_open(session, first, web_accounts.reviewer.username) == third


def test_a_better_suggestion_with_one_suggestion_takes_it_and_the_card_names_it(
    web_client, web_queue, web_accounts, web_db
):
    with web_db.session() as session:
        template = session.scalars(select(Suggestion)).first()
        suggested = set(session.scalars(select(Suggestion.finding_id)))
        fid = next(f for f in web_queue.open_ids() if f not in suggested)
        session.add(
            Suggestion(
                finding_id=fid,
                rank=1,
                url=template.url,
                title=template.title,
                score=1.0,
                passage=template.passage,
            )
        )
    api_login(web_client, web_accounts.reviewer)
    card = web_client.get(f"/findings/{fid}").text
    assert re.search(r'<option value="\d+" selected>1\. ', card)  # the only one is chosen already
    done = _decide(web_client, fid, decision="better_suggestion")  # and none picked
    assert done.status_code == 303, done.text
    with web_db.session() as session:
        review = session.scalars(select(Review).where(Review.finding_id == fid)).one()
        only = session.scalars(select(Suggestion.id).where(Suggestion.finding_id == fid)).one()
    assert review.suggestion_id == only
    decided = web_client.get(f"/findings/{fid}").text
    current = decided[decided.index('data-testid="current-decision"') :].split("</p>", 1)[0]
    assert "A suggestion is better" in current and "suggestion 1" in current
    assert str(escape(template.title)) in current and template.url in current
    mine = web_client.get("/queue", params={"status": "mine"}).text
    assert str(escape(template.title[:30])) in mine  # the list says which suggestion too


def test_mine_has_an_undo_for_each_decision(web_client, web_queue, web_accounts, web_db):
    api_login(web_client, web_accounts.reviewer)
    fids = web_queue.open_ids()[:2]
    for fid in fids:
        assert _decide(web_client, fid, decision="unsupported").status_code == 303
    mine = web_client.get("/queue", params={"status": "mine"}).text
    forms = re.findall(r'<form method="post" action="/findings/(\d+)/undo"', mine)
    assert sorted(int(f) for f in forms) == sorted(fids)
    undone = web_client.post(
        f"/findings/{fids[0]}/undo",
        data={"csrf_token": _token(mine), "next": "/queue?status=mine"},
        follow_redirects=False,
    )
    assert undone.status_code == 303 and undone.headers["location"] == "/queue?status=mine"
    after = web_client.get(undone.headers["location"]).text
    assert "Your decision was undone." in after
    assert re.findall(r'action="/findings/(\d+)/undo"', after) == [str(fids[1])]
    assert _state(web_db, fids[0]) == "open"
    away = web_client.post(
        f"/findings/{fids[1]}/undo",
        data={"csrf_token": _token(after), "next": "https://evil.test/"},
        follow_redirects=False,
    )
    assert away.headers["location"] == "/queue"  # only paths on this site


def test_no_access_key_is_one_the_browser_keeps():
    """Chrome and Chromium on Linux and Windows open their menu on Alt+F and Alt+E and focus the address bar
    on Alt+D (Chrome's keyboard shortcut help) before the page sees the key: with such an access key the
    decision could not be made from the keyboard. The decisions' keys must be others, and all different."""
    from sidebot.web.routes_pages import ACCESS_KEYS

    keys = [*ACCESS_KEYS.values(), "s"]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & {"d", "e", "f"}
