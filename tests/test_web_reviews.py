"""Review operations (sidebot.queue.reviews) and the queue list (sidebot.web.listing) on SQLite and
PostgreSQL, with findings seeded from real demo articles (tests/fixtures/web.py)."""

from __future__ import annotations

import threading
from datetime import date, timedelta

import pytest
from sqlalchemy import select

from sidebot.queue import reviews
from sidebot.queue.listing import QueueFilter, Tab, next_open
from sidebot.queue.models import Finding, Review, Suggestion, utcnow
from sidebot.queue.queries import list_findings
from sidebot.web.listing import list_queue
from tests.fixtures.web import SeededQueue, seed_queue

pytestmark = pytest.mark.integration


@pytest.fixture
def queue(db, test_wiki, seed_articles) -> SeededQueue:
    return seed_queue(db, test_wiki, seed_articles)


def _state(db, finding_id: int) -> str:
    with db.session() as session:
        return session.get(Finding, finding_id).state


def test_a_decision_closes_the_finding_and_only_its_reviewer_can_undo_it(db, queue):
    fid = queue.open_ids()[0]
    with db.session() as session:
        review = reviews.decide(
            session, fid, "Alice", "unsupported", comment="  the page is about something else "
        )
    assert (_state(db, fid), review.comment) == ("reviewed", "the page is about something else")

    with db.session() as session, pytest.raises(reviews.AlreadyDecided, match="Alice already reviewed"):
        reviews.decide(session, fid, "Bob", "supported")
    with db.session() as session, pytest.raises(reviews.NotYours):
        reviews.undo(session, fid, "Bob")
    with db.session() as session:
        assert reviews.undo(session, fid, "Alice").undone_at is not None
    assert _state(db, fid) == "open"
    with db.session() as session, pytest.raises(reviews.NothingToUndo):
        reviews.undo(session, fid, "Alice")
    with db.session() as session:
        assert reviews.leaderboard(session) == []  # an undone decision earns nothing
        assert reviews.current_decision(session, fid) is None


def test_unsure_keeps_the_finding_open_for_someone_else(db, queue):
    fid = queue.open_ids()[0]
    with db.session() as session:
        reviews.decide(session, fid, "Alice", "unsure", comment="cannot read the source's language")
    assert _state(db, fid) == "open"
    with db.session() as session, pytest.raises(reviews.AlreadyDecided, match="already marked"):
        reviews.decide(session, fid, "Alice", "unsure")
    with db.session() as session:
        reviews.decide(session, fid, "Bob", "supported")
        board = {row.reviewer: row for row in reviews.leaderboard(session)}
    assert _state(db, fid) == "reviewed"
    assert board["Alice"].by_decision == {"unsure": 1} and board["Bob"].by_decision == {"supported": 1}


def test_return_to_open_keeps_the_decision_on_record_and_its_credit(db, queue):
    fid = queue.open_ids()[0]
    with db.session() as session:
        reviews.decide(session, fid, "Alice", "supported")
    with db.session() as session:
        reopened = reviews.return_to_open(session, fid, "Bob")
    assert (reopened.reviewer, reopened.reopened_by, _state(db, fid)) == ("Alice", "Bob", "open")
    with db.session() as session, pytest.raises(reviews.AlreadyDecided, match="only a reviewed finding"):
        reviews.return_to_open(session, fid, "Bob")
    with db.session() as session:
        reviews.decide(session, fid, "Bob", "unsupported")
        assert reviews.current_decision(session, fid).reviewer == "Bob"
        assert [r.reviewer for r in reviews.history(session, fid)] == ["Alice", "Bob"]
        assert {r.reviewer: r.total for r in reviews.leaderboard(session)} == {"Alice": 1, "Bob": 1}


def _suggest(session, finding_id: int, like: Suggestion, rank: int) -> Suggestion:
    """Another suggestion for ``finding_id``: the same page as ``like`` (real text), at ``rank``."""
    added = Suggestion(
        finding_id=finding_id,
        rank=rank,
        url=like.url,
        title=like.title,
        score=like.score,
        passage=like.passage,
    )
    session.add(added)
    session.flush()
    return added


