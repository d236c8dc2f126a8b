"""What the card leads with, and what it may say: the failures of a finding in words built from its facts,
its edit and its reason (issue 54), and the rules that keep the card from saying more than the source does.

- :func:`failures`: the lines the card opens with ("The source does not give: 1978, Lexington", "Changed
  fact: 2013 → 2014 (the source gives 2013)", "Citation removed", "Contradicted: the source gives 1999, the
  claim says 2000", "Partial support: …");
- :func:`backs_nothing`: the claim has facts to check and the source gives none of them, so no "backs part of
  it" figure is shown, whatever the model's at-least-part figure says (Adriana Lima's card said "backs part
  of it: 90 %" while its year, rank and sum all failed);
- :func:`said_of_subject` and :func:`rival_words`: a contradicted fact's rival ("the source gives $20
  million") is named only where the source's sentence giving it names the claim's subject;
- :func:`states_nothing`: the shown passage states nothing of the claim (every checkable fact missing, or no
  sentence holding a tenth of the claim's content words), so nothing in it is highlighted as evidence.

A fact that is a name of the article's own subject (``subject``, set by the fact check) is no check of the
claim: a page about Vince Gill names "Gill" whether or not it gives his 21 awards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sidebot.queue.support import COPIES_PREFIX, Support, percent

Fact = Mapping[str, Any]  # a stored fact of the claim (sidebot.records.FactFinding as a dict)

# An evidence mark (sidebot.verify.evidence: the share of the claim's content words its sentence holds)
# under this states nothing of the claim: one word in ten or fewer ("He was a", a heading sharing a name).
# On the demo queue supported citations' best marks hold 0.17 or more; secondary marks go down to 0.05.
MIN_SHARE = 0.1
_DISAMBIGUATION = re.compile(r"\s*\([^)]*\)\s*$")
_RIVAL_KINDS = {"name": "name", "person": "name", "date": "date", "year": "year"}


def checkable(facts: Iterable[Fact]) -> list[Fact]:
    """The facts that check the claim: all but names of the article's own subject."""
    return [f for f in facts if not f.get("subject")]


def backs_nothing(facts: Sequence[Fact]) -> bool:
    """Whether the source backs nothing of the claim as far as its facts tell: it has facts to check and each
    is missing or contradicted. With no fact to check, the figures are all there is: False."""
    checked = checkable(facts)
    return bool(checked) and all(f.get("status") in ("missing", "contradicted") for f in checked)


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


def states_nothing(facts: Sequence[Fact], scores: Sequence[float | None]) -> bool:
    """Whether the shown passage states nothing of the claim: the claim's checkable facts are all missing
    from the source, or no evidence mark (``scores``: those of the passage's marks) holds :data:`MIN_SHARE`
    of the claim's content words (a found fact is then stated elsewhere on the page, as the facts list
    shows, not in this passage). A mark without a score (stored before scores were) counts as stating
    something."""
    checked = checkable(facts)
    if checked and all(f.get("status") == "missing" for f in checked):
        return True
    return all(s is not None and s < MIN_SHARE for s in scores)


def subject_of(article: str) -> str:
    """The article's subject as the card names it: its title without a disambiguation ("Foo (band)")."""
    return _DISAMBIGUATION.sub("", article).strip() or article


def said_of_subject(sentence: str | None, article: str, facts: Sequence[Fact]) -> bool:
    """Whether ``sentence`` names the claim's subject: the article's title (or its last word, a surname;
    :func:`sidebot.verify.facts.names_the_subject`) or a name the fact check found to be the subject's."""
    if not sentence:
        return False
    # imported here: the fact check's modules load spaCy's tables, seconds the app's start need not wait
    from sidebot.verify.facts import names_the_subject

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
) -> list[str]:
    """What fails, most telling first: the edit that put the finding in the queue, a copy of Wikipedia, each
    contradicted fact, the facts the source does not give, the part it does not back. Empty: nothing is
    named (the support words and figures are all the card has)."""
    lines: list[str] = []
    if change:
        lines.append(_edit_line(change))
    if (flag_reason or "").startswith(COPIES_PREFIX):
        lines.append("The source copies Wikipedia: it cannot back the claim")
    checked = checkable(facts)
    lines += [
        f"Contradicted: {rival_words(f, article, facts)}"
        for f in checked
        if f.get("status") == "contradicted"
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
