"""Is a fetched page the cited source, or something a site answers with instead of it?

A dead or moved source often still answers "200 OK": with an error page, a "moved" or "removed" notice, a
video player saying the video is unavailable, the site's search page, the home page, a parked domain, a
cookie or consent wall, a paywall or login wall, a bot check, or a JavaScript shell with no text. Scoring such
a page against the claim would queue the citation as "low support", a false alarm. :func:`classify` tells
them apart in three steps:

1. what the fetch saw happen: a deep address redirected to the site's root, a section front, or a login,
   consent or error page; a CAPTCHA frame; a page without text (empty, or a script shell);
2. the page-kind model (:mod:`sidebot.sources.page_model`): the words and markup of each kind, place by place
   (:mod:`sidebot.sources.lexicon`, :mod:`sidebot.sources.page_features`), weighed against how much prose
   the page has, so a real article that mentions cookies, paywalls, captchas or "not found" stays content;
3. in :mod:`sidebot.sources.soft404`, the site's answer to a nonsense address next to the page.

Each verdict carries its reason in words, with what gave it away (a title, a phrase, a button, an element).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlsplit

from sidebot.sources.lexicon import LEXICONS, METERED
from sidebot.sources.page_features import (
    ASKS_FOR_JS,
    SCAN_CHARS,
    PageView,
    best_clue,
    page_features,
    read_clues,
    wall_features,
)
from sidebot.sources.page_model import CONTENT as CONTENT_KIND
from sidebot.sources.page_model import PageModel, shipped_page_model
from sidebot.sources.page_text import TEXT_WALL, page_wording
from sidebot.sources.signals import PageSignals

__all__ = ["CONTENT", "Classification", "PageKind", "PageView", "classify"]


class PageKind(StrEnum):
    """What a fetched page is: the content, or one of the answers that stand in for a source without being it
    (each with the words :data:`DESCRIPTIONS` gives it)."""

    CONTENT = "content"
    GONE = "gone"  # an error page ("not found", "no longer available"), whatever its HTTP status
    SITE_ROOT = "site-root"  # redirected to the site's home page or another generic page
    CONSENT = "consent-wall"  # a cookie or consent wall in front of the page
    PAYWALL = "paywall"  # a paywall or login stub
    BOT_CHECK = "bot-check"  # a CAPTCHA or browser check
    SCRIPT_SHELL = "script-shell"  # a JavaScript application shell: scripts, no text
    EMPTY = "empty"  # no text at all
    PARKED = "parked"  # a parked or for-sale domain, a registrar's placeholder
    REMOVED = "removed"  # a notice that the page was removed, withdrawn, retracted or unpublished
    MEDIA_UNAVAILABLE = "media-unavailable"  # a player saying the video or audio is unavailable
    SEARCH_RESULTS = "search-results"  # the site's search results instead of the document
    MOVED = "moved"  # a notice that the page has moved to another address


DESCRIPTIONS = {
    PageKind.GONE: "the page says it is gone (soft 404)",
    PageKind.SITE_ROOT: "redirected to the site's home page or a generic page",
    PageKind.CONSENT: "a cookie or consent wall, not the page",
    PageKind.PAYWALL: "a paywall or login stub, not the page",
    PageKind.BOT_CHECK: "a bot check (CAPTCHA), not the page",
    PageKind.SCRIPT_SHELL: "a JavaScript shell with no text",
    PageKind.EMPTY: "the page has no text",
    PageKind.PARKED: "a parked or for-sale domain, not the page",
    PageKind.REMOVED: "the page says it was removed or withdrawn",
    PageKind.MEDIA_UNAVAILABLE: "the video or audio is unavailable",
    PageKind.SEARCH_RESULTS: "search results instead of the document",
    PageKind.MOVED: "the page says it has moved elsewhere",
}


@dataclass(frozen=True, slots=True)
class Classification:
    """A page's kind, with the clue that gave it away for the reviewer (empty for content)."""

    kind: PageKind
    evidence: str = ""  # what gave it away, for the reviewer

    @property
    def is_content(self) -> bool:
        """Whether the page is the source's content (not an error page, wall, shell or notice)."""
        return self.kind is PageKind.CONTENT

    @property
    def reason(self) -> str:
        """A readable reason, e.g. "not the source: a paywall or login stub (text: 'subscribe to …')"."""
        if self.is_content:
            return "content"
        detail = f" ({self.evidence})" if self.evidence else ""
        return f"not the source: {DESCRIPTIONS[self.kind]}{detail}"


