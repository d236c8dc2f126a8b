"""A local MediaWiki 1.39 for trying sidebot safely: bot operators use it as a sandbox, the demo and the
tests run against it.

``up(state_dir)`` installs a wiki into ``state_dir`` the first time (SQLite, Cite and ParserFunctions, a
bot, an admin and an ordinary editor account, each with a BotPassword), starts ``php -S`` on 127.0.0.1,
creates the maintenance and citation templates sidebot expects, and imports the pages it is given so they
show in recent changes. Later calls reuse the install and only (re)start the server (and save the
templates again if this version of sidebot changed them); importing an unchanged page again makes no new
revision. ``down`` stops the server, ``status`` reports it.

Everything lives in ``state_dir``: ``LocalSettings.php`` and ``data/`` (the wiki), ``server.log`` and
``server.pid``, ``pywikibot/`` (user-config.py and the bot's password file), ``sidebot.toml`` (a sidebot
config for this wiki), ``accounts.json`` (the accounts' passwords, readable by you only) and
``testwiki.json`` (what sidebot needs to find it again). ``set_read_only`` puts the wiki in read-only mode
(a maintenance window) and back.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import shutil
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from sidebot.sandbox import testwiki_php as php_tools
from sidebot.sandbox.testwiki_api import MediaWikiApi, MediaWikiApiError
from sidebot.sandbox.testwiki_config import write_pywikibot_config, write_sidebot_config
from sidebot.sandbox.testwiki_content import STANDARD_TEMPLATES
from sidebot.sandbox.testwiki_php import HOST, TestWikiError

__all__ = [
    "Account",
    "TestWikiError",
    "TestWikiInfo",
    "credentials",
    "down",
    "dump",
    "set_read_only",
    "status",
    "up",
]

WIKI_NAME = "testwiki"  # the [wiki] name in sidebot.toml, and the Pywikibot family and code
SITE_NAME = "Sidebot test wiki"
BOT_PASSWORD_NAME = "sidebot"
STATE_FILE = "testwiki.json"
ACCOUNTS_FILE = "accounts.json"
CONFIG_FILE = "sidebot.toml"
PYWIKIBOT_FOLDER = "pywikibot"
IMPORT_SUMMARY = "Imported by sidebot's test wiki"
TEMPLATE_SUMMARY = "Standard template of sidebot's test wiki"

Role = Literal["admin", "bot", "editor", "reviewer"]


@dataclass(frozen=True, slots=True)
class _Role:
    username: str
    groups: tuple[str, ...]  # createAndPromote.php flags
    grants: tuple[str, ...]  # BotPassword grants


ROLES: dict[Role, _Role] = {
    # install.php makes the admin a sysop, bureaucrat and interface-admin; its BotPassword can protect,
    # delete and move pages, as tests need. highvolume here and for the editor only lifts rate limits:
    # neither account is in the bot group, so their edits are never bot edits.
    "admin": _Role(
        "Admin",
        (),
        (
            "basic",
            "highvolume",
            "editpage",
            "createeditmovepage",
            "editprotected",
            "protect",
            "delete",
            "blockusers",
        ),
    ),
    # The bot: flagged edits with the bot group (highvolume gives the bot right) and new talk pages and
    # sections; deliberately no editprotected, so protection stops it as it would on Wikipedia.
    "bot": _Role("SidebotBot", ("bot",), ("basic", "highvolume", "editpage", "createeditmovepage")),
    # An ordinary person: edits that recent changes lists as human edits.
    "editor": _Role("Example Editor", (), ("basic", "highvolume", "editpage", "createeditmovepage")),
    # A patroller who reviews the queue in the web UI: the editor imported the demo articles, so it added
    # every citation and may not review them; this account added none.
    "reviewer": _Role("Demo Reviewer", (), ("basic",)),
}


@dataclass(frozen=True, slots=True)
class Account:
    """A wiki account and its BotPassword (log in as ``username@bot_password_name``)."""

    username: str
    password: str
    bot_password_name: str
    bot_password: str


@dataclass(frozen=True, slots=True)
class TestWikiInfo:
    """Where a local test wiki is and how to use it. Holds no passwords (see :func:`credentials`)."""

    __test__ = False  # not a pytest test class

    state_dir: Path
    port: int
    pid: int | None  # the web server's pid; None when it is not running
    api_url: str
    index_url: str
    article_url: str  # with "{title}" where the title goes
    bot_user: str
    admin_user: str
    editor_user: str
    reviewer_user: str  # the account to review the queue with (it authored no demo citation)
    config_path: Path  # sidebot.toml for this wiki
    pywikibot_dir: Path
    log_path: Path

    @property
    def running(self) -> bool:
        """Whether the wiki's web server was started and not stopped since."""
        return self.pid is not None

    def to_json(self) -> str:
        """The info as indented JSON (paths as text, with ``running``), as ``sidebot testwiki status`` prints
        it."""
        data = {key: str(value) if isinstance(value, Path) else value for key, value in asdict(self).items()}
        return json.dumps(data | {"running": self.running}, indent=2)


