"""Look a claim's facts up on the cited page: which the page states (and where), which it does not, and which
it contradicts.

A fact is **found** when some sentence of the page (or its title) states it in any of its written forms
(_numbers.py, sidebot/names.py); a small count or rank ("two", "third") only counts in the sentences that hold
the claim's other words, since it is on almost every page somewhere. A fact the page does not state is
**contradicted** when the page's best context for the claim (the two adjacent sentences holding the largest
IDF-weighted share of the claim's *other* content words, at least ``CONTEXT_MIN`` of them) states a value
of the same kind that the claim does not have: a year for a year ("born in 1863 in Northamptonshire" against
the claim's "1864"), a name for a name where it plays the same part (words around it shared: "born … in
Northamptonshire" against the claim's "born … in Munich"), a count of the same thing for a count; for a full
date, the same day in another year, or another year where the context does not give the date's year at all
(a page's own date beside the byline's is no rival). Otherwise it is **missing**. A number the page states
only away from the claim's words, where that context gives a rival which stands among more of them
(:func:`value_beats`), is contradicted too: a value copied from another line of the page (not where the
line giving it also gives another of the claim's facts; names are not read so:
:func:`_copied_from_elsewhere`).

Only that context is read by spaCy (for rival names), so the check costs a few milliseconds per citation.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from functools import cached_property
from itertools import chain, islice
from typing import NamedTuple

from sidebot.names import (
    FUNCTION_WORDS,
    SPELLED_OUT,
    WRITTEN_SHORT,
    expansion_pattern,
    name_forms,
    normal_name,
    normal_text,
    plain,
    states_form,
    written_in_capitals,
)
from sidebot.records import FactFinding, Passage
from sidebot.verify.coverage import content_stems, stem_set, stems
from sidebot.verify.facts._extract import (
    Fact,
    bare_name,
    claim_facts,
    entity_spans,
    parse_for_entities,
)
from sidebot.verify.facts._leading_digits import (
    WrittenNumbers,
    claimed_leading,
    may_state,
    written_numbers,
)
from sidebot.verify.facts._numbers import (
    MONTH_NAMES,
    MONTH_STEMS,
    Bound,
    NumberFact,
    NumberKind,
    number_facts,
    rival,
    same_fact,
    stated_year,
    time_between,
)
from sidebot.verify.windows import page_sentences

CONTEXT_MIN = 0.5  # share of the claim's other words a context must hold before it can contradict
_NUMERIC = re.compile(
    r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|first|second|third|th)\b"
)
SLOT_WORDS = 4  # words either side of a name that show the part it plays in its sentence
NEAR_WORDS = 20  # words either side of a value that show what the page says of it
# A value is the claim's where the words near it (NEAR_WORDS) hold at least NEAR_SHARE_MIN of the claim's
# other words, and NEAR_SHARE_MARGIN more of them than near any place that gives the value it stands against
# (IDF-weighted shares; all three chosen on copied-value edits of WiCE dev's fit half for the patrol's
# changed-fact check, _changes.py, and used unchanged for a copied value the verifier reads)
NEAR_SHARE_MIN = 0.2
# How near a swapped name stands to the claim's words (stated_around): sentences read either side, and the
# words over which a word's weight falls by e (chosen on the names of tests/test_patrol_edits.py and WiCE
# dev's "read by Queen Latifah" claim; a patrol rule, not the fact check's)
AROUND_SENTENCES = 3
AROUND_WORDS = 2 * NEAR_WORDS
NEAR_SHARE_MARGIN = 0.1
MOST_PLACES_READ = 200  # a found value is read as copied only where the page gives it in at most this many
# sentences (each is read for the words near it)
_SLOT_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
# Entity labels that can stand for one another when one contradicts the other
_RIVAL_LABELS = {
    "PERSON": {"PERSON"},
    "GPE": {"GPE", "LOC"},
    "LOC": {"GPE", "LOC"},
    "FAC": {"FAC", "GPE", "LOC"},
    "ORG": {"ORG"},
    "NORP": {"NORP"},
    "EVENT": {"EVENT"},
    "WORK_OF_ART": {"WORK_OF_ART"},
    "PRODUCT": {"PRODUCT"},
}


class Rival(NamedTuple):
    """A value of the same kind as a claim's fact, given where the page speaks of the claim's other words:
    sentence ``sentence`` writes ``text`` at ``start``–``end`` (offsets in that sentence)."""

    sentence: int
    text: str
    start: int
    end: int


class FactStatus(StrEnum):
    FOUND = "found"
    MISSING = "missing"
    CONTRADICTED = "contradicted"


@dataclass(frozen=True, slots=True)
class FactResult:
    """What the page says about one fact. ``sentence`` (``start``/``end``: its page offsets, None for the
    title): the sentence that states it (found) or states the rival value (contradicted); ``stated``: that
    rival value as the page writes it; ``elsewhere``: where the page gives the claim's own value, away from
    the claim's words, when it contradicts it beside them (a value copied from another line of the page);
    ``value_at`` and ``elsewhere_value_at``: where those sentences write the value, as offsets in them
    (None where it is not one span: a date whose year is in the sentence before)."""

    fact: Fact
    status: FactStatus
    sentence: str | None = None
    start: int | None = None
    end: int | None = None
    stated: str | None = None
    elsewhere: str | None = None
    value_at: tuple[int, int] | None = None
    elsewhere_value_at: tuple[int, int] | None = None

    def explanation(self) -> str:
        """The finding in words: "the source gives 1999, the claim says 2000"."""
        if self.status is FactStatus.CONTRADICTED:
            away = f" (it gives {self.fact.text} only elsewhere)" if self.elsewhere else ""
            return f"the source gives {self.stated}, the claim says {self.fact.written}{away}"
        if self.status is FactStatus.MISSING:
            return f"the source does not give the claim's {self.fact.description} {self.fact.written}"
        if self.fact.written != self.fact.text and self.sentence is not None and self.value_at is not None:
            given = self.sentence[self.value_at[0] : self.value_at[1]]
            return f"the source gives {given}, the claim says {self.fact.written}"
        return f"the source gives {self.fact.text}"

    def finding(self) -> FactFinding:
        return FactFinding(
            text=self.fact.text,
            kind=self.fact.description,
            status=str(self.status),
            explanation=self.explanation(),
            stated=self.stated,
            sentence=self.sentence,
            elsewhere=self.elsewhere,
            start=self.start,
            end=self.end,
            value_at=self.value_at,
            elsewhere_value_at=self.elsewhere_value_at,
            subject=self.fact.subject,
            strong=self.fact.strong,
        )


@dataclass(frozen=True, slots=True)
class FactCheck:
    results: list[FactResult] = field(default_factory=list)

    def with_status(self, status: FactStatus) -> list[FactResult]:
        """Results of ``status``, the article subject's own name left out (its absence says little)."""
        return [r for r in self.results if r.status is status and not r.fact.subject]

    @property
    def contradicted(self) -> list[FactResult]:
        return self.with_status(FactStatus.CONTRADICTED)

    @property
    def missing(self) -> list[FactResult]:
        return self.with_status(FactStatus.MISSING)

    @property
    def strong_missing(self) -> list[FactResult]:
        """Missing facts a page that backs the claim states in so many words (a year, a sum, a person)."""
        return [r for r in self.missing if r.fact.strong]

    def features(self) -> dict[str, float]:
        """The combiner's inputs: whether a fact is contradicted, whether a strong fact is missing, and the
        share of the checkable facts (the subject's name left out) the page does not state."""
        checkable = [r for r in self.results if not r.fact.subject]
        failing = len(self.missing) + len(self.contradicted)
        return {
            "facts_contradicted": float(bool(self.contradicted)),
            "facts_strong_missing": float(bool(self.strong_missing)),
            "facts_missing_share": failing / len(checkable) if checkable else 0.0,
        }

    def findings(self) -> list[FactFinding]:
        """One finding per result, in the claim's order."""
        return [r.finding() for r in self.results]

    def distinct_findings(self) -> list[FactFinding]:
        """The findings a reviewer reads: each once. A claim that gives "1985" twice, or a score "2-1" beside
        "2 goals", read two identical lines ("the source does not give the claim's number 2") before."""
        seen: set[tuple[str, str, str, str | None]] = set()
        distinct = []
        for finding in self.findings():
            key = (finding.kind, finding.text, finding.status, finding.stated)
            if key not in seen:
                seen.add(key)
                distinct.append(finding)
        return distinct


