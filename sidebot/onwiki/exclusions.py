"""Exclusion lists that editors maintain on the wiki: sources and articles the bot leaves alone.

Two pages (``onwiki.exclusions`` in the config), each a bulleted list, re-read at the start of every run:

* the sources list: one entry per ``*`` line, the first word of the line; the rest is an explanation::

      * example.com                  every URL on example.com and its subdomains
      * news.example.org/opinion/*   URLs that match, ``*`` standing for any characters
      * http://example.net/a/b.pdf   one URL (the scheme, a port and a leading ``www.`` are ignored)
      * *.example.net/feed/*         ``*.`` at the start: the host and its subdomains

* the pages list: one article per ``*`` line, as a link (``* [[Title]] why``) or as the bare title;
* the mirrors list (optional): Wikipedia mirrors and forks, written like the sources list; a citation of one
  is queued as "copies Wikipedia" (:mod:`sidebot.patrol.mirrors`), not left alone.

An entry must name a host with a dot and no other wildcard in the host: ``*`` or ``*/*`` alone
would silence the bot everywhere, so such lines are reported as invalid and ignored, as are lines that are
not entries. Wildcards become a regular expression through :func:`fnmatch.translate`, so editors cannot
write an expensive pattern.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import mwparserfromhell

from sidebot.config import ExclusionSettings

if TYPE_CHECKING:
    from pywikibot.site import APISite

_BULLET = re.compile(r"^\*+\s*(.*)$")
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_HOST = re.compile(r"^(?:[a-z0-9-]+\.)+[a-z0-9-]+$")


@dataclass(frozen=True, slots=True)
class SourceRule:
    """One entry of the sources list: a whole domain, or a pattern over ``host/path?query``."""

    entry: str  # as the editor wrote it
    domain: str | None  # "example.com": this host and its subdomains
    pattern: re.Pattern[str] | None  # otherwise a wildcard pattern

    def matches(self, url: str) -> bool:
        """Whether ``url``'s host is the rule's domain or one of its subdomains, or ``host/path?query``
        matches its pattern; an address without a host matches nothing."""
        host, rest = _host_and_rest(url)
        if not host:
            return False
        if self.domain is not None:
            return host == self.domain or host.endswith("." + self.domain)
        assert self.pattern is not None
        return bool(self.pattern.match(host + rest))


@dataclass(frozen=True)
class Exclusions:
    """What the lists say; ``invalid`` holds the lines that were ignored, for the run's record."""

    sources: tuple[SourceRule, ...] = ()
    pages: frozenset[str] = frozenset()
    invalid: tuple[str, ...] = field(default=())
    mirrors: tuple[SourceRule, ...] = ()  # Wikipedia mirrors editors listed

    def source_rule(self, url: str | None) -> str | None:
        """The entry that excludes ``url``, or None."""
        if not url:
            return None
        return next((rule.entry for rule in self.sources if rule.matches(url)), None)

    def ignores_page(self, title: str) -> bool:
        """Whether the pages list names ``title`` (compared as MediaWiki normalizes titles)."""
        return normalize_title(title) in self.pages

    def excludes(self, article: str, url: str | None) -> bool:
        """A finding on ``article`` citing ``url`` is left out of the bot's outputs."""
        return self.ignores_page(article) or self.source_rule(url) is not None

    def mirror_rule(self, url: str | None) -> str | None:
        """The mirrors-list entry ``url`` matches, or None."""
        if not url:
            return None
        return next((rule.entry for rule in self.mirrors if rule.matches(url)), None)

    def summary(self) -> dict[str, object]:
        """What the lists hold, for the run's record: entry counts and the first 20 lines that were
        ignored."""
        return {
            "sources": len(self.sources),
            "pages": len(self.pages),
            "mirrors": len(self.mirrors),
            "invalid": list(self.invalid[:20]),
        }


def parse_sources(wikitext: str) -> tuple[list[SourceRule], list[str]]:
    """The source rules of a sources list page, and the bulleted lines that are not valid entries."""
    rules, invalid = [], []
    for line in _bullets(wikitext):
        entry = line.split()[0]
        rule = source_rule(entry)
        if rule is None:
            invalid.append(line)
        else:
            rules.append(rule)
    return rules, invalid


def source_rule(entry: str) -> SourceRule | None:
    """A rule from one entry, or None when the entry is not a usable domain or pattern."""
    text = _SCHEME.sub("", entry.strip()).lower()
    host, slash, path = text.partition("/")
    subdomains = host.startswith("*.")
    host = host.removeprefix("*.").removeprefix("www.")
    if not _HOST.match(host):
        return None
    if not slash:
        return SourceRule(entry=entry, domain=host, pattern=None)
    host_re = (r"(?:[^/]*\.)?" if subdomains else "") + re.escape(host)
    return SourceRule(entry=entry, domain=None, pattern=re.compile(host_re + fnmatch.translate(slash + path)))


def parse_pages(wikitext: str) -> tuple[set[str], list[str]]:
    """The titles of a pages list page (normalised as MediaWiki stores them), and the unusable lines."""
    titles, invalid = set(), []
    for line in _bullets(wikitext):
        code = mwparserfromhell.parse(line)
        links = code.filter_wikilinks(recursive=False)
        title = str(links[0].title) if links else line
        title = normalize_title(title.lstrip(":"))
        if not title or any(ch in title for ch in "[]{}|<>#"):
            invalid.append(line)
        else:
            titles.add(title)
    return titles, invalid


def exclusions_from(
    sources_text: str | None, pages_text: str | None, mirrors_text: str | None = None
) -> Exclusions:
    """The exclusions of the three list pages' wikitexts (None: the page does not exist, so nothing is
    excluded), with every invalid line of the three kept in ``invalid``."""
    rules, bad_sources = parse_sources(sources_text or "")
    titles, bad_pages = parse_pages(pages_text or "")
    mirrors, bad_mirrors = parse_sources(mirrors_text or "")
    return Exclusions(
        sources=tuple(rules),
        pages=frozenset(titles),
        invalid=tuple(bad_sources + bad_pages + bad_mirrors),
        mirrors=tuple(mirrors),
    )


def normalize_title(title: str) -> str:
    """A title as MediaWiki stores it on a wiki with capital first letters: underscores as spaces,
    whitespace collapsed, first letter upper case."""
    text = " ".join(title.replace("_", " ").split())
    return text[:1].upper() + text[1:]


def _bullets(wikitext: str) -> Iterable[str]:
    for raw in _COMMENT.sub("", wikitext).splitlines():
        match = _BULLET.match(raw.strip())
        if match and match.group(1).strip():
            yield match.group(1).strip()


def _host_and_rest(url: str) -> tuple[str, str]:
    """(host name without ``www.``, lower case, no port; ``/path?query``) of a URL; ("", "") when it has no
    host."""
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".").lower()
    except ValueError:
        return "", ""
    rest = parts.path or "/"
    if parts.query:
        rest += "?" + parts.query
    return host.removeprefix("www."), rest


def load_exclusions(site: APISite, settings: ExclusionSettings) -> Exclusions:
    """Read the lists from the wiki now (a missing page is an empty list)."""
    from sidebot.onwiki.reading import read_page

    def text_of(title: str) -> str | None:
        return read_page(site, title).text if title.strip() else None

    return exclusions_from(
        text_of(settings.sources_page), text_of(settings.pages_page), text_of(settings.mirrors_page)
    )
