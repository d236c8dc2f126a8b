"""Who is logged in, and CSRF tokens: a server-side session row per login, named by a random token kept in the
signed session cookie (Starlette's SessionMiddleware, itsdangerous).

A session ends when it has been unused for ``session_idle_minutes`` (the cookie's signature carries its time
and is refused when older: checked on the server, not left to the browser), at the latest ``session_hours``
after the login, and at once when its row goes: on logout, ``sidebot sessions revoke USER``, or when the
wiki is found to block the user (:class:`~sidebot.web.integrity.ReviewGate` reports it). A copy of the cookie
saved before any of those is worth nothing. Logging in replaces the whole session, CSRF token included; the
row records which wiki checked the login (:class:`Login`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

from starlette.requests import Request

from sidebot.queue.db import Database
from sidebot.queue.web_sessions import add_session, delete_session, delete_sessions, find_session

USER_KEY = "user"
LOGIN_AT_KEY = "login_at"
SESSION_KEY = "sid"
CSRF_KEY = "csrf"
FLASH_KEY = "flash"
OAUTH_KEY = "oauth"


@dataclass(frozen=True, slots=True)
class Login:
    """A logged-in user and the wiki whose login checked them."""

    user: str
    wiki: str  # the [wiki] name of the wiki whose login checked the password


class CsrfError(Exception):
    """A state-changing request without the session's CSRF token."""


def current_login(request: Request, db: Database, max_age_s: float) -> Login | None:
    """Who is logged in, or None: also when the login is older than ``max_age_s`` or its session row is gone
    (logged out, revoked); the cookie's session is then cleared."""
    session = request.session
    user, login_at, token = session.get(USER_KEY), session.get(LOGIN_AT_KEY), session.get(SESSION_KEY)
    if not user:
        return None
    login = None
    if isinstance(login_at, (int, float)) and time.time() - login_at <= max_age_s and isinstance(token, str):
        row = find_session(db, _row_id(token))
        if row is not None and row.user == user:
            login = Login(row.user, row.wiki)
    if login is None:
        session.clear()
    return login


def log_in(request: Request, db: Database, login: Login, max_age_s: float) -> None:
    """Start a session for ``login``; sessions older than ``max_age_s`` (ended anyway) are cleared out."""
    token = secrets.token_urlsafe(32)
    add_session(db, _row_id(token), login.user, login.wiki, max_age_s)
    request.session.clear()
    request.session.update(
        {
            USER_KEY: login.user,
            LOGIN_AT_KEY: time.time(),
            SESSION_KEY: token,
            CSRF_KEY: secrets.token_urlsafe(32),
        }
    )


def log_out(request: Request, db: Database) -> None:
    """Delete the request's stored session, if it has one, and clear its cookie."""
    token = request.session.get(SESSION_KEY)
    if isinstance(token, str):
        delete_session(db, _row_id(token))
    request.session.clear()


def revoke(db: Database, user: str, wiki: str | None = None) -> int:
    """End every session of ``user`` (on ``wiki`` only, when given) now; returns how many there were."""
    return delete_sessions(db, user, wiki)


def _row_id(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def csrf_token(request: Request) -> str:
    """The session's CSRF token, made on first use (anonymous visitors get one: the login form needs it)."""
    token = request.session.get(CSRF_KEY)
    if not token:
        token = secrets.token_urlsafe(32)
        request.session[CSRF_KEY] = token
    return token


def check_csrf(request: Request, sent: str | None) -> None:
    """Raise CsrfError unless ``sent`` is the session's CSRF token (compared in constant time)."""
    expected = request.session.get(CSRF_KEY)
    if not expected or not sent or not hmac.compare_digest(str(expected), str(sent)):
        raise CsrfError("this request did not carry the page's security token; reload the page and try again")


def flash(request: Request, message: str, kind: str = "info") -> None:
    """A message shown once, on the next page (after a redirect)."""
    request.session[FLASH_KEY] = [*request.session.get(FLASH_KEY, []), {"kind": kind, "text": message}]


def take_flashes(request: Request) -> list[dict[str, str]]:
    """The messages flashed for the next page, removed from the session as they are shown."""
    return request.session.pop(FLASH_KEY, [])
