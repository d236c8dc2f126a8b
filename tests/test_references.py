"""The reference to paste for a suggested source: the page metadata it is filled from (read from pages as the
fetcher reads them), the {{cite …}} it builds (kinds, absent fields, hostile values) rendered by the real
local MediaWiki, and the same reference on the on-wiki review list, where it must be text only."""

from __future__ import annotations

import html
from datetime import date, datetime
from pathlib import Path

import mwparserfromhell

from sidebot.config import ReviewListSettings
from sidebot.onwiki.review_list import ListHeader, parse_rows, render_pages, review_rows, review_sections
from sidebot.retrieve.reference import build_reference
from sidebot.sandbox.demo_content import demo_source
from sidebot.sandbox.source_server import render_source_page
from sidebot.sources.extract import extract
from sidebot.sources.mirror import iso_date
from tests.fixtures.onwiki_rows import open_finding

DATA = Path(__file__).parent / "data"
# Hand-written pages (invented sites; tests/data/README.md), each with one kind of metadata
NEWS_JSON_LD = DATA / "pages-independent-22" / "pages" / "44_content_free_on_paywalled_en.html"
PAPER_CITATION_TAGS = DATA / "pages-independent-24" / "pages" / "49_content_abstract_access.html"
# The text of a real page (The Seattle Times, via WiCE) in markup without any metadata tag
NO_METADATA = DATA / "sources" / "seattle-times-council-2017.html"

HOSTILE = (
    "A | B }} {{subst:x}} [[Category:Spam]] [[Link]] <ref>r</ref> </ref> ~~~~ __NOTOC__ __NOINDEX__ "
    "''italic'' '''bold''' https://free.example/link ISBN 978-3-16-148410-0 &amp; <nowiki>\n* list\n= h ="
)


def _metadata(path: Path, url: str = "https://site.example/page") -> dict:
    return extract(path.read_bytes(), "text/html; charset=utf-8", url=url).metadata


# ---- page metadata -----------------------------------------------------------------------------------------


def test_a_news_article_is_read_from_its_json_ld() -> None:
    assert _metadata(NEWS_JSON_LD) == {
        "title": "Flood warning lifted for Millrace Creek as water recedes",
        "author": ["Carla Wen"],
        "date": "2026-04-14",
        "website": "The Harlan Valley Sentinel",  # its <title>: "<the headline> | <the site>"
        "kind": "news",  # schema.org NewsArticle
    }


def test_a_paper_is_read_from_its_citation_tags() -> None:
    assert _metadata(PAPER_CITATION_TAGS) == {
        "title": "Beaver dams reduce late-summer stream temperature variability in upland catchments",
        "author": ["Lindqvist, Sara", "Mbeki, Thandiwe", "Rourke, Daniel"],
        "doi": "10.5601/afe.2026.0331",
        "journal": "Annals of Freshwater Ecology",
        "kind": "journal",
    }


def test_a_demo_page_is_read_from_its_opengraph_tags_and_a_profile_address_is_no_author() -> None:
    source = demo_source("dev00236")  # WiCE's metadata: a title, a date, a Facebook page as its publisher
    assert source.published and source.publisher and source.publisher.startswith("https://")
    page = render_source_page(source, "http://127.0.0.1:8731")
    metadata = extract(page.encode(), "text/html", url="http://127.0.0.1:8731/wice/dev00236").metadata
    assert metadata == {"title": source.title, "date": iso_date(source.published)}
    with_profile = demo_source("dev00003")  # its author is a profile address
    assert with_profile.author and with_profile.author.startswith("https://")
    page = render_source_page(with_profile, "http://127.0.0.1:8731")
    assert extract(page.encode(), "text/html").metadata == {"title": with_profile.title}


def test_a_page_without_metadata_tags_gives_its_title_byline_date_and_site() -> None:
    # the byline reads "Bob Young, Seattle Times staff reporter": the second piece is no author
    assert _metadata(NO_METADATA) == {
        "title": "M. Lorena González and Teresa Mosqueda win Seattle City Council seats",
        "author": ["Bob Young"],
        "date": "2017-11-07",  # "Originally published November 7, 2017 at 8:21 pm."
        "website": "The Seattle Times",  # its <title>: "<the headline> | The Seattle Times"
    }


