"""`sidebot bench replay`: does the bot keep up with a wiki's edit rate? A stream of real edits
(:mod:`sidebot.bench.replay_edits`) is saved into the sandbox wiki at a chosen rate while `sidebot schedule`
(recent-changes patrol every ``poll`` seconds, enqueueing page jobs) and N `sidebot worker` processes patrol
it, all on one throwaway PostgreSQL, as in production.

For every edit: the time the wiki answered the save, and, from a trigger on procrastinate's job table in
the bench's own database, when the page's job was enqueued (the scheduler saw the edit), taken by a worker,
and finished (the page checked at that revision or a later one, its findings stored). Reported per rate:
lag edit saved → page checked (p50, p95, max) and its parts (detection, queue wait, check), pages checked
per minute, the backlog when the stream stopped, and where the CPU went.

The wiki is served by ``php -S`` with ``PHP_CLI_SERVER_WORKERS`` processes (PHP's built-in server answers one
request at a time without it; the edits and the workers' reads would queue behind each other).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg

from sidebot.bench.cpu import snapshot, spent
from sidebot.bench.replay_edits import Edit, edit_stream
from sidebot.bench.workers import _articles, _drained, _enqueue, _start, _stop, _wait
from sidebot.config import Settings, load_settings
from sidebot.queue import store
from sidebot.queue.benchmarks import recent_runs, worker_runs
from sidebot.queue.db import Database
from sidebot.queue.models import PatrolCursor
from sidebot.sandbox import sandbox, testwiki
from sidebot.sandbox.demo_content import demo_article_titles, demo_pages, demo_sources
from sidebot.sandbox.postgres import start_postgres
from sidebot.sandbox.testwiki_api import MediaWikiApi
from sidebot.workers.jobs import conninfo, ensure_schema

# Every change of a page job, kept after procrastinate deletes the finished job (the bench's database only).
JOB_LOG = """
CREATE TABLE IF NOT EXISTS replay_jobs (
    job_id bigint PRIMARY KEY, page_id bigint, rev_id bigint,
    deferred_at timestamptz, started_at timestamptz, finished_at timestamptz, status text
);
CREATE OR REPLACE FUNCTION replay_job_log() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO replay_jobs (job_id, page_id, rev_id, deferred_at)
        VALUES (NEW.id, (NEW.args->>'page_id')::bigint, (NEW.args->>'rev_id')::bigint, clock_timestamp())
        ON CONFLICT DO NOTHING;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE replay_jobs SET finished_at = coalesce(finished_at, clock_timestamp()),
            status = coalesce(status, 'succeeded') WHERE job_id = OLD.id;
        RETURN OLD;
    ELSIF NEW.status::text = 'doing' AND OLD.status::text <> 'doing' THEN
        UPDATE replay_jobs SET started_at = clock_timestamp() WHERE job_id = NEW.id;
    ELSIF NEW.status::text IN ('succeeded', 'failed') THEN
        UPDATE replay_jobs SET finished_at = clock_timestamp(), status = NEW.status::text
        WHERE job_id = NEW.id;
    END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS replay_job_log ON procrastinate_jobs;
CREATE TRIGGER replay_job_log AFTER INSERT OR UPDATE OR DELETE ON procrastinate_jobs
    FOR EACH ROW EXECUTE FUNCTION replay_job_log();
