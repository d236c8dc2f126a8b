"""Sentence boundaries inside a passage, as character offsets (Bling Fire's rule-based splitter: fast, no
model files, and it returns offsets into the original text).

Bling Fire's own Python wrapper (``text_to_sentences_and_offsets``) maps its UTF-8 byte offsets back to
character offsets in a Python loop over every byte of the text, which took 8 % of the verifier's time per
citation (a cited page is tens of kilobytes). The same C function is called here and the offsets are mapped
with one cumulative count in numpy (none at all for ASCII text); the spans are the wrapper's, checked on all
WiCE dev pages and by tests/test_verify_windows.py."""

from __future__ import annotations

import ctypes

import blingfire
import numpy as np

_split = blingfire.blingfire.TextToSentencesWithOffsets  # the wrapper's own handle on the C library


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence in ``text``; a text with no sentence end is one span."""
    if not text.strip():
        return []
    # a lone surrogate (a bad escape in a PDF's or a JSON's text) becomes "?": one byte for one character,
    # so the offsets still fit the text, where strict encoding raised and the page lost all its sentences
    data = text.encode("utf-8", "replace")
    return [(a, b) for a, b in _char_offsets(text, data, _utf8_spans(data)) if text[a:b].strip()]


def _utf8_spans(data: bytes) -> list[tuple[int, int]]:
    """Bling Fire's sentences of ``data`` as (first byte, last byte), both inclusive. The buffers are numpy
    arrays left unfilled: a new ctypes array type per text size made the wrapper's buffers cost as much as
    the split itself."""
    size = 2 * len(data)
    out = np.empty(size, dtype=np.uint8)
    starts, ends = np.empty(size, dtype=np.int32), np.empty(size, dtype=np.int32)
    written = _split(
        ctypes.c_char_p(data), ctypes.c_int(len(data)), out.ctypes.data_as(ctypes.c_char_p),
        starts.ctypes.data_as(ctypes.c_void_p), ends.ctypes.data_as(ctypes.c_void_p), ctypes.c_int(size),
    )  # fmt: skip
    if written == -1 or written > size:
        return []
    sentences = out[:written].tobytes().split(b"\0", 1)[0]  # the text the splitter wrote, up to its end
    count = sentences.count(b"\n") + 1
    return list(zip(starts[:count].tolist(), ends[:count].tolist()))


def _char_offsets(text: str, data: bytes, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Byte spans as character spans (end exclusive): a byte's character is the number of characters that
    start before it (the bytes that are not UTF-8 continuation bytes)."""
    if len(data) == len(text):  # ASCII: bytes are characters
        return [(a, b + 1) for a, b in spans]
    starts_char = (np.frombuffer(data, dtype=np.uint8) & 0xC0) != 0x80
    char_at = np.concatenate(([0], np.cumsum(starts_char)))
    return [(int(char_at[a]), int(char_at[b + 1])) for a, b in spans]


# A quotation mark opens where a word starts (after a space, a bracket or a dash) and closes where one ends
# (before a space or punctuation); an apostrophe inside a word ("Who's") does neither.
_OPENS_AFTER = frozenset(" \t\n([{—–-/")
_CLOSES_BEFORE = frozenset(" \t\n.,;:!?)]}—–-/")
MAX_JOINED_SENTENCES = 3


def _open_quotations(text: str) -> int:
    """How many quotations ``text`` leaves open at its end ("…on the 'Peace Sells..." leaves one)."""
    straight_double = 0
    depth = 0
    for k, char in enumerate(text):
        before = text[k - 1] if k else " "
        after = text[k + 1] if k + 1 < len(text) else " "
        if char == '"':
            straight_double ^= 1
        elif char in "“‘" or (char == "'" and before in _OPENS_AFTER and not after.isspace()):
            depth += 1
        elif char in "”’" or (char == "'" and not before.isspace() and after in _CLOSES_BEFORE):
            depth = max(depth - 1, 0)
    return depth + straight_double


def join_quotations(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` (sentences of ``text``) with a sentence that ends inside a quotation joined to the ones
    after it, up to :data:`MAX_JOINED_SENTENCES` in all: Bling Fire ends a sentence at the "..." or "?!" of a
    quoted title ("the 'Peace Sells... But Who's Buying?!' album"), and a quote or a mark shown to a reviewer
    must not start or stop in the middle of one. For display only: the reader's windows keep Bling Fire's
    sentences, which its scores were fitted on."""
    joined: list[tuple[int, int]] = []
    k = 0
    while k < len(spans):
        start, end = spans[k]
        last = min(k + MAX_JOINED_SENTENCES, len(spans)) - 1
        while k < last and _open_quotations(text[start:end]):
            k += 1
            end = spans[k][1]
        joined.append((start, end))
        k += 1
    return joined
