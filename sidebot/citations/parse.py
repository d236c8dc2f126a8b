"""Parse wikitext with mwparserfromhell the way MediaWiki reads it, whatever state the page is in.

mwparserfromhell differs from MediaWiki where pages are broken: MediaWiki hides everything after a
``<!--`` that is never closed, ends a ``<ref>`` at the next ``</ref>`` (another ``<ref>`` in between is
text of the first one) and shows an opening ``<ref>`` that nothing closes as literal text. The text is
brought in line with that before parsing. Unpaired opening ``<ref>`` tags are removed rather than kept
as text: a claim or a title should not show them, and mwparserfromhell takes quadratic time over them.
"""

from __future__ import annotations

import re

import mwparserfromhell
from mwparserfromhell.parser import ParserError
from mwparserfromhell.wikicode import Wikicode

_REF_TOKENS = re.compile(
    r"(?P<comment><!--.*?(?:-->|\Z))"
    # Tags whose content is not wikitext: a "<ref>" inside one is text.
    r"|<(?P<opaque>nowiki|pre|math|chem|ce|syntaxhighlight|source|score|timeline|graph|hiero)\b[^>]*(?<!/)>"
    r".*?</(?P=opaque)\s*>"
    r"|(?P<open><ref\b[^>]*(?:>|\Z))"
    r"|(?P<close></ref\s*>)",
    re.IGNORECASE | re.DOTALL,
)
_BRACE_RUN = re.compile(r"\{{3,}")


def parse_wikitext(wikitext: str) -> Wikicode:
    """Parse a page; never raises on malformed markup. NUL characters are dropped (mwparserfromhell stops
    reading at one)."""
    text = _as_mediawiki_pairs_refs(wikitext.replace("\x00", ""))
    try:
        return mwparserfromhell.parse(text)
    except ParserError:  # bold/italic parsing is the known weak spot; without it the rest still parses
        return mwparserfromhell.parse(text, skip_style_tags=True)
    except RecursionError:
        # Hundreds of nested "{{{" overflow mwparserfromhell's tree builder (MediaWiki gives up on such
        # nesting too): read brace runs longer than two as literal text and parse again.
        return mwparserfromhell.parse(_BRACE_RUN.sub(lambda m: "&#123;" * len(m.group()), text))


def _as_mediawiki_pairs_refs(wikitext: str) -> str:
    parts: list[str] = []
    open_at: int | None = None  # index in parts of the opening tag of the ref we are inside
    position = 0
    for token in _REF_TOKENS.finditer(wikitext):
        parts.append(wikitext[position : token.start()])
        position = token.end()
        text = token.group()
        if token.lastgroup == "comment" and not text.endswith("-->"):
            position = len(wikitext)  # an unclosed comment hides the rest of the page
            break
        if token.lastgroup == "open" and not text.endswith("/>"):
            if open_at is not None:
                continue  # a <ref> inside a ref: text of the outer one
            open_at = len(parts)
        elif token.lastgroup == "close":
            open_at = None
        parts.append(text)
    parts.append(wikitext[position:])
    if open_at is not None:
        parts[open_at] = ""  # never closed: literal text
    return "".join(parts)
