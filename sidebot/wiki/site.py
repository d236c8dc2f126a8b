"""Pywikibot wiring: the logged-in site for a :class:`~sidebot.config.Settings`, article URLs, template
redirects, and the wiki error types the rest of sidebot sees instead of Pywikibot's.

Pywikibot reads its configuration (``user-config.py`` in ``PYWIKIBOT_DIR``) once, when it is first
imported, and keeps it for the life of the process. So this module never imports pywikibot at module level:
:func:`connect` sets ``PYWIKIBOT_DIR`` from ``settings.wiki.pywikibot_dir`` first, and refuses settings that
name another folder once pywikibot has been imported.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from sidebot.config import Settings

if TYPE_CHECKING:
    from pywikibot.site import APISite

TEMPLATE_NAMESPACE = 10
MEDIAWIKI_URL_SAFE = ";@$!*(),/~:"  # characters MediaWiki leaves unescaped in page URLs (wfUrlencode)


class WikiError(Exception):
    """Something went wrong talking to the wiki."""


class WikiConfigError(WikiError):
    """The Pywikibot configuration is missing or does not match the settings."""


class WikiLoginError(WikiError):
    """The bot could not log in."""


class WikiUnavailableError(WikiError):
    """The wiki kept failing (HTTP 5xx, maxlag, timeouts, refused connections) after Pywikibot's retries
    (``max_retries``, waits up to ``retry_max`` seconds, both from user-config.py)."""


class PageNotFoundError(WikiError):
    """The page does not exist (or a redirect leads nowhere)."""

    def __init__(self, title: str, reason: str = "does not exist") -> None:
        super().__init__(f"page {title!r} {reason}")
        self.title = title


def configure_pywikibot(settings: Settings) -> None:
    """Point Pywikibot at ``settings.wiki.pywikibot_dir`` before its first import (see module docstring)."""
    folder = settings.wiki.pywikibot_dir
    if not folder:
        _default_pywikibot_dir(settings.home)
        return
    wanted = Path(folder).expanduser().resolve()
    if not (wanted / "user-config.py").is_file():
        raise WikiConfigError(
            f"no user-config.py in {wanted} (settings.wiki.pywikibot_dir): create one from "
            "user-config.py.example, or run `sidebot testwiki up` for a local test wiki"
        )
    if "pywikibot" in sys.modules:
        import pywikibot

        current = Path(pywikibot.config.base_dir).resolve()
        if current != wanted:
            raise WikiConfigError(
                f"pywikibot is already configured from {current} in this process and cannot switch to "
                f"{wanted}: run one process per Pywikibot folder"
            )
        return
    os.environ["PYWIKIBOT_DIR"] = str(wanted)


def _default_pywikibot_dir(home: Path) -> None:
    """No folder in the settings: Pywikibot's own search ($PYWIKIBOT_DIR, the current folder, ~/.pywikibot)
    when it finds a user-config.py; otherwise Pywikibot's defaults with its files (throttle.ctrl, logs,
    API cache) in ``<data folder>/pywikibot`` rather than in whatever folder the command was started from."""
    if "PYWIKIBOT_DIR" in os.environ or "pywikibot" in sys.modules:
        return
    if any((place / "user-config.py").is_file() for place in (Path.cwd(), Path.home() / ".pywikibot")):
        return
    folder = home / "pywikibot"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    config = folder / "user-config.py"
    if not config.is_file():  # Pywikibot takes a folder only when it holds one
        config.write_text(
            "# Written by sidebot: Pywikibot's defaults. Add your settings here (see user-config.py.example\n"
            "# in sidebot's repository), or name another folder in the config's [wiki] pywikibot_dir.\n",
            encoding="utf-8",
        )
    os.environ["PYWIKIBOT_DIR"] = str(folder)


def connect(settings: Settings, login: bool = True) -> APISite:
    """The Pywikibot site named by ``settings.wiki`` (family and code), logged in as the user that
    user-config.py names for it when ``login``."""
    configure_pywikibot(settings)
    import pywikibot
    from pywikibot.exceptions import APIError, NoUsernameError, SiteDefinitionError

    with translate_errors():
        try:
            site = pywikibot.Site(settings.wiki.code, settings.wiki.family)
        except SiteDefinitionError as exc:
            raise WikiConfigError(
                f"Pywikibot does not know the wiki {settings.wiki.family}:{settings.wiki.code} "
                f"(config in {pywikibot.config.base_dir}): {exc}"
            ) from exc
        if not login:
            return site
        try:
            bot_password = settings.wiki.bot_password()
            if settings.wiki.bot_password_name and bot_password is None:
                raise WikiLoginError(
                    f"[wiki] bot_password_name is {settings.wiki.bot_password_name!r} but no BotPassword was "
                    "found: set $SIDEBOT_BOT_PASSWORD, [wiki] bot_password_file or the systemd credential "
                    "sidebot-bot-password (`sidebot doctor` lists the secrets)"
                )
            if bot_password is not None and not site.logged_in():
                _log_in_with_bot_password(site, settings.wiki.bot_password_name, bot_password.value)
            site.login()
        except (NoUsernameError, APIError) as exc:
            raise WikiLoginError(f"cannot log in to {site}: {exc}") from exc
        if not site.logged_in():
            raise WikiLoginError(
                f"cannot log in to {site} as {site.username()!r}: check usernames and password_file in "
                f"{pywikibot.config.user_config_file}"
            )
    return site


def _log_in_with_bot_password(site: APISite, name: str, password: str) -> None:
    """Log in as user-config.py's account with the BotPassword ``name`` (the password from a secret, not from
    Pywikibot's password_file). The session's cookies then make ``site.login()`` find the bot logged in."""
    from pywikibot.login import BotPassword, ClientLoginManager

    manager = ClientLoginManager(site=site, user=site.username())
    manager.login_name = BotPassword(name, password).login_name(manager.username)
    manager.password = password
    if not manager.login(retry=False):
        raise WikiLoginError(f"cannot log in to {site} as {manager.login_name!r} with the BotPassword secret")


def configured_api_url(settings: Settings) -> str:
    """The api.php address of the wiki ``settings.wiki`` names, from its Pywikibot family alone (no
    request is made)."""
    configure_pywikibot(settings)
    import pywikibot  # noqa: F401 -- reads user-config.py (family_files of a local wiki) before Family.load
    from pywikibot.exceptions import UnknownFamilyError
    from pywikibot.family import Family

    with translate_errors():
        try:
            family = Family.load(settings.wiki.family)
            return family.base_url(settings.wiki.code, family.apipath(settings.wiki.code))
        except (UnknownFamilyError, KeyError) as exc:
            raise WikiConfigError(
                f"Pywikibot does not know the wiki {settings.wiki.family}:{settings.wiki.code}: {exc}"
            ) from exc


def article_url(settings: Settings, title: str, site: APISite | None = None) -> str:
    """The URL of a page for people to open: from ``settings.wiki.article_url`` when set (``{title}`` is
    replaced with the URL-encoded title, spaces as underscores), else the site's own article path."""
    template = settings.wiki.article_url
    if template:
        return template.format(title=quote(title.replace(" ", "_"), safe=MEDIAWIKI_URL_SAFE))
    if site is None:
        raise ValueError("settings.wiki.article_url is empty: pass the site to derive the article URL")
    import pywikibot

    return pywikibot.Page(site, title).full_url()


