"""Database engine, sessions and schema upgrades (Alembic) for SQLite or PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import CursorResult, Engine, Executable, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.orm import Session as Session  # the type of what callers hand back to the queue (re-exported)
from sqlalchemy.orm import sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


class SchemaError(RuntimeError):
    """The database schema is not at the revision this code expects."""


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets foreign keys, WAL and a busy timeout (the scheduler and the web
    UI share the file with patrols)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:" and not parsed.query.get("uri"):
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        url = parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return create_engine(url, pool_pre_ping=True)


def changed_rows(session: Session, statement: Executable) -> int:
    """Run an UPDATE or DELETE and say how many rows it changed (its cursor's row count)."""
    result = session.execute(statement)
    assert isinstance(result, CursorResult)  # what SQLAlchemy returns for a DML statement
    return result.rowcount


def alembic_config(engine: Engine) -> Config:
    """Alembic's settings for ``engine``, with the package's migrations."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["engine"] = engine
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (idempotent)."""
    command.upgrade(alembic_config(engine), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Take the schema back to ``revision``."""
    command.downgrade(alembic_config(engine), revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision ``engine``'s database is at (None: empty)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head_revision() -> str:
    """The newest schema revision this code ships."""
    head = ScriptDirectory.from_config(alembic_config(create_engine("sqlite://"))).get_current_head()
    assert head is not None, f"no migrations found in {MIGRATIONS_DIR}"
    return head


def require_current_schema(engine: Engine) -> None:
    """Raise SchemaError unless the database is at the newest revision (run `sidebot db upgrade`)."""
    current, head = current_revision(engine), head_revision()
    if current != head:
        raise SchemaError(
            f"database schema is at {current or 'nothing'}, this sidebot needs {head}: "
            "run `sidebot db upgrade`"
        )


class Database:
    """An engine plus a session factory; ``session()`` commits on success and rolls back on error."""

    def __init__(self, url: str, auto_upgrade: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        if auto_upgrade:
            upgrade(self.engine)
        else:
            require_current_schema(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in one transaction: committed when the block ends, rolled back (and the error raised
        again) when anything escapes it."""
        with self._sessions() as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def dispose(self) -> None:
        """Close the engine's pooled connections (a process that is done with the database, or a test's)."""
        self.engine.dispose()
