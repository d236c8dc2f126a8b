"""Pages that are never a source for a Wikipedia claim: Wikipedia itself and its sister projects.

SIDE filtered Wikipedia out of its results (a Wikipedia citation to Wikipedia is not a source); we keep such
pages out of the corpus altogether, so no index ever returns them. The citing article is excluded per query
(see :mod:`sidebot.retrieve.retriever`).
"""

from __future__ import annotations

from urllib.parse import urlsplit

WIKIMEDIA_DOMAINS = (
    "wikipedia.org",
    "wikimedia.org",
    "wikidata.org",
    "wiktionary.org",
    "wikiquote.org",
    "wikibooks.org",
    "wikisource.org",
    "wikinews.org",
    "wikiversity.org",
    "wikivoyage.org",
    "wikifunctions.org",
    "mediawiki.org",
)


def is_wikimedia_url(url: str) -> bool:
    """Whether ``url`` is on a Wikimedia project's domain or a subdomain of one: such pages are never
    suggested as a source."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    return any(host == d or host.endswith("." + d) for d in WIKIMEDIA_DOMAINS)


def is_citing_article(source_title: str, article_title: str) -> bool:
    """A copy of the citing article itself ("Roger Hedgecock - Wikipedia", a mirror's "Roger Hedgecock |
    Wikipedia, the free encyclopedia")."""
    if not article_title.strip():
        return False
    source, article = " ".join(source_title.lower().split()), " ".join(article_title.lower().split())
    if not source.startswith(article):
        return False
    rest = source[len(article) :].strip(" -–—|:·")
    return rest.startswith("wikipedia")
