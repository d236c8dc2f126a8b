"""The address MediaWiki links to for a URL as it stands in wikitext, so the bot reads the page readers click.

A cited URL may hold character references (``|url=https://a.example/?x=1&amp;y=2``): MediaWiki decodes them
in a link's address (``Sanitizer::cleanUrl`` → ``decodeCharReferences``), so the link goes to ``…&y=2``.
MediaWiki 1.39's rules, which differ from :func:`html.unescape`:

* a reference needs its ``;``: ``&amp`` stays as typed (``html.unescape`` decodes it);
* a named reference is one of HTML5's, ``&name;`` exactly; an unknown name stays as typed;
* a numeric reference to a character HTML does not allow (NUL, ``&#13;``, ``&#x80;``–``&#x9F;``,
  surrogates, beyond U+10FFFF) becomes U+FFFD;
* ``&lt;`` and ``&gt;`` end the address (they stand for ``<`` and ``>``, which cannot be in a link); a free
  (unbracketed) link ends also at ``&nbsp;`` and the numeric forms of the three, and then loses the
  punctuation that ends its sentence, but for a ``;`` that ends a reference;
* the decoded address has controls, spaces, ``"``, ``<``, ``>`` and ``|`` percent-escaped as PHP's
  ``urlencode`` writes them (a space as ``+``), and ignorable characters (zero-width, bidi controls, soft
  hyphen…) removed from its host.

Square brackets typed as such in a ``|url=`` are kept (MediaWiki's own link syntax cannot hold them, and
Wikipedia's citation module writes them as ``&#91;``/``&#93;``, which end as ``%5B``/``%5D``: an address
servers read alike); written as references, they are escaped as MediaWiki does.
"""

from __future__ import annotations

import re
from html.entities import html5

_NAMED = {name: text for name, text in html5.items() if name.endswith(";")}
_NAMED |= {"רלמ;": _NAMED["rlm;"], "رلم;": _NAMED["rlm;"]}  # MediaWiki's own aliases (MW_ENTITY_ALIASES)
# Sanitizer::CHAR_REFS_REGEX: PHP matches bytes, so any non-ASCII character may be part of a name.
_CHAR_REF = re.compile(r"&([A-Za-z0-9\x80-\U0010FFFF]+;)|&#([0-9]+);|&#[xX]([0-9A-Fa-f]+);")
# Where Parser::handleExternalLinks / makeFreeExternalLink end an address.
_BRACKETED_END = re.compile(r"&(lt|gt);")
_FREE_END = re.compile(r"&(lt|gt|nbsp|#x0*(3[CcEe]|[Aa]0)|#0*(60|62|160));")
_TRAILING_PUNCTUATION = re.compile(r"[,;.:!?]+\Z")
_TRAILING_PUNCTUATION_OR_PARENTHESIS = re.compile(r"[,;.:!?)]+\Z")
_REFERENCE_BEFORE_END = re.compile(r"&(?:[a-z]+|#x[0-9a-f]+|#[0-9]+)\Z", re.IGNORECASE)
# Sanitizer::cleanUrl: what it escapes after decoding, and the characters it drops from a host name.
_CLEAN_URL_ESCAPES = re.compile(r'[\]\[<>"\x00-\x20\x7F|]')
_HOST = re.compile(r"^([^:]+:)(//[^/]+)?(.*)$", re.DOTALL)
_HOST_IGNORABLE = re.compile(
    "\\s|\u00ad|\u034f|\u061c|[\u115f-\u1160]|[\u17b4-\u17b5]|[\u180b-\u180d]|\u180e|[\u200b-\u200f]"
    "|[\u202a-\u202e]|[\u2060-\u206f]|\u3164|[\ufe00-\ufe0f]|\ufeff|\uffa0|[\ufff0-\ufff8]"
    "|[\U0001bca0-\U0001bca3]|[\U0001d173-\U0001d17a]|[\U000e0000-\U000e0fff]"
)


def link_address(url: str, *, free: bool = False) -> str:
    """The address MediaWiki links to for ``url`` as written in a bracketed link (``[url label]``, and the
    ``|url=`` of a citation template, which makes one) or, with ``free``, as a bare URL in the text."""
    end = (_FREE_END if free else _BRACKETED_END).search(url)
    if end:
        url = url[: end.start()]
    if free:
        url = _without_trailing_punctuation(url)
    pieces, start = [], 0
    for reference in _CHAR_REF.finditer(url):
        pieces += [_escaped(url[start : reference.start()], "[]"), _escaped(_decoded(reference))]
        start = reference.end()
    url = "".join([*pieces, _escaped(url[start:], "[]")])
    parts = _HOST.match(url)
    if parts is None or parts.group(2) is None:
        return url
    scheme, host, rest = parts.groups()
    return scheme + _HOST_IGNORABLE.sub("", host) + rest


def _without_trailing_punctuation(url: str) -> str:
    """A bare URL without the punctuation that ends its sentence (``,;.:!?``, and ``)`` unless the URL holds a
    ``(``), but for a ``;`` that ends a reference (``Parser::makeFreeExternalLink``)."""
    punctuation = _TRAILING_PUNCTUATION if "(" in url else _TRAILING_PUNCTUATION_OR_PARENTHESIS
    trailing = punctuation.search(url)
    if trailing is None:
        return url
    cut = trailing.start()
    if url[cut] == ";" and _REFERENCE_BEFORE_END.search(url, 0, cut):
        cut += 1
    return url[:cut]


def _decoded(match: re.Match[str]) -> str:
    """A reference decoded as ``Sanitizer::decodeCharReferences`` does."""
    name, decimal, hexadecimal = match.groups()
    if name:
        return _NAMED.get(name, "&" + name)
    code = int(decimal) if decimal else int(hexadecimal, 16)
    allowed = (
        code in (0x09, 0x0A)
        or 0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )
    return chr(code) if allowed else "\ufffd"


def _escaped(text: str, kept: str = "") -> str:
    """``text`` with what ``Sanitizer::cleanUrl`` escapes written as PHP's ``urlencode`` does, but
    ``kept``."""
    return _CLEAN_URL_ESCAPES.sub(
        lambda m: (
            m.group(0) if m.group(0) in kept else "+" if m.group(0) == " " else f"%{ord(m.group(0)):02X}"
        ),
        text,
    )
