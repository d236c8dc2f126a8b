"""A throwaway PostgreSQL server on 127.0.0.1 in a temporary folder, from the Debian server binaries.

initdb refuses to run as root, so when we are root the server runs as the ``postgres`` system user.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server can be started here: the binaries are missing, or initdb or the server failed or
    did not listen in time (the message says which)."""

    pass


def _bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise PostgresUnavailable("PostgreSQL server binaries not found: run the set-up command")
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class TempPostgres:
    """A running throwaway PostgreSQL server: its data folder, its port on 127.0.0.1 and its superuser (no
    password: trust authentication on loopback)."""

    root: Path
    port: int
    user: str

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy (psycopg 3) URL of ``database`` on this server."""
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database; returns its SQLAlchemy URL."""
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server and delete its data folder."""
        self.shut_down()
        shutil.rmtree(self.root, ignore_errors=True)

    def shut_down(self) -> None:
        """Stop the server and keep its data (an outage: :meth:`start` brings it back, same port)."""
        _run_as_owner(
            [str(_bin_dir() / "pg_ctl"), "-D", str(self.root / "data"), "-m", "immediate", "stop"],
            check=False,
        )

    def start(self) -> None:
        """Start the server on its data and port again after :meth:`shut_down`."""
        _start_server(self.root, self.port)


def _run_as_owner(cmd: list[str], check: bool = True) -> subprocess.CompletedProcess:
    if os.geteuid() == 0:
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def start_postgres() -> TempPostgres:
    """initdb + pg_ctl start in a fresh temp folder (≈2 s); trust authentication on 127.0.0.1 only."""
    bin_dir = _bin_dir()
    root = Path(tempfile.mkdtemp(prefix="sidebot-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", _free_port()
    user = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "postgres")
    try:
        _run_as_owner(
            [str(bin_dir / "initdb"), "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync"]
        )
        _start_server(root, port)
    except subprocess.CalledProcessError as exc:
        log = (root / "server.log").read_text(errors="replace") if (root / "server.log").exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        raise PostgresUnavailable(f"could not start PostgreSQL: {exc.stderr or exc}\n{log[-2000:]}") from exc
    return TempPostgres(root=root, port=port, user=user)


def _start_server(root: Path, port: int) -> None:
    """pg_ctl start on ``root/data``, listening on 127.0.0.1:``port`` only; waits until it accepts."""
    _run_as_owner(
        [
            str(_bin_dir() / "pg_ctl"),
            "-D",
            str(root / "data"),
            "-l",
            str(root / "server.log"),
            "-w",
            "-o",
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root} "
            "-c fsync=off -c full_page_writes=off",
            "start",
        ]
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise PostgresUnavailable("PostgreSQL did not start listening within 20 s")
