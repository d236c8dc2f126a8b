"""What a suggested source must show besides the verifier's judgement (:meth:`Retriever.choose_suggestions`),
applied by the patrol before it stores a suggestion and by `sidebot eval suggest` before it counts one.

The verifier gives 0.5–0.9 to pages on the claim's topic that do not back it (docs/retrieval.md), so two plain
checks follow: the suggestion's passage states the claim's facts (years, numbers, names: none missing, none
contradicted), and its page names the article's subject. A page that never names the subject is on another
subject, however many of the claim's words it holds.
"""

from __future__ import annotations

from collections.abc import Callable

from sidebot.records import Claim, Passage
from sidebot.retrieve.corpus import Corpus
from sidebot.verify.facts.check import PageIndex, check_facts
from sidebot.verify.facts.names import names_the_subject


def states_the_facts(claim: Claim, passage: Passage | None) -> bool:
    """Whether ``passage`` states every checkable fact of the claim (its years, numbers, names; the article
    subject's own name aside) and contradicts none."""
    if passage is None:
        return False
    check = check_facts(claim.text, PageIndex.from_passages([passage]), claim.article_title)
    return not check.missing and not check.contradicted


def page_text(corpus: Corpus, url: str) -> str:
    """The whole text the corpus holds for the page at ``url``."""
    return "\n".join(p.passage.text for p in corpus.document_passages(url))


def passes_checks(corpus: Corpus, claim: Claim, url: str, passage: Passage | None) -> bool:
    """Both checks of the module doc for a suggestion of the page at ``url`` showing ``passage``."""
    return passes_page_checks(claim, lambda: page_text(corpus, url), passage)


def passes_page_checks(claim: Claim, text: Callable[[], str], passage: Passage | None) -> bool:
    """Both checks for a suggestion of a page whose whole text ``text`` gives (asked only when the passage
    states the facts) showing ``passage``."""
    return states_the_facts(claim, passage) and names_the_subject(claim.article_title, text())


def passes_checks_on_page(corpus: Corpus, claim: Claim, url: str) -> bool:
    """Both checks with the facts looked up on the whole page at ``url`` rather than on one passage: a
    claim's facts are often stated in two passages of 100 words (its date in one, its place in the next)."""
    passages = [p.passage for p in corpus.document_passages(url)]
    check = check_facts(claim.text, PageIndex.from_passages(passages), claim.article_title)
    if check.missing or check.contradicted:
        return False
    return names_the_subject(claim.article_title, "\n".join(p.text for p in passages))
