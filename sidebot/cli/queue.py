"""`sidebot queue …`: look at the review queue."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated
from urllib.parse import urlsplit

import typer
from rich.table import Table
from rich.text import Text

from sidebot.cli.common import console, fail, open_database, settings_of
from sidebot.config import Settings

if TYPE_CHECKING:
    from sidebot.queue.finding_row import FindingRow
    from sidebot.queue.lead import Wording

WIDE = 120  # terminal columns from which each field has its column and the source is shown as its URL
STATE_HELP = (
    "States to list (repeatable): open, passed, unverifiable, reviewed, stale, fixed; 'all' for every state."
)

REASON_HELP = (
    "Only findings in the queue for this reason: tagged, changed-fact, copies-wikipedia, fact-contradicted, "
    "contradicts, partial, fact-missing, low-support, needs-source (claims tagged {{citation needed}})."
)

TOPIC_HELP = (
    "Only pages of a topic: category:NAME (with --depth), project:NAME (articles whose talk page carries "
    "{{WikiProject NAME}}) or list:FILE (a PetScan or PagePile export: one title a line, CSV or JSON)."
)


def list_findings(
    ctx: typer.Context,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print JSON (the listed findings, with their suggestions) instead of a table."
        ),
    ] = False,
    state: Annotated[list[str] | None, typer.Option("--state", "-s", help=STATE_HELP)] = None,
    wiki: Annotated[str | None, typer.Option(help="Only this wiki (its configured name).")] = None,
    article: Annotated[str | None, typer.Option(help="Only this article title.")] = None,
    reason: Annotated[str | None, typer.Option(help=REASON_HELP)] = None,
    limit: Annotated[int, typer.Option(min=1)] = 100,
    offset: Annotated[int, typer.Option(min=0)] = 0,
    sort: Annotated[
        str,
        typer.Option(
            help="support: changed facts first, then least supported first; priority: highest priority "
            "first (living people, page views, tag age, reason: `sidebot queue prioritize`)."
        ),
    ] = "support",
    topic: Annotated[str | None, typer.Option(help=TOPIC_HELP)] = None,
    depth: Annotated[int, typer.Option(min=0, max=10, help="Subcategory levels of a category topic.")] = 0,
) -> None:
    """List findings, least supported first (default: the open ones)."""
    from sidebot.queue.listing import Sort
    from sidebot.queue.models import FindingState
    from sidebot.queue.queries import count_by_state
    from sidebot.queue.queries import list_findings as query
    from sidebot.queue.support import ReasonKind

    if sort not in {s.value for s in Sort}:
        raise fail(f"unknown sort {sort}: choose from {', '.join(s.value for s in Sort)}", 2)
    known = [s.value for s in FindingState]
    unknown = sorted(set(state or []) - {*known, "all"})
    if unknown:
        raise fail(f"unknown state {', '.join(unknown)}: choose from {', '.join(known)} or all", 2)
    reasons = {kind.value.replace("_", "-"): kind for kind in ReasonKind}
    if reason is not None and reason.replace("_", "-") not in reasons:
        raise fail(f"unknown reason {reason}: choose from {', '.join(reasons)}", 2)
    kind = reasons[reason.replace("_", "-")] if reason is not None else None
    states = None if state and "all" in state else (state or ["open"])
    settings = settings_of(ctx)
    titles = topic_titles(settings, topic, depth) if topic else None
    db = open_database(settings)
    with db.session() as session:
        rows = query(
            session,
            states=states,
            wiki=wiki,
            article=article,
            limit=limit,
            offset=offset,
            reason=kind,
            sort=Sort(sort),
            titles=titles,
        )
        counts = count_by_state(session, wiki)
    if as_json:
        print(
            json.dumps(
                {"counts": counts, "findings": [r.to_json() for r in rows]}, ensure_ascii=False, indent=1
            )
        )
        return
    if not counts:
        console.print("The queue is empty: no article has been checked yet (run `sidebot patrol --once`).")
        return
    console.print(_table(rows, with_state=states is None or len(states) > 1))
    console.print("findings by state: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


def show_finding(
    ctx: typer.Context,
    finding_id: Annotated[int, typer.Argument(metavar="ID", help="The finding's id (`queue list`).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the finding as `queue list --json` does.")
    ] = False,
) -> None:
    """Show one finding as its card words it: what fails first, then the support, the reason, the source."""
    from sidebot.queue.cards import card_row

    db = open_database(settings_of(ctx))
    with db.session() as session:
        card = card_row(session, finding_id)
    if card is None:
        raise fail(f"no finding {finding_id} in the queue", 1)
    row = card.row
    if as_json:
        print(json.dumps(row.to_json(), ensure_ascii=False, indent=1))
        return
    said = row.wording
    head = Text(f"#{row.id} {row.article}", style="bold")
    head.append(f" ({row.state})", style="")
    console.print(head)
    console.print(Text(f"claim: {row.claim}"))
    for line in said.fails:
        console.print(Text(line, style="bold red"))
    console.print(Text(f"support: {said.support}" + (f" · {row.band}" if row.band else "")))
    if row.reason:
        console.print(Text(f"in the queue because: {row.reason}"))
    cited = "no citation" if _unsourced(row) else (row.url or "—")
    console.print(Text(f"source: {cited}" + (f" ({row.source_title})" if row.source_title else "")))


def prioritize(
    ctx: typer.Context,
    pageviews: Annotated[
        str | None,
        typer.Option(
            help="A Wikimedia pageview dump (path or http(s) URL, plain or .gz); default: "
            "[priority] pageviews."
        ),
    ] = None,
    offline: Annotated[
        bool,
        typer.Option("--offline", help="Do not ask the wiki (keep the stored categories and protection)."),
    ] = False,
) -> None:
    """Work out the open findings' priority: read from the wiki which pages are biographies of living people
    and how they are protected, and from the pageview dump how often they are read."""
    from sidebot.datasets.pageviews import PageviewFormatError
    from sidebot.patrol.page_priority import refresh_page_priority
    from sidebot.sources.download import DownloadError
    from sidebot.wiki.site import WikiError

    settings = settings_of(ctx)
    wiki = None if offline else _connect(settings)
    db = open_database(settings)
    try:
        done = refresh_page_priority(settings, db, wiki, pageviews)
    except (OSError, PageviewFormatError, DownloadError, WikiError) as exc:
        raise fail(f"cannot work out the priorities: {exc}") from exc
    finally:
        db.dispose()
    console.print(
        f"pages with open findings: {done.pages} (living people {done.living}, edit-protected "
        f"{done.protected}, in the pageview dump {done.with_views}); priorities changed: {done.findings}",
        highlight=False,
        soft_wrap=True,
    )


def topic_titles(settings: Settings, topic: str, depth: int = 0) -> frozenset[str]:
    """The pages of ``--topic`` (see TOPIC_HELP), asked of the wiki or read from the file."""
    from sidebot.datasets.title_lists import TitleListError, read_title_list
    from sidebot.wiki.page_facts import category_articles, project_articles
    from sidebot.wiki.site import WikiError, connect

    kind, _, name = topic.partition(":")
    kind = kind.strip().lower()
    if not name.strip() or kind not in ("category", "project", "list"):
        raise fail(f"unknown topic {topic!r}: write category:NAME, project:NAME or list:FILE", 2)
    try:
        if kind == "list":
            return frozenset(read_title_list(Path(name.strip()).expanduser()))
        site = connect(settings, login=False)
        if kind == "category":
            return frozenset(category_articles(site, name.strip(), depth))
        return frozenset(project_articles(site, name.strip()))
    except (OSError, TitleListError, WikiError) as exc:
        raise fail(f"cannot read the topic {topic!r}: {exc}") from exc


def _connect(settings: Settings):  # -> PywikibotWiki
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import WikiError

    try:
        return PywikibotWiki.connect(settings)
    except WikiError as exc:
        raise fail(str(exc)) from exc


def _table(rows: list[FindingRow], with_state: bool) -> Table:
    """The findings as a table for the terminal's width. From ``WIDE`` columns: one column per field, the
    support as every view words it (what fails, then the support: :mod:`sidebot.queue.lead`). Narrower (80
    columns): the article above its claim and what fails in one column, the figures each named for what it
    measures, the source as its site and page, and the state (when more than one is listed) before the
    reason."""
    if console.width >= WIDE:
        table = Table("id", "article", "claim", "source", "support", "reason", "state")
        for r in rows:
            url = _cut(r.url or "", 45) if not _unsourced(r) else _suggested(r, lambda u: _cut(u, 45))
            support = r.support + (f" · {r.band}" if r.band else "")
            reason = (r.reason or "—") + (f"\n{r.priority_note}" if r.priority_note else "")
            cells = (r.article, _cut(r.claim, 70), url, support, reason, r.state)
            table.add_row(str(r.id), *(Text(c) for c in cells))  # Text: a claim's "[…]" is no markup
        return table
    table = Table(show_lines=True)
    table.add_column("id", no_wrap=True)
    table.add_column("article: claim", overflow="fold")
    table.add_column("source", overflow="fold")  # the site and page, on two lines if need be
    table.add_column("support", no_wrap=True)
    table.add_column("state: reason" if with_state else "reason", overflow="fold")
    for r in rows:
        said = r.wording
        finding = Text(r.article, style="bold")
        finding.append(f"\n{_cut(r.claim, 90)}", style="")
        for line in said.fails:
            finding.append(f"\n{line}", style="bold red")
        reason = f"{r.state}: {r.reason or '—'}" if with_state else r.reason or "—"
        reason += f"\n{r.priority_note}" if r.priority_note else ""
        source = source_label(r.url) if not _unsourced(r) else "no citation"
        table.add_row(str(r.id), finding, Text(source), _short_support(r, said), Text(reason))
    return table


def _short_support(row: FindingRow, said: Wording) -> str:
    """The support in a narrow column: each figure named for what it measures ("backs whole: 24 %", "backs
    part: 93 %"), no "backs part" where the source backs none of the claim's facts, then the band."""
    from sidebot.queue.support import percent

    if _unsourced(row):
        lines = ["suggested" if row.suggestions else "none found"]
    elif row.probability is None:
        lines = ["not measured"]
    else:
        lines = (
            [f"backs whole: {percent(row.every_part_probability)}"]
            if row.every_part_probability is not None
            else []
        )
        lines.append("backs no fact" if said.backs_nothing else f"backs part: {percent(row.probability)}")
        lines += ["only part"] if said.partly else []
    return "\n".join(lines + ([row.band] if row.band else []))


def _unsourced(row: object) -> bool:
    return getattr(row, "kind", "") == "needs-source"


def _suggested(row: object, label: Callable[[str], str]) -> str:
    """The source column of a claim tagged {{citation needed}}: none cited, the first suggestion."""
    suggestions = getattr(row, "suggestions", [])
    return "no citation" + (f"; suggested: {label(suggestions[0]['url'])}" if suggestions else "")


def source_label(url: str | None) -> str:
    """A cited address in a narrow column: its site and the last part of its path, which tell sources
    apart ("nytimes.com/…/review.html"), where the start of the URL ("http://12…") would not."""
    if not url:
        return "—"
    parts = urlsplit(url)
    if not parts.netloc:
        return _cut(url, 40)
    host = parts.netloc.removeprefix("www.")
    segments = [s for s in parts.path.split("/") if s]
    if not segments:
        return host
    tail = segments[-1] + (f"?{parts.query}" if parts.query else "")
    return _cut(f"{host}/{'…/' if len(segments) > 1 else ''}{tail}", 40)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