def up(
    state_dir: Path,
    port: int | None = None,
    pages: Mapping[str, str] | None = None,
    database_url: str | None = None,
    review_list: bool = False,
) -> TestWikiInfo:
    """Install (the first time), start and seed the test wiki in ``state_dir``.

    ``port``: where to serve; None keeps the previous port when it is free, else picks a free one.
    ``pages``: title → wikitext, created or updated by the ordinary editor account (templates first), so
    they appear in recent changes as human edits. ``database_url``: written into sidebot.toml's
    ``[database]`` when given; ``review_list`` turns the on-wiki review list on in it. Raises TestWikiError
    for anything that goes wrong.
    """
    state_dir = Path(state_dir).expanduser().resolve()
    php = php_tools.require_php()
    state = _claim(state_dir)
    previous_port: int | None = state.get("port")
    pid = php_tools.server_pid(state_dir, previous_port) if previous_port else None
    if pid is not None and port not in (None, previous_port):
        php_tools.stop_server(state_dir, previous_port)
        pid = None
    if pid is not None:
        port = previous_port
    elif port is None:
        port = (
            previous_port
            if previous_port and php_tools.port_is_free(previous_port)
            else php_tools.free_port()
        )
    assert port is not None
    if pid is None and not php_tools.port_is_free(port):
        raise TestWikiError(f"port {port} on {HOST} is in use: choose another port, or leave it out")

    php_tools.write_wiki_settings(state_dir, port)
    if not state.get("installed"):
        _install(php, state_dir, port)
    else:
        _add_missing_accounts(php, state_dir)
    _save_state(state_dir, state | {"installed": True, "port": port})
    info = _info(state_dir, port, pid)
    accounts = credentials(state_dir)
    bot = accounts["bot"]
    write_pywikibot_config(
        info.pywikibot_dir, WIKI_NAME, info.api_url, bot.username, bot.bot_password_name, bot.bot_password
    )
    write_sidebot_config(
        info.config_path,
        WIKI_NAME,
        info.pywikibot_dir,
        WIKI_NAME,
        info.article_url,
        database_url,
        review_list=review_list,
    )
    if pid is None:
        pid = php_tools.start_server(php, state_dir, port)
        info = _info(state_dir, port, pid)
    php_tools.wait_until_ready(state_dir, pid, info.api_url)
    templates_version = _templates_version()
    templates = STANDARD_TEMPLATES if state.get("templates") != templates_version else {}
    _seed(info.api_url, accounts, templates, pages or {})
    _save_state(state_dir, state | {"installed": True, "port": port, "templates": templates_version})
    return info


def down(state_dir: Path) -> bool:
    """Stop the wiki's web server; True if it was running. Safe to call when it is not."""
    state_dir = Path(state_dir).expanduser().resolve()
    port = _read_json(state_dir / STATE_FILE).get("port")
    return php_tools.stop_server(state_dir, port)


