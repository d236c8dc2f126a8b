"""Database faults met by real commands: a garbage file, an exclusively locked file, a read-only database, a
full disk (a file-size limit on the process) and a PostgreSQL server that is not there. Each gives one line
naming the database and what to do, exit code 2, no traceback, and leaves the database as it was."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.queue.db import Database, current_revision, head_revision, make_engine
from sidebot.queue.models import WebSession

pytestmark = pytest.mark.hostile


def _sidebot(url: str, *args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(args), env={"SIDEBOT_DATABASE_URL": url})


def _assert_one_line(result, *parts: str) -> str:  # type: ignore[no-untyped-def]
    text = result.output.strip()
    assert result.exit_code == 2, (result.exit_code, text, result.exception)
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    for part in parts:
        assert part in text, text
    return text


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _queue(path: Path) -> Path:
    Database(f"sqlite:///{path}").dispose()  # a real, current queue
    return path


def test_a_garbage_file_is_named_and_left_alone(tmp_path: Path) -> None:
    garbage = tmp_path / "queue.db"
    garbage.write_bytes(b"this is not SQLite, it is a text file that someone put here\n" * 100)
    before = _digest(garbage)
    result = _sidebot(f"sqlite:///{garbage}", "queue", "list")
    _assert_one_line(result, str(garbage), "is not a SQLite database")
    assert _digest(garbage) == before


def test_an_exclusively_locked_database_is_named(tmp_path: Path) -> None:
    path = _queue(tmp_path / "queue.db")
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = _sidebot(f"sqlite:///{path}", "sessions", "revoke", "Someone")
    finally:
        holder.rollback()
        holder.close()
    _assert_one_line(result, str(path), "is locked by another process")
    assert current_revision(make_engine(f"sqlite:///{path}")) == head_revision()


def test_a_read_only_database_is_named(tmp_path: Path) -> None:
    path = _queue(tmp_path / "queue.db")
    db = Database(f"sqlite:///{path}")
    with db.session() as session:  # a session to revoke, so that the command has something to write
        session.add(WebSession(id="0" * 64, user="Someone", wiki="testwiki"))
    db.dispose()
    before = _digest(path)
    result = _sidebot(f"sqlite:///file:{path}?mode=ro&uri=true", "sessions", "revoke", "Someone")
    _assert_one_line(result, str(path), "read-only")
    assert _digest(path) == before


def test_a_full_disk_stops_the_upgrade_without_half_a_schema(tmp_path: Path) -> None:
    """The disk fills up (RLIMIT_FSIZE: writes past 24 KiB fail) while `db upgrade` creates the schema."""
    path = tmp_path / "queue.db"
    limited = (
        "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
        "resource.setrlimit(resource.RLIMIT_FSIZE, (24576, 24576)); "
        "from sidebot.cli.app import app; sys.argv = ['sidebot', 'db', 'upgrade']; app()"
    )
    env = os.environ | {"SIDEBOT_DATABASE_URL": f"sqlite:///{path}"}
    done = subprocess.run(
        [sys.executable, "-c", limited], env=env, capture_output=True, text=True, timeout=120
    )
    output = (done.stdout + done.stderr).strip()
    assert done.returncode == 2, output
    assert "Traceback" not in output and len(output.splitlines()) == 1 and str(path) in output, output
    engine = make_engine(f"sqlite:///{path}")
    assert current_revision(engine) is None  # the whole upgrade was rolled back: no half schema
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert conn.exec_driver_sql("SELECT count(*) FROM sqlite_master WHERE type='table'").scalar() == 0
    engine.dispose()


def test_a_missing_postgresql_server_is_named() -> None:
    url = "postgresql+psycopg://sidebot:secret@127.0.0.1:1/sidebot"
    text = _assert_one_line(
        _sidebot(url, "queue", "list"), "cannot reach the PostgreSQL server", "127.0.0.1:1"
    )
    assert "secret" not in text
