"""How much of a claim's wording a source contains: the lexical half of the claim-level verdict.

A citation that fails verification usually cites a page that never mentions the claim's specific facts (its
names, numbers, key nouns), however on-topic the page is. The share of the claim's content words found in the
page, in its best passage and in its best pair of adjacent passages is a strong, cheap signal of that (on
WiCE dev it separates not-supported claims better than the bi-encoder cosine does; docs/verifier.md), and it
sees the WHOLE page, where the reader reads a few sentence windows.

Words are lower-cased, English stop words dropped, and cut to their first ``STEM`` characters, a crude stemmer
that lets "publisher" match "published" and "Hollywood's" match "Hollywood" without a language model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from sidebot.records import Claim, Passage

STEM = 5
_WORD = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")

COVERAGE_FEATURES = ("cov_page", "cov_best_passage", "cov_best_window", "cov_numbers", "cov_beyond_title")


def _stem(word: str) -> str:
    return word[:STEM] if word.isalpha() or not any(map(str.isdigit, word)) else word


def stems(text: str) -> list[str]:
    """Lower-cased word stems of ``text`` in order (numbers kept whole, so 1,500 never matches 1,501)."""
    return [word[:STEM] if word.isalpha() else _stem(word) for word in _WORD.findall(text.lower())]


@lru_cache(maxsize=4096)  # a page has tens to hundreds of windows: a few pages
def stem_set(text: str) -> frozenset[str]:
    """The set of ``text``'s stems, remembered: a page's windows are read for the claim and again for each
    of its parts, and for the window choice, the coverage features and the fact check alike."""
    return frozenset(stems(text))


def content_stems(text: str) -> list[str]:
    """The distinct stems of ``text``'s content words (stop words and one-letter words dropped)."""
    kept = [
        _stem(word)
        for word in _WORD.findall(text.lower())
        if word not in ENGLISH_STOP_WORDS and len(word) > 1
    ]
    return list(dict.fromkeys(kept))


def _share(wanted: Sequence[str], found: AbstractSet[str]) -> float:
    return sum(w in found for w in wanted) / len(wanted) if wanted else 1.0


def _passage_sets(passages: Sequence[Passage]) -> list[frozenset[str]]:
    return [stem_set(p.text) | stem_set(p.title) for p in passages]


def passage_coverage(claim: Claim, passages: Sequence[Passage]) -> list[float]:
    """Per passage, the share of the claim's content stems it (with the source title) contains."""
    wanted = content_stems(claim.text)
    return [_share(wanted, found) for found in _passage_sets(passages)]


def window_coverage(wanted: Sequence[str], window: Passage) -> float:
    """Share of the claim's content stems ``wanted`` that ``window`` (its text or title) holds; 1 when the
    claim has none."""
    if not wanted:
        return 1.0
    found = stem_set(window.text) | stem_set(window.title)
    return sum(w in found for w in wanted) / len(wanted)


def coverage_features(claim: Claim, passages: Sequence[Passage]) -> dict[str, float]:
    """Shares in [0, 1] of the claim's content stems found in the page, its best passage, its best two
    adjacent passages; of its numbers found in the page; of its stems that are not in the article title found
    in the page (the article's own name is often absent from a source that still backs the claim)."""
    wanted = content_stems(claim.text)
    sets = _passage_sets(passages)
    page = set().union(*sets) if sets else set()
    numbers = [w for w in wanted if any(ch.isdigit() for ch in w)]
    title = set(stems(claim.article_title))
    beyond = [w for w in wanted if w not in title] or wanted
    per_passage = [_share(wanted, s) for s in sets]
    windows = [_share(wanted, a | b) for a, b in zip(sets, sets[1:])] or per_passage
    return {
        "cov_page": _share(wanted, page),
        "cov_best_passage": max(per_passage, default=0.0),
        "cov_best_window": max(windows, default=0.0),
        "cov_numbers": _share(numbers, page),
        "cov_beyond_title": _share(beyond, page),
    }
