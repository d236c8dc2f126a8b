"""``sidebot serve``, ``sidebot sessions revoke``, ``sidebot bench ui`` for sidebot.cli.app."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from sidebot.cli.common import console, fail, open_database, settings_of, write_json

if TYPE_CHECKING:
    from sidebot.config import Settings, WebSettings
    from sidebot.queue.db import Database


def serve(
    ctx: typer.Context,
    host: Annotated[str | None, typer.Option(help="Address to listen on (default: [web] host).")] = None,
    port: Annotated[int | None, typer.Option(min=1, max=65535, help="Port (default: [web] port).")] = None,
) -> None:
    """Start the review web app (queue list, item cards, decisions, leaderboard, JSON API) on the queue."""
    import logging

    import uvicorn

    from sidebot.patrol.precheck import EditCheck
    from sidebot.web.app import create_app
    from sidebot.web.settings import WebConfigError, public_url, web_settings

    settings = settings_of(ctx)
    web = web_settings(settings).model_copy(update={k: v for k, v in (("host", host), ("port", port)) if v})
    if not _port_free(web.host, web.port):
        raise fail(f"{web.host}:{web.port} is in use: choose another with --port", 2)
    try:
        db = open_database(settings)
        app = create_app(settings, db, web, EditCheck(settings, db))  # the verifier loads on the first check
    except WebConfigError as exc:
        raise fail(str(exc), 2) from exc
    console.print(
        f"sidebot review UI: [bold]{public_url(web)}[/bold]  (JSON API: {public_url(web)}/api; "
        "Ctrl+C stops it)",
        soft_wrap=True,
    )
    console.print(_banner(settings, web, db), highlight=False, soft_wrap=True)
    logging.getLogger("sidebot.web.login").setLevel(logging.INFO)  # every login attempt, for the operator
    # The app reads X-Forwarded-For itself, from [web] trusted_proxies only (sidebot.web.app.create_app).
    uvicorn.run(app, host=web.host, port=web.port, log_level="warning", proxy_headers=False)


def revoke_sessions(
    ctx: typer.Context,
    user: Annotated[str, typer.Argument(help="The wiki username whose review UI sessions end.")],
    wiki: Annotated[
        str | None, typer.Option(help="Only sessions whose login this wiki checked (default: all).")
    ] = None,
) -> None:
    """End a user's review UI sessions now (a stolen cookie stops working at its next request)."""
    from sidebot.web.sessions import revoke

    ended = revoke(open_database(settings_of(ctx)), user, wiki)
    console.print(f"ended {ended} session{'s' if ended != 1 else ''} of {user}")


def bench_ui(
    findings: Annotated[int, typer.Option(min=100, help="Findings to fill each database with.")] = 100_000,
    repeats: Annotated[int, typer.Option(min=5, help="Timed requests per scenario.")] = 40,
    backend: Annotated[list[str] | None, typer.Option(help="sqlite and/or postgres (default: both).")] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the figures to this file.")
    ] = None,
) -> None:
    """Time the queue list page (p50/p95) with a large queue on SQLite and PostgreSQL; goal p95 < 200 ms."""
    from sidebot.bench.web import run_benchmark

    backends = backend or ["sqlite", "postgres"]
    unknown = set(backends) - {"sqlite", "postgres"}
    if unknown:
        raise fail(f"unknown backend {', '.join(sorted(unknown))}: choose sqlite or postgres", 2)
    results = run_benchmark(backends, findings, repeats, progress=lambda m: console.print(m, highlight=False))
    report = []
    for result in results:
        table = Table(
            "scenario",
            "p50 ms",
            "p95 ms",
            "max ms",
            title=f"{result.backend}: {result.findings:,} findings (filled in {result.fill_seconds:.0f} s)",
        )
        for timing in [*result.timings, result.overall]:
            row = timing.row()
            table.add_row(str(row["scenario"]), str(row["p50_ms"]), str(row["p95_ms"]), str(row["max_ms"]))
        console.print(table)
        report.append(
            {
                "backend": result.backend,
                "findings": result.findings,
                "fill_seconds": result.fill_seconds,
                "scenarios": [t.row() for t in result.timings],
                "overall": result.overall.row(),
            }
        )
    write_json(json_out, report)


def bench_check(
    ctx: typer.Context,
    count: Annotated[
        int, typer.Option(min=5, help="Citations checked (one per request), each twice (at most 71).")
    ] = 30,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the figures to this file.")
    ] = None,
) -> None:
    """Time POST /api/check (p50/p95) for a new URL and for a cached one, on the demo's sources."""
    from sidebot.bench.check import run_check_benchmark

    try:
        result = run_check_benchmark(
            settings_of(ctx), count, progress=lambda m: console.print(m, highlight=False)
        )
    except ValueError as exc:
        raise fail(str(exc), 2) from exc
    table = Table(
        "source", "n", "p50 ms", "p95 ms", "max ms", title="POST /api/check, one citation a request"
    )
    for timing in (result.new_url, result.cached):
        row = timing.row()
        table.add_row(
            str(row["scenario"]), str(row["n"]), str(row["p50_ms"]), str(row["p95_ms"]), str(row["max_ms"])
        )
    console.print(table)
    console.print(
        f"first check (verifier loading): {result.load_seconds:.1f} s; answers: {result.states}; "
        f"second pass from the source cache: {result.from_cache}/{count}"
    )
    write_json(
        json_out,
        {
            "new_url": result.new_url.row(),
            "cached": result.cached.row(),
            "load_seconds": result.load_seconds,
            "states": result.states,
            "from_cache": result.from_cache,
        },
    )


def _banner(settings: Settings, web: WebSettings, db: Database) -> str:
    """Which wiki people log in to and which queue is served, so nobody wonders whose queue this is."""
    from sidebot.queue.addresses import parse
    from sidebot.queue.wikis import login_wiki

    name, api_url = login_wiki(db, settings.wiki.name)
    if web.auth == "oauth":
        login = f"log in with a wiki account through OAuth at {web.oauth_rest_url}"
    elif web.login_api_url or api_url:
        login = f"log in with an account of wiki {name or '?'} ({web.login_api_url or api_url})"
    else:
        login = f"no wiki to log in to yet: the queue does not know wiki {settings.wiki.name!r}"
    config = f"config {settings.source_file}" if settings.source_file else "built-in defaults"
    return f"queue database {parse(db.url).shown}; {login}; {config}"


def _port_free(host: str, port: int) -> bool:
    """Whether uvicorn could listen there now. SO_REUSEADDR as uvicorn sets it: sockets of a stopped server
    lingering in TIME_WAIT do not make the port busy."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True
