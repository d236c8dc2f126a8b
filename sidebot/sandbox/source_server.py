"""Serve the demo's cited web pages over real HTTP on loopback.

``GET /wice/<id>`` is the WiCE page cited by a demo claim, as an ordinary-looking HTML page (site header and
navigation, the page in an ``<article>``, a footer); the two pages :mod:`sidebot.sandbox.demo_extras` adds
(a Wikipedia mirror, a paywall) are at their own paths; ``/robots.txt`` allows everything, anything else is
404.
The same server runs in-process (:class:`SourceServer`, for tests) or detached for the ``sidebot demo``
command (:func:`start_detached` / :func:`stop_detached`, or ``python -m sidebot.sandbox.source_server``).
"""

from __future__ import annotations

import argparse
import errno
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import httpx
import jinja2

from sidebot.processes import pid_alive
from sidebot.sandbox.background import BackgroundServer
from sidebot.sandbox.demo_content import (
    SOURCE_PATH_PREFIX,
    DemoSource,
    demo_pages,
    demo_source_url,
    demo_sources,
    split_heading,
)
from sidebot.sandbox.demo_extras import extra_page, moved_source_id

DEFAULT_PORT = 8731  # fixed, so the URLs the demo articles cite stay the same from one demo run to the next
DEFAULT_HOST = "127.0.0.1"
PID_FILE = "source-server.pid"
LOG_FILE = "source-server.log"
PORT_FILE = "source-server.port"
ROBOTS_TXT = "User-agent: *\nAllow: /\n"

log = logging.getLogger(__name__)

# A line ends a sentence when its last character (before closing quotes/brackets) is one of these.
_SENTENCE_END = re.compile(r"[.!?…:;][\"”’')\]]*$")
_PARAGRAPH_LINES = 4
_PARAGRAPH_WORDS = 80


class SourceServerError(Exception):
    """The detached source server could not be started."""


# ---------------------------------------------------------------- rendering


@dataclass(slots=True)
class Block:
    """A heading, a paragraph (lines joined with spaces) or a list (one item per line) of a served page."""

    kind: Literal["heading", "paragraph", "list"]
    lines: list[str] = field(default_factory=list)
    level: int = 2


def _words(line: str) -> int:
    return len(line.split())


def _is_prose(line: str) -> bool:
    """A sentence or a long line; short unpunctuated lines ("Skip to content", "« Prev") are furniture."""
    return _words(line) >= 5 or bool(_SENTENCE_END.search(line))


def _continues(previous: str, line: str) -> bool:
    """Whether ``line`` belongs to the paragraph that ``previous`` ends: text hard-wrapped in the middle of
    a sentence (WiCE keeps such line breaks), or another sentence."""
    wrapped = not _SENTENCE_END.search(previous) and _words(previous) >= 7
    return wrapped or _is_prose(line)


def page_blocks(sentences: Iterable[str]) -> list[Block]:
    """Group WiCE's sentence list into what a web page would show.

    WiCE keeps no paragraph boundaries: ``#`` lines become headings (one level below the page's h1),
    consecutive sentences form paragraphs of up to four sentences / about 80 words, and runs of short
    unpunctuated lines (navigation, captions) become lists.
    """
    blocks: list[Block] = []
    for raw in sentences:
        line = raw.strip()
        if not line:
            continue
        level, text = split_heading(line)
        last = blocks[-1] if blocks else None
        if level:
            blocks.append(Block("heading", [text], min(level + 1, 6)))
        elif (
            last
            and last.kind == "paragraph"
            and not _paragraph_full(last)
            and _continues(last.lines[-1], line)
        ):
            last.lines.append(line)
        elif _is_prose(line):
            blocks.append(Block("paragraph", [line]))
        elif last and last.kind == "list":
            last.lines.append(line)
        else:
            blocks.append(Block("list", [line]))
    for block in blocks:
        if block.kind == "list" and len(block.lines) == 1:
            block.kind = "paragraph"
    return blocks


def _paragraph_full(block: Block) -> bool:
    last = block.lines[-1]
    if not _SENTENCE_END.search(last):
        return False
    return len(block.lines) >= _PARAGRAPH_LINES or sum(map(_words, block.lines)) >= _PARAGRAPH_WORDS


@cache
def _page_template() -> jinja2.Template:
    text = files("sidebot").joinpath("data", "demo", "source_page.html").read_text(encoding="utf-8")
    return jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined).from_string(text)


def render_source_page(source: DemoSource, base_url: str) -> str:
    """The HTML page served for ``source``; every piece of text is HTML-escaped."""
    author = source.author or ""
    byline = author if author and not re.match(r"https?://", author) else ""
    return _page_template().render(
        source=source,
        url=demo_source_url(base_url, source.id),
        byline=byline,
        blocks=page_blocks(source.sentences),
    )


# ---------------------------------------------------------------- HTTP


class _SourceHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], sources: Sequence[DemoSource]) -> None:
        super().__init__(address, _SourceHandler)
        self.sources = {source.id: source for source in sources}
        self.articles = demo_pages(self.base_url)  # the mirror page copies a demo article

    @property
    def base_url(self) -> str:
        host, port = self.server_address[:2]
        assert isinstance(host, str)  # an AF_INET server's address
        return f"http://{host}:{port}"


