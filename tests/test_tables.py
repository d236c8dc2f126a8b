"""Data tables of a cited page become one sentence per row, each value named by its column header: on real
Wikipedia tables rendered by MediaWiki (tests/data/sources/README.md), through trafilatura, and through the
real fact check; layout tables are left alone; hostile markup never raises and stays bounded."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import trafilatura
from lxml import html as lxml_html

from sidebot.sources.extract import html_main_text
from sidebot.sources.passages import split_passages
from sidebot.sources.tables import MAX_CELLS, replace_tables, table_lines
from sidebot.verify.facts import FactStatus, PageIndex, check_facts
from sidebot.verify.page_windows import page_windows
from sidebot.verify.windows import page_sentences

DATA = Path(__file__).parent / "data"
WIKITABLES = sorted((DATA / "sources").glob("wikitable-*.html"))


def page(name: str) -> str:
    return (DATA / "sources" / f"wikitable-{name}.html").read_text(encoding="utf-8")


def tables(html: str) -> list[list[str] | None]:
    return [table_lines(t) for t in trafilatura.load_html(html).iter("table")]


def lines_of(html: str) -> list[str]:
    """The lines of the page's one data table."""
    (lines,) = [t for t in tables(html) if t is not None]
    return lines


def test_a_wikitable_row_is_one_sentence_with_its_column_headers() -> None:
    html = page("earthquakes")
    lines = lines_of(html)
    assert lines[0] == (
        "Date 1663-02-05 — Time‡: 17:30 (local time); Place: Charlevoix–Kamouraska Region, QC; Lat: 47.60; "
        "Lon: -70.10; M: 7.0; Mw; I: X ."
    )
    assert lines[1].startswith("Date 1700-01-26 — Time‡: 21:00 (local time); Place: Pacific Northwest;")
    assert lines[1].endswith('Comments: This earthquake was linked to the "orphan tsunami" in Japan.')
    assert not any("[1]" in line for line in lines)  # footnote marks left out
    text = html_main_text(html).text
    assert lines[0] in text.splitlines()
    assert "7.0" not in text.splitlines()  # trafilatura's flattening wrote the magnitude alone on a line


@pytest.mark.parametrize("path", WIKITABLES, ids=lambda p: p.stem)
def test_every_table_line_reaches_the_extracted_text_in_order_and_is_one_sentence(path: Path) -> None:
    html = path.read_text(encoding="utf-8")
    text = html_main_text(html).text
    lines = text.splitlines()
    for table in tables(html):
        if table is None:
            continue
        where = [lines.index(line) for line in table]
        assert where == sorted(where)
        for line in table:
            start = text.index(line)
            spans = page_sentences(text[start : start + len(line)])
            assert len(spans) == 1 or len(line.split()) > 60 or ". " in line, line


def test_header_row_of_th_and_empty_cells() -> None:
    lines = lines_of(page("senate-of-pakistan"))
    assert (
        lines[0]
        == "Balochistan — General seats: 14; Technocrats/Ulema: 4; Women: 4; Non-Muslim: 1; Total: 23."
    )
    assert "Tribal Areas (FATA) — General seats: 8; Total: 8." in lines  # empty cells are not written
    assert (
        lines[-1] == "Total — General seats: 66; Technocrats/Ulema: 17; Women: 17; Non-Muslim: 4; Total: 104."
    )


def test_the_same_header_in_thead_gives_the_same_lines() -> None:
    html = page("senate-of-pakistan")
    tree = lxml_html.fromstring(html)
    (table,) = tree.iter("table")
    first = next(table.iter("tr"))
    thead = table.makeelement("thead", {})
    first.getparent().remove(first)
    thead.append(first)
    table.insert(0, thead)
    assert first.getparent().tag == "thead"
    assert table_lines(table) == lines_of(html)


