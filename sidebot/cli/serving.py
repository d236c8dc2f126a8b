"""``sidebot serve-verifier`` and ``sidebot bench verifier-server`` for sidebot.cli.app."""

from __future__ import annotations

from typing import Annotated

import typer

from sidebot.cli.common import console, fail, settings_of


def serve_verifier(
    ctx: typer.Context,
    port: Annotated[
        int, typer.Option(min=1, max=65535, help="HTTP port (KServe listens on all interfaces).")
    ] = 8080,
    max_batch: Annotated[
        int, typer.Option(min=1, help="Citations gathered into one model call (whole requests).")
    ] = 64,
    max_wait_ms: Annotated[
        float, typer.Option(min=0, help="How long a request waits for others to share its model call.")
    ] = 2.0,
) -> None:
    """Serve the verifier as a KServe model server (v1 protocol, POST /v1/models/verifier:predict; batch
    sizes on /metrics): set `[verify] endpoint` on patrols and workers to use it."""
    from sidebot.serving.verifier_server import serve
    from sidebot.verify import load_verifier

    settings = settings_of(ctx).verify
    if settings.endpoint:
        raise fail("this config sets [verify] endpoint: the server must run the model itself", 2)
    if settings.scorer != "cross-encoder":
        raise fail(f"only the cross-encoder verifier is served, not [verify] scorer = {settings.scorer!r}", 2)
    scorer = load_verifier(settings)
    console.print(f"serving {scorer.name} on port {port} (Ctrl+C stops it)", highlight=False)
    serve(scorer, port, max_batch=max_batch, max_wait=max_wait_ms / 1000)
