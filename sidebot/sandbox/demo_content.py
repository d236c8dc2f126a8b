"""The demo's content: wiki articles from real WiCE claims, real Wikipedia articles, and the cited sources.

The files under ``sidebot/data/demo/`` are written by ``scripts/build_demo_data.py`` (see its docstring and
``ATTRIBUTION.md`` there for where every piece comes from) and read here through importlib.resources, so the
demo works from an installed package.

``articles.jsonl.gz`` holds one JSON object per article: ``title``, ``origin`` (``"wice"`` or
``"wikipedia"``), ``wikitext`` (WiCE articles carry :data:`SOURCE_BASE_PLACEHOLDER` where the source server's
base URL goes) and ``claim_ids`` (empty for Wikipedia articles). ``sources.jsonl.gz`` holds one object per
WiCE claim, with the fields of :class:`DemoSource`.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Literal

from sidebot.records import Claim
from sidebot.sandbox.demo_extras import (
    MOVED,
    NEEDS_SOURCE,
    with_citation_needed,
    with_extra_citations,
    with_moved_citation,
)

SOURCE_BASE_PLACEHOLDER = "@@SIDEBOT_SOURCE_BASE@@"
SOURCE_PATH_PREFIX = "/wice/"

Label = Literal["supported", "partially_supported", "not_supported"]
MetaField = Literal["title", "author", "publisher", "published", "copyright"]

_HEADING = re.compile(r"^(#{1,6})\s+(\S.*)$")
_SOURCE_BASE = re.compile(r"^https?://[^/\s?#]+$")


class DemoDataError(Exception):
    """The packaged demo data is missing or does not have the expected shape."""


@dataclass(frozen=True, slots=True)
class GoldSet:
    """One minimal set of evidence an annotator marked (WiCE keeps several alternatives per claim).

    ``sentences`` index :attr:`DemoSource.sentences`. WiCE annotators could also pick the page's metadata
    lines (its title, publication date, author, …) as evidence; those are named in ``meta``. An empty set
    (no sentences, no meta) records an annotator who found no support at all.
    """

    sentences: tuple[int, ...]
    meta: tuple[MetaField, ...] = ()


@dataclass(frozen=True, slots=True)
class DemoSource:
    """A cited web page from WiCE, with the claim that cites it and the annotators' verdict.

    ``title`` is the page's title ("" for the few pages that had none). ``sentences`` is WiCE's sentence split
    of the page's full text without its "(meta data)" lines (whose values are the metadata fields here). Lines
    starting with ``#`` marks are headings: see :func:`split_heading`. ``tag`` names the inline template the
    demo article carries after this claim's citation (``"Failed verification"`` or its redirect ``"Fv"``), or
    None.
    """

    id: str
    title: str
    sentences: tuple[str, ...]
    label: Label
    gold: tuple[GoldSet, ...]
    claim: Claim
    published: str | None = None
    author: str | None = None
    publisher: str | None = None
    copyright: str | None = None
    tag: str | None = None

    @property
    def gold_sentence_indexes(self) -> frozenset[int]:
        """Every sentence index that appears in any gold set."""
        return frozenset(i for gold in self.gold for i in gold.sentences)


def split_heading(sentence: str) -> tuple[int, str]:
    """``(level, text)`` of a WiCE line: ``"## Tour dates"`` → ``(2, "Tour dates")``; body text → level 0.

    WiCE writes the page's headings in Markdown style; a hashtag such as ``"#MeToo"`` is not a heading.
    """
    match = _HEADING.match(sentence)
    if match:
        return len(match.group(1)), match.group(2).strip()
    return 0, sentence


def demo_source_url(source_base: str, source_id: str) -> str:
    """The URL a demo article cites for a source: ``http://127.0.0.1:8731/wice/dev02563``."""
    return f"{_checked_base(source_base)}{SOURCE_PATH_PREFIX}{source_id}"