class PageIndex:
    """A page's sentences (and its title), shared by every claim that cites the page. Each sentence is folded
    for name look-ups, read for numbers and cut into word stems only when a look-up needs it: most facts are
    found by a plain substring test on a few sentences."""

    def __init__(
        self,
        spans: Sequence[tuple[int, int]],
        texts: Sequence[str],
        known_stems: dict[int, frozenset[str]] | None = None,
    ) -> None:
        self.spans = list(spans)
        self.texts = list(texts)
        self._known_stems = known_stems or {}  # sentence → its stems, where the caller has them already
        self._folded: dict[int, str] = {}
        self._numbers: dict[int, list[NumberFact]] = {}
        self._plain = [plain(t) for t in self.texts]

    @classmethod
    def from_passages(cls, passages: Sequence[Passage]) -> PageIndex:
        """Sentences cut from ``passages`` (offsets in the page text), the page title first."""
        spans, texts = [], []
        title = passages[0].title if passages else ""
        if title:
            spans.append((-1, -1))
            texts.append(title)
        for passage in passages:
            for a, b in page_sentences(passage.text):
                spans.append((passage.start + a, passage.start + b))
                texts.append(passage.text[a:b])
        return cls(spans, texts)

    @classmethod
    def from_windows(
        cls, windows: Sequence[Passage], window_stems: Sequence[frozenset[str]] | None = None
    ) -> PageIndex:
        """Sentences taken from sentence windows (windows.py lists each sentence's one-sentence window first,
        so the verifier's windows give them without splitting the page again), the page title first;
        ``window_stems``: the windows' stems where the caller has them (``PageWindows.stems``)."""
        title = windows[0].title if windows else ""
        spans, texts = ([(-1, -1)], [title]) if title else ([], [])
        known: dict[int, frozenset[str]] = {}
        previous = None
        for k, window in enumerate(windows):
            if window.start != previous:
                if window_stems is not None:
                    known[len(texts)] = window_stems[k]
                spans.append((window.start, window.end))
                texts.append(window.text)
            previous = window.start
        return cls(spans, texts, known)

    def __len__(self) -> int:
        return len(self.texts)

    def folded(self, i: int) -> str:
        if i not in self._folded:
            self._folded[i] = f" {normal_text(self.texts[i])} "
        return self._folded[i]

    def numbers(self, i: int) -> list[NumberFact]:
        if i not in self._numbers:
            self._numbers[i] = number_facts(self.texts[i])
        return self._numbers[i]

    @cached_property
    def numeric(self) -> list[int]:
        """Sentences with a digit or a number word."""
        return [i for i, t in enumerate(self._plain) if _NUMERIC.search(t)]

    @cached_property
    def _written_numbers(self) -> dict[int, WrittenNumbers]:
        return {i: written_numbers(self.texts[i], self._plain[i]) for i in self.numeric}

    def numeric_with_leading_digits(self, fact: NumberFact) -> list[int]:
        """The numeric sentences that may state ``fact``: by the leading digits of their numbers
        (_leading_digits.py), before any is read for numbers."""
        claimed = claimed_leading(fact)
        if claimed is None:
            return self.numeric
        return [i for i in self.numeric if may_state(self._written_numbers[i], claimed)]

    def containing(self, needle: str) -> list[int]:
        """Sentences whose plain text (lower case, no diacritics: ``names.plain``) contains ``needle``."""
        return [i for i, t in enumerate(self._plain) if needle in t]

    @cached_property
    def stems(self) -> list[frozenset[str]]:
        known = self._known_stems
        return [known[i] if i in known else stem_set(t) for i, t in enumerate(self.texts)]

    @cached_property
    def _postings(self) -> dict[str, list[int]]:
        """Each stem → the sentences holding it, in order: a look-up reads only the sentences holding one of
        the claim's words, not every sentence of a long page for each fact."""
        postings: dict[str, list[int]] = defaultdict(list)
        for i, words in enumerate(self.stems):
            for word in words:
                postings[word].append(i)
        return postings

    def _runs(self, wanted: Sequence[str]) -> list[tuple[float, list[int]]]:
        """Every single sentence and every run of two adjacent ones that hold some of ``wanted``, with the
        IDF-weighted share of ``wanted`` stems each holds."""
        held = self._holding(wanted)
        idf = self.idf(wanted)
        total = sum(idf.values())
        runs = [(sum(idf[w] for w in wanted if w in words) / total, [i]) for i, words in held.items()]
        for i, words in held.items():
            if i + 1 in held:
                both = words | held[i + 1]
                runs.append((sum(idf[w] for w in wanted if w in both) / total, [i, i + 1]))
        return runs

    def _holding(self, wanted: Sequence[str]) -> dict[int, set[str]]:
        """Each sentence's stems among ``wanted``, for the sentences that hold any (most hold none)."""
        held: dict[int, set[str]] = defaultdict(set)
        for word in set(wanted):
            for i in self._postings.get(word, ()):
                held[i].add(word)
        return held

    def idf(self, wanted: Sequence[str]) -> dict[str, float]:
        """The inverse sentence frequency on this page of each of ``wanted`` stems (smoothed; 1 or more)."""
        n = len(self.texts)
        return {w: math.log((1 + n) / (1 + len(self._postings.get(w, ())))) + 1.0 for w in wanted}

    def contexts(self, wanted: Sequence[str], keep: int = 1) -> list[tuple[float, list[int]]]:
        """The ``keep`` best runs of one or two adjacent sentences by the IDF-weighted share of ``wanted``
        stems they hold, best first, with that share; the first sentences holding none (share 0) make up
        the number."""
        if not wanted or not self.texts:
            return []
        runs = self._runs(wanted)
        best = heapq.nsmallest(keep, runs, key=lambda r: (-r[0], len(r[1]), r[1][0]))
        if len(best) < keep:
            holding = {run[0] for _, run in runs}
            empty = (i for i in range(len(self.texts)) if i not in holding)
            best += [(0.0, [i]) for i in islice(empty, keep - len(best))]
        return best

    def context(self, wanted: Sequence[str]) -> list[int]:
        """The best run (:meth:`contexts`) if it holds at least ``CONTEXT_MIN`` of ``wanted``; else none."""
        best = self.contexts(wanted)
        return best[0][1] if best and best[0][0] >= CONTEXT_MIN else []

    def located(self, i: int) -> tuple[str, int | None, int | None]:
        """Sentence ``i`` with its page offsets (None for the title)."""
        start, end = self.spans[i]
        return (self.texts[i], None, None) if start < 0 else (self.texts[i], start, end)


