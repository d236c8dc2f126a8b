"""The text a suggestion shows (sidebot.retrieve.checks): its best window when that states the claim's facts,
else the shortest run of the page's passages around the window that does, never a distant part of the page.
The facts check is the real one (spaCy, the number and date readers)."""

from __future__ import annotations

from sidebot.records import Claim, Evidence, Passage
from sidebot.retrieve.checks import (
    best_line_of_a_list,
    checked_page,
    joined,
    stating_passage,
    whole_sentences,
)
from sidebot.retrieve.retriever import Suggestion
from sidebot.sources.passages import split_passages
from sidebot.verify.sentences import join_quotations, sentence_spans

TITLE = "International Museum of the Horse"
FILLER = "Visitors walk through rooms of saddles, paintings and carriages from many centuries of riding. "
CLAIM = Claim("The museum opened in Lexington in 1978.", article_title=TITLE)


def page(*parts: str) -> tuple[str, list[Passage]]:
    text = "".join(parts)
    return text, split_passages(text, TITLE, words=20)


def window(text: str, sentence: str) -> Passage:
    start = text.index(sentence)
    return Passage(0, sentence, TITLE, start, start + len(sentence))


def suggestion(shown: Passage) -> Suggestion:
    return Suggestion(
        "https://museum.example/history", TITLE, 2.0, 0.97, shown, [Evidence(0, 20, 0.9)], None, None
    )


def test_a_window_that_states_every_fact_is_shown_as_it_is():
    sentence = "The International Museum of the Horse opened in Lexington in 1978."
    text, passages = page(FILLER * 3, sentence + " ", FILLER * 3)
    best = window(text, sentence)
    assert stating_passage(CLAIM, passages, best) is best


def test_facts_in_the_next_passage_widen_the_text_shown_and_keep_the_evidence_on_its_sentence():
    opened = "The International Museum of the Horse opened its doors in 1978."
    place = "It stands in Lexington, in the Kentucky Horse Park."
    text, passages = page(FILLER * 2, opened + " ", FILLER, place + " ", FILLER * 3)
    best = window(text, opened)
    before = suggestion(best)
    after = checked_page(CLAIM, passages, lambda: text, before)
    assert after is not None and after.passage is not best
    assert opened in after.passage.text and "It stands in Lexington" in after.passage.text
    assert len(after.passage.text) < len(text) / 2  # a run of passages, not the page
    # the same characters of the document, so the evidence still marks the window, now its whole sentence
    assert text[after.passage.start : after.passage.end].split() == after.passage.text.split()
    (evidence,) = after.evidence
    assert after.passage.text[evidence.start : evidence.end] == opened


def test_facts_far_from_the_window_are_another_part_of_the_page():
    opened = "The International Museum of the Horse opened its doors in 1978."
    place = "It stands in Lexington, in the Kentucky Horse Park."
    text, passages = page(opened + " ", FILLER * 8, place + " ", FILLER)
    assert stating_passage(CLAIM, passages, window(text, opened)) is None
    assert checked_page(CLAIM, passages, lambda: text, suggestion(window(text, opened))) is None


def test_a_contradicted_fact_beside_the_window_is_not_hidden_by_widening():
    opened = "The International Museum of the Horse opened its doors in Lexington."
    year = "That was in 1985, after years of planning."
    text, passages = page(FILLER * 2, opened + " ", year + " ", FILLER * 3)
    assert stating_passage(CLAIM, passages, window(text, opened)) is None


def test_joined_passages_keep_document_offsets():
    text, passages = page(FILLER * 4)
    run = joined(passages[1:3])
    assert run.start == passages[1].start and run.end == passages[2].end
    assert text[run.start : run.end] == run.text


def test_a_name_the_page_states_beside_the_window_is_shown_rather_than_read_from_the_title():
    claim = Claim("The front cover marked the debut of band mascot Vic Rattlehead.", article_title="Megadeth")
    title = "Megadeth: The Making Of The New 'Vic Rattlehead' Mask"
    mascot = "Their mascot Vic Rattlehead has been with the band since its first album cover in 1985."
    debut = "He made his debut on the stage in Cleveland on the tour."
    text = FILLER * 2 + mascot + " " + debut + " " + FILLER * 3
    passages = split_passages(text, title, words=30)
    start = text.index(debut)
    best = Passage(0, debut, title, start, start + len(debut))
    shown = stating_passage(claim, passages, best)
    assert shown is not None and shown is not best
    assert "Vic Rattlehead has been with the band" in shown.text and debut in shown.text
    # with no passage naming him, the title still counts, and the window is shown as before
    alone = FILLER * 2 + debut + " " + FILLER * 3
    start = alone.index(debut)
    lone = Passage(0, debut, title, start, start + len(debut))
    assert stating_passage(claim, split_passages(alone, title, words=30), lone) is lone


def test_a_mark_on_the_tail_of_a_sentence_split_by_a_passage_boundary_grows_to_the_whole_sentence():
    text = "The museum opened its doors in 1978 after years of planning. It stands in Lexington."
    tail = text.index("after years")
    head = text.index("It stands")
    marks = whole_sentences(text, [Evidence(tail, head - 1, 0.4), Evidence(head, len(text), 0.9)])
    assert [(text[m.start : m.end], m.score) for m in marks] == [
        ("The museum opened its doors in 1978 after years of planning.", 0.4),
        ("It stands in Lexington.", 0.9),
    ]


MEGADETH = (
    "Vic has been with us since our beginning in 1985 on the 'Killing Is My Business...' album and then on"
    " the 'Peace Sells... But Who's Buying?!' album cover in 1986. He has stayed with us ever since."
)


