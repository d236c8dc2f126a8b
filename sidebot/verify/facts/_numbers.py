"""Numbers, dates, money, percentages and ordinals read out of text and normalised, so that equal facts match
however they are written: "July 11, 1909" / "11 July 1909" / "1909-07-11"; "1.5 million" / "1,500,000";
"fifty" / "50"; "half a million" / "500,000"; "45 per cent" / "45%"; "third" / "3rd". The two ends of a
range share what is written once ("$10–20 million"). A match's result is one fact ("a 2–1 win", "beat Chelsea
3–1"), not two counts. A day written without its year ("August 10", "18 October") is a day of the month, never
a count; _check.py lets it state a full date when the page gives the year elsewhere. A bound written before a
value is kept with it ("more than 50", "nearly 40%", "before 2005": :class:`Bound`): a page states it by its
own value or by one within it that a writer would round to it.

Regular expressions find the spans (their offsets are kept, so a reviewer can be shown the sentence); number
words are valued by ``text2num`` (a maintained Rust parser of spelled-out numbers, fast enough to run on every
sentence of a page), dates by the month-name table below (English pages; ``dateparser`` was considered and
rejected: it guesses dates in any string of digits, and it is ~100x slower per sentence). Spans never overlap:
a date's year is part of the date, a percentage's number part of the percentage.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from math import floor, inf, isfinite, log10

from text_to_num import text2num

from sidebot.months import MONTHS


class NumberKind(StrEnum):
    DATE = "date"  # a full date: (year, month, day)
    MONTH = "month"  # a month of a year: (year, month)
    DAY = "day"  # a day of a month, its year not written: (month, day)
    YEAR = "year"
    DECADE = "decade"  # "the 1990s": (first year,)
    MONEY = "money"
    PERCENT = "percent"
    ORDINAL = "ordinal"
    CENTURY = "century"  # "the 15th century", "fifteenth-century": (15,)
    NUMBER = "number"  # a count or quantity; ``unit`` holds the word after it
    SCORE = "score"  # a result, "a 2–1 loss", "won 3–1": (one side's, the other's)


class Bound(StrEnum):
    """What the words before a value make of it: "more than 50" is a lower bound, "before 2005" an upper
    one on a year. A page states a bound by its own value or by one within it (:func:`within_bound`)."""

    NONE = ""
    AT_LEAST = "at least"  # "more than 50", "over a million", "at least 3"
    AT_MOST = "at most"  # "fewer than 50", "under 18", "less than 20%"
    NEARLY = "nearly"  # "nearly 50", "almost a million": a little under
    BEFORE = "before"  # "before 2005" (years and dates only)
    AFTER = "after"  # "after 2005"


@dataclass(frozen=True, slots=True)
class NumberFact:
    kind: NumberKind
    value: tuple[float, ...]  # (y, m, d) for dates, (y, m) for months, (v,) otherwise
    text: str  # as written
    start: int
    end: int
    unit: str = ""  # for numbers: the first five letters of the word after it ("years", "goals")
    significant: int = 0  # significant digits as written (a claim's "1.5 million" is 2): rounding tolerance
    bound: Bound = Bound.NONE
    bound_text: str = ""  # the bound's words as written ("more than")

    @property
    def written(self) -> str:
        """The value with its bound, as a note quotes it: "more than 50"."""
        return f"{self.bound_text} {self.text}" if self.bound_text else self.text

    @property
    def common(self) -> bool:
        """A small count or ordinal ("two", "third"): found almost anywhere, so only its context can tell
        whether a page states it."""
        return self.kind in (NumberKind.NUMBER, NumberKind.ORDINAL) and self.value[0] < 100


# each month's full name ("september")
MONTH_NAMES = {number: max((n for n, m in MONTHS.items() if m == number), key=len) for number in range(1, 13)}
# each month's shortest name ("sep"): every way of writing the month holds it
MONTH_STEMS = {number: min((n for n, m in MONTHS.items() if m == number), key=len) for number in range(1, 13)}
_MONTH = r"(?P<{}>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?P<{}>1[0-9]{{3}}|20[0-9]{{2}})(?!\d)"  # extracted text glues words on: "11 Feb 2017Championship"
_DAY = r"(?<!\d)(?P<{}>[0-3]?[0-9])(?:st|nd|rd|th)?"
_CAPITAL = r"(?-i:(?=[A-Z]))"  # a day's month is written with a capital: "you may 2", "they march 9 miles"
_SCALE = {"hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
          "m": 1e6, "bn": 1e9, "k": 1e3}  # fmt: skip
NUMBER_WORDS = (  # the words text2num reads, as a regular expression
    "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    "thousand|million|billion"
)
_ORDINAL_WORDS = {
    word: n
    for n, word in enumerate(
        (
            "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
            "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
        ).split(),
        start=1,
    )
}
SCALE_WORDS = "hundred|thousand|million|billion|trillion"
_FRACTIONS = {"half": (0.5, 1), "quarter": (0.25, 2), "third": (1 / 3, 1)}  # value, significant digits
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}  # fmt: skip
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"


def _number(name: str, measure: bool = False) -> str:
    """Digits (thousands separated by commas or not) and an optional scale word, in groups named after
    ``name``. "m" is a scale (million) for a sum ("$5m"), not for a ``measure``: Wikipedia writes "5
    million people", and "2,000 m" or "the 500m final" are in metres."""
    scales = "thousand|million|billion|trillion|bn|k" + ("" if measure else "|m")
    return rf"(?P<{name}>{_DIGITS})(?:\s*(?P<{name}_scale>{scales})\b)?"


