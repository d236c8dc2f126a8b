"""`sidebot bench replay`: the edit stream (real WiCE claims and their cited pages, on the demo articles) and
one short replay on the real parts (the sandbox MediaWiki, a PostgreSQL queue, the scheduler and a worker
as processes); and the parts of one rate's figures, each alone: saving the edits on the test wiki, and reading
the lag of each edit from the bench's job log on a real PostgreSQL (procrastinate's own schema, its own
functions moving a job through its states, as a worker does)."""

from __future__ import annotations

import re
import time
from collections import Counter
from datetime import UTC, datetime
from itertools import islice

import psycopg
import pytest

from sidebot.bench.replay import JOB_LOG, Saved, _lag_figures, _lags, _save_edits, _unchecked, _wait_checked
from sidebot.bench.replay_edits import _REF, KINDS, Edit, edit_stream
from sidebot.citations.citations import extract_citations
from sidebot.config import Settings
from sidebot.sandbox.demo_content import demo_article_titles, demo_pages, demo_sources
from sidebot.wiki.pages import PageRef
from sidebot.workers.jobs import PageQueue, conninfo, ensure_schema

BASE = "http://127.0.0.1:8731"


def articles() -> dict[str, str]:
    titles = demo_article_titles("wice")
    return {t: text for t, text in demo_pages(BASE).items() if t in titles}


def test_edits_are_the_kinds_editors_make() -> None:
    pages = articles()
    before = dict(pages)
    edits = list(islice(edit_stream(pages, demo_sources(), BASE, seed=1), 60))
    assert {e.kind for e in edits} == set(KINDS)
    assert edits == list(islice(edit_stream(dict(before), demo_sources(), BASE, seed=1), 60))  # same seed
    seen = dict(before)
    for edit in edits:
        old, new = seen[edit.title], edit.text
        assert new != old
        old_refs, new_refs = _REF.findall(old), _REF.findall(new)
        if edit.kind == "new citation":
            assert len(new_refs) == len(old_refs) + 1
            [added] = list((Counter(new_refs) - Counter(old_refs)).elements())
            assert f"{BASE}/wice/" in added
        elif edit.kind == "removed ref":
            assert len(new_refs) == len(old_refs) - 1 and set(new_refs) <= set(old_refs)
        else:  # changed fact: one number changed, the refs untouched
            assert new_refs == old_refs
            assert re.sub(r"\d+", "#", new) == re.sub(r"\d+", "#", old)
        seen[edit.title] = new
    assert seen == pages  # the stream kept the articles' texts as it left them


def test_a_new_citation_is_a_citation_the_patrol_checks() -> None:
    pages = articles()
    edit = next(e for e in edit_stream(pages, demo_sources(), BASE, seed=3) if e.kind == "new citation")
    before = {c.fingerprint for c in extract_citations(articles()[edit.title], title=edit.title)}
    claims = {f"{BASE}/wice/{s.id}": s.claim.text.strip() for s in demo_sources()}
    [new] = [c for c in extract_citations(edit.text, title=edit.title) if c.fingerprint not in before]
    assert new.url in claims and new.kind == "cite web"
    assert new.claim.strip()[:40] in claims[new.url]  # the WiCE sentence is the claim of its own source


@pytest.mark.integration
@pytest.mark.postgres
@pytest.mark.slow
def test_a_short_replay_checks_every_edit(tmp_path) -> None:
    from sidebot.bench.replay import run_replay

    report = run_replay(
        Settings(home=tmp_path),
        [1.0],
        8.0,
        workers=1,
        poll=2.0,
        php_workers=2,
        state_dir=tmp_path / "wiki",
        progress=lambda m: None,
    )
    [row] = report["rates"]
    assert row["edits_saved"] == 8 and row["checked"] == 8
    assert row["drained_seconds_after_stream"] is not None
    assert 0 < row["lag_p50"] <= row["lag_p95"] <= row["lag_max"]
    for edit in row["per_edit"]:
        assert edit["lag"] >= edit["check"] > 0 and edit["detect"] >= 0
    assert row["recent_runs"] >= 1 and row["pages_checked"] >= 1


