"""What an edit changed in a cited claim: the numbers, dates and names it replaced while every other word and
the citation stayed ("born in 1863" → "born in 1864"). An edit that rewrote other words too is an ordinary
new claim; this is the quiet kind, the one vandals make.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sidebot.sources.passages import Passage
from sidebot.verify.facts.check import FactStatus, PageIndex, check_facts
from sidebot.verify.facts.extract import Fact, FactKind, claim_facts
from sidebot.verify.facts.numbers import NumberKind, same_fact

_SPACE = re.compile(r"\s+")
_DATES = {NumberKind.YEAR, NumberKind.DATE, NumberKind.MONTH, NumberKind.DECADE}
_PLACES = {"GPE", "LOC", "FAC"}


@dataclass(frozen=True, slots=True)
class FactChange:
    old: Fact
    new: Fact


def _skeleton(text: str, facts: list[Fact]) -> str:
    """``text`` with each fact replaced by a placeholder of its kind, spaces normalised."""
    out, at = [], 0
    for fact in facts:
        out += [text[at : fact.start], f"\x00{_family(fact)}\x00"]
        at = fact.end
    out.append(text[at:])
    return _SPACE.sub(" ", "".join(out)).strip()


def _family(fact: Fact) -> str:
    """Facts of one family can stand in for one another (a year for a date, a town for a country)."""
    if fact.number is not None:
        return "date" if fact.number.kind in _DATES else fact.number.kind.value
    return "place" if fact.label in _PLACES else "name"


def _same(a: Fact, b: Fact) -> bool:
    if a.number is not None and b.number is not None:
        return same_fact(a.number, b.number) and same_fact(b.number, a.number)
    return a.text.casefold() == b.text.casefold()


def changed_facts(old_claim: str, new_claim: str, article_title: str = "") -> list[FactChange]:
    """The facts ``new_claim`` changed in ``old_claim`` when nothing else changed; empty otherwise."""
    if old_claim == new_claim:
        return []
    old = claim_facts(old_claim, article_title)
    new = claim_facts(new_claim, article_title)
    if len(old) != len(new) or _skeleton(old_claim, old) != _skeleton(new_claim, new):
        return []
    return [FactChange(a, b) for a, b in zip(old, new) if not _same(a, b)]


def is_checkable(change: FactChange) -> bool:
    """A change the source can settle: a number, a date or a name (not the article subject's own name)."""
    return change.old.kind is FactKind.NUMBER or not (change.old.subject or change.new.subject)


@dataclass(frozen=True, slots=True)
class SettledChange:
    """A changed fact the source settles: it states the old value (in ``sentence``) and not the new one."""

    change: FactChange
    sentence: str | None
    start: int | None
    end: int | None


def settled_by_source(
    old_claim: str, new_claim: str, passages: Sequence[Passage], article_title: str = ""
) -> SettledChange | None:
    """The first fact the edit from ``old_claim`` to ``new_claim`` changed whose old value the source
    (``passages``) states and whose new value it does not; None when there is none."""
    changes = [c for c in changed_facts(old_claim, new_claim, article_title) if is_checkable(c)]
    if not changes:
        return None
    index = PageIndex.from_passages(passages)
    for change in changes:
        old = check_facts(old_claim, index, article_title, [change.old]).results[0]
        new = check_facts(new_claim, index, article_title, [change.new]).results[0]
        if old.status is FactStatus.FOUND and new.status is not FactStatus.FOUND:
            return SettledChange(change, old.sentence, old.start, old.end)
    return None
