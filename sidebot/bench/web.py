"""``sidebot bench ui``: how fast the queue list answers with a large queue, on SQLite and on PostgreSQL.

For each database it fills a fresh queue with ``findings`` findings, serves the app with uvicorn in a separate
process on 127.0.0.1, and times sequential requests of the list page (and the JSON list) over typical
filters. The goal is p95 < 200 ms.

The filled queue is benchmark data, not findings: the claims and source titles are the demo's real WiCE
text, reused round-robin, but the scores, states, origins, dates and reviews are drawn at random (seeded), and
the articles are named "Bench article N". Nothing else reads these databases; they are deleted afterwards.
"""

from __future__ import annotations

import base64
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import httpx

from sidebot.queue.benchmarks import insert_findings, insert_wiki, refresh_statistics
from sidebot.queue.db import Database
from sidebot.queue.models import utcnow

BATCH = 5000
REVIEWERS = 50
BENCH_USER = "Bench reviewer 1"
STATES = (("open", 0.55), ("passed", 0.15), ("reviewed", 0.12), ("unverifiable", 0.06), ("stale", 0.12))
ORIGINS = (("recent", 0.7), ("failed_verification", 0.25), ("page", 0.05))
FIRM = ("unsupported", "only_part", "supported", "better_suggestion")


@dataclass
class Timing:
    """The response times, in seconds, of repeated requests to one path of the review UI, under a scenario
    name."""

    name: str
    path: str
    seconds: list[float] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        """The ``q`` quantile (0..1) of the times, by nearest rank, in seconds."""
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]

    def row(self) -> dict[str, float | str | int]:
        """The scenario's table row: request count and p50, p95 and max in milliseconds."""
        return {
            "scenario": self.name,
            "path": self.path,
            "n": len(self.seconds),
            "p50_ms": round(self.percentile(0.5) * 1000, 1),
            "p95_ms": round(self.percentile(0.95) * 1000, 1),
            "max_ms": round(max(self.seconds) * 1000, 1),
        }


@dataclass
class BackendResult:
    """One database backend's run: the findings filled in, the seconds the fill took and the timing of each
    scenario."""

    backend: str
    findings: int
    fill_seconds: float
    timings: list[Timing]

    @property
    def overall(self) -> Timing:
        """Every request to a queue list page, all scenarios together."""
        pages = Timing("all list-page requests", "/queue…")
        for t in self.timings:
            if t.path.startswith("/queue"):
                pages.seconds.extend(t.seconds)
        return pages


def scenarios(pages: int) -> list[tuple[str, str]]:
    """(name, path) of the requests timed: the list page as people use it, and the JSON list."""
    return [
        ("open, first page", "/queue"),
        ("open, page 200", "/queue?page=200"),
        ("open, last page", f"/queue?page={pages}"),
        ("all states", "/queue?status=all"),
        ("reviewed (newest decision first)", "/queue?status=reviewed"),
        ("mine (logged in)", "/queue?status=mine"),
        ("article title prefix", "/queue?article=bench+article+12"),
        ("found by failed-verification sweep", "/queue?origin=failed_verification"),
        (
            "flagged in a date range",
            f"/queue?since={(utcnow() - timedelta(days=20)).date()}&"
            f"until={(utcnow() - timedelta(days=10)).date()}",
        ),
        (
            "wiki + origin + dates",
            f"/queue?status=all&wiki=benchwiki&origin=recent&since={(utcnow() - timedelta(days=30)).date()}",
        ),
        ("JSON API, open first page", "/api/findings"),
    ]


def run_benchmark(
    backends: list[str], findings: int, repeats: int, seed: int = 1, progress: Callable[[str], None] = print
) -> list[BackendResult]:
    """For each backend (``sqlite`` or ``postgresql``), a throwaway database filled with ``findings``
    synthetic findings (deterministic for ``seed``) and the review UI's pages timed ``repeats`` times each."""
    results = []
    for backend in backends:
        with _database(backend) as url:
            progress(f"{backend}: filling {findings:,} findings …")
            database = Database(url)
            started = time.perf_counter()
            fill(database, findings, seed)
            fill_seconds = time.perf_counter() - started
            database.dispose()
            progress(f"{backend}: filled in {fill_seconds:.1f} s; timing {repeats} requests per scenario …")
            results.append(
                BackendResult(backend, findings, fill_seconds, _time_requests(url, findings, repeats))
            )
    return results