def test_the_doi_comes_from_the_page_itself_not_from_the_papers_it_cites() -> None:
    cites = b"""<html><head><title>A review</title></head><body><article><h1>A review</h1>
    <p>As shown before (<a href="https://doi.org/10.1000/other.paper">doi</a>), rivers rise in spring and
    fall in autumn, which the long records of many gauges confirm across the whole region studied.</p>
    </article></body></html>"""
    assert "doi" not in extract(cites, "text/html", url="https://site.example/review").metadata
    at_doi = extract(cites, "text/html", url="https://doi.org/10.1000/this.paper").metadata
    assert at_doi["doi"] == "10.1000/this.paper"


# ---- the reference -----------------------------------------------------------------------------------------


def test_the_template_follows_the_kind_of_page_and_leaves_out_what_the_page_does_not_give() -> None:
    accessed = datetime(2026, 5, 4, 10, 30)
    news = build_reference(
        "https://site.example/a", _metadata(NEWS_JSON_LD), quote="It rose.", accessed=accessed
    )
    assert news == (
        "<ref>{{cite news |url=https://site.example/a |title=Flood warning lifted for Millrace Creek as "
        "water recedes |author=Carla Wen |date=2026-04-14 |work=The Harlan Valley Sentinel "
        "|access-date=2026-05-04 |quote=It rose.}}</ref>"
    )
    paper = build_reference("https://site.example/p", _metadata(PAPER_CITATION_TAGS), accessed=accessed)
    assert paper is not None and paper.startswith(
        "<ref>{{cite journal |url=https://site.example/p |title=Beaver"
    )
    assert "|author1=Lindqvist, Sara |author2=Mbeki, Thandiwe |author3=Rourke, Daniel " in paper
    assert (
        "|journal=Annals of Freshwater Ecology |doi=10.5601/afe.2026.0331 |access-date=2026-05-04}}" in paper
    )
    assert "|date=" not in paper and "|quote=" not in paper  # neither given
    # a DOI without a journal: a web page with its DOI
    web = build_reference("https://site.example/d", {"title": "Data", "doi": "10.1/x", "website": "Repo"})
    assert web == "<ref>{{cite web |url=https://site.example/d |title=Data |website=Repo |doi=10.1/x}}</ref>"
    # a corpus document the bot never fetched: its address, its title, the quote; no access date
    corpus = build_reference("https://site.example/c", None, title="Corpus title", quote="Q.", accessed=None)
    assert corpus == "<ref>{{cite web |url=https://site.example/c |title=Corpus title |quote=Q.}}</ref>"
    assert build_reference("javascript:alert(1)", None, title="x") is None
    assert build_reference("https://site.example/e", {}, accessed=date(2026, 1, 2)) == (
        "<ref>{{cite web |url=https://site.example/e |access-date=2026-01-02}}</ref>"
    )


def _hostile_reference() -> str:
    reference = build_reference(
        "https://site.example/a?b=1|2&c={{x}}",
        {"title": HOSTILE, "author": [HOSTILE], "website": HOSTILE, "date": "2020-01-02", "kind": "news"},
        quote=HOSTILE,
        accessed=date(2026, 1, 2),
    )
    assert reference is not None
    return reference


def test_hostile_values_stay_values_of_one_template() -> None:
    reference = _hostile_reference()
    assert "\n" not in reference
    code = mwparserfromhell.parse(reference)
    (ref,) = code.filter_tags(recursive=False)
    assert ref.tag == "ref" and not code.filter_wikilinks()
    # the only address is the url's: the free link in the values is no link
    assert [str(link.url) for link in code.filter_external_links()] == [
        "https://site.example/a?b=1%7C2&amp;c=%7B%7Bx%7D%7D"
    ]
    (template,) = code.filter_templates()
    assert str(template.name).strip() == "cite news"
    assert [str(p.name) for p in template.params] == [
        "url", "title", "author", "date", "work", "access-date", "quote"
    ]  # fmt: skip
    shown = " ".join(HOSTILE.split())
    for name in ("title", "author", "work", "quote"):
        assert html.unescape(str(template.get(name).value)).strip() == shown, name


