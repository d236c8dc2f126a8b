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

A template's parameter value (:func:`template_value`, for the references an editor pastes) cannot go in a
nowiki, which the citation templates would show as typed; it is written with character references instead,
as Wikipedia's citation help asks: ``|`` ``{`` ``}`` ``[`` ``]`` ``<`` ``>`` ``~`` and ``&`` always, runs
of ``_`` and ``'``, the colon of ``://`` (a free link) and the space after ``ISBN``/``RFC``/``PMID`` (magic
links).
Readers see the original characters; nothing in it is markup, inside the template or out of it.

URLs (:func:`link_target`) cannot go in a nowiki and stay links, so every character that means something to
MediaWiki is written as a percent escape instead: ``~`` (signatures), runs of ``_`` (``__NOINDEX__``) and of
``!`` (table header cells), ``'`` (bold, italics), ``[ ] { } | < > "``, spaces, controls and non-ASCII
characters (a no-break space would end the link early); ``&`` becomes ``&amp;``, because MediaWiki decodes
character references in a link's address. What is left — letters, digits and ``-.:/?#=%+,;@$()*`` — means
nothing to the parser inside a link. MediaWiki decodes ``%7E``, ``%27``, ``%5F`` and ``%21`` again when it
builds the link (``Parser::normalizeLinkUrl``) and escapes the others itself, so the link's destination is
the URL as MediaWiki would link it, whole. A host name is written in its ASCII (IDNA) form.

Only a host a browser would visit makes a link (:func:`is_linkable`): a name of letters, digits, ``-`` and
``_`` (an internationalised one as browsers encode it, UTS 46), or an IPv6 literal right after ``//``, the
one place MediaWiki's link syntax (``Parser::EXT_LINK_ADDR``) reads brackets as part of an address.
Everywhere else ``[`` and ``]`` are escaped like the other characters that end a link
(``Parser::EXT_LINK_URL_CLASS``: ``[ ] < > "``, spaces, controls): nothing in a URL can end our link early
or start a second one. A URL that is not linkable is shown as inert text by the callers.
"""

from __future__ import annotations

import html
import ipaddress
import re
import unicodedata
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

import idna

ELLIPSIS = "…"
_NOWIKI = re.compile(r"^<nowiki>(.*)</nowiki>$", re.DOTALL)
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}

# Characters a link address keeps as they are: none of them is markup inside an external link.
_URL_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.:/?#=%+,;@$()*")
# Kept when alone, escaped in runs: "__" starts a magic word, "!!" a table header cell.
_URL_SINGLE = frozenset("_!")
# The escapes link_target writes that MediaWiki turns back into the character in the link it builds.
_MEDIAWIKI_DECODES = re.compile(r"%(7E|27|5F|21)", re.IGNORECASE)
# An IPv6 literal as MediaWiki's EXT_LINK_ADDR reads one, with its port.
_IPV6_HOSTPORT = re.compile(r"\[([0-9A-Fa-f:.]+)\](?::([0-9]*))?")
# A host name browsers visit, in ASCII: labels of letters, digits, "-" and "_" (which browsers accept).
_HOST_NAME = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?")


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


_TEMPLATE_ESCAPES = {ch: f"&#{ord(ch)};" for ch in "|{}[]<>~"} | {"&": "&amp;"}
_TEMPLATE_RUNS = re.compile(r"_{2,}|'{2,}")
_FREE_LINK = re.compile(r"(?<=[A-Za-z0-9+.-]):(?=//)")
_MAGIC_LINK = re.compile(r"\b(ISBN|RFC|PMID) ")


def template_value(text: str, limit: int | None = None) -> str:
    """``text`` (cut to ``limit`` characters first, when given) as a template parameter's value that shows as
    exactly that text and is no markup at all, inside the template or outside it (see the module docstring).
    """
    line = excerpt(text, limit) if limit is not None else clean(text)
    escaped = "".join(_TEMPLATE_ESCAPES.get(ch, ch) for ch in line)
    escaped = _TEMPLATE_RUNS.sub(lambda m: "".join(f"&#{ord(ch)};" for ch in m.group(0)), escaped)
    escaped = _FREE_LINK.sub("&#58;", escaped)
    return _MAGIC_LINK.sub(lambda m: f"{m.group(1)}&#32;", escaped)


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


class _LinkParts(NamedTuple):
    scheme: str
    address: str  # "user@host:port", the host in ASCII; an IPv6 host in brackets
    ipv6: bool
    rest: str  # path, query and fragment as typed


def is_linkable(url: str) -> bool:
    """Whether ``url`` can be an external link: an http(s) address with a host a browser would visit
    (whatever else it holds is escaped by :func:`link_target`)."""
    return _link_parts(url) is not None


def link_target(url: str) -> str:
    """``url`` written for the address part of ``[url label]``: nothing in it is markup, and MediaWiki links
    to the URL itself (see the module docstring). ValueError unless :func:`is_linkable`."""
    parts = _link_parts(url)
    if parts is None:
        raise ValueError(f"not an http(s) URL with a valid host: {url!r}")
    if parts.ipv6:  # "[…]" stays as typed right after "//", and only there; MediaWiki needs a "/" after it
        host, _, port = parts.address.partition("]")
        rest = parts.rest if parts.rest.startswith("/") else "/" + parts.rest
        return f"{parts.scheme}://{host}]{_escape_url_part(port + rest)}"
    return f"{parts.scheme}://{_escape_url_part(parts.address + parts.rest)}"


def _link_parts(url: str) -> _LinkParts | None:
    line = _one_line(url)
    try:
        parts = urlsplit(line)
    except ValueError:  # e.g. an unbalanced "[" in the host
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not line[len(scheme) :].startswith("://"):
        return None
    userinfo, at, hostport = parts.netloc.rpartition("@")
    ipv6 = _IPV6_HOSTPORT.fullmatch(hostport)
    if ipv6:
        if at or not _is_ipv6(ipv6.group(1)):
            return None  # MediaWiki links "[…]" as a host only right after "//"
        address = f"[{ipv6.group(1)}]" + (f":{ipv6.group(2)}" if ipv6.group(2) else "")  # and not "]:/"
    else:
        host, colon, port = hostport.partition(":")
        ascii_host = _ascii_host(host)
        if ascii_host is None or not re.fullmatch(r"[0-9]*", port):
            return None
        address = f"{userinfo}{at}{ascii_host}{colon}{port}"
    rest = line[len(scheme) + 3 + len(parts.netloc) :]
    return _LinkParts(scheme, address, bool(ipv6), rest)


def _is_ipv6(text: str) -> bool:
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def _ascii_host(host: str) -> str | None:
    """The host name as browsers visit it, in ASCII (``bücher.example`` → ``xn--bcher-kva.example``, by
    UTS 46 as browsers do, so ``straße.de`` is not ``strasse.de``), or None when it is not a valid one."""
    if not host.isascii():
        try:
            host = ".".join(
                label if label.isascii() else idna.encode(label, uts46=True).decode("ascii")
                for label in host.split(".")
            )
        except (idna.IDNAError, UnicodeError):
            return None
    return host if _HOST_NAME.fullmatch(host) else None


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


def _escape_url_part(text: str) -> str:
    out = []
    for i, ch in enumerate(text):
        if ch in _URL_PLAIN:
            out.append(ch)
        elif ch == "&":
            out.append("&amp;")
        elif ch in _URL_SINGLE and text[i - 1 : i] != ch and text[i + 1 : i + 2] != ch:
            out.append(ch)
        else:
            out.append("".join(f"%{byte:02X}" for byte in ch.encode("utf-8", "surrogatepass")))
    return "".join(out)
