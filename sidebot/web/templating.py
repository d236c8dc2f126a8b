"""The Jinja2 environment of the pages and its filters: times, numbers, support in words, safe links."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import jinja2
from fastapi.templating import Jinja2Templates

from sidebot.queue.reviews import DECISION_LABELS
from sidebot.queue.support import percent


def package_dir(name: str) -> Path:
    """A folder shipped inside ``sidebot.web`` (templates, static)."""
    return Path(str(files("sidebot.web").joinpath(name)))


def page_templates() -> Jinja2Templates:
    """The pages' Jinja2 templates: every value escaped, an undefined name an error, and the project's filters
    and globals registered."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(package_dir("templates"))),
        autoescape=True,  # every value is escaped; no template marks anything safe
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = format_time
    env.filters["number"] = format_number
    env.filters["percent"] = percent
    env.filters["http_url"] = is_http_url
    env.filters["truncate_left"] = truncate_left
    env.filters["section"] = format_section
    env.globals["query_url"] = query_url
    env.globals["decision_labels"] = {str(d): label for d, label in DECISION_LABELS.items()}
    return Jinja2Templates(env=env)


def format_time(value: datetime | None) -> str:
    """A time as the pages show it (``YYYY-MM-DD HH:MM UTC``; a dash for none)."""
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "—"


def format_number(value: float | None, digits: int = 2) -> str:
    """A number with ``digits`` decimals (a dash for none)."""
    return "—" if value is None else f"{value:.{digits}f}"


def is_http_url(value: str | None) -> bool:
    """Only http(s) addresses become links: a ``javascript:`` or ``data:`` URL in a citation stays text."""
    return bool(value) and urlsplit(str(value)).scheme.lower() in ("http", "https")


def format_section(path: str) -> str:
    """A section path as the citations code writes it ("History::Early life") for people to read."""
    return " › ".join(part.strip() for part in path.split("::") if part.strip())


def truncate_left(text: str, length: int) -> str:
    """The last ``length`` characters, cut at a word: the words nearest the claim matter most."""
    if len(text) <= length:
        return text
    tail = text[-length:]
    return "… " + tail.split(" ", 1)[-1]


def query_url(path: str, params: Mapping[str, str], **changes: object) -> str:
    """``path`` with ``params`` updated by ``changes``; empty values are left out."""
    merged = {**params, **{k: str(v) for k, v in changes.items()}}
    query = urlencode({k: v for k, v in merged.items() if v not in ("", None)})
    return f"{path}?{query}" if query else path
