"""Fit the gate of :mod:`sidebot.retrieve.unsourced` on the fit half of WiCE dev.

Input: the JSON of ``sidebot eval suggest --half fit`` (its ``citation_needed`` rows keep every candidate
page read with its figures, so the gate can be replayed at any values without reading a page again). Over a
grid of (probability, every-part probability, lead over the runner-up, the facts check on the passage shown
or on the whole page), with one suggestion at most, it keeps the values that meet the issue's goals on this
half — of the suggestions shown for supported claims, at least ``--precision`` are the claim's page; at most
``--false-share`` of not_supported claims are shown one — and among them those that show the most supported
claims their page; of those, the one nearest the median of their values. Write the chosen values into
``RetrieveSettings`` (sidebot/config.py) and measure them on the other half with
``sidebot eval suggest --half report``.

    python -m sidebot.eval.unsourced_tune FIT.json
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from sidebot.config import RetrieveSettings
from sidebot.eval.suggest import summarise_citation_needed
from sidebot.retrieve.retriever import Suggestion
from sidebot.retrieve.unsourced import Candidate, UnsourcedGate

PROBABILITIES = [round(x, 2) for x in np.arange(0.80, 0.991, 0.01)]
EVERY_PART = [round(x, 2) for x in np.arange(0.0, 0.951, 0.05)]
MARGINS = [round(x, 2) for x in np.arange(0.0, 3.01, 0.25)]


def read_candidates(row: dict[str, Any]) -> list[Candidate]:
    """The candidate pages one claim's row records, as the gate sees them."""
    return [
        Candidate(
            Suggestion(
                url=c["url"],
                title=c["title"],
                score=c["score"],
                probability=c["probability"],
                passage=None,
                evidence=[],
                stance=None,
                gain=None,
                every_part_probability=c["every_part_probability"],
            ),
            c["passes_checks"],
            c["passes_page_checks"],
        )
        for c in row["citation_needed"]["candidates"]
    ]


def replay(rows: Sequence[dict[str, Any]], gate: UnsourcedGate) -> list[dict[str, Any]]:
    """``rows`` with what ``gate`` shows in place of what the run's gate showed."""
    return [
        {
            **row,
            "citation_needed": {
                **row["citation_needed"],
                "shown": [s.url for s in gate.choose(read_candidates(row))],
            },
        }
        for row in rows
    ]


def figures(rows: Sequence[dict[str, Any]], gate: UnsourcedGate) -> dict[str, Any]:
    """The ``citation_needed`` summary of ``sidebot eval suggest`` for ``gate`` replayed on ``rows``."""
    return summarise_citation_needed(replay(rows, gate))


def fit(
    rows: Sequence[dict[str, Any]], precision: float = 0.90, false_share: float = 0.05
) -> tuple[UnsourcedGate, dict[str, Any]] | None:
    """The gate of the module doc, with its figures on ``rows``; None when no value on the grid meets the
    goals. Many values tie on a half this small; the one taken is the tied gate nearest the median of the
    tied values (in grid steps), not one at the edge of what this half allows."""
    best: list[tuple[UnsourcedGate, dict[str, Any]]] = []
    best_key: tuple[float, float] | None = None
    for p, e, m, on_page in itertools.product(PROBABILITIES, EVERY_PART, MARGINS, (False, True)):
        gate = UnsourcedGate(p, e, m, 1, on_page)
        got = figures(rows, gate)
        precise = got["supported_suggestions_supporting"]
        if (precise is not None and precise < precision) or (got["not_supported_shown"] or 0) > false_share:
            continue
        key = (got["supported_shown_supporting"] or 0.0, -(got["not_supported_shown"] or 0.0))
        if best_key is None or key > best_key:
            best, best_key = [], key
        if key == best_key:
            best.append((gate, got))
    if not best:
        return None
    grids = (PROBABILITIES, EVERY_PART, MARGINS)
    steps = [[grid.index(value) for value in values] for grid, values in zip(grids, _coordinates(best))]
    centre = [float(np.median(column)) for column in steps]
    on_page = sum(g.facts_on_page for g, _ in best) * 2 > len(best)

    def distance(i: int) -> float:
        gate = best[i][0]
        return float(sum(abs(column[i] - c) for column, c in zip(steps, centre))) + (
            gate.facts_on_page != on_page
        )

    return best[min(range(len(best)), key=distance)]


def _coordinates(tied: Sequence[tuple[UnsourcedGate, dict[str, Any]]]) -> list[list[float]]:
    return [
        [g.min_probability for g, _ in tied],
        [g.min_every_part for g, _ in tied],
        [g.runner_up_margin for g, _ in tied],
    ]


def main(argv: Sequence[str] | None = None) -> None:
    """The command line (see the module doc): fit the gate on a run's JSON, or replay the shipped gate with
    ``--replay``."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("run_json", type=Path, help="`sidebot eval suggest --json` output")
    parser.add_argument(
        "--replay",
        action="store_true",
        help="Print the figures of the shipped gate (RetrieveSettings' defaults) on this run instead of "
        "fitting: for a run whose own gate was another",
    )
    parser.add_argument("--precision", type=float, default=0.90)
    parser.add_argument("--false-share", type=float, default=0.05)
    args = parser.parse_args(argv)
    result = json.loads(args.run_json.read_text(encoding="utf-8"))
    if args.replay:
        gate = UnsourcedGate.of(RetrieveSettings())
        print(
            json.dumps(
                {"gate": asdict(gate), "half": result.get("half"), **figures(result["per_claim"], gate)},
                indent=2,
            )
        )
        return
    if result.get("half") != "fit":
        parser.error(f"{args.run_json} is not a fit-half run (half = {result.get('half')!r})")
    chosen = fit(result["per_claim"], args.precision, args.false_share)
    if chosen is None:
        print("no gate on the grid meets the goals on the fit half")
        return
    gate, got = chosen
    print(json.dumps({"gate": asdict(gate), "fit_half": got}, indent=2))


if __name__ == "__main__":
    main()
