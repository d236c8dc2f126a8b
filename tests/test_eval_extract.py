"""`sidebot eval extract` and ExtractedCitation.placement, on a tiny article set written here (an infobox,
prose, a table) and on the shipped judged set of real articles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sidebot.citations.citations import extract_citations
from sidebot.cli.app import app
from sidebot.eval.extract import (
    CHANGED,
    JudgedFileError,
    evaluate_extraction,
    extract_articles,
    markup_in,
    read_judged,
    sample_for_judging,
)

DATA = Path(__file__).parent / "data"

TOWN = """{{Infobox settlement
| name = Springfield
| population_total = 1,234<ref>{{cite web|url=http://pop.example/|title=Pop}}</ref>
| population_as_of = 2020
}}
'''Springfield''' is a town. It was founded in 1850.<ref>{{cite web|url=http://found.example/|title=F}}</ref>
Its scores were 3 || 4 in the final.<ref>{{cite web|url=http://score.example/|title=S}}</ref>

{| class="wikitable"
! Year !! Population
|-
| 2010 || 1,100<ref>{{cite web|url=http://c2010.example/|title=C}}</ref>
|-
| 2020 || 1,234<ref>{{cite web|url=http://c2020.example/|title=C}}</ref>
|}
"""
RIVER = "The river is 40 km long.<ref>{{cite web|url=http://river.example/|title=R}}</ref>\n"


@pytest.fixture
def articles(tmp_path: Path) -> Path:
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "Springfield.txt").write_text(TOWN, encoding="utf-8")
    (folder / "River.txt").write_text(RIVER, encoding="utf-8")
    return folder


def _judged(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_placement_says_where_each_citation_sits() -> None:
    found = extract_citations(TOWN, "Springfield")
    assert [(c.placement, c.claim) for c in found] == [
        ("infobox", "Springfield — population total: 1,234 (as of 2020)"),
        ("prose", "It was founded in 1850."),
        ("prose", "Its scores were 3 || 4 in the final."),
        ("table", "Year: 2010; Population: 1,100"),
        ("table", "Year: 2020; Population: 1,234"),
    ]


def test_a_ref_alone_in_a_layout_table_cell_is_prose() -> None:
    """A table without headers that is no wikitable is layout: its cell is read as text, not as a row."""
    found = extract_citations("{|\n|-\n| Founded in 1850.<ref>{{cite web|url=http://a.example/}}</ref>\n|}\n")
    assert [(c.placement, c.claim) for c in found] == [("prose", "Founded in 1850.")]


def test_markup_in_finds_what_a_reader_never_sees() -> None:
    assert markup_in("Plain words, 3 < 4 and R&D.") == []
    assert markup_in("a {{cite}} b") == ["{{", "}}"]
    assert markup_in("[[Link]] '''bold") == ["[[", "]]", "'''"]
    assert markup_in('x rowspan="2" y colspan=3 style="a"') == ["rowspan=", "colspan=", "style="]
    assert markup_in("He wrote <ref> and <br/>.") == ["<ref>", "<br/>"]
    assert markup_in("x &amp; y &#160; z &#x2014;") == ["&amp;", "&#160;", "&#x2014;"]
    assert markup_in("3 || 4") == ["||"]


def test_eval_counts_placements_markup_times_and_judged(articles: Path, tmp_path: Path) -> None:
    found = extract_articles(articles)
    assert [a.name for a in found] == ["River.txt", "Springfield.txt"]
    town = found[1]
    judged = read_judged(
        _judged(
            tmp_path / "judged.jsonl",
            [
                {"article": "Springfield.txt", "index": 0, "placement": "infobox", "verdict": "right",
                 "claim": town.citations[0].claim},
                {"article": "Springfield.txt", "index": 2, "placement": "prose", "verdict": "markup",
                 "claim": town.citations[2].claim, "note": "|| shown"},
                {"article": "Springfield.txt", "index": 3, "placement": "table", "verdict": "right",
                 "claim": "2010: 1,100"},  # the claim as it read before: changed since judged
                {"article": "River.txt", "index": 0, "placement": "prose", "verdict": "right",
                 "claim": "The river is 40 km long."},
                {"article": "River.txt", "index": 5, "placement": "prose", "verdict": "right",
                 "claim": "gone"},  # no such citation any more
            ],
        )
    )  # fmt: skip
    figures = evaluate_extraction(found, judged)
    assert figures["articles"] == 2
    assert figures["all"] == {"citations": 6, "claims_with_markup": 1, "markup_rate": 1 / 6}
    assert {p: row["citations"] for p, row in figures["by_placement"].items()} == {
        "prose": 3,
        "infobox": 1,
        "table": 2,
    }
    assert figures["by_placement"]["prose"]["claims_with_markup"] == 1
    assert figures["by_placement"]["table"]["markup_rate"] == 0
    assert figures["claims_with_markup"] == [
        {"article": "Springfield.txt", "index": 2, "placement": "prose", "markup": ["||"]}
    ]
    largest = figures["time_ms"]["largest_article"]
    assert (largest["article"], largest["citations"]) == ("Springfield.txt", 5)
    assert largest["bytes"] == len(TOWN.encode("utf-8"))
    assert 0 < figures["time_ms"]["cpu"]["median"] <= figures["time_ms"]["cpu"]["p95"]

    overall = figures["judged"]["all"]
    assert overall["judged"] == 5
    assert overall["verdicts"] == {
        "right": 2, "too short": 0, "too long": 0, "markup": 1, "wrong": 0, CHANGED: 2,
    }  # fmt: skip
    assert overall["right_rate"] == 2 / 5  # changed claims are not counted right
    assert [(c["article"], c["index"], c["now"]) for c in overall["changed_since_judged"]] == [
        ("Springfield.txt", 3, "Year: 2010; Population: 1,100"),
        ("River.txt", 5, None),
    ]
    by = figures["judged"]["by_placement"]
    assert (by["infobox"]["judged"], by["infobox"]["right"]) == (1, 1)
    assert (by["table"]["right"], by["table"]["verdicts"][CHANGED]) == (0, 1)
    assert (by["prose"]["judged"], by["prose"]["right"], by["prose"]["right_rate"]) == (3, 1, 1 / 3)
    # 3 prose (1/3 right), 1 infobox (1/1), 2 table rows (0/1) of 6 citations
    assert figures["judged"]["right_rate_page_mix"] == pytest.approx(3 / 6 * 1 / 3 + 1 / 6 * 1 + 2 / 6 * 0)


def test_a_judged_claim_read_at_another_placement_is_changed(articles: Path, tmp_path: Path) -> None:
    found = extract_articles(articles)
    row = {"article": "River.txt", "index": 0, "placement": "table", "verdict": "right"}
    judged = read_judged(_judged(tmp_path / "j.jsonl", [{**row, "claim": "The river is 40 km long."}]))
    assert evaluate_extraction(found, judged)["judged"]["all"]["verdicts"][CHANGED] == 1


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "Expecting value"),
        ('{"article": "a.txt", "index": 0, "claim": "x", "placement": "prose"}', "verdict"),
        ('{"article": "a.txt", "index": 0, "claim": "x", "placement": "prose", "verdict": "ok"}', "'ok'"),
        ('{"article": "a.txt", "index": 0, "claim": "x", "placement": "lead", "verdict": "right"}', "'lead'"),
    ],
)
def test_a_bad_judged_line_is_refused_with_its_line_number(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "judged.jsonl"
    path.write_text("\n" + line + "\n", encoding="utf-8")
    with pytest.raises(JudgedFileError, match=rf"judged.jsonl:2: .*{message}"):
        read_judged(path)


def test_sample_is_reproducible_and_stratified(articles: Path) -> None:
    found = extract_articles(articles)
    first = sample_for_judging(found, per_placement=1, seed=7)
    assert first == sample_for_judging(found, per_placement=1, seed=7)
    assert sorted(c.placement for _, c in first) == ["infobox", "prose", "table"]
    assert len(sample_for_judging(found, per_placement=10, seed=7)) == 6  # all there are


def test_cli_reports_the_figures(articles: Path, tmp_path: Path) -> None:
    judged = _judged(
        tmp_path / "judged.jsonl",
        [
            {
                "article": "River.txt",
                "index": 0,
                "placement": "prose",
                "verdict": "right",
                "claim": "Old claim.",
            }
        ],
    )
    out = tmp_path / "figures.json"
    result = CliRunner().invoke(
        app, ["eval", "extract", "--articles", str(articles), "--judged", str(judged), "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "2 articles, 6 citations" in result.output
    assert "Springfield.txt #2 (prose): ||" in result.output
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["judged"]["all"]["verdicts"][CHANGED] == 1
    assert figures["judged"]["all"]["right"] == 0
    assert figures["judged"]["right_rate_page_mix"] is None  # infobox and table rows not judged


def test_the_shipped_judged_set_matches_its_articles() -> None:
    """Every judged citation of tests/data names a citation of tests/data/wikitext, with a known verdict and a
    note for each verdict that is not right; the eval reads it whole."""
    judged = read_judged(DATA / "extract-judged.jsonl")
    assert len(judged) == 90
    assert {j.placement for j in judged} == {"prose", "infobox", "table"}
    assert all(j.note for j in judged if j.verdict != "right")
    names = {j.article for j in judged}
    assert all((DATA / "wikitext" / name).is_file() for name in names)
