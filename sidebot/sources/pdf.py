"""Text of a PDF body, with pypdf (pure Python; its stream decoders cap their own output).

A PDF comes from an untrusted server, so parsing is bounded by time as well: pages are read one at a time
and reading stops when the budget is spent. A PDF whose pages hold no text (a scan) yields no text.
"""

from __future__ import annotations

import io
import logging
import time
from dataclasses import dataclass

import pypdf

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PdfText:
    """A PDF's title and text, or in ``error`` why it has no text (scanned, encrypted, broken)."""

    title: str | None
    text: str | None
    error: str | None  # why ``text`` is None


def pdf_text(body: bytes, time_budget_s: float) -> PdfText:
    """Title (document info) and text (pages joined by blank lines) of ``body``; never raises on bad input."""
    started = time.monotonic()
    try:
        reader = pypdf.PdfReader(io.BytesIO(body))
        if reader.is_encrypted and not reader.decrypt(""):
            return PdfText(None, None, "the PDF is encrypted")
        title = _title(reader)
        pages = []
        for number, page in enumerate(reader.pages, start=1):
            if time.monotonic() - started > time_budget_s:
                return PdfText(
                    title,
                    None,
                    f"reading the PDF took over {time_budget_s:g} s (stopped at page "
                    f"{number} of {len(reader.pages)})",
                )
            pages.append(page.extract_text().strip())
    # pypdf raises many kinds of errors on malformed files (its PyPdfError, but also ValueError, KeyError...):
    # everything a hostile file can trigger ends here as "unreadable".
    except Exception as exc:  # noqa: BLE001
        logger.info("unreadable PDF: %r", exc)
        return PdfText(None, None, f"the PDF could not be read: {exc or type(exc).__name__}")
    text = "\n\n".join(p for p in pages if p)
    if not text:
        return PdfText(title, None, "the PDF has no extractable text (a scanned document?)")
    return PdfText(title, text, None)


def _title(reader: pypdf.PdfReader) -> str | None:
    metadata = reader.metadata
    title = metadata.title if metadata else None
    return (title.strip() or None) if isinstance(title, str) else None
