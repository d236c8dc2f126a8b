"""What a page says about itself — title, author, date, site, DOI, journal, kind — for a reference to paste.

Read from the page's own markup only, so a field the page does not give is absent, never guessed:

- **extruct** reads the structured data: JSON-LD (schema.org ``Article``/``NewsArticle``/``ScholarlyArticle``
  … with ``headline``, ``author``, ``publisher``, ``isPartOf``, ``identifier``), OpenGraph (``og:title``,
  ``og:site_name``, ``og:type``), microdata and Dublin Core (``DC.title``, ``DC.creator``,
  ``DC.identifier``). Structured data is what the publisher wrote for machines, so it comes first.
- Google Scholar's ``citation_*`` tags (``citation_doi``, ``citation_journal_title``, ``citation_author``)
  and PRISM's ``prism.doi`` are read directly: extruct has no syntax for them, and journals use them most.
- **htmldate** gives the date: the original publication date, in its fast mode (``extensive_search=False``:
  meta tags, JSON-LD, date elements, "published …" lines; not its scan of the whole text for any date). It
  still reads a bare date where a page has nothing else (2 wrong of 72 demo pages: docs/retrieval.md).
- **trafilatura**'s metadata (already computed with the main text) fills what the rest lacks: the title (from
  ``<title>`` and the headings), the author from a byline (its pieces that read as a name: "By Owen
  Adeyemi · Published" gives "Owen Adeyemi") and the categories. Not its site name: without ``og:site_name``
  or a JSON-LD publisher it takes a piece of the title or the host name. The site's name is read from the
  ``<title>`` only when that is the article's title, one separator and one more name ("… | Zeeuws
  Dagnieuws"); a site name that is the page's host name is no name.

A DOI comes from ``citation_doi``/``prism.doi``/``DC.identifier``, the JSON-LD ``identifier``/``sameAs``, the
page's own canonical address, or the page's address when it is a doi.org link — not from a doi.org link in
the page's text, which on a scholarly page is usually one of its references.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

import extruct
import htmldate
from lxml.html import HtmlElement

from sidebot.sources.mirror import iso_date

logger = logging.getLogger(__name__)
logging.getLogger("htmldate").setLevel(logging.CRITICAL)

FIELDS = ("title", "author", "date", "website", "doi", "journal", "kind", "categories")
_SYNTAXES = ["json-ld", "opengraph", "microdata", "dublincore"]
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"'<>]+)", re.IGNORECASE)
_DOI_HOSTS = frozenset({"doi.org", "dx.doi.org", "www.doi.org"})
_NEWS_TYPES = frozenset(
    {
        "NewsArticle",
        "ReportageNewsArticle",
        "AnalysisNewsArticle",
        "OpinionNewsArticle",
        "ReviewNewsArticle",
        "BackgroundNewsArticle",
        "AskPublicNewsArticle",
    }
)
_SCHOLARLY_TYPES = frozenset({"ScholarlyArticle", "MedicalScholarlyArticle"})
_ARTICLE_TYPES = (
    _NEWS_TYPES | _SCHOLARLY_TYPES | {"Article", "BlogPosting", "Report", "WebPage", "TechArticle"}
)
_MAX_VALUE = 500  # a title or a name longer than this is not one
_MAX_AUTHORS = 10
_TITLE_SEPARATORS = (" | ", " - ", " – ", " — ", " · ", " :: ", ": ")
_BY_WORD = re.compile(r"^(by|door|di|por|par|von|av|af|przez)\s+", re.IGNORECASE)
_NAME_PARTICLES = frozenset(
    {"van", "von", "de", "der", "den", "da", "das", "di", "du", "del", "la", "le", "bin", "al"}
)


@dataclass(frozen=True, slots=True)
class Markup:
    """What the page's markup says of it, read before the page is cleaned for its text."""

    items: tuple[dict[str, Any], ...] = ()  # JSON-LD and microdata items
    og: dict[str, Any] = field(default_factory=dict)
    dc: dict[str, list[str]] = field(default_factory=dict)
    metas: dict[str, list[str]] = field(default_factory=dict)
    canonical: str | None = None
    date: str | None = None
    page_title: str | None = None  # the <title>


def read_markup(tree: HtmlElement, url: str | None) -> Markup:
    """The structured data, ``citation_*`` tags, canonical address and date of the page as loaded (call it
    before the page is cleaned: cleaning drops scripts). Never raises."""
    try:
        data = extruct.extract(tree, base_url=url, syntaxes=_SYNTAXES, uniform=True, errors="ignore")
    # extruct parses whatever a hostile page put in its scripts and attributes
    except Exception as exc:  # noqa: BLE001
        logger.info("no structured data read from %s: %r", url, exc)
        data = {}
    items = [item for item in _flatten(data.get("json-ld", [])) if isinstance(item, dict)]
    items += [item for item in data.get("microdata", []) if isinstance(item, dict)]
    canonical = tree.xpath("//link[@rel='canonical']/@href")
    return Markup(
        items=tuple(items),
        og=_first(data.get("opengraph", [])),
        dc=_dublin_core(data.get("dublincore", [])),
        metas=_named_metas(tree),
        canonical=str(canonical[0]) if canonical else None,
        date=_date(tree),
        page_title=_clean(tree.findtext(".//title")),
    )


