"""Sentence windows and their pre-filter on real WiCE pages."""

from pathlib import Path

import blingfire

from sidebot.datasets.wice import WiceLabel, read_wice
from sidebot.eval.metrics import wice_items
from sidebot.records import Passage
from sidebot.sources.passages import split_passages
from sidebot.verify.page_windows import page_windows
from sidebot.verify.sentences import sentence_spans
from sidebot.verify.window_select import select_windows
from sidebot.verify.windows import MAX_SENTENCE_WORDS, content_blocks, page_sentences, sentence_windows

DATA = Path(__file__).parent / "data" / "verify"


def test_windows_are_runs_of_sentences_with_offsets_into_the_page():
    wc = read_wice(DATA / "wice-claims.jsonl")[0]
    text = wc.source().text
    # sentences of the runs of lines that are not page furniture (this page has some: tests/test_furniture.py)
    sentences = [(s + a, s + b) for s, e in content_blocks(text) for a, b in page_sentences(text[s:e])]
    for size in (1, 2, 3):
        windows = sentence_windows(text, "T", size)
        assert all(text[w.start : w.end] == w.text and w.title == "T" for w in windows)
        assert max(len(page_sentences(w.text)) for w in windows) <= size
        singles = [w for w in windows if (w.start, w.end) in set(sentences)]
        assert len(singles) == len(sentences)  # every sentence is a window of its own


def test_sentence_offsets_are_bling_fires_own_in_every_script():
    """Bling Fire's C splitter is called directly and its byte offsets mapped in numpy: the spans are the ones
    its Python wrapper gives, on real pages and on text of several scripts, accents and emoji."""
    texts = [wc.source().text for wc in read_wice(DATA / "wice-claims.jsonl")]
    texts += [
        "Der Präsident trat zurück. Ça a duré trois ans! 東京は日本の首都です。 Next 🎉 sentence here.",
        "A combining accent: e\u0301te\u0301. Then “curly quotes” end it.",
        "No full stop at all, just ünïcödé",
        "  \n ",
    ]
    assert any(not t.isascii() for t in texts)
    for text in texts:
        expected = [(a, b) for a, b in blingfire.text_to_sentences_and_offsets(text)[1] if text[a:b].strip()]
        assert sentence_spans(text) == (expected if text.strip() else [])


def test_a_lone_surrogate_does_not_lose_the_page_its_sentences():
    text = "A bad escape \ud800 here. The next sentence. Ünï \udfff end."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "A bad escape \ud800 here.",
        "The next sentence.",
        "Ünï \udfff end.",
    ]


def test_an_over_long_sentence_is_cut():
    text = " ".join(f"word{i}" for i in range(3 * MAX_SENTENCE_WORDS))  # a flattened list: no full stop
    assert [len(text[a:b].split()) for a, b in page_sentences(text)] == [MAX_SENTENCE_WORDS] * 3


def test_windows_stay_inside_their_passage_and_keep_page_offsets():
    text = "Alpha is first. Beta is second. Gamma is third.\nDelta is fourth. Epsilon is fifth."
    passages = [Passage(0, text[:47], "P", 0, 47), Passage(1, text[48:], "Q", 48, len(text))]
    page = page_windows(passages, 2)
    for window, owner in zip(page.windows, page.owner):
        passage = passages[owner]
        assert passage.start <= window.start < window.end <= passage.end
        assert text[window.start : window.end] == window.text and window.title == passage.title


def test_the_pre_filter_puts_annotated_evidence_among_the_windows_read():
    """On the sample's supported claims, a gold supporting sentence is inside one of the 6 windows read."""
    claims = [c for c in read_wice(DATA / "wice-claims.jsonl") if c.label is not WiceLabel.NOT_SUPPORTED]
    found = 0
    for wc, (claim, passages) in zip(claims, wice_items(claims)):
        page = page_windows(passages, 2)
        read = select_windows(claim.text, page.windows, 6)
        assert len(read) == min(6, len(page.windows)) and len(set(read)) == len(read)
        doc = wc.source()
        found += any(
            doc.sentences_between(page.windows[j].start, page.windows[j].end) & wc.gold_sentences
            for j in read
        )
    assert found >= len(claims) - 1


def test_rare_claim_words_decide_the_order():
    windows = [
        Passage(i, text, "", 0, len(text))
        for i, text in enumerate(["The team won.", "The team won the 1998 Copa Libertadores.", "Copa day."])
    ]
    assert select_windows("The team won the 1998 Copa Libertadores.", windows, 2) == [1, 0]
    assert select_windows("x", split_passages("a b c"), 5) == [0]