def _fact_stems(fact: Fact) -> set[str]:
    return set(stems(fact.text))


@dataclass(frozen=True)
class ParsedClaim:
    """A claim parsed once for the look-ups of its facts: its facts, its content words and its folded text,
    each worked out the first time a look-up asks for it. The look-ups take this, not the claim's text, so a
    claim is parsed, stemmed and folded once however many facts it has."""

    text: str
    article_title: str = ""

    @cached_property
    def facts(self) -> list[Fact]:
        """The claim's facts in order of appearance (_extract.py)."""
        return claim_facts(self.text, self.article_title)

    @cached_property
    def words(self) -> list[str]:
        """The claim's content words (stems) that are not numbers: a fact's context is the claim's other
        words, and its numbers are facts looked up on their own."""
        return [w for w in content_stems(self.text) if not any(ch.isdigit() for ch in w)]

    @cached_property
    def folded(self) -> str:
        """The claim's text folded for name look-ups, a space either side."""
        return f" {normal_text(self.text)} "

    @cached_property
    def title(self) -> str:
        """The article's title as a normal name: a name it holds is the subject's, no rival."""
        return normal_name(self.article_title)

    def other_words(self, leave_out: Sequence[Fact]) -> list[str]:
        """The claim's :attr:`words` that are not words of the facts ``leave_out``: the context a fact is
        read in."""
        own = set().union(*(_fact_stems(f) for f in leave_out))
        return [w for w in self.words if w not in own]


def _number_candidates(index: PageIndex, fact: NumberFact) -> list[int]:
    """Sentences that can state ``fact``: those holding its year or its month's name, or numbers with its
    leading digits."""
    if fact.kind is NumberKind.SCORE:  # "2–1" or "1-2", in prose or in a table's row
        written = _score_written(fact)
        return [i for i in index.containing(str(int(fact.value[0]))) if written.search(index.texts[i])]
    if fact.kind is NumberKind.DAY:  # "July 4", "4th of July", "2014-07-04": the month's name and the digits
        month, day = (int(v) for v in fact.value)
        named = set(index.containing(MONTH_STEMS[month])) & set(index.containing(str(day)))
        return sorted(named | set(index.containing(f"-{month:02d}-{day:02d}")))
    year = stated_year(fact)
    if year is not None and fact.kind is not NumberKind.NUMBER:
        return index.containing(str(year)[:3] if fact.kind is NumberKind.DECADE else str(year))
    return index.numeric_with_leading_digits(fact)


