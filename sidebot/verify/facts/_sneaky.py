"""Sneaky edits made on purpose, to measure whether the fact check catches them: from a claim whose cited page
states one of its years, numbers or names, the same claim with that value replaced by one the page does not
contain ("working as a humanitarian since 1999" → "… since 2003"), the citation unchanged. Quietly changing a
date, a figure or a name under a citation is common vandalism; WiCE's supported claims give real claims and
the real pages they cite to make such edits on.

A vandal may also copy another value of the article or its source, so a second recipe (``NewValue.ELSEWHERE``)
takes the new value from the page itself: a year, a number or a name of the same kind that the page gives
only away from the claim's value (no closer than ``AWAY_CHARACTERS`` to any place it writes the original):
"born in 1863" → "born in 1870" where the page's 1870 is the year the family moved.

Deterministic for a seed: the fact to change, and its new value, come from a random generator seeded with the
seed and the claim's id. "On the page" is tested on the page's plain text, case-folded (not through the fact
check's own normalisers, so the measure does not grade itself).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from sidebot.verify.facts._extract import Fact, FactKind, claim_facts, entity_spans
from sidebot.verify.facts._numbers import NumberKind

_WORD_NUMBERS = "two three four five six seven eight nine ten eleven twelve".split()
AWAY_CHARACTERS = 300  # a copied value is given no closer than this to the original anywhere on the page
_PAGE_YEAR = re.compile(r"(?<![\w.,])(?:1[5-9]\d\d|20[0-4]\d)(?![\w]|[.,]\d)")
_PAGE_NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w]|[.,]\d)")
_NAMES_READ = 60_000  # characters of a page read for its names


class NewValue(StrEnum):
    ABSENT = "absent"  # a value the page does not contain
    ELSEWHERE = "elsewhere"  # a value the page gives, away from the claim's value


@dataclass(frozen=True, slots=True)
class SneakyEdit:
    claim_id: str
    original: str
    changed: str
    fact: str  # the value as the claim wrote it
    replacement: str
    label: str  # the fact's kind (NumberKind or entity label)


def _on_page(value: str, page: str) -> bool:
    return re.search(_written(value), page) is not None


def _written(value: str) -> str:
    return rf"(?<!\w){re.escape(value.casefold())}(?!\w)"


def _away(value: str, original: str, page: str) -> bool:
    """Whether the (case-folded) ``page`` gives ``value`` and gives it only far from every place it gives
    ``original``."""
    at = [m.start() for m in re.finditer(_written(original), page)]
    found = [m.start() for m in re.finditer(_written(value), page)]
    return bool(found) and all(abs(a - b) >= AWAY_CHARACTERS for a in at for b in found)


def _page_values(fact: Fact, page_text: str) -> list[str]:
    """Values of ``fact``'s kind the page writes, the fact's own left out: years for a year, numbers written
    like it for a number (as many decimals, with or without thousands separators; not years), names of its
    label for a name."""
    number = fact.number
    if number is None:
        names = {
            name
            for paragraph in page_text[:_NAMES_READ].split("\n")
            for name, label, _, _ in entity_spans(paragraph)
            if label == fact.label and "\n" not in name
        }
        own = fact.text.casefold()
        return sorted(n for n in names if n.casefold() not in own and own not in n.casefold())
    if number.kind is NumberKind.YEAR:
        found = set(_PAGE_YEAR.findall(page_text))
    elif number.kind is NumberKind.NUMBER and re.fullmatch(r"\d[\d,]*(?:\.\d+)?", fact.text):
        decimals = len(fact.text.split(".")[1]) if "." in fact.text else 0
        found = {
            n
            for n in _PAGE_NUMBER.findall(page_text)
            if (len(n.split(".")[1]) if "." in n else 0) == decimals
            and ("," in n) == ("," in fact.text)
            and not _PAGE_YEAR.fullmatch(n)
        }
    else:
        return []
    return sorted(found - {fact.text})


def _number_replacements(fact: Fact, rng: random.Random) -> list[str]:
    number = fact.number
    assert number is not None
    text = fact.text
    if number.kind in (NumberKind.YEAR, NumberKind.DATE, NumberKind.MONTH):
        year = str(int(number.value[0]))
        shifts = [s for s in range(-9, 10) if s]
        rng.shuffle(shifts)
        return [text.replace(year, str(int(year) + s)) for s in shifts]
    if number.kind is NumberKind.DECADE:
        return []
    if number.kind is NumberKind.DAY:  # another day of the month: "August 10" → "August 14", "9th" → "2nd"
        day = re.search(r"(\d+)(st|nd|rd|th)?", text)
        assert day is not None
        days = [d for d in range(1, 29) if d != int(day.group(1))]
        rng.shuffle(days)
        return [text[: day.start()] + _day(d, bool(day.group(2))) + text[day.end() :] for d in days]
    digits = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    if digits is None:  # a number in words
        words = [w for w in _WORD_NUMBERS if w != text.lower()]
        rng.shuffle(words)
        return [text.replace(text, w) for w in words] if text.lower() in _WORD_NUMBERS else []
    old = digits.group()
    value = float(old.replace(",", ""))
    candidates = set()
    for factor in (0.5, 0.7, 1.3, 1.5, 2, 3):
        candidates.add(value * factor)
    for delta in (1, 2, 3, 7):
        candidates.update((value + delta, value - delta))
    out = []
    for new in sorted(candidates - {value}):
        if new <= 0:
            continue
        decimals = len(old.split(".")[1]) if "." in old else 0
        written = f"{new:,.{decimals}f}" if "," in old else f"{new:.{decimals}f}"
        out.append(text.replace(old, written, 1))
    rng.shuffle(out)
    return out


def _day_on_page(written: str, page: str) -> bool:
    """Whether the page gives the day ``written`` ("9th November") in another form ("November 9")."""
    number = re.search(r"\d+", written)
    month = re.search(r"[^\W\d_]{3,}", written)
    if number is None or month is None:
        return False
    day, name = number.group(), re.escape(month.group().casefold())
    forms = rf"(?<!\d){day}(?:st|nd|rd|th)?\s+(?:of\s+)?{name}|{name}\.?\s+{day}(?!\d)"
    return re.search(forms, page) is not None


def _day(day: int, ordinal: bool) -> str:
    if not ordinal:
        return str(day)
    return f"{day}{'th' if 10 <= day <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


_ENDS_WITH_THE = re.compile(r"\bthe\s+$", re.IGNORECASE)


def _changeable_facts(claim: str, page: str, title: str) -> list[Fact]:
    """The facts of ``claim`` whose value the (case-folded) ``page`` writes as the claim does: not the
    article subject's name, not a small count or rank."""
    return [
        f
        for f in claim_facts(claim, title)
        if _on_page(f.text, page) and not f.subject and not (f.number and f.number.common)
    ]


