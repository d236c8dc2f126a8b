"""``sidebot bench check``: how fast ``POST /api/check`` answers an editor, for a URL never read before and
for one the source cache holds.

The demo's WiCE sources are served as their sandbox pages by a loopback HTTP server (each under its own
address, so each is a new URL once); the app runs in this process with the patrol's check
(:class:`sidebot.patrol.precheck.EditCheck`) on a fresh SQLite queue and the shipped verifier (or the
configured verifier server), and each request checks one citation: the demo claim with its source. The
verifier is loaded by an untimed first check. Per-host pacing is off (every page is on one loopback host);
the soft-404 probe and robots.txt are read as configured, so a new URL costs what it costs on a site.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from fastapi import Request

from sidebot.bench.web import Timing
from sidebot.config import Settings
from sidebot.sandbox.demo_content import DemoSource

BENCH_USER = "Bench editor"
LOOPBACK_WIKI = "http://127.0.0.1/w/api.php"  # every source is on loopback: no operator contact needed
BENCH_LOGIN_PATH = "/bench-login"  # added to the benchmark's own app only: a session without a wiki


@dataclass
class CheckBench:
    """What ``sidebot bench check`` measured: the check's timings for new URLs and for cached ones, the
    untimed first check's seconds, the findings' states by count, and how many second-pass answers came from
    the cache."""

    new_url: Timing
    cached: Timing
    load_seconds: float  # the untimed first check: the verifier's loading and its first batch
    states: dict[str, int]
    from_cache: int  # answers of the second pass that the source cache gave (all of them, when it works)


def run_check_benchmark(
    settings: Settings, count: int, progress: Callable[[str], None] = print
) -> CheckBench:
    """Check ``count`` demo citations twice each (new URL, then cached), one citation per request."""
    from fastapi.testclient import TestClient

    from sidebot.patrol.precheck import EditCheck
    from sidebot.queue.db import Database
    from sidebot.sandbox.demo_content import demo_sources
    from sidebot.web.app import create_app
    from sidebot.web.sessions import Login, log_in

    sources = demo_sources()[: count + 1]
    if len(sources) <= count:
        raise ValueError(f"the demo has {len(sources)} sources: check at most {len(sources) - 1}")
    with _served(sources) as base, tempfile.TemporaryDirectory(prefix="sidebot-bench-check-") as home:
        fetch = settings.fetch.model_copy(update={"allow_networks": ["127.0.0.1/32"], "per_host_delay": 0.0})
        local = settings.model_copy(update={"home": Path(home), "fetch": fetch})
        db = Database(f"sqlite:///{home}/bench.db")
        web = local.web.model_copy(
            update={"check_per_hour": 10 * count + 10, "check_per_day": 10 * count + 10, "port": 8080}
        )
        app = create_app(local, db, web, EditCheck(local, db, api_url=LOOPBACK_WIKI))

        def bench_login(request: Request) -> dict:
            log_in(request, db, Login(BENCH_USER, "benchwiki"), 3600)
            return {}

        app.add_api_route(BENCH_LOGIN_PATH, bench_login)
        app.router.routes.insert(0, app.router.routes.pop())  # before the pages' own routes
        states: dict[str, int] = {}
        from_cache = [0]
        with TestClient(app) as client:
            client.get(BENCH_LOGIN_PATH).raise_for_status()
            token = client.get("/api/session").json()["csrf_token"]

            def check(index: int) -> float:
                source = sources[index]
                body = {"title": source.claim.article_title or "Bench", "refs": [_ref(source, base, index)]}
                started = time.perf_counter()
                answer = client.post("/api/check", json=body, headers={"X-CSRF-Token": token})
                elapsed = time.perf_counter() - started
                answer.raise_for_status()
                for ref in answer.json()["refs"]:
                    states[ref["state"]] = states.get(ref["state"], 0) + 1
                    from_cache[0] += ref["cached"]
                return elapsed

            progress("loading the verifier (an untimed first check) …")
            load = check(count)  # the last source: never timed
            new, cached = Timing("new URL", "/api/check"), Timing("cached URL", "/api/check")
            progress(f"timing {count} new URLs, then the same {count} from the cache …")
            new.seconds = [check(i) for i in range(count)]
            from_cache[0] = 0
            cached.seconds = [check(i) for i in range(count)]
        db.dispose()
    return CheckBench(new, cached, load, states, from_cache[0])


def _ref(source: DemoSource, base: str, index: int) -> dict[str, str]:
    return {"claim": source.claim.text, "url": f"{base}/bench/{index}/{source.id}"}


@contextmanager
def _served(sources: list[DemoSource]) -> Iterator[str]:
    """The sources' sandbox pages on a loopback server, ``/bench/<index>/<id>``; yields its base URL."""
    from sidebot.sandbox.source_server import render_source_page

    pages: dict[str, bytes] = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            body = pages.get(self.path)
            status = 200 if body is not None else 404
            body = body if body is not None else b"<html><body><h1>Not Found</h1></body></html>"
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    base = f"http://127.0.0.1:{server.server_address[1]}"
    for index, source in enumerate(sources):
        pages[f"/bench/{index}/{source.id}"] = render_source_page(source, base).encode("utf-8")
    threading.Thread(target=server.serve_forever, name="bench-sources", daemon=True).start()
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()
