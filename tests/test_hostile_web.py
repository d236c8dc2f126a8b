"""Hostile requests: every route of the review app walked with out-of-range, negative, non-numeric and huge
numbers in its path and query; none may answer 500, and every answer carries the security headers.

The app runs on an empty queue, on SQLite and on a real PostgreSQL server (whose INTEGER ids are 32-bit, so a
number SQLite would take still overflows there). Logins are not needed: numbers are checked before anything
asks who is logged in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.web.app import create_app
from sidebot.web.security import SECURITY_HEADERS
from sidebot.web.settings import WebSettings

pytestmark = pytest.mark.hostile

HOSTILE_NUMBERS = [
    "0",
    "-1",
    "-99999999999999999999",
    "abc",
    "1e3",
    "1.5",
    "²",  # str.isdigit() says yes, int() says no
    "١٢",  # Arabic-Indic digits: int() takes them
    "2147483648",  # one past PostgreSQL's INTEGER
    "9223372036854775807",  # SQLite's largest integer
    "9223372036854775808",
    "99999999999999999999",
    "9" * 400,
    "",
    " ",
    "%00",
]
QUERY_NUMBERS = ("page", "per_page", "days")


@pytest.fixture
def fuzz_client(database_url: str, tmp_path: Path) -> Iterator[TestClient]:
    db = Database(database_url)
    web = WebSettings(
        login_api_url="http://127.0.0.1:9/w/api.php",  # nothing listens: no login is attempted here
        secret_key_file=str(tmp_path / "web-secret.key"),
    )
    app = create_app(Settings(home=tmp_path), db, web)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            client.routes = _routes(app.routes)  # type: ignore[attr-defined]
            yield client
    finally:
        db.dispose()


def _routes(routes: list) -> list[tuple[str, str]]:
    """(method, path template) of every API route, inside included routers too (FastAPI >= 0.16x keeps an
    included router as one entry; none of sidebot's is included under an extra prefix)."""
    found = []
    for route in routes:
        if isinstance(route, APIRoute):
            found += [(method, route.path) for method in sorted(route.methods)]
        elif hasattr(route, "original_router"):
            found += _routes(route.original_router.routes)
    return found


def _assert_answered(answer, what: str) -> None:  # type: ignore[no-untyped-def]
    assert answer.status_code < 500, f"{what}: {answer.status_code} {answer.text[:300]}"
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get(name) == value, f"{what}: no {name}"


def test_every_route_answers_hostile_numbers_without_a_500(fuzz_client: TestClient) -> None:
    csrf = fuzz_client.get("/api/session").json()["csrf_token"]
    routes = fuzz_client.routes  # type: ignore[attr-defined]
    assert ("GET", "/findings/{finding_id}") in routes and ("GET", "/api/findings") in routes
    walked = 0
    for method, template in routes:
        params = re.findall(r"{(\w+)}", template)
        for value in HOSTILE_NUMBERS:
            path = template
            for name in params:
                path = path.replace("{" + name + "}", value or "0")
            query = {name: value for name in QUERY_NUMBERS}
            answer = fuzz_client.request(
                method, path, params=query, headers={"X-CSRF-Token": csrf}, follow_redirects=False
            )
            _assert_answered(answer, f"{method} {path}?{query}")
            walked += 1
    assert walked >= len(routes) * len(HOSTILE_NUMBERS)


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/queue?page=99999999999999999999", 400),
        ("/queue?page=9223372036854775807", 400),
        ("/queue?page=%C2%B2", 400),
        ("/api/findings?page=99999999999999999999", 422),
        ("/api/findings?page=9223372036854775807", 422),
        ("/findings/99999999999999999999", 404),
        ("/findings/2147483648", 404),
        ("/findings/-1", 404),
        ("/api/findings/99999999999999999999", 404),
        ("/api/findings/abc", 404),
    ],
)
def test_the_reported_urls_answer_with_the_normal_page(
    fuzz_client: TestClient, url: str, status: int
) -> None:
    answer = fuzz_client.get(url)
    _assert_answered(answer, url)
    assert answer.status_code == status, answer.text[:300]
    if not url.startswith("/api/"):
        assert "<html" in answer.text and "sidebot" in answer.text  # the site's own error page


