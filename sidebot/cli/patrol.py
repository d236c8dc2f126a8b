"""`sidebot patrol`, `sidebot check`, `sidebot runs`: check pages and fill the queue."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from itertools import chain
from typing import TYPE_CHECKING, Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from sidebot.cli.common import console, fail, open_database, require_operator_contact, settings_of
from sidebot.config import Settings

if TYPE_CHECKING:
    from sidebot.patrol.loop import PatrolSummary
    from sidebot.wiki.pages import PageRef
    from sidebot.wiki.reader import PywikibotWiki


def patrol(
    ctx: typer.Context,
    once: Annotated[bool, typer.Option("--once", help="Run one patrol now and exit.")] = False,
    recent: Annotated[
        int | None, typer.Option("--recent", min=1, help="The N most recently edited articles.")
    ] = None,
    since: Annotated[
        datetime | None, typer.Option(help="Articles edited since this time (UTC, ISO 8601).")
    ] = None,
    failed_verification: Annotated[
        bool,
        typer.Option(
            "--failed-verification",
            help="Articles that transclude {{Failed verification}} or a redirect to it.",
        ),
    ] = False,
    citation_needed: Annotated[
        bool,
        typer.Option(
            "--citation-needed",
            help="Articles that transclude {{Citation needed}} or {{Citation needed span}} (or a redirect).",
        ),
    ] = False,
    keep_all: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Queue claims tagged {{citation needed}} even when no verified source was found for them.",
        ),
    ] = False,
    page: Annotated[list[str] | None, typer.Option("--page", help="This article (repeatable).")] = None,
) -> None:
    """Check articles' citations and put the weak ones in the review queue.

    With no page source given, patrols the recent changes (settings: patrol.recent_limit). With workers
    configured ([workers] enabled), the pages are enqueued for `sidebot worker` processes instead."""
    if not once:
        raise fail("give --once for a single patrol (continuous patrols run from `sidebot schedule`)", 2)
    settings = settings_of(ctx)
    if keep_all:
        patrol_settings = settings.patrol.model_copy(update={"needs_source_without_suggestion": True})
        settings = settings.model_copy(update={"patrol": patrol_settings})
    if not (recent or since or failed_verification or citation_needed or page):
        recent = settings.patrol.recent_limit
    options = {
        "recent": recent,
        "since": since.isoformat() if since else None,
        "failed_verification": failed_verification,
        "citation_needed": citation_needed,
        "all": keep_all,
        "pages": page or [],
    }
    with failed_start(settings, "patrol", options):
        wiki = _connect(settings)
        refs = _page_refs(wiki, settings, recent, since, failed_verification, page or [], citation_needed)
    if settings.workers.enabled:
        summary = _enqueue(settings, wiki, refs, options)
        c = summary.counts
        console.print(
            f"run {summary.run_id} {summary.status}: {c['pages_enqueued']} pages enqueued for the workers "
            f"({c['pages_already_queued']} already waiting)",
            soft_wrap=True,
        )
        return
    summary = run_patrol(settings, wiki, refs, "patrol", options)
    print_summary(summary)
    if settings.retrieve.feed:  # the sources that backed their claims, into the corpus (docs/retrieval.md)
        from sidebot.patrol.corpus_feed import feed_corpus

        db = open_database(settings)
        console.print(feed_corpus(settings, db).summary(), highlight=False)
        db.dispose()
    if summary.status != "ok":
        raise typer.Exit(1)


def check(ctx: typer.Context, title: Annotated[str, typer.Argument(help="Article title.")]) -> None:
    """Check one article now and show each citation's support and best passage."""
    from sidebot.wiki.pages import single_page

    settings = settings_of(ctx)
    with failed_start(settings, "check", {"pages": [title]}):
        wiki = _connect(settings)
        ref = single_page(wiki.site, title)
    summary = run_patrol(settings, wiki, [ref], "check", {"pages": [title]})
    if summary.errors:
        print_summary(summary)
    _print_page_table(settings, wiki.name, ref.title)


