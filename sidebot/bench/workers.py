"""`sidebot bench workers`: how the page rate grows with worker processes, and what a SIGKILL costs.

On the local sandbox (the demo's articles on a real MediaWiki, their sources served on loopback) and a
throwaway PostgreSQL: for each worker count, a fresh queue database, the workers started and ready (model
loaded, logged in), then every article enqueued and the time until the queue is empty. Each worker reads
its pages from the wiki's API and fetches their sources, like a recent-changes patrol; torch gets one
thread per worker, so N workers use N cores. Retrieval (suggestions) is off: it measures the patrol. With
``feed``, each timing is repeated with the corpus feed on (the workers record the sources that back their
claims, then one `sidebot index update` adds them to the corpus and indexes them, its CPU counted apart):
the cost of feeding per page checked.

Then the kill run: two workers, one killed with SIGKILL when half the pages are done; the other finishes
(the killed job included, once the dead worker's heartbeat is stale). Reported: findings stored twice for
one citation, and findings against the one-worker run's total (nothing lost, nothing added).
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from sidebot.bench.cpu import snapshot, spent
from sidebot.config import Settings, load_settings
from sidebot.queue.benchmarks import cited_source_count, database_size, finding_counts, worker_runs
from sidebot.queue.db import Database
from sidebot.sandbox import sandbox
from sidebot.sandbox.demo_content import demo_article_titles
from sidebot.sandbox.postgres import TempPostgres, start_postgres
from sidebot.sandbox.testwiki_api import MediaWikiApi
from sidebot.serving.process import free_port, start_verifier_server
from sidebot.serving.process import stop as stop_server
from sidebot.wiki.pages import PageRef
from sidebot.workers.jobs import PageQueue, queue_counts

IN_PROCESS, SERVED = "in each worker", "one verifier server"
STALLED_AFTER = 10.0  # seconds: how soon the kill run's surviving worker takes the dead one's job over


def run_bench(
    settings: Settings,
    worker_counts: list[int],
    pages: int,
    state_dir: Path | None = None,
    progress: Callable[[str], None] = print,
    verifier_server: bool = False,
    loopback_only: bool = False,
    rounds: int = 1,
    feed: bool = False,
) -> dict[str, Any]:
    """Time ``pages`` articles with each worker count, then the kill run; returns the figures. With
    ``verifier_server``, each worker count is also timed with the workers sending their citations to one
    `sidebot serve-verifier` (started for that timing, torch's default threads) instead of each loading the
    model, in the same run. With ``loopback_only``, only the demo's WiCE articles are timed: their sources
    are all on the loopback source server, while the real Wikipedia articles cite hosts this sandbox cannot
    resolve, and each such lookup waits on the resolver (up to 5 s, more often with many lookups at once),
    which is not the patrol's cost. With ``rounds`` > 1 the worker counts are timed again in turn (1, 2, 1, 2,
    …), each speed-up is against one worker of the same round, and the medians are reported: on a shared
    machine one timing swings by tens of percent. With ``feed``, every timing is also made with the corpus
    feed on, right after the same timing with it off (module docstring)."""
    state = state_dir or Path(tempfile.mkdtemp(prefix="sidebot-bench-workers-"))
    progress(f"starting the sandbox wiki and its source server in {state}")
    info = sandbox.up(state)
    postgres = start_postgres()
    work = Path(tempfile.mkdtemp(prefix="sidebot-bench-run-"))
    try:
        refs = _articles(info["api_url"], pages, demo_article_titles("wice") if loopback_only else None)
        progress(f"{len(refs)} articles; PostgreSQL on port {postgres.port}")
        timings: list[dict[str, Any]] = []
        reference: int | None = None
        indexer: Indexer | None = None
        base = Path(info["config_path"])
        for round_ in range(rounds):
            for count in worker_counts:
                name = f"bench_{count}_{round_}_{os.getpid()}"
                row = _timed(_config(base, postgres, name, work), refs, count, work, progress)
                reference = reference if reference is not None else row["findings"]
                timings.append(row | {"verifier": IN_PROCESS, "round": round_, "feed": False})
                if feed:
                    indexer = indexer or Indexer()
                    config = _config(base, postgres, f"{name}_feed", work, feed=True)
                    fed = _timed(config, refs, count, work, progress)
                    fed |= _indexed(config, work, indexer, progress)
                    timings.append(fed | {"verifier": IN_PROCESS, "round": round_, "feed": True})
                if verifier_server:  # the same workers with the model behind one server, in the same run
                    served = _timed_with_server(base, postgres, refs, count, work, progress, round_)
                    timings.append(served | {"round": round_, "feed": False})
        for row in timings:  # against one worker of the same round with the verifier the same way
            one = next(
                (
                    t
                    for t in timings
                    if t["workers"] == 1
                    and (t["verifier"], t["round"], t["feed"]) == (row["verifier"], row["round"], row["feed"])
                ),
                row,
            )
            row["speedup"] = row["pages_per_minute"] / one["pages_per_minute"]
        config = _config(Path(info["config_path"]), postgres, f"bench_kill_{os.getpid()}", work)
        kill = _kill_run(config, refs, work, progress)
        kill["findings_one_worker"] = reference
        return {
            "when": datetime.now().isoformat(timespec="seconds"),
            "cpus": os.cpu_count(),
            "verifiers": [IN_PROCESS, SERVED] if verifier_server else [IN_PROCESS],
            "pages": len(refs),
            "articles": "the WiCE articles (sources on loopback)" if loopback_only else "all",
            "rounds": rounds,
            "timings": timings,
            "median_speedups": _median_speedups(timings),
            "feed_costs": _feed_costs(timings),
            "kill": kill,
        }
    finally:
        postgres.stop()
        sandbox.down(state)


def _median_speedups(timings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per verifier kind, feed and worker count: the median speed-up over the rounds, and every round's."""
    groups: dict[tuple[str, bool, int], list[float]] = {}
    for row in timings:
        groups.setdefault((row["verifier"], row["feed"], row["workers"]), []).append(row["speedup"])
    return [
        {
            "verifier": verifier,
            "feed": fed,
            "workers": count,
            "median": statistics.median(values),
            "rounds": values,
        }
        for (verifier, fed, count), values in groups.items()
    ]


