"""The check before saving: the citations an editor added or changed in the text they are editing, read as
the patrol reads them, their sources fetched (the source cache first) and verified by the patrol's own
pipeline, each answered in the review card's words. Nothing is stored but the fetched sources' cache rows,
unless the user asks: then the citations the patrol would queue go into the queue as their findings
(:mod:`sidebot.queue.checked`), once each.

The review service calls it for ``POST /api/check`` (the web app takes it from ``sidebot serve``: the web
layer sits below the patrol). The verifier is loaded on the first check, once per process, or is the
configured verifier server's client, as the patrol's is (:func:`sidebot.verify.factory.scorer_for`).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace

from sidebot.citations.citations import extract_citations, fingerprint, normalize
from sidebot.config import Settings, operator_contact_problem
from sidebot.patrol.pipeline import SourceText, Triage, claim_for, source_problem, triage, verify_sources
from sidebot.patrol.source_cache import Fetcher, cached_or_fetched
from sidebot.patrol.thresholds import Thresholds
from sidebot.queue.checked import CheckedFinding, StoredFinding, store_checked
from sidebot.queue.db import Database
from sidebot.queue.lead import wording_of
from sidebot.queue.models import FindingState, Source
from sidebot.queue.priority import refresh_priorities
from sidebot.queue.support import Support, queue_reason, strip_figure
from sidebot.queue.wikis import login_wiki, wikis_by_name
from sidebot.records import RefCheck, RefToCheck, Verdict
from sidebot.sources.fetch import fetch_many
from sidebot.verify.factory import scorer_for
from sidebot.verify.types import Scorer

PASSED_WORDS = "passes"


def refs_to_check(
    text: str, title: str, base: str | None = None, tag_aliases: Mapping[str, str] | None = None
) -> list[RefToCheck]:
    """The citations of ``text`` with a URL to check, in page order, as the patrol extracts them; with
    ``base`` (the text before the edit), only those whose claim or URL is not in it: the new or changed."""
    before: set[tuple[str, str]] = set()
    if base is not None:
        before = {(normalize(c.claim), c.url or "") for c in extract_citations(base, title, tag_aliases)}
    return [
        RefToCheck(c.claim, c.url, c.section, c.context, c.source_title or "", c.tags, c.fingerprint)
        for c in extract_citations(text, title, tag_aliases)
        if c.checkable and c.url and (normalize(c.claim), c.url) not in before
    ]


@dataclass(frozen=True)
class _Read:
    """A cached source row as the check needs it outside its session."""

    readable: bool
    title: str
    text: str
    problem: str

    @classmethod
    def of(cls, row: Source) -> _Read:
        return cls(row.readable, row.title or "", row.text or "", source_problem(row.status, row.error))


class EditCheck:
    """Checks an editor's citations before they save; thread-safe (one per web process)."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        scorer: Scorer | None = None,
        fetcher: Fetcher | None = None,
        api_url: str = "",
    ) -> None:
        """``api_url``: the wiki whose editors check (default: ``[web] login_api_url``, else the configured
        wiki's address in the queue); a wiki off this machine needs the operator's contact in the
        User-Agent, as a patrol does."""
        self.settings, self.db, self.api_url = settings, db, api_url
        self.fetcher: Fetcher = fetcher or (lambda urls: fetch_many(urls, settings.fetch))
        self._scorer = scorer
        self._lock = threading.Lock()
        # One verification at a time: the web app runs requests on a thread pool, the scorer (as in a patrol)
        # is called by one thread, and parallel batches would only share the same cores.
        self._verifying = threading.Lock()

    def unavailable(self) -> str | None:
        """Why the check may not fetch sources now (the User-Agent names no operator contact), or None."""
        api_url = self.api_url or self.settings.web.login_api_url
        api_url = api_url or login_wiki(self.db, self.settings.wiki.name)[1]
        return operator_contact_problem(self.settings.fetch, api_url, self.settings.source_file)

    def refs_to_check(self, text: str, title: str, base: str | None) -> list[RefToCheck]:
        """The citations of an edited text that the check verifies, as the patrol would extract them (see
        :func:`refs_to_check`)."""
        return refs_to_check(text, title, base)

    @property
    def scorer(self) -> Scorer:
        """The verifier, loaded by the first check that needs it."""
        with self._lock:
            if self._scorer is None:
                self._scorer = scorer_for(self.settings.verify)
            return self._scorer

    def check(self, title: str, refs: Sequence[RefToCheck], store_for: str | None = None) -> list[RefCheck]:
        """Each of ``refs`` (claims of the article ``title``) verified against its source, in order. With
        ``store_for`` (the user who asks), those the patrol would queue are stored as their findings; one
        whose source could not be read is left to the patrol, which tries archived copies."""
        if not refs:
            return []
        refs = _fingerprinted(refs)
        read = cached_or_fetched(self.db, self.fetcher, self.settings.fetch, {r.url for r in refs}, _Read.of)
        readable = [r for r in refs if read.found[r.url].readable]
        scorer = self.scorer if readable else None
        verdicts: dict[int, Verdict] = {}
        if scorer is not None:
            jobs = [
                (
                    claim_for(r.claim, title, r.section, r.context),
                    SourceText(r.url, read.found[r.url].title or r.source_title, read.found[r.url].text),
                )
                for r in readable
            ]
            with self._verifying:
                found = verify_sources(scorer, jobs)
            verdicts = {id(r): v for r, v in zip(readable, found, strict=True)}
        thresholds = self._thresholds(scorer) if scorer is not None else None
        answers: list[RefCheck] = []
        failing: dict[int, CheckedFinding] = {}  # by their place in answers
        for ref in refs:
            source, cached = read.found[ref.url], ref.url in read.cached_urls
            verdict = verdicts.get(id(ref))
            if verdict is None or thresholds is None:
                answers.append(_unreadable(ref, source, cached))
                continue
            decision = triage(verdict, None, ref.tags, thresholds.flag_below, thresholds.very_likely_below)
            if decision.state == FindingState.OPEN:
                failing[len(answers)] = CheckedFinding(
                    ref, decision.state, decision.flag_reason, decision.band, verdict
                )
            answers.append(_answer(ref, title, source, verdict, decision, cached))
        if store_for is not None and failing and scorer is not None:
            stored = self._store(title, scorer.name, store_for, list(failing.values()))
            for index, where in zip(failing, stored, strict=True):
                answers[index] = replace(answers[index], finding_id=where.finding_id, stored=where.new)
        return answers

    def _store(self, title: str, scorer: str, user: str, found: list[CheckedFinding]) -> list[StoredFinding]:
        """Store ``found`` in the queue at ``user``'s request, with their priority worked out."""
        with self.db.session() as session:
            page_id, stored = store_checked(
                session, self.settings.wiki.name, _stored_title(title), scorer, user, found
            )
            refresh_priorities(session, self.settings.priority, page_ids=[page_id])
        return stored

    def _thresholds(self, scorer: Scorer) -> Thresholds:
        """The patrol's thresholds: the config's, else the wiki's learned from its reviewers, else the
        verifier's own."""
        with self.db.session() as session:
            wiki = wikis_by_name(session).get(self.settings.wiki.name)
            return Thresholds.resolve(self.settings, scorer, wiki)


