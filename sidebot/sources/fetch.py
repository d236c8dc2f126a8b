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
from typing import Any

import httpx

from sidebot.config import FetchSettings
from sidebot.sources.address_guard import AddressRefused, HostNotFound
from sidebot.sources.body import BodyTooLarge, BoundedBody, UndecodableBody, parse_content_encoding
from sidebot.sources.charset import decode_text
from sidebot.sources.classify import DESCRIPTIONS, Classification, PageKind, PageView, classify
from sidebot.sources.client import DeadlineExceeded, SourceClient, deadline, extend_deadline
from sidebot.sources.extract import Extracted, extract
from sidebot.sources.mirror import iso_date, wikipedia_notice
from sidebot.sources.politeness import HostLimiter, retry_after_seconds
from sidebot.sources.robots import Access, RobotsAnswer
from sidebot.sources.signals import NO_SIGNALS, PageSignals, page_signals
from sidebot.sources.sniff import SNIFF_BYTES, ContentKind, MediaType, sniff
from sidebot.sources.soft404 import ProbeAnswer, ProbeCache, compare

logger = logging.getLogger(__name__)

ALLOWED_SCHEMES = frozenset({"http", "https"})
_INVALID_LOCATION = "Invalid URL in location header"  # httpx's message, see _as_failure
RATE_LIMITED = frozenset({429, 503})
DEFAULT_BACK_OFF_S = 5.0  # a 429 without a (readable) Retry-After
# Error pages are read to say what they are, among the kinds that can answer with their status: a bot check
# answers 403, 429 or 503; a 404 or 410 page may say "removed", "moved" or "this video is gone"; a 401 or 403
# one "log in". (A 404 page's search box does not make it search results.)
_BOT_CHECK = frozenset({PageKind.BOT_CHECK})
_DEAD = frozenset(
    {PageKind.GONE, PageKind.REMOVED, PageKind.MOVED, PageKind.MEDIA_UNAVAILABLE, PageKind.PARKED}
)
_WALLED = frozenset({PageKind.PAYWALL, PageKind.CONSENT, PageKind.BOT_CHECK})
_ERROR_PAGE_KINDS = {
    401: _WALLED,
    403: _WALLED,
    404: _DEAD,
    410: _DEAD,
    429: _BOT_CHECK,
    451: _DEAD,
    503: _BOT_CHECK,
}
_ERROR_PAGE_BYTES = 256_000
_HOST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-_:")  # IDNA-encoded names, IP literals


class FetchStatus(StrEnum):
    """How a source's fetch ended: its text was read (``ok``, ``pdf``), or why not; the value is what the
    queue stores."""

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
    NOT_SOURCE = "not_source"  # an answer that is not the page: ``page_kind`` says which (classify.PageKind)
    DISALLOWED = "disallowed"  # the site's robots.txt disallows it for our User-Agent, or cannot be read
    INVALID_URL = "invalid_url"


