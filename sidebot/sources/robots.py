"""robots.txt: asked once per site, kept a day, honoured for the bot's User-Agent (RFC 9309).

Every address the fetcher requests (the cited URL, each redirect hop, the soft-404 probe) is first checked
against its site's robots.txt with Protego (Scrapy's parser: RFC 9309 wildcards and ``$``, the longest match
wins, ``Allow`` beats ``Disallow`` on a tie, the group of the most specific User-agent). The site is the
origin: scheme, host and port. What the answer means, as RFC 9309 section 2.3.1 says:

* 2xx: the rules in it (a file that is not robots.txt, e.g. a soft-404 site's HTML page, has none: all
  allowed);
* 4xx other than 429: "unavailable", every address may be fetched;
* 5xx, 429, a timeout or a redirect loop: "unreachable", nothing may be fetched until it can be read;
* the site itself cannot be reached (no such host, connection refused, an address the SSRF guard refuses):
  there is no verdict, and the fetch of the page reports that failure itself.

Answers are kept per process for :data:`KEEP_S` (RFC 9309 asks for no more than 24 hours); threads asking
for the same site at once wait for the first one's request.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from urllib.parse import urlsplit

from protego import Protego

KEEP_S = 24 * 3600.0
PARSE_BYTES = 500 * 1024  # RFC 9309: a crawler must parse at least 500 KiB


class Access(StrEnum):
    """What a site's robots.txt says of fetching an address with our User-Agent."""

    ALLOWED = "allowed"
    DISALLOWED = "disallowed"  # the rules forbid it, or the robots.txt is unreachable
    NO_VERDICT = "no-verdict"  # the site cannot be reached at all: the page's own fetch says why


@dataclass(frozen=True, slots=True)
class RobotsAnswer:
    """What asking for ``/robots.txt`` gave: an HTTP status and body, or why there is none. ``site_down``:
    the host cannot be reached at all (DNS, refused, guard), as opposed to an answer that could not be read
    (timeout, 5xx, redirect loop)."""

    http_status: int | None
    body: bytes | None = None
    error: str | None = None
    site_down: bool = False


@dataclass(frozen=True, slots=True)
class Verdict:
    """The robots.txt answer for one address, with the reason in words when it is refused."""

    access: Access
    reason: str = ""  # why an address is refused, for the source's record


@dataclass(frozen=True, slots=True)
class _Rules:
    """One site's robots.txt as understood: its parsed rules, or a blanket answer and why."""

    parser: Protego | None
    blanket: Access
    why: str
    until: float


def robots_url(url: str) -> str | None:
    """``scheme://host:port/robots.txt`` of ``url``'s site; None when ``url`` has no http(s) origin."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}/robots.txt"


class RobotsCache:
    """robots.txt answers per site for one process; thread-safe."""

    def __init__(self, keep_s: float = KEEP_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.keep_s, self._clock = keep_s, clock
        self._lock = threading.Lock()
        self._rules: dict[str, _Rules] = {}
        self._pending: dict[str, threading.Event] = {}

    def check(self, url: str, user_agent: str, ask: Callable[[str], RobotsAnswer]) -> Verdict:
        """May ``url`` be fetched by ``user_agent``? ``ask`` fetches a robots.txt address (not itself
        checked) when this site's answer is not known or is older than ``keep_s``."""
        where = robots_url(url)
        if where is None:
            return Verdict(Access.ALLOWED)
        rules = self._rules_for(where, ask)
        if rules.parser is None:
            return Verdict(rules.blanket, rules.why)
        if rules.parser.can_fetch(url, user_agent):
            return Verdict(Access.ALLOWED)
        return Verdict(
            Access.DISALLOWED,
            f"{where} disallows {_path(url)} for the bot's User-Agent ({product_token(user_agent)})",
        )

    def _rules_for(self, where: str, ask: Callable[[str], RobotsAnswer]) -> _Rules:
        while True:
            with self._lock:
                known = self._rules.get(where)
                if known is not None and known.until > self._clock():
                    return known
                waiting = self._pending.get(where)
                if waiting is None:
                    self._pending[where] = threading.Event()
                    break
            waiting.wait()
        rules = None
        try:
            rules = self._understand(where, ask(where))
        finally:
            with self._lock:
                if rules is not None:
                    self._rules[where] = rules
                self._pending.pop(where).set()
        return rules

    def _understand(self, where: str, answer: RobotsAnswer) -> _Rules:
        until = self._clock() + self.keep_s
        status = answer.http_status
        if answer.site_down:
            return _Rules(None, Access.NO_VERDICT, answer.error or "the site cannot be reached", until)
        if status is not None and 200 <= status < 300:
            text = (answer.body or b"")[:PARSE_BYTES].decode("utf-8", errors="replace")
            return _Rules(Protego.parse(text), Access.ALLOWED, "", until)
        if status is not None and 400 <= status < 500 and status != 429:
            return _Rules(None, Access.ALLOWED, "", until)  # "unavailable": no rules
        what = f"HTTP {status}" if status is not None and not answer.error else answer.error or "no answer"
        return _Rules(
            None,
            Access.DISALLOWED,
            f"{where} could not be read ({what}); RFC 9309 treats an unreachable robots.txt as disallowing "
            "everything",
            until,
        )


def product_token(user_agent: str) -> str:
    """The name robots.txt groups are matched on: ``sidebot`` of ``sidebot/0.1 (…)``."""
    return user_agent.strip().split("/", 1)[0].split(None, 1)[0] if user_agent.strip() else user_agent


def _path(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


@cache
def shared_robots() -> RobotsCache:
    """The process's robots.txt answers, shared by every batch of fetches."""
    return RobotsCache()
