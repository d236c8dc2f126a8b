"""Choose the sentence windows worth reading: a cheap lexical pre-filter in front of the reader.

Each window is scored by the IDF-weighted share of the claim's content words it holds (IDF over the page's
own windows, so the site's name and navigation words weigh little and the claim's names and numbers weigh
most); the ``keep`` best are read, a shorter window winning a tie (it carries less unrelated text). The
reader,
not this filter, decides support: the filter only has to put the evidence among the ``keep`` (its recall at
each ``keep`` is measured in docs/verifier.md).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from sidebot.records import Passage
from sidebot.verify.coverage import content_stems, stem_set


def select_windows(
    claim_text: str,
    windows: Sequence[Passage],
    keep: int,
    window_stems: Sequence[frozenset[str]] | None = None,
) -> list[int]:
    """Indexes (into ``windows``) of the ``keep`` windows to read, best first; ``window_stems``: the windows'
    stems where the caller has them (``PageWindows.stems``)."""
    if len(windows) <= keep:
        return list(range(len(windows)))
    wanted = content_stems(claim_text)
    if not wanted:
        return list(range(keep))
    wanted_set = set(wanted)
    if window_stems is None:
        window_stems = [stem_set(w.text) for w in windows]
    held = [words & wanted_set for words in window_stems]  # most windows hold none of the claim's words
    frequency = Counter(word for words in held for word in words)
    idf = {w: math.log((1 + len(held)) / (1 + frequency[w])) + 1.0 for w in wanted}
    total = sum(idf.values())
    scores = [sum(idf[w] for w in wanted if w in words) / total if words else 0.0 for words in held]
    order = sorted(range(len(windows)), key=lambda i: (-scores[i], len(windows[i].text), i))
    return order[:keep]
