"""A cited URL is read as the address MediaWiki links to (issue 52, build item 8): character references
decoded as MediaWiki 1.39 decodes them, so the bot fetches the page readers click. The integration test
renders the same citations on the real local wiki and compares each link's href with the bot's URL."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from sidebot.citations.citations import extract_citations
from sidebot.citations.link_address import link_address

# Character references MediaWiki reads otherwise than html.unescape, and the ones that end an address.
QUERIES = [
    "x=1&amp;y=2",
    "x=1&amp&y=2",  # no ";": not a reference for MediaWiki (html.unescape decodes it)
    "q=&#61;&#x3D;&#X3d;&#0061;",
    "q=&AMP;&Amp;&bogus;&amp;amp;&ampx;",
    "q=&#0;&#x80;&#13;&#55296;&#1114112;&#99999999999999999999;",  # not allowed in HTML: U+FFFD
    "q=a&lt;b",  # ends the address
    "q=a&gt;b",
    "q=a&#60;b",  # does not end a bracketed one: "<" escaped
    "q=&quot;x&quot;&#32;y&#124;z&#x7c;&#9;",
    "q=&nbsp;x&#160;y",
    "q=&eacute;&#233;&#x1F600;",
    "q=&#91;1&#93;",
]


def _cited(query: str) -> str:
    return f"http://a.example/p?{query}"


@pytest.mark.parametrize(
    ("query", "address"),
    [
        ("x=1&amp;y=2", "x=1&y=2"),
        ("x=1&amp&y=2", "x=1&amp&y=2"),
        ("q=&#61;&#x3D;&#X3d;&#0061;", "q====="),
        ("q=&AMP;&Amp;&bogus;&amp;amp;&ampx;", "q=&&Amp;&bogus;&amp;&ampx;"),
        ("q=&#0;&#x80;&#13;&#55296;&#1114112;&#99999999999999999999;", "q=" + "\ufffd" * 6),
        ("q=a&lt;b", "q=a"),
        ("q=a&#60;b", "q=a%3Cb"),
        ("q=&quot;x&quot;&#32;y&#124;z&#x7c;&#9;", "q=%22x%22+y%7Cz%7C%09"),
        ("q=&#91;1&#93;", "q=%5B1%5D"),
    ],
)
def test_references_in_a_cited_url_are_decoded_as_mediawiki_decodes_them(query: str, address: str) -> None:
    (citation,) = extract_citations(f"Claim.<ref>{{{{cite web |url={_cited(query)} |title=T}}}}</ref>")
    assert citation.url == _cited(address) and citation.checkable


def test_a_free_link_ends_at_a_no_break_space_and_a_bracketed_one_does_not() -> None:
    assert link_address("http://a.example/?q=a&nbsp;b", free=True) == "http://a.example/?q=a"
    assert link_address("http://a.example/?q=a&#xA0;b", free=True) == "http://a.example/?q=a"
    assert link_address("http://a.example/?q=a&nbsp;b") == "http://a.example/?q=a\u00a0b"
    assert link_address("http://a&#x200B;.example/?q=&#x200B;") == "http://a.example/?q=\u200b"  # host only
    (bare,) = extract_citations("Claim.<ref>http://a.example/?x=1&amp;y=2</ref>")
    assert bare.url == "http://a.example/?x=1&y=2"


@pytest.mark.parametrize(
    ("ref", "url"),
    [
        ("http://a.example/p,&nbsp;x text", "http://a.example/p"),  # cut at &nbsp;, then the comma dropped
        ("http://a.example/?q=&ampx; text", "http://a.example/?q=&ampx;"),  # a ";" ending a reference stays
        ("http://a.example/?q=x; text", "http://a.example/?q=x"),
        ("http://a.example/(p); text", "http://a.example/(p)"),
    ],
)
def test_the_end_of_an_address_is_where_mediawiki_ends_it(ref: str, url: str) -> None:
    (citation,) = extract_citations(f"Claim.<ref>{ref}</ref>")
    assert citation.url == url


class _Hrefs(HTMLParser):
    """The hrefs of the external links in each list item."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "li":
            self.items.append([])
        elif tag == "a" and "external" in (attributes.get("class") or "") and self.items:
            self.items[-1].append(attributes.get("href") or "")


