"""What an HTML page shows besides its main text: the clues :mod:`sidebot.sources.classify` reads.

Trafilatura keeps only a page's main text; a cookie dialog, a login form or a CAPTCHA widget is usually
dropped with the navigation. So the whole page is read once more here, with lxml: its visible text (scripts,
styles and templates left out), what its ``<noscript>`` says, how much script it carries, its forms and
embedded frames, and the ids and classes of its elements (consent and paywall overlays announce themselves
there: ``id="cookie-banner"``, ``class="paywall"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html
from lxml import etree

_SPACES = re.compile(r"\s+")
_INVISIBLE = ("script", "style", "template", "noscript", "svg", "head")
_MAX_NAMES = 400  # ids/classes kept per page: enough for any overlay, bounded for hostile pages


@dataclass(frozen=True, slots=True)
class PageSignals:
    """The clues of one HTML page. ``visible_text`` is every visible piece of text, whitespace collapsed."""

    title: str
    visible_text: str
    noscript_text: str
    script_count: int
    script_chars: int  # inline script source plus one per external script (its size is unknown)
    has_password_field: bool
    frame_sources: tuple[str, ...]  # <iframe src>, <script src>
    names: frozenset[str]  # element ids and classes, lower-cased
    meta_refresh: str | None  # the URL a <meta http-equiv="refresh"> sends the reader to


NO_SIGNALS = PageSignals("", "", "", 0, 0, False, (), frozenset(), None)


def page_signals(html: str) -> PageSignals:
    """Read the clues of ``html``; a page lxml cannot parse gives :data:`NO_SIGNALS`."""
    try:
        root = lxml.html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return NO_SIGNALS
    title = _text(root.findtext(".//title") or "")
    scripts = root.findall(".//script")
    script_chars = sum(len(s.text or "") or 1 for s in scripts)
    noscript = " ".join(_text(n.text_content()) for n in root.iter("noscript"))
    sources = tuple(el.get("src", "") for el in root.iter("iframe", "script") if el.get("src"))
    names: set[str] = set()
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for value in (el.get("id"), el.get("class")):
            if value and len(names) < _MAX_NAMES:
                names.update(value.lower().split())
    password = any((el.get("type") or "").lower() == "password" for el in root.iter("input"))
    refresh = None
    for meta in root.iter("meta"):
        if (meta.get("http-equiv") or "").lower() == "refresh":
            match = re.search(r"url\s*=\s*['\"]?([^'\">]+)", meta.get("content") or "", re.I)
            refresh = match.group(1).strip() if match else None
    return PageSignals(
        title=title,
        visible_text=_visible_text(root),
        noscript_text=noscript,
        script_count=len(scripts),
        script_chars=script_chars,
        has_password_field=password,
        frame_sources=sources[:50],
        names=frozenset(names),
        meta_refresh=refresh,
    )


def _visible_text(root: lxml.html.HtmlElement) -> str:
    """The text a reader sees: invisible elements dropped (their tails kept), the rest's text in order.
    Changes ``root``: call it last."""
    for el in list(root.iter(*_INVISIBLE)):
        if el.getparent() is not None:
            el.drop_tree()
    body = root.find("body")
    return _text((body if body is not None else root).text_content())


def _text(value: str) -> str:
    return _SPACES.sub(" ", value).strip()
