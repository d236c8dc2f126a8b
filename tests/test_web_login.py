"""Logging in with MediaWiki OAuth 2 (sidebot.web.login.OAuthLogin) and the web settings' secrets; the
password login's throttle through the app, directly and behind a reverse proxy (the local wiki checks the
passwords).

Wikimedia's OAuth server (Extension:OAuth) cannot run here, so these tests talk to ``FakeOAuthServer`` below:
a FAKE, written for these tests, that stands in for the wiki's three ``rest.php/oauth2`` endpoints and checks
only what sidebot owns: the authorisation request, the state round trip, PKCE (S256) and the shape of the
token exchange. It proves nothing about Wikimedia's server itself.
"""

from __future__ import annotations

import json
import secrets
import stat
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.web.app import create_app
from sidebot.web.login import pkce_challenge
from sidebot.web.settings import WebConfigError, WebSettings, secret_key
from sidebot.web.throttle import ADDRESS_FACTOR, LoginThrottle
from tests.fixtures.web import WebAccount, create_wiki_account

CLIENT_ID = "sidebot-test-consumer"
CLIENT_SECRET = secrets.token_hex(20)
OAUTH_USER = "Oauth Person"


class FakeOAuthServer(ThreadingHTTPServer):
    """FAKE MediaWiki OAuth 2 endpoints on 127.0.0.1 (see the module docstring). Records every request."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _FakeHandler)
        self.codes: dict[str, dict[str, str]] = {}  # code → the authorisation request it answered
        self.tokens: set[str] = set()
        self.token_requests: list[dict[str, str]] = []

    @property
    def rest_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/w/rest.php"


class _FakeHandler(BaseHTTPRequestHandler):
    server: FakeOAuthServer

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/w/rest.php/oauth2/authorize":
            code = secrets.token_urlsafe(16)
            self.server.codes[code] = query
            target = f"{query['redirect_uri']}?{urlencode({'code': code, 'state': query['state']})}"
            self.send_response(302)
            self.send_header("Location", target)
            self.end_headers()
        elif url.path == "/w/rest.php/oauth2/resource/profile":
            token = self.headers.get("Authorization", "").removeprefix("Bearer ")
            if token in self.server.tokens:
                self._json(200, {"sub": "12345", "username": OAUTH_USER, "blocked": False})
            else:
                self._json(401, {"error": "invalid_token"})
        else:
            self._json(404, {"error": "not_found"})

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        form = {k: v[0] for k, v in parse_qs(body).items()}
        self.server.token_requests.append(form)
        authorised = self.server.codes.pop(form.get("code", ""), None)
        valid = (
            authorised is not None
            and form.get("grant_type") == "authorization_code"
            and form.get("client_id") == CLIENT_ID
            and form.get("client_secret") == CLIENT_SECRET
            and form.get("redirect_uri") == authorised["redirect_uri"]
            and pkce_challenge(form.get("code_verifier", "")) == authorised["code_challenge"]
        )
        if not valid:
            self._json(
                400, {"error": "invalid_grant", "error_description": "The authorization code is invalid"}
            )
            return
        token = secrets.token_urlsafe(24)
        self.server.tokens.add(token)
        self._json(
            200,
            {
                "token_type": "Bearer",
                "expires_in": 14400,
                "access_token": token,
                "refresh_token": secrets.token_urlsafe(24),
            },
        )

    def _json(self, status: int, data: dict) -> None:
        payload = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


@pytest.fixture
def fake_oauth() -> Iterator[FakeOAuthServer]:
    server = FakeOAuthServer()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def oauth_client(fake_oauth: FakeOAuthServer, tmp_path: Path) -> Iterator[TestClient]:
    secret_file = tmp_path / "oauth-secret"
    secret_file.write_text(CLIENT_SECRET + "\n")
    web = WebSettings(
        auth="oauth",
        oauth_rest_url=fake_oauth.rest_url,
        oauth_client_id=CLIENT_ID,
        oauth_client_secret_file=str(secret_file),
        public_url="http://testserver",
    )
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    with TestClient(create_app(Settings(home=tmp_path), db, web)) as client:
        yield client
    db.dispose()


def _to_wiki(client: TestClient, next_path: str = "/queue") -> httpx.URL:
    started = client.get("/login/oauth", params={"next": next_path}, follow_redirects=False)
    assert started.status_code == 303
    return httpx.URL(started.headers["location"])


def _wiki_answer(authorize_url: httpx.URL) -> str:
    """What the (fake) wiki sends the browser back to: our callback path with code and state."""
    answer = httpx.get(authorize_url, follow_redirects=False)
    location = httpx.URL(answer.headers["location"])
    return f"{location.path}?{location.query.decode()}"


def test_pkce_challenge_matches_rfc_7636():
    assert (
        pkce_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )


def test_oauth_login_round_trip(oauth_client: TestClient, fake_oauth: FakeOAuthServer):
    authorize = _to_wiki(oauth_client, "/findings/7")
    params = dict(authorize.params)
    assert authorize.path == "/w/rest.php/oauth2/authorize"
    assert params["response_type"] == "code" and params["client_id"] == CLIENT_ID
    assert params["redirect_uri"] == "http://testserver/oauth/callback"
    assert params["code_challenge_method"] == "S256" and len(params["state"]) >= 32
    assert "client_secret" not in params  # the secret never travels through the browser

    callback = _wiki_answer(authorize)
    done = oauth_client.get(callback, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/findings/7"
    assert oauth_client.get("/api/session").json()["user"] == OAUTH_USER

    [exchange] = fake_oauth.token_requests
    assert exchange["grant_type"] == "authorization_code" and exchange["client_secret"] == CLIENT_SECRET
    assert pkce_challenge(exchange["code_verifier"]) == params["code_challenge"]

    replay = oauth_client.get(callback)  # the pending login was used up
    assert replay.status_code == 400 and "no login was started" in replay.text


def test_oauth_refuses_a_forged_or_denied_answer(oauth_client: TestClient, fake_oauth: FakeOAuthServer):
    authorize = _to_wiki(oauth_client)
    forged = _wiki_answer(authorize).replace("state=", "state=x")
    answer = oauth_client.get(forged)
    assert answer.status_code == 400 and "state mismatch" in answer.text
    assert fake_oauth.token_requests == []  # a forged answer is never traded for a token

    authorize = _to_wiki(oauth_client)
    denied = oauth_client.get(
        "/oauth/callback",
        params={
            "state": authorize.params["state"],
            "error": "access_denied",
            "error_description": "The user denied the request",
        },
    )
    assert denied.status_code == 400 and "The user denied the request" in denied.text

    authorize = _to_wiki(oauth_client)
    bad_code = oauth_client.get(
        "/oauth/callback", params={"state": authorize.params["state"], "code": "made-up"}
    )
    assert bad_code.status_code == 400 and "The authorization code is invalid" in bad_code.text
    assert oauth_client.get("/api/session").json()["user"] is None


def test_oauth_site_has_no_password_form(oauth_client: TestClient):
    page = oauth_client.get("/login").text
    assert 'type="password"' not in page and "/login/oauth" in page
    token = oauth_client.get("/api/session").json()["csrf_token"]
    answer = oauth_client.post(
        "/api/login", json={"username": "A", "password": "b"}, headers={"X-CSRF-Token": token}
    )
    assert answer.status_code == 400


def test_secret_key_is_made_once_and_kept_private(tmp_path: Path):
    settings = Settings(home=tmp_path)
    key = secret_key(settings, WebSettings())
    path = tmp_path / "web-secret.key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(key) >= 32
    assert secret_key(settings, WebSettings()) == key
    short = tmp_path / "short.key"
    short.write_text("abc")
    with pytest.raises(WebConfigError, match="too short"):
        secret_key(settings, WebSettings(secret_key_file=str(short)))


def test_oauth_without_a_secret_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("SIDEBOT_OAUTH_CLIENT_SECRET", raising=False)
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    with pytest.raises(WebConfigError, match="consumer secret"):
        create_app(Settings(home=tmp_path), db, WebSettings(auth="oauth", oauth_client_id=CLIENT_ID))
    monkeypatch.setenv("SIDEBOT_OAUTH_CLIENT_SECRET", CLIENT_SECRET)
    assert create_app(Settings(home=tmp_path), db, WebSettings(auth="oauth", oauth_client_id=CLIENT_ID))
    with pytest.raises(WebConfigError, match="oauth_client_id"):
        create_app(Settings(home=tmp_path), db, WebSettings(auth="oauth"))
    db.dispose()


@pytest.mark.hostile
def test_oauth_state_and_pkce_tampering_is_refused(fake_oauth: FakeOAuthServer, tmp_path: Path):
    """Against the OAuth stand-in (the sandbox wiki has no Extension:OAuth): a wiki answer carried to another
    browser (login CSRF), a stolen code played with the thief's own state (code injection: PKCE fails),
    a verifier slipped into the callback, and a session cookie edited by hand. None logs anyone in."""
    from sidebot.web.app import SESSION_COOKIE

    secret_file = tmp_path / "oauth-secret"
    secret_file.write_text(CLIENT_SECRET + "\n")
    web = WebSettings(
        auth="oauth",
        oauth_rest_url=fake_oauth.rest_url,
        oauth_client_id=CLIENT_ID,
        oauth_client_secret_file=str(secret_file),
        public_url="http://testserver",
    )
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    app = create_app(Settings(home=tmp_path), db, web)
    victim, thief = TestClient(app), TestClient(app)

    # Login CSRF: the thief's own wiki answer, delivered to the victim's browser (which started a login).
    _to_wiki(victim)
    thiefs_answer = _wiki_answer(_to_wiki(thief))
    forced = victim.get(thiefs_answer)
    assert forced.status_code == 400 and "state mismatch" in forced.text
    assert fake_oauth.token_requests == []

    # Code injection: the victim's code, stolen on its way back, played with the thief's own state.
    victims_code = dict(httpx.URL(_wiki_answer(_to_wiki(victim))).params)["code"]
    thiefs_state = _to_wiki(thief).params["state"]
    injected = thief.get("/oauth/callback", params={"state": thiefs_state, "code": victims_code})
    assert injected.status_code == 400 and "authorization code is invalid" in injected.text
    assert len(fake_oauth.token_requests) == 1  # asked once, with the thief's verifier: PKCE refused it
    assert thief.get("/api/session").json()["user"] is None

    # A verifier in the callback's query is ignored: only the one kept in the session is sent.
    authorize = _to_wiki(victim)
    slipped = _wiki_answer(authorize) + "&code_verifier=attacker-chosen-verifier"
    assert victim.get(slipped, follow_redirects=False).status_code == 303
    sent = fake_oauth.token_requests[-1]["code_verifier"]
    assert pkce_challenge(sent) == authorize.params["code_challenge"]
    victim.post("/logout", data={"csrf_token": victim.get("/api/session").json()["csrf_token"]})

    # A hand-edited session cookie (say, to swap the stored state): its signature no longer matches.
    authorize = _to_wiki(victim)
    cookie = victim.cookies[SESSION_COOKIE]
    edited = cookie[:10] + ("A" if cookie[10] != "A" else "B") + cookie[11:]
    tampered = TestClient(app, cookies={SESSION_COOKIE: edited})
    answer = tampered.get(_wiki_answer(authorize))
    assert answer.status_code == 400 and "no login was started" in answer.text
    assert tampered.get("/api/session").json()["user"] is None
    db.dispose()


# The password login's throttle, with wrong and right passwords checked by the local wiki. TestClient's
# ``client`` sets the peer address a request comes from.
PROXY, GUESSER, OWNER, ELSEWHERE = "10.0.0.2", "198.51.100.7", "203.0.113.9", "192.0.2.44"
FAILURES = 3


@pytest.fixture
def throttled_app(test_wiki, tmp_path: Path) -> Iterator[tuple[object, WebAccount]]:
    victim = WebAccount(f"Lockout Victim {secrets.token_hex(3)}", secrets.token_urlsafe(16))
    create_wiki_account(test_wiki.api_url, victim.username, victim.password)
    web = WebSettings(
        login_api_url=test_wiki.api_url,
        secret_key_file=str(tmp_path / "web-secret.key"),
        login_max_failures=FAILURES,
        trusted_proxies=[PROXY],
    )
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    yield create_app(Settings(home=tmp_path), db, web), victim
    db.dispose()


def _login(app, username: str, password: str, peer: str, forwarded: str | None = None) -> httpx.Response:  # type: ignore[no-untyped-def]
    """A JSON API login from a fresh browser at ``peer`` (through a proxy when ``forwarded`` is given)."""
    client = TestClient(app, client=(peer, 50000))
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    token = client.get("/api/session", headers=headers).json()["csrf_token"]
    return client.post(
        "/api/login",
        json={"username": username, "password": password},
        headers={"X-CSRF-Token": token, **headers},
    )


def test_wrong_passwords_from_elsewhere_never_lock_out_the_owner(throttled_app, caplog):
    """Issue 52, break 5: wrong passwords from anyone made the owner's right password answer 429, and one
    wrong try each time the wait ended kept it so for good. Now only the guesser's address waits."""
    app, victim = throttled_app
    caplog.set_level("INFO", logger="sidebot.web.login")
    for _ in range(FAILURES):
        assert _login(app, victim.username, "wrong guess", GUESSER).status_code == 401
    held = _login(app, victim.username, victim.password, GUESSER)  # even the right one, from there
    assert held.status_code == 429 and "for this account" in held.json()["detail"]
    assert _login(app, victim.username, victim.password, OWNER).status_code == 200

    clock = [0.0]  # the guesser comes back at each end of the wait: moved by hand, not slept
    throttle = LoginThrottle(FAILURES, 30, 900, clock=lambda: clock[0])
    app.state.ctx.throttle = throttle
    for _ in range(FAILURES):
        assert _login(app, victim.username, "wrong guess", GUESSER).status_code == 401
    for _ in range(4):
        refused = _login(app, victim.username, "wrong guess", GUESSER)
        assert refused.status_code == 429
        clock[0] += int(refused.headers["Retry-After"])
        assert _login(app, victim.username, "wrong guess", GUESSER).status_code == 401  # the wiki said no
        assert _login(app, victim.username, victim.password, OWNER).status_code == 200
    logged = [r.getMessage() for r in caplog.records if r.name == "sidebot.web.login"]
    assert any(f"from {OWNER}: accepted" in m for m in logged)


