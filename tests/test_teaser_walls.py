"""Teasers are walls (issue 54.4): a page whose text stops at "continue reading" with only offers after it,
or that shows a meter of free articles, offers and no article, is not the source, however much of the
article's opening it shows; an article saying "continue reading" or "free trial" in its prose is the
article."""

from __future__ import annotations

import pytest

from sidebot.config import FetchSettings
from sidebot.sandbox.demo_content import demo_source
from sidebot.sandbox.site_server import Answer, SiteServer
from sidebot.sandbox.source_server import render_source_page
from sidebot.sources.classify import MEMBERS_WORDS, TEASER_WORDS, PageKind, PageView, classify
from sidebot.sources.extract import html_main_text
from sidebot.sources.fetch import FetchStatus, fetch_many
from sidebot.sources.page_features import OFFER_WORDS, read_clues
from sidebot.sources.signals import page_signals


@pytest.fixture
def loopback() -> FetchSettings:
    return FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0.0, per_host_concurrency=8)


def test_the_demo_teaser_and_meter_pages_are_paywalls_and_an_article_with_an_upsell_is_content(
    loopback,
) -> None:
    """The demo's real source pages, served on loopback and read by the patrol's fetcher: the Telegraph's
    teaser (570 words of prose, then "To continue reading this article", a 30-day trial and an ad-blocker
    notice), Motor Sport's archive page ("You have now viewed 3/10 free articles", other stories' excerpts,
    "Click here to subscribe") and Britannica's whole article with "Start Your Free Trial Today" inside."""
    with SiteServer({}) as site:
        for source in ("dev02866", "dev03904", "dev03634"):
            html = render_source_page(demo_source(source), site.base_url)
            site.routes[f"/story/{source}"] = Answer(html.encode("utf-8"))
        got = fetch_many([site.url(f"/story/{s}") for s in ("dev02866", "dev03904", "dev03634")], loopback)
        telegraph, motor_sport, britannica = (got[site.url(f"/story/{s}")] for s in
                                              ("dev02866", "dev03904", "dev03634"))  # fmt: skip
    assert telegraph.status is FetchStatus.NOT_SOURCE and telegraph.page_kind == "paywall"
    assert "the text stops at 'To continue reading', then only offers" in (telegraph.error or "")
    assert motor_sport.status is FetchStatus.NOT_SOURCE and motor_sport.page_kind == "paywall"
    assert "a meter ('You have now viewed 3/10 free articles')" in (motor_sport.error or "")
    assert britannica.status is FetchStatus.OK and britannica.page_kind == "content"
    assert "molecular composition of earth's atmosphere" in (britannica.text or "").lower()


def _view(html: str) -> PageView:
    url = "http://gazette.test/2026/11/ferry-fares"
    extracted = html_main_text(html, url)
    return PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(html))


def _page(body: str) -> str:
    return (
        "<!doctype html><html><head><title>Ferry fares frozen for another year | The Gazette</title></head>"
        "<body><header><a href='/'>The Gazette</a></header><main><article>"
        f"<h1>Ferry fares frozen for another year</h1>{body}</article></main>"
        "<footer>© 2026 The Gazette</footer></body></html>"
    )


OPENING = """<p>Island ferry fares will stay at this year's prices until next December, the county's transport
committee agreed on Tuesday, after a long evening in which councillors heard from commuters, hauliers and the
operator's finance director about what a rise of eight per cent would have meant for the three islands.</p>
<p>The freeze will cost the county about 1.4 million in subsidy, money that the committee's chair said would
come from the road maintenance reserve rather than from the school transport budget, as had been proposed in
September. Two councillors voted against it, saying the reserve was already too thin for the winter.</p>
<p>The operator had asked for the rise to cover fuel and the crew's new pay agreement, and warned that without
it the early sailing from the north island might have to go in the spring timetable.</p>"""
OFFERS = """<p>To continue reading this article</p>
<p>Start a 30-day free trial for unlimited access to every Gazette story.</p>
<ul><li>Subscriber-only newsletters and events</li><li>Cancel any time</li></ul>
<p>Free for 30 days, then only 2 a week. Save 25% with an annual subscription: just 75 a year.</p>
<p>Register for free and read one story a week. Only subscribers have unlimited access. Already have an
account? Log in. View all subscription options.</p>
<h2>More from the Gazette</h2><ul><li>Harbour dredging contract goes to out-of-county firm</li>
<li>School bus drivers vote on four-day week</li><li>Review: a winter of folk at the Assembly Rooms</li></ul>
<p>We rely on advertising to help fund our journalism. Please turn off your ad blocker for this site.</p>"""
REST = """<p>Commuters who spoke at the meeting said a rise would have been the third in four years. One nurse
said she already paid more for the ferry each month than for her rent, and that two colleagues had moved to
the mainland since the last increase. The hauliers' association asked for the freeze to be made permanent for
lorries carrying food and fuel, which the committee declined to consider before the budget in February.</p>
<p>The operator's finance director told councillors that the company would keep the early sailing until the
end of March at least, and that the new timetable would be published in January after talks with the unions
and the islands' community councils.</p>"""


