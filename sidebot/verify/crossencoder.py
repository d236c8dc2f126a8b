"""The default verifier: the trained cross-encoder over a source's passages, with evidence and stance.

Per citation: a TF-IDF pre-filter keeps the passages worth reading, the cross-encoder scores each kept passage
(all citations of a call share the batches), the best passage is the one it scores highest, the source score
is the claim-level combiner's log-odds (cross-encoder scores + the claim's word coverage in the whole page;
sidebot/verify/combiner.py), the probability is its Platt-calibrated value, the stance is the best passage's
most likely class (a "supports" that the claim-level probability contradicts is reported as not enough info),
and the evidence is the sentences of the best passage that the model, reading them one by one, finds backing
that stance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from sidebot.sources.passages import Passage
from sidebot.verify.combiner import claim_features
from sidebot.verify.model import CrossEncoder, class_probabilities, support_score
from sidebot.verify.prefilter import prefilter
from sidebot.verify.sentences import sentence_spans
from sidebot.verify.types import Claim, Evidence, Stance, Verdict

STANCES = (Stance.SUPPORTS, Stance.REFUTES, Stance.NOT_ENOUGH_INFO)


def log_odds(logits: np.ndarray, cls: int) -> np.ndarray:
    others = [c for c in range(logits.shape[-1]) if c != cls]
    return logits[..., cls] - np.logaddexp(logits[..., others[0]], logits[..., others[1]])


class CrossEncoderScorer:
    """``passage_scores`` holds NaN for passages the pre-filter skipped (they were never read)."""

    def __init__(self, model: CrossEncoder, keep_passages: int = 32, max_evidence: int = 3) -> None:
        self.model = model
        self.name = model.manifest.name
        self.flag_threshold = model.manifest.flag_threshold
        self.keep_passages = keep_passages
        self.max_evidence = max_evidence
        self.pairs_scored = 0  # cross-encoder pairs run so far (passages + evidence sentences)

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
        verdicts = [self._verdict(items[i], per_item[i]) for i in range(len(items))]
        return self._add_evidence(items, verdicts, claim_ids)

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
        best = max(scores, key=scores.__getitem__)
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
        )

    def _add_evidence(self, items, verdicts: list[Verdict], claim_ids: dict) -> list[Verdict]:
        """Score each sentence of each best passage on its own and keep the ones that back the stance."""
        encoder = self.model.encoder
        jobs = []  # (item index, sentence span)
        for i, verdict in enumerate(verdicts):
            if verdict.best_passage is not None:
                jobs += [(i, span) for span in sentence_spans(verdict.best_passage.text)]
        if not jobs:
            return verdicts
        texts = [verdicts[i].best_passage.text[a:b] for i, (a, b) in jobs]
        ids = encoder.passage_ids(texts, [verdicts[i].best_passage.title for i, _ in jobs])
        logits = self.model.logits(
            [encoder.join(claim_ids[items[i][0]], row) for (i, _), row in zip(jobs, ids)]
        )
        self.pairs_scored += len(jobs)
        out = list(verdicts)
        for i, verdict in enumerate(verdicts):
            mine = [k for k, (owner, _) in enumerate(jobs) if owner == i]
            if not mine:
                continue
            cls = 1 if verdict.stance is Stance.REFUTES else 0
            scores = log_odds(logits[mine], cls)
            ranked = [mine[k] for k in np.argsort(-scores, kind="stable")]
            chosen = [k for k in ranked if log_odds(logits[k], cls) > 0][: self.max_evidence] or ranked[:1]
            evidence = [
                Evidence(start=jobs[k][1][0], end=jobs[k][1][1], score=float(log_odds(logits[k], cls)))
                for k in sorted(chosen, key=lambda k: jobs[k][1][0])
            ]
            out[i] = replace(verdict, evidence=evidence)
        return out
