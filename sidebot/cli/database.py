"""`sidebot db …` and `sidebot doctor`."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from sidebot.cli.common import console, fail, settings_of
from sidebot.config import Settings
from sidebot.credentials import (
    BOT_PASSWORD,
    DATABASE_PASSWORD,
    OAUTH_CLIENT_SECRET,
    VERIFIER_TOKEN,
    Secret,
    read_secret,
)


def upgrade(ctx: typer.Context) -> None:
    """Create the queue database or migrate it to the newest schema."""
    from sidebot.queue.db import current_revision, make_engine
    from sidebot.queue.db import upgrade as run_upgrade

    settings = settings_of(ctx)
    engine = make_engine(settings.database_url)
    before = current_revision(engine)
    run_upgrade(engine)
    console.print(
        f"{engine.url.render_as_string(hide_password=True)}: schema {before or 'empty'} → "
        f"{current_revision(engine)}"
    )


def current(ctx: typer.Context) -> None:
    """Show the database's schema revision and the one this sidebot needs."""
    from sidebot.queue.db import current_revision, head_revision, make_engine

    engine = make_engine(settings_of(ctx).database_url)
    console.print(f"database: {current_revision(engine) or 'empty'}; code: {head_revision()}")


def doctor(
    ctx: typer.Context,
    offline: Annotated[
        bool,
        typer.Option(
            "--offline",
            help="Skip the check that the configured wiki answers (the set-up command runs this: a fresh "
            "install has no wiki of its own yet, and the default one needs the internet).",
        ),
    ] = False,
) -> None:
    """Check that everything sidebot needs is installed and usable."""
    checks: list[tuple[str, bool, str]] = []

    def check(name: str, fn: Callable[[], str | None]) -> None:
        try:
            detail = fn()
            checks.append((name, True, detail or "ok"))
        except Exception as exc:  # a doctor reports every failure instead of stopping at the first
            checks.append((name, False, f"{type(exc).__name__}: {exc}"))

    check("local wiki (php, MediaWiki)", _php)
    check("base model (all-MiniLM-L6-v2, sha256)", _minilm)
    check("queue database", lambda: _database(ctx))
    try:
        checks.extend(_secret_checks(ctx))
    except Exception as exc:  # an unreadable secret file: reported like any failed check
        checks.append(("secrets", False, f"{type(exc).__name__}: {exc}"))
    if not offline:
        check("configured wiki reachable", lambda: _wiki(ctx))
    check("chromium", _chromium)
    table = Table("check", "ok", "detail")
    for name, ok, detail in checks:
        table.add_row(name, "[green]yes[/green]" if ok else "[red]no[/red]", detail)
    console.print(table)
    if not all(ok for _, ok, _ in checks):
        raise fail("some checks failed")


def _php() -> str:
    """php and MediaWiki for the local wiki (Debian's packages)."""
    for tool in ("php", "php-cgi"):
        if not shutil.which(tool):
            raise RuntimeError(f"{tool} not found: run the set-up command")
    if not Path("/usr/share/mediawiki/maintenance/install.php").exists():
        raise RuntimeError("Debian package mediawiki not installed: run the set-up command")
    return "php + MediaWiki 1.39 (Debian)"


def _minilm() -> str:
    """The base model's files, checksummed."""
    from sidebot.verify.base_model import minilm_dir

    return str(minilm_dir())


def _database(ctx: typer.Context) -> str:
    """The queue database opens (its address, password hidden)."""
    from sidebot.cli.common import open_database

    db = open_database(settings_of(ctx))
    db.dispose()
    return db.engine.url.render_as_string(hide_password=True)


def _chromium() -> str:
    path = shutil.which("chromium")
    if not path:
        raise RuntimeError("chromium not found (needed for browser tests only)")
    return path


def _wiki(ctx: typer.Context) -> str:
    """The configured wiki answers its API (a short plain request, not Pywikibot's long retries)."""
    import httpx

    from sidebot.wiki.site import connect

    settings = settings_of(ctx)
    site = connect(settings, login=False)
    api_url = site.base_url(site.apipath())
    answer = httpx.get(
        api_url,
        params={"action": "query", "meta": "siteinfo", "format": "json", "formatversion": 2},
        headers={"User-Agent": settings.fetch.user_agent},
        timeout=10,
    )
    answer.raise_for_status()
    general = answer.json()["query"]["general"]
    return f"{settings.wiki.name or site} at {api_url}: {general['sitename']}, {general['generator']}"


def _secret_checks(ctx: typer.Context) -> list[tuple[str, bool, str]]:
    """Each secret this config needs: where it was found, or what to set."""
    checks: list[tuple[str, bool, str]] = []
    for secret, needed, found in secrets_status(settings_of(ctx)):
        if found:
            checks.append((f"secret: {secret.name}", True, f"from {found}"))
        elif needed:
            where = f"${secret.env}, {secret.file_setting} or the systemd credential {secret.credential}"
            checks.append((f"secret: {secret.name}", False, f"missing ({needed}): set {where}"))
        else:
            checks.append((f"secret: {secret.name}", True, "not needed by this config"))
    return checks


def secrets_status(settings: Settings) -> list[tuple[Secret, str, str]]:
    """Each secret (sidebot.credentials.SECRETS), why this config needs it ("" if it does not) and where it
    was found ("" if nowhere)."""
    import os

    from sidebot.queue.addresses import parse

    raw_url = os.environ.get("SIDEBOT_DATABASE_URL") or settings.database.url
    url = parse(raw_url) if raw_url.startswith("postgresql") else None
    needs_password = url is not None and not url.has_password and not (url.host or "").startswith("/")
    db = read_secret(DATABASE_PASSWORD, settings.database.password_file)
    db_source = db.source if db else ""
    if not db_source and (os.environ.get("PGPASSWORD") or _pgpass().is_file()):
        db_source = "libpq ($PGPASSWORD or the .pgpass file)"
    bot = settings.wiki.bot_password()
    oauth = read_secret(OAUTH_CLIENT_SECRET, settings.web.oauth_client_secret_file)
    token = read_secret(VERIFIER_TOKEN, settings.verify.token_file)
    return [
        (
            DATABASE_PASSWORD,
            f"PostgreSQL at {url.host or 'localhost'}" if needs_password and url is not None else "",
            db_source,
        ),
        (
            BOT_PASSWORD,
            "[wiki] bot_password_name is set" if settings.wiki.bot_password_name else "",
            bot.source if bot else "",
        ),
        (
            OAUTH_CLIENT_SECRET,
            '[web] auth = "oauth"' if settings.web.auth == "oauth" else "",
            oauth.source if oauth else "",
        ),
        (VERIFIER_TOKEN, _remote_verifier(settings), token.source if token else ""),
    ]


def _remote_verifier(settings: Settings) -> str:
    """Why this config needs the verifier server's token: its [verify] endpoint is beyond loopback."""
    from urllib.parse import urlsplit

    from sidebot.serving.limits import is_loopback

    endpoint = settings.verify.endpoint
    if not endpoint:
        return ""
    host = urlsplit(endpoint if "//" in endpoint else f"//{endpoint}").hostname or ""
    return "" if is_loopback(host) else f"[verify] endpoint {endpoint} is beyond loopback"


def _pgpass() -> Path:
    import os

    return Path(os.environ.get("PGPASSFILE") or Path.home() / ".pgpass")