CONTENT = Classification(PageKind.CONTENT)

SHORT_WORDS = 150  # a CAPTCHA frame on a page with more main text than this is part of the page
EMPTY_WORDS = 3
SHELL_WORDS = 25
HEADLINE_WORDS = 15  # a first line of the main text this short is a headline, not prose
# A page whose text stops at "continue reading with…" after less prose than this is a paywall's teaser however
# much it reads like the article (which it is, the first paragraphs of it): on the fit split, 83 of the 85
# paywalls whose text stops so have less, and none of its 557 articles with less stops so.
TEASER_WORDS = 150
# A page with less prose than this and a paywall's words in a short line of its main text ("this page is for
# association members", "Questo articolo è riservato agli abbonati") is a members' page or a teaser: on the
# fit split 124 paywalls have both and one article, which the model already takes for a wall (an abstract
# with an access box); at 150 words five more articles would.
MEMBERS_WORDS = 100

_ROOT_PATHS = re.compile(r"^/?((index|default|home|start)(\.\w{2,5})?|[a-z]{2}([-_][a-z]{2})?)?/?$", re.I)
_PATH_RULES: tuple[tuple[PageKind, re.Pattern[str]], ...] = (
    (PageKind.GONE, re.compile(r"(^|[/_.-])(404|410|error|errors|not-?found|page-?not-?found|notfound|"
                               r"gone|missing|removed|unavailable)([/_.?-]|$)", re.I)),
    (PageKind.BOT_CHECK, re.compile(r"(captcha|/cdn-cgi/challenge|/challenge|/sorry/|/blocked|"
                                    r"/are-you-a-robot|/bot-?check|perfdrive)", re.I)),
    (PageKind.CONSENT, re.compile(r"(consent|cookie-?wall|cookiewall|privacy-?gate|gdpr|/cmp/|cookies?/?$)",
                                  re.I)),
    (PageKind.PAYWALL, re.compile(r"(^|/)(login|log-in|signin|sign-in|sign_in|logon|auth|account|accounts|"
                                  r"subscribe|subscription|subscriptions|paywall|register|registration|"
                                  r"sso|member|members)([/_.?-]|$)", re.I)),
)  # fmt: skip

_SHELL_NOSCRIPT = ASKS_FOR_JS
_SHELL_ROOTS = frozenset(
    {
        "root",
        "app",
        "__next",
        "__nuxt",
        "___gatsby",
        "main-app",
        "app-root",
        "svelte",
        "ember-app",
        "ember-application",
        "q-app",
        "flt-glass-pane",
        "blazor-error-ui",
    }
)
_BOT_FRAMES = re.compile(r"(recaptcha|hcaptcha|challenges\.cloudflare\.com|turnstile|geo\.captcha-delivery|"
                         r"arkoselabs|funcaptcha|perimeterx|px-cdn|captcha)", re.I)  # fmt: skip


def classify(page: PageView, model: PageModel | None = None) -> Classification:
    """The page's kind, from what the fetch saw and, failing that, the page-kind model (default: the shipped
    one); :data:`CONTENT` when nothing says otherwise."""
    words = _words(page.text)
    for check in (_by_redirect, _by_bot_check, _by_emptiness):
        found = check(page, words)
        if found is not None:
            return found
    return _by_model(page, model or shipped_page_model())


