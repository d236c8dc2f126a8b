"""Benchmark the verifier server against the in-process verifier, in one run on this machine
(``sidebot bench verifier-server``).

A real ``sidebot serve-verifier`` is started on a loopback port next to the same verifier loaded in this
process; the citations are the demo's real WiCE claims with their full cited pages. Measured:

- per-citation latency: each citation verified alone, in process and through the server, the two
  interleaved (alternating which goes first) so that load from other processes hits them alike; and whether
  each pair of verdicts is identical;
- throughput in citations/s: in process (chunks of ``chunk`` citations, one after another), one remote
  caller sending the same chunks, and ``callers`` remote callers sending them at once (two rounds, the
  second in reverse order);
- batch sizes: per phase, the server's model calls, citations and requests (callers) per call, read from its
  Prometheus metrics; for the concurrent phase, how far its verdicts drift from the in-process ones (the
  verifier's scores depend slightly on what shares a model batch: bf16 and padding).

The server and the in-process verifier share this machine's cores but never run at the same time; the
command sets ``OMP_WAIT_POLICY=PASSIVE`` for both, as idle OpenMP threads spinning in one process would
otherwise slow the other several times over.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from sidebot.config import VerifySettings
from sidebot.records import Claim, Passage, Verdict
from sidebot.sandbox.demo_content import demo_sources
from sidebot.serving.process import free_port, start_verifier_server, stop
from sidebot.sources.passages import split_passages
from sidebot.verify import load_verifier
from sidebot.verify.remote import RemoteVerifier
from sidebot.verify.types import Scorer

Item = tuple[Claim, list[Passage]]


def demo_citations(count: int) -> list[Item]:
    """The first ``count`` demo citations: a real WiCE claim and the full text of the page it cites."""
    items = []
    for source in demo_sources():
        passages = split_passages("\n".join(source.sentences), source.title)
        if passages:
            items.append((source.claim, passages))
    return items[:count]


def _batch_counters(endpoint: str, token: str | None = None) -> dict[str, float]:
    """Running totals of the server's batch histograms: model calls, citations, requests (``/metrics`` asks
    for the server's token when it has one)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.get(f"{endpoint}/metrics", timeout=10, headers=headers)
    response.raise_for_status()
    text = response.text
    wanted = {
        "sidebot_verifier_batch_citations_count": "calls",
        "sidebot_verifier_batch_citations_sum": "citations",
        "sidebot_verifier_batch_requests_sum": "requests",
    }
    return {
        wanted[s.name]: s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name in wanted
    }


def _batches(totals: dict[str, float]) -> dict[str, float]:
    """Model calls of a phase, and their mean citations and requests (callers) per call."""
    calls = totals["calls"]
    return {
        "model_calls": calls,
        "citations_per_call": totals["citations"] / calls if calls else 0.0,
        "requests_per_call": totals["requests"] / calls if calls else 0.0,
    }


def _chunks(items: Sequence[Item], size: int) -> list[list[Item]]:
    return [list(items[k : k + size]) for k in range(0, len(items), size)]


def _run_callers(scorers: Sequence[Scorer], chunks: list[list[Item]]) -> tuple[float, list[Verdict]]:
    """Seconds for ``scorers`` (one thread each) to verify ``chunks`` between them, round robin; the verdicts
    in the order of the chunks."""
    shares = [chunks[k :: len(scorers)] for k in range(len(scorers))]

    def work(k: int) -> list[list[Verdict]]:
        return [scorers[k].verify_many(chunk) for chunk in shares[k]]

    started = time.perf_counter()
    with ThreadPoolExecutor(len(scorers)) as pool:
        done = list(pool.map(work, range(len(scorers))))
    seconds = time.perf_counter() - started
    by_chunk = {id(chunk): out for k, share in enumerate(shares) for chunk, out in zip(share, done[k])}
    return seconds, [v for chunk in chunks for v in by_chunk[id(chunk)]]


def _latencies(items: Sequence[Item], local: Scorer, remote: Scorer) -> tuple[dict[str, list[float]], int]:
    """Seconds per citation in process and remote, one at a time and interleaved (which goes first
    alternates); and how many verdicts came out identical both ways."""
    latency: dict[str, list[float]] = {"local": [], "remote": []}
    identical = 0
    for i, (claim, passages) in enumerate(items):
        order: list[tuple[str, Scorer]] = [("local", local), ("remote", remote)]
        verdicts: dict[str, Verdict] = {}
        for name, scorer in order if i % 2 == 0 else reversed(order):
            started = time.perf_counter()
            verdicts[name] = scorer.verify(claim, passages)
            latency[name].append(time.perf_counter() - started)
        identical += repr(verdicts["local"]) == repr(verdicts["remote"])
    return latency, identical


