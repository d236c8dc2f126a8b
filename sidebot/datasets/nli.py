"""Read natural-language-inference files: gzip JSONL, one ``{"premise", "hypothesis", "label"}`` per line.

Labels are ``entailment`` / ``neutral`` / ``contradiction`` (3-way sets) or
``entailment`` / ``not_entailment``
(binary sets: FEVER-NLI, RTE, SciTail, …). Other spellings seen in the wild (``not-entailment``,
``non-entailment``, ``entails``, ``contradicts``, ``neutral``) are normalised; an unknown label is an error
that
names the file and line, never a silent guess.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


class NliFormatError(ValueError):
    """A line of an NLI file is not a premise/hypothesis/label record."""


class NliLabel(StrEnum):
    """The three NLI labels every data set is read into."""

    ENTAILMENT = "entailment"
    NEUTRAL = "neutral"
    CONTRADICTION = "contradiction"
    NOT_ENTAILMENT = "not_entailment"  # binary sets: neutral or contradiction, not told apart


_SPELLINGS = {
    "entailment": NliLabel.ENTAILMENT,
    "entails": NliLabel.ENTAILMENT,
    "neutral": NliLabel.NEUTRAL,
    "contradiction": NliLabel.CONTRADICTION,
    "contradicts": NliLabel.CONTRADICTION,
    "not_entailment": NliLabel.NOT_ENTAILMENT,
    "not-entailment": NliLabel.NOT_ENTAILMENT,
    "non-entailment": NliLabel.NOT_ENTAILMENT,
    "non_entailment": NliLabel.NOT_ENTAILMENT,
}


@dataclass(frozen=True, slots=True)
class NliPair:
    """A premise, a hypothesis and their label."""

    premise: str
    hypothesis: str
    label: NliLabel

    @property
    def entails(self) -> bool:
        """Whether the premise entails the hypothesis (the other labels, two-way or three-way, count as
        not)."""
        return self.label is NliLabel.ENTAILMENT


def parse_label(raw: object) -> NliLabel:
    """The label ``raw`` spells (each data set spells them its own way); ValueError if none."""
    label = _SPELLINGS.get(str(raw).strip().lower())
    if label is None:
        raise NliFormatError(f"unknown NLI label {raw!r}")
    return label


def read_nli(path: Path | str) -> list[NliPair]:
    """Read a ``.jsonl.gz`` (or plain ``.jsonl``) NLI file; errors name the file and line."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    pairs = []
    try:
        with opener(path, "rt", encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                    premise, hypothesis = str(row["premise"]).strip(), str(row["hypothesis"]).strip()
                    label = parse_label(row["label"])
                except (json.JSONDecodeError, KeyError, TypeError, NliFormatError) as exc:
                    raise NliFormatError(f"{path}:{number}: not an NLI record: {exc}") from exc
                if premise and hypothesis:
                    pairs.append(NliPair(premise, hypothesis, label))
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise NliFormatError(f"{path}: unreadable NLI file: {exc}") from exc
    return pairs


def is_three_way(pairs: list[NliPair]) -> bool:
    """True when the pairs tell neutral from contradiction (so 3-way accuracy is meaningful)."""
    labels = {p.label for p in pairs}
    return NliLabel.NOT_ENTAILMENT not in labels and len(labels) == 3
