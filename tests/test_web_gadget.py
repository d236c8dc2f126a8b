"""What the review service gives the wiki gadget: /gadget.js, the open findings of one article in the card's
words (GET /api/page-findings), CORS with credentials for the configured wiki origins only, and a session
cookie that goes with cross-site calls over https while every POST still needs the CSRF token. The app on a
seeded queue, logins checked by the real local wiki (tests/fixtures/web.py); the gadget's JavaScript:
tests/test_gadget_js.py; in Chromium on the wiki: tests/browser/test_gadget.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

import sidebot.web
from sidebot.config import Settings, WebSettings, WikiSettings
from sidebot.queue.models import Review
from sidebot.web.app import create_app
from tests.fixtures.web import SeededQueue, WebAccounts, api_login

pytestmark = pytest.mark.integration

GADGET_FILE = Path(sidebot.web.__file__).parent / "gadget" / "gadget.js"
ELSEWHERE = "https://attacker.example"


def _wiki_origin(test_wiki) -> str:
    return test_wiki.api_url.removesuffix("/api.php")


def test_the_service_serves_the_gadget(web_client: TestClient):
    answer = web_client.get("/gadget.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert answer.content == GADGET_FILE.read_bytes()
    assert answer.headers["cache-control"] == "public, max-age=300"
    assert "sidebot-mark" in answer.text and "/api/page-findings" in answer.text


def test_the_open_findings_of_an_article_in_page_order_in_the_cards_words(
    web_client: TestClient, web_queue: SeededQueue
):
    article = next(a for a in web_queue.articles if len(web_queue.findings[a.title]) > 1)
    expected = [f for f in web_queue.findings[article.title] if web_queue.states[f] == "open"]
    assert expected, "the seed queues findings on this article"
    answer = web_client.get("/api/page-findings", params={"title": article.title.replace(" ", "_")})
    assert answer.status_code == 200, answer.text
    page = answer.json()
    assert (page["title"], page["wiki"], page["user"]) == (article.title, "testwiki", None)
    assert [f["id"] for f in page["findings"]] == expected  # the queue's own order is page order
    assert [d["value"] for d in page["decisions"]] == ["unsupported", "only_part", "supported", "unsure"]
    for finding in page["findings"]:
        card = web_client.get(f"/api/findings/{finding['id']}").json()
        assert finding["claim"] == card["claim"] and finding["reason"] == card["reason"]
        assert finding["support"] == card["support"] and finding["fact_note"] == card["fact_note"]
        evidence = [s["text"].strip() for s in card["passage"] if s["evidence"]]
        assert finding["evidence"] == (" … ".join(evidence) or None)
        best = card["suggestions"][0] if card["suggestions"] else None
        assert (finding["suggestion"] or {}).get("reference") == (best["reference"] if best else None)
        assert finding["card_url"].endswith(f"/findings/{finding['id']}")
    assert any(f["evidence"] for f in page["findings"]), "WiCE's annotated sentences are the evidence"

    other = web_client.get("/api/page-findings", params={"title": "No such article"}).json()
    assert other["findings"] == []
    assert web_client.get("/api/page-findings").status_code == 422  # the title is required


def test_a_decided_finding_is_no_longer_on_its_article(
    web_client: TestClient, web_queue: SeededQueue, web_accounts: WebAccounts, web_db
):
    article = next(a for a in web_queue.articles if web_queue.findings[a.title])
    first = web_client.get("/api/page-findings", params={"title": article.title}).json()["findings"][0]
    token = api_login(web_client, web_accounts.reviewer)
    page = web_client.get("/api/page-findings", params={"title": article.title}).json()
    assert page["user"] == web_accounts.reviewer.username
    decided = web_client.post(
        f"/api/findings/{first['id']}/decision",
        json={"decision": "unsupported"},
        headers={"X-CSRF-Token": token},
    )
    assert decided.status_code == 200, decided.text
    after = web_client.get("/api/page-findings", params={"title": article.title}).json()["findings"]
    assert first["id"] not in [f["id"] for f in after]
    with web_db.session() as session:
        assert session.query(Review).filter_by(finding_id=first["id"]).one().decision == "unsupported"


def test_cors_answers_the_wiki_origin_only_with_credentials(web_client: TestClient, web_queue, test_wiki):
    wiki = _wiki_origin(test_wiki)  # [web] gadget_origins is empty: the wiki of login_api_url
    preflight = web_client.options(
        "/api/findings/1/decision",
        headers={
            "Origin": wiki,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-csrf-token",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == wiki
    assert preflight.headers["access-control-allow-credentials"] == "true"
    assert "x-csrf-token" in preflight.headers["access-control-allow-headers"].lower()

    session = web_client.get("/api/session", headers={"Origin": wiki})
    assert session.headers["access-control-allow-origin"] == wiki
    assert session.headers["access-control-allow-credentials"] == "true"
    assert "origin" in session.headers["vary"].lower()

    refused = web_client.options(
        "/api/session", headers={"Origin": ELSEWHERE, "Access-Control-Request-Method": "GET"}
    )
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    for path in ("/api/session", "/api/page-findings?title=X"):
        answer = web_client.get(path, headers={"Origin": ELSEWHERE})
        assert "access-control-allow-origin" not in answer.headers
        assert "access-control-allow-credentials" not in answer.headers
    page = web_client.get("/queue", headers={"Origin": wiki})  # the pages carry CSRF tokens: no CORS
    assert "access-control-allow-origin" not in page.headers


def test_a_cross_origin_post_still_needs_the_csrf_token(
    web_client: TestClient, web_queue: SeededQueue, web_accounts: WebAccounts, test_wiki, web_db
):
    wiki = _wiki_origin(test_wiki)
    api_login(web_client, web_accounts.reviewer)
    fid = web_queue.open_ids()[0]
    refused = web_client.post(
        f"/api/findings/{fid}/decision", json={"decision": "unsure"}, headers={"Origin": wiki}
    )
    assert refused.status_code == 403
    with web_db.session() as session:
        assert session.query(Review).filter_by(finding_id=fid).count() == 0


def test_the_session_cookie_goes_cross_site_only_over_https(
    web_db, web_settings: WebSettings, tmp_path: Path
):
    for public_url, attributes in (
        ("https://sidebot.example", {"samesite=none", "secure", "httponly"}),
        ("", {"samesite=lax", "httponly"}),
    ):
        web = web_settings.model_copy(update={"public_url": public_url})
        with TestClient(create_app(Settings(home=tmp_path), web_db, web)) as client:
            cookie = client.get("/api/session").headers["set-cookie"].lower()
        parts = {part.strip() for part in cookie.split(";")}
        assert attributes <= parts, cookie
        if not public_url:
            assert "secure" not in parts and "samesite=none" not in parts


def test_the_gadget_origins_setting(web_db, tmp_path: Path):
    wiki = WikiSettings(article_url="https://en.wikipedia.org/wiki/{title}")
    app = create_app(Settings(home=tmp_path, wiki=wiki), web_db, WebSettings())
    with TestClient(app) as client:
        allowed = client.get("/api/session", headers={"Origin": "https://en.wikipedia.org"})
        assert allowed.headers["access-control-allow-origin"] == "https://en.wikipedia.org"
    named = WebSettings(gadget_origins=["https://de.wikipedia.org", "http://127.0.0.1:8081"])
    with TestClient(create_app(Settings(home=tmp_path, wiki=wiki), web_db, named)) as client:
        assert (
            "access-control-allow-origin"
            not in client.get("/api/session", headers={"Origin": "https://en.wikipedia.org"}).headers
        )
        local = client.get("/api/session", headers={"Origin": "http://127.0.0.1:8081"})
        assert local.headers["access-control-allow-origin"] == "http://127.0.0.1:8081"
    for bad in ("*", "https://en.wikipedia.org/", "https://en.wikipedia.org/wiki", "en.wikipedia.org"):
        with pytest.raises(ValidationError, match="not an origin"):
            WebSettings(gadget_origins=[bad])
