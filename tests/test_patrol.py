"""The patrol end to end on real parts: the local MediaWiki through Pywikibot, real WiCE source pages over
HTTP from the demo source server, hostile sources from the fetcher's test server, the real MiniLM scorer,
and the queue on SQLite and on PostgreSQL.

Counting wrappers around the real fetcher and scorer only observe calls; nothing is replaced."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import pytest
from sqlalchemy import func, select

from sidebot.config import Settings
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, Run, Source
from sidebot.queue.queries import list_findings
from sidebot.records import Claim, Passage, Verdict
from sidebot.sandbox.demo_content import demo_sources
from sidebot.sandbox.source_server import SourceServer
from sidebot.sources.fetch import FetchResult, fetch_many
from sidebot.verify.biencoder import BiEncoderScorer

pytestmark = pytest.mark.integration


class CountingScorer:
    """The real scorer, counting how many citations it is asked to verify."""

    def __init__(self, inner: BiEncoderScorer) -> None:
        self.inner, self.name, self.calls = inner, inner.name, 0
        self.calibrated, self.flag_threshold, self.bands = inner.calibrated, inner.flag_threshold, inner.bands

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        return self.verify_many([(claim, passages)], [url])[0]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        self.calls += len(items)
        return self.inner.verify_many(items, urls)


class CountingFetcher:
    """The real fetcher, counting URLs; ``crash_after`` raises KeyboardInterrupt on that call (a run killed
    half way through)."""

    def __init__(self, settings: Settings, crash_after: int | None = None) -> None:
        self.settings, self.urls, self.calls, self.crash_after = settings, Counter(), 0, crash_after

    def __call__(self, urls: list[str]) -> Mapping[str, FetchResult]:
        self.calls += 1
        if self.crash_after is not None and self.calls > self.crash_after:
            raise KeyboardInterrupt("simulated kill")
        self.urls.update(urls)
        return fetch_many(urls, self.settings.fetch)


@pytest.fixture(scope="module")
def wice_server() -> Iterator[SourceServer]:
    with SourceServer() as server:
        yield server


def wice_article(server: SourceServer, source_id: str, tag: str = "") -> tuple[str, str]:
    """Wikitext citing one real WiCE claim's source; returns (claim, wikitext)."""
    src = next(s for s in demo_sources() if s.id == source_id)
    claim = src.claim.text
    text = (
        f"Intro sentence of the article.\n\n== {src.claim.section or 'History'} ==\n{claim}"
        f"<ref>{{{{cite web |url={server.url_for(src.id)} |title={src.title}}}}}</ref>{tag}\n\n"
        "== References ==\n{{Reflist}}\n"
    )
    return claim, text


def refs_for(wiki, titles: list[str]):
    from sidebot.wiki.pages import single_page

    return [single_page(wiki.site, t) for t in titles]


def supported_and_not(n: int = 2) -> tuple[list[str], list[str]]:
    sources = demo_sources()
    return (
        [s.id for s in sources if s.label == "supported"][:n],
        [s.id for s in sources if s.label == "not_supported"][:n],
    )


def test_patrol_fills_queue_and_rerun_costs_nothing(
    settings, wiki, wiki_users, unique_title, wice_server, minilm
) -> None:
    supported, not_supported = supported_and_not(2)
    titles, claims = [], {}
    for sid in supported + not_supported:
        title = unique_title("Article")
        claims[title], text = wice_article(wice_server, sid)
        wiki_users.editor.edit(title, text, "test article")
        titles.append(title)
    db = Database(settings.database_url)
    scorer, fetcher = CountingScorer(minilm), CountingFetcher(settings)
    patrol = Patrol(settings, db, wiki, scorer, fetcher)

    summary = patrol.run(refs_for(wiki, titles), "test", {})
    assert summary.status == "ok" and summary.counts["pages_checked"] == 4
    assert scorer.calls == 4 and sum(fetcher.urls.values()) == 4
    with db.session() as session:
        rows = list_findings(session, states=None, wiki=wiki.name)
        rows = [r for r in rows if r.article in titles]
        assert {r.article for r in rows} == set(titles)
        for row in rows:
            assert row.claim == claims[row.article]
            assert row.url and row.url.startswith(wice_server.base_url)
            assert row.score is not None and -1.0 <= row.score <= 1.0
            assert row.state in ("open", "passed")
            assert row.best_passage and row.source_status == "ok"

    again = patrol.run(refs_for(wiki, titles), "test", {})
    assert again.counts["pages_unchanged"] == 4
    assert scorer.calls == 4 and sum(fetcher.urls.values()) == 4, (
        "an unchanged page was re-fetched or re-scored"
    )
    with db.session() as session:
        n = session.scalar(select(func.count(Finding.id)))
        assert n == len(rows), "a rerun added findings"
    db.dispose()


