"""Is a citation's source a copy of Wikipedia? Queued as "copies Wikipedia", a failure, not a pass.

A source copies Wikipedia when it is Wikipedia itself, when its domain is on a mirror list (the config's
``[mirrors] domains`` or the wiki's ``[onwiki.exclusions] mirrors_page``), when it says so (the attribution
:func:`sidebot.sources.mirror.wikipedia_notice` found when it was fetched), or when it carries the article's
own text well beyond the claim (:func:`sidebot.sources.mirror.shared_passages`, against the article's current
text and, when that is not conclusive, against the revision that added the citation).

Dates: when the page's publication date is known and later than the citation's addition to the article, the
reason says so — the page may have copied the article and then been cited for it (citogenesis). When the
only clue is shared text and the page is dated *before* the citation was added, the article more likely
copied the page (public-domain text is often taken into articles), and the citation is not flagged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlsplit

from sidebot.config import MirrorSettings
from sidebot.onwiki.exclusions import Exclusions, SourceRule, source_rule
from sidebot.sources.mirror import MIN_SHARED, Shared, shared_passages

WIKIMEDIA_HOSTS = ("wikipedia.org", "wikimedia.org", "wikidata.org", "wikiwix.com")
SUGGESTIVE = (
    MIN_SHARED // 3
)  # shared words that are worth comparing with the revision that added the citation


@dataclass(frozen=True, slots=True)
class SourceFacts:
    """What the patrol knows of the source read for a citation."""

    url: str
    text: str
    published: str | None  # YYYY-MM-DD
    wikipedia_notice: str | None


class MirrorCheck:
    """The mirror lists of one patrol (config and wiki), and the test for one citation."""

    def __init__(self, settings: MirrorSettings, exclusions: Exclusions | None) -> None:
        self.enabled = settings.enabled
        self.rules: list[SourceRule] = [r for r in map(source_rule, settings.domains) if r is not None]
        self.exclusions = exclusions

    def listed(self, url: str) -> str | None:
        """Why ``url``'s site is a known copy of Wikipedia, or None."""
        host = (urlsplit(url).hostname or "").lower().rstrip(".")
        if any(host == h or host.endswith("." + h) for h in WIKIMEDIA_HOSTS):
            return f"the source is Wikipedia itself ({host})"
        entry = next((r.entry for r in self.rules if r.matches(url)), None)
        if entry:
            return f"{host} is on the configured list of Wikipedia mirrors ({entry})"
        entry = self.exclusions.mirror_rule(url) if self.exclusions is not None else None
        return f"{host} is on the wiki's list of Wikipedia mirrors ({entry})" if entry else None

    def reason(
        self,
        source: SourceFacts,
        article_text: str,
        claim: str,
        added_at: Callable[[], datetime | None],
        earlier_text: Callable[[], str | None],
    ) -> str | None:
        """Why the source copies Wikipedia (for the finding's flag reason), or None. ``added_at`` gives when
        the citation was added to the article and ``earlier_text`` the article's text at that revision; both
        cost requests to the wiki and are asked only when needed."""
        if not self.enabled:
            return None
        clues = [c for c in (self.listed(source.url), _notice_clue(source.wikipedia_notice)) if c]
        shared = shared_passages(source.text, article_text, claim)
        if not clues and not shared.is_copy and shared.words >= SUGGESTIVE:
            earlier = earlier_text()
            if earlier:
                shared = max(shared, shared_passages(source.text, earlier, claim), key=lambda s: s.words)
        if shared.is_copy:
            clues.append(_shared_clue(shared))
        if not clues:
            return None
        return _with_dates(
            "; ".join(clues), source.published, added_at, shared_only=len(clues) == 1 and shared.is_copy
        )


def _notice_clue(notice: str | None) -> str | None:
    return f"the page says it is taken from Wikipedia ({notice!r})" if notice else None


def _shared_clue(shared: Shared) -> str:
    example = f", e.g. {shared.example!r}" if shared.example else ""
    share = f"{shared.share:.0%} of the page"
    return f"{shared.words} words of the article's own text beyond the claim ({share}){example}"


def _with_dates(
    clue: str, published: str | None, added_at: Callable[[], datetime | None], shared_only: bool
) -> str | None:
    if not published:
        return clue
    added = added_at()
    if added is None:
        return f"{clue}; the page is dated {published}"
    when = added.date().isoformat()
    if published > when:
        return (
            f"{clue}; the page is dated {published}, after the citation was added to the article ({when}): "
            "it may have copied the article (citogenesis)"
        )
    if shared_only:
        return None  # the page is older than the citation: the article more likely took its text from it
    return clue
