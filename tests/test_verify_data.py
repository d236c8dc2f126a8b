"""WiCE reading and training-pair construction, on real records from tests/data/verify."""

import json
import random
from pathlib import Path

import pytest

from sidebot.datasets.wice import WiceFormatError, WiceLabel, read_wice, source_document
from sidebot.sources.passages import split_passages
from sidebot.training.claimlevel import claim_examples, page_without_evidence
from sidebot.training.data import (
    MOSTLY,
    NOT_ENOUGH_INFO,
    PARTIAL,
    POSITIVE,
    REFUTES,
    SUPPORTS,
    fever_symmetric_pairs,
    page_key,
    prune_unsupported,
    repeated_wice_groups,
    scifact_pairs,
    split_by_page,
    wice_pairs,
)
from sidebot.training.mining import cross_source_negatives

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


def test_wice_pairs_label_windows_by_gold_sentences():
    subclaims = read_wice(DATA / "wice-subclaims.jsonl")
    pairs = wice_pairs(subclaims, random.Random(0))
    assert {p.target for p in pairs} <= {SUPPORTS, MOSTLY, PARTIAL, NOT_ENOUGH_INFO}
    by_text = {c.claim: c for c in subclaims}
    for p in pairs:
        wc = by_text.get(p.claim.text) or next(c for c in subclaims if c.id in p.group)
        doc = wc.source()
        gold = [
            doc.text[s[0] : s[1]] for i, s in enumerate(doc.sentence_spans) if s and i in wc.gold_sentences
        ]
        if (
            p.origin == "wice:same-source"
        ):  # one or two page sentences (joined by a newline), none of them gold
            assert not set(p.text.split("\n")) & set(gold), wc.id
        else:
            assert any(g in p.text for g in gold), (p.origin, wc.id)
        if p.origin in (
            "wice:gold",
            "wice:same-source",
        ):  # multi-sentence positives may join distant sentences
            assert p.text in doc.text
        assert p.group.startswith(p.source_key) and wc.id in p.group
    # every group ranks at least one evidence window against at least one negative of the same page
    for group in {p.group for p in pairs}:
        members = [p for p in pairs if p.group == group]
        assert any(p.target[0] >= POSITIVE for p in members)
        assert any(p.target == NOT_ENOUGH_INFO for p in members)
    assert {"wice:gold", "wice:same-source", "wice:pruned"} <= {p.origin for p in pairs}


def test_cross_source_negatives_come_from_other_pages_of_the_same_group():
    pairs = wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), random.Random(0))
    negatives = cross_source_negatives(pairs, per_claim=2)
    own = {p.group: p.source_key for p in pairs}
    assert len(negatives) == 2 * len(own)
    for n in negatives:
        assert n.target == NOT_ENOUGH_INFO and n.origin == "cross-source"
        assert n.source_key != own[n.group]


def test_split_by_page_keeps_pages_whole():
    claims = read_wice(DATA / "wice-subclaims.jsonl") + read_wice(DATA / "wice-claims.jsonl")
    kept, held = split_by_page(claims, 0.3, seed=1)
    assert len(kept) + len(held) == len(claims) and held and kept
    assert not {page_key(c.source().text) for c in kept} & {page_key(c.source().text) for c in held}


def test_claim_examples_strip_every_supporting_sentence():
    subclaims = read_wice(DATA / "wice-subclaims.jsonl")
    examples = claim_examples(subclaims)
    assert [e.supported for e in examples] == [True, False] * len(subclaims)
    for wc in subclaims:
        doc = wc.source()
        stripped = page_without_evidence(wc)
        spans = [doc.sentence_spans[i] for i in wc.gold_sentences if doc.sentence_spans[i]]  # not meta lines
        assert spans
        for a, b in spans:
            assert doc.text[a:b] not in stripped
        assert len(stripped) > 0.5 * len(doc.text)  # the rest of the page is still there


def test_scifact_and_fever_pairs_carry_refutations(tmp_path):
    (tmp_path / "corpus.jsonl").write_text((DATA / "scifact-corpus.jsonl").read_text())
    (tmp_path / "claims_train.jsonl").write_text((DATA / "scifact-claims.jsonl").read_text())
    scifact = scifact_pairs(tmp_path, random.Random(0))
    fever = fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    assert REFUTES in {p.target for p in scifact} and SUPPORTS in {p.target for p in scifact}
    assert {p.target for p in fever} == {SUPPORTS, REFUTES}


def test_wice_groups_are_repeated_as_groups_of_their_own_and_nothing_else_is():
    wice = wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), random.Random(0), negatives_per_claim=6)
    other = fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    assert sum(p.origin == "wice:same-source" for p in wice) > sum(
        p.origin == "wice:same-source"
        for p in wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), random.Random(0), negatives_per_claim=3)
    )
    again = repeated_wice_groups(wice + other, passes=3)
    assert len(again) == 2 * len(wice)
    assert [(p.claim, p.text, p.target) for p in again] == [(p.claim, p.text, p.target) for p in wice * 2]
    assert not {p.group for p in again} & {p.group for p in wice}
    assert len({p.group for p in again}) == 2 * len({p.group for p in wice})
    assert repeated_wice_groups(wice + other, passes=1) == []
