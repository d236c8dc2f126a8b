"""Page furniture (comment forms, share and cookie widgets, navigation) is kept out of what the verifier
reads, checked on real WiCE source pages from tests/data (Common Crawl captures keep every widget line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sidebot.datasets.wice import source_document
from sidebot.sources.furniture import is_furniture
from sidebot.verify.windows import sentence_windows

DATA = Path(__file__).parent / "data"
SLICES = (DATA / "verify" / "wice-claims.jsonl", DATA / "retrieve" / "wice-claims.jsonl")
RECORDS = [json.loads(line) for path in SLICES for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(
    "line",
    [
        "### Leave a Reply Cancel reply",
        "Required fields are marked *",
        "You are commenting using your WordPress.com account.",
        "Notify me of new posts via email.",
        "%d bloggers like this:",
        "Skip to main content",
        "Privacy & Cookies: This site uses cookies. By continuing to use this website, you agree.",
        "© 2019 TIME USA, LLC All rights reserved.",
        "Subscribe to our newsletter",
    ],
)
def test_widget_lines_are_furniture(line: str) -> None:
    assert is_furniture(line)


@pytest.mark.parametrize(
    "line",
    [
        "The council voted to reply to the mayor's letter within a week.",
        "Media Play News is the voice of the home entertainment industry.",
        # prose about cookies or subscriptions is not a widget: longer than a banner
        "The regulator found that the site uses cookies to track readers across other websites without "
        "asking them first, and fined the publisher 50,000 euros in 2019 for doing so on every page.",
        "",
    ],
)
def test_prose_is_not_furniture(line: str) -> None:
    assert not is_furniture(line)


def test_the_slices_hold_furniture_and_no_claim_loses_its_evidence() -> None:
    dropped = 0
    for record in RECORDS:
        furniture = {i for i, sentence in enumerate(record["evidence"]) if is_furniture(sentence)}
        dropped += len(furniture)
        if record["supporting_sentences"]:
            # at least one annotated supporting set survives whole
            assert any(not furniture & set(group) for group in record["supporting_sentences"]), record["meta"]
    assert dropped >= 10  # the real pages here do carry widget lines: the rule is exercised


def test_windows_never_read_furniture_and_keep_every_other_sentence() -> None:
    for record in RECORDS:
        page = source_document(record["evidence"])
        windows = sentence_windows(page.text, page.title, max_sentences=2)
        for window in windows:
            assert window.text == page.text[window.start : window.end]
            assert not any(is_furniture(line) for line in window.text.split("\n")), window.text
        covered = set()
        for window in windows:
            covered.update(range(window.start, window.end))
        offset = 0
        for line in page.text.split("\n"):
            # every other line is read, character for character
            wanted = {offset + i for i, ch in enumerate(line) if not ch.isspace()}
            assert (wanted <= covered) != is_furniture(line) or not wanted, line
            offset += len(line) + 1
