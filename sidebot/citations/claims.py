"""Cut a claim and its SIDE-style context out of rendered plain text.

A claim is the text before a footnote marker, back to the previous marker or the previous sentence
boundary, whichever is nearer. Markers with nothing but punctuation between them (``…end.<ref>a</ref>
<ref>b</ref>``) cite the same claim. A sentence boundary is ``.``, ``?`` or ``!`` (closing quotes and
brackets allowed) followed by whitespace and an uppercase letter or a digit, unless the word before the
full stop is a common abbreviation (e.g., Mr., St., No.) or a run of initials (U.S., J. R.), or it stands
inside a quotation that closes before the marker (the claim keeps the quotation and who said it); a paragraph
break (which includes list items, table cells and headings) is a boundary too. Scripts without upper case
(Chinese, Arabic, …) are only split at paragraph breaks.
"""

from __future__ import annotations

import bisect
import re

from sidebot.citations.tables import row_claim
from sidebot.citations.text import TextStream, collapse

CONTEXT_WORDS = 200

_SENTENCE_END = re.compile(r"[.!?][\"'”’»)\]]*\s+(?P<next>[\"'“‘«(\[]?\w)")
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_LAST_TOKEN = re.compile(r"\S+$")
_INITIALS = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]?\.?")
ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "mt", "ft", "no", "nos", "vol", "vols", "fig", "figs",
     "pp", "ed", "eds", "ca", "approx", "vs", "gen", "col", "lt", "capt", "cpt", "sgt", "maj", "rev", "hon",
     "gov", "sen", "rep", "pres", "co", "corp", "bros", "dept", "univ", "assn", "ave", "blvd", "rd", "jan",
     "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "cf", "al", "bzw", "vgl",
     "nr", "bd", "hrsg", "sog", "ggf", "evtl"}
)  # fmt: skip


def _has_words(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def _is_abbreviation(text: str, stop: int) -> bool:
    """Whether the full stop at ``text[stop]`` ends an abbreviation rather than a sentence."""
    if text[stop] != ".":
        return False
    token = _LAST_TOKEN.search(text, max(0, stop - 40), stop + 1)
    if token is None:
        return False
    word = token.group().lstrip("\"'“‘«([")
    # Initials are runs of single letters with full stops: "U.S.", "e.g.", "J." (as in "J. R. R. Tolkien").
    return word.rstrip(".").lower() in ABBREVIATIONS or _INITIALS.fullmatch(word) is not None


def claim_start(text: str, start: int, end: int) -> int:
    """Offset where the claim ending at ``end`` begins: the last sentence or paragraph boundary inside
    ``text[start:end]`` that still leaves words before ``end``, or ``start``."""
    boundaries = [m.end() for m in _PARAGRAPH.finditer(text, start, end)]
    for m in _SENTENCE_END.finditer(text, start, end):
        first = m.group("next")[-1]
        if (
            (first.isupper() or first.isdigit())
            and not _is_abbreviation(text, m.start())
            and not _closes_a_quotation(text[m.start("next") : end])
        ):
            boundaries.append(m.start("next"))
    for boundary in sorted(boundaries, reverse=True):
        if _has_words(text[boundary:end]):
            return boundary
    return start


def _closes_a_quotation(text: str) -> bool:
    """Whether ``text`` (from a sentence boundary to the marker) closes a quotation it did not open: the
    boundary is then inside the quotation (``He added that "… best singles. What a way to start the
    year."``), and the claim keeps the whole quotation and who said it."""
    curly = text.count("”") > text.count("“") or text.count("»") > text.count("«")
    return curly or text.count('"') % 2 == 1


def figure_lines(text: str) -> str:
    """An infobox field of figures, one a line (``<br>``, list items), as one claim: a ref after the last
    line of a breakdown (religions by share, circulation by day) cites every line, joined with "; ". ``""``
    for one line, or when a line has no figure: a ref after one name of a list of names cites that name."""
    lines = [clean_claim(line) for line in _PARAGRAPH.split(text) if _has_words(line)]
    if len(lines) < 2 or not all(any(ch.isdigit() for ch in line) for line in lines):
        return ""
    return "; ".join(lines)


def clean_claim(text: str) -> str:
    """A claim's text with runs of whitespace collapsed and the joining punctuation it was cut at dropped."""
    return collapse(text).lstrip(",;: ")


def preceding_words(stream: TextStream, position: int, words: int = CONTEXT_WORDS) -> str:
    """The last ``words`` words before ``position``; for an island, continued by the article text before
    the island. Cut from the left, so the words nearest the marker survive (as SIDE does)."""
    collected: list[str] = []
    current: TextStream | None = stream
    while current is not None and len(collected) < words:
        collected = _last_words(current.text, position, words - len(collected)) + collected
        position = current.parent_end
        current = current.parent
    return " ".join(collected)


def _last_words(text: str, end: int, count: int) -> list[str]:
    window = count * 12
    while True:
        begin = max(0, end - window)
        found = text[begin:end].split()
        if begin and found and not text[begin - 1].isspace():
            found = found[1:]  # a word cut in two by the window
        if len(found) >= count or begin == 0:
            return found[-count:]
        window *= 2


def claims_for(stream: TextStream, positions: list[int]) -> list[tuple[str, int | None]]:
    """The claim of each marker in ``stream``, given their positions in order, with the start of its table
    row when the claim is that row read with its headers (else None).

    A marker anywhere in a data table's row (a table with column headers, or a wikitable) cites its row: its
    claim is the row's cells with their column headers ("Date: 1663-02-05; Place: …"), every cell of it. A
    marker alone in a cell of another table's row cites the row's text before it.
    """
    text = stream.text
    row_starts = sorted(stream.row_cells)
    claims: list[tuple[str, int | None]] = []
    previous = 0
    for n, position in enumerate(positions):
        start = claim_start(text, previous, position)
        data_row = _data_row(text, row_starts, stream.row_ends, position)
        cells = stream.row_cells[data_row] if data_row is not None else []
        if n and not _has_words(text[previous:position]):  # refs side by side cite one claim
            claims.append(claims[-1])
        elif stream.field is not None and (figures := figure_lines(text[previous:position])):
            claims.append((figures, None))
        elif data_row is not None and (with_headers := row_claim(text, cells, position, start)):
            claims.append((with_headers, data_row))
        else:
            row = _row_start(stream.row_starts, previous, position)
            if row is not None and not _has_words(text[_block_start(text, previous, position) : position]):
                start = row
            claims.append((clean_claim(text[start:position]), None))
        previous = position
    return claims


def _data_row(text: str, row_starts: list[int], row_ends: dict[int, int], position: int) -> int | None:
    """The start of the data row (one read cell by cell) holding ``position``, or right before it (a ref
    after a table, nothing between them, cites the table's last row); None if there is none."""
    index = bisect.bisect_right(row_starts, position) - 1
    if index < 0:
        return None
    start = row_starts[index]
    return start if not _has_words(text[row_ends[start] : position]) else None


def _block_start(text: str, start: int, end: int) -> int:
    """Where the paragraph (list item, table cell) holding ``end`` begins, not before ``start``."""
    breaks = [m.end() for m in _PARAGRAPH.finditer(text, start, end)]
    return breaks[-1] if breaks else start


def _row_start(row_starts: list[int], start: int, end: int) -> int | None:
    """The start of the table row holding ``end``, if that row began at or after ``start``."""
    index = bisect.bisect_right(row_starts, end) - 1
    return row_starts[index] if index >= 0 and row_starts[index] >= start else None
