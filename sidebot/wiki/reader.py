"""The patrol's view of a wiki through Pywikibot: page text by reference, and the names under which the
wiki's maintenance tags are transcluded (its redirects), learned once per run."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sidebot.citations.tags import CITATION_NEEDED, CITATION_NEEDED_SPAN, FAILED_VERIFICATION
from sidebot.config import Settings
from sidebot.records import PageFacts
from sidebot.wiki.history import UrlAdded, editors_between, revision_text, url_added
from sidebot.wiki.page_facts import page_facts
from sidebot.wiki.pages import PageGoneError, PageRef, expand_templates, fetch_text
from sidebot.wiki.site import PageNotFoundError, article_url, connect, template_redirects

if TYPE_CHECKING:
    from pywikibot.site import APISite


@dataclass
class PywikibotWiki:
    """A wiki the patrol reads (see sidebot.patrol.wiki_reader.WikiReader)."""

    settings: Settings
    site: APISite
    tag_aliases: dict[str, str] = field(default_factory=dict)

    @classmethod
    def connect(cls, settings: Settings) -> PywikibotWiki:
        """The wiki of ``settings``, logged in, with the redirects to its maintenance templates read as
        aliases (a wiki without one of the templates keeps the built-in names)."""
        site = connect(settings)
        wiki = cls(settings=settings, site=site)
        tags = (
            (settings.wiki.failed_verification_template, FAILED_VERIFICATION),
            (settings.wiki.citation_needed_template, CITATION_NEEDED),
            (settings.wiki.citation_needed_span_template, CITATION_NEEDED_SPAN),
        )
        for template, canonical in tags:
            try:
                names = template_redirects(site, template)
            except PageNotFoundError:
                names = set()  # a wiki without the template: the built-in names still apply
            wiki.tag_aliases.update({name: canonical for name in names})
        return wiki

    @property
    def name(self) -> str:
        """The queue's name for the wiki: ``[wiki] name``, else ``family:code``."""
        return self.name_in(self.settings)

    @staticmethod
    def name_in(settings: Settings) -> str:
        """The queue's name for the wiki ``settings`` name (known before connecting)."""
        return settings.wiki.name or f"{settings.wiki.family}:{settings.wiki.code}"

    @property
    def api_url(self) -> str:
        """The wiki's ``api.php`` address, as the site reports it."""
        return self.site.base_url(self.site.apipath())

    @property
    def article_url(self) -> str:
        """The address of an article with ``{title}`` where the title goes: ``[wiki] article_url`` when set,
        else the site's article path."""
        return self.settings.wiki.article_url or self.site.base_url(
            self.site.articlepath.replace("$1", "{title}")
        )

    def url_of(self, title: str) -> str:
        """The address of the article ``title`` on this wiki."""
        return article_url(self.settings, title, self.site)

    def page_text(self, ref: PageRef) -> tuple[str, int] | None:
        """The page's wikitext and revision id, or None when the page is gone."""
        try:
            return fetch_text(self.site, ref)
        except PageGoneError:
            return None

    def url_added(self, page_id: int, url: str) -> UrlAdded | None:
        """The revision of the page that added ``url``, searched back through at most ``[archive]
        history_revisions`` revisions."""
        return url_added(self.site, page_id, url, self.settings.archive.history_revisions)

    def editors_between(self, page_id: int, old_rev: int, new_rev: int) -> list[str]:
        """The users who saved the page's revisions after ``old_rev`` up to ``new_rev``, oldest first, each
        once."""
        return editors_between(self.site, page_id, old_rev, new_rev)

    def revision_text(self, rev_id: int) -> str | None:
        """The wikitext of revision ``rev_id``, or None when it is hidden (revision deletion)."""
        return revision_text(self.site, rev_id)

    def page_facts(self, titles: Iterable[str]) -> dict[str, PageFacts]:
        """Per existing title, what the priority needs to know of the page: whether it is in the wiki's
        category of living people (``[priority] blp_category``) and who may edit it."""
        return page_facts(self.site, titles, self.settings.priority.blp_category)

    def expand_templates(self, text: str, title: str) -> str:
        """``text`` with its templates expanded by this wiki as on page ``title`` (action=expandtemplates)."""
        return expand_templates(self.site, text, title)
