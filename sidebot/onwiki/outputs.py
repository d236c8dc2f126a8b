"""One on-wiki update, recorded as a run of kind ``onwiki``: re-read the exclusion lists, rewrite the review
list and the count page where their text changed, post the talk notices that are due. Outputs a wiki's
config does not enable are skipped; with none enabled the run writes nothing.

The run's status says whether its writes were made: ``ok``; ``partial`` when some edits failed (a protected
page, an edit conflict…), ``failed`` when writing stopped (a read-only wiki, a blocked account, the stop page,
a wiki that is down). Both make ``sidebot runs --check`` exit 1. Nothing that was not written is lost: the
list is compared with the wiki's text again next run, and a notice that was not posted is tried again.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sidebot.config import ReviewListSettings, Settings
from sidebot.onwiki.exclusions import Exclusions, load_exclusions
from sidebot.onwiki.notices import Report, post_notices
from sidebot.onwiki.review_list import (
    ListHeader,
    render_count,
    render_pages,
    render_unused_page,
    review_sections,
)
from sidebot.onwiki.writer import SaveOutcome, SaveStatus, Show, WikiWriter, WritesStopped
from sidebot.queue import onwiki_records as records
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import Run, RunStatus
from sidebot.queue.priority import refresh_priorities
from sidebot.queue.runs import add_error, finish_run, mark_interrupted, start_run
from sidebot.wiki.page_facts import project_articles
from sidebot.wiki.site import WikiError, WikiUnavailableError

if TYPE_CHECKING:
    from sidebot.wiki.reader import PywikibotWiki

REVIEW_LIST = "review-list"
NOTICES = "notices"
PARTS = (REVIEW_LIST, NOTICES)
# Counts of writes that were not made: any of them makes the run "partial".
NOT_WRITTEN = ("pages_failed", "pages_conflict", "notices_failed", "notices_retry")

log = logging.getLogger(__name__)


@dataclass
class OutputsSummary:
    """An on-wiki outputs run: its run row, its status (``partial`` when any write in :data:`NOT_WRITTEN` was
    not made), its counts and its errors as recorded."""

    run_id: int
    status: str
    counts: Counter = field(default_factory=Counter)
    errors: list[dict] = field(default_factory=list)


def update_onwiki(
    settings: Settings,
    db: Database,
    wiki: PywikibotWiki,
    *,
    show: Show,
    simulate: bool | None = None,
    parts: Collection[str] = PARTS,
    writer: WikiWriter | None = None,
) -> OutputsSummary:
    """Update the enabled outputs among ``parts``; ``simulate`` (default: ``onwiki.simulate``) shows the
    exact wikitext through ``show`` instead of saving. ``writer``: the writer to edit with (default: a
    :class:`WikiWriter` for ``wiki`` and these settings). Failures are recorded in the run, never raised,
    except KeyboardInterrupt."""
    onwiki = settings.onwiki
    simulate = onwiki.simulate if simulate is None else simulate
    switched_on = {REVIEW_LIST: onwiki.review_list.enabled, NOTICES: onwiki.notices.enabled}
    enabled = [part for part in PARTS if part in parts and switched_on[part]]
    import pywikibot

    options = {
        "simulate": simulate,
        "outputs": enabled,
        # Pywikibot applies these to every save (user-config.py); recorded so each run shows its pace.
        "put_throttle": pywikibot.config.put_throttle,
        "write_maxlag": pywikibot.config.write_maxlag,
    }
    with db.session() as session:
        mark_interrupted(session)
        wiki_row = store.get_or_create_wiki(session, wiki.name, wiki.api_url, wiki.article_url)
        run_id = start_run(session, "onwiki", wiki_row.id, options).id
    counts: Counter = Counter()

    def report(page: str | None, message: str) -> None:
        with db.session() as session:
            add_error(session.get_one(Run, run_id), page, message)

    status = RunStatus.OK
    try:
        if enabled:
            exclusions = load_exclusions(wiki.site, onwiki.exclusions)
            if exclusions.invalid:
                report(None, f"exclusion list lines ignored (not entries): {list(exclusions.invalid[:10])}")
            writer = writer or WikiWriter(wiki.site, onwiki, simulate=simulate, show=show)
            if REVIEW_LIST in enabled:
                with db.session() as session:  # tags age: the lists' order is worked out again first
                    refresh_priorities(session, settings.priority)
                update_review_list(db, writer, wiki.name, exclusions, counts, report)
                update_project_lists(db, writer, wiki, exclusions, counts, report)
            if NOTICES in enabled:
                post_notices(db, wiki.site, writer, wiki.name, run_id, exclusions, counts, report)
    except WritesStopped as exc:
        status = RunStatus.FAILED
        report(None, f"writes stopped: {exc}")
    except WikiUnavailableError as exc:
        status = RunStatus.FAILED
        report(None, f"writes stopped: {exc}; what was not written is written by the next run")
    except KeyboardInterrupt:
        status = RunStatus.INTERRUPTED
        report(None, "run stopped: KeyboardInterrupt")
        raise
    except Exception as exc:  # recorded: a failed run is visible in `sidebot runs`
        log.exception("on-wiki update failed")
        status = RunStatus.FAILED
        report(None, f"run stopped: {type(exc).__name__}: {exc}")
    finally:
        if status == RunStatus.OK and any(counts[key] for key in NOT_WRITTEN):
            status = RunStatus.PARTIAL
        with db.session() as session:
            run = session.get_one(Run, run_id)
            finish_run(run, counts, status)
            errors = list(run.errors)
    return OutputsSummary(run_id, status, counts, errors)


def update_review_list(
    db: Database,
    writer: WikiWriter,
    wiki_name: str,
    exclusions: Exclusions,
    counts: Counter,
    report: Report,
) -> None:
    """Write the list's pages and the count page (only those whose text changed), and empty the subpages
    a shorter list no longer needs."""
    cfg = writer.settings.review_list
    with db.session() as session:
        every = records.open_findings(session, wiki_name)
    findings = [f for f in every if not exclusions.excludes(f.row.article, f.row.url)]
    listed = _write_list(writer, cfg, findings, counts, report)
    counts["findings_listed"] = min(listed, cfg.rows_per_page * cfg.max_pages)
    counts["findings_excluded"] = len(every) - len(findings)
    if cfg.count_title:
        count_summary = writer.summary(f"Bot: {listed} open findings")
        _count(writer.replace(cfg.count_title, render_count(listed), count_summary), counts, report)


def update_project_lists(
    db: Database,
    writer: WikiWriter,
    wiki: PywikibotWiki,
    exclusions: Exclusions,
    counts: Counter,
    report: Report,
) -> None:
    """One list per WikiProject that opted in (``[onwiki.review_list] projects``): the open findings on the
    articles whose talk page carries the project's banner, written as the main list is (no count page)."""
    cfg = writer.settings.review_list
    for project in cfg.projects:
        try:
            titles = project_articles(wiki.site, project, cfg.project_banner)
        except WikiError as exc:
            if isinstance(exc, WikiUnavailableError):
                raise
            report(None, f"WikiProject {project}: its articles could not be listed: {exc}")
            continue
        with db.session() as session:
            every = records.open_findings(session, wiki.name, titles)
        findings = [f for f in every if not exclusions.excludes(f.row.article, f.row.url)]
        title = cfg.project_title.format(title=cfg.title, project=project)
        own = cfg.model_copy(update={"title": title, "count_title": ""})
        counts["project_findings_listed"] += _write_list(writer, own, findings, counts, report)


