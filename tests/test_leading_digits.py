"""The leading-digits filter (sidebot/verify/facts/_leading_digits.py): it lets through every sentence that
states a claimed value in any written form, on real WiCE page sentences (tests/data/verify/README.md gives
their provenance), and keeps the fact check from reading every sentence of a page of statistics."""

from __future__ import annotations

from dataclasses import replace
from math import floor, log10
from pathlib import Path

import pytest

from sidebot.datasets.wice import read_wice
from sidebot.names import plain
from sidebot.sources.passages import split_passages
from sidebot.verify.facts import FactStatus, PageIndex, check_facts
from sidebot.verify.facts import _check as check
from sidebot.verify.facts._leading_digits import claimed_leading, may_state, written_numbers
from sidebot.verify.facts._numbers import NumberKind, number_facts, same_fact

READ_KINDS = (NumberKind.NUMBER, NumberKind.MONEY, NumberKind.PERCENT, NumberKind.ORDINAL)
WICE = Path(__file__).parent / "data" / "verify" / "wice-claims.jsonl"


def claimed(text: str):
    (fact,) = number_facts(text)
    return fact


def states(sentence: str, claim: str) -> bool:
    leading = claimed_leading(claimed(claim))
    assert leading is not None
    return may_state(written_numbers(sentence, plain(sentence)), leading)


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("The album sold 1,534,000 copies in its first year.", "1.5 million"),
        ("The album sold 1.46 million copies.", "1.5 million"),
        ("It cost $1.5bn to build.", "$1.5 billion"),
        ("Around one and a half million people visited.", "1.5 million"),
        ("Half a million people came to the rally.", "500,000"),
        ("Turnout was 95.2 per cent.", "95%"),
        ("The budget was 0.98 million euros.", "1 million"),  # 980,000 rounds to the claim's 1 million
        ("The bid was $12,3456 in the listing.", "$12,345"),  # a sum reads three digits of a group
        ("Spending rose to 1,05 million.", "5 million"),  # a decimal comma read as two numbers
        ("The second tranche is EUR30 million.", "1 million"),  # "EUR30" is no number: "million" is 10⁶
    ],
)
def test_a_sentence_that_states_the_value_passes(sentence: str, claim: str) -> None:
    assert states(sentence, claim)


@pytest.mark.parametrize(
    ("sentence", "claim"),
    [
        ("The album sold 1,634,000 copies in its first year.", "1.5 million"),
        ("The album sold 1,430,000 copies in one year.", "1.5 million"),
        ("Turnout was 85.2 per cent.", "95%"),
        ("Twenty-five people attended.", "2,500"),  # words spell 2,500 only with "thousand" or "hundred"
    ],
)
def test_a_sentence_that_cannot_state_the_value_is_skipped(sentence: str, claim: str) -> None:
    assert not states(sentence, claim)


def test_a_small_rank_or_zero_is_never_filtered() -> None:
    assert claimed_leading(claimed("the third")) is None  # "third", "3rd": its context decides (_check.py)
    assert claimed_leading(replace(claimed("5 goals"), value=(0.0,))) is None


def test_every_written_form_on_real_pages_passes() -> None:
    """Each number on the pages, claimed as written and rounded to 1–4 significant digits, lets its own
    sentence through (on all 62,557 WiCE page sentences this held for 127,776 pairs)."""
    pairs = 0
    for claim in read_wice(WICE):
        for sentence in claim.evidence:
            written = written_numbers(sentence, plain(sentence))
            for fact in number_facts(sentence):
                value = fact.value[0]
                if fact.kind not in READ_KINDS or value <= 0 or fact.common:
                    continue
                for significant in range(5):
                    digits = significant - int(floor(log10(value))) - 1
                    rounded = replace(fact, value=(round(value, digits),), significant=significant)
                    claim_fact = rounded if significant else fact
                    if claim_fact.value[0] > 0 and same_fact(claim_fact, fact):
                        leading = claimed_leading(claim_fact)
                        assert leading is None or may_state(written, leading), (sentence, claim_fact)
                        pairs += 1
    assert pairs > 100


def test_a_figure_on_a_page_of_statistics_is_found_reading_few_sentences(monkeypatch) -> None:
    claim = next(iter(read_wice(WICE)))
    doc = claim.source()
    table = "\n".join(
        f"In {1900 + i % 100} the district counted {3000 + 17 * i:,} voters." for i in range(3000)
    )
    index = PageIndex.from_passages(split_passages(f"{doc.text}\n{table}", doc.title))
    read: list[str] = []
    monkeypatch.setattr(check, "number_facts", lambda text: read.append(text) or number_facts(text))

    present = check_facts("The district counted 48,101 voters in 1953.", index)
    absent = check_facts("The district counted 48,113 voters in 1953.", index)

    assert [r.status for r in present.results] == [FactStatus.FOUND, FactStatus.FOUND]
    assert present.results[0].sentence == "In 1953 the district counted 48,101 voters."
    assert absent.results[0].status is not FactStatus.FOUND
    assert 0 < len(read) < 50  # not the 3,000 sentences of the table
