"""What the card alone decides of a finding's evidence: whether the shown passage states anything of the claim
(:func:`states_nothing`), so that a passage that states nothing ("Atmosphere", "He was a") is shown under "no
sentence of the source states this", nothing highlighted (issue 54). The words every view shares (what fails,
the support shown) are :mod:`sidebot.queue.lead`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from sidebot.queue.facts_backed import Fact, checkable

# An evidence mark (sidebot.verify.evidence: the share of the claim's content words its sentence holds, each
# word weighed by its rarity on the page) under this states nothing of the claim: one word in ten or fewer
# ("He was a", a heading sharing a name). On the demo queue supported citations' best marks held 0.17 or more
# and secondary marks went down to 0.05 (plain shares, before the weighing of 2026-12-06). Weighed, 2 of the
# 306 best marks on WiCE dev and 5 of 371 on its train sub-claims fall under it (none before), all of
# partially supported claims (docs/verifier.md).
MIN_SHARE = 0.1


def states_nothing(facts: Sequence[Fact], scores: Sequence[float | None]) -> bool:
    """Whether the shown passage states nothing of the claim: the claim's checkable facts are all missing
    from the source, or no evidence mark (``scores``: those of the passage's marks) holds :data:`MIN_SHARE`
    of the claim's content words (a found fact is then stated elsewhere on the page, as the facts list
    shows, not in this passage). A mark without a score (stored before scores were) counts as stating
    something."""
    checked = checkable(facts)
    if checked and all(f.get("status") == "missing" for f in checked):
        return True
    return all(s is not None and s < MIN_SHARE for s in scores)
