"""The n-gram model of a page's wording: stored and read back exactly as fitted; a wall worded in no listed
phrase is still named, with its headline as the evidence."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression

from sidebot.eval.sources import FIT, corpus_views
from sidebot.sources.classify import PageKind, PageView, classify
from sidebot.sources.extract import html_main_text
from sidebot.sources.lexicon import LEXICONS
from sidebot.sources.page_features import best_clue
from sidebot.sources.page_text import (
    HEAD_WORDS,
    NGRAMS,
    WORDING_CHARS,
    TextModel,
    fit_text_model,
    page_wording,
)
from sidebot.sources.signals import page_signals

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "pages"


def _view(html: str, url: str) -> PageView:
    extracted = html_main_text(html, url)
    return PageView(url, url, (), 200, extracted.title, extracted.text, page_signals(html))


def test_the_stored_model_reads_pages_exactly_as_the_fitted_vectoriser_and_regressions() -> None:
    views, cases = corpus_views(CORPUS, FIT)
    wordings = [page_wording(v) for v in views[::4]]
    kinds = [c.kind for c in cases[::4]]
    model = TextModel.from_json(json.loads(json.dumps(fit_text_model(wordings, kinds, "content").to_json())))

    # the same fit by scikit-learn's own pipeline, kept whole
    vectoriser = TfidfVectorizer(
        analyzer="char_wb", ngram_range=NGRAMS, min_df=2, sublinear_tf=True, max_features=10_000
    )
    x = vectoriser.fit_transform(wordings)
    is_wall = np.array([k != "content" for k in kinds])
    wall = LogisticRegression(C=1.0, class_weight="balanced", max_iter=5000).fit(x, is_wall)
    unseen = [page_wording(v) for v in views[1::4][:40]]
    expected = wall.decision_function(vectoriser.transform(unseen))
    got = np.array([model.wall_log_odds(text) for text in unseen])
    assert np.allclose(got, expected, atol=2e-3)
    assert len(model.vocabulary) == len(vectoriser.vocabulary_) <= 10_000
    chances = model.kind_chances(unseen[0])
    assert set(chances) == {k for k in kinds if k != "content"} and abs(sum(chances.values()) - 1) < 1e-9


def test_the_wording_read_is_the_titles_headings_and_the_head_of_the_main_text() -> None:
    body = " ".join(f"word{i}" for i in range(200))
    html = (
        "<html><head><title>Quarterly report</title></head>"
        f"<body><h1>Harbour dues</h1><p>{body}.</p></body></html>"
    )
    wording = page_wording(_view(html, "http://example.test/report"))
    head, text = wording.split(" || ")
    assert "Quarterly report" in head and "Harbour dues" in head
    assert text.split()[0] == "word0" and len(text.split()) == HEAD_WORDS


def test_a_wall_worded_in_no_listed_phrase_is_named_by_its_wording_with_its_headline() -> None:
    html = """<html lang="pt"><head><title>Rádio Serra Azul · Ouça ao vivo</title></head><body>
    <nav><a href="/">Início</a> <a href="/programas">Programas</a> <a href="/ao-vivo">Ao vivo</a></nav>
    <main><h1>Poxa, esse programa saiu do ar</h1>
    <p>Quem publicou tirou o episódio do catálogo ou o prazo de exibição acabou.</p>
    <p><a href="/programas">Ver outros programas</a></p></main>
    <footer>© 2026 Rádio Serra Azul</footer></body></html>"""
    page = _view(html, "http://radio.example/episodio/8812")
    assert not any(best_clue(page, kind) for kind in LEXICONS)  # no listed phrase of any kind

    found = classify(page)

    assert found.kind is not PageKind.CONTENT, found
    assert "its wording: 'Poxa, esse programa saiu do ar'" in found.reason


def test_a_short_article_in_a_language_with_few_listed_phrases_stays_content() -> None:
    html = """<html lang="pt"><head>
    <title>Feira do livro abre com 120 expositores | Jornal do Vale</title></head>
    <body><main><h1>Feira do livro abre com 120 expositores</h1>
    <p>A 31.ª Feira do Livro de Vale Verde abriu nesta sexta-feira na praça central, com 120 expositores e
    uma programação de debates que vai até domingo. A organização espera receber cerca de 40 mil visitantes,
    mais do que os 35 mil do ano passado.</p>
    <p>Entre os convidados estão a romancista Helena Duarte, que lança o seu terceiro livro, e o historiador
    Rui Matos, que fala no sábado sobre a história das tipografias da região.</p></main></body></html>"""

    assert classify(_view(html, "http://jornal.example/2026/11/feira-do-livro")).is_content


def test_a_hostile_page_of_one_endless_word_is_read_only_as_far_as_a_wall_needs() -> None:
    token = "x" * 3_000_000
    html = f"<html><head><title>{token}</title></head><body><h1>{token}</h1><p>{token}</p></body></html>"
    page = _view(html, "http://hostile.example/one-word")
    assert len(page_wording(page)) <= WORDING_CHARS
    assert classify(page).kind in set(PageKind)  # a verdict, not a hang on millions of n-grams
