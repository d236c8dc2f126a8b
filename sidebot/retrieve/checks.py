"""What a suggested source must show besides the verifier's judgement (:meth:`Retriever.choose_suggestions`),
applied by the patrol before it stores a suggestion and by `sidebot eval suggest` before it counts one.

The verifier gives 0.5–0.9 to pages on the claim's topic that do not back it (docs/retrieval.md), so two plain
checks follow: the text shown states the claim's facts (years, numbers, names: none missing, none
contradicted), and its page names the article's subject. A page that never names the subject is on another
subject, however many of the claim's words it holds.

The text shown is the verifier's best window (one or two sentences) when it states every fact; a page often
gives a claim's date in one sentence and its place a few lines on, so otherwise it is the shortest run of the
page's ~100-word passages around the window that does: the window's own passage, then it with the passage
before or after, then both (:func:`stating_passage`). Further away is another part of the page: looking the
facts up on the whole page let claims the page does not back through (docs/retrieval.md). The page's title
counts as a sentence that states facts, but only when no text around the window states them without it: a
window about another debut on a page titled with the claim's name ("…'Vic Rattlehead' Mask") would otherwise
be shown, though the passage beside it names him in its own words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from sidebot.records import Claim, Evidence, Passage
from sidebot.retrieve.corpus import Corpus
from sidebot.retrieve.retriever import Suggestion
from sidebot.verify.evidence import weighted_share
from sidebot.verify.facts import PageIndex, check_facts, names_the_subject
from sidebot.verify.sentences import join_quotations
from sidebot.verify.windows import page_sentences


def states_the_facts(claim: Claim, passages: Sequence[Passage], *, with_title: bool = True) -> bool:
    """Whether ``passages`` (and, ``with_title``, their page's title) state every checkable fact of the claim
    (its years, numbers, names; the article subject's own name aside) and contradict none."""
    if not passages:
        return False
    read = list(passages) if with_title else [replace(p, title="") for p in passages]
    check = check_facts(claim.text, PageIndex.from_passages(read), claim.article_title)
    return not check.missing and not check.contradicted


def joined(run: Sequence[Passage]) -> Passage:
    """Consecutive passages of one document as one passage with the same offsets: the whitespace between
    them (which split_passages drops) is kept as that many spaces, so offsets into the document stay true."""
    first = run[0]
    text = first.text
    for before, passage in zip(run, run[1:]):
        text += " " * max(passage.start - before.end, 0) + passage.text
    return Passage(first.index, text, first.title, first.start, first.start + len(text))


def stating_passage(claim: Claim, page: Sequence[Passage], window: Passage | None) -> Passage | None:
    """The text a suggestion shows (the module doc): ``window`` itself when it states the claim's facts, else
    the shortest run of ``page`` (the document's passages, in order) around it that does; None when none
    does."""
    if window is None:
        return None
    own = next((i for i, p in enumerate(page) if p.start <= window.start < p.end), None)
    runs = [] if own is None else [page[first : last + 1] for first, last in _around(own, len(page))]
    for title_needed in (False, True):
        if _states(claim, [window], title_needed):
            return window
        for run in runs:
            if _states(claim, run, title_needed):
                return joined(run)
    return None


def _states(claim: Claim, run: Sequence[Passage], title_needed: bool) -> bool:
    """Whether ``run`` states the claim's facts with its page's title (as every check reads a page) and,
    unless ``title_needed``, without it too: the pages shown are the same as if the title always counted."""
    return states_the_facts(claim, run) and (title_needed or states_the_facts(claim, run, with_title=False))


def _around(own: int, count: int) -> list[tuple[int, int]]:
    """The runs of passages :func:`stating_passage` tries, shortest first: ``own``, it with the one before,
    with the one after, with both (first and last index, both inside the page's ``count`` passages)."""
    runs = ((own, own), (own - 1, own), (own, own + 1), (own - 1, own + 1))
    return [(first, last) for first, last in runs if first >= 0 and last < count]


def shown_with_facts(claim: Claim, page: Sequence[Passage], suggestion: Suggestion) -> Suggestion | None:
    """``suggestion`` showing :func:`stating_passage` (its evidence sentences moved into that text), or None
    when no text near its best window states the claim's facts."""
    window = suggestion.passage
    shown = stating_passage(claim, page, window)
    if shown is None or window is None:
        return None
    shift = window.start - shown.start
    moved = [Evidence(e.start + shift, e.end + shift, e.score) for e in suggestion.evidence]
    marks = whole_sentences(shown.text, moved)
    if {(e.start, e.end) for e in marks} != {(e.start, e.end) for e in moved}:
        # a widened mark holds more of the claim than the sentence it was chosen by: all are scored again,
        # on one scale (the page's word weights)
        index = PageIndex.from_passages(page)
        marks = [
            Evidence(e.start, e.end, weighted_share(claim.text, shown.text[e.start : e.end], index))
            for e in marks
        ]
    return replace(suggestion, passage=shown, evidence=best_line_of_a_list(shown.text, marks, claim.text))


LIST_LINES = 3  # a mark of this many lines or more is a list, not a sentence
_LINE_MARKS = " \t#*•·>|-"  # a heading's or list item's marks as page text keeps them


def best_line_of_a_list(text: str, evidence: Sequence[Evidence], claim: str) -> list[Evidence]:
    """``evidence`` with its best mark (the one a reference quotes) cut to one line when it is a list:
    ``LIST_LINES`` lines or more, which the sentence splitter reads as one "sentence" where its lines end
    without a full stop (an awards list, a results table). The line kept holds most of the claim's words,
    each weighed by how few of the list's lines hold it: "Outstanding Guest Actress In A Comedy Series -
    2006", not the whole awards list with its "Lead Actress … 2011". A mark whose lines all hold as much of
    the claim (none of it, say) is left whole."""
    if not evidence:
        return list(evidence)
    best = max(evidence, key=lambda e: e.score)
    lines = _lines(text, best.start, best.end)
    if len(lines) < LIST_LINES:
        return list(evidence)
    texts = [text[a:b] for a, b in lines]
    weighed = PageIndex(lines, texts)  # the claim's words weighed by how few of the list's lines hold them
    shares = [weighted_share(claim, line, weighed) for line in texts]
    if max(shares) == min(shares):  # no line states more of the claim than another (none of it, say)
        return list(evidence)
    k = max(range(len(lines)), key=lambda i: (shares[i], -i))
    line = Evidence(*lines[k], best.score)
    return [line if e is best else e for e in evidence]


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The non-empty lines of ``text[start:end]`` as (start, end) offsets in ``text``, without the marks a
    heading or list item begins with."""
    found = []
    for match in re.finditer(r"[^\n]+", text[start:end]):
        line = match.group()
        a = start + match.start() + len(line) - len(line.lstrip(_LINE_MARKS))
        b = start + match.start() + len(line.rstrip())
        if b > a:
            found.append((a, b))
    return found


def whole_sentences(text: str, evidence: Sequence[Evidence]) -> list[Evidence]:
    """``evidence`` marks widened to the whole sentences of ``text`` they fall in, one mark per sentence run.

    A window is cut from one ~100-word passage, so its first or last sentence may be the tail or head of a
    sentence the passage boundary split ("…But Who's Buying?!' album cover in 1986."); once the text shown
    joins the passages, the mark (and the reference's quote, its best mark) can hold the whole sentence; a
    sentence Bling Fire ended inside a quoted title is joined to its rest (:func:`join_quotations`)."""
    spans = join_quotations(text, page_sentences(text))
    widened: dict[tuple[int, int], float] = {}
    for mark in evidence:
        inside = [(a, b) for a, b in spans if a < mark.end and mark.start < b]
        span = (
            (min(mark.start, inside[0][0]), max(mark.end, inside[-1][1]))
            if inside
            else (mark.start, mark.end)
        )
        widened[span] = max(widened.get(span, mark.score), mark.score)
    return [Evidence(start, end, score) for (start, end), score in widened.items()]


def page_text(corpus: Corpus, url: str) -> str:
    """The whole text the corpus holds for the page at ``url``."""
    return text_of([p.passage for p in corpus.document_passages(url)])


def text_of(page: Sequence[Passage]) -> str:
    """A page's whole text from its passages, as the subject check reads it."""
    return "\n".join(p.text for p in page)


def checked(corpus: Corpus, claim: Claim, suggestion: Suggestion) -> Suggestion | None:
    """A suggestion of a corpus page as the patrol shows it (:func:`checked_page`), or None when it fails a
    check of the module doc."""
    page = [p.passage for p in corpus.document_passages(suggestion.url)]
    return checked_page(claim, page, lambda: text_of(page), suggestion)


def checked_page(
    claim: Claim, page: Sequence[Passage], text: Callable[[], str], suggestion: Suggestion
) -> Suggestion | None:
    """``suggestion`` of a page cut into ``page`` passages, whose whole text ``text`` gives (asked only when
    the facts are stated), showing the text that states the claim's facts; None when it fails a check."""
    shown = shown_with_facts(claim, page, suggestion)
    if shown is None or not names_the_subject(claim.article_title, text()):
        return None
    return shown


def passes_checks(corpus: Corpus, claim: Claim, suggestion: Suggestion) -> bool:
    """Whether a suggestion of a corpus page passes both checks of the module doc."""
    return checked(corpus, claim, suggestion) is not None


def passes_checks_on_page(corpus: Corpus, claim: Claim, url: str) -> bool:
    """Both checks with the facts looked up on the whole page at ``url``: the alternative the gate's fit
    compares (``RetrieveSettings.unsourced_facts_on_page``)."""
    passages = [p.passage for p in corpus.document_passages(url)]
    return states_the_facts(claim, passages) and names_the_subject(claim.article_title, text_of(passages))
