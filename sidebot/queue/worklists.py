"""Worklists: a reviewer's saved filters of the queue (a name and the list page's query: a topic, a
reason, a list of titles…), to open again later."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from sidebot.queue.db import changed_rows
from sidebot.queue.models import Worklist, utcnow

MAX_PER_USER = 50


class WorklistError(ValueError):
    """The worklist cannot be saved; the message says why."""


@dataclass(frozen=True, slots=True)
class WorklistRow:
    """A reviewer's saved list query."""

    id: int
    name: str
    query: dict[str, Any]
    created_at: datetime


def _row(w: Worklist) -> WorklistRow:
    return WorklistRow(w.id, w.name, dict(w.query), w.created_at)


def save_worklist(session: Session, user: str, name: str, query: dict[str, Any]) -> WorklistRow:
    """Save ``query`` as ``user``'s worklist ``name`` (replacing one of that name)."""
    name = " ".join(name.split())[:100]
    if not name:
        raise WorklistError("give the worklist a name")
    row = session.scalar(select(Worklist).where(Worklist.user == user, Worklist.name == name))
    if row is None:
        count = len(session.scalars(select(Worklist.id).where(Worklist.user == user)).all())
        if count >= MAX_PER_USER:
            raise WorklistError(f"you have {MAX_PER_USER} worklists already: delete one first")
        row = Worklist(user=user, name=name, query=query)
        session.add(row)
    else:
        row.query, row.created_at = query, utcnow()
    session.flush()
    return _row(row)


def worklists_of(session: Session, user: str) -> list[WorklistRow]:
    """``user``'s worklists, by name."""
    rows = session.scalars(select(Worklist).where(Worklist.user == user).order_by(Worklist.name))
    return [_row(w) for w in rows]


def worklist(session: Session, user: str, worklist_id: int) -> WorklistRow | None:
    """``user``'s worklist ``worklist_id`` (None: no such worklist, or another reviewer's)."""
    row = session.get(Worklist, worklist_id)
    return _row(row) if row is not None and row.user == user else None


def delete_worklist(session: Session, user: str, worklist_id: int) -> bool:
    """Delete ``user``'s worklist ``worklist_id``; False when they have none by that id."""
    return bool(
        changed_rows(session, delete(Worklist).where(Worklist.id == worklist_id, Worklist.user == user))
    )
