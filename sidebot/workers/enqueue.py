"""Page sources feeding the workers: the pages a patrol would check become page jobs instead (the pages an
earlier check left citations of first), recorded as a run of the source's kind with what was enqueued."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import chain

from sidebot.config import Settings
from sidebot.patrol.loop import PatrolSummary, deferred_pages
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import RunStatus
from sidebot.queue.runs import add_error, finish_run, mark_interrupted, start_run
from sidebot.wiki.pages import PageRef
from sidebot.workers.jobs import PageQueue


def enqueue_pages(
    settings: Settings,
    db: Database,
    wiki_name: str,
    refs: Iterable[PageRef],
    kind: str,
    options: dict,
    on_page: Callable[[PageRef], None] | None = None,
    api_url: str = "",
    article_url: str = "",
) -> PatrolSummary:
    """Enqueue ``refs`` for the workers of ``wiki_name``; ``on_page`` after each (the recent-changes cursor
    moves on once a page is safely in the queue)."""
    counts: Counter = Counter()
    with db.session() as session:
        mark_interrupted(session)
        wiki = store.get_or_create_wiki(session, wiki_name, api_url, article_url)
        run = start_run(session, kind, wiki.id, options | {"enqueued_for_workers": True})
        run_id, wiki_id = run.id, wiki.id
    deferred = deferred_pages(db, wiki_id)
    resumed = {ref.title for ref in deferred}
    pages = chain(deferred, (ref for ref in refs if ref.title not in resumed))
    status = RunStatus.OK
    try:
        with PageQueue(settings, wiki_name) as queue:
            for ref in pages:
                counts["pages_seen"] += 1
                counts["pages_enqueued" if queue.enqueue(ref) else "pages_already_queued"] += 1
                if on_page:
                    on_page(ref)
    except BaseException as exc:
        status = RunStatus.INTERRUPTED if isinstance(exc, KeyboardInterrupt) else RunStatus.FAILED
        with db.session() as session:
            add_error(
                session.get_one(type(run), run_id), None, f"enqueueing stopped: {type(exc).__name__}: {exc}"
            )
            finish_run(session.get_one(type(run), run_id), counts, status)
        raise
    with db.session() as session:
        r = session.get_one(type(run), run_id)
        finish_run(r, counts, status)
        errors = list(r.errors)
    return PatrolSummary(run_id=run_id, status=status, counts=counts, errors=errors)
