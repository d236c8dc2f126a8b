"""Body bytes → main text and title, on the real test pages (no network)."""

from __future__ import annotations

import codecs

import pytest

from sidebot.sources.charset import decode_text
from sidebot.sources.extract import extract
from sidebot.sources.sniff import ContentKind, MediaType, looks_like_html, sniff
from tests.fixtures.sources import (
    ARTICLE_FILE,
    BLANDA_FILE,
    EMPTY_MAIN_HTML,
    PDF_LINES,
    PDF_TITLE,
    make_pdf,
    make_png,
)

ARTICLE = ARTICLE_FILE.read_bytes()
BLANDA = BLANDA_FILE.read_text(encoding="utf-8")
UTF8_HTML = "text/html; charset=utf-8"

# Sentences of the article, verbatim, from different parts of the page.
ARTICLE_SENTENCES = [
    (
        "Six of the nine Seattle City Council members will be women after M. Lorena González and Teresa "
        "Mosqueda won election Tuesday night."
    ),
    "In the Council Position 8 race, also citywide, Mosqueda got 62 percent in Tuesday's count.",
    "Durkan will be Seattle's first female mayor since Bertha Landes' election in 1926.",
    (
        "Grant said he would demand that developers devote 25 percent of their projects to low-income "
        "housing — rather than the 2 to 11 percent required under the city's existing framework."
    ),
    "González received $213,175 in vouchers while Murakami got $128,850.",
]
# The page's navigation, alert box and footer.
BOILERPLATE = [
    "Skip to content",
    "Log In",
    "Traffic Alert",
    "Expect lane closures",
    "Here's what you need to know",
    "Local Politics",
]


def test_article_main_text_has_its_real_sentences_and_no_boilerplate() -> None:
    extracted = extract(ARTICLE, UTF8_HTML, url="https://www.seattletimes.com/seattle-news/politics/")
    assert extracted.kind is ContentKind.HTML and extracted.error is None
    assert extracted.title == "M. Lorena González and Teresa Mosqueda win Seattle City Council seats"
    for sentence in ARTICLE_SENTENCES:
        assert sentence in extracted.text
    for line in BOILERPLATE:
        assert line not in extracted.text


def test_article_paragraphs_stay_separate() -> None:
    text = extract(ARTICLE, UTF8_HTML).text
    assert (
        "The nine-member council will soon have six female members to work with new mayor Jenny Durkan.\n"
        "González, a civil-rights attorney" in text
    )


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (ARTICLE.decode("utf-8").encode("cp1252"), UTF8_HTML),  # header and <meta> say UTF-8: both wrong
        (ARTICLE, "text/html; charset=iso-8859-1"),  # a UTF-8 page labelled Latin-1
        (codecs.BOM_UTF8 + ARTICLE, "text/html; charset=iso-8859-1"),  # a byte-order mark beats the label
        (ARTICLE, "text/html; charset=utf-16"),  # a UTF-8 page labelled UTF-16 (it has no NUL bytes)
        (ARTICLE, "text/html; charset=UTF-32LE"),
    ],
)
def test_wrong_charset_labels_do_not_garble_the_text(body: bytes, content_type: str) -> None:
    text = extract(body, content_type).text
    assert ARTICLE_SENTENCES[0] in text
    assert "— rather than the 2 to 11 percent" in text


def test_real_utf16_still_follows_its_label() -> None:
    page = ARTICLE.decode("utf-8").replace('charset="utf-8"', "").encode("utf-16-le")
    assert ARTICLE_SENTENCES[0] in extract(page, "text/html; charset=utf-16le").text


def test_plain_text_is_kept_as_is() -> None:
    extracted = extract(BLANDA.encode("utf-8"), "text/plain; charset=utf-8")
    assert (extracted.kind, extracted.title, extracted.text) == (ContentKind.TEXT, None, BLANDA.strip())
    assert "\n\nA dam was built in the River Blanda" in extracted.text


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (BLANDA.encode("cp1252"), "text/plain; charset=iso-8859-1"),
        (BLANDA.encode("cp1252"), "text/plain; charset=windows-1252"),
        (BLANDA.encode("utf-16"), "text/plain"),
        (BLANDA.encode("utf-16-le"), "text/plain; charset=utf-16le"),
    ],
)
def test_plain_text_follows_its_charset(body: bytes, content_type: str) -> None:
    assert extract(body, content_type).text == BLANDA.strip()


