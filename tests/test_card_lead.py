"""What the card (and every other view) leads with and what it may say (sidebot.queue.lead, sidebot.web.lead):
failures in words built from the facts, no "backs part" figure when the source backs none of the claim's
facts, a rival value only where the source says it of the claim's subject, and no highlight in a passage that
states nothing of the claim. The facts are those the demo queue stored (Adriana Lima, Vince Gill, Number 10
Policy Unit), cut to what the rules read."""

from __future__ import annotations

from sidebot.queue.lead import backs_nothing, failures, rival_words, said_of_subject, shown_support
from sidebot.queue.support import Support
from sidebot.web.lead import MIN_SHARE, states_nothing

LIMA_RIVAL = (
    "Last year she ranked number two overall, after Bündchen, and her $20 million in earnings this year "
    "would have placed her comfortably into the same spot this time."
)
LIMA = [
    {"text": "2015", "kind": "year", "status": "missing", "explanation": "the source does not give 2015"},
    {"text": "2nd", "kind": "rank", "status": "missing", "explanation": "the source does not give 2nd"},
    {
        "text": "$9 million",
        "kind": "sum",
        "status": "contradicted",
        "stated": "$20 million",
        "sentence": LIMA_RIVAL,
        "elsewhere": "Coming up second is British supermodel Kate Moss, with earnings of $9.2 million.",
        "explanation": "the source gives $20 million, the claim says $9 million (it gives $9 million only "
        "elsewhere)",
    },
]
GILL = [
    {"text": "Gill", "kind": "name", "status": "found", "subject": True, "sentence": "Vince Gill"},
    {"text": "21", "kind": "number", "status": "missing"},
    {"text": "44", "kind": "number", "status": "missing"},
]


def test_the_failures_lead_with_the_edit_then_contradictions_then_what_is_missing():
    change = {"old": "2013", "new": "2014", "kind": "year"}
    assert failures(LIMA, "Adriana Lima", change, "changed fact: 2013 → 2014", None) == [
        "Changed fact: 2013 → 2014 (the source gives 2013)",
        "Contradicted: the source gives another figure, not said of Adriana Lima; the claim says $9 million "
        "(it gives $9 million only elsewhere)",
        "The source does not give: 2015, 2nd",
    ]
    # the changed fact's own contradiction is the change line: not said twice
    year = {
        "text": "2014",
        "kind": "year",
        "status": "contradicted",
        "stated": "2013",
        "sentence": "In 2013.",
    }
    assert failures([year, LIMA[0]], "A", change, "changed fact: 2013 → 2014", None) == [
        "Changed fact: 2013 → 2014 (the source gives 2013)",
        "The source does not give: 2015",
    ]
    # each edit that touched a citation is named as such; a subject's own name is no missing fact
    for edit, line in (
        ("citation removed", "Citation removed"),
        ("source replaced", "Source replaced"),
        ("tag removed", "Tag removed: {{citation needed}}"),
    ):
        change = {"edit": edit, "old": "{{citation needed}}", "new": ""}
        assert failures([], "A", change, edit, None) == [line]
    assert failures(GILL, "Vince Gill", None, "low support (0.63 < 0.65)", None) == [
        "The source does not give: 21, 44"
    ]
    copies = failures([], "Jodie Emery", None, "copies Wikipedia: the page says so", None)
    assert copies == ["The source copies Wikipedia: it cannot back the claim"]
    part = "The Union Judiciary Act was 1948."
    assert failures([], "A", None, "tagged failed verification", part) == [
        f"Partial support: the source does not back ‘{part}’"
    ]
    assert failures([], "A", None, "low support (0.40 < 0.65)", None) == []
    assert failures([], "A", None, "needs a source", None, needs_source=True) == ["Needs a source"]


