"""The on-wiki review list: open findings in sections (each a wikitable, least supported first), split over
``TITLE``, ``TITLE/2``, ``TITLE/3``… when long, and a count page holding only the number of open findings.

Every page opens with a header that says what the list is, which findings each section lists, where the
stop page is and where to report a mistake. The sections are data (:data:`SECTIONS`): a finding goes in the
first section that holds it, so a new kind of finding gets a new entry there, not a new table.

Rendering is pure (:func:`render_pages`), and :func:`parse_rows` reads a rendered page back into the same
rows, so other tools (and our tests) can consume the list. Every cell that comes from an article or a
source goes through :mod:`sidebot.wikitext` (text inert, URLs escaped).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import mwparserfromhell

from sidebot.citations.citations import NEEDS_SOURCE
from sidebot.config import ReviewListSettings
from sidebot.queue.onwiki_records import OpenFinding
from sidebot.queue.support import CHANGED_FACT_PREFIX, is_edit_reason, no_citation_note, queue_reason
from sidebot.wikitext import (
    article_link,
    excerpt,
    external_link,
    inert,
    is_linkable,
    read_inert,
    read_link_target,
)

COLUMNS = ("#", "Article", "Claim", "Cited source", "Support", "Why listed", "Top suggestion")
HEADER_COMMENT = "<!-- Written by sidebot from its review queue: its next update replaces edits here. -->"


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One line of the list, as displayed: excerpts already cut and cleaned. URLs are the findings' own;
    read back by :func:`parse_rows` they are the addresses MediaWiki links to (the same unless the URL held
    a character MediaWiki escapes, such as a space)."""

    finding_id: int
    article: str
    claim: str
    source_url: str  # the cited URL as a clickable link; "" when it cannot be one (then it is in ``source``)
    source: str  # the link's label (the source's title), or the URL and title as text
    support: str  # what fails, then both figures in words, as every view words them (sidebot.queue.lead)
    # why it is in the queue ("tagged by editors", "low support", …) and why it comes first ("living person ·
    # 12k views/day · tagged 3 years ago", sidebot.queue.priority)
    reason: str
    suggestion: str = ""  # the best suggested source's label (its title, else its URL)
    suggestion_url: str = ""  # its address, a clickable link; "" when there is no suggestion
    reference: str = ""  # its reference to paste, shown as text (the <ref> is never parsed on the list)
    # The archived copy read instead of the cited URL (linked after it); "" when the live one was read.
    copy_url: str = ""
    copy_label: str = ""  # "archived copy, 2019-05-03" (the link's label)


@dataclass(frozen=True, slots=True)
class Section:
    """A kind of finding the list shows under its own heading. ``band`` completes the header's sentence
    "It lists …"; ``holds`` picks the findings (a finding goes in the first section that holds it)."""

    key: str
    heading: str
    band: str
    holds: Callable[[OpenFinding], bool]


@dataclass(frozen=True, slots=True)
class ListSection:
    """A section of the review list with the rows that fall under it, in priority order."""

    section: Section
    rows: tuple[ReviewRow, ...]


@dataclass(frozen=True, slots=True)
class ListHeader:
    """Where the header sends readers: the bot's documentation, its stop page, and where to report a
    mistake (pages of the wiki)."""

    doc_page: str
    stop_page: str
    report_page: str


@dataclass(frozen=True, slots=True)
class ListPage:
    """One page of the review list as it will be saved: its title and whole wikitext."""

    title: str
    text: str


