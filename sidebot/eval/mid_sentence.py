"""`sidebot eval mid-sentence`: how the verifier reads a claim that begins mid-sentence
(:mod:`sidebot.verify.sentence_start`), with and without its sentence's subject.

No data set has claims cut at a second footnote marker, so they are made from WiCE's supported claims the way
a second citation cuts them: a claim "Raskob bought the land in 1929 and had it secretly constructed" becomes
the claim "and had it secretly constructed" whose context ends with "Raskob bought the land in 1929". A part
of a supported claim is supported, so each such claim should pass; the figure is the share that does when
the verifier reads it as written and when it reads it with its subject (the whole claim read as a reference).
Only claims whose second part names no subject of its own are kept: the others are read as written either way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sidebot.datasets.wice import WiceClaim
from sidebot.records import Claim
from sidebot.sources.passages import split_passages
from sidebot.verify.crossencoder import CrossEncoderScorer
from sidebot.verify.sentence_start import as_read

# where a second citation's marker usually stands: before a coordinated or relative clause
_CUT = re.compile(r",? (?=(?:and|but|which|who|where|while|before|after) )")
MIN_WORDS = 3


def mid_sentence_cut(claim: Claim) -> Claim | None:
    """The claim's last clause as a mid-sentence claim (its context ending with the sentence's start), when
    the verifier would read it with a subject; None otherwise."""
    for match in reversed(list(_CUT.finditer(claim.text))):
        lead, rest = claim.text[: match.start()], claim.text[match.end() :]
        if len(lead.split()) < MIN_WORDS or len(rest.split()) < MIN_WORDS:
            continue
        cut = replace(claim, text=rest, context=f"{claim.context} {lead}{match.group()}{rest}".strip())
        if as_read(cut) != rest:
            return cut
    return None


def evaluate_mid_sentence(claims: Sequence[WiceClaim], scorer: CrossEncoderScorer) -> dict[str, Any]:
    """Pass rates (probability at the flag threshold) of the cut claims read three ways, and examples."""
    items = []
    for wc in claims:
        if wc.label != "supported":
            continue
        whole = Claim(wc.claim, wc.article_title, wc.section, wc.context)
        cut = mid_sentence_cut(whole)
        if cut is not None:
            doc = wc.source()
            items.append((whole, cut, split_passages(doc.text, doc.title)))
    readings: dict[str, list[float]] = {}
    for name, with_subject, pick in (
        ("whole_claim", True, 0),
        ("as_written", False, 1),
        ("with_subject", True, 1),
    ):
        scorer.mid_sentence_subject = with_subject
        verdicts = scorer.verify_many([((whole, cut)[pick], passages) for whole, cut, passages in items])
        readings[name] = [v.probability or 0.0 for v in verdicts]
    scorer.mid_sentence_subject = True
    threshold = scorer.flag_threshold
    result: dict[str, Any] = {"supported_claims_cut": len(items), "flag_threshold": threshold}
    for name, probabilities in readings.items():
        passed = sum(p >= threshold for p in probabilities)
        result[name] = {
            "passed": passed,
            "share": passed / len(items) if items else None,
            "mean_probability": sum(probabilities) / len(items) if items else None,
        }
    result["examples"] = [
        {"read_as": as_read(cut), "as_written": round(a, 3), "with_subject": round(b, 3)}
        for (_, cut, _), a, b in list(zip(items, readings["as_written"], readings["with_subject"]))[:10]
    ]
    return result
