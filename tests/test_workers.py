"""`sidebot worker` processes on one PostgreSQL queue: real worker processes (``python -m sidebot worker``),
a real PostgreSQL server, a real MediaWiki of this module's own (a backfill reads every article of its
dump, so no other test's pages may be in it) and real sources on loopback.

The scorer is the URL-depth baseline (a real scorer without a model), so each worker starts in seconds:
what is tested is the queue, not the verifier.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from sidebot.config import Settings, WebSettings, load_settings
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, CitedSource, Finding, Page, Run
from sidebot.retrieve.corpus import Corpus
from sidebot.sandbox import testwiki
from sidebot.sandbox.postgres import TempPostgres, start_postgres
from sidebot.sandbox.testwiki_api import MediaWikiApi
from sidebot.web.app import create_app
from sidebot.workers.jobs import queue_counts

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

WIKI = "testwiki"


@pytest.fixture(scope="module")
def own_wiki(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[testwiki.TestWikiInfo, MediaWikiApi]]:
    info = testwiki.up(tmp_path_factory.mktemp("workers-wiki"))
    editor = testwiki.credentials(info.state_dir)["editor"]
    api = MediaWikiApi(info.api_url)
    api.login(editor.username, editor.bot_password_name, editor.bot_password)
    yield info, api
    api.close()
    testwiki.down(info.state_dir)


@pytest.fixture
def worker_config(own_wiki, postgres_server, tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """A config for the module's wiki on a fresh PostgreSQL database, workers on, quick stall detection."""
    info, _ = own_wiki
    url = postgres_server.create_database(f"workers_{request.node.name.lower()[:40]}_{os.getpid()}")
    base = info.config_path.read_text(encoding="utf-8")
    config = tmp_path / "sidebot.toml"
    config.write_text(
        base
        + f'\n[database]\nurl = "{url}"\n'
        + "\n[workers]\nenabled = true\nstalled_after = 6\nheartbeat_every = 1\nretry_wait = 1\n"
        + '\n[verify]\nscorer = "url-depth"\n'
        + "\n[retrieve]\nenabled = false\n",
        encoding="utf-8",
    )
    return config


def start_worker(config: Path, name: str, tmp_path: Path, *options: str) -> subprocess.Popen:
    log = (tmp_path / f"{name}.log").open("wb")
    env = os.environ | {"SIDEBOT_HOME": str(tmp_path / "home")}
    return subprocess.Popen(
        [sys.executable, "-m", "sidebot", "--config", str(config), "worker", "--name", name, *options],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )


def stop_worker(proc: subprocess.Popen) -> int:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    return proc.wait(timeout=60)


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.3)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def drained(settings: Settings) -> bool:
    counts = queue_counts(settings, WIKI)
    return counts.get("todo", 0) == 0 and counts.get("doing", 0) == 0


def tag(tmp_path: Path) -> str:
    """A title part unique to the test, as MediaWiki stores it (no underscores)."""
    return tmp_path.name.replace("_", " ")


def article(claims: int, base_url: str, extra: str = "") -> str:
    refs = "\n".join(
        f"Fact number {i} about the river is stated here.<ref>[{base_url}/article.html?c={i} Src {i}]</ref>"
        for i in range(claims)
    )
    return f"{extra}\n{refs}\n"


def duplicate_findings(db: Database) -> int:
    with db.session() as session:
        per = (
            select(Finding.citation_id, Finding.scorer, func.count().label("n"))
            .group_by(Finding.citation_id, Finding.scorer)
            .subquery()
        )
        return session.scalar(select(func.count()).select_from(per).where(per.c.n > 1)) or 0