def status(state_dir: Path) -> TestWikiInfo | None:
    """The wiki installed in ``state_dir`` (``pid`` None when its server is not running), or None."""
    state_dir = Path(state_dir).expanduser().resolve()
    state = _read_json(state_dir / STATE_FILE)
    if not state.get("installed"):
        return None
    port = state["port"]
    return _info(state_dir, port, php_tools.server_pid(state_dir, port))


def dump(state_dir: Path, output: Path) -> Path:
    """Write the wiki's current revisions as a MediaWiki XML dump (``maintenance/dumpBackup.php
    --current``, the script Wikimedia's dumps come from) to ``output``; a ``.bz2`` name is compressed."""
    state_dir = Path(state_dir).expanduser().resolve()
    if not _read_json(state_dir / STATE_FILE).get("installed"):
        raise TestWikiError(f"no test wiki in {state_dir}: run `up` first")
    output = Path(output).expanduser().resolve()
    sink = "bzip2" if output.suffix == ".bz2" else "file"
    php_tools.run_maintenance(
        php_tools.require_php(),
        state_dir,
        "dumpBackup.php",
        "--current",
        "--quiet",
        f"--output={sink}:{output}",
    )
    return output


def set_read_only(state_dir: Path, reason: str | None) -> None:
    """Make the wiki read-only with ``reason`` (what MediaWiki tells editors and the API), or writable again
    with None. Takes effect with the next request: MediaWiki reads the file on each one."""
    path = state_dir / php_tools.READ_ONLY_FILE
    if reason is None:
        path.unlink(missing_ok=True)
    else:
        path.write_text(reason.strip() or "maintenance", encoding="utf-8")


def credentials(state_dir: Path) -> dict[Role, Account]:
    """The test wiki's accounts with their passwords, by role."""
    data = _read_json(Path(state_dir).expanduser().resolve() / ACCOUNTS_FILE)
    if not data:
        raise TestWikiError(f"no test wiki accounts in {state_dir}: run `up` first")
    return {role: Account(**account) for role, account in data.items()}


def _info(state_dir: Path, port: int, pid: int | None) -> TestWikiInfo:
    base = f"http://{HOST}:{port}"
    return TestWikiInfo(
        state_dir=state_dir,
        port=port,
        pid=pid,
        api_url=f"{base}/api.php",
        index_url=f"{base}/index.php",
        article_url=f"{base}/index.php?title={{title}}",
        bot_user=ROLES["bot"].username,
        admin_user=ROLES["admin"].username,
        editor_user=ROLES["editor"].username,
        reviewer_user=ROLES["reviewer"].username,
        config_path=state_dir / CONFIG_FILE,
        pywikibot_dir=state_dir / PYWIKIBOT_FOLDER,
        log_path=state_dir / php_tools.LOG_FILE,
    )


def _claim(state_dir: Path) -> dict:
    """This folder's state; an empty or new folder becomes a test wiki folder. Refuses a folder with other
    content, so a mistyped path cannot mix a wiki into someone's files."""
    state_file = state_dir / STATE_FILE
    if state_file.exists():
        return _read_json(state_file)
    if state_dir.exists() and any(state_dir.iterdir()):
        raise TestWikiError(
            f"{state_dir} is not empty and holds no sidebot test wiki: give an empty or new folder"
        )
    state_dir.mkdir(parents=True, exist_ok=True)
    state_dir.chmod(0o700)
    _save_state(state_dir, {"installed": False})
    return {"installed": False}


def _install(php: str, state_dir: Path, port: int) -> None:
    # A previous attempt that failed half-way leaves files only this module wrote (the folder is claimed).
    (state_dir / "LocalSettings.php").unlink(missing_ok=True)
    shutil.rmtree(state_dir / "data", ignore_errors=True)
    accounts = {role: _new_account(spec) for role, spec in ROLES.items()}
    php_tools.install(php, state_dir, port, SITE_NAME, accounts["admin"].username, accounts["admin"].password)
    _create_accounts(php, state_dir, {role: a for role, a in accounts.items() if role != "admin"})
    php_tools.create_bot_password(  # the installer created the admin itself
        php,
        state_dir,
        accounts["admin"].username,
        BOT_PASSWORD_NAME,
        accounts["admin"].bot_password,
        ROLES["admin"].grants,
    )
    _save_accounts(state_dir, accounts)