def template_redirects(site: APISite, title: str) -> set[str]:
    """A template's name and the names of all its redirects, without the namespace, as the wiki stores
    them (first letter upper case, spaces): ``{"Failed verification", "Fv", …}``. ``title`` may itself be
    a redirect or carry the ``Template:`` prefix. PageNotFoundError if the template does not exist."""
    import pywikibot

    template = pywikibot.Page(site, title, ns=TEMPLATE_NAMESPACE)
    with translate_errors():
        if not template.exists():
            raise PageNotFoundError(template.title(), "does not exist: no such template")
        if template.isRedirectPage():
            template = template.getRedirectTarget()
            if not template.exists():
                raise PageNotFoundError(title, f"redirects to {template.title()!r}, which does not exist")
        names = {template.title(with_ns=False)}
        names.update(
            redirect.title(with_ns=False) for redirect in template.redirects(namespaces=[TEMPLATE_NAMESPACE])
        )
    return names


@contextmanager
def translate_errors() -> Iterator[None]:
    """Turn Pywikibot's server-side failures into :class:`WikiUnavailableError` and its other API errors
    into :class:`WikiError`, so callers need not know Pywikibot's exception tree."""
    from pywikibot.exceptions import APIError, ApiTimeoutError, ServerError
    from requests.exceptions import RequestException

    try:
        yield
    except (ServerError, ApiTimeoutError, ConnectionError, RequestException) as exc:
        raise WikiUnavailableError(f"the wiki is not answering properly: {exc}") from exc
    except APIError as exc:
        raise WikiError(f"the wiki refused a request: {exc}") from exc
