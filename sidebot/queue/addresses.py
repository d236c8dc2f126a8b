"""Database addresses (SQLAlchemy URLs) read for the parts that only name the database: which backend,
the address without its password for people, the libpq form for PostgreSQL's own clients."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.engine import make_url


@dataclass(frozen=True, slots=True)
class Address:
    """What the CLI and doctor show of a database address, password left out."""

    backend: str  # "sqlite", "postgresql", …
    host: str | None
    has_password: bool
    shown: str  # the address with its password hidden, for logs and banners


def parse(url: str) -> Address:
    """``url``'s backend, host and whether it carries a password."""
    parsed = make_url(url)
    return Address(
        backend=parsed.get_backend_name(),
        host=parsed.host,
        has_password=bool(parsed.password),
        shown=parsed.render_as_string(hide_password=True),
    )


def libpq_address(url: str) -> str:
    """``url`` as libpq reads it (no SQLAlchemy driver name), password included."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