def _number_places(index: PageIndex, fact: NumberFact, wanted: Sequence[str]) -> list[int]:
    """The sentences that may state ``fact``: near the claim's other words for a small count or rank."""
    if fact.kind is NumberKind.CENTURY:
        return _century_places(index, fact, wanted)
    if fact.common:
        return _common_places(index, fact, wanted)
    return (
        _bound_places(index, fact, wanted)
        if fact.bound is not Bound.NONE
        else _number_candidates(index, fact)
    )


def _century_places(index: PageIndex, fact: NumberFact, wanted: Sequence[str]) -> list[int]:
    """Where a century can be stated: wherever the page names it, and in the three best contexts of the
    claim's other words, where one of its years or decades may date the claim's event ("1450" for "the
    fifteenth century"); not anywhere: a page on a 17th-century painting gives years of that century for
    much else."""
    ordinal = re.split(r"[\s-]", fact.text, maxsplit=1)[0].lower()
    near = {i for _, run in index.contexts(wanted, keep=3) for i in run}
    return sorted(near.union(index.containing(ordinal)))


def _bound_places(index: PageIndex, fact: NumberFact, wanted: Sequence[str]) -> list[int]:
    """Where a bound ("more than 50", "before 2005") can be stated: where the page gives its own value, and
    in the three best contexts of the claim's other words, where a value within it may (57 for "more than
    50"): not anywhere, since a page gives many values between 50 and 100."""
    near = {i for _, run in index.contexts(wanted, keep=3) for i in run}
    return sorted(near.union(_number_candidates(index, fact)))


def _score_written(fact: NumberFact) -> re.Pattern[str]:
    """A score as a page writes it, either side first: a results table glues words on ("CHI @ TOR L 2-1Unused
    Sub")."""
    a, b = (int(v) for v in fact.value)
    return re.compile(rf"(?<![\d.,])(?:{a}\s?[-–—]\s?{b}|{b}\s?[-–—]\s?{a})(?![\d]|[.,]\d)")


def _number_sentences(index: PageIndex, fact: NumberFact, sentences: Sequence[int]) -> Iterator[int]:
    """The ``sentences`` that state ``fact``, in order; failing those, where a date's day or a month is
    given apart from its year."""
    if fact.kind is NumberKind.SCORE:  # the candidates write it (_number_candidates)
        yield from sentences
        return
    stating = (i for i in sentences if any(same_fact(fact, s) for s in _stated_numbers(index, i, fact)))
    first = next(stating, None)
    if first is not None:
        yield first
        yield from stating
        return
    apart = None
    if fact.kind is NumberKind.DATE:
        apart = _finds_day_of_date(index, fact)
        if apart is None:
            apart = _finds_weekday_of_date(index, fact)
    elif fact.kind is NumberKind.MONTH:
        apart = _finds_month_after_its_year(index, fact)
    if apart is not None:
        yield apart


def _stated_numbers(index: PageIndex, i: int, fact: NumberFact) -> list[NumberFact]:
    """The numbers sentence ``i`` gives, and for a count of years or months the time between its dates."""
    numbers = index.numbers(i)
    return (
        numbers + time_between(index.texts[i], numbers, fact.unit)
        if fact.kind is NumberKind.NUMBER
        else numbers
    )


def _finds_day_of_date(index: PageIndex, fact: NumberFact) -> int | None:
    """A full date the page gives as a day of the month without a year ("on April 9th") while it writes the
    year elsewhere: news pages put the year in their dateline only. Found where the day is given."""
    year = str(int(fact.value[0]))
    if not any(re.search(rf"(?<!\d){year}(?!\d)", index.texts[i]) for i in index.containing(year)):
        return None
    day = replace(fact, kind=NumberKind.DAY, value=fact.value[1:])
    return next(
        (
            i
            for i in _number_candidates(index, day)
            if any(s.kind is NumberKind.DAY and s.value == day.value for s in index.numbers(i))
        ),
        None,
    )


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEK_BEFORE = 6  # days at most from an event a page names by its weekday to the date the page gives


def _finds_weekday_of_date(index: PageIndex, fact: NumberFact) -> int | None:
    """A full date the page gives as its day of the week ("narrowed the list … to three Wednesday evening")
    in the week up to a date the page gives (its dateline: "By Travis Zimpfer on March 2, 2017", a
    Thursday): news pages name an event of the past week by its weekday, and an editor writes the date
    (WiCE dev's fit half: "On March 1, 2017 Powell was named"). Not "next Wednesday". Found where the weekday
    is given."""
    try:
        day = date(*(int(v) for v in fact.value))
    except ValueError:
        return None
    near_years = {*index.containing(str(day.year)), *index.containing(str(day.year + 1))}
    if not any(_within_a_week_after(day, s) for i in near_years for s in index.numbers(i)):
        return None
    weekday = WEEKDAYS[day.weekday()]
    named = re.compile(rf"(?<!next ){weekday}\b")
    return next(
        (
            i
            for i in index.containing(weekday.lower())
            if index.spans[i][0] >= 0 and named.search(index.texts[i])
        ),
        None,
    )


def _within_a_week_after(day: date, stated: NumberFact) -> bool:
    """Whether ``stated`` is a full date from ``day`` to ``WEEK_BEFORE`` days after it."""
    if stated.kind is not NumberKind.DATE:
        return False
    try:
        return 0 <= (date(*(int(v) for v in stated.value)) - day).days <= WEEK_BEFORE
    except ValueError:
        return False


