"""The soft-404 probe, as InternetArchiveBot does it: ask the same site for an address that cannot exist.

Many sites answer a missing page with "200 OK" and an error page, or redirect it to the home page. To tell
such an answer from the cited page, fetch a nonsense address next to it (same scheme, host and folder, a
random name with the same extension): a site that answers the nonsense with 404 is honest; one that answers
200 with the same text (or title and much of the text), or that redirects both to the same place, served
the cited URL the same way, so the cited page is gone.

One probe per site folder and batch: :class:`ProbeCache` remembers the answer and makes threads asking for
the same folder at once wait for the first one's probe.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from urllib.parse import urlsplit, urlunsplit

from sidebot.sources.classify import Classification, PageKind

SAME_TEXT = 0.85  # word-sequence similarity above which the page is the site's "not found" answer
SAME_TEXT_WITH_TITLE = 0.5  # …or above this when the titles are the same
_COMPARED_WORDS = 1500
_TOKEN = re.compile(r"sidebot-probe-[0-9a-f]+")


@dataclass(frozen=True, slots=True)
class ProbeAnswer:
    """What the site answered for the nonsense address."""

    url: str
    final_url: str
    ok: bool  # a 2xx answer with a body (the suspicious case); False for 404, 410, errors
    title: str | None
    text: str


def probe_url(url: str) -> str | None:
    """A nonsense address in the same folder as ``url``, or None when ``url`` cannot be split."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if not parts.scheme or not parts.netloc:
        return None
    folder, _, name = parts.path.rpartition("/")
    extension = name.rsplit(".", 1)[1] if "." in name.strip(".") else ""
    token = f"sidebot-probe-{secrets.token_hex(8)}"
    path = f"{folder}/{token}{'.' + extension if extension.isalnum() and len(extension) <= 5 else ''}"
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def probe_key(url: str) -> str | None:
    """The folder a probe stands for: scheme, host and port, and the path up to its last slash."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}{parts.path.rpartition('/')[0]}/"


def compare(
    page_final_url: str, page_title: str | None, page_text: str, probe: ProbeAnswer
) -> Classification:
    """Whether the page is the same answer the site gave for the nonsense address."""
    if not probe.ok:
        return Classification(PageKind.CONTENT)
    if probe.final_url != probe.url and probe.final_url == page_final_url:
        return Classification(
            PageKind.GONE, f"a nonsense address on the same site is redirected to the same {page_final_url}"
        )
    similarity = text_similarity(page_text, probe.text)
    same_title = bool(page_title) and _clean(page_title or "") == _clean(probe.title or "")
    if similarity >= SAME_TEXT or (same_title and similarity >= SAME_TEXT_WITH_TITLE):
        title = f", same title {page_title!r}" if same_title else ""
        return Classification(
            PageKind.GONE,
            f"the site answers a nonsense address with the same page "
            f"(text similarity {similarity:.2f}{title})",
        )
    return Classification(PageKind.CONTENT)


def text_similarity(a: str, b: str) -> float:
    """Similarity of two texts' word sequences (difflib's ratio), the probe's random name left out."""
    words_a, words_b = _clean(a).split()[:_COMPARED_WORDS], _clean(b).split()[:_COMPARED_WORDS]
    if not words_a and not words_b:
        return 1.0
    return SequenceMatcher(None, words_a, words_b, autojunk=False).ratio()


def _clean(text: str) -> str:
    return _TOKEN.sub(" ", text).lower()


class ProbeCache:
    """Probe answers per site folder for one batch of fetches; thread-safe, one probe per folder."""

    def __init__(self, probe: Callable[[str], ProbeAnswer | None]) -> None:
        self._probe = probe
        self._lock = threading.Lock()
        self._answers: dict[str, ProbeAnswer | None] = {}
        self._pending: dict[str, threading.Event] = {}

    def answer_for(self, url: str) -> ProbeAnswer | None:
        """The site's answer to a nonsense address next to ``url`` (None when it could not be asked)."""
        key = probe_key(url)
        if key is None:
            return None
        with self._lock:
            if key in self._answers:
                return self._answers[key]
            waiting = self._pending.get(key)
            if waiting is None:
                self._pending[key] = threading.Event()
        if waiting is not None:
            waiting.wait()
            return self._answers.get(key)
        answer = None
        try:
            target = probe_url(url)
            answer = self._probe(target) if target else None
        finally:
            with self._lock:
                self._answers[key] = answer
                self._pending.pop(key).set()
        return answer
