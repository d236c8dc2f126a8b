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