# Runs the commands record (a `sidebot worker` process keeps one "worker" run); the scheduler's are its
# job names.
COMMAND_RUN_KINDS = ("patrol", "check", "demo", "worker")


def runs(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option(min=1, help="How many recent runs.")] = 20,
    kind: Annotated[
        str | None,
        typer.Option(
            help="Only this kind: recent, failed-verification, stale, onwiki, patrol, check, demo, worker."
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check", help="Exit 1 if the latest run of any kind failed or was partial (for monitoring)."
        ),
    ] = False,
) -> None:
    """List recent runs with their counts and errors (a run that died shows as interrupted), and when each
    kind of run last succeeded."""
    from sidebot.queue.runs import run_history
    from sidebot.scheduler.jobs import JOB_NAMES

    known = [*JOB_NAMES, *COMMAND_RUN_KINDS]
    if kind and kind not in known:
        raise fail(f"unknown kind {kind}: choose from {', '.join(known)}", 2)
    db = open_database(settings_of(ctx))
    with db.session() as session:
        history = run_history(session, kind, limit)
    db.dispose()
    rows, latest, last_ok = history.runs, history.latest, history.last_ok
    table = Table("id", "kind", "worker", "started (UTC)", "took", "status", "work", "errors")
    for run in rows:
        took = f"{(run.ended_at - run.started_at).total_seconds():.0f} s" if run.ended_at else "—"
        table.add_row(
            str(run.id),
            run.kind,
            run.worker or "—",
            run.started_at.strftime("%Y-%m-%d %H:%M:%S"),
            took,
            _status(run.status),
            _work(run.counts or {}),
            str(len(run.errors or [])),
        )
    console.print(table)
    for run in rows:
        for error in (run.errors or [])[:5]:
            console.print(
                f"run {run.id}: [red]{error.get('page') or '(run)'}[/red]: {error['error']}",
                highlight=False,
            )
    for run in latest:
        ok = last_ok.get(run.kind)
        console.print(
            f"{run.kind}: latest run {_status(run.status)}; last success "
            f"{ok.strftime('%Y-%m-%d %H:%M:%S') + ' UTC' if ok else 'never'}",
            highlight=False,
        )
    if check and any(run.status in ("failed", "partial") for run in latest):
        raise typer.Exit(1)


def _status(status: str) -> str:
    colour = {"ok": "green", "failed": "red", "partial": "red", "interrupted": "yellow"}.get(status)
    return f"[{colour}]{status}[/{colour}]" if colour else status


def _work(counts: dict) -> str:
    """The counts that matter for a run, whatever its kind (patrol or on-wiki update)."""
    labels = (
        ("pages_seen", "pages"),
        ("pages_checked", "checked"),
        ("pages_enqueued", "enqueued"),
        ("citations_scored", "scored"),
        ("findings_open", "opened"),
        ("findings_closed_page_gone", "closed (page gone)"),
        ("citations_removed", "citations gone"),
        ("citations_untagged", "tags removed"),
        ("pages_excluded", "pages excluded"),
        ("pages_saved", "pages saved"),
        ("pages_simulated", "pages simulated"),
        ("notices_posted", "notices"),
        ("notices_reconciled", "notices reconciled"),
        ("notices_refused", "notices declined"),
        ("notices_failed", "notices failed"),
    )
    parts = [f"{counts[key]} {label}" for key, label in labels if counts.get(key)]
    return ", ".join(parts) or "—"


@contextmanager
def failed_start(settings: Settings, kind: str, options: dict) -> Iterator[None]:
    """A wiki error before a run of ``kind`` has started (connecting, listing its pages) is said in one
    line and recorded as a failed run, so `sidebot runs --check` reports it as it reports a run that
    failed half way."""
    from sidebot.queue.runs import record_failed_run
    from sidebot.wiki.site import PageNotFoundError, WikiError

    try:
        yield
    except PageNotFoundError as exc:  # the wiki answered: a page asked for is not there
        raise fail(str(exc)) from exc
    except WikiError as exc:
        db = open_database(settings)
        with db.session() as session:
            run_id = record_failed_run(session, kind, _wiki_name(settings), options, str(exc)).id
        db.dispose()
        raise fail(f"run {run_id} failed: {exc}") from exc


