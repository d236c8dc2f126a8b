"""Claim decomposition on real WiCE claims: the parts of a compound claim, a simple claim left whole, parts
that do not read as a clause left out, and the split compared with WiCE's hand-made sub-claims."""

from dataclasses import replace
from pathlib import Path

import pytest

from sidebot.datasets.wice import read_wice
from sidebot.eval.decompose import best_match_f1, decomposition_agreement
from sidebot.verify.clause import clause_problem
from sidebot.verify.decompose import decompose, decompose_all

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


# Parts the split used to make from real WiCE dev claims (the first two as the review card showed them).
NOT_CLAUSES = {
    "Central African Republic ) was (CAR.": "unbalanced ()",
    "Colombia;; Democratic Republic of Congo () was Cote d’Ivoire.": "empty brackets or quotes",
    "Bayamon,;, scheduled to begin its first season at Juan Ramon Loubriel Stadium was Puerto Rico.": (
        "punctuation with nothing between"
    ),
    'Manifiesto 2001" called for basic freedoms.': 'unbalanced "',
    "The Tozzer library is itself.": "says nothing (X is itself)",
    "His wife and their dog is Cerys.": "a singular verb after two subjects",
    "San Diego was California.": "one place or date said to be another",
    "Records and Decca Records.": "no verb",
    "His grandson, would become a noted radiologist.": "a comma between the subject and its verb",
    "In Israel the show airs on yes and on Cellcom TV. is Drama channel.": "a full stop inside",
    "However, this was the temperature of one particular type of motion—.": "a dash before the full stop",
}


@pytest.mark.parametrize(("part", "problem"), NOT_CLAUSES.items())
def test_a_part_that_is_not_a_clause_is_named_with_its_problem(part, problem):
    assert clause_problem(part) == problem


@pytest.mark.parametrize(
    "part",
    [
        "He released two albums.",
        "Well-known San Diego journalist Thomas K. Arnold later became a publisher.",
        "Something is very highly regarded by the speaker.",  # the parser hangs its subject on "is"
        'The 1980 case was "Godfrey v. Georgia".',
        "There were three candidates (two of them new).",
    ],
)
def test_a_clause_passes(part):
    assert clause_problem(part) is None


def test_a_claim_whose_parts_are_not_clauses_is_judged_whole():
    # WiCE dev04156: the bracketed abbreviations used to come out as parts of their own
    claim = (
        "The Office identified eight priority countries: Bosnia and Herzegovina; Central African Republic "
        "(CAR); Colombia; Cote d’Ivoire; Democratic Republic of Congo (DRC); Liberia; South Sudan and Sudan."
    )
    assert decompose(claim) == [claim]
    # WiCE dev02563: "The Tozzer library is itself." is no fact to check
    claim = (
        "The Tozzer library itself holds over 260,000 volumes, including the first book acquired by the "
        "Peabody Museum Library."
    )
    assert decompose(claim) == [claim]


def test_every_part_of_the_wice_claims_reads_as_a_clause():
    for wc in read_wice(DATA / "wice-claims.jsonl"):
        parts = decompose(wc.claim)
        if len(parts) > 1:
            assert all(clause_problem(p) is None for p in parts), (wc.id, parts)


def test_claims_decomposed_together_split_as_each_alone():
    """The verifier parses a chunk of claims, then all their candidate parts, in one batch each: the parts are
    those of each claim decomposed on its own."""
    claims = [wc.claim for wc in read_wice(DATA / "wice-claims.jsonl")]
    assert any(len(parts) > 1 for parts in decompose_all(claims))
    assert decompose_all(claims) == [decompose(claim) for claim in claims]
