"""What every command shares: the settings in the Typer context, consoles, and how to fail."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

from sidebot.config import ConfigError, Settings, VerifySettings, operator_contact_problem

console = Console()
err = Console(stderr=True)


def settings_of(ctx: typer.Context) -> Settings:
    """The settings the top-level callback loaded, from any command's context (they sit on the root
    context)."""
    return ctx.find_root().obj


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` (plain text, one line however narrow the terminal) as an error; return the Exit."""
    err.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def write_json(path: Path | None, figures: object) -> None:
    """Write a command's figures to ``path`` (its ``--json`` option), when one was given, and say where."""
    if path is None:
        return
    path.write_text(json.dumps(figures, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    console.print(f"written to {path}")


def print_reliability(title: str, rows: list[dict]) -> None:
    """A reliability table's rows (sidebot.verify.calibration.reliability_table) under ``title``: what a
    figure promised per bin and how often the source backed part of the claim, and all of it."""
    console.print(f"  [bold]{escape(title)}[/bold]")
    console.print("    figure       citations  mean figure  backs at least part  backs every part")
    for row in rows:
        console.print(
            f"    {row['range']:12} {row['citations']:9}  {row['mean_figure']:11.3f}  "
            f"{row['share_at_least_part']:19.3f}  {row['share_every_part']:16.3f}"
        )


def open_database(settings: Settings):  # -> sidebot.queue.db.Database (imported lazily: SQLAlchemy, Alembic)
    """The queue database of ``settings``, upgraded on open when ``[database] auto_upgrade`` says so."""
    from sidebot.queue.db import Database

    return Database(settings.database_url, auto_upgrade=settings.database.auto_upgrade)


def load_scorer(settings: Settings):  # -> sidebot.verify.types.Scorer (imported lazily: torch)
    """The configured scorer (:func:`sidebot.verify.factory.scorer_for`, as the patrol builds it): the
    verifier server's client when ``[verify] endpoint`` is set, else the model in this process. A server that
    cannot be reached, or model files or a device as in :func:`load_model`, is one error line, exit 2."""
    from sidebot.verify.factory import scorer_for

    with _scorer_errors():
        return scorer_for(settings.verify)


def load_model(verify: VerifySettings):  # -> sidebot.verify.types.Scorer (imported lazily: torch)
    """The scorer ``verify`` names, run in this process. Model files that are missing or fail their
    checksum, or a device this machine lacks, are one error line, exit 2."""
    from sidebot.verify import load_scorer as load

    with _scorer_errors():
        return load(verify.scorer, verify)


@contextmanager
def _scorer_errors() -> Iterator[None]:
    """A scorer that cannot be built (a verifier server that cannot be reached, model files missing or
    failing their checksum, a device this machine lacks) as one error line, exit 2."""
    from sidebot.verify.remote import VerifierUnavailableError

    try:
        yield
    except VerifierUnavailableError as exc:
        raise fail(str(exc), 2) from exc
    except Exception as exc:
        from sidebot.verify.base_model import ModelFilesError
        from sidebot.verify.model import VerifierDeviceError  # torch: loaded already by a model's failure

        if isinstance(exc, ModelFilesError | VerifierDeviceError):
            raise fail(str(exc), 2) from exc
        raise


def require_operator_contact(settings: Settings) -> None:
    """Refuse, in one line naming the setting, to patrol a wiki other than the local sandbox with a
    User-Agent that names no contact of the operator; checked before any request to the wiki."""
    from sidebot.wiki.site import WikiError, configured_api_url

    try:
        api_url = configured_api_url(settings)
    except WikiError as exc:
        raise fail(str(exc)) from exc
    problem = operator_contact_problem(settings.fetch, api_url, settings.source_file)
    if problem:
        raise fail(problem, 2)


class SidebotGroup(TyperGroup):
    """The command group: a database fault in any command is one line naming the database and what to do,
    with exit code 2 (see :mod:`sidebot.queue.faults`), not a traceback."""

    def invoke(self, ctx: Any) -> Any:  # Typer's own click.Context (Typer vendors click)
        """Run the command; a config error or a database fault becomes one line and exit code 2, anything else
        is raised as it is."""
        try:
            return super().invoke(ctx)
        except ConfigError as exc:  # e.g. a patrol of a real wiki without the operator's contact
            raise fail(str(exc), 2) from exc
        except Exception as exc:
            from sidebot.queue.faults import describe

            settings = ctx.obj if isinstance(ctx.obj, Settings) else None
            line = describe(exc, settings.database_url if settings is not None else "sqlite://")
            if line is None:  # not a database fault: a bug, let it show
                raise
            raise fail(line, 2) from exc