def test_rowspan_and_colspan_of_a_real_table() -> None:
    lines = lines_of(page("uk-ethnicity"))
    # two header rows: "Ethnic group" spans two columns and two rows, "Population (absolute)" two columns
    assert lines[0] == (
        "White — Population (absolute), 2001: 54,153,898; Population (absolute), 2011: 55,010,359; "
        "Population (%), 2011: 87.1 %."  # the hidden alignment digits of {{0}} are not read
    )
    # "Asian / Asian British" spans five rows: each of them is labelled with it
    assert lines[3] == (
        "Asian / Asian British, Pakistani — Population (absolute), 2001: 747,285; "
        "Population (absolute), 2011: 1,174,983; Population (%), 2011: 1.9 %."
    )
    assert lines[6].startswith("Asian / Asian British, other Asian — ")
    assert lines[1].startswith("White: Gypsy / Traveller / Irish Traveller — ")  # no "[note 1]"
    assert lines[-1] == (
        "Total — Population (absolute), 2001: 58,789,194; Population (absolute), 2011: 63,182,178; "
        "Population (%), 2011: 100.0 %."
    )


def test_row_headers_caption_and_a_row_across_the_table() -> None:
    grand_prix = tables(page("british-motorcycle-grand-prix-2008"))
    assert grand_prix[0] is not None
    assert grand_prix[0][0] == (
        "Pos. 1 — No.: 1; Rider: Template:Flagicon Casey Stoner; Manufacturer: Ducati; Laps: 30; "
        "Time/Retired: 44:44.982; Grid: 1; Points: 25."
    )
    # a caption, a row of figures without a label, and a note across the whole table
    assert lines_of(page("canton-of-etaples")) == [
        "Population Movement — 1962: 14870; 1968: 15912; 1975: 17032; 1982: 18140; 1990: 18767; 1999: 19061.",
        "Census count starting from 1962 : Population without double counting.",
    ]


def test_a_label_starting_with_a_digit_is_named_by_its_column() -> None:
    lines = lines_of(page("allen-r-morris"))
    assert (
        "Year 1986 — Title: Alexandria: Monument to Civilization; Role: Producer/Director; Notes: Shot on "
        in (lines[7][:100])
    )


@pytest.mark.parametrize(
    ("markup", "lines"),
    [
        # a key-value table (an infobox): row headers, no header row
        (
            "<table class='infobox'><tr><th>Born</th><td>1 May 1900<br>Lyon, France</td></tr>"
            "<tr><th>Died</th><td>3 June 1980</td></tr></table>",
            ["Born — 1 May 1900 Lyon, France.", "Died — 3 June 1980."],
        ),
        # a caption, an empty corner cell, th scope=row
        (
            "<table><caption>Population of Springfield</caption><tr><th></th><th>2010</th><th>2020</th></tr>"
            "<tr><th scope='row'>Springfield</th><td>1,000</td><td>1,234</td></tr></table>",
            ["Population of Springfield — Springfield — 2010: 1,000; 2020: 1,234."],
        ),
        # a header in thead written with td
        (
            "<table><thead><tr><td>Year</td><td>Club</td></tr></thead>"
            "<tbody><tr><td>1999</td><td>Ajax</td></tr></tbody></table>",
            ["Year 1999 — Club: Ajax."],
        ),
    ],
    ids=["infobox", "caption-corner", "thead-of-td"],
)
def test_other_header_layouts(markup: str, lines: list[str]) -> None:
    assert table_lines(lxml_html.fromstring(markup)) == lines


def test_the_layout_pages_of_the_corpus_are_left_as_they_are() -> None:
    """The corpus's old table-layout museum site (tests/data/pages/README.md): no table is touched."""
    pages = sorted((DATA / "pages" / "museo-puerto").glob("*.html"))
    assert len(pages) >= 10
    for path in pages:
        tree = trafilatura.load_html(path.read_text(encoding="utf-8"))
        before = lxml_html.tostring(tree)
        assert replace_tables(tree) == 0
        assert lxml_html.tostring(tree) == before


