"""How right the fields of a reference to paste are (`sidebot eval references`).

Two sets of pages, read by the fetcher's own extraction (:func:`sidebot.sources.extract.extract`, which fills
:mod:`sidebot.sources.metadata`):

- **labelled**: pages of ``tests/data/pages-independent*`` (hand-written by sessions that had not seen the
  extractor: invented sites, real kinds of markup) whose fields were written down by hand from each page's
  source (``tests/data/references/labels.json``: what an editor citing the page would write);
- **demo**: every WiCE page of the demo, as the demo source server renders it, against the metadata WiCE
  recorded for the real page (its "(meta data)" lines: title, author, date). The server writes those values
  into the page's tags, so this set checks that they survive the round trip, not how real pages vary.

Each field of each page is *right* (the same, once case, spacing, quotes and dashes are set aside; authors as
a set of names, "Last, First" read as "First Last"), *wrong* (another value), *missed* (the page gives it,
the reference leaves it out) or *invented* (the reference gives a value the page does not), or correctly
*absent* (neither). ``kind`` (news, journal, web) is always compared.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sidebot.sources.extract import extract
from sidebot.sources.mirror import iso_date

FIELDS = ("title", "author", "date", "website", "doi", "journal", "kind")
DEMO_FIELDS = ("title", "author", "date")
OUTCOMES = ("right", "wrong", "missed", "invented", "absent")
_PUNCTUATION = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


@dataclass
class Report:
    """Per field, how many pages' references got it right, wrong, missed, invented or rightly absent (see the
    module doc), with every mistake listed."""

    pages: int = 0
    per_field: dict[str, Counter[str]] = field(default_factory=dict)
    mistakes: list[dict[str, Any]] = field(
        default_factory=list
    )  # {"page", "field", "outcome", "expected", "got"}

    def add(
        self, page: str, expected: Mapping[str, Any], got: Mapping[str, Any], fields: Iterable[str]
    ) -> None:
        """Count one page: compare each of ``fields`` as extracted (``got``) with what it should be."""
        self.pages += 1
        for name in fields:
            outcome = compare(name, expected.get(name), got.get(name))
            self.per_field.setdefault(name, Counter())[outcome] += 1
            if outcome not in ("right", "absent"):
                self.mistakes.append(
                    {
                        "page": page,
                        "field": name,
                        "outcome": outcome,
                        "expected": expected.get(name),
                        "got": got.get(name),
                    }
                )

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: the outcome counts per field, the share right of the fields the pages give, and
        the mistakes."""
        given = {name: sum(c[o] for o in ("right", "wrong", "missed")) for name, c in self.per_field.items()}
        return {
            "pages": self.pages,
            "per_field": {name: {o: c[o] for o in OUTCOMES} for name, c in self.per_field.items()},
            # of the fields the pages give, the share the reference gets right
            "right_of_given": {
                name: round(c["right"] / given[name], 3) if given[name] else None
                for name, c in self.per_field.items()
            },
            "invented": sum(c["invented"] for c in self.per_field.values()),
            "mistakes": self.mistakes,
        }


def compare(name: str, expected: Any, got: Any) -> str:
    """The outcome of one field (``right``, ``wrong``, ``missed``, ``invented`` or ``absent``); an empty kind
    counts as ``web``."""
    if name == "kind":
        expected, got = expected or "web", got or "web"
    if not expected:
        return "invented" if got else "absent"
    if not got:
        return "missed"
    if name == "author":
        return "right" if {_name(a) for a in expected} == {_name(a) for a in got} else "wrong"
    return "right" if _norm(str(expected)) == _norm(str(got)) else "wrong"


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).translate(_PUNCTUATION).casefold().split())


def _name(text: str) -> str:
    last, comma, first = text.partition(",")
    return _norm(f"{first} {last}" if comma and first.strip() and " " not in last.strip() else text)


def _day(value: str | None) -> str | None:
    """WiCE's date as ``YYYY-MM-DD``: ISO ("2019-04-03T11:57:37+00:00") or written out ("April 1, 2014")."""
    if iso := iso_date(value):
        return iso
    for layout in ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.strptime((value or "").strip(), layout).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return None


def page_fields(html: bytes, url: str | None = None) -> dict[str, Any]:
    """The reference fields the fetcher reads from ``html``."""
    return extract(html, "text/html", url=url).metadata


def evaluate_labelled(labels: Path) -> Report:
    """The report over the hand-labelled pages listed in ``labels`` (paths relative to its folder's
    parent)."""
    data = json.loads(labels.read_text(encoding="utf-8"))
    report = Report()
    for path, expected in sorted(data["pages"].items()):
        report.add(path, expected, page_fields((labels.parent.parent / path).read_bytes()), FIELDS)
    return report


def evaluate_demo() -> Report:
    """The report over the demo's WiCE pages as the demo source server renders them, against WiCE's
    metadata."""
    from sidebot.sandbox.demo_content import demo_source_url, demo_sources
    from sidebot.sandbox.source_server import render_source_page

    base = "http://127.0.0.1:8731"
    report = Report()
    for source in demo_sources():
        author = source.author if source.author and not re.match(r"https?://", source.author) else None
        expected = {
            "title": source.title,
            "author": [author] if author else None,
            "date": _day(source.published),
        }
        url = demo_source_url(base, source.id)
        report.add(
            source.id, expected, page_fields(render_source_page(source, base).encode(), url), DEMO_FIELDS
        )
    return report