def _wiki_name(settings: Settings) -> str:
    from sidebot.wiki.reader import PywikibotWiki

    return PywikibotWiki.name_in(settings)


def _connect(settings: Settings) -> PywikibotWiki:
    """The bot's reader of the wiki, once the wiki answers a plain request properly: a wiki failing from
    the start (HTTP 5xx, maxlag, no connection) raises WikiUnavailableError in words at once, before
    Pywikibot's retries fill the terminal with warnings and tracebacks."""
    from sidebot.wiki.health import diagnose
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import WikiUnavailableError, configured_api_url

    require_operator_contact(settings)
    import pywikibot  # configured by configured_api_url, called first by require_operator_contact

    # a patrol only reads: the wiki lags for it past Pywikibot's read limit, not the writes' (5 s)
    health = diagnose(configured_api_url(settings), maxlag=int(pywikibot.config.read_maxlag))
    if health.down and health.kind != "read-only":  # a read-only wiki can still be patrolled
        raise WikiUnavailableError(health.words)
    return PywikibotWiki.connect(settings)


def _page_refs(
    wiki: PywikibotWiki,
    settings: Settings,
    recent: int | None,
    since: datetime | None,
    failed: bool,
    titles: list[str],
    citation_needed: bool = False,
) -> list[PageRef]:
    """The pages to check from every requested source, each page once."""
    from sidebot.wiki import pages

    sources: list[Iterable[PageRef]] = []
    namespaces = settings.wiki.article_namespaces
    if recent or since:
        sources.append(pages.recent_changes(wiki.site, limit=recent, since=since, namespaces=namespaces))
    if failed:
        sources.append(
            pages.failed_verification(wiki.site, settings.wiki.failed_verification_template, namespaces)
        )
    if citation_needed:
        from sidebot.scheduler.jobs import citation_needed_templates

        sources.append(pages.citation_needed(wiki.site, citation_needed_templates(settings), namespaces))
    sources.extend([pages.single_page(wiki.site, t)] for t in titles)
    return list(pages.deduplicate(chain.from_iterable(sources)))


def _enqueue(settings: Settings, wiki: PywikibotWiki, refs: list[PageRef], options: dict) -> PatrolSummary:
    from sidebot.workers.enqueue import enqueue_pages
    from sidebot.workers.jobs import WorkersError

    db = open_database(settings)
    try:
        return enqueue_pages(
            settings, db, wiki.name, refs, "patrol", options, None, wiki.api_url, wiki.article_url
        )
    except WorkersError as exc:
        raise fail(str(exc), 2) from exc
    finally:
        db.dispose()


def run_patrol(
    settings: Settings, wiki: PywikibotWiki, refs: list[PageRef], kind: str, options: dict
) -> PatrolSummary:
    """Patrol ``refs`` with a progress bar, skipping what the on-wiki exclusion lists exclude; the run is
    recorded in the queue database."""
    from sidebot.cli.common import load_scorer
    from sidebot.onwiki.exclusions import load_exclusions
    from sidebot.patrol.loop import Patrol
    from sidebot.wiki.site import WikiError

    with failed_start(settings, kind, options):
        try:  # the on-wiki exclusion lists, as editors left them (none configured: nothing to read)
            exclusions = load_exclusions(wiki.site, settings.onwiki.exclusions)
        except WikiError as exc:
            raise WikiError(f"cannot read the exclusion lists: {exc}") from exc
    db = open_database(settings)
    patrol = Patrol(settings, db, wiki, load_scorer(settings), exclusions=exclusions)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[title]}"),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("patrol", total=len(refs), title="")
        summary = patrol.run(
            refs,
            kind,
            options,
            on_page=lambda ref: progress.update(task, advance=1, title=ref.title[:50]),
            resume_deferred=kind != "check",
        )
    db.dispose()
    return summary


