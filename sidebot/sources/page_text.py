"""The page's own wording, read as character n-grams: the part of the page-kind model that needs no lexicon.

The lexicon (:mod:`sidebot.sources.lexicon`) knows the wordings someone listed; a site's staff write their
own ("Looks like this trail went cold", "Eita! Esse anúncio foi embora", "Kurze Kontrolle, bevor es
weitergeht"). What such notices share with the walls seen in fitting is in their letters more than in any
listed phrase: word stems across languages (indisponible, indisponibile, indisponível), inflections the
lexicon lists one of, the shape of a short apologetic headline. So the few words a wall is made of (its
titles, its first headings and the first :data:`HEAD_WORDS` words of its main text) are read as TF-IDF
weighted character n-grams (scikit-learn's ``char_wb`` analyser, 3 to 5 characters) by two logistic
regressions: *is it a wall*, and *which kind*. The first is one more input of the wall regression of
:mod:`sidebot.sources.page_model` (fitted out of fold, so that regression learns how far to trust it on pages
it has not seen); the second names the kind of a wall that shows no clue of the lexicon at all.

Stored in the page-kind model's JSON as its n-gram vocabulary, inverse document frequencies and weights;
reading needs scikit-learn's n-gram analyser and numpy, not the fitted vectoriser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from sidebot.sources.page_features import SCAN_CHARS, PageView, page_titles

HEAD_WORDS = 60  # a wall says what it is in its first words; an article's opening reads like an article
NGRAMS = (3, 5)
MAX_NGRAMS = 10_000  # the most frequent n-grams of the fit pages: enough, and a model file under a megabyte
WORDING_CHARS = 4000  # a hostile page's one 5 MB "word" is not cut into millions of n-grams
TEXT_WALL = "text_wall"  # the wall regression's input: the log-odds this model gives the page being a wall


def page_wording(page: PageView) -> str:
    """What the n-gram model reads of a page: its titles, first headings and the head of its main text."""
    signals = page.signals
    heads = [*page_titles(page), *(h[:200] for h in signals.headings[:4])]
    words = (page.text or signals.visible_text or "")[:SCAN_CHARS].split()[:HEAD_WORDS]
    return (" | ".join(heads) + " || " + " ".join(words))[:WORDING_CHARS]


@dataclass(frozen=True)
class TextModel:
    """TF-IDF character n-grams (sublinear term frequency, L2 norm) and two logistic regressions over them."""

    vocabulary: tuple[str, ...]
    idf: np.ndarray
    wall_coef: np.ndarray  # the log-odds of "wall" per n-gram
    wall_intercept: float
    kinds: tuple[str, ...]
    kind_coef: np.ndarray  # one row per kind
    kind_intercept: np.ndarray
    card: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def _counter(self) -> Any:
        from sklearn.feature_extraction.text import CountVectorizer

        return CountVectorizer(analyzer="char_wb", ngram_range=NGRAMS, vocabulary=list(self.vocabulary))

    def vectors(self, texts: Sequence[str]) -> Any:
        """The TF-IDF rows of ``texts``, as ``TfidfVectorizer(sublinear_tf=True)`` made them in fitting."""
        from sklearn.preprocessing import normalize

        counts = self._counter.transform(texts).astype(float)
        counts.data = 1.0 + np.log(counts.data)
        return normalize(counts.multiply(self.idf).tocsr())

    def wall_log_odds(self, text: str) -> float:
        """The log-odds that a page with this wording is a wall or dead page rather than content."""
        return float((self.vectors([text]) @ self.wall_coef)[0] + self.wall_intercept)

    def kind_chances(self, text: str) -> dict[str, float]:
        """The probability of each kind of wall or dead page for this wording (summing to 1 over
        :attr:`kinds`)."""
        logits = np.asarray(self.vectors([text]) @ self.kind_coef.T).ravel() + self.kind_intercept
        odds = np.exp(logits - logits.max())
        return dict(zip(self.kinds, (odds / odds.sum()).tolist()))

    def to_json(self) -> dict[str, Any]:
        """The fitted model as JSON-ready lists, rounded (4–6 decimals), for the shipped model file."""
        return {
            "vocabulary": list(self.vocabulary),
            "idf": self.idf.round(5).tolist(),
            "wall_coef": self.wall_coef.round(5).tolist(),
            "wall_intercept": round(self.wall_intercept, 6),
            "kinds": list(self.kinds),
            "kind_coef": self.kind_coef.round(4).tolist(),
            "kind_intercept": self.kind_intercept.round(6).tolist(),
            "card": self.card,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TextModel:
        """The model :meth:`to_json` wrote."""
        return cls(
            vocabulary=tuple(data["vocabulary"]),
            idf=np.asarray(data["idf"], dtype=float),
            wall_coef=np.asarray(data["wall_coef"], dtype=float),
            wall_intercept=float(data["wall_intercept"]),
            kinds=tuple(data["kinds"]),
            kind_coef=np.asarray(data["kind_coef"], dtype=float),
            kind_intercept=np.asarray(data["kind_intercept"], dtype=float),
            card=dict(data.get("card", {})),
        )


def fit_text_model(texts: Sequence[str], kinds: Sequence[str], content: str, c: float = 1.0) -> TextModel:
    """Fit both regressions on page wordings (:func:`page_wording`) labelled with their kinds (``content``
    for the pages themselves); balanced class weights, as the other regressions."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    vectoriser = TfidfVectorizer(
        analyzer="char_wb", ngram_range=NGRAMS, min_df=2, sublinear_tf=True, max_features=MAX_NGRAMS
    )
    x = vectoriser.fit_transform(texts)
    is_wall = np.array([k != content for k in kinds])
    wall = LogisticRegression(C=c, class_weight="balanced", max_iter=5000).fit(x, is_wall)
    walls = np.flatnonzero(is_wall)
    kind = LogisticRegression(C=c, class_weight="balanced", max_iter=5000).fit(
        x[walls], [kinds[int(i)] for i in walls]
    )
    vocabulary = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.__getitem__)
    return TextModel(
        vocabulary=tuple(vocabulary),
        idf=vectoriser.idf_,
        wall_coef=wall.coef_[0],
        wall_intercept=float(wall.intercept_[0]),
        kinds=tuple(str(k) for k in kind.classes_),
        kind_coef=kind.coef_,
        kind_intercept=kind.intercept_,
        card={"c": c, "ngrams": list(NGRAMS), "head_words": HEAD_WORDS},
    )
