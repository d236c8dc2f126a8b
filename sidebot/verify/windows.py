"""Sentence windows: the units the reader reads, 1 to ``max_sentences`` consecutive sentences of a page.

A ~100-word passage mixes the claim's evidence with unrelated sentences, and a small cross-encoder reading it
leans on word overlap; a window of one to three sentences is what NLI-style training teaches a model to read
(a premise of a sentence or two), and what MiniCheck and SummaC score. Windows are plain ``Passage`` objects
(offsets into the page text), so evidence, the review UI and the queue handle them like passages.

A "sentence" longer than ``MAX_SENTENCE_WORDS`` (a list or a table flattened by extraction has no full stops)
is cut into pieces of that many words, so no window is longer than the reader's input.

Page furniture (comment forms, share and cookie widgets, "Skip to content": :mod:`sidebot.sources.furniture`)
is never read: a window never holds such a sentence, and never joins the sentences on either side of one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sidebot.records import Passage
from sidebot.sources.furniture import is_furniture
from sidebot.verify.sentences import sentence_spans

MAX_SENTENCE_WORDS = 60
MAX_WINDOW_WORDS = 110

_WORD = re.compile(r"\S+")
_LINE = re.compile(r"[^\n]*(?:\n|$)")


def page_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text`` (Bling Fire), over-long ones cut into ``MAX_SENTENCE_WORDS``-word pieces."""
    spans = []
    for start, end in sentence_spans(text):
        words = [m.span() for m in _WORD.finditer(text, start, end)]
        for k in range(0, len(words), MAX_SENTENCE_WORDS):
            piece = words[k : k + MAX_SENTENCE_WORDS]
            spans.append((piece[0][0], piece[-1][1]))
    return spans


def window_spans(text: str, spans: Sequence[tuple[int, int]], max_sentences: int) -> list[tuple[int, int]]:
    """(start, end) of every run of 1..``max_sentences`` consecutive ``spans`` (at most ``MAX_WINDOW_WORDS``
    words, except single sentences), in order of (first sentence, size)."""
    out: list[tuple[int, int]] = []
    for first in range(len(spans)):
        for size in range(1, max_sentences + 1):
            if first + size > len(spans):
                break
            start, end = spans[first][0], spans[first + size - 1][1]
            if size > 1 and len(_WORD.findall(text, start, end)) > MAX_WINDOW_WORDS:
                break
            out.append((start, end))
    return out


def windows_from_spans(
    text: str, title: str, spans: Sequence[tuple[int, int]], max_sentences: int
) -> list[Passage]:
    """The :func:`window_spans` of ``spans`` as passages; ``index`` counts them in order."""
    return [
        Passage(index=i, text=text[start:end], title=title, start=start, end=end)
        for i, (start, end) in enumerate(window_spans(text, spans, max_sentences))
    ]


def sentence_windows(text: str, title: str = "", max_sentences: int = 2, offset: int = 0) -> list[Passage]:
    """The windows of a page's text, within each run of lines that are not page furniture; ``offset`` is
    added to their start and end (``text`` is a passage that starts there in its document)."""
    found: list[tuple[int, int]] = []
    for start, end in content_blocks(text):
        sentences = [(start + a, start + b) for a, b in page_sentences(text[start:end])]
        found += window_spans(text, sentences, max_sentences)
    return [
        Passage(index=i, text=text[a:b], title=title, start=offset + a, end=offset + b)
        for i, (a, b) in enumerate(found)
    ]


def content_blocks(text: str) -> list[tuple[int, int]]:
    """Spans of the runs of consecutive lines of ``text`` that are not page furniture (extracted text has
    one paragraph, heading or widget per line; the sentence splitter would run a widget line into the
    sentence after it)."""
    blocks: list[tuple[int, int]] = []
    start: int | None = None
    for line in _LINE.finditer(text):
        if is_furniture(line.group()):
            if start is not None:
                blocks.append((start, line.start()))
            start = None
        elif start is None:
            start = line.start()
    if start is not None:
        blocks.append((start, len(text)))
    return blocks