def test_a_better_suggestion_must_be_one_of_the_findings_own(db, queue):
    with db.session() as session:
        with_suggestions = session.scalars(select(Suggestion.finding_id).distinct()).all()
        fid = next(f for f in with_suggestions if queue.states[f] == "open")
        mine = session.scalars(select(Suggestion).where(Suggestion.finding_id == fid)).first()
        _suggest(session, fid, mine, rank=9)  # at least two: the decision must say which
        # the same suggested page, offered for another finding too
        other = _suggest(session, next(f for f in queue.states if f != fid), mine, rank=1).id
        own = mine.id
    for bad, message in ((None, "say which"), (other, "not one of this finding's"), (10**9, "not one of")):
        with db.session() as session, pytest.raises(reviews.InvalidDecision, match=message):
            reviews.decide(session, fid, "Alice", "better_suggestion", suggestion_id=bad)
    with db.session() as session, pytest.raises(reviews.InvalidDecision, match="unknown decision"):
        reviews.decide(session, fid, "Alice", "delete it")
    with db.session() as session, pytest.raises(reviews.InvalidDecision, match="limit is 2000"):
        reviews.decide(session, fid, "Alice", "unsupported", comment="x" * 2001)
    assert _state(db, fid) == "open"  # nothing was recorded by the refused requests
    with db.session() as session:
        review = reviews.decide(session, fid, "Alice", "better_suggestion", suggestion_id=own)
    assert review.suggestion_id == own


def test_with_one_suggestion_a_better_suggestion_is_that_one(db, queue):
    """Nothing to choose: the decision takes the only suggestion; without any, it is refused."""
    with db.session() as session:
        template = session.scalars(select(Suggestion)).first()
        suggested = set(session.scalars(select(Suggestion.finding_id)))
        lone, bare = [f for f, state in queue.states.items() if state == "open" and f not in suggested][:2]
        only = _suggest(session, lone, template, rank=1).id
    with db.session() as session, pytest.raises(reviews.InvalidDecision, match="no suggested source"):
        reviews.decide(session, bare, "Alice", "better_suggestion")
    with db.session() as session:
        review = reviews.decide(session, lone, "Alice", "better_suggestion")
    assert review.suggestion_id == only
    assert _state(db, lone) == "reviewed" and _state(db, bare) == "open"


def test_leaderboard_periods(db, queue):
    now = utcnow()
    ages = {"Alice": [1, 40], "Bob": [10, 20], "Carol": [100]}
    ids = iter(queue.open_ids() + [f for f, s in queue.states.items() if s != "open"])
    with db.session() as session:
        for reviewer, days in ages.items():
            for age in days:
                fid = next(ids)
                session.execute(Finding.__table__.update().where(Finding.id == fid).values(state="open"))
                reviews.decide(session, fid, reviewer, "unsupported", now=now - timedelta(days=age))
    with db.session() as session:
        week = [(r.reviewer, r.total) for r in reviews.leaderboard(session, "7d", now=now)]
        month = [(r.reviewer, r.total) for r in reviews.leaderboard(session, "30d", now=now)]
        ever = [(r.reviewer, r.total) for r in reviews.leaderboard(session, "all", now=now)]
    assert week == [("Alice", 1)]
    assert month == [("Bob", 2), ("Alice", 1)]
    assert ever == [("Alice", 2), ("Bob", 2), ("Carol", 1)]


def test_two_reviewers_deciding_at_once_one_wins(db, queue):
    fid = queue.open_ids()[0]
    outcome: dict[str, object] = {}
    first_holds_lock = threading.Event()

    def second() -> None:
        first_holds_lock.wait()
        try:
            with db.session() as session:
                reviews.decide(session, fid, "Bob", "supported")
            outcome["bob"] = "recorded"
        except reviews.AlreadyDecided as exc:
            outcome["bob"] = str(exc)

    thread = threading.Thread(target=second)
    thread.start()
    with db.session() as session:
        reviews.decide(session, fid, "Alice", "unsupported")  # flushed, not yet committed
        first_holds_lock.set()
        thread.join(timeout=0.5)  # Bob is waiting on Alice's transaction
    thread.join(timeout=30)
    assert outcome == {"bob": "Alice already reviewed this finding"}
    with db.session() as session:
        assert [r.reviewer for r in session.scalars(select(Review).where(Review.finding_id == fid))] == [
            "Alice"
        ]


