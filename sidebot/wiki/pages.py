"""Page sources: which pages a run looks at. Each gives :class:`PageRef` values (plain data: the pipeline
and the queue never see Pywikibot objects) and they compose like Pywikibot's pagegenerators, e.g.
``deduplicate(chain(recent_changes(site, 50), failed_verification(site, "Failed verification")))``.

Every call goes through :func:`sidebot.wiki.site.translate_errors`: a wiki that keeps answering 5xx or
maxlag raises :class:`~sidebot.wiki.site.WikiUnavailableError` after Pywikibot's bounded retries.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Literal, get_args

from sidebot.wiki.site import TEMPLATE_NAMESPACE, PageNotFoundError, translate_errors

if TYPE_CHECKING:
    from pywikibot.site import APISite

Origin = Literal["recent", "failed_verification", "citation_needed", "page", "backfill"]
CITATION_NEEDED_ORIGIN: Origin = "citation_needed"
ARTICLES = (0,)


def as_origin(value: str) -> Origin:
    """``value`` (an origin read back from the queue) as an :data:`Origin`; ValueError if it is not one."""
    for origin in get_args(Origin):
        if value == origin:
            return origin
    raise ValueError(f"unknown page origin {value!r}")


class PageGoneError(PageNotFoundError):
    """The page was deleted (or its text hidden) after it was listed."""


@dataclass(frozen=True, slots=True)
class PageRef:
    """A page at a revision, and why a run looks at it. ``page_id`` survives moves; ``timestamp`` is the
    revision's time, timezone-aware UTC."""

    title: str
    page_id: int
    rev_id: int
    timestamp: datetime
    origin: Origin


@dataclass(frozen=True, slots=True)
class RecentChanges:
    """The pages of :func:`recent_changes`, oldest change first, and ``newest``: the time of the newest change
    read, the ``since`` of the next run (None when there was no change)."""

    pages: list[PageRef]
    newest: datetime | None

    def __iter__(self) -> Iterator[PageRef]:
        return iter(self.pages)

    def __len__(self) -> int:
        return len(self.pages)


def recent_changes(
    site: APISite,
    limit: int | None = None,
    since: datetime | None = None,
    namespaces: Iterable[int] = ARTICLES,
    include_bots: bool = False,
) -> RecentChanges:
    """Recently edited or created pages, each once at its latest listed revision, oldest first.

    - ``limit``: at most this many pages (None: every change the wiki still lists, ~30–90 days).
    - ``since``: only changes at or after this time (naive datetimes are taken as UTC), read oldest first,
      so a patrol that passes the previous run's ``newest`` advances without gaps. Inclusive because wiki
      timestamps have whole seconds: the edits of that second come again rather than being missed; callers
      skip revisions they already checked. Without ``since``: the ``limit`` most recently changed pages.
    - Edits flagged as bot edits are left out unless ``include_bots`` (a patrol checks what people add; a
      bot account's edits without the bot flag do count). Redirects and log entries are left out.
    """
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 (or None for no limit), not {limit}")
    latest: dict[int, PageRef] = {}  # by page id: a page moved since keeps it
    newest: datetime | None = None
    with translate_errors():
        changes = site.recentchanges(
            start=_api_time(since) if since is not None else None,
            reverse=since is not None,
            namespaces=list(namespaces),
            changetype=["edit", "new"],
            bot=None if include_bots else False,
            redirect=False,
        )
        for change in changes:
            page_id = change["pageid"]
            if page_id not in latest and limit is not None and len(latest) >= limit:
                break
            ref = PageRef(change["title"], page_id, change["revid"], _utc(change["timestamp"]), "recent")
            newest = ref.timestamp if newest is None else max(newest, ref.timestamp)
            if page_id not in latest or ref.rev_id > latest[page_id].rev_id:
                latest[page_id] = ref
    pages = sorted(latest.values(), key=lambda ref: (ref.timestamp, ref.rev_id))
    return RecentChanges(pages, newest)


def failed_verification(
    site: APISite, template: str = "Failed verification", namespaces: Iterable[int] = ARTICLES
) -> Iterator[PageRef]:
    """Pages that transclude ``template`` (a redirect to it is followed) at their latest revision. The
    wiki records a transclusion through a redirect ({{Fv}}) under the target too, so this finds every form.
    A generator: PageNotFoundError (the template does not exist) comes with the first item."""
    return transcluding(site, template, "failed_verification", namespaces)


