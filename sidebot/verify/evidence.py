"""What a reviewer is shown: the window that most likely states the claim, and in it the few sentences that
together hold the claim's words.

The shown window is the one of the windows the reader read with the highest reader score plus
``coverage_weight`` × the share of the claim's content words it holds. The reader ranks support, word
coverage finds the sentence that states the fact; the weight is chosen after training on held-out WiCE train
sub-claims (sidebot/training/publish.py) and kept in the model's verifier.json.

The sentences are chosen greedily: first the sentence holding the most of the claim's content words (see
sidebot/verify/coverage.py), then the one adding the most words not yet covered, and so on until no sentence
adds any or ``limit`` are chosen. On WiCE dev this puts an annotated supporting sentence first 0.81 of the
time against 0.62 for the sentence the (3-layer) cross-encoder scored highest, and costs no model call
(docs/verifier.md).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sidebot.records import Claim, Evidence, Passage
from sidebot.verify.coverage import content_stems, stems, window_coverage
from sidebot.verify.sentences import sentence_spans


def shown_window(
    claim_text: str,
    windows: Sequence[Passage],
    reader_scores: Sequence[float] | np.ndarray,
    coverage_weight: float,
) -> int:
    """Index into ``windows`` (those read, with their reader support log-odds) of the one to show."""
    wanted = content_stems(claim_text)
    coverage = np.array([window_coverage(wanted, w) for w in windows])
    return int(np.argmax(np.asarray(reader_scores, dtype=np.float64) + coverage_weight * coverage))


def evidence_sentences(claim: Claim, passage: Passage, limit: int) -> list[Evidence]:
    """Up to ``limit`` sentences of ``passage`` in text order; ``score``: the share of the claim's content
    words that sentence holds. Empty when no sentence holds any of them."""
    wanted = set(content_stems(claim.text))
    spans = sentence_spans(passage.text)
    found = [set(stems(passage.text[a:b])) & wanted for a, b in spans]
    chosen: list[int] = []
    covered: set[str] = set()
    left = set(range(len(spans)))
    while left and len(chosen) < limit:
        best = max(left, key=lambda k: (len(found[k] - covered), -k))  # ties: the earlier sentence
        if not found[best] - covered:
            break
        chosen.append(best)
        left.discard(best)
        covered |= found[best]
    return [
        Evidence(start=spans[k][0], end=spans[k][1], score=len(found[k]) / len(wanted))
        for k in sorted(chosen)
    ]