_WORDS = rf"(?:{NUMBER_WORDS})(?:(?:\s+and\s+|[\s-]+)(?:{NUMBER_WORDS}))*"
_CURRENCY = r"(?:US\$|A\$|C\$|NZ\$|HK\$|R\$|\$|£|€|¥|₹|\bRs\.?[ \u00a0]?)"  # not the "rs" of "Staggers 21"
_CURRENCIES = ("dollar", "pound", "euro", "rupee", "yen", "yuan", "franc", "mark", "peso")
_CURRENCY_WORDS = "(?:" + "|".join(f"{name}s?" for name in _CURRENCIES) + ")"
# a number's unit word (its first five letters, _unit_after) that names a currency: "two million dollars"
_CURRENCY_UNITS = frozenset(form[:5] for name in _CURRENCIES for form in (name, name + "s"))
_PERCENT_WORDS = r"(?:\s?%|\s?per\s?cent\b|\s?percent\b)"  # "11.60 %", with a (no-break) space too

# A decade in two digits: "the '80s", "the 80's", "the mid-80s", "'90s" (not "his 80s", an age, nor "80s"
# alone, a temperature or a score): the 1920s to the 1990s, the 2000s and the 2010s. Before r21 "the 80's"
# was a count of 80 (semi-automatic Wikipedia NLI).
_TWO_DIGIT_DECADE = (
    r"(?:\bthe\s+(?:(?:early|mid|late)[\s-]+)?['’]?|(?<![\w'’])['’])(?P<decade2_y>[0-9]0)['’]?s\b"
)

# One pattern, alternatives tried in this order at each position: longer, more specific forms first.
_PATTERN = re.compile(
    "|".join(
        (
            r"(?P<iso>\b(?P<iso_y>1[0-9]{3}|20[0-9]{2})-(?P<iso_m>0[1-9]|1[0-2])-(?P<iso_d>0[1-9]|[12]\d|3[01])\b)",
            rf"(?P<mdy>\b{_MONTH.format('mdy_m')}\s+{_DAY.format('mdy_d')},?\s+{_YEAR.format('mdy_y')})",
            rf"(?P<dmy>{_DAY.format('dmy_d')}(?:\s+of)?\s+{_MONTH.format('dmy_m')},?\s+{_YEAR.format('dmy_y')})",
            rf"(?P<my>\b{_MONTH.format('my_m')},?\s+(?:of\s+)?{_YEAR.format('my_y')})",
            rf"(?P<md>\b{_CAPITAL}{_MONTH.format('md_m')}\s+{_DAY.format('md_d')}(?![\d:]|[.,]\d))",
            rf"(?P<dm>{_DAY.format('dm_d')}(?:\s+of)?\s+{_CAPITAL}{_MONTH.format('dm_m')}(?!\w))",
            r"(?P<decade>\b(?:the\s+)?(?P<decade_y>1[0-9]{2}0|20[0-9]0)'?s\b)",
            rf"(?P<decade2>{_TWO_DIGIT_DECADE})",
            rf"(?P<fraction>\b(?:a\s+)?(?P<frac_f>half|quarter|third)\s+(?:of\s+)?an?\s+(?P<frac_s>{SCALE_WORDS})\b)",
            rf"(?P<andhalf>\b(?P<half_n>{_DIGITS}|{_WORDS})\s+and\s+a\s+half\s+(?P<half_s>{SCALE_WORDS})\b)",
            rf"(?P<money>{_CURRENCY}\s?{_number('money_v')}|\b{_number('money_w')}\s+{_CURRENCY_WORDS}\b)",
            rf"(?P<percent>\b{_number('pct_v')}{_PERCENT_WORDS})",
            r"(?P<ordinal>\b(?P<ord_v>\d+)(?:st|nd|rd|th)\b)",
            r"(?P<year>(?<![\w.,$£€])(?P<year_v>1[0-9]{3}|20[0-9]{2})(?![\d]|[.,]\d|\s*%))",
            rf"(?P<number>(?<![\w.,]){_number('num_v', measure=True)}(?!(?!m\b)\w))",  # "500m": metres
            rf"(?P<words>\b{_WORDS}\b(?:\s+(?P<words_scale>million|billion|trillion)\b)?)",
            r"(?P<ordword>\b(?:(?P<ord_tens>twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-)?"
            r"(?P<ord_w>" + "|".join(_ORDINAL_WORDS) + r")\b)",
        )
    ),
    re.IGNORECASE,
)
_CENTURY_AFTER = re.compile(r"[\s-]+century\b", re.IGNORECASE)  # the word after a century's ordinal
_UNIT_WORD = re.compile(r"(?:\s+(?:of\s+)?|-)([a-z][a-z-]{2,})", re.IGNORECASE)  # "8 saves", "a 24-hour show"
_NOT_UNITS = frozenset(
    "and or the a an of in on at to for by with from as than was were is are had has have be been who which "
    "that this these those it its his her their".split()
)


