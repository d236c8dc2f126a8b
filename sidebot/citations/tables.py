"""Table rows read with their column headers: a ref alone in a row's cell (a "Ref." column) cites the row, and
a person reads that row as "Date: 1663-02-05; Place: Charlevoix, QC; Magnitude: 7.0", not as its cells run
together.

While a table is rendered, :class:`TableRows` notes its header row (a first row of header cells only) and the
text offsets of each later row's cells; a row whose cells line up with the headers (no spans that shift
them) gets its cells with their header names. Other rows keep the plain row text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RowCells = list[tuple[str, int, int]]  # (header, start, end) of each cell, offsets in the stream's text


@dataclass
class TableRows:
    """One table being rendered: its header names, and the cells of the row under way."""

    headers: list[str] = field(default_factory=list)
    cells: list[tuple[bool, int, int]] = field(default_factory=list)  # (is a header cell, start, end)
    row_start: int | None = None  # where the row under way begins in the stream (None: the implicit first)

    def add_cell(self, header: bool, start: int, end: int) -> None:
        self.cells.append((header, start, end))

    def end_row(self, text: str) -> RowCells | None:
        """Close the row under way: the table's header row, or a row of cells with header names (None when
        its cells do not line up with the headers)."""
        cells, self.cells = self.cells, []
        if cells and all(header for header, _, _ in cells) and not self.headers:
            self.headers = [" ".join(text[start:end].split()) for _, start, end in cells]
            return None
        if not cells or len(cells) != len(self.headers):
            return None
        return [(name, start, end) for name, (_, start, end) in zip(self.headers, cells)]


def row_claim(text: str, cells: RowCells, position: int) -> str:
    """The row's cells before ``position`` (the marker) as "header: value" pairs; ``""`` if none has text."""
    parts = []
    for header, start, end in cells:
        if start >= position:
            break
        value = " ".join(text[start : min(end, position)].split())
        if value:
            parts.append(f"{header}: {value}" if header else value)
    return "; ".join(parts)
