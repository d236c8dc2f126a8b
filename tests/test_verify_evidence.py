"""Evidence sentences on a real WiCE claim whose facts sit in two separate sentences of the cited page."""

from pathlib import Path

from sidebot.datasets.wice import read_wice
from sidebot.eval.metrics import wice_items
from sidebot.records import Claim
from sidebot.verify.coverage import passage_coverage
from sidebot.verify.evidence import evidence_sentences

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
