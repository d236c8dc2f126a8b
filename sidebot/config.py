"""Typed settings: one place for every knob.

Settings come from a TOML file (``sidebot --config PATH``, or ``$SIDEBOT_CONFIG``); anything a file leaves
out takes the defaults below. ``$SIDEBOT_HOME`` moves the data folder (default ``~/.local/share/sidebot``),
``$SIDEBOT_DATABASE_URL`` overrides the database URL.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

CONFIG_ENV = "SIDEBOT_CONFIG"
HOME_ENV = "SIDEBOT_HOME"
DATABASE_ENV = "SIDEBOT_DATABASE_URL"


class ConfigError(Exception):
    """The configuration file is missing, unreadable or invalid."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


def default_home() -> Path:
    return Path(os.environ.get(HOME_ENV) or Path.home() / ".local" / "share" / "sidebot").expanduser()


class DatabaseSettings(_Section):
    url: str = ""  # empty: sqlite file sidebot.db in the data folder
    auto_upgrade: bool = True  # migrate the schema on start; set false to require `sidebot db upgrade`


class WikiSettings(_Section):
    name: str = ""  # the key findings are filed under, e.g. "enwiki"
    pywikibot_dir: str = ""  # folder with user-config.py (empty: pywikibot's own default, ~/.pywikibot)
    family: str = "wikipedia"
    code: str = "en"
    article_namespaces: list[int] = [0]
    failed_verification_template: str = "Failed verification"
    article_url: str = ""  # e.g. "https://en.wikipedia.org/wiki/{title}"; empty: derived from the site


class FetchSettings(_Section):
    connect_timeout: float = 5.0
    read_timeout: float = 15.0
    total_timeout: float = 30.0
    max_bytes: int = 5_000_000
    max_redirects: int = 5
    user_agent: str = "sidebot/0.1 (citation verification bot; https://meta.wikimedia.org/wiki/Sidebot)"
    # Networks sources may resolve to even though they are private/loopback (tests: ["127.0.0.1/32"]).
    allow_networks: list[str] = []
    cache_days: float = 30.0
    retry_failed_hours: float = 24.0  # failed fetches (dead, timeout, 5xx) are retried after this
    concurrency: int = 8


class VerifySettings(_Section):
    scorer: Literal["minilm-cosine"] = "minilm-cosine"
    # A finding is opened in the review queue when the source's support is below this (the calibrated
    # probability when the scorer has one, else its raw score). None: the scorer's own default.
    flag_below: float | None = None
    batch_size: int = 32


class PatrolSettings(_Section):
    recent_limit: int = 50


class Settings(_Section):
    home: Path = Field(default_factory=default_home)
    database: DatabaseSettings = DatabaseSettings()
    wiki: WikiSettings = WikiSettings()
    fetch: FetchSettings = FetchSettings()
    verify: VerifySettings = VerifySettings()
    patrol: PatrolSettings = PatrolSettings()
    source_file: Path | None = None  # the TOML file these settings came from

    @property
    def database_url(self) -> str:
        url = os.environ.get(DATABASE_ENV) or self.database.url
        return url or f"sqlite:///{self.home / 'sidebot.db'}"


def load_settings(path: Path | str | None = None) -> Settings:
    """Read settings from ``path`` (or ``$SIDEBOT_CONFIG``); with neither, the built-in defaults."""
    path = path or os.environ.get(CONFIG_ENV)
    if not path:
        return Settings()
    path = Path(path).expanduser()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"config file not found: {path}") from exc
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from exc
    if "home" in raw:
        raw["home"] = _resolve(raw["home"], path.parent)
    wiki = raw.get("wiki", {})
    if wiki.get("pywikibot_dir"):
        wiki["pywikibot_dir"] = str(_resolve(wiki["pywikibot_dir"], path.parent))
    try:
        return Settings(**raw, source_file=path.resolve())
    except ValidationError as exc:
        raise ConfigError(f"invalid config file {path}:\n{exc}") from exc


def _resolve(value: str, base: Path) -> Path:
    """Paths in a config file are relative to the file's folder."""
    p = Path(value).expanduser()
    return p if p.is_absolute() else (base / p).resolve()
