"""A reference ready to paste for a suggested source: ``<ref>{{cite web |url= |title= … |quote=}}</ref>``.

Filled from what the page says of itself (:mod:`sidebot.sources.metadata`), never from a guess: a field the
page does not give is left out, for the editor to add. ``{{cite journal}}`` (with ``journal=`` and ``doi=``)
for a paper with a DOI, ``{{cite news}}`` (with ``work=``) for a news article, ``{{cite web}}`` (with
``website=``, and ``doi=`` when the page has one) for the rest. ``access-date`` is the day the bot fetched the
page; a corpus document it never fetched has only the corpus's address and title, and no access date.
``quote`` is the evidence sentence the verifier found. Every value goes through
:func:`~sidebot.wikitext.template_value` (the URL through
:func:`~sidebot.wikitext.link_target`), so nothing in it is markup. The bot shows it (card, API,
queue list, on-wiki list); it never inserts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from sidebot.wikitext import is_linkable, link_target, template_value

QUOTE_CHARS = 600  # a quote is a sentence; a longer "sentence" is cut at a word, with an ellipsis
VALUE_CHARS = 300
_TEMPLATES = {"journal": ("cite journal", "journal"), "news": ("cite news", "work")}


def build_reference(
    url: str,
    metadata: Mapping[str, Any] | None,
    *,
    title: str | None = None,
    quote: str | None = None,
    accessed: date | datetime | None = None,
) -> str | None:
    """The ``<ref>`` for ``url``. ``metadata`` is the page's (None: the bot never fetched it); ``title`` the
    title to use when the metadata has none (the corpus's or the fetched page's own); ``accessed`` the day the
    page was fetched. None for a URL that cannot be linked."""
    if not is_linkable(url):
        return None
    meta = metadata or {}
    kind = meta.get("kind") if meta.get("kind") in _TEMPLATES else None
    if kind == "journal" and not (meta.get("doi") and meta.get("journal")):
        kind = None
    template, container = _TEMPLATES.get(kind or "", ("cite web", "website"))
    authors = [a for a in meta.get("author") or [] if isinstance(a, str)]
    fields: list[tuple[str, Any]] = [
        ("url", url),
        ("title", meta.get("title") or title),
        *(
            [("author", authors[0])]
            if len(authors) == 1
            else [(f"author{n}", name) for n, name in enumerate(authors, 1)]
        ),
        ("date", meta.get("date")),
        (container, meta.get("journal") if kind == "journal" else meta.get("website")),
        ("doi", meta.get("doi")),
        ("access-date", accessed.strftime("%Y-%m-%d") if accessed else None),
        ("quote", quote),
    ]
    parts = [f"{template} "]
    for name, value in fields:
        if not isinstance(value, str) or not value.strip():
            continue
        if name == "url":
            written = link_target(value)
        else:
            written = template_value(value, QUOTE_CHARS if name == "quote" else VALUE_CHARS)
        if written:
            parts.append(f"|{name}={written} ")
    return "<ref>{{" + "".join(parts).rstrip() + "}}</ref>"
