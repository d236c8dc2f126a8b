"""A page as numbers for the page-kind model: which kind's words and markup it shows, where, and how much
prose it has besides.

For each kind of :data:`sidebot.sources.lexicon.LEXICONS` the clues are counted place by place: the titles
(``<title>``, the headline), the headings, the main text (trafilatura's), all visible text, what buttons and
element names say, and the hosts of its scripts, frames and links. Where a clue sits matters: "Subscribe to
continue reading" as the page's heading or button is a wall; the same words in the seventh paragraph of an
article about newspapers are not. Then the page as a whole: how many words, how many of them are *prose*
(sentences of six words or more that carry no wall phrase), how many long paragraphs, how much of the page is
links, whether it has a search box or a password field, ``noindex``, article markup, a publication date.

A clue alone never decides: the model weighs the clues of every kind against the prose, so an obituary
with a cookie banner or an article about paywalls stays content while a teaser above "subscribe to continue"
does not.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from sidebot.sources.lexicon import LEXICONS, METERED, OFFERS, TRUNCATED, Lexicon
from sidebot.sources.signals import PageSignals

KINDS = tuple(LEXICONS)
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|\n+")
_DOMAIN = re.compile(r"^([a-z0-9-]+\.)+[a-z]{2,}$")  # a title that is only a domain name: parked pages'
_TITLE_PARTS = re.compile(r"\s+[|·•–—-]\s+|\s*::\s*")
TITLE_CHARS = 300  # of a title or heading: a hostile page's 5 MB <title> is read no further
SCAN_CHARS = 6000  # read of the main and the visible text (head and tail): walls are short
_PROSE_WORDS = 6  # a sentence this long, without a wall phrase, is the page's own prose
LINE_WORDS = 25  # a wall phrase in a longer sentence is prose (an article about walls); notices run to 20
PROSE_SCALE = 60.0  # prose words that halve the weight of a kind's clues in the page's title and main text
FURNITURE_SCALE = 25.0  # prose words that halve the weight of its clues elsewhere on the page
_SEARCH_PATH = re.compile(r"/(search|suche|recherche|buscar|busqueda|búsqueda|zoeken|cerca|find|results?)"
                          r"(/|\.|$)", re.I)  # fmt: skip
_SEARCH_KEYS = frozenset({"q", "s", "query", "search", "keywords", "keyword", "term", "suche", "recherche",
                          "buscar", "text", "searchterm", "search_query", "k"})  # fmt: skip
ASKS_FOR_JS = re.compile(
    r"((enable|turn on|activate|requires?|need) (to enable )?javascript|works best with javascript|"
    r"javascript (switched|turned) on|javascript (enabled|is disabled|"
    r"turned on|is required|must be enabled)|javascript (aktivieren|einschalten|erforderlich)|benötigt "
    r"javascript|activ(er|ez) javascript|javascript (est )?(requis|désactivé)|habilit(ar|e|a) javascript|"
    r"javascript (es necesario|está desactivado))",
    re.I,
)


@dataclass(frozen=True, slots=True)
class PageView:
    """What the fetcher saw of one page: addresses, status, title, trafilatura's main text, the clues."""

    url: str
    final_url: str
    redirects: tuple[str, ...]  # the addresses redirected through, in order, without the final one
    http_status: int | None
    title: str | None
    text: str | None
    signals: PageSignals


@dataclass(frozen=True, slots=True)
class Clue:
    """One hit of a kind's lexicon, for the reviewer: where (``title``, ``heading``, ``text``, ``button``,
    ``element``, ``source``) and what."""

    where: str
    what: str

    def __str__(self) -> str:
        if self.where == "text":
            return f"text: {self.what!r}"
        if self.where == "source":
            return f"a script or link from {self.what}"
        return f"{self.where} {self.what!r}"


