"""The check before saving's per-user quotas, counted in the queue database so that a restart keeps them
and every ``sidebot serve`` process shares them (:mod:`sidebot.web.quota` decides the windows).

Each window's count is raised by one statement, ``INSERT … ON CONFLICT DO UPDATE SET used = used + n WHERE
used + n <= limit RETURNING used`` (SQLite 3.35+ and PostgreSQL): the database adds and checks at once, so
two processes never both spend the last of a quota (no read, then write). Both windows are raised in one
transaction: a request over either counts in neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from sidebot.queue.db import Database, changed_rows
from sidebot.queue.models import CheckQuotaUse


@dataclass(frozen=True)
class Window:
    """One quota window: its name ("hour", "day"), its first second (UTC) and how many it holds."""

    name: str
    start: datetime
    limit: int


@dataclass(frozen=True)
class Over:
    """The window a request did not fit in, and how many citations it already held."""

    window: Window
    used: int


def spend(db: Database, user: str, count: int, windows: Sequence[Window]) -> Over | None:
    """Count ``count`` citations for ``user`` in each of ``windows``, or none of them (the first window it
    would pass, returned) when that would pass one's limit."""
    with db.session() as session:
        dialect = session.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        for window in windows:
            if count > window.limit:  # more than the window can ever hold
                return Over(window, _used(session, user, window))
        for window in windows:
            key = {"user": user, "window": window.name, "start": window.start}
            statement = (
                insert(CheckQuotaUse)
                .values(**key, used=count)
                .on_conflict_do_update(
                    index_elements=["user", "window", "start"],
                    set_={"used": CheckQuotaUse.used + count},
                    where=CheckQuotaUse.used + count <= window.limit,
                )
                .returning(CheckQuotaUse.used)
            )
            if session.execute(statement).scalar() is None:  # the WHERE refused: over the limit
                session.rollback()  # nothing counted in the windows raised before this one
                return Over(window, _used(session, user, window))
    return None


def _used(session: Session, user: str, window: Window) -> int:
    """How many citations ``user`` has checked in ``window``."""
    key = {"user": user, "window": window.name, "start": window.start}
    return session.scalar(select(CheckQuotaUse.used).filter_by(**key)) or 0


def prune(db: Database, before: datetime) -> int:
    """Delete the windows that started before ``before`` (ended ones); returns how many."""
    with db.session() as session:
        return changed_rows(session, delete(CheckQuotaUse).where(CheckQuotaUse.start < before))
