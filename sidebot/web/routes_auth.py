"""Logging in and out: the wiki-password form, the OAuth 2 round trip, and logout."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import RedirectResponse, Response

from sidebot.web.context import web_context
from sidebot.web.login import LoginFailed, LoginThrottled, PendingOAuth
from sidebot.web.security import require_csrf
from sidebot.web.sessions import OAUTH_KEY, flash

router = APIRouter(include_in_schema=False)


def safe_next(value: str | None) -> str:
    """Only paths on this site: an open redirect would let a link log someone in and send them elsewhere."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/queue"
    parts = urlsplit(value)
    return value if not parts.scheme and not parts.netloc else "/queue"


@router.get("/login")
def login_form(request: Request, next: str = "/queue") -> Response:
    """The login page (wiki username and password, or the button to the wiki's OAuth), returning to
    ``next``."""
    ctx = web_context(request)
    return ctx.render(request, "login.html", next=safe_next(next), username="", error=None)


@router.post("/login", dependencies=[Depends(require_csrf)])
def login_submit(
    request: Request,
    username: Annotated[str, Form(max_length=255)] = "",
    password: Annotated[str, Form(max_length=1024)] = "",
    next: Annotated[str, Form()] = "/queue",
) -> Response:
    """Check the username and password with the wiki and start a session; the form again, with the reason,
    when the wiki or the throttle refuses."""
    ctx = web_context(request)
    if ctx.web.auth != "wiki-password":
        return ctx.render(
            request,
            "login.html",
            status_code=400,
            next=safe_next(next),
            username=username,
            error="this site logs in through the wiki (OAuth), not with a password form",
        )
    try:
        api_url = ctx.login_api_url()
        address = ctx.client_address(request)
        name = ctx.password_login().log_in(username, password, ctx.base_url + "/login", address)
        note = ctx.admit(name, api_url)
    except LoginThrottled as exc:
        page = ctx.render(
            request, "login.html", status_code=429, next=safe_next(next), username=username, error=str(exc)
        )
        page.headers["Retry-After"] = str(round(exc.retry_after))
        return page
    except LoginFailed as exc:
        return ctx.render(
            request, "login.html", status_code=401, next=safe_next(next), username=username, error=str(exc)
        )
    ctx.start_session(request, name, api_url)
    flash(request, f"Logged in as {name}." + (f" Note: {note}." if note else ""))
    return RedirectResponse(safe_next(next), status_code=303)


@router.get("/login/oauth")
def oauth_start(request: Request, next: str = "/queue") -> Response:
    """Send the person to the wiki's OAuth authorisation page (to the login page where OAuth is not set
    up)."""
    ctx = web_context(request)
    if ctx.oauth is None:
        return RedirectResponse("/login", status_code=303)
    url, pending = ctx.oauth.start()
    request.session[OAUTH_KEY] = pending.to_session() | {"next": safe_next(next)}
    return RedirectResponse(url, status_code=303)


@router.get("/oauth/callback")
def oauth_callback(request: Request) -> Response:
    """Finish an OAuth login on the person's return from the wiki and start their session."""
    ctx = web_context(request)
    if ctx.oauth is None:
        return RedirectResponse("/login", status_code=303)
    stored = request.session.pop(OAUTH_KEY, None)
    pending = PendingOAuth.from_session(stored)
    try:
        name = ctx.oauth.finish(pending, dict(request.query_params))
        note = ctx.admit(name)
    except LoginFailed as exc:
        return ctx.render(request, "login.html", status_code=400, next="/queue", username="", error=str(exc))
    ctx.start_session(request, name)
    flash(request, f"Logged in as {name}." + (f" Note: {note}." if note else ""))
    return RedirectResponse(safe_next((stored or {}).get("next")), status_code=303)


@router.post("/logout", dependencies=[Depends(require_csrf)])
def logout(request: Request) -> Response:
    """End the session and go back to the queue."""
    ctx = web_context(request)
    ctx.end_session(request)
    flash(request, "Logged out.")
    return RedirectResponse("/queue", status_code=303)
