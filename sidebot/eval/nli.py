"""Read NLI pairs with the reader alone and measure it: does it tell entailment from the rest, and the three
classes apart?

The hypothesis is the claim and the premise the window, exactly as the reader sees a claim and a source window
(no windowing, pre-filter or combiner: this measures reading, not retrieval of the right sentence).
Metrics per file: ``auroc_entails`` (entailment vs not, by the support log-odds), ``accuracy_3way`` where the
file tells neutral from contradiction (the reader's most likely class: supports = entailment, refutes =
contradiction, not enough info = neutral), ``accuracy_2way`` (support log-odds > 0 means entailment).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from sklearn.metrics import roc_auc_score

from sidebot.datasets.nli import NliLabel, NliPair, is_three_way
from sidebot.records import Claim
from sidebot.verify.model import CrossEncoder, support_score

_CLASSES = (NliLabel.ENTAILMENT, NliLabel.CONTRADICTION, NliLabel.NEUTRAL)  # order of network.LABELS


def read_pairs(model: CrossEncoder, pairs: Sequence[NliPair]) -> np.ndarray:
    """Logits (supports, refutes, not enough info) for each pair."""
    encoder = model.encoder
    claims = encoder.claim_ids([Claim(p.hypothesis) for p in pairs])
    premises = encoder.passage_ids([p.premise for p in pairs], [""] * len(pairs))
    return model.logits([encoder.join(c, w) for c, w in zip(claims, premises)])


def nli_metrics(pairs: Sequence[NliPair], logits: np.ndarray) -> dict:
    """The reader's figures on NLI pairs from its logits: AUROC and two-way accuracy for entailment, plus
    three-way accuracy when the pairs have three labels."""
    entails = np.array([p.entails for p in pairs], dtype=int)
    scores = support_score(logits)
    result = {
        "n": len(pairs),
        "auroc_entails": float(roc_auc_score(entails, scores))
        if 0 < entails.sum() < len(entails)
        else math.nan,
        "accuracy_2way": float(((scores > 0).astype(int) == entails).mean()) if len(pairs) else math.nan,
    }
    if is_three_way(list(pairs)):
        predicted = [_CLASSES[int(i)] for i in np.argmax(logits, axis=-1)]
        result["accuracy_3way"] = float(np.mean([a is p.label for a, p in zip(predicted, pairs)]))
    return result
