"""The facts a claim rests on: its numbers, dates, sums, percentages and ordinals (_numbers.py) and its named
entities (spaCy's ``en_core_web_sm``: people, places, organisations, nationalities, works, events,
buildings, products).

An entity that names the article's own subject ("Smith" in the article "John Smith") is marked ``subject``:
sources often call the subject "he" or by another form of the name, so its absence says little. A name that
repeats part of an earlier one in the claim (the surname after the full name) is the same fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from sidebot.names import normal_name
from sidebot.verify.facts._numbers import NumberFact, NumberKind, converted, designations, number_facts
from sidebot.verify.language import parse, parse_all

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

ENTITY_LABELS = frozenset({"PERSON", "GPE", "LOC", "ORG", "NORP", "FAC", "EVENT", "WORK_OF_ART", "PRODUCT"})
STRONG_NAMES = frozenset({"PERSON", "GPE", "LOC"})
# spaCy tags numbers and dates too; _numbers.py reads those (with values and offsets)
_NUMERIC_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"})


class FactKind(StrEnum):
    NUMBER = "number"  # any NumberKind: see ``number``
    NAME = "name"


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of a claim. ``label``: the NumberKind or the spaCy entity label; ``start``/``end``: its
    offsets in the claim text."""

    kind: FactKind
    label: str
    text: str
    start: int
    end: int
    number: NumberFact | None = None
    subject: bool = False  # a name of the article's own subject
    converted: NumberFact | None = None  # the same measure in other units, in brackets ("50-foot (15 m)")
    spelled_out: str = ""  # the claim's own words for an abbreviation in brackets: "diastolic blood pressure"

    @property
    def strong(self) -> bool:
        """A fact a page that backs the claim states in so many words: a year, a date, a sum, a percentage,
        a figure of 100 or more, a person or a place (chosen on WiCE train sub-claims: those facts' tokens
        marked supported were nearly always on the page, while small counts, ranks and organisation names
        are often paraphrased)."""
        if self.number is not None:
            return not self.number.common and self.number.kind not in (NumberKind.DECADE, NumberKind.CENTURY)
        return self.label in STRONG_NAMES

    @property
    def written(self) -> str:
        """The fact as a note quotes it, a number with its bound: "more than 50"."""
        return self.text if self.number is None else self.number.written

    @property
    def description(self) -> str:
        """What kind of fact it is, in words ("year", "sum", "name"). A name is a "name" whatever spaCy's
        label: the small model's kind of a name is too often wrong to show a reviewer (in the demo's queue
        "the claim's place Spotify", "organisation Keith Urban", "place Hergé"); the label still decides
        which of the page's names can be its rival. Nationalities ("Canadian") it reads well."""
        if self.number is None:
            return "nationality or group" if self.label == "NORP" else "name"
        return _DESCRIPTIONS[self.number.kind]


_DESCRIPTIONS = {
    NumberKind.DATE: "date",
    NumberKind.MONTH: "date",
    NumberKind.DAY: "date",
    NumberKind.YEAR: "year",
    NumberKind.DECADE: "decade",
    NumberKind.MONEY: "sum",
    NumberKind.PERCENT: "percentage",
    NumberKind.ORDINAL: "rank",
    NumberKind.CENTURY: "century",
    NumberKind.NUMBER: "number",
    NumberKind.SCORE: "score",
}


# The small model learnt from straight apostrophes: it reads "Cote d’Ivoire" as a person "Cote" and "Cote
# d'Ivoire" as a place. One character each way, so the offsets hold.
_STRAIGHT_QUOTES = str.maketrans({"’": "'", "‘": "'"})


# The small model at times runs a name on into the words after it: a verb ("Nest won Academy Awards", "Lorelei
# plays"), a preposition or article it stops after ("The NAACP Image Award for"), a bracket it does not close
# ("The Office (US"). Read as a fact, such a span is on no page: a false "not given" note.
_VERB_TAGS = frozenset({"VERB", "AUX"})
_TRAILING_TAGS = frozenset({"ADP", "DET", "CCONJ"})  # not a possessive: "McDonald's"
_TRAILING_MARKS = frozenset({",", ";", ":", "-", "–", "—", "(", "/"})  # not a closing bracket or quote