PLACES = ("title", "heading", "main", "in_prose", "outside", "ui", "hosts")
AFTER_CHARS = 500  # of the visible text right after the main text: where a paywall's offer to read on sits
# Words of main text after "continue reading with…" when the text does stop there: the offer (what the
# subscription gives, its price). A teaser's offer runs to 57 words on the fit split (62 on batches 24–35),
# while articles quoting the phrase go on for 239 and more there (75 and more).
OFFER_WORDS = 70
# A line of the main text with this many words in sentences of prose (no wall's, offer's or notice's words) is
# a paragraph of the article. On the fit split, after a "continue reading" line, the 69 walls show no line of
# more than 31 such words (their offers, the site's notices, headlines of other stories); the 3 articles with
# the phrase go on in lines of 50 and more (two of them quote it, which alone keeps them, see _quoted).
ARTICLE_WORDS = 40
# A teaser shows the article's opening: on the fit split, the walls whose text stops at "continue reading"
# with only offers after it show at most one such paragraph before it (the Telegraph's demo teaser two); a
# whole article with a paywall's box left in its markup shows its every paragraph first.
TEASER_PARAGRAPHS = 2
WALLED_END_CHARS = 60_000  # of the main text read whole for it (the scanned head and tail skip its middle)
_OPENING_QUOTES = frozenset("\"'„“”‚‘’«»‹›")
_EXCERPT_END = re.compile(r"(\.\.\.|…)\W*$")  # a line cut off like this is another story's excerpt


def wall_feature_names() -> list[str]:
    """The first question's features (wall or not): each place's strongest clue of any kind, each kind's
    clues summed, and the page as a whole. Few numbers, so that a clue counts the same whatever its kind."""
    return [f"max:{place}" for place in PLACES] + [f"{kind}:all" for kind in KINDS] + list(_GLOBAL)


def wall_clue_names() -> set[str]:
    """The wall features that are clues of a wall: each may only push a page towards being one (a clue inside
    a long sentence of prose, how much prose and how many links a page has may push either way)."""
    places = [f"max:{place}" for place in PLACES if place != "in_prose"]
    return {*places, *(f"{kind}:all" for kind in KINDS), *_WALL_SIGNS}


def wall_features(values: dict[str, float]) -> dict[str, float]:
    """:func:`wall_feature_names` from :func:`page_features`."""
    found = {f"max:{place}": max(values[f"{kind}:{place}"] for kind in KINDS) for place in PLACES}
    found |= {f"{kind}:all": sum(values[f"{kind}:{place}"] for place in PLACES) for kind in KINDS}
    return found | {name: values[name] for name in _GLOBAL}


def feature_names() -> list[str]:
    """The names of the page-kind features in the order the model's vectors use: each kind's clue count in
    each place, then the page-wide figures."""
    per_kind = [f"{kind}:{place}" for kind in KINDS for place in PLACES]
    return per_kind + list(_GLOBAL)


# Only what says something about the page as a wall or as prose: how many links, forms, scripts or what
# markup a page has says more about the site's template than about whether this page is the source.
_GLOBAL = ("words", "prose", "prose_sentences", "wall_share", "long_paragraphs", "link_density", "password",
           "noindex", "url_search", "http_error", "asks_for_js", "truncated", "title_is_domain")  # fmt: skip
_WALL_SIGNS = ("password", "noindex", "url_search", "http_error", "asks_for_js", "truncated",
               "title_is_domain")  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Hits:
    """One kind's lexicon read over the page once: phrases in the main text (and where), phrases anywhere
    visible, the title's and headings' coverage, a button, an element name, a source host."""

    main: dict[str, int]  # phrase (lower case) -> offset of its first hit in the main text
    visible: dict[str, str]  # phrase (lower case) -> as written
    title: float
    title_text: str
    heading: float
    heading_text: str
    control: str | None
    name: str | None
    host: str | None


@dataclass(frozen=True, slots=True)
class PageClues:
    """Every kind's hits on one page, read once (:func:`read_clues`): the features and the reason shown to
    people both come from it."""

    hits: dict[str, _Hits]
    main: str
    visible: str
    wall_starts: tuple[int, ...]  # where any kind's phrase starts in the main text, in order
    cut_off: str  # what says the text goes on behind a wall (a short line of the main text, a heading in it,
    # or the words right after it), as written; empty when nothing does
    paywall_line: str  # a paywall's words in a short line of the main text, as written; empty when none
    walled_end: str  # a "continue reading" or meter line after which the main text only offers, as written


