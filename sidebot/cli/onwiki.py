"""`sidebot onwiki update|resume|status`: the bot's on-wiki outputs (review list, count page, talk
notices), its stop page and the exclusion lists editors maintain."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from sidebot.cli.common import console, fail, open_database, settings_of
from sidebot.config import Settings

if TYPE_CHECKING:
    from sidebot.wiki.reader import PywikibotWiki

SIMULATE_HELP = "Dry run: print the exact wikitext each edit would save, and save nothing."


def update(
    ctx: typer.Context,
    simulate: Annotated[bool, typer.Option("--simulate", help=SIMULATE_HELP)] = False,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Only this output (repeatable): review-list, notices.")
    ] = None,
) -> None:
    """Update the on-wiki outputs the config enables now (what `sidebot schedule` does every
    schedule.onwiki_every); recorded as a run of kind onwiki."""
    from sidebot.onwiki.outputs import PARTS, update_onwiki
    from sidebot.queue.scheduler_state import LeaseHeldError
    from sidebot.scheduler.app import holding_lease

    settings = settings_of(ctx)
    unknown = sorted(set(only or []) - set(PARTS))
    if unknown:
        raise fail(f"no output {', '.join(unknown)}: the outputs are {', '.join(PARTS)}", 2)
    if not settings.onwiki.writes:
        raise fail("this config enables no on-wiki output (onwiki.review_list / onwiki.notices)", 2)
    wiki = _connect(settings)
    db = open_database(settings)
    try:  # the scheduler's lease: two processes posting at once could both post the same notice
        with holding_lease(db, settings.schedule.lease_timeout):
            summary = update_onwiki(
                settings, db, wiki, show=typer.echo, simulate=simulate or None, parts=only or PARTS
            )
    except LeaseHeldError as exc:
        raise fail(f"{exc}: its on-wiki job runs every {settings.schedule.onwiki_every}") from exc
    finally:
        db.dispose()
    counts = ", ".join(f"{key} {value}" for key, value in sorted(summary.counts.items())) or "nothing to do"
    console.print(f"run {summary.run_id} {summary.status}: {counts}", highlight=False)
    for error in summary.errors:
        console.print(f"[red]error[/red] {error.get('page') or '(run)'}: {error['error']}", highlight=False)
    if summary.status != "ok":
        raise typer.Exit(1)


def resume(
    ctx: typer.Context,
    note: Annotated[str, typer.Option(help="A note saved on the stop page with the restart.")] = "",
) -> None:
    """Let the bot write again after its stop page was edited: saves the stop page as the bot.

    Read the edit that stopped the bot first; its author may have had a reason."""
    from sidebot.onwiki.writer import SaveStatus, WikiWriter

    settings = settings_of(ctx)
    if not settings.onwiki.stop_page:
        raise fail("this config names no stop page (onwiki.stop_page)", 2)
    wiki = _connect(settings)
    writer = WikiWriter(wiki.site, settings.onwiki, simulate=False, show=typer.echo)
    before = writer.stop_reason()
    outcome = writer.resume(note)
    if outcome.status != SaveStatus.SAVED:
        raise fail(f"could not save the stop page [[{outcome.title}]]: {outcome.status}: {outcome.reason}")
    console.print(f"was: {before or 'running'}", highlight=False)
    console.print(f"on-wiki writes resumed ([[{outcome.title}]] revision {outcome.rev_id})", highlight=False)


def status(ctx: typer.Context) -> None:
    """Show whether the bot may write (its stop page), what the exclusion lists hold, and its notices."""
    from sidebot.onwiki.exclusions import load_exclusions
    from sidebot.onwiki.writer import WikiWriter
    from sidebot.queue.onwiki_records import notice_counts

    settings = settings_of(ctx)
    onwiki = settings.onwiki
    wiki = _connect(settings)
    switches = (("review list", onwiki.review_list.enabled), ("talk notices", onwiki.notices.enabled))
    outputs = [name for name, on in switches if on]
    console.print(f"outputs enabled: {', '.join(outputs) or 'none'}", highlight=False)
    if onwiki.stop_page:
        reason = WikiWriter(wiki.site, onwiki, simulate=True, show=typer.echo).stop_reason()
        console.print(f"stop page [[{onwiki.stop_page}]]: {reason or 'the bot may write'}", highlight=False)
    exclusions = load_exclusions(wiki.site, onwiki.exclusions)
    console.print(
        f"exclusion lists: {len(exclusions.sources)} source entries, {len(exclusions.pages)} pages"
        + (f"; ignored lines: {list(exclusions.invalid)}" if exclusions.invalid else ""),
        highlight=False,
    )
    db = open_database(settings)
    with db.session() as session:
        by_status = notice_counts(session, wiki.name)
    db.dispose()
    console.print(
        "talk notices: " + (", ".join(f"{s} {n}" for s, n in sorted(by_status.items())) or "none"),
        highlight=False,
    )


def _connect(settings: Settings) -> PywikibotWiki:
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import WikiError

    try:
        return PywikibotWiki.connect(settings)
    except WikiError as exc:
        raise fail(str(exc)) from exc
