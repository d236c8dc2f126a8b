"""Evidence sentences on real WiCE claims: one whose facts sit in two separate sentences of the cited page,
one whose page states the claim's common words in one sentence and its rare ones in another."""

from pathlib import Path

from sidebot.datasets.wice import read_wice
from sidebot.eval.metrics import wice_items
from sidebot.records import Claim, Passage
from sidebot.retrieve.checks import checked_page, text_of
from sidebot.retrieve.retriever import Suggestion
from sidebot.verify.coverage import passage_coverage
from sidebot.verify.evidence import evidence_sentences
from sidebot.verify.factory import load_verifier
from sidebot.verify.facts import PageIndex
from sidebot.verify.page_windows import page_windows

DATA = Path(__file__).parent / "data" / "verify"


def _tennis_player():
    claims = read_wice(DATA / "wice-claims.jsonl")
    wc = next(c for c in claims if c.claim.startswith("A keen tennis player"))
    claim, passages = wice_items([wc])[0]
    coverage = passage_coverage(claim, passages)
    return wc, claim, passages[coverage.index(max(coverage))]


def test_evidence_is_the_sentences_that_together_hold_the_claims_words():
    wc, claim, passage = _tennis_player()
    found = [passage.text[e.start : e.end] for e in evidence_sentences(claim, passage, limit=3)]
    doc = wc.source()
    gold = {doc.text[slice(*doc.sentence_spans[i])] for i in (7, 8)}  # WiCE's annotated supporting set
    assert set(found) == gold


def test_evidence_is_in_text_order_scored_by_share_of_claim_words_and_capped():
    _, claim, passage = _tennis_player()
    both = evidence_sentences(claim, passage, limit=3)
    assert [e.start for e in both] == sorted(e.start for e in both)
    assert all(0.0 < e.score < 1.0 for e in both)
    first = evidence_sentences(claim, passage, limit=1)
    assert len(first) == 1 and first[0].score == max(e.score for e in both)


def test_no_evidence_when_no_sentence_holds_a_claim_word():
    _, _, passage = _tennis_player()
    assert evidence_sentences(Claim("Quasars emit xylophones."), passage, limit=3) == []


def _winslet():
    """WiCE dev00116 (Kate Winslet's Emmy nomination for Outstanding Guest Actress in a Comedy Series) and
    its cited page, the Television Academy's Kate Winslet page (emmys.com) as WiCE captured it: the demo's
    suggestion quoted the page's 2011 Lead Actress sentence for this claim."""
    wc = read_wice(DATA / "wice-winslet.jsonl")[0]
    claim, passages = wice_items([wc])[0]
    return wc, claim, passages


def test_the_sentence_with_the_claims_rare_words_wins_over_the_one_with_its_common_words():
    wc, claim, passages = _winslet()
    lead = (
        "The role earned her a 2011 Primetime Emmy® Award for Outstanding Lead Actress in a Miniseries or "
        "Movie."
    )
    guest = "### Outstanding Guest Actress In A Comedy Series - 2006"
    assert lead in wc.evidence and guest in wc.evidence
    text = f"{lead}\n{guest}"
    passage = Passage(0, text, "Kate Winslet | Television Academy", 0, len(text))
    # each holds five of the claim's ten content words; "Primetime", "Emmy" and "Award" are on many of the
    # page's sentences, "Guest", "Comedy" and "Series" on one
    page = PageIndex.from_windows(page_windows(passages, 2).windows)
    first = evidence_sentences(claim, passage, limit=1, page=page)
    assert [text[e.start : e.end] for e in first] == [guest]
    both = evidence_sentences(claim, passage, limit=3, page=page)
    assert [text[e.start : e.end] for e in both] == [lead, guest]  # in text order; the guest line scores more
    assert both[1].score > both[0].score > 0.0


def test_the_verifier_shows_the_page_line_that_states_the_nomination():
    wc, claim, passages = _winslet()
    verdict = load_verifier().verify(claim, passages)
    assert verdict.best_passage is not None
    top = max(verdict.evidence, key=lambda e: e.score)  # what the card marks first and a reference quotes
    quoted = verdict.best_passage.text[top.start : top.end]
    assert "Outstanding Guest Actress In A Comedy Series - 2006" in quoted
    assert "2011 Primetime Emmy" not in quoted


def test_a_suggestion_of_the_page_quotes_its_guest_actress_line():
    """End to end on the real page and model: the verifier's best mark is the page's awards list (no full stop
    between its lines), and the suggestion the patrol would store marks and quotes only its line that states
    the nomination (sidebot.retrieve.checks.best_line_of_a_list)."""
    wc, claim, passages = _winslet()
    verdict = load_verifier().verify(claim, passages)
    found = Suggestion(
        "https://www.emmys.com/bios/kate-winslet", "Kate Winslet", 2.0, verdict.probability,
        verdict.best_passage, verdict.evidence, verdict.stance, None,
    )  # fmt: skip
    shown = checked_page(claim, passages, lambda: text_of(passages), found)
    assert shown is not None and shown.passage is not None
    best = max(shown.evidence, key=lambda e: e.score)
    assert shown.passage.text[best.start : best.end] == "Outstanding Guest Actress In A Comedy Series - 2006"
