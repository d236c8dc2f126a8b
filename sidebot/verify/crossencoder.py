"""The default verifier: the trained cross-encoder over a source's passages, with evidence and stance.

Per citation: a TF-IDF pre-filter keeps the passages worth reading, the cross-encoder scores each kept passage
(all citations of a call share the batches), the best passage is the read passage that holds most of the
claim's content words, the cross-encoder's score breaking ties (on WiCE dev this finds the passage holding the
annotated evidence 0.88 of the time, the cross-encoder's score alone 0.46; docs/verifier.md), the source score
is the claim-level combiner's log-odds (cross-encoder scores + the claim's word coverage in the whole page;
sidebot/verify/combiner.py), the probability is its Platt-calibrated value, the stance is the best passage's
most likely class (a "supports" that the claim-level probability contradicts is reported as not enough info),
and the evidence is the sentences of the best passage that together hold the claim's words
(sidebot/verify/evidence.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sidebot.sources.passages import Passage
from sidebot.verify.combiner import claim_features
from sidebot.verify.coverage import passage_coverage
from sidebot.verify.evidence import evidence_sentences
from sidebot.verify.model import CrossEncoder, class_probabilities, support_score
from sidebot.verify.prefilter import prefilter
from sidebot.verify.types import Claim, Stance, Verdict

STANCES = (Stance.SUPPORTS, Stance.REFUTES, Stance.NOT_ENOUGH_INFO)
# Part of the scorer's name, with the weights' digest: the patrol re-scores a citation only when the name
# changes, so bump it whenever the same weights give another verdict (e.g. r2: the best passage and the
# evidence are chosen by the claim's word coverage).
SCORING_REVISION = 2


class CrossEncoderScorer:
    """``passage_scores`` holds NaN for passages the pre-filter skipped (they were never read)."""

    def __init__(self, model: CrossEncoder, keep_passages: int = 32, max_evidence: int = 3) -> None:
        self.model = model
        self.name = f"{model.manifest.name}.r{SCORING_REVISION}"
        self.flag_threshold = model.manifest.flag_threshold
        self.keep_passages = keep_passages
        self.max_evidence = max_evidence
        self.pairs_scored = 0  # cross-encoder pairs run so far

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        return self.verify_many([(claim, passages)])[0]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        encoder = self.model.encoder
        claims = list(dict.fromkeys(claim for claim, _ in items))
        claim_ids = dict(zip(claims, encoder.claim_ids(claims)))
        kept = [prefilter(claim, passages, self.keep_passages) for claim, passages in items]
        flat = [(i, j) for i, (_, passages) in enumerate(items) for j in kept[i]]
        passage_ids = encoder.passage_ids(
            [items[i][1][j].text for i, j in flat], [items[i][1][j].title for i, j in flat]
        )
        rows = [encoder.join(claim_ids[items[i][0]], ids) for (i, _), ids in zip(flat, passage_ids)]
        logits = self.model.logits(rows)
        self.pairs_scored += len(rows)
        per_item: list[dict[int, np.ndarray]] = [{} for _ in items]
        for (i, j), row in zip(flat, logits):
            per_item[i][j] = row
        return [self._verdict(items[i], per_item[i]) for i in range(len(items))]

    def _verdict(self, item: tuple[Claim, Sequence[Passage]], logits: dict[int, np.ndarray]) -> Verdict:
        claim, passages = item
        if not logits:
            return Verdict(
                scorer=self.name,
                score=float("nan"),
                passage_scores=[float("nan")] * len(passages),
                best_passage=None,
            )
        scores = {j: float(support_score(row)) for j, row in logits.items()}
        coverage = passage_coverage(claim, passages)
        best = max(scores, key=lambda j: (coverage[j], scores[j]))
        passage_scores = [scores.get(j, float("nan")) for j in range(len(passages))]
        combiner = self.model.manifest.combiner
        source_score = (
            combiner.score(claim_features(claim, passages, passage_scores)) if combiner else scores[best]
        )
        probability = self.model.manifest.calibration.probability(source_score)
        stance = STANCES[int(np.argmax(class_probabilities(logits[best])))]
        if stance is Stance.SUPPORTS and probability < self.flag_threshold:
            stance = Stance.NOT_ENOUGH_INFO
        return Verdict(
            scorer=self.name,
            score=source_score,
            passage_scores=passage_scores,
            best_passage=passages[best],
            probability=probability,
            stance=stance,
            evidence=evidence_sentences(claim, passages[best], self.max_evidence),
        )
