"""Is a fetched page the cited source, or something a site answers with instead of it?

A dead or moved source often still answers "200 OK": with an error page, the site's home page, a cookie or
consent wall, a paywall or login stub, a bot check, or a JavaScript shell with no text. Scoring such a page
against the claim would queue the citation as "low support", a false alarm. :func:`classify` recognises them
from what the fetch saw: the redirect chain (sent to "/" or to /login), the page's title ("Page not found",
"Just a moment..."), its visible text ("Subscribe to continue reading", "We use cookies") and markup (a
password field, a CAPTCHA frame, scripts and nothing else). The soft-404 test that needs a second request (a
nonsense address on the same site, compared with the page) lives in :mod:`sidebot.sources.soft404`.

The phrase rules only fire on pages whose main text is short: a real article that mentions cookies in its
footer, or a subscriber box beside its full text, stays content. Thresholds were set on the WiCE source pages
(``sidebot eval sources``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlsplit

from sidebot.sources.signals import PageSignals


class PageKind(StrEnum):
    CONTENT = "content"
    GONE = "gone"  # an error page ("not found", "no longer available"), whatever its HTTP status
    SITE_ROOT = "site-root"  # redirected to the site's home page or another generic page
    CONSENT = "consent-wall"  # a cookie or consent wall in front of the page
    PAYWALL = "paywall"  # a paywall or login stub
    BOT_CHECK = "bot-check"  # a CAPTCHA or browser check
    SCRIPT_SHELL = "script-shell"  # a JavaScript application shell: scripts, no text
    EMPTY = "empty"  # no text at all


DESCRIPTIONS = {
    PageKind.GONE: "the page says it is gone (soft 404)",
    PageKind.SITE_ROOT: "redirected to the site's home page or a generic page",
    PageKind.CONSENT: "a cookie or consent wall, not the page",
    PageKind.PAYWALL: "a paywall or login stub, not the page",
    PageKind.BOT_CHECK: "a bot check (CAPTCHA), not the page",
    PageKind.SCRIPT_SHELL: "a JavaScript shell with no text",
    PageKind.EMPTY: "the page has no text",
}


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
class Classification:
    kind: PageKind
    evidence: str = ""  # what gave it away, for the reviewer

    @property
    def is_content(self) -> bool:
        return self.kind is PageKind.CONTENT

    @property
    def reason(self) -> str:
        """A readable reason, e.g. "not the source: a paywall or login stub (text: 'subscribe to …')"."""
        if self.is_content:
            return "content"
        detail = f" ({self.evidence})" if self.evidence else ""
        return f"not the source: {DESCRIPTIONS[self.kind]}{detail}"


CONTENT = Classification(PageKind.CONTENT)

# Pages whose main text is at most this many words may be walls or stubs; longer ones are content.
SHORT_WORDS = 150
STUB_WORDS = 300  # a paywall stub keeps a teaser paragraph or two above its "subscribe" box
EMPTY_WORDS = 3
SHELL_WORDS = 25

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

_TITLE_RULES: tuple[tuple[PageKind, re.Pattern[str]], ...] = (
    (PageKind.BOT_CHECK, re.compile(r"^(just a moment|attention required|robot check|are you a (robot|human)|"
                                    r"access denied|security check|checking your browser|captcha|"
                                    r"please verify|human verification|pardon our interruption|"
                                    r"one more step|bot verification|ddos-guard)", re.I)),
    (PageKind.GONE, re.compile(r"(\b404\b|\b410\b|not found|page (does not|doesn't|cannot|can't|could not|"
                               r"couldn't) (exist|be found)|no longer (available|exists)|page (is )?"
                               r"unavailable|page missing|file not found|seite nicht gefunden|"
                               r"página no encontrada|page introuvable|pagina non trovata|niet gevonden|"
                               r"^error\b|\berror 4\d\d|content not available|article not found|"
                               r"has been removed|page gone)", re.I)),
    (PageKind.CONSENT, re.compile(r"^(before you continue|cookie (consent|settings|policy)|privacy (settings|"
                                  r"choices)|consent|we value your privacy|your privacy)", re.I)),
    (PageKind.PAYWALL, re.compile(r"^(sign in|log ?in|login|sign on|log on|subscribe|subscription required|"
                                  r"subscriber (only|exclusive)|register|create (an|your) account|"
                                  r"members only|access restricted)\b", re.I)),
)  # fmt: skip

_TEXT_RULES: dict[PageKind, re.Pattern[str]] = {
    PageKind.BOT_CHECK: re.compile(
        r"(verify (that )?you are (a )?human|checking (if the site connection is secure|your browser)|"
        r"are you a robot|not a robot|unusual traffic from your (computer|network)|complete the security "
        r"check|press (&|and) hold|enable javascript and cookies to continue|captcha|"
        r"prove you('| a)re human|automated (access|queries|requests)|bot protection|"
        r"ray id|request unsuccessful\. incapsula)",
        re.I,
    ),
    PageKind.CONSENT: re.compile(
        r"(we use cookies|this (web)?site uses cookies|uses cookies to|accept (all|all cookies|cookies)|"
        r"reject all|manage (your )?(cookie |privacy )?(preferences|settings|choices|consent|options)|"
        r"cookie (settings|preferences|policy)|we and our (\d+ )?(partners|vendors)|your privacy choices|"
        r"consent to (the use of )?(cookies|our)|before you continue|privacy settings|"
        r"store and/or access information on a device|legitimate interest|wir verwenden cookies|"
        r"alle akzeptieren|alle ablehnen|cookie-einstellungen|einwilligung|nous utilisons des cookies|"
        r"tout accepter|utilizziamo i cookie|accetta tutti|utilizamos cookies|aceptar todas)",
        re.I,
    ),
    PageKind.PAYWALL: re.compile(
        r"(subscribe (now )?to (continue|read|keep reading|unlock|get (full )?access)|to continue reading|"
        r"continue reading (this article|with)|(for|exclusive to|available to) (paying |premium |digital )?"
        r"subscribers|subscribers only|already (a subscriber|have an account|subscribed)|sign in to "
        r"(continue|read|view|access)|log ?in to (continue|read|view|access)|create a free account|"
        r"register (for free )?to (continue|read)|you have reached your (free )?(article )?limit|"
        r"free articles? (left|remaining)|this (article|content|story) is (for|only available to) "
        r"(subscribers|members)|unlock (this|full) (article|access)|forgot (your )?password|"
        r"remember me|start your (free )?trial|subscription required|members only)",
        re.I,
    ),
    PageKind.GONE: re.compile(
        r"(page (you (are|were) looking for|you requested|requested) (is|was|could not|cannot|can't|"
        r"no longer|does not|doesn't|has been)|(page|article|content|story|file) (could not|cannot|can't) "
        r"be found|(page|article|content|story) (is )?no longer (available|exists|online)|"
        r"(page|article|story|content) (has been|was) (removed|deleted|moved|taken down)|\b404\b|"
        r"not found|doesn't exist|does not exist|nothing (was )?found|this page isn't available|"
        r"error occurred|seite (wurde )?nicht gefunden|page introuvable|no encontrada|broken link|"
        r"dead link|url (you|was) (entered|not found)|we (can't|cannot|couldn't|could not) find)",
        re.I,
    ),
}

_SHELL_NOSCRIPT = re.compile(
    r"((enable|turn on|activate|requires?|need) (to enable )?javascript|javascript (enabled|is disabled|"
    r"turned on|is required|must be enabled))",
    re.I,
)
_SHELL_ROOTS = frozenset({"root", "app", "__next", "__nuxt", "___gatsby", "main-app", "app-root", "svelte"})
_NAME_RULES: tuple[tuple[PageKind, re.Pattern[str]], ...] = (
    (PageKind.BOT_CHECK, re.compile(r"(captcha|challenge-(form|platform|running|body)|cf-challenge|"
                                    r"px-captcha|turnstile)")),
    (PageKind.CONSENT, re.compile(r"(cookie-?(banner|consent|wall|notice|dialog|overlay)|consent-?"
                                  r"(banner|wall|dialog|overlay|modal|manager)|onetrust|didomi|cmp-|"
                                  r"qc-cmp|sp_message|gdpr)")),
    (PageKind.PAYWALL, re.compile(r"(paywall|piano-|tp-modal|regwall|subscriber-?only|meter-?(wall|modal)|"
                                  r"login-?(form|wall|box)|signin-?form)")),
)  # fmt: skip
_BOT_FRAMES = re.compile(r"(recaptcha|hcaptcha|challenges\.cloudflare\.com|turnstile|geo\.captcha-delivery|"
                         r"arkoselabs|funcaptcha|perimeterx|px-cdn|captcha)", re.I)  # fmt: skip


def classify(page: PageView) -> Classification:
    """The page's kind, from its redirects, title, text and markup; :data:`CONTENT` when nothing says
    otherwise. The order matters: a bot check often has a generic title, a consent wall often says
    "log in" too; the more specific clue is tried first."""
    words = _words(page.text)
    signals = page.signals
    for check in (_by_redirect, _by_bot_check, _by_title, _by_markup, _by_text):
        found = check(page, words)
        if found is not None:
            return found
    if words <= EMPTY_WORDS and _visible_words(signals) <= SHELL_WORDS:
        if signals.script_count and (
            _SHELL_NOSCRIPT.search(signals.noscript_text)
            or signals.names & _SHELL_ROOTS
            or signals.script_chars
        ):
            return Classification(PageKind.SCRIPT_SHELL, f"{signals.script_count} scripts, no text")
        return Classification(PageKind.EMPTY, "no text")
    if (
        words <= SHELL_WORDS
        and signals.script_count
        and _SHELL_NOSCRIPT.search(signals.noscript_text + " " + (page.text or ""))
    ):
        return Classification(PageKind.SCRIPT_SHELL, "the page asks for JavaScript and shows no text")
    return CONTENT


def _by_redirect(page: PageView, words: int) -> Classification | None:
    """Redirected away from a deep address: to the site's root, or to an error, login, consent or bot-check
    page. A redirect within the same kind of address (http→https, a trailing slash) says nothing."""
    target = page.signals.meta_refresh or (page.final_url if page.redirects else None)
    if not target:
        return None
    start, end = _split(page.url), _split(target)
    if end is None or start is None or _same_address(start, end):
        return None
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


def _by_title(page: PageView, words: int) -> Classification | None:
    """The <title> (and the headline trafilatura took as title) of a short page."""
    titles = dict.fromkeys(t.strip() for t in (page.signals.title, page.title or "") if t and t.strip())
    for kind, pattern in _TITLE_RULES:
        for title in titles:
            # A title alone decides for a short page; a long page titled "Error" may be about errors.
            if pattern.search(title) and (
                words <= STUB_WORDS or kind is PageKind.BOT_CHECK and words <= SHORT_WORDS
            ):
                return Classification(kind, f"title {title[:80]!r}")
    return None


def _by_markup(page: PageView, words: int) -> Classification | None:
    signals = page.signals
    visible = _words(signals.visible_text)
    if words > SHORT_WORDS or visible > 3 * STUB_WORDS:
        return None
    for kind, pattern in _NAME_RULES:
        name = next((n for n in sorted(signals.names) if pattern.search(n)), None)
        if name and _TEXT_RULES[kind].search(signals.visible_text):
            return Classification(kind, f"element {name!r}")
    if signals.has_password_field and words <= SHORT_WORDS // 2:
        return Classification(PageKind.PAYWALL, "a login form")
    return None


def _by_text(page: PageView, words: int) -> Classification | None:
    """Phrases of walls and error pages, in a page with little text of its own."""
    text = " ".join(filter(None, (page.text, page.signals.visible_text)))
    for kind in (PageKind.BOT_CHECK, PageKind.CONSENT, PageKind.PAYWALL, PageKind.GONE):
        limit = STUB_WORDS if kind is PageKind.PAYWALL else SHORT_WORDS
        if words > limit:
            continue
        hits = {m.group(0).lower() for m in _TEXT_RULES[kind].finditer(text)}
        if len(hits) >= (2 if kind is PageKind.CONSENT and words > EMPTY_WORDS * 10 else 1):
            return Classification(kind, "text: " + ", ".join(repr(h) for h in sorted(hits)[:3]))
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
