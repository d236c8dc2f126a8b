"""Claim decomposition on real WiCE claims: the parts of a compound claim, a simple claim left whole, and the
split compared with WiCE's hand-made sub-claims."""

from dataclasses import replace
from pathlib import Path

from sidebot.datasets.wice import read_wice
from sidebot.eval.decompose import best_match_f1, decomposition_agreement
from sidebot.verify.decompose import decompose

DATA = Path(__file__).parent / "data" / "verify"


def test_a_compound_claim_splits_into_its_facts():
    # WiCE dev02986 (Roger Hedgecock): a coordination and an apposition in one sentence
    claim = (
        "In 1986 he formed a band with well-known San Diego journalist Thomas K. Arnold, who later became a "
        "publisher, and released two albums."
    )
    parts = decompose(claim)
    assert parts[0].startswith("In 1986 he formed a band with") and parts[0].endswith("Arnold.")
    assert "He released two albums." in parts
    assert "Well-known San Diego journalist Thomas K. Arnold later became a publisher." in parts


def test_a_simple_claim_stays_whole():
    assert decompose("The band was popular.") == ["The band was popular."]
    assert decompose("Media Play News is the voice of the home entertainment industry.") == [
        "Media Play News is the voice of the home entertainment industry."
    ]


def test_parts_use_the_claims_own_words():
    for wc in read_wice(DATA / "wice-claims.jsonl"):
        words = set(wc.claim.lower().replace(",", " ").replace(".", " ").split())
        for part in decompose(wc.claim):
            extra = set(part.lower().replace(",", " ").replace(".", " ").split()) - words
            assert extra <= {"is", "was"}, (wc.id, part)


def test_agreement_with_wice_sub_claims():
    assert best_match_f1(["a b c d"], ["a b c d"]) == 1.0
    assert best_match_f1(["a b"], ["c d"]) == 0.0
    claims = read_wice(DATA / "wice-claims.jsonl")
    # gold sub-claims for two real claims: one equal to a part of our split, one to the whole claim
    compound = replace(
        claims[0], claim="In 1986 he formed a band with Thomas K. Arnold and released two albums."
    )
    parts = decompose(compound.claim)
    gold = [
        replace(compound, id=f"{compound.id}-0", claim=parts[1]),
        replace(claims[1], id=f"{claims[1].id}-0"),
    ]
    result = decomposition_agreement([compound, claims[1], claims[2]], gold)
    assert result["claims"] == 2 and result["gold_subclaims"] == 2
    assert result["best_match_f1"] == 1.0 and result["unsplit_best_match_f1"] < 1.0