"""


@dataclass
class Saved:
    """One edit as the wiki saved it."""

    edit: Edit
    page_id: int
    rev_id: int
    saved_at: datetime


def run_replay(
    settings: Settings,
    rates: list[float],
    seconds: float,
    workers: int = 2,
    poll: float = 5.0,
    php_workers: int = 4,
    drain_timeout: float = 300.0,
    state_dir: Path | None = None,
    progress: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Replay ``seconds`` of edits at each of ``rates`` (edits per second) against one running fleet;
    returns the figures per rate."""
    state = state_dir or Path(tempfile.mkdtemp(prefix="sidebot-bench-replay-"))
    work = Path(tempfile.mkdtemp(prefix="sidebot-replay-run-"))
    previous_workers = os.environ.get("PHP_CLI_SERVER_WORKERS")
    if php_workers > 1:
        os.environ["PHP_CLI_SERVER_WORKERS"] = str(php_workers)  # inherited by the php -S that up() starts
    progress(f"starting the sandbox wiki ({php_workers} PHP workers) and its source server in {state}")
    try:
        info = sandbox.up(state)
    finally:
        _restore("PHP_CLI_SERVER_WORKERS", previous_workers)
    postgres = start_postgres()
    procs: list[subprocess.Popen] = []
    try:
        config = _config(
            Path(info["config_path"]), postgres.create_database(f"replay_{os.getpid()}"), work, poll
        )
        fleet = load_settings(config)
        db = Database(fleet.database_url)
        ensure_schema(fleet)
        with psycopg.connect(conninfo(fleet), autocommit=True) as conn:
            conn.execute(JOB_LOG)
        procs = [_start(config, f"replay-{i}", work) for i in range(workers)]
        _wait(lambda: len(worker_runs(db)) == workers, 300, f"{workers} workers to be ready", procs)
        titles = demo_article_titles("wice")
        refs = _articles(info["api_url"], 1000, titles)
        progress(f"warm-up: {len(refs)} WiCE articles checked once by {workers} workers")
        _enqueue(fleet, refs)
        _wait(lambda: _drained(fleet), 1800, "the warm-up to drain", procs)
        _start_cursor_now(db, fleet)
        scheduler_started = datetime.now(UTC)
        procs.append(_start_scheduler(config, work))
        # its start-up (model, login, the daily jobs' first runs) is over once two recent-changes runs ended
        _wait(lambda: len(_recent_runs(db, scheduler_started)) >= 2, 600, "the scheduler to start", procs)
        editor = testwiki.credentials(Path(info["state_dir"]))["editor"]
        articles = {t: text for t, text in demo_pages(info["sources_url"]).items() if t in titles}
        stream = edit_stream(articles, demo_sources(), info["sources_url"])
        results = []
        with MediaWikiApi(info["api_url"]) as api:
            api.login(editor.username, editor.bot_password_name, editor.bot_password)
            for rate in rates:
                results.append(
                    _one_rate(api, stream, rate, seconds, fleet, db, procs, workers, drain_timeout, progress)
                )
        return {
            "when": datetime.now().isoformat(timespec="seconds"),
            "cpus": os.cpu_count(),
            "workers": workers,
            "poll_seconds": poll,
            "php_workers": php_workers,
            "seconds_per_rate": seconds,
            "articles": len(titles),
            "rates": results,
        }
    finally:
        _stop(procs)
        postgres.stop()
        sandbox.down(state)