def test_the_reference_renders_as_one_citation_on_the_real_wiki(wiki_site) -> None:
    reference = _hostile_reference()
    parsed = wiki_site.simple_request(
        action="parse",
        title="Reference test",
        text=f"Claim.{reference}\n{{{{Reflist}}}}",
        contentmodel="wikitext",
        prop="text|templates|links|categories|externallinks|properties",
        formatversion=2,
    ).submit()["parse"]
    assert {t["title"] for t in parsed["templates"]} == {"Template:Cite news", "Template:Reflist"}
    assert parsed["links"] == [] and parsed["categories"] == []
    assert parsed["externallinks"] == ["https://site.example/a?b=1%7C2&c=%7B%7Bx%7D%7D"]
    assert not parsed.get("properties")  # no __NOTOC__, __NOINDEX__
    text = html.unescape(parsed["text"])
    assert text.count('<cite class="citation news">') == 1
    assert "[[Category:Spam]]" in text and "~~~~" in text and "__NOTOC__" in text and "{{subst:x}}" in text


def test_the_review_list_shows_the_reference_as_text_only(wiki_site) -> None:
    reference = _hostile_reference()
    settings = ReviewListSettings(enabled=True, title="User:Bot/List")
    findings = [
        open_finding(
            7,
            "Listed article",
            "The claim.",
            "https://cited.example/a",
            0.1,
            title="Cited",
            probability=0.1,
            flag_reason="low support (0.10 < 0.50)",
            suggestion="https://site.example/a",
            suggestion_title="Better source",
            reference=reference,
        )
    ]
    (page,) = render_pages(
        review_sections(findings, settings),
        settings,
        ListHeader("User:Bot", "User:Bot/Stop", "User talk:Bot"),
    )
    (row,) = parse_rows(page.text)
    assert row == review_rows(findings, settings)[0] and row.reference == reference  # read back whole
    parsed = wiki_site.simple_request(
        action="parse",
        title="User:Bot/List",
        text=page.text,
        contentmodel="wikitext",
        prop="text|templates|links|categories|externallinks|properties",
        formatversion=2,
    ).submit()["parse"]
    assert parsed["templates"] == [] and parsed["categories"] == [] and not parsed.get("properties")
    assert {link["title"] for link in parsed["links"]} == {
        "Listed article", "User:Bot", "User:Bot/Stop", "User talk:Bot"
    }  # fmt: skip
    assert sorted(parsed["externallinks"]) == ["https://cited.example/a", "https://site.example/a"]
    assert 'class="reference"' not in parsed["text"] and "<cite" not in parsed["text"]  # no footnote made
    assert html.unescape(html.unescape(parsed["text"])).count("{{cite news |url=") == 1  # shown as typed


def test_a_long_quote_is_cut_at_a_word_with_an_ellipsis() -> None:
    quote = "word " * 200
    reference = build_reference("https://site.example/q", None, quote=quote)
    assert reference is not None
    value = reference.split("|quote=", 1)[1].removesuffix("}}</ref>")
    assert value.endswith("…") and len(value) <= 600 and value.startswith("word word")


def test_each_field_is_right_wrong_missed_invented_or_absent() -> None:
    from sidebot.eval.references import compare

    assert compare("title", "L’été – Fil", "l'été - fil") == "right"  # quotes, dashes, case set aside
    assert compare("title", "A", "B") == "wrong"
    assert compare("date", "2020-01-02", None) == "missed"
    assert compare("website", None, "example.org") == "invented"
    assert compare("doi", None, None) == "absent"
    assert compare("kind", None, None) == "right"  # a web page on both sides
    both = compare(
        "author", ["Sara Lindqvist", "Tiago M. Ferreira"], ["Ferreira, Tiago M.", "Lindqvist, Sara"]
    )
    assert both == "right"
    assert compare("author", ["Sara Lindqvist"], ["Sara Lindqvist", "Bob"]) == "wrong"


def test_eval_references_reads_every_labelled_page() -> None:
    from sidebot.cli.sources import DEFAULT_LABELS
    from sidebot.eval.references import FIELDS, evaluate_labelled

    report = evaluate_labelled(DEFAULT_LABELS).to_json()
    assert report["pages"] == 24 and set(report["per_field"]) == set(FIELDS)
    assert all(sum(counts.values()) == 24 for counts in report["per_field"].values())
    assert report["right_of_given"]["doi"] == 1.0  # every DOI a page gives, and no other
