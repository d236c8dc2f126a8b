"""Everything of the local test wiki that runs PHP: MediaWiki's installer and maintenance scripts, and the
``php -S`` web server as a detached process.

The Debian ``mediawiki`` package provides the code in ``/usr/share/mediawiki``; each wiki keeps its
``LocalSettings.php``, SQLite files, server log and pid file in its own state folder and points PHP at its
config with ``MW_CONFIG_FILE``, so nothing is written to /etc or /var/lib.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from sidebot.processes import pid_alive

MEDIAWIKI_DIR = Path("/usr/share/mediawiki")
SETUP_HINT = "run `make setup` (scripts/setup.sh) to install mediawiki, php-cli, php8.2-cgi and php-sqlite3"
HOST = "127.0.0.1"
SETTINGS_FILE = "sidebot-settings.php"
READ_ONLY_FILE = "read-only"  # while this file holds a reason, the wiki is read-only ($wgReadOnlyFile)
LOG_FILE = "server.log"
PID_FILE = "server.pid"
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 5.0


class TestWikiError(RuntimeError):
    """The local test wiki could not be installed, started or seeded; the message says what to do."""

    __test__ = False  # not a pytest test class


def require_php() -> str:
    """The php executable, after checking that MediaWiki and PHP's SQLite driver are installed."""
    php = shutil.which("php")
    if php is None:
        raise TestWikiError(f"php is not installed (not found on PATH): {SETUP_HINT}")
    if not (MEDIAWIKI_DIR / "maintenance" / "install.php").is_file():
        raise TestWikiError(f"MediaWiki is not installed in {MEDIAWIKI_DIR}: {SETUP_HINT}")
    modules = subprocess.run([php, "-m"], capture_output=True, text=True, check=False).stdout.split()
    if "pdo_sqlite" not in modules:
        raise TestWikiError(f"PHP has no SQLite driver (pdo_sqlite): {SETUP_HINT}")
    return php


def php_env(state_dir: Path) -> dict[str, str]:
    """The environment for PHP processes of this wiki: ours, with ``MW_CONFIG_FILE`` naming its
    LocalSettings.php."""
    return os.environ | {"MW_CONFIG_FILE": str(state_dir / "LocalSettings.php")}


