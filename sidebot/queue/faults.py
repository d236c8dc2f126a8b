"""Database faults people can act on, as one line: which database, what is wrong, what to do.

A command that meets a broken, locked, read-only or full database, or a PostgreSQL server that is not there,
ends with this line and exit code 2 instead of a traceback (:class:`sidebot.cli.common.SidebotGroup`).
Nothing is half-written: every change runs in a transaction (``Database.session``, Alembic's migrations),
which the failing statement rolls back.
"""

from __future__ import annotations

from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

# The database's connection went away (or never came): what a process that waits out an outage catches.
CONNECTION_LOST: tuple[type[Exception], ...] = (OperationalError, InterfaceError)

# (text in the driver's message, lowercase) -> what is wrong and what to do
_SQLITE_FAULTS = (
    (
        "file is not a database",
        "is not a SQLite database; point [database] url (or $SIDEBOT_DATABASE_URL) at the queue, "
        "or move the file away to start a new queue",
    ),
    (
        "database is locked",
        "is locked by another process (waited 30 s); stop the other process holding it, or try again later",
    ),
    (
        "readonly database",
        "is read-only; give this user write access to the file and its folder",
    ),
    (
        "unable to open database file",
        "cannot be opened; check that its folder exists and this user may write there",
    ),
    (
        "disk is full",
        "cannot grow: the disk is full; free space and run the command again (nothing was half-written)",
    ),
    (
        "disk i/o error",
        "cannot be read or written (disk I/O error); check the disk, then run `sidebot doctor`",
    ),
)


def database_name(url: str) -> str:
    """The database as people know it: a SQLite file's path, or the server URL without its password."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return parsed.render_as_string(hide_password=True)


def describe(exc: BaseException, url: str) -> str | None:
    """One line for a database fault, or None when ``exc`` is not one (then it is a bug: let it show)."""
    if not isinstance(exc, DBAPIError):
        return None
    name = database_name(url)
    message = str(exc.orig or exc).lower()
    if make_url(url).get_backend_name() == "sqlite":
        for needle, advice in _SQLITE_FAULTS:
            if needle in message:
                return f"the queue database {name} {advice}"
    elif "connection" in message and any(
        word in message for word in ("refused", "failed", "no such file", "timeout", "could not")
    ):
        return (
            f"cannot reach the PostgreSQL server of {name}: start it, or fix [database] url "
            "(or $SIDEBOT_DATABASE_URL)"
        )
    first_line = (
        str(exc.orig or exc).strip().splitlines()[0] if str(exc.orig or exc).strip() else type(exc).__name__
    )
    return f"the queue database {name} failed: {first_line}"
