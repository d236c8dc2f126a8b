"""The thresholds a patrol run triages and suggests by, settled once per run: the config's, else the wiki's
learned from its reviewers (`sidebot calibrate`), else the verifier's own."""

from __future__ import annotations

from dataclasses import dataclass

from sidebot.config import Settings
from sidebot.queue.models import Wiki
from sidebot.verify.types import Scorer


@dataclass(frozen=True)
class Thresholds:
    """The run's lines, settled once (config → verifier → the wiki's learned row)."""

    flag_below: float  # a citation scoring below it is queued ("may fail")
    very_likely_below: float  # …and below this, in the "very likely fails" band
    pass_probability: float  # what a suggested source's calibrated probability must reach

    @classmethod
    def resolve(cls, settings: Settings, scorer: Scorer, wiki: Wiki | None) -> Thresholds:
        """Config → scorer → the wiki's learned row. A config that sets ``verify.flag_below`` keeps it; the
        wiki's learned "very likely fails" line replaces the verifier's. A suggestion must reach
        ``retrieve.min_probability``, and the flag threshold in force when the scorer is calibrated
        (otherwise that threshold is on another scale). ``wiki``: None before the run knows its wiki."""
        configured = settings.verify.flag_below
        own = configured if configured is not None else scorer.flag_threshold
        learned = wiki.flag_below if wiki is not None else None
        flag_below = learned if configured is None and learned is not None else own
        if wiki is not None and wiki.very_likely_below is not None:
            very_likely = wiki.very_likely_below
        else:  # the verifier's line, if it has one
            very_likely = min(scorer.bands.very_likely_fails, own) if scorer.bands else 0.0
        passing = settings.retrieve.min_probability
        if scorer.calibrated:
            passing = max(passing, flag_below)
        return cls(flag_below, min(very_likely, flag_below), passing)
