"""A cheap lexical pre-filter: only the passages that share the most weighted words with the claim go to the
cross-encoder, so a 200-passage page costs at most ``keep`` model calls instead of 200.

TF-IDF is fitted on the source's own passages, so words that appear everywhere on the page (the site name,
navigation) weigh little and the claim's specific words (names, numbers) weigh most.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from sidebot.records import Claim, Passage


def prefilter(claim: Claim, passages: Sequence[Passage], keep: int) -> list[int]:
    """Indexes (into ``passages``) of the ``keep`` passages most similar to the claim, in document order."""
    if len(passages) <= keep:
        return list(range(len(passages)))
    vectorizer = TfidfVectorizer(sublinear_tf=True, stop_words="english", token_pattern=r"(?u)\b\w+\b")
    try:
        matrix = vectorizer.fit_transform([p.text for p in passages])
    except ValueError:  # only stop words / no tokens at all: nothing to rank by
        return list(range(keep))
    query = vectorizer.transform([f"{claim.text} {claim.article_title}"])
    similarity = (matrix @ query.T).toarray().ravel()
    best = np.argsort(-similarity, kind="stable")[:keep]
    return sorted(int(i) for i in best)
