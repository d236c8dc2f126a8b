"""Who is logged in, and CSRF tokens, kept in the signed session cookie (Starlette's SessionMiddleware,
itsdangerous).

A session ends when it has been unused for ``session_idle_minutes`` (the cookie's signature carries its time
and is refused when older: checked on the server, not left to the browser) or, at the latest,
``session_hours`` after the login. Logging in replaces the whole session, CSRF token included.
"""

from __future__ import annotations

import hmac
import secrets
import time

from starlette.requests import Request

USER_KEY = "user"
LOGIN_AT_KEY = "login_at"
CSRF_KEY = "csrf"
FLASH_KEY = "flash"
OAUTH_KEY = "oauth"


class CsrfError(Exception):
    """A state-changing request without the session's CSRF token."""


def current_user(request: Request, max_age_s: float) -> str | None:
    """The logged-in username, or None (also when the login is older than ``max_age_s``: it is dropped)."""
    session = request.session
    user, login_at = session.get(USER_KEY), session.get(LOGIN_AT_KEY)
    if not user:
        return None
    if not isinstance(login_at, (int, float)) or time.time() - login_at > max_age_s:
        session.clear()
        return None
    return user


def log_in(request: Request, username: str) -> None:
    request.session.clear()
    request.session.update(
        {USER_KEY: username, LOGIN_AT_KEY: time.time(), CSRF_KEY: secrets.token_urlsafe(32)}
    )


def log_out(request: Request) -> None:
    request.session.clear()


def csrf_token(request: Request) -> str:
    """The session's CSRF token, made on first use (anonymous visitors get one: the login form needs it)."""
    token = request.session.get(CSRF_KEY)
    if not token:
        token = secrets.token_urlsafe(32)
        request.session[CSRF_KEY] = token
    return token


def check_csrf(request: Request, sent: str | None) -> None:
    expected = request.session.get(CSRF_KEY)
    if not expected or not sent or not hmac.compare_digest(str(expected), str(sent)):
        raise CsrfError("this request did not carry the page's security token; reload the page and try again")


def flash(request: Request, message: str, kind: str = "info") -> None:
    """A message shown once, on the next page (after a redirect)."""
    request.session[FLASH_KEY] = [*request.session.get(FLASH_KEY, []), {"kind": kind, "text": message}]


def take_flashes(request: Request) -> list[dict[str, str]]:
    return request.session.pop(FLASH_KEY, [])