def test_a_rival_value_is_named_only_where_the_source_says_it_of_the_subject():
    rival = LIMA[2]
    assert not said_of_subject(LIMA_RIVAL, "Adriana Lima", LIMA)
    assert said_of_subject("Lima earned $20 million last year.", "Adriana Lima", LIMA)  # her surname
    assert said_of_subject("Adriana Lima earned $20 million.", "Adriana Lima (model)", LIMA)
    # a name the fact check found to be the subject's counts as the subject, whatever the title
    assert said_of_subject("Gill won 21 awards.", "List of awards (country music)", GILL)
    assert not said_of_subject(None, "Adriana Lima", LIMA)
    assert rival_words(rival, "Adriana Lima (model)", LIMA) == (
        "the source gives another figure, not said of Adriana Lima; the claim says $9 million (it gives $9 "
        "million only elsewhere)"
    )
    said = {**rival, "sentence": "Adriana Lima earned $20 million this year."}
    assert rival_words(said, "Adriana Lima", LIMA) == rival["explanation"]
    year = {**rival, "kind": "year", "text": "2000", "elsewhere": None, "sentence": "It opened in 1999."}
    assert (
        rival_words(year, "Foo", [year])
        == "the source gives another year, not said of Foo; the claim says 2000"
    )
    # found and missing facts keep the fact check's words
    assert rival_words(LIMA[0], "Adriana Lima", LIMA) == "the source does not give 2015"


def test_no_backs_part_figure_when_the_source_gives_none_of_the_facts():
    assert backs_nothing(LIMA)  # two missing, one contradicted
    assert backs_nothing(GILL)  # the subject's own name found is no fact of the claim
    assert not backs_nothing([*GILL, {"text": "1990", "kind": "year", "status": "found"}])
    assert not backs_nothing([])  # nothing to check: the figures are all there is
    assert not backs_nothing(GILL[:1])
    lima = Support(0.896, 0.016, "the source gives $20 million, the claim says $9 million")
    assert lima.figures == "backs the whole claim: 2 %; backs part of it: 90 %"
    assert shown_support(lima, nothing_backed=True) == (
        "source backs none of the claim's facts",
        "backs the whole claim: 2 %",
    )
    assert shown_support(lima, nothing_backed=False) == (lima.words, lima.figures)
    # before the every-part figure: no figure that says part is backed
    assert shown_support(Support(0.9), nothing_backed=True) == ("source backs none of the claim's facts", "")
    assert shown_support(Support(None), nothing_backed=True) == ("support not measured", "")
    copy = Support(0.99, 0.87, copies_wikipedia=True)
    assert shown_support(copy, nothing_backed=True) == (copy.words, copy.figures)


def test_a_passage_states_nothing_when_every_fact_is_missing_or_no_mark_holds_a_tenth_of_the_claim():
    missing = [{"text": "James Marshall", "status": "missing"}, {"text": "24 July 2019", "status": "missing"}]
    assert states_nothing(missing, [0.167])
    assert states_nothing(GILL, [0.333])  # Gill is the subject: 21 and 44 are the facts, both missing
    assert not states_nothing(LIMA, [0.5])  # the contradicted sum is stated, another value
    found = [*missing, {"text": "Boris Johnson", "status": "found"}]
    assert not states_nothing(found, [0.05, 0.3])
    # else the evidence marks' shares of the claim's content words decide: "42 U.S.C. 1983" gives a year,
    # but the passage's one mark holds under a tenth of the claim (the demo's capital punishment card)
    assert states_nothing(found, [0.095])
    assert states_nothing([], [MIN_SHARE / 2, 0.06])
    assert states_nothing([], [])
    assert not states_nothing([], [0.06, 0.2])
    assert not states_nothing([], [None])  # a mark stored without a score: not judged


def test_only_marks_that_state_something_are_highlighted():
    from sidebot.web.cards import Segment, stating

    passage = [
        Segment(text="He was a", evidence=True, score=0.05),
        Segment(text=" painter. ", evidence=False),
        Segment(text="Steen painted it in 1616.", evidence=True, score=0.4),
        Segment(text=" Old mark.", evidence=True, score=None),
    ]
    assert [s.evidence for s in stating(passage, silent=False)] == [False, False, True, True]
    assert not any(s.evidence for s in stating(passage, silent=True))
    assert "".join(s.text for s in stating(passage, silent=True)) == "".join(s.text for s in passage)