def read_clues(page: PageView) -> PageClues:
    """Read every kind's lexicon over the page: the main text's head and tail, the visible text's head and
    tail (walls are short; a long page's clues hardly count, see :func:`page_features`)."""
    s = page.signals
    main = _scanned(page.text or "")
    visible = _scanned(s.visible_text or page.text or "")
    main_lower, visible_lower = main.lower(), visible.lower()
    titles, headings = page_titles(page), [h[:TITLE_CHARS] for h in s.headings[:8]]
    hosts = tuple(h.lower() for h in s.frame_sources + s.link_hosts)
    hits: dict[str, _Hits] = {}
    starts: list[int] = []
    for kind, lex in LEXICONS.items():
        in_main: dict[str, int] = {}
        for match in lex.text.finditer(main_lower):
            in_main.setdefault(match.group(0), match.start())
            starts.append(match.start())
        anywhere = {
            m.group(0): _as_written(visible, visible_lower, m) for m in lex.text.finditer(visible_lower)
        }
        title_cover, title_text = max(((_coverage(lex, t), t) for t in titles), default=(0.0, ""))
        heading_cover, heading_text = max(((_coverage(lex, h), h) for h in headings), default=(0.0, ""))
        host = next((h for h in hosts if lex.hosts.search(h)), None) if lex.hosts is not None else None
        hits[kind] = _Hits(in_main, anywhere, title_cover, title_text, heading_cover, heading_text,
                           _control_hit(lex, s.controls), _name_hit(lex, s.names), host)  # fmt: skip
    after = _after_main_text(page.text or "", s.visible_text or "")
    cut_off, paywall_line = _cut_off(main, headings, after), _paywall_line(hits["paywall"], main, main_lower)
    walled_end = _walled_end((page.text or "")[:WALLED_END_CHARS])
    return PageClues(hits, main, visible, tuple(sorted(starts)), cut_off, paywall_line, walled_end)


def page_features(page: PageView, clues: PageClues | None = None) -> dict[str, float]:
    """The numbers :mod:`sidebot.sources.page_model` weighs, by :func:`feature_names`."""
    clues = clues or read_clues(page)
    s, main, visible = page.signals, clues.main, clues.visible
    words, visible_words = len(main.split()), len(visible.split())
    prose_words, prose_sentences, wall_words = _prose(main, clues.wall_starts)
    # A wall is mostly wall: a kind's clues weigh less the more prose of its own the page has; clues outside
    # its main text (a cookie banner, a login box in the sidebar, comments behind a login) much less.
    mild = 1.0 / (1.0 + prose_words / PROSE_SCALE)
    steep = 1.0 / (1.0 + (prose_words / FURNITURE_SCALE) ** 2)
    features: dict[str, float] = {}
    for kind, hit in clues.hits.items():
        features[f"{kind}:title"] = mild * hit.title
        features[f"{kind}:heading"] = mild * hit.heading
        in_prose = {phrase for phrase, at in hit.main.items() if _sentence_words(main, at) > LINE_WORDS}
        features[f"{kind}:main"] = mild * min(3, len(hit.main.keys() - in_prose))
        features[f"{kind}:in_prose"] = mild * min(3, len(in_prose))
        features[f"{kind}:outside"] = steep * min(3, len(hit.visible.keys() - hit.main.keys()))
        features[f"{kind}:ui"] = steep * (float(hit.control is not None) + float(hit.name is not None))
        features[f"{kind}:hosts"] = steep * float(hit.host is not None)
    features |= {
        "words": math.log1p(words),
        "prose": math.log1p(prose_words),
        "prose_sentences": math.log1p(prose_sentences),
        "wall_share": wall_words / words if words else 0.0,
        "long_paragraphs": math.log1p(s.long_paragraphs),
        "link_density": min(1.0, s.link_words / visible_words) if visible_words else 0.0,
        "password": float(s.has_password_field),
        "noindex": float(s.noindex),
        "url_search": float(is_search_address(page.final_url)),
        "http_error": float(page.http_status is not None and page.http_status >= 400),
        "asks_for_js": float(bool(ASKS_FOR_JS.search(s.noscript_text + " " + visible[:2000]))),
        "truncated": float(bool(clues.cut_off)),
        "title_is_domain": float(any(_DOMAIN.match(t.strip().lower()) for t in page_titles(page)[:2])),
    }
    return features


