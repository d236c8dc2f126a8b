"""The one support figure people see and the reason a finding is queued (sidebot.queue.support): the words
follow the calibrated probability, and the SQL filter by reason agrees with the reason shown."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Wiki
from sidebot.queue.support import (
    SUPPORT_WORDS,
    ReasonKind,
    queue_reason,
    reason_condition,
    support_text,
)


def test_support_is_a_percentage_with_words():
    assert support_text(0.13) == "source unlikely to support the claim, 13 %"
    assert support_text(0.96) == "source likely supports the claim, 96 %"
    assert support_text(None) == "support not measured"
    # every band's words are used, in order, and each boundary belongs to the band above it
    bounds = [upper for upper, _ in SUPPORT_WORDS[:-1]]
    for (upper, words), (_, next_words) in zip(SUPPORT_WORDS, SUPPORT_WORDS[1:]):
        assert support_text(upper - 0.001).startswith(words)
        assert support_text(upper).startswith(next_words)
    assert bounds == sorted(bounds)


# (flag_reason as sidebot.patrol.pipeline.triage writes it, stance) → the reason people see
CASES = [
    ("tagged failed verification (support 0.96)", "not_enough_info", ReasonKind.TAGGED, "tagged by editors"),
    ("tagged failed verification (support 0.10)", "refutes", ReasonKind.TAGGED, "tagged by editors"),
    ("low support (0.13 < 0.50)", "refutes", ReasonKind.CONTRADICTS, "source contradicts"),
    ("low support (0.13 < 0.50)", "not_enough_info", ReasonKind.LOW_SUPPORT, "low support"),
    ("low support (0.13 < 0.50)", None, ReasonKind.LOW_SUPPORT, "low support"),
    (
        "partial support: the band formed in 1983 failed",
        "supports",
        ReasonKind.PARTIAL,
        "partial support: the band formed in 1983 failed",
    ),
    ("changed fact: 1999 → 2000", "refutes", ReasonKind.CHANGED_FACT, "changed fact: 1999 → 2000"),
    (
        "contradicted fact: the source gives 1999, the claim says 2000 (0.12 < 0.50)",
        "refutes",
        ReasonKind.FACT_CONTRADICTED,
        "source contradicts a fact: the source gives 1999, the claim says 2000",
    ),
    (
        "missing fact: the source does not give the claim's place Munich (0.31 < 0.50)",
        "not_enough_info",
        ReasonKind.FACT_MISSING,
        "fact not in source: the source does not give the claim's place Munich",
    ),
    (
        "copies Wikipedia: the page says it is taken from Wikipedia",
        "supports",
        ReasonKind.COPIES_WIKIPEDIA,
        "the source copies Wikipedia: the page says it is taken from Wikipedia",
    ),
]


@pytest.mark.parametrize(("flag_reason", "stance", "kind", "label"), CASES)
def test_reason_from_the_triage_and_the_stance(flag_reason, stance, kind, label):
    reason = queue_reason(flag_reason, stance)
    assert reason is not None and reason.kind is kind and reason.label == label


def test_never_queued_has_no_reason():
    assert queue_reason(None, "supports") is None
    assert queue_reason(None, "refutes") is None
    assert queue_reason("DNS failure: no such host", None) is None  # unverifiable: the problem, no reason


def test_filter_by_reason_matches_the_reason_shown(db: Database):
    with db.session() as session:
        page = Page(wiki=Wiki(name="w"), title="T")
        session.add(page)
        session.flush()
        for i, (flag_reason, stance) in enumerate(
            [*((c[0], c[1]) for c in CASES), (None, "supports"), ("DNS failure", "refutes")]
        ):
            citation = Citation(page_id=page.id, fingerprint=str(i), claim=f"claim {i}", position=i)
            session.add(citation)
            session.flush()
            session.add(
                Finding(
                    citation_id=citation.id, scorer="s", stance=stance, flag_reason=flag_reason, state="open"
                )
            )
        session.flush()
        findings = list(session.scalars(select(Finding)))
        for kind in ReasonKind:
            matched = set(session.scalars(select(Finding.id).where(reason_condition(kind))))
            expected = {
                f.id for f in findings if (r := queue_reason(f.flag_reason, f.stance)) and r.kind is kind
            }
            assert matched == expected and expected, kind
