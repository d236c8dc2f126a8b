"""Citations the demo adds to its articles or moves, and the pages the source server answers for them: a
source that copies Wikipedia, a paywall, and a page that moved. They are constructed here (not from WiCE or
Wikipedia), so that the demo's queue shows the cases a patroller most needs told apart from ordinary low
support:

* **a mirror** of the demo article "Jodie Emery": its own text, served by a Wikipedia mirror site ("From
  Wikipedia, the free encyclopedia", a CC BY-SA notice), cited for the article's first sentence. It
  "supports" the claim word for word; the patrol queues it as *the source copies Wikipedia*;
* **a paywall**: a news site's subscriber-only page cited in the demo article "2001 Macau Grand Prix"; the
  patrol recognises it as not the source and records the citation as *unverifiable*, with the reason;
* **a page that moved**: the real WiCE page that the demo article "Marion Leane Smith" cites for Smith's death
  now answers at a new address; the old one, which the article cites, shows a "this page has moved" notice,
  and an editor has tagged the citation {{Failed verification}}. The demo corpus holds the page at its new
  address (a web snapshot crawled it after the move), so the patrol records the citation as unverifiable
  and suggests the page where it now lives: a suggestion a reader can check supports the claim.

* **claims tagged {{citation needed}}**: a few real WiCE claims whose page supports them (WiCE's annotators
  said so) lose their citation, and an editor's {{citation needed}} (or a redirect to it) stands in its place
  (:data:`NEEDS_SOURCE`). The page is still in the demo's retrieval corpus (which holds every demo source), so
  the patrol can find it for the claim and queue it as *needs a source* with the page as its suggestion.

The citations are put into the articles' wikitext when the demo imports them (:func:`with_extra_citations`,
:func:`with_citation_needed`); the source server renders the pages (:func:`extra_page`).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from sidebot.citations.citations import article_text


@dataclass(frozen=True, slots=True)
class ExtraCitation:
    """A citation the demo adds beyond WiCE's, to show a kind of finding WiCE has none of: a Wikipedia mirror
    or a paywall cited for a demo article's sentence."""

    article: str  # the demo article that cites it
    after: str  # the wikitext the <ref> is put right after (the end of the cited sentence)
    path: str  # on the source server
    title: str  # |title=
    website: str  # |website=
    kind: str  # "mirror" or "paywall"


MIRROR = ExtraCitation(
    article="Jodie Emery",
    after="[[Cannabis (drug)|cannabis]] [[Legality of cannabis|activist]], and politician.",
    path="/mirror/wiki/Jodie_Emery",
    title="Jodie Emery",
    website="WikiMirror Encyclopedia",
    kind="mirror",
)
PAYWALL = ExtraCitation(
    article="2001 Macau Grand Prix",
    after="as a treasure hunt around the enclave's streets.",
    path="/news/motorsport/2001/11/macau-grand-prix-history.html",
    title="How a treasure hunt became the Macau Grand Prix",
    website="The Harbour Times",
    kind="paywall",
)
EXTRAS = (MIRROR, PAYWALL)


@dataclass(frozen=True, slots=True)
class MovedPage:
    """A demo source whose cited address now shows a "moved" notice, with the page at a new address (the one
    the demo corpus holds), so the queue can suggest it."""

    article: str  # the demo article that cites it
    source_id: str  # the demo (WiCE) source that moved
    old_path: str  # what the article cites: a "moved" notice now
    new_path: str  # where the page lives now (and where the demo corpus holds it)
    website: str


MOVED = MovedPage(
    article="Marion Leane Smith",
    source_id="dev03806",
    old_path="/stories/the-first-nurse.php",
    new_path="/collection/stories/the-first-nurse",
    website="National Portrait Gallery",
)
MOVED_TAG = "{{Failed verification|date=March 2023|reason=the link shows a notice that the page has moved}}"


@dataclass(frozen=True, slots=True)
class NeedsSource:
    """A demo claim whose citation was replaced by a tag such as {{citation needed}}, with the demo source
    that supports it (in the corpus, cited nowhere), so the queue can suggest it."""

    article: str  # the demo article whose claim lost its citation
    source_id: str  # the demo (WiCE) source that supports the claim: in the corpus, cited nowhere now
    tag: str  # what stands where the citation was


NEEDS_SOURCE = (  # none in an article the web tests seed (tests/fixtures/web.py) or the README's walk uses
    NeedsSource("Megadeth", "dev01864", "{{fact|date=February 2021}}"),
    NeedsSource("Megadeth", "dev03810", "{{cn|date=May 2023}}"),
    NeedsSource("Saint Luke Drawing the Virgin", "dev01120", "{{cn|date=August 2023}}"),
    NeedsSource("Scott Walker (politician)", "dev01786", "{{Citation needed|date=January 2024}}"),
    NeedsSource("List of songs recorded by Trivium", "dev01883", "{{cn|date=June 2022}}"),
    NeedsSource("Kate Winslet", "dev00116", "{{Citation needed|date=October 2022}}"),
)


def uncited_source_ids() -> frozenset[str]:
    """The demo sources no demo article cites: their claims are tagged {{citation needed}} instead."""
    return frozenset(n.source_id for n in NEEDS_SOURCE)


