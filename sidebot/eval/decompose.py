"""How close sidebot's claim decomposition comes to WiCE's hand-made sub-claims.

WiCE's sub-claim files hold, for partially supported claims, the sub-claims annotators wrote (ids
``<claim id>-<k>``;
only some of a claim's sub-claims are in the file). For each claim with sub-claims, each gold
sub-claim is matched to the most similar part of our split (token F1, lower-cased words); the report gives the
mean of those best matches (``best_match_f1``: does our split hold a part like each annotated one?), the same
for the whole claim left unsplit (the floor), and how often we split at all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from sidebot.datasets.wice import WiceClaim
from sidebot.verify.decompose import decompose


def _tokens(text: str) -> Counter:
    return Counter(re.findall(r"\w+", text.lower()))


def _f1(a: str, b: str) -> float:
    ta, tb = _tokens(a), _tokens(b)
    common = sum((ta & tb).values())
    if not common:
        return 0.0
    precision, recall = common / sum(ta.values()), common / sum(tb.values())
    return 2 * precision * recall / (precision + recall)


def best_match_f1(parts: Sequence[str], gold: Sequence[str]) -> float:
    """Mean over ``gold`` sub-claims of the best token F1 with any of ``parts``."""
    return sum(max(_f1(p, g) for p in parts) for g in gold) / len(gold) if gold else 0.0


def decomposition_agreement(claims: Sequence[WiceClaim], subclaims: Sequence[WiceClaim]) -> dict:
    """How our decomposition of ``claims`` matches WiCE's annotated ``subclaims`` (see the module doc): claims
    and gold sub-claims compared, the mean best-match token F1 split and unsplit, and how often we split."""
    gold: dict[str, list[str]] = {}
    for sc in subclaims:
        gold.setdefault(sc.id.rsplit("-", 1)[0], []).append(sc.claim)
    matched = [c for c in claims if c.id in gold]
    ours = [decompose(c.claim) for c in matched]
    n = len(matched)
    return {
        "claims": n,
        "gold_subclaims": sum(len(gold[c.id]) for c in matched),
        "split_rate": sum(len(p) > 1 for p in ours) / n if n else 0.0,
        "mean_parts": sum(len(p) for p in ours) / n if n else 0.0,
        "best_match_f1": sum(best_match_f1(p, gold[c.id]) for p, c in zip(ours, matched)) / n if n else 0.0,
        "unsplit_best_match_f1": sum(best_match_f1([c.claim], gold[c.id]) for c in matched) / n if n else 0.0,
    }
