"""A self-hosted metasearch engine's JSON API as a source of candidate pages: SearXNG's
``GET {url}/search?q=…&format=json`` (``{"results": [{"url", "title", "content", "engine", …}], …}``).

The instance is the operator's (``[retrieve.metasearch] url``), so it is asked directly, loopback included,
not through the SSRF guard. Its answer is still read defensively: a time limit for the whole answer, a size
cap while it streams, and anything that is not the expected JSON is logged and answered with no hits: a
broken engine costs a claim its web suggestions, never the patrol. The pages it names are anyone's: they are
only ever fetched by :mod:`sidebot.sources.fetch` (:mod:`sidebot.patrol.web_search`).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass

import httpx

from sidebot.config import MetasearchSettings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class EngineHit:
    """One result of the engine, as it gave it (nothing in it is checked yet)."""

    url: str
    title: str
    snippet: str
    engine: str


class EngineFailure(Exception):
    """The engine gave no usable answer; the message says why, for the log."""


class Metasearch:
    """Asks the SearXNG instance of ``settings``; ``user_agent`` is the bot's (``fetch.user_agent``)."""

    def __init__(self, settings: MetasearchSettings, user_agent: str) -> None:
        if not settings.url:
            raise ValueError("retrieve.metasearch.url is empty: the search engine is off")
        self.settings = settings
        self.endpoint = settings.url.rstrip("/") + "/search"
        self.user_agent = user_agent

    def search(self, query: str) -> list[EngineHit]:
        """The engine's hits for ``query``, in its order, without repeats; none (logged) when it fails."""
        try:
            return parse_answer(self._ask(query))
        except EngineFailure as exc:
            log.warning("metasearch: no web suggestions for this claim: %s", exc)
            return []

    def _ask(self, query: str) -> bytes:
        s = self.settings
        params = {"q": query, "format": "json"}
        if s.categories:
            params["categories"] = ",".join(s.categories)
        if s.language:
            params["language"] = s.language
        started = time.monotonic()
        try:
            with (
                httpx.Client(
                    timeout=s.timeout, headers={"User-Agent": self.user_agent}, trust_env=False
                ) as client,
                client.stream("GET", self.endpoint, params=params) as response,
            ):
                if response.status_code == 403:
                    raise EngineFailure(
                        f"{self.endpoint} answered HTTP 403: is `json` in the instance's search.formats?"
                    )
                if response.status_code != 200:
                    raise EngineFailure(f"{self.endpoint} answered HTTP {response.status_code}")
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > s.max_bytes:
                        raise EngineFailure(
                            f"{self.endpoint} answered over {s.max_bytes:,} bytes "
                            "([retrieve.metasearch] max_bytes): refused"
                        )
                    if time.monotonic() - started > s.timeout:
                        raise EngineFailure(f"{self.endpoint} took over {s.timeout:g} s to answer")
                return bytes(body)
        except httpx.TimeoutException:
            raise EngineFailure(f"{self.endpoint} took over {s.timeout:g} s to answer") from None
        except httpx.HTTPError as exc:
            raise EngineFailure(f"{self.endpoint} could not be asked: {exc or type(exc).__name__}") from None


def parse_answer(body: bytes) -> list[EngineHit]:
    """The hits of a SearXNG JSON answer. Results that are not objects with a string ``url`` are skipped;
    an answer that is not a JSON object with a ``results`` list raises :class:`EngineFailure`."""
    try:
        answer = json.loads(body)
    except (ValueError, RecursionError) as exc:  # RecursionError: "[[[[…" nested past the parser's limit
        raise EngineFailure(f"the answer is not JSON ({type(exc).__name__}: {str(exc)[:100]})") from None
    results = answer.get("results") if isinstance(answer, dict) else None
    if not isinstance(results, list):
        raise EngineFailure("the answer has no `results` list (not a SearXNG JSON answer)")
    hits: dict[str, EngineHit] = {}
    skipped = 0
    for result in results:
        url = result.get("url") if isinstance(result, dict) else None
        if not isinstance(url, str) or not url.strip():
            skipped += 1
            continue
        url = url.strip()
        if url not in hits:
            hits[url] = EngineHit(
                url, _text(result.get("title")), _text(result.get("content")), _text(result.get("engine"))
            )
    if skipped:
        log.warning("metasearch: %d results without a URL skipped", skipped)
    return list(hits.values())


def _text(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""