def best_clue(page: PageView, kind: str, clues: PageClues | None = None) -> Clue | None:
    """The most telling hit of ``kind``'s lexicon on the page, for the reason shown to people."""
    hit = (clues or read_clues(page)).hits[kind]
    if hit.title:
        return Clue("title", hit.title_text[:80])
    if hit.heading:
        return Clue("heading", hit.heading_text[:80])
    if hit.visible:
        first = min(hit.main, key=hit.main.__getitem__) if hit.main else next(iter(hit.visible))
        return Clue("text", hit.visible.get(first, first).strip()[:80])
    if hit.control:
        return Clue("button", hit.control[:60])
    if hit.name:
        return Clue("element", hit.name[:60])
    if hit.host:
        return Clue("source", (urlsplit(hit.host).netloc or hit.host)[:80])
    return None


def is_search_address(url: str) -> bool:
    """``/search?q=…``, ``?s=…``: the address of a site's search page."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    keys = {k.lower() for k, v in parse_qs(parts.query).items() if any(x.strip() for x in v)}
    return bool(_SEARCH_PATH.search(parts.path) or keys & _SEARCH_KEYS)


def page_titles(page: PageView) -> list[str]:
    """The page's titles: its ``<title>``, the extracted title, its first heading (each once)."""
    found = [page.signals.title, page.title or ""] + [h for h in page.signals.headings[:1]]
    return list(dict.fromkeys(t.strip()[:TITLE_CHARS] for t in found if t and t.strip()))


