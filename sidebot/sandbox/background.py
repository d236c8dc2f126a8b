"""An HTTP server of the sandbox on a daemon thread of its own, for tests and the demo: ``start()`` and
``close()``, or a ``with`` block. The source, site and search servers differ only in what they answer."""

from __future__ import annotations

import threading
from http.server import HTTPServer
from typing import Self


class BackgroundServer:
    """Serves ``httpd`` on a thread named ``name``; ``poll_interval``: how often a shutdown is looked for."""

    def __init__(self, httpd: HTTPServer, name: str, poll_interval: float = 0.1) -> None:
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": poll_interval}, name=name, daemon=True
        )

    def start(self) -> Self:
        """Start serving on the server's thread; returns the server, for ``server = X(...).start()``."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving (the thread ends within ``poll_interval``) and close the listening socket; safe on a
        server that never started."""
        if self._thread.is_alive():
            self._httpd.shutdown()
            self._thread.join()
        self._httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()
