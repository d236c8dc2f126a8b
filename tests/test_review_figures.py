"""The card's two figures read against reviewers' decisions (sidebot.queue.figures, `sidebot stats`, /stats):
the seeded demo citations verified by the shipped cross-encoder, each decided after its WiCE label (people's
judgement: supported → "source is fine", partially supported → "backs only part", not supported → "does not
support"), and the measurement compared with the same figures read straight from the verdicts."""

from __future__ import annotations

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
from sidebot.queue.figures import figures_against_reviews
from sidebot.queue.models import Finding, Suggestion
from sidebot.sources.passages import split_passages
from sidebot.verify.calibration import expected_calibration_error
from sidebot.web.app import create_app
from tests.fixtures.web import seed_queue

pytestmark = pytest.mark.integration

DECISION_OF_LABEL = {
    "supported": reviews.Decision.SUPPORTED,
    "partially_supported": reviews.Decision.PARTLY_SUPPORTED,
    "not_supported": reviews.Decision.UNSUPPORTED,
}


@dataclass(frozen=True)
class Decided:
    db: Database
    # per finding that counts (not the one marked unsure, the one undone, the one with a better suggestion):
    # (at-least-part figure, every-part figure, WiCE label)
    counted: list[tuple[float, float, str]]


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
        assert figures_against_reviews(session) == []  # no decisions yet
        for (fid, _), verdict in zip(seeds, verdicts):
            finding = session.get(Finding, fid)
            assert finding is not None and verdict.every_part_probability is not None
            finding.probability, finding.every_part_probability = (
                verdict.probability,
                verdict.every_part_probability,
            )
            finding.state = "open"  # every seeded citation can be decided, whatever cosine triage said
    counted = []
    with db.session() as session:
        suggested = session.scalar(
            select(Suggestion).where(Suggestion.finding_id.not_in([fid for fid, _ in seeds[:2]]))
        )
        assert suggested is not None
        for i, ((fid, seed), verdict) in enumerate(zip(seeds, verdicts)):
            if i == 0:
                reviews.decide(session, fid, "Alice", "unsure")
            elif i == 1:  # decided, then withdrawn
                reviews.decide(session, fid, "Alice", DECISION_OF_LABEL[seed.source.label])
                reviews.undo(session, fid, "Alice")
            elif fid == suggested.finding_id:  # says how another source compares, not how much this one backs
                reviews.decide(session, fid, "Alice", "better_suggestion", suggestion_id=suggested.id)
            else:
                reviews.decide(session, fid, "Bob", DECISION_OF_LABEL[seed.source.label])
                counted.append((verdict.probability, verdict.every_part_probability, seed.source.label))
    assert len(counted) >= 10 and {label for *_, label in counted} == set(DECISION_OF_LABEL)
    yield Decided(db, counted)
    db.dispose()


def test_the_figures_are_read_against_the_decisions_that_say_how_much_the_source_backs(decided: Decided):
    with decided.db.session() as session:
        part, whole = figures_against_reviews(session)
    shown_part = np.array([p for p, _, _ in decided.counted])
    shown_whole = np.array([w for _, w, _ in decided.counted])
    backs_part = np.array([label != "not_supported" for *_, label in decided.counted])
    backs_all = np.array([label == "supported" for *_, label in decided.counted])

    assert (part.figure, whole.figure) == ("at least part", "every part")
    assert part.reviewed == whole.reviewed == len(decided.counted)
    assert part.share_found == pytest.approx(backs_part.mean())
    assert whole.share_found == pytest.approx(backs_all.mean())
    assert part.mean_figure == pytest.approx(shown_part.mean())
    assert whole.mean_figure == pytest.approx(shown_whole.mean())
    assert part.calibration_error == pytest.approx(expected_calibration_error(shown_part, backs_part))
    assert whole.calibration_error == pytest.approx(expected_calibration_error(shown_whole, backs_all))
    for reading in (part, whole):
        assert 0 < reading.calibrated_reads <= reading.calibrated_reads_p95 < 1
        assert sum(row["citations"] for row in reading.reliability) == reading.reviewed


def test_a_partly_supported_decision_confirms_the_flag(decided: Decided):
    from sidebot.queue.stats import reviewed_findings

    with decided.db.session() as session:
        rows = reviewed_findings(session)
    partly = [r for r in rows if r.decision == "partly_supported"]
    assert partly and all(r.confirmed for r in partly)
    assert not any(r.confirmed for r in rows if r.decision == "supported")


def test_stats_shows_the_figures_in_the_terminal_and_the_browser(decided: Decided, tmp_path: Path):
    config = tmp_path / "sidebot.toml"
    config.write_text(f'[database]\nurl = "{decided.db.url}"\n', encoding="utf-8")
    shown = CliRunner().invoke(cli, ["--config", str(config), "stats"], env={"COLUMNS": "250"})
    assert shown.exit_code == 0, shown.output
    assert "The card's figures against reviewers' decisions" in shown.output
    assert 'Reliability of "backs every part"' in shown.output

    web = WebSettings(secret_key_file=str(tmp_path / "web-secret.key"))
    with TestClient(create_app(Settings(home=tmp_path), decided.db, web)) as client:
        page = client.get("/stats")
    assert page.status_code == 200
    assert 'data-figure="at least part"' in page.text and 'data-figure="every part"' in page.text
    assert "Source backs only part of the claim" in page.text  # the decisions chart's legend