@dataclass(frozen=True, slots=True)
class FetchResult:
    """What fetching one URL gave.

    ``text`` is set only for ``ok`` and for ``pdf`` with extractable text; every other outcome has an
    ``error``. ``content_type`` is the media type the server declared (no parameters); ``content_hash``
    (sha256, hex) and ``size_bytes`` describe the body once its Content-Encoding is undone, and are None when
    the body was not read in full. ``elapsed_s`` covers the network and the text extraction. ``page_kind``
    is :class:`~sidebot.sources.classify.PageKind` of a page that was read (``content``, or what it is
    instead: ``not_source``/``empty``); ``redirects`` the addresses redirected through before ``final_url``;
    ``published`` and ``wikipedia_notice`` what the page says of its date and of being taken from Wikipedia
    (for :mod:`sidebot.patrol.mirrors`).
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
    page_kind: str | None = None
    redirects: tuple[str, ...] = ()
    published: str | None = None  # the page's publication date from its metadata (YYYY-MM-DD when readable)
    wikipedia_notice: str | None = None  # the Wikipedia attribution the page carries (sources.mirror)
    metadata: dict[str, Any] | None = None  # what a readable page says of itself (sources.metadata)


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
        body: bytes | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.final_url = final_url
        self.http_status = http_status
        self.content_type = content_type
        self.body = body  # an error page's body, when it may say what it is (see _ERROR_PAGE_KINDS)


@dataclass(frozen=True, slots=True)
class _Downloaded:
    final_url: str
    http_status: int
    content_type: str | None  # the raw header
    body: bytes
    redirects: tuple[str, ...]


def fetch(
    url: str, settings: FetchSettings, client: SourceClient | None = None, *, probe: bool = True
) -> FetchResult:
    """Fetch ``url``, extract its text and tell whether it is the page (:mod:`sidebot.sources.classify`).

    ``client`` (a :class:`SourceClient` built from the same settings) lets many fetches share connections;
    without one, a client is made and closed for this call. ``probe``: run the soft-404 probe (when
    ``settings.soft404_probe`` is on); off for archived copies, whose archive answers nonsense with 404.
    """
    if client is not None and client.settings != settings:
        raise ValueError("the client was built from other FetchSettings than the ones passed to fetch()")
    if client is None:
        with SourceClient(settings) as own_client:
            return _fetch(url, settings, own_client, _prober(settings, own_client, probe))
    return _fetch(url, settings, client, _prober(settings, client, probe))


def fetch_many(
    urls: Iterable[str], settings: FetchSettings, *, probe: bool = True, limiter: HostLimiter | None = None
) -> dict[str, FetchResult]:
    """Fetch every distinct URL, ``settings.concurrency`` at a time; results keyed by URL in input order.
    Pages in one site folder share one soft-404 probe. ``limiter``: the per-host limits to keep (default:
    the process's, shared by every batch)."""
    unique = list(dict.fromkeys(urls))
    if not unique:
        return {}
    workers = max(1, min(settings.concurrency, len(unique)))
    with SourceClient(settings, limiter) as client, ThreadPoolExecutor(workers, "sidebot-fetch") as pool:
        probes = _prober(settings, client, probe)
        return dict(zip(unique, pool.map(lambda u: _fetch(u, settings, client, probes), unique), strict=True))


def _prober(settings: FetchSettings, client: SourceClient, wanted: bool) -> ProbeCache | None:
    if not (wanted and settings.soft404_probe):
        return None

    def ask(target: str) -> ProbeAnswer:
        result = _fetch(target, settings, client, None)
        ok = result.http_status is not None and 200 <= result.http_status < 300
        return ProbeAnswer(target, result.final_url, ok, result.title, result.text or "")

    return ProbeCache(ask)


def _fetch(url: str, settings: FetchSettings, client: SourceClient, probes: ProbeCache | None) -> FetchResult:
    """:func:`_fetch_source`, with anything it did not foresee recorded as this source's failure.

    The known failures are mapped to statuses where they happen; this net is what keeps ``fetch`` and
    ``fetch_many`` from raising for a case nobody thought of, so one source cannot cost the page its others.
    """
    started = time.monotonic()
    try:
        return _fetch_source(url, settings, client, started, probes)
    except Exception as exc:  # noqa: BLE001 -- the promise of fetch(): a result, never an exception
        logger.exception("unexpected failure fetching %r", url)
        return FetchResult(
            url=url,
            final_url=url,
            status=FetchStatus.UNSUPPORTED,
            error=f"the source could not be read: {type(exc).__name__}: {exc}",
            elapsed_s=time.monotonic() - started,
        )


def _fetch_source(
    url: str, settings: FetchSettings, client: SourceClient, started: float, probes: ProbeCache | None
) -> FetchResult:
    error: str | None  # what went wrong, when something did
    try:
        downloaded = _download(client, _parse_source_url(url), settings)
    except _Failure as failure:
        said = _error_page_kind(url, failure)
        if said is not None and said.kind is PageKind.BOT_CHECK:  # the site is there: we were stopped
            status, error = FetchStatus.NOT_SOURCE, f"{said.reason} (HTTP {failure.http_status})"
        elif said is not None and said.kind is not PageKind.GONE:  # "HTTP 404" says "gone" already
            detail = f" ({said.evidence})" if said.evidence else ""
            status, error = failure.status, f"{failure}; {DESCRIPTIONS[said.kind]}{detail}"
        else:
            status, error = failure.status, str(failure)
        return FetchResult(
            url=url,
            final_url=str(failure.final_url) if failure.final_url else url,
            status=status,
            http_status=failure.http_status,
            content_type=MediaType.parse(failure.content_type).mime or None,
            error=error,
            elapsed_s=time.monotonic() - started,
            page_kind=str(said.kind) if said is not None else None,
        )
    extracted = extract(
        downloaded.body,
        downloaded.content_type,
        url=downloaded.final_url,
        pdf_time_budget_s=settings.total_timeout,
    )
    page_kind: str | None = None
    error = extracted.error
    signals = _signals(downloaded, extracted)
    if extracted.kind is ContentKind.PDF:
        status = FetchStatus.PDF
    elif extracted.kind is ContentKind.UNSUPPORTED:
        status = FetchStatus.UNSUPPORTED
    else:
        verdict = _classify(url, downloaded, extracted, signals, probes)
        page_kind = str(verdict.kind)
        if verdict.kind is PageKind.EMPTY:
            status, error = FetchStatus.EMPTY, extracted.error or verdict.reason
        elif not verdict.is_content:
            status, error = FetchStatus.NOT_SOURCE, verdict.reason
        else:
            status = FetchStatus.OK if extracted.text else FetchStatus.EMPTY
    return FetchResult(
        url=url,
        final_url=downloaded.final_url,
        status=status,
        http_status=downloaded.http_status,
        content_type=MediaType.parse(downloaded.content_type).mime or None,
        title=extracted.title,
        text=extracted.text if status in (FetchStatus.OK, FetchStatus.PDF) else None,
        content_hash=hashlib.sha256(downloaded.body).hexdigest(),
        size_bytes=len(downloaded.body),
        error=error,
        elapsed_s=time.monotonic() - started,
        page_kind=page_kind,
        redirects=downloaded.redirects,
        published=iso_date(signals.published or extracted.published),
        wikipedia_notice=wikipedia_notice(signals.visible_text or extracted.text or ""),
        metadata=_metadata(status, extracted),
    )


def _metadata(status: FetchStatus, extracted: Extracted) -> dict[str, Any] | None:
    """The page's metadata, kept for a page read as the source (a PDF gives its title only)."""
    if status is FetchStatus.OK:
        return extracted.metadata
    if status is FetchStatus.PDF:
        return {"title": extracted.title} if extracted.title else {}
    return None


def _signals(downloaded: _Downloaded, extracted: Extracted) -> PageSignals:
    """The whole page's clues (HTML only)."""
    if extracted.kind is not ContentKind.HTML:
        return NO_SIGNALS
    media_type = MediaType.parse(downloaded.content_type)
    return page_signals(decode_text(downloaded.body, media_type.charset, html=True))


def _error_page_kind(url: str, failure: _Failure) -> Classification | None:
    """What the page of an HTTP error says it is, when it says so in a kind its status can have (None
    otherwise): a 403 or 503 bot check (Cloudflare, DataDome…), a 410 "this guidance was withdrawn", a 403
    login wall, a 404 "not found". The status stays the error's (a dead link is looked up in the archive
    either way) but for a bot check, where the site is there and we were stopped; the reason says what the
    page said."""
    kinds = _ERROR_PAGE_KINDS.get(failure.http_status or 0, frozenset())
    if not failure.body or not kinds:
        return None
    media_type = MediaType.parse(failure.content_type)
    if sniff(failure.body[:SNIFF_BYTES], media_type).kind is not ContentKind.HTML:
        return None
    html = decode_text(failure.body, media_type.charset, html=True)
    signals = page_signals(html)
    final = str(failure.final_url or url)
    view = PageView(url, final, (), failure.http_status, signals.title, signals.visible_text, signals)
    verdict = classify(view)
    return verdict if verdict.kind in kinds else None


def _classify(
    url: str, downloaded: _Downloaded, extracted: Extracted, signals: PageSignals, probes: ProbeCache | None
) -> Classification:
    """The page's own signals first; a page that looks like content is then compared with the site's answer
    to a nonsense address (the soft-404 probe)."""
    view = PageView(
        url=url,
        final_url=downloaded.final_url,
        redirects=downloaded.redirects,
        http_status=downloaded.http_status,
        title=extracted.title,
        text=extracted.text,
        signals=signals,
    )
    verdict = classify(view)
    if not verdict.is_content or probes is None or not extracted.text:
        return verdict
    answer = probes.answer_for(downloaded.final_url)
    if answer is None:
        return verdict
    return compare(downloaded.final_url, extracted.title, extracted.text, answer)


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


def _download(
    client: SourceClient, url: httpx.URL, settings: FetchSettings, *, robots: bool = True
) -> _Downloaded:
    """GET ``url``, following up to ``settings.max_redirects`` redirects, each hop checked again (the SSRF
    guard and, unless ``robots`` is off, its site's robots.txt) and sent when the host's turn comes
    (:mod:`sidebot.sources.politeness`)."""
    redirects: list[str] = []
    with deadline(settings.total_timeout):
        for hop in range(settings.max_redirects + 1):
            if robots:
                _obey_robots(client, url, settings)
            with _as_failure(url, settings):
                response = _polite_send(client, url, settings)
                try:
                    if not response.is_redirect:
                        return _read(response, settings, tuple(redirects))
                finally:
                    response.close()
            next_url = _redirect_target(url, response)
            redirects.append(str(url))
            if hop == settings.max_redirects:
                raise _Failure(
                    FetchStatus.TOO_MANY_REDIRECTS,
                    f"more than {settings.max_redirects} redirects (the last one pointed to {next_url})",
                    final_url=url,
                    http_status=response.status_code,
                )
            url = next_url
    raise AssertionError("unreachable: the loop returns or raises")


def _obey_robots(client: SourceClient, url: httpx.URL, settings: FetchSettings) -> None:
    """Refuse ``url`` when its site's robots.txt disallows it (:mod:`sidebot.sources.robots`). Asking for
    the robots.txt does not count against the page's time limit."""
    started = time.monotonic()
    verdict = client.robots.check(str(url), settings.user_agent, lambda where: _ask_robots(client, where))
    extend_deadline(time.monotonic() - started)
    if verdict.access is Access.DISALLOWED:
        raise _Failure(FetchStatus.DISALLOWED, f"refused by robots.txt: {verdict.reason}", final_url=url)


def _ask_robots(client: SourceClient, where: str) -> RobotsAnswer:
    """Fetch a robots.txt as any address is fetched (guard, caps, politeness), itself unchecked."""
    try:
        downloaded = _download(client, httpx.URL(where), client.settings, robots=False)
    except _Failure as failure:
        down = failure.status in (FetchStatus.DEAD, FetchStatus.BLOCKED, FetchStatus.INVALID_URL)
        return RobotsAnswer(failure.http_status, None, str(failure), site_down=down)
    return RobotsAnswer(downloaded.http_status, downloaded.body)


def _polite_send(client: SourceClient, url: httpx.URL, settings: FetchSettings) -> httpx.Response:
    """Send a GET for ``url`` in the host's turn; a 429 or 503 with Retry-After is retried after the wait it
    asks for (up to ``settings.retries`` times and ``settings.max_retry_after`` seconds), and the host is
    left alone that long by every fetch of the process. The waits do not count against the deadline."""
    host = url.host
    for attempt in range(settings.retries + 1):
        with client.limiter.turn(host) as waited:
            extend_deadline(waited)
            response = client.send(client.build_request("GET", url), stream=True)
            if response.status_code not in RATE_LIMITED:
                return response
            if response.status_code == 503 and "retry-after" not in response.headers:
                return response  # an ordinary server error
        wait = retry_after_seconds(response.headers.get("retry-after"), DEFAULT_BACK_OFF_S)
        client.limiter.back_off(host, wait)
        if attempt == settings.retries or wait > settings.max_retry_after:
            return response  # read as an HTTP error by _read, with the wait asked for in its message
        response.close()
    raise AssertionError("unreachable: the loop returns")


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


def _read(response: httpx.Response, settings: FetchSettings, redirects: tuple[str, ...]) -> _Downloaded:
    """The decoded body of the final response; errors, oversize and binary bodies are refused early."""
    url = response.url
    content_type = response.headers.get("content-type")
    known = {"final_url": url, "http_status": response.status_code, "content_type": content_type}
    if not response.is_success:
        reason = f" {response.reason_phrase}" if response.reason_phrase else ""
        if response.status_code in RATE_LIMITED and "retry-after" in response.headers:
            asked = retry_after_seconds(response.headers["retry-after"], DEFAULT_BACK_OFF_S)
            reason += f": rate limited, the site asked to wait {asked:g} s"
        body = _error_body(response, settings) if response.status_code in _ERROR_PAGE_KINDS else None
        raise _Failure(FetchStatus.HTTP_ERROR, f"HTTP {response.status_code}{reason}", **known, body=body)
    announced = _content_length(response)
    if announced is not None and announced > settings.max_bytes:
        raise _Failure(
            FetchStatus.TOO_LARGE,
            f"the server announces {announced:,} bytes, over the {settings.max_bytes:,}-byte limit",
            **known,
        )
    try:
        bounded = BoundedBody(
            parse_content_encoding(response.headers.get("content-encoding")), settings.max_bytes
        )
        media_type = MediaType.parse(content_type)
        sniffed = False
        for chunk in response.iter_raw():
            bounded.feed(chunk)
            if not sniffed and bounded.size >= SNIFF_BYTES:
                sniffed = True
                verdict = sniff(bounded.head(SNIFF_BYTES), media_type)
                if verdict.kind is ContentKind.UNSUPPORTED:  # do not download what cannot be read
                    raise _Failure(FetchStatus.UNSUPPORTED, verdict.reason or "unsupported content", **known)
        data = bounded.finish()
    except BodyTooLarge as exc:
        raise _Failure(FetchStatus.TOO_LARGE, str(exc), **known) from None
    except UndecodableBody as exc:
        raise _Failure(FetchStatus.UNSUPPORTED, str(exc), **known) from None
    return _Downloaded(str(url), response.status_code, content_type, data, redirects)


def _error_body(response: httpx.Response, settings: FetchSettings) -> bytes | None:
    """The start of an error page's body, read only to say what the page is; None when unreadable."""
    try:
        body = BoundedBody(
            parse_content_encoding(response.headers.get("content-encoding")),
            min(settings.max_bytes, _ERROR_PAGE_BYTES),
        )
        for chunk in response.iter_raw():
            body.feed(chunk)
        return body.finish()
    except (BodyTooLarge, UndecodableBody, httpx.HTTPError, DeadlineExceeded):
        return None


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
