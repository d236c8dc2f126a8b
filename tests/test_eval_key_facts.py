"""`sidebot eval key-facts`: the fact check alone on claim–page pairs, each reading of "the page lacks the
claim's key facts" counted on backed and not-backed claims (real spaCy, real files in each set's format)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.eval.key_facts import (
    KeyFactCase,
    climate_fever_cases,
    evaluate_key_facts,
    scifact_cases,
    untokenise,
)

RULE = "two or more missing, one of them strong, or the only fact"
PAGE = "The bridge over the Tamar was opened in 1961 by Queen Elizabeth. It cost £1.8 million."


def test_untokenise_undoes_fevers_spacing() -> None:
    assert untokenise("Harrison 's first marriage , to Pattie Boyd ( 1966 -- 1977 ) , ended .") == (
        "Harrison's first marriage, to Pattie Boyd (1966 – 1977), ended."
    )


def test_each_reading_counts_the_claims_it_would_hold() -> None:
    cases = [
        KeyFactCase("The Tamar bridge opened in 1961.", "", PAGE, backed=True),  # found: not held
        KeyFactCase("John Ruskin painted the bridge for the Cornish Society.", "", PAGE, backed=True),
        KeyFactCase("John Ruskin painted the bridge for the Cornish Society.", "", PAGE, backed=False),
        KeyFactCase("The bridge was painted in 1974.", "", PAGE, backed=False),
        KeyFactCase("The bridge cost £1.8 million and was painted by John Ruskin.", "", PAGE, backed=False),
    ]
    result = evaluate_key_facts(cases, RULE, progress=lambda _: None)
    assert (result["backed"], result["not_backed"]) == (2, 3)
    row = result["rules"][RULE]
    assert (row["backed_held"], row["not_backed_held"]) == (1, 2)  # one of three facts missing: not held
    assert row["backed_held_share"] == 0.5
    # "the only fact missing" holds the one-fact claim only; the two-fact one lacks both
    only = result["rules"]["the only fact missing"]
    assert (only["backed_held"], only["not_backed_held"]) == (0, 1)
    [alarm] = result["backed_held_by_rule_in_use"]
    assert alarm["claim"].startswith("John Ruskin")
    assert set(alarm["not_given"]) == {"John Ruskin", "the Cornish Society"}


def test_scifact_and_climate_fever_are_read_in_their_own_formats(tmp_path: Path) -> None:
    (tmp_path / "corpus.jsonl").write_text(
        json.dumps({"doc_id": 7, "title": "Bridges", "abstract": PAGE.split(". "), "structured": False})
        + "\n"
    )
    claim = {
        "id": 1,
        "claim": "A bridge opened in 1961.",
        "evidence": {"7": [{"sentences": [0], "label": "SUPPORT"}]},
    }
    (tmp_path / "claims_train.jsonl").write_text(json.dumps(claim) + "\n")
    [case] = scifact_cases(tmp_path)
    assert case.backed and case.page_title == "Bridges" and "1961" in case.page

    evidence = [
        {"evidence": "The bridge opened in 1961.", "evidence_label": "SUPPORTS", "article": "Tamar Bridge"},
        {"evidence": "Bridges rust.", "evidence_label": "NOT_ENOUGH_INFO", "article": "Rust"},
    ]
    records = [
        {
            "claim_id": "0",
            "claim": "The bridge opened in 1961.",
            "claim_label": "SUPPORTS",
            "evidences": evidence,
        },
        {"claim_id": "1", "claim": "Bridges are disputed.", "claim_label": "DISPUTED", "evidences": evidence},
    ]
    path = tmp_path / "climate-fever.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    [case] = climate_fever_cases(path)
    assert case.backed and case.page == "The bridge opened in 1961."


def test_the_command_reads_an_nli_file_and_marks_the_models_reading(tmp_path: Path) -> None:
    premise = "The bridge was opened in 1961 , by Queen Elizabeth ."
    rows = [
        {"premise": premise, "hypothesis": "The bridge opened in 1961 .", "label": "entailment"},
        {"premise": premise, "hypothesis": "The bridge was painted in 1974 .", "label": "neutral"},
    ]
    path = tmp_path / "pairs.jsonl.gz"
    with gzip.open(path, "wt") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in rows)
    out = tmp_path / "key.json"
    result = CliRunner().invoke(
        app, ["eval", "key-facts", "--nli", str(path), "--untokenise", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "1 backed claims, 1 not backed" in " ".join(result.output.split())
    figures = json.loads(out.read_text())[str(path)]
    assert figures["rule_in_use"] == RULE  # the shipped model's manifest
    assert (figures["rules"][RULE]["backed_held"], figures["rules"][RULE]["not_backed_held"]) == (0, 1)

    result = CliRunner().invoke(app, ["eval", "key-facts"])
    assert result.exit_code != 0 and "name a set to read" in result.output
