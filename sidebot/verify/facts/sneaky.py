"""Sneaky edits made on purpose, to measure whether the fact check catches them: from a claim whose cited page
states one of its years, numbers or names, the same claim with that value replaced by one the page does not
contain ("working as a humanitarian since 1999" → "… since 2003"), the citation unchanged. Quietly changing a
date, a figure or a name under a citation is common vandalism; WiCE's supported claims give real claims and
the real pages they cite to make such edits on.

Deterministic for a seed: the fact to change, and its new value, come from a random generator seeded with the
seed and the claim's id. "On the page" is tested on the page's plain text, case-folded (not through the fact
check's own normalisers, so the measure does not grade itself).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from sidebot.verify.facts.extract import Fact, FactKind, claim_facts
from sidebot.verify.facts.numbers import NumberKind

_WORD_NUMBERS = "two three four five six seven eight nine ten eleven twelve".split()


@dataclass(frozen=True, slots=True)
class SneakyEdit:
    claim_id: str
    original: str
    changed: str
    fact: str  # the value as the claim wrote it
    replacement: str
    label: str  # the fact's kind (NumberKind or entity label)


def _on_page(value: str, page: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(value.casefold())}(?!\w)", page) is not None


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


def make_edit(
    claim_id: str, claim: str, page_text: str, pool: dict[str, list[str]], seed: int, title: str = ""
) -> SneakyEdit | None:
    """One sneaky edit of ``claim`` against its page, or None when no fact of it is on the page. ``pool``:
    names by entity label (from other claims) to swap a name for."""
    rng = random.Random(f"{seed}:{claim_id}")
    page = page_text.casefold()
    facts = [
        f
        for f in claim_facts(claim, title)
        if _on_page(f.text, page) and not f.subject and not (f.number and f.number.common)
    ]
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


def name_pool(claims: Sequence[str]) -> dict[str, list[str]]:
    """Named entities of ``claims`` by label, in order of first appearance (replacement names)."""
    pool: dict[str, list[str]] = {}
    for claim in claims:
        for fact in claim_facts(claim):
            if fact.kind is FactKind.NAME and fact.text not in pool.setdefault(fact.label, []):
                pool[fact.label].append(fact.text)
    return pool