def _patrol_cpu(row: dict[str, Any]) -> float:
    """CPU seconds spent checking the pages: the workers' and the queue database's (feeding writes there)."""
    return row["cpu_seconds"]["workers"] + row["cpu_seconds"]["PostgreSQL"]


def _feed_costs(timings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per timing with the feed on, against the same worker count and round with it off: CPU per page
    checked without feeding, with it (the workers' recording), and the indexer's, and the extra in all."""
    costs = []
    for on in (t for t in timings if t["feed"]):
        off = next(
            t
            for t in timings
            if not t["feed"]
            and (t["workers"], t["round"], t["verifier"]) == (on["workers"], on["round"], on["verifier"])
        )
        pages_off, pages_on = max(off["pages_checked"], 1), max(on["pages_checked"], 1)
        per_page_off = _patrol_cpu(off) / pages_off
        per_page_on = _patrol_cpu(on) / pages_on
        indexer = on["indexer_cpu_seconds"] / pages_on
        costs.append(
            {
                "workers": on["workers"],
                "round": on["round"],
                "cpu_per_page_off": per_page_off,
                "cpu_per_page_on": per_page_on,
                "indexer_cpu_per_page": indexer,
                "extra": (per_page_on + indexer) / per_page_off - 1,
                "extra_recording_only": per_page_on / per_page_off - 1,
                "cited_sources_recorded": on["cited_sources_recorded"],
                "passages_indexed": on["passages_indexed"],
                "indexer_startup_cpu_seconds": on["indexer_startup_cpu_seconds"],
            }
        )
    return costs


def _articles(api_url: str, limit: int, only: list[str] | None = None) -> list[PageRef]:
    """The wiki's articles at their latest revision (one API listing; the workers fetch the texts); with
    ``only``, those of these titles."""
    with MediaWikiApi(api_url) as api:
        answer = api.query(
            generator="allpages",
            gapnamespace=0,
            gapfilterredir="nonredirects",
            gaplimit="max",
            prop="revisions",
            rvprop="ids|timestamp",
            formatversion=2,
        )
    refs = [
        PageRef(
            p["title"],
            p["pageid"],
            p["revisions"][0]["revid"],
            datetime.fromisoformat(p["revisions"][0]["timestamp"].replace("Z", "+00:00")),
            "page",
        )
        for p in answer.get("pages", [])
        if only is None or p["title"] in only
    ]
    return sorted(refs, key=lambda r: r.page_id)[:limit]


def _timed_with_server(
    base: Path,
    postgres: TempPostgres,
    refs: list[PageRef],
    count: int,
    work: Path,
    progress: Callable[[str], None],
    round_: int = 0,
) -> dict:
    """:func:`_timed` with the workers' citations verified by one verifier server, started for this timing."""
    port = free_port()
    server = start_verifier_server(port, work / f"verifier-server-{count}-{round_}.log", config=base)
    endpoint = f"http://127.0.0.1:{port}"
    try:
        name = f"bench_server_{count}_{round_}_{os.getpid()}"
        config = _config(base, postgres, name, work, endpoint)
        return _timed(config, refs, count, work, progress) | {"verifier": SERVED}
    finally:
        stop_server(server)


def _config(
    base: Path, postgres: TempPostgres, database: str, work: Path, endpoint: str = "", feed: bool = False
) -> Path:
    url = postgres.create_database(database)
    path = work / f"{database}.toml"
    path.write_text(
        base.read_text(encoding="utf-8")
        + f'\n[database]\nurl = "{url}"\n'
        + f"\n[workers]\nenabled = true\nstalled_after = {STALLED_AFTER}\nheartbeat_every = 2\n"
        + f'\n[verify]\nthreads = 1\nendpoint = "{endpoint}"\n'
        + f"\n[retrieve]\nenabled = false\nfeed = {str(feed).lower()}\n",
        encoding="utf-8",
    )
    return path


def _indexed(config: Path, work: Path, indexer: Indexer, progress: Callable[[str], None]) -> dict[str, Any]:
    """The one indexer's turn after a timing with the feed on, in this process with its JVM started and its
    embedder loaded (as a long-lived indexer has them): its CPU (every thread's, the JVM's included) and what
    it did, into a corpus of this timing's own."""
    from sidebot.patrol.corpus_feed import feed_corpus

    settings = load_settings(config)
    retrieve = settings.retrieve.model_copy(update={"folder": work / f"retrieve-{config.stem}"})
    db = Database(settings.database_url)
    recorded = cited_source_count(db)
    cpu, started = time.process_time(), time.monotonic()
    report = feed_corpus(settings.model_copy(update={"retrieve": retrieve}), db, embedder=indexer.embedder)
    cpu, seconds = time.process_time() - cpu, time.monotonic() - started
    db.dispose()
    progress(f"  indexer: {report.summary()} ({cpu:.1f} s CPU in {seconds:.1f} s)")
    return {
        "indexer_seconds": seconds,
        "indexer_cpu_seconds": cpu,
        "indexer_startup_cpu_seconds": indexer.startup_cpu,
        "cited_sources_recorded": recorded,
        "passages_indexed": report.sparse.indexed if report.sparse else 0,
    }


class Indexer:
    """What an indexer process loads once: the JVM with Lucene's writer classes and the embedder;
    ``startup_cpu`` is what that cost, reported apart from each turn's work. The first Lucene writer a process
    opens loads and compiles its classes (≈ 1 s of CPU here), which a scheduler's indexer pays on its first
    turn only, so a throwaway write pays it here. Torch runs as in the workers (one thread, OpenMP threads
    that sleep when idle): on a busy machine, spinning threads would count others' waits as its CPU."""

    def __init__(self) -> None:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before torch loads, as `sidebot worker` does
        import torch

        from sidebot.retrieve.embed import Embedder
        from sidebot.retrieve.lucene_runtime import lucene_indexer

        torch.set_num_threads(1)
        cpu = time.process_time()
        with tempfile.TemporaryDirectory() as scratch:
            lucene_indexer(Path(scratch), append=False, threads=1, docvectors=True).close()
        self.embedder = Embedder()
        self.embedder.encode(["a first passage loads the model"])
        self.startup_cpu = time.process_time() - cpu


def _start(config: Path, name: str, work: Path) -> subprocess.Popen:
    log = (work / f"{config.stem}-{name}.log").open("wb")
    return subprocess.Popen(
        [sys.executable, "-m", "sidebot", "--config", str(config), "worker", "--name", name],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=os.environ | {"SIDEBOT_HOME": str(work / "home")},
    )


def _wait(condition: Callable[[], bool], timeout: float, what: str, procs: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        if any(p.poll() not in (None, -signal.SIGKILL) for p in procs):
            raise RuntimeError(f"a worker exited while waiting for {what}")
        time.sleep(0.2)
    raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")


def _stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()


def _enqueue(settings: Settings, refs: list[PageRef]) -> None:
    with PageQueue(settings, settings.wiki.name) as queue:
        for ref in refs:
            queue.enqueue(ref)


def _drained(settings: Settings) -> bool:
    counts = queue_counts(settings, settings.wiki.name)
    return not counts.get("todo") and not counts.get("doing")


def _timed(
    config: Path, refs: list[PageRef], count: int, work: Path, progress: Callable[[str], None]
) -> dict:
    settings = load_settings(config)
    db = Database(settings.database_url)
    procs = [_start(config, f"bench-{count}-{i}", work) for i in range(count)]
    try:
        _wait(lambda: len(worker_runs(db)) == count, 300, f"{count} workers to be ready", procs)
        load = os.getloadavg()[0]
        pids = [p.pid for p in procs]
        cpu_before, started = snapshot(pids), time.monotonic()
        _enqueue(settings, refs)
        _wait(lambda: _drained(settings), 3600, "the queue to drain", procs)
        seconds = time.monotonic() - started
        cpu = spent(cpu_before, snapshot(pids))  # before the workers stop, while their times can be read
    finally:
        _stop(procs)
    runs = worker_runs(db)
    findings, twice = finding_counts(db)
    size = database_size(db)
    db.dispose()
    row = {
        "workers": count,
        "pages": len(refs),
        "seconds": seconds,
        "pages_per_minute": len(refs) / seconds * 60,
        "load_before": load,
        "pages_checked": sum(r.counts.get("pages_checked", 0) for r in runs),
        "citations_scored": sum(r.counts.get("citations_scored", 0) for r in runs),
        "page_texts_fetched": sum(r.counts.get("page_texts_fetched", 0) for r in runs),
        "citations_seen": sum(r.counts.get("citations_seen", 0) for r in runs),
        "sources_fetched": sum(r.counts.get("sources_fetched", 0) for r in runs),
        "verify_seconds": sum(r.counts.get("verify_ms", 0) for r in runs) / 1000,
        "fetch_seconds": sum(r.counts.get("fetch_ms", 0) for r in runs) / 1000,
        "database_bytes": size,
        "findings": findings,
        "duplicates": twice,
        "per_worker": {r.worker: r.counts.get("pages_checked", 0) for r in runs},
        "cpu_seconds": cpu,
        "cores_busy": cpu["machine_busy"] / seconds,
    }
    progress(f"{count} worker(s): {len(refs)} pages in {seconds:.1f} s (load average before {load:.2f})")
    return row


def _kill_run(config: Path, refs: list[PageRef], work: Path, progress: Callable[[str], None]) -> dict:
    settings = load_settings(config)
    db = Database(settings.database_url)
    procs = [_start(config, name, work) for name in ("survivor", "victim")]
    try:
        _wait(lambda: len(worker_runs(db)) == 2, 300, "2 workers to be ready", procs)
        _enqueue(settings, refs)

        def half_done() -> bool:
            return sum(r.counts.get("pages_checked", 0) for r in worker_runs(db)) >= len(refs) // 2

        _wait(half_done, 3600, "half the pages", procs)
        doing = queue_counts(settings, settings.wiki.name).get("doing", 0)
        procs[1].send_signal(signal.SIGKILL)
        procs[1].wait(timeout=30)
        progress(f"killed a worker with SIGKILL at half way ({doing} jobs were running)")
        _wait(lambda: _drained(settings), 3600, "the queue to drain after the kill", procs[:1])
    finally:
        _stop(procs)
    runs = {r.worker: r for r in worker_runs(db)}
    findings, twice = finding_counts(db)
    db.dispose()
    checked = sum(r.counts.get("pages_checked", 0) for r in runs.values())
    return {
        "pages": len(refs),
        "pages_checked": checked,
        "findings": findings,
        "duplicates": twice,
        "victim_status": runs["victim"].status if "victim" in runs else None,
        "retried": checked >= len(refs),
    }
