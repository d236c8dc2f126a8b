"""Helpers around the review UI's settings (the ``[web]`` section: :class:`sidebot.config.WebSettings`)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from sidebot.config import Settings, WebSettings, origin_of
from sidebot.credentials import OAUTH_CLIENT_SECRET, SecretError, read_secret

OAUTH_SECRET_ENV = OAUTH_CLIENT_SECRET.env


class WebConfigError(ValueError):
    """The [web] settings cannot work (e.g. OAuth without a client id)."""


def web_settings(settings: Settings) -> WebSettings:
    """The ``[web]`` settings the app runs with."""
    return settings.web


def public_url(web: WebSettings, port: int | None = None) -> str:
    """The address the service is reached at: ``[web] public_url``, else its host and ``port`` (or the
    configured port)."""
    if web.public_url:
        return web.public_url.rstrip("/")
    host = f"[{web.host}]" if ":" in web.host else web.host
    return f"http://{host}:{port if port is not None else web.port}"


def gadget_origins(settings: Settings, web: WebSettings) -> list[str]:
    """The origins whose pages may call the JSON API with the reviewer's cookie (the wiki gadget's):
    ``[web] gadget_origins``, else the configured wiki's own origin (of ``[wiki] article_url``, else of
    ``[web] login_api_url``); empty when none is known."""
    if web.gadget_origins:
        return list(web.gadget_origins)
    for url in (settings.wiki.article_url, web.login_api_url):
        if origin := origin_of(url):
            return [origin]
    return []


def secret_key(settings: Settings, web: WebSettings) -> str:
    """The key that signs session cookies: read from its file, or made and saved (0600) the first time."""
    path = Path(web.secret_key_file).expanduser() if web.secret_key_file else settings.home / "web-secret.key"
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    if key:
        if len(key) < 32:
            raise WebConfigError(f"the secret key in {path} is too short: use at least 32 characters")
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key + "\n")
    return key


def oauth_client_secret(web: WebSettings) -> str:
    """The consumer secret: ``$SIDEBOT_OAUTH_CLIENT_SECRET``, the file ``[web] oauth_client_secret_file`` or
    the systemd credential ``sidebot-oauth-client-secret`` (:mod:`sidebot.credentials`)."""
    try:
        found = read_secret(OAUTH_CLIENT_SECRET, web.oauth_client_secret_file)
    except SecretError as exc:
        raise WebConfigError(str(exc)) from exc
    if found is None:
        raise WebConfigError(
            "OAuth login needs the consumer secret: set [web] oauth_client_secret_file or "
            f"${OAUTH_SECRET_ENV}"
        )
    return found.value