SECTIONS: tuple[Section, ...] = (
    Section(
        key="changed",
        heading="Facts changed under a citation that was kept",
        band="numbers, dates and names an edit changed while the cited source gives the old value (first: "
        "they are often vandalism)",
        holds=lambda finding: (finding.row.flag_reason or "").startswith(CHANGED_FACT_PREFIX),
    ),
    Section(
        key="edits",
        heading="Citations an edit removed, replaced or untagged",
        band="citations an edit took out while their claim stayed, pointed at a source that backs the claim "
        "less, or whose “citation needed” or “failed verification” tag it took off with nothing else changed",
        holds=lambda finding: is_edit_reason(finding.row.flag_reason),
    ),
    Section(
        key="needs-source",
        heading="Claims tagged “citation needed” for which a source was found",
        band="claims editors tagged “citation needed” for which the bot found a source that states them (the "
        "suggestion column; check it before you cite it)",
        holds=lambda finding: finding.row.kind == NEEDS_SOURCE,
    ),
    Section(
        key="queued",
        heading="Citations whose source may not support the text",
        band="findings queued below the flag threshold, in the bands its settings name (by default: very "
        "likely fails)",
        holds=lambda finding: True,
    ),
)


def review_sections(
    findings: Sequence[OpenFinding], settings: ReviewListSettings, sections: Sequence[Section] = SECTIONS
) -> list[ListSection]:
    """Every section with its rows (possibly none), in the order of ``sections``; findings keep their
    order (highest priority first) within a section, and one no section holds is not listed, nor one in a band
    the settings leave out."""
    chosen: dict[str, list[OpenFinding]] = {s.key: [] for s in sections}
    for finding in findings:
        if finding.row.band and finding.row.band not in settings.bands and not finding.row.change:
            continue  # a band the list does not carry (default: "very likely fails" only)
        home = next((s for s in sections if s.holds(finding)), None)
        if home is not None:
            chosen[home.key].append(finding)
    return [ListSection(s, tuple(review_rows(chosen[s.key], settings))) for s in sections]


def review_rows(findings: Sequence[OpenFinding], settings: ReviewListSettings) -> list[ReviewRow]:
    """The list's rows for ``findings``, in their order: claim and source cut to the settings' lengths, a
    source that cannot be linked shown as text, the reason the finding is queued, the suggested source and the
    archived copy that was read, if any."""
    rows = []
    for item in findings:
        f = item.row
        reason = queue_reason(f.flag_reason, f.stance)
        if f.kind == NEEDS_SOURCE:
            source_url, source = "", no_citation_note(f.tag_date)
        elif f.url and is_linkable(f.url):
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
                support=f.support,
                reason=" · ".join(p for p in (reason.label if reason else "", f.priority_note) if p),
                **_suggestion(item, settings),
                **(_copy(f.copy_kind, f.copy_url, f.copy_date) if source_url else {}),
            )
        )
    return rows


def _suggestion(item: OpenFinding, settings: ReviewListSettings) -> dict[str, str]:
    url = item.suggestion_url or ""
    label = excerpt(item.suggestion_title or url, settings.source_chars)
    return {
        "suggestion": label,
        "suggestion_url": url if is_linkable(url) else "",
        "reference": item.suggestion_reference or "" if url else "",
    }


def _copy(kind: str | None, url: str | None, date: str | None) -> dict[str, str]:
    """The archived copy a finding read, as a link for the "Cited source" cell."""
    if not kind or kind == "live" or not url or not is_linkable(url):
        return {}
    label = "archived copy" + (f", {date}" if date else "")
    return {"copy_url": url, "copy_label": label}


def page_title(settings: ReviewListSettings, number: int) -> str:
    """The title of the list's page ``number`` (from 1): the configured title, then its subpages ``/2``,
    ``/3``, …."""
    return settings.title if number == 1 else f"{settings.title}/{number}"