def test_saving_edits_keeps_the_revisions_that_changed_a_page_and_counts_late_saves(
    wiki_users, unique_title
) -> None:
    title = unique_title("Replay")
    edits = [Edit(title, f"Version {n}.", "changed fact", f"replay {n}") for n in (1, 1, 2)]
    saved, late = _save_edits(wiki_users.editor, iter(edits), 50.0, 3, time.monotonic())
    assert [s.edit.text for s in saved] == ["Version 1.", "Version 2."]  # the second save changed nothing
    assert saved[0].page_id == saved[1].page_id and saved[0].rev_id < saved[1].rev_id
    assert saved[1].rev_id == wiki_users.editor.edit(title, "Version 2.").rev_id  # the page's latest
    assert saved[0].saved_at <= saved[1].saved_at <= datetime.now(UTC)
    # a stream that fell behind: each save was due over a second before it was made
    saved, late = _save_edits(wiki_users.editor, iter(edits[2:]), 1.0, 1, time.monotonic() - 5)
    assert late == 1 and saved == []  # the page already has that text


@pytest.mark.postgres
def test_the_lag_of_an_edit_is_read_from_the_job_that_checked_its_revision(postgres_server, tmp_path) -> None:
    settings = Settings(home=tmp_path, database={"url": postgres_server.create_database("replay_job_log")})
    ensure_schema(settings)
    with psycopg.connect(conninfo(settings), autocommit=True) as conn:
        conn.execute(JOB_LOG)
    now = datetime.now(UTC)
    edit = Edit("Moon", "text", "changed fact", "replay")
    saved = Saved(edit, page_id=7, rev_id=100, saved_at=now)
    other = Saved(edit, page_id=8, rev_id=5, saved_at=now)  # never checked
    with PageQueue(settings, settings.wiki.name) as queue:  # a job for an older revision, then the edit's
        queue.enqueue(PageRef("Moon", 7, 99, now, "recent"))
        queue.enqueue(PageRef("Moon", 7, 101, now, "recent"))
    assert _unchecked(settings, [saved, other]) == [saved, other]  # queued is not checked
    assert _wait_checked(settings, [saved], 0.0) is None
    with psycopg.connect(conninfo(settings), autocommit=True) as conn:
        for rev in (99, 101):  # what a worker does: take the job, then finish it (the second one deleted)
            [job_id] = conn.execute(
                "UPDATE procrastinate_jobs SET status = 'doing' WHERE (args->>'rev_id')::int = %s "
                "RETURNING id",
                (rev,),
            ).fetchone()
            conn.execute("SELECT procrastinate_finish_job_v1(%s, 'succeeded', %s)", (job_id, rev == 101))
            if rev == 99:  # a check of an older revision does not cover the edit
                assert _unchecked(settings, [saved, other]) == [saved, other]
        [enqueued] = conn.execute("SELECT deferred_at FROM replay_jobs WHERE rev_id = 101").fetchone()
    assert _unchecked(settings, [saved, other]) == [other]
    assert _wait_checked(settings, [saved], 5.0) is not None
    lag, missing = _lags(settings, [saved, other])
    assert missing is None
    assert lag["rev_id"] == 100 and lag["title"] == "Moon" and lag["enqueued_at"] == enqueued.isoformat()
    assert lag["lag"] > 0 and lag["detect"] >= 0 and lag["queue"] >= 0 and lag["check"] >= 0
    # the parts add up: enqueued after the save, so detect + queue + check is the whole lag
    assert abs(lag["detect"] + lag["queue"] + lag["check"] - lag["lag"]) < 1e-6
    figures = _lag_figures([lag], [{"seconds": 0.5}, {"seconds": 1.5}])
    assert figures["checked"] == 1 and figures["lag_p50"] == figures["lag_p95"] == figures["lag_max"]
    assert figures["recent_runs"] == 2 and figures["recent_run_seconds_max"] == 1.5
    assert figures["recent_run_seconds_p50"] == 1.0
    assert _lag_figures([], [])["lag_p50"] is None
