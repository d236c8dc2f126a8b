"""The list's "backs only part of the claim" filter (`support=partly` on the list page, `partly=true` in
`GET /api/findings`: sidebot.queue.support.partly_condition) selects, in SQL, exactly the findings whose rows
say so (sidebot.queue.lead.Wording.partly): never one whose source backs none of the claim's facts, whatever
its figures (issue 54). Run on SQLite and on the real PostgreSQL server, through the queue's own listing
(pages and counts) and the store's writer that verifies a finding again in place."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.listing import QueueFilter, Tab, list_queue
from sidebot.queue.models import Citation, Finding, Page, Wiki
from sidebot.queue.support import partly_condition

SUBJECT = {"text": "Gill", "kind": "name", "status": "found", "subject": True, "explanation": "found"}
FOUND = {"text": "1990", "kind": "year", "status": "found", "explanation": "found"}
MISSING = {"text": "five years", "kind": "number", "status": "missing", "explanation": "not given"}
CONTRADICTED = {
    "text": "2014",
    "kind": "year",
    "status": "contradicted",
    "explanation": "the source gives 2013",
}
NOTE = "the source does not give five years"

# name → (P(backs at least part), P(backs every part), fact_note, facts); every one but "whole" and "low"
# has figures the filter once selected on alone
CASES: dict[str, tuple[float, float, str | None, list[dict[str, Any]]]] = {
    "nothing": (0.9, 0.02, NOTE, [SUBJECT, MISSING, {**MISSING, "text": "three years"}]),
    "contradicted": (0.91, 0.3, "the source gives 2013, the claim says 2014", [CONTRADICTED]),
    "both failing": (0.95, 0.2, NOTE, [CONTRADICTED, MISSING]),
    "part": (0.93, 0.24, NOTE, [SUBJECT, FOUND, MISSING]),
    "no facts": (0.93, 0.24, None, []),
    "subject only": (0.93, 0.3, None, [SUBJECT]),  # nothing to check: the figures are all there is
    "whole": (0.97, 0.85, None, [FOUND]),
    "low": (0.3, 0.1, NOTE, [MISSING]),
}
PARTLY = {"part", "no facts", "subject only"}


def seed(db: Database) -> dict[str, int]:
    """One open finding per case on one page; their ids by name."""
    with db.session() as session:
        page = Page(wiki=Wiki(name="testwiki"), title="Vince Gill")
        ids = {}
        for n, (name, (part, every, note, facts)) in enumerate(CASES.items()):
            citation = Citation(page=page, fingerprint=f"{n}" * 40, claim=f"claim {name}", position=n)
            finding = Finding(
                citation=citation, scorer="s", state="open", probability=part, every_part_probability=every,
                fact_note=note, facts=facts, flag_reason="low support (0.40 < 0.65)",
            )  # fmt: skip
            session.add(finding)
            session.flush()
            ids[name] = finding.id
        return ids


def listed(db: Database, flt: QueueFilter, per_page: int) -> tuple[list[int], list[Any], int, dict[str, int]]:
    """Every page of the list with this filter: the ids in order, their rows, the total and the tab counts."""
    ids, rows, page = [], [], 1
    with db.session() as session:
        while True:
            result = list_queue(session, flt, None, page, per_page)
            if not result.items:
                return ids, rows, result.total, result.counts
            ids += [item.row.id for item in result.items]
            rows += [item.row for item in result.items]
            page += 1


def test_the_filter_selects_the_rows_that_say_backs_only_part(db: Database) -> None:
    ids = seed(db)
    _, every_row, _, _ = listed(db, QueueFilter(tab=Tab.ALL), per_page=50)
    words = {row.id: row.wording for row in every_row}
    assert {name for name, fid in ids.items() if words[fid].partly} == PARTLY  # what the rows say
    assert all(words[ids[name]].backs_nothing for name in ("nothing", "contradicted", "both failing"))

    # two rows a page: pagination and counts come from the same SQL condition
    chosen, rows, total, counts = listed(db, QueueFilter(tab=Tab.ALL, partly=True), per_page=2)
    assert sorted(chosen) == sorted(ids[name] for name in PARTLY) and len(set(chosen)) == len(chosen)
    assert all(row.wording.partly and "backs none" not in row.support for row in rows)
    assert total == counts["all"] == counts["open"] == len(PARTLY)
    with db.session() as session:
        stored = {fid: flag for fid, flag in session.execute(select(Finding.id, Finding.backs_nothing))}
    assert stored == {fid: words[fid].backs_nothing for fid in ids.values()}


def test_a_finding_verified_again_in_place_keeps_its_flag_in_step(db: Database) -> None:
    """The store's writer (:func:`sidebot.queue.store.record_finding`, under record_verdict) sets every
    column of a finding verified again, the flag to its default among them: the flag follows the facts."""
    ids = seed(db)
    with db.session() as session:
        citation_id = session.get_one(Finding, ids["nothing"]).citation_id
        _, _, note, facts = CASES["nothing"]

        def verified(found: list[dict[str, Any]], part: float = 0.9) -> Finding:
            finding = store.record_finding(
                session, citation_id=citation_id, scorer="s", state="open", probability=part,
                every_part_probability=0.2, fact_note=note, facts=found,
            )  # fmt: skip
            session.commit()
            return finding

        def selected() -> bool:
            return ids["nothing"] in set(session.scalars(select(Finding.id).where(partly_condition())))

        assert verified(facts).id == ids["nothing"] and not selected()  # the same facts: still backs none
        assert verified(facts, part=0.95).backs_nothing and not selected()  # a figure changed, not the facts
        assert not verified([*facts, FOUND]).backs_nothing and selected()  # the source now gives a fact
        assert verified(facts).backs_nothing and not selected()  # and no longer
        finding = session.get_one(Finding, ids["nothing"])
        finding.state = "reviewed"  # an update that touches no fact leaves the flag
        session.commit()
        assert session.scalar(select(Finding.backs_nothing).where(Finding.id == ids["nothing"])) is True
