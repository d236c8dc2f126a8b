"""`sidebot eval fact-spans` on real WiCE sub-claims (tests/data/verify): the facts the fact check names as
not given, against the words WiCE's annotators marked as not supported."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.datasets.wice import read_wice
from sidebot.eval.fact_spans import evaluate_fact_spans, fact_rows

DATA = Path(__file__).parent / "data" / "verify"


def claims() -> dict:
    return {c.id: c for c in read_wice(DATA / "wice-subclaims.jsonl")}


def test_annotated_words_locate_the_unsupported_facts() -> None:
    crash = claims()["train00189-0"]  # "15 people were killed in the crash." The page: 13 killed
    assert crash.unsupported_spans() == [(0, 2), (3, 9)]  # "15", "people"
    rows = fact_rows(crash)
    assert [(r.fact, r.status, r.unsupported, r.shown_first) for r in rows] == [
        ("15", "contradicted", True, True)
    ]
    born = claims()["train01237-0"]  # "He was born in Ohrady near Dunajská Streda, Slovakia."
    assert {r.fact: (r.status, r.unsupported) for r in fact_rows(born)} == {
        "Ohrady": ("found", False),
        "Dunajská Streda": ("missing", True),  # the page's "Country: Czechoslovakia" is no rival of a town
        "Slovakia": ("found", False),
    }


def test_precision_recall_and_false_notes() -> None:
    real = list(claims().values())
    result = evaluate_fact_spans(real, progress=lambda _: None)
    assert result["all"] == {
        "facts": 7,
        "unsupported": 2,
        "named": 2,
        "precision": 1.0,
        "recall": 1.0,
        "false_note_rate": 0.0,
    }
    assert result["note"] == {"notes": 2, "precision": 1.0}
    assert result["contradicted"] == {"notes": 1, "precision": 1.0}
    # the same crash claim, had the annotators found it supported: its named number is a false note
    crash = claims()["train00189-0"]
    supported = replace(crash, non_supported_spans=tuple(False for _ in crash.non_supported_spans))
    numbers = evaluate_fact_spans([supported], progress=lambda _: None)["by_kind"]["numbers"]
    assert numbers["precision"] == 0.0 and numbers["false_note_rate"] == 1.0 and numbers["recall"] is None


def test_the_command_reads_a_sub_claims_file_and_refuses_one_without_annotation(tmp_path: Path) -> None:
    out = tmp_path / "spans.json"
    args = ["eval", "fact-spans", "--wice", str(DATA / "wice-subclaims.jsonl"), "--json", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "the note's fact: 2 notes, precision 1.000" in result.output
    assert len(json.loads(out.read_text(encoding="utf-8"))["rows"]) == 7
    result = CliRunner().invoke(app, ["eval", "fact-spans", "--wice", str(DATA / "wice-claims.jsonl")])
    assert result.exit_code == 1 and "no claim of" in result.output and "sub-claims file" in result.output
