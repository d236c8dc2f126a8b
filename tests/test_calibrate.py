"""Precision measured from reviews and a threshold that learns (sidebot.queue.stats, sidebot.queue.calibrate,
`sidebot stats`, `sidebot calibrate --from-reviews`, /stats): a queue of the real demo claims, a reviewer
deciding each through the JSON API after the claim's WiCE label (people's judgement), then the refit."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

from sidebot.cli.app import app as cli
from sidebot.config import Settings, WebSettings
from sidebot.queue.calibrate import MODEL_REASONS, NotEnoughReviews, plan_threshold
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, Wiki
from sidebot.queue.stats import queue_stats
from sidebot.queue.support import queue_reason
from sidebot.sandbox import testwiki
from sidebot.web.app import create_app
from tests.fixtures.web import SeededQueue, api_login, seed_queue

pytestmark = pytest.mark.integration

FLAG_BELOW = 0.95  # queue nearly every seeded citation (cosine scores), so there are many to review
# Below the command's default floor (50): the seed's demo articles hold 46 untagged citations since six demo
# claims carry {{citation needed}} instead of their ref; the floor is given explicitly wherever it applies.
MIN_DECISIONS = 40


@pytest.fixture(scope="module")
def reviewed(
    tmp_path_factory: pytest.TempPathFactory, test_wiki, all_seed_articles, web_accounts
) -> Iterator[tuple[Database, int]]:
    tmp_path = tmp_path_factory.mktemp("reviewed")
    db = Database(f"sqlite:///{tmp_path / 'reviewed.db'}")
    queue: SeededQueue = seed_queue(db, test_wiki, all_seed_articles, flag_below=FLAG_BELOW)
    labels = {
        fid: seed.source.label
        for article in queue.articles
        for fid, seed in zip(queue.findings[article.title], article.citations)
    }
    with db.session() as session:
        flagged = [
            f.id
            for f in session.scalars(select(Finding).where(Finding.state == "open").order_by(Finding.id))
            if (reason := queue_reason(f.flag_reason, f.stance)) and reason.kind in MODEL_REASONS
        ]  # the findings the model flagged (low support, partial, contradicts): what calibration refits
    assert len(flagged) >= MIN_DECISIONS, f"only {len(flagged)} model-flagged findings in the seed"
    with db.session() as session:  # before any decision: nothing to refit from
        with pytest.raises(NotEnoughReviews):
            plan_threshold(session, testwiki.WIKI_NAME, FLAG_BELOW, min_decisions=MIN_DECISIONS)
    web = WebSettings(login_api_url=test_wiki.api_url, secret_key_file=str(tmp_path / "web-secret.key"))
    app = create_app(Settings(home=tmp_path), db, web)
    with TestClient(app) as client:
        token = api_login(client, web_accounts.reviewer)
        for fid in flagged:
            decision = {"supported": "supported", "partially_supported": "only_part"}.get(
                labels[fid], "unsupported"
            )
            answer = client.post(
                f"/api/findings/{fid}/decision", json={"decision": decision}, headers={"X-CSRF-Token": token}
            )
            assert answer.status_code == 200, answer.text
        page = client.get("/stats")
        assert page.status_code == 200 and "<script" not in page.text and "<svg" in page.text
        assert page.headers["content-security-policy"].startswith("default-src 'none'")
    yield db, len(flagged)
    db.dispose()


def test_stats_measure_precision_from_the_decisions(reviewed):
    db, decided = reviewed
    with db.session() as session:
        stats = queue_stats(session, days=7)
    overall = stats.precision[("all", "all")]
    assert overall.reviewed == decided
    low, high = overall.interval
    assert 0 <= low <= overall.value <= high <= 1 and high - low < 0.5
    assert sum(c["unsupported"] + c["only_part"] + c["supported"] for c in stats.decisions.values()) == (
        decided
    )
    assert sum(c["only_part"] for c in stats.decisions.values()) > 0  # through the JSON API
    assert sum(c[kind] for c in stats.queued.values() for kind in MODEL_REASONS) >= decided


def test_calibrate_refits_shows_and_applies_only_when_asked(reviewed, tmp_path: Path):
    db, decided = reviewed
    config = tmp_path / "sidebot.toml"
    config.write_text(
        f'[database]\nurl = "{db.url}"\n\n[verify]\nscorer = "minilm-cosine"\nflag_below = {FLAG_BELOW}\n',
        encoding="utf-8",
    )
    with db.session() as session:
        plan = plan_threshold(
            session, testwiki.WIKI_NAME, FLAG_BELOW, target=0.85, min_decisions=MIN_DECISIONS
        )
    assert plan.decisions == decided and plan.proposed <= plan.current
    assert plan.queue_after <= plan.queue_before
    after = plan.precision_after
    assert (after.value or 0) >= 0.85 or after.reviewed == 0  # reached, or no threshold reaches it
    if (plan.precision_before.value or 0) >= 0.85:
        assert not plan.changes  # the reviews give no evidence for raising it

    runner = CliRunner()
    env = {"COLUMNS": "250"}
    refused = runner.invoke(
        cli, ["--config", str(config), "calibrate", "--from-reviews", "--min-decisions", "1000"], env=env
    )
    assert refused.exit_code == 1 and "fewer than the 1000" in refused.output

    shown = runner.invoke(
        cli,
        [
            "--config",
            str(config),
            "calibrate",
            "--from-reviews",
            "--wiki",
            testwiki.WIKI_NAME,
            "--min-decisions",
            "40",
        ],
        env=env,
    )
    assert shown.exit_code == 0, shown.output
    assert f"{plan.queue_before} → {plan.queue_after}" in shown.output and "add --apply" in shown.output
    assert re.search(r"\d+ % \(95 % CI \d+–\d+ %, \d+ reviewed\)", shown.output)
    with db.session() as session:
        assert session.scalar(select(Wiki.flag_below)) is None  # shown, not applied

    applied = runner.invoke(
        cli,
        [
            "--config",
            str(config),
            "calibrate",
            "--from-reviews",
            "--apply",
            "--target",
            "0.99",
            "--min-decisions",
            "40",
        ],
        env=env,
    )
    assert applied.exit_code == 0, applied.output
    with db.session() as session:
        again = plan_threshold(
            session, testwiki.WIKI_NAME, FLAG_BELOW, target=0.99, min_decisions=MIN_DECISIONS
        )
        stored = session.scalar(select(Wiki.flag_below))
    assert stored == (again.proposed if again.changes else None)

    stats = runner.invoke(cli, ["--config", str(config), "stats"], env=env)
    assert stats.exit_code == 0 and f"{decided} reviewed" in stats.output
