"""What the wiki says of pages, for the queue's order and topics, through Pywikibot: whether each page is in
the wiki's category of living people and the level needed to edit it (``prop=categories|info`` with
``inprop=protection``, 50 titles a request), the articles of a category and its subcategories to a depth,
and the articles of a WikiProject (those whose talk page carries its banner, ``{{WikiProject X}}``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from sidebot.records import PageFacts
from sidebot.wiki.site import PageNotFoundError, translate_errors

if TYPE_CHECKING:
    from pywikibot.site import APISite

TITLES_PER_REQUEST = 50  # the API's limit for titles= without apihighlimits
CATEGORY_NAMESPACE = 14
TALK_NAMESPACE = 1
TEMPLATE_NAMESPACE = 10
T = TypeVar("T")


def page_facts(site: APISite, titles: Iterable[str], blp_category: str) -> dict[str, PageFacts]:
    """Facts of each existing page, keyed by the title asked for (missing pages are left out)."""
    category = f"Category:{blp_category.removeprefix('Category:')}"
    wanted = list(dict.fromkeys(titles))
    found: dict[str, PageFacts] = {}
    for start in range(0, len(wanted), TITLES_PER_REQUEST):
        batch = wanted[start : start + TITLES_PER_REQUEST]
        with translate_errors():
            answer = site.simple_request(
                action="query",
                prop="categories|info",
                clcategories=category,
                cllimit="max",
                inprop="protection",
                titles=batch,
                formatversion=2,
            ).submit()
        query = answer.get("query", {})
        asked = {n["to"]: n["from"] for n in query.get("normalized", [])}
        for page in query.get("pages", []):
            if page.get("missing") or page.get("invalid"):
                continue
            level = next(
                (p.get("level", "") for p in page.get("protection", []) if p.get("type") == "edit"), ""
            )
            title = asked.get(page["title"], page["title"])
            found[title] = PageFacts(bool(page.get("categories")), level)
    return found


def category_articles(site: APISite, category: str, depth: int = 0) -> set[str]:
    """The articles (main namespace) in ``category`` and, to ``depth`` levels, its subcategories."""
    import pywikibot

    page = _titled(lambda: pywikibot.Category(site, category.removeprefix("Category:")), category)
    with translate_errors():
        if not page.exists():
            raise PageNotFoundError(page.title(), "does not exist: no such category")
        return {a.title() for a in page.articles(recurse=depth, namespaces=[0])}


def project_articles(site: APISite, project: str, banner: str = "WikiProject {project}") -> set[str]:
    """The articles whose talk page carries the project's banner (``banner`` with ``{project}`` filled in;
    a redirect to the banner template counts, as the wiki's transclusion table records it)."""
    import pywikibot

    name = banner.format(project=project)
    template = _titled(lambda: pywikibot.Page(site, name, ns=TEMPLATE_NAMESPACE), name)
    with translate_errors():
        if not template.exists():
            raise PageNotFoundError(template.title(), "does not exist: no such WikiProject banner")
        if template.isRedirectPage():
            template = template.getRedirectTarget()
        talks = template.embeddedin(namespaces=[TALK_NAMESPACE], content=False)
        return {talk.toggleTalkPage().title() for talk in talks}


def _titled(make: Callable[[], T], title: str) -> T:
    """A Pywikibot page made by ``make``, its title checked now (Pywikibot parses titles lazily): a title a
    user typed ("[[x]]", "a|b") is a PageNotFoundError, not an error in the middle of a request."""
    from pywikibot.exceptions import InvalidTitleError

    try:
        page = make()
        page.title()  # type: ignore[attr-defined]  # T is any Pywikibot page (untyped): all have title()
    except (InvalidTitleError, ValueError) as exc:
        raise PageNotFoundError(title, f"is not a valid title: {exc}") from exc
    return page
