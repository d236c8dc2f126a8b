"""A stand-in for a SearXNG instance on loopback: ``GET /search?q=…&format=json`` answers SearXNG's JSON with
the results it was given, whatever the query, and records each query it was asked. It tries the search-engine
backend (:mod:`sidebot.retrieve.metasearch`) without a real engine: the tests run it, and
``python -m sidebot.sandbox.search_server --results FILE`` serves a JSON list of results by hand.

It can misbehave as a broken or hostile engine would (:attr:`SearchServer.misbehave`): answer 500, answer
what is not JSON, answer without end, or never answer. And it can serve plain HTML pages under path
prefixes (``pages``): every address under a prefix gets the same page, as a site whose "not found" is its
home page does (a soft 404).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs, urlsplit

from sidebot.sandbox.background import BackgroundServer

Misbehaviour = Literal["error", "not-json", "endless", "stall"]
_CHUNK = b'{"results": [' + b'{"url": "http://example.org/", "title": "padding"}, ' * 1000


class SearchServer(BackgroundServer):
    """The stand-in on a background thread: ``with SearchServer(results) as engine: engine.base_url``.

    ``results``: SearXNG result objects (``url``, ``title``, ``content``, ``engine``…); ``formats``: the
    formats the instance allows (SearXNG answers 403 for others); ``pages``: path prefix → HTML.
    """

    def __init__(
        self,
        results: Sequence[Mapping[str, object]] = (),
        host: str = "127.0.0.1",
        port: int = 0,
        formats: Sequence[str] = ("json", "html"),
        pages: Mapping[str, str] | None = None,
    ) -> None:
        self.results = list(results)
        self.formats = tuple(formats)
        self.pages = dict(pages or {})
        self.misbehave: Misbehaviour | None = None
        self.queries: list[dict[str, str]] = []
        self._closing = threading.Event()
        httpd = ThreadingHTTPServer((host, port), _handler(self))
        httpd.daemon_threads = True
        super().__init__(httpd, "search-server")
        address, bound = httpd.server_address[:2]
        assert isinstance(address, str)  # an AF_INET server's address
        self.base_url = f"http://{address}:{bound}"

    def close(self) -> None:
        """Stop serving, first releasing any answer held back by an ``endless`` or stalling misbehaviour."""
        self._closing.set()  # releases stalled answers
        super().close()

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        """Answer one request as SearXNG would: a page under ``pages``, 404 off the search path, 403 for a
        format the instance does not allow, else the results as JSON or HTML (or the set misbehaviour);
        records the query."""
        parts = urlsplit(handler.path)
        page = next((html for prefix, html in self.pages.items() if parts.path.startswith(prefix)), None)
        if page is not None:
            _send(handler, 200, "text/html; charset=utf-8", page.encode())
            return
        if parts.path not in ("/", "/search"):
            _send(handler, 404, "text/plain", b"not found")
            return
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        self.queries.append(query)
        if query.get("format", "html") not in self.formats:
            _send(handler, 403, "text/html", b"<h1>403 Forbidden</h1>")
            return
        if self.misbehave == "error":
            _send(handler, 500, "text/html", b"<h1>Internal Server Error</h1>")
        elif self.misbehave == "not-json":
            _send(handler, 200, "application/json", b'{"results": [{"url": "http://exa')
        elif self.misbehave == "endless":
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.end_headers()
            while not self._closing.is_set():
                handler.wfile.write(_CHUNK)
        elif self.misbehave == "stall":
            self._closing.wait()
        else:
            body = {
                "query": query.get("q", ""),
                "number_of_results": len(self.results),
                "results": self.results,
                "answers": [],
                "corrections": [],
                "infoboxes": [],
                "suggestions": [],
                "unresponsive_engines": [],
            }
            _send(handler, 200, "application/json", json.dumps(body).encode())


def _handler(server: SearchServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            try:
                server.answer(self)
            except (ConnectionError, TimeoutError):
                self.close_connection = True  # the client hung up: what the size and time tests do

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


def _send(handler: BaseHTTPRequestHandler, status: int, content_type: str, body: bytes) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def main(argv: list[str] | None = None) -> int:
    """Run the stand-in from the command line with the results in a JSON file, until interrupted."""
    parser = argparse.ArgumentParser(description="A stand-in SearXNG JSON API that answers given results.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8888)
    parser.add_argument("--results", type=Path, required=True, help="a JSON list of SearXNG result objects")
    args = parser.parse_args(argv)
    results = json.loads(args.results.read_text(encoding="utf-8"))
    with SearchServer(results, args.host, args.port) as server:
        print(f"answering {len(results)} results on {server.base_url}/search", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
