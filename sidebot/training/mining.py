"""Hard negatives from OTHER sources, mined by TF-IDF similarity to the claim.

A passage that shares the claim's rare words but comes from a different document than the one the claim cites
is the distractor a lexical signal cannot reject: on topic, same names, yet not the cited evidence. Teaching
the cross-encoder to reject exactly these is what it adds on top of word overlap. TF-IDF mining costs seconds
(no model calls) and is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from sidebot.records import Claim
from sidebot.training.data import NOT_ENOUGH_INFO, TrainPair


def cross_source_negatives(pairs: Sequence[TrainPair], per_claim: int = 2) -> list[TrainPair]:
    """For each ranked group among ``pairs``, the ``per_claim`` passages most TF-IDF-similar to its claim
    among all passages in ``pairs`` that come from another document; labelled not-enough-info, same group."""
    passages: dict[tuple[str, str], str] = {}  # (text, title) -> source key
    groups: dict[str, tuple[Claim, str]] = {}  # group -> (claim, source key)
    for p in pairs:
        passages.setdefault((p.text, p.title), p.source_key)
        if p.group:
            groups.setdefault(p.group, (p.claim, p.source_key))
    if not passages or not groups:
        return []
    keys = list(passages)
    vectorizer = TfidfVectorizer(sublinear_tf=True, stop_words="english", min_df=1)
    matrix = vectorizer.fit_transform([f"{title} {text}" for text, title in keys])
    names = list(groups)
    queries = vectorizer.transform([f"{groups[g][0].article_title} {groups[g][0].text}" for g in names])
    sims = (queries @ matrix.T).toarray()
    source_of = np.array([passages[k] for k in keys])
    negatives = []
    for row, group in enumerate(names):
        claim, own = groups[group]
        order = np.argsort(-sims[row], kind="stable")
        picked = [i for i in order[: 8 * per_claim + 8] if source_of[i] != own][:per_claim]
        for i in picked:
            text, title = keys[i]
            negatives.append(
                TrainPair(claim, text, title, NOT_ENOUGH_INFO, "cross-source", str(source_of[i]), group)
            )
    return negatives
