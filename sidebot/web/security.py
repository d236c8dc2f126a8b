"""Response headers that limit what a page may do, and the CSRF check every state-changing route depends on.

The pages use no JavaScript but sidebot's own files (the card's "copy" button: ``static/copy.js``), so the
Content-Security-Policy allows scripts from sidebot only, never inline: even text that slipped past escaping
could not run. Styles and images come only from sidebot itself; forms post only to sidebot.
"""

from __future__ import annotations

from fastapi import Request
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.responses import Response

from sidebot.web.sessions import check_csrf

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class SecurityHeaders(BaseHTTPMiddleware):
    """Adds the security headers (CSP, framing, referrer and the rest) to every answer, and ``no-store`` to
    every answer but the static files."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        """The app's answer with the headers added (a header the route set itself is kept)."""
        response = await call_next(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if not request.url.path.startswith("/static/"):  # pages carry a user's name and CSRF token
            response.headers.setdefault("Cache-Control", "no-store")
        return response


async def require_csrf(request: Request) -> None:
    """FastAPI dependency of every POST route: the session's token, from the X-CSRF-Token header (API) or
    the csrf_token form field (pages). Raises :class:`~sidebot.web.sessions.CsrfError`."""
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.headers.get("content-type", "").startswith(FORM_TYPES):
        form = await request.form()  # Starlette caches it: the route's Form() parameters read it again
        value = form.get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    check_csrf(request, sent)
