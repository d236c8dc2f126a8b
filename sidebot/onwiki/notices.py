"""Talk-page notices (opt-in per wiki): one section per article per period, gathering its open findings
that no notice has reported yet.

Never twice for the same finding, also after a crash: each notice is recorded as *pending*, with its exact
text and a unique marker (an HTML comment in that text), and committed before the edit. A run that finds
pending notices (its predecessor died between the record and the wiki's answer) looks for the marker in the
bot's own revisions of the talk page since the notice was recorded: found, the notice is marked posted;
not found, the edit never happened and it is posted now, with the same text. A finding held by a pending
or posted notice is never put in another one.

Rate: at most ``max_per_run`` notices per run and ``max_per_day`` in any 24 hours (pending and posted
notices count), on top of the writer's own limits. A notice the wiki refuses (protection, abuse filter,
spam blacklist, captcha) or the talk page declines ({{nobots}}, {{bots|optout=…}}) is recorded with the
reason and not retried until the period is over; an edit conflict is retried next run. The findings stay
open in every case: the review queue does not depend on the talk page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from sidebot.citations.citations import NEEDS_SOURCE
from sidebot.config import OnwikiSettings
from sidebot.onwiki.exclusions import Exclusions
from sidebot.onwiki.reading import revisions_by
from sidebot.onwiki.writer import SaveOutcome, SaveStatus, WikiWriter, WritesStopped
from sidebot.queue import onwiki_records as records
from sidebot.queue.db import Database, Session
from sidebot.queue.models import FindingState, NoticeStatus, Run, TalkNotice, utcnow
from sidebot.queue.onwiki_records import OpenFinding
from sidebot.queue.runs import heartbeat
from sidebot.queue.support import queue_reason
from sidebot.wikitext import article_link, excerpt, external_link, inert, is_linkable

if TYPE_CHECKING:
    from pywikibot.site import APISite

# A pending notice is looked for in revisions from a little before it was recorded (clocks differ).
CLOCK_SLACK = timedelta(minutes=5)

STATUS_OF: dict[SaveStatus, NoticeStatus] = {
    SaveStatus.SAVED: NoticeStatus.POSTED,
    SaveStatus.CONFLICT: NoticeStatus.RETRY,
    SaveStatus.FAILED: NoticeStatus.FAILED,
    SaveStatus.REFUSED: NoticeStatus.REFUSED,
}


@dataclass(frozen=True, slots=True)
class PlannedNotice:
    """A talk-page notice to post: the article (its queue page row and title) and its open findings, least
    supported first."""

    page_id: int  # the queue's page row
    article: str
    findings: list[OpenFinding]


Report = Callable[[str | None, str], None]  # (page title or None, message): errors for the run's record


def plan_notices(
    session: Session, wiki_id: int, findings: Sequence[OpenFinding], settings: OnwikiSettings
) -> tuple[list[PlannedNotice], int]:
    """The notices to post now, worst article first, within the rate limits; and how many articles wait
    (for the limits) for a later run. ``findings`` are the open findings after the exclusion lists."""
    cfg = settings.notices
    held = records.noticed_finding_ids(session, [f.row.id for f in findings])
    by_page: dict[int, list[OpenFinding]] = {}
    for item in findings:
        if item.row.id not in held:
            by_page.setdefault(item.page_id, []).append(item)
    recent = records.pages_noticed_since(session, by_page, utcnow() - cfg.period)
    candidates = [
        PlannedNotice(page_id, items[0].row.article, items)
        for page_id, items in by_page.items()
        if page_id not in recent
    ]  # open_findings is least supported first, so the first article has the worst citation
    posted_today = records.notices_since(session, wiki_id, records.day_ago())
    budget = min(cfg.max_per_run, max(0, cfg.max_per_day - posted_today))
    return candidates[:budget], max(0, len(candidates) - budget)


def notice_text(notice: PlannedNotice, marker: str, settings: OnwikiSettings) -> str:
    """The section body: a marker, the article's flagged citations (inert excerpts), what to do, how to opt
    out, and the bot's signature."""
    cfg, rl = settings.notices, settings.review_list
    n = len(notice.findings)
    lines = [
        f"<!-- sidebot notice {marker} -->",
        f"[[{settings.doc_page}|sidebot]], a bot that compares citations with the sources they cite, found "
        f"{'a citation' if n == 1 else f'{n} citations'} in {article_link(notice.article)} whose source may "
        "not support the text it is cited for:",
    ]
    for item in notice.findings:
        f = item.row
        reason = queue_reason(f.flag_reason, f.stance)
        details = [inert(f.support)]
        if reason:
            details.append(f"listed because: {inert(reason.label)}")
        if rl.finding_url:
            details.append(external_link(rl.finding_url.format(id=f.id), "review"))
        source = (
            external_link(f.url, excerpt(f.source_title or f.url, cfg.source_chars))
            if f.url and is_linkable(f.url)
            else inert(f.url or f.source_title or "?", cfg.source_chars)
        )
        line = f"* “{inert(f.claim, cfg.claim_chars)}” — cited source: {source}"
        if details:
            line += f" ({'; '.join(details)})"
        lines.append(line)
    where = f" The bot's open findings are listed at [[{rl.title}]]." if rl.enabled and rl.title else ""
    lines.append(
        "\nPlease check whether the source supports the text, and fix the citation or tag it as needed. "
        f"The bot will not mention these citations here again.{where} To stop notices like this one on "
        f"this page, add <nowiki>{{{{bots|optout={cfg.message_type}}}}}</nowiki>. ~~~~"
    )
    return "\n".join(lines)


