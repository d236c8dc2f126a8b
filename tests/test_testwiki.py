"""The local test wiki (sidebot.sandbox.testwiki) and the Pywikibot wiring (sidebot.wiki.site), on a real
MediaWiki served by ``php -S`` on 127.0.0.1."""

from __future__ import annotations

import json
import socket
import stat
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import httpx
import pytest

from sidebot.config import load_settings
from sidebot.sandbox import testwiki
from sidebot.sandbox.testwiki_api import MediaWikiApiError
from sidebot.wiki.site import (
    PageNotFoundError,
    WikiConfigError,
    article_url,
    connect,
    template_redirects,
)

pytestmark = pytest.mark.integration


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _answers(api_url: str) -> bool:
    try:
        return httpx.get(api_url, params={"action": "query", "format": "json"}, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _latest_rev_id(api_url: str, title: str) -> int:
    answer = httpx.get(
        api_url,
        params={
            "action": "query",
            "titles": title,
            "prop": "revisions",
            "format": "json",
            "formatversion": 2,
        },
    ).json()
    return answer["query"]["pages"][0]["revisions"][0]["revid"]


def test_up_writes_a_sidebot_config_and_a_private_pywikibot_folder(test_wiki):
    settings = load_settings(test_wiki.config_path)
    assert settings.wiki.name == "testwiki"
    assert (settings.wiki.family, settings.wiki.code) == ("testwiki", "testwiki")
    assert Path(settings.wiki.pywikibot_dir) == test_wiki.pywikibot_dir
    assert settings.wiki.article_url == f"http://127.0.0.1:{test_wiki.port}/index.php?title={{title}}"
    assert settings.fetch.allow_networks == ["127.0.0.1/32"]
    assert settings.database.url == ""  # left to the caller unless up(database_url=…)
    user_config = (test_wiki.pywikibot_dir / "user-config.py").read_text()
    assert f"'http://127.0.0.1:{test_wiki.port}/api.php'" in user_config
    assert "put_throttle = 0" in user_config
    assert _mode(test_wiki.pywikibot_dir / "user-password.py") == 0o600
    assert _mode(test_wiki.state_dir / "accounts.json") == 0o600


def test_info_is_json_and_status_reports_the_running_wiki(test_wiki):
    data = json.loads(test_wiki.to_json())
    assert data["api_url"] == f"http://127.0.0.1:{test_wiki.port}/api.php"
    assert data["index_url"] == f"http://127.0.0.1:{test_wiki.port}/index.php"
    assert data["config_path"] == str(test_wiki.state_dir / "sidebot.toml")
    assert (data["bot_user"], data["admin_user"]) == (test_wiki.bot_user, test_wiki.admin_user)
    assert data["running"] is True and data["pid"] == test_wiki.pid
    assert testwiki.status(test_wiki.state_dir) == test_wiki
    assert _answers(test_wiki.api_url)


def test_the_bot_logs_in_with_its_bot_password(test_wiki, wiki_site):
    assert wiki_site.logged_in()
    assert wiki_site.user() == test_wiki.bot_user
    assert wiki_site.has_right("bot")
    assert wiki_site.has_right("noratelimit")


def test_standard_templates_render_imported_articles(test_wiki, wiki_users, unique_title):
    title = unique_title("Rendering")
    wiki_users.editor.edit(
        title,
        "A claim.<ref>{{Cite web|url=http://127.0.0.1/source|title=Source title|website=Example News"
        "|access-date=1 May 2024}}</ref>{{Failed verification|date=May 2024}} Another.{{cn}}\n{{Reflist}}",
    )
    html = httpx.get(test_wiki.index_url, params={"title": title, "action": "render"}).text
    assert "failed verification</span>" in html and "(May 2024)" in html
    assert "citation needed</span>" in html
    assert '"Source title"</a>' in html and "<i>Example News</i>" in html and "Retrieved 1 May 2024" in html
    assert 'id="cite_note-1"' in html  # Cite renders the reference list
    assert 'class="new"' not in html  # no red link to a missing template


def test_template_redirects_gives_the_name_and_every_redirect(wiki_site):
    names = {"Failed verification", "Fv", "Not in citation given"}
    assert template_redirects(wiki_site, "Failed verification") == names
    assert template_redirects(wiki_site, "Template:fv") == names  # a redirect, lower case, with prefix
    assert template_redirects(wiki_site, "Citation needed") == {"Citation needed", "Cn", "Fact"}
    with pytest.raises(PageNotFoundError, match="no such template"):
        template_redirects(wiki_site, "No such template anywhere")


def test_article_url_from_settings_matches_the_wiki(test_wiki, test_wiki_settings, wiki_site):
    title = "Ali & Baba/1 (song)"
    from_settings = article_url(test_wiki_settings, title)
    assert from_settings == f"http://127.0.0.1:{test_wiki.port}/index.php?title=Ali_%26_Baba/1_(song)"
    without_template = test_wiki_settings.wiki.model_copy(update={"article_url": ""})
    derived = test_wiki_settings.model_copy(update={"wiki": without_template})
    assert unquote(article_url(derived, title, wiki_site)) == unquote(from_settings)
    with pytest.raises(ValueError, match="pass the site"):
        article_url(derived, title)


def test_connect_refuses_a_second_pywikibot_folder_in_one_process(test_wiki_settings, wiki_site, tmp_path):
    other = tmp_path / "other-pywikibot"
    other.mkdir()
    (other / "user-config.py").write_text("family = 'wikipedia'\n")
    settings = test_wiki_settings.model_copy(
        update={"wiki": test_wiki_settings.wiki.model_copy(update={"pywikibot_dir": str(other)})}
    )
    with pytest.raises(WikiConfigError, match="already configured"):
        connect(settings)


def test_connect_needs_a_user_config(test_wiki_settings, tmp_path):
    settings = test_wiki_settings.model_copy(
        update={"wiki": test_wiki_settings.wiki.model_copy(update={"pywikibot_dir": str(tmp_path)})}
    )
    with pytest.raises(WikiConfigError, match="no user-config.py"):
        connect(settings)


def test_connect_with_a_wrong_bot_password_raises_wiki_login_error(test_wiki, tmp_path):
    """In a child process: Pywikibot is configured once per process, and this one uses the right password."""
    folder = tmp_path / "pywikibot"  # user-config.py only: no session cookies of the real bot
    folder.mkdir()
    password_file = folder / "user-password.py"
    password_file.write_text(f"({test_wiki.bot_user!r}, BotPassword('sidebot', {'x' * 32!r}))\n")
    password_file.chmod(0o600)
    user_config = (test_wiki.pywikibot_dir / "user-config.py").read_text()
    (folder / "user-config.py").write_text(
        user_config.replace(str(test_wiki.pywikibot_dir / "user-password.py"), str(password_file))
    )
    config = tmp_path / "sidebot.toml"
    config.write_text(test_wiki.config_path.read_text().replace(str(test_wiki.pywikibot_dir), str(folder)))
    child = subprocess.run(
        [sys.executable, "-c", LOGIN_PROBE, str(config)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (
        child.stdout.strip().splitlines()[-1].startswith("WikiLoginError: cannot log in to testwiki:testwiki")
    )
    assert "Incorrect username or password" in child.stdout


LOGIN_PROBE = """
import sys
from sidebot.config import load_settings
from sidebot.wiki.site import WikiError, connect
try:
    connect(load_settings(sys.argv[1]))
    print("logged in")
except WikiError as exc:
    print(f"{type(exc).__name__}: {exc}")
"""


def test_an_admin_protection_stops_the_bot(wiki_site, wiki_users, unique_title):
    import pywikibot
    from pywikibot.exceptions import LockedPageError

    title = unique_title("Protected")
    wiki_users.editor.edit(title, "Text everyone could edit.")
    wiki_users.admin.protect(title)
    with pytest.raises(MediaWikiApiError) as refused:
        wiki_users.editor.edit(title, "Changed.")
    assert refused.value.code == "protectedpage"
    page = pywikibot.Page(wiki_site, title)
    page.text = "Changed by the bot."
    with pytest.raises(LockedPageError):
        page.save(summary="test", bot=True)


def test_up_down_and_up_again_reuse_the_install(tmp_path):
    state = tmp_path / "wiki"
    seed = {"Seed page": "Seed text.<ref>{{Cite news|title=Seed|work=Paper}}</ref>\n{{Reflist}}"}
    first = testwiki.up(state, pages=seed)
    try:
        accounts = testwiki.credentials(state)
        seed_rev = _latest_rev_id(first.api_url, "Seed page")

        assert testwiki.down(state) is True
        assert not _answers(first.api_url)
        stopped = testwiki.status(state)
        assert stopped is not None and not stopped.running
        assert testwiki.down(state) is False  # nothing to stop: still fine

        again = testwiki.up(state, pages=seed)
        assert again.port == first.port and again.pid != first.pid
        assert testwiki.credentials(state) == accounts  # the same install, not a new one
        assert _latest_rev_id(again.api_url, "Seed page") == seed_rev  # unchanged page: no new revision

        assert testwiki.up(state).pid == again.pid  # already running: left alone

        new_port = testwiki.php_tools.free_port()
        moved = testwiki.up(state, port=new_port)
        assert moved.port == new_port and _answers(moved.api_url) and not _answers(first.api_url)
        assert str(new_port) in load_settings(moved.config_path).wiki.article_url
        assert f":{new_port}/api.php" in (moved.pywikibot_dir / "user-config.py").read_text()
    finally:
        testwiki.down(state)


def test_up_reports_a_busy_port(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(testwiki.TestWikiError, match=f"port {port} .* in use"):
            testwiki.up(tmp_path / "wiki", port=port)
    assert testwiki.status(tmp_path / "wiki") is None


def test_up_refuses_a_folder_holding_other_files(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(testwiki.TestWikiError, match="not empty"):
        testwiki.up(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_up_without_php_says_how_to_set_up(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    with pytest.raises(testwiki.TestWikiError, match="php is not installed.*make setup"):
        testwiki.up(tmp_path / "wiki")


def test_up_names_a_page_it_cannot_import_and_keeps_the_others(test_wiki, unique_title):
    good = unique_title("Imported")
    with pytest.raises(testwiki.TestWikiError, match=r"cannot import page 'Bad \[title\]'"):
        testwiki.up(test_wiki.state_dir, pages={good: "Imported text.", "Bad [title]": "Text."})
    assert _latest_rev_id(test_wiki.api_url, good) > 0
    assert testwiki.status(test_wiki.state_dir) == test_wiki  # still the same running wiki