def _finds_month_after_its_year(index: PageIndex, fact: NumberFact) -> int | None:
    """A month and year the page gives as the month alone in the sentence that gives the year, or in the one
    after it: "In August of 1865, she gave birth to twins. By December she had finished her biography" states
    "December of 1865". The month is written in full with its capital, and without a number after it (a
    dated month or day was read as one)."""
    year, month = str(int(fact.value[0])), int(fact.value[1])
    name = re.compile(rf"\b{MONTH_NAMES[month].capitalize()}\b(?!\.?,?\s*\d)")
    gives_year = re.compile(rf"(?<!\d){year}(?!\d)")
    for i in index.containing(MONTH_NAMES[month]):
        if index.spans[i][0] < 0 or not name.search(index.texts[i]):
            continue  # the page title, or the month's name in lower case ("to march", "may")
        before = [i - 1] if i > 0 and index.spans[i - 1][0] >= 0 else []
        if any(gives_year.search(index.texts[j]) for j in (i, *before)):
            return i
    return None


def _common_places(index: PageIndex, fact: NumberFact, wanted: Sequence[str]) -> list[int]:
    """Where a small count or rank can be stated: the three best contexts of the claim's other words, and
    the sentences that name what it counts ("26 TV stations" for "26 television stations")."""
    places = [i for _, run in index.contexts(wanted, keep=3) for i in run]
    if fact.unit:
        places += [i for i in index.containing(fact.unit) if i not in places]
    return places


def _written_word(words: Sequence[str]) -> str:
    """The longest of a name's ``words`` that its page writes as it is (not "saint" for "St."): sentences
    without it cannot state the name."""
    return max((w for w in words if w not in SPELLED_OUT), key=len, default=words[0])


def _name_sentences(index: PageIndex, fact: Fact) -> Iterator[int]:
    """The sentences that state the name ``fact`` in one of its forms, in order of the forms; failing those,
    a nationality's country, or a long name's words in another order or with other words between."""
    stating = (
        i
        for form in name_forms(fact.text, fact.label)
        for i in index.containing(_written_word(form.split()))
        if states_form(form, fact.text, index.folded(i), index.texts[i])
    )
    first = next(stating, None)
    if first is not None:
        yield first
        yield from stating
        return
    if fact.spelled_out:  # "DBP" as the claim spells it out before its brackets: "diastolic blood pressure"
        spelled = f" {normal_name(fact.spelled_out)} "
        yield from (i for i in index.containing(_written_word(spelled.split())) if spelled in index.folded(i))
        return
    if fact.label == "NORP":  # "Japanese" stated as "Japan", "Italian" as "Italy", "neo-Nazism" as "neo-Nazi"
        words = normal_name(fact.text).split() or [""]
        last = words[-1]
        stem = " ".join([*words[:-1], last[:4]])
        yield from (i for i in index.containing(last[:4]) if f" {stem}" in index.folded(i))
        return
    spelled_out = expansion_pattern(fact.text)
    if spelled_out is not None:  # "DPP" as "the Director of Public Prosecutions"
        yield from (i for i in range(len(index)) if spelled_out.search(index.texts[i]))
        return
    words = [w for w in normal_name(fact.text).split() if len(w) > 2 and w not in FUNCTION_WORDS]
    if len(words) > 1:  # a long name written in another order, with other words between, or in the plural
        yield from (
            i
            for i in index.containing(_written_word(words))
            if all(_holds_word(index.folded(i), w) for w in words)
        )
        return
    plural = _capitalised_plural(fact.text)
    if plural is not None:  # "Oscar" as "two other Oscars"
        yield from (i for i in index.containing(normal_name(fact.text)) if plural.search(index.texts[i]))


def _capitalised_plural(name: str) -> re.Pattern[str] | None:
    """A one-word name (4 letters or more, a capital first) in the plural, written with its capital: a page
    says "nominated for two Oscars" of an Oscar, but "bonds" is no Bond."""
    word = name.strip()
    if len(word) < 4 or not word.isalpha() or not word[0].isupper():
        return None
    return re.compile(rf"\b{re.escape(word)}e?s\b")


def _holds_word(folded: str, word: str) -> bool:
    """Whether a sentence (its :func:`normal_text` between spaces) holds ``word``, or its plural: "Bents
    Green and Banner Cross Methodist churches" name "Bents Green Methodist Church"."""
    return any(f" {form} " in folded for form in (word, f"{word}s", f"{word}es"))


def _number_rival(
    index: PageIndex, fact: NumberFact, context: Sequence[int], claimed: Sequence[Fact]
) -> Rival | None:
    values = [(i, s) for i in context for s in index.numbers(i)]
    others = [(i, s) for i, s in values if not _claimed(s, claimed)]
    if fact.kind is NumberKind.DATE:
        # the same day of another year is the claim's event in that year: "April 9, 2010" for "April 9, 2011"
        same_day = next(((i, s) for i, s in others if _same_day_of_another_year(fact, s)), None)
        if same_day is not None:
            return Rival(same_day[0], same_day[1].text, same_day[1].start, same_day[1].end)
    if fact.kind in (NumberKind.DATE, NumberKind.MONTH) and any(
        stated_year(s) == fact.value[0] for _, s in values
    ):
        return None  # the context gives the date's year: another year there (the page's date) is no rival
    return next((Rival(i, s.written, s.start, s.end) for i, s in others if rival(fact, s)), None)


def _claimed(stated: NumberFact, claimed: Sequence[Fact]) -> bool:
    """Whether the claim itself states ``stated`` (then it is no rival of the claim's other values)."""
    return any(c.number is not None and same_fact(c.number, stated) for c in claimed)


def _same_day_of_another_year(claimed: NumberFact, stated: NumberFact) -> bool:
    """``stated`` is a full date with ``claimed``'s month and day in another year."""
    return (
        stated.kind is NumberKind.DATE
        and stated.value[1:] == claimed.value[1:]
        and stated.value[0] != claimed.value[0]
    )