def _name_tokens(entity: Span) -> list[Token]:
    """The tokens of a name ``entity`` (a spaCy span) without the words the small model ran on into (above):
    cut at a verb written in lower case, then at a bracket it leaves open, then without lower-case function
    words and punctuation at its end; none when no capital is left."""
    tokens = list(entity)
    verb = next((k for k, t in enumerate(tokens) if k and t.is_lower and t.pos_ in _VERB_TAGS), None)
    tokens = tokens[:verb]
    if "(" in (t.text for t in tokens) and ")" not in (t.text for t in tokens):
        tokens = tokens[: [t.text for t in tokens].index("(")]
    while tokens and (
        tokens[-1].text in _TRAILING_MARKS or (tokens[-1].is_lower and tokens[-1].pos_ in _TRAILING_TAGS)
    ):
        tokens.pop()
    return tokens if any(ch.isupper() for t in tokens for ch in t.text) else []


@lru_cache(maxsize=4096)
def all_entities(text: str) -> tuple[tuple[str, str, int, int], ...]:
    """spaCy's named entities of ``text``, numeric ones included, remembered; read with straight apostrophes,
    given as ``text`` writes them, a name without the words the model ran on into (:func:`_name_tokens`)."""
    out = []
    for e in parse(text.translate(_STRAIGHT_QUOTES)).ents:
        start, end = e.start_char, e.end_char
        if e.label_ in ENTITY_LABELS:
            tokens = _name_tokens(e)
            if not tokens:
                continue
            end = tokens[-1].idx + len(tokens[-1].text)
        out.append((text[start:end], e.label_, start, end))
    return tuple(out)


def forget_entities() -> None:
    """Forget the entities :func:`all_entities` remembers (a timed pass then reads its claims afresh)."""
    all_entities.cache_clear()


def parse_for_entities(texts: Sequence[str]) -> None:
    """Parse ``texts`` in one batch as :func:`all_entities` reads them, so that its calls find them parsed."""
    parse_all([text.translate(_STRAIGHT_QUOTES) for text in texts])


def entity_spans(text: str) -> list[tuple[str, str, int, int]]:
    """spaCy's named entities of ``text`` as (text, label, start, end), numeric ones left out, and those
    written all in lower case: the small model at times tags a common noun ("hernia surgery" a place, "the
    injured reserve" an organisation, "graffiti artist" a person). A name keeps a capital somewhere
    ("iTunes", "neo-Nazism"); a script without case ("東京") has no lower case either."""
    return [e for e in all_entities(text) if e[1] in ENTITY_LABELS and not e[0].islower()]


def _in_a_name(number: NumberFact, text: str) -> bool:
    """A number or ordinal word written with a capital inside a sentence is part of a name ("the Second World
    War", "a Formula Three race", "Channel Four", "the Big Ten Conference")."""
    return (
        number.kind in (NumberKind.ORDINAL, NumberKind.CENTURY, NumberKind.NUMBER)
        and number.text[:1].isupper()
        and not number.text[-1].isdigit()
        and text[: number.start].strip()[-1:] not in ("", ".")
    )


DESIGNATION_LABEL = "PRODUCT"  # the label a designation spaCy does not tag is read with


# A person's or a place's name never ends in a possessive ("McDonald's" or "St Macartan's" College may)
_OWNERS = frozenset({"PERSON", "GPE", "LOC"})
_POSSESSIVE_END = re.compile(r"\s*['’]s?$")
# spaCy at times takes a determiner at the start of a sentence into the name: "Each Hurricane Heat event".
# Not "No", "All", "This"…: they start names ("No Doubt", "All Saints") and titles ("This Is England").
_LEADING_DETERMINER = re.compile(r"^(?:each|every|both|another|such)\s+(?=\S)", re.IGNORECASE)


# spaCy at times takes one of a title's quotation marks into a name: 'the "Kerrang!', '"Live Facelift'. A
# pair inside stays: 'Detective Raymond "Ray"'.
_QUOTES = '"“”'
_LEADING_QUOTE = re.compile(r'^(?:the\s+)?["“”]\s*', re.IGNORECASE)
_TRAILING_QUOTE = re.compile(r'\s*["“”]$')


def _stray_quotes(name: str) -> bool:
    """Whether ``name`` holds one quotation mark without its pair, or is wholly in quotation marks."""
    return sum(map(name.count, _QUOTES)) % 2 == 1 or (name[:1] in _QUOTES and name[-1:] in _QUOTES)