def render_pages(
    sections: Sequence[ListSection], settings: ReviewListSettings, header: ListHeader
) -> list[ListPage]:
    """The list's pages: as many as the rows need (at least one, at most ``max_pages``), each with the
    header and the rows that fall on it under their sections' headings."""
    listed = [(part.section, row) for part in sections for row in part.rows]
    shown = listed[: settings.rows_per_page * settings.max_pages]
    size = settings.rows_per_page
    chunks = [shown[i : i + size] for i in range(0, len(shown), size)] or [[]]
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        first = (number - 1) * size + 1
        count = f"{len(listed)} open"
        if not listed:
            count += "; nothing to review."
        else:
            count += f"; this page lists {first}–{first + len(chunk) - 1}"
            if len(shown) < len(listed):
                count += f" (the list shows the first {len(shown)})"
            count += "."
        navigation = ""
        if len(chunks) > 1:
            links = [
                f"'''{n}'''" if n == number else f"[[{page_title(settings, n)}|{n}]]"
                for n in range(1, len(chunks) + 1)
            ]
            navigation = "\n\nPages: " + " · ".join(links)
        body = "\n\n".join(
            f"== {section.heading} ==\n{_table([row for s, row in chunk if s is section], settings)}"
            for section in dict.fromkeys(s for s, _ in chunk)
        )
        intro = _header([part.section for part in sections], header)
        text = f"{HEADER_COMMENT}\n{intro}\n\n{count}{navigation}\n\n{body}".rstrip() + "\n"
        pages.append(ListPage(page_title(settings, number), text))
    return pages


def _header(sections: Sequence[Section], header: ListHeader) -> str:
    """What the list is, what it lists, how to stop the bot and where to report a mistake."""
    bands = "; ".join(s.band for s in sections)
    return (
        f"This is the review list of [[{header.doc_page}|sidebot]], a bot that compares citations with the "
        "sources they cite: each line is a citation whose source may not support the text it is cited for, "
        "for a person to check. It lists "
        f"{bands}, least supported first. The support column says first what fails (the facts the source "
        "does not give, a fact an edit changed, a citation removed), then two figures: how likely the source "
        "backs the whole claim, and how likely it backs at least part of it (not given where the source "
        f"gives none of the claim's facts). To stop the bot, edit [[{header.stop_page}]] (any edit there "
        f"stops its writes). To report a mistake, write on [[{header.report_page}]]."
    )


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
        source = external_link(row.source_url, row.source) if row.source_url else inert(row.source)
        if row.copy_url:
            source += f" ({external_link(row.copy_url, row.copy_label)})"
        suggestion = (
            external_link(row.suggestion_url, row.suggestion) if row.suggestion_url else inert(row.suggestion)
        )
        if row.reference:  # inert: on the list, the <ref> and its template are text to copy, not markup
            suggestion += f"<br /><code>{inert(row.reference)}</code>"
        lines += [
            "|-",
            f"| {number}",
            f"| {article_link(row.article)}",
            f"| {inert(row.claim)}",
            f"| {source}",
            f"| {inert(row.support)}",
            f"| {inert(row.reason)}",
            f"| {suggestion}",
        ]
    lines.append("|}")
    return "\n".join(lines)


def parse_rows(wikitext: str) -> list[ReviewRow]:
    """The rows of a page :func:`render_pages` wrote, all sections in order. Raises ValueError for a row
    that is not ours."""
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
        suggestion_links = suggestion.filter_external_links()
        codes = suggestion.filter_tags(recursive=False, matches=lambda node: node.tag == "code")
        for node in [*codes[:1], *suggestion.filter_tags(recursive=False, matches=lambda n: n.tag == "br")]:
            suggestion.remove(node)  # the reference and the line break before it: the label is what is left
        rows.append(
            ReviewRow(
                finding_id=int(read_inert(number_text)),
                article=str(wikilinks[0].title).removeprefix(":"),
                claim=read_inert(str(claim)),
                source_url=_url(source_links, 0),
                source=read_inert(str(source_links[0].title if source_links else source)),
                support=read_inert(str(support)),
                reason=read_inert(str(reason)),
                suggestion=read_inert(str(suggestion_links[0].title if suggestion_links else suggestion)),
                suggestion_url=_url(suggestion_links, 0),
                reference=read_inert(str(codes[0].contents)) if codes else "",
                copy_url=_url(source_links, 1),
                copy_label=read_inert(str(source_links[1].title)) if len(source_links) > 1 else "",
            )
        )
    return rows


def _url(links: list, index: int) -> str:
    return read_link_target(str(links[index].url)) if len(links) > index else ""
