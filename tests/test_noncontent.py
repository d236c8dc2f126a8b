"""Non-content pages are recognised, never scored: a corpus; the soft-404 probe."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.config import FetchSettings
from sidebot.eval.sources import evaluate_sources, load_corpus
from sidebot.sandbox.site_server import Answer, SiteServer
from sidebot.sources.classify import PageKind, PageView, classify
from sidebot.sources.fetch import FetchStatus, fetch, fetch_many
from sidebot.sources.signals import page_signals
from sidebot.sources.soft404 import ProbeAnswer, compare, probe_url

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "data" / "noncontent"
WICE = (
    Path(os.environ.get("SIDEBOT_SHARED_DATA", REPO.parent / "shared" / "data")) / "wice" / "claims-dev.jsonl"
)
ARTICLE = (REPO / "tests" / "data" / "sources" / "seattle-times-council-2017.html").read_text(
    encoding="utf-8"
)


@pytest.fixture
def loopback() -> FetchSettings:
    return FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0.0, per_host_concurrency=8)


def test_the_corpus_has_at_least_30_pages_of_at_least_6_kinds() -> None:
    cases, _, _ = load_corpus(CORPUS)
    kinds = {c.kind for c in cases}
    assert len(cases) >= 30 and len(kinds) >= 6
    assert kinds <= {str(k) for k in PageKind} - {"content"}
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert "constructed fixture" in readme
    for kind in kinds:
        assert f"| {kind} |" in readme


@pytest.mark.skipif(not WICE.is_file(), reason="the WiCE claims (shared data) are not on this machine")
def test_noncontent_pages_are_recognised_and_wice_sources_stay_content(loopback) -> None:
    result = evaluate_sources(CORPUS, WICE, loopback)
    assert result.read_as_content == 0, result.confusions  # none would be scored and queued as "low support"
    assert result.accuracy >= 0.9, result.confusions
    assert result.content_total >= 600  # every WiCE source page, on an honest and on a soft-404 site
    assert result.content_false_positive_rate <= 0.01, result.content_wrong


def test_eval_sources_command_prints_per_kind_figures(tmp_path) -> None:
    claims = tmp_path / "claims.jsonl"
    if WICE.is_file():
        claims.write_text("".join(WICE.read_text(encoding="utf-8").splitlines(True)[:3]), encoding="utf-8")
    else:
        claims = tmp_path / "absent.jsonl"
    result = CliRunner().invoke(app, ["eval", "sources", "--wice", str(claims), "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output[result.output.index("{") :])
    assert set(figures["per_kind"]) >= {"gone", "site-root", "consent-wall", "paywall", "bot-check"}
    assert figures["noncontent_pages"] >= 30 and figures["read_as_content"] == 0
    if WICE.is_file():
        assert figures["content_pages"] == 6 and figures["content_false_positive_rate"] == 0


def test_a_broken_corpus_is_a_clear_error(tmp_path) -> None:
    (tmp_path / "corpus.toml").write_text('[[case]]\nkind = "gone"\npath = "/x"\nfile = "nope.html"\n')
    result = CliRunner().invoke(app, ["eval", "sources", "--corpus", str(tmp_path), "--wice", "/nonexistent"])
    assert result.exit_code == 1 and "nope.html" in result.output


# --- the page's own signals ---


def _view(html: str, url: str = "http://site.test/news/story", final_url: str | None = None) -> PageView:
    from sidebot.sources.extract import html_main_text

    extracted = html_main_text(html, url)
    final = final_url or url
    return PageView(url, final, (url,) if final != url else (), 200, extracted.title, extracted.text,
                    page_signals(html))  # fmt: skip


def test_a_full_article_with_cookie_footer_and_subscribe_box_stays_content() -> None:
    footer = (
        "<div id='cookie-banner'>We use cookies. Accept all. Manage preferences.</div>"
        "<aside class='paywall-promo'>Already a subscriber? Log in. "
        "Subscribe to continue reading more.</aside>"
    )
    assert classify(_view(ARTICLE.replace("</body>", footer + "</body>"))).is_content


def test_redirects_within_the_same_address_say_nothing() -> None:
    view = _view(ARTICLE, "http://site.test/news/story", "https://www.site.test/news/story/")
    assert classify(view).is_content


def test_a_redirect_to_the_home_page_is_site_root_with_the_target_named() -> None:
    verdict = classify(_view(ARTICLE, "http://site.test/news/2019/story", "http://site.test/"))
    assert verdict.kind is PageKind.SITE_ROOT and "http://site.test/" in verdict.reason
    assert verdict.reason.startswith("not the source: redirected to the site's home page")


# --- the soft-404 probe ---


def test_probe_url_is_a_nonsense_name_in_the_same_folder() -> None:
    probe = probe_url("https://news.example.org/2019/05/story.html?id=3#top")
    assert probe is not None and probe.startswith("https://news.example.org/2019/05/sidebot-probe-")
    assert probe.endswith(".html") and probe != probe_url("https://news.example.org/2019/05/story.html")


def test_compare_tells_the_sites_not_found_answer_from_a_page() -> None:
    shell = "Riverside Gazette News Sport Nothing found here. Try a search. © 2024"
    probe = ProbeAnswer("u", "u", True, "Not here", shell.replace("here", "here sidebot-probe-abc"))
    assert compare("p", "Story", shell, probe).kind is PageKind.GONE
    assert compare("p", "Story", ARTICLE, probe).is_content
    honest = ProbeAnswer("u", "u", False, "404", shell)
    assert compare("p", "Story", shell, honest).is_content
    redirected = ProbeAnswer("u", "http://site.test/", True, "Home", "home")
    assert compare("http://site.test/", "Home", "home page text", redirected).kind is PageKind.GONE


def test_one_probe_per_site_folder_in_a_batch(loopback) -> None:
    page = Answer(ARTICLE.encode())
    routes = {f"/paper/2017/{n}.html": page for n in range(5)} | {"/paper/2018/a.html": page}
    with SiteServer(routes) as site:
        results = fetch_many([site.url(p) for p in routes], loopback)
        probes = [r.path for r in site.requests if "sidebot-probe-" in r.path]
    assert all(r.status is FetchStatus.OK for r in results.values())
    assert sorted(p.rsplit("/", 1)[0] for p in probes) == ["/paper/2017", "/paper/2018"]


def test_a_site_answering_everything_with_one_page_makes_it_gone_and_the_probe_can_be_off(loopback) -> None:
    home = Answer(
        b"<html><head><title>Welcome</title></head><body><h1>Welcome to the museum</h1><p>Open daily "
        b"from ten to five. Admission is free for members of the society.</p></body></html>"
    )
    with SiteServer(folders={"/": home}) as site:
        gone = fetch(site.url("/exhibits/whaling.html"), loopback)
        unprobed = fetch(
            site.url("/exhibits/whaling.html"), loopback.model_copy(update={"soft404_probe": False})
        )
    assert gone.status is FetchStatus.NOT_SOURCE and gone.page_kind == "gone"
    assert "nonsense address" in gone.error and gone.text is None
    assert unprobed.status is FetchStatus.OK
