"""Decide what a body really is from its declared Content-Type and its first bytes.

Servers lie: PDFs come as ``application/octet-stream`` or ``text/html``, images as ``text/html``, HTML with
no type at all. The first bytes win over the declared type wherever they are unambiguous (a PDF header, a
known binary signature, binary bytes in a "text" body); the declared type decides the rest.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from email.message import Message
from email.utils import collapse_rfc2231_value
from enum import StrEnum

SNIFF_BYTES = 1024  # a PDF header may sit anywhere in the first 1024 bytes (PDF 1.7, annex H)

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset({"text/plain", "text/markdown", "text/x-markdown", "text/csv"})
PDF_TYPES = frozenset({"application/pdf", "application/x-pdf"})
# Types that say nothing: the bytes decide.
UNKNOWN_TYPES = frozenset(
    {"", "application/octet-stream", "binary/octet-stream", "application/unknown", "*/*"}
)

_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a legacy Microsoft Office document"),
    (b"OggS", "an Ogg media file"),
    (b"ID3", "an MP3 file"),
    (b"\x1aE\xdf\xa3", "a Matroska/WebM video"),
    (b"wOFF", "a web font"),
    (b"wOF2", "a web font"),
)
# WHATWG MIME sniffing: a body whose first tag is one of these is HTML.
_HTML_STARTS = tuple(
    f"<{tag}".encode()
    for tag in (
        "!doctype html",
        "html",
        "head",
        "script",
        "iframe",
        "h1",
        "div",
        "font",
        "table",
        "a",
        "style",
        "title",
        "b",
        "body",
        "br",
        "p",
        "meta",
        "link",
    )
)
_TEXT_CONTROLS = frozenset(b"\t\n\r\f\x1b")
_BOMS = (codecs.BOM_UTF8, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class ContentKind(StrEnum):
    """What a body is, judged by its bytes and declared type: a document kind the extractor reads, or not
    one."""

    HTML = "html"
    TEXT = "text"
    PDF = "pdf"
    UNSUPPORTED = "unsupported"


@dataclass(frozen=True, slots=True)
class MediaType:
    """A parsed Content-Type header: ``text/html; charset=UTF-8`` → ``("text/html", "utf-8")``."""

    mime: str
    charset: str | None

    @classmethod
    def parse(cls, header: str | None) -> MediaType:
        """The media type of a Content-Type header (lower-cased; the charset None when absent or empty)."""
        mime = (header or "").split(";", 1)[0].strip().lower()
        message = Message()
        message["content-type"] = header or ""
        charset = collapse_rfc2231_value(message.get_param("charset") or "").strip().lower()
        return cls(mime, charset or None)


@dataclass(frozen=True, slots=True)
class Sniffed:
    """The kind of a body, with the reason in words when it cannot be read."""

    kind: ContentKind
    reason: str | None = None  # why it is UNSUPPORTED


def sniff(head: bytes, media_type: MediaType) -> Sniffed:
    """Classify a body from its first :data:`SNIFF_BYTES` bytes and its declared media type."""
    head = head[:SNIFF_BYTES]
    mime = media_type.mime
    if b"%PDF-" in head:
        return Sniffed(ContentKind.PDF)
    signature = binary_signature(head)
    if signature:
        return Sniffed(ContentKind.UNSUPPORTED, f"the body is {signature}{_declared(mime)}")
    if mime in PDF_TYPES and not looks_like_html(head):
        return Sniffed(ContentKind.PDF)  # no header in the first bytes: the PDF reader will say what is wrong
    if mime in HTML_TYPES or mime in TEXT_TYPES or mime in UNKNOWN_TYPES or mime in PDF_TYPES:
        if not looks_textual(head, media_type.charset):
            return Sniffed(ContentKind.UNSUPPORTED, f"the body is binary data{_declared(mime)}")
        if mime in HTML_TYPES or looks_like_html(head):
            return Sniffed(ContentKind.HTML)
        return Sniffed(ContentKind.TEXT)
    return Sniffed(ContentKind.UNSUPPORTED, f"{mime} is not a document type sidebot can read")


def binary_signature(head: bytes) -> str | None:
    """A name for the binary format ``head`` starts with, if it is a well-known one."""
    for magic, name in _SIGNATURES:
        if head.startswith(magic):
            return name
    if head[4:8] == b"ftyp":
        return "an MP4/QuickTime media file"
    if head.startswith(b"RIFF") and head[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return "a RIFF media file"
    return None


def looks_like_html(head: bytes) -> bool:
    """Whether a body's first bytes start like HTML (after a UTF-8 BOM and whitespace: a comment or one of the
    usual opening tags), whatever its declared type says."""
    start = head.removeprefix(codecs.BOM_UTF8).lstrip(b" \t\r\n\f").lower()
    if start.startswith(b"<!--"):
        return True
    return any(
        start.startswith(tag) and start[len(tag) : len(tag) + 1] in (b" ", b">", b"") for tag in _HTML_STARTS
    )


def looks_textual(head: bytes, charset: str | None = None) -> bool:
    """False for bytes no text encoding would produce: NULs or many control characters.

    UTF-16/32 text is full of NULs, so it counts as text when a BOM or the declared charset says so.
    """
    if head.startswith(_BOMS) or (charset or "").startswith(("utf-16", "utf-32")):
        return True
    if b"\x00" in head:
        return False
    controls = sum(1 for byte in head if byte < 0x20 and byte not in _TEXT_CONTROLS)
    return controls <= len(head) // 20


def _declared(mime: str) -> str:
    return f" (the server declared {mime})" if mime else ""
