"""`sidebot bench replay`: the edit stream (real WiCE claims and their cited pages, on the demo articles) and
one short replay on the real parts (the sandbox MediaWiki, a PostgreSQL queue, the scheduler and a worker
as processes)."""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice

import pytest

from sidebot.bench.replay_edits import _REF, KINDS, edit_stream
from sidebot.citations.citations import extract_citations
from sidebot.config import Settings
from sidebot.sandbox.demo_content import demo_article_titles, demo_pages, demo_sources

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
