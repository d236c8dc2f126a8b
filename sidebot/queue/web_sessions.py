"""The review UI's server-side login sessions (:mod:`sidebot.web.sessions`): one row per login, named by the
hash of the random token in the signed cookie."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select

from sidebot.queue.db import Database
from sidebot.queue.models import WebSession, utcnow


@dataclass(frozen=True, slots=True)
class SessionRow:
    """Who a web session belongs to."""

    user: str
    wiki: str  # the [wiki] name of the wiki whose login checked the password


def find_session(db: Database, row_id: str) -> SessionRow | None:
    """The session ``row_id`` (None: unknown or deleted)."""
    with db.session() as s:
        row = s.get(WebSession, row_id)
        return SessionRow(row.user, row.wiki) if row is not None else None


def add_session(db: Database, row_id: str, user: str, wiki: str, max_age_s: float) -> None:
    """Record a login; sessions older than ``max_age_s`` (ended anyway) are cleared out."""
    with db.session() as s:
        s.execute(delete(WebSession).where(WebSession.created_at < utcnow() - timedelta(seconds=max_age_s)))
        s.add(WebSession(id=row_id, user=user, wiki=wiki))


def delete_session(db: Database, row_id: str) -> None:
    """End the session ``row_id`` (logging out)."""
    with db.session() as s:
        s.execute(delete(WebSession).where(WebSession.id == row_id))


def delete_sessions(db: Database, user: str, wiki: str | None = None) -> int:
    """Delete every session of ``user`` (on ``wiki`` only, when given); returns how many there were."""
    with db.session() as s:
        query = select(WebSession).where(WebSession.user == user)
        if wiki is not None:
            query = query.where(WebSession.wiki == wiki)
        rows = list(s.scalars(query))
        for row in rows:
            s.delete(row)
    return len(rows)
