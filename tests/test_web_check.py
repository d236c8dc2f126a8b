"""The check before saving (``POST /api/check``): an editor's new or changed citations fetched from real HTTP
source servers on loopback (tests/fixtures/sources.py; loopback allowed by the test config only where a test
says so) and verified by the shipped verifier, answered in the card's words; logins checked by the real
local wiki (tests/fixtures/web.py). Hostile input: anonymous callers, another origin, private addresses,
a page over the size cap, 10,000 citations in one text, a user over their quota."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from sidebot.config import FetchSettings, Settings, VerifySettings, WebSettings
from sidebot.patrol.loop import Patrol
from sidebot.patrol.precheck import EditCheck, refs_to_check
from sidebot.queue.checked import UNSAVED_AFTER, close_unsaved
from sidebot.queue.db import Database
from sidebot.queue.models import CheckQuotaUse, Citation, Finding, Page, Source, utcnow
from sidebot.queue.support import REASON_LABELS, ReasonKind
from sidebot.verify.factory import load_verifier
from sidebot.web.app import create_app
from sidebot.web.quota import CheckQuota, QuotaExceeded
from tests.fixtures.sources import BLANDA_FILE, SourceServer
from tests.fixtures.web import WebAccounts, api_login
from tests.fixtures.wiki import WikiUsers

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
    assert listed["stored"] == 0 and listed["refs"][0]["finding_id"] is None
    assert _stored(web_db)["Finding"] == 0  # nothing stored unless the user asks


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


def test_the_quota_windows(db: Database):
    """On SQLite and PostgreSQL: the hour's and the day's counts, and the seconds until each window ends."""
    now = [0.0]
    quota = CheckQuota(db, per_hour=5, per_day=8, clock=lambda: now[0])
    quota.spend("A", 5)
    with pytest.raises(QuotaExceeded) as hour:
        quota.spend("A", 1)
    assert hour.value.retry_after == 3600
    assert str(hour.value) == (
        "over the quota of 5 citations checked per hour (5 checked this hour; this request has 1)"
    )
    quota.spend("B", 5)  # each user has their own
    now[0] = 3600.5
    quota.spend("A", 3)
    with pytest.raises(QuotaExceeded, match="per day") as day:
        quota.spend("A", 1)
    assert day.value.retry_after == pytest.approx(86_400 - 3600.5)
    with pytest.raises(QuotaExceeded, match="per hour") as whole:
        quota.spend("C", 6)  # more than an empty hour holds
    assert whole.value.retry_after == 3600
    now[0] = 86_400.5  # a new day
    quota.spend("A", 1)
    quota.spend("C", 5)  # the request refused above counted nowhere


def test_the_quota_is_shared_and_kept_in_the_database(db: Database):
    """Two processes' quotas over one database share the count (here two CheckQuota objects, as two
    ``sidebot serve`` workers hold); a new one (a restart) still knows it; racing threads never pass it;
    ended windows are pruned."""
    now = [1_800_000_000.0]
    first = CheckQuota(db, per_hour=10, per_day=100, clock=lambda: now[0])
    second = CheckQuota(db, per_hour=10, per_day=100, clock=lambda: now[0])
    first.spend("A", 4)
    second.spend("A", 4)
    with pytest.raises(QuotaExceeded, match=r"\(8 checked this hour"):
        first.spend("A", 3)
    restarted = CheckQuota(db, per_hour=10, per_day=100, clock=lambda: now[0])
    with pytest.raises(QuotaExceeded):
        restarted.spend("A", 3)
    outcomes: list[bool] = []

    def one() -> None:
        try:
            CheckQuota(db, per_hour=10, per_day=100, clock=lambda: now[0]).spend("A", 1)
            outcomes.append(True)
        except QuotaExceeded:
            outcomes.append(False)

    threads = [threading.Thread(target=one) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False] * 4 + [True] * 2  # exactly what was left of the hour
    with db.session() as session:
        assert session.scalar(select(func.count()).select_from(CheckQuotaUse)) == 2  # A's hour and day
    now[0] += 3 * 86_400  # three days on: the old windows are deleted by the next spend
    CheckQuota(db, per_hour=10, per_day=100, clock=lambda: now[0]).spend("B", 1)
    with db.session() as session:
        assert session.scalars(select(CheckQuotaUse.user)).all() == ["B", "B"]


@pytest.mark.hostile
def test_two_apps_over_one_database_share_the_quota(
    web_db, test_wiki, tmp_path: Path, verifier, web_accounts: WebAccounts
):
    refs = [{"claim": "A claim.", "url": f"http://10.0.0.1/{i}"} for i in range(2)]  # refused by the guard
    for one in _client(web_db, test_wiki, tmp_path, verifier, check_per_hour=3):
        for other in _client(web_db, test_wiki, tmp_path, verifier, check_per_hour=3):
            assert _post(one, api_login(one, web_accounts.reviewer), refs=refs).status_code == 200
            over = _post(other, api_login(other, web_accounts.reviewer), refs=refs)
            assert over.status_code == 429 and "(2 checked this hour" in over.json()["detail"]
    for restarted in _client(web_db, test_wiki, tmp_path, verifier, check_per_hour=3):
        token = api_login(restarted, web_accounts.reviewer)
        assert _post(restarted, token, refs=refs).status_code == 429  # the restart kept the count
        assert _post(restarted, token, refs=refs[:1]).status_code == 200


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


def test_a_stored_check_is_queued_once_and_the_patrol_keeps_it(
    settings: Settings,
    wiki,
    wiki_users: WikiUsers,
    unique_title,
    test_wiki,
    web_accounts: WebAccounts,
    source_server: SourceServer,
    verifier,
    tmp_path: Path,
):
    """On SQLite and PostgreSQL: an editor's check with "store" queues the failing citation (only it) as a
    finding from their check; storing it again adds nothing; once the edit is saved, the patrol's run
    verifies only what the check did not store and keeps the stored finding (now of the saved revision)."""
    from sidebot.wiki.pages import single_page

    title = unique_title("Checked")
    blanda = source_server.url("/blanda.txt")
    base = f"'''{title}''' is a hydroelectric plant. {_ref(UNCHANGED, blanda)}\n"
    text = base + f"{_ref(SUPPORTED, blanda)} {_ref(FAILING, blanda + '?copy=3')}\n"
    db = Database(settings.database_url)
    wiki_users.editor.edit(title, base, "article")
    Patrol(settings, db, wiki, verifier).run([single_page(wiki.site, title)], "test", {})
    web = WebSettings(login_api_url=test_wiki.api_url, secret_key_file=str(tmp_path / "web-secret.key"))
    app = create_app(settings, db, web, EditCheck(settings, db, verifier, api_url=test_wiki.api_url))
    with TestClient(app) as client:
        token = api_login(client, web_accounts.reviewer)
        before = _stored(db)["Finding"]
        first = _post(client, token, title=title, text=text, base=base, store=True)
        assert first.status_code == 200, first.text
        answer = first.json()
        supported, failing = answer["refs"]
        assert (supported["state"], failing["state"]) == ("passed", "open")
        assert answer["stored"] == 1 and failing["stored"] and not supported["stored"]
        assert supported["finding_id"] is None and failing["finding_id"] is not None
        assert _stored(db)["Finding"] == before + 1

        again = _post(client, token, title=title, text=text, base=base, store=True).json()
        assert again["stored"] == 0 and not again["refs"][1]["stored"]
        assert again["refs"][1]["finding_id"] == failing["finding_id"]  # the queue had it: no duplicate
        assert _stored(db)["Finding"] == before + 1

        card = client.get(f"/api/findings/{failing['finding_id']}").json()
        assert (card["claim"], card["state"], card["origin"]) == (FAILING, "open", "check")
        assert card["requested_by"] == web_accounts.reviewer.username
        assert card["band"] == failing["band"]
        listed = client.get("/api/findings", params={"origin": "check"}).json()["findings"]
        assert [f["id"] for f in listed] == [failing["finding_id"]]
        page = client.get(f"/findings/{failing['finding_id']}").text
        assert f"{web_accounts.reviewer.username}'s check before saving" in page
        never_saved = _post(
            client, token, title=f"{title} draft", refs=[{"claim": FAILING, "url": blanda}], store=True
        ).json()
        assert never_saved["stored"] == 1

    saved = wiki_users.editor.edit(title, text, "two more citations")
    summary = Patrol(settings, db, wiki, verifier).run([single_page(wiki.site, title)], "test", {})
    assert summary.counts["citations_scored"] == 1  # the supported one: the stored one is not again
    with db.session() as session:
        findings = session.scalars(
            select(Finding).join(Citation).join(Page).where(Page.title == title).order_by(Finding.id)
        ).all()
        assert len(findings) == 3  # the unchanged citation's, the stored one, the supported one's
        stored = session.get(Finding, failing["finding_id"])
        assert stored is not None and stored.state == "open" and stored.origin == "check"
        assert stored.citation.present and stored.rev_id == saved.rev_id
        assert stored.requested_by == web_accounts.reviewer.username
        assert close_unsaved(session, utcnow() - UNSAVED_AFTER) == 0  # stored just now
        assert close_unsaved(session, utcnow() + timedelta(seconds=1)) == 1  # the draft: never saved
        draft = session.get_one(Finding, never_saved["refs"][0]["finding_id"])
        assert (draft.state, stored.state) == ("stale", "open")
    db.dispose()