def test_changed_citation_supersedes_and_unchanged_one_is_kept(
    settings, wiki, wiki_users, unique_title, wice_server, minilm
) -> None:
    supported, not_supported = supported_and_not(1)
    title = unique_title("Changing")
    claim_a, text_a = wice_article(wice_server, supported[0])
    claim_b, text_b = wice_article(wice_server, not_supported[0])
    body_b = text_b.split("== References ==")[0].split("\n", 2)[2]
    wiki_users.editor.edit(title, text_a.replace("== References ==", body_b + "\n== References =="))
    db = Database(settings.database_url)
    scorer = CountingScorer(minilm)
    patrol = Patrol(settings, db, wiki, scorer, CountingFetcher(settings))
    patrol.run(refs_for(wiki, [title]), "test", {})
    assert scorer.calls == 2

    changed = claim_b.replace(claim_b.split()[0], "Reportedly", 1)
    wiki_users.editor.edit(
        title, text_a.replace("== References ==", body_b.replace(claim_b, changed) + "\n== References ==")
    )
    patrol.run(refs_for(wiki, [title]), "test", {})
    assert scorer.calls == 3, "only the changed citation should be verified again"
    with db.session() as session:
        rows = [r for r in list_findings(session, states=None, wiki=wiki.name) if r.article == title]
        by_claim = {r.claim: r.state for r in rows}
        assert by_claim[claim_b] == "stale"
        assert by_claim[changed] in ("open", "passed")
        assert by_claim[claim_a] in ("open", "passed")
    db.dispose()


def test_tagged_citation_is_queued_with_reason(
    settings, wiki, wiki_users, unique_title, wice_server, minilm
) -> None:
    supported, _ = supported_and_not(1)
    title = unique_title("Tagged")
    _, text = wice_article(wice_server, supported[0], tag="{{Fv|date=March 2024}}")
    wiki_users.editor.edit(title, text)
    db = Database(settings.database_url)
    Patrol(settings, db, wiki, minilm, CountingFetcher(settings)).run(refs_for(wiki, [title]), "test", {})
    with db.session() as session:
        (row,) = [r for r in list_findings(session, states=None, wiki=wiki.name) if r.article == title]
    assert row.state == "open" and "failed verification" in row.tags
    assert row.flag_reason.startswith("tagged failed verification")
    db.dispose()


BAD_SOURCES = {
    "/missing": ("http_error", "404"),
    "/stall": ("timeout", ""),
    "/huge": ("too_large", ""),
    "/image.png": ("unsupported", ""),
    "/scan.pdf": ("pdf", "no extractable text"),
}


def test_bad_sources_are_recorded_and_the_run_goes_on(
    settings, wiki, wiki_users, unique_title, source_server, wice_server, minilm
) -> None:
    supported, _ = supported_and_not(1)
    title = unique_title("Bad sources")
    claim, good = wice_article(wice_server, supported[0])
    bad_refs = "".join(
        f"Claim number {i} about the subject.<ref>[{source_server.url(path)} a source]</ref>\n"
        for i, path in enumerate(BAD_SOURCES)
    )
    pdf_claim = "The Blanda Station is an underground plant."  # the text of /doc.pdf says so
    pdf_ref = f"{pdf_claim}<ref>[{source_server.url('/doc.pdf')} Blanda Power Station (PDF)]</ref>\n"
    refs = bad_refs + pdf_ref
    wiki_users.editor.edit(title, good.replace("== References ==", refs + "\n== References =="))
    db = Database(settings.database_url)
    summary = Patrol(settings, db, wiki, minilm, CountingFetcher(settings)).run(
        refs_for(wiki, [title]), "t", {}
    )
    assert summary.status == "ok" and not summary.errors
    with db.session() as session:
        rows = {r.url: r for r in list_findings(session, states=None, wiki=wiki.name) if r.article == title}
    for path, (status, detail) in BAD_SOURCES.items():
        row = rows[source_server.url(path)]
        assert row.state == "unverifiable" and row.source_status == status, (path, row)
        assert detail in (row.flag_reason or "") and row.score is None
    good_row = next(r for r in rows.values() if r.claim == claim)
    assert good_row.state in ("open", "passed") and good_row.score is not None
    pdf = rows[source_server.url("/doc.pdf")]  # a PDF with text is a source like a page
    assert pdf.source_status == "pdf" and pdf.score is not None and pdf.state in ("open", "passed")
    db.dispose()


