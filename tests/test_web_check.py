"""The check before saving (``POST /api/check``): an editor's new or changed citations fetched from real HTTP
source servers on loopback (tests/fixtures/sources.py; loopback allowed by the test config only where a test
says so) and verified by the shipped verifier, answered in the card's words; logins checked by the real
local wiki (tests/fixtures/web.py). Hostile input: anonymous callers, another origin, private addresses,
a page over the size cap, 10,000 citations in one text, a user over their quota."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from sidebot.config import FetchSettings, Settings, VerifySettings, WebSettings
from sidebot.patrol.precheck import EditCheck, refs_to_check
from sidebot.queue.models import Citation, Finding, Page, Source
from sidebot.queue.support import REASON_LABELS, ReasonKind
from sidebot.verify.factory import load_verifier
from sidebot.web.app import create_app
from sidebot.web.quota import CheckQuota, QuotaExceeded
from tests.fixtures.sources import BLANDA_FILE, SourceServer
from tests.fixtures.web import WebAccounts, api_login

pytestmark = pytest.mark.integration

TITLE = "Blanda Power Station"
SUPPORTED = "The Blanda Power Station has three Francis turbines with a total capacity of 150 MW."
FAILING = "The station opened in 1978 in Lexington, Kentucky."
UNCHANGED = "The Blanda Power Station is in north Iceland."
ELSEWHERE = "https://attacker.example"


@pytest.fixture(scope="module")
def verifier():
    return load_verifier()  # the shipped weights, loaded once for the module


def _fetch_settings(loopback: bool) -> FetchSettings:
    return FetchSettings(
        allow_networks=["127.0.0.1/32"] if loopback else [],
        connect_timeout=2.0,
        read_timeout=2.0,
        total_timeout=5.0,
        max_bytes=1_000_000,
        per_host_delay=0.0,
    )


def _client(
    web_db,
    test_wiki,
    tmp_path: Path,
    verifier,
    *,
    loopback: bool = True,
    wiki_api: str = "",
    **web: object,
) -> Iterator[TestClient]:
    settings = Settings(home=tmp_path, fetch=_fetch_settings(loopback))
    web_settings = WebSettings(
        login_api_url=test_wiki.api_url, secret_key_file=str(tmp_path / "web-secret.key"), **web
    )
    app = create_app(
        settings,
        web_db,
        web_settings,
        EditCheck(settings, web_db, verifier, api_url=wiki_api or test_wiki.api_url),
    )
    with TestClient(app) as client:
        yield client


@pytest.fixture
def check_client(web_db, test_wiki, tmp_path: Path, verifier) -> Iterator[TestClient]:
    yield from _client(web_db, test_wiki, tmp_path, verifier)


def _ref(claim: str, url: str) -> str:
    return f"{claim}<ref>{{{{cite web|url={url}|title=Blanda}}}}</ref>"


def _post(client: TestClient, token: str, **body: object):
    return client.post("/api/check", json={"title": TITLE} | body, headers={"X-CSRF-Token": token})


def _stored(web_db) -> dict[str, int]:
    with web_db.session() as session:
        return {
            model.__name__: session.scalar(select(func.count()).select_from(model))
            for model in (Page, Citation, Finding, Source)
        }


def test_a_new_and_a_changed_citation_answered_in_the_cards_words(
    check_client: TestClient, web_accounts: WebAccounts, source_server: SourceServer, web_db
):
    blanda = source_server.url("/blanda.txt")
    base = f"'''{TITLE}''' is a hydroelectric plant. {_ref(UNCHANGED, blanda)}\n"
    text = base + f"{_ref(SUPPORTED, blanda)} {_ref(FAILING, blanda + '?copy=2')}\n"
    token = api_login(check_client, web_accounts.reviewer)

    answer = _post(check_client, token, text=text, base=base)
    assert answer.status_code == 200, answer.text
    result = answer.json()
    assert result["checked"] == 2  # the unchanged citation of the text before the edit is not checked
    supported, failing = result["refs"]
    assert (supported["claim"], supported["state"], supported["band"]) == (SUPPORTED, "passed", None)
    assert supported["words"].startswith("passes · source likely backs")
    assert "150 MW" in supported["evidence"]
    assert (failing["claim"], failing["state"]) == (FAILING, "open")
    assert failing["band"] in ("may fail", "very likely fails")
    assert (
        failing["words"]
        == f"{failing['band']} · missing fact: the source does not give 1978, Lexington, Kentucky"
    )
    assert (
        failing["reason"]
        == f"{REASON_LABELS[ReasonKind.FACT_MISSING]}: the source does not give 1978, Lexington, Kentucky"
    )
    assert failing["fact_note"] == "the source does not give the claim's year 1978"
    # in the card's words: what fails first; the source gives none of the claim's facts, so no "backs part"
    assert failing["support"].startswith("The source does not give: 1978, Lexington, Kentucky — ")
    assert "source backs none of the claim's facts (backs the whole claim: " in failing["support"]
    assert "backs part" not in failing["support"]
    page = " ".join(BLANDA_FILE.read_text(encoding="utf-8").split())
    assert all(" ".join(part.split()) in page for part in failing["evidence"].split(" … "))  # the source's
    assert not supported["cached"] and not failing["cached"]
    assert _stored(web_db) | {"Source": 0} == {"Page": 0, "Citation": 0, "Finding": 0, "Source": 0}

    again = _post(check_client, token, text=text, base=base).json()  # the source cache answers now
    assert [r["cached"] for r in again["refs"]] == [True, True]
    assert [r["words"] for r in again["refs"]] == [supported["words"], failing["words"]]

    listed = _post(check_client, token, refs=[{"claim": FAILING, "url": blanda}]).json()
    assert listed["refs"][0]["state"] == "open" and listed["refs"][0]["cached"]
    assert _post(check_client, token, refs=[], store=True).status_code == 501  # the check stores nothing
    assert _stored(web_db)["Finding"] == 0


@pytest.mark.hostile
def test_the_body_is_documented(check_client: TestClient):
    operation = check_client.get("/api/openapi.json").json()["paths"]["/api/check"]["post"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert {"title", "text", "base", "refs", "store"} <= body["properties"].keys()
    assert "$ref" not in str(body)  # written in place: no dangling reference
    assert {"413", "429", "401"} <= operation["responses"].keys()


def test_only_logged_in_users_with_the_token(check_client: TestClient, source_server: SourceServer):
    token = check_client.get("/api/session").json()["csrf_token"]
    refs = [{"claim": SUPPORTED, "url": source_server.url("/blanda.txt")}]
    anonymous = _post(check_client, token, refs=refs)
    assert anonymous.status_code == 401 and "log in" in anonymous.json()["detail"]
    no_token = check_client.post("/api/check", json={"title": TITLE, "refs": refs})
    assert no_token.status_code == 403


@pytest.mark.hostile
def test_another_origin_gets_no_cors(check_client: TestClient, test_wiki):
    wiki = test_wiki.api_url.removesuffix("/api.php")
    asked = {
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-csrf-token",
    }
    allowed = check_client.options("/api/check", headers={"Origin": wiki} | asked)
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == wiki
    assert allowed.headers["access-control-allow-credentials"] == "true"
    refused = check_client.options("/api/check", headers={"Origin": ELSEWHERE} | asked)
    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers


@pytest.mark.hostile
def test_private_addresses_are_refused_with_the_reason(
    web_db, test_wiki, tmp_path: Path, verifier, web_accounts: WebAccounts, source_server: SourceServer
):
    for client in _client(web_db, test_wiki, tmp_path, verifier, loopback=False):
        token = api_login(client, web_accounts.reviewer)
        urls = [
            "http://10.0.0.1/report",
            "http://169.254.169.254/latest/meta-data/",
            source_server.url("/blanda.txt"),
        ]
        answer = _post(client, token, refs=[{"claim": SUPPORTED, "url": url} for url in urls])
        assert answer.status_code == 200, answer.text
        for ref in answer.json()["refs"]:
            assert ref["state"] == "unverifiable"
            assert ref["problem"].startswith("source blocked: ") and "address" in ref["problem"]
            assert ref["words"] == f"unverifiable · {ref['problem']}"


@pytest.mark.hostile
def test_a_page_over_the_size_cap_is_unreadable(
    check_client: TestClient, web_accounts: WebAccounts, source_server: SourceServer
):
    token = api_login(check_client, web_accounts.reviewer)
    answer = _post(check_client, token, refs=[{"claim": SUPPORTED, "url": source_server.url("/huge")}])
    assert answer.status_code == 200, answer.text
    ref = answer.json()["refs"][0]
    assert ref["state"] == "unverifiable" and ref["problem"].startswith("source too_large: ")


@pytest.mark.hostile
def test_too_many_citations_or_too_much_text_is_refused_before_any_fetch(
    check_client: TestClient, web_accounts: WebAccounts, web_db
):
    token = api_login(check_client, web_accounts.reviewer)
    many = " ".join(_ref(f"Claim number {i}.", f"http://10.0.0.1/{i}") for i in range(10_000))
    refused = _post(check_client, token, text=many)
    assert refused.status_code == 413, refused.text
    assert refused.json()["detail"] == "the edit adds 10,000 <ref> tags: the check takes at most 20 at once"
    before = " ".join(_ref(f"Claim number {i}.", f"http://10.0.0.1/{i}") for i in range(21))
    after = " ".join(_ref(f"Claim number {i}.", f"http://10.0.0.2/{i}") for i in range(21))  # as many tags
    changed = _post(check_client, token, text=after, base=before)
    assert changed.status_code == 413
    assert changed.json()["detail"] == "21 new or changed citations: the check takes at most 20 at once"
    listed = [{"claim": "A claim.", "url": f"http://10.0.0.1/{i}"} for i in range(21)]
    assert _post(check_client, token, refs=listed).status_code == 413
    huge = _post(check_client, token, text="x" * 1_000_001)
    assert huge.status_code == 413 and "1,000,000" in huge.json()["detail"]
    assert _stored(web_db)["Source"] == 0  # nothing was fetched
    assert _post(check_client, token, refs=listed[:20]).status_code == 200  # and no quota was spent
    not_json = check_client.post(
        "/api/check", content=b"title=x", headers={"X-CSRF-Token": token, "Content-Type": "text/plain"}
    )
    assert not_json.status_code == 415
    assert _post(check_client, token, text="x", refs=listed[:1]).status_code == 422


@pytest.mark.hostile
def test_over_the_quota(web_db, test_wiki, tmp_path: Path, verifier, web_accounts: WebAccounts):
    for client in _client(web_db, test_wiki, tmp_path, verifier, check_per_hour=3):
        token = api_login(client, web_accounts.reviewer)
        refs = [
            {"claim": "A claim.", "url": f"http://10.0.0.1/{i}"} for i in range(2)
        ]  # refused by the guard
        assert _post(client, token, refs=refs).status_code == 200
        over = _post(client, token, refs=refs)
        assert over.status_code == 429
        assert over.json()["detail"].startswith("over the quota of 3 citations checked per hour")
        assert 1 <= int(over.headers["Retry-After"]) <= 3600
        assert _post(client, token, refs=refs[:1]).status_code == 200  # what still fits


def test_a_wiki_off_this_machine_needs_the_operators_contact(
    web_db, test_wiki, tmp_path: Path, verifier, web_accounts: WebAccounts, source_server: SourceServer
):
    for client in _client(
        web_db, test_wiki, tmp_path, verifier, wiki_api="https://en.wikipedia.org/w/api.php"
    ):
        token = api_login(client, web_accounts.reviewer)
        answer = _post(client, token, refs=[{"claim": SUPPORTED, "url": source_server.url("/blanda.txt")}])
        assert answer.status_code == 503
        assert answer.json()["detail"].startswith("the check cannot read sources: ")
        assert "user_agent" in answer.json()["detail"]
        assert _stored(web_db)["Source"] == 0


def test_a_verifier_server_that_is_down_is_a_503(
    web_db, test_wiki, tmp_path: Path, web_accounts: WebAccounts, source_server: SourceServer
):
    with socket.socket() as probe:  # a port nothing listens on: the configured verifier server is down
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = Settings(
        home=tmp_path,
        fetch=_fetch_settings(True),
        verify=VerifySettings(endpoint=f"http://127.0.0.1:{port}", endpoint_timeout=5),
    )
    web = WebSettings(login_api_url=test_wiki.api_url, secret_key_file=str(tmp_path / "web-secret.key"))
    app = create_app(settings, web_db, web, EditCheck(settings, web_db, api_url=test_wiki.api_url))
    with TestClient(app) as client:
        token = api_login(client, web_accounts.reviewer)
        answer = _post(client, token, refs=[{"claim": SUPPORTED, "url": source_server.url("/blanda.txt")}])
        assert answer.status_code == 503
        assert answer.json()["detail"].startswith(
            "the verifier is unavailable: verifier server http://127.0.0.1:"
        )


def test_the_quota_windows():
    now = [0.0]
    quota = CheckQuota(per_hour=5, per_day=8, clock=lambda: now[0])
    quota.spend("A", 5)
    with pytest.raises(QuotaExceeded) as hour:
        quota.spend("A", 1)
    assert hour.value.retry_after == 3600
    quota.spend("B", 5)  # each user has their own
    now[0] = 3600.5
    quota.spend("A", 3)
    with pytest.raises(QuotaExceeded, match="per day") as day:
        quota.spend("A", 1)
    assert day.value.retry_after == pytest.approx(86_400 - 3600.5)
    now[0] = 86_400.5  # the first five left the day
    quota.spend("A", 1)


def test_refs_to_check_reads_as_the_patrol_reads():
    base = f"Intro. {_ref(UNCHANGED, 'http://example.org/a')}"
    changed_url = f"Intro. {_ref(UNCHANGED, 'http://example.org/b')}"
    assert [r.url for r in refs_to_check(changed_url, TITLE, base)] == ["http://example.org/b"]
    changed_claim = f"Intro. {_ref('The plant is in south Iceland.', 'http://example.org/a')}"
    assert [r.claim for r in refs_to_check(changed_claim, TITLE, base)] == ["The plant is in south Iceland."]
    assert refs_to_check(base, TITLE, base) == []
    assert [r.claim for r in refs_to_check(base, TITLE)] == [UNCHANGED]
    no_url = "A claim.<ref>Smith, J. (1999). A book. p. 4.</ref>"
    assert refs_to_check(no_url, TITLE) == []