def _slot(text: str, start: int, end: int) -> set[str]:
    """The content words (stems, no numbers) of the few words either side of ``text[start:end]``: the part a
    name plays where it stands ("joined ___ on a permanent transfer")."""
    left = _SLOT_WORD.findall(text[max(0, start - 200) : start])[-SLOT_WORDS:]
    right = _SLOT_WORD.findall(text[end : end + 200])[:SLOT_WORDS]
    return {w for w in content_stems(" ".join(left + right)) if not any(ch.isdigit() for ch in w)}


def _name_words(name: str) -> set[str]:
    return {w for w in content_stems(name) if len(w) > 2}


def _name_rival(index: PageIndex, fact: Fact, context: Sequence[int], claim: ParsedClaim) -> Rival | None:
    """The name in ``fact``'s context that plays its part: of a kind that can stand for it, not a name the
    claim holds in any of its forms (a person's surname alone), sharing no word with it (else it is the same
    thing named otherwise: "Senate Intelligence Committee" for "the Intelligence Committee") and sharing the
    most words around it in the claim: one at least for a person or a place, two for other names, which pages
    paraphrase more. The first name of the same kind in the context, the rule before, was most often no
    rival on WiCE train sub-claims (a byline, a menu, a country for a town: 6 of 23 contradicted names were
    plausible; 3 are left, and of the sneaky edits of WiCE dev's fit half 8 are contradicted, each naming the
    replaced value, against 7 of 12)."""
    labels = _RIVAL_LABELS.get(fact.label, {fact.label})
    role = _slot(claim.text, fact.start, fact.end)
    own = _name_words(fact.text)
    best: tuple[int, Rival] | None = None
    for i in context:
        text = index.texts[i]
        for name, label, start, end in entity_spans(text):
            if "\n" in name:  # page furniture read as one name across lines ("Partner\nCommunity Trust")
                continue
            name, cut = bare_name(name, label)
            base = normal_name(name)
            if label not in labels or not base or base in claim.title:
                continue
            if any(states_form(f, name, claim.folded, claim.text) for f in name_forms(name, label)):
                continue  # one the claim names itself, maybe otherwise: "Al Kurtenbach", "Aelred Kurtenbach"
            if own & _name_words(name):
                continue  # the claim's own name written otherwise
            shared = len(role & _slot(text, start, end))
            if shared >= (1 if fact.strong else 2) and (best is None or shared > best[0]):
                best = (shared, Rival(i, name, start + cut, start + cut + len(name)))
    return None if best is None else best[1]


def _stating(index: PageIndex, fact: Fact, wanted: Sequence[str]) -> Iterator[int]:
    """The sentences that state ``fact``, lazily, in the order the look-up tries them (a measure in either of
    its units); ``wanted``: the claim's other words, near which a small count or rank must stand."""
    number = fact.number
    if number is None:
        return _name_sentences(index, fact)
    values = [v for v in (number, fact.converted) if v is not None]
    return (i for v in values for i in _number_sentences(index, v, _number_places(index, v, wanted)))


def stated_in_context(
    claim: ParsedClaim, index: PageIndex, fact: Fact, leave_out: Sequence[Fact] = ()
) -> tuple[float, int | None]:
    """Where the page states ``fact`` closest to the claim's other words (those of ``fact`` and ``leave_out``
    left out): the best IDF-weighted share of those words within ``NEAR_WORDS`` words of a place that
    states it (in its sentence and the ones either side), with that sentence; (0.0, None) when no sentence
    states it. Near the value, not anywhere in its sentence: a page's dateline ("Originally published
    November 7, 2017") sits in the sentence of its headline, which holds the claim's topic."""
    wanted = claim.other_words([fact, *leave_out])
    return _nearest_statement(index, fact, wanted, _stating(index, fact, wanted))


def stated_around(
    claim: ParsedClaim, index: PageIndex, fact: Fact, leave_out: Sequence[Fact] = ()
) -> tuple[float, int | None]:
    """How near the claim's other words stand to the place the page states ``fact`` nearest them: each word
    weighs its IDF times exp(−distance / ``AROUND_WORDS``), its distance the words between it and the value,
    read up to ``AROUND_SENTENCES`` sentences either side; the best such share, with its sentence ((0.0,
    None) when no sentence states it). No cut-off at ``NEAR_WORDS``: a page may name the person in one
    sentence and say what she did two sentences on. Wider than the fact check reads (a page's byline and
    lists of names would contradict too many claims); for an edit already seen to swap one name for
    another."""
    wanted = claim.other_words([fact, *leave_out])
    stating = sorted(set(_stating(index, fact, wanted)))
    if not stating:
        return 0.0, None
    if not wanted:
        return 0.0, stating[0]
    idf = index.idf(wanted)
    found = ((_nearness(index, i, _value_places(index, i, fact), idf), i) for i in stating)
    return max(found, key=lambda share_at: share_at[0])


def _nearness(index: PageIndex, i: int, places: Sequence[tuple[int, int]], idf: Mapping[str, float]) -> float:
    """:func:`stated_around`'s share for the value written at ``places`` in sentence ``i``."""
    lo, hi = max(0, i - AROUND_SENTENCES), min(len(index), i + AROUND_SENTENCES + 1)
    before = " ".join(index.texts[j] for j in range(lo, i) if index.spans[j][0] >= 0)
    after = " ".join(index.texts[i + 1 : hi])
    text = index.texts[i]
    nearest: dict[str, int] = {}
    for start, end in places or [(0, len(text))]:
        left = _SLOT_WORD.findall(before + " " + text[:start])[::-1]
        right = _SLOT_WORD.findall(text[end:] + " " + after)
        for words in (left, right):
            for distance, word in enumerate(words):
                for stem in stems(word):
                    if stem in idf and distance < nearest.get(stem, len(words)):
                        nearest[stem] = distance
    weighed = sum(idf[w] * math.exp(-d / AROUND_WORDS) for w, d in nearest.items())
    return weighed / sum(idf.values())


