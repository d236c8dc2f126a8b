"""`sidebot demo`: the main job on a local sandbox — wiki, demo articles, their sources, a retrieval corpus, a
patrol, a queue with suggested sources."""

from __future__ import annotations

import time
from collections import Counter
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from sidebot.cli.common import console, fail, settings_of
from sidebot.cli.patrol import print_summary, run_patrol
from sidebot.config import RetrieveSettings, Settings, load_settings

if TYPE_CHECKING:
    from sidebot.queue.finding_row import FindingRow


def demo(ctx: typer.Context) -> None:
    """Start the local wiki with real demo articles and their sources, index a retrieval corpus, patrol the
    wiki, fill the review queue (weak citations get suggested sources)."""
    from sidebot.sandbox import sandbox
    from sidebot.sandbox.testwiki import TestWikiError
    from sidebot.wiki import pages
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import WikiError

    settings = settings_of(ctx)
    started = time.monotonic()
    console.print(
        "[bold]1/4[/bold] starting the local wiki and the source server, importing the demo articles…"
    )
    try:
        info = sandbox.up(settings.home / "testwiki", database_url=settings.database_url)
    except TestWikiError as exc:
        raise fail(str(exc)) from exc
    console.print(
        f"    wiki {info['index_url']} · sources {info['sources_url']} · {time.monotonic() - started:.0f} s"
    )
    # The patrol runs with the wiki's config, but finds better sources in this home's retrieval folder.
    folder = settings.retrieve.resolved_folder(settings.home)
    wiki_settings = load_settings(info["config_path"])
    wiki_settings = wiki_settings.model_copy(
        update={"retrieve": settings.retrieve.model_copy(update={"folder": folder})}
    )
    _build_corpus(folder, info["sources_url"], settings.retrieve)
    try:
        wiki = PywikibotWiki.connect(wiki_settings)
        refs = list(
            pages.deduplicate(
                chain(
                    pages.recent_changes(
                        wiki.site, limit=None, namespaces=wiki_settings.wiki.article_namespaces
                    ),
                    pages.failed_verification(wiki.site, wiki_settings.wiki.failed_verification_template),
                )
            )
        )
    except WikiError as exc:
        raise fail(str(exc)) from exc
    console.print(
        f"[bold]3/4[/bold] patrolling {len(refs)} articles (recent changes + {{{{Failed verification}}}})…"
    )
    summary = run_patrol(wiki_settings, wiki, refs, "demo", {"recent": None, "failed_verification": True})
    print_summary(summary)
    _prioritize(wiki_settings, wiki)
    console.print("[bold]4/4[/bold] the review queue")
    _print_demo_outcome(wiki_settings, wiki.name, info["sources_url"])
    _print_next_steps(settings, info, time.monotonic() - started)
    if summary.status != "ok":
        raise typer.Exit(1)


def _prioritize(settings: Settings, wiki) -> None:  # wiki: PywikibotWiki
    """The queue's order from the demo's (illustrative) page views and the wiki's living-people category."""
    from sidebot.cli.common import open_database
    from sidebot.patrol.page_priority import refresh_page_priority

    db = open_database(settings)
    try:
        done = refresh_page_priority(settings, db, wiki)
    finally:
        db.dispose()
    console.print(
        f"    priority: {done.living} of {done.pages} pages with open findings are biographies of living "
        f"people, {done.with_views} have page views (illustrative)",
        highlight=False,
    )


def _print_next_steps(settings: Settings, info: dict, seconds: float) -> None:
    """The closing lines: what to run next, and the account to review with (it added no demo citation, so
    it may review them all; the sandbox's passwords are local and random, readable by you only)."""
    from sidebot.sandbox.testwiki import credentials
    from sidebot.web.settings import public_url

    reviewer = credentials(Path(info["state_dir"]))["reviewer"]
    console.print(
        f"done in {seconds:.0f} s. Next: [bold]sidebot queue list[/bold] (or --json), or "
        f"[bold]sidebot serve[/bold] for the review UI at {public_url(settings.web)}.",
        highlight=False,
    )
    console.print(
        f"To review, log in as [bold]{reviewer.username}[/bold] with password [bold]{reviewer.password}"
        f"[/bold] (all accounts: {info['state_dir']}/accounts.json). Commands without --config now use "
        f"the demo's config ({info['config_path']}); the wiki stays up until "
        "[bold]sidebot testwiki down[/bold].",
        highlight=False,
    )


def _build_corpus(folder: Path, sources_url: str, settings: RetrieveSettings) -> None:
    """The demo corpus (the demo's sources at the URLs the articles cite, plus distractors) and its indexes,
    built once: a later demo with the same content skips this."""
    from sidebot.cli.retrieve import progress_bars
    from sidebot.sandbox.demo_corpus import build_demo_corpus

    started = time.monotonic()
    console.print(f"[bold]2/4[/bold] the retrieval corpus in {folder}…")
    with progress_bars() as progress:
        report = build_demo_corpus(folder, sources_url, settings, progress)
    if report.skipped:
        console.print("    already built for these sources")
        return
    assert report.sources and report.distractors and report.sparse and report.dense
    console.print(
        f"    {report.sources.added + report.sources.unchanged} demo sources + "
        f"{report.distractors.added + report.distractors.unchanged} distractors; "
        f"{report.sparse.indexed} passages indexed in {time.monotonic() - started:.0f} s"
    )


