"""The passage a card shows, on real demo source pages served over loopback HTTP and read by sidebot's own
fetcher: a passage cut inside a sentence gets the rest of it from the page, a highlight never covers a
navigation menu or the page's title, and where the stored evidence holds no sentence, the sentence with the
claim's words is highlighted."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from sidebot.config import FetchSettings
from sidebot.sandbox.demo_content import demo_sources
from sidebot.sandbox.source_server import SourceServer
from sidebot.sources.fetch import FetchResult, fetch
from sidebot.sources.passages import split_passages
from sidebot.verify.evidence import evidence_sentences
from sidebot.web.cards import highlight, mark
from sidebot.web.passages import is_menu_line, is_prose, shown_passage

CLAIMS = {s.id: s.claim.text for s in demo_sources()}


@pytest.fixture(scope="module")
def demo_page() -> Iterator[Callable[[str], FetchResult]]:
    """A demo source page (by WiCE id) as the patrol reads it: served by the demo's source server, fetched
    and extracted by sidebot.sources."""
    settings = FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0, soft404_probe=False)
    with SourceServer(port=0) as server:
        yield lambda source_id: fetch(server.url_for(source_id), settings, probe=False)


def _shown(segments) -> tuple[str, list[str], str]:  # type: ignore[no-untyped-def]
    """(all the text, the highlighted pieces, the added context) of a card's segments."""
    text = "".join(s.text for s in segments)
    return text, [s.text for s in segments if s.evidence], "".join(s.text for s in segments if s.context)


def test_a_passage_cut_inside_a_sentence_shows_the_whole_sentence(demo_page):
    # WiCE dev01929: the demo card showed "families in 1938." and nothing else
    page = demo_page("dev01929")
    cut = next(p for p in split_passages(page.text, page.title) if p.text.startswith("families in 1938."))
    window = "families in 1938."
    text, marked, context = _shown(highlight(shown_passage(window, [], CLAIMS["dev01929"], page.text)))
    assert text == (
        "First of all, the government started distributing this Maternity Box to low-income families in 1938."
    )
    assert context == "First of all, the government started distributing this Maternity Box to low-income "
    assert marked == []  # the page says nothing of the claim (Amoc, Inari Sami): nothing to highlight
    whole, _, context = _shown(highlight(shown_passage(cut.text, [], CLAIMS["dev01929"], page.text)))
    assert whole.startswith("First of all, the government") and cut.text.strip() in whole
    assert whole.rstrip().endswith(".")  # and the sentence it ends inside, too
    assert not shown_passage("families in 1938.", [], None, None).context[0]  # no page: nothing added


def test_a_highlight_never_covers_a_menu_or_the_title(demo_page):
    # WiCE dev03621 (BusinessDictionary): the verifier's evidence for its first passage starts at the page
    # title and runs over the "Popular Terms" menu, as the demo card showed it
    page = demo_page("dev03621")
    passage = split_passages(page.text, page.title)[0]
    claim = CLAIMS["dev03621"]
    stored = [
        {"start": e.start, "end": e.end, "score": e.score} for e in evidence_sentences_of(claim, passage)
    ]
    assert any("Popular Terms" in passage.text[e["start"] : e["end"]] for e in stored)  # the problem
    shown = shown_passage(passage.text, stored, claim, page.text, page.title)
    text, marked, _ = _shown(highlight(shown))
    assert marked == [
        "Economics concept that, when making a purchase decision, a consumer attempts to get the greatest "
        "value possible from expenditure of least amount of money.",
        "His or her objective is to maximize the total value derived from the available money.",
    ]
    assert "marginal benefi..." not in text and "globalization" not in text  # the menu after it is left out
    assert text.startswith(page.title)  # a heading stays, unhighlighted


def test_without_stored_evidence_the_sentence_with_the_claims_words_is_highlighted(demo_page):
    page = demo_page("dev03621")
    passage = split_passages(page.text, page.title)[0]
    claim = "A consumer attempts to get the greatest value possible from expenditure of least money."
    _, marked, _ = _shown(highlight(shown_passage(passage.text, [], claim, page.text, page.title)))
    assert marked and "consumer attempts to get the greatest value" in marked[0]


def evidence_sentences_of(claim: str, passage):  # type: ignore[no-untyped-def]
    from sidebot.records import Claim

    return evidence_sentences(Claim(claim), passage, 3)


@pytest.mark.parametrize(
    ("line", "prose", "menu"),
    [
        (
            "His or her objective is to maximize the total value derived from the available money.",
            True,
            False,
        ),
        ("This tradition comes from the equation of equality", True, False),  # its full stop dropped
        ("Popular Terms", False, True),
        ("marginal benefi...", False, True),
        ("The band split.", False, False),
    ],
)
def test_prose_and_menu_lines(line: str, prose: bool, menu: bool):
    assert (is_prose(line), is_menu_line(line)) == (prose, menu)


def test_a_value_is_marked_where_it_stands_after_letters_that_fold_longer() -> None:
    """Findings stored without offsets are marked by searching the sentence itself: a search in a casefolded
    copy ("Straße" folds to "strasse") put the mark one letter late."""
    evidence = [s.text for s in mark("Die Straße wurde 1909 gebaut.", "1909") if s.evidence]
    assert evidence == ["1909"]
    assert [s.text for s in mark("Die Straße wurde 1909 gebaut.", "1910") if s.evidence] == [
        "Die Straße wurde 1909 gebaut."
    ]