def test_behind_a_trusted_proxy_each_client_counts_on_its_own(throttled_app, caplog):
    """Break 5: failures from one address held every account behind it (a proxy). From a peer in
    ``[web] trusted_proxies`` the client is the last address of X-Forwarded-For that is not a trusted
    proxy; from any other peer the header is ignored."""
    app, victim = throttled_app
    caplog.set_level("INFO", logger="sidebot.web.login")
    for n in range(FAILURES * ADDRESS_FACTOR):  # one client behind the proxy sprays over accounts
        assert _login(app, f"Nobody {n}", "guess", PROXY, GUESSER).status_code == 401
    held = _login(app, "Nobody new", "guess", PROXY, GUESSER)
    assert held.status_code == 429 and "for this address" in held.json()["detail"]
    # what the guesser writes into the header itself comes first: the proxy appends the address it saw
    assert _login(app, "Nobody new", "guess", PROXY, f"{OWNER}, {GUESSER}").status_code == 429
    # another client behind the same proxy: the owner's right password works
    assert _login(app, victim.username, victim.password, PROXY, OWNER).status_code == 200
    logged = [r.getMessage() for r in caplog.records if r.name == "sidebot.web.login"]
    assert any(f"from {OWNER}: accepted" in m for m in logged)
    assert sum(f"from {GUESSER} failed" in m for m in logged) == FAILURES * ADDRESS_FACTOR

    # a peer that is not a trusted proxy: its X-Forwarded-For, new each time, changes nothing
    for n in range(FAILURES * ADDRESS_FACTOR):
        assert _login(app, f"Nobody {n}", "guess", ELSEWHERE, f"192.0.2.{n}").status_code == 401
    spoofed = _login(app, "Nobody new", "guess", ELSEWHERE, OWNER)
    assert spoofed.status_code == 429 and "for this address" in spoofed.json()["detail"]
    logged = [r.getMessage() for r in caplog.records if r.name == "sidebot.web.login"]
    assert sum(f"from {ELSEWHERE} failed" in m for m in logged) == FAILURES * ADDRESS_FACTOR
    assert not any(f"from {OWNER} failed" in m for m in logged)


def test_trusted_proxies_are_addresses_or_networks():
    """A host name would be compared as text with the peer's address and never match (the proxy's clients
    would all share its address): refused when the settings are read."""
    assert WebSettings(trusted_proxies=["10.0.0.0/8", "2001:db8::1"]).trusted_proxies[0] == "10.0.0.0/8"
    for wrong in ("proxy.internal", "10.0.0.0/33", "*"):
        with pytest.raises(ValueError, match="not an IP address or network"):
            WebSettings(trusted_proxies=[wrong])
