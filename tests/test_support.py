"""What people read about a finding (sidebot.queue.support): the two calibrated figures in words (every part /
at least part), the part or fact not backed, the "partly supported" filter agreeing with the words shown, and
the reason a finding is queued, whose SQL filter agrees with the reason shown."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Wiki
from sidebot.queue.support import (
    SUPPORT_WORDS,
    ReasonKind,
    Support,
    finding_support,
    gap_of,
    partly_condition,
    queue_reason,
    reason_condition,
    support_text,
)


def test_both_figures_are_named_with_the_part_not_backed():
    gap = gap_of("the source does not give the claim's year 1998", None)
    support = Support(0.93, 0.24, gap)
    assert support.text == (
        "source backs only part of the claim (backs the whole claim: 24 %; backs part of it: 93 %)"
        " — the source does not give the claim's year 1998"
    )
    assert support.partly


@pytest.mark.parametrize(
    ("part", "every", "gap", "words", "partly"),
    [
        (0.13, 0.02, None, "source unlikely to back the claim", False),
        (0.35, 0.10, "x", "source may not back the claim", False),  # a failing citation is not "partly"
        (0.93, 0.24, None, "source may back only part of the claim", True),
        (0.97, 0.45, "the source does not back ‘in 1998’", "source backs only part of the claim", True),
        (0.97, 0.62, None, "source probably backs the whole claim", False),
        (0.99, 0.86, None, "source likely backs the whole claim", False),
        (0.96, None, None, "source likely backs at least part of the claim", False),  # before the 2nd figure
        (None, None, None, "support not measured", False),
    ],
)
def test_the_words_follow_both_figures(part, every, gap, words, partly):
    support = Support(part, every, gap)
    assert support.words == words
    assert support.partly is partly


def test_a_copy_of_wikipedia_never_reads_as_backing_the_claim():
    support = Support.of(0.99, 0.95, None, None, "copies Wikipedia: From Wikipedia, the free encyclopedia")
    assert support.copies_wikipedia and not support.partly
    assert support.words.startswith("the source copies Wikipedia")
    assert support.figures == "backs the whole claim: 95 %; backs part of it: 99 %"  # shown, with the warning


def test_a_named_gap_never_reads_as_backing_the_whole_claim():
    for every in (0.5, 0.8, 0.99):
        words = Support(0.99, every, gap_of(None, "in 1998")).words
        assert "whole" not in words and "likely" not in words


def test_the_gap_prefers_the_failing_fact_to_the_weakest_part():
    assert gap_of("the source gives 1999, the claim says 2000", "in 2000") == (
        "the source gives 1999, the claim says 2000"
    )
    assert gap_of(None, "in 2000") == "the source does not back ‘in 2000’"
    assert gap_of(None, None) is None


def test_one_figure_alone_is_a_percentage_with_words():
    assert support_text(0.13) == "unlikely to back it, 13 %"
    assert support_text(0.96) == "likely backs it, 96 %"
    assert support_text(None) == "support not measured"
    # every band's words are used, in order, and each boundary belongs to the band above it
    bounds = [upper for upper, _ in SUPPORT_WORDS[:-1]]
    for (upper, words), (_, next_words) in zip(SUPPORT_WORDS, SUPPORT_WORDS[1:]):
        assert support_text(upper - 0.001).startswith(words)
        assert support_text(upper).startswith(next_words)
    assert bounds == sorted(bounds)


def test_the_partly_filter_matches_the_words_shown(db: Database):
    cases = [
        (0.13, 0.02, None, None),
        (0.93, 0.24, None, None),
        (0.93, 0.24, None, None, "copies Wikipedia: the article's own text"),  # a copy is never "partly"
        (0.97, 0.62, None, None),
        (0.97, 0.62, "the source does not give the claim's year 1998", None),
        (0.97, 0.62, None, "in 1998"),
        (0.49, 0.40, None, None),
        (0.96, None, None, None),
        (None, None, None, None),
    ]
    with db.session() as session:
        page = Page(wiki=Wiki(name="w"), title="T")
        session.add(page)
        session.flush()
        for i, (part, every, note, failed, *reason) in enumerate(cases):
            citation = Citation(page_id=page.id, fingerprint=str(i), claim=f"claim {i}", position=i)
            session.add(citation)
            session.flush()
            session.add(
                Finding(
                    citation_id=citation.id,
                    scorer="s",
                    probability=part,
                    every_part_probability=every,
                    fact_note=note,
                    failed_part=failed,
                    flag_reason=reason[0] if reason else None,
                    state="passed",
                )
            )
        session.flush()
        findings = list(session.scalars(select(Finding)))
        matched = set(session.scalars(select(Finding.id).where(partly_condition())))
        expected = {f.id for f in findings if finding_support(f).partly}
        assert matched == expected and len(expected) == 3


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
        "citation removed: http://a.example/x",
        "supports",
        ReasonKind.CITATION_REMOVED,
        "citation removed: http://a.example/x",
    ),
    (
        "source replaced: http://a.example/x → http://b.example/y",
        "not_enough_info",
        ReasonKind.SOURCE_REPLACED,
        "source replaced: http://a.example/x → http://b.example/y",
    ),
    ("tag removed: {{citation needed}}", None, ReasonKind.TAG_REMOVED, "tag removed: {{citation needed}}"),
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
    ("needs a source", None, ReasonKind.NEEDS_SOURCE, "needs a source"),  # tagged {{citation needed}}
    (
        "needs a source: no verified source found",
        None,
        ReasonKind.NEEDS_SOURCE,
        "needs a source: no verified source found",
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
