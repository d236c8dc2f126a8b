"""`sidebot schedule` against the real local MediaWiki: a subprocess that runs its jobs every few seconds,
is killed (SIGKILL) and restarted, resumes recent changes where it stopped (no gap, no double work), stops
gracefully on SIGTERM, refuses to run twice on one database; and its parts on a real database: the
APScheduler job store keeps each job's clock across restarts, the lease, the cursor, failed runs on record.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import MetaData, func, select

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.queue.models import Page, PatrolCursor, Run, SchedulerJob, SchedulerLease
from sidebot.queue.scheduler_state import Lease, LeaseHeldError, advance_cursor, cursor_position
from sidebot.scheduler.app import JobSpec, reconcile_jobs
from sidebot.scheduler.jobs import JobContext, failed_verification_sweep

SIDEBOT = [str(Path(sys.executable).parent / "sidebot")]
STARTUP_S = 180  # loading torch and the model on a busy 2-core machine
RUNS_S = 120  # a few 2-second runs, one job at a time, on the same busy machine


def _toml(value: object) -> str:
    return json.dumps(value)


def _write_config(path: Path, wiki: Settings, database_url: str, stop_page: str, list_page: str) -> None:
    path.write_text(
        "\n".join(
            [
                "[wiki]",
                f"name = {_toml(wiki.wiki.name)}",
                f"pywikibot_dir = {_toml(wiki.wiki.pywikibot_dir)}",
                f"family = {_toml(wiki.wiki.family)}",
                f"code = {_toml(wiki.wiki.code)}",
                f"article_url = {_toml(wiki.wiki.article_url)}",
                # Every test's pages carry {{Failed verification}}: a sweep of them all at start-up would
                # hold the one job thread for minutes on a busy machine. This test is about recent changes.
                'failed_verification_template = "Sidebot scheduler test tag that no page carries"',
                "[database]",
                f"url = {_toml(database_url)}",
                "[fetch]",
                'allow_networks = ["127.0.0.1/32"]',
                "total_timeout = 5.0",
                "[patrol]",
                "recent_limit = 2  # the first run: this test's two newest pages",
                "[schedule]",
                "recent_every = 2",
                "recent_overlap = 3",
                "failed_verification_every = 3600",
                "stale_every = 3600",
                "onwiki_every = 3",
                "lease_timeout = 60",
                "[onwiki]",
                'doc_page = "User:SidebotBot"',
                f"stop_page = {_toml(stop_page)}",
                "[onwiki.review_list]",
                "enabled = true",
                f"title = {_toml(list_page)}",
            ]
        )
        + "\n"
    )


class Scheduler:
    """A `sidebot schedule` subprocess; its output goes to a file."""

    def __init__(self, config: Path, log: Path) -> None:
        self.config, self.log = config, log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        out = self.log.open("a")
        env = os.environ | {"PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [*SIDEBOT, "-c", str(self.config), "schedule"], stdout=out, stderr=subprocess.STDOUT, env=env
        )
        out.close()

    def signal(self, sig: int) -> int:
        assert self.process is not None
        self.process.send_signal(sig)
        return self.process.wait(timeout=120)

    def output(self) -> str:
        return self.log.read_text()


def _wait_for(condition: Callable[[], bool], what: str, scheduler: Scheduler, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        assert scheduler.process is None or scheduler.process.poll() is None, scheduler.output()[-3000:]
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}; scheduler output:\n{scheduler.output()[-3000:]}")


def _runs(db: Database, kind: str | None = None) -> list[Run]:
    with db.session() as session:
        query = select(Run).order_by(Run.id)
        if kind:
            query = query.where(Run.kind == kind)
        return list(session.scalars(query))


def _checked_revision(db: Database, title: str) -> int | None:
    with db.session() as session:
        return session.scalar(select(Page.rev_id).where(Page.title == title, Page.checked_at.is_not(None)))


def _article(url: str, claim: str) -> str:
    return f"{claim}<ref>[{url} Council results]</ref>{{{{Failed verification}}}}\n\n{{{{Reflist}}}}\n"


@pytest.fixture
def scheduler_files(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    yield tmp_path / "sidebot.toml", tmp_path / "schedule.log"


@pytest.mark.integration
@pytest.mark.slow
def test_schedule_resumes_after_a_kill_without_gap_or_double_work(
    test_wiki_settings, wiki_site, wiki_users, unique_title, source_server, tmp_path, scheduler_files
) -> None:
    from sidebot.onwiki.writer import WikiWriter

    config, log = scheduler_files
    database_url = f"sqlite:///{tmp_path / 'queue.db'}"
    stop_page, list_page = unique_title("User:SidebotBot/Stop"), unique_title("User:SidebotBot/List")
    _write_config(config, test_wiki_settings, database_url, stop_page, list_page)
    settings = test_wiki_settings.model_copy(
        update={
            "onwiki": test_wiki_settings.onwiki.model_copy(
                update={"doc_page": "User:SidebotBot", "stop_page": stop_page}
            )
        }
    )
    assert WikiWriter(wiki_site, settings.onwiki, simulate=False, show=print).resume("test").status == "saved"
    url = source_server.url("/article.html")
    first, second, third = unique_title("First"), unique_title("Second"), unique_title("Third")
    time.sleep(4.5)  # keep earlier tests' edits out of the overlap (3 s) before this test's first pages
    wiki_users.editor.edit(first, _article(url, "The council approved the budget."))
    wiki_users.editor.edit(second, _article(url, "The vote was unanimous."))
    db = Database(database_url)
    scheduler = Scheduler(config, log)
    scheduler.start()

    def recent_ok(n: int) -> Callable[[], bool]:
        return lambda: sum(r.status == "ok" for r in _runs(db, "recent")) >= n

    _wait_for(
        lambda: _checked_revision(db, first) and _checked_revision(db, second),
        "the first run",
        scheduler,
        STARTUP_S,
    )
    _wait_for(recent_ok(3), "three recent-changes runs", scheduler, RUNS_S)
    _wait_for(
        lambda: any(r.status == "ok" for r in _runs(db, "onwiki")), "an on-wiki update", scheduler, RUNS_S
    )

    second_scheduler = subprocess.run(
        [*SIDEBOT, "-c", str(config), "schedule"], capture_output=True, text=True, timeout=STARTUP_S
    )
    assert second_scheduler.returncode == 1 and "holds this database's lease" in second_scheduler.stderr

    _wait_for(lambda: all(r.status != "running" for r in _runs(db)), "an idle moment", scheduler, 30)
    assert scheduler.signal(signal.SIGKILL) == -signal.SIGKILL  # killed: no clean-up at all
    before_restart = len(_runs(db, "recent"))
    edited = wiki_users.editor.edit(first, _article(url, "The council approved the budget in May."))
    created = wiki_users.editor.edit(third, _article(url, "Turnout was the highest in a decade."))
    time.sleep(3)  # changes made while no scheduler runs

    scheduler.start()
    _wait_for(
        lambda: (
            _checked_revision(db, first) == edited.rev_id and _checked_revision(db, third) == created.rev_id
        ),
        "the changes made while it was down",
        scheduler,
        STARTUP_S,
    )
    _wait_for(recent_ok(before_restart + 2), "two more runs", scheduler, RUNS_S)
    assert scheduler.signal(signal.SIGTERM) == 0
    assert "scheduler stopped" in scheduler.output()

    runs = _runs(db, "recent")
    assert {r.status for r in runs} <= {"ok", "interrupted"}, [(r.id, r.status, r.errors) for r in runs]
    assert runs[-1].status == "ok"  # the graceful stop let the last run finish
    assert sum(r.counts.get("pages_checked", 0) for r in runs) == 4, "a page was checked twice, or missed"
    resumed = [r for r in runs if r.options.get("cursor")]
    for earlier, later in zip(runs, runs[1:]):  # each run starts where the one before left the cursor
        if earlier.status == "ok" and "cursor_after" in earlier.options:  # (unless killed right there)
            assert later.options["cursor"] == earlier.options["cursor_after"], (earlier.id, later.id)
    assert resumed and all(
        datetime.fromisoformat(r.options["since"])
        == datetime.fromisoformat(r.options["cursor"]) - timedelta(seconds=3)
        for r in resumed
    )
    with db.session() as session:
        assert len(session.scalars(select(SchedulerJob.id)).all()) == 7
        # recent, fv, citation-needed, stale, onwiki, corpus-feed, priority
        assert session.scalar(select(func.count()).select_from(SchedulerLease)) == 0  # released on SIGTERM
        recent = select(func.count()).select_from(PatrolCursor).where(PatrolCursor.source == "recent")
        assert session.scalar(recent) == 1  # (the {{citation needed}} sweep keeps a cursor of its own)

    listing = subprocess.run(
        [*SIDEBOT, "-c", str(config), "runs", "--limit", "50"], capture_output=True, text=True, timeout=120
    )
    assert listing.returncode == 0, listing.stderr
    assert "recent" in listing.stdout and "onwiki" in listing.stdout and "running" not in listing.stdout
    db.dispose()


def test_job_store_keeps_each_jobs_clock_across_restarts(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'jobs.db'}")

    def started() -> BackgroundScheduler:
        scheduler = BackgroundScheduler(
            jobstores={"default": SQLAlchemyJobStore(engine=db.engine, metadata=MetaData())}, timezone=UTC
        )
        scheduler.start(paused=True)
        return scheduler

    specs = [JobSpec("recent", timedelta(minutes=10)), JobSpec("stale", timedelta(hours=6))]
    scheduler = started()
    reconcile_jobs(scheduler, specs)
    due = {job.id: job.next_run_time for job in scheduler.get_jobs()}
    assert set(due) == {"recent", "stale"}
    assert all(abs(t - datetime.now(UTC)) < timedelta(seconds=5) for t in due.values())  # new: at once
    later = datetime.now(UTC) + timedelta(hours=2)
    scheduler.modify_job("stale", next_run_time=later)  # as after a run
    scheduler.shutdown()

    scheduler = started()  # a restart with the same settings keeps the clock
    reconcile_jobs(scheduler, specs)
    assert abs(scheduler.get_job("stale").next_run_time - later) < timedelta(seconds=1)
    job = scheduler.get_job("recent")
    assert job.max_instances == 1 and job.coalesce and job.misfire_grace_time is None
    scheduler.shutdown()

    scheduler = started()  # a changed interval runs at once; a job no longer configured goes
    reconcile_jobs(scheduler, [JobSpec("stale", timedelta(hours=1))])
    assert [j.id for j in scheduler.get_jobs()] == ["stale"]
    assert scheduler.get_job("stale").next_run_time < later - timedelta(minutes=30)
    scheduler.shutdown()
    db.dispose()


def test_lease_lets_one_scheduler_run(database_url: str) -> None:
    db = Database(database_url)
    first, second = Lease(db, timedelta(minutes=5)), Lease(db, timedelta(minutes=5))
    first.acquire()
    with pytest.raises(LeaseHeldError, match="holds this database's lease"):
        second.acquire()
    first.renew()
    first.release()
    second.acquire()
    with pytest.raises(LeaseHeldError, match="lost its lease"):
        first.renew()

    with db.session() as session:  # a holder on this host whose process is gone: taken over at once
        session.get(SchedulerLease, "scheduler").owner = f"{second.host}:999999999:dead"
    Lease(db, timedelta(minutes=5)).acquire()
    with db.session() as session:  # one on another host: only once it lapses
        lease = session.get(SchedulerLease, "scheduler")
        lease.owner, lease.renewed_at = "elsewhere:1:x", datetime.now(UTC).replace(tzinfo=None)
    with pytest.raises(LeaseHeldError):
        Lease(db, timedelta(minutes=5)).acquire()
    with db.session() as session:
        session.get(SchedulerLease, "scheduler").renewed_at -= timedelta(minutes=6)
    Lease(db, timedelta(minutes=5)).acquire()
    db.dispose()


def test_cursor_only_moves_forward(database_url: str) -> None:
    from sidebot.queue import store

    db = Database(database_url)
    with db.session() as session:
        wiki_id = store.get_or_create_wiki(session, "w").id
    assert cursor_position(db, wiki_id, "recent") is None
    t = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)
    advance_cursor(db, wiki_id, "recent", t)
    advance_cursor(db, wiki_id, "recent", t - timedelta(hours=1))
    assert cursor_position(db, wiki_id, "recent") == t
    advance_cursor(db, wiki_id, "recent", t + timedelta(seconds=1))
    assert cursor_position(db, wiki_id, "recent") == t + timedelta(seconds=1)
    db.dispose()


@pytest.mark.integration
def test_a_job_that_cannot_start_leaves_a_failed_run(test_wiki_settings, wiki_site, tmp_path) -> None:
    from sidebot.verify.biencoder import BiEncoderScorer
    from sidebot.wiki.reader import PywikibotWiki

    database_url = f"sqlite:///{tmp_path / 'queue.db'}"
    settings = test_wiki_settings.model_copy(
        update={
            "database": test_wiki_settings.database.model_copy(update={"url": database_url}),
            "wiki": test_wiki_settings.wiki.model_copy(
                update={"failed_verification_template": "No such tag"}
            ),
        }
    )
    db = Database(database_url)
    ctx = JobContext(settings, db, PywikibotWiki.connect(settings), BiEncoderScorer(), threading.Event())
    assert failed_verification_sweep(ctx) == "failed"
    (run,) = _runs(db)
    assert run.kind == "failed-verification" and run.status == "failed" and run.ended_at is not None
    assert "no such template" in run.errors[0]["error"]
    db.dispose()


@pytest.mark.integration
def test_the_overlap_never_starves_the_recent_patrol(
    test_wiki_settings, wiki_site, wiki_users, unique_title, tmp_path
):
    """A busy wiki (here: every page of the session within the overlap) fills a run with pages already
    checked; the patrol must still reach the page changed after the cursor."""
    from sidebot.scheduler.jobs import recent_patrol
    from sidebot.verify.biencoder import BiEncoderScorer
    from sidebot.wiki.reader import PywikibotWiki

    database_url = f"sqlite:///{tmp_path / 'queue.db'}"
    settings = test_wiki_settings.model_copy(
        update={
            "database": test_wiki_settings.database.model_copy(update={"url": database_url}),
            "patrol": test_wiki_settings.patrol.model_copy(update={"recent_limit": 1}),
            "schedule": test_wiki_settings.schedule.model_copy(
                update={"recent_max_pages": 2, "recent_overlap": timedelta(hours=1)}
            ),
        }
    )
    db = Database(database_url)
    ctx = JobContext(settings, db, PywikibotWiki.connect(settings), BiEncoderScorer(), threading.Event())
    for name in ("Busy one", "Busy two", "Busy three"):
        wiki_users.editor.edit(unique_title(name), "Text without citations.")
        time.sleep(1.1)
    assert recent_patrol(ctx) == "ok"  # the first run: the newest page only
    later = unique_title("Changed after the cursor")
    wiki_users.editor.edit(later, "More text.")

    assert recent_patrol(ctx) == "ok"
    assert _checked_revision(db, later) is not None, "the overlap crowded out the new page"
    db.dispose()


@pytest.mark.integration
@pytest.mark.postgres
def test_with_workers_configured_the_scheduler_enqueues_instead_of_patrolling(
    test_wiki_settings, wiki_site, wiki_users, unique_title, postgres_server
):
    """The recent-changes job puts the changed pages in the workers' queue (each revision once) and moves
    its cursor; it checks nothing itself."""
    from sidebot.scheduler.jobs import recent_patrol
    from sidebot.verify.urldepth import UrlDepthScorer
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.workers.jobs import queue_counts

    database_url = postgres_server.create_database(f"scheduler_enqueue_{os.getpid()}")
    settings = test_wiki_settings.model_copy(
        update={
            "database": test_wiki_settings.database.model_copy(update={"url": database_url}),
            "patrol": test_wiki_settings.patrol.model_copy(update={"recent_limit": 3}),
            "workers": test_wiki_settings.workers.model_copy(update={"enabled": True}),
        }
    )
    db = Database(database_url)
    ctx = JobContext(settings, db, PywikibotWiki.connect(settings), UrlDepthScorer(), threading.Event())
    for name in ("Queued one", "Queued two", "Queued three"):
        wiki_users.editor.edit(unique_title(name), "Text without citations.")
    assert recent_patrol(ctx) == "ok"
    (run,) = _runs(db, "recent")
    assert run.counts["pages_enqueued"] == 3 and run.options["enqueued_for_workers"]
    assert queue_counts(settings, settings.wiki.name) == {"todo": 3}
    with db.session() as session:
        assert session.scalar(select(func.count(Page.id))) == 0  # nothing checked here
    assert cursor_position(db, ctx.wiki_id(), "recent") is not None
    assert recent_patrol(ctx) == "ok"  # the overlap lists the same revisions: not queued twice
    second = _runs(db, "recent")[-1]
    assert second.counts["pages_already_queued"] >= 3
    assert queue_counts(settings, settings.wiki.name) == {"todo": 3 + second.counts.get("pages_enqueued", 0)}
    db.dispose()


@pytest.mark.integration
def test_schedule_once_with_simulate_prints_each_jobs_counts(
    test_wiki_settings, wiki_site, wiki_users, unique_title, tmp_path
) -> None:
    """`sidebot schedule --once … --simulate` says what each job did, not only that it was "ok"."""
    from typer.testing import CliRunner

    from sidebot.cli.app import app

    article = unique_title("Scheduled")
    wiki_users.editor.edit(
        article, "The council approved the budget.<ref>http://127.0.0.1:9/gone.html</ref>\n"
    )
    config = tmp_path / "sidebot.toml"
    base = f"User:SidebotBot/{unique_title('Schedule once')}"
    _write_config(
        config, test_wiki_settings, f"sqlite:///{tmp_path / 'q.db'}", f"{base}/Stop", f"{base}/List"
    )
    config.write_text(
        config.read_text()
        .replace("recent_limit = 2", "recent_limit = 1")
        .replace("[onwiki]", '[verify]\nscorer = "url-depth"\n[onwiki]')
    )
    result = CliRunner().invoke(
        app, ["--config", str(config), "schedule", "--once", "recent", "--once", "onwiki", "--simulate"]
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the console wraps long lines
    recent = said[said.index("recent: ok (") :].split(")", 1)[0]
    assert "pages_checked 1" in recent and "citations_seen 1" in recent and "sources_dead 1" in recent
    assert "onwiki: ok (pages_simulated 1)" in said
    assert f"would save [[{base}/List]]" in result.output
