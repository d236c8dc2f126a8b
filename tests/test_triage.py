"""Triage of one verdict: queued as partial support when the verifier names the part the source fails."""

from sidebot.patrol.pipeline import triage
from sidebot.records import Passage, Verdict

WINDOW = Passage(0, "Arnold is the publisher of Media Play News.", "About us", 0, 44)


def verdict(probability: float, failed_part: str | None = None) -> Verdict:
    return Verdict("test", 0.0, [0.0], WINDOW, probability=probability, failed_part=failed_part)


def test_partial_support_names_the_failed_part():
    part = "Media Play News is the only trade dedicated to home entertainment."
    decision = triage(verdict(0.3, part), None, [], 0.5)
    assert decision.state == "open" and decision.flag_reason == f"partial support: {part} (0.30 < 0.50)"


def test_low_support_without_a_failed_part_and_a_pass_above_the_threshold():
    assert triage(verdict(0.3), None, [], 0.5).flag_reason == "low support (0.30 < 0.50)"
    assert triage(verdict(0.7, "a part"), None, [], 0.5).state == "passed"
    assert triage(verdict(0.7), None, ["failed verification"], 0.5).flag_reason.startswith("tagged")


def test_two_facts_the_source_does_not_give_are_named_before_the_weakest_part():
    from dataclasses import replace

    from sidebot.records import FactFinding

    facts = [
        FactFinding("1978", "year", "missing", "the source does not give the claim's year 1978", strong=True),
        FactFinding("Lexington", "name", "missing", "the source does not give the claim's name Lexington"),
    ]
    decision = triage(replace(verdict(0.3, "It opened in 1978."), facts=facts), None, [], 0.5)
    assert decision.flag_reason == "missing fact: the source does not give 1978, Lexington (0.30 < 0.50)"
    one = triage(replace(verdict(0.3), facts=facts[:1]), None, [], 0.5)
    assert one.flag_reason == "missing fact: the source does not give the claim's year 1978 (0.30 < 0.50)"
