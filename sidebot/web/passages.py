"""A stored passage as a reviewer reads it on the card: whole sentences, highlighted sentences that are
prose, and no navigation menu at its edges.

What the verifier stores is cut for a model, not for a person: a ~100-word passage starts or ends in the
middle of a sentence (the shown window of one finding was "families in 1938."), and the evidence offsets
come from a sentence splitter that takes a run of menu lines ("Popular Terms", "immediate famil...",
"business") for part of the next sentence. Here, without changing what is stored:

1. menus are left out: runs of lines that are short and not sentences ("Popular Terms", "business") or link
   text cut short ("marginal benefi..."), three or more anywhere or two or more at the passage's edges (a
   run inside the passage leaves "…");
2. a passage that starts or ends inside a sentence gets the rest of that sentence from the fetched page, shown
   as context (``Segment.context``);
3. the evidence is cut to the lines that are prose (six words or more, or four ending like a sentence; not
   a link text cut with "...", not the page's title);
4. when no evidence is left, the sentences of the shown text holding most of the claim's words are
   highlighted (:func:`sidebot.verify.evidence.evidence_sentences`, the verifier's own rule), where such a
   sentence exists.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sidebot.records import Claim, Passage

MAX_CONTEXT_CHARS = 300  # at most this much of the page is added before or after a cut sentence
MAX_EVIDENCE = 3  # sentences highlighted when the stored evidence holds none
MENU_LINE_WORDS = 4  # a line of at most this many words that is not a sentence may be a menu item
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*$")
_CUT_LINK = re.compile(r"(\.\.\.|…)$")
_BULLET = re.compile(r"^[-–•*·]\s+")
_BOUNDARY = re.compile(r"[.!?][\"'”’)\]]*\s|\n")


@dataclass(frozen=True)
class Span:
    """A highlighted span of the shown text (offsets in it), with the verifier's score when it has one."""

    start: int
    end: int
    score: float | None


def is_prose(line: str) -> bool:
    """A line a reviewer can read as a sentence: six or more words, or four ending like a sentence (pages
    copied as text often drop a line's full stop), and not the cut text of a link ("marginal benefi...")."""
    line = _BULLET.sub("", line.strip())
    words = len(line.split())
    if _CUT_LINK.search(line):
        return words > 2 * MENU_LINE_WORDS
    return words >= 6 or (words >= 4 and bool(_SENTENCE_END.search(line)))


def is_menu_line(line: str) -> bool:
    """A line that is an item of a menu or list of links: short and not a sentence ("Popular Terms"), or
    link text cut short ("marginal benefi..."); a list bullet ("- ", "• ") is no word."""
    line = _BULLET.sub("", line.strip())
    if not line or is_prose(line):
        return False
    return bool(_CUT_LINK.search(line)) or (
        len(line.split()) <= MENU_LINE_WORDS and not _SENTENCE_END.search(line)
    )


@dataclass(frozen=True)
class ShownPassage:
    """A passage as the card shows it: the text, where the stored passage lies in it, and the evidence
    spans."""

    text: str
    context: tuple[int, int]  # the stored passage's part of ``text``; before and after it: added context
    evidence: list[Span]