def _nearest_statement(
    index: PageIndex,
    fact: Fact,
    wanted: Sequence[str],
    stating: Iterable[int],
    enough: Callable[[float], bool] | None = None,
) -> tuple[float, int | None]:
    """:func:`stated_in_context` over the sentences ``stating`` the fact; the reading ends at the first
    share that is ``enough``."""
    stating = sorted(set(stating))
    if not stating:
        return 0.0, None
    if not wanted:
        return 0.0, stating[0]
    idf = index.idf(wanted)
    best, best_at = -1.0, stating[0]
    for i in stating:
        share = _near_share(index, i, _value_places(index, i, fact), idf)
        if share > best:
            best, best_at = share, i
        if enough is not None and enough(best):
            break
    return best, best_at


def _near_share(
    index: PageIndex, i: int, places: Sequence[tuple[int, int]], idf: Mapping[str, float]
) -> float:
    """The share of the words ``idf`` weighs (the claim's other words) within ``NEAR_WORDS`` words of
    ``places`` in sentence ``i``."""
    return sum(idf.get(w, 0.0) for w in _near_stems(index, i, places)) / sum(idf.values())


def _near_stems(index: PageIndex, i: int, places: Sequence[tuple[int, int]]) -> set[str]:
    """The stems within ``NEAR_WORDS`` words of each of ``places`` (character offsets) in sentence ``i``,
    reading on into the sentences either side (the whole sentence and as many words either side where no
    place is known: a name written in another order)."""
    text = index.texts[i]
    before = index.texts[i - 1] if i > 0 and index.spans[i - 1][0] >= 0 else ""
    after = index.texts[i + 1] if i + 1 < len(index) else ""
    if not places:
        words = _SLOT_WORD.findall(before)[-NEAR_WORDS:] + [text] + _SLOT_WORD.findall(after)[:NEAR_WORDS]
        return set(stems(" ".join(words)))
    near: set[str] = set()
    for start, end in places:
        left = _SLOT_WORD.findall(before + " " + text[:start])[-NEAR_WORDS:]
        right = _SLOT_WORD.findall(text[end:] + " " + after)[:NEAR_WORDS]
        near |= set(stems(" ".join(left + right)))
    return near


def _value_places(index: PageIndex, i: int, fact: Fact) -> list[tuple[int, int]]:
    """Where sentence ``i`` writes ``fact`` (character offsets), as far as they are known."""
    text = index.texts[i]
    number = fact.number
    if number is None:
        plain_text = plain(text)  # as long as ``text`` but for a few decomposed letters: near enough
        patterns = {form: written_in_capitals(form, fact.text) for form in name_forms(fact.text, fact.label)}
        capitals = [p for p in patterns.values() if p is not None]
        words = {_written_word(form.split()) for form, p in patterns.items() if p is None}
        return [
            (m.start(), m.end())
            for word in words
            for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", plain_text)
        ] + [(m.start(), m.end()) for pattern in capitals for m in pattern.finditer(text)]
    if number.kind is NumberKind.SCORE:
        return [(m.start(), m.end()) for m in _score_written(number).finditer(text)]
    values = [v for v in (number, fact.converted) if v is not None]
    return [(s.start, s.end) for v in values for s in _stated_numbers(index, i, v) if same_fact(v, s)]


def written_at(index: PageIndex, i: int, fact: Fact) -> tuple[int, int] | None:
    """The place sentence ``i`` writes ``fact``, to be marked for a reviewer, however it is written there
    ("11 July 1909" for "July 11, 1909", "U.S." for "the United States"): a number where the sentence gives
    it; a name whole in the first of its forms the sentence writes, else its longest word. None where no one
    place is known, or where the sentence's plain text is not as long as the sentence ("ß" folds to "ss")
    and the place would be off."""
    if fact.number is not None:
        return min(_value_places(index, i, fact), default=None)
    text = index.texts[i]
    aligned = (at for at in sorted(_value_places(index, i, fact)) if _aligned(text, at))
    return next(chain(_whole_name_places(text, fact), aligned), None)


def _aligned(text: str, at: tuple[int, int]) -> bool:
    """Whether a place found in ``text``'s plain text is the same place in ``text`` (folding did not change
    the length before it)."""
    return len(plain(text[: at[1]])) == at[1]


def _whole_name_places(text: str, fact: Fact) -> Iterator[tuple[int, int]]:
    """Where ``text`` writes the name ``fact`` whole, in each of its forms: initials in capitals, other
    words apart by anything but a letter or digit, a spelled-out word also as its abbreviation ("St.")."""
    plain_text = plain(text)
    for form in name_forms(fact.text, fact.label):
        capitals = written_in_capitals(form, fact.text)
        if capitals is not None:
            found = capitals.search(text)
            if found:
                yield found.span()
            continue
        words = r"\W+".join(_written_forms(w) for w in form.split())
        found = re.search(rf"(?<!\w){words}(?!\w)", plain_text)
        if found and _aligned(text, found.span()):
            yield found.span()


def _written_forms(word: str) -> str:
    """A pattern for a name's normal word as a page may write it: "saint" as "saint" or "st"."""
    return "(?:" + "|".join(re.escape(w) for w in (word, *WRITTEN_SHORT.get(word, ()))) + ")"


def value_beats(share: float, rival_share: float) -> bool:
    """Whether a value with ``share`` of the claim's words near it is the claim's, against a value of the
    same kind with ``rival_share`` near it (a page gives many years, names and figures: the one the claim
    means stands among its words)."""
    return share >= NEAR_SHARE_MIN and share - rival_share >= NEAR_SHARE_MARGIN


