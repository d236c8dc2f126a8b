"""The hard-negative generator on real supporting windows of WiCE claims: each kind changes exactly what it
says it changes, something the claim relies on, and the same seed gives the same negatives."""

import random
import re
from pathlib import Path

import pytest

from sidebot.datasets.wice import read_wice
from sidebot.records import Claim
from sidebot.training.data import TrainPair, gold_window
from sidebot.training.negatives import (
    change_date,
    change_number,
    entity_pool,
    generated_negatives,
    negate,
    perturb_all,
    swap_entity,
)
from sidebot.verify.language import english

DATA = Path(__file__).parent / "data" / "verify"


@pytest.fixture(scope="module")
def windows() -> list[tuple[str, str]]:
    """(claim, supporting window) for every supporting set of the sample WiCE claims and sub-claims."""
    out = []
    for name in ("wice-claims.jsonl", "wice-subclaims.jsonl"):
        for wc in read_wice(DATA / name):
            for group in wc.supporting_sentences:
                window = gold_window(wc.source(), group)
                if window:
                    out.append((wc.claim, window[0]))
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def test_each_kind_changes_only_what_it_names(windows):
    pool = entity_pool([w for _, w in windows])
    rng = random.Random(0)
    applied = set()
    for claim, window in windows:
        doc = english()(window)
        for change in (
            swap_entity(doc, claim, pool, rng),
            change_number(doc, claim, rng),
            change_date(doc, claim, rng),
            negate(doc),
        ):
            if change is None:
                continue
            applied.add(change.kind)
            assert change.text != window
            if change.kind == "negation":
                removed = [w for w in _words(window) if w not in _words(change.text)]
                added = [w for w in _words(change.text) if w not in _words(window)]
                assert "not" in added + removed or change.before.lower() in {"not", "n't"}, change
                continue
            # the changed fragment is one the claim states; the window no longer says it, it says the new one
            assert change.before.lower() in claim.lower(), change
            assert change.before in window and change.after in change.text, change
            at = [m.start() for m in re.finditer(re.escape(change.before), window)]
            replaced = {window[:i] + change.after + window[i + len(change.before) :] for i in at}
            assert change.text in replaced, change  # one occurrence replaced, nothing else touched
            if change.kind == "date":
                assert re.fullmatch(r"\d{4}", change.after) and change.after != change.before
            if change.kind == "number":
                assert change.after != change.before and change.after.replace(",", "").isdigit()
    assert applied == {"entity", "number", "date", "negation"}


def test_negation_adds_and_removes_not():
    assert negate(english()("The album is popular in Texas.")).text == "The album is not popular in Texas."
    assert negate(english()("The band was not popular.")).text == "The band was popular."
    assert negate(english()("Hedgecock formed a band.")).text == "Hedgecock did not form a band."


def test_generated_negatives_are_deterministic_and_grouped_with_their_positive(windows):
    pairs = [
        TrainPair(Claim(claim), window, "", (1.0, 0.0, 0.0), "wice:gold", f"page{i}")
        for i, (claim, window) in enumerate(windows)
    ]
    grouped, negatives = generated_negatives(pairs, seed=7)
    again = generated_negatives(pairs, seed=7)[1]
    assert negatives == again and negatives
    groups = {p.group for p in grouped if p.group}
    for negative in negatives:
        assert negative.binary and negative.target[0] == 0.0 and negative.group in groups
        assert negative.origin.split(":")[1] in {"entity", "number", "date", "negation"}
    assert perturb_all([], {}, seed=0) == []
