"""What an edit changed in a cited claim: the numbers, dates and names it replaced while every other word and
the citation stayed ("born in 1863" → "born in 1864"). An edit that rewrote other words too is an ordinary
new claim; this is the quiet kind, the one vandals make.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from sidebot.records import Passage
from sidebot.verify.facts._check import (
    NEAR_SHARE_MIN,
    PageIndex,
    ParsedClaim,
    stated_around,
    stated_in_context,
    value_beats,
    written_at,
)
from sidebot.verify.facts._extract import Fact, FactKind, is_subject_name
from sidebot.verify.facts._numbers import NumberKind, number_facts, same_fact

_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+|[^\w\s]")
MAX_NEW_WORDS = 6  # a name or number written in more words is a rewrite
_DATES = {
    NumberKind.YEAR,
    NumberKind.DATE,
    NumberKind.MONTH,
    NumberKind.DAY,
    NumberKind.DECADE,
    NumberKind.CENTURY,
}
_PLACES = {"GPE", "LOC", "FAC"}


@dataclass(frozen=True, slots=True)
class FactChange:
    old: Fact
    new: Fact


def _skeleton(text: str, facts: Sequence[Fact]) -> str:
    """``text`` with each fact (and a measure's bracketed conversion) replaced by a placeholder of its kind,
    spaces normalised."""
    out, at = [], 0
    for fact in facts:
        out += [text[at : fact.start], f"\x00{_family(fact)}\x00"]
        at = fact.end
        if fact.converted is not None:  # "50 feet (15 m)" → "60 feet (18 m)" changes one measure
            out += [text[at : fact.converted.start], "\x00conversion\x00"]
            at = fact.converted.end
    out.append(text[at:])
    return _SPACE.sub(" ", "".join(out)).strip()


def _family(fact: Fact) -> str:
    """Facts of one family can stand in for one another (a year for a date, a town for a country)."""
    if fact.number is not None:
        return "date" if fact.number.kind in _DATES else fact.number.kind.value
    return "place" if fact.label in _PLACES else "name"


def _same(a: Fact, b: Fact) -> bool:
    if a.number is not None and b.number is not None:
        if NumberKind.DAY in (a.number.kind, b.number.kind):  # "August 10" → "August 10, 2014" adds a year
            return same_fact(a.number, b.number) or same_fact(b.number, a.number)
        return same_fact(a.number, b.number) and same_fact(b.number, a.number)
    return a.text.casefold() == b.text.casefold()


def changed_facts(old_claim: str, new_claim: str, article_title: str = "") -> list[FactChange]:
    """The facts ``new_claim`` changed in ``old_claim`` when nothing else changed; empty otherwise."""
    return _changed(ParsedClaim(old_claim, article_title), ParsedClaim(new_claim, article_title))


def _changed(old: ParsedClaim, new: ParsedClaim) -> list[FactChange]:
    """:func:`changed_facts` of two parsed claims of one article."""
    if old.text == new.text:
        return []
    if len(old.facts) == len(new.facts) and _skeleton(old.text, old.facts) == _skeleton(new.text, new.facts):
        return [FactChange(a, b) for a, b in zip(old.facts, new.facts) if not _same(a, b)]
    return _replaced_facts(old.text, new.text, old.facts, new.facts, old.article_title)


def _replaced_facts(
    old_claim: str, new_claim: str, old: Sequence[Fact], new: Sequence[Fact], article_title: str
) -> list[FactChange]:
    """The facts an edit replaced word for word, read from the words' diff, when the two claims' facts do
    not line up: spaCy often does not read the new value as a name of the same kind, or at all ("She lived
    in Airdrie" → "She lived in Earth"). Each replaced run of words must lie inside one fact of the old claim,
    overlap at most one of the new and be at most ``MAX_NEW_WORDS`` long; an insertion, a deletion or a
    replacement of other words is an ordinary rewrite ("in Northamptonshire" → "in Munich, Germany" adds a
    fact)."""
    old_words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(old_claim)]
    new_words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(new_claim)]
    matcher = SequenceMatcher(a=[w for w, _, _ in old_words], b=[w for w, _, _ in new_words], autojunk=False)
    changes = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        if op != "replace":
            return []
        a0, a1 = old_words[i1][1], old_words[i2 - 1][2]
        b0, b1 = new_words[j1][1], new_words[j2 - 1][2]
        inside = [f for f in old if f.start <= a0 and a1 <= f.end]
        if len(inside) != 1 or j2 - j1 > MAX_NEW_WORDS or sum(f.start < b1 and b0 < f.end for f in new) > 1:
            return []
        fact = inside[0]
        start, end = b0 - (a0 - fact.start), b1 + (fact.end - a1)
        replacement = _stand_in(fact, new_claim[start:end], start, end, new, article_title)
        if replacement is None:
            return []
        changes.append(FactChange(fact, replacement))
    return changes


def _stand_in(
    fact: Fact, text: str, start: int, end: int, new: Sequence[Fact], article_title: str
) -> Fact | None:
    """``text`` as a fact of ``fact``'s kind at ``start``–``end`` of the new claim (None: a name replaced by
    words without a capital, "the Kings" → "the team", or a number by words that hold none). A number is
    the new claim's own fact there where it has one, read in its sentence ("3-1" in "a 3-1 loss" is a
    score, "8" in "8 saves" counts saves)."""
    if fact.number is None:
        if text.islower() or not any(ch.isalpha() for ch in text):
            return None
        return replace(fact, text=text, start=start, end=end, subject=is_subject_name(text, article_title))
    read = next((f for f in new if f.number is not None and f.start < end and start < f.end), None)
    if read is not None:
        return read
    number = next(iter(number_facts(text)), None)
    if number is None:
        return None
    number = replace(number, start=number.start + start, end=number.end + start)
    return Fact(FactKind.NUMBER, number.kind.value, number.text, number.start, number.end, number=number)


def is_checkable(change: FactChange) -> bool:
    """A change the source can settle: a number, a date or a name (not the article subject's own name)."""
    return change.old.kind is FactKind.NUMBER or not (change.old.subject or change.new.subject)


@dataclass(frozen=True, slots=True)
class SettledChange:
    """A changed fact the source settles: it states the old value (in ``sentence``, where it reads closest to
    the claim) and not the new one, or the new one only away from the claim's words (``new_sentence``: the
    one of those closest to them); ``value_at`` and ``new_value_at``: where those sentences write the old
    and the new value (offsets in them, for the card to mark)."""

    change: FactChange
    sentence: str | None
    start: int | None
    end: int | None
    new_sentence: str | None = None
    value_at: tuple[int, int] | None = None
    new_value_at: tuple[int, int] | None = None


def settled_by_source(
    old_claim: str,
    new_claim: str,
    passages: Sequence[Passage],
    article_title: str = "",
    names_around: bool = False,
) -> SettledChange | None:
    """The first fact the edit from ``old_claim`` to ``new_claim`` changed whose old value the source
    (``passages``) states and whose new value it does not, or states only where fewer of the claim's other
    words stand near it than near the old value (check.value_beats, check.stated_in_context: its thresholds
    were chosen on copied-value edits of WiCE dev's fit half, `sidebot eval sneaky --new-value elsewhere`).
    A vandal may copy another year or name of the article, and a page states many ("born in 1863" → "born in
    1870", where the page's 1870 is the year the family moved). None when there is none.

    ``names_around`` (the patrol, which saw the edit swap one name for another): a changed name is also
    settled when the claim's words stand nearer the old name than the new one, read across sentences
    (check.stated_around), with no margin: an edit put the new name there, and a correction (the new
    name nearer) is never settled. "read by Queen Latifah" → "read by Mariah Carey", where the page names
    the reader in one sentence and says what she read two sentences on, and Carey performs just before."""
    old, new = ParsedClaim(old_claim, article_title), ParsedClaim(new_claim, article_title)
    changes = [c for c in _changed(old, new) if is_checkable(c)]
    if not changes:
        return None
    index = PageIndex.from_passages(passages)
    for change in changes:
        old_share, old_at = stated_in_context(old, index, change.old, [change.new])
        if old_at is None:
            continue
        new_share, new_at = stated_in_context(new, index, change.new, [change.old])
        value_at = written_at(index, old_at, change.old)
        if new_at is None:
            return SettledChange(change, *index.located(old_at), value_at=value_at)
        beats = value_beats(old_share, new_share)
        if not beats and names_around and change.old.number is None:
            old_share, old_at = stated_around(old, index, change.old, [change.new])
            new_share, new_at = stated_around(new, index, change.new, [change.old])
            value_at = written_at(index, old_at, change.old) if old_at is not None else None
            beats = old_share >= NEAR_SHARE_MIN and old_share > new_share
        if old_at is not None and new_at is not None and beats:
            return SettledChange(
                change,
                *index.located(old_at),
                new_sentence=index.texts[new_at],
                value_at=value_at,
                new_value_at=written_at(index, new_at, change.new),
            )
    return None
