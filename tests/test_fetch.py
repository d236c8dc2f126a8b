"""fetch() against a real HTTP server on 127.0.0.1: every status, for the right reason."""

from __future__ import annotations

import gzip
import hashlib
import socket
import zlib
from urllib.parse import quote

import pytest

from sidebot.config import FetchSettings
from sidebot.sources.body import BodyTooLarge, BoundedBody, UndecodableBody, parse_content_encoding
from sidebot.sources.client import SourceClient
from sidebot.sources.fetch import FetchResult, FetchStatus, fetch, fetch_many
from tests.fixtures.sources import (
    ARTICLE_FILE,
    BLANDA_FILE,
    FIXTURE_MAX_BYTES,
    PDF_LINES,
    PDF_TITLE,
    SourceServer,
)

ARTICLE_TITLE = "M. Lorena González and Teresa Mosqueda win Seattle City Council seats"
ARTICLE_SENTENCE = (
    "In the Council Position 8 race, also citywide, Mosqueda got 62 percent in Tuesday's count."
)


def assert_failed(result: FetchResult, status: FetchStatus, *error_parts: str) -> None:
    assert result.status is status, result
    assert result.text is None
    assert result.error, "every failure explains itself"
    for part in error_parts:
        assert part in result.error, result.error


# --- documents -------------------------------------------------------------------------------------------


def test_html_article_is_fetched_with_title_and_main_text(
    source_server: SourceServer, source_fetch_settings
) -> None:
    result = fetch(source_server.url("/article.html"), source_fetch_settings)
    body = ARTICLE_FILE.read_bytes()
    assert result.status is FetchStatus.OK and result.error is None
    assert result.http_status == 200
    assert result.content_type == "text/html"
    assert result.final_url == result.url == source_server.url("/article.html")
    assert result.title == ARTICLE_TITLE
    assert ARTICLE_SENTENCE in result.text
    assert "Traffic Alert" not in result.text
    assert result.content_hash == hashlib.sha256(body).hexdigest()
    assert result.size_bytes == len(body)
    assert result.elapsed_s > 0


def test_gzip_encoded_page_is_decoded_and_hashed_like_the_plain_one(
    source_server, source_fetch_settings
) -> None:
    plain = fetch(source_server.url("/article.html"), source_fetch_settings)
    packed = fetch(source_server.url("/article-gzip.html"), source_fetch_settings)
    assert packed.status is FetchStatus.OK
    assert (packed.text, packed.content_hash, packed.size_bytes) == (
        plain.text,
        plain.content_hash,
        plain.size_bytes,
    )


