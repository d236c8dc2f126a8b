"""Lists of page titles exported by PetScan or PagePile, for a worklist:

- plain text, one title a line (PetScan's "PagePile"/"plain" output, a PagePile's ``format=text``);
- CSV with a ``title`` column (PetScan's ``format=csv``: number,title,pageid,namespace,length,touched);
- JSON: a PagePile (``{"pages": ["Title", …]}``) or PetScan's ``format=json`` (page objects with ``title``
  and ``nstext`` somewhere in the answer).

Titles are read with spaces for underscores, as the queue stores them.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MAX_TITLE = 255  # MediaWiki's limit, in bytes: longer lines are not titles


class TitleListError(ValueError):
    """The file is not a list of titles in a known form."""


def read_title_list(path: Path) -> list[str]:
    """The titles in ``path``, in order, each once."""
    return parse_title_list(path.read_text(encoding="utf-8-sig"))


def parse_title_list(text: str) -> list[str]:
    """The titles ``text`` lists, in order, each once."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise TitleListError(f"not valid JSON: {exc}") from exc
        titles = list(_json_titles(data))
    elif _csv_header(stripped):
        titles = [row.get("title") or "" for row in csv.DictReader(io.StringIO(stripped))]
    else:
        titles = stripped.splitlines()
    out = [_title(t) for t in titles if t.strip()]
    too_long = next((t for t in out if len(t.encode("utf-8")) > MAX_TITLE), None)
    if too_long is not None:
        raise TitleListError(f"not a title (over {MAX_TITLE} bytes): {too_long[:60]!r}…")
    return list(dict.fromkeys(out))


def _csv_header(text: str) -> bool:
    first = text.split("\n", 1)[0].strip().lower()
    return "," in first and "title" in [c.strip().strip('"') for c in first.split(",")]


def _json_titles(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        if isinstance(data.get("pages"), list) and all(isinstance(p, str) for p in data["pages"]):
            yield from data["pages"]  # a PagePile
            return
        if isinstance(data.get("title"), str):  # a PetScan page
            namespace = data.get("nstext") or ""
            yield f"{namespace}:{data['title']}" if namespace else data["title"]
            return
        for value in data.values():
            yield from _json_titles(value)
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, str):
                yield item
            else:
                yield from _json_titles(item)


def _title(raw: str) -> str:
    return raw.strip().replace("_", " ")
