"""The page-kind model's wall regression: its clue weights only ever point towards a wall, fitted by the same
objective as scikit-learn's; the offer to read on that follows a teaser outside its main text is read, and a
short text stopping at it, or with a paywall's line of its own, is a paywall."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from sidebot.eval.sources import FIT, corpus_views
from sidebot.sources.classify import MEMBERS_WORDS, TEASER_WORDS, PageKind, classify
from sidebot.sources.extract import html_main_text
from sidebot.sources.lexicon import CONSENT
from sidebot.sources.page_features import (
    PageView,
    page_features,
    read_clues,
    wall_clue_names,
    wall_feature_names,
    wall_features,
)
from sidebot.sources.page_model import _bounded_logistic, fit_regression, shipped_page_model
from sidebot.sources.signals import page_signals

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "pages"


def _wall_rows() -> tuple[list[dict[str, float]], list[str]]:
    views, cases = corpus_views(CORPUS, FIT)
    rows = [wall_features(page_features(v)) for v in views[::3]]
    return rows, ["content" if c.kind == "content" else "wall" for c in cases[::3]]


def test_the_bounded_fit_without_bounds_is_scikit_learns_logistic_regression() -> None:
    rows, labels = _wall_rows()
    names = wall_feature_names()
    x = np.array([[row[n] for n in names] for row in rows])
    x = (x - x.mean(axis=0)) / np.where(x.std(axis=0) == 0, 1.0, x.std(axis=0))
    weights = {"content": 2.0, "wall": 0.7}
    expected = LogisticRegression(C=0.1, class_weight=weights, max_iter=5000).fit(x, labels)
    coef, intercept = _bounded_logistic(
        x,
        np.array([label == "wall" for label in labels]),
        np.array([weights[label] for label in labels]),
        0.1,
        [(None, None)] * len(names),
    )
    assert np.allclose(coef, expected.coef_[0], atol=2e-3)
    assert abs(intercept - expected.intercept_[0]) < 2e-3


def test_a_clue_of_a_wall_never_counts_for_an_article() -> None:
    rows, labels = _wall_rows()
    names = wall_feature_names()
    free = fit_regression(rows, labels, names, c=0.1, weights={"content": 3.0})
    clue_names = wall_clue_names()
    held = fit_regression(rows, labels, names, c=0.1, weights={"content": 3.0}, towards_second=clue_names)
    clues = [i for i, name in enumerate(names) if name in wall_clue_names()]
    assert min(free.coef[0][clues]) < 0  # left free, some clue (a "Search" button…) counts for articles
    assert min(held.coef[0][clues]) >= 0
    shipped = shipped_page_model().wall
    assert all(w >= 0 for name, w in zip(shipped.features, shipped.coef[0]) if name in wall_clue_names())
    assert json.loads(json.dumps(held.to_json()))["classes"] == ["content", "wall"]


TEASER = """<html><head><title>Harbour dues rise for the third year | The Coastline Courier</title></head>
<body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Harbour dues rise for the third year</h1>
<p>Fishing crews using the east quay will pay eleven per cent more in berthing dues from April, the harbour
board decided on Thursday evening after a two-hour meeting.</p>
<p>The board's chair, Morag Keillor, said the rise would pay for dredging the channel, which silted up after
the winter storms and has kept the larger boats out at low tide since January.</p></article>
<div class="offer"><p>Continue reading with a Courier subscription.</p><button>Subscribe</button></div>
<footer><p>Coastline Courier Ltd</p></footer></body></html>"""


def test_an_offer_to_read_on_right_after_the_main_text_marks_the_page_cut_off() -> None:
    url = "http://courier.test/news/harbour-dues"
    extracted = html_main_text(TEASER, url)
    assert "continue reading" not in (extracted.text or "").lower()  # the offer is outside the article
    view = PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(TEASER))
    assert page_features(view)["truncated"] == 1.0

    whole = TEASER.replace("Continue reading with a Courier subscription.", "Our newsletter, every Friday.")
    extracted = html_main_text(whole, url)
    view = PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(whole))
    assert page_features(view)["truncated"] == 0.0


MORE = """<p>Skippers said the channel had been a worry for years. At spring tides the larger trawlers wait
outside the bar for up to three hours, and the fish market, which opens at six, has twice had to hold its
first sale for boats that could not get in. The board's engineer told the meeting that a full dredge every
second winter would cost about as much as the new dues raise in three years.</p>"""
EVEN_MORE = """<p>Not everyone on the quay was persuaded. The fishermen's association, which speaks for
forty-one boats, said its members had been promised a freeze when the ice plant was sold last spring, and
that the board had never published what the sale raised. Its secretary asked for the accounts before any
rise is applied.</p><p>The ferry company, which pays separate dues for the west berth, is not affected. A
public consultation on the dredging plan opens in January and runs for six weeks; the board will take a
final decision at its March meeting, after the harbour master's survey of the bar is in.</p>"""


