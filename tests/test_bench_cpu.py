"""The CPU accounting beside `sidebot bench workers` timings, on real processes of this machine."""

from __future__ import annotations

import subprocess
import sys
import time

from sidebot.bench.cpu import KINDS, _kind, snapshot, spent

BURN = "import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end: pass\ninput()"


def test_a_workers_cpu_is_counted_as_the_workers_and_within_the_machines() -> None:
    worker = subprocess.Popen([sys.executable, "-c", BURN], stdin=subprocess.PIPE, text=True)
    try:
        before = snapshot([worker.pid])
        busy = subprocess.run([sys.executable, "-c", BURN], input="\n", text=True)  # not a worker: "other"
        assert busy.returncode == 0
        time.sleep(1.5)  # the worker burns its 0.6 s, then waits for input
        after = snapshot([worker.pid])
    finally:
        worker.communicate("\n", timeout=30)
    used = spent(before, after)
    assert set(used) == {*KINDS, "machine_busy"}
    assert 0.3 <= used["workers"] <= 1.5
    assert used["machine_busy"] >= used["workers"] + 0.3  # the other process's burn is on the machine


def test_processes_are_told_apart_by_name_and_command() -> None:
    assert _kind("python3", ["/usr/bin/python3", "-m", "sidebot.sandbox.source_server", "--port", "1"]) == (
        "source server"
    )
    assert _kind("php8.2", ["php", "-S", "127.0.0.1:8080"]) == "wiki (PHP)"
    assert _kind("postgres", ["/usr/lib/postgresql/15/bin/postgres", "-D", "/tmp/pg"]) == "PostgreSQL"
    assert _kind("python3", ["python3", "-m", "pytest"]) == "other"


def test_speedups_over_rounds_are_reported_as_medians_per_kind() -> None:
    from sidebot.bench.workers import _median_speedups

    rows = [
        {"verifier": kind, "feed": False, "workers": count, "round": r, "speedup": value}
        for kind, count, r, value in [
            ("in each worker", 1, 0, 1.0),
            ("in each worker", 2, 0, 1.5),
            ("in each worker", 1, 1, 1.0),
            ("in each worker", 2, 1, 1.9),
            ("in each worker", 1, 2, 1.0),
            ("in each worker", 2, 2, 1.7),
            ("one verifier server", 2, 0, 1.2),
        ]
    ]
    medians = {(m["verifier"], m["workers"]): m for m in _median_speedups(rows)}
    assert medians["in each worker", 2]["median"] == 1.7
    assert medians["in each worker", 2]["rounds"] == [1.5, 1.9, 1.7]
    assert medians["one verifier server", 2]["median"] == 1.2
