"""Split a source's main text into SIDE-style passages: ~100 whitespace words, no overlap."""

from __future__ import annotations

import re

from sidebot.records import Passage

PASSAGE_WORDS = 100

_WORD = re.compile(r"\S+")


def split_passages(text: str, title: str = "", words: int = PASSAGE_WORDS) -> list[Passage]:
    """Cut ``text`` into consecutive passages of ``words`` whitespace-separated words.

    A trailing remainder shorter than a quarter passage is merged into the previous passage so that no
    passage is a stub of a few words (stubs score erratically).
    """
    spans = [m.span() for m in _WORD.finditer(text)]
    if not spans:
        return []
    bounds = list(range(0, len(spans), words))
    if len(bounds) > 1 and len(spans) - bounds[-1] < words // 4:
        bounds.pop()
    passages = []
    for i, first in enumerate(bounds):
        last = (bounds[i + 1] if i + 1 < len(bounds) else len(spans)) - 1
        start, end = spans[first][0], spans[last][1]
        passages.append(Passage(index=i, text=text[start:end], title=title, start=start, end=end))
    return passages
