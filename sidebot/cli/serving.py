"""``sidebot serve-verifier``, ``sidebot bench verifier-server`` and ``sidebot bench verifier-fairness`` for
sidebot.cli.app."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sidebot.cli.common import console, fail, load_model, settings_of, write_json
from sidebot.credentials import VERIFIER_TOKEN
from sidebot.serving.limits import BUDGET, MAX_BYTES, MAX_CITATIONS, Limits

if TYPE_CHECKING:
    from sidebot.config import VerifySettings


def serve_verifier(
    ctx: typer.Context,
    port: Annotated[int, typer.Option(min=1, max=65535, help="HTTP port, v1 and v2.")] = 8080,
    grpc_port: Annotated[
        int, typer.Option(min=1, max=65535, help="gRPC port (Open Inference Protocol, KServe's default).")
    ] = 8081,
    host: Annotated[
        str,
        typer.Option(
            help="Address both servers listen on. Beyond loopback (e.g. 0.0.0.0 in a pod) every request "
            "needs the token ([verify] token_file or $SIDEBOT_VERIFIER_TOKEN)."
        ),
    ] = "127.0.0.1",
    max_batch: Annotated[
        int,
        typer.Option(
            min=1,
            help="Citations in one model call, shared fairly by the waiting requests (16 suits a CPU: as "
            "fast per citation as 64 and a small caller waits a quarter as long; 64 suits a GPU).",
        ),
    ] = 16,
    max_wait_ms: Annotated[
        float, typer.Option(min=0, help="How long a request waits for others to share its model call.")
    ] = 2.0,
    max_citations: Annotated[int, typer.Option(min=1, help="Citations one request may send (else 413).")] = (
        MAX_CITATIONS
    ),
    max_request_bytes: Annotated[int, typer.Option(min=1, help="Bytes one request may send (else 413).")] = (
        MAX_BYTES
    ),
    budget: Annotated[
        float, typer.Option(min=0.1, help="Seconds one request may take, waiting included (else 503).")
    ] = BUDGET,
    device: Annotated[
        str | None,
        typer.Option(help='Where the model runs: "cpu", "cuda" or "cuda:N" (default: [verify] device).'),
    ] = None,
) -> None:
    """Serve the verifier as a KServe model server: v1 (POST /v1/models/verifier:predict) and the Open
    Inference Protocol (POST /v2/models/verifier/infer, and gRPC); batch sizes on /metrics. Set `[verify]
    endpoint` on patrols and workers to use it."""
    from sidebot.serving.verifier_server import serve

    settings, token = _served_settings(settings_of(ctx).verify, device, host, port, grpc_port)
    scorer = load_model(settings)
    limits = Limits(max_citations=max_citations, max_bytes=max_request_bytes, budget=budget)
    console.print(
        f"serving {scorer.name} on {host} port {port} (REST v1 and v2) and {grpc_port} (gRPC v2), model on "
        f"{settings.device}, {'token required' if token else 'no token'}, at most {max_citations} citations, "
        f"{max_request_bytes} bytes and {budget:g} s per request (Ctrl+C stops it)",
        highlight=False,
    )
    serve(
        scorer,
        port,
        grpc_port=grpc_port,
        host=host,
        token=token,
        limits=limits,
        max_batch=max_batch,
        max_wait=max_wait_ms / 1000,
    )


def _served_settings(
    settings: VerifySettings, device: str | None, host: str, port: int, grpc_port: int
) -> tuple[VerifySettings, str | None]:
    """The verifier settings the server runs with (``device`` applied) and its token, or a one-line refusal
    (exit 2) of a setup it must not serve: a remote scorer, another scorer, one port for both, or a
    listener beyond loopback without a token."""
    from pydantic import ValidationError

    from sidebot.serving.limits import is_loopback

    if device is not None:
        try:
            settings = settings.model_validate(settings.model_dump() | {"device": device})
        except ValidationError:
            raise fail(f'--device {device!r}: use "cpu", "cuda" or "cuda:N"', 2) from None
    if settings.endpoint:
        raise fail("this config sets [verify] endpoint: the server must run the model itself", 2)
    if settings.scorer != "cross-encoder":
        raise fail(f"only the cross-encoder verifier is served, not [verify] scorer = {settings.scorer!r}", 2)
    if grpc_port == port:
        raise fail("--grpc-port must differ from --port", 2)
    token = settings.token()
    if token is None and not is_loopback(host):
        raise fail(
            f"--host {host} is beyond loopback: give the server a token ({VERIFIER_TOKEN.env}, "
            f"[verify] token_file or the systemd credential {VERIFIER_TOKEN.credential})",
            2,
        )
    return settings, token


def bench_verifier_server(
    ctx: typer.Context,
    citations: Annotated[int, typer.Option(min=2, help="Demo citations (real WiCE claims and pages).")] = 48,
    chunk: Annotated[int, typer.Option(min=1, help="Citations per request in the throughput runs.")] = 4,
    callers: Annotated[int, typer.Option(min=2, help="Concurrent callers in the last throughput run.")] = 4,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
) -> None:
    """Per-citation latency through a verifier server on loopback vs in process (goal: +20 % at most),
    citations/s with 1 and N concurrent callers, and the server's batch sizes, in one run."""
    # The server and this process share the cores: OpenMP threads that spin-wait after each model call
    # (libgomp's default) would steal them from the other process and make either side look 4-8x slower.
    # Set before torch loads, here and (inherited) in the server.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    from sidebot.bench.verifier_server import run_bench

    settings = settings_of(ctx).verify
    if settings.endpoint or settings.scorer != "cross-encoder":
        raise fail("the benchmark starts its own server: use a config without [verify] endpoint or scorer", 2)
    result = run_bench(
        settings,
        citations=citations,
        chunk=chunk,
        callers=callers,
        config=ctx.find_root().params.get("config"),
        progress=lambda m: console.print(m, highlight=False),
    )
    for key, value in result.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v:.2f}" for k, v in value.items())
        console.print(f"  {key:40} {value:.3f}" if isinstance(value, float) else f"  {key:40} {value}")
    write_json(json_out, result)


def bench_verifier_fairness(
    ctx: typer.Context,
    big: Annotated[int, typer.Option(min=2, help="Citations per request of the big caller (its cap).")] = 256,
    calls: Annotated[int, typer.Option(min=2, help="One-citation calls timed, idle and beside it.")] = 20,
    max_batch: Annotated[int, typer.Option(min=1, help="The server's --max-batch.")] = 16,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
) -> None:
    """Latency of one-citation calls (p50, p95, max) on an idle verifier server and while another caller
    sends requests of --big citations back to back: fair batching keeps it near one model call's time."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    from sidebot.bench.verifier_fairness import run_fairness_bench

    settings = settings_of(ctx).verify
    if settings.endpoint or settings.scorer != "cross-encoder":
        raise fail("the benchmark starts its own server: use a config without [verify] endpoint or scorer", 2)
    result = run_fairness_bench(
        big=big,
        calls=calls,
        max_batch=max_batch,
        config=ctx.find_root().params.get("config"),
        token=settings.token(),  # the server reads the same config and environment
        progress=lambda m: console.print(m, highlight=False),
    )
    for key, value in result.items():
        console.print(f"  {key:32} {value:.3f}" if isinstance(value, float) else f"  {key:32} {value}")
    write_json(json_out, result)