def _by_emptiness(page: PageView, words: int) -> Classification | None:
    """No text at all, or a script shell asking for JavaScript: unless the little it says is a wall's (a
    bot check asks for JavaScript too)."""
    signals = page.signals
    if words > SHELL_WORDS:
        return None
    visible, title = signals.visible_text[:SCAN_CHARS].lower(), signals.title.lower()
    if any(lex.text.search(visible) or lex.title.search(title)
           for lex in LEXICONS.values()):  # fmt: skip
        return None
    if words <= EMPTY_WORDS and _visible_words(signals) <= SHELL_WORDS:
        if signals.script_count and (
            _asks_for_javascript(page) or signals.names & _SHELL_ROOTS or signals.script_chars
        ):
            return Classification(PageKind.SCRIPT_SHELL, f"{signals.script_count} scripts, no text")
        return Classification(PageKind.EMPTY, "no text")
    if signals.script_count and _asks_for_javascript(page):
        return Classification(PageKind.SCRIPT_SHELL, "the page asks for JavaScript and shows no text")
    return None


def _asks_for_javascript(page: PageView) -> bool:
    """The page asks for JavaScript in a listed wording, or nothing shows outside its ``<noscript>`` and what
    that says names JavaScript: a shell in any language (the word is the same in all of them, the request
    around it is not)."""
    signals = page.signals
    if _SHELL_NOSCRIPT.search(signals.noscript_text + " " + (page.text or "")):
        return True
    return _visible_words(signals) <= EMPTY_WORDS and "javascript" in signals.noscript_text.lower()


def _by_model(page: PageView, model: PageModel) -> Classification:
    """Is the page a wall (the first regression, which also weighs the n-gram model's reading of its
    wording), and if so which kind (the second), among the kinds the page shows a clue of. A page with no
    clue of any kind is a wall only when it is a web page (a plain-text document wraps no site's wall) and the
    n-gram model alone reads it as one (a short page is still the page); it is then named by its wording (the
    n-gram model's kind), its headline as the evidence. A short page (:data:`TEASER_WORDS`) whose text stops
    at an offer to read on is a paywall's teaser, whether the model reads it as content or as a wall with no
    other clue; so is a shorter one (:data:`MEMBERS_WORDS`) with a paywall's words in a line of its own. And
    so is a page of any length whose text stops at such an offer with only offers, notices and other stories'
    headlines after it, or that shows a meter of free articles and offers but no paragraph of an article
    (:attr:`~sidebot.sources.page_features.PageClues.walled_end`): a teaser's opening is not the source."""
    found = read_clues(page)
    values = page_features(page, found)
    wording = page_wording(page)
    wall_values = wall_features(values) | {TEXT_WALL: model.text.wall_log_odds(wording)}
    teaser, prose = None, math.expm1(values["prose"])
    if found.cut_off and prose < TEASER_WORDS:
        teaser = Classification(PageKind.PAYWALL, f"the text stops at {found.cut_off[:80]!r}")
    elif found.paywall_line and prose < MEMBERS_WORDS:
        teaser = Classification(PageKind.PAYWALL, f"a short text, then {found.paywall_line[:80]!r}")
    elif found.walled_end:
        teaser = Classification(PageKind.PAYWALL, _walled_end_reason(found.walled_end))
    if model.wall.probabilities(wall_values)[CONTENT_KIND] >= 0.5:
        return teaser or CONTENT
    clues = {kind: best_clue(page, kind, found) for kind in LEXICONS}
    shown = [kind for kind, clue in clues.items() if clue is not None]
    if not shown and teaser:
        return teaser
    if not shown:  # no word or sign of any wall: a wall only if it is a web page whose wording reads as one
        if not page.signals.visible_text or wall_values[TEXT_WALL] < 0.0:
            return CONTENT
        chances = model.text.kind_chances(wording)
        return Classification(PageKind(max(chances, key=chances.__getitem__)), _headline(page))
    chances = model.kind.probabilities(values)
    kind = max(shown, key=lambda k: chances.get(k, 0.0))
    return Classification(PageKind(kind), str(clues[kind]))


