"""Claim-level examples for fitting the combiner, from WiCE *train* sub-claims the cross-encoder never saw.

Each sub-claim gives two citations: its page as cited (WiCE: partially supported, so the page backs it at
least in part) and the same page with every annotated supporting sentence removed (the page no longer backs
it: the shape of a citation that fails verification, an on-topic page that lacks the claim's facts). Real
failing citations in WiCE dev are never used: they stay held out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sidebot.datasets.wice import WiceClaim
from sidebot.records import Claim, Passage
from sidebot.sources.passages import split_passages
from sidebot.training.data import wice_claim


@dataclass(frozen=True, slots=True)
class ClaimExample:
    """A claim with a whole cited page split into passages, and whether the page supports it (the page with
    its evidence sentences removed does not)."""

    claim: Claim
    passages: list[Passage]
    supported: bool


def page_without_evidence(claim: WiceClaim) -> str:
    """The cited page's text with every sentence of every supporting set left out."""
    doc = claim.source()
    gold = claim.gold_sentences
    return "\n".join(
        doc.text[span[0] : span[1]]
        for i, span in enumerate(doc.sentence_spans)
        if span is not None and i not in gold
    )


def claim_examples(claims: Sequence[WiceClaim]) -> list[ClaimExample]:
    """Two examples per WiCE claim with gold evidence: its page as cited (supported) and the same page without
    the evidence sentences (not supported); claims without gold sentences or whose page gives no passages are
    left out."""
    examples = []
    for wc in claims:
        if not wc.gold_sentences:
            continue
        doc = wc.source()
        claim = wice_claim(wc)
        backed = split_passages(doc.text, doc.title)
        stripped = split_passages(page_without_evidence(wc), doc.title)
        if backed and stripped:
            examples += [ClaimExample(claim, backed, True), ClaimExample(claim, stripped, False)]
    return examples
