"""Where the CPU of a timed stretch went, by kind of process: the workers, the verifier server, the sandbox
wiki's PHP, the source server, PostgreSQL, and everything else on the machine; and how busy the cores were.

`sidebot bench workers` reports it beside each timing: on a machine with few cores the servers the workers
talk to take cores too, so a second worker cannot double the rate once the cores are busy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import psutil

KINDS = ("workers", "verifier server", "wiki (PHP)", "source server", "PostgreSQL", "other")


@dataclass(frozen=True, slots=True)
class CpuSnapshot:
    """CPU seconds (user + system) per process id with the kind of each, and the machine's busy seconds."""

    per_process: dict[int, tuple[str, float]]
    machine_busy: float


def snapshot(worker_pids: Iterable[int]) -> CpuSnapshot:
    """The CPU seconds every readable process on the machine has spent so far, each process sorted into a kind
    of :data:`KINDS` (``worker_pids`` are the workers), and the machine's busy seconds; two snapshots
    subtracted give what a timed stretch cost."""
    workers = set(worker_pids)
    per_process: dict[int, tuple[str, float]] = {}
    for proc in psutil.process_iter(["pid", "name", "cmdline", "cpu_times"]):
        times = proc.info["cpu_times"]
        if times is None:  # gone, or not ours to read
            continue
        kind = "workers" if proc.info["pid"] in workers else _kind(proc.info["name"], proc.info["cmdline"])
        per_process[proc.info["pid"]] = (kind, times.user + times.system)
    machine = psutil.cpu_times()
    busy = machine.user + machine.nice + machine.system + machine.irq + machine.softirq + machine.steal
    return CpuSnapshot(per_process, busy)


def spent(before: CpuSnapshot, after: CpuSnapshot) -> dict[str, float]:
    """CPU seconds by kind between two snapshots (a process started in between counts from zero), and
    ``machine_busy``: the seconds all cores were busy."""
    by_kind = dict.fromkeys(KINDS, 0.0)
    for pid, (kind, seconds) in after.per_process.items():
        earlier = before.per_process.get(pid)
        by_kind[kind] += seconds - (earlier[1] if earlier and earlier[0] == kind else 0.0)
    return by_kind | {"machine_busy": after.machine_busy - before.machine_busy}


def _kind(name: str | None, cmdline: list[str] | None) -> str:
    command = " ".join(cmdline or [])
    if "source_server" in command:
        return "source server"
    if "serve-verifier" in command:
        return "verifier server"
    if (name or "").startswith("php"):
        return "wiki (PHP)"
    if (name or "").startswith("postgres") or "postgres" in (cmdline or [""])[0]:
        return "PostgreSQL"
    return "other"