def _write_list(
    writer: WikiWriter,
    cfg: ReviewListSettings,
    findings: list[records.OpenFinding],
    counts: Counter,
    report: Report,
) -> int:
    """Write one list's pages at ``cfg.title`` (only those whose text changed) and empty the subpages a
    shorter list no longer needs; returns how many findings it lists."""
    doc = writer.settings.doc_page
    sections = review_sections(findings, cfg)
    listed = sum(len(part.rows) for part in sections)
    header = ListHeader(doc, writer.settings.stop_page, writer.report_page())
    pages = render_pages(sections, cfg, header)
    summary = writer.summary(f"Bot: updating the review list ({listed} open findings)")
    for page in pages:
        _count(writer.replace(page.title, page.text, summary), counts, report)
    for number in range(len(pages) + 1, cfg.max_pages + 1):
        title = f"{cfg.title}/{number}"
        if not writer.read(title).exists:
            break
        unused = writer.summary("Bot: this page of the review list is not needed now")
        _count(writer.replace(title, render_unused_page(cfg, doc), unused), counts, report)
    return listed


def _count(outcome: SaveOutcome, counts: Counter, report: Report) -> None:
    counts[f"pages_{outcome.status}"] += 1
    if outcome.status in (SaveStatus.FAILED, SaveStatus.CONFLICT, SaveStatus.REFUSED):
        report(outcome.title, f"not saved ({outcome.status}): {outcome.reason}")
