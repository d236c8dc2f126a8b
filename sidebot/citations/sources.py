"""What a footnote points to: its URL, title, archived copy and access date, and whether we can fetch it.

A footnote body is read in this order: the first citation template (``{{cite web}}``, ``{{cite news}}``,
``{{citation}}``, any ``{{cite …}}``, German ``{{Internetquelle}}``/``{{Literatur}}``), else the first
external link outside templates (``[url label]`` → kind "link", a bare URL → "bare-url"), else the first
other template (``{{harvnb}}`` and friends → "sfn", others by name, with the first URL inside it), else
plain text. A body that cites several works (a bundled footnote) is described by its first one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from urllib.parse import quote, urlsplit

from mwparserfromhell.nodes import Comment, ExternalLink, Tag, Template, Text
from mwparserfromhell.wikicode import Wikicode

from sidebot.citations.link_address import link_address
from sidebot.citations.tags import template_key
from sidebot.citations.text import SHORT_FOOTNOTE_TEMPLATES, is_ref_tag, named, positional

URL_PARAMS = ("url", "chapter-url", "chapterurl", "contribution-url", "contributionurl", "section-url",
              "sectionurl", "article-url", "entry-url", "conference-url", "online")  # fmt: skip
TITLE_PARAMS = ("title", "titel", "script-title", "trans-title", "chapter", "kapitel", "contribution",
                "entry")  # fmt: skip
ARCHIVE_PARAMS = ("archive-url", "archiveurl", "archive url", "archiv-url", "archivurl")
ARCHIVE_DATE_PARAMS = ("archive-date", "archivedate", "archive date", "archiv-datum", "archivdatum")
ACCESS_DATE_PARAMS = ("access-date", "accessdate", "access date", "zugriff", "abruf", "abrufdatum")
CITE_TEMPLATES = frozenset({"citation", "cite", "internetquelle", "literatur"})
# Templates that annotate a footnote without naming a source: a body holding only these is plain text.
ANNOTATION_TEMPLATES = frozenset(
    {"dead link", "subscription required", "registration required", "verify source", "better source needed",
     "page needed", "cbignore", "self-published source", "unreliable source?", "full citation needed", "rp",
     "in lang", "language icon", "pt icon", "el icon", "fr icon", "de icon", "en icon"}
)  # fmt: skip
# Hosts whose pages are archived copies of other pages.
ARCHIVE_HOSTS = ("web.archive.org", "wayback.archive.org", "archive.today", "archive.is", "archive.ph",
                 "archive.li", "archive.fo", "archive.md", "archive.vn", "webcitation.org",
                 "webarchive.nationalarchives.gov.uk", "webarchive.loc.gov", "arquivo.pt", "archive-it.org",
                 "webarchive.org.uk")  # fmt: skip
# A citation's identifiers and the address each one links, as the citation templates link them (CS1): the
# first one given is checked when the citation has no URL of its own (a journal article cited by its DOI),
# the free full text (PMC) before the publisher's page.
IDENTIFIER_URLS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("pmc", re.compile(r"(?:PMC)?(\d{1,9})", re.I), "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC{}/"),
    ("doi", re.compile(r"(10\.\d{4,9}/\S+)"), "https://doi.org/{}"),
    ("hdl", re.compile(r"(\d[\w.]*/\S+)"), "https://hdl.handle.net/{}"),
    ("jstor", re.compile(r"(\d{1,12}|10\.\d{4,9}/\S+)"), "https://www.jstor.org/stable/{}"),
    (
        "arxiv",
        re.compile(r"((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?)"),
        "https://arxiv.org/abs/{}",
    ),
    ("pmid", re.compile(r"(\d{1,9})"), "https://pubmed.ncbi.nlm.nih.gov/{}/"),
    ("osti", re.compile(r"(\d{1,12})"), "https://www.osti.gov/biblio/{}"),
    ("ssrn", re.compile(r"(\d{1,12})"), "https://papers.ssrn.com/sol3/papers.cfm?abstract_id={}"),
)
# Source templates that build their link from an id (the named value, else the first positional one).
SOURCE_TEMPLATE_URLS: dict[str, tuple[tuple[str, ...], re.Pattern[str], str]] = {
    "imdb title": (("id",), re.compile(r"(?:tt)?(\d{5,10})"), "https://www.imdb.com/title/tt{}/"),
    "imdb name": (("id",), re.compile(r"(?:nm)?(\d{5,10})"), "https://www.imdb.com/name/nm{}/"),
    "emporis": (("id",), re.compile(r"(\d{1,10})"), "https://www.emporis.com/buildings/{}"),
    "skyscraperpage": (
        ("id", "1"),
        re.compile(r"(\d{1,10})"),
        "https://skyscraperpage.com/cities/?buildingID={}",
    ),
    "doi": ((), re.compile(r"(10\.\d{4,9}/\S+)"), "https://doi.org/{}"),
    "gutenberg": (("no",), re.compile(r"(\d{1,7})"), "https://www.gutenberg.org/ebooks/{}"),
}
# |url-status= values (and the older |dead-url=yes) that say the URL no longer shows the source.
DEAD_URL_STATUSES = frozenset({"dead", "usurped", "unfit", "deviated"})

SHORT_FOOTNOTE = "sfn"
# Author–date references to a bibliography entry: a footnote holding one is a short footnote.
HARVARD_TEMPLATES = SHORT_FOOTNOTE_TEMPLATES | {"harvtxt", "harvcoltxt", "harvs"}
FETCHABLE_SCHEMES = ("http", "https")

PlainText = Callable[[Wikicode], str]
_URL_END = re.compile(r"\{\{|<|\||\s")
_PUNCTUATION = ",;.:!?)"  # what may end a bare URL's sentence


@dataclass(frozen=True, slots=True)
class CitedSource:
    """What a citation points at, and why it has no address when it has none."""

    kind: str
    url: str | None = None
    source_title: str | None = None
    archive_url: str | None = None
    access_date: str | None = None
    reason: str | None = None  # why it cannot be checked; None when it can
    archive_date: str | None = None  # when the archived copy was made, as the citation gives it
    url_status: str | None = None  # |url-status= ("dead", "usurped", "unfit", "live"), as the citation says


def is_cite_template(key: str) -> bool:
    """Whether the template (by its normalised name) is a citation template."""
    return key in CITE_TEMPLATES or key.startswith(("cite ", "cite-", "vcite"))


def is_archive_url(url: str) -> bool:
    """Whether ``url`` is on a web archive (the archived copy, not the source's own address)."""
    host = _host(url)
    return host is not None and any(host == h or host.endswith("." + h) for h in ARCHIVE_HOSTS)


def short_footnote() -> CitedSource:
    """A short footnote ({{sfn}}): it names a work cited elsewhere, no address."""
    return CitedSource(kind=SHORT_FOOTNOTE, reason="sfn footnote: no URL")


def describe_body(body: Wikicode | None, plain: PlainText) -> CitedSource:
    """Describe a footnote body (the text between ``<ref>`` and ``</ref>``)."""
    if body is None or not _without_comments(body).strip():
        return CitedSource(kind="text", reason="empty ref")
    body = Wikicode([node for node in body.nodes if not is_ref_tag(node)])  # a note's refs are their own
    source = _describe(body, plain)
    if source.archive_url and source.archive_date is None:
        return replace(source, archive_date=_webarchive_date(body, plain))
    return source


def _describe(body: Wikicode, plain: PlainText) -> CitedSource:
    for template in body.ifilter_templates(recursive=True):
        if is_cite_template(template_key(template.name)):
            return _from_cite_template(template, body, plain)
    archive = _webarchive_url(body)
    found = next(_links_outside_templates(body), None)
    if found is not None:
        link, following = found
        title = plain(link.title) if link.title is not None else ""
        kind = "link" if link.brackets else "bare-url"
        link_url = str(link.url)
        if not link.brackets:  # the punctuation mwparserfromhell left out: MediaWiki's rule differs a little
            link_url += following[: len(following) - len(following.lstrip(_PUNCTUATION))]
        return _judged(kind, _clean_url(link_url, free=not link.brackets), title or None, archive, None)
    templates = [
        t for t in body.filter_templates(recursive=False) if template_key(t.name) not in ANNOTATION_TEMPLATES
    ]
    if any(template_key(t.name) in HARVARD_TEMPLATES for t in templates):
        return short_footnote()
    if not templates:
        return _judged("text", None, None, archive, None)
    kind = template_key(templates[0].name)
    inner = next((link for p in templates[0].params for link in p.value.ifilter_external_links()), None)
    url = (
        _clean_url(str(inner.url), free=not inner.brackets)
        if inner
        else _source_template_url(templates[0], kind, plain)
    )
    return _judged(kind, url, None, archive, None)


def _source_template_url(template: Template, key: str, plain: PlainText) -> str | None:
    """The address a source template ({{IMDb title|0120338}}, {{Emporis|…}}) builds from its id."""
    rule = SOURCE_TEMPLATE_URLS.get(key)
    if rule is None:
        return None
    names, pattern, address = rule
    value = named(template, *names) or next(iter(positional(template)), None)
    return _identifier_url(plain(value), pattern, address) if value is not None else None


def _identifier_url(value: str, pattern: re.Pattern[str], address: str) -> str | None:
    """``address`` with the identifier ``value`` in it, escaped, when ``value`` is one."""
    found = pattern.fullmatch(value.strip())
    return address.format(quote(found.group(1), safe="/:.;()-_")) if found else None


def _identifier_link(template: Template, plain: PlainText) -> str | None:
    """The address a citation template links for its first identifier (|doi=, |pmc=, …)."""
    for name, pattern, address in IDENTIFIER_URLS:
        value = named(template, name)
        if value is not None and (url := _identifier_url(plain(value), pattern, address)):
            return url
    return None


def _url_status(template: Template, plain: PlainText) -> str | None:
    """|url-status= as written (lower-case), or "dead" for the older |dead-url=yes."""
    status = named(template, "url-status", "urlstatus")
    if status is not None and plain(status).strip():
        return plain(status).strip().lower()
    dead = named(template, "dead-url", "deadurl")
    if dead is not None and plain(dead).strip().lower() in ("yes", "true", "y"):
        return "dead"
    return None


def _from_cite_template(template: Template, body: Wikicode, plain: PlainText) -> CitedSource:
    title = named(template, *TITLE_PARAMS)
    access_date = named(template, *ACCESS_DATE_PARAMS)
    archive_date = named(template, *ARCHIVE_DATE_PARAMS)
    source = _judged(
        template_key(template.name),
        _url_value(named(template, *URL_PARAMS)) or _identifier_link(template, plain),
        (plain(title) or None) if title is not None else None,
        _url_value(named(template, *ARCHIVE_PARAMS)) or _webarchive_url(body),
        (plain(access_date) or None) if access_date is not None else None,
    )
    source = replace(source, url_status=_url_status(template, plain))
    dated = (plain(archive_date) or None) if archive_date is not None else None
    return replace(source, archive_date=dated) if source.archive_url else source


def _judged(
    kind: str, url: str | None, title: str | None, archive: str | None, access_date: str | None
) -> CitedSource:
    """Settle which URL to check and why it cannot be checked, if it cannot.

    With no live URL the archived copy is the one to check; a URL that is itself an archive is also
    reported as ``archive_url``; protocol-relative URLs (``//host/path``) are read as https.
    """
    url = url or archive
    if url and url.startswith("//"):
        url = "https:" + url
    if url and archive is None and is_archive_url(url):
        archive = url
    reason = None
    if url is None:
        reason = "sfn footnote: no URL" if kind == SHORT_FOOTNOTE else f"no URL ({kind})"
    elif url.startswith("{{"):  # e.g. url={{Allmusic|…|pure_url=yes}}: only MediaWiki can expand it
        name = url[2:].split("|", 1)[0].split("}", 1)[0].strip()
        url, reason = None, f"URL made by a template ({{{{{name}}}}})"
    elif not (scheme := _scheme(url)):
        reason = "URL has no scheme"
    elif scheme not in FETCHABLE_SCHEMES:
        reason = f"unsupported URL scheme ({scheme})"
    elif not _host(url):
        reason = "malformed URL"
    return CitedSource(kind, url, title, archive, access_date, reason)


def _scheme(url: str) -> str:
    try:
        return urlsplit(url).scheme.lower()
    except ValueError:
        return ""


def _host(url: str) -> str | None:
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


def _clean_url(url: str, *, free: bool = False) -> str | None:
    """The URL alone, as the address MediaWiki links to (``&amp;`` decoded: see
    :mod:`sidebot.citations.link_address`): mwparserfromhell lets a bare URL run on into a template or tag
    that follows it (``http://a.org/x{{dead link}}``), where MediaWiki ends it. ``free``: a bare URL in the
    text, not in brackets or a template parameter (which a citation template puts in brackets)."""
    url = link_address(_URL_END.split(url.strip(), 1)[0], free=free)
    return url or None


def _url_value(value: Wikicode | None) -> str | None:
    """A URL parameter's value: the bracketed link inside it if it holds one, else its first word without
    comments.

    A bare URL is read from the parameter's text, not from the free link mwparserfromhell sees in it: free
    links end at "[" in wikitext (``?u=http://[::1]/`` would be cut after ``http://``), but a citation
    template receives the parameter's whole text, brackets included.
    """
    if value is None:
        return None
    link = next(iter(value.filter_external_links()), None)
    if link is not None and link.brackets:
        return _clean_url(str(link.url))
    words = _without_comments(value).split()
    if not words:
        return None
    return words[0] if words[0].startswith("{{") else _clean_url(words[0])  # "{{": judged by _judged


def _without_comments(code: Wikicode) -> str:
    return "".join(str(node) for node in code.nodes if not isinstance(node, Comment))


def _webarchive_url(body: Wikicode) -> str | None:
    for template in body.ifilter_templates(recursive=False):
        if template_key(template.name) == "webarchive":
            return _url_value(named(template, "url", "url1"))
    return None


def _webarchive_date(body: Wikicode, plain: PlainText) -> str | None:
    """``{{webarchive|url=…|date=…}}``'s date."""
    for template in body.ifilter_templates(recursive=False):
        if template_key(template.name) == "webarchive":
            date = named(template, "date", "date1")
            return (plain(date) or None) if date is not None else None
    return None


def _links_outside_templates(code: Wikicode) -> Iterator[tuple[ExternalLink, str]]:
    """Each link and the text right after it."""
    for index, node in enumerate(code.nodes):
        if isinstance(node, ExternalLink):
            after = code.nodes[index + 1] if index + 1 < len(code.nodes) else None
            yield node, str(after) if isinstance(after, Text) else ""
        elif isinstance(node, Tag) and node.contents is not None:
            yield from _links_outside_templates(node.contents)
