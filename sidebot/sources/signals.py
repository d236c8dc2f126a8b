"""What an HTML page shows besides its main text: the clues :mod:`sidebot.sources.classify` reads.

Trafilatura keeps only a page's main text; a cookie dialog, a login form or a CAPTCHA widget is usually
dropped with the navigation. So the whole page is read once more here, with lxml: its visible text (scripts,
styles and templates left out), its headings and the labels of its buttons, what its ``<noscript>`` says,
how much script it carries, a password field, its embedded frames, the words and hosts of its links, the
ids and classes of its elements (consent and paywall overlays announce themselves there:
``id="cookie-banner"``, ``class="paywall"``), and what its metadata says (``noindex``, a publication date).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import lxml.html
from lxml import etree

from sidebot.sources.lexicon import CONSENT

_SPACES = re.compile(r"\s+")
_INVISIBLE = ("script", "style", "template", "noscript", "svg", "head")
_MAX_NAMES = 400  # ids/classes kept per page: enough for any overlay, bounded for hostile pages
_MAX_ITEMS = 40  # headings, controls, link hosts kept per page
_PUBLISHED_META = (
    "article:published_time",
    "datepublished",
    "date",
    "dc.date",
    "dc.date.issued",
    "citation_publication_date",
    "citation_date",
    "pubdate",
    "publishdate",
    "og:published_time",
    "sailthru.date",
    "parsely-pub-date",
)
_ASIDE_NAMES = re.compile(r"(sidebar|widget|site-footer|footer-|related|secondary|rail)")
_PARAGRAPH_WORDS = 25  # a <p> this long is a paragraph of prose, not a label or a caption


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
    headings: tuple[str, ...] = ()  # <h1>…<h3> texts in page order
    controls: tuple[str, ...] = ()  # what buttons say: <button>, submit inputs, links styled as buttons
    link_words: int = 0  # words inside links: navigation, result lists and parked pages are mostly links
    link_hosts: tuple[str, ...] = ()  # hosts links and forms point to (other sites: a parking service…)
    noindex: bool = False  # <meta name="robots" content="noindex">: error and search pages often say so
    published: str | None = None  # the publication date the metadata gives, as written
    long_paragraphs: int = 0  # <p> elements of at least 25 words


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
    inputs = list(root.iter("input"))
    password = any((el.get("type") or "").lower() == "password" for el in inputs)
    refresh = None
    for meta in root.iter("meta"):
        if (meta.get("http-equiv") or "").lower() == "refresh":
            match = re.search(r"url\s*=\s*['\"]?([^'\">]+)", meta.get("content") or "", re.I)
            refresh = match.group(1).strip() if match else None
    links = [a for a in root.iter("a") if a.get("href")]
    metas = _metas(root)
    return PageSignals(
        title=title,
        noscript_text=noscript,
        script_count=len(scripts),
        script_chars=script_chars,
        has_password_field=password,
        frame_sources=sources[:50],
        names=frozenset(names),
        meta_refresh=refresh,
        headings=_headings(root),
        controls=_controls(root, inputs),
        link_words=sum(len(a.text_content().split()) for a in links),
        link_hosts=_hosts(
            [a.get("href", "") for a in links] + [f.get("action", "") for f in root.iter("form")]
        ),
        noindex="noindex" in metas.get("robots", "").lower(),
        published=next((metas[k] for k in _PUBLISHED_META if metas.get(k)), None) or _jsonld_date(root),
        long_paragraphs=sum(1 for p in root.iter("p") if len(p.text_content().split()) >= _PARAGRAPH_WORDS),
        visible_text=_visible_text(root),  # last: it changes the tree
    )


def _headings(root: lxml.html.HtmlElement) -> tuple[str, ...]:
    """The page's <h1>–<h3> texts, those of cookie and consent layers, sidebars, navigation and footers left
    out (a layer's "We value your privacy" or a sidebar's "Log in" heads no part of the page itself; their
    words still count as visible text)."""
    found = []
    for el in root.iter("h1", "h2", "h3"):
        if any(_is_layer(a) or _is_aside(a) for a in el.iterancestors()):
            continue
        text = _text(el.text_content())
        if text:
            found.append(text)
    return tuple(found[:_MAX_ITEMS])


def _is_layer(element: lxml.html.HtmlElement) -> bool:
    names = f"{element.get('id') or ''} {element.get('class') or ''}".lower().split()
    consent = CONSENT.names
    return consent is not None and any(consent.search(name) for name in names)


def _is_aside(element: lxml.html.HtmlElement) -> bool:
    if element.tag in ("aside", "nav", "footer"):
        return True
    names = f"{element.get('id') or ''} {element.get('class') or ''}".lower()
    return bool(_ASIDE_NAMES.search(names))


def _controls(root: lxml.html.HtmlElement, inputs: list) -> tuple[str, ...]:
    """The labels of things to press: buttons, submit inputs, links styled or marked as buttons."""
    found: list[str] = []
    for el in root.iter("button", "a"):
        if el.tag == "a" and not (
            (el.get("role") or "").lower() == "button"
            or re.search(r"(^|[\s_-])(btn|button|cta)", (el.get("class") or "").lower())
        ):
            continue
        text = _text(el.text_content()) or _text(el.get("aria-label") or "")
        if text:
            found.append(text)
    for el in inputs:
        if (el.get("type") or "").lower() in ("submit", "button") and el.get("value"):
            found.append(_text(el.get("value") or ""))
    return tuple(found[:_MAX_ITEMS])


def _hosts(urls: list[str]) -> tuple[str, ...]:
    hosts: dict[str, None] = {}
    for url in urls:
        try:
            host = (urlsplit(url.strip()).hostname or "").removeprefix("www.")
        except ValueError:
            continue
        if host:
            hosts[host] = None
    return tuple(hosts)[:_MAX_ITEMS]


def _metas(root: lxml.html.HtmlElement) -> dict[str, str]:
    metas: dict[str, str] = {}
    for meta in root.iter("meta"):
        key = (meta.get("name") or meta.get("property") or meta.get("itemprop") or "").strip().lower()
        if key and key not in metas:
            metas[key] = (meta.get("content") or "").strip()
    return metas


def _jsonld_items(root: lxml.html.HtmlElement) -> list[dict]:
    items: list[dict] = []
    for script in root.iter("script"):
        if (script.get("type") or "").lower() != "application/ld+json" or not script.text:
            continue
        try:
            data = json.loads(script.text[:200_000])
        except (ValueError, RecursionError):
            continue
        stack = [data]
        while stack and len(items) < 50:
            node = stack.pop()
            if isinstance(node, list):
                stack.extend(node[:50])
            elif isinstance(node, dict):
                items.append(node)
                stack.extend(v for v in node.values() if isinstance(v, list | dict))
    return items


def _jsonld_date(root: lxml.html.HtmlElement) -> str | None:
    for item in _jsonld_items(root):
        value = item.get("datePublished")
        if isinstance(value, str) and value.strip():
            return value.strip()[:64]
    return None


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
