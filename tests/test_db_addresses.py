"""Database addresses as the parts that only name the database read them (sidebot.queue.addresses)."""

from __future__ import annotations

from sidebot.queue.addresses import libpq_address, parse


def test_a_postgresql_address_shows_without_its_password():
    address = parse("postgresql+psycopg://bot:s3cret@db.example:5433/queue")
    assert (address.backend, address.host, address.has_password) == ("postgresql", "db.example", True)
    assert "s3cret" not in address.shown and address.shown.startswith("postgresql+psycopg://bot:***@")


def test_libpq_reads_the_address_without_the_driver_name():
    assert libpq_address("postgresql+psycopg://bot:s3cret@db.example/queue") == (
        "postgresql://bot:s3cret@db.example/queue"
    )


def test_a_sqlite_file_has_no_host_and_no_password():
    address = parse("sqlite:////var/lib/sidebot/sidebot.db")
    assert (address.backend, address.host, address.has_password) == ("sqlite", None, False)
