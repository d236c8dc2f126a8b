"""`sidebot schedule`: run the patrols and on-wiki updates on a schedule (or one job now, with --once)."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Annotated

import typer

from sidebot.cli.common import (
    console,
    fail,
    load_scorer,
    open_database,
    require_operator_contact,
    settings_of,
)
from sidebot.config import Settings

if TYPE_CHECKING:
    from sidebot.queue.db import Database
    from sidebot.scheduler.jobs import JobContext

JOBS_HELP = "Run this job now and exit (repeatable): recent, failed-verification, stale, onwiki."


def schedule(
    ctx: typer.Context,
    once: Annotated[list[str] | None, typer.Option("--once", help=JOBS_HELP)] = None,
    simulate: Annotated[
        bool,
        typer.Option("--simulate", help="Dry run of on-wiki writes: print the exact wikitext, save nothing."),
    ] = False,
) -> None:
    """Run the jobs on their intervals (the config's schedule section) until SIGTERM or Ctrl-C.

    Recent changes are patrolled from where the last run stopped; the failed-verification sweep, the stale
    check and the on-wiki update (when the config enables an output) run on their own intervals. Every run
    is recorded: see `sidebot runs`."""
    from sidebot.queue.scheduler_state import LeaseHeldError
    from sidebot.scheduler.app import holding_lease, job_specs, serve
    from sidebot.scheduler.jobs import JOB_NAMES, run_job

    settings = settings_of(ctx)
    unknown = sorted(set(once or []) - set(JOB_NAMES))
    if unknown:
        raise fail(f"no job {', '.join(unknown)}: the jobs are {', '.join(JOB_NAMES)}", 2)
    if simulate:
        settings = settings.model_copy(
            update={"onwiki": settings.onwiki.model_copy(update={"simulate": True})}
        )
    logging.getLogger("sidebot.scheduler.app").setLevel(logging.INFO)
    db = open_database(settings)
    try:
        with holding_lease(db, settings.schedule.lease_timeout) as lease:
            job_context = _context(settings, db)
            if once:
                results = {name: run_job(job_context, name) for name in once}
                for name, result in results.items():
                    counts = ", ".join(f"{key} {n}" for key, n in sorted(result.counts.items()) if n)
                    console.print(f"{name}: {result.status} ({counts or 'nothing to do'})", highlight=False)
                if any(result.status != "ok" for result in results.values()):
                    raise typer.Exit(1)
                return
            specs = ", ".join(f"{spec.name} every {spec.every}" for spec in job_specs(settings))
            console.print(f"scheduler running: {specs} (SIGTERM or Ctrl-C stops it)", highlight=False)
            serve(job_context, lease)
            console.print("scheduler stopped")
    except LeaseHeldError as exc:
        raise fail(str(exc)) from exc
    finally:
        db.dispose()


def _context(settings: Settings, db: Database) -> JobContext:
    from sidebot.scheduler.jobs import JobContext
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import WikiError

    require_operator_contact(settings)  # every patrol job would refuse: refuse to start
    try:
        wiki = PywikibotWiki.connect(settings)
    except WikiError as exc:
        raise fail(str(exc)) from exc
    return JobContext(
        settings=settings,
        db=db,
        wiki=wiki,
        scorer=load_scorer(settings),
        stop=threading.Event(),
        show=typer.echo,
    )
