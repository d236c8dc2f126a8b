"""What every view says a finding fails, and what it may say of its support: the card, the list, the CLI
(``queue list``, ``queue show``), the JSON API, the on-wiki list and talk notices all word a finding through
:func:`wording_of` (issue 54), so none says more than the source does.

- :func:`failures`: the lines a finding leads with ("The source does not give: 1978, Lexington", "Changed
  fact: 2013 → 2014 (the source gives 2013)", "Citation removed", "Needs a source", "Contradicted: the source
  gives 1999, the claim says 2000", "Partial support: …");
- :func:`backs_nothing`: the claim has facts to check and the source gives none of them, so no "backs part of
  it" figure is shown, whatever the model's at-least-part figure says (Adriana Lima's card said "backs part
  of it: 90 %" while its year, rank and sum all failed);
- :func:`said_of_subject` and :func:`rival_words`: a contradicted fact's rival ("the source gives $20
  million") is named only where the source's sentence giving it names the claim's subject.

A fact that is a name of the article's own subject (``subject``, set by the fact check) is no check of the
claim: a page about Vince Gill names "Gill" whether or not it gives his 21 awards. What the card alone decides
(which passage marks it highlights) is :mod:`sidebot.web.lead`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sidebot.names import names_the_subject
from sidebot.queue.facts_backed import Fact, backs_nothing, checkable
from sidebot.queue.support import COPIES_PREFIX, Support, percent

# A verdict's one figure named for what it is: the verifier's calibrated P(the source backs at least part of
# the claim), not a share of the claim that is backed (as "backed 92 %" read)
READER_SCORE = "the reader's support score"
COPY_WORDS = "a copy's figures say nothing of the claim"  # after "The source copies Wikipedia: …"
_DISAMBIGUATION = re.compile(r"\s*\([^)]*\)\s*$")
_RIVAL_KINDS = {"name": "name", "person": "name", "date": "date", "year": "year"}


def shown_support(support: Support, nothing_backed: bool) -> tuple[str, str]:
    """The support words and figures the card shows: where the source backs nothing (:func:`backs_nothing`),
    no "backs part of it" figure, only the every-part one, and words that say so; no figure line where
    nothing was measured."""
    if support.at_least_part is None:
        return support.words, ""  # "support not measured" says it: no "no figure" line under it
    if not nothing_backed or support.copies_wikipedia:
        return support.words, support.figures
    figures = (
        f"backs the whole claim: {percent(support.every_part)}" if support.every_part is not None else ""
    )
    return "source backs none of the claim's facts", figures


def subject_of(article: str) -> str:
    """The article's subject as the card names it: its title without a disambiguation ("Foo (band)")."""
    return _DISAMBIGUATION.sub("", article).strip() or article


def said_of_subject(sentence: str | None, article: str, facts: Sequence[Fact]) -> bool:
    """Whether ``sentence`` names the claim's subject: the article's title (or its last word, a surname;
    :func:`sidebot.names.names_the_subject`) or a name the fact check found to be the subject's."""
    if not sentence:
        return False
    names = [article, *(f.get("text") or "" for f in facts if f.get("subject"))]
    return any(name.strip() and names_the_subject(name, sentence) for name in names)


def rival_words(fact: Fact, article: str, facts: Sequence[Fact]) -> str:
    """A fact's explanation as the card says it: a contradicted fact whose rival the source gives in a
    sentence that does not name the subject says so, without the rival's value ("the source gives another
    figure, not said of Adriana Lima; the claim says $9 million")."""
    explanation = fact.get("explanation") or ""
    if fact.get("status") != "contradicted" or said_of_subject(fact.get("sentence"), article, facts):
        return explanation
    kind = _RIVAL_KINDS.get(fact.get("kind") or "", "figure")
    elsewhere = f" (it gives {fact.get('text')} only elsewhere)" if fact.get("elsewhere") else ""
    return (
        f"the source gives another {kind}, not said of {subject_of(article)}; the claim says "
        f"{fact.get('text')}{elsewhere}"
    )