def test_html_without_content_type_is_recognised(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/no-type.html"), source_fetch_settings)
    assert result.status is FetchStatus.OK and result.content_type is None
    assert ARTICLE_SENTENCE in result.text


def test_wrongly_declared_charset_still_gives_the_right_text(source_server, source_fetch_settings) -> None:
    for path in ("/wrong-charset.html", "/mislabeled-utf8.html", "/utf16-label.html"):
        result = fetch(source_server.url(path), source_fetch_settings)
        assert result.status is FetchStatus.OK, path
        assert "M. Lorena González was handily re-elected Tuesday" in result.text, path
        assert "\ufffd" not in result.text and "Ã" not in result.text, path


def test_plain_text_is_kept_as_is(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/blanda.txt"), source_fetch_settings)
    assert result.status is FetchStatus.OK
    assert result.content_type == "text/plain" and result.title is None
    assert result.text == BLANDA_FILE.read_text(encoding="utf-8").strip()


def test_plain_text_in_a_declared_legacy_charset(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/blanda-latin1.txt"), source_fetch_settings)
    assert result.status is FetchStatus.OK
    assert "The station started to produce electricity in 1991 – 1992." in result.text


def test_pdf_is_reported_with_its_text(source_server, source_fetch_settings) -> None:
    for path in ("/doc.pdf", "/octet.pdf"):  # declared, and sniffed behind application/octet-stream
        result = fetch(source_server.url(path), source_fetch_settings)
        assert result.status is FetchStatus.PDF, path
        assert result.title == PDF_TITLE
        for line in PDF_LINES:
            assert line in result.text
        assert result.error is None


def test_pdf_without_text_is_reported_without_text(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/scan.pdf"), source_fetch_settings)
    assert_failed(result, FetchStatus.PDF, "no extractable text")
    assert result.content_hash is not None


def test_script_shell_without_text_is_not_the_source(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/empty-main.html"), source_fetch_settings)
    assert_failed(result, FetchStatus.NOT_SOURCE, "JavaScript shell")
    assert result.page_kind == "script-shell"
    assert result.title == "Council results"


# --- what is not a document ------------------------------------------------------------------------------


def test_image_is_unsupported(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/image.png"), source_fetch_settings)
    assert_failed(result, FetchStatus.UNSUPPORTED, "a PNG image")
    assert result.content_type == "image/png" and result.http_status == 200


def test_media_is_recognised_from_its_first_bytes_and_not_downloaded(
    source_server, source_fetch_settings
) -> None:
    # 3 MB against a 1 MB cap: reading it all would end in too_large.
    result = fetch(source_server.url("/video.mp4"), source_fetch_settings)
    assert_failed(result, FetchStatus.UNSUPPORTED, "MP4")
    assert (result.size_bytes, result.content_hash) == (None, None)


@pytest.mark.parametrize(("path", "why"), [("/png-as-html", "PNG image"), ("/binary-as-html", "binary data")])
def test_binary_body_declared_as_html_is_sniffed(source_server, source_fetch_settings, path, why) -> None:
    result = fetch(source_server.url(path), source_fetch_settings)
    assert_failed(result, FetchStatus.UNSUPPORTED, why, "text/html")


def test_unknown_content_encoding_is_unsupported(source_server, source_fetch_settings) -> None:
    assert_failed(
        fetch(source_server.url("/brotli.html"), source_fetch_settings), FetchStatus.UNSUPPORTED, "'br'"
    )


# --- HTTP errors and redirects ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "code", "message"),
    [("/missing", 404, "HTTP 404 Not Found"), ("/broken", 500, "HTTP 500 Internal Server Error")],
)
def test_http_errors_keep_their_code(source_server, source_fetch_settings, path, code, message) -> None:
    result = fetch(source_server.url(path), source_fetch_settings)
    assert_failed(result, FetchStatus.HTTP_ERROR, message)
    assert result.http_status == code


def test_an_error_page_that_says_what_it_is_is_named(source_server, source_fetch_settings) -> None:
    withdrawn = fetch(source_server.url("/withdrawn"), source_fetch_settings)
    assert withdrawn.status is FetchStatus.HTTP_ERROR and withdrawn.http_status == 410
    assert withdrawn.page_kind == "removed"
    assert withdrawn.error is not None
    assert withdrawn.error.startswith("HTTP 410 Gone; the page says it was removed or withdrawn (")
    missing = fetch(source_server.url("/missing"), source_fetch_settings)
    assert (missing.page_kind, missing.error) == ("gone", "HTTP 404 Not Found")
    assert fetch(source_server.url("/broken"), source_fetch_settings).page_kind is None
    searchable = fetch(source_server.url("/missing-with-search"), source_fetch_settings)
    # its words alone read as search results (a search button, little text): a 404 is not that
    assert searchable.page_kind is None and searchable.error == "HTTP 404 Not Found"


def test_redirects_up_to_the_cap_are_followed(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/redirect/3"), source_fetch_settings)  # the fixture allows 3
    assert result.status is FetchStatus.OK
    assert result.url == source_server.url("/redirect/3")
    assert result.final_url == source_server.url("/article.html")
    assert ARTICLE_SENTENCE in result.text


@pytest.mark.parametrize("path", ["/redirect/4", "/redirect-loop"])
def test_redirects_past_the_cap_are_refused(source_server, source_fetch_settings, path) -> None:
    result = fetch(source_server.url(path), source_fetch_settings)
    assert_failed(result, FetchStatus.TOO_MANY_REDIRECTS, "more than 3 redirects")
    assert result.http_status == 302


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("http://10.0.0.1/admin", "10.0.0.1 is a private address"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"),
        ("http://[::1]/", "::1 is a loopback address"),
        ("ftp://127.0.0.1/", "ftp: URLs are not fetched"),
        ("file:///etc/passwd", "file: URLs are not fetched"),
    ],
)
def test_redirect_to_a_forbidden_target_is_blocked(source_server, source_fetch_settings, target, why) -> None:
    start = source_server.url("/redirect-to?url=" + quote(target, safe=""))
    result = fetch(start, source_fetch_settings)
    assert_failed(result, FetchStatus.BLOCKED, why)
    assert result.final_url.startswith(target.split("/")[0])  # the refused hop is reported, not the first


def test_redirect_to_cloud_metadata_by_name_is_blocked(
    source_server, source_fetch_settings, monkeypatch
) -> None:
    """On a cloud VM metadata.google.internal resolves to 169.254.169.254; here DNS is made to answer so."""
    real_getaddrinfo = socket.getaddrinfo

    def cloud_dns(host, port, *args, **kwargs):
        return real_getaddrinfo(
            "169.254.169.254" if host == "metadata.google.internal" else host, port, *args, **kwargs
        )

    monkeypatch.setattr(socket, "getaddrinfo", cloud_dns)
    target = "http://metadata.google.internal/computeMetadata/v1/"
    result = fetch(source_server.url("/redirect-to?url=" + quote(target, safe="")), source_fetch_settings)
    assert_failed(
        result,
        FetchStatus.BLOCKED,
        "169.254.169.254 is a link-local address",
        "'metadata.google.internal' resolves to 169.254.169.254",
    )


# --- SSRF guard end to end -------------------------------------------------------------------------------


def test_loopback_source_is_blocked_unless_allow_listed(source_server, source_fetch_settings) -> None:
    url = source_server.url("/article.html")
    closed = source_fetch_settings.model_copy(update={"allow_networks": []})
    assert_failed(fetch(url, closed), FetchStatus.BLOCKED, "127.0.0.1 is a loopback address")
    assert fetch(url, source_fetch_settings).status is FetchStatus.OK


@pytest.mark.parametrize("host", ["2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]"])
def test_numeric_tricks_reach_the_guard(source_server, source_fetch_settings, host) -> None:
    port = source_server.base_url.rsplit(":", 1)[1]
    url = f"http://{host}:{port}/article.html"
    closed = source_fetch_settings.model_copy(update={"allow_networks": []})
    assert_failed(fetch(url, closed), FetchStatus.BLOCKED, "loopback")
    if host != "[::ffff:127.0.0.1]":  # an IPv4-mapped socket needs a dual-stack listener; ours is IPv4 only
        assert fetch(url, source_fetch_settings).status is FetchStatus.OK


def test_connection_goes_to_the_address_that_was_checked(
    source_server, source_fetch_settings, monkeypatch
) -> None:
    """DNS rebinding: the name answers 127.0.0.1 (allowed) for each connection the fetch opens (the site's
    robots.txt, then the page: one connection kept alive, or two), then an unroutable address. A fetcher that
    resolved again when connecting would not reach the server."""
    real_getaddrinfo = socket.getaddrinfo
    answers = iter(["127.0.0.1", "127.0.0.1"])
    lookups = []

    def rebinding_dns(host, port, *args, **kwargs):
        if host == "rebind.test":
            lookups.append(host)
            return real_getaddrinfo(next(answers, "192.0.2.1"), port, *args, **kwargs)
        return real_getaddrinfo(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding_dns)
    port = source_server.base_url.rsplit(":", 1)[1]
    result = fetch(f"http://rebind.test:{port}/echo-headers", source_fetch_settings)
    assert result.status is FetchStatus.OK, result.error
    assert lookups in (["rebind.test"], ["rebind.test", "rebind.test"])
    assert f"host: rebind.test:{port}" in result.text.lower()  # the Host header keeps the name


def test_user_agent_and_accept_encoding_are_sent(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/echo-headers"), source_fetch_settings)
    assert f"User-Agent: {source_fetch_settings.user_agent}" in result.text
    assert "Accept-Encoding: gzip, deflate" in result.text


# --- time and size limits --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/slow", "/slow-headers"])
def test_a_trickling_server_cannot_hold_us_past_the_total_timeout(
    source_server, source_fetch_settings, path
) -> None:
    # Bytes arrive every 0.1 s, so the 1 s read timeout never fires: only the total deadline can stop it.
    settings = source_fetch_settings.model_copy(update={"read_timeout": 1.0, "total_timeout": 1.5})
    result = fetch(source_server.url(path), settings)
    assert_failed(result, FetchStatus.TIMEOUT, "total time limit of 1.5 s")
    assert result.elapsed_s < 1.5 + 1.0


def test_a_silent_server_hits_the_read_timeout(source_server, source_fetch_settings) -> None:
    settings = source_fetch_settings.model_copy(update={"read_timeout": 0.5})
    assert_failed(fetch(source_server.url("/stall"), settings), FetchStatus.TIMEOUT, "sent nothing for 0.5 s")


def test_endless_body_is_cut_at_the_cap(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/huge"), source_fetch_settings)
    assert_failed(result, FetchStatus.TOO_LARGE, f"more than {FIXTURE_MAX_BYTES:,} bytes")
    assert result.size_bytes is None


def test_an_endless_error_page_is_read_no_further_than_its_cap(source_server, source_fetch_settings) -> None:
    """An error page is read to say what it is, at most its first 256 kB: an endless one is a plain 404."""
    result = fetch(source_server.url("/missing-endless"), source_fetch_settings)
    assert_failed(result, FetchStatus.HTTP_ERROR, "HTTP 404 Not Found")
    assert result.error == "HTTP 404 Not Found" and result.page_kind is None


def test_announced_oversize_is_refused_before_reading(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/huge-announced"), source_fetch_settings)
    assert_failed(result, FetchStatus.TOO_LARGE, "announces 10,737,418,240 bytes")


def test_body_longer_than_its_content_length_is_not_read_past_it(
    source_server, source_fetch_settings
) -> None:
    result = fetch(source_server.url("/lying-length"), source_fetch_settings)
    assert result.status is FetchStatus.OK
    assert result.size_bytes == 2048
    assert result.content_hash == hashlib.sha256((BLANDA_FILE.read_bytes() * 2)[:2048]).hexdigest()


def test_gzip_bomb_is_stopped_at_the_cap(source_server, source_fetch_settings) -> None:
    result = fetch(source_server.url("/gzip-bomb"), source_fetch_settings)
    assert_failed(result, FetchStatus.TOO_LARGE, "once decompressed")


# --- dead hosts and broken servers -----------------------------------------------------------------------


def test_connection_refused_is_dead(source_fetch_settings) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert_failed(fetch(f"http://127.0.0.1:{port}/", source_fetch_settings), FetchStatus.DEAD, "refused")


def test_unknown_host_is_dead(source_fetch_settings) -> None:
    assert_failed(
        fetch("http://does-not-exist.invalid/page", source_fetch_settings),
        FetchStatus.DEAD,
        "cannot resolve host 'does-not-exist.invalid'",
    )


@pytest.mark.parametrize("path", ["/reset", "/not-http"])
def test_reset_and_non_http_answers_are_dead(source_server, source_fetch_settings, path) -> None:
    assert_failed(fetch(source_server.url(path), source_fetch_settings), FetchStatus.DEAD, "127.0.0.1")


# --- bad URLs --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "",
        "not a url",
        "www.example.com/page",
        "http://",
        "http://exa mple.com/",
        "http://127.0.0.1:99999/",
        "http://[::1/",
    ],
)
def test_invalid_urls(url, source_fetch_settings) -> None:
    result = fetch(url, source_fetch_settings)
    assert_failed(result, FetchStatus.INVALID_URL)
    assert result.url == url


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "ftp://127.0.0.1/pub",
        "javascript:alert(1)",
        "gopher://127.0.0.1:70/",
        "data:,hi",
    ],
)
def test_other_schemes_are_blocked(url, source_fetch_settings) -> None:
    assert_failed(fetch(url, source_fetch_settings), FetchStatus.BLOCKED, "only http and https")


# --- many at once ----------------------------------------------------------------------------------------


def test_fetch_many_runs_concurrently_and_keys_results_by_url(source_server, source_fetch_settings) -> None:
    together = [source_server.url(f"/together?group=many&n=4&i={i}") for i in range(4)]
    urls = [source_server.url("/missing"), *together, source_server.url("/doc.pdf"), together[0]]
    results = fetch_many(urls, source_fetch_settings)  # the fixture's concurrency is 4
    assert list(results) == list(dict.fromkeys(urls))
    assert all(results[u].status is FetchStatus.OK for u in together), [results[u].error for u in together]
    assert results[source_server.url("/missing")].status is FetchStatus.HTTP_ERROR
    assert results[source_server.url("/doc.pdf")].status is FetchStatus.PDF


def test_fetch_never_raises_for_any_route(source_server, source_fetch_settings) -> None:
    paths = [
        "/article.html",
        "/image.png",
        "/brotli.html",
        "/reset",
        "/not-http",
        "/redirect-loop",
        "/huge",
        "/gzip-bomb",
        "/binary-as-html",
        "/scan.pdf",
        "/missing",
        "/nowhere",
    ]
    results = fetch_many([source_server.url(p) for p in paths], source_fetch_settings)
    for result in results.values():
        assert isinstance(result, FetchResult)
        assert (result.status is FetchStatus.OK) == (result.error is None), result


def test_a_shared_client_must_match_the_settings(source_server, source_fetch_settings) -> None:
    with SourceClient(source_fetch_settings) as client:
        assert fetch(source_server.url("/blanda.txt"), source_fetch_settings, client).status is FetchStatus.OK
        with pytest.raises(ValueError, match="other FetchSettings"):
            fetch(source_server.url("/blanda.txt"), FetchSettings(), client)


# --- the bounded body decoder ----------------------------------------------------------------------------


def test_bounded_body_decodes_gzip_and_both_deflate_flavours() -> None:
    text = BLANDA_FILE.read_bytes()
    raw_deflate = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    for coding, packed in [
        ("gzip", gzip.compress(text)),
        ("deflate", zlib.compress(text)),
        ("deflate", raw_deflate.compress(text) + raw_deflate.flush()),
    ]:
        body = BoundedBody(parse_content_encoding(coding), max_bytes=len(text))
        for i in range(0, len(packed), 100):
            body.feed(packed[i : i + 100])
        assert body.finish() == text, coding


def test_bounded_body_never_holds_more_than_the_cap_of_a_bomb() -> None:
    bomb = gzip.compress(b"\0" * 20_000_000)
    body = BoundedBody(["gzip"], max_bytes=100_000)
    with pytest.raises(BodyTooLarge, match="once decompressed"):
        body.feed(bomb)
    assert body.size <= 100_000


def test_stacked_codings_are_undone_in_reverse() -> None:
    text = BLANDA_FILE.read_bytes()
    body = BoundedBody(parse_content_encoding("deflate, gzip"), max_bytes=len(text))
    body.feed(gzip.compress(zlib.compress(text)))
    assert body.finish() == text


def test_corrupt_or_unknown_codings_are_undecodable() -> None:
    with pytest.raises(UndecodableBody, match="corrupt"):
        BoundedBody(["gzip"], max_bytes=1000).feed(b"\x1f\x8bnot really gzip data")
    with pytest.raises(UndecodableBody, match="'zstd'"):
        parse_content_encoding("gzip, zstd")
    assert parse_content_encoding(" Identity ") == []
