"""`sidebot eval fact-spans`: is the fact a reviewer is told the source does not give one that the source
really does not back?

WiCE's sub-claims mark, token by token, the words of the claim its annotators found no support for on the
cited page. A fact of the claim (a year, a number, a name: sidebot.verify.facts) is *unsupported* when it
overlaps such words. The fact check (no model: it reads the page's text) names a fact as missing or
contradicted; this counts how often a named fact is an unsupported one (precision), how many unsupported
facts are named (recall) and how many supported facts are named anyway (false notes), overall, by kind of
fact, for the one fact the verdict's note shows first and for the contradictions ("the source gives 1999,
the claim says 2000"), the strongest words a note uses. The article subject's own name is left out, as in
the verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass

from sidebot.datasets.wice import WiceClaim
from sidebot.sources.passages import split_passages
from sidebot.verify.facts import FactStatus, PageIndex, check_facts, first_failing


@dataclass(frozen=True, slots=True)
class FactRow:
    """One fact of one annotated claim: what WiCE says of it and what the fact check says."""

    claim_id: str
    fact: str
    kind: str  # "number" or "name"
    strong: bool
    unsupported: bool  # overlaps words WiCE marks as not supported
    status: str  # FactStatus
    shown_first: bool  # the fact the verdict's note names

    @property
    def named(self) -> bool:
        """Whether the fact check names this fact (missing or contradicted on the page)."""
        return self.status != FactStatus.FOUND


def fact_rows(claim: WiceClaim) -> list[FactRow]:
    """The facts of ``claim`` (the article subject's name left out) with WiCE's and the fact check's view;
    none when the claim carries no token annotation."""
    if claim.token_spans() is None:
        return []
    bad = claim.unsupported_spans()
    doc = claim.source()
    check = check_facts(
        claim.claim, PageIndex.from_passages(split_passages(doc.text, doc.title)), claim.article_title
    )
    findings = check.findings()
    first = first_failing(findings)
    return [
        FactRow(
            claim_id=claim.id,
            fact=result.fact.text,
            kind="number" if result.fact.number is not None else "name",
            strong=result.fact.strong,
            unsupported=any(a < result.fact.end and result.fact.start < b for a, b in bad),
            status=str(result.status),
            shown_first=finding is first,
        )
        for result, finding in zip(check.results, findings)
        if not result.fact.subject
    ]


def _shares(rows: Sequence[FactRow]) -> dict[str, float | int | None]:
    unsupported = [r for r in rows if r.unsupported]
    named = [r for r in rows if r.named]
    supported = [r for r in rows if not r.unsupported]
    hits = sum(r.unsupported for r in named)
    return {
        "facts": len(rows),
        "unsupported": len(unsupported),
        "named": len(named),
        "precision": hits / len(named) if named else None,
        "recall": hits / len(unsupported) if unsupported else None,
        "false_note_rate": sum(r.named for r in supported) / len(supported) if supported else None,
    }


def _note(shown: Sequence[FactRow]) -> dict[str, float | int | None]:
    """Notes a reviewer reads (the first failing fact of each claim, or every "the source gives …"): how
    many, and the share naming a fact WiCE marks unsupported."""
    return {
        "notes": len(shown),
        "precision": sum(r.unsupported for r in shown) / len(shown) if shown else None,
    }


def evaluate_fact_spans(claims: Iterable[WiceClaim], progress: Callable[[str], None] = print) -> dict:
    """Precision, recall and false-note rate of the named facts, overall, by kind and for the note's fact."""
    claims = list(claims)
    progress(f"fact check of {len(claims)} claims")
    rows = [row for claim in claims for row in fact_rows(claim)]
    annotated = {r.claim_id for r in rows}
    return {
        "claims": len(claims),
        "claims_with_facts": len(annotated),
        "all": _shares(rows),
        "by_kind": {
            "numbers": _shares([r for r in rows if r.kind == "number"]),
            "names": _shares([r for r in rows if r.kind == "name"]),
            "strong": _shares([r for r in rows if r.strong]),
            "other": _shares([r for r in rows if not r.strong]),
        },
        "note": _note([r for r in rows if r.shown_first]),
        "contradicted": _note([r for r in rows if r.status == FactStatus.CONTRADICTED]),
        "rows": [asdict(r) for r in rows],
    }
