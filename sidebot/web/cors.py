"""CORS for the JSON API only, for the wiki gadget: pages of the configured wiki origins may call ``/api/…``
with the reviewer's session cookie (credentials); no other origin gets CORS headers, and no page of the
review service gets any (they carry CSRF tokens in their HTML).

Cross-origin POSTs stay guarded by the CSRF token: it travels in the ``X-CSRF-Token`` header, which makes
every such POST a preflighted request that only the listed origins pass, and only they can read the token
from ``GET /api/session``.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from sidebot.web.security import CSRF_HEADER

API_PREFIX = "/api/"
PREFLIGHT_CACHE_S = 600


class ApiCors(CORSMiddleware):
    """Starlette's CORS middleware (exact origins, with credentials), applied to ``/api/…`` only."""

    def __init__(self, app: ASGIApp, origins: Sequence[str]) -> None:
        if "*" in origins:
            raise ValueError("the JSON API never answers CORS for every origin ('*')")
        super().__init__(
            app,
            allow_origins=list(origins),
            allow_credentials=True,
            allow_methods=["GET", "POST"],
            allow_headers=[CSRF_HEADER, "Content-Type"],
            max_age=PREFLIGHT_CACHE_S,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer CORS for the JSON API only: a request from an allowed origin gets Starlette's CORS handling;
        another origin gets no CORS headers (a preflight from it is refused); the pages are passed on
        untouched."""
        if scope["type"] != "http" or not scope["path"].startswith(API_PREFIX):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not self.is_allowed_origin(origin):
            # Starlette would still add its other CORS headers; another origin gets none at all.
            if scope["method"] == "OPTIONS" and "access-control-request-method" in headers:
                await PlainTextResponse("Disallowed CORS origin", status_code=400)(scope, receive, send)
            else:
                await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)