def page_metadata(markup: Markup, url: str | None, found: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The page's metadata: the keys of :data:`FIELDS` that the page gives (``author`` is a list of names,
    ``kind`` is ``news``, ``journal`` or absent). ``found`` is trafilatura's metadata of the page (title,
    author, categories)."""
    items, og, dc, metas = markup.items, markup.og, markup.dc, markup.metas
    article = next((i for i in items if _types(i) & _ARTICLE_TYPES and _types(i) - {"WebPage"}), None)
    article = article or next((i for i in items if _types(i) & _ARTICLE_TYPES), None)
    found = found or {}

    title = _text(article, "headline", "name") or _one(og.get("og:title"))
    title = title or _one(metas.get("citation_title")) or _one(dc.get("title")) or _clean(found.get("title"))
    authors = _authors(article) or _names(metas.get("citation_author", [])) or _names(dc.get("creator", []))
    authors = authors or _names(metas.get("author", []))
    if not authors and found.get("author"):  # a byline: "By Owen Adeyemi · Published", "Bob Young, reporter"
        authors = _names(_byline_names(str(found["author"])))
    journal = _one(metas.get("citation_journal_title")) or _one(metas.get("prism.publicationname"))
    if not journal and _types(article) & _SCHOLARLY_TYPES:
        journal = _text(_as_item(article, "isPartOf"), "name")
    website = _one(og.get("og:site_name")) or _text(_as_item(article, "publisher"), "name")
    hosts = {(urlsplit(a).hostname or "").removeprefix("www.") for a in (url, markup.canonical) if a}
    if website and website.lower().removeprefix("www.") in hosts:  # an address, not the site's name
        website = None
    website = website or _site_after(markup.page_title, title)
    title = _without_site(_without_site(title, website), journal)
    if website and journal and website.casefold() == journal.casefold():
        website = None  # the journal's name, given as journal=
    doi = _page_doi(url, metas, dc, article, og, markup.canonical)
    metadata: dict[str, Any] = {
        "title": title,
        "author": authors or None,
        "date": markup.date or iso_date(_text(article, "datePublished")),
        "website": website,
        "doi": doi,
        "journal": journal,
        "kind": _kind(article, og, metas, doi, journal),
        "categories": [c for c in (_clean(x) for x in found.get("categories") or []) if c] or None,
    }
    return {key: value for key, value in metadata.items() if value}


def _flatten(items: Iterable[Any]) -> Iterator[Any]:
    """JSON-LD items, the members of any ``@graph`` included."""
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("@graph"), list):
            yield from _flatten(item["@graph"])
        yield item


def _types(item: Mapping[str, Any] | None) -> set[str]:
    if not item:
        return set()
    kinds = item.get("@type")
    values = kinds if isinstance(kinds, list) else [kinds]
    return {v.rsplit("/", 1)[-1] for v in values if isinstance(v, str)}


def _as_item(item: Mapping[str, Any] | None, key: str) -> Mapping[str, Any] | None:
    value = item.get(key) if item else None
    if isinstance(value, list):
        value = value[0] if value else None
    return value if isinstance(value, dict) else None


def _text(item: Mapping[str, Any] | None, *keys: str) -> str | None:
    for key in keys:
        value = item.get(key) if item else None
        if isinstance(value, list):
            value = value[0] if value else None
        if isinstance(value, str) and (text := _clean(value)):
            return text
    return None


def _authors(item: Mapping[str, Any] | None) -> list[str]:
    value = item.get("author") if item else None
    values = value if isinstance(value, list) else [value]
    names = [v.get("name") if isinstance(v, dict) else v for v in values]
    return _names(n for n in names if isinstance(n, str))


def _names(values: Iterable[str]) -> list[str]:
    """People's or organisations' names, without addresses (``article:author`` is often a profile URL)."""
    names: list[str] = []
    for value in values:
        name = _clean(value)
        if name and not re.match(r"(https?:)?//|www\.", name) and "@" not in name and name not in names:
            names.append(name)
    return names[:_MAX_AUTHORS]


def _without_site(title: str | None, website: str | None) -> str | None:
    """The title without the site's name the page appended to it ("Teindre la laine — Fil & Garance")."""
    if not title or not website:
        return title
    for separator in _TITLE_SEPARATORS:
        if title.endswith(f"{separator}{website}") and len(title) > len(separator) + len(website):
            return title[: -len(separator) - len(website)].strip()
    return title


