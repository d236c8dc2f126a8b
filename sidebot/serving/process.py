"""Start ``sidebot serve-verifier`` as a child process and wait until it serves (the benchmark and the tests
run a real server next to an in-process verifier)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from sidebot.credentials import VERIFIER_TOKEN
from sidebot.verify.wire import MODEL_NAME


class ServerStartError(RuntimeError):
    """The verifier server did not start answering."""

    pass


def free_port() -> int:
    """A port free on loopback now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_verifier_server(
    port: int,
    log: Path,
    config: Path | None = None,
    timeout: float = 180.0,
    grpc_port: int | None = None,
    options: Sequence[str] = (),
    token: str | None = None,
) -> subprocess.Popen:
    """``sidebot [--config CONFIG] serve-verifier --port PORT --grpc-port GRPC_PORT [OPTIONS]`` with this
    interpreter (a free gRPC port unless given; ``token`` in its environment), its output in ``log``; returns
    once the model answers ready (raises :class:`ServerStartError` with the log's tail when not)."""
    global_options = ["--config", str(config)] if config else []
    grpc = str(grpc_port or free_port())
    command = [
        sys.executable,
        "-m",
        "sidebot",
        *global_options,
        "serve-verifier",
        "--port",
        str(port),
        "--grpc-port",
        grpc,
        *options,
    ]
    env = os.environ | ({VERIFIER_TOKEN.env: token} if token else {})
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/v1/models/{MODEL_NAME}"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerStartError(f"verifier server exited with {process.returncode}: {_tail(log)}")
        try:
            if httpx.get(url, timeout=2.0).json().get("ready"):
                return process
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.25)
    stop(process)
    raise ServerStartError(f"verifier server not ready after {timeout:g} s: {_tail(log)}")


def stop(process: subprocess.Popen, grace: float = 20.0) -> None:
    """SIGTERM (KServe shuts down gracefully), then SIGKILL after ``grace`` seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _tail(log: Path, chars: int = 2000) -> str:
    return log.read_text(encoding="utf-8", errors="replace")[-chars:]
