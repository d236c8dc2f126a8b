"""`sidebot queue …`: look at the review queue."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from sidebot.cli.common import console, fail, open_database, settings_of

STATE_HELP = (
    "States to list (repeatable): open, passed, unverifiable, reviewed, stale, fixed; 'all' for every state."
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
    limit: Annotated[int, typer.Option(min=1)] = 100,
    offset: Annotated[int, typer.Option(min=0)] = 0,
) -> None:
    """List findings, least supported first (default: the open ones)."""
    from sidebot.queue.models import FindingState
    from sidebot.queue.queries import count_by_state
    from sidebot.queue.queries import list_findings as query

    known = [s.value for s in FindingState]
    unknown = sorted(set(state or []) - {*known, "all"})
    if unknown:
        raise fail(f"unknown state {', '.join(unknown)}: choose from {', '.join(known)} or all", 2)
    states = None if state and "all" in state else (state or ["open"])
    db = open_database(settings_of(ctx))
    with db.session() as session:
        rows = query(session, states=states, wiki=wiki, article=article, limit=limit, offset=offset)
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
    table = Table("id", "article", "claim", "source", "support", "reason", "state", show_lines=False)
    for r in rows:
        table.add_row(
            str(r.id),
            r.article,
            _cut(r.claim, 70),
            _cut(r.url or "", 45),
            r.support + (f" · {r.band}" if r.band else ""),
            r.reason or "—",
            r.state,
        )
    console.print(table)
    console.print("findings by state: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
