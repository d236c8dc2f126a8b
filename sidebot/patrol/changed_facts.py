"""Changed facts: an edit that changed a number, date or name of a cited claim and kept the citation.

The patrol decides which new citation replaces which citation that just left the page (the store only
records the link), and later whether the source settles the change: it states the old value and not the new
one. Such a citation is queued first, whatever the verifier's score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sidebot.patrol.edits import editors_between
from sidebot.patrol.pipeline import SourceText, Triage, changed_fact_reason
from sidebot.queue import store
from sidebot.queue.models import Citation, Page
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Band
from sidebot.verify.facts import changed_facts, settled_by_source

if TYPE_CHECKING:
    from sidebot.patrol.counts import PatrolCounts
    from sidebot.patrol.wiki_reader import WikiReader
    from sidebot.queue.db import Session


def replacements(
    arrived: Sequence[Citation], gone: Sequence[Citation], title: str
) -> list[tuple[Citation, Citation]]:
    """(new, old) for each citation that arrived with the URL of one that just went, whose claim differs from
    the old one only in its numbers, dates or names: the patrol then checks the changed fact against the
    source."""
    links = []
    for row in arrived:
        for old in gone:
            if row.url and old.url == row.url and changed_facts(old.claim, row.claim, title):
                links.append((row, old))
                break
    return links


def changed_fact(
    session: Session,
    wiki: WikiReader,
    page: Page,
    citation: Citation,
    cited: SourceText,
    rev_id: int,
    counts: PatrolCounts,
) -> Triage | None:
    """The finding of a citation whose claim changed a fact its source settles (it states the old value and
    not the new one): open in the "may fail" band, naming the change and who made it; None otherwise."""
    old = store.replaced_citation(session, citation)
    if old is None:
        return None
    passages = split_passages(cited.text, cited.title)
    settled = settled_by_source(old.claim, citation.claim, passages, page.title, names_around=True)
    if settled is None:
        return None
    old_rev = old.last_seen_rev or 0
    editors = editors_between(wiki, page, old_rev, rev_id)
    counts.changed_facts += 1
    change = settled.change
    return Triage(
        "open",
        changed_fact_reason(change.old.text, change.new.text),
        str(Band.MAY_FAIL),
        {
            "old": change.old.text,
            "new": change.new.text,
            "kind": change.old.description,
            "old_claim": old.claim,
            "old_rev": old_rev,
            "new_rev": rev_id,
            "editors": editors,
            "sentence": settled.sentence,
            "new_sentence": settled.new_sentence,
            "value_at": settled.value_at,
            "new_value_at": settled.new_value_at,
        },
    )