def run_maintenance(php: str, state_dir: Path, script: str, *args: str) -> str:
    """Run ``maintenance/SCRIPT`` against this wiki; its output, or TestWikiError with the output's tail."""
    command = [php, str(MEDIAWIKI_DIR / "maintenance" / script), *args]
    try:
        done = subprocess.run(
            command, env=php_env(state_dir), capture_output=True, text=True, timeout=300, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise TestWikiError(f"MediaWiki's {script} did not finish within {exc.timeout:.0f} s") from exc
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise TestWikiError(f"MediaWiki's {script} failed (exit {done.returncode}):\n{_tail(output)}")
    return output


def install(php: str, state_dir: Path, port: int, wiki_name: str, admin: str, admin_password: str) -> None:
    """Run MediaWiki's installer: SQLite in ``state_dir/data``, Cite and ParserFunctions, the Vector skin.
    The LocalSettings.php it writes then includes sidebot's settings (see :func:`write_wiki_settings`,
    which must have written them first)."""
    password_file = state_dir / ".admin-password"
    password_file.touch(mode=0o600)
    password_file.write_text(admin_password, encoding="utf-8")
    try:
        run_maintenance(
            php,
            state_dir,
            "install.php",
            "--dbtype=sqlite",
            f"--dbpath={state_dir / 'data'}",
            f"--confpath={state_dir}",
            f"--server=http://{HOST}:{port}",
            "--scriptpath=",
            "--extensions=Cite,ParserFunctions",
            "--skins=Vector",
            "--lang=en",
            f"--passfile={password_file}",
            wiki_name,
            admin,
        )
    finally:
        password_file.unlink()
    with (state_dir / "LocalSettings.php").open("a", encoding="utf-8") as settings:
        settings.write(
            f"\n# sidebot's settings, rewritten on every start.\nrequire_once __DIR__ . '/{SETTINGS_FILE}';\n"
        )


def write_wiki_settings(state_dir: Path, port: int) -> None:
    """The settings sidebot keeps on top of the installer's LocalSettings.php (rewritten on every start,
    so the wiki follows its port)."""
    (state_dir / SETTINGS_FILE).write_text(
        f"""<?php
# Written by sidebot (sidebot/sandbox/testwiki_php.py) on every start of this test wiki: edits are lost.
$wgServer = 'http://{HOST}:{port}';
$wgArticlePath = '/index.php?title=$1';
# No edit rate limits for the sandbox's accounts: the bot through its group (as on Wikipedia; it is
# otherwise limited to 90 edits a minute), the editor and the admin because imports and tests make many
# edits a minute (a BotPassword needs the highvolume grant for this right).
$wgGroupPermissions['bot']['noratelimit'] = true;
$wgGroupPermissions['user']['noratelimit'] = true;
# A fresh sandbox has no four-day-old accounts: everyone is autoconfirmed at once.
$wgAutoConfirmAge = 0;
$wgAutoConfirmCount = 0;
$wgEnableEmail = false;
# User scripts run (User:NAME/common.js), so `sidebot gadget install` can load the review service's gadget
# for a sandbox user; the bot may write them: the edituserjs right, through the editpage grant its
# BotPassword already holds (as every sandbox reads this file on each request, older ones get it too).
$wgAllowUserJs = true;
$wgGroupPermissions['bot']['edituserjs'] = true;
$wgGrantPermissions['editpage']['edituserjs'] = true;
$wgShowExceptionDetails = true;
# A maintenance window on demand: while this file holds a reason, the wiki is read-only, as Wikipedia is
# during a database switchover (sidebot.sandbox.testwiki.set_read_only).
$wgReadOnlyFile = __DIR__ . '/{READ_ONLY_FILE}';
""",
        encoding="utf-8",
    )


def create_account(php: str, state_dir: Path, username: str, password: str, groups: Sequence[str]) -> None:
    """Create the account ``username`` (or promote it, if it exists) in ``groups`` (e.g. ``bot``,
    ``sysop``)."""
    flags = [f"--{group}" for group in groups]
    run_maintenance(php, state_dir, "createAndPromote.php", *flags, username, password)


def create_bot_password(
    php: str, state_dir: Path, username: str, app: str, password: str, grants: Sequence[str]
) -> None:
    """Give ``username`` the bot password ``username@app`` with ``grants``; ValueError unless ``password`` is
    the 32 characters MediaWiki's script requires."""
    if len(password) != 32:
        raise ValueError("MediaWiki's createBotPassword.php needs a password of exactly 32 characters")
    run_maintenance(
        php,
        state_dir,
        "createBotPassword.php",
        f"--appid={app}",
        f"--grants={','.join(grants)}",
        username,
        password,
    )


def port_is_free(port: int) -> bool:
    """True if a server could listen on ``port`` now (connections of a stopped server that linger in
    TIME_WAIT do not count: php sets SO_REUSEADDR, as this probe does)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A loopback TCP port free now (the kernel's pick; another process may take it before it is used)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(php: str, state_dir: Path, port: int) -> int:
    """Start ``php -S`` detached (own session and process group, output to the log); returns its pid.
    A failure to listen shows in the log, which :func:`wait_until_ready` reports."""
    log = state_dir / LOG_FILE
    if log.exists():
        log.replace(log.with_name(LOG_FILE + ".1"))
    # sh starts php in the background and exits at once, so php is nobody's child here: it outlives the
    # CLI that started it, and leaves no zombie behind when stopped.
    launcher = subprocess.run(
        [
            "sh",
            "-c",
            'log=$1; shift; "$@" </dev/null >>"$log" 2>&1 & echo $!',
            "sh",
            str(log),
            php,
            "-d",
            "display_errors=stderr",
            "-S",
            f"{HOST}:{port}",
            "-t",
            str(MEDIAWIKI_DIR),
        ],
        env=php_env(state_dir),
        start_new_session=True,
        capture_output=True,
        text=True,
        check=True,
    )
    pid = int(launcher.stdout)
    (state_dir / PID_FILE).write_text(f"{pid}\n", encoding="utf-8")
    return pid


def wait_until_ready(state_dir: Path, pid: int, api_url: str, timeout: float = READY_TIMEOUT) -> None:
    """Wait until api.php answers siteinfo; TestWikiError with the server log's tail if it never does."""
    deadline = time.monotonic() + timeout
    last_problem = "no answer yet"
    with httpx.Client(timeout=5.0) as client:
        while time.monotonic() < deadline:
            if not pid_alive(pid):
                raise TestWikiError(f"the wiki's web server stopped while starting:\n{log_tail(state_dir)}")
            try:
                answer = client.get(api_url, params={"action": "query", "meta": "siteinfo", "format": "json"})
                if answer.status_code == 200 and "generator" in answer.json()["query"]["general"]:
                    return
                last_problem = f"HTTP {answer.status_code}: {answer.text[:300]}"
            except (httpx.HTTPError, ValueError, KeyError) as exc:
                last_problem = repr(exc)
            time.sleep(0.1)
    stop_server(state_dir)
    raise TestWikiError(
        f"the wiki at {api_url} did not answer within {timeout:.0f} s ({last_problem}):\n"
        + log_tail(state_dir)
    )


def server_pid(state_dir: Path, port: int) -> int | None:
    """The pid of this wiki's running web server, or None (a stale pid file is not trusted)."""
    try:
        pid = int((state_dir / PID_FILE).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return pid if pid_alive(pid) and _is_php_server(pid, port) else None


def stop_server(state_dir: Path, port: int | None = None) -> bool:
    """Stop the web server's process group; True if one was running. Safe when none is."""
    pid_file = state_dir / PID_FILE
    try:
        pid = int(pid_file.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return False
    stopped = False
    if pid_alive(pid) and (port is None or _is_php_server(pid, port)):
        _signal_group(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        while pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if pid_alive(pid):
            _signal_group(pid, signal.SIGKILL)
        stopped = True
    pid_file.unlink(missing_ok=True)
    return stopped


def log_tail(state_dir: Path, lines: int = 30) -> str:
    """The last ``lines`` lines of the wiki's web server log, for an error message (a note when it has
    none)."""
    try:
        text = (state_dir / LOG_FILE).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return "(no server log)"
    return _tail(text, lines) or "(server log is empty)"


def _tail(text: str, lines: int = 30) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _signal_group(pid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(os.getpgid(pid), sig)
    except ProcessLookupError:
        pass


def _is_php_server(pid: int, port: int) -> bool:
    """Guards against a recycled pid: the process must be ``php … -S 127.0.0.1:PORT``."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except (FileNotFoundError, ProcessLookupError):
        return False
    return b"-S" in argv and f"{HOST}:{port}".encode() in argv
