"""What is wrong with a wiki, in words: whether it is read-only now, and, when a request failed after
Pywikibot's retries, which kind of outage it is.

Pywikibot retries HTTP 5xx answers, timeouts, ``maxlag`` and a read-only wiki's refusals by itself, and
when it gives up it says only "Maximum retries attempted without success". :func:`diagnose` asks the wiki
once more with a plain request and names the kind: ``network`` (no connection), ``server error`` (HTTP 5xx),
``maxlag`` (the database replicas lag), ``read-only`` (with the wiki's own reason) or ``answering`` (the
wiki is fine now: the failure passed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import httpx

if TYPE_CHECKING:
    from pywikibot.site import APISite

USER_AGENT = "sidebot/0.1 (wiki health check; https://meta.wikimedia.org/wiki/Sidebot)"
MAXLAG = 5  # seconds of replica lag that count as lagging, as the bot's own writes ask (write_maxlag)


@dataclass(frozen=True, slots=True)
class WikiHealth:
    """How the wiki answers, for the scheduler's and the CLI's one line."""

    kind: str  # "network", "server error", "maxlag", "read-only", "answering"
    words: str  # the same for people: "the wiki answers HTTP 503 (a server error)"

    @property
    def down(self) -> bool:
        """Whether the wiki is not answering normally (any kind but ``answering``)."""
        return self.kind != "answering"


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` (from Pywikibot or requests) means the wiki is not answering properly, rather than
    refusing one request: HTTP 5xx, retries exhausted (5xx, maxlag, read-only), timeouts, no connection."""
    from pywikibot.exceptions import ApiTimeoutError, ServerError
    from requests.exceptions import RequestException

    return isinstance(exc, (ServerError, ApiTimeoutError, ConnectionError, RequestException))


def read_only_reason(site: APISite) -> str | None:
    """The words "the wiki is read-only (<its reason>)…" while it is (asked now, not cached), else None."""
    from sidebot.wiki.site import translate_errors

    with translate_errors():
        general = site.simple_request(
            action="query", meta="siteinfo", siprop="general", formatversion=2
        ).submit()["query"]["general"]
    return _read_only_words(general)


def diagnose(api_url: str, timeout: float = 15.0, maxlag: int = MAXLAG) -> WikiHealth:
    """One plain request to ``api_url`` (siteinfo with ``maxlag``): what state the wiki is in now. A lag
    above ``maxlag`` seconds counts as lagging (the writes' limit by default; reads allow more)."""
    params = {"action": "query", "meta": "siteinfo", "siprop": "general", "format": "json"}
    params |= {"formatversion": "2", "maxlag": str(maxlag)}
    try:
        response = httpx.get(api_url, params=params, timeout=timeout, headers={"User-Agent": USER_AGENT})
    except httpx.HTTPError as exc:
        return WikiHealth("network", f"the wiki cannot be reached ({type(exc).__name__}: {exc})")
    if response.status_code >= 500:
        return WikiHealth("server error", f"the wiki answers HTTP {response.status_code} (a server error)")
    try:
        answer = response.json()
    except ValueError:
        return WikiHealth("server error", f"the wiki answers HTTP {response.status_code} with no API answer")
    error = answer.get("error") if isinstance(answer, dict) else None
    if isinstance(error, dict) and error.get("code") == "maxlag":
        lag = error.get("lag", "?")
        return WikiHealth("maxlag", f"the wiki's database replicas lag {lag} s behind (maxlag)")
    general = (answer.get("query") or {}).get("general") if isinstance(answer, dict) else None
    if not isinstance(general, dict):
        return WikiHealth("server error", f"the wiki answers HTTP {response.status_code} with no site info")
    read_only = _read_only_words(general)
    if read_only is not None:
        return WikiHealth("read-only", read_only)
    return WikiHealth("answering", "the wiki answers normally again")


def outage_words(exc: BaseException, api_url: str | None) -> str:
    """``exc`` (an outage, see :func:`is_outage`) said in words, with what the wiki answers now."""
    if api_url is None:
        return f"{type(exc).__name__}: {exc}"
    health = diagnose(api_url)
    if not health.down:
        return f"the wiki stopped answering for a while ({type(exc).__name__}: {exc}); it answers again now"
    return health.words


def api_url_of(site: APISite) -> str:
    """The api.php address of ``site``."""
    return site.base_url(site.apipath())


def _read_only_words(general: dict) -> str | None:
    if not general.get("readonly"):
        return None
    reason = " ".join(str(general.get("readonlyreason") or "no reason given").split())
    return f"the wiki is read-only ({reason}): edits wait until it is writable again"