def failures(
    facts: Sequence[Fact],
    article: str,
    change: Mapping[str, Any] | None,
    flag_reason: str | None,
    failed_part: str | None,
    needs_source: bool = False,
) -> list[str]:
    """What fails, most telling first: a claim that cites nothing (``needs_source``), the edit that put the
    finding in the queue, a copy of Wikipedia, each contradicted fact, the facts the source does not give,
    the part it does not back. Empty: nothing is named (the support words and figures are all there is)."""
    lines: list[str] = ["Needs a source"] if needs_source else []
    if change:
        lines.append(_edit_line(change))
    if (flag_reason or "").startswith(COPIES_PREFIX):
        lines.append("The source copies Wikipedia: it cannot back the claim")
    checked = checkable(facts)
    changed = (change or {}).get("new") if not (change or {}).get("edit") else None
    lines += [
        f"Contradicted: {rival_words(f, article, facts)}"
        for f in checked
        if f.get("status") == "contradicted" and f.get("text") != changed  # the change line says it
    ]
    missing = [f.get("text") or "" for f in checked if f.get("status") == "missing"]
    if missing:
        lines.append("The source does not give: " + ", ".join(missing))
    if failed_part:
        lines.append(f"Partial support: the source does not back ‘{failed_part}’")
    return lines


def _edit_line(change: Mapping[str, Any]) -> str:
    edit = change.get("edit") or ""
    if edit == "citation removed":
        return "Citation removed"
    if edit == "source replaced":
        return "Source replaced"
    if edit == "tag removed":
        return f"Tag removed: {change.get('old')}"
    old, new = change.get("old"), change.get("new")
    return f"Changed fact: {old} → {new} (the source gives {old})"


@dataclass(frozen=True)
class Wording:
    """What every view says of a finding: what fails (:func:`failures`), then the support in words and
    figures as they may be shown (:func:`shown_support`), the gap (the part or fact not backed) where no
    failure line names it, whether the source backs none of the claim's facts, and whether it backs only
    part of the claim (never where it backs none of its facts)."""

    fails: tuple[str, ...]
    words: str
    figures: str
    gap: str | None
    backs_nothing: bool
    partly: bool

    @property
    def support(self) -> str:
        """The support in one line: ``"source backs only part of the claim (backs the whole claim: 24 %;
        backs part of it: 93 %) — the source does not give the claim's year 1998"``."""
        figures = f" ({self.figures})" if self.figures else ""
        gap = f" — {self.gap}" if self.gap else ""
        return f"{self.words}{figures}{gap}"

    @property
    def text(self) -> str:
        """What fails, then the support, in one line (the CLI's table, the on-wiki list and notices, the
        JSON's ``support``): ``"The source does not give: 2015, 2nd — source backs none of the claim's facts
        (backs the whole claim: 2 %)"``."""
        return " · ".join(self.fails) + (" — " if self.fails else "") + self.support


def wording_of(
    support: Support,
    facts: Sequence[Fact],
    article: str,
    change: Mapping[str, Any] | None,
    flag_reason: str | None,
    failed_part: str | None,
    unsourced: str | None = None,
) -> Wording:
    """How every view words a finding. ``unsourced``: a claim that cites nothing (tagged {{citation
    needed}}), what was found for it (:func:`sidebot.queue.support.suggested_support`) in place of the
    support of a cited source."""
    fails = failures(facts, article, change, flag_reason, failed_part, needs_source=unsourced is not None)
    if unsourced is not None:
        return Wording(tuple(fails), unsourced, "", None, False, False)
    nothing = backs_nothing(facts)
    words, figures = shown_support(support, nothing)
    if support.copies_wikipedia:  # the copy's failure line says the rest
        words = COPY_WORDS
    gap = None if fails else support.gap
    return Wording(tuple(fails), words, figures, gap, nothing, support.partly and not nothing)
