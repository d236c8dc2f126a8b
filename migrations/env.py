"""Alembic environment: runs migrations on the engine sidebot hands over (see sidebot.queue.db), or on the
URL from ``$SIDEBOT_DATABASE_URL`` / ``alembic -x url=…`` when run through the alembic command."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from sidebot.queue.models import Base

config = context.config
target_metadata = Base.metadata


def _engine():
    engine = config.attributes.get("engine")
    if engine is not None:
        return engine
    url = context.get_x_argument(as_dictionary=True).get("url") or os.environ.get("SIDEBOT_DATABASE_URL")
    if not url:
        raise SystemExit("give the database as -x url=… or $SIDEBOT_DATABASE_URL")
    return create_engine(url)


def run_migrations_online() -> None:
    engine = _engine()
    with engine.begin() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",  # SQLite ALTER TABLE needs batch mode
            compare_type=True,
        )
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; run against a database")
run_migrations_online()
