"""The page-kind model: two logistic regressions over :mod:`sidebot.sources.page_features`, and the n-gram
model of the page's wording (:mod:`sidebot.sources.page_text`).

The first asks *is this page a wall (or a dead page), or the page itself?* from a few numbers: each place's
strongest clue of any kind, each kind's clues summed, how much prose the page has, and what the n-gram model
makes of its wording. Few weights, so it cannot learn a site template by heart, and a clue counts the same in
a language or a wording it has not seen. The second, asked only of walls, says *which kind* from every clue
place by place; the n-gram model names the kind of a wall that shows no clue of the lexicon.

Both are fitted by ``sidebot train page-kinds`` on the ``fit`` split of the page corpus in
``tests/data/pages`` (the other split is held out for ``sidebot eval sources``): the kind regression by
scikit-learn, the wall regression by the same objective with its clues' weights held at zero or above
(:func:`fit_regression`).
They are shipped as JSON in ``sidebot/data/models/page-kinds.json``: feature names, scaling, weights, n-grams.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np

from sidebot.sources.page_text import TEXT_WALL, TextModel

CONTENT = "content"
WALL = "wall"
MODEL_FILE = "page-kinds.json"


class PageModelError(Exception):
    """The shipped page-kind model is missing or does not match the features this version computes, or a fit
    did not converge."""


@dataclass(frozen=True)
class Regression:
    """A fitted (multinomial) logistic regression with its input scaling."""

    classes: tuple[str, ...]
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray  # one row per class (one row in all for two classes: the second class's odds)
    intercept: np.ndarray

    def vector(self, values: Mapping[str, float]) -> np.ndarray:
        """The standardized input vector of ``values`` (named features; a missing one counts as 0)."""
        return (np.array([values.get(name, 0.0) for name in self.features]) - self.mean) / self.scale

    def probabilities(self, values: Mapping[str, float]) -> dict[str, float]:
        """The probability of each class for the named feature ``values`` (the classes' probabilities sum to
        1)."""
        logits = self.coef @ self.vector(values) + self.intercept
        if len(self.classes) == 2:
            second = float(1.0 / (1.0 + np.exp(-logits[0])))
            return {self.classes[0]: 1.0 - second, self.classes[1]: second}
        logits = logits - logits.max()
        odds = np.exp(logits)
        return dict(zip(self.classes, (odds / odds.sum()).tolist()))

    def to_json(self) -> dict[str, Any]:
        """The fitted regression as JSON-ready lists, rounded to 6 decimals, for the shipped model file."""
        return {
            "classes": list(self.classes),
            "features": list(self.features),
            "mean": self.mean.round(6).tolist(),
            "scale": self.scale.round(6).tolist(),
            "coef": self.coef.round(6).tolist(),
            "intercept": self.intercept.round(6).tolist(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Regression:
        """The regression :meth:`to_json` wrote."""
        return cls(
            classes=tuple(data["classes"]),
            features=tuple(data["features"]),
            mean=np.asarray(data["mean"], dtype=float),
            scale=np.asarray(data["scale"], dtype=float),
            coef=np.asarray(data["coef"], dtype=float),
            intercept=np.asarray(data["intercept"], dtype=float),
        )


@dataclass(frozen=True)
class PageModel:
    """The shipped page-kind model: the content-or-wall regression, the regression over kinds of walls and
    dead pages, the text model of the page's wording, and its card (how and on what it was fitted)."""

    wall: Regression  # classes: content, wall
    kind: Regression  # classes: the kinds of walls and dead pages
    text: TextModel  # the page's wording as character n-grams
    card: dict[str, Any] = field(default_factory=dict)  # how and on what it was fitted

    def to_json(self) -> dict[str, Any]:
        """The model as the JSON object :data:`MODEL_FILE` holds."""
        return {
            "wall": self.wall.to_json(),
            "kind": self.kind.to_json(),
            "text": self.text.to_json(),
            "card": self.card,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PageModel:
        """The model :meth:`to_json` wrote."""
        return cls(
            Regression.from_json(data["wall"]),
            Regression.from_json(data["kind"]),
            TextModel.from_json(data["text"]),
            dict(data["card"]),
        )


def fit_regression(
    rows: Sequence[Mapping[str, float]],
    labels: Sequence[str],
    features: Sequence[str],
    c: float,
    weights: Mapping[str, float] | None = None,
    towards_second: Collection[str] = (),
) -> Regression:
    """A logistic regression on ``rows`` labelled ``labels``, balanced class weights (a kind with few pages
    counts as much as one with many), each then multiplied by its factor in ``weights`` (default 1).

    With two classes, the features named in ``towards_second`` may only push towards the second one (their
    weights are held at zero or above): a wall's clue never makes a page *more* likely to be an article,
    however often a site template put a "Search" button on the articles it was fitted on."""
    from sklearn.linear_model import LogisticRegression

    x = np.array([[row.get(name, 0.0) for name in features] for row in rows], dtype=float)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    counts = Counter(labels)
    balanced = {k: len(labels) / (len(counts) * n) * (weights or {}).get(k, 1.0) for k, n in counts.items()}
    scaled = (x - mean) / scale
    if towards_second:
        classes = tuple(sorted(counts))
        if len(classes) != 2:
            raise ValueError("weights held to one sign need two classes")
        sample_weights = np.array([balanced[label] for label in labels])
        second = np.array([label == classes[1] for label in labels])
        bounds = [(0.0, None) if name in towards_second else (None, None) for name in features]
        coef, intercept = _bounded_logistic(scaled, second, sample_weights, c, bounds)
        return Regression(classes, tuple(features), mean, scale, coef[None, :], np.array([intercept]))
    model = LogisticRegression(C=c, class_weight=balanced, max_iter=5000)
    model.fit(scaled, list(labels))
    return Regression(
        tuple(str(k) for k in model.classes_), tuple(features), mean, scale, model.coef_, model.intercept_
    )


def _bounded_logistic(
    x: np.ndarray, positive: np.ndarray, sample_weights: np.ndarray, c: float, bounds: list
) -> tuple[np.ndarray, float]:
    """scikit-learn's L2 logistic regression objective (``0.5·|w|² + C·Σ weighted log-loss``, the intercept
    not penalised), minimised by L-BFGS-B within ``bounds`` on the weights."""
    from scipy.optimize import minimize
    from scipy.special import expit

    sign = np.where(positive, 1.0, -1.0)

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = params[:-1], params[-1]
        margin = sign * (x @ w + b)
        weighted = c * sample_weights
        value = 0.5 * w @ w + float(weighted @ np.logaddexp(0.0, -margin))
        slope = -weighted * sign * expit(-margin)
        return value, np.append(w + x.T @ slope, slope.sum())

    start = np.zeros(x.shape[1] + 1)
    found = minimize(loss, start, jac=True, method="L-BFGS-B", bounds=[*bounds, (None, None)],
                     options={"maxiter": 5000})  # fmt: skip
    if not found.success:  # a half-fitted model must not be written over the shipped one
        raise PageModelError(f"the wall regression did not converge: {found.message}")
    return found.x[:-1], float(found.x[-1])


def save_page_model(model: PageModel, path: Path) -> None:
    """Write ``model`` to ``path`` as compact JSON (the format :func:`shipped_page_model` reads)."""
    path.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")


@cache
def shipped_page_model() -> PageModel:
    """The model in the package, checked against this version's feature names."""
    from sidebot.sources.page_features import feature_names, wall_feature_names

    resource = files("sidebot").joinpath("data", "models", MODEL_FILE)
    try:
        model = PageModel.from_json(json.loads(resource.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError) as exc:
        raise PageModelError(
            f"the page-kind model {MODEL_FILE} cannot be read: {exc}; reinstall sidebot"
        ) from exc
    wall_inputs = [*wall_feature_names(), TEXT_WALL]
    if list(model.kind.features) != feature_names() or list(model.wall.features) != wall_inputs:
        raise PageModelError(
            f"the page-kind model {MODEL_FILE} was fitted on other features than this version computes: "
            "refit it with `sidebot train page-kinds`"
        )
    return model
