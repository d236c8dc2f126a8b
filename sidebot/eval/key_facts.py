"""`sidebot eval key-facts`: how often would each reading of "the page lacks the claim's key facts" hold a
backed claim in "may fail", on claim–page pairs beyond WiCE?

`sidebot train fact-check` chooses the reading (facts/_rule.py KEY_RULES) on WiCE dev's fit half, where only
some sixty supported claims are there to show a false alarm. This runs the fact check alone (no model: it
reads the page's text) on larger sets and counts, for every reading, the backed claims it would hold (false
alarms) and the not-backed ones (catches):

- an NLI file, its premise read as the page (FEVER-NLI: a claim against Wikipedia sentences; entailment is
  backed, anything else is not);
- SciFact, a claim against the abstract it cites (SUPPORT backed, CONTRADICT not);
- Climate-FEVER, a claim against its evidence sentences, SUPPORTS against the sentences voted supporting,
  REFUTES against those voted refuting.

A fact the reading holds a backed claim for is listed, so that a rule change can be read case by case. Say
which sets a change was designed on: their figures are not held out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from sidebot.datasets.documents import json_records, read_documents
from sidebot.datasets.nli import read_nli
from sidebot.sources.passages import split_passages
from sidebot.verify.facts import KEY_RULES, PageIndex, check_facts


class KeyFactsDataError(ValueError):
    """A data file cannot be read as the set it is named as."""


@dataclass(frozen=True, slots=True)
class KeyFactCase:
    """A claim, the page it is read against, and whether that page backs it."""

    claim: str
    page_title: str
    page: str
    backed: bool


_SPACE_BEFORE = re.compile(r" ([,.;:!?)\]%]|'s\b|n't\b)")
_SPACE_AFTER = re.compile(r"([(\[$]) ")


def untokenise(text: str) -> str:
    """Undo Penn-Treebank spacing ("Paris , France ( 1999 )" → "Paris, France (1999)"; "Harrison 's"); FEVER's
    double dash for a range becomes an en dash."""
    text = text.replace(" -- ", " – ")
    return _SPACE_AFTER.sub(r"\1", _SPACE_BEFORE.sub(r"\1", text))


def nli_cases(path: Path, untokenised: bool = False) -> list[KeyFactCase]:
    """The pairs of an NLI file (sidebot.datasets.nli), the premise as the page (no title)."""
    tidy = untokenise if untokenised else str
    return [
        KeyFactCase(tidy(pair.hypothesis), "", tidy(pair.premise), pair.entails) for pair in read_nli(path)
    ]


def scifact_cases(folder: Path) -> list[KeyFactCase]:
    """SciFact's training claims (``claims_train.jsonl``) against each abstract they cite with a label
    (``corpus.jsonl``)."""
    abstracts = {doc.url.removeprefix("scifact:"): doc for doc in read_documents(folder / "corpus.jsonl")}
    cases = []
    for _, claim in json_records(folder / "claims_train.jsonl"):
        try:
            for doc_id, evidence in claim["evidence"].items():
                doc = abstracts[str(doc_id)]
                cases.append(
                    KeyFactCase(claim["claim"], doc.title, doc.text, evidence[0]["label"] == "SUPPORT")
                )
        except (KeyError, IndexError, TypeError) as exc:
            raise KeyFactsDataError(
                f"{folder}: claim {claim.get('id')!r} is not a SciFact claim ({exc!r})"
            ) from exc
    return cases


_CLIMATE_BACKING = {"SUPPORTS": True, "REFUTES": False}


def climate_fever_cases(path: Path) -> list[KeyFactCase]:
    """Climate-FEVER's supported and refuted claims, each against its evidence sentences that carry the
    claim's own label (a claim with none is left out)."""
    cases = []
    for _, record in json_records(path):
        try:
            label = record["claim_label"]
            if label not in _CLIMATE_BACKING:
                continue
            sentences = [e["evidence"] for e in record["evidences"] if e["evidence_label"] == label]
        except (KeyError, TypeError) as exc:
            raise KeyFactsDataError(f"{path}: not a Climate-FEVER record ({exc!r})") from exc
        if sentences:
            cases.append(KeyFactCase(record["claim"], "", "\n".join(sentences), _CLIMATE_BACKING[label]))
    return cases


def _missing_facts(case: KeyFactCase) -> tuple[list, list[str]]:
    """The fact check's findings for ``case`` and the texts of the facts it finds not given (the claim stands
    on no article: none of its facts is a subject's name)."""
    index = PageIndex.from_passages(split_passages(case.page, case.page_title))
    findings = check_facts(case.claim, index, "").findings()
    return findings, [f.text for f in findings if not f.subject and f.status != "found"]


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def evaluate_key_facts(
    cases: Iterable[KeyFactCase], rule_in_use: str | None, progress: Callable[[str], None] = print
) -> dict:
    """For each KEY_RULES reading: backed and not-backed claims held; the backed claims ``rule_in_use``
    holds, with the facts named as not given."""
    cases = list(cases)
    held = {name: [0, 0] for name in KEY_RULES}  # backed held, not backed held
    false_alarms = []
    for number, case in enumerate(cases, 1):
        findings, missing = _missing_facts(case)
        for name, rule in KEY_RULES.items():
            if rule(findings):
                held[name][0 if case.backed else 1] += 1
                if case.backed and name == rule_in_use:
                    false_alarms.append({"claim": case.claim, "not_given": missing})
        if number % 1000 == 0:
            progress(f"  {number} of {len(cases)} claims checked")
    backed = sum(c.backed for c in cases)
    return {
        "cases": len(cases),
        "backed": backed,
        "not_backed": len(cases) - backed,
        "rule_in_use": rule_in_use,
        "rules": {
            name: {
                "backed_held": b,
                "backed_held_share": _share(b, backed),
                "not_backed_held": n,
                "not_backed_held_share": _share(n, len(cases) - backed),
            }
            for name, (b, n) in held.items()
        },
        "backed_held_by_rule_in_use": false_alarms,
    }