def _site_after(page_title: str | None, title: str | None) -> str | None:
    """The site's name a ``<title>`` gives after the article's title and one separator ("Supermarkt haalt
    pindakaas uit de schappen | Zeeuws Dagnieuws"); None when the ``<title>`` is anything else."""
    if not page_title or not title or not page_title.startswith(title):
        return None
    rest = page_title[len(title) :]
    for separator in _TITLE_SEPARATORS:
        site = rest.removeprefix(separator).strip() if rest.startswith(separator) else ""
        if site and not any(other in site for other in _TITLE_SEPARATORS):
            return site
    return None


def _byline_names(byline: str) -> list[str]:
    """The names in a byline trafilatura read, its separators, "By"-words and trailing dates left out."""
    names = []
    for piece in re.split(r"[;·•|,]| - ", byline):
        name = _BY_WORD.sub("", piece.strip()).strip()
        if _looks_like_a_name(name):
            names.append(name)
    return names


def _looks_like_a_name(text: str) -> bool:
    """A byline piece that is a person's name: two to five words, capitalised but for the particles of
    names (van, de, bin…), without digits; not "Seattle Times staff reporter" or "2 min read"."""
    words = text.split()
    return 2 <= len(words) <= 5 and all(
        (w[:1].isupper() or w.lower() in _NAME_PARTICLES) and not any(c.isdigit() for c in w) for w in words
    )


def _clean(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    return text if 0 < len(text) <= _MAX_VALUE else None


def _one(values: Any) -> str | None:
    if isinstance(values, list):
        return next((t for t in (_clean(v) for v in values) if t), None)
    return _clean(values)


def _first(items: list[Any]) -> dict[str, Any]:
    return next((i for i in items if isinstance(i, dict)), {})


def _dublin_core(items: list[Any]) -> dict[str, list[str]]:
    """Dublin Core ``elements`` and ``terms`` by their lower-case name (``DC.creator`` → ``creator``)."""
    out: dict[str, list[str]] = {}
    for item in items:
        for entry in (
            (item.get("elements") or []) + (item.get("terms") or []) if isinstance(item, dict) else []
        ):
            name, content = str(entry.get("name", "")), entry.get("content")
            if name.lower().startswith(("dc.", "dcterms.", "dc:", "dcterms:")) and isinstance(content, str):
                out.setdefault(re.sub(r".*[.:]", "", name).lower(), []).append(content)
    return out


def _named_metas(tree: HtmlElement) -> dict[str, list[str]]:
    """``<meta name=… content=…>`` of the Highwire/Google Scholar and PRISM kinds, Google News' keywords and
    the plain ``author``, by lower-case name."""
    out: dict[str, list[str]] = {}
    for meta in tree.iterfind(".//meta[@name][@content]"):
        name = (meta.get("name") or "").strip().lower()
        if name.startswith(("citation_", "prism.")) or name in ("news_keywords", "author"):
            out.setdefault(name, []).append(meta.get("content") or "")
    return out


def _page_doi(
    url: str | None,
    metas: Mapping[str, list[str]],
    dc: Mapping[str, list[str]],
    article: Mapping[str, Any] | None,
    og: Mapping[str, Any],
    canonical: str | None,
) -> str | None:
    said = [*metas.get("citation_doi", []), *metas.get("prism.doi", []), *dc.get("identifier", [])]
    addresses: list[Any] = [url, canonical, _one(og.get("og:url"))]
    for key in ("identifier", "sameAs", "url", "@id"):
        value = article.get(key) if article else None
        for v in value if isinstance(value, list) else [value]:
            v = v.get("value") if isinstance(v, dict) else v
            (said if key in ("identifier", "sameAs") else addresses).append(v)
    for address in addresses:
        if isinstance(address, str) and (urlsplit(address).hostname or "").lower() in _DOI_HOSTS:
            said.append(unquote(urlsplit(address).path))
    for value in said:
        match = _DOI.search(value) if isinstance(value, str) else None
        if match:
            return match.group(1).rstrip(".,;)")
    return None


def _date(tree: HtmlElement) -> str | None:
    try:
        found = htmldate.find_date(tree, extensive_search=False, original_date=True, outputformat="%Y-%m-%d")
    except Exception as exc:  # noqa: BLE001 - htmldate reads hostile markup too
        logger.info("no date read: %r", exc)
        return None
    return found or None


def _kind(
    article: Mapping[str, Any] | None,
    og: Mapping[str, Any],
    metas: Mapping[str, list[str]],
    doi: str | None,
    journal: str | None,
) -> str | None:
    """``journal`` for a paper with a DOI and a journal, ``news`` for a news article (a schema.org news
    type, a publisher that is a ``NewsMediaOrganization``, or an ``og:type`` article with Google News'
    ``news_keywords``), None for any other page."""
    if doi and journal:
        return "journal"
    publisher = _as_item(article, "publisher")
    if _types(article) & _NEWS_TYPES or "NewsMediaOrganization" in _types(publisher):
        return "news"
    if _one(og.get("og:type")) == "article" and metas.get("news_keywords"):
        return "news"
    return None
