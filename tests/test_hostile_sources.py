"""Hostile sources: whatever a server answers, fetch() returns a recorded status and never raises.

The corpus is served by the real loopback source server (tests/fixtures/sources.py): every charset label
Python's codec registry holds that is not a page charset (bytes-to-bytes codecs such as base64 or zlib,
str-to-str rot13, ``undefined``, idna, punycode, the escape codecs), as the Content-Type charset and as
``<meta charset>``; 3xx answers with no, an empty and an invalid Location. A property test then throws random
labels, headers and bodies at the decoding and extraction path.
"""

from __future__ import annotations

import codecs
import encodings
import encodings.aliases
import pkgutil
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sidebot.sources.charset import decode_text
from sidebot.sources.extract import extract
from sidebot.sources.fetch import FetchResult, FetchStatus, fetch, fetch_many
from tests.fixtures.sources import SourceServer

pytestmark = pytest.mark.hostile

BLANDA_SENTENCE = "The Blanda Station is an underground plant, located approximately 230 meters under ground."


def _registry_labels() -> list[str]:
    """Every codec name and alias Python's registry answers for (modules of ``encodings`` and aliases)."""
    names = {m.name for m in pkgutil.iter_modules(encodings.__path__) if m.name not in {"aliases"}}
    names |= set(encodings.aliases.aliases) | {"rot13", "rot-13"}
    found = []
    for name in sorted(names):
        try:
            codecs.lookup(name)
        except LookupError:  # platform-only modules (mbcs, oem, cp65001 …) are listed but not registered
            continue
        found.append(name)
    return found


ALL_LABELS = _registry_labels()
# Labels that are not character encodings a page can be in: bytes-to-bytes or str-to-str codecs, plus text
# codecs that refuse bytes or turn escapes into characters.
NON_TEXT_LABELS = [
    label
    for label in ALL_LABELS
    if not codecs.lookup(label)._is_text_encoding
    or codecs.lookup(label).name in {"undefined", "idna", "punycode", "unicode-escape", "raw-unicode-escape"}
]


def test_the_registry_corpus_holds_the_codecs_the_attack_used() -> None:
    for label in ("rot13", "base64", "hex", "zlib", "bz2", "uu", "quopri", "undefined"):
        assert label in NON_TEXT_LABELS


@pytest.mark.parametrize("where", ["header", "meta"])
def test_non_text_charset_labels_decode_the_page_anyway(
    source_server: SourceServer, source_fetch_settings, where
) -> None:
    urls = {
        label: source_server.url(f"/charset?label={quote(label)}&in={where}") for label in NON_TEXT_LABELS
    }
    results = fetch_many(urls.values(), source_fetch_settings)
    for label, url in urls.items():
        result = results[url]
        assert result.status is FetchStatus.OK, (label, result)
        assert BLANDA_SENTENCE in result.text, label


def test_every_registry_label_gives_a_result(source_server: SourceServer, source_fetch_settings) -> None:
    """Text codecs too (utf-7, cp037, palmos …): a page may come out as mojibake, but it comes out."""
    urls = [source_server.url(f"/charset?label={quote(label)}&in=header") for label in ALL_LABELS]
    for result in fetch_many(urls, source_fetch_settings).values():
        assert isinstance(result, FetchResult)
        assert (result.status is FetchStatus.OK) == (result.error is None), result


@pytest.mark.parametrize(
    ("path", "status", "reason"),
    [
        ("/redirect-no-location", FetchStatus.HTTP_ERROR, "HTTP 302 redirect without a Location"),
        ("/redirect-empty-location", FetchStatus.HTTP_ERROR, "HTTP 302 redirect without a Location"),
        ("/redirect-to?url=" + quote("http://[::1", safe=""), FetchStatus.INVALID_URL, "invalid URL"),
        (
            "/redirect-to?url=" + quote("http://[::1]:99999/", safe=""),
            FetchStatus.INVALID_URL,
            "out of range",
        ),
    ],
)
def test_redirects_that_cannot_be_followed_are_recorded(
    source_server: SourceServer, source_fetch_settings, path, status, reason
) -> None:
    result = fetch(source_server.url(path), source_fetch_settings)
    assert result.status is status, result
    assert result.text is None and reason in (result.error or ""), result.error


def test_one_hostile_source_costs_the_batch_nothing(
    source_server: SourceServer, source_fetch_settings
) -> None:
    good = [source_server.url(p) for p in ("/article.html", "/blanda.txt", "/doc.pdf")]
    hostile = [
        source_server.url("/charset?label=rot13&in=header"),
        source_server.url("/charset?label=zlib&in=meta"),
        source_server.url("/redirect-no-location"),
    ]
    results = fetch_many([*hostile[:2], *good, hostile[2]], source_fetch_settings)
    assert [results[u].status for u in good] == [FetchStatus.OK, FetchStatus.OK, FetchStatus.PDF]
    assert results[hostile[2]].status is FetchStatus.HTTP_ERROR


_labels = st.one_of(st.sampled_from(ALL_LABELS), st.text(max_size=20), st.none())
_content_types = st.one_of(
    st.none(),
    st.text(max_size=60),
    st.builds(lambda m, c: f"{m}; charset={c}", st.sampled_from(["text/html", "text/plain", "x/y"]), _labels),
)
_markup = st.sampled_from(
    ["<html>", "<meta charset='{}'>", "<p>", "</p>", "<title>", "<!--", "\x00", "é", " "]
)


@st.composite
def _bodies(draw: st.DrawFn) -> bytes:
    """Random bytes, or HTML-ish text with a random (possibly hostile) meta charset, in a random encoding."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=2000))
    label = draw(st.sampled_from(ALL_LABELS))
    parts = draw(st.lists(st.one_of(_markup, st.text(max_size=30)), max_size=30))
    text = "".join(p.format(label) if "{}" in p else p for p in parts)
    encoding = draw(st.sampled_from(["utf-8", "cp1252", "utf-16", "latin-1"]))
    return text.encode(encoding, errors="replace")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=_bodies(), content_type=_content_types, label=_labels)
def test_decoding_and_extraction_never_raise(
    body: bytes, content_type: str | None, label: str | None
) -> None:
    assert isinstance(decode_text(body, label, html=True), str)
    assert isinstance(decode_text(body, label), str)
    extracted = extract(body, content_type, url="http://example.org/")
    assert extracted.text is not None or extracted.error