def make_edit(
    claim_id: str,
    claim: str,
    page_text: str,
    pool: dict[str, list[str]],
    seed: int,
    title: str = "",
    new_value: NewValue = NewValue.ABSENT,
) -> SneakyEdit | None:
    """One sneaky edit of ``claim`` against its page, or None when no fact of it is on the page (or, for
    ``NewValue.ELSEWHERE``, none has a value to copy from the page). ``pool``: names by entity label (from
    other claims) to swap a name for."""
    if new_value is NewValue.ELSEWHERE:
        return _copied_edit(claim_id, claim, page_text, seed, title)
    rng = random.Random(f"{seed}:{claim_id}")
    page = page_text.casefold()
    facts = _changeable_facts(claim, page, title)
    rng.shuffle(facts)
    for fact in facts:
        if fact.kind is FactKind.NUMBER:
            options = _number_replacements(fact, rng)
        else:
            options = [n for n in pool.get(fact.label, []) if n.casefold() != fact.text.casefold()]
            rng.shuffle(options)
        after_the = _ENDS_WITH_THE.search(claim, 0, fact.start) is not None
        for replacement in options[:50]:
            if after_the and replacement[:4].casefold() == "the ":
                replacement = replacement[4:]  # "the Québec government": not "the the United States …"
            if _on_page(replacement, page) or replacement.casefold() in claim.casefold():
                continue
            if fact.label == NumberKind.DAY and _day_on_page(replacement, page):
                continue
            changed = claim[: fact.start] + replacement + claim[fact.end :]
            return SneakyEdit(claim_id, claim, changed, fact.text, replacement, fact.label)
    return None


def _copied_edit(claim_id: str, claim: str, page_text: str, seed: int, title: str) -> SneakyEdit | None:
    """The edit of ``claim`` whose new value is copied from elsewhere on the page."""
    rng = random.Random(f"{seed}:elsewhere:{claim_id}")
    page = page_text.casefold()
    facts = _changeable_facts(claim, page, title)
    rng.shuffle(facts)
    for fact in facts:
        options = _page_values(fact, page_text)
        rng.shuffle(options)
        after_the = _ENDS_WITH_THE.search(claim, 0, fact.start) is not None
        for replacement in options:
            if after_the and replacement[:4].casefold() == "the ":
                replacement = replacement[4:]
            if replacement.casefold() in claim.casefold() or not _away(replacement, fact.text, page):
                continue
            changed = claim[: fact.start] + replacement + claim[fact.end :]
            return SneakyEdit(claim_id, claim, changed, fact.text, replacement, fact.label)
    return None


def name_pool(claims: Sequence[str]) -> dict[str, list[str]]:
    """Named entities of ``claims`` by label, in order of first appearance (replacement names)."""
    pool: dict[str, list[str]] = {}
    for claim in claims:
        for fact in claim_facts(claim):
            if fact.kind is FactKind.NAME and fact.text not in pool.setdefault(fact.label, []):
                pool[fact.label].append(fact.text)
    return pool
