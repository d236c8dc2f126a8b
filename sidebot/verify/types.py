"""The interface of a verifier: what every scorer offers its callers (the records it takes and returns are in
sidebot.records)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from sidebot.records import Claim, Passage, Verdict

if TYPE_CHECKING:
    from sidebot.verify.bands import Bands


class Scorer(Protocol):
    """Anything that can score claim/source pairs. ``name`` identifies the model and its version: a
    citation already verified under the same name is never re-scored.

    ``url``/``urls`` (the cited source's address, one per item) are optional: text scorers ignore them; the
    URL-depth baseline needs them.

    ``calibrated``: whether ``Verdict.probability`` is a calibrated P(supported); ``flag_threshold``: below
    it a citation is queued (a probability when calibrated; 0.5 on its own scale otherwise); ``bands``: the
    verifier's "very likely fails" and "may fail" lines, when it has them (None for the baselines).
    """

    # read-only to callers, so a scorer may keep them as plain attributes of narrower types (bands: None)
    @property
    def name(self) -> str:
        """The model and its version; a citation already verified under this name is never re-scored."""

    @property
    def calibrated(self) -> bool:
        """Whether ``Verdict.probability`` is a calibrated P(supported)."""

    @property
    def flag_threshold(self) -> float:
        """The line below which a citation is queued (a probability when calibrated)."""

    @property
    def bands(self) -> Bands | None:
        """The "very likely fails" and "may fail" lines, when the scorer has them."""

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        """The verdict on one claim against its source's passages (``url``: the source's address)."""

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        """The verdicts on ``items`` in order, scored in one go (``urls``: one per item, when given)."""
