"""Secrets come from the environment, a file the config names, or a systemd credential, never from the config
file itself; `sidebot doctor` names the missing ones. The BotPassword is checked on the real local wiki: the
bot logs in with a password that no Pywikibot file holds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sidebot.config import ConfigError, Settings, load_settings
from sidebot.credentials import (
    BOT_PASSWORD,
    CREDENTIALS_DIRECTORY,
    DATABASE_PASSWORD,
    SECRETS,
    SecretError,
    read_secret,
)
from sidebot.sandbox import testwiki
from sidebot.sandbox.testwiki_config import PASSWORD_FILE, USER_CONFIG
from tests.test_cli import sidebot

PG = "postgresql+psycopg://sidebot@db.example.org:5432/sidebot"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for secret in SECRETS:
        monkeypatch.delenv(secret.env, raising=False)
    for name in (CREDENTIALS_DIRECTORY, "SIDEBOT_DATABASE_URL", "PGPASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PGPASSFILE", "/nonexistent/.pgpass")
    return monkeypatch


def test_environment_then_file_then_systemd_credential(clean_env, tmp_path: Path) -> None:
    credentials = tmp_path / "credentials"
    credentials.mkdir()
    (credentials / BOT_PASSWORD.credential).write_text("from-systemd\n")
    file = tmp_path / "bot-password"
    file.write_text("from-file\n")
    assert read_secret(BOT_PASSWORD) is None
    clean_env.setenv(CREDENTIALS_DIRECTORY, str(credentials))
    assert read_secret(BOT_PASSWORD).value == "from-systemd"
    found = read_secret(BOT_PASSWORD, str(file))
    assert (found.value, found.source) == ("from-file", f"{file} ([wiki] bot_password_file)")
    clean_env.setenv(BOT_PASSWORD.env, "from-env")
    assert read_secret(BOT_PASSWORD, str(file)).value == "from-env"


def test_a_named_file_that_is_missing_or_empty_is_an_error(clean_env, tmp_path: Path) -> None:
    with pytest.raises(SecretError, match="cannot read the BotPassword from"):
        read_secret(BOT_PASSWORD, str(tmp_path / "absent"))
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(SecretError, match="is empty"):
        read_secret(BOT_PASSWORD, str(tmp_path / "empty"))
    config = tmp_path / "sidebot.toml"
    config.write_text(f'[database]\nurl = "{PG}"\npassword_file = "absent"\n')
    with pytest.raises(ConfigError, match="cannot read the database password from .*absent"):
        load_settings(config)


def test_database_password_goes_into_a_url_without_one(clean_env, tmp_path: Path) -> None:
    (tmp_path / "db-password").write_text("s3cret/with@odd:chars\n")
    config = tmp_path / "sidebot.toml"
    config.write_text(f'[database]\nurl = "{PG}"\npassword_file = "db-password"\n')
    settings = load_settings(config)  # a relative path is taken from the config's folder
    assert settings.database.password_file == str(tmp_path / "db-password")
    from sqlalchemy.engine import make_url

    url = make_url(settings.database_url)
    assert (url.username, url.password, url.host, url.database) == (
        "sidebot",
        "s3cret/with@odd:chars",
        "db.example.org",
        "sidebot",
    )
    assert "s3cret" not in config.read_text()
    clean_env.setenv(DATABASE_PASSWORD.env, "from-env")
    assert make_url(settings.database_url).password == "from-env"
    with_password = PG.replace("sidebot@", "sidebot:given@")
    assert Settings(database={"url": with_password}).database_url == with_password
    assert Settings(home=tmp_path).database_url == f"sqlite:///{tmp_path / 'sidebot.db'}"


def test_doctor_names_the_missing_secrets(clean_env, tmp_path: Path) -> None:
    config = tmp_path / "sidebot.toml"
    config.write_text(
        f'[database]\nurl = "{PG}"\n\n[wiki]\nbot_password_name = "sidebot"\n\n'
        '[web]\nauth = "oauth"\noauth_client_id = "abc"\n\n[verify]\nendpoint = "http://verifier.example:8080"\n'
    )
    base = {k: v for k, v in os.environ.items() if k not in {s.env for s in SECRETS}}
    base |= {"SIDEBOT_HOME": str(tmp_path), "COLUMNS": "300"}
    result = sidebot("--config", str(config), "doctor", "--offline", env=base, check=False)
    assert result.returncode == 1
    out = " ".join(result.stdout.split())
    for secret in SECRETS:
        assert f"secret: {secret.name}" in out
        assert secret.env in out and secret.credential in out
    assert out.count("missing") == 4
    env = base | {
        DATABASE_PASSWORD.env: "x",
        BOT_PASSWORD.env: "y",
        "SIDEBOT_OAUTH_CLIENT_SECRET": "z",
        "SIDEBOT_VERIFIER_TOKEN": "t",
    }
    result = sidebot("--config", str(config), "doctor", "--offline", env=env, check=False)
    out = " ".join(result.stdout.split())
    assert "missing" not in out and "from $SIDEBOT_BOT_PASSWORD" in out
    assert "y" not in {word.strip("│") for word in out.split()}  # the value is never printed


@pytest.mark.integration
def test_bot_logs_in_with_a_botpassword_from_the_environment(test_wiki, tmp_path: Path) -> None:
    """A Pywikibot folder without password_file, the BotPassword in $SIDEBOT_BOT_PASSWORD: the bot logs in.
    A wrong one and a missing one are one clear error each."""
    settings = load_settings(test_wiki.config_path)
    folder = tmp_path / "pywikibot"
    folder.mkdir()
    user_config = (Path(settings.wiki.pywikibot_dir) / USER_CONFIG).read_text()
    lines = [line for line in user_config.splitlines() if not line.startswith("password_file")]
    (folder / USER_CONFIG).write_text("\n".join(lines) + "\n")
    assert not (folder / PASSWORD_FILE).exists()
    bot = testwiki.credentials(test_wiki.state_dir)["bot"]
    config = tmp_path / "sidebot.toml"
    config.write_text(
        f'[wiki]\nname = "{settings.wiki.name}"\npywikibot_dir = "{folder}"\n'
        f'family = "{settings.wiki.family}"\ncode = "{settings.wiki.code}"\n'
        f'bot_password_name = "{bot.bot_password_name}"\n'
    )
    code = (
        "import sys\nfrom sidebot.config import load_settings\n"
        "from sidebot.wiki.site import connect, WikiError\n"
        "try: print('logged in as', connect(load_settings(sys.argv[1])).user())\n"
        "except WikiError as e: print('error:', e); sys.exit(3)\n"
    )

    def log_in(password: str | None) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k not in (BOT_PASSWORD.env, CREDENTIALS_DIRECTORY)}
        env.pop("PYWIKIBOT_DIR", None)
        if password is not None:
            env[BOT_PASSWORD.env] = password
        return subprocess.run(
            [sys.executable, "-c", code, str(config)], env=env, capture_output=True, text=True, timeout=120
        )

    done = log_in(bot.bot_password)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"logged in as {bot.username}" in done.stdout
    for cookie in folder.glob("pywikibot-*.lwp"):  # each attempt starts logged out
        cookie.unlink()
    wrong = log_in("x" * 32)
    assert wrong.returncode == 3 and "cannot log in" in wrong.stdout, wrong.stdout + wrong.stderr
    missing = log_in(None)
    assert missing.returncode == 3 and "SIDEBOT_BOT_PASSWORD" in missing.stdout, missing.stdout