def test_crlf_and_padding_are_normalised_but_paragraphs_kept() -> None:
    body = b"  First paragraph,\r\n  still   the first.\r\n\r\n\r\n\r\nSecond paragraph.  \r\n"
    assert extract(body, "text/plain").text == "First paragraph,\nstill the first.\n\nSecond paragraph."


def test_pdf_text_and_title() -> None:
    extracted = extract(make_pdf(PDF_LINES, PDF_TITLE), "application/pdf")
    assert extracted.kind is ContentKind.PDF and extracted.title == PDF_TITLE
    assert extracted.text.splitlines() == list(PDF_LINES)


@pytest.mark.parametrize("content_type", ["application/octet-stream", "text/html", "text/plain", None])
def test_pdf_is_recognised_by_its_header_whatever_the_type_says(content_type: str | None) -> None:
    assert extract(make_pdf(PDF_LINES, PDF_TITLE), content_type).kind is ContentKind.PDF


def test_pdf_without_text_and_broken_pdf_are_reported() -> None:
    scan = extract(make_pdf((), "Scanned page"), "application/pdf")
    assert (scan.kind, scan.title, scan.text) == (ContentKind.PDF, "Scanned page", None)
    assert "no extractable text" in scan.error
    broken = extract(
        b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer <<>>\n", "application/pdf"
    )
    assert (broken.kind, broken.text) == (ContentKind.PDF, None)
    assert broken.error


def test_empty_main_text_keeps_the_title() -> None:
    extracted = extract(EMPTY_MAIN_HTML, UTF8_HTML)
    assert (extracted.kind, extracted.title, extracted.text) == (ContentKind.HTML, "Council results", None)
    assert extracted.error == "no main text found on the page"


def test_blank_text_document_is_empty() -> None:
    extracted = extract(b" \n\t\r\n ", "text/plain")
    assert extracted.text is None and extracted.error == "the document has no text"


def test_html_declared_body_without_markup_is_read_as_text() -> None:
    extracted = extract(BLANDA.encode("utf-8"), UTF8_HTML)
    assert extracted.text == BLANDA.strip()


@pytest.mark.parametrize(
    ("body", "content_type", "why"),
    [
        (make_png(), "image/png", "a PNG image"),
        (make_png(), UTF8_HTML, "a PNG image (the server declared text/html)"),
        (b"PK\x03\x04" + bytes(200), None, "a ZIP archive"),
        (bytes(range(256)) * 4, UTF8_HTML, "the body is binary data (the server declared text/html)"),
        (b'{"claim": "text"}', "application/json", "application/json is not a document type"),
        (b"body { color: red }", "text/css", "text/css is not a document type"),
    ],
)
def test_what_is_not_a_document_is_unsupported(body: bytes, content_type: str | None, why: str) -> None:
    extracted = extract(body, content_type)
    assert (extracted.kind, extracted.text) == (ContentKind.UNSUPPORTED, None)
    assert why in extracted.error


def test_untyped_bodies_are_sniffed() -> None:
    assert sniff(ARTICLE[:1024], MediaType.parse(None)).kind is ContentKind.HTML
    assert sniff(BLANDA.encode()[:1024], MediaType.parse("application/octet-stream")).kind is ContentKind.TEXT
    assert looks_like_html(b"\n  <!DOCTYPE html>") and looks_like_html(b"<!-- comment -->")
    assert not looks_like_html(b"<abbr>not a document start</abbr>")


def test_declared_charset_and_meta_are_read() -> None:
    shift_jis = "東京タワーは、東京都港区芝公園にある総合電波塔である。".encode("shift_jis")
    assert decode_text(shift_jis, "shift_jis") == "東京タワーは、東京都港区芝公園にある総合電波塔である。"
    html = b'<html><head><meta charset="shift_jis"></head><body>' + shift_jis + b"</body></html>"
    assert "東京タワー" in decode_text(html, None, html=True)