def test_a_short_text_that_stops_at_an_offer_to_read_on_is_a_teaser_and_a_long_one_the_article() -> None:
    url = "http://courier.test/news/harbour-dues"
    offer = TEASER.replace("Continue reading with", "Read on with")  # words of no kind's lexicon
    teaser = offer.replace("</article>", MORE + "</article>")
    extracted = html_main_text(teaser, url)
    verdict = classify(PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(teaser)))
    assert verdict.kind is PageKind.PAYWALL
    assert verdict.reason.endswith("(the text stops at 'Read on with')")

    article = offer.replace("</article>", MORE + EVEN_MORE + "</article>")
    extracted = html_main_text(article, url)
    assert len((extracted.text or "").split()) > TEASER_WORDS
    view = PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(article))
    assert page_features(view)["truncated"] == 1.0  # the same offer, after an article's worth of text
    assert classify(view).is_content


def test_open_journal_systems_component_names_are_not_a_consent_platforms() -> None:
    names = CONSENT.names
    assert names is not None
    assert not names.search("cmp_breadcrumbs")
    assert all(names.search(name) for name in ("cmpbox", "cmp-container", "cmpwrapper"))


MEMBERS_PAGE = """<!doctype html><html><head><title>Spring survey results – Dale Valley Beekeepers</title>
</head><body><header><a href="/">Dale Valley Beekeepers</a><nav><a href="/about">About</a>
<a href="/courses">Courses</a> <a href="/members">Members</a></nav></header><main><article>
<h1>Spring survey results</h1>
<p>This page is for association members.</p>
<p>Our survey results and apiary visit notes are a benefit of membership. Log in with the email address you
used when you joined.</p>
<p>Not a member yet? Membership is £30 a year. Join the association.</p>
</article></main><footer>Registered charity · Privacy</footer></body></html>"""
SURVEY = """<p>Forty-two members sent in their spring counts this year, up from thirty last year. Colonies
that were treated in December came through the winter in far better shape: fewer than one in ten was lost,
against nearly a third of the untreated ones. The wet April kept most bees in for a fortnight, and several
members fed syrup into May. Swarming started late, in the first week of June, and the swarm line took
twenty-six calls. Next year's survey will ask about queen age as well, since several of the losses were
colonies headed by three-year-old queens that failed in March.</p>"""


def test_a_short_page_with_a_paywall_line_is_a_members_page_and_a_long_one_the_article() -> None:
    url = "http://dale-bees.test/members/spring-survey"
    extracted = html_main_text(MEMBERS_PAGE, url)
    view = PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(MEMBERS_PAGE))
    verdict = classify(view)
    assert verdict.kind is PageKind.PAYWALL
    assert "'This page is for association members'" in verdict.reason
    assert read_clues(view).paywall_line == "This page is for association members"

    article = MEMBERS_PAGE.replace("<p>This page is for", SURVEY + "<p>This page is for")
    extracted = html_main_text(article, url)
    view = PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(article))
    assert len((extracted.text or "").split()) > MEMBERS_WORDS
    assert classify(view).is_content


def _page(body: str, title: str) -> str:
    return (
        f"<!doctype html><html><head><title>{title}</title></head><body><header><a href='/'>Start</a>"
        f"<nav><a href='/a'>Aktualności</a> <a href='/b'>Kontakt</a></nav></header><main>{body}</main>"
        "<footer>© 2026</footer></body></html>"
    )