HOSTILE_DATES = ["9999-12-31", "0001-01-01", "+10000-01-01", "2026-02-30", "99999999999999999999"]
QUERY_DATES = ("since", "until")


def test_every_list_answers_hostile_dates_and_days_without_a_500(fuzz_client: TestClient) -> None:
    """The list's date filters at the ends of the calendar (the day after 9999-12-31 does not exist) and the
    stats page's ``days`` out of range."""
    for path in ("/queue", "/api/findings"):
        for value in HOSTILE_DATES:
            for name in QUERY_DATES:
                answer = fuzz_client.get(path, params={name: value})
                _assert_answered(answer, f"{path}?{name}={value}")
    for value in HOSTILE_NUMBERS + ["367", "2147483648"]:
        answer = fuzz_client.get("/stats", params={"days": value})
        _assert_answered(answer, f"/stats?days={value}")
        assert answer.status_code in (200, 400), (value, answer.status_code)


@pytest.fixture
def seeded_client(
    database_url: str, test_wiki, seed_articles, web_accounts, tmp_path: Path
) -> Iterator[tuple[TestClient, Database, list[int], str]]:
    """The app on a seeded queue (SQLite or PostgreSQL) with the reviewer logged in through the local wiki:
    a decision's body reaches the database only for someone who may review."""
    from tests.fixtures.web import api_login, seed_queue

    db = Database(database_url)
    queue = seed_queue(db, test_wiki, seed_articles)
    web = WebSettings(login_api_url=test_wiki.api_url, secret_key_file=str(tmp_path / "web-secret.key"))
    app = create_app(Settings(home=tmp_path), db, web)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            token = api_login(client, web_accounts.reviewer)
            yield client, db, queue.open_ids(), token
    finally:
        db.dispose()


OUT_OF_RANGE_IDS = [2**63, -(2**63) - 1, 10**30, 2**63 - 1, 2**31, 0, -1]
NOT_IDS = [1e30, 1.5, float("-0"), True, "1", "²", [1], {"id": 1}]  # JSON values that are no row id


@pytest.mark.integration
def test_an_out_of_range_suggestion_id_is_refused_before_the_database(seeded_client) -> None:
    """Issue 52, break 6: ``suggestion_id`` 2**63 (or -2**63-1, 10**30) in a decision gave 500 on the API and
    the form. Every id past the INTEGER column (32-bit on PostgreSQL) is refused as invalid; nothing is
    recorded."""
    from sidebot.queue.models import Review

    client, db, open_ids, token = seeded_client
    fid = open_ids[0]
    for value in OUT_OF_RANGE_IDS + NOT_IDS:
        body = {"decision": "better_suggestion", "suggestion_id": value}
        answer = client.post(f"/api/findings/{fid}/decision", json=body, headers={"X-CSRF-Token": token})
        _assert_answered(answer, f"API suggestion_id {value}")
        assert answer.status_code == 422, (value, answer.text[:300])
        assert "suggestion_id" in answer.text
    for value in [*map(str, OUT_OF_RANGE_IDS), "²", "١٢", "1e3", " 1", "9" * 400]:
        form = {"csrf_token": token, "decision": "better_suggestion", "suggestion_id": value, "comment": "k"}
        answer = client.post(f"/findings/{fid}/decide", data=form, follow_redirects=False)
        _assert_answered(answer, f"form suggestion_id {value!r}")
        assert answer.status_code == 400, (value, answer.text[:300])
        assert "choose one of the suggestions" in answer.text
    largest = client.post(
        f"/api/findings/{fid}/decision",
        json={"decision": "better_suggestion", "suggestion_id": 2**31 - 1},  # in range, no such row
        headers={"X-CSRF-Token": token},
    )
    assert largest.status_code == 400 and "not one of this finding's suggestions" in largest.text
    with db.session() as session:
        assert session.query(Review).filter_by(finding_id=fid).count() == 0