def test_a_long_teaser_that_stops_at_continue_reading_with_only_offers_after_it_is_a_paywall() -> None:
    teaser = _view(_page(OPENING + OFFERS))
    assert len((teaser.text or "").split()) > TEASER_WORDS  # more than the short teaser rule allows
    words_after = (teaser.text or "").split("To continue reading this article", 1)[1].split()
    assert len(words_after) > OFFER_WORDS  # and longer offers than the cut-off clue allows
    verdict = classify(teaser)
    assert verdict.kind is PageKind.PAYWALL
    assert verdict.evidence == "the text stops at 'To continue reading', then only offers"


KEEP_READING = """<p>Keep reading</p><p>The operator's new owners, who bought it in the spring, offered
islanders a free trial of a monthly pass last year and will subscribe the county's schools to a term ticket
from January. The committee heard that the trial had been taken up by about four hundred families, far fewer
than the six thousand the operator had hoped for in its bid.</p>"""


def test_an_article_that_says_continue_reading_and_free_trial_in_its_prose_is_the_article() -> None:
    """The same words, the article going on after them: a paragraph of its own prose follows."""
    article = _view(_page(OPENING + OFFERS + REST))
    assert read_clues(article).walled_end == ""
    assert classify(article).is_content

    quoting = _view(_page(OPENING + KEEP_READING + REST))
    assert read_clues(quoting).walled_end == ""
    assert classify(quoting).is_content


METER = """<p>You have 2 of 5 free articles left this month</p>"""
EXCERPTS = """<h2>Related stories</h2>
<p>Harbour dredging contract goes to out-of-county firm. The harbour board chose a firm from the coast over
two local bidders who had done the work for twenty years, and the fishermen say the...</p>
<p>School bus drivers vote on four-day week. Drivers in the west of the county will be asked next month
whether they would rather work four longer days, which the union says would help keep the...</p>
<p>Review: a winter of folk at the Assembly Rooms. Six evenings of fiddles, ballads and one unexpected
harmonium made the old hall feel like the centre of the county again, and the last night sold out in a...</p>
<p>Obituary: Agnes Morrow, lighthouse keeper's daughter and teacher. She taught two generations of island
children to read, and kept the school open through the winter of the great storm when the...</p>
<p>Letters: the library's opening hours, the bypass and a missing cat. Readers write about the council's
plan to close the library on Mondays, the noise from the new bypass and a tabby last seen near the...</p>
<h2>Subscribe to the Gazette</h2>
<p>Please choose one of our subscription offers for unlimited access to every story since 1894.</p>
<p>Click here to subscribe</p><p>Already a print subscriber? Click here to upgrade</p>"""


def test_a_meter_with_offers_and_no_article_is_a_paywall_and_beside_the_article_a_counter() -> None:
    wall = _view(_page(METER + EXCERPTS))
    assert len((wall.text or "").split()) > MEMBERS_WORDS  # more than the members' page rule allows
    verdict = classify(wall)
    assert verdict.kind is PageKind.PAYWALL
    assert verdict.evidence == "no article, a meter ('2 of 5 free articles left') and offers"

    counted = _view(_page(METER + OPENING + REST + EXCERPTS))  # a metered site showing the article
    assert read_clues(counted).walled_end == ""
    assert classify(counted).is_content


ABOUT_PAYWALLS = """<p>„Lesen Sie weiter mit Abo“ – kaum ein Satz ist im deutschsprachigen Netz so
verbreitet. Doch wie viele Leser klicken tatsächlich auf das Angebot?</p>
<p>Eine Auswertung von zwölf Regionalzeitungen zeigt: Harte Schranken bringen weniger Reichweite, aber
stabilere Erlöse. Zähler mit fünf freien Artikeln im Monat gewinnen dagegen kaum neue Leser.</p>
<p>Entscheidend sei nicht die Schranke selbst, sagt eine Medienökonomin, sondern ob vor ihr genug eigener
Lokaljournalismus steht.</p>"""
MORE_ABOUT_PAYWALLS = """<p>Wer nur Agenturmeldungen hinter die Schranke stellt, verliert nach ihrer
Erfahrung erst die Leser und dann die Anzeigenkunden.</p>"""


def test_a_short_article_that_quotes_a_walls_words_before_an_offer_is_the_article() -> None:
    """Its paragraphs are short, but the phrase is quoted: the article is about walls, not behind one."""
    quoted = _view(_page(ABOUT_PAYWALLS))
    assert read_clues(quoted).walled_end == ""
    said = _view(_page(ABOUT_PAYWALLS.replace("„Lesen Sie weiter mit Abo“ –", "Lesen Sie weiter mit Abo.")))
    assert read_clues(said).walled_end == "Lesen Sie weiter"  # the same words said, not quoted

    article = _view(_page(ABOUT_PAYWALLS + MORE_ABOUT_PAYWALLS))  # more than a teaser's offer after them
    assert classify(article).is_content
