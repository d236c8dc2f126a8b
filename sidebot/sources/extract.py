"""A fetched body → its main text and title.

HTML goes through trafilatura (main content only: navigation, footers and comments dropped; one paragraph per
line; cookie and consent layers are taken out first, since trafilatura would often keep their text as part of
a short article; data tables become one sentence per row that names each value's column, since trafilatura
would flatten them: :mod:`sidebot.sources.tables`), plain text is kept as it is, PDFs go to
:mod:`sidebot.sources.pdf`; anything else is reported as unsupported. The body's bytes, not only its
declared type, decide which (see :mod:`sidebot.sources.sniff`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import trafilatura
from lxml.html import HtmlElement

from sidebot.sources.charset import decode_text
from sidebot.sources.lexicon import CONSENT
from sidebot.sources.metadata import page_metadata, read_markup
from sidebot.sources.pdf import pdf_text
from sidebot.sources.sniff import SNIFF_BYTES, ContentKind, MediaType, sniff
from sidebot.sources.tables import replace_tables

logger = logging.getLogger(__name__)
# trafilatura logs every page it cannot read at ERROR ("lxml parsing failed: Document is empty" for an empty
# page, which the web has plenty of); what could not be read is reported on the source instead (``error``).
logging.getLogger("trafilatura").setLevel(logging.CRITICAL)

_SPACES = re.compile(r"[ \t\f\v\u00a0]+")
_BLANK_LINES = re.compile(r"\n{3,}")
_LAYER_WORDS = 400


@dataclass(frozen=True, slots=True)
class Extracted:
    """A document's main text as extraction found it: its kind, title and text, or the reason in ``error``
    when it has no usable text; the publication date and the page's own metadata for HTML."""

    kind: ContentKind
    title: str | None
    text: str | None  # None when there is no usable text; ``error`` then says why
    error: str | None
    published: str | None = None  # the publication date trafilatura found (YYYY-MM-DD), HTML only
    # what the page says of itself, for a reference (sidebot.sources.metadata); HTML only
    metadata: dict[str, Any] = field(default_factory=dict)


def extract(
    body: bytes, content_type: str | None, *, url: str | None = None, pdf_time_budget_s: float = 30.0
) -> Extracted:
    """Main text and title of ``body`` served as ``content_type`` (the raw header value, or None).

    ``url`` (the page's address) helps trafilatura with relative links and metadata. Never raises for
    anything the body contains.
    """
    media_type = MediaType.parse(content_type)
    sniffed = sniff(body[:SNIFF_BYTES], media_type)
    if sniffed.kind is ContentKind.UNSUPPORTED:
        return Extracted(ContentKind.UNSUPPORTED, None, None, sniffed.reason)
    if sniffed.kind is ContentKind.PDF:
        pdf = pdf_text(body, pdf_time_budget_s)
        return Extracted(ContentKind.PDF, pdf.title, pdf.text, pdf.error)
    if sniffed.kind is ContentKind.HTML:
        return html_main_text(decode_text(body, media_type.charset, html=True), url)
    return plain_text(decode_text(body, media_type.charset))


def plain_text(text: str) -> Extracted:
    """A plain-text document, tidied as extracted text is (an error when nothing is left)."""
    cleaned = _tidy(text)
    if not cleaned:
        return Extracted(ContentKind.TEXT, None, None, "the document has no text")
    return Extracted(ContentKind.TEXT, None, cleaned, None)


def html_main_text(html: str, url: str | None = None) -> Extracted:
    """Title and main text of an HTML page; a "page" without any markup is read as plain text."""
    try:
        tree = trafilatura.load_html(html)
        if tree is None:
            return plain_text(html)
        page_title = _tidy(tree.findtext(".//title") or "") or None
        markup = read_markup(tree, url)
        _drop_consent_layers(tree)
        replace_tables(tree)
        extracted = trafilatura.bare_extraction(tree, url=url, with_metadata=True, include_comments=False)
        document = None if isinstance(extracted, dict) else extracted  # a dict only when as_dict is asked
    # lxml and trafilatura can fail in many ways on hostile markup; a page we cannot parse is a page
    # without usable text, not a crash of the batch.
    except Exception as exc:  # noqa: BLE001
        logger.info("cannot extract text from %s: %r", url, exc)
        return Extracted(ContentKind.HTML, None, None, f"the HTML page could not be parsed: {exc}")
    title = (_tidy(document.title or "") or None) if document else None
    text = _tidy(document.text or "") if document else ""
    published = (str(document.date or "")[:32] or None) if document else None
    found = {k: getattr(document, k, None) for k in ("title", "author", "categories")}
    metadata = page_metadata(markup, url, found if document else None)
    if not text:
        return Extracted(
            ContentKind.HTML, title or page_title, None, "no main text found on the page", published, metadata
        )
    return Extracted(ContentKind.HTML, title or page_title, text, None, published, metadata)


def _drop_consent_layers(tree: HtmlElement) -> None:
    """Take cookie and consent layers (OneTrust, Didomi, Sourcepoint, Cookiebot… by their ids and classes)
    out of the page. A layer is small: a container with many words is kept whatever its name."""
    consent = CONSENT.names
    if consent is None:  # the consent lexicon names layers by their ids and classes
        return
    for element in list(tree.iter()):
        if not isinstance(element.tag, str) or element.getparent() is None:
            continue
        names = f"{element.get('id') or ''} {element.get('class') or ''}".lower().split()
        if any(consent.search(name) for name in names) and len(element.text_content().split()) < _LAYER_WORDS:
            element.drop_tree()


def _tidy(text: str) -> str:
    """Collapse runs of spaces, normalise line ends, keep paragraph breaks, trim."""
    lines = (
        _SPACES.sub(" ", line).strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    )
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()
