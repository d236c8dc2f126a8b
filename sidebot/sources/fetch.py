"""Fetch a cited source URL safely and turn it into text.

Source URLs are attacker-chosen, so :func:`fetch` assumes every server is hostile: only http(s); each hop of
a redirect chain is checked by the SSRF guard and connected to the address that was checked
(:mod:`sidebot.sources.client`); connect, read *and* total-time limits; the body is capped while it streams
(and while it is decompressed); binary bodies are recognised from their first bytes and not downloaded.
Whatever a URL or a server does, the answer is a :class:`FetchResult` with a status and a readable error --
``fetch`` does not raise for it.

:func:`fetch_many` runs fetches on a thread pool sharing one client. Threads rather than asyncio because
the work around the network is blocking -- DNS resolution (getaddrinfo), text extraction (lxml,
trafilatura, pypdf) -- and the callers are synchronous; with ``concurrency`` in the tens, threads cost
nothing that matters, and each thread's total deadline is independent.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

import httpx

from sidebot.config import FetchSettings
from sidebot.sources.address_guard import AddressRefused, HostNotFound
from sidebot.sources.body import BodyTooLarge, BoundedBody, UndecodableBody, parse_content_encoding
from sidebot.sources.client import DeadlineExceeded, SourceClient, deadline
from sidebot.sources.extract import extract
from sidebot.sources.sniff import SNIFF_BYTES, ContentKind, MediaType, sniff

logger = logging.getLogger(__name__)

ALLOWED_SCHEMES = frozenset({"http", "https"})
_INVALID_LOCATION = "Invalid URL in location header"  # httpx's message, see _as_failure
_HOST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-_:")  # IDNA-encoded names, IP literals


class FetchStatus(StrEnum):
    OK = "ok"
    DEAD = "dead"  # DNS failure, connection refused or reset, broken HTTP
    TIMEOUT = "timeout"
    HTTP_ERROR = "http_error"  # 4xx/5xx (or a 3xx that cannot be followed); ``http_status`` has the code
    TOO_LARGE = "too_large"
    TOO_MANY_REDIRECTS = "too_many_redirects"
    BLOCKED = "blocked"  # SSRF guard, or a scheme other than http/https
    UNSUPPORTED = "unsupported"  # not a document: images, archives, media, undecodable bodies
    PDF = "pdf"  # a PDF; ``text`` holds its text when it has any
    EMPTY = "empty"  # a document without main text
    INVALID_URL = "invalid_url"


@dataclass(frozen=True, slots=True)
class FetchResult:
    """What fetching one URL gave.

    ``text`` is set only for ``ok`` and for ``pdf`` with extractable text; every other outcome has an
    ``error``. ``content_type`` is the media type the server declared (no parameters); ``content_hash``
    (sha256, hex) and ``size_bytes`` describe the body once its Content-Encoding is undone, and are None when
    the body was not read in full. ``elapsed_s`` covers the network and the text extraction.
    """

    url: str
    final_url: str
    status: FetchStatus
    http_status: int | None = None
    content_type: str | None = None
    title: str | None = None
    text: str | None = None
    content_hash: str | None = None
    size_bytes: int | None = None
    error: str | None = None
    elapsed_s: float = 0.0


class _Failure(Exception):
    """Ends a fetch early: the status, a readable message, and what is known of the response so far."""

    def __init__(
        self,
        status: FetchStatus,
        message: str,
        *,
        final_url: httpx.URL | None = None,
        http_status: int | None = None,
        content_type: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.final_url = final_url
        self.http_status = http_status
        self.content_type = content_type


@dataclass(frozen=True, slots=True)
class _Downloaded:
    final_url: str
    http_status: int
    content_type: str | None  # the raw header
    body: bytes


def fetch(url: str, settings: FetchSettings, client: SourceClient | None = None) -> FetchResult:
    """Fetch ``url`` and extract its text.

    ``client`` (a :class:`SourceClient` built from the same settings) lets many fetches share connections;
    without one, a client is made and closed for this call.
    """
    if client is not None and client.settings != settings:
        raise ValueError("the client was built from other FetchSettings than the ones passed to fetch()")
    if client is None:
        with SourceClient(settings) as own_client:
            return _fetch(url, settings, own_client)
    return _fetch(url, settings, client)


def fetch_many(urls: Iterable[str], settings: FetchSettings) -> dict[str, FetchResult]:
    """Fetch every distinct URL, ``settings.concurrency`` at a time; results keyed by URL in input order."""
    unique = list(dict.fromkeys(urls))
    if not unique:
        return {}
    workers = max(1, min(settings.concurrency, len(unique)))
    with SourceClient(settings) as client, ThreadPoolExecutor(workers, "sidebot-fetch") as pool:
        return dict(zip(unique, pool.map(lambda u: _fetch(u, settings, client), unique), strict=True))


def _fetch(url: str, settings: FetchSettings, client: SourceClient) -> FetchResult:
    """:func:`_fetch_source`, with anything it did not foresee recorded as this source's failure.

    The known failures are mapped to statuses where they happen; this net is what keeps ``fetch`` and
    ``fetch_many`` from raising for a case nobody thought of, so one source cannot cost the page its others.
    """
    started = time.monotonic()
    try:
        return _fetch_source(url, settings, client, started)
    except Exception as exc:  # noqa: BLE001 -- the promise of fetch(): a result, never an exception
        logger.exception("unexpected failure fetching %r", url)
        return FetchResult(
            url=url,
            final_url=url,
            status=FetchStatus.UNSUPPORTED,
            error=f"the source could not be read: {type(exc).__name__}: {exc}",
            elapsed_s=time.monotonic() - started,
        )


def _fetch_source(url: str, settings: FetchSettings, client: SourceClient, started: float) -> FetchResult:
    try:
        downloaded = _download(client, _parse_source_url(url), settings)
    except _Failure as failure:
        return FetchResult(
            url=url,
            final_url=str(failure.final_url) if failure.final_url else url,
            status=failure.status,
            http_status=failure.http_status,
            content_type=MediaType.parse(failure.content_type).mime or None,
            error=str(failure),
            elapsed_s=time.monotonic() - started,
        )
    extracted = extract(
        downloaded.body,
        downloaded.content_type,
        url=downloaded.final_url,
        pdf_time_budget_s=settings.total_timeout,
    )
    if extracted.kind is ContentKind.PDF:
        status = FetchStatus.PDF
    elif extracted.kind is ContentKind.UNSUPPORTED:
        status = FetchStatus.UNSUPPORTED
    else:
        status = FetchStatus.OK if extracted.text else FetchStatus.EMPTY
    return FetchResult(
        url=url,
        final_url=downloaded.final_url,
        status=status,
        http_status=downloaded.http_status,
        content_type=MediaType.parse(downloaded.content_type).mime or None,
        title=extracted.title,
        text=extracted.text,
        content_hash=hashlib.sha256(downloaded.body).hexdigest(),
        size_bytes=len(downloaded.body),
        error=extracted.error,
        elapsed_s=time.monotonic() - started,
    )


def _parse_source_url(url: str) -> httpx.URL:
    try:
        parsed = httpx.URL(url.strip())
    except (httpx.InvalidURL, TypeError, ValueError, UnicodeError) as exc:
        raise _Failure(FetchStatus.INVALID_URL, f"{url!r} is not a valid URL: {exc}") from None
    _check_url(parsed, shown=url)
    return parsed


def _check_url(url: httpx.URL, *, shown: str | None = None, redirected_from: httpx.URL | None = None) -> None:
    """Refuse what no fetch should attempt: relative URLs, other schemes, malformed hosts and ports."""
    via = f" (redirected from {redirected_from})" if redirected_from else ""
    if not url.scheme:
        raise _Failure(
            FetchStatus.INVALID_URL,
            f"{shown or str(url)!r} is not an absolute http(s) URL{via}",
            final_url=redirected_from,
        )
    if url.scheme not in ALLOWED_SCHEMES:
        raise _Failure(
            FetchStatus.BLOCKED,
            f"{url.scheme}: URLs are not fetched, only http and https{via}",
            final_url=url,
        )
    host = url.raw_host.decode("ascii", errors="replace")
    labels = host.removesuffix(".").split(".")
    bad_labels = ":" not in host and not all(0 < len(label) <= 63 for label in labels)  # ":": an IPv6 literal
    if not host or not set(host) <= _HOST_CHARACTERS or bad_labels:
        raise _Failure(FetchStatus.INVALID_URL, f"{url.host!r} is not a valid host name{via}", final_url=url)
    if url.port is not None and not 0 < url.port < 65536:  # httpx accepts 99999, the socket layer wraps it
        raise _Failure(FetchStatus.INVALID_URL, f"port {url.port} is out of range{via}", final_url=url)


def _download(client: SourceClient, url: httpx.URL, settings: FetchSettings) -> _Downloaded:
    """GET ``url``, following up to ``settings.max_redirects`` redirects, each hop checked again."""
    with deadline(settings.total_timeout):
        for hop in range(settings.max_redirects + 1):
            with _as_failure(url, settings):
                response = client.send(client.build_request("GET", url), stream=True)
                try:
                    if not response.is_redirect:
                        return _read(response, settings)
                finally:
                    response.close()
            next_url = _redirect_target(url, response)
            if hop == settings.max_redirects:
                raise _Failure(
                    FetchStatus.TOO_MANY_REDIRECTS,
                    f"more than {settings.max_redirects} redirects (the last one pointed to {next_url})",
                    final_url=url,
                    http_status=response.status_code,
                )
            url = next_url
    raise AssertionError("unreachable: the loop returns or raises")


def _redirect_target(url: httpx.URL, response: httpx.Response) -> httpx.URL:
    """Where a 3xx ``response`` for ``url`` points; a missing, empty or malformed Location is a failure."""
    location = response.headers.get("location", "").strip()
    if not location:
        raise _Failure(
            FetchStatus.HTTP_ERROR,
            f"HTTP {response.status_code} redirect without a Location to follow",
            final_url=url,
            http_status=response.status_code,
        )
    try:
        target = url.join(location)
    except (httpx.InvalidURL, TypeError, ValueError, UnicodeError) as exc:
        raise _Failure(
            FetchStatus.INVALID_URL, f"{url} redirects to an invalid URL {location!r}: {exc}", final_url=url
        ) from None
    _check_url(target, shown=location, redirected_from=url)
    return target


def _read(response: httpx.Response, settings: FetchSettings) -> _Downloaded:
    """The decoded body of the final response; errors, oversize and binary bodies are refused early."""
    url = response.url
    content_type = response.headers.get("content-type")
    known = {"final_url": url, "http_status": response.status_code, "content_type": content_type}
    if not response.is_success:
        reason = f" {response.reason_phrase}" if response.reason_phrase else ""
        raise _Failure(FetchStatus.HTTP_ERROR, f"HTTP {response.status_code}{reason}", **known)
    announced = _content_length(response)
    if announced is not None and announced > settings.max_bytes:
        raise _Failure(
            FetchStatus.TOO_LARGE,
            f"the server announces {announced:,} bytes, over the {settings.max_bytes:,}-byte limit",
            **known,
        )
    try:
        body = BoundedBody(
            parse_content_encoding(response.headers.get("content-encoding")), settings.max_bytes
        )
        media_type = MediaType.parse(content_type)
        sniffed = False
        for chunk in response.iter_raw():
            body.feed(chunk)
            if not sniffed and body.size >= SNIFF_BYTES:
                sniffed = True
                verdict = sniff(body.head(SNIFF_BYTES), media_type)
                if verdict.kind is ContentKind.UNSUPPORTED:  # do not download what cannot be read
                    raise _Failure(FetchStatus.UNSUPPORTED, verdict.reason or "unsupported content", **known)
        data = body.finish()
    except BodyTooLarge as exc:
        raise _Failure(FetchStatus.TOO_LARGE, str(exc), **known) from None
    except UndecodableBody as exc:
        raise _Failure(FetchStatus.UNSUPPORTED, str(exc), **known) from None
    return _Downloaded(str(url), response.status_code, content_type, data)


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length", "")
    return int(value) if value.strip().isdigit() else None


@contextmanager
def _as_failure(url: httpx.URL, settings: FetchSettings) -> Iterator[None]:
    """Turn what the network or the guard raises while talking to ``url`` into a :class:`_Failure`."""
    host = url.host
    try:
        yield
    except AddressRefused as exc:
        raise _Failure(FetchStatus.BLOCKED, f"refused to connect to {url}: {exc}", final_url=url) from None
    except HostNotFound as exc:
        raise _Failure(FetchStatus.DEAD, str(exc), final_url=url) from None
    except DeadlineExceeded:
        message = f"gave up on {host} after the total time limit of {settings.total_timeout:g} s"
        raise _Failure(FetchStatus.TIMEOUT, message, final_url=url) from None
    except httpx.TimeoutException as exc:
        if isinstance(exc, httpx.ConnectTimeout):
            message = f"connecting to {host} took over {settings.connect_timeout:g} s"
        elif isinstance(exc, httpx.PoolTimeout):
            message = f"no connection to {host} became free within {settings.total_timeout:g} s"
        else:
            message = f"{host} sent nothing for {settings.read_timeout:g} s"
        raise _Failure(FetchStatus.TIMEOUT, message, final_url=url) from None
    except httpx.RemoteProtocolError as exc:
        # httpx parses a 3xx's Location inside send() even when it does not follow it, and reports a
        # malformed one ("http://[::1") as a protocol error; it is the redirect target that is invalid.
        if str(exc).startswith(_INVALID_LOCATION):
            raise _Failure(
                FetchStatus.INVALID_URL, f"{url} redirects to an invalid URL: {exc}", final_url=url
            ) from None
        raise _Failure(FetchStatus.DEAD, f"connection to {host} failed: {exc}", final_url=url) from None
    except httpx.HTTPError as exc:
        raise _Failure(
            FetchStatus.DEAD, f"connection to {host} failed: {exc or type(exc).__name__}", final_url=url
        ) from None