def shown_passage(
    passage: str,
    evidence: Sequence[Any],
    claim: str | None,
    page_text: str | None = None,
    title: str | None = None,
) -> ShownPassage:
    """``passage`` with its stored ``evidence`` offsets, prepared for the card (module docstring);
    ``page_text`` and ``title``: the fetched page it was cut from, when there is one."""
    head, tail = _cut_sentence_context(passage, page_text)
    whole = head + passage + tail
    lines = [(a, b) for a, b in _lines(whole) if whole[a:b].strip()]
    kept = _without_menus(whole, lines)
    pieces: list[str] = []
    moved: list[tuple[int, int, int]] = []  # (start, end) in ``whole`` → start in the shown text
    length = 0
    for k, (a, b) in enumerate(kept):
        if k:
            gap = "\n…\n" if lines.index((a, b)) != lines.index(kept[k - 1]) + 1 else "\n"
            pieces.append(gap)
            length += len(gap)
        moved.append((a, b, length))
        pieces.append(whole[a:b])
        length += b - a
    text = "".join(pieces)

    def shown(start: int, end: int) -> list[tuple[int, int]]:
        """Where ``whole[start:end]`` is in the shown text, piece by piece."""
        return [
            (to + max(a, start) - a, to + min(b, end) - a)
            for a, b, to in moved
            if max(a, start) < min(b, end)
        ]

    stored = shown(len(head), len(head) + len(passage))
    spans = [
        Span(a, b, score)
        for start, end, score in _spans(evidence, len(passage))
        for a, b in shown(len(head) + start, len(head) + end)
    ]
    spans = [piece for span in spans for piece in _prose_pieces(text, span, title)]
    if not spans and claim:
        # imported here: the verifier's word lists load scikit-learn, seconds the app's start need not wait
        from sidebot.verify.evidence import evidence_sentences

        found = evidence_sentences(Claim(claim), Passage(0, text, title or "", 0, len(text)), MAX_EVIDENCE)
        spans = [piece for e in found for piece in _prose_pieces(text, Span(e.start, e.end, e.score), title)]
    context = (stored[0][0], stored[-1][1]) if stored else (0, len(text))
    return ShownPassage(text, context, spans)


def _spans(evidence: Sequence[Any], length: int) -> list[tuple[int, int, float | None]]:
    """Valid ``{"start", "end", "score"}`` offsets inside a text of ``length``; malformed ones are skipped."""
    spans = []
    for item in evidence:
        try:
            start, end = max(0, int(item["start"])), min(length, int(item["end"]))
            score = float(item["score"]) if item.get("score") is not None else None
        except (TypeError, KeyError, ValueError, AttributeError):
            continue
        if start < end:
            spans.append((start, end, score))
    return spans


def _lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line of ``text``, without its line break."""
    found, position = [], 0
    for line in text.split("\n"):
        found.append((position, position + len(line)))
        position += len(line) + 1
    return found


def _without_menus(text: str, lines: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``lines`` of ``text`` without its menus: runs of menu lines, three or more anywhere or two or more at
    either edge (one short line opening a passage is a heading). Nothing but menu lines: all are kept."""
    menu = [is_menu_line(text[a:b]) for a, b in lines]
    dropped = [False] * len(lines)
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and menu[j]:
            j += 1
        if j - i >= 3 or (j - i >= 2 and (i == 0 or j == len(lines))):
            dropped[i:j] = [True] * (j - i)
        i = max(j, i + 1)
    kept = [line for line, gone in zip(lines, dropped) if not gone]
    return kept or lines


def _cut_sentence_context(passage: str, page_text: str | None) -> tuple[str, str]:
    """The rest of the sentences ``passage`` starts and ends inside, from the page it was cut from (at most
    ``MAX_CONTEXT_CHARS`` each side; nothing when the page does not hold the passage)."""
    at = page_text.find(passage) if page_text and passage.strip() else -1
    if at < 0 or page_text is None:
        return "", ""
    before = page_text[max(0, at - MAX_CONTEXT_CHARS) : at]
    starts = [m.end() for m in _BOUNDARY.finditer(before)]
    head = before[starts[-1] :] if starts else ("" if at > MAX_CONTEXT_CHARS else before)
    after = page_text[at + len(passage) : at + len(passage) + MAX_CONTEXT_CHARS]
    tail = ""
    if after and not after.startswith("\n") and not _SENTENCE_END.search(passage.rstrip()):
        end = _BOUNDARY.search(after)
        tail = after[: end.start() + 1] if end else ""
    return head.lstrip(), tail.rstrip()


def _prose_pieces(text: str, span: Span, title: str | None) -> list[Span]:
    """``span`` cut at line breaks, keeping the lines that are prose and not the page's title: a highlight
    never covers a menu or a heading."""
    pieces = []
    for a, b in _lines(text):
        start, end = max(a, span.start), min(b, span.end)
        if start >= end:
            continue
        line = text[a:b].strip()
        if (is_prose(line) or is_prose(text[start:end])) and line != (title or "").strip():
            while start < end and text[start].isspace():
                start += 1
            pieces.append(Span(start, end, span.score))
    return pieces