def _value(digits: str, scale: str | None) -> float:
    value = float(digits.replace(",", ""))
    return value * _SCALE[scale.lower()] if scale else value


def _significant(digits: str) -> int:
    """Significant digits as written: "1,500,000" 2, "1.5" 2, "30,000" 1, "2020" 3 (trailing zeros of an
    integer are not significant: a claim's round figure matches a page's exact one)."""
    bare = digits.replace(",", "")
    if "." in bare:
        return len(bare.replace(".", "").lstrip("0")) or 1
    return len(bare.lstrip("0").rstrip("0")) or 1


def _unit_after(text: str, end: int) -> str:
    match = _UNIT_WORD.match(text, end)
    word = match.group(1).lower() if match else ""
    if word.split("-")[0] in _NOT_UNITS:  # "5-for-5" has no unit
        return ""
    return word[:5].rstrip("-")


def _ordinal(match: re.Match[str], kind: str, text: str) -> NumberFact:
    """An ordinal ("3rd", "twenty-first"), or a century when the word "century" follows it: then the word is
    part of the fact ("the source gives 18th century")."""
    g = match.group
    if kind == "ordinal":
        value = int(g("ord_v"))
    else:
        value = _ORDINAL_WORDS[g("ord_w").lower()] + (_TENS[g("ord_tens").lower()] if g("ord_tens") else 0)
    start, end = match.span(kind)
    century = _CENTURY_AFTER.match(text, end)
    if century:
        return NumberFact(NumberKind.CENTURY, (value,), text[start : century.end()], start, century.end())
    return NumberFact(NumberKind.ORDINAL, (value,), text[start:end], start, end)


def _fact(match: re.Match[str], text: str) -> NumberFact | None:
    kind = match.lastgroup
    if kind is None:  # every alternative of the pattern is a named group
        return None
    g = match.group
    span = (match.start(kind), match.end(kind))
    written = g(kind)
    if kind == "iso":
        return NumberFact(
            NumberKind.DATE, (int(g("iso_y")), int(g("iso_m")), int(g("iso_d"))), written, *span
        )
    if kind in ("mdy", "dmy"):
        day = int(g(f"{kind}_d"))
        if not 1 <= day <= 31:
            return None
        month = MONTHS[g(f"{kind}_m").lower()]
        return NumberFact(NumberKind.DATE, (int(g(f"{kind}_y")), month, day), written, *span)
    if kind in ("md", "dm"):
        day, month_name = int(g(f"{kind}_d")), g(f"{kind}_m")
        if not 1 <= day <= 31:
            return None
        if written.endswith("."):  # "on 12th November." ends a sentence
            written, span = written[:-1], (span[0], span[1] - 1)
        return NumberFact(NumberKind.DAY, (MONTHS[month_name.lower()], day), written, *span)
    if kind == "my":
        if g("my_m").lower() in ("may", "mar") and g("my_m")[0].islower():  # "may 2001" is rarely a month
            return None
        return NumberFact(NumberKind.MONTH, (int(g("my_y")), MONTHS[g("my_m").lower()]), written, *span)
    if kind == "decade":
        return NumberFact(NumberKind.DECADE, (int(g("decade_y")),), written, *span)
    if kind == "decade2":
        decade = int(g("decade2_y"))
        return NumberFact(NumberKind.DECADE, ((1900 if decade >= 20 else 2000) + decade,), written, *span)
    if kind == "money":
        digits, scale = (
            (g("money_v"), g("money_v_scale")) if g("money_v") else (g("money_w"), g("money_w_scale"))
        )
        return NumberFact(
            NumberKind.MONEY, (_value(digits, scale),), written, *span, significant=_significant(digits)
        )
    if kind == "fraction":  # "half a million", "a quarter of a million"
        share, significant = _FRACTIONS[g("frac_f").lower()]
        value = share * _SCALE[g("frac_s").lower()]
        unit = _unit_after(text, span[1])
        return NumberFact(NumberKind.NUMBER, (value,), written, *span, unit=unit, significant=significant)
    if kind == "andhalf":  # "one and a half million", "2 and a half thousand"
        whole = _whole(g("half_n"))
        if whole is None:
            return None
        return NumberFact(
            NumberKind.NUMBER, ((whole + 0.5) * _SCALE[g("half_s").lower()],), written, *span,
            unit=_unit_after(text, span[1]), significant=_significant(f"{whole:g}.5"),
        )  # fmt: skip
    if kind == "percent":
        digits = g("pct_v")
        return NumberFact(
            NumberKind.PERCENT,
            (_value(digits, g("pct_v_scale")),),
            written,
            *span,
            significant=_significant(digits),
        )
    if kind in ("ordinal", "ordword"):
        return _ordinal(match, kind, text)
    if kind == "year":
        return NumberFact(NumberKind.YEAR, (int(g("year_v")),), written, *span)
    if kind == "number":
        digits = g("num_v")
        value = _value(digits, g("num_v_scale"))
        return NumberFact(
            NumberKind.NUMBER, (value,), written, *span, unit=_unit_after(text, span[1]),
            significant=_significant(digits),
        )  # fmt: skip
    return _number_words(g("words"), g("words_scale"), text, span)