def _throughputs(
    phases: dict[str, Sequence[Scorer]], chunks: list[list[Item]], endpoint: str, token: str | None = None
) -> tuple[dict[str, float], dict[str, dict[str, float]], dict[str, list[Verdict]]]:
    """Per phase (its callers), the seconds ``chunks`` took, the server's batch counters they moved and the
    verdicts, over two rounds in opposite orders (ABC then CBA)."""
    seconds = dict.fromkeys(phases, 0.0)
    totals = {name: dict.fromkeys(("calls", "citations", "requests"), 0.0) for name in phases}
    verdicts_of: dict[str, list[Verdict]] = {}
    for names in (list(phases), list(reversed(phases))):
        for name in names:
            before = _batch_counters(endpoint, token)
            spent, verdicts_of[name] = _run_callers(phases[name], chunks)
            after = _batch_counters(endpoint, token)
            seconds[name] += spent
            for key in totals[name]:
                totals[name][key] += after[key] - before[key]
    return seconds, totals, verdicts_of


def run_bench(
    settings: VerifySettings,
    citations: int = 48,
    chunk: int = 4,
    callers: int = 4,
    config: Path | None = None,
    progress: Callable[[str], None] = print,
) -> dict:
    """Start a verifier server beside the same verifier in process and measure both on ``citations`` demo
    citations: latency one citation at a time, throughput for chunks of ``chunk`` citations in process, from
    one remote caller and from ``callers`` at once, the server's batch sizes, and how far concurrent batching
    moves the verdicts. Returns the figures by name (seconds, citations per second, counts)."""
    items = demo_citations(citations)
    load_before = os.getloadavg()
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        progress(f"starting the verifier server on {endpoint}")
        server = start_verifier_server(port, Path(tmp) / "server.log", config=config)
        try:
            local = load_verifier(settings)
            # the server reads the same config and environment: a token there is its token
            remote = [RemoteVerifier(endpoint, timeout=600, token=settings.token()) for _ in range(callers)]
            local.verify(*items[0])  # warm-up: first calls load spaCy and tune torch's kernels
            remote[0].verify(*items[0])

            progress(f"latency: {len(items)} citations one at a time, in process and remote interleaved")
            latency, identical = _latencies(items, local, remote[0])
            chunks = _chunks(items, chunk)
            progress(
                f"throughput: {len(chunks)} chunks of {chunk} citations; in process, 1 and {callers} callers"
            )
            phases: dict[str, Sequence[Scorer]] = {"local": [local], "one": remote[:1], "many": remote}
            seconds, totals, verdicts_of = _throughputs(phases, chunks, endpoint, settings.token())
            for r in remote:
                r.close()
        finally:
            stop(server)
    drift = [
        abs(a.probability - b.probability)
        for a, b in zip(verdicts_of["local"], verdicts_of["many"])
        if a.probability is not None and b.probability is not None
    ]
    ratios = [r / loc for r, loc in zip(latency["remote"], latency["local"])]
    return {
        "citations": len(items),
        "cpu_count": os.cpu_count(),
        "load_average_1m_before": load_before[0],
        "load_average_1m_after": os.getloadavg()[0],
        "latency_in_process_p50_s": statistics.median(latency["local"]),
        "latency_remote_p50_s": statistics.median(latency["remote"]),
        "latency_in_process_mean_s": statistics.fmean(latency["local"]),
        "latency_remote_mean_s": statistics.fmean(latency["remote"]),
        "latency_overhead_median_ratio": statistics.median(ratios) - 1.0,
        "latency_overhead_of_means": statistics.fmean(latency["remote"]) / statistics.fmean(latency["local"])
        - 1.0,
        "identical_verdicts": identical,
        "chunk": chunk,
        "throughput_in_process_per_s": 2 * len(items) / seconds["local"],
        "throughput_remote_1_caller_per_s": 2 * len(items) / seconds["one"],
        f"throughput_remote_{callers}_callers_per_s": 2 * len(items) / seconds["many"],
        "batches_1_caller": _batches(totals["one"]),
        f"batches_{callers}_callers": _batches(totals["many"]),
        f"max_probability_drift_{callers}_callers": max(drift, default=0.0),
    }
