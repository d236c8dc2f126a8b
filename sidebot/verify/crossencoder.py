"""The default verifier: a reader (NLI-trained cross-encoder) over the best sentence windows of a source, per
part of the claim.

Per citation: the claim is split into its parts (decompose.py; a claim that does not split is one part); the
source's passages are cut into windows of 1 to ``window_sentences`` sentences (page_windows.py); a lexical
pre-filter picks the ``keep_windows`` windows worth reading for the whole claim and ``part_windows`` for each
part
(window_select.py), and the reader scores them (all citations of a call share the model batches). A unit's
reader score is its best window's support log-odds. The source score is the claim-level combiner's log-odds
(combiner.py: the reader's scores for the whole claim and its weakest part, its strongest "refutes", and the
claim's word coverage of the page); the probability is its Platt-calibrated value. The stance comes from the
same verdict: supports when the probability reaches the flag threshold, refutes when the reader's best reading
of the claim or of a part contradicts it, else not enough info. ``failed_part`` names the part the source
backs least when the others are backed (partial support). Shown to the reviewer (``best_passage``, evidence):
of the windows read for the whole claim, the one with the best reader score plus the model's
``evidence_coverage_weight`` × its word coverage, and in it the sentences that hold the claim's words, each
word weighed by its rarity on the page (evidence.py); the features stay on the reader's own best window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from sidebot.records import Claim, PartVerdict, Passage, Stance, Verdict
from sidebot.verify.bands import Bands
from sidebot.verify.combiner import claim_features
from sidebot.verify.decompose import decompose_all
from sidebot.verify.every_part import EveryPart
from sidebot.verify.evidence import evidence_sentences, shown_window
from sidebot.verify.facts import FactCheck, FactRule, PageIndex, check_facts, fact_note
from sidebot.verify.model import CrossEncoder, class_probabilities, refute_score, support_score
from sidebot.verify.page_windows import PageWindows, page_windows
from sidebot.verify.sentence_start import as_read
from sidebot.verify.window_select import select_windows

STANCES = (Stance.SUPPORTS, Stance.REFUTES, Stance.NOT_ENOUGH_INFO)
# Part of the scorer's name, with the weights' digest: the patrol re-scores a citation only when the name
# changes, so bump it whenever the same weights give another verdict (r3: sentence windows, claim parts;
# r4: the shown window weighs word coverage; r5: the fact check; r6: the every-part figure; r7: possessives,
# fractions and ranges in the fact check; r8: days of the month, names with diacritics, "24-hour"; r9: a
# measure converted in brackets, abbreviated names, "Rs", a determiner spaCy takes into a name; r10: a rival
# name plays the claim's name's part in its sentence; r11: names read with straight apostrophes, without a
# title's quotation marks; r12: no names in lower case, a capitalised number word inside a name, a month the
# page gives after its year's sentence, a match's result one fact; r13: a value the page gives only away
# from the claim's words, where a rival stands among them, is contradicted; r14: initials state a name only
# in capitals, and r13's reading is kept for numbers not given beside another of the claim's facts; r15: a
# claim that begins mid-sentence is read with its sentence's subject, sentence_start.py; r16: a page lacking
# the claim's key facts is held in "may fail", facts/_rule.py KEY_RULES; r17: a name stated as its
# initials or spelled out from them, without its subtitle, in the plural, "Mac"/"Mc", a US state in a
# dateline; r18: a century found by its years near the claim's words, a country by its nationality and
# back, a one-word name in the plural, an abbreviation by the words the claim spells it out with, a name
# without the verb or preposition the small model ran it on into; r19: a bound, "more than 50", "before
# 2005", stated by a value within it near the claim's words, never by rounding across it; r20: a designation,
# "F-16", "COVID-19", a name and no count; "season 3" a rank; "over a million" up to ten million; a year bound
# not stated by its own year; "several hundred" no fact; r21: "for 12 years" stated by a span the page gives,
# "from 1990 to 2002"; "the 80's" a decade, not a count of 80; r22: a date found as the weekday a page names
# in the week up to its own date, "Wednesday evening" under a byline of Thursday, March 2, 2017).
SCORING_REVISION = 22
PART_WINDOWS = 2  # windows read per part of a claim (the whole claim reads ``keep_windows``)


@dataclass
class _Unit:
    """The whole claim or one of its parts, with the windows read for it and their logits."""

    claim: Claim
    read: list[int]
    logits: np.ndarray | None = None

    def scores(self) -> np.ndarray:
        return support_score(self.logits) if self.logits is not None else np.array([])

    def best(self) -> int | None:
        return self.read[int(np.argmax(self.scores()))] if self.read else None


class CrossEncoderScorer:
    """``passage_scores`` holds, per given passage, the best reader score of its windows read for the whole
    claim (NaN for passages none of whose windows was read)."""

    def __init__(
        self,
        model: CrossEncoder,
        keep_windows: int | None = None,
        window_sentences: int | None = None,
        part_windows: int | None = None,
        max_evidence: int = 3,
        decompose_claims: bool = True,
        mid_sentence_subject: bool = True,
    ) -> None:
        self.model = model
        self.mid_sentence_subject = mid_sentence_subject  # off: read a claim as written (the eval's baseline)
        manifest = model.manifest
        self.name = f"{manifest.name}.r{SCORING_REVISION}"
        self.calibrated = True
        self.flag_threshold = manifest.flag_threshold
        self.keep_windows = keep_windows or int(manifest.extra.get("keep_windows", 4))
        # A part is short and specific: its best windows are found with fewer reads (half the cost per part)
        self.part_windows = part_windows or int(manifest.extra.get("part_windows", PART_WINDOWS))
        self.window_sentences = (
            window_sentences
            if window_sentences is not None
            else int(manifest.extra.get("window_sentences", 2))
        )
        self.max_evidence = max_evidence
        self.evidence_coverage_weight = float(manifest.extra.get("evidence_coverage_weight", 0.0))
        self.decompose_claims = decompose_claims
        self.fact_rule = FactRule.from_json(manifest.extra.get("fact_rule"))
        self.bands = Bands.from_json(manifest.extra.get("bands"), manifest.flag_threshold)
        self.every_part = EveryPart.from_json(manifest.extra.get("every_part"))
        self.pairs_scored = 0  # reader pairs run so far

    def verify(self, claim: Claim, passages: Sequence[Passage], url: str = "") -> Verdict:
        """The verdict on one citation (see :meth:`verify_many`; the URL is not read)."""
        return self.verify_many([(claim, passages)])[0]

    def as_read(self, claim: Claim) -> str:
        """The claim's text as the reader reads it (:func:`sidebot.verify.sentence_start.as_read`)."""
        return as_read(claim) if self.mid_sentence_subject else claim.text

    def parts(self, claims: Sequence[Claim]) -> list[list[Claim]]:
        """Each claim's parts as claims with the same article context (empty: the claim does not split)."""
        if not self.decompose_claims:
            return [[] for _ in claims]
        return [
            [replace(claim, text=t) for t in texts] if len(texts) > 1 else []
            for claim, texts in zip(claims, decompose_all([c.text for c in claims]))
        ]

    def verify_many(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]], urls: Sequence[str] | None = None
    ) -> list[Verdict]:
        """The verdicts on ``items`` in order, scored together: each page cut into sentence windows, the claim
        and its parts read against the windows chosen for them, the fact check, the combiner and the
        calibrations applied (the URLs are not read)."""
        # a page cited by several claims (one passages list) is cut into windows, stemmed and indexed for
        # the fact check once
        windows_of: dict[int, PageWindows] = {}
        for _, passages in items:
            if id(passages) not in windows_of:
                windows_of[id(passages)] = page_windows(passages, self.window_sentences)
        pages = [windows_of[id(passages)] for _, passages in items]
        units: list[list[_Unit]] = []
        claims = [claim for claim, _ in items]
        for claim, page, parts in zip(claims, pages, self.parts(claims)):
            units.append(
                [
                    _Unit(
                        claim,
                        select_windows(self.as_read(claim), page.windows, self.keep_windows, page.stems),
                    )
                ]
                + [
                    _Unit(p, select_windows(p.text, page.windows, self.part_windows, page.stems))
                    for p in parts
                ]
            )
        self._read(units, pages)
        index_of = {
            id(page): PageIndex.from_windows(page.windows, page.stems) for page in windows_of.values()
        }
        return [
            self._verdict(claim, passages, page, us, index_of[id(page)])
            for (claim, passages), page, us in zip(items, pages, units)
        ]

    def score_passages(self, claim: Claim, passages: Sequence[Passage]) -> list[float]:
        """Per passage, the reader's support log-odds for its window sharing most of the claim's words (one
        model pair per passage): how retrieval reranks candidate passages of many documents, where every
        candidate needs a score, not only the best few windows of one page."""
        page = page_windows(passages, self.window_sentences)
        by_passage: dict[int, list[int]] = {}
        for j, owner in enumerate(page.owner):
            by_passage.setdefault(owner, []).append(j)
        chosen = [
            members[select_windows(claim.text, [page.windows[j] for j in members], 1)[0]]
            for members in by_passage.values()
        ]
        unit = _Unit(claim, chosen)
        self._read([[unit]], [page])
        scores = [float("nan")] * len(passages)
        for j, s in zip(chosen, unit.scores()):
            scores[page.owner[j]] = float(s)
        return scores

    def read_windows(
        self, items: Sequence[tuple[Claim, Sequence[Passage]]]
    ) -> list[tuple[list[Passage], np.ndarray]]:
        """Per citation, the windows the reader reads for the whole claim and their support log-odds (no
        parts, no verdict): what the shown-window weight is chosen on after training."""
        pages = [page_windows(passages, self.window_sentences) for _, passages in items]
        units = [
            _Unit(claim, select_windows(claim.text, page.windows, self.keep_windows))
            for (claim, _), page in zip(items, pages)
        ]
        self._read([[u] for u in units], pages)
        return [([page.windows[j] for j in u.read], u.scores()) for u, page in zip(units, pages)]

    def _read(self, units: list[list[_Unit]], pages: list[PageWindows]) -> None:
        encoder = self.model.encoder
        flat = [(u, page.windows[j]) for us, page in zip(units, pages) for u in us for j in u.read]
        if not flat:
            return
        claims = list(dict.fromkeys(u.claim for u, _ in flat))
        read_as = [replace(c, text=self.as_read(c)) for c in claims]  # a mid-sentence claim with its subject
        claim_ids = dict(zip(claims, encoder.claim_ids(read_as)))
        window_ids = encoder.passage_ids([w.text for _, w in flat], [w.title for _, w in flat])
        rows = [encoder.join(claim_ids[u.claim], ids) for (u, _), ids in zip(flat, window_ids)]
        logits = self.model.logits(rows)
        self.pairs_scored += len(rows)
        at = 0
        for us in units:
            for u in us:
                u.logits, at = logits[at : at + len(u.read)], at + len(u.read)

    def _verdict(
        self,
        claim: Claim,
        passages: Sequence[Passage],
        page: PageWindows,
        units: list[_Unit],
        index: PageIndex,
    ) -> Verdict:
        whole, parts = units[0], units[1:]
        if not whole.read:
            return Verdict(
                scorer=self.name,
                score=float("nan"),
                passage_scores=[float("nan")] * len(passages),
                best_passage=None,
            )
        check = check_facts(claim.text, index, claim.article_title)
        passage_scores = [float("nan")] * len(passages)
        for j, s in zip(whole.read, whole.scores()):
            owner = page.owner[j]
            passage_scores[owner] = float(np.nanmax([passage_scores[owner], s]))
        reader = float(whole.scores().max())
        part_scores = [float(u.scores().max()) if u.read else float("nan") for u in parts]
        refute = max(float(refute_score(u.logits).max()) for u in units if u.logits is not None and u.read)
        best = whole.best()
        assert best is not None  # whole.read is not empty
        best_window = page.windows[best]
        features = claim_features(claim, passages, best_window, whole.scores(), part_scores, refute)
        features |= check.features()
        facts = check.distinct_findings()
        read = [page.windows[j] for j in whole.read]
        shown = read[shown_window(claim.text, read, whole.scores(), self.evidence_coverage_weight, index)]
        manifest = self.model.manifest
        source_score = manifest.combiner.score(features) if manifest.combiner else reader
        probability = self.fact_rule.apply(manifest.calibration.probability(source_score), facts)
        reader_calibration = manifest.reader_calibration
        part_verdicts = [
            PartVerdict(
                text=u.claim.text,
                score=s,
                probability=reader_calibration.probability(s) if np.isfinite(s) else None,
                window=page.windows[best_read] if (best_read := u.best()) is not None else None,
                stance=_stance(u.logits),
            )
            for u, s in zip(parts, part_scores)
        ]
        failed_part = _failed_part(part_verdicts, self.flag_threshold)
        note = fact_note(facts)
        return Verdict(
            scorer=self.name,
            score=source_score,
            passage_scores=passage_scores,
            best_passage=shown,
            probability=probability,
            stance=self._claim_stance(probability, units, check),
            evidence=evidence_sentences(claim, shown, self.max_evidence, index),
            reader_score=reader,
            parts=part_verdicts,
            failed_part=failed_part,
            features=features,
            facts=facts,
            fact_note=note,
            every_part_probability=self.every_part.probability(
                source_score, features, probability, gap_named=bool(failed_part or note)
            )
            if self.every_part
            else None,
        )

    def _claim_stance(self, probability: float, units: list[_Unit], check: FactCheck) -> Stance:
        if probability >= self.flag_threshold:
            return Stance.SUPPORTS
        if check.contradicted:
            return Stance.REFUTES
        if any(_stance(u.logits) is Stance.REFUTES for u in units if u.read):
            return Stance.REFUTES
        return Stance.NOT_ENOUGH_INFO


def _stance(logits: np.ndarray | None) -> Stance | None:
    """The reader's class for its best reading: the window it finds most supporting, unless some window
    contradicts the claim more confidently than any supports it."""
    if logits is None or not len(logits):
        return None
    p = class_probabilities(logits)
    best = int(np.argmax(p[:, 0]))
    refuting = int(np.argmax(p[:, 1]))
    if p[refuting, 1] > 0.5 and p[refuting, 1] > p[best, 0]:
        return Stance.REFUTES
    return STANCES[int(np.argmax(p[best]))]


def _failed_part(parts: Sequence[PartVerdict], threshold: float) -> str | None:
    """The weakest part when it is below ``threshold`` and another part reaches it (partial support)."""
    scored = [(p.probability, p) for p in parts if p.probability is not None]
    if len(scored) < 2:
        return None
    lowest, weakest = min(scored, key=lambda s: s[0])
    if lowest < threshold and any(probability >= threshold for probability, _ in scored):
        return weakest.text
    return None
