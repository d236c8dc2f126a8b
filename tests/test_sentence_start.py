"""A claim that begins mid-sentence, read with its sentence's subject (sidebot.verify.sentence_start): the
real spaCy parse, and the real verifier's input."""

from __future__ import annotations

import pytest

from sidebot.records import Claim
from sidebot.verify.sentence_start import as_read, sentence_lead

RASKOB = "In 1929, Raskob bought the land on Fifth Avenue, and had it secretly constructed"


def claim(text: str, context: str) -> Claim:
    return Claim(text, "Empire State Building", "History", context)


def test_a_claim_after_another_citation_is_read_with_the_sentence_subject():
    mid = claim("and had it secretly constructed", f"The site was a hotel. {RASKOB}")
    assert sentence_lead(mid) == "In 1929, Raskob bought the land on Fifth Avenue,"
    assert as_read(mid) == "Raskob … and had it secretly constructed"


def test_a_relative_clause_is_read_with_the_noun_it_follows():
    mid = claim("which opened in 1931", "Smith designed the tower, which opened in 1931")
    assert as_read(mid) == "the tower … which opened in 1931"


@pytest.mark.parametrize(
    ("text", "context"),
    [
        (
            "and the United Kingdom led the Industrial Revolution",
            "England and Scotland united in 1707, and the United Kingdom led the Industrial Revolution",
        ),
        ("It opened in 1931.", "The site was a hotel. It opened in 1931."),  # a sentence of its own
        ("and had it secretly constructed", "an unrelated context"),  # a context that is not the claim's
        ("and had it secretly constructed", "He bought the land, and had it secretly constructed"),  # "He"
    ],
)
def test_claims_with_a_subject_of_their_own_or_no_sentence_start_are_read_as_written(text, context):
    assert as_read(claim(text, context)) == text


def test_the_verifier_reads_the_subject_and_its_fact_check_keeps_the_claims_words():
    from sidebot.sources.passages import split_passages
    from sidebot.verify.factory import load_verifier

    verifier = load_verifier()
    mid = claim("and had it secretly constructed", RASKOB)
    page = split_passages(
        "John J. Raskob bought the land in 1929 and had the tower secretly constructed.", ""
    )
    assert verifier.as_read(mid) == "Raskob … and had it secretly constructed"
    verdict = verifier.verify(mid, page)
    assert not [f for f in verdict.facts if "Raskob" in f.fact.text]  # the subject is not this claim's fact
    verifier.mid_sentence_subject = False
    assert verifier.as_read(mid) == mid.text
    as_written = verifier.verify(mid, page)
    assert as_written.reader_score != verdict.reader_score  # the reader was given other words
