"""``sidebot serve``, ``sidebot bench ui`` and ``sidebot bench check`` (sidebot.cli.serve), as commands."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from sidebot.bench.check import run_check_benchmark
from sidebot.cli.serve import bench_ui
from sidebot.config import Settings

# How sidebot.cli.app mounts the command: a Typer app whose callback puts the Settings in the context.
CLI = """
import sys
import typer
from sidebot.config import load_settings
from sidebot.cli.serve import serve

app = typer.Typer()

@app.callback()
def main(ctx: typer.Context) -> None:
    ctx.obj = load_settings(None)

app.command("serve")(serve)
app(sys.argv[1:])
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _serve(tmp_path: Path, port: int) -> subprocess.Popen:
    env = os.environ | {
        "SIDEBOT_HOME": str(tmp_path),
        "SIDEBOT_DATABASE_URL": f"sqlite:///{tmp_path / 'q.db'}",
    }
    env.pop("SIDEBOT_CONFIG", None)
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_serve_prints_its_address_and_serves_the_queue(tmp_path: Path):
    port = _free_port()
    server = _serve(tmp_path, port)
    try:
        banner = server.stdout.readline()
        assert f"http://127.0.0.1:{port}" in banner
        deadline = time.monotonic() + 60
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/queue", timeout=5)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and server.poll() is None, server.stderr.read()
                time.sleep(0.2)
        assert page.status_code == 200 and "Citations to check" in page.text
        assert (tmp_path / "web-secret.key").stat().st_mode & 0o077 == 0
    finally:
        server.terminate()
        server.wait(10)


def test_serve_on_a_busy_port_says_so(tmp_path: Path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        server = _serve(tmp_path, busy.getsockname()[1])
        _, errors = server.communicate(timeout=60)
    assert server.returncode == 2 and "is in use" in errors


def test_bench_ui_reports_percentiles(tmp_path: Path):
    out = tmp_path / "bench.json"
    bench_ui(findings=500, repeats=5, backend=["sqlite"], json_out=out)
    [report] = json.loads(out.read_text())
    assert report["backend"] == "sqlite" and report["findings"] == 500
    names = {s["scenario"] for s in report["scenarios"]}
    assert {"open, first page", "mine (logged in)", "JSON API, open first page"} <= names
    for row in [*report["scenarios"], report["overall"]]:
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["max_ms"]


def test_bench_check_times_new_and_cached_urls(tmp_path: Path):
    """The demo's pages on a loopback server, the shipped verifier: five new URLs, then the same five."""
    result = run_check_benchmark(Settings(home=tmp_path), 5, progress=lambda _: None)
    for timing in (result.new_url, result.cached):
        row = timing.row()
        assert row["n"] == 5 and 0 < row["p50_ms"] <= row["p95_ms"] <= row["max_ms"]
    assert result.from_cache == 5  # the second pass is answered from the source cache
    assert sum(result.states.values()) == 11 and set(result.states) <= {"passed", "open"}  # every page read
    assert result.load_seconds > 0
