"""What the patrol needs from a wiki (:class:`sidebot.wiki.reader.PywikibotWiki` in production)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from sidebot.records import PageFacts
from sidebot.wiki.history import UrlAdded
from sidebot.wiki.pages import PageRef


class WikiReader(Protocol):
    """What the patrol needs from a wiki: the text of a page at its latest revision, and when a URL was added
    to it (dating the archived copy of a dead source that has no access-date)."""

    @property
    def name(self) -> str:
        """The wiki's name in the queue (e.g. ``enwiki``)."""

    @property
    def api_url(self) -> str:
        """The wiki's ``api.php`` address."""

    @property
    def article_url(self) -> str:
        """The address of an article, with ``{title}`` where the title goes."""

    @property
    def tag_aliases(self) -> Mapping[str, str]:
        """The wiki's redirects to the maintenance templates the patrol reads, each mapped to the template's
        canonical name."""

    def page_text(self, ref: PageRef) -> tuple[str, int] | None:
        """(wikitext, revision id), or None when the page no longer exists."""

    def url_added(self, page_id: int, url: str) -> UrlAdded | None:
        """The revision of the page that added ``url`` (None when its newest revision does not hold it)."""

    def editors_between(self, page_id: int, old_rev: int, new_rev: int) -> list[str]:
        """Who saved the page's revisions after ``old_rev`` up to ``new_rev``."""

    def revision_text(self, rev_id: int) -> str | None:
        """The wikitext of one revision (None when hidden): a source that copies an earlier version."""

    def page_facts(self, titles: Iterable[str]) -> dict[str, PageFacts]:
        """Whether each page is a biography of a living person, and its edit protection (existing pages)."""

    def expand_templates(self, text: str, title: str) -> str:
        """``text`` with its templates expanded by the wiki as on page ``title`` (wikitext): what an infobox
        field made only of the wiki's own templates says. WikiUnavailableError when the wiki does not answer,
        WikiError when it refuses."""
