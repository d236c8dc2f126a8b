"""`sidebot queue prioritize`: read what the wiki says of every page with open findings (a living person's
biography, its edit protection) and their daily views from a Wikimedia pageview dump, store them on the
pages, and work out the open findings' priority again (:mod:`sidebot.queue.priority`)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from sidebot.config import Settings
from sidebot.datasets.pageviews import read_pageviews
from sidebot.patrol.wiki_reader import WikiReader
from sidebot.queue.db import Database
from sidebot.queue.priority import pages_of, refresh_priorities, set_page_facts, set_page_views
from sidebot.sources.download import download

MAX_DUMP_BYTES = 512 * 1024 * 1024  # an hourly dump is ~50 MB compressed


@dataclass(frozen=True, slots=True)
class PriorityRefresh:
    """What a priority refresh read and changed."""

    pages: int  # pages with open findings
    living: int  # of them, biographies of living people
    protected: int  # of them, edit-protected
    with_views: int  # of them, found in the pageview dump (None: no dump read)
    findings: int  # open findings whose priority changed


def pageview_source(settings: Settings, given: str | None = None) -> str:
    """The dump to read: ``given`` (a path or URL), else ``[priority] pageviews``; a relative path is read
    from the config file's folder."""
    source = given or settings.priority.pageviews
    if not source or source.lower().startswith(("http://", "https://")):
        return source
    path = Path(source).expanduser()
    if not path.is_absolute() and not given and settings.source_file is not None:
        path = settings.source_file.parent / path
    return str(path)


def views_per_day(settings: Settings, source: str, titles: Collection[str]) -> dict[str, float]:
    """Daily views of ``titles`` in the dump at ``source`` (a path, or an http(s) URL fetched under the
    SSRF guard): the dump's counts scaled from the ``[priority] pageviews_hours`` it covers to a day."""
    if source.lower().startswith(("http://", "https://")):
        data: bytes | Path = download(source, settings.fetch, MAX_DUMP_BYTES)
    else:
        data = Path(source)
    counts = read_pageviews(data, settings.priority.pageviews_domain, set(titles))
    scale = 24 / settings.priority.pageviews_hours
    return {title: count * scale for title, count in counts.items()}


def refresh_page_priority(
    settings: Settings, db: Database, wiki: WikiReader | None, pageviews: str | None = None
) -> PriorityRefresh:
    """Facts from ``wiki`` (None: keep the stored ones), views from ``pageviews`` (else the configured
    dump; none: keep the stored views), then every open finding's priority."""
    with db.session() as session:
        pages = pages_of(session, wiki.name if wiki else settings.wiki.name)
    facts = wiki.page_facts(pages) if wiki is not None else {}
    source = pageview_source(settings, pageviews)
    views = views_per_day(settings, source, pages) if source else None
    with db.session() as session:
        set_page_facts(session, {pages[t]: f for t, f in facts.items() if t in pages})
        if views is not None:
            set_page_views(session, {pid: views.get(title) for title, pid in pages.items()})
        changed = refresh_priorities(session, settings.priority)
    return PriorityRefresh(
        pages=len(pages),
        living=sum(f.living_person for f in facts.values()),
        protected=sum(bool(f.edit_protection) for f in facts.values()),
        with_views=len(views) if views is not None else 0,
        findings=changed,
    )
