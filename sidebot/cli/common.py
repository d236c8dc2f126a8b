"""What every command shares: the settings in the Typer context, consoles, and how to fail."""

from __future__ import annotations

import typer
from rich.console import Console

from sidebot.config import Settings

console = Console()
err = Console(stderr=True)


def settings_of(ctx: typer.Context) -> Settings:
    return ctx.find_root().obj


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` as an error and return the Exit to raise."""
    err.print(f"[red]error:[/red] {message}", highlight=False)
    return typer.Exit(code)


def open_database(settings: Settings):  # -> sidebot.queue.db.Database (imported lazily: SQLAlchemy, Alembic)
    from sidebot.queue.db import Database

    return Database(settings.database_url, auto_upgrade=settings.database.auto_upgrade)


def load_scorer(settings: Settings):  # -> sidebot.verify.types.Scorer (imported lazily: torch)
    from sidebot.verify import load_scorer as load

    return load(settings.verify.scorer, settings.verify)
