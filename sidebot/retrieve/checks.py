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
facts up on the whole page let claims the page does not back through (docs/retrieval.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sidebot.records import Claim, Evidence, Passage
from sidebot.retrieve.corpus import Corpus
from sidebot.retrieve.retriever import Suggestion
from sidebot.verify.facts import PageIndex, check_facts, names_the_subject


def states_the_facts(claim: Claim, passages: Sequence[Passage]) -> bool:
    """Whether ``passages`` state every checkable fact of the claim (its years, numbers, names; the article
    subject's own name aside) and contradict none."""
    if not passages:
        return False
    check = check_facts(claim.text, PageIndex.from_passages(list(passages)), claim.article_title)
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
    if states_the_facts(claim, [window]):
        return window
    own = next((i for i, p in enumerate(page) if p.start <= window.start < p.end), None)
    if own is None:
        return None
    for first, last in ((own, own), (own - 1, own), (own, own + 1), (own - 1, own + 1)):
        run = page[max(first, 0) : last + 1]
        if len(run) == last - first + 1 and states_the_facts(claim, run):
            return joined(run)
    return None


def shown_with_facts(claim: Claim, page: Sequence[Passage], suggestion: Suggestion) -> Suggestion | None:
    """``suggestion`` showing :func:`stating_passage` (its evidence sentences moved into that text), or None
    when no text near its best window states the claim's facts."""
    window = suggestion.passage
    shown = stating_passage(claim, page, window)
    if shown is None or window is None or shown is window:
        return None if shown is None else suggestion
    shift = window.start - shown.start
    evidence = [Evidence(e.start + shift, e.end + shift, e.score) for e in suggestion.evidence]
    return replace(suggestion, passage=shown, evidence=evidence)


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
