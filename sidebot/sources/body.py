"""Collect a response body under a byte cap, undoing its Content-Encoding without expanding past the cap.

httpx's own decoders inflate each network chunk in one go, so one 64 KiB chunk of a gzip bomb becomes
~64 MiB in memory before anyone can count it. Here zlib is asked for at most "cap + 1" bytes at a time, and
both the bytes received and the bytes decoded are counted against the cap.
"""

from __future__ import annotations

import zlib


class BodyTooLarge(Exception):
    """The body (as received, or once decompressed) is over the byte cap."""


class UndecodableBody(Exception):
    """The body uses a Content-Encoding we cannot decode, or its compressed data is corrupt."""


_ZLIB_WBITS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


def parse_content_encoding(header: str | None) -> list[str]:
    """The codings applied to the body, in the order they were applied; raise for ones we cannot undo."""
    codings = [c.strip().lower() for c in (header or "").split(",")]
    codings = [c for c in codings if c and c != "identity"]
    for coding in codings:
        if coding not in _ZLIB_WBITS:
            raise UndecodableBody(f"the server used Content-Encoding {coding!r}, which sidebot cannot decode")
    return codings


class _Inflater:
    """One zlib decoding stage whose total output may not pass ``limit`` bytes."""

    def __init__(self, coding: str, limit: int) -> None:
        self._coding = coding
        self._limit = limit
        self._produced = 0
        self._inflater = zlib.decompressobj(_ZLIB_WBITS[coding])
        # "deflate" is specified as zlib-wrapped, but some servers send raw deflate: when the very first
        # bytes are not a zlib header, start again as raw deflate.
        self._may_retry_raw = coding == "deflate"

    def feed(self, data: bytes) -> bytes:
        try:
            return self._inflate(data)
        except zlib.error as exc:
            if self._may_retry_raw:
                self._may_retry_raw = False
                self._inflater = zlib.decompressobj(-zlib.MAX_WBITS)
                return self.feed(data)
            raise UndecodableBody(f"the {self._coding}-compressed body is corrupt: {exc}") from exc

    def finish(self) -> bytes:
        return self._count(self._inflater.flush())

    def _inflate(self, data: bytes) -> bytes:
        parts = []
        # Data after the end of the compressed stream is ignored, as browsers do.
        while data and not self._inflater.eof:
            parts.append(self._count(self._inflater.decompress(data, self._limit - self._produced + 1)))
            self._may_retry_raw = False
            data = self._inflater.unconsumed_tail
        return b"".join(parts)

    def _count(self, piece: bytes) -> bytes:
        self._produced += len(piece)
        if self._produced > self._limit:
            raise BodyTooLarge(f"the body expands to more than {self._limit:,} bytes once decompressed")
        return piece


class BoundedBody:
    """Accumulates raw chunks of a body with ``codings`` (see :func:`parse_content_encoding`)."""

    def __init__(self, codings: list[str], max_bytes: int) -> None:
        self._max_bytes = max_bytes
        self._stages = [_Inflater(c, max_bytes) for c in reversed(codings)]
        self._raw_size = 0
        self._parts: list[bytes] = []
        self.size = 0  # decoded bytes so far

    def feed(self, raw: bytes) -> None:
        """Take the next raw chunk off the wire and keep it decoded; BodyTooLarge once the raw body passes
        ``max_bytes`` (decoding stages raise it when the decoded body does)."""
        self._raw_size += len(raw)
        if self._raw_size > self._max_bytes:
            raise BodyTooLarge(f"the body is more than {self._max_bytes:,} bytes")
        data = raw
        for stage in self._stages:
            data = stage.feed(data)
        self._keep(data)

    def finish(self) -> bytes:
        """The whole decoded body."""
        for i, stage in enumerate(self._stages):
            data = stage.finish()
            for later in self._stages[i + 1 :]:
                data = later.feed(data)
            self._keep(data)
        return b"".join(self._parts)

    def head(self, size: int) -> bytes:
        """The first ``size`` decoded bytes received so far (fewer if fewer arrived)."""
        return b"".join(self._parts)[:size]

    def _keep(self, data: bytes) -> None:
        # No cap check needed: without a coding the raw count caps the size, with one the last stage does.
        if data:
            self.size += len(data)
            self._parts.append(data)
