"""A scripted web site on loopback: fixed answers per path, a fallback per site folder, a log of requests.

Stands in for the real web where the real web cannot be reached (this sandbox has no internet): the
non-content corpus (``sidebot eval sources``: soft-404 sites, redirects to login or consent pages, bot
checks), and in tests an archive host or a Wayback-compatible availability API. Each request is logged
with its arrival time and headers, so tests can measure how politely a client behaved.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

from sidebot.sandbox.background import BackgroundServer


@dataclass(frozen=True, slots=True)
class Answer:
    """One HTTP answer. ``location``: a redirect (status defaults to 302 when one is set)."""

    body: bytes = b""
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    location: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    delay_s: float = 0.0  # wait before answering (a slow site)


NOT_FOUND = Answer(
    b"<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>",
    status=404,
)


@dataclass(frozen=True, slots=True)
class Request:
    """One request the site server received: its path with the query, when it arrived (monotonic seconds) and
    its headers."""

    path: str  # with its query
    at: float  # time.monotonic() when it arrived
    headers: Mapping[str, str]


Handler = Callable[[str, str], Answer | None]  # (path without query, query) → answer, None: not mine


class SiteServer(BackgroundServer):
    """``with SiteServer(routes, folders) as site: site.url("/x")``.

    ``routes`` maps exact addresses to answers: a path, or a path with its query when the query picks the
    page (``/viewtopic.php?t=42``); a ``#fragment`` is the browser's and never sent. ``folders`` maps a path
    prefix (``"/gazette/"``) to the answer for every other address under it (a soft-404 site answers all with
    one page); ``handler`` answers what neither covers (e.g. a JSON API reading the query); anything else is
    an honest 404.
    """

    def __init__(
        self,
        routes: Mapping[str, Answer] | None = None,
        folders: Mapping[str, Answer] | None = None,
        handler: Handler | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        self.routes = {address.split("#", 1)[0]: answer for address, answer in (routes or {}).items()}
        self.folders = dict(folders or {})
        self.handler = handler
        self.requests: list[Request] = []
        self.in_flight = self.max_in_flight = 0  # requests being answered now, and the most at once
        self._lock = threading.Lock()
        super().__init__(_QuietServer((host, 0), _handler_class(self)), "site-server", poll_interval=0.05)
        host_, port = self._httpd.server_address[:2]
        assert isinstance(host_, str)  # an AF_INET server's address
        self.base_url = f"http://{host_}:{port}"

    def url(self, path: str) -> str:
        """The full address of ``path`` on this server."""
        return self.base_url + path

    def answer(self, target: str) -> Answer:
        """The answer for ``target`` (a request path with its query): an exact route (percent-encoded or not,
        with the query or without it), else the handler's, else the longest matching folder's, else 404."""
        parts = urlsplit(target)
        path = parts.path or "/"
        written = unquote(path)  # "/Fábrica" arrives as "/F%C3%A1brica"; a route may be either
        for address in dict.fromkeys((path, written)):
            for routed in (f"{address}?{parts.query}", address) if parts.query else (address,):
                if routed in self.routes:
                    return self.routes[routed]
        if self.handler is not None and (found := self.handler(path, parts.query)) is not None:
            return found
        folder = max((f for f in self.folders if path.startswith(f)), key=len, default=None)
        return self.folders[folder] if folder is not None else NOT_FOUND

    def log(self, request: Request) -> None:
        """Record a request as it arrives and count it in flight (tests read how many were answered at
        once)."""
        with self._lock:
            self.requests.append(request)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def done(self) -> None:
        """Count a request's answer as sent."""
        with self._lock:
            self.in_flight -= 1

    def requests_to(self, prefix: str) -> list[Request]:
        """The requests received so far whose path starts with ``prefix``, oldest first."""
        with self._lock:
            return [r for r in self.requests if r.path.startswith(prefix)]


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up early (a fetch refusing an answer, a probe cut short) is no server error."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _handler_class(site: SiteServer) -> type[BaseHTTPRequestHandler]:
    class _Handler(BaseHTTPRequestHandler):
        server_version = "sidebot-site/1"
        sys_version = ""
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            site.log(Request(self.path, time.monotonic(), dict(self.headers.items())))
            try:
                answer = site.answer(self.path)
                if answer.delay_s:
                    time.sleep(answer.delay_s)
            finally:
                site.done()  # before the answer goes out: the client may send its next request once it has it
            self._send(answer)

        def _send(self, answer: Answer) -> None:
            status = answer.status if answer.location is None or answer.status != 200 else 302
            self.send_response(status)
            if answer.location is not None:
                self.send_header("Location", answer.location)
            self.send_header("Content-Type", answer.content_type)
            self.send_header("Content-Length", str(len(answer.body)))
            for name, value in answer.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(answer.body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return _Handler
