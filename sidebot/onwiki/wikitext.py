"""Untrusted text (claims, source titles, URLs, passages) made inert for the wikitext the bot saves.

Anything an article or a source says can end up in what we post, so none of it may act as markup: no
template (``{{``, ``{{subst:…}}``), link, category, external link, signature (``~~~~``), HTML tag, magic
word (``__NOTOC__``), list or heading at the start of a line, table syntax, or a closing ``</nowiki>``.

:func:`inert` does it in two steps. First the text is cleaned and cut to length: control and formatting
characters (bidi overrides, zero-width joiners) are dropped, every run of whitespace — newlines included —
becomes one space, so no line can start inside it. Then it is wrapped in ``<nowiki>…</nowiki>``, inside
which MediaWiki parses nothing, neither at save (pre-save transform: signatures, subst) nor at render
(templates, links, free URLs, magic words, table cells' ``|``); and ``&``, ``<`` and ``>`` are written as
character references, so the text cannot close the nowiki early and its own references show as typed.
MediaWiki still decodes character references inside nowiki, so readers see the original characters.
:func:`read_inert` reverses it (for reading our own pages back).
"""

from __future__ import annotations

import html
import re
import unicodedata

ELLIPSIS = "…"
_NOWIKI = re.compile(r"^<nowiki>(.*)</nowiki>$", re.DOTALL)
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def clean(text: str) -> str:
    """One line of printable text: control/format characters (Unicode categories Cc, Cf, Cs, Co, Cn)
    removed, whitespace runs collapsed to one space, in NFC (the form MediaWiki saves, so a page we
    rewrite compares equal to what the wiki holds)."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    return " ".join(kept.split())


def excerpt(text: str, limit: int) -> str:
    """``clean(text)`` cut to at most ``limit`` characters at a word boundary when one is near, marked
    with an ellipsis when cut."""
    if limit < 2:
        raise ValueError(f"an excerpt needs a limit of at least 2 characters, not {limit}")
    line = clean(text)
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip() + ELLIPSIS


def inert(text: str, limit: int | None = None) -> str:
    """``text`` (cut to ``limit`` characters first, when given) as wikitext that renders as exactly that
    text and nothing else. Empty text gives an empty string."""
    line = excerpt(text, limit) if limit is not None else clean(text)
    if not line:
        return ""
    return "<nowiki>" + "".join(_ESCAPES.get(ch, ch) for ch in line) + "</nowiki>"


def read_inert(wikitext: str) -> str:
    """The text :func:`inert` wrapped (plain text without a nowiki is returned as it is, stripped)."""
    value = wikitext.strip()
    match = _NOWIKI.match(value)
    return html.unescape(match.group(1)) if match else value


def article_link(title: str) -> str:
    """A link to an article that can never categorise the page or embed a file (the leading colon).
    ``title`` must be a real page title, which cannot hold ``[]{}|<>``."""
    if not title or any(ch in title for ch in "[]{}|<>\n"):
        raise ValueError(f"not a page title: {title!r}")
    return f"[[:{title}]]"


def is_linkable(url: str) -> bool:
    """Whether ``url`` can be an external link as it is: http(s), nothing that could break out of it."""
    return bool(re.fullmatch(r"https?://[^\s\[\]<>{}|\"']+", url))


def external_link(url: str, label: str) -> str:
    """``[url label]`` for a URL we build ourselves (the review UI); refuses anything that could break out
    of the link. ``label`` is made inert."""
    if not is_linkable(url):
        raise ValueError(f"not a safe URL for a link: {url!r}")
    return f"[{url} {inert(label)}]"
