"""The HTTP client sources are fetched with: connections only to guard-approved addresses, under a deadline.

Two things httpx cannot do on its own are done one level down, in the httpcore network backend that opens
every TCP connection (the first request and every redirect hop alike):

* **Address pinning.** The backend asks :class:`AddressGuard` to resolve and check the host and then
  connects to one of exactly those addresses (an IP literal, so no second DNS lookup happens). TLS still
  runs against the host *name*, because httpcore takes the SNI/certificate name from the URL, not from the
  socket; the Host header is untouched for the same reason. DNS rebinding therefore has no window.
* **A total deadline.** httpx timeouts are per operation, so a server that sends one byte a second never
  trips the read timeout. Each connect, read, write and TLS handshake gets at most what is left of the
  deadline set with :func:`deadline`; running out of it raises :class:`DeadlineExceeded`.

The deadline lives in a context variable, so one client can be shared by threads each fetching its own URL.
"""

from __future__ import annotations

import contextvars
import ssl
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, TypeVar

import httpcore
import httpx

from sidebot.config import FetchSettings
from sidebot.sources.address_guard import AddressGuard
from sidebot.sources.politeness import HostLimiter, shared_limiter
from sidebot.sources.robots import RobotsCache, shared_robots

_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "sidebot_fetch_deadline", default=None
)

T = TypeVar("T")

ACCEPT = "text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5"
# Only what sidebot.sources.body can decode under a size cap.
ACCEPT_ENCODING = "gzip, deflate"


class DeadlineExceeded(Exception):
    """The fetch ran past its total wall-clock deadline."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Give every connection opened or used inside the block at most ``seconds`` from now, in total."""
    token = _DEADLINE.set(time.monotonic() + seconds)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def extend_deadline(seconds: float) -> None:
    """Move the current deadline ``seconds`` later: time spent waiting for a host's turn (politeness) is not
    the source's fault. No-op outside :func:`deadline`."""
    at = _DEADLINE.get()
    if at is not None and seconds > 0:
        _DEADLINE.set(at + seconds)


def _within_deadline(operation: Callable[[float | None], T], timeout: float | None) -> T:
    """Run a stream operation with ``timeout`` shortened to what is left of the current deadline.

    When the deadline, not the operation's own timeout, is what cut it short, the timeout surfaces as
    :class:`DeadlineExceeded`, so the caller can tell "the server went silent" from "out of total time".
    """
    at = _DEADLINE.get()
    left = None if at is None else at - time.monotonic()
    if left is None or (timeout is not None and timeout < left):
        return operation(timeout)
    if left <= 0:
        raise DeadlineExceeded("the total time limit was reached")
    try:
        return operation(left)
    except (httpcore.ConnectTimeout, httpcore.ReadTimeout, httpcore.WriteTimeout) as exc:
        raise DeadlineExceeded("the total time limit was reached") from exc


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return _within_deadline(lambda t: self._inner.read(max_bytes, t), timeout)

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        _within_deadline(lambda t: self._inner.write(buffer, t), timeout)

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        tls = _within_deadline(lambda t: self._inner.start_tls(ssl_context, server_hostname, t), timeout)
        return _DeadlineStream(tls)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _GuardedBackend(httpcore.SyncBackend):
    """Opens TCP connections only to addresses the guard has just resolved and approved."""

    def __init__(self, guard: AddressGuard) -> None:
        self._guard = guard

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        addresses = self._guard.resolve(host, port)  # raises AddressRefused / HostNotFound
        failure: Exception | None = None
        for address in addresses:
            try:
                connect = partial(
                    super().connect_tcp,
                    str(address),
                    port,
                    local_address=local_address,
                    socket_options=socket_options,
                )
                stream = _within_deadline(connect, timeout)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
                continue
            return _DeadlineStream(stream)
        assert failure is not None  # resolve() never returns an empty list
        raise failure


class _GuardedTransport(httpx.HTTPTransport):
    """httpx's own transport (request/response mapping, exception mapping) over the guarded backend."""

    def __init__(self, guard: AddressGuard, limits: httpx.Limits) -> None:
        ssl_context = httpx.create_ssl_context(trust_env=False)
        super().__init__(verify=ssl_context, trust_env=False, limits=limits)
        # HTTPTransport has no network_backend parameter; its pool is rebuilt with one. The integration
        # tests (a loopback URL refused unless allow-listed) fail loudly if httpx ever renames this attribute.
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=_GuardedBackend(guard),
        )


class SourceClient(httpx.Client):
    """An httpx client for untrusted source URLs, built from :class:`FetchSettings`.

    No environment proxies (a proxy would make the guard check the proxy instead of the source), no
    automatic redirects (the fetcher follows them one hop at a time), the configured User-Agent and
    timeouts. Thread-safe: share one across the threads of a batch. ``limiter`` spaces the requests to each
    host (default: the process's limiter for the settings' per-host limits); ``robots`` keeps the sites'
    robots.txt answers (default: the process's).
    """

    def __init__(
        self, settings: FetchSettings, limiter: HostLimiter | None = None, robots: RobotsCache | None = None
    ) -> None:
        self.settings = settings
        self.limiter = limiter or shared_limiter(settings.per_host_concurrency, settings.per_host_delay)
        self.robots = robots or shared_robots()
        limits = httpx.Limits(
            max_connections=max(1, settings.concurrency) * 2,
            max_keepalive_connections=max(1, settings.concurrency),
        )
        super().__init__(
            transport=_GuardedTransport(AddressGuard.from_settings(settings.allow_networks), limits),
            trust_env=False,
            follow_redirects=False,
            timeout=httpx.Timeout(
                connect=settings.connect_timeout,
                read=settings.read_timeout,
                write=settings.read_timeout,
                pool=settings.total_timeout,
            ),
            headers={"User-Agent": settings.user_agent, "Accept": ACCEPT, "Accept-Encoding": ACCEPT_ENCODING},
        )