def _print_demo_outcome(settings: Settings, wiki_name: str, sources_url: str) -> None:
    """Findings by state, and — because the demo claims carry WiCE's human labels — how the queue's verdicts
    line up with them (a sanity view of the demo, not an evaluation: see `sidebot eval verify`)."""
    from sidebot.cli.common import open_database
    from sidebot.queue.queries import count_by_state, list_findings
    from sidebot.sandbox.demo_content import demo_sources

    labels = {f"{sources_url}/wice/{s.id}": s.label for s in demo_sources()}
    db = open_database(settings)
    with db.session() as session:
        counts = count_by_state(session, wiki_name)
        rows = list_findings(
            session, states=["open", "passed", "unverifiable"], wiki=wiki_name, limit=100_000
        )
    db.dispose()
    console.print("findings: " + ", ".join(f"{state} {n}" for state, n in sorted(counts.items())))
    by_label: dict[str, Counter] = {}
    for row in rows:
        if row.url in labels:
            by_label.setdefault(labels[row.url], Counter())[_outcome(row)] += 1
    table = Table(
        "WiCE label of the demo claim",
        "queued by the model",
        "queued: tagged by editors",
        "passed",
        "unverifiable",
    )
    for label in ("not_supported", "partially_supported", "supported"):
        c = by_label.get(label, Counter())
        table.add_row(label, str(c["model"]), str(c["tagged"]), str(c["passed"]), str(c["unverifiable"]))
    console.print(table)
    _print_extras(rows, sources_url)
    _print_archived([row for row in rows if row.kind != "needs-source"])  # claims that cite nothing


def _print_extras(rows: list[FindingRow], sources_url: str) -> None:
    """What became of the citations the demo adds or moves (sidebot.sandbox.demo_extras): a Wikipedia mirror
    is queued as a copy of Wikipedia, a paywall is unverifiable, not "low support", and the page that moved is
    unverifiable, with the page at its new address suggested."""
    from sidebot.citations.citations import NEEDS_SOURCE
    from sidebot.sandbox.demo_extras import EXTRAS, MOVED

    by_url = {row.url: row for row in rows}
    for extra in EXTRAS:
        row = by_url.get(sources_url + extra.path)
        if row is None:
            continue
        why = row.reason or row.flag_reason or ""
        console.print(
            f"the {extra.kind} cited in {extra.article!r}: {row.state}" + (f" ({why})" if why else ""),
            highlight=False,
        )
    needs = [row for row in rows if row.kind == NEEDS_SOURCE]
    if needs:
        queued = [row for row in needs if row.state == "open"]
        console.print(
            f"claims tagged {{{{citation needed}}}}: {len(queued)} with a verified source (queued: needs a "
            f"source), {len(needs) - len(queued)} without one (counted, not queued)",
            highlight=False,
        )
    row = by_url.get(sources_url + MOVED.old_path)
    if row is not None:
        suggested = ", ".join(s["url"] for s in row.suggestions) or "nothing"
        moved_why = row.reason or row.flag_reason
        console.print(
            f"the page that moved, cited in {MOVED.article!r}: {row.state} ({moved_why}); "
            f"suggested: {suggested}",
            highlight=False,
        )


def _print_archived(rows: list[FindingRow]) -> None:
    """How many unverifiable citations name an archived copy (archive-url) that a production patrol reads
    instead of the dead link. The demo tries them too, but archive hosts, like the live sources of the real
    articles, cannot be reached from the sandbox; neither can the Wayback availability API (turned off in
    the sandbox's config), so citations without archive-url were not looked up."""
    unverifiable = [r for r in rows if r.state == "unverifiable"]
    named = [r for r in unverifiable if r.archive_url]
    read = sum(1 for r in rows if r.copy_kind in ("archive-url", "wayback") and r.score is not None)
    console.print(
        f"archived copies: {len(named)} of the {len(unverifiable)} unverifiable citations carry an archived "
        f"copy (archive-url) that production would read instead of the dead link ({read} read here); the "
        "archive hosts and the Wayback availability API cannot be reached from this sandbox, so the other "
        f"{len(unverifiable) - len(named)} were not looked up in the Wayback Machine",
        highlight=False,
    )


def _outcome(row: FindingRow) -> str:
    """A demo finding's column: queued because the verifier scored it low ("model"), queued because editors
    had tagged it {{failed verification}} ("tagged": the model did not decide it), passed or unverifiable."""
    from sidebot.queue.support import ReasonKind, queue_reason

    if row.state != "open":
        return row.state
    reason = queue_reason(row.flag_reason, row.stance)
    return "tagged" if reason and reason.kind is ReasonKind.TAGGED else "model"
