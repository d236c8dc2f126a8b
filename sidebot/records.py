"""Plain records shared across the packages: a claim, a source's passages, a verifier's verdict.

The bottom of the layers (tests/test_layout.py): it imports no other sidebot module, so every part, from the
source fetcher to the web UI, can pass these values without importing the part that makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


@dataclass(frozen=True, slots=True)
class Passage:
    """A chunk of a source document.

    ``start``/``end`` are character offsets of ``text`` inside the document's full text, so evidence found in
    a passage can be located in the source.
    """

    index: int
    text: str
    title: str
    start: int
    end: int

    def as_model_input(self) -> str:
        """SIDE's passage string: the source title, then the passage words."""
        return f"{self.title} </s> {self.text}" if self.title else self.text


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim as SIDE reads it: the text before the citation marker plus where it sits in the article."""

    text: str
    article_title: str = ""
    section: str = ""
    context: str = ""  # the article text before the claim (SIDE keeps ~200 words)


class Stance(StrEnum):
    """What the source does to the claim, as the verifier reads it."""

    SUPPORTS = "supports"
    REFUTES = "refutes"
    NOT_ENOUGH_INFO = "not_enough_info"


@dataclass(frozen=True, slots=True)
class Evidence:
    """A sentence inside the best passage, as character offsets into ``Passage.text``."""

    start: int
    end: int
    score: float


@dataclass(frozen=True, slots=True)
class PartVerdict:
    """How well the source supports one part of a claim (decompose.py), by the reader alone."""

    text: str
    score: float  # the reader's best support log-odds over the windows read for this part
    probability: float | None  # the reader's calibrated P(supported)
    window: Passage | None  # the window it read best
    stance: Stance | None = None


@dataclass(frozen=True, slots=True)
class FactFinding:
    """One fact of the claim (a year, number, name…) looked up on the source (sidebot.verify.facts).

    ``status``: found / missing / contradicted; ``stated``: the source's own value where it contradicts;
    ``sentence`` with ``start``/``end`` (offsets in the page text; None for the page title): the sentence that
    states the fact, or its rival; ``elsewhere``: where the page gives a contradicted fact's own value, away
    from the claim's words (a value copied from another line of the page); ``explanation``: the finding in
    words ("the source gives 1999, the claim says 2000"); ``subject``: a name of the article's own subject
    (its absence says little).
    """

    text: str
    kind: str
    status: str
    explanation: str
    stated: str | None = None
    sentence: str | None = None
    start: int | None = None
    end: int | None = None
    subject: bool = False
    strong: bool = False  # a fact a page states in so many words when it backs the claim (a year, a name…)
    elsewhere: str | None = None  # a contradicted value: the sentence giving it away from the claim's words
    value_at: tuple[int, int] | None = None  # where ``sentence`` writes the value (or the rival): offsets
    elsewhere_value_at: tuple[int, int] | None = None  # where ``elsewhere`` writes the claim's value


@dataclass(frozen=True, slots=True)
class Verdict:
    """How well one source supports one claim.

    ``score`` is the source score (higher = better supported; its scale belongs to the scorer).
    ``probability`` is a calibrated P(the source backs at least part of the claim) when the scorer is
    calibrated, else None; ``every_part_probability`` P(it backs every part of it), when the scorer has that
    second figure (sidebot/verify/every_part.py).
    ``reader_score``: the reader's own best score for the whole claim (before the combiner); ``parts``: the
    claim's parts, each judged alone; ``failed_part``: the part the source does not back while it backs the
    others (partial support); ``features``: the combiner's inputs (raw figures for the details view);
    ``facts``: each fact of the claim as the source states it, and ``fact_note`` the one that failed.
    """

    scorer: str
    score: float
    passage_scores: list[float]
    best_passage: Passage | None
    probability: float | None = None
    stance: Stance | None = None
    evidence: list[Evidence] = field(default_factory=list)
    reader_score: float | None = None
    parts: list[PartVerdict] = field(default_factory=list)
    failed_part: str | None = None
    features: dict[str, float] = field(default_factory=dict)
    facts: list[FactFinding] = field(default_factory=list)  # the claim's facts looked up on the source
    fact_note: str | None = None  # the failing fact in words, when one decided or capped the probability
    every_part_probability: float | None = None


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What a wiki says of one page (sidebot.wiki.page_facts reads it, sidebot.queue.priority stores it):
    whether it is in the wiki's category of living people, and the level needed to edit it ("" when anyone
    may; else "autoconfirmed", "extendedconfirmed", "sysop"…)."""

    living_person: bool
    edit_protection: str


@dataclass(frozen=True, slots=True)
class RefToCheck:
    """A citation an editor is about to save (the check before saving): its claim and the URL it cites, with
    where it sits as the patrol reads it."""

    claim: str
    url: str
    section: str = ""
    context: str = ""
    source_title: str = ""
    tags: tuple[str, ...] = ()
    # the patrol's key of the citation in the edited text ("": worked out from the claim and URL)
    fingerprint: str = ""


@dataclass(frozen=True, slots=True)
class RefCheck:
    """What the check before saving found for one citation, in the review card's words.

    ``state``: ``passed``, ``open`` (the patrol would queue it) or ``unverifiable`` (the source could not be
    read: ``problem`` says why); ``words``: one line, the band and the reason ("may fail · missing fact: the
    source does not give 1978, Lexington"); ``reason`` and ``support``: the card's reason label and support
    line; ``evidence``: the source's sentences closest to the claim; ``cached``: the source came from the
    source cache, not fetched now; ``finding_id``/``stored``: where a stored check put it in the queue."""

    claim: str
    url: str
    state: str
    words: str
    support: str
    band: str | None = None
    reason: str | None = None
    fact_note: str | None = None
    evidence: str | None = None
    problem: str | None = None
    source_title: str | None = None
    cached: bool = False
    finding_id: int | None = None  # stored at the user's request: its finding in the queue
    stored: bool = False  # this check stored it (False with a finding_id: the queue had it already)
