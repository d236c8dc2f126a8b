"""A page's data tables → one sentence per row, each value named by its column header, the row by its label.

trafilatura flattens a table: depending on its shape, one cell per line ("7.0" alone on a line, with nothing
saying it is the magnitude of the 1663 earthquake) or one Markdown row per line with the headers only on the
first. Neither lets the fact check (:mod:`sidebot.verify.facts._check`) or the reader tie a value to its row
and column. So before trafilatura runs, each *data* table of the parsed page is replaced by paragraphs, one
per row, that a person reads as a sentence::

    Date 1663-02-05 — Time‡: 17:30 (local time); Place: Charlevoix–Kamouraska Region, QC; M: 7.0; I: X .
    Balochistan — General seats: 14; Technocrats/Ulema: 4; Women: 4; Non-Muslim: 1; Total: 23.
    Population Movement — 1962: 14870; 1968: 15912; 1975: 17032.

that is: the table's title (its caption, or a header row that is one cell across the table), the row's label
(its ``th`` cells; else the cells under the first column header, unless the row holds only figures), then
each value after its column's header (every header row, ``thead`` or leading rows of ``th``, joined:
"Population (absolute), 2011"). One sentence per *row* rather than per cell: the fact check looks a value up
in the sentences that hold the claim's other words, and those are usually in the row's other cells (the place
of an earthquake beside its magnitude, a province beside its total); a row longer than ``LINE_WORDS`` words
goes on in another line that repeats the title and label. Each line ends with a full stop and starts with a
capital letter where it can, because the sentence splitter (Bling Fire) ignores line breaks, never starts a
sentence at a digit or a lower-case word, and reads "X." as an initial: a label that starts with anything
else is preceded by its column's header ("Year 1986"), and a line ending in a single capital gets " .".

``rowspan`` and ``colspan`` are expanded into a grid (a value spanning rows is repeated in each, a cell
spanning columns is written once with the headers it spans). A row that does not line up with the grid (too
many or too few cells), and a row that is one cell across the whole table (a section title or a note), is
written as its plain text instead. Footnote marks ("[1]", "[note 2]") and hidden text (sort keys, alignment
digits) are left out of the values.

Tables that are not data tables are left to trafilatura as they were: tables without any ``th``, ``thead``
or ``caption`` (the usual layout table), ``role="presentation"``, tables that hold a table (a data table
inside a layout table is judged on its own), single-column tables, tables mostly made of links (navigation
boxes), and tables with a cell of more than ``MAX_CELL_WORDS`` words (prose laid out in a grid).

**Caps.** A table wider than ``MAX_COLUMNS`` columns is left alone (no reader lines it up, and the spans of
hostile markup could otherwise make a grid of millions of cells), and only its first ``MAX_ROWS`` rows are
laid out (rowspans cut there). A table writes at most ``MAX_CELLS`` cells with their headers: naming each
value's header about doubles a table's words, and the verifier reads every sentence of a page, so rows past
the cap are written as their plain text ("a | b | c", what trafilatura kept of them before): nothing is
lost, and a table of 10,000 rows costs what it cost before plus at most the cap.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lxml.html import HtmlElement

MAX_COLUMNS = 50
MAX_CELLS = 2000
MAX_ROWS = 2000
LINE_WORDS = 40  # a row line longer than this goes on in another line (the reader cuts sentences at 60 words)
MAX_CELL_WORDS = 80
LINK_SHARE = 0.5  # a table whose cells are mostly nothing but a link is navigation

_FOOTNOTE = re.compile(r"\[\s*(?:\d{1,3}|[a-z]|note \d+|citation needed|nb \d+)\s*\]", re.IGNORECASE)
_FIGURE = re.compile(r"^[\d\s.,%+\-–−/:()$€£¥]*\d[\d\s.,%+\-–−/:()$€£¥]*$")
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)]*$")
_INITIAL = re.compile(r"(?:^|[\s.;:,(])[A-Z]\.?$")
_HIDDEN = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
_BLOCKS = {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "table", "tr"}
_HTML_MAX_SPAN = 65534  # the largest rowspan browsers honour
_SKIPPED = {"script", "style", "noscript", "template"}


@dataclass(frozen=True, slots=True)
class _Cell:
    text: str
    header: bool  # a th
    links_only: bool  # its text is all inside links


def replace_tables(tree: HtmlElement) -> int:
    """Replace each data table of ``tree`` by a ``div`` of paragraphs, one per line of :func:`table_lines`;
    other tables stay as they are. Returns how many tables were replaced."""
    replaced = 0
    for table in list(tree.iter("table")):
        if table.getparent() is None:
            continue
        lines = table_lines(table)
        if lines is None:
            _narrow_spans(table)
            continue
        block = table.makeelement("div", {"class": "sidebot-table"})
        for line in lines:
            paragraph = block.makeelement("p", {})
            paragraph.text = line
            block.append(paragraph)
        block.tail = table.tail
        table.getparent().replace(table, block)
        replaced += 1
    return replaced


def _narrow_spans(table: HtmlElement) -> None:
    """Drop the spans of a table left to trafilatura when they cover more than ``MAX_ROWS`` × ``MAX_COLUMNS``
    slots (no real table does): trafilatura pads its Markdown rows with an empty cell per spanned slot, so
    hostile spans grow its text with the square of the rows (measured: 1,000 rows of five rowspan=1000 cells
    → 1.4 MB of "|" in 3 s; 10,000 such rows → 10 MB in 38 s, stalling the fetch batch)."""
    cells = list(table.iter("td", "th"))
    area = sum(
        (_span(c.get("rowspan"), _HTML_MAX_SPAN) or _HTML_MAX_SPAN) * _span(c.get("colspan"), _HTML_MAX_SPAN)
        for c in cells
    )
    if area > MAX_ROWS * MAX_COLUMNS:
        for cell in cells:
            cell.attrib.pop("rowspan", None)
            cell.attrib.pop("colspan", None)


def table_lines(table: HtmlElement) -> list[str] | None:
    """The lines a data table becomes, or None when ``table`` is not a data table (see the module's doc)."""
    if (table.get("role") or "").lower() in ("presentation", "none") or _has_table_inside(table):
        return None
    rows = [row for row in table.iter("tr") if _owner(row) is table]
    if len(rows) < 2:
        return None
    has_head = any(row.getparent().tag == "thead" for row in rows)
    cells = [[_cell(c) for c in row if c.tag in ("td", "th")] for row in rows]
    if not (has_head or table.find("caption") is not None or any(c.header for r in cells for c in r)):
        return None
    flat = [c for r in cells for c in r if c.text]
    if not flat or any(len(c.text.split()) > MAX_CELL_WORDS for c in flat):
        return None
    if sum(c.links_only for c in flat) > LINK_SHARE * len(flat):
        return None
    grid = _grid(rows[:MAX_ROWS], cells)
    if grid is None:
        return None
    width = max(len(r) for r in grid)
    if width < 2:
        return None
    head = 0
    while head < len(rows) - 1 and rows[head].getparent().tag == "thead":
        head += 1
    if not head:  # leading rows of th only
        while head < len(cells) - 1 and cells[head] and all(c.header for c in cells[head]):
            head += 1
    headers, label_width, title = _headers(grid[:head], width)
    title = _caption(table) or title
    lines: list[str] = []
    written = 0
    for r in range(head, len(rows)):
        row = grid[r] if r < len(grid) else []
        if written >= MAX_CELLS or len(row) != width or any(c is None for c in row):
            lines.append(_plain(cells[r]))
            continue
        if (first := row[0]) is not None and all(c is first for c in row):  # one cell across: a title, a note
            lines.append(first.text)
            continue
        lines.extend(_row_lines(row, headers, label_width, title))
        written += width
    return [_sentence(line) for line in lines if line]


def _row_lines(row: list[_Cell | None], headers: list[str], label_width: int, title: str) -> list[str]:
    """``row`` (a full grid row) as "title — label — header: value; header: value", in lines of about
    ``LINE_WORDS`` words that each repeat the title and label."""
    cells: list[_Cell] = [c for c in row if c is not None]
    labels = 0
    while labels < len(cells) - 1 and cells[labels].header:  # row headers: th scope=row
        labels += 1
    if not labels and not all(_FIGURE.match(c.text) or not c.text for c in cells):
        labels = min(label_width, len(cells) - 1)
    while 0 < labels < len(cells) - 1 and cells[labels] is cells[labels - 1]:  # a label spanning columns
        labels += 1
    label = ", ".join(c.text for c in _distinct(cells[:labels]) if c.text)
    if label and not label[0].isupper() and headers[0] and not title:
        label = f"{headers[0]} {label}"
    prefix = " — ".join(part for part in (title, label) if part)
    values: list[str] = []
    start = labels
    while start < len(cells):
        cell = cells[start]
        end = start
        while end + 1 < len(cells) and cells[end + 1] is cell:
            end += 1
        if cell.text and all(cell is not c for c in cells[:labels]):
            header = " / ".join(dict.fromkeys(h for h in headers[start : end + 1] if h))
            values.append(f"{header}: {cell.text}" if header else cell.text)
        start = end + 1
    lines: list[list[str]] = []
    for value in values:
        if not lines or len(" ".join(lines[-1]).split()) + len(value.split()) > LINE_WORDS:
            lines.append([])
        lines[-1].append(value)
    return [f"{prefix} — {'; '.join(line)}" if prefix else "; ".join(line) for line in lines]


def _headers(head: list[list[_Cell | None]], width: int) -> tuple[list[str], int, str]:
    """Each column's header (the header rows' texts over it, top first: "Population (2020)"), how many
    columns the first header spans (the row labels' columns: "Ethnic group" over two), and the title of the
    table when a header row is one cell across the whole table ("Representing Poland")."""
    title = ""
    label_width = 0
    parts: list[list[str]] = [[] for _ in range(width)]
    for row in head:
        if width > 1 and len(row) == width and all(c is row[0] for c in row) and row[0] is not None:
            title = title or row[0].text
            continue
        if not label_width:
            label_width = next((j for j, c in enumerate(row) if c is not row[0]), len(row))
        for j in range(width):
            cell = row[j] if j < len(row) else None
            if cell is not None and cell.text and cell.text not in parts[j]:
                parts[j].append(cell.text)
    return [_joined(p) for p in parts], max(label_width, 1), title


def _joined(parts: list[str]) -> str:
    """A column's header from its header cells, top first: "Population (2020)", "Population (%), 2011"."""
    if len(parts) < 2:
        return "".join(parts)
    if parts[0].endswith(")"):
        return ", ".join(parts)
    return f"{parts[0]} ({', '.join(parts[1:])})"


def _grid(rows: list[HtmlElement], cells: list[list[_Cell]]) -> list[list[_Cell | None]] | None:
    """The table as a grid with spans expanded (the HTML table model); None when wider than MAX_COLUMNS or
    when overlapping spans would make it visit more than ``MAX_ROWS`` × ``MAX_COLUMNS`` slots."""
    grid: list[list[_Cell | None]] = [[] for _ in rows]
    budget = MAX_ROWS * MAX_COLUMNS
    for r, (row, row_cells) in enumerate(zip(rows, cells)):
        j = 0
        elements = [c for c in row if c.tag in ("td", "th")]
        for element, cell in zip(elements, row_cells):
            while j < len(grid[r]) and grid[r][j] is not None:
                j += 1
            colspan = _span(element.get("colspan"), MAX_COLUMNS + 1)
            rowspan = _span(element.get("rowspan"), len(rows) - r) or len(rows) - r  # 0: to the end
            budget -= rowspan * colspan
            if j + colspan > MAX_COLUMNS or budget < 0:
                return None
            for rr in range(r, r + rowspan):
                line = grid[rr]
                if len(line) < j + colspan:
                    line.extend([None] * (j + colspan - len(line)))
                for jj in range(j, j + colspan):
                    if line[jj] is None:
                        line[jj] = cell
            j += colspan
    return grid


def _span(value: str | None, most: int) -> int:
    """A span attribute as browsers read it: its leading digits, 1 when there are none, at most ``most``;
    0 stays 0 (rowspan="0" spans the rest of the table)."""
    digits = re.match(r"\s*(\d+)", value or "")
    if not digits:
        return 1
    return min(int(digits.group(1)[:6]), most)


def _cell(element: HtmlElement) -> _Cell:
    text = _FOOTNOTE.sub("", " ".join("".join(_strings(element)).split()))
    text = " ".join(text.split())
    link_text = " ".join(" ".join(a.text_content().split()) for a in element.iter("a"))
    return _Cell(text, element.tag == "th", bool(text) and len(link_text) >= len(text))


def _strings(element: HtmlElement) -> list[str]:
    """The text of ``element`` as a browser shows it: line breaks and blocks as spaces, hidden sort keys,
    scripts and comments left out."""
    out = [element.text or ""]
    for child in element:
        if (
            isinstance(child.tag, str)
            and child.tag not in _SKIPPED
            and not _HIDDEN.search(child.get("style") or "")
        ):
            if child.tag == "br" or child.tag in _BLOCKS:
                out.append(" ")
            out.extend(_strings(child))
            if child.tag in _BLOCKS:
                out.append(" ")
        out.append(child.tail or "")
    return out


def _caption(table: HtmlElement) -> str:
    caption = table.find("caption")
    return "" if caption is None else _FOOTNOTE.sub("", " ".join("".join(_strings(caption)).split())).strip()


def _plain(cells: list[_Cell]) -> str:
    return " | ".join(c.text for c in cells if c.text)


def _distinct(cells: Sequence[_Cell | None]) -> list[_Cell]:
    out: list[_Cell] = []
    for c in cells:
        if c is not None and all(c is not o for o in out):
            out.append(c)
    return out


def _sentence(line: str) -> str:
    """``line`` ending as a sentence the splitter ends there: a final single capital ("I: X", "D.C.") followed
    by a full stop reads to it as an initial, so such a line gets a stop of its own after a space."""
    if _INITIAL.search(line):
        return f"{line} ."
    return line if _SENTENCE_END.search(line) else f"{line}."


def _owner(row: HtmlElement) -> HtmlElement | None:
    """The table a row belongs to (the nearest table above it)."""
    parent = row.getparent()
    while parent is not None and parent.tag != "table":
        parent = parent.getparent()
    return parent


def _has_table_inside(table: HtmlElement) -> bool:
    return any(True for _ in table.iterdescendants("table"))