def reconcile_pending(
    db: Database,
    site: APISite,
    writer: WikiWriter,
    wiki_id: int,
    run_id: int,
    counts: Counter,
    report: Report,
) -> None:
    """Settle the pending notices a crashed run left: posted if the bot's revisions since show the marker,
    else posted now with the same text."""
    with db.session() as session:
        pending = [
            (n.id, n.talk_title, n.marker, n.created_at) for n in records.pending_notices(session, wiki_id)
        ]
    for notice_id, talk_title, marker, created_at in pending:
        revisions = revisions_by(site, talk_title, writer.username, created_at - CLOCK_SLACK)
        found = next((rev for rev, text in revisions if marker in text), None)
        if found is not None:
            with db.session() as session:
                records.settle(session.get_one(TalkNotice, notice_id), NoticeStatus.POSTED, found)
            counts["notices_reconciled"] += 1
            continue
        with db.session() as session:
            notice = session.get_one(TalkNotice, notice_id)
            heading, text = notice.section_title, notice.text
            still_open = any(item.finding.state == FindingState.OPEN for item in notice.items)
            if not still_open:  # closed while the notice waited: it would tell editors about nothing
                records.settle(notice, NoticeStatus.RETRY, error="its findings closed before it was posted")
                continue
        outcome = _post(writer, talk_title, heading, text, marker, writer.settings)
        _settle(db, notice_id, outcome, run_id, counts, report)
        counts["notices_reposted"] += outcome.status == SaveStatus.SAVED


def post_notices(
    db: Database,
    site: APISite,
    writer: WikiWriter,
    wiki_name: str,
    run_id: int,
    exclusions: Exclusions,
    counts: Counter,
    report: Report,
) -> None:
    """One notice run: settle what a crashed run left pending, then post the notices due now."""
    import pywikibot

    settings = writer.settings
    with db.session() as session:
        wiki_id = records.wiki_id(session, wiki_name)
    if wiki_id is None:
        return  # nothing patrolled on this wiki yet
    if not writer.simulate:
        reconcile_pending(db, site, writer, wiki_id, run_id, counts, report)
    with db.session() as session:
        every = records.open_findings(session, wiki_name)
        findings = [
            f
            for f in every
            if not exclusions.excludes(f.row.article, f.row.url) and f.row.kind != NEEDS_SOURCE
        ]  # a claim tagged {{citation needed}} is already marked on the article: no notice about it
        planned, waiting = plan_notices(session, wiki_id, findings, settings)
    counts["notices_waiting"] += waiting
    for notice in planned:
        talk = pywikibot.Page(site, notice.article).toggleTalkPage()
        if not talk.isTalkPage():  # the "article" was itself a talk page: never post on a subject page
            report(notice.article, "not a subject page: no talk notice")
            continue
        talk_title = talk.title()
        marker = records.new_marker()
        text = notice_text(notice, marker, settings)
        heading = settings.notices.section_title
        if writer.simulate:
            outcome = _post(writer, talk_title, heading, text, marker, settings)
            counts[f"notices_{outcome.status}"] += 1
            continue
        writer.ensure_running()  # before the record: a stopped bot leaves no intent behind
        with db.session() as session:  # the intent is committed before the edit
            notice_id = records.record_notice(
                session,
                wiki_id,
                notice.page_id,
                talk_title,
                heading,
                text,
                marker,
                [f.row.id for f in notice.findings],
                run_id,
            ).id
        try:
            outcome = _post(writer, talk_title, heading, text, marker, settings)
        except WritesStopped:  # stopped between the check and the edit: nothing was saved
            with db.session() as session:
                records.settle(
                    session.get_one(TalkNotice, notice_id), NoticeStatus.RETRY, error="writes stopped"
                )
            raise
        _settle(db, notice_id, outcome, run_id, counts, report)


def _post(
    writer: WikiWriter, talk_title: str, heading: str, text: str, marker: str, settings: OnwikiSettings
) -> SaveOutcome:
    summary = writer.summary(f"/* {heading} */ Bot: citations whose source may not support the text")
    return writer.add_section(talk_title, heading, text, summary, settings.notices.message_type, marker)


def _settle(
    db: Database, notice_id: int, outcome: SaveOutcome, run_id: int, counts: Counter, report: Report
) -> None:
    """Record the notice's outcome, and run ``run_id``'s counts with it: a run killed after this shows what
    it posted."""
    status = STATUS_OF.get(outcome.status)
    if status is None:  # UNCHANGED cannot happen for a new section; SIMULATED never reaches here
        raise AssertionError(f"unexpected outcome for a notice: {outcome}")
    counts[f"notices_{status}"] += 1
    with db.session() as session:
        records.settle(session.get_one(TalkNotice, notice_id), status, outcome.rev_id, outcome.reason)
        heartbeat(session.get_one(Run, run_id), counts)
    if status in (NoticeStatus.FAILED, NoticeStatus.RETRY):  # a refusal by {{bots}} is no error
        report(outcome.title, f"notice not posted ({status}): {outcome.reason}")
