"""Suggestions for claims without a source (sidebot.retrieve.unsourced), the failing citations that get them
(sidebot.patrol.pipeline) and the ``citation_needed`` block of ``sidebot eval suggest``, for real: pyserini
BM25, MiniLM + FAISS and the shipped verifier on the real test slice (tests/data/retrieve: 20 WiCE dev claims
with their cited pages, 40 SciFact abstracts as distractors)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sidebot.config import RetrieveSettings
from sidebot.datasets.documents import Document, read_documents
from sidebot.eval.retrieve import read_wice_queries
from sidebot.eval.suggest import in_half, run_suggestion_evaluation, summarise_citation_needed
from sidebot.eval.unsourced_tune import figures, fit
from sidebot.patrol.pipeline import SourceText, suggest_sources, wants_suggestions
from sidebot.retrieve.retriever import Retriever, Suggestion
from sidebot.retrieve.unsourced import Candidate, UnsourcedGate, suggest_for_unsourced

DATA = Path(__file__).parent / "data" / "retrieve"
WICE = DATA / "wice-claims.jsonl"
SCIFACT = DATA / "scifact-corpus.jsonl"
QUERIES = read_wice_queries(WICE)


def web_url(corpus_id: str) -> str:
    return f"https://source.example/{corpus_id.replace(':', '/')}"


@pytest.fixture(scope="module")
def retriever(tmp_path_factory):
    """The slice's pages at web addresses, as the patrol's corpus holds them (it suggests only those)."""
    folder = tmp_path_factory.mktemp("unsourced")
    retriever = Retriever(folder, RetrieveSettings(rerank=5))  # keeps the verifier's work small in tests
    for path in (WICE, SCIFACT):
        retriever.corpus.add(Document(web_url(d.url), d.title, d.text) for d in read_documents(path))
    retriever.update_indexes()
    yield retriever
    retriever.close()


def suggestion(url: str, score: float, probability: float, every_part: float | None = None) -> Suggestion:
    return Suggestion(url, url, score, probability, None, [], None, None, every_part)


def test_the_gate_shows_the_best_checked_page_that_clears_every_bar():
    gate = UnsourcedGate(min_probability=0.9, min_every_part=0.5, runner_up_margin=1.0, max_suggestions=1)
    best, rival = (
        suggestion("https://a.example/", 3.0, 0.97, 0.8),
        suggestion("https://b.example/", 1.5, 0.95),
    )
    assert gate.choose([Candidate(rival, True, True), Candidate(best, True, True)]) == [best]
    assert (
        gate.choose([Candidate(best, False, False), Candidate(rival, True, True)]) == []
    )  # the checks fail the best
    close = suggestion("https://c.example/", 2.5, 0.2)  # not shown itself, but read: too close a runner-up
    assert gate.choose([Candidate(best, True, True), Candidate(close, False, False)]) == []
    assert gate.choose([Candidate(suggestion("https://d.example/", 3.0, 0.97, 0.4), True, True)]) == []
    assert gate.choose([Candidate(suggestion("https://e.example/", 3.0, 0.89, 0.9), True, True)]) == []
    # a scorer without the every-part figure: its probability stands in for it
    assert gate.choose([Candidate(suggestion("https://f.example/", 3.0, 0.95), True, True)])
    # the facts looked up on the whole page instead of the passage shown, when the gate says so
    spread = [Candidate(best, False, True)]
    assert gate.choose(spread) == []
    assert UnsourcedGate(0.9, 0.5, 1.0, 1, facts_on_page=True).choose(spread) == [best]
    # the patrol's own pass bar may raise the gate's bar, never lower it
    settings = RetrieveSettings(unsourced_min_probability=0.9)
    assert UnsourcedGate.of(settings, 0.95).min_probability == 0.95
    assert UnsourcedGate.of(settings, 0.5).min_probability == 0.9


def test_a_claim_is_shown_its_page_only_when_the_page_backs_it(retriever):
    """With the shipped gate: a supported claim whose page the corpus holds is shown that page; a claim WiCE
    annotates as not supported by its page (it lacks the claim's year, date or name) is shown nothing."""
    article = "https://en.wikipedia.org/wiki/X"
    shown = {q.id: suggest_for_unsourced(retriever, q.claim, [article], None) for q in QUERIES}
    for query in QUERIES:
        assert len(shown[query.id]) <= retriever.settings.unsourced_max_suggestions
        if query.label == "not_supported":
            assert shown[query.id] == [], query.id
    found = [
        q.id
        for q in QUERIES
        if q.label == "supported" and shown[q.id] and shown[q.id][0].url == web_url(q.gold_url)
    ]
    assert len(found) >= 3, found
    gate = UnsourcedGate.of(retriever.settings)
    assert all(gate.passes(s) for found in shown.values() for s in found)


def test_excluded_addresses_are_never_suggested(retriever):
    query = next(q for q in QUERIES if q.label == "supported")
    first = suggest_for_unsourced(retriever, query.claim, [], 0.0)
    assert first and first[0].url == web_url(query.gold_url)
    assert suggest_for_unsourced(retriever, query.claim, [web_url(query.gold_url)], 0.0)[:1] != first[:1]


@pytest.mark.parametrize(
    ("state", "tags", "wanted"),
    [
        ("open", [], True),  # low support, a changed or contradicted fact, a copy of Wikipedia: all queued
        ("unverifiable", [], True),  # a dead link without a readable archived copy
        ("passed", ["failed verification"], True),
        ("unverifiable", ["failed verification"], True),
        ("passed", [], False),
    ],
)
def test_every_failing_citation_asks_for_a_source(state, tags, wanted):
    assert wants_suggestions(state, tags) is wanted


def test_a_source_with_no_score_to_beat_gets_the_unsourced_gate(retriever):
    """A dead link (no verdict) and a source that copies Wikipedia (its score says nothing) are served as a
    claim without a source: the cited URL left out, the unsourced gate applied."""
    query = next(q for q in QUERIES if q.label == "supported")
    gold = web_url(query.gold_url)
    dead = SourceText("https://dead.example/page", "", "")
    expected = suggest_for_unsourced(
        retriever, query.claim, ["https://en.wikipedia.org/wiki/X", dead.url], 0.0
    )
    got = suggest_sources(
        retriever, query.claim, dead, None, [], ["https://en.wikipedia.org/wiki/X"], min_probability=0.0
    )
    assert [s.url for s in got] == [s.url for s in expected] == [gold]

    text = "\n".join(p.passage.text for p in retriever.corpus.document_passages(gold))
    mirror = SourceText("https://mirror.example/x", query.claim.article_title, text)
    verdict = retriever.scorer.verify(
        query.claim, [p.passage for p in retriever.corpus.document_passages(gold)]
    )
    # scored as it reads, the copy is too good to beat; as a copy of Wikipedia it leaves the claim unsourced
    assert suggest_sources(retriever, query.claim, mirror, verdict, [], [], min_probability=0.0) == []
    copied = suggest_sources(retriever, query.claim, mirror, verdict, [], [], 0.0, copies_wikipedia=True)
    assert [s.url for s in copied] == [gold]


def test_the_evaluation_reports_claims_with_their_citation_removed(tmp_path):
    result = run_suggestion_evaluation(
        tmp_path, [WICE], [SCIFACT], RetrieveSettings(rerank=5), limit=6, citation_needed_only=True
    )
    rows = result["per_claim"]
    assert len(rows) == 6 and all(r["readable"] == r["dead_link"] == [] for r in rows)
    block = result["citation_needed"]
    assert block == summarise_citation_needed(rows)
    labels = {r["label"] for r in rows}
    assert set(block["by_label"]) == labels
    for label, counts in block["by_label"].items():
        mine = [r for r in rows if r["label"] == label]
        assert counts["claims"] == len(mine)
        assert counts["shown"] == sum(bool(r["citation_needed"]["shown"]) for r in mine)
        assert counts["shown_supporting"] == sum(
            bool(r["citation_needed"]["shown"]) and r["citation_needed"]["shown"][0] == r["gold"]
            for r in mine
        )
        assert counts["not_a_source"] == 0  # no Wikipedia page or copy in this pool
    for row in rows:  # every page read is kept with its figures; the pooled page is among them when found
        cands = row["citation_needed"]["candidates"]
        assert cands and all(
            {"score", "probability", "every_part_probability", "passes_checks"} <= set(c) for c in cands
        )
        assert set(row["citation_needed"]["shown"]) <= {c["url"] for c in cands}
    # replaying the run's own gate on its rows gives the run's figures: the fit replays exactly what it ran
    gate = UnsourcedGate(**result["unsourced_gate"])
    assert figures(rows, gate) == block
    # a gate that shows nothing meets any precision and false-alarm goal; the fit picks one that shows more
    chosen = fit(rows, precision=0.0, false_share=1.0)
    assert chosen is not None and (chosen[1]["supported_shown_supporting"] or 0) >= (
        block["supported_shown_supporting"] or 0
    )


def test_the_evaluation_halves_split_claims_as_every_wice_dev_fit_does(tmp_path):
    from sidebot.datasets.wice import read_wice
    from sidebot.training.factfit import dev_split

    claims = read_wice(WICE)
    fit_half, report_half = dev_split(claims)
    assert [c.id for c in fit_half] == [c.id for c in claims if in_half(c.id, "fit")]
    assert [c.id for c in report_half] == [c.id for c in claims if in_half(c.id, "report")]
    result = run_suggestion_evaluation(
        tmp_path,
        [WICE],
        [SCIFACT],
        RetrieveSettings(rerank=5),
        limit=2,
        half="report",
        labels=["supported"],
        citation_needed_only=True,
    )
    assert result["half"] == "report"
    assert [r["id"] for r in result["per_claim"]] == [
        c.id for c in report_half if c.label.value == "supported"
    ][:2]
    assert json.dumps(result)  # the --json output
