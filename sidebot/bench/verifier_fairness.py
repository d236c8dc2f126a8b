"""Does one big caller starve the others? (``sidebot bench verifier-fairness``)

A real ``sidebot serve-verifier`` on loopback; one caller sends requests of ``big`` citations (the server's
cap) back to back, while another sends one citation at a time: its latency (p50, p95, max) is compared with
the same calls on the idle server. The citations are the demo's real WiCE claims with their full pages.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from sidebot.bench.verifier_server import demo_citations
from sidebot.serving.process import free_port, start_verifier_server, stop
from sidebot.verify.remote import RemoteVerifier


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]


def run_fairness_bench(
    big: int = 256,
    calls: int = 20,
    max_batch: int = 64,
    config: Path | None = None,
    token: str | None = None,
    progress: Callable[[str], None] = print,
) -> dict:
    """Start a verifier server capped at ``big`` citations per request and time ``calls`` one-citation calls
    on it idle, then again while another caller sends ``big``-citation requests back to back; returns the
    latencies (p50, p95, max, in seconds) both ways, the big requests done and the load average before and
    after."""
    items = demo_citations(10_000)
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        progress(
            f"starting the verifier server on {endpoint} (--max-batch {max_batch}, --max-citations {big})"
        )
        options = ["--max-batch", str(max_batch), "--max-citations", str(big)]
        server = start_verifier_server(port, Path(tmp) / "server.log", config=config, options=options)
        try:
            small = RemoteVerifier(endpoint, timeout=600, token=token)
            heavy = RemoteVerifier(endpoint, timeout=600, token=token)
            small.verify(*items[0])  # warm-up

            def one_at_a_time() -> list[float]:
                seconds = []
                for k in range(calls):
                    started = time.perf_counter()
                    small.verify(*items[k % len(items)])
                    seconds.append(time.perf_counter() - started)
                return seconds

            progress(f"{calls} one-citation calls on the idle server")
            idle = one_at_a_time()
            stop_big, big_seconds = threading.Event(), []

            def big_caller() -> None:
                request = [items[k % len(items)] for k in range(big)]
                while not stop_big.is_set():
                    started = time.perf_counter()
                    heavy.verify_many(request)
                    big_seconds.append(time.perf_counter() - started)

            progress(f"{calls} one-citation calls while a caller sends {big} citations per request")
            thread = threading.Thread(target=big_caller)
            thread.start()
            time.sleep(1.0)  # the big caller's first request is in
            loaded = one_at_a_time()
            stop_big.set()
            thread.join()
            small.close()
            heavy.close()
        finally:
            stop(server)
    return {
        "cpu_count": os.cpu_count(),
        "load_average_1m_before": load_before,
        "load_average_1m_after": os.getloadavg()[0],
        "max_batch": max_batch,
        "big_request_citations": big,
        "one_citation_calls": calls,
        "idle_p50_s": statistics.median(idle),
        "idle_p95_s": _p95(idle),
        "with_big_caller_p50_s": statistics.median(loaded),
        "with_big_caller_p95_s": _p95(loaded),
        "with_big_caller_max_s": max(loaded),
        "big_requests_done": len(big_seconds),
        "big_request_mean_s": statistics.fmean(big_seconds) if big_seconds else float("nan"),
    }
