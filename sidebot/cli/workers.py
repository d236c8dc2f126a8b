"""`sidebot worker`, `sidebot backfill`, `sidebot bench workers`: scale-out on a shared PostgreSQL queue."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli.common import (
    console,
    fail,
    load_scorer,
    open_database,
    require_operator_contact,
    settings_of,
    write_json,
)


def worker(
    ctx: typer.Context,
    name: Annotated[
        str | None, typer.Option(help="This worker's name in `sidebot runs` (default host:pid).")
    ] = None,
    burst: Annotated[
        bool, typer.Option("--burst", help="Exit when the queue is empty instead of waiting for jobs.")
    ] = False,
) -> None:
    """Take page jobs from the PostgreSQL queue and check the pages, until SIGTERM or Ctrl-C (the page in
    hand is finished first). Start one per CPU core, on as many machines as you like."""
    from sidebot.workers.jobs import WorkersError, conninfo
    from sidebot.workers.outage import DatabaseGone, stop_on_signals
    from sidebot.workers.worker import run_worker

    settings = settings_of(ctx)
    try:
        conninfo(settings)
    except WorkersError as exc:
        raise fail(str(exc), 2) from exc
    require_operator_contact(settings)
    _one_core_each(settings.verify.threads)
    stop = threading.Event()
    with stop_on_signals(stop):  # a SIGTERM while the model and the wiki load stops the worker, not kills it
        db = open_database(settings)
        wiki = _connect(settings)
        scorer = load_scorer(settings)
        who = name or "host:pid"
        console.print(f"worker {who} taking {wiki.name} page jobs (SIGTERM or Ctrl-C stops it)")
        try:
            summary = run_worker(settings, db, wiki, scorer, name=name, burst=burst, stop=stop)
        except DatabaseGone as exc:
            raise fail(str(exc), 2) from exc
        finally:
            db.dispose()
    c = summary.counts
    console.print(
        f"worker run {summary.run_id} {summary.status}: {c['jobs_done']} jobs, {c['pages_checked']} pages "
        f"checked, {c['citations_scored']} citations scored, {c['page_texts_fetched']} page texts fetched"
    )


def backfill(
    ctx: typer.Context,
    dump: Annotated[Path, typer.Option("--dump", help="A MediaWiki XML dump (.xml, .xml.bz2 or .xml.gz).")],
    limit: Annotated[int | None, typer.Option(min=1, help="Enqueue at most this many articles now.")] = None,
    restart: Annotated[bool, typer.Option("--restart", help="Start over instead of resuming.")] = False,
) -> None:
    """Enqueue every article of a dump with its text for the workers (no API call per page). Stop it any
    time: the next call resumes after the last article it enqueued."""
    from sidebot.workers.backfill import DumpError
    from sidebot.workers.backfill import backfill as run_backfill
    from sidebot.workers.jobs import WorkersError, conninfo

    settings = settings_of(ctx)
    try:
        conninfo(settings)
    except WorkersError as exc:
        raise fail(str(exc), 2) from exc
    wiki_name = settings.wiki.name or f"{settings.wiki.family}:{settings.wiki.code}"
    db = open_database(settings)
    try:
        summary = run_backfill(settings, db, wiki_name, dump, limit=limit, restart=restart)
    except DumpError as exc:
        raise fail(str(exc), 2) from exc
    finally:
        db.dispose()
    resumed = f" (resumed after page id {summary.resumed_after})" if summary.resumed_after else ""
    console.print(
        f"{summary.dump}{resumed}: {summary.articles} articles read, {summary.enqueued} enqueued, "
        f"{summary.already_queued} already waiting; "
        + ("dump finished" if summary.finished else "stopped before the end: run again to resume"),
        highlight=False,
        soft_wrap=True,
    )


def bench_workers(
    ctx: typer.Context,
    workers: Annotated[
        list[int] | None, typer.Option("--workers", min=1, help="Worker counts to time.")
    ] = None,
    pages: Annotated[int, typer.Option(min=1, help="Pages per timing (the demo wiki has 71).")] = 71,
    state_dir: Annotated[
        Path | None, typer.Option(help="The sandbox wiki's folder (default: a temporary one).")
    ] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures here too.")] = None,
    verifier_server: Annotated[
        bool,
        typer.Option(
            "--verifier-server",
            help="Also time each worker count with the workers sending citations to one `sidebot "
            "serve-verifier` instead of each loading the model (side by side, in the same run).",
        ),
    ] = False,
    loopback_only: Annotated[
        bool,
        typer.Option(
            "--loopback-sources-only",
            help="Time only the demo's WiCE articles, whose sources are on loopback (the real articles' "
            "sources are hosts this sandbox cannot resolve: their DNS waits are not the patrol's cost).",
        ),
    ] = False,
    rounds: Annotated[
        int,
        typer.Option(
            min=1, help="Time the worker counts this many times in turn and report the median speed-ups."
        ),
    ] = 1,
    feed: Annotated[
        bool,
        typer.Option(
            "--feed",
            help="Also time each worker count with the corpus feed on (recording, then `sidebot index "
            "update`): CPU per page checked with and without it.",
        ),
    ] = False,
) -> None:
    """Pages per minute with 1, 2 and 4 workers on the local wiki (sources on loopback) and a fresh
    PostgreSQL, and the duplicates left after a worker is killed with SIGKILL half way (must be 0)."""

    from sidebot.bench.workers import run_bench

    report = run_bench(
        settings_of(ctx),
        workers or [1, 2, 4],
        pages,
        state_dir,
        progress=console.print,
        verifier_server=verifier_server,
        loopback_only=loopback_only,
        rounds=rounds,
        feed=feed,
    )
    for row in report["timings"]:
        console.print(
            f"{row['workers']} worker(s){', corpus feed on' if row['feed'] else ''}: "
            f"{row['pages']} pages in {row['seconds']:.1f} s = "
            f"{row['pages_per_minute']:.1f} pages/min ({row['speedup']:.2f}x one worker), "
            f"{row['citations_scored']} citations scored, verifier ({row['verifier']}) "
            f"{row['verify_seconds']:.0f} s; "
            f"load average before {row['load_before']:.2f}",
            highlight=False,
            soft_wrap=True,
        )
        spent = row["cpu_seconds"].items()
        cpu = ", ".join(f"{kind} {seconds:.0f} s" for kind, seconds in spent if kind != "machine_busy")
        console.print(
            f"  CPU: {row['cores_busy']:.2f} of {report['cpus']} cores busy on average; {cpu}",
            highlight=False,
            soft_wrap=True,
        )
    if report["rounds"] > 1:
        for row in report["median_speedups"]:
            speedups = ", ".join(f"{v:.2f}x" for v in row["rounds"])
            console.print(
                f"median over {report['rounds']} rounds, {row['workers']} worker(s), "
                f"feed {'on' if row['feed'] else 'off'}, verifier "
                f"{row['verifier']}: {row['median']:.2f}x one worker (rounds: {speedups})",
                highlight=False,
                soft_wrap=True,
            )
    for row in report["feed_costs"]:
        console.print(
            f"corpus feed, {row['workers']} worker(s), round {row['round'] + 1}: CPU per page checked "
            f"(workers + PostgreSQL) {row['cpu_per_page_off']:.3f} s off, {row['cpu_per_page_on']:.3f} s on, "
            f"+ indexer {row['indexer_cpu_per_page']:.3f} s = {row['extra']:+.1%} "
            f"(recording alone {row['extra_recording_only']:+.1%}); {row['cited_sources_recorded']} sources "
            f"recorded, {row['passages_indexed']} passages indexed; the indexer's start (JVM, model) "
            f"{row['indexer_startup_cpu_seconds']:.1f} s CPU once per process",
            highlight=False,
            soft_wrap=True,
        )
    kill = report["kill"]
    console.print(
        f"kill -9 of a worker half way: {kill['duplicates']} duplicated findings, {kill['pages_checked']} of "
        f"{kill['pages']} pages checked, job retried by another worker: {kill['retried']}; findings "
        f"{kill['findings']} (one worker alone: {kill['findings_one_worker']})",
        highlight=False,
        soft_wrap=True,
    )
    write_json(json_out, report)


def _one_core_each(threads: int) -> None:
    """Workers sharing a machine, each with ``[verify] threads`` torch threads: before torch loads, keep the
    libraries that start their own threads within them (the tokenizer's Rust thread pool sizes itself to
    every core; idle OpenMP threads spin on cores a neighbour needs). Values set by the caller win."""
    import os

    if threads:
        os.environ.setdefault("OMP_NUM_THREADS", str(threads))
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def _connect(settings):  # -> PywikibotWiki
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import WikiError

    try:
        return PywikibotWiki.connect(settings)
    except WikiError as exc:
        raise fail(str(exc)) from exc


def bench_replay(
    ctx: typer.Context,
    rates: Annotated[
        list[float] | None, typer.Option("--rate", min=0.01, help="Edits per second to replay (repeat it).")
    ] = None,
    seconds: Annotated[
        float, typer.Option(min=5, help="How long each rate's stream of edits lasts.")
    ] = 120.0,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes (one per core).")] = 2,
    poll: Annotated[
        float, typer.Option(min=1, help="Seconds between the scheduler's recent-changes runs.")
    ] = 5.0,
    php_workers: Annotated[
        int,
        typer.Option(min=1, help="PHP processes serving the wiki (PHP_CLI_SERVER_WORKERS; 1: php -S alone)."),
    ] = 4,
    drain_timeout: Annotated[
        float, typer.Option(min=10, help="Seconds to wait after a stream for its edits to be checked.")
    ] = 300.0,
    state_dir: Annotated[
        Path | None, typer.Option(help="The sandbox wiki's folder (default: a temporary one).")
    ] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures here too.")] = None,
) -> None:
    """Replay a stream of real edits (new citations, changed facts, removed refs on the demo's WiCE
    articles) into the local wiki at each rate while the scheduler and N workers patrol it: lag from edit
    saved to page checked (p50/p95 and its parts), pages per minute, backlog and where the CPU went."""

    from sidebot.bench.replay import run_replay

    report = run_replay(
        settings_of(ctx),
        rates or [0.5, 1.0, 2.0],
        seconds,
        workers=workers,
        poll=poll,
        php_workers=php_workers,
        drain_timeout=drain_timeout,
        state_dir=state_dir,
        progress=lambda m: console.print(m, highlight=False, soft_wrap=True),
    )
    for row in report["rates"]:
        lag = (
            f"lag p50 {row['lag_p50']:.1f} s, p95 {row['lag_p95']:.1f} s, max {row['lag_max']:.1f} s"
            if row["checked"]
            else "nothing checked"
        )
        drained = row["drained_seconds_after_stream"]
        console.print(
            f"{row['rate']:g} edits/s: {row['edits_saved']} edits saved, {row['checked']} checked; {lag}; "
            f"{row['pages_per_minute']:.0f} pages/min; {row['unchecked_when_stream_ended']} waiting when the "
            f"stream ended, "
            + (f"all checked {drained:.0f} s later" if drained is not None else "NOT all checked in time"),
            highlight=False,
            soft_wrap=True,
        )
        if row["checked"]:
            console.print(
                f"  lag parts at the median / p95: detection {row['detect_p50']:.1f} / "
                f"{row['detect_p95']:.1f} s "
                f"(the scheduler's recent-changes runs: {row['recent_runs']}, "
                f"{row['recent_run_seconds_p50'] or 0:.1f} s each at the median), queue wait "
                f"{row['queue_p50']:.1f} / {row['queue_p95']:.1f} s, page check {row['check_p50']:.1f} / "
                f"{row['check_p95']:.1f} s; workers' verifier {row['verify_seconds']:.0f} s, fetching "
                f"{row['fetch_seconds']:.0f} s",
                highlight=False,
                soft_wrap=True,
            )
        cpu = ", ".join(f"{k} {v:.0f} s" for k, v in row["cpu_seconds"].items() if k != "machine_busy")
        console.print(
            f"  CPU: {row['cores_busy']:.2f} of {report['cpus']} cores busy; {cpu}; "
            f"load {row['load_before']:.2f} → {row['load_after']:.2f}",
            highlight=False,
            soft_wrap=True,
        )
    write_json(json_out, report)