def test_queue_tabs_filters_and_order(db, queue):
    with db.session() as session:
        everything = list_queue(session, QueueFilter(tab=Tab.ALL), None, per_page=100)
        opened = list_queue(session, QueueFilter(), None, per_page=100)
    assert everything.total == len(queue.states)
    assert [i.id for i in opened.items] == sorted(queue.open_ids(), key=lambda f: (_score(db, f), f))
    assert opened.counts == {
        "open": len(queue.open_ids()),
        "reviewed": 0,
        "mine": 0,
        "all": len(queue.states),
    }

    first, second = opened.items[0].id, opened.items[1].id
    with db.session() as session:
        reviews.decide(session, first, "Alice", "unsupported")
        reviews.decide(session, second, "Bob", "supported")
        mine = list_queue(session, QueueFilter(tab=Tab.MINE), "Alice")
        reviewed = list_queue(session, QueueFilter(tab=Tab.REVIEWED), "Alice")
    assert [(i.id, i.decided_by, i.decision) for i in mine.items] == [(first, "Alice", "unsupported")]
    assert [i.id for i in reviewed.items] == [second, first]  # newest decision first
    assert mine.counts["open"] == len(queue.open_ids()) - 2

    article = queue.articles[2]  # tagged failed verification: found by the sweep
    with db.session() as session:
        by_title = list_queue(session, QueueFilter(tab=Tab.ALL, article=article.title[:8].lower()), None)
        by_origin = list_queue(session, QueueFilter(tab=Tab.ALL, origin="failed_verification"), None)
        by_wiki = list_queue(session, QueueFilter(tab=Tab.ALL, wiki="no such wiki"), None)
        today = date.today()
        in_range = list_queue(
            session, QueueFilter(tab=Tab.ALL, since=today - timedelta(days=1), until=today), None
        )
        future = list_queue(session, QueueFilter(tab=Tab.ALL, since=today + timedelta(days=2)), None)
    assert {i.article for i in by_title.items} == {article.title}
    fv_titles = {a.title for a in queue.articles if a.origin == "failed_verification"}
    assert {i.article for i in by_origin.items} == fv_titles and len(fv_titles) == 2
    assert by_wiki.total == 0 and future.total == 0 and in_range.total == len(queue.states)


def test_changed_facts_then_copies_of_wikipedia_lead_the_open_list_as_in_the_cli(db, queue):
    """The web list, its pages and the next card follow the CLI's order (sidebot queue list): changed facts,
    then sources that copy Wikipedia however well they "support" the claim, then least supported first."""
    by_score = sorted(queue.open_ids(), key=lambda f: (_score(db, f), f))
    assert len(by_score) >= 4
    changed, copy = by_score[2], by_score[-1]  # one from mid-list and the best supported
    with db.session() as session:
        session.get(Finding, changed).flag_reason = "changed fact: 1999 → 2000"
        session.get(Finding, copy).flag_reason = "copies Wikipedia: the page says it is taken from Wikipedia"
    expected = [changed, copy] + [f for f in by_score if f not in (changed, copy)]
    with db.session() as session:
        whole = list_queue(session, QueueFilter(), None, per_page=100)
        pages = [
            list_queue(session, QueueFilter(), None, page=n, per_page=1) for n in range(1, len(expected) + 1)
        ]
        cli = [row.id for row in list_findings(session, states=["open"], limit=500)]
        following = [next_open(session, fid) for fid in expected]
    assert [i.id for i in whole.items] == expected
    reasons = [i.reason.split(":")[0] for i in whole.items[:2]]
    assert reasons == ["changed fact", "the source copies Wikipedia"]
    assert [i.id for p in pages for i in p.items] == expected
    assert cli == expected
    assert following == expected[1:] + expected[:1]  # the next card walks the list, then starts again


def test_pages_split_the_queue_without_gaps(db, queue):
    count = -(-len(queue.states) // 3)
    with db.session() as session:
        pages = [
            list_queue(session, QueueFilter(tab=Tab.ALL), None, page=n, per_page=3)
            for n in range(1, count + 2)
        ]
        whole = list_queue(session, QueueFilter(tab=Tab.ALL), None, per_page=100)
    assert {p.pages for p in pages} == {count} and pages[-1].items == []  # past the end: empty, no error
    assert [i.id for p in pages for i in p.items] == [i.id for i in whole.items]


def _score(db, finding_id: int) -> float:
    with db.session() as session:
        score = session.get(Finding, finding_id).score
    return float("inf") if score is None else score
