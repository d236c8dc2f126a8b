"""The worker's one line per database state change (sidebot.workers.outage.QuietOutage), on log records as
procrastinate and psycopg_pool write them. The end-to-end outage (PostgreSQL stopped under a worker) is in
tests/test_workers.py; this covers what comes after it: psycopg_pool's warning about a connection that died
in the outage, logged when the pool next checks it, some seconds after the database came back, once said
"database lost" and "database back after 0 s" although nothing had failed."""

from __future__ import annotations

import logging

import psycopg
import pytest

from sidebot.config import WorkersSettings
from sidebot.workers.outage import DatabaseOutage, QuietOutage

POOL_NOTE = "discarding closed connection: <psycopg.Connection [BAD]>"  # psycopg_pool's own words


def _record(name: str, level: int, message: str, exc: BaseException | None = None) -> logging.LogRecord:
    exc_info = (type(exc), exc, None) if exc is not None else None
    return logging.LogRecord(name, level, __file__, 1, message, (), exc_info)


@pytest.fixture
def outage() -> DatabaseOutage:
    return DatabaseOutage(WorkersSettings(), probe=lambda: None, clock=lambda: 100.0)


def test_a_pool_dropping_a_dead_connection_after_the_outage_is_no_new_outage(outage, caplog) -> None:
    caplog.set_level(logging.WARNING, logger="sidebot")
    quiet = QuietOutage(outage)
    note = _record(
        "psycopg.pool", logging.WARNING, "discarding closed connection: <psycopg.Connection [BAD]>"
    )
    assert quiet.filter(note) is False  # kept out of the log
    assert not outage.down and outage.outages == 0
    outage.answered()  # the next heartbeat goes through
    assert [r.getMessage() for r in caplog.records] == []


def test_a_failing_query_is_an_outage_said_once_and_its_end_once(outage, caplog) -> None:
    caplog.set_level(logging.WARNING, logger="sidebot")
    quiet = QuietOutage(outage)
    gone = psycopg.OperationalError("server closed the connection unexpectedly")
    assert quiet.filter(_record("procrastinate.worker", logging.ERROR, "Database error.", gone)) is False
    note = _record(
        "psycopg.pool", logging.WARNING, "discarding closed connection: <psycopg.Connection [BAD]>"
    )
    assert quiet.filter(note) is False  # during the outage: counted, not said again
    assert outage.down and outage.outages == 1 and outage.noticed == 2
    outage.answered()
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        "database lost: OperationalError: server closed the connection unexpectedly",
        "database back after 0 s: the worker carries on",
    ]


def test_other_records_pass(outage) -> None:
    quiet = QuietOutage(outage)
    assert quiet.filter(_record("procrastinate.worker", logging.INFO, "Starting worker")) is True
    assert quiet.filter(_record("sidebot.patrol", logging.WARNING, "connection to the wiki lost")) is True