def test_a_mark_on_a_sentence_split_inside_a_quoted_title_grows_to_the_whole_sentence():
    """Bling Fire ends a sentence at "Peace Sells..." inside the album's quoted title (the demo's Megadeth
    suggestion quoted "But Who's Buying?!' album cover in 1986." as its reference's quote)."""
    tail = MEGADETH.index("But Who's")
    end = MEGADETH.index(" He has")
    assert [MEGADETH[a:b] for a, b in sentence_spans(MEGADETH)][1] == MEGADETH[tail:end]  # as split
    marks = whole_sentences(MEGADETH, [Evidence(tail, end, 0.7)])
    assert [MEGADETH[m.start : m.end] for m in marks] == [MEGADETH[:end]]


def test_quotations_join_only_what_they_leave_open():
    text = "The Smiths' album sold well. It went gold. Jones' book sold. She wrote “Really? Yes.” and left."
    assert [text[a:b] for a, b in join_quotations(text, sentence_spans(text))] == [
        "The Smiths' album sold well.",
        "It went gold.",
        "Jones' book sold.",
        "She wrote “Really? Yes.” and left.",
    ]
    stray = "He said 'no. It ended. Then more. And more. The end."  # unclosed: 3 sentences joined at most
    assert [stray[a:b] for a, b in join_quotations(stray, sentence_spans(stray))][0] == (
        "He said 'no. It ended. Then more."
    )


# The best evidence "sentence" of the Television Academy's Kate Winslet page (WiCE dev00116's cited page,
# tests/data/verify/wice-winslet.jsonl): its awards list has no full stops, so the splitter reads it whole.
WINSLET_AWARDS = (
    "### AWARDS & NOMINATIONS\n1 Wins2 Nominations\n"
    "### Outstanding Lead Actress In A Miniseries Or A Movie - 2011\n"
    "Kate Winslet, as Mildred PierceMildred Pierce\n"
    "A Killer Films/John Wells Production in association with Metro-Goldwyn-Mayer and HBO Miniseries\n"
    "### Outstanding Guest Actress In A Comedy Series - 2006\n"
    "Kate Winslet, as HerselfExtras\nBBC and HBO Entertainment\n## Photos\n### photos\n##"
)
WINSLET_CLAIM = (
    "She received a Primetime Emmy Award for Outstanding Guest Actress in a Comedy Series nomination."
)


def test_a_list_is_marked_and_quoted_by_its_line_that_states_the_claim():
    text = "Kate Winslet | Television Academy\n" + WINSLET_AWARDS
    start = text.index("###")
    other = Evidence(0, 12, 0.2)
    marks = best_line_of_a_list(text, [other, Evidence(start, len(text), 0.8)], WINSLET_CLAIM)
    assert marks[0] is other  # only the best mark, the one a reference quotes, is cut
    assert text[marks[1].start : marks[1].end] == "Outstanding Guest Actress In A Comedy Series - 2006"
    assert marks[1].score == 0.8


def test_a_sentence_or_a_list_without_the_claim_s_words_is_left_whole():
    two = "In 2006 she was nominated for Outstanding Guest Actress.\nShe lost to Cloris Leachman."
    assert best_line_of_a_list(two, [Evidence(0, len(two), 0.9)], WINSLET_CLAIM) == [
        Evidence(0, len(two), 0.9)
    ]
    menu = "Home\nNews\nContact us"
    assert best_line_of_a_list(menu, [Evidence(0, len(menu), 0.9)], WINSLET_CLAIM) == [
        Evidence(0, len(menu), 0.9)
    ]
    assert best_line_of_a_list(menu, [], WINSLET_CLAIM) == []


# The demo's Megadeth suggestion (WiCE dev01864's page, blabbermouth.net, as WiCE captured it): the verifier
# marked the tail of the quotation's sentence split at "Peace Sells..." and the sentence after the quotation.
VIC_PAGE = (
    "In an August 2010 posting on the band's MySpace page, MEGADETH bassist David Ellefson stated about Vic's"
    ' live debut, "In our ongoing effort to always improve the live show we had a special introduction of our'
    " beloved mascot Vic Rattlehead, who came out and domineered the stage during the song 'Dawn Patrol' in"
    " Cleveland, Ohio. \"Vic has been with us since our beginning in 1985 on the 'Killing Is My Business...'"
    " album but really came into his own on the 'Peace Sells... But Who's Buying?!' album cover in 1986.\n"
    "\"We were happy for his debut with us [in August 2010] on the 'American Carnage' tour in Cleveland and"
    " will likely be making more appearances at upcoming shows."
)
VIC_CLAIM = Claim(
    "The front cover marked the debut of band mascot Vic Rattlehead, who regularly appeared on subsequent"
    " album artwork.",
    article_title="Megadeth",
)


def test_a_widened_mark_is_scored_again_before_it_is_quoted():
    """The tail "But Who's Buying?!' album cover in 1986." holds little of the claim and scored below the line
    on Vic's live debut; widened to its whole quotation it holds the claim's mascot, cover and album, and is
    the mark a reference quotes."""
    tail = VIC_PAGE.index("But Who's")
    live = VIC_PAGE.index('"We were happy')
    whole = Passage(0, VIC_PAGE, "Megadeth", 0, len(VIC_PAGE))
    marks = [Evidence(tail, live - 1, 0.13), Evidence(live, len(VIC_PAGE), 0.15)]
    found = Suggestion("https://www.blabbermouth.net/news/vic", "Vic", 2.0, 0.97, whole, marks, None, None)
    shown = checked_page(VIC_CLAIM, [whole], lambda: VIC_PAGE, found)
    assert shown is not None and shown.passage is not None
    best = max(shown.evidence, key=lambda e: e.score)
    quoted = shown.passage.text[best.start : best.end]
    assert quoted.startswith("In an August 2010 posting") and quoted.endswith("album cover in 1986.")