def _scanned(text: str) -> str:
    if len(text) <= SCAN_CHARS:
        return text
    return text[: SCAN_CHARS * 2 // 3] + "\n" + text[-SCAN_CHARS // 3 :]


def _as_written(text: str, lower: str, match: re.Match[str]) -> str:
    """The matched phrase as the page writes it (when lower-casing kept the text's length)."""
    return text[match.start() : match.end()] if len(text) == len(lower) else match.group(0)


def _coverage(lex: Lexicon, title: str) -> float:
    """How much of a title (or heading) the kind's phrases make up: 1.0 for "Page not found", little for
    "Error
    404: an exhibition of broken links". A title's parts ("Story | Site") count on their own."""
    best = 0.0
    for part in _TITLE_PARTS.split(title.lower()):
        part = part.strip(" \t\"'“”‘’«»!?.:,")
        if not part:
            continue
        covered: set[int] = set()
        for pattern in (lex.title, lex.text):
            for match in pattern.finditer(part):
                covered.update(range(match.start(), match.end()))
        best = max(best, len(covered) / len(part))
    return min(1.0, best)


def _distinct_hits(pattern: re.Pattern[str], text: str) -> int:
    return len({m.group(0).lower() for m in pattern.finditer(text[:20_000])}) if text else 0


def _control_hit(lex: Lexicon, controls: tuple[str, ...]) -> str | None:
    if lex.control is None:
        return None
    return next((c for c in controls if len(c.split()) <= 8 and lex.control.search(c.strip().lower())), None)


def _name_hit(lex: Lexicon, names: frozenset[str]) -> str | None:
    if lex.names is None:
        return None
    return next((n for n in sorted(names) if lex.names.search(n)), None)


def _sentence_words(text: str, at: int) -> int:
    """Words in the sentence (or line) of ``text`` around offset ``at``."""
    starts = [m.end() for m in _SENTENCE.finditer(text, 0, at)]
    begin = starts[-1] if starts else 0
    following = _SENTENCE.search(text, at)
    return len(text[begin : following.start() if following else len(text)].split())


def _cut_off(main: str, headings: list[str], after: str) -> str:
    """The words saying the text goes on behind a wall ("continue reading with…"): in a short line of the main
    text followed by no more than an offer (in a long line, or with the article going on after it, it is an
    article's prose about paywalls: « "La suite est réservée aux abonnés." The phrase has become…»), a
    heading, or right after the main text."""
    heading = next((h for h in headings if TRUNCATED.search(h.lower())), "")
    return _in_a_short_line(TRUNCATED, main, OFFER_WORDS) or heading or _first_hit(TRUNCATED, after)


def _walled_end(main: str) -> str:
    """The line after which the main text is a wall's, as written: a "continue reading" line (a short one)
    after the article's opening (:data:`TEASER_PARAGRAPHS`), followed by an offer (a trial, a subscription)
    and no paragraph of the article, however long the offers, notices and other stories' headlines after it;
    or a meter's count of free articles followed by an offer on a page with no paragraph of its own at all
    (beside the article it counts, a meter is a counter)."""
    lower = main.lower()
    for pattern, whole_page in ((TRUNCATED, False), (METERED, True)):
        for match in pattern.finditer(lower):
            if _sentence_words(lower, match.start()) > LINE_WORDS or _quoted(lower, match.start()):
                continue
            rest = main[match.end() :]
            # the offer right after the line it cuts off at ("keep reading" above other stories is not one)
            offer = " ".join(rest.lower().split()[: None if whole_page else OFFER_WORDS])
            if not (OFFERS.search(offer) or LEXICONS["paywall"].text.search(offer)):
                continue
            if whole_page:
                walled = _article_paragraphs(main) == 0
            else:
                walled = _article_paragraphs(main[: match.start()]) <= TEASER_PARAGRAPHS
                walled = walled and _article_paragraphs(rest) == 0
            if walled:
                return _as_written(main, lower, match)
    return ""


def _quoted(text: str, at: int) -> bool:
    """Whether the words at ``at`` open a quotation: an article about paywalls quotes their phrases."""
    return text[max(0, at - 2) : at].strip()[-1:] in _OPENING_QUOTES


def _article_paragraphs(text: str) -> int:
    """How many lines of ``text`` are paragraphs of an article: :data:`ARTICLE_WORDS` words or more in
    sentences of prose, and not cut off as another story's excerpt ("…best known...")."""
    found = 0
    for line in text.splitlines():
        if len(line.split()) < ARTICLE_WORDS or _EXCERPT_END.search(line):
            continue
        prose = 0
        for sentence in _SENTENCE.split(line):
            words = len(sentence.split())
            lower = sentence.lower()
            if words < _PROSE_WORDS or OFFERS.search(lower) or TRUNCATED.search(lower):
                continue
            if not any(lex.text.search(lower) for lex in LEXICONS.values()):
                prose += words
        found += prose >= ARTICLE_WORDS
    return found


def _paywall_line(paywall: _Hits, main: str, main_lower: str) -> str:
    """A paywall's words ("this page is for members", "already a subscriber?") in a short line of the main
    text, as written: with little prose before it, that is a members' page or a teaser. (Right after the main
    text they are too often an article's comment box, "you must be logged in to post a comment".)"""
    for phrase, at in sorted(paywall.main.items(), key=lambda hit: hit[1]):
        if _sentence_words(main_lower, at) <= LINE_WORDS:
            return main[at : at + len(phrase)] if len(main) == len(main_lower) else phrase
    return ""


def _in_a_short_line(pattern: re.Pattern[str], text: str, words_after: int) -> str:
    """The first hit of ``pattern`` in a short line of ``text`` with at most ``words_after`` words after it,
    as written."""
    lower = text.lower()
    for match in pattern.finditer(lower):
        if _sentence_words(lower, match.start()) > LINE_WORDS:
            continue
        if len(lower[match.end() :].split()) <= words_after:
            return _as_written(text, lower, match)
    return ""


def _first_hit(pattern: re.Pattern[str], text: str) -> str:
    lower = text.lower()
    match = pattern.search(lower)
    return _as_written(text, lower, match) if match else ""


def _after_main_text(main: str, visible: str) -> str:
    """What the page shows right after its main text: where a teaser is cut off, the offer to read on is
    often outside what trafilatura keeps as the article."""
    last_line = next((line for line in reversed(main.splitlines()) if line.strip()), "")
    anchor = " ".join(last_line.split())[-60:]
    at = visible.rfind(anchor) if len(anchor) >= 20 else -1
    return visible[at + len(anchor) : at + len(anchor) + AFTER_CHARS] if at >= 0 else ""


def _prose(text: str, wall_starts: tuple[int, ...]) -> tuple[int, int, int]:
    """(words in prose sentences, prose sentences, words in sentences carrying a wall phrase)."""
    prose_words = prose_sentences = wall_words = 0
    begin, position = 0, 0
    for match in [*_SENTENCE.finditer(text), None]:
        end = match.start() if match is not None else len(text)
        count = len(text[begin:end].split())
        while position < len(wall_starts) and wall_starts[position] < begin:
            position += 1
        if position < len(wall_starts) and wall_starts[position] < end:
            wall_words += count
        elif count >= _PROSE_WORDS:
            prose_words += count
            prose_sentences += 1
        begin = match.end() if match is not None else end
    return prose_words, prose_sentences, wall_words
