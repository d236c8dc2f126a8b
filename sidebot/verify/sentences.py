"""Sentence boundaries inside a passage, as character offsets (Bling Fire's rule-based splitter: fast, no
model files, and it returns offsets into the original text)."""

from __future__ import annotations

import blingfire


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence in ``text``; a text with no sentence end is one span."""
    if not text.strip():
        return []
    _, offsets = blingfire.text_to_sentences_and_offsets(text)
    return [(int(a), int(b)) for a, b in offsets if text[a:b].strip()]