def run_cli(config: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = os.environ | {"SIDEBOT_HOME": str(tmp_path / "home")}
    return subprocess.run(
        [sys.executable, "-m", "sidebot", "--config", str(config), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_two_workers_share_the_pages_and_check_each_revision_once(
    own_wiki, worker_config: Path, source_server, tmp_path: Path
) -> None:
    info, api = own_wiki
    settings = load_settings(worker_config)
    titles = [f"Shared river {i} ({tag(tmp_path)})" for i in range(6)]
    for title in titles:
        api.edit(title, article(3, source_server.base_url))
    # the same pages asked for twice (two sources naming them) are one job each while they wait
    first = run_cli(worker_config, tmp_path, "patrol", "--once", *[f"--page={t}" for t in titles])
    again = run_cli(worker_config, tmp_path, "patrol", "--once", *[f"--page={t}" for t in titles])
    assert first.returncode == 0, first.stderr
    assert "6 pages enqueued" in first.stdout
    assert "0 pages enqueued for the workers (6 already waiting)" in again.stdout
    db = Database(settings.database_url)
    with db.session() as session:  # enqueueing checks nothing
        assert session.scalar(select(func.count(Finding.id))) == 0

    workers = [start_worker(worker_config, f"w{i}", tmp_path) for i in (1, 2)]
    try:
        wait_for(lambda: drained(settings), 120, "the queue to drain")
    finally:
        codes = [stop_worker(w) for w in workers]
    assert codes == [0, 0], [(tmp_path / f"w{i}.log").read_text() for i in (1, 2)]

    with db.session() as session:
        runs = {r.worker: r for r in session.scalars(select(Run).where(Run.kind == "worker"))}
        assert set(runs) == {"w1", "w2"}
        assert all(r.status == "ok" and not r.errors for r in runs.values())
        assert sum(r.counts.get("pages_checked", 0) for r in runs.values()) == 6  # each page once
        assert sum(r.counts.get("citations_scored", 0) for r in runs.values()) == 18
        pages = {p.title: p for p in session.scalars(select(Page).where(Page.title.in_(titles)))}
        assert set(pages) == set(titles) and all(p.checked_at is not None for p in pages.values())
    assert duplicate_findings(db) == 0
    shown = run_cli(worker_config, tmp_path, "runs", "--kind", "worker")
    assert shown.returncode == 0 and "w1" in shown.stdout and "w2" in shown.stdout
    with TestClient(create_app(settings, db, WebSettings(secret_key_file=str(tmp_path / "key")))) as client:
        page = client.get("/stats")
    assert page.status_code == 200
    shown_pages = re.findall(r'data-worker="(w\d)">.*?class="pages">(\d+)<', page.text, re.S)
    assert sorted(shown_pages) == sorted((w, str(r.counts.get("pages_checked", 0))) for w, r in runs.items())
    db.dispose()


def test_two_workers_feed_the_corpus_once_through_one_indexer(
    own_wiki, worker_config: Path, source_server, tmp_path: Path
) -> None:
    """Every page cites the same three sources (the url-depth scorer passes them all): each worker records
    what backs its pages' claims, and two `sidebot index update` started together add each source once."""
    info, api = own_wiki
    settings = load_settings(worker_config)
    titles = [f"Cited river {i} ({tag(tmp_path)})" for i in range(4)]
    urls = [source_server.base_url + path for path in ("/article.html", "/blanda.txt", "/doc.pdf")]
    for title in titles:
        api.edit(
            title, "\n".join(f"Fact {i} about the river.<ref>[{u} Src]</ref>" for i, u in enumerate(urls))
        )
    assert (
        run_cli(worker_config, tmp_path, "patrol", "--once", *[f"--page={t}" for t in titles]).returncode == 0
    )
    workers = [start_worker(worker_config, f"f{i}", tmp_path) for i in (1, 2)]
    try:
        wait_for(lambda: drained(settings), 120, "the queue to drain")
    finally:
        assert [stop_worker(w) for w in workers] == [0, 0]
    db = Database(settings.database_url)
    with db.session() as session:
        recorded = session.execute(select(Page.title, CitedSource.url).join(Page)).all()
        assert sorted(recorded) == sorted((t, u) for t in titles for u in urls)  # one row per page and URL
        runs = session.scalars(select(Run).where(Run.kind == "worker", Run.worker.in_(["f1", "f2"])))
        assert sum(r.counts.get("cited_sources_recorded", 0) for r in runs) == 12

    env = os.environ | {"SIDEBOT_HOME": str(tmp_path / "home")}
    command = [sys.executable, "-m", "sidebot", "--config", str(worker_config), "index", "update"]
    indexers = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) for _ in range(2)]
    said = [p.communicate(timeout=300)[0] for p in indexers]
    assert [p.returncode for p in indexers] == [0, 0], said
    fed = [int(m) for out in said for m in re.findall(r"corpus feed: (\d+) cited sources", out)]
    assert sum(fed) == 12, said  # the other one skipped its turn or found nothing left
    with Corpus(tmp_path / "home" / "retrieve" / "corpus") as corpus:
        stats = corpus.stats()
        assert stats["documents"] == stats["fed_documents"] == 3 and stats["inactive_passages"] == 0
        assert stats["passages"] == sum(len(corpus.document_passages(u)) for u in urls)
    assert "corpus feed: 0 cited sources" in run_cli(worker_config, tmp_path, "index", "update").stdout
    db.dispose()


def test_a_worker_killed_half_way_has_its_page_finished_by_another_without_duplicates(
    own_wiki, worker_config: Path, source_server, tmp_path: Path
) -> None:
    """The page's first 50 citations are committed, then its next chunk waits on a slow source: the worker
    is killed with SIGKILL there. Another worker takes the job over once the first one's heartbeat stops."""
    info, api = own_wiki
    settings = load_settings(worker_config)
    title = f"Long river ({tag(tmp_path)})"
    slow = f"Its length is disputed.<ref>[{source_server.base_url}/slow Slow source]</ref>"
    saved = api.edit(title, article(60, source_server.base_url) + slow)
    assert run_cli(worker_config, tmp_path, "patrol", "--once", f"--page={title}").returncode == 0
    db = Database(settings.database_url)

    def findings_on_page() -> int:
        with db.session() as session:
            return session.scalar(
                select(func.count(Finding.id)).join(Citation).join(Page).where(Page.title == title)
            )

    first = start_worker(worker_config, "doomed", tmp_path)
    try:
        wait_for(lambda: findings_on_page() >= 50, 120, "the first chunk of findings")
        assert findings_on_page() < 61, "the page finished before the kill"
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
    assert queue_counts(settings, WIKI).get("doing") == 1  # the killed worker's job, stalled

    second = start_worker(worker_config, "heir", tmp_path)
    try:
        wait_for(lambda: drained(settings), 180, "the stalled job to be retried and finished")
    finally:
        assert stop_worker(second) == 0, (tmp_path / "heir.log").read_text()

    assert findings_on_page() == 61
    assert duplicate_findings(db) == 0
    with db.session() as session:
        page = session.scalar(select(Page).where(Page.title == title))
        assert page.rev_id == saved.rev_id and page.checked_at is not None
        runs = {r.worker: r for r in session.scalars(select(Run).where(Run.kind == "worker"))}
        assert runs["heir"].counts["pages_checked"] == 1 and runs["heir"].status == "ok"
        assert (
            runs["heir"].counts["citations_scored"] + runs["heir"].counts.get("findings_unverifiable", 0)
            <= 11
        )
    assert "interrupted" in run_cli(worker_config, tmp_path, "runs", "--kind", "worker").stdout
    db.dispose()


def test_a_changed_fact_is_queued_once_by_two_workers(
    own_wiki, worker_config: Path, source_server, tmp_path: Path
) -> None:
    """A year changed under a kept citation, its page enqueued twice and taken by two workers: one finding
    with the reason "changed fact" (the source, a real news article, gives the old year)."""
    _, api = own_wiki
    settings = load_settings(worker_config)
    title = f"Council ({tag(tmp_path)})"
    claim = "The Seattle City Council will have the most women on the council since 1994."

    def text(sentence: str) -> str:
        return f"{sentence}<ref>[{source_server.base_url}/article.html Council seats]</ref>\n"

    def check_with_two_workers(round_: int, enqueues: int) -> None:
        for _ in range(enqueues):
            assert run_cli(worker_config, tmp_path, "patrol", "--once", f"--page={title}").returncode == 0
        names = [f"r{round_}w{i}" for i in (1, 2)]
        workers = [start_worker(worker_config, name, tmp_path, "--burst") for name in names]
        assert [w.wait(timeout=300) for w in workers] == [0, 0], [
            (tmp_path / f"{name}.log").read_text() for name in names
        ]
        assert drained(settings)

    api.edit(title, text(claim))
    check_with_two_workers(1, 1)
    api.edit(title, text(claim.replace("1994", "1996")))
    check_with_two_workers(2, 2)
    check_with_two_workers(3, 1)  # a re-run of the same revision
    db = Database(settings.database_url)
    with db.session() as session:
        changed = list(
            session.scalars(
                select(Finding)
                .join(Citation)
                .join(Page)
                .where(Page.title == title, Finding.flag_reason.like("changed fact%"))
            )
        )
    assert len(changed) == 1 and changed[0].change["new"] == "1996"
    assert duplicate_findings(db) == 0
    db.dispose()


def test_backfill_from_the_wikis_own_dump_checks_every_article_without_page_text_calls(
    own_wiki, worker_config: Path, source_server, tmp_path: Path
) -> None:
    info, api = own_wiki
    settings = load_settings(worker_config)
    for i in range(3):
        api.edit(f"Backfilled river {i} ({tag(tmp_path)})", article(2, source_server.base_url))
    api.edit(f"Backfill redirect ({tag(tmp_path)})", f"#REDIRECT [[Backfilled river 0 ({tag(tmp_path)})]]")
    dump = testwiki.dump(info.state_dir, tmp_path / "testwiki-current.xml.bz2")

    from sidebot.workers.backfill import dump_articles, open_dump

    with open_dump(dump) as file:
        expected = {a.ref.title: a.ref.rev_id for a in dump_articles(file, [0])}
    assert f"Backfilled river 2 ({tag(tmp_path)})" in expected
    assert f"Backfill redirect ({tag(tmp_path)})" not in expected
    assert len(expected) >= 4  # with the Main Page

    part = run_cli(worker_config, tmp_path, "backfill", "--dump", str(dump), "--limit", "2")
    assert part.returncode == 0, part.stderr
    assert "2 enqueued" in part.stdout and "run again to resume" in part.stdout
    rest = run_cli(worker_config, tmp_path, "backfill", "--dump", str(dump))
    assert f"{len(expected) - 2} enqueued" in rest.stdout and "dump finished" in rest.stdout
    assert "resumed after page id" in rest.stdout
    assert queue_counts(settings, WIKI) == {"todo": len(expected)}

    worker = start_worker(worker_config, "backfiller", tmp_path)
    try:
        wait_for(lambda: drained(settings), 180, "the backfill to be checked")
    finally:
        assert stop_worker(worker) == 0, (tmp_path / "backfiller.log").read_text()
    db = Database(settings.database_url)
    with db.session() as session:
        checked = {
            p.title: p.rev_id for p in session.scalars(select(Page).where(Page.checked_at.is_not(None)))
        }
        run = session.scalar(select(Run).where(Run.worker == "backfiller"))
        origins = set(session.scalars(select(Finding.origin).where(Finding.run_id == run.id)))
    assert checked == expected
    assert origins == {"backfill"}  # the review queue can tell a backfill's findings apart
    assert run.counts["pages_checked"] == len(expected)
    assert run.counts.get("page_texts_fetched", 0) == 0  # every text came from the dump
    db.dispose()


def test_a_file_that_is_not_a_dump_is_one_clear_error(worker_config: Path, tmp_path: Path) -> None:
    bad = tmp_path / "notes.xml"
    bad.write_text("<html><body>not a dump</body></html>", encoding="utf-8")
    done = run_cli(worker_config, tmp_path, "backfill", "--dump", str(bad))
    assert done.returncode == 2
    assert "not a MediaWiki XML dump" in done.stderr


def test_workers_refuse_a_sqlite_queue(tmp_path: Path) -> None:
    config = tmp_path / "sqlite.toml"
    config.write_text(f'[database]\nurl = "sqlite:///{tmp_path / "q.db"}"\n[workers]\nenabled = true\n')
    done = run_cli(config, tmp_path, "worker")
    assert done.returncode == 2
    assert "workers need a PostgreSQL queue database" in done.stderr


# ---- the queue database going away (hostile) ---------------------------------------------------------------


@pytest.fixture
def own_postgres() -> Iterator[TempPostgres]:
    """A PostgreSQL server of the test's own: it is stopped and started again, which the session's shared
    server must not be."""
    server = start_postgres()
    yield server
    server.stop()


def outage_config(own_wiki, server: TempPostgres, tmp_path: Path, workers: str) -> Path:
    info, _ = own_wiki
    url = server.create_database("outage")
    config = tmp_path / "sidebot.toml"
    config.write_text(
        info.config_path.read_text(encoding="utf-8")
        + f'\n[database]\nurl = "{url}"\n'
        + f"\n[workers]\nenabled = true\nstalled_after = 6\nheartbeat_every = 1\nretry_wait = 1\n{workers}\n"
        + '\n[verify]\nscorer = "url-depth"\n\n[retrieve]\nenabled = false\n',
        encoding="utf-8",
    )
    return config


def started(worker: subprocess.Popen, log: Path) -> None:
    wait_for(lambda: b"taking" in log.read_bytes() or worker.poll() is not None, 180, "the worker to start")
    assert worker.poll() is None, log.read_text()
    time.sleep(3)  # procrastinate's loop, listener and heartbeat are up


def outage_lines(log: Path) -> list[str]:
    return [
        line.split(": ", 1)[1] for line in log.read_text().splitlines() if "sidebot.workers.outage:" in line
    ]


@pytest.mark.hostile
def test_a_worker_waits_out_a_database_outage_and_carries_on(
    own_wiki, own_postgres: TempPostgres, source_server, tmp_path: Path
) -> None:
    """PostgreSQL stops under an idle worker and comes back 10 s later: the worker says so in a line per
    state change, no traceback, and takes the next job without a restart."""
    _, api = own_wiki
    config = outage_config(
        own_wiki, own_postgres, tmp_path, "database_retry_wait = 1\ndatabase_retry_max = 2"
    )
    settings = load_settings(config)
    title = f"Outage river ({tag(tmp_path)})"
    api.edit(title, article(2, source_server.base_url))
    worker = start_worker(config, "steady", tmp_path)
    log = tmp_path / "steady.log"
    try:
        started(worker, log)
        own_postgres.shut_down()
        time.sleep(10)
        assert worker.poll() is None, log.read_text()
        own_postgres.start()
        enqueued = run_cli(config, tmp_path, "patrol", "--once", f"--page={title}")
        assert enqueued.returncode == 0, enqueued.stderr
        wait_for(lambda: drained(settings), 120, "the job enqueued after the outage to be done")
        assert worker.poll() is None, log.read_text()
    finally:
        code = stop_worker(worker)
    text = log.read_text()
    assert code == 0 and "Traceback" not in text, text
    said = outage_lines(log)
    assert said[0].startswith("database lost: ") and said[-1].startswith("database back after "), said
    assert len(said) <= 3 and all(line.startswith("retrying the database") for line in said[1:-1]), said
    assert len(text.splitlines()) <= 8, text
    db = Database(settings.database_url)
    with db.session() as session:
        (run,) = session.scalars(select(Run).where(Run.kind == "worker"))
        assert run.status == "ok" and run.counts["pages_checked"] == 1 and run.counts["citations_scored"] == 2
    db.dispose()


@pytest.mark.hostile
def test_a_worker_whose_database_stays_away_stops_with_one_clear_line(
    own_wiki, own_postgres: TempPostgres, tmp_path: Path
) -> None:
    config = outage_config(
        own_wiki, own_postgres, tmp_path, "database_outage_wait = 3\ndatabase_retry_wait = 1"
    )
    worker = start_worker(config, "abandoned", tmp_path)
    log = tmp_path / "abandoned.log"
    try:
        started(worker, log)
        own_postgres.shut_down()
        code = worker.wait(timeout=180)
    finally:
        if worker.poll() is None:
            worker.kill()
    text = log.read_text()
    assert code == 2 and "Traceback" not in text, text
    assert text.strip().splitlines()[-1] == (
        "error: the queue database stayed unreachable for 3 s (workers.database_outage_wait)"
    ), text
    said = outage_lines(log)
    assert said[0].startswith("database lost: ") and "still unreachable" in said[-1], said
    assert len(text.splitlines()) <= 8, text