def with_citation_needed(title: str, wikitext: str, source_url: str) -> str:
    """``wikitext`` of demo article ``title`` without the citation of ``source_url`` (a demo source of
    :data:`NEEDS_SOURCE`), its tag in its place; unchanged when the article does not cite it."""
    at = wikitext.find(source_url + " ")
    start, end = wikitext.rfind("<ref>", 0, at), wikitext.find("</ref>", at) + len("</ref>")
    needs = next(
        (n for n in NEEDS_SOURCE if n.article == title and source_url.endswith(f"/{n.source_id}")), None
    )
    if needs is None or at < 0 or start < 0 or end <= at:
        return wikitext
    return wikitext[:start] + needs.tag + wikitext[end:]


def current_path(source_id: str) -> str | None:
    """Where the source server and the demo corpus hold ``source_id`` when it moved, else None."""
    return MOVED.new_path if source_id == MOVED.source_id else None


def moved_source_id(path: str) -> str | None:
    """The demo source that now lives at ``path``, if one moved there."""
    return MOVED.source_id if path == MOVED.new_path else None


def with_extra_citations(title: str, wikitext: str, base: str) -> str:
    """``wikitext`` of demo article ``title`` with the extra citations it carries (citing ``base``)."""
    for extra in EXTRAS:
        if extra.article == title and extra.after in wikitext:
            ref = (
                f"<ref>{{{{cite web |url={base}{extra.path} |title={extra.title} |website={extra.website} "
                "|access-date=2023-03-01}}</ref>"
            )
            wikitext = wikitext.replace(extra.after, extra.after + ref, 1)
    return wikitext


def with_moved_citation(title: str, wikitext: str, base: str, source_url: str) -> str:
    """``wikitext`` of demo article ``title`` with the moved page's citation (``source_url``, where the page
    was) pointing at its old address on ``base``, tagged by an editor."""
    if title != MOVED.article:
        return wikitext
    cited = source_url + " "
    at = wikitext.find(cited)
    end = wikitext.find("</ref>", at) + len("</ref>")
    if at < 0 or end <= at:
        return wikitext
    ref = f"{base}{MOVED.old_path} " + wikitext[at + len(cited) : end]
    return wikitext[:at] + ref + MOVED_TAG + wikitext[end:]


def extra_page(path: str, pages: dict[str, str]) -> str | None:
    """The HTML the source server answers at ``path`` for an extra citation, or None. ``pages``: the demo
    articles' wikitext by title (the mirror copies one of them)."""
    if path == MIRROR.path and MIRROR.article in pages:
        return _mirror_page(MIRROR.article, pages[MIRROR.article])
    if path == PAYWALL.path:
        return _paywall_page(PAYWALL)
    if path == MOVED.old_path:
        return _moved_page(MOVED)
    return None


def _mirror_page(title: str, wikitext: str) -> str:
    paragraphs = [p.strip() for p in article_text(wikitext, title).split("\n\n") if len(p.split()) >= 5]
    body = "\n".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)} - WikiMirror Encyclopedia</title>
<meta property="article:published_time" content="2021-06-14"></head>
<body><header class="mirror-header"><a href="/mirror/">WikiMirror Encyclopedia</a> ·
<a href="/mirror/random">Random article</a></header>
<main><article><h1>{escape(title)}</h1><p class="tagline">From Wikipedia, the free encyclopedia</p>
{body}
</article></main>
<footer class="mirror-footer"><p>This article uses material from the Wikipedia article "{escape(title)}",
which is released under the Creative Commons Attribution-Share-Alike License 4.0 (CC BY-SA 4.0).</p>
</footer></body></html>
"""


def _paywall_page(extra: ExtraCitation) -> str:
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{escape(extra.title)} | {escape(extra.website)}</title></head>
<body><header class="site-header"><a href="/news/">{escape(extra.website)}</a>
<nav><a href="/news/">News</a> <a href="/news/motorsport/">Motorsport</a> <a href="/login">Log in</a></nav>
</header>
<main><article><h1>{escape(extra.title)}</h1><p class="byline">Motorsport desk · 18 November 2001</p>
</article>
<div class="paywall"><h2>Subscribe to continue reading</h2><p>This article is for subscribers only. Get
unlimited access to our journalism from £1 a week.</p><a class="btn" href="/subscribe">Subscribe now</a>
<p>Already a subscriber? <a href="/login">Log in</a></p></div></main>
<footer><p>&copy; 2024 {escape(extra.website)}</p></footer></body></html>
"""


def _moved_page(moved: MovedPage) -> str:
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Page moved | {escape(moved.website)}</title></head>
<body><header class="site-header"><a href="/">{escape(moved.website)}</a>
<nav><a href="/collection/">Collection</a> <a href="/visit/">Visit</a></nav></header>
<main><h1>This page has moved</h1>
<p>Our website has been redesigned and our stories have moved to the collection. The page you are looking
for is now at <a href="{escape(moved.new_path)}">{escape(moved.new_path)}</a>. Please update your
bookmarks.</p></main>
<footer><p>&copy; 2024 {escape(moved.website)}</p></footer></body></html>
"""