def citation_needed(
    site: APISite,
    templates: Iterable[str] = ("Citation needed", "Citation needed span"),
    namespaces: Iterable[int] = ARTICLES,
    after: int = 0,
    limit: int | None = None,
) -> Iterator[PageRef]:
    """Pages that transclude any of ``templates`` ({{citation needed}}, {{citation needed span}}, through
    any redirect), each once at its latest revision, by ascending page id after ``after`` (a sweep's cursor:
    it resumes there), at most ``limit``. The list of ids is read first (light), then only the pages kept
    are loaded. A template the wiki lacks is skipped; PageNotFoundError when it has none of them."""
    import pywikibot

    names = list(templates)
    pages: dict[int, pywikibot.Page] = {}
    missing: list[PageNotFoundError] = []
    with translate_errors():
        for name in names:
            target = pywikibot.Page(site, name, ns=TEMPLATE_NAMESPACE)
            if not target.exists():
                missing.append(PageNotFoundError(target.title(), "does not exist: no such template"))
                continue
            if target.isRedirectPage():
                target = target.getRedirectTarget()
            for page in target.embeddedin(namespaces=list(namespaces), content=False):
                if page.pageid > after:
                    pages.setdefault(page.pageid, page)
        if missing and len(missing) == len(names):
            raise missing[0]
        kept = [pages[page_id] for page_id in sorted(pages)][:limit]
        for page in site.preloadpages(kept, content=False):
            if page.exists():  # not deleted between listing and loading
                revision = page.latest_revision
                yield PageRef(
                    page.title(),
                    page.pageid,
                    revision.revid,
                    _utc(revision.timestamp),
                    CITATION_NEEDED_ORIGIN,
                )


def transcluding(
    site: APISite, template: str, origin: Origin, namespaces: Iterable[int] = ARTICLES
) -> Iterator[PageRef]:
    """Pages that transclude ``template`` (a redirect to it is followed) at their latest revision, listed
    with ``origin``. A generator: PageNotFoundError (no such template) comes with the first item."""
    import pywikibot

    target = pywikibot.Page(site, template, ns=TEMPLATE_NAMESPACE)
    with translate_errors():
        if not target.exists():
            raise PageNotFoundError(target.title(), "does not exist: no such template")
        if target.isRedirectPage():
            target = target.getRedirectTarget()
        embedding = target.embeddedin(namespaces=list(namespaces), content=False)
        for page in site.preloadpages(embedding, content=False):
            if not page.exists():
                continue  # deleted between listing and loading
            revision = page.latest_revision
            yield PageRef(page.title(), page.pageid, revision.revid, _utc(revision.timestamp), origin)


def single_page(site: APISite, title: str) -> PageRef:
    """One page at its latest revision; a redirect is followed (one step, as MediaWiki does).
    PageNotFoundError if it, or its redirect's target, does not exist."""
    import pywikibot
    from pywikibot.exceptions import InvalidTitleError

    if not title.strip():
        raise PageNotFoundError(title, "is not a valid title: it is empty")
    try:
        page = pywikibot.Page(site, title)
        page.title()  # Pywikibot parses the title lazily: an invalid one fails here, not in the middle
    except (InvalidTitleError, ValueError) as exc:
        raise PageNotFoundError(title, f"is not a valid title: {exc}") from exc
    with translate_errors():
        if not page.exists():
            raise PageNotFoundError(title)
        if page.isRedirectPage():
            target = page.getRedirectTarget()
            if not target.exists() or target.isRedirectPage():
                raise PageNotFoundError(
                    title, f"redirects to {target.title()!r}, which is missing or a redirect"
                )
            page = target
        revision = page.latest_revision
        return PageRef(page.title(), page.pageid, revision.revid, _utc(revision.timestamp), "page")


def fetch_text(site: APISite, ref: PageRef) -> tuple[str, int]:
    """The page's current wikitext and revision id, looked up by page id so a page moved since it was
    listed is still found. Raises PageGoneError if it was deleted since (the pipeline closes its findings
    as stale): an exception rather than None, so a vanished page cannot pass for an empty one."""
    with translate_errors():
        answer = site.simple_request(
            action="query",
            prop="revisions",
            rvprop="ids|content",
            rvslots="main",
            pageids=ref.page_id,
            formatversion=2,
        ).submit()
    page = answer["query"]["pages"][0]
    if page.get("missing") or not page.get("revisions"):
        raise PageGoneError(ref.title, "was deleted")
    revision = page["revisions"][0]
    main = revision["slots"]["main"]
    if main.get("texthidden") or "content" not in main:
        raise PageGoneError(ref.title, f"has its text hidden at revision {revision['revid']}")
    return main["content"], revision["revid"]


def deduplicate(refs: Iterable[PageRef]) -> Iterator[PageRef]:
    """Each page once (by page id), the first time a source gives it: for chaining several sources."""
    seen: set[int] = set()
    for ref in refs:
        if ref.page_id not in seen:
            seen.add(ref.page_id)
            yield ref


def _utc(value: datetime | str) -> datetime:
    """An aware UTC datetime from a Pywikibot Timestamp (naive UTC) or an API ISO 8601 string."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return datetime.fromtimestamp(moment.timestamp(), UTC)


def _api_time(moment: datetime) -> str:
    """An API timestamp for ``moment``: naive datetimes are UTC (as sidebot's database stores them); the
    fraction is dropped (MediaWiki has whole seconds), which keeps ``since`` inclusive."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def expand_templates(site: APISite, text: str, title: str) -> str:
    """``text`` with its templates expanded by the wiki, as on the page ``title`` (``action=expandtemplates``,
    wikitext out). Raises WikiUnavailableError when the wiki does not answer properly and WikiError when it
    refuses the request."""
    with translate_errors():
        return site.expand_text(text, title=title)
