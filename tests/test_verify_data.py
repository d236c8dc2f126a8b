"""WiCE reading and training-pair construction, on real records from tests/data/verify."""

import json
import random
from pathlib import Path

import pytest

from sidebot.eval.wice import WiceFormatError, WiceLabel, read_wice, source_document
from sidebot.sources.passages import split_passages
from sidebot.verify.training.data import (
    NOT_ENOUGH_INFO,
    PARTIAL,
    REFUTES,
    SUPPORTS,
    fever_symmetric_pairs,
    prune_unsupported,
    scifact_pairs,
    wice_pairs,
)

DATA = Path(__file__).parent / "data" / "verify"


def test_wice_claims_are_read_with_labels_and_context():
    claims = read_wice(DATA / "wice-claims.jsonl")
    assert len(claims) == 9
    assert {c.label for c in claims} == set(WiceLabel)
    assert all(c.article_title and c.section and c.claim for c in claims)
    assert sum(bool(c.context) for c in claims) == 8  # dev02544 opens its section: no preceding text


def test_source_document_keeps_every_sentence_offset():
    for claim in read_wice(DATA / "wice-claims.jsonl"):
        doc = claim.source()
        for sentence, span in zip(claim.evidence, doc.sentence_spans):
            if sentence.startswith("(meta data)"):
                assert span is None
            else:
                assert doc.text[span[0] : span[1]] == sentence
        assert doc.title and not doc.text.startswith("(meta data)")


def test_sentences_between_finds_gold_sentences_inside_passages():
    claim = next(c for c in read_wice(DATA / "wice-claims.jsonl") if c.label is WiceLabel.SUPPORTED)
    doc = claim.source()
    found = set()
    for p in split_passages(doc.text, doc.title):
        found |= doc.sentences_between(p.start, p.end)
    assert claim.gold_sentences <= found


def test_bad_line_names_file_and_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    good = (DATA / "wice-claims.jsonl").read_text().splitlines()[0]
    path.write_text(good + "\n" + json.dumps({"claim": "x"}) + "\n")
    with pytest.raises(WiceFormatError, match=r"bad\.jsonl:2"):
        read_wice(path)


def test_meta_lines_give_the_title():
    doc = source_document(
        ["(meta data) TITLE: A page", "(meta data) PUBLISHED DATETIME: 2020", "One.", "Two."]
    )
    assert (doc.title, doc.text, doc.sentence_spans) == ("A page", "One.\nTwo.", (None, None, (0, 4), (5, 9)))


def test_pruning_cuts_the_one_unsupported_span():
    sub = {c.id: c for c in read_wice(DATA / "wice-subclaims.jsonl")}
    assert prune_unsupported(sub["train01237-0"]) == "He was born in Ohrady, Slovakia."
    assert prune_unsupported(sub["train01762-2"]) == "The PASGT vest was combined with the ISAPO."
    # "is popular ... researchers": two holes would leave a broken sentence, so no pruned variant
    assert prune_unsupported(sub["train00707-2"]) is None


def test_wice_pairs_label_passages_by_gold_sentences():
    subclaims = read_wice(DATA / "wice-subclaims.jsonl")
    pairs = wice_pairs(subclaims, random.Random(0))
    assert {p.target for p in pairs} <= {SUPPORTS, PARTIAL, NOT_ENOUGH_INFO}
    by_id = {c.claim: c for c in subclaims}
    for p in pairs:
        if p.origin == "wice:partial":
            wc = by_id[p.claim.text]
            doc = wc.source()
            start = doc.text.index(p.text)
            assert doc.sentences_between(start, start + len(p.text)) & wc.gold_sentences
        if p.origin == "wice:same-source":
            wc = by_id[p.claim.text]
            doc = wc.source()
            start = doc.text.index(p.text)
            assert not doc.sentences_between(start, start + len(p.text)) & wc.gold_sentences


def test_scifact_and_fever_pairs_carry_refutations(tmp_path):
    (tmp_path / "corpus.jsonl").write_text((DATA / "scifact-corpus.jsonl").read_text())
    (tmp_path / "claims_train.jsonl").write_text((DATA / "scifact-claims.jsonl").read_text())
    scifact = scifact_pairs(tmp_path, random.Random(0))
    fever = fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    assert REFUTES in {p.target for p in scifact} and SUPPORTS in {p.target for p in scifact}
    assert {p.target for p in fever} == {SUPPORTS, REFUTES}
