"""A citation that leaves its page and comes back (an edit undone, a change made again): what happens to its
finding, on a real SQLite queue with citations extracted from real wikitext."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from sidebot.citations.citations import extract_citations
from sidebot.queue import reviews, store
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, FindingState
from sidebot.queue.reviews import Decision

URL = "https://news.example.org/council.html"
SAID = "The council has the most women since 1994."


def _text(claim: str) -> str:
    return f"Intro.\n\n== Elections ==\n{claim}<ref>[{URL} Council seats]</ref>\n"


def _sync(session, page, claim: str, rev_id: int):  # type: ignore[no-untyped-def]
    return store.sync_citations(session, page, extract_citations(_text(claim), "Council"), rev_id)


def _first_citation(session):  # type: ignore[no-untyped-def]
    """The page "Council" with the sentence on it (rev 1): the page and its citation."""
    wiki = store.get_or_create_wiki(session, "testwiki", "http://wiki.test/api.php", "")
    page = store.get_or_create_page(session, wiki, "Council", 7)
    [(citation, _)] = _sync(session, page, SAID, 1).citations
    return page, citation


def _queue_reviewed(tmp_path, decision: Decision):  # type: ignore[no-untyped-def]
    """The sentence checked and queued, a reviewer's ``decision``, then the sentence removed (rev 2) and
    put back (rev 3)."""
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    with db.session() as session:
        page, citation = _first_citation(session)
        finding = store.record_finding(
            session, citation_id=citation.id, scorer="s", state=FindingState.OPEN, flag_reason="low support"
        )
        session.flush()
        reviews.decide(session, finding.id, "Patroller", decision)
        _sync(session, page, "The council met.", 2)
        back = _sync(session, page, SAID, 3)
        due = store.citations_needing_verification(session, [c for c, _ in back.citations], "s")
        state = session.scalar(select(Finding.state).where(Finding.id == finding.id))
        (review,) = reviews.history(session, finding.id)
    db.dispose()
    return due, state, review


@pytest.mark.parametrize("decision", [Decision.UNSUPPORTED, Decision.ONLY_PART])
def test_a_confirmed_problem_that_comes_back_is_verified_again(tmp_path, decision: Decision):
    """A source found backing none of the claim, or only part of it: the problem is back with the claim."""
    due, state, review = _queue_reviewed(tmp_path, decision)
    assert [c.claim for c in due] == [SAID] and state == FindingState.STALE
    assert review.reopened_by == "sidebot (the citation came back in rev 3)"


def test_a_citation_a_reviewer_found_fine_stays_reviewed_when_it_comes_back(tmp_path):
    due, state, review = _queue_reviewed(tmp_path, Decision.SUPPORTED)
    assert due == [] and state == FindingState.REVIEWED and review.reopened_at is None


def test_a_stale_finding_takes_the_new_verdict_in_place(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    with db.session() as session:
        page, citation = _first_citation(session)
        first = store.record_finding(
            session,
            citation_id=citation.id,
            scorer="s",
            state=FindingState.OPEN,
            flag_reason="changed fact: 1994 → 1996",
            change={"old": "1994", "new": "1996"},
            evidence=[{"start": 0, "end": 4, "score": 1.0}],
        )
        session.flush()
        _sync(session, page, "The council met.", 2)
        assert first.state == FindingState.STALE
        _sync(session, page, SAID, 3)
        again = store.record_finding(session, citation_id=citation.id, scorer="s", state=FindingState.PASSED)
        session.flush()
        assert again.id == first.id and again.state == FindingState.PASSED
        assert again.change is None and again.flag_reason is None and again.closed_reason is None
        assert again.evidence == [] and again.origin == "page"  # columns not given: back to their defaults
        assert session.scalar(select(Finding.id).where(Finding.citation_id == citation.id)) == first.id
    db.dispose()
