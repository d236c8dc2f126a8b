"""`sidebot eval sneaky`: are quietly changed facts caught? From each supported WiCE claim whose cited page
states one of its years, numbers or names, a changed claim (that value replaced by one the page does not
contain; sidebot.verify.facts._sneaky), both verified against the unchanged page. Reported: the share of
changed claims in each band (caught) and the share of the unchanged claims in each band (false alarms), by
the kind of fact changed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, replace

from sidebot.datasets.wice import WiceClaim, WiceLabel
from sidebot.eval.metrics import run_scorer, wice_items
from sidebot.records import FactFinding, Verdict
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Band, Bands
from sidebot.verify.facts import NewValue, SneakyEdit, make_edit, name_pool, normal_text, settled_by_source
from sidebot.verify.types import Scorer


def sneaky_edits(
    claims: Sequence[WiceClaim],
    seed: int,
    labels: Sequence[WiceLabel] = (WiceLabel.SUPPORTED,),
    new_value: NewValue = NewValue.ABSENT,
) -> list[tuple[WiceClaim, SneakyEdit]]:
    """One edit per claim of ``labels`` that has a fact on its page (names swapped from the file's claims, or
    copied from the page: ``new_value``)."""
    pool = name_pool([c.claim for c in claims]) if new_value is NewValue.ABSENT else {}
    out = []
    for claim in claims:
        if claim.label in labels:
            page = claim.source().text
            edit = make_edit(claim.id, claim.claim, page, pool, seed, claim.article_title, new_value)
            if edit is not None:
                out.append((claim, edit))
    return out


def _settled(claim: WiceClaim, before: str, after: str) -> bool:
    """Whether the patrol's changed-fact check queues the edit ``before`` → ``after`` on ``claim``'s page."""
    doc = claim.source()
    passages = split_passages(doc.text, doc.title)
    return settled_by_source(before, after, passages, claim.article_title, names_around=True) is not None


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", normal_text(text)))


def _changed_fact_contradicted(verdict: Verdict, edit: SneakyEdit) -> FactFinding | None:
    """The fact check's "the source gives …" for the fact the edit changed, if it says so."""
    wanted = _words(edit.replacement)
    return next(
        (f for f in verdict.facts if f.status == "contradicted" and f.stated and wanted <= _words(f.text)),
        None,
    )


def source_gives(verdicts: Sequence[Verdict], edits: Sequence[SneakyEdit]) -> dict[str, float | int | None]:
    """How often the changed fact is reported contradicted, and how often the value the source is said to give
    is the one the edit replaced (the words of one within the other's: "Lisa Hardwick", "Lisa White
    Hardwick")."""
    found = [(f, e) for v, e in zip(verdicts, edits) if (f := _changed_fact_contradicted(v, e)) is not None]
    right = sum((a := _words(f.stated or "")) <= (b := _words(e.fact)) or b <= a for f, e in found)
    return {"contradicted": len(found), "naming_the_replaced_value": right / len(found) if found else None}


def _rates(verdicts: Sequence[Verdict], bands: Bands) -> dict[str, float]:
    counted = Counter(bands.band(v.probability) for v in verdicts)
    n = max(len(verdicts), 1)
    very = counted[Band.VERY_LIKELY_FAILS] / n
    return {"very_likely_fails": very, "may_fail_or_worse": very + counted[Band.MAY_FAIL] / n}


def evaluate_sneaky(
    claims: Sequence[WiceClaim],
    scorer: Scorer,
    bands: Bands,
    seed: int = 13,
    progress: Callable[[str], None] = print,
    new_value: NewValue = NewValue.ABSENT,
    only: Collection[str] | None = None,
) -> dict:
    """Catch and false-alarm rates per band, overall and by the kind of fact changed, with every edit;
    ``only``: the ids of the claims whose edits count (drawn from all ``claims`` alike: the names swapped in
    come from every claim)."""
    edits = [
        (c, e) for c, e in sneaky_edits(claims, seed, new_value=new_value) if only is None or c.id in only
    ]
    if not edits:
        return {"edits": 0}
    originals = [c for c, _ in edits]
    changed = [replace(c, claim=e.changed) for c, e in edits]
    progress(f"sneaky edits: verifying {len(edits)} changed claims and their originals")
    before = run_scorer(scorer, wice_items(originals)).verdicts
    after = run_scorer(scorer, wice_items(changed)).verdicts
    settled = [_settled(c, e.original, e.changed) for c, e in edits]
    corrected = [_settled(c, e.changed, e.original) for c, e in edits]
    by_kind: dict[str, dict] = {}
    for kind in sorted({e.label for _, e in edits}):
        chosen = [i for i, (_, e) in enumerate(edits) if e.label == kind]
        by_kind[kind] = {
            "edits": len(chosen),
            "caught": _rates([after[i] for i in chosen], bands),
            "caught_by_patrol_change_check": sum(settled[i] for i in chosen) / len(chosen),
        }
    return {
        "claims": len(claims),
        "edits": len(edits),
        "seed": seed,
        "new_value": str(new_value),
        "bands": bands.to_json(),
        "caught": _rates(after, bands),
        "false_alarms": _rates(before, bands),
        "caught_by_fact_check": sum(bool(v.fact_note) for v in after) / len(after),
        "source_gives": source_gives(after, [e for _, e in edits]),
        # the patrol sees the edit itself (old and new claim): queued when the source gives the old value
        "caught_by_patrol_change_check": sum(settled) / len(edits),
        "corrections_queued_by_patrol": sum(corrected) / len(edits),
        "by_kind": by_kind,
        "items": [
            {
                **asdict(e),
                "probability_before": b.probability,
                "probability_after": a.probability,
                "band_after": bands.band(a.probability),
                "fact_note": a.fact_note,
            }
            for (_, e), b, a in zip(edits, before, after)
        ],
    }
