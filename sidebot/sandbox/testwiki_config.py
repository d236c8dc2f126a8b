"""The configuration files a local test wiki hands to its users: a Pywikibot folder (user-config.py and the
BotPassword file) and a sidebot config TOML that :func:`sidebot.config.load_settings` reads."""

from __future__ import annotations

import json
from pathlib import Path

USER_CONFIG = "user-config.py"
PASSWORD_FILE = "user-password.py"
REVIEW_UI = "http://127.0.0.1:8080"  # `sidebot serve` with the default [web] settings
# Illustrative page views of the demo articles (sidebot/data/demo/ATTRIBUTION.md), for `queue prioritize`
DEMO_PAGEVIEWS = Path(__file__).resolve().parent.parent / "data" / "demo" / "pageviews-illustrative.txt"


def write_pywikibot_config(
    folder: Path, family: str, api_url: str, username: str, bot_password_name: str, bot_password: str
) -> None:
    """Pywikibot settings for a fast, local wiki: an AutoFamily from the api.php URL, the bot's login, no
    put throttle, and few, short retries so a broken server fails quickly instead of hanging."""
    folder.mkdir(parents=True, exist_ok=True)
    password_path = folder / PASSWORD_FILE
    _write_private(
        password_path,
        f"# Written by sidebot for the local test wiki. Format: Pywikibot's password_file.\n"
        f"({username!r}, BotPassword({bot_password_name!r}, {bot_password!r}))\n",
    )
    (folder / USER_CONFIG).write_text(
        f"""# Written by sidebot (sidebot/sandbox/testwiki_config.py) for the local test wiki; rewritten
# on every `sidebot testwiki up`, so change the wiki's options there rather than here.
family_files[{family!r}] = {api_url!r}
family = {family!r}
mylang = {family!r}
usernames[{family!r}]['*'] = {username!r}
password_file = {str(password_path)!r}

# A local sandbox: no waiting between edits.
put_throttle = 0
minthrottle = 0
# Wait when the servers lag, as on Wikipedia (a local wiki reports no lag). Pywikibot 11.8 renamed
# maxlag to write_maxlag; reads use read_maxlag (default 30).
write_maxlag = 5
# Give up quickly on a broken server: at most 2 retries, waits of 1 then 2 seconds.
max_retries = 2
retry_wait = 1
retry_max = 4
socket_timeout = (5, 60)
user_agent_description = 'sidebot local test wiki'
""",
        encoding="utf-8",
    )


def write_sidebot_config(
    path: Path,
    wiki_name: str,
    pywikibot_dir: Path,
    family: str,
    article_url: str,
    database_url: str | None,
    review_list: bool = False,
) -> None:
    """A sidebot config for this wiki. Sources may be fetched from 127.0.0.1 only (tests serve them there).
    ``review_list``: the on-wiki review list and count page are on (the bot's user subpages, each row
    linking to its card in `sidebot serve` at its default address), so `sidebot onwiki update` can be
    tried; talk notices stay off, as on a real wiki until its community asks for them."""
    lines = [
        "# Written by sidebot (sidebot/sandbox/testwiki_config.py) for the local test wiki; rewritten",
        "# on every `sidebot testwiki up`.",
        "[wiki]",
        f"name = {_toml(wiki_name)}",
        f"pywikibot_dir = {_toml(str(pywikibot_dir))}",
        f"family = {_toml(family)}",
        f"code = {_toml(family)}",
        f"article_url = {_toml(article_url)}",
        "",
        "[fetch]",
        'allow_networks = ["127.0.0.1/32"]',
        "# The local sources are all on one loopback server: no site out there to be polite to.",
        "per_host_delay = 0",
        "per_host_concurrency = 8",
        "",
        "[archive]",
        "# The Wayback Machine cannot be reached from the sandbox: only the refs' own archive-url is read.",
        'availability_url = ""',
    ]
    lines += [
        "",
        "[priority]",
        "# Illustrative counts for the demo articles in the pageview dumps' format (not measured).",
        f"pageviews = {_toml(str(DEMO_PAGEVIEWS))}",
    ]
    if database_url is not None:
        lines += ["", "[database]", f"url = {_toml(database_url)}"]
    if review_list:
        lines += [
            "",
            "[onwiki]",
            'doc_page = "User:SidebotBot"',
            'stop_page = "User:SidebotBot/Stop"',
            "",
            "[onwiki.review_list]",
            "enabled = true",
            'title = "User:SidebotBot/Review list"',
            'count_title = "User:SidebotBot/Open count"',
            f"finding_url = {_toml(REVIEW_UI + '/findings/{id}')}",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _toml(value: str) -> str:
    """A TOML basic string (JSON's string escapes are a subset of TOML's)."""
    return json.dumps(value, ensure_ascii=False)


def _write_private(path: Path, text: str) -> None:
    """Write a file only its owner can read, without a moment where it is readable by others."""
    path.touch(mode=0o600)
    path.chmod(0o600)
    path.write_text(text, encoding="utf-8")