@pytest.mark.parametrize(
    "markup",
    [
        # a page laid out in a table: no th, no caption
        "<table><tr><td><a href='/'>Home</a></td><td><p>Welcome to the museum of the port.</p></td></tr>"
        "<tr><td>Menu</td><td>Opening hours are listed below.</td></tr></table>",
        "<table role='presentation'><tr><th>Left</th><th>Right</th></tr>"
        "<tr><td>a</td><td>b</td></tr></table>",
        "<table><tr><th>Single</th></tr><tr><td>one</td></tr><tr><td>two</td></tr></table>",
        # a navigation box: a header and cells of links
        "<table><tr><th colspan=3>Related articles</th></tr><tr><td><a href='/a'>Alpha</a></td>"
        "<td><a href='/b'>Beta</a></td><td><a href='/c'>Gamma</a></td></tr>"
        "<tr><td><a href='/d'>Delta</a></td><td><a href='/e'>Epsilon</a></td><td>Zeta</td></tr></table>",
        # a table that holds a table
        "<table><tr><th>Side</th><th>Main</th></tr><tr><td>x</td><td><table><tr><th>A</th><th>B</th></tr>"
        "<tr><td>1</td><td>2</td></tr></table></td></tr></table>",
    ],
    ids=["layout", "presentation", "single-column", "navbox", "nested"],
)
def test_tables_that_are_not_data_tables_are_not_rewritten(markup: str) -> None:
    tree = lxml_html.fromstring(f"<html><body>{markup}</body></html>")
    outer = next(tree.iter("table"))
    assert table_lines(outer) is None


def test_a_data_table_inside_a_layout_table_is_read_on_its_own() -> None:
    tree = lxml_html.fromstring(
        "<html><body><table><tr><td>Menu</td><td><p>Prices this season.</p><table><tr><th>Item</th>"
        "<th>Price</th></tr><tr><td>Ticket</td><td>€12</td></tr></table></td></tr></table></body></html>"
    )
    assert replace_tables(tree) == 1
    assert [p.text for p in tree.iter("p")][-1] == "Ticket — Price: €12."
    assert len(list(tree.iter("table"))) == 1  # the layout table stays


@pytest.mark.parametrize(
    "markup",
    [
        "<table><tr><th>A<th>B<tr><td>x<td>1<tr><td>y",  # nothing closed
        "<table><caption>Only a caption</caption></table>",
        "<table><thead></thead><tbody><tr></tr><tr><th></th></tr></tbody></table>",
        "<table><tr><th colspan='abc'>A</th><th rowspan='-3'>B</th></tr><tr><td rowspan=0>1</td>"
        "<td colspan=99999>2</td></tr></table>",
        "<table><tr><th>A</th><th>B</th></tr><tr><td rowspan=65534>1</td><td>2</td></tr><tr><td>3</td>"
        "<td>4</td><td>5</td></tr></table>",
        "<tr><td>a row outside any table</td></tr><td>a cell</td>",
        "<table><tr><th>A</th><th>B</th></tr><tr><td><script>x()</script><!-- c --></td><td>\x00</td></tr>",
    ],
)
def test_malformed_tables_never_raise(markup: str) -> None:
    html = f"<html><body><p>Some text about the table below.</p>{markup}</body></html>"
    for lines in tables(html):
        assert lines is None or all(isinstance(line, str) and line for line in lines)
    assert html_main_text(html).text


def test_a_table_of_ten_thousand_rows_is_capped_and_keeps_every_row() -> None:
    rows = "".join(
        f"<tr><td>Town {i}</td><td>{i * 7}</td><td>{1900 + i % 90}</td></tr>" for i in range(10_000)
    )
    html = (
        "<html><body><article><h1>Towns</h1><p>A list of towns by population.</p><table><tr><th>Town</th>"
        f"<th>Population</th><th>Founded</th></tr>{rows}</table></article></body></html>"
    )
    start = time.perf_counter()
    text = html_main_text(html).text
    assert time.perf_counter() - start < 30
    lines = text.splitlines()
    named = [line for line in lines if " — Population: " in line]
    assert len(named) == MAX_CELLS // 3 + 1  # rows are written whole: the cap is reached within a row
    assert named[0] == "Town 0 — Population: 0; Founded: 1900."
    assert "Town 9999 | 69993 | 1909." in lines  # rows past the cap: their plain text