def _whole(written: str) -> float | None:
    """Digits or number words as a value (None for words text2num cannot read)."""
    if written[:1].isdigit():
        return float(written.replace(",", ""))
    try:
        return float(text2num(written.lower().replace("-", " "), "en"))
    except ValueError:
        return None


def _number_words(written: str, scale: str | None, text: str, span: tuple[int, int]) -> NumberFact | None:
    phrase = written[: -len(scale)].strip() if scale else written
    try:
        value = float(text2num(phrase.lower().replace("-", " "), "en"))
    except ValueError:
        return None
    if value < 2 and not scale:  # "one" is a pronoun as often as a number
        return None
    if scale:
        value *= _SCALE[scale.lower()]
    return NumberFact(
        NumberKind.NUMBER, (value,), written, *span, unit=_unit_after(text, span[1]), significant=2
    )


# A designation: a word, a hyphen and a number ("F-16", "COVID-19", "Covid-19", "SARS-CoV-2", "MiG-29",
# "IL-6"), a word may follow ("COVID-19-related"). It is a name, stated by the page writing it, not a count
# of 16: read as a number, "COVID-19" was a number 19 a page on the coronavirus disease never gives
# (CovidFact). A year's time prefix is no designation ("mid-1990s", "pre-1900"), nor a chart's rank ("a
# top-10 hit"), nor school grades ("K-12": kindergarten through grade 12, WiCE train). Its number is no count
# on the page either.
_DESIGNATION = re.compile(
    r"(?<![\w-])(?!(?:mid|pre|post|late|early|top|k)-\d)[A-Za-z]+(?:-[A-Za-z]+)*-\d+[A-Za-z]?(?!\w|-\d)",
    re.IGNORECASE,
)


