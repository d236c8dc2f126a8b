"""Links to attacker-chosen URLs, as the real local MediaWiki renders them (issue 52).

Hypothesis writes URLs and labels from hostile alphabets; each goes through the one function the bot posts
URLs with (:func:`sidebot.wikitext.external_link`, or inert text when the URL is not linkable), in
the two places the bot's pages put links: a table cell (the review list) and a list item (a talk notice).
The wiki's parse API renders a batch of cases at once, with the pre-save transform, as a save would. Each
cell and item must hold exactly one external link, to our escaped address, and nothing else may appear: no
other link, no template, no signature, no category, no behaviour switch.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from sidebot.wikitext import external_link, inert, is_linkable, link_target

pytestmark = pytest.mark.integration

# What MediaWiki gives a meaning to, in or around a link, and what ends or starts one.
HOSTILE = [
    "[", "]", "@", " ", '"', "'", "''", "<", ">", "{{", "}}", "{{{", "[[", "]]", "~~~~", "~~~~~", "__TOC__",
    "__NOTOC__", "__NOINDEX__", "[[Category:Hacked]]", "{{subst:Evil}}", "{{Failed verification}}", "\n",
    "\t", "\r\n", "\u202e", "\u200b", "\u2066", "\x00", "\x07", "\x7f", "\u00a0", "\u3000", "\ufffd", "&",
    "&amp;", "&lt;", "&gt;", "&#91;", "&#x5D;", "&nbsp;", "&quot", "|", "||", "!", "!!", "-{", "}-", "%",
    "%5B", "%7E", "%zz", "/", "?", "#", "=", ":", ";", "_", "__", "\\", "<nowiki>", "</nowiki>", "<ref>",
    "<!--", "-->", "{|", "|}", "|-", "http://evil.example/x", "[http://evil.example/y z]", "//evil.example",
    "mailto:a@b.example", "ISBN 978-3-16-148410-0", "RFC 1234", "PMID 1234", "[a]", "@[::1]", "[::1]",
    "ß", "ü", "例",
]  # fmt: skip
_text = st.lists(st.sampled_from(HOSTILE) | st.characters(codec="utf-8"), max_size=12).map("".join)
_label = st.lists(st.text(max_size=4) | st.sampled_from(HOSTILE), max_size=6).map("".join)
_host = st.sampled_from(
    [
        "example.org", "EXAMPLE.org", "127.0.0.1", "[::1]", "[2001:db8::7]", "h", "my_site.example",
        "bücher.example", "straße.de", "пример.рф", "例え.テスト", "xn--bcher-kva.example", "a..b", "h{{x}}",
        "h[a]", "[x]", "[::1", "a b", "", "evil.example\\", "h\u202e.example",
    ]
)  # fmt: skip
_urls = st.builds(
    lambda scheme, user, host, port, path: f"{scheme}://{user}{host}{port}{path}",
    st.sampled_from(["http", "https", "HTTP", "Https"]),
    st.sampled_from(["", "", "", "u@", "u:p@", "a@b@", "[a]@"]),
    _host,
    st.sampled_from(["", "", ":8080", ":", ":x"]),
    _text,
)
_case = st.tuples(st.one_of(_urls, _text), _label)


def _linked(url: str, label: str) -> str:
    """What the bot's pages post for a URL: a link when it can be one, else inert text."""
    return external_link(url, label) if is_linkable(url) else inert(url)


def _page(cases: list[tuple[str, str]]) -> str:
    table = ["{| class=wikitable"]
    for url, label in cases:
        table += ["|-", f"| {_linked(url, label)}"]
    items = [f"* “claim” — cited source: {_linked(url, label)} (support)" for url, label in cases]
    return "\n".join([*table, "|}", "", *items]) + "\n"


class _Links(HTMLParser):
    """The rendered page's table cells and list items, each with the hrefs of the links in it, and every
    link anywhere."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.containers: list[list[str]] = []
        self.all_links: list[dict[str, str | None]] = []
        self._open = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("td", "li"):
            self.containers.append([])
        elif tag == "a":
            self.all_links.append(dict(attrs))
            if self.containers:
                self.containers[-1].append(dict(attrs).get("href") or "")


def _render(site, text: str) -> dict:
    return site.simple_request(
        action="parse",
        text=text,
        contentmodel="wikitext",
        title="Sandbox",
        pst=1,
        prop="text|links|templates|categories|externallinks|properties",
        disablelimitreport=1,
        formatversion=2,
    ).submit()["parse"]


def _expected_href(url: str) -> str | None:
    """The address of the one link a case must render: ours, with the ``&amp;`` MediaWiki decodes."""
    return link_target(url).replace("&amp;", "&") if is_linkable(url) else None


ISSUE_52 = [
    ("http://h/@[a]http://localhost:18502/phish", "L"),  # "]" ended the link, the rest became a second one
    ("http://h/[::1]/x", "L"),
    ("http://u@[::1]/x", "L"),  # not a host MediaWiki links: inert text
    ("http://[::1]?q", "L"),
]


@settings(
    max_examples=4,  # 4 × 50 cases, and the example below
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    phases=[
        Phase.explicit,
        Phase.reuse,
        Phase.generate,
    ],  # the message names the case; shrinking takes minutes
)
@given(cases=st.lists(_case, min_size=50, max_size=50))
@example(cases=ISSUE_52)
def test_no_url_or_label_makes_another_link_a_template_a_signature_or_a_category(wiki_site, cases) -> None:
    parsed = _render(wiki_site, _page(cases))
    assert parsed["templates"] == [], "a template was transcluded"
    assert parsed["categories"] == [], "the page was categorised"
    assert parsed["links"] == [], "a wiki link (a signature?) was made"
    assert parsed.get("properties", {}) == {}, "a behaviour switch came through"
    links = _Links()
    links.feed(parsed["text"])
    expected = [_expected_href(url) for url, _ in cases]
    cells = links.containers[: len(cases)]
    items = links.containers[len(cases) :]
    assert len(cells) == len(items) == len(cases), "a case opened or closed a cell or an item"
    for (url, label), want, cell, item in zip(cases, expected, cells, items, strict=True):
        assert cell == item == ([want] if want is not None else []), (url, label, _linked(url, label))
    assert len(links.all_links) == 2 * sum(want is not None for want in expected)
    assert all("external" in (a.get("class") or "") for a in links.all_links)
