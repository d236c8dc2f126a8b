"""What the scheduler keeps in the queue database besides APScheduler's job store: the recent-changes
cursor (where the next patrol resumes) and the lease that lets only one scheduler run per database.

Each function opens and commits its own short transaction: a cursor step must be durable as soon as the
page it follows is, and a lease renewal must not wait for a long job.
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from sidebot.processes import pid_alive
from sidebot.queue.db import Database, changed_rows
from sidebot.queue.models import PatrolCursor, SchedulerLease, utcnow

LEASE_NAME = "scheduler"


class LeaseHeldError(RuntimeError):
    """Another scheduler holds the lease on this database."""


def cursor_position(db: Database, wiki_id: int, source: str) -> datetime | None:
    """The saved position (aware UTC), or None before the first run."""
    with db.session() as session:
        position = session.scalar(
            select(PatrolCursor.position).where(
                PatrolCursor.wiki_id == wiki_id, PatrolCursor.source == source
            )
        )
    return position.replace(tzinfo=UTC) if position is not None else None


def advance_cursor(db: Database, wiki_id: int, source: str, position: datetime) -> None:
    """Move the cursor forward to ``position`` (never back)."""
    naive = position.astimezone(UTC).replace(tzinfo=None) if position.tzinfo else position
    with db.session() as session:
        row = session.scalar(
            select(PatrolCursor).where(PatrolCursor.wiki_id == wiki_id, PatrolCursor.source == source)
        )
        if row is None:
            session.add(PatrolCursor(wiki_id=wiki_id, source=source, position=naive))
        elif naive > row.position:
            row.position = naive


def sweep_position(db: Database, wiki_id: int, source: str) -> int:
    """The page id a sweep by page id resumes after (0: from the start)."""
    with db.session() as session:
        page_id = session.scalar(
            select(PatrolCursor.page_id).where(PatrolCursor.wiki_id == wiki_id, PatrolCursor.source == source)
        )
    return page_id or 0


def set_sweep_position(db: Database, wiki_id: int, source: str, page_id: int) -> None:
    """Record the last page a sweep finished (0 once it went round: the next run starts again)."""
    with db.session() as session:
        row = session.scalar(
            select(PatrolCursor).where(PatrolCursor.wiki_id == wiki_id, PatrolCursor.source == source)
        )
        if row is None:
            session.add(PatrolCursor(wiki_id=wiki_id, source=source, position=utcnow(), page_id=page_id))
        else:
            row.position, row.page_id = utcnow(), page_id


class Lease:
    """The scheduler lease: :meth:`acquire` once, :meth:`renew` well within ``timeout``, :meth:`release`
    on the way out. A lease whose holder ran on this host and whose process is gone is taken at once;
    otherwise only after ``timeout`` without renewal."""

    def __init__(self, db: Database, timeout: timedelta) -> None:
        self.db, self.timeout = db, timeout
        self.host = socket.gethostname()
        self.owner = f"{self.host}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    def acquire(self) -> None:
        """Take the lease; LeaseHeldError when another scheduler holds it and it has not lapsed, or takes it
        at the same moment."""
        try:
            with self.db.session() as session:
                current = session.get(SchedulerLease, LEASE_NAME)
                if current is not None and current.owner != self.owner and not self._lapsed(current):
                    raise LeaseHeldError(
                        f"another scheduler ({current.owner}) holds this database's lease, renewed "
                        f"{(utcnow() - current.renewed_at).total_seconds():.0f} s ago; it lapses after "
                        f"{self.timeout.total_seconds():.0f} s without renewal"
                    )
                if current is not None:
                    session.delete(current)
                    session.flush()
                session.add(SchedulerLease(name=LEASE_NAME, owner=self.owner))
        except IntegrityError as exc:
            raise LeaseHeldError("another scheduler took this database's lease at the same time") from exc
        self._confirm()

    def renew(self) -> None:
        """Raise LeaseHeldError if the lease was lost (taken over after a long stall)."""
        with self.db.session() as session:
            changed = changed_rows(
                session,
                update(SchedulerLease)
                .where(SchedulerLease.name == LEASE_NAME, SchedulerLease.owner == self.owner)
                .values(renewed_at=utcnow()),
            )
            if changed != 1:
                raise LeaseHeldError("this scheduler lost its lease to another one")

    def release(self) -> None:
        """Give the lease up, if this scheduler still holds it."""
        with self.db.session() as session:
            session.execute(
                delete(SchedulerLease).where(
                    SchedulerLease.name == LEASE_NAME, SchedulerLease.owner == self.owner
                )
            )

    def _confirm(self) -> None:
        """Two schedulers racing for a lapsed lease both delete and insert; the primary key lets one
        insert win, and the loser finds it is not the owner."""
        with self.db.session() as session:
            owner = session.scalar(select(SchedulerLease.owner).where(SchedulerLease.name == LEASE_NAME))
        if owner != self.owner:
            raise LeaseHeldError(f"another scheduler ({owner}) took this database's lease at the same time")

    def _lapsed(self, lease: SchedulerLease) -> bool:
        if utcnow() - lease.renewed_at > self.timeout:
            return True
        host, _, rest = lease.owner.partition(":")
        pid = rest.partition(":")[0]
        return host == self.host and pid.isdigit() and not pid_alive(int(pid))