def designations(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes designations (above)."""
    return [m.span() for m in _DESIGNATION.finditer(text)]


def number_facts(text: str) -> list[NumberFact]:
    """Every number, date, sum of money, percentage and ordinal in ``text``, in order, non-overlapping; none
    inside a designation ("the F-16" gives no count of 16)."""
    facts = []
    inside = designations(text)
    for match in _PATTERN.finditer(text):
        fact = _fact(match, text)
        if fact is None or any(a <= fact.start < b for a, b in inside):
            continue
        if all(isfinite(v) for v in fact.value):  # not a run of 400 digits (infinity)
            facts.append(fact)
    facts = [fact for fact in facts if not _vague(fact, text)]
    return _bounds(_places_in_a_series(_day_ranges(_ranges(_scores(facts, text), text), text), text), text)


# "several hundred hours" gives no number a page could state (SciFact: "more than 500 hours" backs it)
_VAGUE_BEFORE = re.compile(r"\b(?:several|a\s+few|few|some|many|a\s+couple\s+of|a\s+number\s+of)\s+$", re.I)
_SCALE_WORDS = frozenset({"hundred", "thousand", "million", "billion", "trillion"})


def _vague(fact: NumberFact, text: str) -> bool:
    return (
        fact.kind is NumberKind.NUMBER
        and fact.text.split()[0].lower() in _SCALE_WORDS
        and _VAGUE_BEFORE.search(text, max(0, fact.start - 20), fact.start) is not None
    )


# "season 3" is the third season: a number written after the name of a place in a series is its rank, stated
# by "the third season" (FEVER-NLI dev: "Fargo (season 3)" against "The third season of Fargo")
_SERIES_NOUN = re.compile(
    r"\b(?:season|series|episode|part|volume|book|chapter|act|phase|stage|round|game|week)\s+$", re.IGNORECASE
)


def _places_in_a_series(facts: list[NumberFact], text: str) -> list[NumberFact]:
    return [
        replace(fact, kind=NumberKind.ORDINAL, value=(int(fact.value[0]),), unit="", significant=0)
        if fact.kind is NumberKind.NUMBER
        and fact.text.isdigit()
        and 0 < fact.value[0] < 1000
        and _SERIES_NOUN.search(text, max(0, fact.start - 12), fact.start)
        else fact
        for fact in facts
    ]


_BOUND_WORDS = {
    Bound.AT_LEAST: r"more\s+than|over|at\s+least|upwards\s+of|in\s+excess\s+of|exceeding|greater\s+than|"
    r"no\s+(?:fewer|less)\s+than|above",
    # not "up to": "live up to 27 years" gives a maximum, which a page's usual 25 years does not state
    Bound.AT_MOST: r"less\s+than|fewer\s+than|under|below|at\s+most|no\s+more\s+than",
    Bound.NEARLY: r"nearly|almost|just\s+under|just\s+short\s+of",
    Bound.BEFORE: r"before|prior\s+to|earlier\s+than",
    Bound.AFTER: r"after|later\s+than",
}
_BOUND_BEFORE = re.compile(
    "(?:" + "|".join(rf"(?P<{b.name}>\b(?:{w}))" for b, w in _BOUND_WORDS.items()) + r")\s+(?:an?\s+)?$",
    re.IGNORECASE,
)
_COUNTED = (NumberKind.NUMBER, NumberKind.MONEY, NumberKind.PERCENT)
_DATED = (NumberKind.YEAR, NumberKind.DATE, NumberKind.MONTH)
_YEAR_BOUNDS = (Bound.BEFORE, Bound.AFTER)


def _bounds(facts: list[NumberFact], text: str) -> list[NumberFact]:
    """Each count, sum or percentage with the bound written right before it ("more than 50", "over a
    million", "nearly 40%"), and each year or date with "before" or "after"."""
    bounded = []
    for fact in facts:
        match = _BOUND_BEFORE.search(text, max(0, fact.start - 24), fact.start)
        if match is not None and match.lastgroup:
            bound = Bound[match.lastgroup]
            if fact.kind in (_DATED if bound in _YEAR_BOUNDS else _COUNTED):
                words = " ".join(text[match.start() : fact.start].split())
                fact = replace(fact, bound=bound, bound_text=words)
        bounded.append(fact)
    return bounded


_SCORE_BETWEEN = re.compile(r"\s?[-–—]\s?")
# a result is named after it ("a 2–1 win", "a 1–1 draw", "a 10–7 lead") or by a verb before it in the same
# clause ("won the final 3–1", "beat Chelsea 3–1", "the game ended 5–3")
_RESULT_AFTER = re.compile(
    r"\s*(?:(?:home|away|road|overtime|extra-time|shootout|upset)\s+)?"
    r"(?:wins?|loss(?:es)?|defeats?|victor(?:y|ies)|draws?|ties?|lead|deficit|aggregate|scoreline|shutout)\b",
    re.IGNORECASE,
)
_RESULT_BEFORE = re.compile(
    r"\b(?:won|wins?|winning|beat(?:s|ing)?|defeat(?:s|ed|ing)?|lost|los(?:es|ing)|lose|drew|draw(?:s|ing)?|"
    r"tied|led|leading|trail(?:ed|ing)|ended|finished|scoreline|score of)\b[^\d.;:!?]{0,40}$",
    re.IGNORECASE,
)
_AFTER_A_RESULT = ("", "again", "over", "after")  # "beat Chelsea 3–1 against…", not "won 2-3 races"


def _scores(facts: list[NumberFact], text: str) -> list[NumberFact]:
    """Two whole numbers joined by a dash, named as a match's result, as one fact: a reader (and a vandal)
    changes the score, not one of two counts."""
    out: list[NumberFact] = []
    i = 0
    while i < len(facts):
        low = facts[i]
        high = facts[i + 1] if i + 1 < len(facts) else None
        if high is not None and _a_result(low, high, text):
            sides = (float(low.text), float(high.text))
            out.append(NumberFact(NumberKind.SCORE, sides, text[low.start : high.end], low.start, high.end))
            i += 2
        else:
            out.append(low)
            i += 1
    return out


_THIRD_PART_AFTER = re.compile(r"\s?[-–—]\s?\d")
_THIRD_PART_BEFORE = re.compile(r"\d\s?[-–—]\s?$")


def _a_result(low: NumberFact, high: NumberFact, text: str) -> bool:
    """Whether ``low``–``high`` is a score: small whole numbers, a dash between, a result named around, and no
    third number ("a losing record, 11-12-7" is wins, losses and draws)."""
    sides = (low, high)
    return (
        all(f.kind is NumberKind.NUMBER and f.text.isdigit() and len(f.text) <= 3 for f in sides)
        and _SCORE_BETWEEN.fullmatch(text, low.end, high.start) is not None
        and _THIRD_PART_AFTER.match(text, high.end) is None
        and _THIRD_PART_BEFORE.search(text, 0, low.start) is None
        and (
            _RESULT_AFTER.match(text, high.end) is not None
            or (
                _RESULT_BEFORE.search(text, max(0, low.start - 60), low.start) is not None
                and _unit_after(text, high.end) in _AFTER_A_RESULT
            )
        )
    )


_RANGE_BETWEEN = re.compile(r"\s*(?:[-–—]|to)\s*")
_RANGE_KINDS = (NumberKind.NUMBER, NumberKind.MONEY, NumberKind.PERCENT)
_SCALE_AT_END = re.compile(r"[\d\s](thousand|million|billion|trillion|bn|m|k)$", re.IGNORECASE)


def _ranges(facts: list[NumberFact], text: str) -> list[NumberFact]:
    """The two ends of a range share what is written once: "$10–20 million" is $10 million to $20 million,
    "10 to 20%" two percentages, "5–6 million people" two counts of people."""
    for i in range(len(facts) - 1):
        low, high = facts[i], facts[i + 1]
        if not (
            low.kind in _RANGE_KINDS
            and high.kind in _RANGE_KINDS
            and _RANGE_BETWEEN.fullmatch(text, low.end, high.start)
        ):
            continue
        if low.kind is NumberKind.MONEY and high.kind is NumberKind.NUMBER:
            high = facts[i + 1] = replace(high, kind=NumberKind.MONEY)
        if high.kind is NumberKind.PERCENT and low.kind is NumberKind.NUMBER:
            low = facts[i] = replace(low, kind=NumberKind.PERCENT)
        scale = _SCALE_AT_END.search(high.text)
        factor = _SCALE[scale.group(1).lower()] if scale and low.text[-1].isdigit() else 1.0
        if low.value[0] * factor <= high.value[0]:
            facts[i] = replace(low, value=(low.value[0] * factor,), unit=low.unit or high.unit)
    return facts


def _day_ranges(facts: list[NumberFact], text: str) -> list[NumberFact]:
    """The days of a range share their month (and year): "August 5–12" is August 5 to August 12, "10–11 May
    2019" May 10 to May 11, 2019."""
    for i in range(len(facts) - 1):
        low, high = facts[i], facts[i + 1]
        if not _RANGE_BETWEEN.fullmatch(text, low.end, high.start):
            continue
        if low.kind is NumberKind.DAY and _a_day(high) and low.value[1] < high.value[0]:
            facts[i + 1] = replace(high, kind=NumberKind.DAY, value=(low.value[0], int(high.value[0])))
        elif high.kind in (NumberKind.DAY, NumberKind.DATE) and _a_day(low) and low.value[0] < high.value[-1]:
            facts[i] = replace(low, kind=high.kind, value=(*high.value[:-1], int(low.value[0])))
    return facts


# The units Wikipedia's {{convert}} writes a measure in: "50-foot (15 m)", "100 km (62 mi)", "30 °C (86 °F)"
_MEASURE_UNITS = (
    r"(?:(?:sq|square|cubic)[ \u00a0]?)?"
    r"(?:k?m|cm|mm|mi|nmi|ft|in|yd|kg|g|lbs?|oz|st|t|ha|km[2²]|m[2²3³]|mph|km/h|kn|°[CF]|"
    r"l|gal|hp|kW|MW|acres?|hectares?|(?:kilo|centi|milli)?met(?:re|er)s?|miles?|feet|foot|inch(?:es)?|"
    r"yards?|pounds?|kilo(?:gram)?s?|tonnes?|tons?)"
)
_BRACKETED_MEASURE = (
    rf"[ \u00a0]*\([ \u00a0]*(?P<number>{_DIGITS})[ \u00a0]?{_MEASURE_UNITS}\.?[ \u00a0]*[);]"
)
_CONVERSION = re.compile(rf"[ \u00a0-]?{_MEASURE_UNITS}\.?{_BRACKETED_MEASURE}", re.IGNORECASE)
_MONEY_CONVERSION = re.compile(
    rf"[ \u00a0]*\([ \u00a0]*(?P<number>(?P<currency>{_CURRENCY})\s?(?:{_DIGITS}))", re.IGNORECASE
)
_LEADING_CURRENCY = re.compile(_CURRENCY, re.IGNORECASE)


def converted(previous: NumberFact, number: NumberFact, text: str) -> bool:
    """Whether ``number`` only restates ``previous`` in other units, in brackets right after it, as
    Wikipedia's {{convert}} writes it ("50-foot (15 m)", "2,000 m (6,600 ft)", "£5 million (US$7
    million)"): a source states the measure once, in its own units. A sum in brackets in the same currency
    is another sum ("$150 million ($40 million in North America)")."""
    if number.kind is NumberKind.MONEY:
        match = _MONEY_CONVERSION.match(text, previous.end)
        own = _LEADING_CURRENCY.match(previous.text)
        return (
            previous.kind is NumberKind.MONEY
            and match is not None
            and match.start("number") == number.start
            and (
                own is None or own.group().strip(" .").lower() != match.group("currency").strip(" .").lower()
            )
        )
    if previous.kind is not NumberKind.NUMBER or number.kind not in (NumberKind.NUMBER, NumberKind.YEAR):
        return False  # "6,234 ft (1900 m)": a measure's digits may read as a year
    match = _CONVERSION.match(text, previous.end)
    return match is not None and match.start("number") == number.start


def _a_day(fact: NumberFact) -> bool:
    """A bare whole number that can be a day of the month."""
    return fact.kind is NumberKind.NUMBER and fact.text.isdigit() and 1 <= fact.value[0] <= 31


def rounds_to(exact: float, claimed: float, significant: int) -> bool:
    """Whether ``exact`` written to ``significant`` digits is ``claimed`` (a claim's "about 1.5 million"
    matches a page's 1,534,000; 1,500 never matches 1,501 when written in full)."""
    if exact == claimed:
        return True
    if claimed == 0 or significant <= 0:
        return False
    digits = significant - int(floor(log10(abs(claimed)))) - 1
    return round(exact, digits) == round(claimed, digits)


def same_fact(claimed: NumberFact, stated: NumberFact) -> bool:
    """Whether a page's ``stated`` fact states the claim's ``claimed`` one (kinds that can express the same
    value match: a year inside a full date, a bare number for a year, a percentage's number; a value within
    the claim's bound, :func:`within_bound`)."""
    if claimed.bound is Bound.NONE and stated.bound is Bound.NONE:
        return _same_value(claimed, stated)
    if _opposite(claimed.bound, stated.bound):
        return False
    if claimed.bound is Bound.NONE:  # "more than 50" for "50": the claim drops the bound
        return _same_value(claimed, _unbounded(stated))
    if stated.value == claimed.value and stated.kind is claimed.kind:  # "50" for "more than 50"
        # a count's bound is written loosely ("50,000 copies" for "more than 50,000"), a year's is not
        # ("2005" is not "before 2005")
        return stated.bound is claimed.bound or claimed.bound not in _YEAR_BOUNDS
    return within_bound(claimed, stated)  # not by rounding: 57,000 is "60,000", not "over 60,000"


# A span of time a page gives by its two ends, written together ("from 2004 to 2007", "began in August 2011
# and ended in June 2012"), states a claim's count of years or months ("for three years", "more than 9
# months"; semi-automatic Wikipedia NLI). Not from one span's end to the next's start ("Roseanne from 1992 to
# 1997 and … The Big Bang Theory since 2007" gives no ten years; FEVER-NLI).
_MONTHS_IN = {"year": 12, "years": 12, "month": 1}  # by unit word (_unit_after's first five letters)
_SPAN_GAP = 40  # characters at most between a span's two ends


def time_between(text: str, facts: Sequence[NumberFact], unit: str) -> list[NumberFact]:
    """The spans of time ``text`` gives by the dates among its ``facts`` (above) as counts of ``unit`` (years
    or months): 2004 to 2007 is 3 years; 24 October 1969 to 23 September 1972 is 35 months, and 2 or
    (rounded) 3 years. A month count needs both months. None for another unit."""
    per = _MONTHS_IN.get(unit)
    if per is None:
        return []
    dated = [f for f in facts if f.kind in _DATED]
    spans: list[NumberFact] = []
    for a, b in zip(dated, dated[1:]):
        months = _months_between(a, b, whole_years=per == 12)
        one_span = b.start - a.end <= _SPAN_GAP and not (spans and spans[-1].end == a.end)
        if months is None or months < per or not one_span:
            continue
        whole, rest = divmod(months, per)
        for value in (whole, whole + 1) if 2 * rest >= per else (whole,):  # 35 months: 2 or 3 years
            span = text[a.start : b.end]
            spans.append(NumberFact(NumberKind.NUMBER, (float(value),), span, a.start, b.end, unit=unit))
    return spans


def _months_between(a: NumberFact, b: NumberFact, whole_years: bool) -> int | None:
    """Whole months from ``a`` to ``b``: where either gives only its year, its years apart (in months), for
    ``whole_years`` only (None otherwise)."""
    if NumberKind.YEAR in (a.kind, b.kind):
        return 12 * int(b.value[0] - a.value[0]) if whole_years else None
    months = 12 * int(b.value[0] - a.value[0]) + int(b.value[1] - a.value[1])
    days = a.kind is b.kind is NumberKind.DATE
    return months - 1 if days and b.value[2] < a.value[2] else months


def _unbounded(fact: NumberFact) -> NumberFact:
    return replace(fact, bound=Bound.NONE, bound_text="")


_UPWARD = (Bound.AT_LEAST, Bound.AFTER)
_DOWNWARD = (Bound.AT_MOST, Bound.NEARLY, Bound.BEFORE)


def _opposite(a: Bound, b: Bound) -> bool:
    return (a in _UPWARD and b in _DOWNWARD) or (a in _DOWNWARD and b in _UPWARD)


BOUND_YEARS = 30  # "before 2005" is stated by a year at most this many before it (in the claim's context)


def within_bound(claimed: NumberFact, stated: NumberFact) -> bool:
    """Whether ``stated`` gives a value the claim's bound admits and a writer would round to it: "more than
    50" at least 50 and under 100 ("over a million", a power of ten, under ten million), "fewer than 50" 25
    to 50, "nearly 50" 40 to 50, "before 2005" a year of
    the 30 before it. A value of another kind or count never does ("57 goals" for "more than 50 caps", "6 m"
    for "under 12 years"); a page that gives only a bound on its side ("under 40" for "nearly 50") does
    not."""
    if claimed.bound is Bound.NONE or (stated.bound is not Bound.NONE and stated.bound is not claimed.bound):
        return False
    x = claimed.value[0]
    if claimed.bound in _YEAR_BOUNDS:
        year = stated_year(stated)
        if year is None or stated.kind not in (*_DATED, NumberKind.NUMBER):
            return False
        return x - BOUND_YEARS <= year < x if claimed.bound is Bound.BEFORE else x < year <= x + BOUND_YEARS
    if stated.kind is not claimed.kind or stated.unit != claimed.unit:
        return False
    v = stated.value[0]
    if claimed.bound is Bound.AT_LEAST:  # "over a million" (a power of ten) gives the order of magnitude
        return x <= v < (10 * x if x >= 100 and log10(x).is_integer() else 2 * x)
    if claimed.bound is Bound.AT_MOST:
        return x / 2 <= v <= x
    return 0.8 * x <= v <= x  # nearly


def _same_value(claimed: NumberFact, stated: NumberFact) -> bool:
    c, s = claimed.kind, stated.kind
    if c is NumberKind.SCORE or s is NumberKind.SCORE:  # "lost 2–1" is the winner's "1–2" too
        return c is s and stated.value in (claimed.value, claimed.value[::-1])
    if c is NumberKind.DATE:
        return s is NumberKind.DATE and stated.value == claimed.value
    if c is NumberKind.DAY:
        return (s is NumberKind.DAY and stated.value == claimed.value) or (
            s is NumberKind.DATE and stated.value[1:] == claimed.value
        )
    if c is NumberKind.MONTH:
        return s in (NumberKind.MONTH, NumberKind.DATE) and stated.value[:2] == claimed.value
    if c is NumberKind.YEAR:
        return stated_year(stated) == claimed.value[0]
    if c is NumberKind.DECADE:
        year = stated_year(stated)
        return (
            s is NumberKind.DECADE
            and stated.value == claimed.value
            or (year is not None and claimed.value[0] <= year < claimed.value[0] + 10)
        )
    if c is NumberKind.ORDINAL:
        return s is NumberKind.ORDINAL and stated.value == claimed.value
    if c is NumberKind.CENTURY:
        return s is NumberKind.CENTURY and stated.value == claimed.value or in_century(claimed, stated)
    if s in (NumberKind.DATE, NumberKind.MONTH, NumberKind.DAY, NumberKind.DECADE, NumberKind.ORDINAL,
             NumberKind.CENTURY):  # fmt: skip
        return False
    if (c is NumberKind.PERCENT) != (s is NumberKind.PERCENT):  # "20 per cent" is not "20 shares"
        return False
    if s is NumberKind.MONEY and c is NumberKind.NUMBER and claimed.unit not in _CURRENCY_UNITS:
        return False  # "half a million visitors" is not "$500,000"
    return rounds_to(stated.value[0], claimed.value[0], claimed.significant or 15)


def century_years(century: NumberFact) -> range:
    """The years of a century: the 20th's are 1901-2000, counted as most write them, 1900-1999, with both."""
    last = int(century.value[0]) * 100
    return range(last - 100, last + 1)


def in_century(century: NumberFact, stated: NumberFact) -> bool:
    """Whether ``stated`` is a year, a date or a decade of ``century``: a page dates an event "in 1455" where
    the claim puts it "in the fifteenth century"."""
    year = int(stated.value[0]) if stated.kind is NumberKind.DECADE else stated_year(stated)
    return year is not None and year in century_years(century)


def stated_year(fact: NumberFact) -> int | None:
    """The year a fact states: a year, a date's or month's year, or a bare number that could be a year."""
    if fact.kind in (NumberKind.YEAR, NumberKind.DATE, NumberKind.MONTH):
        return int(fact.value[0])
    if fact.kind is NumberKind.NUMBER and fact.value[0].is_integer() and 1000 <= fact.value[0] < 2100:
        return int(fact.value[0])
    return None


def rival(claimed: NumberFact, stated: NumberFact) -> bool:
    """Whether ``stated`` is a value of the same kind as ``claimed`` that could contradict it (a year for a
    year, a date for a date, a count of the same thing for a count)."""
    if same_fact(claimed, stated):
        return False
    if claimed.bound is Bound.NONE and stated.bound is Bound.NONE:
        return _rival_value(claimed, stated)
    return _rival_value(_unbounded(claimed), _unbounded(stated)) and _excludes(claimed, stated)


def _interval(fact: NumberFact) -> tuple[float, float]:
    """The values ``fact`` admits with its bound ("more than 50": 50 and over; "before 2005": 2004 and
    before)."""
    x = float(stated_year(fact) or 0) if fact.bound in _YEAR_BOUNDS else fact.value[0]
    if fact.bound in (Bound.AT_LEAST, Bound.AFTER):
        return (x + 1 if fact.bound is Bound.AFTER else x, inf)
    if fact.bound in _DOWNWARD:
        return (-inf, x - 1 if fact.bound is Bound.BEFORE else x)
    return (x, x)


def _excludes(claimed: NumberFact, stated: NumberFact) -> bool:
    """Whether the values the two admit do not meet: "the source gives 40, the claim says more than 50"; not
    "57" for "more than 50", nor "2001" for "before 2005"."""
    (a, b), (c, d) = _interval(claimed), _interval(stated)
    return b < c or d < a


def _rival_value(claimed: NumberFact, stated: NumberFact) -> bool:
    c, s = claimed.kind, stated.kind
    if c in (NumberKind.DATE, NumberKind.MONTH):  # the same year without the day is a detail missing
        return (
            s in (NumberKind.YEAR, NumberKind.DATE, NumberKind.MONTH)
            and stated_year(stated) != claimed.value[0]
        )
    if c is NumberKind.YEAR:
        return s in (NumberKind.YEAR, NumberKind.DATE, NumberKind.MONTH)
    if c is NumberKind.DAY:  # another day in the claim's context is as often the next event as a rival
        return False
    # a century's rival is another century: a year of another one is as often a later event
    if c in (NumberKind.MONEY, NumberKind.PERCENT, NumberKind.ORDINAL, NumberKind.DECADE, NumberKind.CENTURY,
             NumberKind.SCORE):  # fmt: skip
        return s is c
    # a count contradicts a count of the same thing only ("8 saves" vs "5 saves", not "5 years")
    return s is NumberKind.NUMBER and bool(claimed.unit) and stated.unit == claimed.unit