def test_hostile_spans_stay_bounded() -> None:
    """Spans over 10,000 rows: not laid out by the table module, and not padded by trafilatura."""
    rows = "".join("<tr>" + "<td rowspan=10000 colspan=1000>x</td>" * 5 + "</tr>" for _ in range(10_000))
    html = f"<html><body><p>Some text before the table.</p><table>{rows}</table></body></html>"
    start = time.perf_counter()
    extracted = html_main_text(html)
    assert time.perf_counter() - start < 30
    assert len(extracted.text) < 500_000


# --- the fact check reads a table's rows -------------------------------------------------------------------
# The claim is checked as the verifier does: the extracted text, its passages, their sentence windows, the
# page index (crossencoder.py). A fact the page does not state is "contradicted" only when the page's best
# context for the claim's other words (one or two adjacent sentences holding at least half of them,
# IDF-weighted) states another value of the same kind: a year for a year, a date for a date, a count of the
# same unit.


def index_of(name: str) -> PageIndex:
    extracted = html_main_text(page(name))
    passages = split_passages(extracted.text, extracted.title)
    return PageIndex.from_windows(page_windows(passages, 2).windows)


def result(check, text: str):
    (found,) = [r for r in check.results if r.fact.text == text]
    return found


def test_a_date_stated_only_in_a_table_is_found_in_its_row() -> None:
    check = check_facts(
        "The Charlevoix earthquake struck on 5 February 1663.",
        index_of("earthquakes"),
        "Earthquakes in Canada",
    )
    date = result(check, "5 February 1663")
    assert date.status is FactStatus.FOUND
    assert date.sentence.endswith(
        "Date 1663-02-05 — Time‡: 17:30 (local time); Place: Charlevoix–Kamouraska "
        "Region, QC; Lat: 47.60; Lon: -70.10; M: 7.0; Mw; I: X ."
    )


def test_a_changed_date_is_contradicted_by_the_tables_row() -> None:
    check = check_facts(
        "The Charlevoix earthquake struck on 5 February 1665.",
        index_of("earthquakes"),
        "Earthquakes in Canada",
    )
    date = result(check, "5 February 1665")
    assert date.status is FactStatus.CONTRADICTED
    assert date.explanation() == "the source gives 1663-02-05, the claim says 5 February 1665"
    assert "Place: Charlevoix–Kamouraska Region, QC" in date.sentence


def test_a_total_is_found_in_its_row_and_a_changed_one_is_missing() -> None:
    index = index_of("senate-of-pakistan")
    row = "Balochistan — General seats: 14; Technocrats/Ulema: 4; Women: 4; Non-Muslim: 1; Total: 23."
    found = result(check_facts("Balochistan has 23 seats in the Senate.", index, "Senate of Pakistan"), "23")
    assert (found.status, found.sentence) == (FactStatus.FOUND, row)
    # a count contradicts only a count of the same thing ("25 seats" against "23 seats"); the table writes
    # "Total: 23" without the unit, so a changed total is missing, not contradicted
    changed = result(
        check_facts("Balochistan has 25 seats in the Senate.", index, "Senate of Pakistan"), "25"
    )
    assert changed.status is FactStatus.MISSING


def test_a_changed_year_is_contradicted_by_the_tables_row() -> None:
    check = check_facts(
        "Morris produced and directed the sitcom pilot They'd Hang you in Nashville in 1978.",
        index_of("allen-r-morris"),
        "Allen R. Morris",
    )
    year = result(check, "1978")
    assert year.status is FactStatus.CONTRADICTED
    assert year.stated == "1977"
    assert year.sentence == (
        "Year 1977 — Title: They'd Hang you in Nashville; Role: Producer/Director; "
        "Notes: Sitcom pilot based on play by William K. Gleason."
    )