def _one_rate(
    api: MediaWikiApi,
    stream,
    rate: float,
    seconds: float,
    settings: Settings,
    db: Database,
    procs: list[subprocess.Popen],
    workers: int,
    drain_timeout: float,
    progress: Callable[[str], None],
) -> dict[str, Any]:
    count = max(1, round(rate * seconds))
    progress(f"{rate:g} edits/s: saving {count} edits over {seconds:g} s")
    load_before = os.getloadavg()[0]
    window_start = datetime.now(UTC)
    runs_before = _counts(db)
    cpu_before = snapshot([p.pid for p in procs[:workers]])
    started = time.monotonic()
    saved, late = _save_edits(api, stream, rate, count, started)
    stream_seconds = time.monotonic() - started
    backlog = _unchecked(settings, saved)
    progress(f"  stream done in {stream_seconds:.0f} s; {len(backlog)} edits not yet checked; draining")
    drained_after = _wait_checked(settings, saved, drain_timeout)
    elapsed = time.monotonic() - started
    cpu = spent(cpu_before, snapshot([p.pid for p in procs[:workers]]))
    runs = {k: v - runs_before.get(k, 0) for k, v in _counts(db).items()}
    lags = _lags(settings, saved)
    done = [lag for lag in lags if lag is not None]
    polls = _recent_runs(db, window_start)
    row = {
        "rate": rate,
        "edits": count,
        "edits_saved": len(saved),
        "edits_by_kind": {
            k: sum(1 for s in saved if s.edit.kind == k)
            for k in ("new citation", "changed fact", "removed ref")
        },
        "saves_late_over_1s": late,
        "stream_seconds": stream_seconds,
        "unchecked_when_stream_ended": len(backlog),
        "drained_seconds_after_stream": drained_after,
        **_lag_figures(done, polls),
        "pages_checked": runs.get("pages_checked", 0),
        "pages_per_minute": runs.get("pages_checked", 0) / elapsed * 60,
        "citations_scored": runs.get("citations_scored", 0),
        "verify_seconds": runs.get("verify_ms", 0) / 1000,
        "fetch_seconds": runs.get("fetch_ms", 0) / 1000,
        "elapsed_seconds": elapsed,
        "cpu_seconds": cpu,
        "cores_busy": cpu["machine_busy"] / elapsed,
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "per_edit": done,
        "recent_run_list": polls,
    }
    progress(
        f"  lag p50 {row['lag_p50']:.1f} s, p95 {row['lag_p95']:.1f} s (detect {row['detect_p50']:.1f} / "
        f"queue {row['queue_p50']:.1f} / check {row['check_p50']:.1f} s at the median); "
        f"{row['pages_per_minute']:.0f} pages/min"
        if done
        else "  no edit was checked"
    )
    return row


def _save_edits(
    api: MediaWikiApi, stream: Iterator[Edit], rate: float, count: int, started: float
) -> tuple[list[Saved], int]:
    """Save ``count`` edits of ``stream`` at ``rate`` per second from ``started``: the ones that changed a
    page, and how many were saved over a second late."""
    saved: list[Saved] = []
    late = 0
    for i in range(count):
        due = started + i / rate
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        elif wait < -1:
            late += 1
        edit = next(stream)
        result = api.edit(edit.title, edit.text, edit.summary)
        if result.changed:
            saved.append(Saved(edit, result.page_id, result.rev_id, datetime.now(UTC)))
    return saved, late


def _lag_figures(done: list[dict[str, Any]], polls: list[dict[str, Any]]) -> dict[str, Any]:
    """The lag from a saved edit to its checked page, in parts (detect, queue, check), at the median and
    the 95th percentile; and the recent-changes runs' count and length."""
    return {
        "checked": len(done),
        "lag_p50": _pct([d["lag"] for d in done], 50),
        "lag_p95": _pct([d["lag"] for d in done], 95),
        "lag_max": max((d["lag"] for d in done), default=None),
        "detect_p50": _pct([d["detect"] for d in done], 50),
        "queue_p50": _pct([d["queue"] for d in done], 50),
        "check_p50": _pct([d["check"] for d in done], 50),
        "detect_p95": _pct([d["detect"] for d in done], 95),
        "queue_p95": _pct([d["queue"] for d in done], 95),
        "check_p95": _pct([d["check"] for d in done], 95),
        "recent_runs": len(polls),
        "recent_run_seconds_p50": _pct([p["seconds"] for p in polls], 50),
        "recent_run_seconds_max": max((p["seconds"] for p in polls), default=None),
    }


def _recent_runs(db: Database, since: datetime) -> list[dict[str, Any]]:
    """The scheduler's recent-changes runs since ``since``: when, how long (listing the changes and
    enqueueing their pages: the detection step of the lag) and what they enqueued."""
    return [
        {
            "started_at": r.started_at.isoformat(),
            "seconds": (r.ended_at - r.started_at).total_seconds(),
            "pages_enqueued": r.counts.get("pages_enqueued", 0),
            "options": r.options,
        }
        for r in recent_runs(db, since)
        if r.ended_at is not None  # finished runs only, as the query asks
    ]