@dataclass(frozen=True, slots=True)
class _FoundAway:
    """A number the page states (in the sentences ``stating``), though not in the claim's best context
    (``context``): a rival there may show that the claim took its value from another line of the page."""

    at: int  # its place in the results
    fact: Fact
    number: NumberFact
    wanted: list[str]
    context: list[int]
    stating: list[int]


def _distinct(items: Iterable[int]) -> Iterator[int]:
    """``items`` in order, each once (a sentence may state a name in two of its forms)."""
    seen: set[int] = set()
    for item in items:
        if item not in seen:
            seen.add(item)
            yield item


def check_facts(claim_text: str, index: PageIndex, article_title: str = "") -> FactCheck:
    """Look up each fact of ``claim_text`` (the claim of the article ``article_title``) on the page ``index``.

    A fact the page states is found, shown in the claim's best context where that states it. Where the
    context does not state a number, and gives a rival value of the same kind that stands among more of the
    claim's words than any place giving the claim's value (:func:`value_beats`), the number is contradicted:
    "Merry Company on a Terrace (1778)" on a page giving that painting's 1616 and another painting's 1778."""
    claim = ParsedClaim(claim_text, article_title)
    facts = claim.facts
    if not facts or not len(index):
        return FactCheck()
    results: list[FactResult] = []
    stated_in: list[list[int]] = []  # per result, the sentences stating its fact (the subject's name: none)
    names_unfound: list[tuple[int, Fact, list[int]]] = []  # (place in results, fact, its context)
    found_away: list[_FoundAway] = []
    for fact in facts:
        wanted = claim.other_words([fact])
        number = fact.number
        stating = list(islice(_distinct(_stating(index, fact, wanted)), MOST_PLACES_READ + 1))
        context = index.context(wanted)
        stated_in.append([] if fact.subject else stating)
        if stating:
            near = next((i for i in stating if i in context), None)
            shown = stating[0] if near is None else near
            results.append(
                FactResult(
                    fact, FactStatus.FOUND, *index.located(shown), value_at=written_at(index, shown, fact)
                )
            )
            if number is not None and context and near is None and len(stating) <= MOST_PLACES_READ:
                found_away.append(_FoundAway(len(results) - 1, fact, number, wanted, context, stating))
        elif number is not None:
            results.append(_unfound(index, fact, _number_rival(index, number, context, facts)))
        else:
            names_unfound.append((len(results), fact, context))
            results.append(FactResult(fact, FactStatus.MISSING))
    # a rival name is read from spaCy's entities: the sentences it may be in are parsed in one batch
    parse_for_entities([index.texts[i] for _, _, context in names_unfound for i in context])
    for at, fact, context in names_unfound:
        results[at] = _unfound(index, fact, _name_rival(index, fact, context, claim))
    for away in found_away:
        others = [
            set(stating)
            for j, stating in enumerate(stated_in)
            if j != away.at and stating and not _same_value(facts[j], away.fact)
        ]
        results[away.at] = _copied_from_elsewhere(index, away, facts, others) or results[away.at]
    return FactCheck(results)


def _same_value(a: Fact, b: Fact) -> bool:
    """Whether two facts of a claim give one value (a claim may give a year twice)."""
    if a.number is not None and b.number is not None:
        return same_fact(a.number, b.number)
    return a.text.casefold() == b.text.casefold()


def _copied_from_elsewhere(
    index: PageIndex, away: _FoundAway, facts: Sequence[Fact], other_facts_in: Sequence[set[int]]
) -> FactResult | None:
    """``away``'s number contradicted, where its context gives a rival value that beats every place the
    page gives the claim's value (:func:`value_beats`), unless the place nearest the claim's words also
    states another of the claim's facts that the rival's sentence does not (``other_facts_in``: the
    sentences stating each): there the page gives the claim's values together, "2006 MLS: Had a career-high
    11 assists" for "11 assists in 2006" beside "The 12 assists were tied with his 2009 total". None
    otherwise.

    Names are not read this way. On WiCE's train sub-claims (the fact check's design split) 10 of the 16
    names it contradicted were wrong, the rival a name from a list or a byline ("the source gives Ken
    Johnson, the claim says Keith Haring"); numbers were right 3 times in 5, and the 2 wrong had the claim's
    other fact beside its value."""
    fact = away.fact
    found_rival = _number_rival(index, away.number, away.context, facts)
    if found_rival is None:
        return None
    rival_at = [(found_rival.start, found_rival.end)]
    rival_share = _near_share(index, found_rival.sentence, rival_at, index.idf(away.wanted))
    if rival_share < NEAR_SHARE_MIN:  # it cannot beat anything: the claim's value is not read for it
        return None
    # a place of the claim's value that the rival does not beat ends the reading
    share, nearest = _nearest_statement(
        index, fact, away.wanted, away.stating, lambda best: not value_beats(rival_share, best)
    )
    if nearest is None or not value_beats(rival_share, share):
        return None
    if any(nearest in stating and found_rival.sentence not in stating for stating in other_facts_in):
        return None
    return replace(
        _unfound(index, fact, found_rival),
        elsewhere=index.texts[nearest],
        elsewhere_value_at=written_at(index, nearest, fact),
    )


def _unfound(index: PageIndex, fact: Fact, found_rival: Rival | None) -> FactResult:
    """A fact the page does not state: contradicted where a rival value stands in its context."""
    if found_rival is None:
        return FactResult(fact, FactStatus.MISSING)
    located = index.located(found_rival.sentence)
    return FactResult(
        fact,
        FactStatus.CONTRADICTED,
        *located,
        stated=found_rival.text,
        value_at=(found_rival.start, found_rival.end),
    )
