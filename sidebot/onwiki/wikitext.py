"""Untrusted values (claims, source titles, URLs, passages) made inert for the wikitext the bot saves: the one
layer every value from an article or a source goes through before it is written to a wiki.

Anything an article or a source says can end up in what we post, so none of it may act as markup: no
template (``{{``, ``{{subst:…}}``), link, category, external link, signature (``~~~~``), HTML tag, magic
word (``__NOTOC__``), list or heading at the start of a line, table syntax, or a closing ``</nowiki>``.

Text (:func:`inert`) in two steps. First it is cleaned and cut to length: control and formatting characters
(bidi overrides, zero-width joiners) are dropped, every run of whitespace — newlines included — becomes one
space, so no line can start inside it. Then it is wrapped in ``<nowiki>…</nowiki>``, inside which MediaWiki
parses nothing, neither at save (pre-save transform: signatures, subst) nor at render (templates, links,
free URLs, magic words, table cells' ``|``); and ``&``, ``<`` and ``>`` are written as character references,
so the text cannot close the nowiki early and its own references show as typed. MediaWiki still decodes
character references inside nowiki, so readers see the original characters. :func:`read_inert` reverses it.

URLs (:func:`link_target`) cannot go in a nowiki and stay links, so every character that means something to
MediaWiki is written as a percent escape instead: ``~`` (signatures), runs of ``_`` (``__NOINDEX__``) and of
``!`` (table header cells), ``'`` (bold, italics), ``[ ] { } | < > "``, spaces, controls and non-ASCII
characters (a no-break space would end the link early); ``&`` becomes ``&amp;``, because MediaWiki decodes
character references in a link's address. What is left — letters, digits and ``-.:/?#=%+,;@$()*`` — means
nothing to the parser inside a link. MediaWiki decodes ``%7E``, ``%27``, ``%5F`` and ``%21`` again when it
builds the link (``Parser::normalizeLinkUrl``) and escapes the others itself, so the link's destination is
the URL as MediaWiki would link it, whole. A host name is written in its ASCII (IDNA) form.
"""

from __future__ import annotations

import html
import re
import unicodedata
from urllib.parse import unquote, urlsplit

ELLIPSIS = "…"
_NOWIKI = re.compile(r"^<nowiki>(.*)</nowiki>$", re.DOTALL)
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}

# Characters a link address keeps as they are: none of them is markup inside an external link.
_URL_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.:/?#=%+,;@$()*")
# Kept when alone, escaped in runs: "__" starts a magic word, "!!" a table header cell.
_URL_SINGLE = frozenset("_!")
# The escapes link_target writes that MediaWiki turns back into the character in the link it builds.
_MEDIAWIKI_DECODES = re.compile(r"%(7E|27|5F|21)", re.IGNORECASE)
_IPV6_HOST = re.compile(r"\[[0-9A-Fa-f:.]+\]")


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
    ``title`` must be a real page title, which cannot hold ``[]{}|<>``, ``~~~`` or a newline."""
    if not title or any(ch in title for ch in "[]{}|<>\n") or "~~~" in title:
        raise ValueError(f"not a page title: {title!r}")
    return f"[[:{title}]]"


def is_linkable(url: str) -> bool:
    """Whether ``url`` can be an external link: an http(s) address with a host (whatever else it holds is
    escaped by :func:`link_target`)."""
    try:
        parts = urlsplit(_one_line(url))
    except ValueError:  # e.g. an unbalanced "[" in the host
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


def link_target(url: str) -> str:
    """``url`` written for the address part of ``[url label]``: nothing in it is markup, and MediaWiki links
    to the URL itself (see the module docstring). ValueError unless :func:`is_linkable`."""
    if not is_linkable(url):
        raise ValueError(f"not an http(s) URL with a host: {url!r}")
    line = _one_line(url)
    parts = urlsplit(line)
    host = _ascii_host(parts.netloc)
    rest = line[len(parts.scheme) + 3 + len(parts.netloc) :]
    return f"{parts.scheme.lower()}://{_escape_url_part(host)}{_escape_url_part(rest)}"


def read_link_target(target: str) -> str:
    """The address MediaWiki links to for a :func:`link_target` (what our pages are read back as)."""
    return _MEDIAWIKI_DECODES.sub(lambda m: unquote(m.group(0)), html.unescape(target))


def external_link(url: str, label: str) -> str:
    """``[url label]``: ``url`` through :func:`link_target`, ``label`` made inert (an empty label shows the
    address). ValueError for a URL that is not http(s)."""
    text = inert(label) or inert(url)
    return f"[{link_target(url)} {text}]"


def _one_line(url: str) -> str:
    """The URL as browsers and ``urlsplit`` read it: outer spaces, tabs and line breaks dropped."""
    return re.sub(r"[\t\r\n]", "", url.strip())


def _ascii_host(netloc: str) -> str:
    """The host part with its name in IDNA (``bücher.example`` → ``xn--bcher-kva.example``); an IPv6
    literal and user info are kept for :func:`_escape_url_part`."""
    userinfo, at, hostport = netloc.rpartition("@")
    if _IPV6_HOST.match(hostport):
        return netloc
    host, colon, port = hostport.partition(":")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:  # not a valid IDN: percent escapes, as MediaWiki would write it
        pass
    return f"{userinfo}{at}{host}{colon}{port}"


def _escape_url_part(text: str) -> str:
    out = []
    for i, ch in enumerate(text):
        if ch in _URL_PLAIN:
            out.append(ch)
        elif ch == "&":
            out.append("&amp;")
        elif ch in _URL_SINGLE and text[i - 1 : i] != ch and text[i + 1 : i + 2] != ch:
            out.append(ch)
        elif ch == "[" and _IPV6_HOST.match(text, i) and (i == 0 or text[i - 1] == "@"):
            end = _IPV6_HOST.match(text, i).end()  # type: ignore[union-attr]
            out.append(text[i:end])
            return "".join(out) + _escape_url_part(text[end:])
        else:
            out.append("".join(f"%{byte:02X}" for byte in ch.encode("utf-8", "surrogatepass")))
    return "".join(out)
