"""Claims tagged {{citation needed}} read from wikitext: the tag and its redirects, {{citation needed span}},
the tag's date, and fingerprints that keep a re-read from adding rows; then stored with the real queue."""

from __future__ import annotations

import pytest

from sidebot.citations.citations import NEEDS_SOURCE, ExtractedCitation, extract_citations
from sidebot.citations.tags import CITATION_NEEDED, FAILED_VERIFICATION
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, FindingState


def needs_source(wikitext: str, **kwargs: object) -> list[ExtractedCitation]:
    found = extract_citations(wikitext, "Page", unsourced=True, **kwargs)  # type: ignore[arg-type]
    return [c for c in found if c.kind == NEEDS_SOURCE]


@pytest.mark.parametrize(
    "tag",
    ["{{citation needed}}", "{{Citation needed|date=May 2020}}", "{{cn}}", "{{Fact}}", "{{Citation_needed}}"],
)
def test_the_tag_and_its_redirects_mark_the_claim_before_them(tag: str) -> None:
    text = f"The sky is blue.<ref>http://a.example/sky</ref> Grass is green in spring.{tag} Water is wet."
    (claim,) = needs_source(text)
    assert claim.claim == "Grass is green in spring."
    assert (claim.url, claim.checkable, claim.tags) == (None, False, (CITATION_NEEDED,))
    assert claim.context.endswith("The sky is blue. Grass is green in spring.")


def test_a_redirect_learnt_from_the_wiki_counts() -> None:
    text = "Rome was founded in 753 BC.{{Belege fehlen hier}}"
    assert needs_source(text) == []
    (claim,) = needs_source(text, tag_aliases={"Belege fehlen hier": "citation needed"})
    assert claim.claim == "Rome was founded in 753 BC."


def test_the_claim_stops_at_the_previous_ref_and_keeps_its_section() -> None:
    text = (
        "Intro.\n\n== History ==\n=== Founding ===\n"
        "It was founded in 1850,<ref>http://a.example/</ref> and it grew fast.{{cn}}"
    )
    (claim,) = needs_source(text)
    assert (claim.claim, claim.section) == ("and it grew fast.", "History::Founding")


def test_the_date_is_kept_as_written() -> None:
    (dated, undated) = needs_source("First claim here.{{cn|date=March 2021}} Second claim here.{{fact}}")
    assert (dated.tag_date, undated.tag_date) == ("March 2021", None)


def test_a_span_marks_its_own_text_and_the_text_still_reads() -> None:
    text = (
        "The town has a mill. "
        "{{citation needed span|text=Its bridge is the oldest in the county|date=June 2021}}"
        " and is still in use.<ref>http://a.example/bridge</ref>"
    )
    found = extract_citations(text, "Town", unsourced=True)
    span = next(c for c in found if c.kind == NEEDS_SOURCE)
    cited = next(c for c in found if c.url)
    assert (span.claim, span.tag_date) == ("Its bridge is the oldest in the county", "June 2021")
    assert cited.claim == "Its bridge is the oldest in the county and is still in use."
    (alias,) = needs_source("Some text. {{cn span|Its bridge is old}} More.")
    assert alias.claim == "Its bridge is old"


def test_a_tag_right_after_a_ref_is_that_refs_tag_not_a_claim_without_source() -> None:
    text = "Claim one.<ref>http://a.example/</ref>{{cn}}{{fv}}"
    (only,) = extract_citations(text, unsourced=True)
    assert only.url == "http://a.example/" and only.tags == (CITATION_NEEDED, FAILED_VERIFICATION)


def test_without_unsourced_the_citations_are_as_before_and_page_order_is_kept() -> None:
    text = "Alpha is first.<ref>http://a.example/</ref> Beta is next.{{cn}} Gamma is last.<ref>http://c.example/</ref>"
    assert [c.claim for c in extract_citations(text)] == ["Alpha is first.", "Gamma is last."]
    found = extract_citations(text, unsourced=True)
    assert [(c.index, c.claim, c.kind == NEEDS_SOURCE) for c in found] == [
        (0, "Alpha is first.", False),
        (1, "Beta is next.", True),
        (2, "Gamma is last.", False),
    ]


def test_fingerprints_survive_a_reread_a_new_date_and_tell_twins_apart() -> None:
    text = "Intro.{{cn|date=May 2020}} Same words.{{cn}} Same words.{{cn}}"
    first = needs_source(text)
    again = needs_source(text.replace("May 2020", "June 2024"))
    assert [c.fingerprint for c in first] == [c.fingerprint for c in again]
    assert len({c.fingerprint for c in first}) == 3
    cited = extract_citations("Intro.<ref>x</ref>", unsourced=True)[0]  # the same claim with a source
    assert cited.fingerprint != first[0].fingerprint


def test_a_tag_with_no_words_before_it_has_no_claim() -> None:
    assert needs_source("{{cn}}\n\nText.") == []


def test_stored_once_and_stale_when_an_editor_adds_a_ref(tmp_path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'queue.db'}")
    before = "A claim without source.{{cn|date=May 2020}} Other text.<ref>http://b.example/</ref>"
    after = "A claim without source.<ref>http://a.example/</ref> Other text.<ref>http://b.example/</ref>"
    with db.session() as session:
        wiki = store.get_or_create_wiki(session, "test")
        page = store.get_or_create_page(session, wiki, "Page", 1)
        for rev in (1, 2):  # read twice: one row
            sync = store.sync_citations(session, page, extract_citations(before, "Page", unsourced=True), rev)
        rows = [c for c, _ in sync.citations if c.kind == NEEDS_SOURCE]
        assert len(rows) == 1 and rows[0].tag_date == "May 2020" and rows[0].url is None
        assert store.unsourced_needing_search(session, [c for c, _ in sync.citations], "s") == rows
        store.record_finding(
            session,
            citation_id=rows[0].id,
            scorer="s",
            state="open",
            flag_reason="needs a source",
            origin="page",
        )
        session.flush()
        assert store.unsourced_needing_search(session, rows, "s") == []
        store.sync_citations(session, page, extract_citations(after, "Page", unsourced=True), 3)
        session.flush()
        row = session.get(Citation, rows[0].id)
        assert not row.present and row.findings[0].state == FindingState.STALE
    db.dispose()


def test_another_tag_is_no_cut_point_a_ref_is() -> None:
    text = (
        "Its editorials denounced censorship,{{cn}} opposed proportional representation,{{cn}} and yet "
        "called for stricter laws.<ref>http://a.example/</ref> It opposed the war,{{cn}} but backed the "
        "treaty.{{cn}}"
    )
    claims = [c.claim for c in needs_source(text)]
    assert claims == [
        "Its editorials denounced censorship,",
        "Its editorials denounced censorship, opposed proportional representation,",
        "It opposed the war,",
        "It opposed the war, but backed the treaty.",
    ]
