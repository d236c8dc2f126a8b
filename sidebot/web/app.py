"""The review web app (FastAPI, server-rendered Jinja2 pages, no JavaScript) and its JSON API.

``create_app(settings, db)`` builds it; ``sidebot serve`` (:mod:`sidebot.cli.serve`) runs it with uvicorn.
The API is described at ``/api/openapi.json`` and, for people, at ``/api``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.web import routes_api, routes_auth, routes_check, routes_pages, routes_worklists
from sidebot.web.context import EditChecker, WebContext, web_context
from sidebot.web.cors import ApiCors
from sidebot.web.integrity import Requirements, ReviewGate, WikiApis
from sidebot.web.login import OAuthLogin
from sidebot.web.quota import CheckQuota
from sidebot.web.security import SecurityHeaders
from sidebot.web.sessions import CsrfError, revoke
from sidebot.web.settings import (
    WebConfigError,
    WebSettings,
    gadget_origins,
    oauth_client_secret,
    public_url,
    secret_key,
    web_settings,
)
from sidebot.web.templating import package_dir, page_templates
from sidebot.web.throttle import LoginThrottle
from sidebot.web.topics import TopicPages

SESSION_COOKIE = "sidebot_session"
OAUTH_CALLBACK_PATH = "/oauth/callback"


def corpus_size(settings: Settings) -> int | None:
    """Documents in the retrieval corpus (None when there is none): a card without suggestions says how
    large the corpus searched was."""
    if not settings.retrieve.enabled:
        return None
    from sidebot.retrieve.corpus import CORPUS_FILE, Corpus
    from sidebot.retrieve.retriever import CORPUS_DIR

    folder = settings.retrieve.resolved_folder(settings.home) / CORPUS_DIR
    if not (folder / CORPUS_FILE).is_file():
        return None
    with Corpus(folder) as corpus:
        return corpus.stats()["documents"]


def _oauth_login(web: WebSettings, base_url: str) -> OAuthLogin | None:
    """The wiki's OAuth 2 login when ``[web] auth = "oauth"`` (None: the wiki checks passwords)."""
    if web.auth != "oauth":
        return None
    if not web.oauth_client_id:
        raise WebConfigError("OAuth login needs [web] oauth_client_id (the consumer's client id)")
    return OAuthLogin(
        web.oauth_rest_url,
        web.oauth_client_id,
        oauth_client_secret(web),
        redirect_uri=base_url + OAUTH_CALLBACK_PATH,
        timeout=web.wiki_timeout,
    )


def create_app(
    settings: Settings, db: Database, web: WebSettings | None = None, checker: EditChecker | None = None
) -> FastAPI:
    """The app; ``checker``: the check before saving (``POST /api/check``; None: answered 503), which
    ``sidebot serve`` builds from the patrol (:class:`sidebot.patrol.precheck.EditCheck`)."""
    web = web or web_settings(settings)
    base_url = public_url(web)
    apis = WikiApis(timeout=web.wiki_timeout)
    oauth = _oauth_login(web, base_url)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        apis.close()

    app = FastAPI(
        lifespan=lifespan,
        title="sidebot review API",
        version="1",
        summary="The queue of citations whose sources may not support the claim, and editors' decisions.",
        docs_url=None,  # Swagger UI loads scripts from a CDN: not allowed by the CSP, and offline here
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.ctx = WebContext(
        settings=settings,
        web=web,
        db=db,
        apis=apis,
        gate=ReviewGate(
            apis,
            shared_accounts=frozenset(web.shared_account_wikis),
            on_blocked=lambda login: revoke(db, login.user, login.wiki),
            requirements=Requirements(frozenset(web.review_groups), web.review_min_edits),
            standing_ttl_s=web.rights_cache_minutes * 60,
        ),
        templates=page_templates(),
        base_url=base_url,
        oauth=oauth,
        throttle=LoginThrottle(
            web.login_max_failures, web.login_wait, web.login_wait_max, web.login_throttle_size
        ),
        corpus_documents=corpus_size(settings),
        topics=TopicPages(settings),
        check_quota=CheckQuota(db, web.check_per_hour, web.check_per_day),
        checker=checker,
    )
    secure = base_url.startswith("https://")
    app.add_middleware(SecurityHeaders)
    app.add_middleware(
        SessionMiddleware,
        secret_key=secret_key(settings, web),
        session_cookie=SESSION_COOKIE,
        max_age=int(web.session_idle_minutes * 60),
        # Over https the cookie goes with the wiki gadget's cross-site calls too (SameSite=None; Secure): the
        # CSRF token still guards every POST (sidebot.web.cors says why). Over http (the local sandbox, where
        # wiki and service share the site 127.0.0.1) browsers refuse SameSite=None without Secure: Lax.
        same_site="none" if secure else "lax",
        https_only=secure,
    )
    app.add_middleware(ApiCors, origins=gadget_origins(settings, web))
    # Outermost, so every layer sees the client: a request from a trusted proxy counts as coming from the
    # last address in its X-Forwarded-For that is not a trusted proxy; any other, from its peer address.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(web.trusted_proxies))
    app.mount("/static", StaticFiles(directory=str(package_dir("static"))), name="static")
    app.include_router(routes_auth.router)
    app.include_router(routes_api.router)
    app.include_router(routes_check.router)
    app.include_router(routes_pages.router)
    app.include_router(routes_worklists.router)
    app.add_exception_handler(CsrfError, _csrf_refused)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    return app


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/api"


async def _csrf_refused(request: Request, exc: Exception) -> Response:
    if _wants_json(request):
        return JSONResponse({"detail": str(exc)}, status_code=403)
    ctx = web_context(request)
    kept = ""
    if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        comment = (await request.form()).get("comment")  # already read by the CSRF check
        kept = comment if isinstance(comment, str) else ""
    return ctx.render(request, "error.html", status_code=403, title="Refused", message=str(exc), kept=kept)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if _wants_json(request):
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)
    ctx = web_context(request)
    return ctx.render(
        request,
        "error.html",
        status_code=exc.status_code,
        title=f"Error {exc.status_code}",
        message=str(exc.detail),
        kept="",
    )


async def _invalid_request(request: Request, exc: Exception) -> Response:
    """A path number that cannot be a row (negative, huge, not a number) is a 404 like any unknown id; other
    bad values are the API's 422 (its documented validation answer) or, on a page, a 400 page."""
    assert isinstance(exc, RequestValidationError)
    if any(error.get("loc", ("",))[0] == "path" for error in exc.errors()):
        return await _http_error(
            request,
            StarletteHTTPException(404, f"{request.url.path}: this address does not name anything here"),
        )
    if _wants_json(request):
        return await request_validation_exception_handler(request, exc)
    problems = "; ".join(
        f"{'.'.join(str(part) for part in error.get('loc', ())[1:])}: {error.get('msg', 'invalid')}"
        for error in exc.errors()
    )
    return await _http_error(request, StarletteHTTPException(400, problems or "the request is not valid"))
