"""Secrets: the database password, the bot's BotPassword, the OAuth consumer secret and the verifier server's
token. None of them is ever
written in a config file; each comes from the first of these that has it:

1. an environment variable (Toolforge ``toolforge envvars``, a Kubernetes Secret as ``env``),
2. a file whose path the config names (a Kubernetes Secret mounted as a volume, a file readable by the bot),
3. a systemd credential (``LoadCredential=NAME:PATH`` in the unit: ``$CREDENTIALS_DIRECTORY/NAME``).

:data:`SECRETS` is the one table of them; ``sidebot doctor`` reports which are missing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

CREDENTIALS_DIRECTORY = "CREDENTIALS_DIRECTORY"  # set by systemd for a unit with LoadCredential=


class SecretError(Exception):
    """A secret's file is named but cannot be read, or is empty."""


@dataclass(frozen=True, slots=True)
class Secret:
    """Where one secret may come from, and what needs it."""

    name: str
    env: str  # environment variable holding the value
    file_setting: str  # the config key naming a file that holds it
    credential: str  # systemd credential name
    needed_when: str  # for the docs and `sidebot doctor`


DATABASE_PASSWORD = Secret(
    "database password",
    "SIDEBOT_DATABASE_PASSWORD",
    "[database] password_file",
    "sidebot-database-password",
    "the queue database is PostgreSQL reached over the network and its URL has no password",
)
BOT_PASSWORD = Secret(
    "BotPassword",
    "SIDEBOT_BOT_PASSWORD",
    "[wiki] bot_password_file",
    "sidebot-bot-password",
    "[wiki] bot_password_name is set (else Pywikibot's own password_file is used)",
)
OAUTH_CLIENT_SECRET = Secret(
    "OAuth consumer secret",
    "SIDEBOT_OAUTH_CLIENT_SECRET",
    "[web] oauth_client_secret_file",
    "sidebot-oauth-client-secret",
    '[web] auth = "oauth" (the review UI logs people in with MediaWiki OAuth 2)',
)
VERIFIER_TOKEN = Secret(
    "verifier server token",
    "SIDEBOT_VERIFIER_TOKEN",
    "[verify] token_file",
    "sidebot-verifier-token",
    "`serve-verifier --host` is beyond loopback, or [verify] endpoint names such a server (the same token "
    "on both sides)",
)
SECRETS = (DATABASE_PASSWORD, BOT_PASSWORD, OAUTH_CLIENT_SECRET, VERIFIER_TOKEN)


@dataclass(frozen=True, slots=True)
class Found:
    """A secret's value and where it was read (only the place is ever shown)."""

    value: str
    source: str  # where it came from, for `sidebot doctor` (never the value)


def read_secret(secret: Secret, file: str = "") -> Found | None:
    """The secret from its environment variable, else from ``file`` (the path its config key names), else
    from its systemd credential; None when none has it. :class:`SecretError` when ``file`` is named but
    unreadable or empty (a mistake worth stopping for, not a secret to skip)."""
    value = os.environ.get(secret.env, "").strip()
    if value:
        return Found(value, f"${secret.env}")
    if file:
        path = Path(file).expanduser()
        return Found(_read(path, secret), f"{path} ({secret.file_setting})")
    folder = os.environ.get(CREDENTIALS_DIRECTORY)
    if folder and (Path(folder) / secret.credential).is_file():
        path = Path(folder) / secret.credential
        return Found(_read(path, secret), f"systemd credential {secret.credential}")
    return None


def _read(path: Path, secret: Secret) -> str:
    try:
        value = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise SecretError(f"cannot read the {secret.name} from {path}: {exc.strerror or exc}") from exc
    if not value:
        raise SecretError(f"the {secret.name} file {path} is empty")
    return value