def _add_missing_accounts(php: str, state_dir: Path) -> None:
    """Accounts a newer sidebot added to ROLES (e.g. the reviewer) are created in a wiki installed before."""
    try:
        accounts: dict[Role, Account] = dict(credentials(state_dir))
    except TestWikiError:
        return  # no accounts file: not ours to complete
    missing = {role: _new_account(spec) for role, spec in ROLES.items() if role not in accounts}
    if missing:
        _create_accounts(php, state_dir, missing)
        _save_accounts(state_dir, accounts | missing)


def _new_account(spec: _Role) -> Account:
    return Account(
        username=spec.username,
        password=secrets.token_hex(18),  # hex: a leading "-" would read as an option
        bot_password_name=BOT_PASSWORD_NAME,
        bot_password=secrets.token_hex(16),  # createBotPassword.php wants exactly 32 characters
    )


def _create_accounts(php: str, state_dir: Path, accounts: Mapping[Role, Account]) -> None:
    for role, account in accounts.items():
        spec = ROLES[role]
        php_tools.create_account(php, state_dir, account.username, account.password, spec.groups)
        php_tools.create_bot_password(
            php, state_dir, account.username, account.bot_password_name, account.bot_password, spec.grants
        )


def _save_accounts(state_dir: Path, accounts: Mapping[Role, Account]) -> None:
    accounts_file = state_dir / ACCOUNTS_FILE
    accounts_file.touch(mode=0o600)
    accounts_file.chmod(0o600)
    accounts_file.write_text(json.dumps({role: asdict(a) for role, a in accounts.items()}, indent=2))


def _seed(
    api_url: str, accounts: Mapping[Role, Account], templates: Mapping[str, str], pages: Mapping[str, str]
) -> None:
    """Save the standard ``templates`` (as the admin), then import ``pages`` (as the editor, templates
    first so pages that use them are linked to them when saved). Pages whose text is already there are
    skipped; a page whose text differs only in what MediaWiki normalises gets no new revision either."""
    ordered = dict(sorted(pages.items(), key=lambda item: not _is_template(item[0])))
    imports: tuple[tuple[Role, Mapping[str, str], str], ...] = (
        ("admin", templates, TEMPLATE_SUMMARY),
        ("editor", ordered, IMPORT_SUMMARY),
    )
    for role, batch, summary in imports:
        if not batch:
            continue
        account = accounts[role]
        with MediaWikiApi(api_url) as api:
            try:
                api.login(account.username, account.bot_password_name, account.bot_password)
                current = api.revision_sha1s(list(batch))
            except MediaWikiApiError as exc:
                raise TestWikiError(f"cannot reach the test wiki as {account.username}: {exc}") from exc
            for title, text in batch.items():
                if current.get(title) == _sha1(text):
                    continue
                try:
                    api.edit(title, text, summary)
                except MediaWikiApiError as exc:
                    raise TestWikiError(f"cannot import page {title!r} into the test wiki: {exc}") from exc


def _sha1(text: str) -> str:
    """SHA-1 of the text as MediaWiki stores it when nothing else needs normalising (trailing space cut),
    to skip unchanged pages without sending them."""
    return hashlib.sha1(text.rstrip().encode("utf-8")).hexdigest()


def _templates_version() -> str:
    """A fingerprint of STANDARD_TEMPLATES: they are saved again only when a new sidebot changes them."""
    return hashlib.sha256(json.dumps(STANDARD_TEMPLATES, sort_keys=True).encode()).hexdigest()[:16]


def _is_template(title: str) -> bool:
    return title.partition(":")[0].strip().lower() == "template" and ":" in title


def _save_state(state_dir: Path, state: dict) -> None:
    (state_dir / STATE_FILE).write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise TestWikiError(f"cannot read {path}: {exc}") from exc
