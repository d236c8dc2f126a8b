"""SIDE's URL-depth baseline: the more path segments a cited URL has, the more specific the page, and the
less likely the citation fails verification (a bare home page rarely backs a specific claim).

It reads no text at all, which is what makes it a useful yardstick for the trained verifier.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from sidebot.records import Claim, Passage, Verdict


def url_depth(url: str) -> int:
    """Number of non-empty path segments: ``https://a.org/`` → 0, ``https://a.org/news/2020/x.html`` → 3."""
    return sum(1 for part in urlsplit(url.strip()).path.split("/") if part)


class UrlDepthScorer:
    """SIDE's URL-depth baseline as a scorer: the cited URL's path depth is the score; no probability, no
    bands."""

    name = "url-depth-v1"
    calibrated, flag_threshold, bands = False, 0.5, None  # a baseline: no probability, no bands

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        """The verdict on one citation: the depth of ``url``."""
        return self.verify_many([(claim, passages)], [url])[0]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        """The verdicts on ``items``: each URL's depth; ValueError unless there is one URL per item."""
        if urls is None or len(urls) != len(items):
            raise ValueError("the url-depth scorer needs one source URL per item (urls=[...])")
        verdicts = []
        for (_, passages), url in zip(items, urls):
            depth = float(url_depth(url))
            verdicts.append(
                Verdict(
                    scorer=self.name,
                    score=depth,
                    passage_scores=[depth] * len(passages),
                    best_passage=passages[0] if passages else None,
                )
            )
        return verdicts