def print_summary(summary: PatrolSummary) -> None:
    """Print a patrol run's outcome: pages and citations seen and checked, sources fetched by outcome, and the
    findings it opened, passed or left unverifiable."""
    c = summary.counts
    console.print(
        f"run {summary.run_id} {summary.status}: {c['pages_seen']} pages ({c['pages_checked']} checked, "
        f"{c['pages_unchanged']} unchanged, {c['pages_missing']} gone), {c['citations_seen']} citations "
        f"({c['citations_not_checkable']} without a URL), {c['citations_scored']} scored, "
        f"{c['sources_fetched']} sources fetched ({c['sources_cached']} from cache); findings: "
        f"{c['findings_open']} open, {c['findings_passed']} passed, {c['findings_unverifiable']} unverifiable"
    )
    outcomes = ", ".join(
        f"{n} {key.removeprefix('sources_')}"
        for key, n in sorted(c.items())
        if key.startswith("sources_") and key not in ("sources_fetched", "sources_cached") and n
    )
    if outcomes:
        console.print(f"sources: {outcomes}", highlight=False)
    if archived := _archive_summary(c):
        console.print(f"dead or non-content sources: {archived}", highlight=False)
    suggested, findings = c["suggestions_stored"], c["findings_with_suggestions"]
    console.print(f"suggested sources: {suggested} for {findings} findings")
    if c["needs_source_seen"] or c["needs_source_not_searched"]:
        console.print(
            f"claims tagged {{{{citation needed}}}}: {c['needs_source_with_suggestion']} with a verified "
            f"source (queued: needs a source), {c['needs_source_no_suggestion']} without one"
            + (f", {c['needs_source_not_searched']} not searched" if c["needs_source_not_searched"] else ""),
            highlight=False,
        )
    for note in summary.notes:
        console.print(f"note: {note}", highlight=False)
    for error in summary.errors:
        console.print(f"[red]error[/red] {error.get('page') or '(run)'}: {error['error']}", highlight=False)


def _archive_summary(c: Counter) -> str:
    """What became of the citations whose live source could not be read, in words ("" when none)."""
    parts = [
        f"{c[key]} {words}"
        for key, words in (
            ("archived_copies_read", "read from an archived copy"),
            ("archived_copies_unreadable", "with an archived copy that cannot be read"),
            ("archived_copies_none", "with no archived copy"),
        )
        if c[key]
    ]
    asked = [
        f"{c[key]} {words}"
        for key, words in (
            ("archive_lookups", "Wayback lookups"),
            ("archive_lookups_cached", "answered from cache"),
            ("archive_lookups_failed", "failed"),
            ("added_dates_read", "page histories read for the date a URL was added"),
            ("added_dates_failed", "unreadable"),
        )
        if c[key]
    ]
    return ", ".join(parts) + (f" ({', '.join(asked)})" if asked else "")


def _print_page_table(settings: Settings, wiki_name: str, title: str) -> None:
    from sidebot.queue.queries import page_citations
    from sidebot.queue.support import queue_reason

    db = open_database(settings)
    with db.session() as session:
        rows = page_citations(session, wiki_name, title)
    table = Table("#", "claim", "source", "support", "state", "best passage / reason", show_lines=True)
    for i, row in enumerate(rows, 1):
        queued = queue_reason(row.flag_reason, row.stance)
        detail = row.best_passage or row.reason or ""  # the part or fact not backed is in the support
        source = row.url or f"({row.kind})"
        if row.copy_kind and row.copy_kind != "live":
            copy = f"{row.copy_url} ({row.copy_date})" if row.copy_date else row.copy_url
            source += f"\nread from {row.copy_kind}: {copy}" if row.copy_url else f"\nno {row.copy_kind} copy"
        table.add_row(
            str(i),
            row.claim[-160:],
            source,
            "—" if row.state is None or row.best_passage is None else row.support.text,
            (row.state or "not checked")
            + (f" ({queued.label})" if queued else "")
            + (f"\n{row.band}" if row.band and row.state == "open" else ""),
            detail[:300],
        )
    console.print(f"[bold]{title}[/bold]: {len(rows)} citations")
    console.print(table)
    db.dispose()
