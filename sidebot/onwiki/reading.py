"""Reading what the bot needs to know before it writes: a page's current text and last editor, and the
bot's own recent revisions of a page (to tell whether an edit from a crashed run was saved). Direct Action
API queries through Pywikibot's request layer, so nothing is cached between calls: each answer is the
wiki's state now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sidebot.wiki.site import translate_errors

if TYPE_CHECKING:
    from pywikibot.site import APISite


@dataclass(frozen=True, slots=True)
class PageState:
    """A page as it is now; ``text`` None when the page does not exist. ``user`` is None when the last
    editor's name is hidden."""

    title: str
    text: str | None
    rev_id: int | None
    user: str | None
    timestamp: datetime | None

    @property
    def exists(self) -> bool:
        """Whether the page exists now (a missing page has no text)."""
        return self.text is not None


def read_page(site: APISite, title: str) -> PageState:
    """The page's current wikitext, revision, last editor and time (a redirect is not followed)."""
    with translate_errors():
        answer = site.simple_request(
            action="query",
            prop="revisions",
            rvprop="ids|user|timestamp|content",
            rvslots="main",
            titles=title,
            formatversion=2,
        ).submit()
    page = answer["query"]["pages"][0]
    if page.get("missing") or page.get("invalid") or not page.get("revisions"):
        return PageState(page.get("title", title), None, None, None, None)
    revision = page["revisions"][0]
    return PageState(
        title=page["title"],
        text=revision["slots"]["main"].get("content", ""),
        rev_id=revision["revid"],
        user=None if revision.get("userhidden") else revision.get("user"),
        timestamp=_time(revision["timestamp"]),
    )


def revisions_by(site: APISite, title: str, user: str, since: datetime) -> list[tuple[int, str]]:
    """(revision id, wikitext) of the revisions ``user`` saved on the page since ``since``, oldest first
    (at most 50: enough to find the edit of one run)."""
    start = since.astimezone(UTC) if since.tzinfo else since.replace(tzinfo=UTC)
    with translate_errors():
        answer = site.simple_request(
            action="query",
            prop="revisions",
            rvprop="ids|content",
            rvslots="main",
            rvuser=user,
            rvstart=start.strftime("%Y-%m-%dT%H:%M:%SZ"),
            rvdir="newer",
            rvlimit=50,
            titles=title,
            formatversion=2,
        ).submit()
    page = answer["query"]["pages"][0]
    return [(rev["revid"], rev["slots"]["main"].get("content", "")) for rev in page.get("revisions", [])]


def _time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