def demo_pages(source_base: str) -> dict[str, str]:
    """Every demo article, title → wikitext, with citations pointing at the source server on ``source_base``.

    The WiCE articles come first, then the real Wikipedia articles (whose sources are unreachable here).
    Two articles also cite a page constructed for the demo (:mod:`sidebot.sandbox.demo_extras`: a Wikipedia
    mirror and a paywall), one cites a page at the address it has moved from, and a few claims carry
    {{citation needed}} instead of their citation (``demo_extras.NEEDS_SOURCE``). The wikitext uses the
    templates the local test wiki installs ({{cite web}}, {{Failed verification}}, {{Fv}}, {{Reflist}}).
    """
    base = _checked_base(source_base)
    pages = {a["title"]: a["wikitext"].replace(SOURCE_BASE_PLACEHOLDER, base) for a in _articles()}
    moved_from = demo_source_url(base, MOVED.source_id)
    for needs in NEEDS_SOURCE:
        pages[needs.article] = with_citation_needed(
            needs.article, pages[needs.article], demo_source_url(base, needs.source_id)
        )
    return {
        title: with_moved_citation(title, with_extra_citations(title, text, base), base, moved_from)
        for title, text in pages.items()
    }


def demo_article_titles(origin: Literal["wice", "wikipedia"] | None = None) -> list[str]:
    """Titles of the demo articles, optionally only those of one origin."""
    return [a["title"] for a in _articles() if origin is None or a["origin"] == origin]


def demo_sources() -> list[DemoSource]:
    """Every WiCE source the demo articles cite, in the order of ``sources.jsonl.gz``."""
    return list(_sources())


def demo_source(source_id: str) -> DemoSource:
    """One demo source by id; KeyError names the id when there is none."""
    try:
        return _sources_by_id()[source_id]
    except KeyError:
        raise KeyError(f"no demo source with id {source_id!r}") from None


def demo_manifest() -> dict[str, Any]:
    """What the build script selected and how (counts by label, parameters, seed): ``manifest.json``."""
    return json.loads(_data_file("manifest.json").read_text(encoding="utf-8"))


def _checked_base(source_base: str) -> str:
    base = source_base.rstrip("/")
    if not _SOURCE_BASE.match(base):
        raise ValueError(
            "source base must be an http(s) URL with no path, like http://127.0.0.1:8731; "
            f"got {source_base!r}"
        )
    return base


def _data_file(name: str) -> Traversable:
    return files("sidebot").joinpath("data", "demo", name)


def _read_jsonl_gz(name: str) -> list[dict[str, Any]]:
    resource = _data_file(name)
    try:
        with resource.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as text:
            return [json.loads(line) for line in text if line.strip()]
    except FileNotFoundError as exc:
        raise DemoDataError(f"demo data file {name} is missing from the package; reinstall sidebot") from exc
    except (OSError, EOFError, json.JSONDecodeError) as exc:
        raise DemoDataError(f"demo data file {name} is damaged: {exc}") from exc


@cache
def _articles() -> tuple[dict[str, str], ...]:
    return tuple(_read_jsonl_gz("articles.jsonl.gz"))


@cache
def _sources() -> tuple[DemoSource, ...]:
    try:
        return tuple(_source_from_record(record) for record in _read_jsonl_gz("sources.jsonl.gz"))
    except (KeyError, TypeError) as exc:
        raise DemoDataError(f"demo data file sources.jsonl.gz has an unexpected record: {exc!r}") from exc


@cache
def _sources_by_id() -> dict[str, DemoSource]:
    return {source.id: source for source in _sources()}


def _source_from_record(record: dict[str, Any]) -> DemoSource:
    claim = record["claim"]
    return DemoSource(
        id=record["id"],
        title=record["title"],
        sentences=tuple(record["sentences"]),
        label=record["label"],
        gold=tuple(GoldSet(tuple(g["sentences"]), tuple(g["meta"])) for g in record["gold"]),
        claim=Claim(
            text=claim["text"],
            article_title=claim["article_title"],
            section=claim["section"],
            context=claim["context"],
        ),
        published=record.get("published"),
        author=record.get("author"),
        publisher=record.get("publisher"),
        copyright=record.get("copyright"),
        tag=record.get("tag"),
    )