def fill(db: Database, findings: int, seed: int = 1) -> None:
    """Bulk-insert the benchmark queue (see the module docstring for what is real in it)."""
    from sidebot.sandbox.demo_content import demo_sources

    texts = [(s.claim.text, s.claim.section, s.claim.context, s.title) for s in demo_sources()]
    rng = random.Random(seed)
    now = utcnow()
    per_page = 10
    insert_wiki(
        db,
        "benchwiki",
        [{"id": p + 1, "title": f"Bench article {p + 1}"} for p in range(-(-findings // per_page))],
        [
            {
                "id": s + 1,
                "url_hash": f"{s:064d}",
                "url": f"https://bench.invalid/{s}",
                "status": "ok",
                "title": texts[s][3],
                "fetched_at": now,
            }
            for s in range(len(texts))
        ],
    )
    for start in range(0, findings, BATCH):
        citations, rows, reviews = [], [], []
        for i in range(start, min(findings, start + BATCH)):
            claim, section, context, _ = texts[i % len(texts)]
            state = _pick(rng, STATES)
            created = now - timedelta(days=rng.uniform(0, 90))
            citations.append(
                {
                    "id": i + 1,
                    "page_id": i // per_page + 1,
                    "fingerprint": f"bench-{i}",
                    "url": f"https://bench.invalid/{i % len(texts)}",
                    "claim": claim,
                    "context": context,
                    "section": section,
                    "tags": [],
                    "created_at": created,
                    "updated_at": created,
                }
            )
            rows.append(
                {
                    "id": i + 1,
                    "citation_id": i + 1,
                    "source_id": i % len(texts) + 1,
                    "scorer": "bench",
                    "score": None if state == "unverifiable" else rng.uniform(-5, 5),
                    "evidence": [],
                    "state": state,
                    "origin": _pick(rng, ORIGINS),
                    "created_at": created,
                    "updated_at": created,
                }
            )
            if state == "reviewed":
                reviews.append(
                    {
                        "finding_id": i + 1,
                        "reviewer": f"Bench reviewer {rng.randint(1, REVIEWERS)}",
                        "decision": rng.choice(FIRM),
                        "created_at": created + timedelta(hours=1),
                    }
                )
        insert_findings(db, citations, rows, reviews)
    refresh_statistics(db)


def _pick(rng: random.Random, weighted: tuple[tuple[str, float], ...]) -> str:
    return rng.choices([v for v, _ in weighted], weights=[w for _, w in weighted])[0]


@contextmanager
def _database(backend: str) -> Iterator[str]:
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="sidebot-bench-") as folder:
            yield f"sqlite:///{folder}/bench.db"
    elif backend == "postgres":
        from sidebot.sandbox.postgres import start_postgres

        server = start_postgres()
        try:
            yield server.create_database("bench")
        finally:
            server.stop()
    else:
        raise ValueError(f"unknown backend {backend!r}: choose sqlite or postgres")


def _time_requests(url: str, findings: int, repeats: int) -> list[Timing]:
    with tempfile.TemporaryDirectory(prefix="sidebot-bench-home-") as home:
        key = "bench-" + base64.urlsafe_b64encode(bytes(range(32))).decode()
        (Path(home) / "web-secret.key").write_text(key)
        port = _free_port()
        code = f"from sidebot.bench.web import _serve; _serve({url!r}, {home!r}, {port})"
        server = subprocess.Popen([sys.executable, "-c", code])
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_ready(base, server)
            open_pages = -(-int(findings * dict(STATES)["open"]) // 50)
            timings = []
            with httpx.Client(
                base_url=base, timeout=60, cookies={"sidebot_session": _session_cookie(key)}
            ) as client:
                for name, path in scenarios(open_pages):
                    timing = Timing(name, path)
                    client.get(path).raise_for_status()  # warm the caches once, untimed
                    for _ in range(repeats):
                        started = time.perf_counter()
                        client.get(path).raise_for_status()
                        timing.seconds.append(time.perf_counter() - started)
                    timings.append(timing)
            return timings
        finally:
            server.terminate()
            server.wait(10)


def _serve(url: str, home: str, port: int) -> None:
    import uvicorn

    from sidebot.config import Settings
    from sidebot.web.app import create_app
    from sidebot.web.settings import WebSettings

    app = create_app(Settings(home=Path(home)), Database(url), WebSettings(port=port))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", access_log=False)


def _session_cookie(key: str) -> str:
    """A signed session of BENCH_USER, as the app's SessionMiddleware writes it, for the "mine" tab."""
    from itsdangerous import TimestampSigner

    data = base64.b64encode(
        json.dumps({"user": BENCH_USER, "login_at": time.time(), "csrf": "bench"}).encode()
    )
    return TimestampSigner(key).sign(data).decode()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_ready(base: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("the benchmark's web server stopped while starting")
        try:
            httpx.get(base + "/api/session", timeout=2)
            return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("the benchmark's web server did not start within 120 s")