FORMS = [
    lambda url: f"{{{{cite web |url={url} |title=T}}}}",
    lambda url: f"[{url} Label]",
    lambda url: f"{url} text",
]
# References and the punctuation around them, for Hypothesis to combine.
PIECES = [
    "&amp;",
    "&amp",
    "&lt;",
    "&gt;",
    "&lt",
    "&nbsp;",
    "&#61;",
    "&#x3D;",
    "&#X3d;",
    "&#0061;",
    "&#0;",
    "&#13;",
    "&#x80;",
    "&#91;",
    "&#93;",
    "&quot;",
    "&#32;",
    "&#124;",
    "&eacute;",
    "&Eacute;",
    "&bogus;",
    "&AMP;",
    "&ampx;",
    "&#x200B;",
    "&#160;",
    "&#60;",
    "&#x3c;",
    "&#62;",
    "&#x1F600;",
    "&#9;",
    "&#10;",
    "&amp;amp;",
    "&#38;",
    "&#x26;",
    "&",
    ";",
    "#",
    "%",
    "%20",
    "a",
    "=",
    "?",
    "/",
    ".",
    ",",
    ")",
    "(",
    "!",
    ":",
    "é",
    "~",
    "_",
]  # fmt: skip (no "'": runs of them are bold and italics first, by rules this reading only approximates)
_refs = st.lists(
    st.tuples(
        st.sampled_from(["a.example", "a&#x200B;.example", "a.exa&amp;mple"]),
        st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join),
        st.sampled_from(FORMS),
    ).map(lambda t: t[2](f"http://{t[0]}/p{t[1]}")),
    min_size=100,
    max_size=100,
)


def _hrefs(site, refs: list[str]) -> list[list[str]]:
    parsed = site.simple_request(
        action="parse",
        text="\n".join(f"* {ref}" for ref in refs),
        contentmodel="wikitext",
        title="Sandbox",
        prop="text",
        disablelimitreport=1,
        formatversion=2,
    ).submit()["parse"]
    hrefs = _Hrefs()
    hrefs.feed(parsed["text"])
    assert len(hrefs.items) == len(refs)
    return hrefs.items


def _assert_read_as_linked(site, refs: list[str]) -> None:
    for ref, item in zip(refs, _hrefs(site, refs), strict=True):
        (citation,) = extract_citations(f"Claim.<ref>{ref}</ref>")
        assert item[:1] == [citation.url], ref


@pytest.mark.integration
def test_the_bot_reads_the_address_the_real_wiki_links_to(wiki_site) -> None:
    """Each URL as a cite web |url=, a bracketed link and a bare link, rendered by the local wiki: the href
    readers click is the URL the bot fetches."""
    _assert_read_as_linked(wiki_site, [form(_cited(query)) for query in QUERIES for form in FORMS])


@pytest.mark.integration
@settings(
    max_examples=4,  # 4 × 100 links
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[
        Phase.explicit,
        Phase.reuse,
        Phase.generate,
    ],  # the message names the link; shrinking takes minutes
)
@given(refs=_refs)
def test_any_mix_of_references_and_punctuation_is_read_as_the_real_wiki_links_it(wiki_site, refs) -> None:
    _assert_read_as_linked(wiki_site, refs)


@pytest.mark.integration
def test_a_cited_url_with_amp_is_fetched_at_the_decoded_address(source_server, source_fetch_settings) -> None:
    """The source server's /charset page needs both of its parameters: ``&amp;in=`` read as typed would ask
    for a parameter named "amp;in" and get no page."""
    from sidebot.sources.fetch import FetchStatus, fetch

    cited = source_server.url("/charset?label=utf-8&amp;in=header")
    (citation,) = extract_citations(f"Claim.<ref>{{{{cite web |url={cited} |title=T}}}}</ref>")
    assert citation.url == source_server.url("/charset?label=utf-8&in=header")
    result = fetch(citation.url, source_fetch_settings)
    assert result.status is FetchStatus.OK and "Blanda" in (result.text or ""), result
