"""The windows of the passages a verifier is given.

Callers hand a verifier a source as ``Passage`` objects (the page cut into ~100-word passages, or candidate
passages of many documents when retrieval reranks). Windows are built inside each passage (offsets into the
same document text as the passage's), so they never join text from two documents; ``owner[i]`` is the index
of the passage window ``i`` came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from sidebot.records import Passage
from sidebot.verify.coverage import stem_set
from sidebot.verify.windows import sentence_windows


@dataclass(frozen=True)
class PageWindows:
    """A cited page cut into sentence windows, with the passage each window comes from (``owner``: indexes
    into the page's passages)."""

    windows: list[Passage]
    owner: list[int]

    @cached_property
    def stems(self) -> list[frozenset[str]]:
        """Each window's word stems, read once for the page: the claim and each of its parts, and every other
        claim citing the same page, choose their windows by them (``select_windows``). ``stem_set``'s cache
        holds a few thousand texts; a long page's windows outran it and were stemmed again for each."""
        return [stem_set(w.text) for w in self.windows]


def page_windows(passages: Sequence[Passage], max_sentences: int) -> PageWindows:
    """Windows of 1..``max_sentences`` sentences; ``max_sentences`` 0 reads the passages themselves (the
    ablation "passages instead of windows", docs/verifier.md)."""
    if max_sentences == 0:
        return PageWindows(list(passages), list(range(len(passages))))
    windows: list[Passage] = []
    owner: list[int] = []
    for j, passage in enumerate(passages):
        for w in sentence_windows(passage.text, passage.title, max_sentences, offset=passage.start):
            windows.append(replace(w, index=len(windows)))
            owner.append(j)
    return PageWindows(windows, owner)
