"""The on-wiki review list: open findings as a wikitable (least supported first), split over ``TITLE``,
``TITLE/2``, ``TITLE/3``… when long, and a count page holding only the number of open findings.

Rendering is pure (:func:`render_pages`), and :func:`parse_rows` reads a rendered page back into the same
rows, so other tools (and our tests) can consume the list. Every cell that comes from an article or a
source goes through :func:`sidebot.onwiki.wikitext.inert`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import mwparserfromhell

from sidebot.config import ReviewListSettings
from sidebot.onwiki.records import OpenFinding
from sidebot.onwiki.wikitext import article_link, excerpt, external_link, inert, is_linkable, read_inert
from sidebot.queue.support import queue_reason, support_text

COLUMNS = ("#", "Article", "Claim", "Cited source", "Support", "Why listed", "Top suggestion")
HEADER_COMMENT = "<!-- Written by sidebot from its review queue: its next update replaces edits here. -->"


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One line of the list, as displayed: excerpts already cut and cleaned."""

    finding_id: int
    article: str
    claim: str
    source_url: str  # the cited URL as a clickable link; "" when it cannot be one (then it is in ``source``)
    source: str  # the link's label (the source's title), or the URL and title as text
    support: str  # "source unlikely to support the claim, 13 %"
    reason: str  # why it is in the queue: "tagged by editors", "low support", …
    suggestion: str
    # The archived copy read instead of the cited URL (linked after it); "" when the live one was read.
    copy_url: str = ""
    copy_label: str = ""  # "archived copy, 2019-05-03" (the link's label)


@dataclass(frozen=True, slots=True)
class ListPage:
    title: str
    text: str


def review_rows(findings: Sequence[OpenFinding], settings: ReviewListSettings) -> list[ReviewRow]:
    rows = []
    for item in findings:
        f = item.row
        reason = queue_reason(f.flag_reason, f.stance)
        if f.url and is_linkable(f.url):
            source_url, source = f.url, excerpt(f.source_title or f.url, settings.source_chars)
        else:
            source_url = ""
            source = excerpt(" · ".join(p for p in (f.url, f.source_title) if p), settings.source_chars)
        rows.append(
            ReviewRow(
                finding_id=f.id,
                article=f.article,
                claim=excerpt(f.claim, settings.claim_chars),
                source_url=source_url,
                source=source,
                support=support_text(f.probability),
                reason=reason.label if reason else "",
                suggestion=excerpt(item.suggestion_url or "", settings.source_chars),
                **(_copy(f.copy_kind, f.copy_url, f.copy_date) if source_url else {}),
            )
        )
    return rows


def _copy(kind: str | None, url: str | None, date: str | None) -> dict[str, str]:
    """The archived copy a finding read, as a link for the "Cited source" cell."""
    if not kind or kind == "live" or not url or not is_linkable(url):
        return {}
    label = "archived copy" + (f", {date}" if date else "")
    return {"copy_url": url, "copy_label": label}


def page_title(settings: ReviewListSettings, number: int) -> str:
    return settings.title if number == 1 else f"{settings.title}/{number}"


def render_pages(rows: Sequence[ReviewRow], settings: ReviewListSettings, doc_page: str) -> list[ListPage]:
    """The list's pages: as many as the rows need (at least one, at most ``max_pages``)."""
    shown = list(rows[: settings.rows_per_page * settings.max_pages])
    chunks = [shown[i : i + settings.rows_per_page] for i in range(0, len(shown), settings.rows_per_page)]
    chunks = chunks or [[]]
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        first = (number - 1) * settings.rows_per_page + 1
        intro = (
            f"Open findings of [[{doc_page}|sidebot]]: citations whose cited source may not support the "
            f"text before them, least supported first. {len(rows)} open"
        )
        if not rows:
            intro += "; nothing to review."
        else:
            intro += f"; this page lists {first}–{first + len(chunk) - 1}"
            if len(shown) < len(rows):
                intro += f" (the list shows the first {len(shown)})"
            intro += "."
        navigation = ""
        if len(chunks) > 1:
            links = [
                f"'''{n}'''" if n == number else f"[[{page_title(settings, n)}|{n}]]"
                for n in range(1, len(chunks) + 1)
            ]
            navigation = "\n\nPages: " + " · ".join(links)
        table = _table(chunk, settings) if chunk else ""
        text = f"{HEADER_COMMENT}\n{intro}{navigation}\n\n{table}".rstrip() + "\n"
        pages.append(ListPage(page_title(settings, number), text))
    return pages


def render_unused_page(settings: ReviewListSettings, doc_page: str) -> str:
    """The text of a subpage the list no longer needs (subpages are emptied, not deleted)."""
    return (
        f"{HEADER_COMMENT}\nThis page of [[{doc_page}|sidebot]]'s review list is not in use at the moment: "
        f"see [[{settings.title}]].\n"
    )


def render_count(count: int) -> str:
    """The count page: the number alone when transcluded; a line of explanation on the page itself."""
    note = "Open findings in sidebot's review queue (the bot writes this page)."
    return f"{count}<noinclude>\n\n{note}</noinclude>\n"


def _table(rows: Sequence[ReviewRow], settings: ReviewListSettings) -> str:
    lines = ['{| class="wikitable sortable"', "! " + " !! ".join(COLUMNS)]
    for row in rows:
        number = str(row.finding_id)
        if settings.finding_url:
            number = external_link(settings.finding_url.format(id=row.finding_id), number)
        lines += [
            "|-",
            f"| {number}",
            f"| {article_link(row.article)}",
            f"| {inert(row.claim)}",
            f"| {external_link(row.source_url, row.source) if row.source_url else inert(row.source)}"
            + (f" ({external_link(row.copy_url, row.copy_label)})" if row.copy_url else ""),
            f"| {inert(row.support)}",
            f"| {inert(row.reason)}",
            f"| {inert(row.suggestion)}",
        ]
    lines.append("|}")
    return "\n".join(lines)


def parse_rows(wikitext: str) -> list[ReviewRow]:
    """The rows of a page :func:`render_pages` wrote. Raises ValueError for a row that is not ours."""
    rows = []
    for tr in mwparserfromhell.parse(wikitext).filter_tags(matches=lambda node: node.tag == "tr"):
        cells = [node for node in tr.contents.filter_tags(recursive=False) if node.tag == "td"]
        if not cells:
            continue
        if len(cells) != len(COLUMNS):
            raise ValueError(f"a review list row of {len(cells)} cells, not {len(COLUMNS)}: {str(tr)[:200]}")
        number, article, claim, source, support, reason, suggestion = (c.contents for c in cells)
        source_links = source.filter_external_links()
        links = number.filter_external_links()
        number_text = str(links[0].title) if links else str(number)
        wikilinks = article.filter_wikilinks()
        if not wikilinks:
            raise ValueError(f"a review list row without an article link: {str(tr)[:200]}")
        rows.append(
            ReviewRow(
                finding_id=int(read_inert(number_text)),
                article=str(wikilinks[0].title).removeprefix(":"),
                claim=read_inert(str(claim)),
                source_url=str(source_links[0].url) if source_links else "",
                source=read_inert(str(source_links[0].title if source_links else source)),
                support=read_inert(str(support)),
                reason=read_inert(str(reason)),
                suggestion=read_inert(str(suggestion)),
                copy_url=str(source_links[1].url) if len(source_links) > 1 else "",
                copy_label=read_inert(str(source_links[1].title)) if len(source_links) > 1 else "",
            )
        )
    return rows
