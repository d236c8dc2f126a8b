"""Sources for a claim that cites none (tagged {{citation needed}}): retrieval looks for a page that states
it, under the same gate as suggestions for failing citations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sidebot.patrol.pipeline import SourceText, suggest_sources

if TYPE_CHECKING:
    from sidebot.retrieve.retriever import Retriever, Suggestion
    from sidebot.verify.types import Claim


def suggest_for_unsourced(
    retriever: Retriever, claim: Claim, exclude_urls: Sequence[str], min_probability: float | None
) -> list[Suggestion]:
    """Verified sources for ``claim``, best first: there is no cited source to beat, so every candidate the
    retriever's gate lets through (its margin over no score, its ``min_probability``, the fact and subject
    checks of :func:`sidebot.patrol.pipeline.suggest_sources`) is one."""
    return suggest_sources(retriever, claim, SourceText("", "", ""), None, [], exclude_urls, min_probability)