def _counts(db: Database) -> dict[str, int]:
    """The worker runs' counts, summed."""
    total: dict[str, int] = {}
    for run in worker_runs(db):
        for key, value in run.counts.items():
            if isinstance(value, int | float):
                total[key] = total.get(key, 0) + int(value)
    return total


def _job_rows(settings: Settings) -> list[tuple]:
    with psycopg.connect(conninfo(settings)) as conn:
        return conn.execute(
            "SELECT page_id, rev_id, deferred_at, started_at, finished_at FROM replay_jobs "
            "WHERE finished_at IS NOT NULL AND status = 'succeeded'"
        ).fetchall()


def _covering(rows: list[tuple], saved: Saved) -> tuple | None:
    """The first finished job that checked the edit's page at its revision or a later one."""
    jobs = [r for r in rows if r[0] == saved.page_id and r[1] >= saved.rev_id]
    return min(jobs, key=lambda r: r[4]) if jobs else None


def _unchecked(settings: Settings, saved: list[Saved]) -> list[Saved]:
    rows = _job_rows(settings)
    return [s for s in saved if _covering(rows, s) is None]


def _wait_checked(settings: Settings, saved: list[Saved], timeout: float) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if not _unchecked(settings, saved):
            return time.monotonic() - started
        time.sleep(1.0)
    return None


def _lags(settings: Settings, saved: list[Saved]) -> list[dict[str, Any] | None]:
    rows = _job_rows(settings)
    lags: list[dict[str, Any] | None] = []
    for s in saved:
        job = _covering(rows, s)
        if job is None:
            lags.append(None)
            continue
        _, _, deferred, started, finished = job
        started = started or deferred
        lags.append(
            {
                "title": s.edit.title,
                "kind": s.edit.kind,
                "rev_id": s.rev_id,
                "saved_at": s.saved_at.isoformat(),
                "enqueued_at": deferred.isoformat(),
                "lag": (finished - s.saved_at).total_seconds(),
                # a job enqueued before this edit (an earlier edit's, taken after this one was saved)
                "detect": max(0.0, (deferred - s.saved_at).total_seconds()),
                "queue": (started - max(deferred, s.saved_at)).total_seconds(),
                "check": (finished - started).total_seconds(),
            }
        )
    return lags


def _pct(values: list[float], percent: int) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def _config(base: Path, url: str, work: Path, poll: float) -> Path:
    path = work / "replay.toml"
    path.write_text(
        base.read_text(encoding="utf-8")
        + f'\n[database]\nurl = "{url}"\n'
        + "\n[workers]\nenabled = true\nstalled_after = 10\nheartbeat_every = 2\n"
        + "\n[verify]\nthreads = 1\n"
        + "\n[retrieve]\nenabled = false\n"
        + f'\n[schedule]\nrecent_every = {poll}\nrecent_overlap = 10\nfailed_verification_every = "P1D"\n'
        + 'stale_every = "P1D"\nonwiki_every = "P1D"\n',
        encoding="utf-8",
    )
    return path


def _start_cursor_now(db: Database, settings: Settings) -> None:
    """The scheduler's recent-changes patrol starts from now (its cursor row, written before the scheduler
    first runs): the warm-up checked the demo's import."""
    with db.session() as session:
        wiki_id = store.get_or_create_wiki(session, settings.wiki.name).id
        session.add(
            PatrolCursor(wiki_id=wiki_id, source="recent", position=datetime.now(UTC).replace(tzinfo=None))
        )


def _start_scheduler(config: Path, work: Path) -> subprocess.Popen:
    log = (work / "scheduler.log").open("wb")
    return subprocess.Popen(
        [sys.executable, "-m", "sidebot", "--config", str(config), "schedule"],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=os.environ | {"SIDEBOT_HOME": str(work / "home")},
    )


def _restore(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
