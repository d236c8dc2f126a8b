"""Parse wikitext with mwparserfromhell the way MediaWiki reads it, whatever state the page is in.

mwparserfromhell differs from MediaWiki where pages are broken: MediaWiki hides everything after a
``<!--`` that is never closed, ends a ``<ref>`` at the next ``</ref>`` (another ``<ref>`` in between is
text of the first one) and shows an opening ``<ref>`` that nothing closes as literal text. The text is
brought in line with that before parsing. Unpaired opening ``<ref>`` tags are removed rather than kept
as text: a claim or a title should not show them, and mwparserfromhell takes quadratic time over them.

MediaWiki also closes bold and italic at the end of each table cell (it lays a table out before it reads
quotes, one cell to a line), so an unbalanced ``'''`` in one cell never reaches another; mwparserfromhell
would read it on, across cells and rows, and lose the table. Each cell's quotes are closed as MediaWiki
closes them before parsing.
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
_QUOTE_RUN = re.compile(r"'{2,}")
_CELL_LINE = re.compile(r"^[ \t]*[|!](?![-+}])")  # a table cell line (not "|-", "|+", "|}")
_CELL_SEPARATOR = re.compile(r"(\|\||!!)")


def parse_wikitext(wikitext: str) -> Wikicode:
    """Parse a page; never raises on malformed markup. NUL characters are dropped (mwparserfromhell stops
    reading at one)."""
    text = _quotes_closed_per_cell(_as_mediawiki_pairs_refs(wikitext.replace("\x00", "")))
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


def _quotes_closed_per_cell(wikitext: str) -> str:
    """Each table cell's bold and italic kept to the cell, as MediaWiki keeps them."""
    if "{|" not in wikitext or "''" not in wikitext:
        return wikitext
    lines = wikitext.split("\n")
    depth = 0
    for n, line in enumerate(lines):
        stripped = line.lstrip(" \t:")
        if stripped.startswith("{|"):
            depth += 1
        elif stripped.startswith("|}"):
            depth = max(0, depth - 1)
        elif depth and "''" in line and _CELL_LINE.match(line):
            parts = _CELL_SEPARATOR.split(line)
            lines[n] = "".join(_balanced(part) if i % 2 == 0 else part for i, part in enumerate(parts))
    return "\n".join(lines)


def _balanced(cell: str) -> str:
    """``cell`` unchanged when its quotes close what they open (MediaWiki's doQuotes: a run of 2 toggles
    italic, 3 bold, 4 is an apostrophe and bold, 5 or more both); else without its bold and italic markup,
    which a claim does not show anyway (the apostrophes of a run of 4 or more than 5 stay)."""
    open_styles: set[int] = set()
    for run in _QUOTE_RUN.finditer(cell):
        length = len(run.group())
        open_styles ^= {2} if length == 2 else {3} if length in (3, 4) else {2, 3}
    if not open_styles:
        return cell
    return _QUOTE_RUN.sub(
        lambda m: "'" * (len(m.group()) - 3 if len(m.group()) == 4 else max(0, len(m.group()) - 5)), cell
    )