def bare_name(name: str, label: str = "") -> tuple[str, int]:
    """``name`` without a quotation mark at either end or a leading determiner spaCy took in ("Each Hurricane
    Heat" → "Hurricane Heat"), and the number of characters cut from its start. A title (``label``
    WORK_OF_ART) keeps its words: "Every Time We Touch"."""
    start = 0
    if name and _stray_quotes(name):
        quote = _LEADING_QUOTE.match(name)
        start = quote.end() if quote else 0
        name = _TRAILING_QUOTE.sub("", name[start:])
    cut = None if label == "WORK_OF_ART" else _LEADING_DETERMINER.match(name)
    return (name[cut.end() :], start + cut.end()) if cut else (name, start)


def is_subject_name(name: str, article_title: str) -> bool:
    """Whether ``name`` is (part of) the article's subject, its title ("Smith" in "John Smith")."""
    title, base = normal_name(article_title), normal_name(name)
    return bool(title and base) and (base in title or title in base)


_WORD_BEFORE = re.compile(r"[\w'’.-]+")
MOST_WORDS_SPELLED = 8


def spelled_out_before(text: str, start: int, end: int) -> str:
    """The words just before an abbreviation in brackets (``text[start:end]``) that it stands for, its letters
    among their initials in order, the first on the first ("diastolic blood pressure (DBP)", "break-induced
    DNA replication (BIR)"); "" when the abbreviation is not in brackets or no run of words spells it."""
    if text[start - 1 : start] != "(" or text[end : end + 1] != ")":
        return ""
    letters = [ch for ch in text[start:end].lower() if ch.isalpha()]
    words = _WORD_BEFORE.findall(text[max(0, start - 200) : start - 1])[-MOST_WORDS_SPELLED:]
    if len(letters) < 2:
        return ""
    for k in range(1, len(words) + 1):
        run = words[-k:]
        initials = [part[0].lower() for word in run for part in word.split("-") if part]
        if initials and initials[0] == letters[0] and _in_order(letters, initials):
            return " ".join(run) if len(initials) <= len(letters) + 2 else ""
    return ""


def _in_order(letters: Sequence[str], initials: Sequence[str]) -> bool:
    """Whether ``letters`` are among ``initials`` in order."""
    rest = iter(initials)
    return all(letter in rest for letter in letters)


def claim_facts(text: str, article_title: str = "") -> list[Fact]:
    """The facts of ``text`` in order of appearance."""
    numbers: list[NumberFact] = []
    conversions: dict[int, NumberFact] = {}  # a measure's place in ``numbers``: its bracketed conversion
    read = number_facts(text)
    designated = designations(text)
    for i, n in enumerate(read):
        if numbers and numbers[-1] is read[i - 1] and converted(read[i - 1], n, text):
            conversions[len(numbers) - 1] = n
        elif not _in_a_name(n, text):
            numbers.append(n)
    facts = [
        Fact(FactKind.NUMBER, n.kind.value, n.text, n.start, n.end, number=n, converted=conversions.get(k))
        for k, n in enumerate(numbers)
    ]
    taken = [(n.start, n.end) for n in numbers]
    seen: list[str] = []
    # a designation is a name of its own, and a longer name around it is left as one around a number is
    # ("Broadly HIV-1 Neutralizing Antibodies"); in lower case ("type-2 diabetes") it is no name, as spaCy's
    # are not (entity_spans)
    named = [(text[a:b], DESIGNATION_LABEL, a, b) for a, b in designated if not text[a:b].islower()]
    taken += designated
    for name, label, start, end in named + entity_spans(text):
        if (start, end) not in designated and any(a < end and start < b for a, b in taken):
            continue  # "the 1990s" tagged as an event: _numbers.py has it
        name, cut = bare_name(name, label)
        start += cut
        if label in _OWNERS:  # the small model at times takes the possessive in: "Tim McGraw's song"
            name = _POSSESSIVE_END.sub("", name)
        end = start + len(name)
        base = normal_name(name)
        if not base or base.isdigit():
            continue
        if any(base == s or (label == "PERSON" and s.endswith(" " + base)) for s in seen):
            continue  # the same name again, or a surname after the full name
        seen.append(base)
        facts.append(
            Fact(
                FactKind.NAME,
                label,
                name,
                start,
                end,
                subject=is_subject_name(name, article_title),
                spelled_out=spelled_out_before(text, start, end),
            )
        )
    return sorted(facts, key=lambda f: f.start)
