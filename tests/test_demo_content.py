"""The demo content (real WiCE claims and Wikipedia articles) and its source server, over real HTTP."""

from __future__ import annotations

import collections
import functools
import importlib.util
import logging
import os
import re
import socket
import sys
import unicodedata
from pathlib import Path
from types import ModuleType

import httpx
import lxml.html
import mwparserfromhell
import pytest
import trafilatura

from sidebot.records import Claim
from sidebot.sandbox.demo_content import (
    SOURCE_BASE_PLACEHOLDER,
    DemoSource,
    GoldSet,
    demo_article_titles,
    demo_manifest,
    demo_pages,
    demo_source,
    demo_source_url,
    demo_sources,
    split_heading,
)
from sidebot.sandbox.demo_extras import EXTRAS, MOVED, NEEDS_SOURCE, uncited_source_ids, with_extra_citations
from sidebot.sandbox.source_server import (
    PID_FILE,
    SourceServer,
    page_blocks,
    start_detached,
    stop_detached,
)

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("SIDEBOT_SHARED_DATA", REPO.parent / "shared" / "data"))
BASE = "http://127.0.0.1:8731"
LABELS = {"supported", "partially_supported", "not_supported"}


def plain(text: str) -> str:
    """Text as a reader compares it: invisible format characters (zero-width space, soft hyphen) dropped,
    compatibility forms folded, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text)
    return " ".join("".join(ch for ch in text if unicodedata.category(ch) != "Cf").split())


@functools.cache
def load_build_script() -> ModuleType:
    """scripts/build_demo_data.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("build_demo_data", REPO / "scripts" / "build_demo_data.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def server():
    with SourceServer() as running:
        yield running


# ---------------------------------------------------------------- the packaged data


def test_data_matches_the_manifest():
    manifest = demo_manifest()
    sources = demo_sources()
    assert len(sources) == manifest["wice"]["claims"] == len(manifest["wice"]["claim_ids"])
    assert {s.id for s in sources} == set(manifest["wice"]["claim_ids"])
    assert dict(collections.Counter(s.label for s in sources)) == manifest["wice"]["by_label"]
    assert set(manifest["wice"]["by_label"]) == LABELS
    assert 60 <= len(sources) <= 80

    wice_titles = demo_article_titles("wice")
    wikipedia_titles = demo_article_titles("wikipedia")
    assert len(wice_titles) == manifest["wice"]["articles"]
    assert len(wikipedia_titles) == manifest["wikipedia"]["articles"]
    assert 6 <= len(wikipedia_titles) <= 8
    assert demo_article_titles() == manifest["articles"] == list(demo_pages(BASE))
    assert {s.claim.article_title for s in sources} == set(wice_titles)
    tags = collections.Counter(s.tag for s in sources if s.tag)
    assert tags == collections.Counter(manifest["wice"]["tagged"])
    assert all(s.label == "not_supported" for s in sources if s.tag)


def test_sources_are_complete_and_gold_indexes_point_into_the_sentences():
    for source in demo_sources():
        assert source.sentences and source.claim.text, source.id
        assert not any(s.startswith("(meta data)") for s in source.sentences), source.id
        for gold in source.gold:
            assert all(0 <= i < len(source.sentences) for i in gold.sentences), source.id
            assert set(gold.meta) <= {"title", "author", "publisher", "published", "copyright"}, source.id
        if source.label == "supported":
            assert any(g.sentences or g.meta for g in source.gold), source.id
    assert demo_source(demo_sources()[0].id) == demo_sources()[0]
    with pytest.raises(KeyError, match="nope"):
        demo_source("nope")


def test_a_source_keeps_its_metadata_out_of_the_sentences_and_its_gold_indexes_shifted():
    # dev01892 in WiCE: four metadata lines, then the page; gold sets [3, 73] etc. (3 = PUBLISHED DATETIME).
    source = demo_source("dev01892")
    assert source.published == "2016-06-27T19:09:17Z"
    assert source.title == "Behind the God-swapping in the South African Indian community [part 2]"
    assert GoldSet((69,), ("published",)) in source.gold
    assert source.sentences[69] == (
        "They are divided along the following major religions: "
        "Hindu (41.3%), Muslim (24.6%) and Christian (24.4%)."
    )


def test_split_heading():
    assert split_heading("## Tour dates") == (2, "Tour dates")
    assert split_heading("#MeToo movement") == (0, "#MeToo movement")
    assert split_heading("####") == (0, "####")


# ---------------------------------------------------------------- the articles


def test_every_wice_article_parses_and_cites_each_claim_on_the_source_server():
    pages = demo_pages(BASE)
    by_article = collections.defaultdict(list)
    for source in demo_sources():
        by_article[source.claim.article_title].append(source)
    for title in demo_article_titles("wice"):
        wikitext = pages[title]
        assert SOURCE_BASE_PLACEHOLDER not in wikitext
        code = mwparserfromhell.parse(wikitext)
        shown = plain(code.strip_code())
        refs = [t for t in code.filter_tags() if t.tag == "ref"]
        cited = {}
        for ref in refs:
            (template,) = ref.contents.filter_templates()
            assert template.name.strip() == "cite web" and template.get("title").value.strip()
            cited[str(template.get("url").value).strip()] = ref
        extras = sum(1 for extra in EXTRAS if extra.article == title)  # the demo's own mirror and paywall
        uncited = [s for s in by_article[title] if s.id in uncited_source_ids()]  # tagged {{citation needed}}
        assert len(refs) == len(by_article[title]) + extras - len(uncited), title
        for source in by_article[title]:
            assert plain(source.claim.text) in shown, source.id
            assert plain(source.claim.context) in shown, source.id
            if source in uncited:
                tag = next(n.tag for n in NEEDS_SOURCE if n.source_id == source.id)
                assert demo_source_url(BASE, source.id) not in wikitext and tag in wikitext, source.id
                continue
            moved = MOVED.old_path if source.id == MOVED.source_id else None
            ref = cited[BASE + moved if moved else demo_source_url(BASE, source.id)]
            after = code.get(code.index(ref) + 1) if code.index(ref) + 1 < len(code.nodes) else None
            if moved:  # the page that moved: its old address, tagged by an editor
                assert isinstance(after, mwparserfromhell.nodes.Template)
                assert "moved" in str(after.get("reason"))
            elif source.tag:
                assert isinstance(after, mwparserfromhell.nodes.Template), source.id
                assert after.name.strip() == source.tag and re.fullmatch(
                    r"[A-Z][a-z]+ \d{4}", str(after.get("date").value)
                )
            else:
                assert not isinstance(after, mwparserfromhell.nodes.Template), source.id


def test_wikipedia_articles_are_verbatim_copies_with_web_citations():
    pages = demo_pages(BASE)
    for article in demo_manifest()["wikipedia"]["per_article"]:
        wikitext = pages[article["title"]]
        original = (REPO / "tests" / "data" / "wikitext" / article["file"]).read_text(encoding="utf-8")
        assert wikitext == with_extra_citations(
            article["title"], original, BASE
        )  # verbatim, but for the demo's
        assert len(wikitext) - len(original) < 300  # one added citation (of its own mirror)
        assert len(wikitext) < 60_000
        assert article["refs_with_url"] >= 5, article["title"]
    kinds = demo_manifest()["wikipedia"]["per_article"]
    for kind in ("cite_web", "cite_news", "bare_url_refs", "reused_refs"):
        assert sum(a[kind] for a in kinds) > 0, kind


def test_demo_pages_refuses_a_base_that_is_not_an_origin():
    for bad in ("127.0.0.1:8731", "http://127.0.0.1:8731/sources", "ftp://127.0.0.1", ""):
        with pytest.raises(ValueError, match="source base"):
            demo_pages(bad)
    assert demo_source_url("http://127.0.0.1:8731/", "dev00001") == "http://127.0.0.1:8731/wice/dev00001"


HOSTILE = [
    "[[Link]] and [[Target|label]] {{template|x=1}} {{{param}}} ''italic'' '''bold'''",
    "<ref>inner</ref> <ref name=a/> <!-- comment --> <div>x</div> </span> <nowiki>n</nowiki>",
    "~~~~ __NOTOC__ [http://example.org label] http://example.org/bare ISBN 0123456789 &amp; &#91; AT&T",
    "* starred",
    "# numbered",
    "= heading =",
    ": indented",
    "; term",
    "---- rule",
    "{| table",
    "a | pipe, ] bracket, } brace, -{ converter }-",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_escaped_wikitext_is_plain_text_that_displays_as_given(text):
    escape_wikitext = load_build_script().escape_wikitext
    code = mwparserfromhell.parse(escape_wikitext(text))
    assert not code.filter_wikilinks() and not code.filter_templates() and not code.filter_comments()
    assert not code.filter_external_links() and not code.filter_headings() and not code.filter_arguments()
    assert {t.tag.strip() for t in code.filter_tags()} <= {"nowiki"}
    assert code.strip_code() == text


def test_escaped_template_values_stay_one_parameter():
    escape_template_value = load_build_script().escape_template_value
    title = "A | B {{x}} [C] ''D'' <b>E</b> a=b ~~~~"
    code = mwparserfromhell.parse("{{cite web |title=" + escape_template_value(title) + " |url=http://x}}")
    (template,) = code.filter_templates()
    assert [p.name.strip() for p in template.params] == ["title", "url"]
    assert mwparserfromhell.parse(str(template.get("title").value)).strip_code().strip() == title


# ---------------------------------------------------------------- the served pages


def test_served_pages_carry_the_title_and_every_sentence(server):
    with httpx.Client(timeout=5) as client:
        for source in demo_sources():
            response = client.get(server.url_for(source.id))
            assert response.status_code == 200
            assert response.headers["content-type"] == "text/html; charset=utf-8"
            tree = lxml.html.fromstring(response.content)
            assert tree.findtext(".//title") == (source.title or None)
            (article,) = tree.findall(".//article")
            text = plain(article.text_content())
            for sentence in source.sentences:
                assert plain(split_heading(sentence.strip())[1]) in text, (source.id, sentence)


def test_trafilatura_recovers_every_gold_sentence_from_the_served_pages(server):
    found, missing = 0, []
    with httpx.Client(timeout=5) as client:
        for source in demo_sources():
            extracted = plain(trafilatura.extract(client.get(server.url_for(source.id)).text) or "")
            for i in sorted(source.gold_sentence_indexes):
                sentence = plain(split_heading(source.sentences[i])[1])
                if sentence in extracted:
                    found += 1
                else:
                    missing.append((source.id, i, sentence[:60]))
    share = found / (found + len(missing))
    print(f"trafilatura recovered {found}/{found + len(missing)} gold sentences ({share:.1%})")
    assert not missing, missing


def test_hostile_text_is_served_as_text():
    hostile = DemoSource(
        id="hostile1",
        title='<i>Title</i> & "quotes"',
        sentences=(
            "# <b>Heading</b>",
            "Before <script>alert('x')</script> after.",
            "Tom & Jerry's <!-- -->.",
        ),
        label="not_supported",
        gold=(GoldSet((1,)),),
        claim=Claim(text="A claim."),
        author='"><script>alert(2)</script>',
        published='2020-01-01"><script>',
    )
    with SourceServer(sources=[hostile]) as running, httpx.Client(timeout=5) as client:
        body = client.get(running.url_for("hostile1")).text
    assert "<script>" not in body and "<b>" not in body and "<i>Title" not in body
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in body
    tree = lxml.html.fromstring(body)
    assert not tree.findall(".//script")
    assert tree.findtext(".//title") == hostile.title
    assert "Before <script>alert('x')</script> after." in tree.find(".//article").text_content()


def test_robots_404_and_head(server):
    with httpx.Client(timeout=5) as client:
        robots = client.get(server.base_url + "/robots.txt")
        assert robots.status_code == 200 and robots.text.startswith("User-agent: *")
        for path in ("/", "/wice/", "/wice/nope", f"/wice/{demo_sources()[0].id}/more", "/other"):
            assert client.get(server.base_url + path).status_code == 404, path
        source_id = demo_sources()[0].id
        head = client.head(server.url_for(source_id))
        assert head.status_code == 200 and int(head.headers["content-length"]) > 0 and head.content == b""
        assert client.get(server.url_for(source_id) + "?utm=x").status_code == 200


def test_page_blocks_make_headings_paragraphs_and_lists():
    blocks = page_blocks(
        [
            "Skip to content",
            "Home",
            "# News",
            "The first sentence is here.",
            "A wrapped line of a long sentence that goes on and",
            "on to its end.",
            "",
            "Share",
        ]
    )
    assert [(b.kind, b.lines) for b in blocks] == [
        ("list", ["Skip to content", "Home"]),
        ("heading", ["News"]),
        (
            "paragraph",
            [
                "The first sentence is here.",
                "A wrapped line of a long sentence that goes on and",
                "on to its end.",
            ],
        ),
        ("paragraph", ["Share"]),
    ]
    assert blocks[1].level == 2


# ---------------------------------------------------------------- the detached server


def test_detached_server_starts_falls_back_from_a_busy_port_and_stops(tmp_path, caplog):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        with caplog.at_level(logging.WARNING, logger="sidebot.sandbox.source_server"):
            pid, base_url = start_detached(tmp_path, port=taken)
    try:
        assert f"port {taken}" in caplog.text and "in use" in caplog.text
        assert base_url != f"http://127.0.0.1:{taken}"
        assert (tmp_path / PID_FILE).read_text().strip() == str(pid)
        source = demo_sources()[0]
        page = httpx.get(demo_source_url(base_url, source.id), timeout=5)
        assert page.status_code == 200 and source.sentences[0].strip()[:20] in page.text

        # Starting again replaces the earlier server.
        pid2, base_url2 = start_detached(tmp_path, port=0)
        assert pid2 != pid and not Path(f"/proc/{pid}").exists()
        assert httpx.get(base_url2 + "/robots.txt", timeout=5).status_code == 200
    finally:
        assert stop_detached(tmp_path) is True
    assert not (tmp_path / PID_FILE).exists()
    assert stop_detached(tmp_path) is False


def test_detached_server_keeps_its_fallback_port_across_restarts(tmp_path):
    """The demo articles cite the server's address: when the default port stays busy, a restart from the same
    state dir must come back on the port it used last, not on a new one."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        try:
            _, first = start_detached(tmp_path, port=taken)
            _, again = start_detached(tmp_path, port=taken)
            assert again == first != f"http://127.0.0.1:{taken}"
        finally:
            stop_detached(tmp_path)


def test_stop_detached_leaves_an_unrelated_process_alone(tmp_path):
    (tmp_path / PID_FILE).write_text(f"{os.getpid()}\n")
    assert stop_detached(tmp_path) is False
    assert not (tmp_path / PID_FILE).exists()


# ---------------------------------------------------------------- the build


@pytest.mark.skipif(
    not (SHARED_DATA / "wice" / "claims-dev.jsonl").is_file(),
    reason="the shared data the build reads is not on this machine",
)
def test_build_script_reproduces_the_packaged_data(tmp_path):
    assert load_build_script().main(["--data", str(SHARED_DATA), "--out", str(tmp_path)]) == 0
    packaged = REPO / "sidebot" / "data" / "demo"
    for name in ("articles.jsonl.gz", "sources.jsonl.gz", "manifest.json", "ATTRIBUTION.md"):
        assert (tmp_path / name).read_bytes() == (packaged / name).read_bytes(), name


def test_the_demo_cites_a_mirror_of_one_of_its_articles_and_a_paywall():
    pages = demo_pages(BASE)
    for extra in EXTRAS:
        assert f"{BASE}{extra.path}" in pages[extra.article], extra.kind
    with SourceServer() as server:
        mirror = httpx.get(server.base_url + EXTRAS[0].path).text
        paywall = httpx.get(server.base_url + EXTRAS[1].path).text
    assert "From Wikipedia, the free encyclopedia" in mirror
    assert "(born January 4, 1985) is a" in mirror
    assert "Subscribe to continue reading" in paywall


def test_the_demo_cites_a_page_at_the_address_it_moved_from():
    """The article cites the old address, which shows a "moved" notice; the page itself answers at its new
    address, where the demo corpus holds it (and nowhere else), so a suggestion can point there."""
    from sidebot.sandbox.demo_corpus import demo_source_documents

    assert f"{BASE}{MOVED.old_path}" in demo_pages(BASE)[MOVED.article]
    with SourceServer() as server:
        notice = httpx.get(server.base_url + MOVED.old_path).text
        page = httpx.get(server.base_url + MOVED.new_path)
        urls = [d.url for d in demo_source_documents(server.base_url)]
    assert "This page has moved" in notice and MOVED.new_path in notice
    assert page.status_code == 200 and "Blackville" in page.text
    assert server.base_url + MOVED.new_path in urls
    assert demo_source_url(server.base_url, MOVED.source_id) not in urls


def test_some_demo_claims_carry_citation_needed_where_their_page_was_cited():
    """Each such claim (a supported WiCE claim) reads as a needs-source claim, dated, and its page is still in
    the demo's retrieval corpus, so the patrol can suggest it."""
    from sidebot.citations.citations import NEEDS_SOURCE as KIND
    from sidebot.citations.citations import extract_citations
    from sidebot.sandbox.demo_corpus import demo_source_documents

    pages = demo_pages(BASE)
    corpus = {d.url for d in demo_source_documents(BASE)}
    assert len(NEEDS_SOURCE) >= 3
    for needs in NEEDS_SOURCE:
        source = demo_source(needs.source_id)
        assert source.label == "supported" and source.claim.article_title == needs.article
        found = extract_citations(pages[needs.article], needs.article, unsourced=True)
        claims = {plain(c.claim): c for c in found if c.kind == KIND}
        assert plain(source.claim.text) in claims, needs.source_id
        assert claims[plain(source.claim.text)].tag_date, needs.source_id
        assert demo_source_url(BASE, needs.source_id) in corpus
