"""`sidebot stats` and `sidebot calibrate --from-reviews`: what reviewers measured, and a flag threshold
refitted from it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from sidebot.cli.common import console, fail, open_database, print_reliability, settings_of
from sidebot.config import Settings

if TYPE_CHECKING:
    from sidebot.queue.figures import FigureReading


def stats(
    ctx: typer.Context,
    days: Annotated[int, typer.Option(min=1, max=366, help="Days of history per day-by-day table.")] = 14,
) -> None:
    """Findings queued per day by reason, decisions per day, the share of reviewed findings reviewers
    confirmed (precision measured by people, 95 % interval) per wiki and reason, and how the card's two
    figures read against the decisions. Also at /stats in serve."""
    from sidebot.queue.figures import read_figures
    from sidebot.queue.reviews import DECISION_LABELS, Decision
    from sidebot.queue.stats import queue_stats, reason_label
    from sidebot.queue.support import REASON_LABELS

    db = open_database(settings_of(ctx))
    with db.session() as session:
        result = queue_stats(session, days)
        figures = read_figures(result.reviewed)
    db.dispose()
    queued = Table("day", *REASON_LABELS.values(), title="Findings queued per day, by reason")
    decided = Table("day", *DECISION_LABELS.values(), title="Decisions per day")
    for day in result.days:
        q, d = result.queued.get(day), result.decisions.get(day)
        if q:
            queued.add_row(str(day), *(str(q[kind.value]) for kind in REASON_LABELS))
        if d:
            decided.add_row(str(day), *(str(d[decision.value]) for decision in Decision))
    console.print(queued)
    console.print(decided)
    precision = Table("wiki", "reason", "confirmed", "share (95 % CI)", title="Confirmed by reviewers")
    for wiki, reason, share in result.precision_rows():
        precision.add_row(
            "all wikis" if wiki == "all" else wiki,
            reason_label(reason),
            f"{share.confirmed} of {share.reviewed}",
            share.text(),
        )
    console.print(precision if result.precision else "No reviews yet: nothing to measure precision from.")
    if figures:
        _print_figures(figures)


def _print_figures(figures: list[FigureReading]) -> None:
    """The two figures against the decisions, each with its reliability table."""
    summary = Table(
        "figure: the source backs…",
        "reviewed",
        "mean figure",
        "reviewers found",
        "calibration error",
        "a calibrated figure reads",
        title="The card's figures against reviewers' decisions (all wikis)",
    )
    for reading in figures:
        summary.add_row(
            reading.figure,
            str(reading.reviewed),
            f"{reading.mean_figure:.2f}",
            f"{reading.share_found:.2f}",
            f"{reading.calibration_error:.3f}",
            f"{reading.calibrated_reads:.3f} (95 % of draws ≤ {reading.calibrated_reads_p95:.3f})",
        )
    console.print(summary)
    for reading in figures:
        console.print(f'"backs {reading.figure}": {reading.verdict()}', highlight=False)
    for reading in figures:
        print_reliability(f'reliability of the "backs {reading.figure}" figure', reading.reliability)


def calibrate(
    ctx: typer.Context,
    from_reviews: Annotated[
        bool, typer.Option("--from-reviews", help="Refit each wiki's flag threshold from reviewer decisions.")
    ] = False,
    target: Annotated[
        float, typer.Option(min=0.5, max=1.0, help="Reviewer-confirmed share (precision) to reach.")
    ] = 0.85,
    very_likely: Annotated[
        bool,
        typer.Option(
            "--very-likely",
            help='Refit the line of the "very likely fails" band (below the flag threshold) instead.',
        ),
    ] = False,
    min_decisions: Annotated[
        int, typer.Option(min=10, help="Refuse below this many reviewed, model-flagged findings.")
    ] = 50,
    wiki: Annotated[
        str | None, typer.Option(help="Only this wiki (default: every wiki in the queue).")
    ] = None,
    apply: Annotated[
        bool, typer.Option("--apply", help="Store the new thresholds (default: only show).")
    ] = False,
) -> None:
    """Show (and with --apply store) the flag threshold per wiki that reaches the target reviewer-confirmed
    precision, with the open queue's size and the precision before and after."""
    from sidebot.queue.calibrate import NotEnoughReviews, apply_threshold, plan_threshold
    from sidebot.queue.wikis import wikis_by_name

    if not from_reviews:
        raise fail("say what to calibrate from: --from-reviews", 2)
    settings = settings_of(ctx)
    db = open_database(settings)
    refused = 0
    with db.session() as session:
        wikis = wikis_by_name(session)
        if wiki and wiki not in wikis:
            raise fail(f"the queue knows no wiki {wiki!r}: {', '.join(wikis) or 'none yet'}", 2)
        table = Table(
            "wiki",
            "decisions",
            "threshold",
            "open queue",
            "confirmed share",
            title="Flag threshold from reviews",
        )
        for name, row in wikis.items():
            if wiki and name != wiki:
                continue
            learned = row.very_likely_below if very_likely else row.flag_below
            current = learned if learned is not None else _configured_threshold(settings, very_likely)
            try:
                plan = plan_threshold(session, name, current, target, min_decisions)
            except NotEnoughReviews as exc:
                console.print(f"{exc}: left as it is", highlight=False)
                refused += 1
                continue
            table.add_row(
                name,
                str(plan.decisions),
                f"{plan.current:.3f} → {plan.proposed:.3f}",
                f"{plan.queue_before} → {plan.queue_after} (+{plan.tagged_open} tagged by editors)",
                f"{plan.precision_before.text()} → {plan.precision_after.text()}",
            )
            if apply and plan.changes:
                apply_threshold(session, name, plan.proposed, very_likely)
        if table.rows:
            console.print(table)
            if settings.verify.flag_below is not None:
                console.print("note: this config sets verify.flag_below, which its patrols keep using.")
            console.print(
                "applied: the next patrols flag with the new thresholds."
                if apply
                else "nothing changed: add --apply to store these thresholds."
            )
    db.dispose()
    if refused and not table.rows:
        raise typer.Exit(1)


def _configured_threshold(settings: Settings, very_likely: bool = False) -> float:
    """The threshold patrols flag with when nothing was learned: the config's, else the verifier's own (read
    from its manifest, without loading the model); ``very_likely``: its "very likely fails" line."""
    if settings.verify.flag_below is not None and not very_likely:
        return settings.verify.flag_below
    if settings.verify.scorer != "cross-encoder":
        return 0.5  # sidebot.patrol's default for a scorer without a threshold of its own
    from sidebot.verify.bands import Bands
    from sidebot.verify.factory import shipped_model_dir
    from sidebot.verify.model import Manifest

    folder = Path(settings.verify.model_dir or shipped_model_dir()).expanduser()
    manifest = Manifest.read(folder)
    if very_likely:
        return Bands.from_json(manifest.extra.get("bands"), manifest.flag_threshold).very_likely_fails
    return manifest.flag_threshold
