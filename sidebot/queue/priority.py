"""Which open findings come first: a priority per finding, the sum of the weights (``[priority]``,
:class:`sidebot.config.PrioritySettings`) of what applies to it:

- its page is a biography of a living person (in the wiki's BLP category: WP:BLP asks that unsupported
  material there be dealt with first);
- its page's daily views (``views`` per factor of ten: log10(1 + views/day));
- how long ago the claim was tagged (``{{citation needed|date=}}``, ``{{failed verification|date=}}``),
  ``tag_age`` per year up to ``tag_age_max_years``;
- why it is queued (``reasons``: changed facts and removed citations first).

The priority is stored on the finding (so every list sorts by it in SQL) and worked out again where the
queue is written: when the patrol has checked a page, when ``sidebot queue prioritize`` has read page
views and the wiki's facts about the pages, and before the on-wiki list is written. :func:`priority_note`
says why, in words: "living person · 12k views/day · tagged 3 years ago".
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from sidebot.config import PrioritySettings
from sidebot.months import MONTHS
from sidebot.queue.models import Citation, Finding, FindingState, Page, Wiki, utcnow
from sidebot.queue.support import queue_reason
from sidebot.records import PageFacts

_ISO = re.compile(r"(\d{4})-(\d{1,2})(?:-(\d{1,2}))?")
_YEAR = re.compile(r"\b(1[89]\d\d|2\d\d\d)\b")
_MONTH = re.compile(r"[A-Za-z]+")
BATCH = 500  # findings updated per statement


def tag_day(tag_date: str | None) -> date | None:
    """The day a tag's ``date=`` names, as editors and bots write it ("March 2021", "3 March 2021",
    "2021-03-14", "2021"): the first of the month or year when no day is given; None when it names none."""
    if not tag_date:
        return None
    text = tag_date.strip()
    if iso := _ISO.search(text):
        year, month = int(iso.group(1)), int(iso.group(2))
        return date(year, month, 1) if 1 <= month <= 12 else None
    found = _YEAR.search(text)
    if found is None:
        return None
    month = next((MONTHS[w.lower()] for w in _MONTH.findall(text) if w.lower() in MONTHS), 1)
    return date(int(found.group(1)), month, 1)


@dataclass(frozen=True, slots=True)
class PriorityInputs:
    """What a finding's priority depends on."""

    living_person: bool
    views_per_day: float | None
    tag_date: str | None
    reason: str | None  # the ReasonKind value


def priority_of(weights: PrioritySettings, inputs: PriorityInputs, today: date) -> float:
    """A finding's priority: the weights of what makes it matter, summed."""
    score = weights.living_person if inputs.living_person else 0.0
    if inputs.views_per_day:
        score += weights.views * math.log10(1 + inputs.views_per_day)
    years = tag_years(inputs.tag_date, today)
    if years is not None:
        score += weights.tag_age * min(years, weights.tag_age_max_years)
    if inputs.reason:
        score += weights.reasons.get(inputs.reason, 0.0)
    return round(score, 4)


def tag_years(tag_date: str | None, today: date) -> float | None:
    """How many years the page has been tagged by ``today`` (None: no readable tag date)."""
    day = tag_day(tag_date)
    return None if day is None else max(0.0, (today - day).days / 365.25)


def priority_note(
    living_person: bool | None, views_per_day: float | None, tag_date: str | None, today: date
) -> str:
    """Why a finding comes where it does, in words: "living person · 12k views/day · tagged 3 years ago"
    ("" when nothing applies)."""
    parts = []
    if living_person:
        parts.append("living person")
    if views_per_day:
        parts.append(f"{_count(views_per_day)} views/day")
    tagged = tag_day(tag_date)
    if tagged is not None:
        parts.append(f"tagged {_ago(tagged, today)}")
    return " · ".join(parts)


def _count(views: float) -> str:
    if views >= 1_000_000:
        return f"{views / 1_000_000:.3g}M".replace(".0M", "M")
    if views >= 1000:
        return f"{round(views / 1000)}k" if views >= 10_000 else f"{views / 1000:.1f}k".replace(".0k", "k")
    return f"{round(views)}"


def _ago(day: date, today: date) -> str:
    months = (today.year - day.year) * 12 + today.month - day.month
    if months >= 24:
        return f"{months // 12} years ago"
    if months >= 12:
        return "a year ago"
    if months >= 2:
        return f"{months} months ago"
    return "this month" if months <= 0 else "a month ago"


def refresh_priorities(
    session: Session,
    weights: PrioritySettings,
    today: date | None = None,
    page_ids: Iterable[int] | None = None,
) -> int:
    """Work out the priority of the open findings (of ``page_ids`` only, when given) and store it; returns
    how many changed."""
    today = today or utcnow().date()
    query = (
        select(
            Finding.id,
            Finding.priority,
            Finding.flag_reason,
            Finding.stance,
            Citation.tag_date,
            Page.living_person,
            Page.views_per_day,
        )
        .join(Citation, Finding.citation_id == Citation.id)
        .join(Page, Citation.page_id == Page.id)
        .where(Finding.state == FindingState.OPEN)
    )
    if page_ids is not None:
        query = query.where(Page.id.in_(list(page_ids)))
    changed: list[dict[str, object]] = []
    for fid, old, flag_reason, stance, tag_date, living, views in session.execute(query):
        reason = queue_reason(flag_reason, stance)
        inputs = PriorityInputs(bool(living), views, tag_date, reason.kind.value if reason else None)
        new = priority_of(weights, inputs, today)
        if new != old:
            changed.append({"id": fid, "priority": new})
    for start in range(0, len(changed), BATCH):
        session.execute(update(Finding), changed[start : start + BATCH])
    return len(changed)


def pages_of(session: Session, wiki: str, only_open: bool = True) -> dict[str, int]:
    """Title → page id of the wiki's pages in the queue (those with open findings, by default)."""
    query = select(Page.title, Page.id).join(Wiki, Page.wiki_id == Wiki.id).where(Wiki.name == wiki)
    if only_open:
        with_open = (
            select(Citation.page_id)
            .join(Finding, Finding.citation_id == Citation.id)
            .where(Finding.state == FindingState.OPEN)
        )
        query = query.where(Page.id.in_(with_open), Page.deleted_at.is_(None))
    return {title: pid for title, pid in session.execute(query)}


def has_open_findings(session: Session, page_id: int) -> bool:
    """Whether page ``page_id`` has an open finding."""
    query = (
        select(Finding.id)
        .join(Citation, Finding.citation_id == Citation.id)
        .where(Citation.page_id == page_id, Finding.state == FindingState.OPEN)
        .limit(1)
    )
    return session.scalar(query) is not None


def set_page_facts(session: Session, pages: Mapping[int, PageFacts], when: datetime | None = None) -> None:
    """Store what the wiki says of these pages (by page id)."""
    when = when or utcnow()
    rows = [
        {"id": pid, "living_person": f.living_person, "edit_protection": f.edit_protection, "facts_at": when}
        for pid, f in pages.items()
    ]
    for start in range(0, len(rows), BATCH):
        session.execute(update(Page), rows[start : start + BATCH])


def set_page_views(session: Session, views: Mapping[int, float | None]) -> None:
    """Store the daily views of these pages (by page id; None: unknown)."""
    rows = [{"id": pid, "views_per_day": v} for pid, v in views.items()]
    for start in range(0, len(rows), BATCH):
        session.execute(update(Page), rows[start : start + BATCH])