def _unreadable(ref: RefToCheck, source: _Read, cached: bool) -> RefCheck:
    decision = triage(None, source.problem, ref.tags, 0.0)
    problem = decision.flag_reason or source.problem
    return RefCheck(
        ref.claim,
        ref.url,
        decision.state,
        f"unverifiable · {problem}",
        Support(None).text,
        problem=problem,
        source_title=source.title or ref.source_title or None,
        cached=cached,
    )


def _fingerprinted(refs: Sequence[RefToCheck]) -> list[RefToCheck]:
    """``refs`` with the patrol's key of each citation: read from the edited text, or (a list of claims with
    URLs) worked out as :func:`sidebot.citations.citations.extract_citations` does, counting repeats."""
    seen: Counter[tuple[str, str]] = Counter()
    out = []
    for ref in refs:
        if not ref.fingerprint:
            pair = (normalize(ref.claim), ref.url)
            ref = replace(ref, fingerprint=fingerprint(ref.claim, ref.url, seen[pair]))
            seen[pair] += 1
        out.append(ref)
    return out


def _stored_title(title: str) -> str:
    """An article title as the patrol stores it (Pywikibot's form): spaces, the first letter upper case."""
    title = " ".join(title.replace("_", " ").split())
    return title[:1].upper() + title[1:]


def _answer(
    ref: RefToCheck, title: str, source: _Read, verdict: Verdict, decision: Triage, cached: bool
) -> RefCheck:
    """The patrol's triage of one verdict (``decision``), in the card's words (what fails first:
    sidebot.queue.lead)."""
    support = Support.of(
        verdict.probability,
        verdict.every_part_probability,
        verdict.fact_note,
        verdict.failed_part,
        decision.flag_reason,
    )
    reason = queue_reason(decision.flag_reason, verdict.stance and str(verdict.stance))
    if decision.state == "passed":
        words = f"{PASSED_WORDS} · {support.words}"
    else:
        words = f"{decision.band or 'queued'} · {strip_figure(decision.flag_reason or '')}"
    return RefCheck(
        ref.claim,
        ref.url,
        decision.state,
        words,
        wording_of(
            support,
            [asdict(f) for f in verdict.facts],
            title,
            None,
            decision.flag_reason,
            verdict.failed_part,
        ).text,
        band=decision.band,
        reason=reason.label if reason else None,
        fact_note=verdict.fact_note,
        evidence=_evidence(verdict),
        source_title=source.title or ref.source_title or None,
        cached=cached,
    )


def _evidence(verdict: Verdict) -> str | None:
    """The best passage's evidence sentences, joined as the card's gadget view joins them."""
    passage = verdict.best_passage
    if passage is None:
        return None
    sentences = (passage.text[e.start : e.end].strip() for e in verdict.evidence)
    return " … ".join(s for s in sentences if s) or None
