"""The review web app (FastAPI, server-rendered Jinja2 pages, no JavaScript) and its JSON API.

``create_app(settings, db)`` builds it; ``sidebot serve`` (:mod:`sidebot.cli.serve`) runs it with uvicorn.
The API is described at ``/api/openapi.json`` and, for people, at ``/api``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import jinja2
from fastapi import FastAPI, Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy import select
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.queue.models import Wiki
from sidebot.queue.reviews import DECISION_LABELS
from sidebot.queue.support import support_percent, support_text
from sidebot.web.integrity import ReviewGate, WikiApis
from sidebot.web.login import LoginFailed, OAuthLogin, PasswordLogin
from sidebot.web.security import SecurityHeaders
from sidebot.web.sessions import (
    CsrfError,
    Login,
    csrf_token,
    current_login,
    log_in,
    log_out,
    revoke,
    take_flashes,
)
from sidebot.web.settings import (
    WebConfigError,
    WebSettings,
    oauth_client_secret,
    public_url,
    secret_key,
    web_settings,
)
from sidebot.web.throttle import LoginThrottle

SESSION_COOKIE = "sidebot_session"
OAUTH_CALLBACK_PATH = "/oauth/callback"


@dataclass
class WebContext:
    """What every request handler needs; one per app (``request.app.state.ctx``)."""

    settings: Settings
    web: WebSettings
    db: Database
    apis: WikiApis
    gate: ReviewGate
    templates: Jinja2Templates
    base_url: str
    oauth: OAuthLogin | None
    throttle: LoginThrottle  # failed password logins, per account and address
    corpus_documents: int | None  # documents suggestions are searched in; None: no corpus

    def login(self, request: Request) -> Login | None:
        return current_login(request, self.db, self.web.session_hours * 3600)

    def user(self, request: Request) -> str | None:
        login = self.login(request)
        return login.user if login else None

    def start_session(self, request: Request, user: str, api_url: str | None = None) -> None:
        """Log ``user`` in, as checked by the wiki at ``api_url`` (None: the configured wiki, e.g. OAuth)."""
        wiki = login_wiki(self.db, self.settings.wiki.name)[0] or self.settings.wiki.name
        if api_url:
            with self.db.session() as session:
                named = select(Wiki.name).where(Wiki.api_url == api_url).order_by(Wiki.name != wiki)
                wiki = session.scalar(named) or wiki
        log_in(request, self.db, Login(user, wiki), self.web.session_hours * 3600)

    def end_session(self, request: Request) -> None:
        log_out(request, self.db)

    def login_api_url(self) -> str:
        """The api.php wiki-password logins go to: ``[web] login_api_url``, else the wiki the settings name,
        or the only wiki the queue knows when they name none (looked up at login, so the app can start before
        the first patrol recorded its address)."""
        api_url = self.web.login_api_url or login_wiki(self.db, self.settings.wiki.name)[1]
        if not api_url:
            raise LoginFailed(
                f"there is no wiki to log in to: the queue does not know wiki {self.settings.wiki.name!r} "
                "yet; set [web] login_api_url"
            )
        return api_url

    def client_address(self, request: Request) -> str:
        """The address a request came from (behind a proxy: the one it names, see `sidebot serve`)."""
        return request.client.host if request.client else "unknown"

    def password_login(self) -> PasswordLogin:
        return PasswordLogin(self.apis.get(self.login_api_url()), self.throttle)

    def render(self, request: Request, template: str, status_code: int = 200, **context: object) -> Response:
        context |= {
            "user": self.user(request),
            "csrf_token": csrf_token(request),
            "flashes": take_flashes(request),
            "auth": self.web.auth,
        }
        return self.templates.TemplateResponse(request, template, context, status_code=status_code)


def login_wiki(db: Database, name: str) -> tuple[str, str]:
    """The wiki people log in to, as (name, api.php URL): the one the settings name, or, when they name none
    (no config given), the only wiki the queue knows. ("", "") when there is none (yet)."""
    with db.session() as session:
        if name:
            return name, session.scalar(select(Wiki.api_url).where(Wiki.name == name)) or ""
        wikis = session.execute(select(Wiki.name, Wiki.api_url).limit(2)).all()
    return (wikis[0][0], wikis[0][1]) if len(wikis) == 1 else ("", "")


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


def create_app(settings: Settings, db: Database, web: WebSettings | None = None) -> FastAPI:
    from sidebot.web import routes_api, routes_auth, routes_pages

    web = web or web_settings(settings)
    base_url = public_url(web)
    apis = WikiApis(timeout=web.wiki_timeout)
    oauth = None
    if web.auth == "oauth":
        if not web.oauth_client_id:
            raise WebConfigError("OAuth login needs [web] oauth_client_id (the consumer's client id)")
        oauth = OAuthLogin(
            web.oauth_rest_url,
            web.oauth_client_id,
            oauth_client_secret(web),
            redirect_uri=base_url + OAUTH_CALLBACK_PATH,
            timeout=web.wiki_timeout,
        )

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
        ),
        templates=_templates(),
        base_url=base_url,
        oauth=oauth,
        throttle=LoginThrottle(web.login_max_failures, web.login_wait, web.login_wait_max),
        corpus_documents=corpus_size(settings),
    )
    app.add_middleware(SecurityHeaders)
    app.add_middleware(
        SessionMiddleware,
        secret_key=secret_key(settings, web),
        session_cookie=SESSION_COOKIE,
        max_age=int(web.session_idle_minutes * 60),
        same_site="lax",
        https_only=base_url.startswith("https://"),
    )
    app.mount("/static", StaticFiles(directory=str(_package_dir("static"))), name="static")
    app.include_router(routes_auth.router)
    app.include_router(routes_api.router)
    app.include_router(routes_pages.router)
    app.add_exception_handler(CsrfError, _csrf_refused)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    return app


def _package_dir(name: str) -> Path:
    return Path(str(files("sidebot.web").joinpath(name)))


def _templates() -> Jinja2Templates:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_package_dir("templates"))),
        autoescape=True,  # every value is escaped; no template marks anything safe
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = _format_time
    env.filters["number"] = _format_number
    env.filters["percent"] = support_percent
    env.filters["support"] = support_text
    env.filters["http_url"] = _is_http_url
    env.filters["truncate_left"] = _truncate_left
    env.filters["section"] = _format_section
    env.globals["query_url"] = _query_url
    env.globals["decision_labels"] = {str(d): label for d, label in DECISION_LABELS.items()}
    return Jinja2Templates(env=env)


def _format_time(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "—"


def _format_number(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _is_http_url(value: str | None) -> bool:
    """Only http(s) addresses become links: a ``javascript:`` or ``data:`` URL in a citation stays text."""
    return bool(value) and urlsplit(str(value)).scheme.lower() in ("http", "https")


def _format_section(path: str) -> str:
    """A section path as the citations code writes it ("History::Early life") for people to read."""
    return " › ".join(part.strip() for part in path.split("::") if part.strip())


def _truncate_left(text: str, length: int) -> str:
    """The last ``length`` characters, cut at a word: the words nearest the claim matter most."""
    if len(text) <= length:
        return text
    tail = text[-length:]
    return "… " + tail.split(" ", 1)[-1]


def _query_url(path: str, params: Mapping[str, str], **changes: object) -> str:
    """``path`` with ``params`` updated by ``changes``; empty values are left out."""
    merged = {**params, **{k: str(v) for k, v in changes.items()}}
    query = urlencode({k: v for k, v in merged.items() if v not in ("", None)})
    return f"{path}?{query}" if query else path


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/api"


async def _csrf_refused(request: Request, exc: Exception) -> Response:
    if _wants_json(request):
        return JSONResponse({"detail": str(exc)}, status_code=403)
    ctx: WebContext = request.app.state.ctx
    kept = ""
    if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        comment = (await request.form()).get("comment")  # already read by the CSRF check
        kept = comment if isinstance(comment, str) else ""
    return ctx.render(request, "error.html", status_code=403, title="Refused", message=str(exc), kept=kept)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if _wants_json(request):
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)
    ctx: WebContext = request.app.state.ctx
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
