"""Which sentences may state a number, told by its leading digits before the sentence is read for numbers.

Reading a sentence for numbers (``numbers.number_facts``) costs about a fifth of a millisecond: on a page of
statistics with 18,000 numeric sentences, looking up one figure the page does not give took 12 s. Any
written form of a value that rounds to the claim's ("1,534,000", "1.534 million", "$1.5bn" for "1.5
million") starts with the same few significant digits, so a sentence whose digit runs start otherwise, and
which has no number word that could spell the value, cannot state it. The test lets through every sentence
that ``numbers.same_fact`` could match (a superset: tests/test_leading_digits.py checks it on WiCE pages).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import floor, isfinite, log10

from sidebot.verify.facts._numbers import NUMBER_WORDS, SCALE_WORDS, NumberFact, NumberKind

WIDTH_MAX = 6  # leading digits compared at most (more would outrun a float's precision)
_PIECES_MAX = 8  # a sentence with a longer run of separated digits ("1,2,3,4,…") is read anyway
_DIGIT_RUN = re.compile(r"\d+(?:[.,]\d+)*")
_SEPARATOR = re.compile(r"[.,]")
# "one" or "zero" alone is no number (_numbers.py); in a longer number another number word stands beside it
_NUMBER_WORD = re.compile(rf"\b(?!(?:one|zero)\b)(?:{NUMBER_WORDS}|{SCALE_WORDS})\b")
_SCALE_WORD = re.compile(rf"\b(?:{SCALE_WORDS})\b")  # words spell 100 or more only with one
_READ_KINDS = (NumberKind.NUMBER, NumberKind.MONEY, NumberKind.PERCENT, NumberKind.ORDINAL)


@dataclass(frozen=True, slots=True)
class ClaimedLeading:
    """The first ``width`` significant digits, as integers in ``ranges``, of every value that states a
    claimed number (values that round to it at its significant digits, as ``numbers.rounds_to``)."""

    width: int
    ranges: tuple[range, ...]
    spelled_needs_scale: bool  # 100 or more: spelled out only with "hundred", "thousand", …


@dataclass(frozen=True, slots=True)
class WrittenNumbers:
    """What a sentence's numbers can start with: each reading of its digit runs as significant digits
    ("1,534,000" gives "1534", "1", "534"), and whether it has number words at all and scale words."""

    digits: frozenset[str] | None  # None: read the sentence anyway (digits outside ASCII, a long list)
    number_word: bool
    scale_word: bool


def _leading(value: float, width: int) -> int:
    """The first ``width`` significant digits of ``value`` as an integer (1,534,000 at 3: 153)."""
    return int(value / 10 ** (floor(log10(value)) - width + 1))


def claimed_leading(fact: NumberFact) -> ClaimedLeading | None:
    """What every written form of ``fact``'s value (a count, sum, percentage or rank) starts with; None
    where digits and number words cannot tell (zero; a rank under 100, spelled "first" or "twenty-third")."""
    value = fact.value[0]
    if fact.kind not in _READ_KINDS or not (isfinite(value) and value > 0):
        return None  # a date or year is looked for by its year's digits (_check.py)
    if fact.kind is NumberKind.ORDINAL and value < 100:
        return None
    significant = fact.significant or 15
    width = min(significant, WIDTH_MAX) + 1
    half = 0.5 * 10 ** (floor(log10(value)) - significant + 1)
    low, high = (value - half) * (1 - 1e-9), (value + half) * (1 + 1e-9)  # widened: a superset
    if floor(log10(low)) == floor(log10(high)):
        ranges: tuple[range, ...] = (range(_leading(low, width), _leading(high, width) + 1),)
    else:  # 0.95 to 1.05: 950… to 999…, and 100… to 105…
        ranges = (
            range(_leading(low, width), 10**width),
            range(10 ** (width - 1), _leading(high, width) + 1),
        )
    return ClaimedLeading(width, ranges, spelled_needs_scale=low >= 100)


def written_numbers(text: str, lower: str) -> WrittenNumbers:
    """How ``text``'s numbers may start (``WrittenNumbers``); ``lower`` is the text in lower case."""
    number_word = bool(_NUMBER_WORD.search(lower))
    # "1.43 million" is read as digits, but "EUR30 million" and "2020 million" leave "million" alone: 10⁶
    scale_word = number_word and bool(_SCALE_WORD.search(lower))
    digits: set[str] = set()
    for run in _DIGIT_RUN.findall(text):
        pieces = _SEPARATOR.split(run)
        if not run.isascii() or len(pieces) > _PIECES_MAX:
            return WrittenNumbers(None, number_word, scale_word)
        for i in range(len(pieces)):  # a decimal comma or a list: "1,5" may be read as 1 and 5
            for j in range(i + 1, len(pieces) + 1):
                joined = "".join(pieces[i : j - 1])
                # a sum reads three digits of a comma group and stops: "$12,3456" is $12,345
                for reading in (joined + pieces[j - 1], joined + pieces[j - 1][:3]):
                    if significant := reading.strip("0"):
                        digits.add(significant)
    return WrittenNumbers(frozenset(digits), number_word, scale_word)


def may_state(written: WrittenNumbers, claimed: ClaimedLeading) -> bool:
    """Whether a sentence whose numbers are ``written`` may state the ``claimed`` value."""
    if written.digits is None or (written.scale_word if claimed.spelled_needs_scale else written.number_word):
        return True
    width = claimed.width
    return any(int(d[:width].ljust(width, "0")) in r for d in written.digits for r in claimed.ranges)
