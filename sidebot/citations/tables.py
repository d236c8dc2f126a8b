"""Table rows read as a reader reads them: a ref anywhere in a data table's row cites the row, and a person
reads that row as "Date: 1663-02-05; Place: Charlevoix, QC; Magnitude: 7.0", each value under its column's
header, not as its cells run together.

While a table is rendered, :class:`TableRows` lays its cells out on a grid, as a browser does: ``colspan``
and ``rowspan`` are expanded (a cell spanning rows is read again in each row it covers, so the rows under a
spanned "Year" keep their year), the header rows at the top (rows of header cells only, one or several)
name the columns (a two-row header reads "Peak position (US)"), and a header cell inside a data row (a row
header, ``!`` in the row) is a value like the others. Offsets are the rendered stream's, so a spanned cell
is read where it was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RowCells = list[tuple[str, int, int]]  # (header, start, end) of each cell, offsets in the stream's text

# Templates that style a table cell and show a word in it ({{won}} → "Won"); each writes its own attributes
# and "|", so text before one in its cell is attributes (``| rowspan="2" {{n/a}}``). Their words are in
# sidebot.citations.templates.
CELL_TEMPLATES = frozenset({
    "won", "nom", "nominated", "n/a", "na", "yes", "no", "tba", "tbd", "dunno", "partial", "pending",
    "draw", "included", "dropped", "unknown", "nonpartisan", "active", "inactive", "good", "bad", "okay",
    "sdash", "table-na", "n.a.",
})  # fmt: skip

# MediaWiki's own caps (Sanitizer): larger spans are read as these.
MAX_COLSPAN = 1000
MAX_ROWSPAN = 65534


@dataclass(frozen=True, slots=True)
class _Cell:
    header: bool
    start: int
    end: int
    colspan: int = 1


@dataclass
class TableRows:
    """One table being rendered: its column names, the cells spanning down from rows above, and the cells
    of the row under way."""

    data_table: bool = False  # class="wikitable": its rows are read cell by cell even without headers
    headers: list[str] = field(default_factory=list)
    cells: list[tuple[_Cell, int]] = field(default_factory=list)  # the row under way: (cell, rowspan)
    row_start: int | None = None  # where the row under way begins in the stream (None: the implicit first)
    _header_rows: list[dict[int, tuple[str, int]]] = field(default_factory=list)  # column → (text, colspan)
    _spanning: dict[int, tuple[_Cell, int]] = field(default_factory=dict)  # column → (cell, rows left)
    _data_seen: bool = False

    def add_cell(self, header: bool, start: int, end: int, rowspan: int = 1, colspan: int = 1) -> None:
        """Add a cell to the row under way, its stream offsets ``start``–``end``; spans are clamped to
        :data:`MAX_ROWSPAN` and :data:`MAX_COLSPAN` (a hostile table cannot make the renderer allocate without
        end)."""
        colspan = min(max(colspan, 1), MAX_COLSPAN)
        self.cells.append((_Cell(header, start, end, colspan), min(max(rowspan, 1), MAX_ROWSPAN)))

    @property
    def has_headers(self) -> bool:
        """Whether the table has column names (its cells can then be read as "column: value")."""
        return any(self.headers)

    def end_row(self, text: str) -> RowCells | None:
        """Close the row under way: a header row (its names join the columns'), or a data row's cells, in
        column order, with their column names ("" where the table names none). None for a header row or a
        row with no cell."""
        only_headers = bool(self.cells) and all(cell.header for cell, _ in self.cells)
        placed = self._place(self.cells)
        self.cells = []
        if not placed:
            return None
        if only_headers and not self._data_seen:
            self._header_rows.append(
                {
                    c: (" ".join(text[cell.start : cell.end].split()), cell.colspan)
                    for c, cell in placed.items()
                }
            )
            self.headers = _column_names(self._header_rows)
            return None
        if only_headers:  # a header row between data rows (a group's label): no values to read
            return None
        self._data_seen = True
        row: RowCells = []
        for column in sorted(placed):
            cell = placed[column]
            names = [self.headers[c] for c in range(column, column + cell.colspan) if c < len(self.headers)]
            row.append((", ".join(dict.fromkeys(n for n in names if n)), cell.start, cell.end))
        return row

    def _place(self, cells: list[tuple[_Cell, int]]) -> dict[int, _Cell]:
        """The row's cells by the first column each covers: the cells spanning down from rows above first,
        then the row's own cells in the columns left free."""
        carried = self._spanning
        placed: dict[int, _Cell] = {}
        for column in sorted(carried):
            cell = carried[column][0]
            if all(other is not cell for other in placed.values()):
                placed[column] = cell
        spanning = {c: (cell, rows - 1) for c, (cell, rows) in carried.items() if rows > 1}
        column = 0
        for cell, rowspan in cells:
            while column in carried:
                column += 1
            placed[column] = cell
            if rowspan > 1:
                spanning.update(dict.fromkeys(range(column, column + cell.colspan), (cell, rowspan - 1)))
            column += cell.colspan
        self._spanning = spanning
        return placed


def _column_names(header_rows: list[dict[int, tuple[str, int]]]) -> list[str]:
    """Each column's name from the header rows above the data: "Peak position" over "US" reads
    "Peak position (US)"; a header spanning several columns names each of them."""
    width = max((c + span for row in header_rows for c, (_, span) in row.items()), default=0)
    names = []
    for column in range(width):
        parts: list[str] = []
        for row in header_rows:
            for start, (text, span) in row.items():
                if start <= column < start + span and text and text not in parts:
                    parts.append(text)
        names.append(f"{parts[0]} ({', '.join(parts[1:])})" if len(parts) > 1 else "".join(parts))
    return names


def row_claim(text: str, cells: RowCells, position: int, claim_start: int) -> str:
    """The row's cells as "header: value" pairs, every cell of it, not only those before the marker at
    ``position`` (a chart row's peak position follows the chart's name and its ref); the marker's own cell
    only from ``claim_start`` (where its claim would begin in prose: a cell of several sentences, each with
    its ref, gives each ref its sentence); ``""`` if none has text."""
    parts = []
    for header, start, end in cells:
        if start <= position <= end:
            start = max(start, claim_start)
            end = position
        value = " ".join(text[start:end].split())
        if value:
            parts.append(f"{header}: {value}" if header else value)
    return "; ".join(parts)
