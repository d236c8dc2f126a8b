"""The windows of the passages a verifier is given.

Callers hand a verifier a source as ``Passage`` objects (the page cut into ~100-word passages, or candidate
passages of many documents when retrieval reranks). Windows are built inside each passage (offsets into the
same document text as the passage's), so they never join text from two documents; ``owner[i]`` is the index
of the passage window ``i`` came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sidebot.sources.passages import Passage
from sidebot.verify.windows import sentence_windows


@dataclass(frozen=True, slots=True)
class PageWindows:
    windows: list[Passage]
    owner: list[int]


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