class _SourceHandler(BaseHTTPRequestHandler):
    server: _SourceHTTPServer
    server_version = "sidebot-demo-sources/1"
    sys_version = ""

    def do_GET(self) -> None:
        self._respond(send_body=True)

    def do_HEAD(self) -> None:
        self._respond(send_body=False)

    def _respond(self, send_body: bool) -> None:
        path = urlsplit(self.path).path
        if path == "/robots.txt":
            self._send(HTTPStatus.OK, "text/plain; charset=utf-8", ROBOTS_TXT, send_body)
            return
        source_id = (
            path.removeprefix(SOURCE_PATH_PREFIX)
            if path.startswith(SOURCE_PATH_PREFIX)
            else moved_source_id(path)
        )
        source = self.server.sources.get(source_id) if source_id else None
        extra = extra_page(path, self.server.articles) if source is None else None
        if extra is not None:
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", extra, send_body)
            return
        if source is None:
            body = (
                "<!DOCTYPE html><html><head><title>404 Not Found</title></head>"
                "<body><h1>Not Found</h1></body></html>"
            )
            self._send(HTTPStatus.NOT_FOUND, "text/html; charset=utf-8", body, send_body)
            return
        self._send(
            HTTPStatus.OK,
            "text/html; charset=utf-8",
            render_source_page(source, self.server.base_url),
            send_body,
        )

    def _send(self, status: HTTPStatus, content_type: str, body: str, send_body: bool) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if send_body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        log.info("%s %s", self.address_string(), format % args)


class SourceServer(BackgroundServer):
    """The source server on a background thread: ``with SourceServer() as server: server.base_url``.

    ``sources`` defaults to the packaged demo sources; ``port=0`` takes a free port.
    """

    def __init__(
        self, sources: Sequence[DemoSource] | None = None, host: str = DEFAULT_HOST, port: int = 0
    ) -> None:
        httpd = _SourceHTTPServer((host, port), demo_sources() if sources is None else sources)
        super().__init__(httpd, "demo-source-server")
        self.base_url = httpd.base_url

    def url_for(self, source_id: str) -> str:
        """The address on this server of the demo source ``source_id``."""
        return demo_source_url(self.base_url, source_id)


# ---------------------------------------------------------------- detached process


def port_is_free(host: str, port: int) -> bool:
    """Whether a server could listen on ``host:port`` now (same socket options as http.server)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def start_detached(
    state_dir: Path, port: int = DEFAULT_PORT, host: str = DEFAULT_HOST, timeout: float = 20.0
) -> tuple[int, str]:
    """Start the source server as its own process (it outlives the caller) and wait until it answers.

    A server this state dir started earlier is stopped first. When ``port`` is taken by something else, the
    port this state dir used last is taken again if it is free (the demo articles cite it: a new port would
    change every cited URL), else a free port, with a warning; ``port=0`` picks a free port without a
    warning. Writes ``source-server.pid`` and ``source-server.port`` and appends to ``source-server.log`` in
    ``state_dir``. Returns (pid, base URL).
    """
    state_dir = Path(state_dir)
    state_dir.mkdir(parents=True, exist_ok=True)
    stop_detached(state_dir)
    port_path = state_dir / PORT_FILE
    last = int(port_path.read_text(encoding="utf-8")) if port_path.is_file() else 0
    if not port:
        port = _free_port(host)
    elif not port_is_free(host, port):
        chosen = last if last and port_is_free(host, last) else _free_port(host)
        log.warning(
            "port %d on %s is in use: the demo source server listens on port %d instead", port, host, chosen
        )
        port = chosen
    log_path = state_dir / LOG_FILE
    with log_path.open("ab") as log_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "sidebot.sandbox.source_server", "--host", host, "--port", str(port)],
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    (state_dir / PID_FILE).write_text(f"{process.pid}\n", encoding="utf-8")
    base_url = f"http://{host}:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            (state_dir / PID_FILE).unlink(missing_ok=True)
            raise SourceServerError(
                f"the demo source server exited with code {process.returncode} "
                f"before answering on {base_url}; "
                f"end of {log_path}:\n{_tail(log_path)}"
            )
        try:
            if httpx.get(f"{base_url}/robots.txt", timeout=1.0).status_code == HTTPStatus.OK:
                port_path.write_text(f"{port}\n", encoding="utf-8")
                return process.pid, base_url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    stop_detached(state_dir)
    raise SourceServerError(
        f"the demo source server did not answer on {base_url} within {timeout:.0f} s; "
        f"end of {log_path}:\n{_tail(log_path)}"
    )


def stop_detached(state_dir: Path, timeout: float = 5.0) -> bool:
    """Stop the source server started from ``state_dir``; False when none was running there.

    The pid is only signalled while it is still a source server process, so a stale pid file never kills
    an unrelated process that reused the pid.
    """
    pid_path = Path(state_dir) / PID_FILE
    try:
        pid = int(pid_path.read_text(encoding="utf-8").strip())
    except (FileNotFoundError, ValueError):
        pid_path.unlink(missing_ok=True)
        return False
    stopped = False
    if _is_source_server(pid):
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if pid_alive(pid):
            os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + timeout
            while pid_alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
        stopped = True
    pid_path.unlink(missing_ok=True)
    return stopped


def _is_source_server(pid: int) -> bool:
    if not pid_alive(pid):
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return False
    except OSError:  # no /proc (not Linux): trust the pid file
        return True
    return b"sidebot.sandbox.source_server" in cmdline


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError as exc:
        return f"(cannot read the log: {exc})"


def main(argv: list[str] | None = None) -> int:
    """Serve the demo's cited pages from the command line until stopped (SIGTERM exits cleanly); exit code 1
    when the port cannot be had."""
    parser = argparse.ArgumentParser(description="Serve the sidebot demo's cited web pages.")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        httpd = _SourceHTTPServer((args.host, args.port), demo_sources())
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    log.info("serving %d demo sources on %s", len(httpd.sources), httpd.base_url)
    try:
        httpd.serve_forever()
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
