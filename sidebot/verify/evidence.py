"""What a reviewer is shown: the window that most likely states the claim, and in it the few sentences that
together hold the claim's words.

Both weigh each of the claim's content words (see sidebot/verify/coverage.py) by how rare it is among the
page's sentences (its smoothed inverse sentence frequency, :meth:`PageIndex.idf`, the weight the fact check
gives the words around a value): a word most sentences of the page hold (the subject's name, "Emmy" and
"Award" on an actor's awards page) tells little about which sentence states the claim, a word few hold
("Guest", "Comedy") tells much. A sentence's *weighted share* is the sum of the weights of the claim's words
it holds over the sum of all of them: the plain share when every word is as common as every other.

The shown window is the one of the windows the reader read with the highest reader score plus
``coverage_weight`` × its weighted share (title included). The reader ranks support, word coverage finds the
sentence that states the fact; the weight is chosen after training on held-out WiCE train sub-claims
(sidebot/training/publish.py) and kept in the model's verifier.json.

The sentences are chosen greedily: first the sentence with the highest weighted share, then the one adding
the most weight not yet covered, and so on until no sentence adds any or ``limit`` are chosen. On WiCE dev
this puts an annotated supporting sentence first 0.82 of the time against 0.62 for the sentence the (3-layer)
cross-encoder scored highest, and costs no model call (docs/verifier.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

import numpy as np

from sidebot.records import Claim, Evidence, Passage
from sidebot.verify.coverage import content_stems, stem_set, stems
from sidebot.verify.facts import PageIndex
from sidebot.verify.sentences import sentence_spans


def shown_window(
    claim_text: str,
    windows: Sequence[Passage],
    reader_scores: Sequence[float] | np.ndarray,
    coverage_weight: float,
    page: PageIndex,
) -> int:
    """Index into ``windows`` (those read, with their reader support log-odds) of the one to show; ``page``:
    the sentences of the page they come from, which weigh the claim's words."""
    weights = page.idf(content_stems(claim_text))
    coverage = np.array([_weighted_share(weights, stem_set(w.text) | stem_set(w.title)) for w in windows])
    return int(np.argmax(np.asarray(reader_scores, dtype=np.float64) + coverage_weight * coverage))


def evidence_sentences(
    claim: Claim, passage: Passage, limit: int, page: PageIndex | None = None
) -> list[Evidence]:
    """Up to ``limit`` sentences of ``passage`` in text order; ``score``: the weighted share of the claim's
    content words that sentence holds, the claim's words weighed by ``page`` (the sentences of the page
    ``passage`` comes from; by default the passage's own). Empty when no sentence holds any of them."""
    spans = sentence_spans(passage.text)
    if page is None:
        page = PageIndex(spans, [passage.text[a:b] for a, b in spans])
    weights = page.idf(content_stems(claim.text))
    found = [set(stems(passage.text[a:b])) & weights.keys() for a, b in spans]
    chosen: list[int] = []
    covered: set[str] = set()
    left = set(range(len(spans)))
    while left and len(chosen) < limit:
        best = max(left, key=lambda k: (_weight(weights, found[k] - covered), -k))  # ties: the earlier one
        if not found[best] - covered:
            break
        chosen.append(best)
        left.discard(best)
        covered |= found[best]
    return [
        Evidence(start=spans[k][0], end=spans[k][1], score=_weighted_share(weights, found[k]))
        for k in sorted(chosen)
    ]


def weighted_share(claim_text: str, text: str, page: PageIndex) -> float:
    """The weighted share of the claim's content words that ``text`` holds, the words weighed by ``page`` as
    :func:`evidence_sentences` weighs them: for a mark widened after it was chosen (a sentence joined to the
    rest of its quotation), whose score was its first sentence's."""
    weights = page.idf(content_stems(claim_text))
    return _weighted_share(weights, set(stems(text)) & weights.keys())


def _weight(weights: Mapping[str, float], held: AbstractSet[str]) -> float:
    """The weight of the claim's words (``weights``) that ``held`` holds, summed in the claim's order (two
    sentences holding the same words tie exactly)."""
    return sum(v for w, v in weights.items() if w in held)


def _weighted_share(weights: Mapping[str, float], held: AbstractSet[str]) -> float:
    """The share of the claim's words that ``held`` holds, by weight; 1 when the claim has none (as the plain
    share of a claim without content words)."""
    total = sum(weights.values())
    return _weight(weights, held) / total if total else 1.0