def _walled_end_reason(line: str) -> str:
    if METERED.search(line.lower()):
        return f"no article, a meter ({line[:80]!r}) and offers"
    return f"the text stops at {line[:80]!r}, then only offers"


def _headline(page: PageView) -> str:
    """What a reader sees first of a wall the lexicon has no word for: its first heading, else the first line
    of its main text when that is a headline, else its title."""
    heading = next((h.strip() for h in page.signals.headings if h.strip()), "")
    lines = [x.strip() for x in (page.text or page.signals.visible_text or "").splitlines() if x.strip()]
    first = lines[0] if lines and len(lines[0].split()) <= HEADLINE_WORDS else ""
    shown = heading or first or page.signals.title.strip()
    return f"its wording: {shown[:80]!r}" if shown else "its wording"


def _by_redirect(page: PageView, words: int) -> Classification | None:
    """Redirected away from a deep address: to the site's root, or to an error, login, consent or bot-check
    page; or a "we have moved" notice refreshing to another site. A redirect within the same kind of address
    (http→https, a trailing slash) says nothing."""
    target = page.signals.meta_refresh or (page.final_url if page.redirects else None)
    if not target:
        return None
    start, end = _split(page.url), _split(target)
    if end is None or start is None or _same_address(start, end):
        return None
    if page.signals.meta_refresh and start[0] != end[0]:
        notice = best_clue(page, PageKind.MOVED.value)
        if notice is not None:  # a "we have moved" notice that sends its reader to the new site
            return Classification(PageKind.MOVED, f"{notice}; it sends readers to {target}")
    if not _ROOT_PATHS.match(start[1]) and _ROOT_PATHS.match(end[1]) and not end[2]:
        return Classification(PageKind.SITE_ROOT, f"redirected to {target}")
    if start[0] == end[0] and _is_ancestor(end[1], start[1]):
        return Classification(PageKind.SITE_ROOT, f"redirected to the section page {target}")
    start_path, end_path = start[1] + "?" + start[2], end[1] + "?" + end[2]
    host_hit = re.search(r"(^|\.)(consent|cmp|privacy)\.", end[0] + ".")
    if host_hit and not re.search(r"(^|\.)(consent|cmp|privacy)\.", start[0] + "."):
        return Classification(PageKind.CONSENT, f"redirected to {target}")
    for kind, pattern in _PATH_RULES:
        if pattern.search(end_path) and not pattern.search(start_path):
            return Classification(kind, f"redirected to {target}")
    return None


def _by_bot_check(page: PageView, words: int) -> Classification | None:
    signals = page.signals
    if words > SHORT_WORDS:
        return None
    frame = next((src for src in signals.frame_sources if _BOT_FRAMES.search(src)), None)
    if frame and _words(signals.visible_text) <= SHORT_WORDS:
        return Classification(PageKind.BOT_CHECK, f"a CAPTCHA from {urlsplit(frame).netloc or frame}")
    return None


def _is_ancestor(folder: str, path: str) -> bool:
    """``/news/`` is an ancestor of ``/news/2015/story``: a moved story sent to its section's front page."""
    above, below = folder.strip("/").split("/"), path.strip("/").split("/")
    return len(above) < len(below) and below[: len(above)] == above and above != [""]


def _words(text: str | None) -> int:
    return len(text.split()) if text else 0


def _visible_words(signals: PageSignals) -> int:
    return _words(signals.visible_text)


def _split(url: str) -> tuple[str, str, str] | None:
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return (parts.hostname or "").removeprefix("www."), parts.path or "/", parts.query


def _same_address(a: tuple[str, str, str], b: tuple[str, str, str]) -> bool:
    return a[0] == b[0] and a[1].rstrip("/") == b[1].rstrip("/") and a[2] == b[2]
