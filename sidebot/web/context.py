"""What every request handler needs, in one object per app: settings, the queue, the wiki APIs, templates.

The route modules take it from here (``web_context(request)``), not from :mod:`sidebot.web.app`, so imports
run one way: ``app`` imports the routers, the routers import this module, and this module imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from fastapi import Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.queue.wikis import login_wiki, wiki_at
from sidebot.records import RefCheck, RefToCheck
from sidebot.web.integrity import ReviewGate, ReviewNotAllowed, WikiApis
from sidebot.web.login import LoginFailed, OAuthLogin, PasswordLogin
from sidebot.web.quota import CheckQuota
from sidebot.web.sessions import Login, csrf_token, current_login, log_in, log_out, take_flashes
from sidebot.web.settings import WebSettings
from sidebot.web.throttle import LoginThrottle
from sidebot.web.topics import TopicPages
from sidebot.web.wikiapi import WikiApiError


class EditChecker(Protocol):
    """The check before saving, as ``POST /api/check`` uses it (:class:`sidebot.patrol.precheck.EditCheck`:
    the web layer sits below the patrol, so ``sidebot serve`` hands it in)."""

    def unavailable(self) -> str | None:
        """Why the check cannot run now, in words (None: it can)."""

    def refs_to_check(self, text: str, title: str, base: str | None) -> list[RefToCheck]:
        """The citations of an edited text to check, new or changed against ``base`` when it is given."""

    def check(self, title: str, refs: list[RefToCheck], store_for: str | None = None) -> list[RefCheck]:
        """Each citation's outcome, its source fetched (the cache first) and verified as the patrol does;
        with ``store_for`` (a user), those that fail also go into the queue."""
        ...


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
    topics: TopicPages  # the list's topic filter: a category's or a WikiProject's pages, asked of the wiki
    check_quota: CheckQuota  # citations each user had checked before saving (POST /api/check)
    checker: EditChecker | None = None  # the check before saving; None: not set up (503)

    def login(self, request: Request) -> Login | None:
        """The request's login, if its session holds one that has not expired."""
        return current_login(request, self.db, self.web.session_hours * 3600)

    def user(self, request: Request) -> str | None:
        """The logged-in username of the request, or None."""
        login = self.login(request)
        return login.user if login else None

    def start_session(self, request: Request, user: str, api_url: str | None = None) -> None:
        """Log ``user`` in, as checked by the wiki at ``api_url`` (None: the configured wiki, e.g. OAuth)."""
        wiki = login_wiki(self.db, self.settings.wiki.name)[0] or self.settings.wiki.name
        if api_url:
            wiki = wiki_at(self.db, api_url, wiki) or wiki
        log_in(request, self.db, Login(user, wiki), self.web.session_hours * 3600)

    def admit(self, user: str, api_url: str | None = None) -> str | None:
        """Ask the wiki that checked a login about its user (:meth:`ReviewGate.admit`): LoginFailed for a
        blocked user; what deciding needs that they lack, or None."""
        api_url = api_url or login_wiki(self.db, self.settings.wiki.name)[1]
        if not api_url:
            return None
        try:
            return self.gate.admit(api_url, user)
        except ReviewNotAllowed as exc:
            raise LoginFailed(str(exc)) from exc
        except WikiApiError as exc:
            raise LoginFailed(f"the wiki could not say whether you may review: {exc}") from exc

    def end_session(self, request: Request) -> None:
        """Log the request's session out (its stored row deleted, the cookie cleared)."""
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
        """The address a request came from: its peer's, or, from a proxy in ``[web] trusted_proxies``, the
        client that proxy names in X-Forwarded-For (the app's ProxyHeadersMiddleware put it there)."""
        return request.client.host if request.client else "unknown"

    def password_login(self) -> PasswordLogin:
        """The wiki-password login against the configured login wiki, with the app's login throttle."""
        return PasswordLogin(self.apis.get(self.login_api_url()), self.throttle)

    def render(self, request: Request, template: str, status_code: int = 200, **context: object) -> Response:
        """The HTML page ``template`` rendered with ``context`` and what every page shows: the user, the CSRF
        token, the flashed messages and the kind of login."""
        context |= {
            "user": self.user(request),
            "csrf_token": csrf_token(request),
            "flashes": take_flashes(request),
            "auth": self.web.auth,
        }
        return self.templates.TemplateResponse(request, template, context, status_code=status_code)


def web_context(request: Request) -> WebContext:
    """The app's context, as :func:`sidebot.web.app.create_app` stored it."""
    return request.app.state.ctx