def test_killed_run_leaves_consistent_queue_and_rerun_resumes(
    settings, wiki, wiki_users, unique_title, wice_server, minilm
) -> None:
    supported, not_supported = supported_and_not(2)
    titles = []
    for sid in supported + not_supported:
        titles.append(unique_title("Resume"))
        wiki_users.editor.edit(titles[-1], wice_article(wice_server, sid)[1])
    db = Database(settings.database_url)
    crashing = Patrol(settings, db, wiki, minilm, CountingFetcher(settings, crash_after=2))
    with pytest.raises(KeyboardInterrupt):
        crashing.run(refs_for(wiki, titles), "test", {})
    with db.session() as session:
        run = session.scalars(select(Run).order_by(Run.id.desc())).first()
        assert run.status == "interrupted" and run.counts["pages_checked"] == 2
        done = [r.article for r in list_findings(session, states=None, wiki=wiki.name) if r.article in titles]
        assert sorted(done) == sorted(titles[:2]), "a half-checked page left findings behind"

    scorer, fetcher = CountingScorer(minilm), CountingFetcher(settings)
    summary = Patrol(settings, db, wiki, scorer, fetcher).run(refs_for(wiki, titles), "test", {})
    assert summary.counts["pages_unchanged"] == 2 and summary.counts["pages_checked"] == 2
    assert scorer.calls == 2
    with db.session() as session:
        rows = [r for r in list_findings(session, states=None, wiki=wiki.name) if r.article in titles]
        assert sorted(r.article for r in rows) == sorted(titles), "each page has exactly one finding"
        assert (
            session.scalar(select(func.count(Source.id)).where(Source.url.like(f"{wice_server.base_url}%")))
            == 4
        )
    db.dispose()


def test_page_deleted_after_listing_closes_its_findings(
    settings, wiki, wiki_users, unique_title, wice_server, minilm
) -> None:
    """The page is edited, listed by a page source, then deleted before the patrol reads it."""
    supported, _ = supported_and_not(1)
    title = unique_title("Doomed")
    text = wice_article(wice_server, supported[0])[1]
    wiki_users.editor.edit(title, text)
    db = Database(settings.database_url)
    patrol = Patrol(settings, db, wiki, minilm, CountingFetcher(settings))
    patrol.run(refs_for(wiki, [title]), "test", {})
    wiki_users.editor.edit(title, text + "\nA new paragraph.")
    listed = refs_for(wiki, [title])
    wiki_users.admin.delete(title, "test")
    summary = patrol.run(listed, "test", {})
    assert summary.status == "ok" and summary.counts["pages_missing"] == 1
    with db.session() as session:
        (row,) = [r for r in list_findings(session, states=None, wiki=wiki.name) if r.article == title]
    assert row.state == "stale"
    db.dispose()


def test_page_with_an_excluded_source_is_current_until_the_list_changes(
    settings, wiki, wiki_users, unique_title, wice_server, source_server, minilm
) -> None:
    from sidebot.onwiki.exclusions import exclusions_from

    supported, _ = supported_and_not(1)
    title = unique_title("Excluded")
    _, text = wice_article(wice_server, supported[0])
    excluded_ref = f"Another claim about it.<ref>[{source_server.url('/blanda.txt')} Blanda]</ref>\n"
    wiki_users.editor.edit(title, text.replace("== References ==", excluded_ref + "== References =="))
    db = Database(settings.database_url)
    exclusions = exclusions_from("* 127.0.0.1/blanda.txt", None)
    assert exclusions.source_rule(source_server.url("/blanda.txt"))
    scorer = CountingScorer(minilm)
    patrol = Patrol(settings, db, wiki, scorer, CountingFetcher(settings), exclusions=exclusions)
    first = patrol.run(refs_for(wiki, [title]), "test", {})
    assert first.counts["citations_excluded"] == 1 and scorer.calls == 1
    second = patrol.run(refs_for(wiki, [title]), "test", {})
    assert second.counts["pages_unchanged"] == 1, "an excluded source kept the page from being current"

    unlisted = Patrol(
        settings, db, wiki, scorer, CountingFetcher(settings), exclusions=exclusions_from("", None)
    )
    third = unlisted.run(refs_for(wiki, [title]), "test", {})
    assert third.counts["pages_checked"] == 1 and scorer.calls == 2, "taking the source off the list"
    db.dispose()
