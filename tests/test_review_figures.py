"""The card's two figures read against reviewers' decisions (sidebot.queue.figures, `sidebot stats`, /stats):
the seeded demo citations verified by the shipped cross-encoder, each decided after its WiCE label (people's
judgement: supported → "source is fine", partially supported → "backs only part", not supported → "does not
support"), and the measurement compared with the same figures read straight from the verdicts."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from sidebot.cli.app import app as cli
from sidebot.config import Settings, WebSettings
from sidebot.queue import reviews
from sidebot.queue.db import Database
from sidebot.queue.figures import FigureReading, read_figures
from sidebot.queue.models import Finding, Suggestion
from sidebot.queue.reviews import DECISION_LABELS, Decision
from sidebot.queue.stats import confirms, reviewed_findings
from sidebot.queue.support import COPIES_PREFIX, ReasonKind
from sidebot.sources.passages import split_passages
from sidebot.web.app import create_app
from tests.fixtures.web import seed_queue

pytestmark = pytest.mark.integration

DECISION_OF_LABEL = {
    "supported": reviews.Decision.SUPPORTED,
    "partially_supported": reviews.Decision.ONLY_PART,
    "not_supported": reviews.Decision.UNSUPPORTED,
}


@dataclass(frozen=True)
class Decided:
    db: Database
    # per finding that counts: (at-least-part figure, every-part figure or None, WiCE label); left out: the
    # one marked unsure, the one undone, the one returned to open, the one with a better suggestion, and the
    # one whose source copies Wikipedia
    counted: list[tuple[float, float | None, str]]


@pytest.fixture(scope="module")
def decided(tmp_path_factory: pytest.TempPathFactory, test_wiki, seed_articles) -> Iterator[Decided]:
    from sidebot.verify import load_verifier

    tmp_path = tmp_path_factory.mktemp("figures")
    db = Database(f"sqlite:///{tmp_path / 'figures.db'}")
    queue = seed_queue(db, test_wiki, seed_articles)
    seeds = [
        (fid, seed)
        for article in queue.articles
        for fid, seed in zip(queue.findings[article.title], article.citations)
    ]
    verdicts = load_verifier().verify_many(
        [(seed.claim, split_passages(seed.source_text, seed.source.title)) for _, seed in seeds]
    )
    with db.session() as session:
        suggested = session.scalars(select(Suggestion).order_by(Suggestion.id)).first()
        assert suggested is not None  # "a suggestion is better" goes to its finding
        better, better_id = suggested.finding_id, suggested.id
    supported = [f for f, seed in seeds if seed.source.label == "supported" and f != better]
    partly = [f for f, seed in seeds if seed.source.label == "partially_supported" and f != better]
    unsure, undone, reopened, no_every_part = supported[:4]  # the three left out and one counted in part
    copies = partly[0]  # left out too: the others keep each label among those counted
    shown: dict[int, tuple[float, float | None]] = {}
    with db.session() as session:
        assert read_figures(reviewed_findings(session)) == []  # no decisions yet
        for (fid, _), verdict in zip(seeds, verdicts):
            finding = session.get(Finding, fid)
            assert finding is not None and verdict.probability is not None
            # one as a finding verified before the every-part figure existed
            every_part = None if fid == no_every_part else verdict.every_part_probability
            finding.probability, finding.every_part_probability = verdict.probability, every_part
            shown[fid] = (verdict.probability, every_part)
            finding.state = "open"  # every seeded citation can be decided, whatever cosine triage said
            if fid == copies:
                finding.flag_reason = f"{COPIES_PREFIX}: the page gives the article's own text"
    counted = []
    with db.session() as session:
        for fid, seed in seeds:
            decision = DECISION_OF_LABEL[seed.source.label]
            if fid == unsure:
                reviews.decide(session, fid, "Alice", "unsure")
            elif fid == undone:
                reviews.decide(session, fid, "Alice", decision)
                reviews.undo(session, fid, "Alice")
            elif fid == reopened:
                reviews.decide(session, fid, "Alice", decision)
                reviews.return_to_open(session, fid, "Carol")
            elif fid == copies:
                reviews.decide(session, fid, "Alice", "unsupported")
            elif fid == better:
                reviews.decide(session, fid, "Alice", "better_suggestion", suggestion_id=better_id)
            else:
                reviews.decide(session, fid, "Bob", decision)
                counted.append((*shown[fid], seed.source.label))
    assert len(counted) >= 8 and {label for *_, label in counted} == set(DECISION_OF_LABEL)
    assert any(every is None for _, every, _ in counted)
    yield Decided(db, counted)
    db.dispose()


def test_the_figures_are_read_against_the_decisions_that_say_how_much_the_source_backs(decided: Decided):
    with decided.db.session() as session:
        part, whole = read_figures(reviewed_findings(session))
        assert read_figures(reviewed_findings(session, wiki="another wiki")) == []
    shown_part = [(p, label) for p, _, label in decided.counted]
    shown_whole = [(w, label) for _, w, label in decided.counted if w is not None]

    assert (part.figure, whole.figure) == ("at least part", "every part")
    assert (part.reviewed, whole.reviewed) == (len(shown_part), len(shown_whole))
    assert part.share_found == pytest.approx(np.mean([label != "not_supported" for _, label in shown_part]))
    assert whole.share_found == pytest.approx(np.mean([label == "supported" for _, label in shown_whole]))
    assert part.mean_figure == pytest.approx(np.mean([p for p, _ in shown_part]))
    assert whole.mean_figure == pytest.approx(np.mean([w for w, _ in shown_whole]))
    assert part.calibration_error == pytest.approx(
        _ece([p for p, _ in shown_part], [label != "not_supported" for _, label in shown_part])
    )
    assert whole.calibration_error == pytest.approx(
        _ece([w for w, _ in shown_whole], [label == "supported" for _, label in shown_whole])
    )
    for reading in (part, whole):
        assert 0 < reading.calibrated_reads <= reading.calibrated_reads_p95 < 1
        assert sum(row["citations"] for row in reading.reliability) == reading.reviewed


def _ece(shown: list[float], found: list[bool]) -> float:
    """The expected calibration error over ten equal bins, written out here as its definition reads (the
    shipped one reads many draws at once through a matrix product)."""
    error = 0.0
    for b in range(10):
        inside = [(p, y) for p, y in zip(shown, found) if min(int(p * 10), 9) == b]
        if inside:
            gap = sum(p for p, _ in inside) / len(inside) - sum(y for _, y in inside) / len(inside)
            error += len(inside) / len(shown) * abs(gap)
    return error


def test_stats_shows_the_figures_in_the_terminal_and_the_browser(decided: Decided, tmp_path: Path):
    config = tmp_path / "sidebot.toml"
    config.write_text(f'[database]\nurl = "{decided.db.url}"\n', encoding="utf-8")
    shown = CliRunner().invoke(cli, ["--config", str(config), "stats"], env={"COLUMNS": "250"})
    assert shown.exit_code == 0, shown.output
    assert "The card's figures against reviewers' decisions" in shown.output
    assert 'reliability of the "backs every part" figure' in shown.output

    web = WebSettings(secret_key_file=str(tmp_path / "web-secret.key"))
    with TestClient(create_app(Settings(home=tmp_path), decided.db, web)) as client:
        page = client.get("/stats")
    assert page.status_code == 200
    assert 'data-figure="at least part"' in page.text and 'data-figure="every part"' in page.text
    assert "Source backs only part of the claim" in page.text  # the decisions chart's legend
    with decided.db.session() as session:
        part, _ = read_figures(reviewed_findings(session))
    for sentence in [part.verdict(), *part.by_range()]:  # calibration said in words, not as a bare number
        assert html.escape(sentence, quote=False) in page.text
    assert "(95 % of draws" not in page.text


def test_calibration_is_said_in_sentences_per_band() -> None:
    reading = FigureReading(
        figure="at least part",
        reviewed=20,
        mean_figure=0.85,
        share_found=0.55,
        calibration_error=0.30,
        calibrated_reads=0.05,
        calibrated_reads_p95=0.12,
        reliability=[
            {"range": "0.50–0.60", "citations": 1, "mean_figure": 0.55, "share_at_least_part": 1.0,
             "share_every_part": 0.0},
            {"range": "0.80–0.90", "citations": 19, "mean_figure": 0.87, "share_at_least_part": 0.526,
             "share_every_part": 0.2},
        ],
    )  # fmt: skip
    assert reading.verdict() == "It reads too high: it promised 85 % on average, reviewers found 55 %."
    assert reading.by_range() == [
        "Of the citation shown 50–60 %, reviewers found 100 % backed at least part of the claim.",
        "Of the 19 citations shown 80–90 %, reviewers found 53 % backed at least part of the claim.",
    ]
    held = FigureReading("every part", 20, 0.5, 0.45, 0.08, 0.07, 0.12, [])
    assert held.verdict().startswith("It holds as far as 20 reviews can tell")


def test_each_reason_and_decision_has_a_colour_of_its_own_in_the_charts() -> None:
    from datetime import date

    from sidebot.web.charts import stacked_bars
    from sidebot.web.listing import REASONS

    day = date(2026, 12, 1)
    for keys in (REASONS, {d.value: DECISION_LABELS[d] for d in Decision}):
        chart = stacked_bars([day], {day: Counter(dict.fromkeys(keys, 1))}, keys)
        colours = [colour for _, colour in chart.legend]
        assert len(set(colours)) == len(keys)
        assert {bar.fill for bar in chart.bars} == set(colours)  # each bar drawn in its key's colour
    with pytest.raises(ValueError, match="colours"):
        stacked_bars([day], {}, {str(n): str(n) for n in range(40)})


@pytest.mark.parametrize(
    ("decision", "reason", "confirmed"),
    [
        ("unsupported", ReasonKind.LOW_SUPPORT, True),
        ("better_suggestion", ReasonKind.CONTRADICTS, True),
        ("supported", ReasonKind.PARTIAL, False),
        # "backs only part" agrees with a queue reason naming a failing part or fact, or an editor's tag…
        ("only_part", ReasonKind.PARTIAL, True),
        ("only_part", ReasonKind.FACT_MISSING, True),
        ("only_part", ReasonKind.CHANGED_FACT, True),
        ("only_part", ReasonKind.TAGGED, True),
        # …and not with a flag saying the source backs none of the claim (the at-least-part figure was wrong)
        ("only_part", ReasonKind.LOW_SUPPORT, False),
        ("only_part", ReasonKind.CONTRADICTS, False),
        ("only_part", ReasonKind.COPIES_WIKIPEDIA, False),
    ],
)
def test_a_decision_confirms_what_the_finding_was_queued_for(decision, reason, confirmed):
    assert confirms(decision, reason) is confirmed
