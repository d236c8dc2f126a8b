"""The wikis the queue knows: by name, and the one a login goes to."""

from __future__ import annotations

from sqlalchemy import select

from sidebot.queue.db import Database, Session
from sidebot.queue.models import Wiki


def wikis_by_name(session: Session) -> dict[str, Wiki]:
    """Every wiki in the queue, in name order."""
    return {w.name: w for w in session.scalars(select(Wiki).order_by(Wiki.name))}


def wiki_names(session: Session) -> list[str]:
    """The names of the wikis the queue knows, in order."""
    return list(session.scalars(select(Wiki.name).order_by(Wiki.name)))


def login_wiki(db: Database, name: str) -> tuple[str, str]:
    """The wiki people log in to, as (name, api.php URL): the one the settings name, or, when they name none
    (no config given), the only wiki the queue knows. ("", "") when there is none (yet)."""
    with db.session() as session:
        if name:
            return name, session.scalar(select(Wiki.api_url).where(Wiki.name == name)) or ""
        wikis = session.execute(select(Wiki.name, Wiki.api_url).limit(2)).all()
    return (wikis[0][0], wikis[0][1]) if len(wikis) == 1 else ("", "")


def wiki_at(db: Database, api_url: str, preferred: str) -> str | None:
    """The name of a wiki whose api.php is ``api_url`` (``preferred`` when it is one of them)."""
    with db.session() as session:
        named = select(Wiki.name).where(Wiki.api_url == api_url).order_by(Wiki.name != preferred)
        return session.scalar(named)
