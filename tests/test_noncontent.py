"""Non-content pages are recognised, never scored: a corpus; the soft-404 probe."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.config import FetchSettings
from sidebot.eval.sources import FIT, HELD_OUT, evaluate_sources, load_corpus
from sidebot.sandbox.site_server import Answer, SiteServer
from sidebot.sources.classify import PageKind, PageView, classify
from sidebot.sources.fetch import FetchStatus, fetch, fetch_many
from sidebot.sources.page_model import shipped_page_model
from sidebot.sources.signals import page_signals
from sidebot.sources.soft404 import ProbeAnswer, compare, probe_url

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "data" / "pages"
WICE = (
    Path(os.environ.get("SIDEBOT_SHARED_DATA", REPO.parent / "shared" / "data")) / "wice" / "claims-dev.jsonl"
)
ARTICLE = (REPO / "tests" / "data" / "sources" / "seattle-times-council-2017.html").read_text(
    encoding="utf-8"
)


@pytest.fixture
def loopback() -> FetchSettings:
    return FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0.0, per_host_concurrency=8)


def test_the_corpus_has_hundreds_of_pages_of_every_kind_in_four_languages_and_two_splits() -> None:
    cases, _, _ = load_corpus(CORPUS)
    assert len(cases) >= 500
    kinds = {str(k) for k in PageKind}
    for split in (FIT, HELD_OUT):
        mine = [c for c in cases if c.split == split]
        assert {c.kind for c in mine} == kinds, split  # every kind, content included, in both splits
        assert {c.lang for c in mine} >= {"en", "de", "fr", "es"}
        assert sum(c.kind == "content" for c in mine) >= 80
    fit_styles = {c.style for c in cases if c.split == FIT}
    held_styles = {c.style for c in cases if c.split == HELD_OUT}
    assert not (fit_styles & held_styles) and len(held_styles) >= 20  # split by site style
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert "**Every page here is constructed.**" in readme and "None was crawled" in readme


def test_the_shipped_model_was_fitted_on_the_fit_split_only() -> None:
    card = shipped_page_model().card
    cases, _, _ = load_corpus(CORPUS)
    fitted = sum(1 for c in cases if c.split == FIT and c.train)
    assert card["split"] == FIT and sum(card["pages"].values()) == fitted


@pytest.mark.slow
@pytest.mark.skipif(not WICE.is_file(), reason="the WiCE claims (shared data) are not on this machine")
def test_held_out_walls_are_recognised_articles_kept_and_wice_sources_stay_content(loopback) -> None:
    result = evaluate_sources(CORPUS, WICE, loopback)
    held = result.splits[HELD_OUT]
    assert held.walls_recognised / held.noncontent_total >= 0.95, held.confusions
    assert held.content_kept / held.content_total >= 0.9, held.confusions
    for kind, counts in held.per_kind.items():
        assert counts["right"] / counts["total"] >= 0.8, (kind, held.confusions)
    assert result.content_total >= 600  # every WiCE source page, on an honest and on a soft-404 site
    assert result.content_false_positive_rate <= 0.01, result.content_wrong


def test_eval_sources_command_prints_per_kind_figures_for_both_splits(tmp_path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    chosen = _small_corpus(corpus)
    claims = tmp_path / "claims.jsonl"
    if WICE.is_file():
        claims.write_text("".join(WICE.read_text(encoding="utf-8").splitlines(True)[:3]), encoding="utf-8")
    else:
        claims = tmp_path / "absent.jsonl"
    result = CliRunner().invoke(
        app, ["eval", "sources", "--corpus", str(corpus), "--wice", str(claims), "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)  # JSON alone: notes go to stderr
    held = figures["splits"][HELD_OUT]
    assert set(held["per_kind"]) == {c.kind for c in chosen if c.split == HELD_OUT}
    assert held["content_pages"] == sum(c.kind == "content" for c in chosen if c.split == HELD_OUT)
    assert set(figures["splits"]) == {FIT, HELD_OUT}
    if WICE.is_file():
        assert figures["wice_pages"] == 6 and figures["wice_false_positive_rate"] == 0


def _small_corpus(folder: Path) -> list:
    """One held-out page of each kind served from a file, and one fit page: a corpus.toml of real pages."""
    cases, _, _ = load_corpus(CORPUS)
    chosen, seen = [], set()
    for case in cases:
        key = (case.split, case.kind)
        if case.file and key not in seen and (case.split == HELD_OUT or not any(k[0] == FIT for k in seen)):
            seen.add(key)
            chosen.append(case)
    lines = []
    for case in chosen:
        target = folder / case.file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((CORPUS / case.file).read_bytes())
        lines += ["[[case]]", f"kind = {json.dumps(case.kind)}", f"path = {json.dumps(case.path)}"]
        lines += [
            f"file = {json.dumps(case.file)}",
            f"status = {case.status}",
            f"split = {json.dumps(case.split)}",
        ]
        lines.append("")
    (folder / "corpus.toml").write_text("\n".join(lines), encoding="utf-8")
    return chosen


def test_a_case_whose_address_has_a_query_is_served_its_page_not_a_404(loopback) -> None:
    """``/viewtopic.php?t=42`` is a page of its own on forums and catalogues, ``/app/#/a/1`` an app's: the
    corpus server answers them (it once answered 404, and the page was graded by its status)."""
    topic = Answer(ARTICLE.encode())
    index_page = Answer(b"<p>index</p>")
    routes = {"/forum/viewtopic.php?t=42": topic, "/forum/index.php": index_page, "/app/#/a/1": topic}
    with SiteServer(routes) as site:
        found = fetch(site.url("/forum/viewtopic.php?t=42"), loopback)
        app = fetch(site.url("/app/#/a/1"), loopback)  # a single-page app's route: the fragment is not sent
        other = fetch(site.url("/forum/viewtopic.php?t=43"), loopback)
        index = fetch(site.url("/forum/index.php?sid=9"), loopback)
    assert found.status is FetchStatus.OK and "council" in (found.text or "").lower()
    assert app.status is FetchStatus.OK
    assert other.http_status == 404
    assert index.http_status == 200  # a query that does not pick the page still finds it by its path


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


def test_a_moved_notice_refreshing_to_another_site_is_moved_and_names_where_it_sends_readers() -> None:
    notice = (
        "<html><head><title>Friends of the Mill</title>"
        "<meta http-equiv='refresh' content='5; url=https://www.millfriends.example/'></head><body>"
        "<h1>We have moved!</h1><p>Our website now lives at www.millfriends.example. "
        "Please update your bookmarks.</p></body></html>"
    )
    verdict = classify(_view(notice, "http://mill.test/events/2019/open-day"))
    assert verdict.kind is PageKind.MOVED and "https://www.millfriends.example/" in verdict.reason
    same_site = notice.replace("https://www.millfriends.example/", "http://mill.test/")
    assert classify(_view(same_site, "http://mill.test/events/2019/open-day")).kind is PageKind.SITE_ROOT


def test_a_shell_whose_only_words_ask_for_javascript_in_any_language_is_a_script_shell() -> None:
    """The request around the word differs in every language; the word does not."""
    shell = (
        "<html><head><title>Catálogo en línea | Biblioteca Municipal</title>"
        "<script src='/static/js/main.4f2a.js'></script></head><body><div id='catalogo'></div>"
        "<noscript>{}</noscript></body></html>"
    )
    for request in (
        "Per consultare il catalogo serve JavaScript: attivalo nelle impostazioni del browser.",
        "Zonder JavaScript kunt u de catalogus niet gebruiken. Zet het aan en laad de pagina opnieuw.",
        "Para navegar pelo catálogo, ligue o JavaScript do seu navegador e recarregue a página.",
    ):
        verdict = classify(_view(shell.format(request)))
        assert verdict.kind is PageKind.SCRIPT_SHELL, (request, verdict)
    comments = "<noscript>Please turn on JavaScript to see the comments.</noscript>"
    assert classify(_view(ARTICLE.replace("</body>", comments + "</body>"))).is_content


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


# --- the new kinds, each with its reason in words (pages written here, not in the corpus) ---

NEW_KINDS = {
    "parked": (
        "<html><head><title>oldferry.example</title></head><body><h1>oldferry.example</h1><p>The owner of "
        "this "
        "domain has listed it for sale. Make an offer today!</p><a class='btn'>Buy now</a><h3>Related "
        "searches"
        "</h3><a href='/?q=ferry'>Ferry tickets</a> <a href='/?q=boat'>Boat hire</a></body></html>",
        "not the source: a parked or for-sale domain, not the page",
    ),
    "removed": (
        "<html><head><title>Flood grants - Agency</title></head><body><main><h1>Flood recovery grants</h1>"
        "<p><strong>Withdrawn</strong>: this guidance was withdrawn on 3 June 2021 because the scheme has "
        "closed.</p></main></body></html>",
        "not the source: the page says it was removed or withdrawn",
    ),
    "media-unavailable": (
        "<html><head><title>Watch | ClipHub</title></head><body><div id='player'><div class='player-error'>"
        "<h2>This video is unavailable</h2><p>The uploader has closed their "
        "account.</p></div></div></body></html>",
        "not the source: the video or audio is unavailable",
    ),
    "search-results": (
        "<html><head><title>Search | Valley Post</title></head><body><form action='/search'><input "
        "type='search' "
        "name='q' value='mill fire'></form><h1>Search results for 'mill fire'</h1><p>3 results "
        "found</p><ul><li>"
        "<a href='/a'>Mill fire: the aftermath</a></li><li><a href='/b'>Firefighters praised</a></li><li><a "
        "href='/c'>Mill to be rebuilt</a></li></ul></body></html>",
        "not the source: search results instead of the document",
    ),
    "moved": (
        "<html><head><title>Notice</title></head><body><h1>This page has moved</h1><p>Our reports are now "
        "published at <a href='https://reports.example.org/'>reports.example.org</a>. Please update your "
        "bookmarks.</p></body></html>",
        "not the source: the page says it has moved elsewhere",
    ),
}


@pytest.mark.parametrize("kind", sorted(NEW_KINDS))
def test_each_new_kind_is_recognised_with_its_reason_in_words(kind: str, loopback) -> None:
    html, reason = NEW_KINDS[kind]
    with SiteServer({"/news/2019/story.html": Answer(html.encode())}) as site:
        result = fetch(site.url("/news/2019/story.html"), loopback)
    assert result.status is FetchStatus.NOT_SOURCE and result.page_kind == kind, result.error
    assert result.error.startswith(reason + " (") and result.text is None  # what gave it away follows


def test_the_test_site_server_finds_an_address_written_outside_ascii(loopback: FetchSettings) -> None:
    # the fetcher sends "/wiki/Fábrica" percent-encoded; the corpus names the page as it is written
    page = "<html><head><title>Fábrica</title></head><body><p>" + "A cannery. " * 40 + "</p></body></html>"
    with SiteServer({"/wiki/Fábrica_de_Conservas": Answer(page.encode())}) as site:
        result = fetch(site.url("/wiki/Fábrica_de_Conservas"), loopback, probe=False)
    assert result.status is FetchStatus.OK and result.http_status == 200
