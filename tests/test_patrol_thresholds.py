"""The thresholds a patrol run triages and suggests by, settled once (config → scorer → the wiki's learned
row), with the shipped verifier and the URL-depth baseline as the scorers and wiki rows as the queue holds
them."""

from __future__ import annotations

import pytest

from sidebot.config import Settings
from sidebot.patrol.thresholds import Thresholds
from sidebot.queue.models import Wiki
from sidebot.verify import load_verifier
from sidebot.verify.urldepth import UrlDepthScorer


@pytest.fixture(scope="module")
def verifier():
    return load_verifier()


def settings(flag_below: float | None = None, min_probability: float = 0.2) -> Settings:
    base = Settings()
    return base.model_copy(
        update={
            "verify": base.verify.model_copy(update={"flag_below": flag_below}),
            "retrieve": base.retrieve.model_copy(update={"min_probability": min_probability}),
        }
    )


def test_the_verifiers_own_thresholds_without_a_learned_row(verifier):
    got = Thresholds.resolve(settings(), verifier, Wiki(name="w"))
    assert got == Thresholds(
        verifier.flag_threshold, verifier.bands.very_likely_fails, verifier.flag_threshold
    )
    assert Thresholds.resolve(settings(), verifier, None) == got  # before the run knows its wiki


def test_the_wikis_learned_thresholds_replace_the_verifiers_and_bind_suggestions(verifier):
    learned = Wiki(name="w", flag_below=0.9, very_likely_below=0.4)
    assert Thresholds.resolve(settings(), verifier, learned) == Thresholds(0.9, 0.4, 0.9)
    # a learned "very likely fails" line above the flag threshold in force is capped by it
    high = Wiki(name="w", flag_below=0.3, very_likely_below=0.5)
    assert Thresholds.resolve(settings(), verifier, high) == Thresholds(0.3, 0.3, 0.3)


def test_a_configured_threshold_is_kept_whatever_the_wiki_learned(verifier):
    learned = Wiki(name="w", flag_below=0.9)
    got = Thresholds.resolve(settings(flag_below=0.1), verifier, learned)
    assert got == Thresholds(
        0.1, min(verifier.bands.very_likely_fails, 0.1), 0.2
    )  # min_probability is higher


def test_an_uncalibrated_scorer_leaves_suggestions_to_the_retrieval_bar():
    """The baseline's threshold is on its own scale: a suggestion's probability need only reach
    ``retrieve.min_probability``."""
    got = Thresholds.resolve(settings(min_probability=0.2), UrlDepthScorer(), Wiki(name="w", flag_below=0.9))
    assert got == Thresholds(0.9, 0.0, 0.2)