POLISH_AND_SWEDISH = [
    (
        _page(
            "<h1>Ups!</h1><p>Nie znaleziono strony o podanym adresie. Mogła zostać usunięta albo adres jest"
            " błędny.</p><p><a href='/'>Wróć na stronę główną</a></p>",
            "Nie znaleziono strony – Gmina Lipno",
        ),
        PageKind.GONE,
    ),
    (
        _page(
            "<h1>Szanujemy Twoją prywatność</h1><p>Potrzebujemy Twojej zgody na przetwarzanie danych"
            " osobowych zapisanych w plikach cookies przez nas i naszych zaufanych partnerów.</p>"
            "<button>Akceptuję i przechodzę do serwisu</button><button>Ustawienia</button>",
            "Portal Kujawy",
        ),
        PageKind.CONSENT,
    ),
    (
        _page(
            "<h1>Årsmötet 2026</h1><p>Den här sidan är bara tillgänglig för medlemmar i föreningen.</p>"
            "<p>Inte medlem än? Bli medlem för 200 kronor om året.</p><button>Logga in</button>",
            "Årsmötet 2026 – Hembygdsföreningen",
        ),
        PageKind.PAYWALL,
    ),
    (
        _page(
            "<h1>Artikeln har avpublicerats</h1><p>Den här artikeln har tagits bort av redaktionen efter"
            " att uppgifter i den visat sig vara felaktiga.</p>",
            "Artikeln har avpublicerats – Västerbladet",
        ),
        PageKind.REMOVED,
    ),
]


def test_walls_in_polish_and_swedish_are_named() -> None:
    for html, kind in POLISH_AND_SWEDISH:
        url = "http://example.test/sida/123"
        extracted = html_main_text(html, url)
        verdict = classify(PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(html)))
        assert verdict.kind is kind, (kind, verdict)


DANISH_AND_NORWEGIAN = [
    (
        _page(
            "<h1>Hov!</h1><p>Vi kunne ikke finde siden, du leder efter. Måske er adressen stavet forkert.</p>"
            "<p><a href='/'>Til forsiden</a></p>",
            "Siden findes ikke – Roskilde Roklub",
        ),
        PageKind.GONE,
    ),
    (
        _page(
            "<h1>Ny bru over fjorden kan bli dyrere</h1><p>Kommunestyret får saken i juni.</p>"
            "<p>Denne saken er kun for abonnenter.</p><p>Allerede abonnent? Logg inn for å lese videre.</p>",
            "Ny bru over fjorden kan bli dyrere – Fjordavisa",
        ),
        PageKind.PAYWALL,
    ),
    (
        _page(
            "<h1>Indlægget er fjernet</h1><p>Indlægget er blevet fjernet af redaktionen, fordi det brød"
            " debatreglerne.</p>",
            "Debat – Vestegnens Avis",
        ),
        PageKind.REMOVED,
    ),
    (
        _page(
            "<h1>Ny cykelsti langs åen?</h1><p>Dette svar er blevet slettet af en moderator.</p>",
            "Ny cykelsti langs åen? – Borgerforum Vejle",
        ),
        PageKind.REMOVED,
    ),
    (
        _page(
            "<h1>Kveldsnytt 14. mars</h1><p>Programmet er ikke lenger tilgjengelig. Vi har rettigheter i 30"
            " dager etter sending.</p>",
            "Kveldsnytt – Nett-TV",
        ),
        PageKind.MEDIA_UNAVAILABLE,
    ),
]


def test_walls_in_danish_and_norwegian_are_named() -> None:
    for html, kind in DANISH_AND_NORWEGIAN:
        url = "http://example.test/side/123"
        extracted = html_main_text(html, url)
        verdict = classify(PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(html)))
        assert verdict.kind is kind, (kind, verdict)


QUOTING_ARTICLE = """<!doctype html><html><head>
<title>Why local papers lock their stories – The Ink Blot</title></head>
<body><header><a href="/">The Ink Blot</a></header><main><article>
<h1>Why local papers lock their stories</h1>
<p>“Continue reading with a subscription.” Few readers notice the line any more. Behind it, three county
papers are trying three ways of paying for reporters, and we asked each of them how it is going.</p>
<p>The first locked almost everything in 2022 and now has nine thousand digital subscribers, but a third of
its old audience. The second keeps council news and obituaries free and charges for investigations. The third
charges nothing, asks for donations and runs two festivals a year. None of them is clearly winning: the hard
wall earns most per reader, the open one keeps the young readers who arrive from social media and leave at the
first box that asks for money.</p>
</article></main><footer>© 2026 The Ink Blot</footer></body></html>"""


def test_an_article_that_opens_with_a_paywalls_words_is_the_article() -> None:
    url = "http://inkblot.test/2026/why-local-papers-lock-their-stories"
    extracted = html_main_text(QUOTING_ARTICLE, url)
    view = PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(QUOTING_ARTICLE))
    assert len((extracted.text or "").split()) < TEASER_WORDS
    assert read_clues(view).cut_off == ""
    assert classify(view).is_content
