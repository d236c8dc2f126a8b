"""Changed facts: an edit that changed a number, date or name of a cited claim and kept the citation.

The patrol decides which new citation replaces which citation that just left the page (the store only
records the link), and later whether the source settles the change: it states the old value and not the new
one. Such a citation is queued first, whatever the verifier's score.
"""

from __future__ import annotations

from collections.abc import Sequence

from sidebot.queue.models import Citation
from sidebot.verify.facts import changed_facts


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
