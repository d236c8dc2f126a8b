"""The wiki gadget's view of the open findings on one article: what its popup shows for each marked claim,
in the card's own words (:class:`~sidebot.web.cards.Card`): why it is queued, the support in words, the
failing fact, the source's evidence sentence and the best suggestion with its reference to paste.

Everything is plain text: the gadget puts it into the page with ``textContent`` only.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from sidebot.queue.reviews import DECISION_LABELS, Decision
from sidebot.web.cards import Card, Segment

MAX_PAGE_FINDINGS = 200  # open findings marked on one article at most


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class GadgetSuggestion(_View):
    """The best other source for a finding, as the gadget's popup offers it."""

    id: int
    url: str
    title: str | None
    support: str = Field(description="both figures in words")
    reference: str | None = Field(description="<ref>{{cite web|…}}</ref> to paste, as text")


class GadgetFinding(_View):
    """One open finding as the wiki gadget marks it in the article, in the card's words."""

    id: int
    claim: str = Field(description="the claim as the article words it (the gadget finds it in the page)")
    reason: str | None = Field(description="why it is in the queue")
    support: str = Field(description="the verdict and both figures in words, as the card says it")
    fact_note: str | None = Field(
        description='the failing fact: "the source gives 1999, the claim says 2000"'
    )
    facts: list[str] = Field(description="each fact the source contradicts or does not give, in words")
    evidence: str | None = Field(description="the source's sentences the verifier found closest to the claim")
    source_title: str | None
    url: str | None
    suggestion: GadgetSuggestion | None = Field(description="the best suggested source, if any")
    card_url: str = Field(description="the finding's card on the review service")


class GadgetDecision(_View):
    """A decision the gadget's popup offers: the value to send and its label."""

    value: str
    label: str


class PageFindings(_View):
    """An article's open findings for the wiki gadget, with who is logged in and the decisions it may send."""

    wiki: str
    title: str
    user: str | None = Field(description="who is logged in to the review service (decisions need a login)")
    login_url: str
    decisions: list[GadgetDecision] = Field(description="what a reviewer may decide from the popup")
    findings: list[GadgetFinding]


# The decisions a click records from the popup (which suggestion is better is chosen on the card)
POPUP_DECISIONS = [
    GadgetDecision(value=d.value, label=DECISION_LABELS[d])
    for d in (Decision.UNSUPPORTED, Decision.ONLY_PART, Decision.SUPPORTED, Decision.UNSURE)
]


def gadget_finding(card: Card, base_url: str) -> GadgetFinding:
    """The gadget's view of a card, with the address of the card on this service (``base_url``)."""
    best = card.suggestions[0] if card.suggestions else None
    return GadgetFinding(
        id=card.id,
        claim=card.claim,
        reason=card.reason,
        support=card.support,
        fact_note=card.fact_note,
        facts=[f.explanation for f in card.facts if f.status != "found" and f.explanation],
        evidence=_evidence(card.passage),
        source_title=card.source_title,
        url=card.url,
        suggestion=GadgetSuggestion(
            id=best.id, url=best.url, title=best.title, support=best.support, reference=best.reference
        )
        if best
        else None,
        card_url=f"{base_url}/findings/{card.id}",
    )


def _evidence(passage: list[Segment]) -> str | None:
    """The highlighted sentences of the card's passage, joined; None when it highlights none."""
    marked = " … ".join(s.text.strip() for s in passage if s.evidence and s.text.strip())
    return marked or None
